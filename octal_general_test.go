package kayles_test

import (
	"context"
	"errors"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/octalgames/kayles"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestTakeAndBreakNotation(t *testing.T) {
	for in, want := range map[string]string{
		"0.[3]":      "0.[3]",
		"0.3[3]":     "0.[3]",
		"0.[33]":     "0.[3]",
		"0.33[33]":   "0.[3]",
		"4.[3]":      "4.[3]",
		"0.7[0]":     "0.7",
		"0.[37]":     "0.[37]",
		"0.3[73]":    "0.[37]",
		"0.1[3]":     "0.1[3]",
		"4!.":        "4!.0",
		"4?.0":       "4?.0",
		"8!.":        "8!.0",
		"0.4=":       "0.4=",
		"0.{2,3}":    "0.C",
		"0.{1,2+}":   "0.{1+}",
		"0.{3,2+}":   "0.{2+}",
		"0.{0+}":     "0.{0,1+}",
		"0.&127;":    "0.&127;",
		"0.&31;":     "0.V",
		"0.&#31;":    "0.V",
		"0.&#x10;":   "0.G",
		"0.v":        "0.V",
		"{2+}.":      "{2+}.0",
		"0.{1,3+}!7": "0.{1,3+}!7",
		"0.g":        "0.G",
	} {
		o, err := kayles.ParseOctal(in)
		require.NoError(t, err, in)
		assert.Equal(t, want, o.String(), in)
		again, err := kayles.ParseOctal(o.String())
		require.NoError(t, err, in)
		assert.Equal(t, want, again.String(), in)
	}
	assert.Nil(t, kayles.Nim.Digits(), "no plain digits for a code with a tail")
	assert.Nil(t, kayles.GrundysGame.Digits())
	assert.Equal(t, []int{0, 16}, kayles.MustParseOctal("0.G").Digits())
}

func TestTakeAndBreakNotationErrors(t *testing.T) {
	for _, c := range []struct {
		in     string
		offset int
		msg    string
	}{
		{"0.[", 3, "missing ']'"},
		{"0.[]", 3, "empty brackets"},
		{"0.[3]7", 4, "brackets hold the repeating digits at the end"},
		{"[3].0", 0, "unexpected '['"},
		{"0.[3][3]", 4, "brackets hold the repeating digits at the end"},
		{"0.&;", 3, "bad digit value"},
		{"0.&12", 2, "without its closing ';'"},
		{"0.&99999999999999999999;", 3, "bad digit value"},
		{"0.{", 2, "without its closing '}'"},
		{"0.{x}", 3, "bad heap count"},
		{"0.{64}", 3, "bad heap count"},
		{"0.{2,+}", 5, "bad heap count"},
		{"0.3!", 3, "never leaves two or more heaps"},
		{"0.7!!", 4, "bad digit '!'"},
		{"{1+}.0", 0, "fewer than two heaps"},
		{"0..7", 2, "a second point"},
		{"!.7", 0, "bad digit '!'"},
	} {
		_, err := kayles.ParseOctal(c.in)
		require.ErrorIs(t, err, kayles.ErrSyntax, c.in)
		var pe *kayles.ParseError
		require.ErrorAs(t, err, &pe)
		assert.Equal(t, c.offset, pe.Offset, c.in)
		assert.Contains(t, pe.Reason, c.msg, c.in)
	}
}

// referenceOptions calls visit with every option of a heap of h straight from the rules: every
// ordered tuple of non-empty heaps left, duplicates and all, checked against the digit's rule
// as a multiset.
func referenceOptions(o *kayles.Octal, h int, visit func(left []int)) {
	for i := 0; i <= h; i++ {
		m := h - i
		for k := 0; k <= m; k++ {
			ok, rule := kayles.DigitAllows(o, i, k)
			if !ok || (k < 2 && i == 0) || (k == 0 && m != 0) {
				continue
			}
			var walk func(left []int, remain int)
			walk = func(left []int, remain int) {
				if len(left) == k {
					if remain == 0 && fitsRule(left, rule) {
						visit(left)
					}
					return
				}
				for a := 1; a <= remain; a++ {
					walk(append(left, a), remain-a)
				}
			}
			walk(nil, m)
		}
	}
}

