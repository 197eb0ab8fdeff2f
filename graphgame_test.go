package kayles_test

import (
	"bufio"
	"context"
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	. "github.com/octalgames/kayles"
)

// readInts reads the numbers of a testdata file after its comment lines, checking that it
// starts with a "# source:" line and holds some data.
func readInts(t *testing.T, name string) []int {
	t.Helper()
	f, err := os.Open(name)
	require.NoError(t, err)
	defer f.Close()
	var out []int
	sc := bufio.NewScanner(f)
	first := true
	for sc.Scan() {
		line := sc.Text()
		if first {
			require.True(t, strings.HasPrefix(line, "# source:"), "%s must start with a # source: line", name)
			first = false
		}
		if i := strings.IndexByte(line, '#'); i >= 0 {
			line = line[:i]
		}
		for _, f := range strings.FieldsFunc(line, func(r rune) bool { return r == ' ' || r == ',' || r == '\t' }) {
			x, err := strconv.Atoi(f)
			require.NoError(t, err, name)
			out = append(out, x)
		}
	}
	require.NoError(t, sc.Err())
	require.False(t, first, "%s is empty: it must start with a # source: line", name)
	require.NotEmpty(t, out, "%s holds no data: every test that reads it would pass vacuously", name)
	return out
}

// brute solves Node or Arc Kayles on one graph of at most 20 vertices by the definitions
// alone: a position is the set of vertices left, its value the mex of its options' values,
// with no components, no canonical forms and no shortcuts.
type brute struct {
	n      int
	adj    []uint32
	arc    bool
	misere bool
	memo   map[uint32]int
}

func newBrute(g *Graph, arc, misere bool) *brute {
	b := &brute{n: g.NumVertices(), adj: make([]uint32, g.NumVertices()), arc: arc, misere: misere, memo: map[uint32]int{}}
	for e := range g.Edges() {
		b.adj[e[0]] |= 1 << e[1]
		b.adj[e[1]] |= 1 << e[0]
	}
	return b
}

func (b *brute) all() uint32 { return 1<<b.n - 1 }

// options returns the positions that the moves from set lead to, with the moves as {v, v} or
// {u, v}, in ascending order.
func (b *brute) options(set uint32) ([]uint32, [][2]int) {
	var kids []uint32
	var moves [][2]int
	for u := range b.n {
		if set>>u&1 == 0 {
			continue
		}
		if !b.arc {
			kids = append(kids, set&^(b.adj[u]|1<<u))
			moves = append(moves, [2]int{u, u})
			continue
		}
		for v := u + 1; v < b.n; v++ {
			if set>>v&1 != 0 && b.adj[u]>>v&1 != 0 {
				kids = append(kids, set&^(1<<u|1<<v))
				moves = append(moves, [2]int{u, v})
			}
		}
	}
	return kids, moves
}

func (b *brute) value(set uint32) int {
	if v, ok := b.memo[set]; ok {
		return v
	}
	kids, _ := b.options(set)
	v := 0
	if len(kids) == 0 && b.misere {
		v = 1
	} else {
		seen := map[int]bool{}
		for _, k := range kids {
			seen[b.value(k)] = true
		}
		for seen[v] {
			v++
		}
	}
	b.memo[set] = v
	return v
}

func (b *brute) wins() [][2]int {
	kids, moves := b.options(b.all())
	var out [][2]int
	for i, k := range kids {
		if b.value(k) == 0 {
			out = append(out, moves[i])
		}
	}
	return out
}

func outcomeOf(v int) Outcome {
	if v == 0 {
		return Previous
	}
	return Next
}

