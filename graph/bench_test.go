package graph_test

import (
	"context"
	"fmt"
	"math/rand/v2"
	"testing"
	"time"

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

// BenchmarkCancelLatency measures how long a solve in the middle of its search takes to return
// once its context is cancelled: the contract promises under 100 ms. It reports the mean and
// the worst delay seen as latency-ms and worst-ms.
func BenchmarkCancelLatency(b *testing.B) {
	g := hardGraph()
	for _, tc := range []struct {
		name string
		ask  func(ctx context.Context) error
	}{
		{"node/value", func(ctx context.Context) error {
			_, err := graph.NewNodeGame(graph.Limits{Positions: -1}).Value(ctx, g)
			return err
		}},
		{"node/misère-value", func(ctx context.Context) error {
			_, err := graph.NewNodeGame(graph.Limits{Positions: -1}).MisereValue(ctx, g)
			return err
		}},
		{"arc/outcome", func(ctx context.Context) error {
			_, err := graph.NewArcGame(graph.Limits{Positions: -1}).Outcome(ctx, g)
			return err
		}},
	} {
		b.Run(tc.name, func(b *testing.B) {
			var total, worst time.Duration
			n := 0
			for b.Loop() {
				ctx, cancel := context.WithCancel(b.Context())
				done := make(chan time.Time)
				go func() {
					if err := tc.ask(ctx); err == nil {
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