// generalReference computes G(0..n-1) of any code from referenceOptions, with the mex taken
// over a map.
func generalReference(o *kayles.Octal, n int) []int {
	g := make([]int, n)
	for h := 0; h < n; h++ {
		seen := map[int]bool{}
		referenceOptions(o, h, func(left []int) {
			v := 0
			for _, a := range left {
				v ^= g[a]
			}
			seen[v] = true
		})
		for seen[g[h]] {
			g[h]++
		}
	}
	return g
}

// fitsRule checks a constraint the slow way: by counting distinct heaps.
func fitsRule(left []int, rule byte) bool {
	if len(left) < 2 || rule == 0 {
		return true
	}
	distinct := map[int]bool{}
	for _, a := range left {
		distinct[a] = true
	}
	switch rule {
	case '!':
		return len(distinct) == len(left)
	case '?':
		return len(distinct) > 1
	}
	return len(distinct) == 1
}

var generalCodes = []string{
	"0.[3]", "4.[3]", "4!.0", "4?.0", "4=.0", "0.[37]", "8!.0", "8?.0", "8=.0", "0.G", "0.H",
	"0.{2+}", "0.4=", "0.{3,4}?", "0.1[3]", "C!.3", "0.{1,3+}!7", "0.7!", "0.F?", "0.[0F]", "0.&96;",
}

func TestGeneralEngineAgainstReference(t *testing.T) {
	for _, code := range generalCodes {
		o := kayles.MustParseOctal(code)
		n := 20 // the reference walks every ordered split: 2^n steps for {2+}
		got, err := o.Values(ctx, n)
		require.NoError(t, err, code)
		assert.Equal(t, generalReference(o, n), got, code)
	}
}

func TestGeneralMovesAgainstReference(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	for range 300 {
		o := kayles.MustParseOctal(generalCodes[rng.IntN(len(generalCodes))])
		var hs []int
		for range 1 + rng.IntN(3) {
			hs = append(hs, rng.IntN(11))
		}
		p := kayles.MustNewPosition(hs...)
		got := map[kayles.Position]bool{}
		for m := range o.Moves(p) {
			require.True(t, slices.IsSorted(m.Left), "%s %v", o, m)
			q, err := o.Play(p, m)
			require.NoError(t, err, "%s %v %v", o, p, m)
			assert.False(t, got[q], "%s %v: two moves lead to %v", o, p, q)
			got[q] = true
		}
		assert.Equal(t, generalResults(o, p), got, "%s %v", o, p)
	}
}

// generalResults lists the positions one move away, from referenceOptions.
func generalResults(o *kayles.Octal, p kayles.Position) map[kayles.Position]bool {
	out := map[kayles.Position]bool{}
	hs := p.Heaps()
	for j, h := range hs {
		rest := slices.Delete(slices.Clone(hs), j, j+1)
		referenceOptions(o, h, func(left []int) {
			out[kayles.MustNewPosition(append(slices.Clone(rest), left...)...)] = true
		})
	}
	return out
}

func TestPlayChecksModifiers(t *testing.T) {
	p := kayles.MustNewPosition(6)
	_, err := kayles.GrundysGame.Play(p, kayles.Move{Heap: 6, Left: []int{3, 3}})
	require.ErrorIs(t, err, kayles.ErrIllegalMove)
	assert.Contains(t, err.Error(), "pairwise unequal")
	q, err := kayles.GrundysGame.Play(p, kayles.Move{Heap: 6, Left: []int{2, 4}})
	require.NoError(t, err)
	assert.Equal(t, kayles.MustNewPosition(2, 4), q)
	_, err = kayles.MustParseOctal("4=.0").Play(p, kayles.Move{Heap: 6, Left: []int{2, 4}})
	assert.ErrorContains(t, err, "all equal")
	_, err = kayles.MustParseOctal("8?.0").Play(p, kayles.Move{Heap: 6, Left: []int{2, 2, 2}})
	assert.ErrorContains(t, err, "not all equal")
	_, err = kayles.Nim.Play(kayles.MustNewPosition(100), kayles.Move{Heap: 100, Take: 100})
	require.NoError(t, err)
}