// checkGraph compares every answer of the solvers on g with the brute-force ones.
func checkGraph(t *testing.T, node *NodeGame, arc *ArcGame, g *Graph) {
	t.Helper()
	for _, misere := range []bool{false, true} {
		bn, ba := newBrute(g, false, misere), newBrute(g, true, misere)
		wantN, wantA := bn.value(bn.all()), ba.value(ba.all())
		var nodeWins []int
		for _, m := range bn.wins() {
			nodeWins = append(nodeWins, m[0])
		}
		arcWins := ba.wins()
		var gotN, gotA int
		var outN, outA Outcome
		var winsN []int
		var winsA [][2]int
		var err error
		if misere {
			gotN, err = node.MisereGrundy(g)
			require.NoError(t, err)
			gotA, err = arc.MisereGrundy(g)
			require.NoError(t, err)
			outN, err = node.MisereOutcome(g)
			require.NoError(t, err)
			outA, err = arc.MisereOutcome(g)
			require.NoError(t, err)
			winsN, err = node.MisereWinningMoves(g)
			require.NoError(t, err)
			winsA, err = arc.MisereWinningMoves(g)
			require.NoError(t, err)
		} else {
			gotN, err = node.Grundy(g)
			require.NoError(t, err)
			gotA, err = arc.Grundy(g)
			require.NoError(t, err)
			outN, err = node.Outcome(g)
			require.NoError(t, err)
			outA, err = arc.Outcome(g)
			require.NoError(t, err)
			winsN, err = node.WinningMoves(g)
			require.NoError(t, err)
			winsA, err = arc.WinningMoves(g)
			require.NoError(t, err)
		}
		assert.Equal(t, wantN, gotN, "node, misère %v, %s", misere, g)
		assert.Equal(t, wantA, gotA, "arc, misère %v, %s", misere, g)
		assert.Equal(t, outcomeOf(wantN), outN, "node outcome, misère %v, %s", misere, g)
		assert.Equal(t, outcomeOf(wantA), outA, "arc outcome, misère %v, %s", misere, g)
		assert.Equal(t, nodeWins, winsN, "node wins, misère %v, %s", misere, g)
		assert.Equal(t, arcWins, winsA, "arc wins, misère %v, %s", misere, g)
	}
}

func TestGraphSolversAllSmallGraphs(t *testing.T) {
	node, arc := NewNodeGame(0), NewArcGame(0)
	for _, gs := range allGraphs(7) {
		for _, g := range gs {
			checkGraph(t, node, arc, g)
		}
	}
}

func TestGraphSolversFamilies(t *testing.T) {
	node, arc := NewNodeGame(0), NewArcGame(0)
	for _, g := range []*Graph{GridGraph(3, 3), GridGraph(3, 4), GridGraph(4, 4), PetersenGraph(),
		CompleteGraph(7), CompleteBipartiteGraph(3, 5), CycleGraph(12), StarGraph(9), PathGraph(16)} {
		checkGraph(t, node, arc, g)
	}
}

func TestGraphSolversRandomGraphs(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	// A tiny memo forgets all the time, which must not change any answer.
	solvers := []struct {
		node *NodeGame
		arc  *ArcGame
	}{{NodeKayles, ArcKayles}, {NewNodeGame(1), NewArcGame(1)}}
	for i := range 300 {
		n := 1 + r.IntN(14)
		g := randomGraph(r, n, 0.1+0.5*r.Float64())
		s := solvers[i%2]
		checkGraph(t, s.node, s.arc, g)
	}
}

func TestGraphMemoBounded(t *testing.T) {
	const budget = 64 << 10
	node := NewNodeGame(budget)
	r := rand.New(rand.NewPCG(11, 12))
	for range 30 {
		g := randomGraph(r, 24, 0.12)
		_, err := node.Grundy(g)
		require.NoError(t, err)
		_, err = node.MisereOutcome(randomGraph(r, 14, 0.2))
		require.NoError(t, err)
		assert.LessOrEqual(t, GraphMemoBytes(node), budget)
	}
	assert.Greater(t, GraphMemoBytes(node), budget/4, "the memo was not used")
}

