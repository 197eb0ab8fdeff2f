package kayles_test

import (
	"context"
	"fmt"
	"math/rand/v2"
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

// Benchmarks of the tables.

// BenchmarkTableHint measures Hint in a won position (a full row) and in a lost one (a row
// of odd length with its middle pin down: two equal rows).
func BenchmarkTableHint(b *testing.B) {
	for _, n := range []int{kayles.Small, kayles.Large, 101, kayles.MaxPins - 1} {
		won, _ := kayles.NewTable(n)
		lost, _ := kayles.NewTable(n)
		if err := lost.Knock(n/2 + 1); err != nil {
			b.Fatal(err)
		}
		for _, c := range []struct {
			name string
			t    *kayles.Table
		}{{"won", won}, {"lost", lost}} {
			b.Run(fmt.Sprintf("%s/n=%d", c.name, n), func(b *testing.B) {
				b.ReportAllocs()
				for b.Loop() {
					c.t.Hint()
				}
			})
		}
	}
}

// BenchmarkOpponent measures a choice of each opponent at a lost row of 999 pins and at a
// full one.
func BenchmarkOpponent(b *testing.B) {
	lost, _ := kayles.NewTable(kayles.MaxPins - 1)
	if err := lost.Knock(kayles.MaxPins / 2); err != nil {
		b.Fatal(err)
	}
	full, _ := kayles.NewTable(kayles.MaxPins - 1)
	for _, opp := range []kayles.Opponent{
		kayles.NewPerfect(rand.New(rand.NewPCG(1, 1))),
		kayles.NewSymmetry(rand.New(rand.NewPCG(1, 1))),
		kayles.NewRandom(rand.New(rand.NewPCG(1, 1))),
	} {
		for name, t := range map[string]*kayles.Table{"lost": lost, "full": full} {
			b.Run(fmt.Sprintf("%s/%s/n=%d", opp, name, t.Size()), func(b *testing.B) {
				b.ReportAllocs()
				for b.Loop() {
					opp.ChooseKnock(t)
				}
			})
		}
	}
}

// BenchmarkNimTableHint measures Hint on Nim tables of 4 and 100 heaps, in misère and normal
// play, won and lost (lost: pairs of equal heaps), with small heaps (1, 1, 2, 2, ...) and with
// heaps of up to MaxNimHeap objects (1000, 1000, 999, 999, ...). A lost position's hint looks
// at every one-object move and its replies.
func BenchmarkNimTableHint(b *testing.B) {
	for _, misere := range []bool{true, false} {
		play := map[bool]string{true: "misere", false: "normal"}[misere]
		for _, size := range []string{"small", "max=1000"} {
			for _, h := range []int{4, kayles.MaxNimHeaps} {
				heaps := make([]int, h)
				for i := range heaps {
					heaps[i] = 1 + i/2
					if size != "small" {
						heaps[i] = kayles.MaxNimHeap - i/2
					}
				}
				lost, _ := kayles.NewNimTable(misere, heaps...)
				heaps[h-1]--
				won, _ := kayles.NewNimTable(misere, heaps...)
				for _, c := range []struct {
					name string
					t    *kayles.NimTable
				}{{"won", won}, {"lost", lost}} {
					b.Run(fmt.Sprintf("%s/%s/%s/heaps=%d", play, c.name, size, h), func(b *testing.B) {
						b.ReportAllocs()
						for b.Loop() {
							c.t.Hint()
						}
					})
				}
			}
		}
	}
}

// BenchmarkNimOpponent measures the perfect opponent's choice on a misère Nim table of 100
// heaps of up to 1000 objects, won and lost, with a seeded source.
func BenchmarkNimOpponent(b *testing.B) {
	heaps := make([]int, kayles.MaxNimHeaps)
	for i := range heaps {
		heaps[i] = kayles.MaxNimHeap - i/2
	}
	lost, _ := kayles.NewNimTable(true, heaps...)
	heaps[len(heaps)-1]--
	won, _ := kayles.NewNimTable(true, heaps...)
	opp := kayles.NewPerfect(rand.New(rand.NewPCG(1, 1)))
	for _, c := range []struct {
		name string
		t    *kayles.NimTable
	}{{"won", won}, {"lost", lost}} {
		b.Run(c.name+"/heaps=100", func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				opp.ChooseTake(c.t)
			}
		})
	}
}

