package kayles_test

import (
	"math/bits"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/octalgames/kayles"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// pinGrundy computes the nim-value of a row of pins by brute force over the actual pins: bit j
// of mask is pin j, set when it stands; a move knocks down one standing pin or two standing
// neighbours. It knows nothing of heaps, splits or octal codes.
func pinGrundy(mask uint32, memo map[uint32]int) int {
	if v, ok := memo[mask]; ok {
		return v
	}
	seen := map[int]bool{}
	for j := range 32 {
		if mask&(1<<j) == 0 {
			continue
		}
		seen[pinGrundy(mask&^(1<<j), memo)] = true
		if j < 31 && mask&(1<<(j+1)) != 0 {
			seen[pinGrundy(mask&^(3<<j), memo)] = true
		}
	}
	v := 0
	for seen[v] {
		v++
	}
	memo[mask] = v
	return v
}

// rowsOf returns the lengths of the runs of standing pins in mask.
func rowsOf(mask uint32) []int {
	var rows []int
	for mask != 0 {
		mask >>= bits.TrailingZeros32(mask)
		n := bits.TrailingZeros32(^mask)
		rows = append(rows, n)
		mask >>= n
	}
	return rows
}

func TestKaylesAgainstPinRows(t *testing.T) {
	memo := map[uint32]int{}
	for mask := uint32(0); mask < 1<<14; mask++ {
		p := kayles.MustNewPosition(rowsOf(mask)...)
		require.Equal(t, pinGrundy(mask, memo), must(kayles.Kayles.Value(ctx, p)), "pins %b = %v", mask, p)
	}
	for n := range 18 {
		assert.Equal(t, pinGrundy(1<<n-1, memo), must(kayles.K(n)), "row of %d", n)
	}
}

func TestWinningMovesProperties(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	games := []*kayles.Octal{kayles.Kayles, kayles.DawsonsKayles, kayles.Guiles, kayles.Officers,
		kayles.DoubleKayles, kayles.MustParseOctal("4.7"), kayles.MustParseOctal("0.F")}
	for range 400 {
		o := games[rng.IntN(len(games))]
		var hs []int
		for range 1 + rng.IntN(4) {
			hs = append(hs, rng.IntN(60))
		}
		p := kayles.MustNewPosition(hs...)
		v := must(o.Value(ctx, p))
		n := 0
		for m := range must(o.WinningMoves(ctx, p)) {
			q, err := o.Play(p, m)
			require.NoError(t, err, "%s %v: winning move %v must be legal", o, p, m)
			assert.Equal(t, 0, must(o.Value(ctx, q)), "%s %v: %v", o, p, m)
			n++
		}
		// Exactly the moves to value 0.
		want := 0
		for m := range o.Moves(p) {
			q, _ := o.Play(p, m)
			if must(o.Value(ctx, q)) == 0 {
				want++
			}
		}
		assert.Equal(t, want, n, "%s %v", o, p)
		assert.Equal(t, v != 0, n > 0, "%s %v: a winning move exists exactly when the value is not 0", o, p)
		m, ok := must2(o.WinningMove(ctx, p))
		assert.Equal(t, n > 0, ok)
		if ok {
			first, _ := o.Play(p, m)
			assert.Equal(t, 0, must(o.Value(ctx, first)))
		}
		if v == 0 {
			assert.Equal(t, kayles.Previous, must(o.Outcome(ctx, p)))
		} else {
			assert.Equal(t, kayles.Next, must(o.Outcome(ctx, p)))
		}
	}
}

func TestWinningMovesBoundedSearch(t *testing.T) {
	// Past 2(n0+p) a heap is searched only where a bounded search finds a winning move; the
	// result must equal the plain filter of all moves.
	// 0.F leaves three heaps and 0.V four, and their winning moves are walked by period.
	for _, o := range []*kayles.Octal{kayles.Kayles, kayles.DawsonsKayles, kayles.Guiles,
		kayles.MustParseOctal("0.F"), kayles.MustParseOctal("0.V")} {
		_, proven, err := o.Period(ctx, 2000)
		require.NoError(t, err)
		require.True(t, proven, "%s", o)
		lo, hi, step := 150, 420, 7
		if len(o.String()) == 3 {
			lo, hi, step = 40, 100, 11 // many more moves to list
		}
		for h := lo; h < hi; h += step {
			for other := range 12 {
				p := kayles.MustNewPosition(h, other)
				var got, want []string
				for m := range must(o.WinningMoves(ctx, p)) {
					got = append(got, m.String())
				}
				for m := range o.Moves(p) {
					if q, _ := o.Play(p, m); must(o.Value(ctx, q)) == 0 {
						want = append(want, m.String())
					}
				}
				require.Equal(t, want, got, "%s %v", o, p)
			}
		}
	}
}

func TestWinningMoveHugeRows(t *testing.T) {
	for _, hs := range [][]int{{1e15}, {1e15, 3}, {1e15 + 1, 1e12, 5}, {1 << 62, 1<<62 + 7}} {
		p := kayles.MustNewPosition(hs...)
		m, ok := must2(kayles.Kayles.WinningMove(ctx, p))
		if must(kayles.Kayles.Value(ctx, p)) == 0 {
			assert.False(t, ok)
			continue
		}
		require.True(t, ok, "%v", p)
		q, err := kayles.Kayles.Play(p, m)
		require.NoError(t, err)
		assert.Equal(t, 0, must(kayles.Kayles.Value(ctx, q)), "%v: %v", p, m)
	}
	// The symmetry strategy in one row: the middle pin of an odd row is a winning move.
	q, err := kayles.Kayles.Play(kayles.MustNewPosition(1e15+1), kayles.Move{Heap: 1e15 + 1, Take: 1, Left: []int{5e14, 5e14}})
	require.NoError(t, err)
	assert.Equal(t, kayles.Previous, must(kayles.Kayles.Outcome(ctx, q)))
}

func TestOutcomeString(t *testing.T) {
	assert.Equal(t, "P", kayles.Previous.String())
	assert.Equal(t, "N", kayles.Next.String())
	assert.Equal(t, "none", kayles.Outcome(0).String())
	assert.Equal(t, kayles.Previous, must(kayles.Kayles.Outcome(ctx, kayles.Position{})))
	_, ok := must2(kayles.Kayles.WinningMove(ctx, kayles.Position{}))
	assert.False(t, ok)
}

// TestWinningMovesOfHugeRows checks that listing every winning move of a row of 10^9 pins
// ends at once when the moves that win all split off a short row, and that the bounded scan
// behind it lists exactly the winning moves that Moves and Value find in rows of a few
// hundred pins.
func TestWinningMovesOfHugeRows(t *testing.T) {
	for _, o := range []*kayles.Octal{kayles.Kayles, kayles.DawsonsKayles, kayles.DawsonsChess, kayles.MustParseOctal("0.6")} {
		if _, ok, _ := o.Period(ctx, 1<<12); !ok {
			continue // Officers: no period, so no bounded scan
		}
		for h := 150; h < 700; h += 37 {
			for _, other := range []int{0, 1, 5, 9} {
				p := kayles.MustNewPosition(h, other)
				var want []kayles.Move
				for m := range o.Moves(p) {
					q, err := o.Play(p, m)
					require.NoError(t, err)
					if must(o.Value(ctx, q)) == 0 {
						want = append(want, m)
					}
				}
				assert.Equal(t, want, slices.Collect(must(o.WinningMoves(ctx, p))), "%s %v", o, p)
			}
		}
	}
	n := 0
	for range must(kayles.Kayles.WinningMoves(ctx, kayles.MustNewPosition(1_000_000_000, 5))) {
		n++
	}
	assert.Positive(t, n)
}
