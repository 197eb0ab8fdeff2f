package kayles_test

import (
	"context"
	"iter"
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/octalgames/kayles"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// nimSpellings returns Octals that must all use Nim's closed form, or Lasker's Nim's: the
// package values and the same rules written otherwise.
func nimSpellings(t *testing.T, lasker bool) []*kayles.Octal {
	t.Helper()
	if lasker {
		return []*kayles.Octal{kayles.LaskersNim, kayles.MustParseOctal("4.3[3]"), kayles.MustParseOctal("4.[33]")}
	}
	all, err := kayles.NewAllButSubtraction()
	require.NoError(t, err)
	return []*kayles.Octal{kayles.Nim, kayles.MustParseOctal("0.3[3]"), kayles.MustParseOctal("0.33[33]"), all}
}

// bruteNimValues returns G(0..n-1) of Nim, or of Lasker's Nim when split is true, by the
// definition: the mex of the values of the options, listed one by one.
func bruteNimValues(n int, split bool) []int {
	g := make([]int, n)
	for m := range n {
		seen := map[int]bool{}
		for y := range m { // take m-y tokens, leaving y
			seen[g[y]] = true
		}
		for a := 1; split && 2*a <= m; a++ {
			seen[g[a]^g[m-a]] = true
		}
		for seen[g[m]] {
			g[m]++
		}
	}
	return g
}

// laskersNimFormula is the closed form of Winning Ways, ch. 4: G(0) = 0, G(4k+1) = 4k+1,
// G(4k+2) = 4k+2, G(4k+3) = 4k+4, G(4k+4) = 4k+3, as the package writes it for the winning
// moves. TestNimClosedFormValues checks it against brute force; the other tests check the
// engine's values, which come from the proven period, against it.
var laskersNimFormula = kayles.LaskersNimValue

// TestNimClosedFormValues checks the values of every spelling of Nim and Lasker's Nim against
// the definition, the general engine and the published formulas, and the proven periods
// against the least arithmetic period that the general engine's values show.
func TestNimClosedFormValues(t *testing.T) {
	for _, c := range []struct {
		lasker bool
		n      int
		period kayles.Period
	}{
		{false, 400, kayles.Period{Preperiod: 0, Period: 1, Saltus: 1, Proven: true}},
		{true, 200, kayles.Period{Preperiod: 1, Period: 4, Saltus: 4, Proven: true}},
	} {
		brute := bruteNimValues(c.n, c.lasker)
		for n, v := range brute {
			want := n
			if c.lasker {
				want = laskersNimFormula(n)
			}
			require.Equal(t, want, v, "the formula at %d (lasker %v)", n, c.lasker)
		}
		for _, o := range nimSpellings(t, c.lasker) {
			general := kayles.ReferenceValues(o, c.n)
			assert.Equal(t, brute, general, "%s: the general engine", o)
			vals, err := o.Values(ctx, c.n)
			require.NoError(t, err)
			assert.Equal(t, brute, vals, "%s: Values", o)
			for n := range c.n {
				assert.Equal(t, brute[n], must(o.Grundy(ctx, n)), "%s: Grundy(%d)", o, n)
			}
			for _, limit := range []int{0, 1, 1 << 20} {
				p, ok := must2(o.Period(ctx, limit))
				require.True(t, ok, "%s: Period(%d)", o, limit)
				assert.Equal(t, c.period, p, "%s: Period(%d)", o, limit)
				p, ok = must2(o.ApparentPeriod(ctx, limit))
				require.True(t, ok, "%s: ApparentPeriod(%d)", o, limit)
				assert.Equal(t, c.period, p, "%s: ApparentPeriod(%d)", o, limit)
			}
			_, err = o.Value(ctx, kayles.MustNewPosition(c.n, 1<<40, math.MaxInt-1))
			require.NoError(t, err)
		}
		// The proven period is the least that describes the values.
		g := make([]uint16, c.n)
		for i, v := range brute {
			g[i] = uint16(v)
		}
		p, ok := kayles.FindApparent(g)
		require.True(t, ok)
		want := c.period
		want.Proven = false
		assert.Equal(t, want, p, "the least arithmetic period of the values (lasker %v)", c.lasker)
		if n0 := c.period.Preperiod; n0 > 0 {
			assert.NotEqual(t, brute[n0-1]+c.period.Saltus, brute[n0-1+c.period.Period], "the preperiod is least")
		}
	}
	assert.Equal(t, "preperiod 0, period 1, saltus 1", mustPeriod(t, kayles.Nim).String())
	assert.Equal(t, "preperiod 1, period 4, saltus 4", mustPeriod(t, kayles.LaskersNim).String())
}

func mustPeriod(t *testing.T, o *kayles.Octal) kayles.Period {
	t.Helper()
	p, ok := must2(o.Period(ctx, 0))
	require.True(t, ok)
	return p
}

// TestNimClosedFormLargeHeaps checks values far beyond the engine's 65535 and its automatic
// limit, up to the largest int, and the one heap whose value does not fit an int.
func TestNimClosedFormLargeHeaps(t *testing.T) {
	for _, n := range []int{65535, 65536, 1 << 20, 5000, 1<<40 + 3, 1<<62 + 4, math.MaxInt - 1, math.MaxInt} {
		assert.Equal(t, n, must(kayles.Nim.Grundy(ctx, n)), "Nim G(%d)", n)
		if n < math.MaxInt {
			assert.Equal(t, laskersNimFormula(n), must(kayles.LaskersNim.Grundy(ctx, n)), "Lasker's Nim G(%d)", n)
		}
	}
	p := kayles.MustNewPosition(1<<40, 1<<40+3, 7)
	assert.Equal(t, (1<<40)^(1<<40+3)^7, must(kayles.Nim.Value(ctx, p)))
	assert.Equal(t, (1<<40-1)^(1<<40+4)^8, must(kayles.LaskersNim.Value(ctx, p)))
	assert.Equal(t, math.MaxInt, must(kayles.Nim.Value(ctx, kayles.MustNewPosition(math.MaxInt))))

	// G(math.MaxInt) = math.MaxInt+1 in Lasker's Nim: an error, not a wrong value.
	_, err := kayles.LaskersNim.Value(ctx, kayles.MustNewPosition(3, math.MaxInt))
	require.ErrorIs(t, err, kayles.ErrRange)
	var re *kayles.RangeError
	require.ErrorAs(t, err, &re)
	assert.Equal(t, math.MaxInt, re.Value)
	_, err = kayles.LaskersNim.Grundy(ctx, math.MaxInt)
	require.ErrorIs(t, err, kayles.ErrRange)
	_, err = kayles.LaskersNim.WinningMoves(ctx, kayles.MustNewPosition(3, math.MaxInt))
	require.ErrorIs(t, err, kayles.ErrRange)

	vals, err := kayles.Nim.Values(ctx, 1<<16+10)
	require.NoError(t, err)
	assert.Equal(t, 1<<16+9, vals[len(vals)-1])
	vals, err = kayles.LaskersNim.Values(ctx, 1<<16+10)
	require.NoError(t, err)
	for _, n := range []int{1<<16 - 1, 1 << 16, 1<<16 + 3, 1<<16 + 4, 1<<16 + 9} {
		assert.Equal(t, laskersNimFormula(n), vals[n], "Lasker's Nim Values at %d", n)
	}
	_, err = kayles.Nim.Values(ctx, kayles.MaxValues+1)
	require.ErrorIs(t, err, kayles.ErrTooLarge)

	r, err := kayles.MustParseOctal("0.3[3]").Run(context.Background(), kayles.RunOptions{Limit: 1000})
	require.NoError(t, err)
	assert.Equal(t, kayles.Period{Preperiod: 0, Period: 1, Saltus: 1, Proven: true}, r.Period)
}

// partitions calls f with every position of exactly n tokens.
func partitions(n int, f func(kayles.Position)) {
	var rec func(rest, most int, hs []int)
	rec = func(rest, most int, hs []int) {
		if rest == 0 {
			f(kayles.MustNewPosition(hs...))
			return
		}
		for h := min(rest, most); h >= 1; h-- {
			rec(rest-h, h, append(hs, h))
		}
	}
	rec(n, n, nil)
}

// TestNimPositionsAgainstSearch checks, on every position of up to 14 tokens, the closed forms
// of Nim and Lasker's Nim against a game-tree search that knows no values: outcomes, values
// against the general engine, and the exact lists of winning moves in normal play, and for
// Nim in misère play too (also against the memoised misère search).
func TestNimPositionsAgainstSearch(t *testing.T) {
	const most = 14
	for _, o := range []*kayles.Octal{kayles.Nim, kayles.LaskersNim} {
		general := kayles.ReferenceValues(o, most+1)
		memo := map[[2]any]bool{}
		var lost func(p kayles.Position, misere bool) bool
		lost = func(p kayles.Position, misere bool) bool {
			key := [2]any{p, misere}
			if l, ok := memo[key]; ok {
				return l
			}
			l, moved := true, false
			for m := range o.Moves(p) {
				moved = true
				q, err := o.Play(p, m)
				require.NoError(t, err)
				if lost(q, misere) {
					l = false
					break
				}
			}
			if !moved {
				l = !misere
			}
			memo[key] = l
			return l
		}
		outcome := func(l bool) kayles.Outcome {
			if l {
				return kayles.Previous
			}
			return kayles.Next
		}
		count := 0
		for n := 0; n <= most; n++ {
			partitions(n, func(p kayles.Position) {
				count++
				v := 0
				for h := range p.All() {
					v ^= general[h]
				}
				assert.Equal(t, v, must(o.Value(ctx, p)), "%s: Value(%v)", o, p)
				assert.Equal(t, outcome(lost(p, false)), must(o.Outcome(ctx, p)), "%s: Outcome(%v)", o, p)
				var want []kayles.Move
				for m := range o.Moves(p) {
					if q, _ := o.Play(p, m); lost(q, false) {
						want = append(want, m)
					}
				}
				assert.Equal(t, want, slices.Collect(must(o.WinningMoves(ctx, p))), "%s: WinningMoves(%v)", o, p)
				if o != kayles.Nim {
					return
				}
				assert.Equal(t, outcome(lost(p, true)), must(o.MisereOutcome(ctx, p)), "%s: MisereOutcome(%v)", o, p)
				assert.Equal(t, !lost(p, true), kayles.MisereSearchWins(o, p), "%s: the misère search at %v", o, p)
				want = nil
				for m := range o.Moves(p) {
					if q, _ := o.Play(p, m); lost(q, true) {
						want = append(want, m)
					}
				}
				assert.Equal(t, want, slices.Collect(must(o.MisereWinningMoves(ctx, p))), "%s: MisereWinningMoves(%v)", o, p)
				m, ok := must2(o.MisereWinningMove(ctx, p))
				assert.Equal(t, len(want) > 0, ok)
				if ok {
					assert.Equal(t, want[0], m)
				}
			})
		}
		assert.Equal(t, 508, count, "positions of 0 to 14 tokens")
	}
}

// nimRuleLoses is the rule of Nim for the player to move, from scratch: in normal play the
// nim-sum is 0; in misère play some heap holds more than 1 and the nim-sum is 0, or every heap
// holds at most 1 and the nim-sum is 1.
func nimRuleLoses(hs []int, misere bool) bool {
	x, big := 0, false
	for _, h := range hs {
		x ^= h
		big = big || h > 1
	}
	if misere && !big {
		return x == 1
	}
	return x == 0
}

// nimRuleWinningMoves lists every move of p to a lost position by trying every move, each
// checked by nimRuleLoses from scratch, in the order of Moves.
func nimRuleWinningMoves(p kayles.Position, misere bool) []kayles.Move {
	hs := p.Heaps()
	var want []kayles.Move
	for i, h := range hs {
		if i > 0 && hs[i-1] == h {
			continue
		}
		for y := h - 1; y >= 0; y-- {
			after := slices.Clone(hs)
			after[i] = y
			if nimRuleLoses(after, misere) {
				m := kayles.Move{Heap: h, Take: h - y}
				if y > 0 {
					m.Left = []int{y}
				}
				want = append(want, m)
			}
		}
	}
	return want
}

// TestNimWinningMovesAgainstEveryMove checks that the closed forms, which look at one or two
// candidates per heap, find exactly the winning moves that trying every move finds, on every
// position of up to three heaps of up to 40 tokens.
func TestNimWinningMovesAgainstEveryMove(t *testing.T) {
	for a := 0; a <= 40; a++ {
		for b := a; b <= 40; b++ {
			for c := b; c <= 40; c++ {
				p := kayles.MustNewPosition(a, b, c)
				for _, misere := range []bool{false, true} {
					want := nimRuleWinningMoves(p, misere)
					got := must(kayles.Nim.WinningMoves(ctx, p))
					outcome := must(kayles.Nim.Outcome(ctx, p))
					if misere {
						got = must(kayles.Nim.MisereWinningMoves(ctx, p))
						outcome = must(kayles.Nim.MisereOutcome(ctx, p))
					}
					require.Equal(t, want, slices.Collect(got), "misere %v, %v", misere, p)
					assert.Equal(t, nimRuleLoses(p.Heaps(), misere), outcome == kayles.Previous, "misere %v, %v", misere, p)
				}
			}
		}
	}
}

// TestNimLargeHeaps checks the winning moves of Nim and Lasker's Nim in positions with heaps
// far beyond any search: every move yielded is legal and wins, and there is one exactly when
// the position is won.
func TestNimLargeHeaps(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 7))
	for range 300 {
		var hs []int
		for range 1 + rng.IntN(5) {
			switch rng.IntN(3) {
			case 0:
				hs = append(hs, rng.IntN(3))
			case 1:
				hs = append(hs, rng.IntN(1<<20))
			default:
				hs = append(hs, rng.IntN(1<<50))
			}
		}
		if rng.IntN(3) == 0 { // a lost position in normal play, often
			x := 0
			for _, h := range hs {
				x ^= h
			}
			hs = append(hs, x)
		}
		p := kayles.MustNewPosition(hs...)
		for _, misere := range []bool{false, true} {
			outcome, moves := must(kayles.Nim.Outcome(ctx, p)), must(kayles.Nim.WinningMoves(ctx, p))
			if misere {
				outcome, moves = must(kayles.Nim.MisereOutcome(ctx, p)), must(kayles.Nim.MisereWinningMoves(ctx, p))
			}
			assert.Equal(t, nimRuleLoses(p.Heaps(), misere), outcome == kayles.Previous, "misere %v, %v", misere, p)
			n := 0
			for m := range moves {
				n++
				q, err := kayles.Nim.Play(p, m)
				require.NoError(t, err, "misere %v, %v: %v", misere, p, m)
				assert.True(t, nimRuleLoses(q.Heaps(), misere), "misere %v, %v: %v does not win", misere, p, m)
			}
			assert.Equal(t, outcome == kayles.Next && p != (kayles.Position{}), n > 0, "misere %v, %v", misere, p)
			assert.LessOrEqual(t, n, 2*p.Len(), "at most two winning moves a heap")
		}
		// Lasker's Nim: the first winning move comes at once, however large the heaps.
		if v := must(kayles.LaskersNim.Value(ctx, p)); v != 0 {
			m, ok := must2(kayles.LaskersNim.WinningMove(ctx, p))
			require.True(t, ok, "Lasker's Nim %v", p)
			q, err := kayles.LaskersNim.Play(p, m)
			require.NoError(t, err)
			assert.Equal(t, 0, must(kayles.LaskersNim.Value(ctx, q)), "Lasker's Nim %v: %v", p, m)
		} else {
			_, ok := must2(kayles.LaskersNim.WinningMove(ctx, p))
			assert.False(t, ok)
		}
	}
	// The textbook cases of misère Nim.
	for _, c := range []struct {
		heaps []int
		want  kayles.Outcome
	}{
		{nil, kayles.Next}, {[]int{1}, kayles.Previous}, {[]int{1, 1}, kayles.Next},
		{[]int{1, 1, 1}, kayles.Previous}, {[]int{1, 3, 5, 7}, kayles.Previous},
		{[]int{2, 2}, kayles.Previous}, {[]int{1 << 60}, kayles.Next}, {[]int{1 << 60, 1 << 60}, kayles.Previous},
	} {
		assert.Equal(t, c.want, must(kayles.Nim.MisereOutcome(ctx, kayles.MustNewPosition(c.heaps...))), "%v", c.heaps)
	}
	m, ok := must2(kayles.Nim.MisereWinningMove(ctx, kayles.MustNewPosition(1<<60)))
	require.True(t, ok)
	assert.Equal(t, kayles.Move{Heap: 1 << 60, Take: 1<<60 - 1, Left: []int{1}}, m, "leave one token for the opponent")
}