// A relabelled copy of a solved graph is answered from the memo: its components are known by
// their canonical forms, whatever the vertex numbers.
func TestGraphMemoSharesIsomorphs(t *testing.T) {
	r := rand.New(rand.NewPCG(13, 14))
	for _, g := range []*Graph{GridGraph(3, 7), randomGraph(r, 22, 0.12), PetersenGraph()} {
		node := NewNodeGame(0)
		want, err := node.Grundy(g)
		require.NoError(t, err)
		_, err = node.MisereGrundy(g)
		require.NoError(t, err)
		size := GraphMemoBytes(node)
		h := relabel(g, r.Perm(g.NumVertices()))
		got, err := node.Grundy(h)
		require.NoError(t, err)
		assert.Equal(t, want, got)
		_, err = node.MisereGrundy(h)
		require.NoError(t, err)
		assert.Equal(t, size, GraphMemoBytes(node), "the copy added memo entries")
	}
}

func TestGraphSolversConcurrent(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	var graphs []*Graph
	for range 40 {
		graphs = append(graphs, randomGraph(r, 8+r.IntN(7), 0.3))
	}
	node, arc := NewNodeGame(1<<16), NewArcGame(1<<16)
	var wg sync.WaitGroup
	for w := range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i, g := range graphs {
				if i%4 == w {
					continue
				}
				bn, ba := newBrute(g, false, false), newBrute(g, true, false)
				v, err := node.Grundy(g)
				assert.NoError(t, err)
				assert.Equal(t, bn.value(bn.all()), v)
				v, err = arc.Grundy(g)
				assert.NoError(t, err)
				assert.Equal(t, ba.value(ba.all()), v)
			}
		}()
	}
	wg.Wait()
}

func TestNodeKaylesPathIsDawsonsChess(t *testing.T) {
	for n := range 61 {
		v, err := NodeKayles.Grundy(PathGraph(n))
		require.NoError(t, err)
		assert.Equal(t, DawsonsChess.Grundy(n), v, "path of %d", n)
		o, err := NodeKayles.Outcome(PathGraph(n))
		require.NoError(t, err)
		assert.Equal(t, outcomeOf(v), o, "path of %d", n)
	}
}

func TestArcKaylesPathIsDawsonsKayles(t *testing.T) {
	for n := range 61 {
		v, err := ArcKayles.Grundy(PathGraph(n))
		require.NoError(t, err)
		assert.Equal(t, DawsonsKayles.Grundy(n), v, "path of %d", n)
		o, err := ArcKayles.Outcome(PathGraph(n))
		require.NoError(t, err)
		assert.Equal(t, outcomeOf(v), o, "path of %d", n)
	}
}

// Misère Dawson's Kayles is misère Arc Kayles on a path.
func TestArcKaylesMiserePath(t *testing.T) {
	want := readInts(t, "testdata/misere_dawsons_kayles.txt")
	for n, w := range want {
		v, err := ArcKayles.MisereGrundy(PathGraph(n))
		require.NoError(t, err)
		assert.Equal(t, w, v, "path of %d", n)
	}
}

// scalloped returns the path 0..n-1 with the extra edges {i, i+3}.
func scalloped(n int) *Graph {
	var es [][2]int
	for i := range n {
		if i+1 < n {
			es = append(es, [2]int{i, i + 1})
		}
		if i+3 < n {
			es = append(es, [2]int{i, i + 3})
		}
	}
	return MustNewGraph(n, es...)
}

// linked4Cycles returns n 4-cycles in a row, the i-th on u_i, v_i, w_i, u_{i+1}, as OEIS
// A316629 describes them: u_i is vertex i, v_i is n+1+2i, w_i is n+2+2i.
func linked4Cycles(n int) *Graph {
	var es [][2]int
	for i := range n {
		u, v, w := i, n+1+2*i, n+2+2*i
		es = append(es, [2]int{u, u + 1}, [2]int{u, v}, [2]int{v, w}, [2]int{w, u + 1})
	}
	return MustNewGraph(3*n+1, es...)
}