// BenchmarkNimClosedForm measures Nim and Lasker's Nim by their closed forms on heaps far
// beyond any table: a value, and the first winning move in normal and misère play in 100
// heaps of about 10^15.
func BenchmarkNimClosedForm(b *testing.B) {
	b.Run("LaskersNim.Grundy/n=1e15", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			_ = kayles.LaskersNim.Grundy(1e15 + 3)
		}
	})
	hs := make([]int, 100)
	for i := range hs {
		hs[i] = 1e15 + 7*i
	}
	p := kayles.NewPosition(hs...)
	b.Run("Nim.WinningMove/heaps=100", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			kayles.Nim.WinningMove(p)
		}
	})
	b.Run("LaskersNim.WinningMove/heaps=100", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			kayles.LaskersNim.WinningMove(p)
		}
	})
	b.Run("Nim.MisereWinningMove/heaps=100", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			kayles.Nim.MisereWinningMove(p)
		}
	})
}

// BenchmarkTableText measures restoring a finished game of 999 pins from its text form.
func BenchmarkTableText(b *testing.B) {
	t, _ := kayles.NewTable(kayles.MaxPins - 1)
	for p := 1; p < kayles.MaxPins; p++ {
		if err := t.Knock(p); err != nil {
			b.Fatal(err)
		}
	}
	text, _ := t.MarshalText()
	b.ReportAllocs()
	for b.Loop() {
		var back kayles.Table
		if err := back.UnmarshalText(text); err != nil {
			b.Fatal(err)
		}
	}
}

// Benchmarks for graphs (issue 6). Each iteration solves with a fresh solver, so that the memo
// of an earlier iteration does not answer for the next.

func BenchmarkNodeKaylesGrid(b *testing.B) {
	for _, cols := range []int{6, 9, 12} {
		g := kayles.GridGraph(3, cols)
		b.Run(fmt.Sprintf("outcome/3x%d", cols), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, err := kayles.NewNodeGame(0).Outcome(g); err != nil {
					b.Fatal(err)
				}
			}
		})
		b.Run(fmt.Sprintf("grundy/3x%d", cols), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, err := kayles.NewNodeGame(0).Grundy(g); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkNodeKaylesRandom solves random graphs of average degree 3, cycling through 8 fixed
// graphs of each size.
func BenchmarkNodeKaylesRandom(b *testing.B) {
	for _, n := range []int{20, 30, 40} {
		r := rand.New(rand.NewPCG(uint64(n), 40))
		var graphs []*kayles.Graph
		for range 8 {
			graphs = append(graphs, randomGraph(r, n, 3/float64(n-1)))
		}
		b.Run(fmt.Sprintf("outcome/n=%d", n), func(b *testing.B) {
			b.ReportAllocs()
			i := 0
			for b.Loop() {
				if _, err := kayles.NewNodeGame(0).Outcome(graphs[i%len(graphs)]); err != nil {
					b.Fatal(err)
				}
				i++
			}
		})
	}
}

func BenchmarkArcKaylesGrid(b *testing.B) {
	for _, cols := range []int{4, 6, 8} {
		g := kayles.GridGraph(3, cols)
		b.Run(fmt.Sprintf("grundy/3x%d", cols), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, err := kayles.NewArcGame(0).Grundy(g); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

func BenchmarkCanonKey(b *testing.B) {
	r := rand.New(rand.NewPCG(9, 9))
	for _, g := range []*kayles.Graph{kayles.GridGraph(3, 12), randomGraph(r, 40, 3.0/39), kayles.CycleGraph(40), kayles.PetersenGraph()} {
		b.Run(fmt.Sprintf("n=%d,m=%d", g.NumVertices(), g.NumEdges()), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				kayles.CanonKey(g)
			}
		})
	}
}

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
	for _, n := range []uint64{10, 1 << 20, 1 << 62} {
		b.Run("n="+strconv.FormatUint(n, 10), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				_ = kayles.K(n)
			}
		})
	}
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
				if _, ok := kayles.PeriodSearch(g, 3, 2); ok {
					b.Fatal("a period was proven in values that have none")
				}
			}
		})
	}
}
