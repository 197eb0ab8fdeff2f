package graph_test

import (
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/octalgames/kayles/graph"
)

// relabel returns g with vertex v renamed perm[v].
func relabel(g *graph.Graph, perm []int) *graph.Graph {
	var es [][2]int
	for e := range g.Edges() {
		es = append(es, [2]int{perm[e[0]], perm[e[1]]})
	}
	return newGraph(g.NumVertices(), es...)
}

func randomGraph(r *rand.Rand, n int, p float64) *graph.Graph {
	var es [][2]int
	for u := range n {
		for v := u + 1; v < n; v++ {
			if r.Float64() < p {
				es = append(es, [2]int{u, v})
			}
		}
	}
	return newGraph(n, es...)
}

// allGraphs returns one graph of each isomorphism class on n vertices, for n = 0..max: each
// class on n vertices is a class on n-1 vertices with a vertex added, joined to some subset.
// Classes are told apart by CanonKey, so the counts test it.
func allGraphs(max int) [][]*graph.Graph {
	classes := [][]*graph.Graph{{newGraph(0)}}
	for n := 1; n <= max; n++ {
		seen := map[string]bool{}
		var out []*graph.Graph
		for _, g := range classes[n-1] {
			base := slicesEdges(g)
			for mask := range 1 << (n - 1) {
				es := base
				for u := range n - 1 {
					if mask>>u&1 != 0 {
						es = append(es[:len(es):len(es)], [2]int{u, n - 1})
					}
				}
				h := newGraph(n, es...)
				if k := graph.CanonKey(h); !seen[k] {
					seen[k] = true
					out = append(out, h)
				}
			}
		}
		classes = append(classes, out)
	}
	return classes
}

func slicesEdges(g *graph.Graph) [][2]int {
	var es [][2]int
	for e := range g.Edges() {
		es = append(es, e)
	}
	return es
}

// TestCanonCountsGraphs counts the graphs on up to 7 vertices up to isomorphism, as CanonKey
// tells them apart: too many would mean isomorphic graphs with different keys, too few
// different graphs with one key.
func TestCanonCountsGraphs(t *testing.T) {
	want := readInts(t, "testdata/graphs_up_to_iso.txt")
	classes := allGraphs(7)
	for n, gs := range classes {
		assert.Equal(t, want[n], len(gs), "graphs on %d vertices", n)
	}
}

func TestCanonInvariant(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	graphs := []*graph.Graph{graph.Petersen(), grid(3, 12), grid(8, 8), cycle(64),
		complete(20), bipartite(7, 9), star(40), path(64)}
	for range 200 {
		n := 1 + r.IntN(40)
		graphs = append(graphs, randomGraph(r, n, r.Float64()))
	}
	for _, g := range graphs {
		key := graph.CanonKey(g)
		require.Equal(t, 1+(g.NumVertices()*(g.NumVertices()-1)/2+7)/8, len(key))
		for range 5 {
			h := relabel(g, r.Perm(g.NumVertices()))
			assert.Equal(t, key, graph.CanonKey(h), g.String())
		}
	}
	// Same degrees, not isomorphic: C6 and two triangles; the 3-prism and K_{3,3}.
	assert.NotEqual(t, graph.CanonKey(cycle(6)), graph.CanonKey(graph.MustParse("6: 0-1 1-2 2-0 3-4 4-5 5-3")))
	assert.NotEqual(t, graph.CanonKey(bipartite(3, 3)),
		graph.CanonKey(graph.MustParse("6: 0-1 1-2 2-0 3-4 4-5 5-3 0-3 1-4 2-5")))
}
