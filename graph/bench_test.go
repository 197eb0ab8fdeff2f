package graph_test

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
	"time"

	"github.com/octalgames/kayles"
	"github.com/octalgames/kayles/graph"
)

// Each iteration solves with a fresh solver, so that the memo of an earlier iteration does not
// answer for the next.

func BenchmarkNodeKaylesGrid(b *testing.B) {
	for _, cols := range []int{6, 9, 12} {
		g := grid(3, cols)
		b.Run(fmt.Sprintf("outcome/3x%d", cols), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, err := graph.NewNodeGame(graph.Limits{}).Outcome(b.Context(), g); err != nil {
					b.Fatal(err)
				}
			}
		})
		b.Run(fmt.Sprintf("value/3x%d", cols), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, err := graph.NewNodeGame(graph.Limits{}).Value(b.Context(), g); err != nil {
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
		var graphs []*graph.Graph
		for range 8 {
			graphs = append(graphs, randomGraph(r, n, 3/float64(n-1)))
		}
		b.Run(fmt.Sprintf("outcome/n=%d", n), func(b *testing.B) {
			b.ReportAllocs()
			i := 0
			for b.Loop() {
				if _, err := graph.NewNodeGame(graph.Limits{}).Outcome(b.Context(), graphs[i%len(graphs)]); err != nil {
					b.Fatal(err)
				}
				i++
			}
		})
	}
}

func BenchmarkArcKaylesGrid(b *testing.B) {
	for _, cols := range []int{4, 6, 8} {
		g := grid(3, cols)
		b.Run(fmt.Sprintf("value/3x%d", cols), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, err := graph.NewArcGame(graph.Limits{}).Value(b.Context(), g); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

func BenchmarkCanonKey(b *testing.B) {
	r := rand.New(rand.NewPCG(9, 9))
	for _, g := range []*graph.Graph{grid(3, 12), randomGraph(r, 40, 3.0/39), cycle(40), graph.Petersen()} {
		b.Run(fmt.Sprintf("n=%d,m=%d", g.NumVertices(), g.NumEdges()), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				graph.CanonKey(g)
			}
		})
	}
}

// BenchmarkCancelLatency measures how long each question in the middle of its search takes to
// return once its context is cancelled: the contract promises under 100 ms. It reports the
// mean and the worst delay seen as latency-ms and worst-ms, on a random graph and on a
// vertex-transitive one, whose canonical forms are the slowest.
func BenchmarkCancelLatency(b *testing.B) {
	for _, g := range []struct {
		name string
		g    *graph.Graph
	}{{"random60", hardGraph()}, {"circulant64", circulant(64, 1, 2, 4, 8, 16)}} {
		for _, q := range questions {
			b.Run(g.name+"/"+strings.ReplaceAll(q.name, " ", "-"), func(b *testing.B) {
				var total, worst time.Duration
				n := 0
				for b.Loop() {
					node, arc := graph.NewNodeGame(graph.Limits{Steps: -1}), graph.NewArcGame(graph.Limits{Steps: -1})
					ctx, cancel := context.WithCancel(b.Context())
					done := make(chan time.Time)
					go func() {
						if err := q.ask(ctx, node, arc, g.g); err == nil {
							b.Error("solved before the cancel")
						}
						done <- time.Now()
					}()
					time.Sleep(20 * time.Millisecond)
					at := time.Now()
					cancel()
					d := (<-done).Sub(at)
					total += d
					worst = max(worst, d)
					n++
				}
				b.ReportMetric(float64(total.Microseconds())/float64(n)/1000, "latency-ms")
				b.ReportMetric(float64(worst.Microseconds())/1000, "worst-ms")
			})
		}
	}
}

// BenchmarkDefaultLimits asks every question with the default limits about random graphs of
// 60 vertices, G(60, p) with a fixed seed: each ends with an answer or a *kayles.LimitError,
// and the time per operation is the time to it. It reports limit=1 when the limit was
// reached.
func BenchmarkDefaultLimits(b *testing.B) {
	for _, p := range []float64{0.1, 0.2, 0.3, 0.5} {
		g := randomGraph(rand.New(rand.NewPCG(60, uint64(p*10))), 60, p)
		for _, q := range questions {
			b.Run(fmt.Sprintf("p=%.1f/%s", p, strings.ReplaceAll(q.name, " ", "-")), func(b *testing.B) {
				limited := 0.0
				for b.Loop() {
					node, arc := graph.NewNodeGame(graph.Limits{}), graph.NewArcGame(graph.Limits{})
					err := q.ask(context.Background(), node, arc, g)
					if errors.Is(err, kayles.ErrTooLarge) {
						limited = 1
					} else if err != nil {
						b.Fatal(err)
					}
				}
				b.ReportMetric(limited, "limit")
			})
		}
	}
}

// BenchmarkStepCost measures the time of a step, the unit of Limits.Steps, on graphs of
// several kinds, as ns/step: each question runs to a limit of 2^24 steps. The weights of the
// steps were fitted so that these stay within a factor of about two of each other, and
// DefaultSteps times the largest is the most time a call takes with the default limits.
func BenchmarkStepCost(b *testing.B) {
	const steps = 1 << 24
	r := rand.New(rand.NewPCG(1, 60))
	for _, g := range []struct {
		name string
		g    *graph.Graph
	}{
		{"random60-p0.05", randomGraph(r, 60, 0.05)},
		{"random60-p0.2", randomGraph(r, 60, 0.2)},
		{"random60-p0.7", randomGraph(r, 60, 0.7)},
		{"grid8x8", grid(8, 8)},
		{"hypercube6", hypercube(6)},
		{"circulant64", circulant(64, 1, 2, 4, 8, 16)},
		{"complete64", complete(64)},
		{"path64", path(64)},
	} {
		for _, q := range questions {
			if q.name[:4] == "node" && g.g.NumEdges() > 1000 {
				continue // answered at once: a vertex removes most of the graph
			}
			if g.name == "path64" && !strings.Contains(q.name, "misère") {
				continue // normal play on a path is answered at once
			}
			b.Run(g.name+"/"+strings.ReplaceAll(q.name, " ", "-"), func(b *testing.B) {
				for b.Loop() {
					limits := graph.Limits{Steps: steps}
					err := q.ask(context.Background(), graph.NewNodeGame(limits), graph.NewArcGame(limits), g.g)
					if !errors.Is(err, kayles.ErrTooLarge) {
						b.Skipf("answered within %d steps", steps)
					}
				}
				b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/steps, "ns/step")
			})
		}
	}
}

// hypercube returns the d-dimensional hypercube: 2^d vertices, joined when their numbers
// differ in one bit.
func hypercube(d int) *graph.Graph {
	var es [][2]int
	for v := range 1 << d {
		for i := range d {
			if w := v ^ 1<<i; w > v {
				es = append(es, [2]int{v, w})
			}
		}
	}
	return newGraph(1<<d, es...)
}
