package kayles

import (
	"fmt"
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
			value[x] = value[x-stride[j]] ^ K(uint64(misereKaylesRows[j]))
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
			rest := misereSummary{value: value[x] ^ K(uint64(e)), state: state[x-stride[j]]}
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
			lost := K(uint64(n))^k.value == 0
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
					if K(uint64(n))^k.value^K(uint64(e))^K(uint64(l[0]))^K(uint64(l[1])) == 0 {
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
// table, or to one state's outcome, makes it fail.
func TestMisereKaylesProofFails(t *testing.T) {
	orig := &misereKaylesQuotient
	for q := range orig.next {
		bad := misereQuotient{next: slices.Clone(orig.next), lose: orig.lose ^ 1<<q}
		assert.Error(t, checkMisereKaylesRule(&bad), "outcome of state %d flipped", q)
		for j := range 8 {
			bad := misereQuotient{next: slices.Clone(orig.next), lose: orig.lose}
			bad.next[q][j] = uint8((int(bad.next[q][j]) + 1 + q + j) % len(bad.next))
			if bad.next[q][j] == orig.next[q][j] {
				bad.next[q][j] = uint8((int(bad.next[q][j]) + 1) % len(bad.next))
			}
			assert.Error(t, checkMisereKaylesRule(&bad), "state %d column %d changed", q, j)
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
