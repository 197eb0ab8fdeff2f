package graph_test

import (
	"context"
	"fmt"
	"math/rand/v2"
	"slices"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/octalgames/kayles"
	"github.com/octalgames/kayles/graph"
	"github.com/octalgames/kayles/internal/contract"
)

// The contract suite of package graph: every exported call that takes a context, asked about
// adversarial graphs (see package internal/contract for what each row checks and how): the
// largest have 10^5 vertices, or MaxVertices when that is less, and a graph beyond
// MaxVertices is refused by every constructor (TestContractHugeGraphs).
//
//	go test -run 'TestContract$' ./graph
//	go test -run '^$' -bench 'BenchmarkCancelContract/NodeGame.Value/' -benchtime 10x ./graph

// contractBig is the number of vertices of the largest graphs of the rows: 10^5, or
// MaxVertices when that is less.
const contractBig = min(100_000, graph.MaxVertices)

// contractGraphs returns the graphs of the rows, built once, in order, and whether every call
// on each answers with Background within a second (Light) or takes seconds (Heavy); the
// random ones of 60 vertices are issue 27's.
var contractGraphs = sync.OnceValue(func() []contractGraph {
	must := func(g *graph.Graph, err error) *graph.Graph {
		if err != nil {
			panic(err)
		}
		return g
	}
	random := func(seed uint64, n int, p float64) *graph.Graph {
		r := rand.New(rand.NewPCG(seed, 27))
		var es [][2]int
		for u := range n {
			for v := u + 1; v < n; v++ {
				if r.Float64() < p {
					es = append(es, [2]int{u, v})
				}
			}
		}
		return must(graph.New(n, es...))
	}
	// copies returns k disjoint copies of g.
	copies := func(g *graph.Graph, k int) *graph.Graph {
		n := g.NumVertices()
		var es [][2]int
		for i := range k {
			for e := range g.Edges() {
				es = append(es, [2]int{e[0] + i*n, e[1] + i*n})
			}
		}
		return must(graph.New(k*n, es...))
	}
	randoms := func(k, n int, p float64) *graph.Graph {
		var es [][2]int
		for i := range k {
			for e := range random(uint64(i), n, p).Edges() {
				es = append(es, [2]int{e[0] + i*n, e[1] + i*n})
			}
		}
		return must(graph.New(k*n, es...))
	}
	n := contractBig
	side := 1
	for (side+1)*(side+1) <= n {
		side++
	}
	return []contractGraph{
		{"Petersen", graph.Petersen(), contract.Light},
		{"path of 64", must(graph.Path(64)), contract.Light},
		{fmt.Sprintf("path of %d", n), must(graph.Path(n)), contract.Light},
		{fmt.Sprintf("%d vertices, no edge", n), must(graph.New(n)), contract.Light},
		{fmt.Sprintf("%d vertices, paths of 4", n), copies(must(graph.Path(4)), n/4), contract.Light},
		{fmt.Sprintf("grid %dx%d", side, side), must(graph.Grid(side, side)), contract.Light},
		{fmt.Sprintf("star of %d vertices", n), must(graph.Star(n - 1)), contract.Light},
		{"K_1000", must(graph.Complete(1000)), contract.Light},
		{"K_32,32", must(graph.CompleteBipartite(32, 32)), contract.Heavy},
		{"random 40, degree 3", random(40, 40, 3.0/39), contract.Heavy},
		{"random 60, degree 4", random(60, 60, 4.0/59), contract.Skip}, // but see contractHeavy
		{"random 60, degree 8", random(61, 60, 8.0/59), contract.Skip},
		{fmt.Sprintf("%d vertices, random of 64", n/64*64), randoms(n/64, 64, 4.0/63), contract.Skip},
	}
})

// contractHeavy are rows asked with Background although their graph's rows are not: issue 27's
// random graph of 60 vertices, which had no LimitError after 60 s, in both games and plays.
var contractHeavy = map[string]bool{
	"NodeGame.Value/random 60, degree 4":         true,
	"NodeGame.MisereOutcome/random 60, degree 4": true,
	"ArcGame.Outcome/random 60, degree 4":        true,
}

// A contractGraph is a graph of the rows, named, and how its rows are asked with Background.
type contractGraph struct {
	name       string
	g          *graph.Graph
	background contract.Background
}

