package kayles_test

import (
	"fmt"
	"math/rand/v2"
	"testing"

	. "github.com/octalgames/kayles"
)

// Benchmarks for graphs (issue 6). Each iteration solves with a fresh solver, so that the memo
// of an earlier iteration does not answer for the next.

func BenchmarkNodeKaylesGrid(b *testing.B) {
	for _, cols := range []int{6, 9, 12} {
		g := GridGraph(3, cols)
		b.Run(fmt.Sprintf("outcome/3x%d", cols), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, err := NewNodeGame(0).Outcome(g); err != nil {
					b.Fatal(err)
				}
			}
		})
		b.Run(fmt.Sprintf("grundy/3x%d", cols), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, err := NewNodeGame(0).Grundy(g); err != nil {
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
		var graphs []*Graph
		for range 8 {
			graphs = append(graphs, randomGraph(r, n, 3/float64(n-1)))
		}
		b.Run(fmt.Sprintf("outcome/n=%d", n), func(b *testing.B) {
			b.ReportAllocs()
			i := 0
			for b.Loop() {
				if _, err := NewNodeGame(0).Outcome(graphs[i%len(graphs)]); err != nil {
					b.Fatal(err)
				}
				i++
			}
		})
	}
}

func BenchmarkArcKaylesGrid(b *testing.B) {
	for _, cols := range []int{4, 6, 8} {
		g := GridGraph(3, cols)
		b.Run(fmt.Sprintf("grundy/3x%d", cols), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, err := NewArcGame(0).Grundy(g); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

func BenchmarkCanonKey(b *testing.B) {
	r := rand.New(rand.NewPCG(9, 9))
	for _, g := range []*Graph{GridGraph(3, 12), randomGraph(r, 40, 3.0/39), CycleGraph(40), PetersenGraph()} {
		b.Run(fmt.Sprintf("n=%d,m=%d", g.NumVertices(), g.NumEdges()), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				CanonKey(g)
			}
		})
	}
}