func TestNimAndLaskersNim(t *testing.T) {
	nim, err := kayles.Nim.Values(ctx, 300)
	require.NoError(t, err)
	lasker, err := kayles.LaskersNim.Values(ctx, 300)
	require.NoError(t, err)
	for n := range 300 {
		assert.Equal(t, n, nim[n], "Nim: G(n) = n")
		// Winning Ways ch. 4: Lasker's Nim swaps 4k+3 and 4k+4.
		want := n
		switch n % 4 {
		case 3:
			want = n + 1
		case 0:
			if n > 0 {
				want = n - 1
			}
		}
		assert.Equal(t, want, lasker[n], "Lasker's Nim G(%d)", n)
	}
	// Both are proven in closed form (closed.go), so Period reports them and ApparentPeriod agrees.
	p, ok := must2(kayles.Nim.Period(ctx, 1000))
	require.True(t, ok)
	assert.Equal(t, kayles.Period{Preperiod: 0, Period: 1, Saltus: 1, Proven: true}, p)
	p, ok = must2(kayles.Nim.ApparentPeriod(ctx, 1000))
	require.True(t, ok)
	assert.Equal(t, kayles.Period{Preperiod: 0, Period: 1, Saltus: 1, Proven: true}, p)
	assert.Equal(t, "preperiod 0, period 1, saltus 1", p.String())
	p, ok = must2(kayles.LaskersNim.ApparentPeriod(ctx, 1000))
	require.True(t, ok)
	assert.Equal(t, kayles.Period{Preperiod: 1, Period: 4, Saltus: 4, Proven: true}, p)
	// Other codes with a repeating tail have no theorem here: only an apparent period.
	o, err := kayles.NewAllButSubtraction(2)
	require.NoError(t, err)
	_, ok = must2(o.Period(ctx, 1000))
	assert.False(t, ok, "no theorem proves a period for %s", o)
	p, ok = must2(o.ApparentPeriod(ctx, 1000))
	require.True(t, ok)
	assert.Equal(t, kayles.Period{Preperiod: 0, Period: 4, Saltus: 2}, p)
	assert.Equal(t, "preperiod 0, period 4, saltus 2 (apparent)", p.String())
}

func TestGrundysGame(t *testing.T) {
	rows := readData(t, "grundysgame.txt")
	var want []int
	for _, row := range rows {
		if strings.Contains(row[0], "=") {
			for _, f := range row {
				n, v, _ := strings.Cut(f, "=")
				heap, _ := strconv.Atoi(n)
				val, _ := strconv.Atoi(v)
				assert.Equal(t, val, must(kayles.GrundysGame.Grundy(ctx, heap)), "G(%d)", heap)
			}
			continue
		}
		for _, f := range row {
			v, err := strconv.Atoi(f)
			require.NoError(t, err)
			want = append(want, v)
		}
	}
	require.Len(t, want, 105)
	got, err := kayles.GrundysGame.Values(ctx, len(want))
	require.NoError(t, err)
	assert.Equal(t, want, got)
	assert.Equal(t, "4!.0", kayles.GrundysGame.String())
}

