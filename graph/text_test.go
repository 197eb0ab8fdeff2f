package graph_test

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/octalgames/kayles"
	"github.com/octalgames/kayles/graph"
)

func TestGraph6(t *testing.T) {
	for _, tc := range []struct {
		g    *graph.Graph
		text string
	}{
		{newGraph(0), "?"},
		{newGraph(1), "@"},
		{newGraph(2, [2]int{0, 1}), "A_"},
		{newGraph(3), "B?"},
		{path(3), "Bg"},     // bits (0,1)=1 (0,2)=0 (1,2)=1: 101000 = 40, +63 = 'g'
		{complete(4), "C~"}, // six bits, all set
		{path(5), "DhC"},
	} {
		assert.Equal(t, tc.text, tc.g.Graph6(), tc.g.String())
		h, err := graph.ParseGraph6(tc.text)
		require.NoError(t, err)
		assert.True(t, tc.g.Equal(h), "%s: %s", tc.text, h)
	}
	big := path(100)
	text := big.Graph6()
	assert.Equal(t, "~?@c", text[:4]) // 100 = 1·64 + 36: bytes 0, 1, 36 plus 63
	h, err := graph.ParseGraph6(graph6HeaderForTest + text)
	require.NoError(t, err)
	assert.True(t, big.Equal(h))
	// Random graphs of every size around the byte boundaries and the four-byte count.
	r := rand.New(rand.NewPCG(6, 6))
	for _, n := range []int{2, 3, 4, 5, 6, 7, 12, 13, 62, 63, 64, 100, 300} {
		g := randomGraph(r, n, 0.3)
		h, err := graph.ParseGraph6(g.Graph6())
		require.NoError(t, err, "%d vertices", n)
		assert.True(t, g.Equal(h), "%d vertices", n)
	}
}

const graph6HeaderForTest = ">>graph6<<"

func TestParseGraph6Errors(t *testing.T) {
	for _, tc := range []struct {
		in     string
		err    error
		offset int
		msg    string
	}{
		{"", kayles.ErrSyntax, 0, "empty"},
		{">>graph6<<", kayles.ErrSyntax, 10, "empty"},
		{"A_\n", kayles.ErrSyntax, 2, "not graph6"},
		{" A_", kayles.ErrSyntax, 0, "not graph6"},
		{"A", kayles.ErrSyntax, 1, "need 1 bytes"},
		{"A__", kayles.ErrSyntax, 3, "need 1 bytes"},
		{"A`", kayles.ErrSyntax, 1, "padding"},
		{"~?@", kayles.ErrSyntax, 3, "cut short"},
		{"~??}", kayles.ErrSyntax, 0, "four bytes"},
		{"~~??????", kayles.ErrRange, 1, "258047"},
		{"~~~~~~~~", kayles.ErrRange, 1, "258047"},
		{"~?~~", kayles.ErrSyntax, 4, "need"}, // 4095 vertices is fine, but there are no edge bytes
		{"~_?@", kayles.ErrRange, 0, "allowed"},
	} {
		_, err := graph.ParseGraph6(tc.in)
		require.ErrorIs(t, err, tc.err, "%q", tc.in)
		var pe *kayles.ParseError
		require.ErrorAs(t, err, &pe)
		assert.Equal(t, tc.offset, pe.Offset, "%q: %v", tc.in, err)
		assert.Contains(t, err.Error(), tc.msg, "%q", tc.in)
	}
}

func TestParse(t *testing.T) {
	g, err := graph.Parse("# the path on 4 vertices\n4:\n0-1, 1-2 # two edges\n2-3\n1-0\n")
	require.NoError(t, err)
	assert.True(t, path(4).Equal(g))
	for _, g := range []*graph.Graph{newGraph(0), newGraph(3), graph.Petersen(), grid(3, 4)} {
		h, err := graph.Parse(g.String())
		require.NoError(t, err)
		assert.True(t, g.Equal(h), g.String())
	}
	for _, tc := range []struct {
		in     string
		err    error
		offset int
		msg    string
	}{
		{"", kayles.ErrSyntax, 0, "vertex count"},
		{"x", kayles.ErrSyntax, 0, "vertex count"},
		{"4", kayles.ErrSyntax, 1, "':'"},
		{"4 0-1", kayles.ErrSyntax, 2, "':'"},
		{"99999999999:", kayles.ErrRange, 0, "too large"},
		{"131073:", kayles.ErrRange, 5, "more than"},
		{"4: 0-", kayles.ErrSyntax, 5, "want a vertex"},
		{"4: 0 1", kayles.ErrSyntax, 4, "'-'"},
		{"4: 0-4", kayles.ErrRange, 3, "not a vertex"},
		{"4: 2-2", kayles.ErrSyntax, 3, "loop"},
		{"4: 0-1x", kayles.ErrSyntax, 6, "unexpected"},
		{"4: -1", kayles.ErrSyntax, 3, "want a vertex"},
	} {
		_, err := graph.Parse(tc.in)
		require.ErrorIs(t, err, tc.err, "%q", tc.in)
		var pe *kayles.ParseError
		require.ErrorAs(t, err, &pe)
		assert.Equal(t, tc.offset, pe.Offset, "%q: %v", tc.in, err)
		assert.Contains(t, err.Error(), tc.msg, "%q", tc.in)
	}
	assert.Panics(t, func() { graph.MustParse("x") })
	assert.True(t, strings.HasPrefix(graph.MustParse("2: 0-1").String(), "2:"))
}

// TestParseErrorFields checks what a parse error says: what was parsed, and the input cut to
// 64 bytes, so that a huge input makes a short error.
func TestParseErrorFields(t *testing.T) {
	long := "4: 0-1 " + strings.Repeat("1-2 ", 40) + "x"
	_, err := graph.Parse(long)
	var pe *kayles.ParseError
	require.ErrorAs(t, err, &pe)
	assert.Equal(t, "graph", pe.What)
	assert.Equal(t, long[:64]+"...", pe.Input)
	assert.Equal(t, len(long)-1, pe.Offset)
	assert.NotEmpty(t, pe.Reason)
	assert.Less(t, len(err.Error()), 200)

	_, err = graph.ParseGraph6("A`")
	require.ErrorAs(t, err, &pe)
	assert.Equal(t, "graph6", pe.What)
	assert.Equal(t, "A`", pe.Input)
	assert.Equal(t, "padding bits are not zero", pe.Reason)
}
