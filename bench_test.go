package kayles_test

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/octalgames/kayles"
)

// Misère play (issue 4).

// miserePositions returns a position of n rows of exceptional lengths only (the table's path)
// and one of n rows of any length up to 10^6 (the normal-play path).
func miserePositions(n int) (exceptional, mixed kayles.Position) {
	r := rand.New(rand.NewPCG(4, uint64(n)))
	ex := []int{1, 4, 5, 9, 12, 17, 20, 25}
	a, b := make([]int, n), make([]int, n)
	for i := range n {
		a[i] = ex[r.IntN(len(ex))]
		b[i] = 1 + r.IntN(1_000_000)
	}
	return kayles.NewPosition(a...), kayles.NewPosition(b...)
}

func BenchmarkMisereKaylesOutcome(b *testing.B) {
	for _, n := range []int{10, 100, 1000, 10000} {
		ex, mixed := miserePositions(n)
		b.Run(fmt.Sprintf("rows=%d/exceptional", n), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				kayles.Kayles.MisereOutcome(ex)
			}
		})
		b.Run(fmt.Sprintf("rows=%d/mixed", n), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				kayles.Kayles.MisereOutcome(mixed)
			}
		})
	}
}

func BenchmarkMisereKaylesWinningMove(b *testing.B) {
	for _, n := range []int{10, 100, 1000} {
		ex, mixed := miserePositions(n)
		b.Run(fmt.Sprintf("rows=%d/exceptional", n), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				kayles.Kayles.MisereWinningMove(ex)
			}
		})
		b.Run(fmt.Sprintf("rows=%d/mixed", n), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				kayles.Kayles.MisereWinningMove(mixed)
			}
		})
	}
}

// BenchmarkMisereSearch solves every position of up to n tokens from an empty memo.
func BenchmarkMisereSearch(b *testing.B) {
	for _, o := range []*kayles.Octal{kayles.DawsonsKayles, kayles.Treblecross} {
		for _, n := range []int{20, 30} {
			var ps []kayles.Position
			var hs []int
			var rec func(largest, left int)
			rec = func(largest, left int) {
				ps = append(ps, kayles.NewPosition(hs...))
				for h := 1; h <= largest && h <= left; h++ {
					hs = append(hs, h)
					rec(h, left-h)
					hs = hs[:len(hs)-1]
				}
			}
			rec(n, n)
			b.Run(fmt.Sprintf("%s/tokens=%d", o, n), func(b *testing.B) {
				b.ReportAllocs()
				for b.Loop() {
					kayles.ResetMisereMemo()
					for _, p := range ps {
						o.MisereOutcome(p)
					}
				}
			})
		}
	}
}