func TestSubtractionGames(t *testing.T) {
	// A subtraction game against its definition: G(n) = mex{G(n-s) : s in S, s <= n}.
	for _, set := range [][]int{{1, 2, 3}, {2, 5, 6}, {1, 4}, {3, 5, 7, 11}, {1, 64}, {2, 2, 4}} {
		o, err := kayles.NewSubtraction(set...)
		require.NoError(t, err)
		vals, err := o.Values(ctx, 400)
		require.NoError(t, err)
		assert.Equal(t, subtractionReference(400, func(s int) bool { return slices.Contains(set, s) }), vals, "%v", set)
		_, ok := must2(o.Period(ctx, 1<<12))
		assert.True(t, ok, "finite subtraction games are periodic, and the theorem proves it (k = 1): %v", set)
	}
	o, err := kayles.NewSubtraction(1, 2, 3)
	require.NoError(t, err)
	assert.Equal(t, "0.333", o.String())
	p, ok := must2(o.Period(ctx, 100))
	require.True(t, ok)
	assert.Equal(t, kayles.Period{Preperiod: 0, Period: 4, Proven: true}, p)

	for _, excluded := range [][]int{{}, {1}, {2, 3}, {1, 5, 6}} {
		o, err := kayles.NewAllButSubtraction(excluded...)
		require.NoError(t, err)
		vals, err := o.Values(ctx, 200)
		require.NoError(t, err)
		assert.Equal(t, subtractionReference(200, func(s int) bool { return !slices.Contains(excluded, s) }), vals, "all but %v", excluded)
	}
	all, err := kayles.NewAllButSubtraction()
	require.NoError(t, err)
	assert.Equal(t, kayles.Nim.String(), all.String())

	for _, bad := range []int{0, -1, 65} {
		_, err := kayles.NewSubtraction(1, bad)
		require.ErrorIs(t, err, kayles.ErrRange)
		var re *kayles.RangeError
		require.ErrorAs(t, err, &re)
		assert.Equal(t, bad, re.Value)
		_, err = kayles.NewAllButSubtraction(bad)
		require.ErrorIs(t, err, kayles.ErrRange)
	}
}

func subtractionReference(n int, allowed func(int) bool) []int {
	g := make([]int, n)
	for h := range g {
		seen := map[int]bool{}
		for s := 1; s <= h; s++ {
			if allowed(s) {
				seen[g[h-s]] = true
			}
		}
		for seen[g[h]] {
			g[h]++
		}
	}
	return g
}

func TestArithmeticPeriodicity(t *testing.T) {
	// 0.3F: period 6, saltus 3, from heap 0 (Howse & Nowakowski 2004). No theorem is applied
	// here, so it is reported as apparent.
	p, ok := must2(kayles.MustParseOctal("0.3F").ApparentPeriod(ctx, 600))
	require.True(t, ok)
	assert.Equal(t, kayles.Period{Preperiod: 0, Period: 6, Saltus: 3}, p)
	// A proven period comes back proven.
	p, ok = must2(kayles.Kayles.ApparentPeriod(ctx, 1000))
	require.True(t, ok)
	assert.Equal(t, kayles.Period{Preperiod: 71, Period: 12, Proven: true}, p)
	// Officers shows nothing regular in its first 2000 values.
	_, ok = must2(kayles.MustParseOctal("0.6").ApparentPeriod(ctx, 2000))
	assert.False(t, ok)
}

func TestFindApparentIsLeast(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 10))
	for range 2000 {
		n0, p, s, n := rng.IntN(15), 1+rng.IntN(8), rng.IntN(3), rng.IntN(100)
		g := make([]uint16, n)
		for i := range g {
			if i < n0+p {
				g[i] = uint16(rng.IntN(4))
			} else {
				g[i] = g[i-p] + uint16(s)
			}
		}
		got, ok := kayles.FindApparent(g)
		want, wantOK := slowApparent(g)
		require.Equal(t, wantOK, ok, "%v", g)
		require.Equal(t, want, got, "%v", g)
	}
}

