package graph_test

import (
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/octalgames/kayles"
	"github.com/octalgames/kayles/graph"
)

// The families, for tests, where the sizes are constants.
func path(n int) *graph.Graph                   { return graph.Must(graph.Path(n)) }
func cycle(n int) *graph.Graph                  { return graph.Must(graph.Cycle(n)) }
func complete(n int) *graph.Graph               { return graph.Must(graph.Complete(n)) }
func star(n int) *graph.Graph                   { return graph.Must(graph.Star(n)) }
func bipartite(a, b int) *graph.Graph           { return graph.Must(graph.CompleteBipartite(a, b)) }
func grid(rows, cols int) *graph.Graph          { return graph.Must(graph.Grid(rows, cols)) }
func newGraph(n int, es ...[2]int) *graph.Graph { return graph.Must(graph.New(n, es...)) }

func edges(g *graph.Graph) [][2]int { return slices.Collect(g.Edges()) }

func TestNew(t *testing.T) {
	g, err := graph.New(4, [2]int{1, 0}, [2]int{1, 2}, [2]int{0, 1}, [2]int{3, 2})
	require.NoError(t, err)
	assert.Equal(t, 4, g.NumVertices())
	assert.Equal(t, 3, g.NumEdges())
	assert.Equal(t, [][2]int{{0, 1}, {1, 2}, {2, 3}}, edges(g))
	assert.Equal(t, []int{0, 2}, slices.Collect(g.Neighbors(1)))
	assert.Equal(t, 2, g.Degree(2))
	assert.True(t, g.HasEdge(2, 1))
	assert.False(t, g.HasEdge(0, 2))
	assert.False(t, g.HasEdge(-1, 2))
	assert.False(t, g.HasEdge(0, 9))
	assert.True(t, g.Equal(path(4)))
	assert.False(t, g.Equal(cycle(4)))

	// A vertex number that is not a vertex is no precondition: it has no neighbours.
	for _, v := range []int{-1, 4, 1 << 40} {
		assert.False(t, g.HasVertex(v), "%d", v)
		assert.Equal(t, 0, g.Degree(v), "%d", v)
		assert.Empty(t, slices.Collect(g.Neighbors(v)), "%d", v)
	}
	assert.True(t, g.HasVertex(0))
	assert.True(t, g.HasVertex(3))

	for _, tc := range []struct {
		n     int
		edges [][2]int
		msg   string
	}{
		{-1, nil, "vertex count"},
		{graph.MaxVertices + 1, nil, "vertex count"},
		{3, [][2]int{{0, 3}}, "not a vertex"},
		{3, [][2]int{{-1, 0}}, "not a vertex"},
		{3, [][2]int{{1, 1}}, "loop"},
	} {
		_, err := graph.New(tc.n, tc.edges...)
		require.ErrorIs(t, err, kayles.ErrRange)
		var ge *graph.GraphError
		require.ErrorAs(t, err, &ge)
		assert.Equal(t, tc.n, ge.Vertices)
		assert.Contains(t, ge.Reason, tc.msg)
		assert.Contains(t, err.Error(), tc.msg)
	}
	assert.Panics(t, func() { graph.Must(graph.New(-1)) })
}

func TestZeroGraph(t *testing.T) {
	var zero graph.Graph
	var null *graph.Graph
	for _, g := range []*graph.Graph{&zero, null} {
		assert.Equal(t, 0, g.NumVertices())
		assert.Equal(t, 0, g.NumEdges())
		assert.Equal(t, "0:", g.String())
		assert.Equal(t, "?", g.Graph6())
		assert.Empty(t, edges(g))
		assert.True(t, g.Equal(newGraph(0)))
		assert.False(t, g.HasVertex(0))
		assert.Equal(t, 0, g.Degree(0))
	}
}