// TestNimMovesOwnTheirLeft checks that the moves of one iterator, whose Left slices share a
// block, do not share them in a way a caller could notice: appending to one move's Left or
// writing into it leaves every other move as it was.
func TestNimMovesOwnTheirLeft(t *testing.T) {
	p := kayles.MustNewPosition(33, 34, 35, 36, 37, 38, 39, 40, 41, 42, 43, 44, 45, 46, 47, 48, 50) // many heaps share the top bit of the nim-sum
	for _, moves := range []func(context.Context, kayles.Position) (iter.Seq[kayles.Move], error){
		kayles.Nim.WinningMoves, kayles.Nim.MisereWinningMoves,
	} {
		var ms []kayles.Move
		for m := range must(moves(ctx, p)) {
			if len(m.Left) > 0 {
				ms = append(ms, m)
			}
		}
		require.Greater(t, len(ms), 2)
		want := make([]int, len(ms))
		for i, m := range ms {
			want[i] = m.Left[0]
			assert.Equal(t, []int{m.Heap - m.Take}, m.Left)
		}
		for i := 0; i < len(ms); i += 2 {
			ms[i].Left[0] = -1
			_ = append(ms[i].Left, -2)
		}
		for i := 1; i < len(ms); i += 2 {
			assert.Equal(t, []int{want[i]}, ms[i].Left, "move %d", i)
		}
	}
}

