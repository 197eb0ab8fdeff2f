package graph_test

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/octalgames/kayles"
	"github.com/octalgames/kayles/graph"
)

func FuzzParseGraph6(f *testing.F) {
	for _, s := range []string{"?", "@", "A_", "Bg", "C~", "DhC", "IheA@GUAo", ">>graph6<<A_", "A`",
		"~?@c" + strings.Repeat("?", 825), "~??}", "~~??????"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		g, err := graph.ParseGraph6(s)
		if err != nil {
			var pe *kayles.ParseError
			require.ErrorAs(t, err, &pe)
			return
		}
		assert.Equal(t, strings.TrimPrefix(s, ">>graph6<<"), g.Graph6())
		h, err := graph.Parse(g.String())
		require.NoError(t, err)
		assert.True(t, g.Equal(h))
	})
}

func FuzzParseGraph(f *testing.F) {
	for _, s := range []string{"0:", "4: 0-1 1-2 2-3", "# c\n3:\n0-1,1-2 # x\n", "4: 0-4", "2: 1-0 0-1",
		"131072:", "131073:", "5: 0-1x"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		g, err := graph.Parse(s)
		if err != nil {
			var pe *kayles.ParseError
			require.ErrorAs(t, err, &pe)
			return
		}
		h, err := graph.Parse(g.String())
		require.NoError(t, err)
		assert.True(t, g.Equal(h), "%q", s)
		if g.NumVertices() <= 200 {
			h, err = graph.ParseGraph6(g.Graph6())
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
	limits := graph.Limits{MemoBytes: 1 << 16}
	node, arc := graph.NewNodeGame(limits), graph.NewArcGame(limits)
	f.Fuzz(func(t *testing.T, s string) {
		g, err := graph.ParseGraph6(s)
		if err != nil || g.NumVertices() > 12 {
			return
		}
		checkGraph(t, node, arc, g)
	})
}

// fuzzSize passes a size that must be refused as it is, and cuts one that may be accepted
// to below 80, around MaxComponent, so that the fuzzer does not spend its time building and
// solving huge graphs.
func fuzzSize(x int) int {
	if x < 0 || x > graph.MaxVertices*graph.MaxVertices {
		return x
	}
	return x % 80
}

// FuzzGraphNoPanic feeds arbitrary sizes, edges, text, moves and questions to every function
// that takes input: each must answer or return an error of its family, never panic, and never
// answer past its limits.
func FuzzGraphNoPanic(f *testing.F) {
	f.Add("4: 0-1 1-2 2-3", 5, 3, []byte{0, 1, 1, 2, 200, 7})
	f.Add("IheA@GUAo", -1, 1<<40, []byte{9, 9, 255, 0})
	f.Add("~?@c", 1<<62, -7, []byte{})
	f.Add("65: 0-1", 64, 2, []byte{1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16})
	limits := graph.Limits{MemoBytes: 1 << 16, Steps: 1 << 16}
	node, arc := graph.NewNodeGame(limits), graph.NewArcGame(limits)
	f.Fuzz(func(t *testing.T, text string, a, b int, bs []byte) {
		var graphs []*graph.Graph
		keep := func(g *graph.Graph, err error) {
			if err != nil {
				require.Nil(t, g)
				if !errors.Is(err, kayles.ErrRange) && !errors.Is(err, kayles.ErrSyntax) {
					t.Fatalf("error of no family: %v", err)
				}
				return
			}
			graphs = append(graphs, g)
		}
		sa, sb := fuzzSize(a), fuzzSize(b)
		keep(graph.Path(sa))
		keep(graph.Cycle(sa))
		keep(graph.Complete(sa))
		keep(graph.Star(sb))
		keep(graph.CompleteBipartite(sa, sb))
		keep(graph.Grid(sa, sb))
		var es [][2]int
		for i := 0; i+1 < len(bs); i += 2 {
			es = append(es, [2]int{int(bs[i]) - 2, int(bs[i+1]) - 2})
		}
		keep(graph.New(sa, es...))
		keep(graph.New(len(bs), es...))
		keep(graph.Parse(text))
		keep(graph.ParseGraph6(text))

		moves := []int{a, b, -1}
		for _, c := range bs {
			moves = append(moves, int(c)-2)
		}
		// The limit on steps ends every search here within milliseconds; the deadline is
		// only a backstop, for a busy machine.
		ctx, cancel := context.WithTimeout(t.Context(), 10*time.Second)
		defer cancel()
		for _, g := range graphs {
			for _, v := range moves {
				g.Degree(v)
				g.HasVertex(v)
				for range g.Neighbors(v) {
				}
				if h, err := node.Play(g, v); err != nil {
					require.ErrorIs(t, err, kayles.ErrIllegalMove)
				} else {
					assert.Less(t, h.NumVertices(), g.NumVertices())
				}
				g.HasEdge(v, a)
				if _, err := arc.Play(g, [2]int{v, b}); err != nil {
					require.ErrorIs(t, err, kayles.ErrIllegalMove)
				}
			}
			for _, err := range []error{
				second(node.Value(ctx, g)), second(node.Outcome(ctx, g)), second(node.WinningMoves(ctx, g)),
				second(node.MisereValue(ctx, g)), second(node.MisereOutcome(ctx, g)), second(node.MisereWinningMoves(ctx, g)),
				second(arc.Value(ctx, g)), second(arc.Outcome(ctx, g)), second(arc.WinningMoves(ctx, g)),
				second(arc.MisereValue(ctx, g)), second(arc.MisereOutcome(ctx, g)), second(arc.MisereWinningMoves(ctx, g)),
			} {
				if err != nil && !errors.Is(err, context.DeadlineExceeded) {
					var le *kayles.LimitError
					require.ErrorAs(t, err, &le, "%s", g)
					require.ErrorIs(t, err, kayles.ErrTooLarge)
				}
			}
		}
	})
}

func second[T any](_ T, err error) error { return err }