// contractRows returns the rows of package graph. Each asks a solver of its own with the
// default limits, so that what one row solved serves no other.
func contractRows() []contract.Row {
	var rows []contract.Row
	for _, cg := range contractGraphs() {
		g := cg.g
		add := func(call string, ask func(ctx context.Context) (string, error)) {
			bg := cg.background
			if contractHeavy[call+"/"+cg.name] {
				bg = contract.Heavy
			}
			rows = append(rows, contract.Row{Call: call, Input: cg.name, Background: bg, Ask: ask})
		}
		node := func() *graph.NodeGame { return graph.NewNodeGame(graph.Limits{}) }
		arc := func() *graph.ArcGame { return graph.NewArcGame(graph.Limits{}) }
		add("NodeGame.Value", func(ctx context.Context) (string, error) { return contract.Value(node().Value(ctx, g)) })
		add("NodeGame.Outcome", func(ctx context.Context) (string, error) { return contract.Outcome(node().Outcome(ctx, g)) })
		add("NodeGame.WinningMoves", func(ctx context.Context) (string, error) { return contractVertices(g)(node().WinningMoves(ctx, g)) })
		add("NodeGame.MisereValue", func(ctx context.Context) (string, error) { return contract.Value(node().MisereValue(ctx, g)) })
		add("NodeGame.MisereOutcome", func(ctx context.Context) (string, error) { return contract.Outcome(node().MisereOutcome(ctx, g)) })
		add("NodeGame.MisereWinningMoves", func(ctx context.Context) (string, error) {
			return contractVertices(g)(node().MisereWinningMoves(ctx, g))
		})
		add("ArcGame.Value", func(ctx context.Context) (string, error) { return contract.Value(arc().Value(ctx, g)) })
		add("ArcGame.Outcome", func(ctx context.Context) (string, error) { return contract.Outcome(arc().Outcome(ctx, g)) })
		add("ArcGame.WinningMoves", func(ctx context.Context) (string, error) { return contractEdges(g)(arc().WinningMoves(ctx, g)) })
		add("ArcGame.MisereValue", func(ctx context.Context) (string, error) { return contract.Value(arc().MisereValue(ctx, g)) })
		add("ArcGame.MisereOutcome", func(ctx context.Context) (string, error) { return contract.Outcome(arc().MisereOutcome(ctx, g)) })
		add("ArcGame.MisereWinningMoves", func(ctx context.Context) (string, error) {
			return contractEdges(g)(arc().MisereWinningMoves(ctx, g))
		})
	}
	return rows
}

// contractVertices checks winning moves of Node Kayles: vertices of g, ascending, and none
// beside an error.
func contractVertices(g *graph.Graph) func([]int, error) (string, error) {
	return func(vs []int, err error) (string, error) {
		if err != nil {
			if vs != nil {
				return "", contract.NotAnswer("%d moves beside the error %v", len(vs), err)
			}
			return "", err
		}
		if !slices.IsSorted(vs) {
			return "", contract.NotAnswer("moves out of order: %v", vs)
		}
		for _, v := range vs {
			if !g.HasVertex(v) {
				return "", contract.NotAnswer("the move %d, not a vertex", v)
			}
		}
		return fmt.Sprintf("%d winning moves", len(vs)), nil
	}
}

// contractEdges checks winning moves of Arc Kayles: edges of g, and none beside an error.
func contractEdges(g *graph.Graph) func([][2]int, error) (string, error) {
	return func(es [][2]int, err error) (string, error) {
		if err != nil {
			if es != nil {
				return "", contract.NotAnswer("%d moves beside the error %v", len(es), err)
			}
			return "", err
		}
		for _, e := range es {
			if !g.HasEdge(e[0], e[1]) {
				return "", contract.NotAnswer("the move %v, not an edge", e)
			}
		}
		return fmt.Sprintf("%d winning moves", len(es)), nil
	}
}

// TestContract asks every row of package graph (see contractRows).
func TestContract(t *testing.T) {
	contractGraphs()
	contract.Run(t, contractRows(), contract.Options{})
}

// TestContractAPI checks that every exported call of package graph that takes a context has
// rows in the suite: add a call, add a row.
func TestContractAPI(t *testing.T) {
	rows := contractRows()
	contract.CheckAPI(t, ".", rows)
	contract.CheckNamed(t, rows, contractHeavy, "contractHeavy")
	calls, _, err := contract.API(".")
	require.NoError(t, err)
	assert.Contains(t, calls, "NodeGame.MisereWinningMoves")
	assert.NotContains(t, calls, "NodeGame.Play")
}

// TestContractHugeGraphs checks that a graph beyond MaxVertices, asked for in every way, is
// refused at once with ErrRange rather than built.
func TestContractHugeGraphs(t *testing.T) {
	const n = graph.MaxVertices + 1
	// graph6 writes n as '~' and three bytes of six bits, each plus 63.
	g6 := "~" + string([]byte{63 + n>>12&63, 63 + n>>6&63, 63 + n&63})
	for name, build := range map[string]func() (*graph.Graph, error){
		"New":               func() (*graph.Graph, error) { return graph.New(n, [2]int{0, n - 1}) },
		"Path":              func() (*graph.Graph, error) { return graph.Path(n) },
		"Cycle":             func() (*graph.Graph, error) { return graph.Cycle(n) },
		"Star":              func() (*graph.Graph, error) { return graph.Star(n) },
		"Grid":              func() (*graph.Graph, error) { return graph.Grid(n, 1) },
		"Complete":          func() (*graph.Graph, error) { return graph.Complete(n) },
		"CompleteBipartite": func() (*graph.Graph, error) { return graph.CompleteBipartite(n/2, n/2+1) },
		"Parse":             func() (*graph.Graph, error) { return graph.Parse(fmt.Sprintf("%d: 0-1", n)) },
		"ParseGraph6":       func() (*graph.Graph, error) { return graph.ParseGraph6(g6) },
	} {
		g, err := build()
		require.ErrorIs(t, err, kayles.ErrRange, name)
		assert.Nil(t, g, name)
	}
}

// BenchmarkCancelContract measures how soon each row returns after its context is cancelled
// 20 ms into the call (ms-late, ms-max; the goal is 100 ms).
func BenchmarkCancelContract(b *testing.B) {
	contractGraphs()
	contract.Bench(b, contractRows(), contract.Options{})
}