func TestFamilies(t *testing.T) {
	for _, tc := range []struct {
		name string
		g    *graph.Graph
		n, m int
		text string
		degs []int
	}{
		{"path0", path(0), 0, 0, "0:", nil},
		{"path1", path(1), 1, 0, "1:", []int{0}},
		{"path4", path(4), 4, 3, "4: 0-1 1-2 2-3", []int{1, 2, 2, 1}},
		{"cycle2", cycle(2), 2, 1, "2: 0-1", []int{1, 1}},
		{"cycle5", cycle(5), 5, 5, "5: 0-1 0-4 1-2 2-3 3-4", []int{2, 2, 2, 2, 2}},
		{"complete4", complete(4), 4, 6, "4: 0-1 0-2 0-3 1-2 1-3 2-3", []int{3, 3, 3, 3}},
		{"star3", star(3), 4, 3, "4: 0-1 0-2 0-3", []int{3, 1, 1, 1}},
		{"k23", bipartite(2, 3), 5, 6, "5: 0-2 0-3 0-4 1-2 1-3 1-4", []int{3, 3, 2, 2, 2}},
		{"grid23", grid(2, 3), 6, 7, "6: 0-1 0-3 1-2 1-4 2-5 3-4 4-5", []int{2, 3, 2, 2, 3, 2}},
		{"grid0", grid(0, 5), 0, 0, "0:", nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			assert.Equal(t, tc.n, tc.g.NumVertices())
			assert.Equal(t, tc.m, tc.g.NumEdges())
			assert.Equal(t, tc.text, tc.g.String())
			var degs []int
			for v := range tc.g.NumVertices() {
				degs = append(degs, tc.g.Degree(v))
			}
			assert.Equal(t, tc.degs, degs)
		})
	}
	p := graph.Petersen()
	assert.Equal(t, 10, p.NumVertices())
	assert.Equal(t, 15, p.NumEdges())
	for v := range 10 {
		assert.Equal(t, 3, p.Degree(v))
	}
	// The Petersen graph has girth 5: no triangle and no 4-cycle, so two vertices share at
	// most one neighbour, and exactly one when they are not adjacent.
	for u := range 10 {
		for v := u + 1; v < 10; v++ {
			common := 0
			for w := range p.Neighbors(u) {
				if p.HasEdge(w, v) {
					common++
				}
			}
			if p.HasEdge(u, v) {
				assert.Equal(t, 0, common, "%d-%d", u, v)
			} else {
				assert.Equal(t, 1, common, "%d-%d", u, v)
			}
		}
	}
	// networkx writes the Petersen graph, numbered as here, as "IheA@GUAo".
	assert.Equal(t, "IheA@GUAo", p.Graph6())
}

// TestFamilySizes checks that a size out of range is an error, never a panic, and that the
// largest sizes allowed are allowed.
func TestFamilySizes(t *testing.T) {
	for _, tc := range []struct {
		name  string
		build func() (*graph.Graph, error)
		value int
	}{
		{"Path(-1)", func() (*graph.Graph, error) { return graph.Path(-1) }, -1},
		{"Cycle(max+1)", func() (*graph.Graph, error) { return graph.Cycle(graph.MaxVertices + 1) }, graph.MaxVertices + 1},
		{"Complete(5000)", func() (*graph.Graph, error) { return graph.Complete(5000) }, 5000},
		{"Star(max)", func() (*graph.Graph, error) { return graph.Star(graph.MaxVertices) }, graph.MaxVertices},
		{"Grid(2^40, 2^40)", func() (*graph.Graph, error) { return graph.Grid(1<<40, 1<<40) }, 1 << 40},
		{"Grid(-1, 3)", func() (*graph.Graph, error) { return graph.Grid(-1, 3) }, -1},
		{"Grid(400, 400)", func() (*graph.Graph, error) { return graph.Grid(400, 400) }, 400},
		{"CompleteBipartite(-1, 2)", func() (*graph.Graph, error) { return graph.CompleteBipartite(-1, 2) }, -1},
		{"CompleteBipartite(2, max)", func() (*graph.Graph, error) { return graph.CompleteBipartite(2, graph.MaxVertices) }, graph.MaxVertices},
		{"CompleteBipartite(4000, 4000)", func() (*graph.Graph, error) { return graph.CompleteBipartite(4000, 4000) }, 4000},
	} {
		t.Run(tc.name, func(t *testing.T) {
			g, err := tc.build()
			require.ErrorIs(t, err, kayles.ErrRange)
			var re *kayles.RangeError
			require.ErrorAs(t, err, &re)
			assert.Equal(t, tc.value, re.Value)
			assert.Nil(t, g)
		})
	}
	assert.Panics(t, func() { graph.Must(graph.Path(-1)) })
	for _, tc := range []struct {
		build func() (*graph.Graph, error)
		n     int
	}{
		{func() (*graph.Graph, error) { return graph.Path(graph.MaxVertices) }, graph.MaxVertices},
		{func() (*graph.Graph, error) { return graph.Star(graph.MaxVertices - 1) }, graph.MaxVertices},
		{func() (*graph.Graph, error) { return graph.Grid(256, 512) }, graph.MaxVertices},
		{func() (*graph.Graph, error) { return graph.Grid(graph.MaxVertices, 0) }, 0},
		{func() (*graph.Graph, error) { return graph.Complete(0) }, 0},
		{func() (*graph.Graph, error) { return graph.CompleteBipartite(0, graph.MaxVertices) }, graph.MaxVertices},
	} {
		g, err := tc.build()
		require.NoError(t, err)
		assert.Equal(t, tc.n, g.NumVertices())
	}
}