func slowApparent(g []uint16) (kayles.Period, bool) {
	n := len(g)
	for p := 1; 3*p <= n; p++ {
		for n0 := 0; n0+3*p <= n; n0++ {
			s := int(g[n0+p]) - int(g[n0])
			holds := s >= 0
			for i := n0; i+p < n; i++ {
				holds = holds && int(g[i+p])-int(g[i]) == s
			}
			if holds {
				if n >= 2*(n0+p) {
					return kayles.Period{Preperiod: n0, Period: p, Saltus: s}, true
				}
				break
			}
		}
	}
	return kayles.Period{}, false
}

func TestGeneralWinningMoves(t *testing.T) {
	rng := rand.New(rand.NewPCG(11, 12))
	for range 200 {
		o := kayles.MustParseOctal(generalCodes[rng.IntN(len(generalCodes))])
		var hs []int
		for range 1 + rng.IntN(3) {
			hs = append(hs, rng.IntN(14))
		}
		p := kayles.MustNewPosition(hs...)
		n := 0
		for m := range must(o.WinningMoves(ctx, p)) {
			q, err := o.Play(p, m)
			require.NoError(t, err)
			assert.Equal(t, 0, must(o.Value(ctx, q)))
			n++
		}
		assert.Equal(t, must(o.Value(ctx, p)) != 0, n > 0, "%s %v", o, p)
	}
}

// TestGeneralCodesInMiserePlay checks that misère play works for rule sets beyond octal codes:
// Nim as 0.[3] against the classical misère Nim rule, and Grundy's game against a direct search.
func TestGeneralCodesInMiserePlay(t *testing.T) {
	for a := range 6 {
		for b := a; b < 6; b++ {
			for c := b; c < 6; c++ {
				hs := []int{a, b, c}
				// The classical rule, written out here: NimLoses is itself Nim's rule now.
				want := kayles.Next
				if big := c > 1; (big && a^b^c == 0) || (!big && a^b^c == 1) {
					want = kayles.Previous
				}
				p := kayles.MustNewPosition(hs...)
				if p == (kayles.Position{}) {
					continue // no move left: the player to move has won
				}
				assert.Equal(t, want, must(kayles.Nim.MisereOutcome(ctx, p)), "misère Nim %v", hs)
			}
		}
	}
	memo := map[kayles.Position]bool{}
	var lost func(p kayles.Position) bool // misère: the player with no move wins
	lost = func(p kayles.Position) bool {
		if v, ok := memo[p]; ok {
			return v
		}
		any, l := false, true
		for m := range kayles.GrundysGame.Moves(p) {
			any = true
			q, _ := kayles.GrundysGame.Play(p, m)
			if lost(q) {
				l = false
			}
		}
		if !any {
			l = false
		}
		memo[p] = l
		return l
	}
	for n := 1; n <= 14; n++ {
		for m := 0; m <= 6; m++ {
			p := kayles.MustNewPosition(n, m)
			want := kayles.Next
			if lost(p) {
				want = kayles.Previous
			}
			assert.Equal(t, want, must(kayles.GrundysGame.MisereOutcome(ctx, p)), "misère Grundy's game %v", p)
		}
	}
}