func TestNodeKaylesPublished(t *testing.T) {
	for _, tc := range []struct {
		file  string
		first int // the n of the first value
		short int // the last n checked with -short
		graph func(n int) *Graph
	}{
		{"testdata/nodekayles_grid2.txt", 1, 32, func(n int) *Graph { return GridGraph(2, n) }},
		{"testdata/nodekayles_grid3.txt", 1, 10, func(n int) *Graph { return GridGraph(3, n) }},
		{"testdata/nodekayles_grid4.txt", 1, 8, func(n int) *Graph { return GridGraph(4, n) }},
		{"testdata/nodekayles_scalloped3.txt", 4, 40, scalloped},
		{"testdata/nodekayles_linked4cycles.txt", 1, 12, linked4Cycles},
	} {
		t.Run(tc.file, func(t *testing.T) {
			for i, w := range readInts(t, tc.file) {
				n := tc.first + i
				if n > tc.short && testing.Short() {
					break
				}
				v, err := NodeKayles.Grundy(tc.graph(n))
				require.NoError(t, err)
				assert.Equal(t, w, v, "n = %d", n)
			}
		})
	}
}

var writeFixtures = flag.Bool("graph.fixtures", false, "rewrite testdata/graph_*.txt with the brute-force solver")

// TestGraphFixtures checks the solvers against values of graph families that the brute-force
// solver computed (with -graph.fixtures, which rewrites the files). Each row holds the family's
// parameters, then the Node Kayles value, the Arc Kayles value, and the misère values of both.
func TestGraphFixtures(t *testing.T) {
	type family struct {
		file, source string
		params       [][]int
		graph        func(p []int) *Graph
	}
	var cycles, stars, bip [][]int
	for n := range 23 {
		cycles = append(cycles, []int{n})
	}
	for n := range 21 {
		stars = append(stars, []int{n})
	}
	for a := range 8 {
		for b := a; b < 9; b++ {
			bip = append(bip, []int{a, b})
		}
	}
	families := []family{
		{"testdata/graph_cycles.txt", "the cycle C_n (the path for n < 3); columns n, Node, Arc, misère Node, misère Arc", cycles,
			func(p []int) *Graph { return CycleGraph(p[0]) }},
		{"testdata/graph_stars.txt", "the star K_{1,n}; columns n, Node, Arc, misère Node, misère Arc", stars,
			func(p []int) *Graph { return StarGraph(p[0]) }},
		{"testdata/graph_bipartite.txt", "the complete bipartite K_{a,b}; columns a, b, Node, Arc, misère Node, misère Arc", bip,
			func(p []int) *Graph { return CompleteBipartiteGraph(p[0], p[1]) }},
	}
	for _, f := range families {
		if *writeFixtures {
			var b strings.Builder
			fmt.Fprintf(&b, "# source: computed by brute force (by the definitions, over vertex sets, without components or canonical forms: the brute type in graphgame_test.go, go test -run TestGraphFixtures -graph.fixtures), cross-checked with the library's solver by TestGraphFixtures\n")
			fmt.Fprintf(&b, "# %s\n", f.source)
			for _, p := range f.params {
				g := f.graph(p)
				for _, x := range p {
					fmt.Fprintf(&b, "%d ", x)
				}
				for _, c := range [][2]bool{{false, false}, {true, false}, {false, true}, {true, true}} {
					br := newBrute(g, c[0], c[1])
					fmt.Fprintf(&b, " %d", br.value(br.all()))
				}
				b.WriteString("\n")
			}
			require.NoError(t, os.WriteFile(f.file, []byte(b.String()), 0o644))
		}
		nums := readInts(t, f.file)
		width := len(f.params[0]) + 4
		require.Equal(t, len(f.params)*width, len(nums), f.file)
		for i, p := range f.params {
			row := nums[i*width : (i+1)*width]
			require.Equal(t, p, row[:len(p)], f.file)
			g := f.graph(p)
			got := make([]int, 4)
			var err error
			got[0], err = NodeKayles.Grundy(g)
			require.NoError(t, err)
			got[1], err = ArcKayles.Grundy(g)
			require.NoError(t, err)
			got[2], err = NodeKayles.MisereGrundy(g)
			require.NoError(t, err)
			got[3], err = ArcKayles.MisereGrundy(g)
			require.NoError(t, err)
			assert.Equal(t, row[len(p):], got, "%s %v", f.file, p)
		}
	}
	// A cycle has one move up to symmetry, to the path of n-3 (Node) or n-2 (Arc) vertices.
	for n := 3; n < 60; n++ {
		node, err := NodeKayles.Grundy(CycleGraph(n))
		require.NoError(t, err)
		assert.Equal(t, mex(DawsonsChess.Grundy(n-3)), node, "C_%d", n)
		arc, err := ArcKayles.Grundy(CycleGraph(n))
		require.NoError(t, err)
		assert.Equal(t, mex(DawsonsKayles.Grundy(n-2)), arc, "C_%d", n)
	}
}

