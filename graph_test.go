package kayles_test

import (
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	. "github.com/octalgames/kayles"
)

func edges(g *Graph) [][2]int { return slices.Collect(g.Edges()) }

func TestNewGraph(t *testing.T) {
	g, err := NewGraph(4, [2]int{1, 0}, [2]int{1, 2}, [2]int{0, 1}, [2]int{3, 2})
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
	assert.True(t, g.Equal(PathGraph(4)))
	assert.False(t, g.Equal(CycleGraph(4)))

	for _, tc := range []struct {
		n     int
		edges [][2]int
		msg   string
	}{
		{-1, nil, "vertex count"},
		{MaxVertices + 1, nil, "vertex count"},
		{3, [][2]int{{0, 3}}, "not a vertex"},
		{3, [][2]int{{-1, 0}}, "not a vertex"},
		{3, [][2]int{{1, 1}}, "loop"},
	} {
		_, err := NewGraph(tc.n, tc.edges...)
		require.ErrorIs(t, err, ErrInvalidGraph)
		var ge *GraphError
		require.ErrorAs(t, err, &ge)
		assert.Contains(t, err.Error(), tc.msg)
	}
}

func TestZeroGraph(t *testing.T) {
	var zero Graph
	var null *Graph
	for _, g := range []*Graph{&zero, null} {
		assert.Equal(t, 0, g.NumVertices())
		assert.Equal(t, 0, g.NumEdges())
		assert.Equal(t, "0:", g.String())
		assert.Equal(t, "?", g.Graph6())
		assert.Empty(t, edges(g))
		assert.True(t, g.Equal(MustNewGraph(0)))
	}
}