// TestGeneralEqualSplitsOfHugeHeaps: in a code whose splits all leave equal heaps, a heap of
// n has splits only where a heap left divides what is left, so its moves skip to them: the
// same moves as the reference on small heaps, in the order of Moves, and a heap of 2^40 tokens
// lists its moves at once (it scanned every first heap up to n/2 before).
func TestGeneralEqualSplitsOfHugeHeaps(t *testing.T) {
	for _, code := range []string{"0.8=", "0.{3}=", "0.F=", "4=.0", "0.C=", "0.4=8="} {
		o := kayles.MustParseOctal(code)
		for h := 1; h <= 60; h++ {
			p := kayles.MustNewPosition(h)
			got := map[kayles.Position]bool{}
			last := 0
			for m := range o.Moves(p) {
				q, err := o.Play(p, m)
				require.NoError(t, err, "%s %v", code, m)
				got[q] = true
				if len(m.Left) >= 2 {
					assert.LessOrEqual(t, last, m.Left[0], "%s %d: %v out of order", code, h, m)
					last = m.Left[0]
				}
			}
			assert.Equal(t, generalResults(o, p), got, "%s %d", code, h)
		}
		done := make(chan []kayles.Move, 1)
		go func() {
			var ms []kayles.Move
			for _, h := range []int{1 << 40, 1<<40 + 1, 1<<40 + 2, 3 << 40} {
				for m := range o.Moves(kayles.MustNewPosition(h)) {
					ms = append(ms, m)
				}
			}
			done <- ms
		}()
		select {
		case ms := <-done:
			for _, m := range ms {
				_, err := o.Play(kayles.MustNewPosition(m.Heap), m)
				require.NoError(t, err, "%s %v", code, m)
			}
		case <-time.After(10 * time.Second):
			t.Fatalf("%s: the moves of heaps of 2^40 tokens took more than 10 s", code)
		}
	}
}

// TestEqualSplitMovesAgainstPlay checks the moves of codes whose splits leave equal heaps, in
// any number and in repeating tails, and of codes with ! and ?, against a slow listing: every take and every partition
// of the rest that Play accepts, in the order that Moves documents.
func TestEqualSplitMovesAgainstPlay(t *testing.T) {
	codes := []string{"0.{2+}=", "0.{3+}=", "0.[4=]", "0.[04=]", "0.[8=]", "0.1[{2+}=]", "0.[{2+}=4]",
		"0.F=", "{2+}=.0", "0.[{3,5}=0]", "0.7[{2+}=]", "0.[{2+}={4+}=0]", "0.{2+}=[C=]", "0.[{0,2+}=]", "0.4[44=]",
		"0.{2+}!", "0.{3+}?", "0.F!", "0.[{2+}!]", "0.{3,5}!", "0.[{2+}?]"}
	for _, code := range codes {
		o := kayles.MustParseOctal(code)
		for n := 1; n <= 26; n++ {
			p := kayles.MustNewPosition(n)
			var got, want []string
			for m := range o.Moves(p) {
				got = append(got, m.String())
			}
			for take := 1; take <= n; take++ {
				if _, err := o.Play(p, kayles.Move{Heap: n, Take: take}); err == nil {
					want = append(want, kayles.Move{Heap: n, Take: take}.String())
				}
				if _, err := o.Play(p, kayles.Move{Heap: n, Take: take, Left: []int{n - take}}); err == nil {
					want = append(want, kayles.Move{Heap: n, Take: take, Left: []int{n - take}}.String())
				}
			}
			// Splits by first heap, then take, then number of heaps, then further heaps.
			type split struct {
				take, k int
				left    []int
			}
			var ss []split
			for take := 0; take <= n-2; take++ {
				heapPartitions(n-take, 1, nil, func(left []int) {
					if len(left) >= 2 {
						if _, err := o.Play(p, kayles.Move{Heap: n, Take: take, Left: left}); err == nil {
							ss = append(ss, split{take, len(left), slices.Clone(left)})
						}
					}
				})
			}
			slices.SortStableFunc(ss, func(x, y split) int {
				if c := x.left[0] - y.left[0]; c != 0 {
					return c
				}
				if c := x.take - y.take; c != 0 {
					return c
				}
				if c := x.k - y.k; c != 0 {
					return c
				}
				return slices.Compare(x.left, y.left)
			})
			for _, s := range ss {
				want = append(want, kayles.Move{Heap: n, Take: s.take, Left: s.left}.String())
			}
			assert.Equal(t, want, got, "%s heap %d", code, n)
		}
	}
}

// heapPartitions calls f with each way to write m as heaps of lo or more, ascending, after prefix.
func heapPartitions(m, lo int, prefix []int, f func([]int)) {
	if m == 0 {
		f(prefix)
		return
	}
	for a := lo; a <= m; a++ {
		heapPartitions(m-a, a, append(prefix, a), f)
	}
}

