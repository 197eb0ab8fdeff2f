package kayles

import (
	"flag"
	"fmt"
	"math/bits"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// checkMisereKaylesRule is the proof of the misère Kayles rule that misere_kayles.go states:
// it returns nil only if the rule, with the table t, satisfies the local condition of misère
// play at every position of the finite family that stands for all positions.
func checkMisereKaylesRule(t *misereQuotient) error {
	states := len(t.next)
	if states == 0 || states > 64 {
		return fmt.Errorf("%d states", states)
	}
	for q := range t.next {
		for j := range 8 {
			if int(t.next[q][j]) >= states {
				return fmt.Errorf("state %d column %d: no state %d", q, j, t.next[q][j])
			}
		}
	}
	// The empty position has no move, so the player to move wins.
	if t.lose&1 != 0 {
		return fmt.Errorf("the empty position is claimed lost")
	}
	// The order of rows does not matter: the table is commutative.
	for q := range states {
		for a := range 8 {
			for b := range 8 {
				if t.next[t.next[q][a]][b] != t.next[t.next[q][b]][a] {
					return fmt.Errorf("state %d: columns %d and %d do not commute", q, a, b)
				}
			}
		}
	}
	// Each exceptional row e satisfies e^(T+2) = e^T for a least T <= 2: a state depends on the
	// count c of e-rows only through min(c, T) and, beyond T, the parity of c - T.
	var top [8]int // the box: counts 0..T+3
	for j := range 8 {
		top[j] = -1
		for T := 0; T <= 2 && top[j] < 0; T++ {
			ok := true
			for q := range states {
				x, y := uint8(q), uint8(q)
				for range T {
					x = t.next[x][j]
				}
				for range T + 2 {
					y = t.next[y][j]
				}
				ok = ok && x == y
			}
			if ok {
				top[j] = T + 3
			}
		}
		if top[j] < 0 {
			return fmt.Errorf("column %d (rows of %d) does not become periodic", j, misereKaylesRows[j])
		}
	}
	// Walk the box: every count vector with c[j] <= top[j], in mixed radix.
	size := 1
	for _, m := range top {
		size *= m + 1
	}
	stride := [8]int{}
	for j, s := 0, 1; j < 8; j++ {
		stride[j], s = s, s*(top[j]+1)
	}
	state := make([]uint8, size)
	value := make([]int, size)
	type key struct {
		state   uint8
		value   int
		support uint8 // bit j: the position has a row of column j
	}
	seen := map[key]bool{}
	for x := range size {
		var c [8]int
		for j := range 8 {
			c[j] = x / stride[j] % (top[j] + 1)
		}
		// The state and value of c come from c less one row, already computed.
		j := slices.IndexFunc(c[:], func(n int) bool { return n > 0 })
		var support uint8
		for j, n := range c {
			if n > 0 {
				support |= 1 << j
			}
		}
		if j >= 0 {
			state[x] = t.next[state[x-stride[j]]][j]
			value[x] = value[x-stride[j]] ^ kaylesValue(misereKaylesRows[j])
		}
		seen[key{state[x], value[x], support}] = true
		// Exceptional rows only: the table's claim against the options of c.
		lost := t.lose>>state[x]&1 != 0
		found := false
		for j, n := range c {
			if n == 0 {
				continue
			}
			e := misereKaylesRows[j]
			rest := misereSummary{value: value[x] ^ kaylesValue(e), state: state[x-stride[j]]}
			for _, l := range kaylesOptions(e) {
				if t.loses(t.with(t.with(rest, l[0]), l[1])) {
					found = true
					if lost {
						return fmt.Errorf("counts %v are claimed lost but the move %d -> %v loses", c, e, l)
					}
				}
			}
		}
		if !lost && !found && x != 0 { // the empty position (x = 0) was checked above
			return fmt.Errorf("counts %v are claimed won but no move loses", c)
		}
	}
	// One ordinary row n <= 52 beside exceptional rows S: the claim is the normal outcome.
	// Moves in S keep the ordinary row; moves in n may leave exceptional rows only. S matters
	// only through its state, its value and which lengths it has.
	for n := 1; n <= 52; n++ {
		if misereKaylesColumn(n) >= 0 {
			continue
		}
		for k := range seen {
			lost := kaylesValue(n)^k.value == 0
			found := false
			s := misereSummary{value: k.value, state: k.state}
			for _, l := range kaylesOptions(n) {
				if t.loses(t.with(t.with(s, l[0]), l[1])) {
					found = true
					if lost {
						return fmt.Errorf("%d plus state %d is claimed lost but the move %d -> %v loses", n, k.state, n, l)
					}
				}
			}
			for j := range 8 {
				if k.support>>j&1 == 0 {
					continue
				}
				e := misereKaylesRows[j]
				for _, l := range kaylesOptions(e) {
					// The ordinary row stays, so the option loses when its value is 0.
					if kaylesValue(n)^k.value^kaylesValue(e)^kaylesValue(l[0])^kaylesValue(l[1]) == 0 {
						found = true
						if lost {
							return fmt.Errorf("%d plus state %d is claimed lost but the move %d -> %v loses", n, k.state, e, l)
						}
					}
				}
			}
			if !lost && !found {
				return fmt.Errorf("%d plus state %d, value %d, is claimed won but no move loses", n, k.state, k.value)
			}
		}
	}
	return nil
}

// TestMisereKaylesProof runs the proof of the rule on the shipped table.
func TestMisereKaylesProof(t *testing.T) {
	require.NoError(t, checkMisereKaylesRule(&misereKaylesQuotient))
}

// TestMisereKaylesProofFails shows that the proof can fail: every change to one entry of the
// table (to each of the other states), to one state's outcome, and every merge of two states
// makes it fail.
func TestMisereKaylesProofFails(t *testing.T) {
	orig := &misereKaylesQuotient
	for q := range orig.next {
		bad := misereQuotient{next: slices.Clone(orig.next), lose: orig.lose ^ 1<<q}
		assert.Error(t, checkMisereKaylesRule(&bad), "outcome of state %d flipped", q)
		for j := range 8 {
			for v := range len(orig.next) {
				if uint8(v) == orig.next[q][j] {
					continue
				}
				bad := misereQuotient{next: slices.Clone(orig.next), lose: orig.lose}
				bad.next[q][j] = uint8(v)
				assert.Error(t, checkMisereKaylesRule(&bad), "state %d column %d changed to %d", q, j, v)
			}
		}
		for b := q + 1; b < len(orig.next); b++ {
			bad := misereQuotient{next: slices.Clone(orig.next), lose: orig.lose}
			for r := range bad.next {
				for j := range 8 {
					if bad.next[r][j] == uint8(b) {
						bad.next[r][j] = uint8(q)
					}
				}
			}
			assert.Error(t, checkMisereKaylesRule(&bad), "states %d and %d merged", q, b)
		}
	}
}

// TestMisereKaylesState compares the state from counts with the state from adding the rows one
// by one, for every count vector with at most 6 rows of each length (in a sample).
func TestMisereKaylesState(t *testing.T) {
	tab := &misereKaylesQuotient
	for x := 0; x < 7*7*7*7*7*7*7*7; x += 97 {
		var c [8]int
		var q uint8
		for j, y := 0, x; j < 8; j, y = j+1, y/7 {
			c[j] = y % 7
			for range c[j] {
				q = tab.next[q][j]
			}
		}
		require.Equal(t, q, tab.state(c), "counts %v", c)
	}
}

// Review of misère Kayles: an independent brute force on pin bitmasks.

var misereKaylesLong = flag.Bool("misere.long", false, "check misère Kayles against the pin brute force for every position of up to 45 pins (slow)")

// pinRows packs rows of pins into one bit mask, each row a run of set bits, the rows one clear
// bit apart, longest row in the low bits. It is the canonical mask of a multiset of rows.
func pinRows(rows []int) uint64 {
	rows = slices.Clone(rows)
	slices.Sort(rows)
	var m uint64
	for _, r := range slices.Backward(rows) {
		if r > 0 {
			m = m<<(r+1) | (1<<r - 1)
		}
	}
	return m
}

// pinRuns returns the lengths of the runs of set bits in m.
func pinRuns(m uint64) []int {
	var rows []int
	for m != 0 {
		m >>= bits.TrailingZeros64(m)
		r := bits.TrailingZeros64(^m)
		rows = append(rows, r)
		m >>= r
	}
	return rows
}

// pinSearch solves misère Kayles on pin masks by brute force, sharing no code with the
// package: a move knocks down one standing pin or two adjacent standing pins, and the player
// who knocks down the last pin loses (the player to move in the empty position wins).
type pinSearch map[uint64]bool

// wins reports whether the player to move wins the canonical mask m.
func (s pinSearch) wins(m uint64) bool {
	if m == 0 {
		return true
	}
	if w, ok := s[m]; ok {
		return w
	}
	w := false
	for _, q := range pinOptions(m) {
		if !s.wins(q) {
			w = true
			break
		}
	}
	s[m] = w
	return w
}

// pinOptions returns the canonical masks of the positions one move leads to from m.
func pinOptions(m uint64) []uint64 {
	var out []uint64
	for i := range 64 {
		if m>>i&1 == 0 {
			continue
		}
		out = append(out, pinRows(pinRuns(m&^(1<<i))))
		if m>>(i+1)&1 != 0 {
			out = append(out, pinRows(pinRuns(m&^(3<<i))))
		}
	}
	return out
}

// pinPartitions calls f with every multiset of rows of at most n pins in all.
func pinPartitions(n int, f func(rows []int)) {
	var rows []int
	var rec func(largest, left int)
	rec = func(largest, left int) {
		f(rows)
		for r := min(largest, left); r >= 1; r-- {
			rows = append(rows, r)
			rec(r, left-r)
			rows = rows[:len(rows)-1]
		}
	}
	rec(n, n)
}

// checkMisereKaylesPins compares the outcome and the winning moves of the rows with the pin
// brute force; the winning moves are compared by the positions they lead to.
func checkMisereKaylesPins(t *testing.T, s pinSearch, rows []int) bool {
	m := pinRows(rows)
	p := MustNewPosition(rows...)
	if !assert.Equal(t, outcomeOf(s.wins(m)), MisereKaylesOutcome(p), "rows %v", rows) {
		return false
	}
	want := map[uint64]bool{}
	for _, q := range pinOptions(m) {
		if !s.wins(q) {
			want[q] = true
		}
	}
	got := map[uint64]bool{}
	for mv := range must(Kayles.MisereWinningMoves(ctx, p)) {
		q, err := Kayles.Play(p, mv)
		require.NoError(t, err)
		got[pinRows(slices.Collect(q.All()))] = true
	}
	return assert.Equal(t, want, got, "rows %v", rows)
}

// TestMisereKaylesPins checks the Sibert–Conway rule and its winning moves against the pin
// brute force for every position of up to 30 pins (45 with -misere.long, as far as pins and
// the gaps between rows fit in 64 bits), and for random
// positions of up to 44 pins with rows of 26 to 40.
func TestMisereKaylesPins(t *testing.T) {
	n := 30
	if *misereKaylesLong {
		n = 45
	}
	s := pinSearch{}
	count, skipped := 0, 0
	pinPartitions(n, func(rows []int) {
		pins := 0
		for _, r := range rows {
			pins += r
		}
		if pins+len(rows)-1 > 64 { // the mask does not fit; its options would not either
			skipped++
			return
		}
		if !t.Failed() {
			checkMisereKaylesPins(t, s, rows)
			count++
		}
	})
	if n == 30 {
		assert.Equal(t, 28629, count, "positions checked")
	}
	t.Logf("%d positions checked, %d with more than 64 pins and gaps skipped", count, skipped)
	const randomPins = 44
	rng := rand.New(rand.NewPCG(4, 1992))
	for range 40 {
		rows := []int{26 + rng.IntN(15)}
		for sum := rows[0]; ; {
			r := []int{1, 4, 5, 9, 12, 17, 20, 25, 2, 3, 6, 7, 8}[rng.IntN(13)]
			if sum+r > randomPins {
				break
			}
			rows, sum = append(rows, r), sum+r
		}
		if !checkMisereKaylesPins(t, s, rows) {
			return
		}
	}
}

// misereClasses returns the number of classes of states of t that no rows added tell apart
// (Moore's refinement: first by outcome, then by the classes each row leads to).
func misereClasses(t *misereQuotient) int {
	n := len(t.next)
	class := make([]int, n)
	for q := range n {
		class[q] = int(t.lose >> q & 1)
	}
	for count := 0; ; {
		ids := map[[9]int]int{}
		next := make([]int, n)
		for q := range n {
			k := [9]int{class[q]}
			for j, r := range t.next[q] {
				k[j+1] = class[r]
			}
			if _, ok := ids[k]; !ok {
				ids[k] = len(ids)
			}
			next[q] = ids[k]
		}
		class = next
		if len(ids) == count {
			return count
		}
		count = len(ids)
	}
}

// TestMisereKaylesStatesDistinct checks what the doc of misere_kayles.go says of the 28 states:
// each is reached from the empty position, and no two are alike, that is, for every two states
// some exceptional rows added to both leave one lost and the other won.
func TestMisereKaylesStatesDistinct(t *testing.T) {
	tab := &misereKaylesQuotient
	reached := map[uint8]bool{0: true}
	for queue := []uint8{0}; len(queue) > 0; queue = queue[1:] {
		for _, r := range tab.next[queue[0]] {
			if !reached[r] {
				reached[r] = true
				queue = append(queue, r)
			}
		}
	}
	assert.Len(t, reached, len(tab.next), "states reached from the empty position")
	assert.Equal(t, len(tab.next), misereClasses(tab))
	// A copy of state 27 under another number is alike to it, and the count shows it.
	twin := misereQuotient{next: append(slices.Clone(tab.next), tab.next[27]), lose: tab.lose}
	twin.next[20][0] = 28 // was 27
	assert.Equal(t, len(tab.next), misereClasses(&twin))
}

// TestMisereKaylesLongRowMoves checks every winning move, not only the first, in positions
// with an ordinary row of 53 pins or more, beside exceptional and ordinary rows: every
// option keeps an ordinary row, so the misère winning moves are the normal-play ones, in the
// same order. Rows above 166 pins take the path that passes over rows by their option values.
func TestMisereKaylesLongRowMoves(t *testing.T) {
	rng := rand.New(rand.NewPCG(53, 166))
	for i := range 300 {
		rows := []int{53 + rng.IntN(350)}
		if i%50 == 0 {
			rows[0] = 100_000 + rng.IntN(12)
		}
		for range rng.IntN(5) {
			rows = append(rows, []int{1, 4, 5, 9, 12, 17, 20, 25, 2, 3, 7, 30, 60, 170, 171}[rng.IntN(15)])
		}
		p := MustNewPosition(rows...)
		want := slices.Collect(must(Kayles.WinningMoves(ctx, p)))
		got := slices.Collect(must(Kayles.MisereWinningMoves(ctx, p)))
		if !assert.Equal(t, want, got, "rows %v", rows) {
			return
		}
	}
}