func mex(vs ...int) int {
	v := 0
	for slices.Contains(vs, v) {
		v++
	}
	return v
}

func TestGraphSolverLimits(t *testing.T) {
	_, err := NodeKayles.Grundy(PathGraph(MaxComponent + 1))
	require.ErrorIs(t, err, ErrTooLarge)
	var le *SolveLimitError
	require.ErrorAs(t, err, &le)
	assert.Equal(t, MaxComponent+1, le.Vertices)
	_, err = ArcKayles.Outcome(CycleGraph(MaxComponent + 1))
	require.ErrorIs(t, err, ErrTooLarge)
	_, err = NodeKayles.MisereOutcome(MustNewGraph(MaxComponent + 1))
	require.ErrorIs(t, err, ErrTooLarge)
	assert.Contains(t, err.Error(), "misère")

	// Many small components are fine, however many vertices in all.
	g := MustNewGraph(1001)
	v, err := NodeKayles.Grundy(g)
	require.NoError(t, err)
	assert.Equal(t, 1, v)
	v, err = ArcKayles.Grundy(g)
	require.NoError(t, err)
	assert.Equal(t, 0, v)
	// Arc Kayles ignores vertices without edges, in misère play too.
	g = MustNewGraph(500, [2]int{0, 499})
	v, err = ArcKayles.MisereGrundy(g)
	require.NoError(t, err)
	assert.Equal(t, 0, v)
	// Two equal paths of 64 cancel.
	var es [][2]int
	for i := range 63 {
		es = append(es, [2]int{i, i + 1}, [2]int{64 + i, 65 + i})
	}
	o, err := NodeKayles.Outcome(MustNewGraph(128, es...))
	require.NoError(t, err)
	assert.Equal(t, Previous, o)

	var zero NodeGame
	v, err = zero.Grundy(nil)
	require.NoError(t, err)
	assert.Equal(t, 0, v)
	v, err = zero.MisereGrundy(nil)
	require.NoError(t, err)
	assert.Equal(t, 1, v)
	var zeroArc ArcGame
	o, err = zeroArc.Outcome(StarGraph(5))
	require.NoError(t, err)
	assert.Equal(t, Next, o)
}

