package engine

import (
	"math"
	"math/rand/v2"
	"slices"
	"strconv"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestPeriodFinderMatchesSlow feeds growing prefixes of sequences to the incremental search
// and compares every answer with the obvious search.
func TestPeriodFinderMatchesSlow(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	seqs := map[string][]uint16{}
	for trial := range 40 {
		pre, p := r.IntN(300), 1+r.IntN(60)
		g := make([]uint16, 3*(pre+p)+r.IntN(50))
		for i := range g {
			if i < pre+p {
				g[i] = uint16(r.IntN(4))
			} else {
				g[i] = g[i-p]
			}
		}
		// Sometimes break the period late, so that remembered candidates must be revised.
		if trial%3 == 0 {
			g[len(g)-1-r.IntN(20)] ^= 1
		}
		seqs["random"+strconv.Itoa(trial)] = g
	}
	for _, code := range []string{"0.77", "0.07", "0.45", "0.156", "0.6", "0.15"} {
		seqs[code] = referenceValues(freshOctal(code), 9000)
	}
	for name, g := range seqs {
		for _, tk := range [][2]int{{1, 2}, {2, 2}, {3, 3}, {1, 1}, {2, 1}, {6, 1}} {
			var f periodFinder
			for n := 1; n <= len(g); n += 1 + r.IntN(40) {
				want, wok := findPeriod(g[:n], tk[0], tk[1])
				got, gok := f.find(g[:n], tk[0], tk[1], nil)
				require.Equal(t, wok, gok, "%s n=%d", name, n)
				require.Equal(t, want, got, "%s n=%d", name, n)
			}
		}
	}
}

// TestPeriodFinderBasesMatchSlow does the same for long sequences with short periods, whose
// multiples start their comparisons where a base period's agreement ends; some are broken
// late, and some have a second, longer period, so that bases must be revised.
func TestPeriodFinderBasesMatchSlow(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	for trial := range 12 {
		pre, p := 1000+r.IntN(3000), 1+r.IntN(12)
		g := make([]uint16, 2*(pre+p)+baseRun+r.IntN(3000))
		for i := range g {
			switch {
			case i < pre+p:
				g[i] = uint16(r.IntN(3))
			case trial%4 == 1 && i > len(g)-baseRun/2:
				g[i] = g[i-5*p] // a multiple of p continues past the break
			default:
				g[i] = g[i-p]
			}
		}
		if trial%3 == 0 {
			g[len(g)-1-r.IntN(2*baseRun)] ^= 1
		}
		for _, tk := range [][2]int{{1, 2}, {3, 3}, {1, 1}} {
			var f periodFinder
			for n := 1; n <= len(g); n += 1 + r.IntN(200) {
				want, wok := findPeriod(g[:n], tk[0], tk[1])
				got, gok := f.find(g[:n], tk[0], tk[1], nil)
				require.Equal(t, wok, gok, "trial %d n=%d", trial, n)
				require.Equal(t, want, got, "trial %d n=%d", trial, n)
				// Every candidate remembered by this search knows its true last disagreement.
				for _, a := range f.deep {
					p := a.p
					if a.upto != n {
						continue
					}
					i := n - p - 1
					for i >= 0 && g[i] == g[i+p] {
						i--
					}
					require.Equal(t, i, a.last, "trial %d n=%d p=%d", trial, n, p)
				}
			}
		}
	}
}

// TestCost checks the closed forms of plan.cost against the count of options, value by value:
// one for each take and each split in two, m²/12 for the splits of m in three (about their
// number).
func TestCost(t *testing.T) {
	for _, code := range []string{"0.77", "0.6", "0.07", "4.7", "0.2048", "0.FF", "0.156"} {
		pl := freshOctal(code).plan()
		slow := func(from, to int) float64 {
			c := 0.0
			for n := from; n < to; n++ {
				c += float64(len(pl.whole) + len(pl.leave1))
				for _, i := range pl.leave2 {
					c += float64(max(0, (n-i)/2))
				}
				for _, i := range pl.leave3 {
					c += float64(max(0, n-i-2)) // one per third heap, as the three-heap engine groups them
				}
			}
			return c
		}
		for _, r := range [][2]int{{0, 0}, {0, 1}, {0, 50}, {3, 7}, {17, 1000}, {999, 1001}, {5, 3}} {
			assert.InDelta(t, slow(r[0], r[1]), float64(pl.cost(r[0], r[1])), 1, "%s %v", code, r)
		}
	}
	capped := freshOctal("4.77").plan().cost(0, math.MaxInt)
	assert.GreaterOrEqual(t, capped, int64(unlimited/2), "capped, not wrapped")
}

// TestSkipUnequal compares skipUnequal with the plain loop it replaces, on values that try
// the lanes of the word it compares: values equal in some halves only, and runs of equal values.
func TestSkipUnequal(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	pool := []uint16{0, 1, 2, 0x7ffe, 0x7fff, 0x8000, 0x8001, 0xfffe, 0xffff, 0x0100, 0x00ff}
	for range 20000 {
		g := make([]uint16, 5+r.IntN(40))
		few := make([]uint16, 1+r.IntN(3)) // few values: many candidates agree at four pairs
		for i := range few {
			few[i] = pool[r.IntN(len(pool))]
		}
		for i := range g {
			g[i] = few[r.IntN(len(few))]
		}
		n := len(g)
		p, stop := 1+r.IntN(n-4), r.IntN(n-3)
		pairs := 1 + r.IntN(4)
		want := p
		for want <= stop && !slices.Equal(g[n-want-pairs:n-want], g[n-pairs:]) {
			want++
		}
		lanes := ^uint64(0) << (16 * (4 - pairs))
		require.Equal(t, want, skipUnequal(g, p, stop, lanes), "g %v p %d stop %d pairs %d", g, p, stop, pairs)
	}
}

// TestPeriodFinderSpillThenMemory checks the searches of a run that spills and falls back to
// memory: a spilled search looks only at the periods up to its pmax, so the first search in
// memory after it must look at every candidate again. Periodic values with a few late breaks,
// searched in memory, then spilled, then in memory, against findPeriod.
func TestPeriodFinderSpillThenMemory(t *testing.T) {
	r := rand.New(rand.NewPCG(21, 22))
	for trial := range 1500 {
		pre, p := r.IntN(400), 1+r.IntN(300)
		g := make([]uint16, 2*(pre+p)+r.IntN(1500))
		for i := range g {
			if i < pre+p {
				g[i] = uint16(r.IntN(1 + r.IntN(1000)))
			} else {
				g[i] = g[i-p]
			}
		}
		for range r.IntN(3) {
			g[pre+p+r.IntN(len(g)-pre-p)] ^= 1
		}
		tk := [][2]int{{1, 2}, {2, 2}, {5, 2}, {3, 3}}[r.IntN(4)]
		pmax := 1 + r.IntN(200)
		var f periodFinder
		phase := 0 // in memory, spilled, in memory again
		for n := 1 + r.IntN(10); n <= len(g); n += 1 + r.IntN(max(1, n/2)) {
			if phase < 2 && r.IntN(6) == 0 {
				phase++
			}
			var v *spillView
			if phase == 1 {
				v = &spillView{pmax: pmax} // floor 0: every value in memory, no file read
			}
			got, gok := f.find(g[:n], tk[0], tk[1], v)
			if v == nil {
				want, wok := findPeriod(g[:n], tk[0], tk[1])
				require.Equal(t, wok, gok, "trial %d n=%d", trial, n)
				require.Equal(t, want, got, "trial %d n=%d", trial, n)
			}
		}
	}
}
