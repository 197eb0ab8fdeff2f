package kayles_test

import (
	"context"
	"strconv"
	"testing"

	"github.com/octalgames/kayles"
)

// BenchmarkRun computes values of sparse games from scratch with Run, as the octal tool does:
// to the proof of the period, or to n values. It reports values per second. The side-by-side
// figures with the Rust crate ogs come from the octal tool (see BENCHMARKS.md).
func BenchmarkRun(b *testing.B) {
	cases := []struct {
		code string
		n    int
	}{
		{"0.16", 1 << 20}, // proven at 510,688 values
		{"0.6", 1 << 14},
		{"0.6", 1 << 16},
		{"0.6", 1 << 18},
		{"0.6", 1 << 20},
		{"0.1777", 1 << 20},
		{"0.1777", 1 << 22},
		{"0.354", 1 << 20},
		{"0.354", 1 << 22},
		{"0.376", 1 << 20},
	}
	for _, c := range cases {
		b.Run("code="+c.code+"/n="+strconv.Itoa(c.n), func(b *testing.B) {
			b.ReportAllocs()
			values := 0
			for b.Loop() {
				r, err := kayles.MustParseOctal(c.code).Run(context.Background(), kayles.RunOptions{Limit: c.n})
				if err != nil {
					b.Fatal(err)
				}
				values += r.Values
			}
			b.ReportMetric(float64(values)/b.Elapsed().Seconds(), "values/s")
		})
	}
}

// BenchmarkKFar shows that K stays O(1) however long the row.
func BenchmarkKFar(b *testing.B) {
	for _, n := range []uint64{10, 1 << 20, 1 << 62} {
		b.Run("n="+strconv.FormatUint(n, 10), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				_ = kayles.K(n)
			}
		})
	}
}