func TestGraphSolverCancel(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	node, arc := NewNodeGame(0), NewArcGame(0)
	g := randomGraph(rand.New(rand.NewPCG(7, 8)), 40, 0.08)
	_, err := node.GrundyContext(ctx, g)
	require.ErrorIs(t, err, context.Canceled)
	_, err = node.OutcomeContext(ctx, g)
	require.ErrorIs(t, err, context.Canceled)
	_, err = node.WinningMovesContext(ctx, g)
	require.ErrorIs(t, err, context.Canceled)
	_, err = arc.GrundyContext(ctx, g)
	require.ErrorIs(t, err, context.Canceled)
	_, err = arc.MisereOutcomeContext(ctx, g)
	require.ErrorIs(t, err, context.Canceled)
	_, err = node.MisereGrundyContext(ctx, g)
	require.ErrorIs(t, err, context.Canceled)
	_, err = node.MisereWinningMovesContext(ctx, g)
	require.ErrorIs(t, err, context.Canceled)
	_, err = arc.MisereWinningMovesContext(ctx, g)
	require.ErrorIs(t, err, context.Canceled)

	// A search cut short midway stops with the context's error.
	deadline, cancel2 := context.WithTimeout(context.Background(), 20*time.Millisecond)
	defer cancel2()
	big := randomGraph(rand.New(rand.NewPCG(9, 10)), 60, 4.0/59)
	_, err = node.GrundyContext(deadline, big)
	require.ErrorIs(t, err, context.DeadlineExceeded)

	// A cancelled search leaves nothing wrong in the memo.
	small := GridGraph(3, 5)
	for range 2 {
		_, err = node.GrundyContext(ctx, small)
		require.ErrorIs(t, err, context.Canceled)
		_, err = node.OutcomeContext(ctx, small)
		require.ErrorIs(t, err, context.Canceled)
	}
	checkGraph(t, node, arc, small)
}

func TestGraphPlay(t *testing.T) {
	g := PathGraph(5)
	h, err := NodeKayles.Play(g, 2)
	require.NoError(t, err)
	assert.Equal(t, "2:", h.String())
	h, err = NodeKayles.Play(g, 0)
	require.NoError(t, err)
	assert.Equal(t, "3: 0-1 1-2", h.String())
	assert.Equal(t, "5: 0-1 1-2 2-3 3-4", g.String(), "Play changed its graph")
	_, err = NodeKayles.Play(g, 5)
	require.ErrorIs(t, err, ErrIllegalMove)
	var me *GraphMoveError
	require.ErrorAs(t, err, &me)
	assert.Equal(t, "vertex 5", me.Move)
	assert.Equal(t, "the graph has vertices 0 to 4", me.Reason)
	_, err = NodeKayles.Play(PathGraph(0), 0)
	require.ErrorAs(t, err, &me)
	assert.Equal(t, "the graph has no vertices", me.Reason, "not vertices 0 to -1")

	h, err = ArcKayles.Play(g, [2]int{2, 1})
	require.NoError(t, err)
	assert.Equal(t, "3: 1-2", h.String())
	_, err = ArcKayles.Play(g, [2]int{0, 2})
	require.ErrorIs(t, err, ErrIllegalMove)

	assert.Equal(t, []int{0, 1, 2, 3, 4}, collect(NodeKayles.Moves(g)))
	assert.Equal(t, [][2]int{{0, 1}, {1, 2}, {2, 3}, {3, 4}}, collect(ArcKayles.Moves(g)))

	// Playing a winning move leaves a position of value 0, by Play too.
	for _, g := range []*Graph{PetersenGraph(), GridGraph(3, 4), CycleGraph(9), StarGraph(4)} {
		wins, err := NodeKayles.WinningMoves(g)
		require.NoError(t, err)
		for _, v := range wins {
			h, err := NodeKayles.Play(g, v)
			require.NoError(t, err)
			val, err := NodeKayles.Grundy(h)
			require.NoError(t, err)
			assert.Equal(t, 0, val)
		}
		arcWins, err := ArcKayles.WinningMoves(g)
		require.NoError(t, err)
		for _, e := range arcWins {
			h, err := ArcKayles.Play(g, e)
			require.NoError(t, err)
			val, err := ArcKayles.Grundy(h)
			require.NoError(t, err)
			assert.Equal(t, 0, val)
		}
	}
}

func collect[T any](seq func(func(T) bool)) []T {
	var out []T
	for x := range seq {
		out = append(out, x)
	}
	return out
}
