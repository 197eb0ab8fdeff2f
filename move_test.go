package kayles_test

import (
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/octalgames/kayles"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestMovesKaylesRowOfSeven(t *testing.T) {
	var got []string
	for m := range kayles.Kayles.Moves(kayles.MustNewPosition(7)) {
		got = append(got, m.String())
	}
	// Knocking pins from the left end of the row to its middle.
	assert.Equal(t, []string{"7-1=6", "7-2=5", "7-1=1+5", "7-2=1+4", "7-1=2+4", "7-2=2+3", "7-1=3+3"}, got)
}

func TestMovesTakeAllAndSplit(t *testing.T) {
	var got []string
	for m := range kayles.MustParseOctal("4.37").Moves(kayles.MustNewPosition(2, 2, 4)) {
		got = append(got, m.String())
	}
	assert.Equal(t, []string{
		"2-1=1", "2-2=0", "2-0=1+1",
		"4-1=3", "4-2=2", "4-0=1+3", "4-2=1+1", "4-0=2+2",
	}, got)
}

// referenceResults lists every position reachable from p in one move, straight from the rules:
// every ordered tuple of heaps left, duplicates and all.
func referenceResults(digits []int, p kayles.Position) map[kayles.Position]bool {
	out := map[kayles.Position]bool{}
	hs := p.Heaps()
	for j, h := range hs {
		rest := slices.Delete(slices.Clone(hs), j, j+1)
		for i, d := range digits {
			if i > h {
				break
			}
			for k := 0; k <= 3; k++ {
				if d&(1<<k) == 0 || (i == 0 && k < 2) {
					continue
				}
				var walk func(left []int, remain, parts int)
				walk = func(left []int, remain, parts int) {
					if parts == 0 {
						if remain == 0 {
							out[kayles.MustNewPosition(append(slices.Clone(rest), left...)...)] = true
						}
						return
					}
					for a := 1; a <= remain; a++ {
						walk(append(left, a), remain-a, parts-1)
					}
				}
				walk(nil, h-i, k)
			}
		}
	}
	return out
}

func TestMovesAgainstReference(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	codes := []string{"0.77", "0.07", "0.137", "0.6", "4.7", "0.F", "8.3", "0.3F", "C.1", "0.1", "0.2", "0.4"}
	for range 300 {
		o := kayles.MustParseOctal(codes[rng.IntN(len(codes))])
		var hs []int
		for range rng.IntN(4) {
			hs = append(hs, rng.IntN(12))
		}
		p := kayles.MustNewPosition(hs...)
		got := map[kayles.Position]bool{}
		for m := range o.Moves(p) {
			q, err := o.Play(p, m)
			require.NoError(t, err, "%s %v %v", o, p, m)
			assert.False(t, got[q], "%s %v: two moves lead to %v", o, p, q)
			got[q] = true
		}
		assert.Equal(t, referenceResults(o.Digits(), p), got, "%s %v", o, p)
	}
}

func TestPlayRejectsIllegalMoves(t *testing.T) {
	p := kayles.MustNewPosition(3, 7)
	for _, c := range []struct {
		m      kayles.Move
		reason string
	}{
		{kayles.Move{Heap: 5, Take: 1, Left: []int{4}}, "there is no heap of 5"},
		{kayles.Move{Heap: 7, Take: 3, Left: []int{4}}, "0.77 does not allow taking 3"},
		{kayles.Move{Heap: 7, Take: 1, Left: []int{2, 2}}, "do not add up"},
		{kayles.Move{Heap: 7, Take: 1, Left: []int{0, 6}}, "a heap left is empty"},
		{kayles.Move{Heap: 7, Take: 8}, "cannot take 8"},
		{kayles.Move{Heap: 7, Take: -1, Left: []int{8}}, "cannot take -1"},
		{kayles.Move{Heap: 7, Take: 1, Left: []int{1, 2, 3}}, "leaving 3 heaps"},
		{kayles.Move{Heap: 3, Take: 0, Left: []int{1, 2}}, "taking 0 and leaving 2 heaps"},
		{kayles.Move{}, "there is no heap of 0"},
	} {
		q, err := kayles.Kayles.Play(p, c.m)
		require.ErrorIs(t, err, kayles.ErrIllegalMove, c.m.String())
		var me *kayles.MoveError
		require.ErrorAs(t, err, &me)
		assert.Contains(t, me.Reason, c.reason)
		assert.Contains(t, err.Error(), c.m.String())
		assert.Equal(t, kayles.MustNewPosition(3, 7), q, "a rejected move changes nothing")
	}
	q, err := kayles.Kayles.Play(p, kayles.Move{Heap: 7, Take: 1, Left: []int{2, 4}})
	require.NoError(t, err)
	assert.Equal(t, kayles.MustNewPosition(2, 3, 4), q)
	q, err = kayles.MustParseOctal("0.07").Play(kayles.MustNewPosition(2), kayles.Move{Heap: 2, Take: 2})
	require.NoError(t, err)
	assert.Equal(t, kayles.Position{}, q)
}

func TestMoveString(t *testing.T) {
	assert.Equal(t, "7-1=3+3", kayles.Move{Heap: 7, Take: 1, Left: []int{3, 3}}.String())
	assert.Equal(t, "2-2=0", kayles.Move{Heap: 2, Take: 2}.String())
	assert.Equal(t, "0-0=0", kayles.Move{}.String())
}

// TestMovesOfHugeHeaps checks that listing the moves of a heap of 10^12 tokens costs
// O(digits) when no move splits a heap (it once walked every split point).
func TestMovesOfHugeHeaps(t *testing.T) {
	for _, code := range []string{"0.1", "0.33", "0.[3]", "0.3[1]", "4.[1]", "4.0[1]"} {
		o := kayles.MustParseOctal(code)
		p := kayles.MustNewPosition(1 << 40)
		n := 0
		for range o.Moves(p) {
			n++
			if n > 100 {
				break
			}
		}
		assert.LessOrEqual(t, n, 101, code)
		_, err := o.MisereOutcome(ctx, kayles.MustNewPosition(1<<40, 1))
		if err != nil {
			require.ErrorIs(t, err, kayles.ErrTooLarge, code) // play too long for the search
		}
	}
}

// TestPlayRefusesHugeHeapsLeft checks that heaps left whose sum overflows to the right total
// are refused: every heap left must be smaller than the heap moved on.
func TestPlayRefusesHugeHeapsLeft(t *testing.T) {
	p := kayles.MustParsePosition("7")
	_, err := kayles.MustParseOctal("0.F").Play(p, kayles.Move{Heap: 7, Take: 1, Left: []int{math.MaxInt, math.MaxInt, 8}}) // the sum wraps to 6
	require.ErrorIs(t, err, kayles.ErrIllegalMove)
	_, err = kayles.Kayles.Play(p, kayles.Move{Heap: 7, Take: 0, Left: []int{7}})
	require.ErrorIs(t, err, kayles.ErrIllegalMove)
}