// TestEqualSplitMovesOfHugeHeaps checks that the moves of a heap of 2^40 tokens come at once
// for codes whose splits leave equal heaps in any number or in a repeating tail, and that no
// move leaves more heaps than Play accepts.
func TestEqualSplitMovesOfHugeHeaps(t *testing.T) {
	p := kayles.MustNewPosition(1 << 40)
	for _, code := range []string{"0.{2+}=", "0.[4=]", "0.[04=]", "0.[0{2+}=]", "0.1[{2+}=]", "0.[8=]"} {
		o := kayles.MustParseOctal(code)
		done := make(chan int, 1)
		go func() {
			n := 0
			for m := range o.Moves(p) {
				if _, err := o.Play(p, m); err != nil {
					n = -1
					break
				}
				if n++; n == 1000 {
					break
				}
			}
			done <- n
		}()
		select {
		case n := <-done:
			assert.NotEqual(t, -1, n, "%s: a move that Play refuses", code)
		case <-time.After(20 * time.Second):
			t.Fatalf("%s: no 1000 moves of a heap of 2^40 within 20 s", code)
		}
	}
	_, err := kayles.MustParseOctal("0.{2+}=").Play(kayles.MustNewPosition(5001), kayles.Move{Heap: 5001, Take: 1, Left: slices.Repeat([]int{1}, 5000)})
	require.ErrorIs(t, err, kayles.ErrTooLarge)
}

// TestEqualSplitSearchesStop checks that the misère and genus searches on a heap of 2^40 of
// codes whose splits leave equal heaps, in any number or in a tail, stop soon after their
// context: they used to walk every take for every first heap without looking at it.
func TestEqualSplitSearchesStop(t *testing.T) {
	p := kayles.MustNewPosition(5, 1<<40)
	for _, code := range []string{"0.{2+}=", "0.[4=]", "0.[04=]", "0.1[{2+}=]"} {
		o := kayles.MustParseOctal(code)
		for name, call := range map[string]func(context.Context) error{
			"MisereOutcome": func(ctx context.Context) error { _, err := o.MisereOutcome(ctx, p); return err },
			"MisereWinningMoves": func(ctx context.Context) error {
				_, err := o.MisereWinningMoves(ctx, p)
				return err
			},
			"Genus": func(ctx context.Context) error { _, err := o.Genus(ctx, p); return err },
			"Tame":  func(ctx context.Context) error { _, err := o.Tame(ctx, p); return err },
		} {
			ctx, cancel := context.WithTimeout(context.Background(), 20*time.Millisecond)
			done := make(chan error, 1)
			go func() { done <- call(ctx) }()
			select {
			case err := <-done:
				if err != nil && !errors.Is(err, kayles.ErrTooLarge) {
					require.ErrorIs(t, err, context.DeadlineExceeded, "%s %s", code, name)
				}
			case <-time.After(5 * time.Second):
				t.Fatalf("%s %s: still running 5 s after a 20 ms deadline", code, name)
			}
			cancel()
		}
	}
}

// TestUnequalSplitSearchesEnd checks that the misère search of a heap of 2^40 in 0.{2+}! ends
// (here at its depth limit) with context.Background: the quotient it builds on the way walked
// every split into heaps and kept the pairwise unequal ones, about k^2/2 splits for each move.
func TestUnequalSplitSearchesEnd(t *testing.T) {
	done := make(chan error, 1)
	go func() {
		_, err := kayles.MustParseOctal("0.{2+}!").MisereOutcome(context.Background(), kayles.MustNewPosition(1<<40))
		done <- err
	}()
	select {
	case err := <-done:
		require.ErrorIs(t, err, kayles.ErrTooLarge)
	case <-time.After(20 * time.Second):
		t.Fatal("MisereOutcome of 2^40 in 0.{2+}! still running after 20 s")
	}
}
