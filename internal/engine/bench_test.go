package engine

import (
	"math/rand/v2"
	"strconv"
	"testing"
)

// periodSearch runs the incremental period search over the prefixes of g from half its length
// to all of it, in eight steps as a run takes them, and returns the last answer.
func periodSearch(g []uint16, t, k int) (p Period, ok bool) {
	var f periodFinder
	for n := len(g) / 2; n <= len(g); n += len(g) / 16 {
		p, ok = f.find(g[:n], t, k, nil)
	}
	return p, ok
}

// BenchmarkPeriodSearch measures the period search that Run makes after each step, over
// values that are not periodic (random, with a third of them repeating the value 96 before),
// where nearly every candidate fails at the first pair.
func BenchmarkPeriodSearch(b *testing.B) {
	for _, n := range []int{1 << 22, 1 << 26} {
		b.Run("n="+strconv.Itoa(n), func(b *testing.B) {
			b.ReportAllocs()
			r := rand.New(rand.NewPCG(1, 2))
			g := make([]uint16, n)
			for i := range g {
				g[i] = uint16(r.IntN(64))
				if i >= 96 && r.IntN(3) == 0 {
					g[i] = g[i-96]
				}
			}
			for b.Loop() {
				if _, ok := periodSearch(g, 3, 2); ok {
					b.Fatal("a period was proven in values that have none")
				}
			}
		})
	}
	// 0.1777's values, small and regular, where candidates often agree at a pair or two.
	b.Run("code=0.1777/n=2097152", func(b *testing.B) {
		o := freshOctal("0.1777")
		o.eng.pairs.from = MaxValues + 1 // one core
		vals, err := o.Values(ctx, 1<<21)
		if err != nil {
			b.Fatal(err)
		}
		g := make([]uint16, len(vals))
		for i, v := range vals {
			g[i] = uint16(v)
		}
		for b.Loop() {
			if _, ok := periodSearch(g, 4, 2); ok {
				b.Fatal("a period was proven before 446,797,094 values")
			}
		}
	})
}
