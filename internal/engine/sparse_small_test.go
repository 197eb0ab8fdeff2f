package engine

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestRareSmallMatchesEach compares rareSmall, which keeps the rare splits S(m) of the last
// heaps, with rareSmallEach, which marks every split of every take anew, heap after heap, on
// random values below 64: for takes one apart and up to splitRing-1 apart, rare heaps below
// splitBatch (their splits computed heap by heap) and above (splitBatch heaps at a time),
// while the rare heaps grow by one, are listed again under another mask or parity, and are
// replaced by as many others (the same count, the split changed).
func TestRareSmallMatchesEach(t *testing.T) {
	rng := rand.New(rand.NewPCG(31, 1777))
	const most = 1500 // the rare heaps are below it
	g := make([]uint16, 2*most+splitRing+500)
	for i := range g {
		g[i] = uint16(rng.IntN(64))
	}
	randomRare := func(k int) []int32 { // a third below 2·splitBatch: near and far alike
		var rare []int32
		for _, r := range rng.Perm(2*splitBatch - 1)[:k/3] {
			rare = append(rare, int32(r+1))
		}
		for _, r := range rng.Perm(most - 2*splitBatch)[:k-k/3] {
			rare = append(rare, int32(r+2*splitBatch))
		}
		slices.Sort(rare)
		return rare
	}
	for _, takes := range [][]int{{2, 3, 4}, {1}, {1, 5}, {2, 40, splitRing + 1}, {1, 2, 3, 4, 5, 6, 7}} {
		s := &sparse{takes: takes, unequal: make([]bool, len(takes)), on: true, mask: 0xfe}
		s.rare = randomRare(15)
		from := 2*most + takes[len(takes)-1] + 2 // every rare heap, one more too, below each take's m/2
		for n := from; n < from+400; n++ {
			switch n - from {
			case 100: // a new rare heap
				s.rare = append(s.rare, s.rare[len(s.rare)-1]+1)
			case 200: // listed again under another mask: other heaps, as many
				s.mask, s.rare = 0x3e, randomRare(len(s.rare))
			case 300: // under another parity
				s.c, s.rare = 1, randomRare(len(s.rare))
			}
			require.Equal(t, s.rareSmallEach(g, n), s.rareSmall(g, n), "takes %v, heap %d", takes, n)
		}
	}
}

// TestTakesSmall compares takesSmall, on each vector scan this CPU runs, with the heap-by-heap
// scan of the splits of one, two or three takes: the values found and where the scan stops
// (after the block of 32 heaps that finds the last value, or after every whole block).
func TestTakesSmall(t *testing.T) {
	vecs := vectors(t)[1:]
	if len(vecs) == 0 {
		t.Skip("only the Go scans run here")
	}
	rng := rand.New(rand.NewPCG(7, 16))
	for trial := range 4000 {
		takes := []int{1 + rng.IntN(3)}
		for range rng.IntN(3) {
			takes = append(takes, takes[len(takes)-1]+1+rng.IntN(4))
		}
		unequal := make([]bool, len(takes))
		for i := range unequal {
			unequal[i] = rng.IntN(3) == 0
		}
		n := takes[len(takes)-1] + 2 + rng.IntN(600)
		limit := 1 + rng.IntN(64)
		g := make([]uint16, n)
		for i := range g {
			g[i] = uint16(rng.IntN(limit))
		}
		var missed uint64
		for range 1 + rng.IntN(6) {
			missed |= 1 << rng.IntN(min(limit+2, 63))
		}
		hi := (n-takes[0])/2 + 1
		m := n - takes[len(takes)-1]
		if unequal[len(takes)-1] {
			m--
		}
		c := (min(hi, max(1, m/2+1)) - 1) &^ 31
		wantFound, wantLo := uint64(0), 1
		for a := 1; a < 1+c && wantFound != missed; a += 32 { // block by block
			for b := a; b < a+32; b++ {
				for _, i := range takes {
					wantFound |= 1 << (g[b] ^ g[n-i-b]) & missed
				}
			}
			wantLo = a + 32
		}
		for _, vector := range vecs {
			s := &sparse{takes: takes, unequal: unequal, vector: vector}
			found, lo := s.takesSmall(g, n, hi, missed)
			require.Equal(t, wantFound, found, "trial %d, %v: takes %v, n %d, missed %b", trial, vector, takes, n, missed)
			require.Equal(t, wantLo, lo, "trial %d, %v: takes %v, n %d, missed %b", trial, vector, takes, n, missed)
		}
	}
}
