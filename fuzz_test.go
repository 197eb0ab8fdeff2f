package kayles_test

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	. "github.com/octalgames/kayles"
)

// Fuzz targets for graphs (issue 6).

func FuzzParseGraph6(f *testing.F) {
	for _, s := range []string{"?", "@", "A_", "Bg", "C~", "DhC", "IheA@GUAo", ">>graph6<<A_", "A`",
		"~?@c" + strings.Repeat("?", 825), "~??}", "~~??????"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		g, err := ParseGraph6(s)
		if err != nil {
			var pe *ParseError
			require.ErrorAs(t, err, &pe)
			return
		}
		assert.Equal(t, strings.TrimPrefix(s, ">>graph6<<"), g.Graph6())
		h, err := ParseGraph(g.String())
		require.NoError(t, err)
		assert.True(t, g.Equal(h))
	})
}

func FuzzParseGraph(f *testing.F) {
	for _, s := range []string{"0:", "4: 0-1 1-2 2-3", "# c\n3:\n0-1,1-2 # x\n", "4: 0-4", "2: 1-0 0-1",
		"16384:", "16385:", "5: 0-1x"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		g, err := ParseGraph(s)
		if err != nil {
			var pe *ParseError
			require.ErrorAs(t, err, &pe)
			return
		}
		h, err := ParseGraph(g.String())
		require.NoError(t, err)
		assert.True(t, g.Equal(h), "%q", s)
		if g.NumVertices() <= 200 {
			h, err = ParseGraph6(g.Graph6())
			require.NoError(t, err)
			assert.True(t, g.Equal(h), "%q", s)
		}
	})
}

// FuzzGraphSolvers compares the solvers with the brute-force ones on graphs of up to 12
// vertices read from graph6.
func FuzzGraphSolvers(f *testing.F) {
	for _, s := range []string{"?", "@", "A_", "Bg", "C~", "DhC", "IheA@GUAo", "E?Bw", "Fs\\zw"} {
		f.Add(s)
	}
	node, arc := NewNodeGame(1<<16), NewArcGame(1<<16)
	f.Fuzz(func(t *testing.T, s string) {
		g, err := ParseGraph6(s)
		if err != nil || g.NumVertices() > 12 {
			return
		}
		checkGraph(t, node, arc, g)
	})
}
