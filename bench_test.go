package kayles_test

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"strconv"
	"testing"
	"time"

	"github.com/octalgames/kayles"
)

// BenchmarkValues computes G(0..n-1) of Officers (0.6) from scratch with the mex engine.
func BenchmarkValues(b *testing.B) {
	for _, n := range []int{1000, 4000, 16000} {
		b.Run("code=0.6/n="+strconv.Itoa(n), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, err := kayles.MustParseOctal("0.6").Values(ctx, n); err != nil {
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
				if _, ok := must2(kayles.MustParseOctal(code).Period(ctx, 1<<15)); !ok {
					b.Fatal("no period")
				}
			}
		})
	}
}

func BenchmarkK(b *testing.B) {
	b.ReportAllocs()
	n := int(1e15)
	for b.Loop() {
		v, _ := kayles.K(n)
		n += v
	}
}

// BenchmarkWinningMove finds a winning move in positions of r huge rows.
func BenchmarkWinningMove(b *testing.B) {
	for _, r := range []int{1, 10, 100} {
		hs := make([]int, r)
		for i := range hs {
			hs[i] = 1e15 + 7*i
		}
		p := kayles.MustNewPosition(hs...)
		b.Run("rows="+strconv.Itoa(r), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				must2(kayles.Kayles.WinningMove(ctx, p))
			}
		})
	}
}

// Benchmarks of the tables.

// BenchmarkNimClosedForm measures Nim and Lasker's Nim by their closed forms on heaps far
// beyond any table: a value, and the first winning move in normal and misère play in 100
// heaps of about 10^15.
func BenchmarkNimClosedForm(b *testing.B) {
	b.Run("LaskersNim.Grundy/n=1e15", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			_ = must(kayles.LaskersNim.Grundy(ctx, 1e15+3))
		}
	})
	hs := make([]int, 100)
	for i := range hs {
		hs[i] = 1e15 + 7*i
	}
	p := kayles.MustNewPosition(hs...)
	b.Run("Nim.WinningMove/heaps=100", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			must2(kayles.Nim.WinningMove(ctx, p))
		}
	})
	b.Run("LaskersNim.WinningMove/heaps=100", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			must2(kayles.LaskersNim.WinningMove(ctx, p))
		}
	})
	b.Run("Nim.MisereWinningMove/heaps=100", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			must2(kayles.Nim.MisereWinningMove(ctx, p))
		}
	})
}

// Benchmarks for graphs (issue 6). Each iteration solves with a fresh solver, so that the memo
// of an earlier iteration does not answer for the next.

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
	return kayles.MustNewPosition(a...), kayles.MustNewPosition(b...)
}

func BenchmarkMisereKaylesOutcome(b *testing.B) {
	for _, n := range []int{10, 100, 1000, 10000} {
		ex, mixed := miserePositions(n)
		b.Run(fmt.Sprintf("rows=%d/exceptional", n), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				must(kayles.Kayles.MisereOutcome(ctx, ex))
			}
		})
		b.Run(fmt.Sprintf("rows=%d/mixed", n), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				must(kayles.Kayles.MisereOutcome(ctx, mixed))
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
				must2(kayles.Kayles.MisereWinningMove(ctx, ex))
			}
		})
		b.Run(fmt.Sprintf("rows=%d/mixed", n), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				must2(kayles.Kayles.MisereWinningMove(ctx, mixed))
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
				ps = append(ps, kayles.MustNewPosition(hs...))
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
					fresh := o.WithLimits(kayles.Limits{}) // an empty memo
					for _, p := range ps {
						must(fresh.MisereOutcome(ctx, p))
					}
				}
			})
		}
	}
}

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
		{"4!.0", 1 << 20}, // Grundy's game: a modifier, so no proof; runs to n
		{"4!.0", 1 << 22},
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
	for _, n := range []int{10, 1 << 20, 1 << 62} {
		b.Run("n="+strconv.Itoa(n), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				_, _ = kayles.K(n)
			}
		})
	}
}

// BenchmarkCancel measures how long each slow question goes on after its context is done
// (the contract is 100 ms): it reports the mean delay past a deadline of 20 ms as ms-late.
func BenchmarkCancel(b *testing.B) {
	const deadline = 20 * time.Millisecond
	for _, q := range slowQuestions() {
		b.Run(q.name, func(b *testing.B) {
			var late time.Duration
			for b.Loop() {
				ctx, cancel := context.WithTimeout(context.Background(), deadline)
				start := time.Now()
				if err := q.ask(ctx); !errors.Is(err, context.DeadlineExceeded) {
					b.Fatalf("answered within %v: %v", deadline, err)
				}
				late += time.Since(start) - deadline
				cancel()
			}
			b.ReportMetric(float64(late.Microseconds())/1000/float64(b.N), "ms-late")
		})
	}
}

// BenchmarkThreeHeaps computes values of the ruler game 0.2048 (Grossman & Nowakowski), whose
// moves leave three heaps and whose values grow as about n/3, from scratch with the three-heap
// engine; the goals are 2^15 values in under 10 s and 10^5 in under 2 minutes.
func BenchmarkThreeHeaps(b *testing.B) {
	for _, n := range []int{1 << 12, 1 << 13, 1 << 14, 1 << 15} {
		b.Run("code=0.2048/n="+strconv.Itoa(n), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, err := kayles.MustParseOctal("0.2048").Values(ctx, n); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkRunSmallPeriods proves the short periods of 0.B and 0.F (period 2, from a few
// values; they leave three heaps) and of Kayles with Run from scratch.
func BenchmarkRunSmallPeriods(b *testing.B) {
	for _, code := range []string{"0.B", "0.F", "0.77"} {
		b.Run("code="+code, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				r, err := kayles.MustParseOctal(code).Run(ctx, kayles.RunOptions{})
				if err != nil || r.Period.Period == 0 {
					b.Fatal(r, err)
				}
			}
		})
	}
}

// BenchmarkQuotient computes misère quotients from scratch: 0.75 (R8, proven periodic by heap
// 21), Dawson's Kayles and Kayles to heap 12, Guiles to heap 16, and the whole of misère
// Kayles (Φ proven periodic by heap 167).
func BenchmarkQuotient(b *testing.B) {
	for _, c := range []struct {
		code string
		n    int
	}{{"0.75", 30}, {"0.07", 12}, {"0.77", 12}, {"0.15", 16}, {"0.77", 200}} {
		b.Run(c.code+"/n="+strconv.Itoa(c.n), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, err := kayles.MustParseOctal(c.code).Quotient(context.Background(), c.n); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkParseQuotient reads back and verifies the text of Dawson's Kayles' Q_27 (order 176).
func BenchmarkParseQuotient(b *testing.B) {
	q, err := kayles.DawsonsKayles.Quotient(context.Background(), 27)
	if err != nil {
		b.Fatal(err)
	}
	s := q.String()
	b.ReportAllocs()
	for b.Loop() {
		if _, err := kayles.ParseQuotient(context.Background(), s); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkQuotientOutcome answers a position of many heaps through R8, the quotient of 0.75.
func BenchmarkQuotientOutcome(b *testing.B) {
	q, err := kayles.MustParseOctal("0.75").Quotient(context.Background(), 30)
	if err != nil {
		b.Fatal(err)
	}
	for _, heaps := range []int{10, 1000, 100000} {
		hs := make([]int, heaps)
		r := rand.New(rand.NewPCG(1, 2))
		for i := range hs {
			hs[i] = 1 + r.IntN(1<<30)
		}
		p := kayles.MustNewPosition(hs...)
		b.Run("heaps="+strconv.Itoa(heaps), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, err := q.Outcome(p); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
