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
// replaced by as many others (the same count, the split changed); with each vector scan this
// CPU runs (farSplits runs in AVX2 for AVX2 and AVX-512).
func TestRareSmallMatchesEach(t *testing.T) {
	for _, vector := range vectors(t) {
		t.Run(vector.String(), func(t *testing.T) { testRareSmallMatchesEach(t, vector) })
	}
}

func testRareSmallMatchesEach(t *testing.T, vector Vector) {
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
		s := &sparse{takes: takes, unequal: make([]bool, len(takes)), on: true, mask: 0xfe, vector: vector}
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

// TestFarSplits compares farSplits, with each vector scan this CPU runs, with the split by
// split definition: random values (below 64, and up to 65,535 to check that a value is taken
// mod 64 as the Go loop takes it), random far rare heaps from splitBatch to m/2 (past 2^16 in
// one trial of 50), the first reading g[m-r : m-r+splitBatch] up to g[m-1].
func TestFarSplits(t *testing.T) {
	vecs := vectors(t)
	rng := rand.New(rand.NewPCG(8, 16))
	for trial := range 2000 {
		m := 2*splitBatch + 1 + rng.IntN(3000)
		if trial%50 == 49 { // rare heaps past 2^16, as 0.16's: all 26 bits of a part's heap
			m = 1<<18 + rng.IntN(1000)
		}
		limit := 64
		if trial%4 == 3 {
			limit = 1 << 16
		}
		g := make([]uint16, m+rng.IntN(3))
		for i := range g {
			g[i] = uint16(rng.IntN(limit))
		}
		var parts []uint32
		for r := splitBatch; r < (m+1)/2; r++ {
			if rng.IntN(8) == 0 && (m < 1<<18 || rng.IntN(200) == 0) || r == splitBatch && trial%2 == 0 ||
				r == (m+1)/2-1 && trial%3 == 0 {
				parts = append(parts, uint32(g[r]&63)<<partShift|uint32(r))
			}
		}
		var want [splitBatch]uint64
		for _, p := range parts {
			r, v := int(p&(partHeaps-1)), uint16(p>>partShift)
			for j := range want {
				want[j] |= 1 << ((g[m+j-r] ^ v) & 63)
			}
		}
		for _, vector := range vecs {
			c := smallSplits{parts: parts}
			c.farSplits(g, m, vector)
			for j := range want {
				k := (m + j) % splitRing
				require.Equal(t, m+j, c.farM[k], "trial %d, %v", trial, vector)
				require.Equal(t, want[j], c.far[k], "trial %d, %v: m %d, heap %d, %d parts", trial, vector, m, j, len(parts))
			}
		}
	}
}