// TestNimClosedFormConcurrent has goroutines ask a fresh Octal with Lasker's Nim's code for
// values, periods and moves at once, while its first load publishes the closed form; run with
// -race.
func TestNimClosedFormConcurrent(t *testing.T) {
	o := kayles.MustParseOctal("4.[3]")
	done := make(chan [3]any)
	for g := range 8 {
		go func() {
			n := 1<<40 + g
			p, _ := must2(o.Period(ctx, 0))
			vals, err := o.Values(ctx, 64)
			done <- [3]any{must(o.Grundy(ctx, n)) == laskersNimFormula(n) && err == nil && vals[63] == laskersNimFormula(63), p, n}
		}()
	}
	for range 8 {
		r := <-done
		assert.Equal(t, true, r[0], "G(%d)", r[2])
		assert.Equal(t, kayles.Period{Preperiod: 1, Period: 4, Saltus: 4, Proven: true}, r[1])
	}
}

// TestLaskersNimSplits checks the splits that Lasker's Nim's winning moves solve for against
// trying every split, for every heap up to 200 and every target value below 512; and on heaps
// up to 2^50 with small targets (few splits), that the splits found are exactly the ones, in
// increasing order, including one made on purpose.
func TestLaskersNimSplits(t *testing.T) {
	for h := 0; h <= 200; h++ {
		for v := range 512 {
			var want []int
			for a := 1; 2*a <= h; a++ {
				if laskersNimFormula(a)^laskersNimFormula(h-a) == v {
					want = append(want, a)
				}
			}
			if got := kayles.LaskersNimSplits(h, v, math.MaxInt); !slices.Equal(want, got) {
				require.Equal(t, want, got, "h=%d t=%d", h, v)
			}
		}
	}
	rng := rand.New(rand.NewPCG(5, 6))
	for range 2000 {
		a0, v := 1+rng.IntN(1<<49), rng.IntN(64)
		b0 := laskersNimFormula(laskersNimFormula(a0) ^ v) // G(b0) = G(a0) ⊕ v
		if b0 == 0 {
			continue
		}
		h := a0 + b0
		as := kayles.LaskersNimSplits(h, v, 1000)
		require.Less(t, len(as), 1000, "h=%d t=%d: a small target has few splits", h, v)
		for i, a := range as {
			require.True(t, a >= 1 && 2*a <= h, "h=%d t=%d: %d", h, v, a)
			require.Equal(t, v, laskersNimFormula(a)^laskersNimFormula(h-a), "h=%d t=%d: %d", h, v, a)
			if i > 0 {
				require.Less(t, as[i-1], a)
			}
		}
		assert.Contains(t, as, min(a0, b0), "h=%d t=%d", h, v)
		assert.Equal(t, as[:min(len(as), 3)], kayles.LaskersNimSplits(h, v, 3), "h=%d t=%d: stopping early", h, v)
	}
}
