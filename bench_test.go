package kayles_test

import (
	"strconv"
	"testing"

	"github.com/octalgames/kayles"
)

// BenchmarkValues computes G(0..n-1) of Officers (0.6) from scratch with the mex engine.
func BenchmarkValues(b *testing.B) {
	for _, n := range []int{1000, 4000, 16000} {
		b.Run("code=0.6/n="+strconv.Itoa(n), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, err := kayles.MustParseOctal("0.6").Values(n); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkPeriod proves the period of a game from scratch.
func BenchmarkPeriod(b *testing.B) {
	for _, code := range []string{"0.77", "0.45", "0.156"} {
		b.Run("code="+code, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, ok := kayles.MustParseOctal(code).Period(1 << 15); !ok {
					b.Fatal("no period")
				}
			}
		})
	}
}

func BenchmarkK(b *testing.B) {
	b.ReportAllocs()
	n := uint64(1e15)
	for b.Loop() {
		n += uint64(kayles.K(n))
	}
}

// BenchmarkWinningMove finds a winning move in positions of r huge rows.
func BenchmarkWinningMove(b *testing.B) {
	for _, r := range []int{1, 10, 100} {
		hs := make([]int, r)
		for i := range hs {
			hs[i] = 1e15 + 7*i
		}
		p := kayles.NewPosition(hs...)
		b.Run("rows="+strconv.Itoa(r), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				kayles.Kayles.WinningMove(p)
			}
		})
	}
}