func TestGraphFamilies(t *testing.T) {
	for _, tc := range []struct {
		name string
		g    *Graph
		n, m int
		text string
		degs []int
	}{
		{"path0", PathGraph(0), 0, 0, "0:", nil},
		{"path1", PathGraph(1), 1, 0, "1:", []int{0}},
		{"path4", PathGraph(4), 4, 3, "4: 0-1 1-2 2-3", []int{1, 2, 2, 1}},
		{"cycle2", CycleGraph(2), 2, 1, "2: 0-1", []int{1, 1}},
		{"cycle5", CycleGraph(5), 5, 5, "5: 0-1 0-4 1-2 2-3 3-4", []int{2, 2, 2, 2, 2}},
		{"complete4", CompleteGraph(4), 4, 6, "4: 0-1 0-2 0-3 1-2 1-3 2-3", []int{3, 3, 3, 3}},
		{"star3", StarGraph(3), 4, 3, "4: 0-1 0-2 0-3", []int{3, 1, 1, 1}},
		{"k23", CompleteBipartiteGraph(2, 3), 5, 6, "5: 0-2 0-3 0-4 1-2 1-3 1-4", []int{3, 3, 2, 2, 2}},
		{"grid23", GridGraph(2, 3), 6, 7, "6: 0-1 0-3 1-2 1-4 2-5 3-4 4-5", []int{2, 3, 2, 2, 3, 2}},
		{"grid0", GridGraph(0, 5), 0, 0, "0:", nil},
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
	p := PetersenGraph()
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

func TestFamiliesPanic(t *testing.T) {
	assert.Panics(t, func() { PathGraph(-1) })
	assert.Panics(t, func() { CycleGraph(MaxVertices + 1) })
	assert.Panics(t, func() { CompleteGraph(5000) })
	assert.Panics(t, func() { StarGraph(MaxVertices) })
	assert.Panics(t, func() { GridGraph(1<<40, 1<<40) })
	assert.Panics(t, func() { CompleteBipartiteGraph(-1, 2) })
}

func TestGraph6(t *testing.T) {
	for _, tc := range []struct {
		g    *Graph
		text string
	}{
		{MustNewGraph(0), "?"},
		{MustNewGraph(1), "@"},
		{MustNewGraph(2, [2]int{0, 1}), "A_"},
		{MustNewGraph(3), "B?"},
		{PathGraph(3), "Bg"},     // bits (0,1)=1 (0,2)=0 (1,2)=1: 101000 = 40, +63 = 'g'
		{CompleteGraph(4), "C~"}, // six bits, all set
		{PathGraph(5), "DhC"},
	} {
		assert.Equal(t, tc.text, tc.g.Graph6(), tc.g.String())
		h, err := ParseGraph6(tc.text)
		require.NoError(t, err)
		assert.True(t, tc.g.Equal(h), "%s: %s", tc.text, h)
	}
	big := PathGraph(100)
	text := big.Graph6()
	assert.Equal(t, "~?@c", text[:4]) // 100 = 1·64 + 36: bytes 0, 1, 36 plus 63
	h, err := ParseGraph6(graph6HeaderForTest + text)
	require.NoError(t, err)
	assert.True(t, big.Equal(h))
}

const graph6HeaderForTest = ">>graph6<<"

func TestParseGraph6Errors(t *testing.T) {
	for _, tc := range []struct {
		in     string
		err    error
		offset int
		msg    string
	}{
		{"", ErrSyntax, 0, "empty"},
		{">>graph6<<", ErrSyntax, 10, "empty"},
		{"A_\n", ErrSyntax, 2, "not graph6"},
		{" A_", ErrSyntax, 0, "not graph6"},
		{"A", ErrSyntax, 1, "need 1 bytes"},
		{"A__", ErrSyntax, 3, "need 1 bytes"},
		{"A`", ErrSyntax, 1, "padding"},
		{"~?@", ErrSyntax, 3, "cut short"},
		{"~??}", ErrSyntax, 0, "four bytes"},
		{"~~??????", ErrRange, 1, "258047"},
		{"~~~~~~~~", ErrRange, 1, "258047"},
		{"~?~~", ErrSyntax, 4, "need"}, // 4095 vertices is fine, but there are no edge bytes
		{"~E??", ErrRange, 0, "allowed"},
	} {
		_, err := ParseGraph6(tc.in)
		require.ErrorIs(t, err, tc.err, "%q", tc.in)
		var pe *ParseError
		require.ErrorAs(t, err, &pe)
		assert.Equal(t, tc.offset, pe.Offset, "%q: %v", tc.in, err)
		assert.Contains(t, err.Error(), tc.msg, "%q", tc.in)
	}
}

func TestParseGraph(t *testing.T) {
	g, err := ParseGraph("# the path on 4 vertices\n4:\n0-1, 1-2 # two edges\n2-3\n1-0\n")
	require.NoError(t, err)
	assert.True(t, PathGraph(4).Equal(g))
	for _, g := range []*Graph{MustNewGraph(0), MustNewGraph(3), PetersenGraph(), GridGraph(3, 4)} {
		h, err := ParseGraph(g.String())
		require.NoError(t, err)
		assert.True(t, g.Equal(h), g.String())
	}
	for _, tc := range []struct {
		in     string
		err    error
		offset int
		msg    string
	}{
		{"", ErrSyntax, 0, "vertex count"},
		{"x", ErrSyntax, 0, "vertex count"},
		{"4", ErrSyntax, 1, "':'"},
		{"4 0-1", ErrSyntax, 2, "':'"},
		{"99999999999:", ErrRange, 0, "too large"},
		{"16385:", ErrRange, 4, "more than"},
		{"4: 0-", ErrSyntax, 5, "want a vertex"},
		{"4: 0 1", ErrSyntax, 4, "'-'"},
		{"4: 0-4", ErrRange, 3, "not a vertex"},
		{"4: 2-2", ErrSyntax, 3, "loop"},
		{"4: 0-1x", ErrSyntax, 6, "unexpected"},
		{"4: -1", ErrSyntax, 3, "want a vertex"},
	} {
		_, err := ParseGraph(tc.in)
		require.ErrorIs(t, err, tc.err, "%q", tc.in)
		var pe *ParseError
		require.ErrorAs(t, err, &pe)
		assert.Equal(t, tc.offset, pe.Offset, "%q: %v", tc.in, err)
		assert.Contains(t, err.Error(), tc.msg, "%q", tc.in)
	}
	assert.Panics(t, func() { MustParseGraph("x") })
	assert.True(t, strings.HasPrefix(MustParseGraph("2: 0-1").String(), "2:"))
}
