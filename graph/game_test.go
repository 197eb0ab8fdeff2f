package graph_test

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

	"github.com/octalgames/kayles"
	"github.com/octalgames/kayles/graph"
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

func newBrute(g *graph.Graph, arc, misere bool) *brute {
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

func outcomeOf(v int) kayles.Outcome {
	if v == 0 {
		return kayles.Previous
	}
	return kayles.Next
}

// checkGraph compares every answer of the solvers on g with the brute-force ones.
func checkGraph(t *testing.T, node *graph.NodeGame, arc *graph.ArcGame, g *graph.Graph) {
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
		var outN, outA kayles.Outcome
		var winsN []int
		var winsA [][2]int
		var err error
		if misere {
			gotN, err = node.MisereValue(t.Context(), g)
			require.NoError(t, err)
			gotA, err = arc.MisereValue(t.Context(), g)
			require.NoError(t, err)
			outN, err = node.MisereOutcome(t.Context(), g)
			require.NoError(t, err)
			outA, err = arc.MisereOutcome(t.Context(), g)
			require.NoError(t, err)
			winsN, err = node.MisereWinningMoves(t.Context(), g)
			require.NoError(t, err)
			winsA, err = arc.MisereWinningMoves(t.Context(), g)
			require.NoError(t, err)
		} else {
			gotN, err = node.Value(t.Context(), g)
			require.NoError(t, err)
			gotA, err = arc.Value(t.Context(), g)
			require.NoError(t, err)
			outN, err = node.Outcome(t.Context(), g)
			require.NoError(t, err)
			outA, err = arc.Outcome(t.Context(), g)
			require.NoError(t, err)
			winsN, err = node.WinningMoves(t.Context(), g)
			require.NoError(t, err)
			winsA, err = arc.WinningMoves(t.Context(), g)
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
	node, arc := graph.NewNodeGame(graph.Limits{}), graph.NewArcGame(graph.Limits{})
	for _, gs := range allGraphs(7) {
		for _, g := range gs {
			checkGraph(t, node, arc, g)
		}
	}
}

func TestGraphSolversFamilies(t *testing.T) {
	node, arc := graph.NewNodeGame(graph.Limits{}), graph.NewArcGame(graph.Limits{})
	for _, g := range []*graph.Graph{grid(3, 3), grid(3, 4), grid(4, 4), graph.Petersen(),
		complete(7), bipartite(3, 5), cycle(12), star(9), path(16)} {
		checkGraph(t, node, arc, g)
	}
}

func TestGraphSolversRandomGraphs(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	// A tiny memo forgets all the time, which must not change any answer.
	solvers := []struct {
		node *graph.NodeGame
		arc  *graph.ArcGame
	}{{graph.NodeKayles, graph.ArcKayles}, {graph.NewNodeGame(graph.Limits{MemoBytes: 1}), graph.NewArcGame(graph.Limits{MemoBytes: 1})}}
	for i := range 300 {
		n := 1 + r.IntN(14)
		g := randomGraph(r, n, 0.1+0.5*r.Float64())
		s := solvers[i%2]
		checkGraph(t, s.node, s.arc, g)
	}
}

func TestGraphMemoBounded(t *testing.T) {
	const budget = 64 << 10
	node := graph.NewNodeGame(graph.Limits{MemoBytes: budget})
	assert.Equal(t, budget, node.Limits().MemoBytes)
	r := rand.New(rand.NewPCG(11, 12))
	most, entries := 0, 0
	for range 30 {
		g := randomGraph(r, 24, 0.12)
		_, err := node.Value(t.Context(), g)
		require.NoError(t, err)
		_, err = node.MisereOutcome(t.Context(), randomGraph(r, 14, 0.2))
		require.NoError(t, err)
		// Each memo holds half the budget, in two generations of a quarter each; MemoBytes
		// counts the current generations.
		bytes, n := graph.MemoBytes(node)
		assert.LessOrEqual(t, bytes, budget/2)
		most, entries = max(most, bytes), max(entries, n)
	}
	assert.Greater(t, most, budget/8, "the memo was not used")
	// Keys are at least 3 bytes and the map spends at least 36 bytes for each entry (as the
	// memos count the heap), so a memo that forgot nothing would hold more.
	assert.LessOrEqual(t, entries, budget/39, "the memo held more than its budget")
}

// A relabelled copy of a solved graph is answered from the memo: its components are known by
// their canonical forms, whatever the vertex numbers.
func TestGraphMemoSharesIsomorphs(t *testing.T) {
	r := rand.New(rand.NewPCG(13, 14))
	for _, g := range []*graph.Graph{grid(3, 7), randomGraph(r, 22, 0.12), graph.Petersen()} {
		node := graph.NewNodeGame(graph.Limits{})
		want, err := node.Value(t.Context(), g)
		require.NoError(t, err)
		_, err = node.MisereValue(t.Context(), g)
		require.NoError(t, err)
		size, entries := graph.MemoBytes(node)
		h := relabel(g, r.Perm(g.NumVertices()))
		got, err := node.Value(t.Context(), h)
		require.NoError(t, err)
		assert.Equal(t, want, got)
		_, err = node.MisereValue(t.Context(), h)
		require.NoError(t, err)
		gotSize, gotEntries := graph.MemoBytes(node)
		assert.Equal(t, size, gotSize, "the copy added memo entries")
		assert.Equal(t, entries, gotEntries, "the copy added memo entries")
	}
}

func TestGraphSolversConcurrent(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	var graphs []*graph.Graph
	for range 40 {
		graphs = append(graphs, randomGraph(r, 8+r.IntN(7), 0.3))
	}
	node, arc := graph.NewNodeGame(graph.Limits{MemoBytes: 1 << 16}), graph.NewArcGame(graph.Limits{MemoBytes: 1 << 16})
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
				v, err := node.Value(t.Context(), g)
				assert.NoError(t, err)
				assert.Equal(t, bn.value(bn.all()), v)
				v, err = arc.Value(t.Context(), g)
				assert.NoError(t, err)
				assert.Equal(t, ba.value(ba.all()), v)
			}
		}()
	}
	wg.Wait()
}

func TestNodeKaylesPathIsDawsonsChess(t *testing.T) {
	for n := range 61 {
		v, err := graph.NodeKayles.Value(t.Context(), path(n))
		require.NoError(t, err)
		assert.Equal(t, grundy(t, kayles.DawsonsChess, n), v, "path of %d", n)
		o, err := graph.NodeKayles.Outcome(t.Context(), path(n))
		require.NoError(t, err)
		assert.Equal(t, outcomeOf(v), o, "path of %d", n)
	}
}

func TestArcKaylesPathIsDawsonsKayles(t *testing.T) {
	for n := range 61 {
		v, err := graph.ArcKayles.Value(t.Context(), path(n))
		require.NoError(t, err)
		assert.Equal(t, grundy(t, kayles.DawsonsKayles, n), v, "path of %d", n)
		o, err := graph.ArcKayles.Outcome(t.Context(), path(n))
		require.NoError(t, err)
		assert.Equal(t, outcomeOf(v), o, "path of %d", n)
	}
}

// Misère Dawson's Kayles is misère Arc Kayles on a path.
func TestArcKaylesMiserePath(t *testing.T) {
	want := readInts(t, "testdata/misere_dawsons_kayles.txt")
	for n, w := range want {
		v, err := graph.ArcKayles.MisereValue(t.Context(), path(n))
		require.NoError(t, err)
		assert.Equal(t, w, v, "path of %d", n)
	}
}

// scalloped returns the path 0..n-1 with the extra edges {i, i+3}.
func scalloped(n int) *graph.Graph {
	var es [][2]int
	for i := range n {
		if i+1 < n {
			es = append(es, [2]int{i, i + 1})
		}
		if i+3 < n {
			es = append(es, [2]int{i, i + 3})
		}
	}
	return newGraph(n, es...)
}

// linked4Cycles returns n 4-cycles in a row, the i-th on u_i, v_i, w_i, u_{i+1}, as OEIS
// A316629 describes them: u_i is vertex i, v_i is n+1+2i, w_i is n+2+2i.
func linked4Cycles(n int) *graph.Graph {
	var es [][2]int
	for i := range n {
		u, v, w := i, n+1+2*i, n+2+2*i
		es = append(es, [2]int{u, u + 1}, [2]int{u, v}, [2]int{v, w}, [2]int{w, u + 1})
	}
	return newGraph(3*n+1, es...)
}

func TestNodeKaylesPublished(t *testing.T) {
	for _, tc := range []struct {
		file  string
		first int // the n of the first value
		short int // the last n checked with -short
		graph func(n int) *graph.Graph
	}{
		{"testdata/nodekayles_grid2.txt", 1, 32, func(n int) *graph.Graph { return grid(2, n) }},
		{"testdata/nodekayles_grid3.txt", 1, 10, func(n int) *graph.Graph { return grid(3, n) }},
		{"testdata/nodekayles_grid4.txt", 1, 8, func(n int) *graph.Graph { return grid(4, n) }},
		{"testdata/nodekayles_scalloped3.txt", 4, 40, scalloped},
		{"testdata/nodekayles_linked4cycles.txt", 1, 12, linked4Cycles},
	} {
		t.Run(tc.file, func(t *testing.T) {
			// The 3×16 grid needs more work than the default limits allow (about 2^28.5
			// steps, with the memo of the smaller grids).
			node := graph.NewNodeGame(graph.Limits{Steps: -1})
			for i, w := range readInts(t, tc.file) {
				n := tc.first + i
				if n > tc.short && testing.Short() {
					break
				}
				v, err := node.Value(t.Context(), tc.graph(n))
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
		graph        func(p []int) *graph.Graph
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
			func(p []int) *graph.Graph { return cycle(p[0]) }},
		{"testdata/graph_stars.txt", "the star K_{1,n}; columns n, Node, Arc, misère Node, misère Arc", stars,
			func(p []int) *graph.Graph { return star(p[0]) }},
		{"testdata/graph_bipartite.txt", "the complete bipartite K_{a,b}; columns a, b, Node, Arc, misère Node, misère Arc", bip,
			func(p []int) *graph.Graph { return bipartite(p[0], p[1]) }},
	}
	for _, f := range families {
		if *writeFixtures {
			var b strings.Builder
			fmt.Fprintf(&b, "# source: computed by brute force (by the definitions, over vertex sets, without components or canonical forms: the brute type in graph/game_test.go, go test ./graph -run TestGraphFixtures -graph.fixtures), cross-checked with the library's solver by TestGraphFixtures\n")
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
			got[0], err = graph.NodeKayles.Value(t.Context(), g)
			require.NoError(t, err)
			got[1], err = graph.ArcKayles.Value(t.Context(), g)
			require.NoError(t, err)
			got[2], err = graph.NodeKayles.MisereValue(t.Context(), g)
			require.NoError(t, err)
			got[3], err = graph.ArcKayles.MisereValue(t.Context(), g)
			require.NoError(t, err)
			assert.Equal(t, row[len(p):], got, "%s %v", f.file, p)
		}
	}
	// A cycle has one move up to symmetry, to the path of n-3 (Node) or n-2 (Arc) vertices.
	for n := 3; n < 60; n++ {
		node, err := graph.NodeKayles.Value(t.Context(), cycle(n))
		require.NoError(t, err)
		assert.Equal(t, mex(grundy(t, kayles.DawsonsChess, n-3)), node, "C_%d", n)
		arc, err := graph.ArcKayles.Value(t.Context(), cycle(n))
		require.NoError(t, err)
		assert.Equal(t, mex(grundy(t, kayles.DawsonsKayles, n-2)), arc, "C_%d", n)
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
	_, err := graph.NodeKayles.Value(t.Context(), path(graph.MaxComponent+1))
	require.ErrorIs(t, err, kayles.ErrTooLarge)
	var le *kayles.LimitError
	require.ErrorAs(t, err, &le)
	assert.Equal(t, int64(graph.MaxComponent), le.Limit)
	assert.Equal(t, "vertices in one connected component", le.Unit)
	assert.Equal(t, "the Node Kayles value of a graph of 65 vertices and 64 edges", le.Question)
	assert.Contains(t, le.Advice, "one of 65")
	_, err = graph.ArcKayles.Outcome(t.Context(), cycle(graph.MaxComponent+1))
	require.ErrorIs(t, err, kayles.ErrTooLarge)
	_, err = graph.NodeKayles.MisereOutcome(t.Context(), newGraph(graph.MaxComponent+1))
	require.ErrorIs(t, err, kayles.ErrTooLarge)
	assert.Contains(t, err.Error(), "misère")
	require.ErrorAs(t, err, &le)
	assert.Equal(t, "vertices", le.Unit)
	_, err = graph.ArcKayles.MisereValue(t.Context(), path(graph.MaxComponent+1))
	require.ErrorAs(t, err, &le)
	assert.Equal(t, "vertices with edges", le.Unit)

	// Many small components are fine, however many vertices in all.
	g := newGraph(1001)
	v, err := graph.NodeKayles.Value(t.Context(), g)
	require.NoError(t, err)
	assert.Equal(t, 1, v)
	v, err = graph.ArcKayles.Value(t.Context(), g)
	require.NoError(t, err)
	assert.Equal(t, 0, v)
	// Arc Kayles ignores vertices without edges, in misère play too.
	g = newGraph(500, [2]int{0, 499})
	v, err = graph.ArcKayles.MisereValue(t.Context(), g)
	require.NoError(t, err)
	assert.Equal(t, 0, v)
	// Two equal paths of 64 cancel.
	var es [][2]int
	for i := range 63 {
		es = append(es, [2]int{i, i + 1}, [2]int{64 + i, 65 + i})
	}
	o, err := graph.NodeKayles.Outcome(t.Context(), newGraph(128, es...))
	require.NoError(t, err)
	assert.Equal(t, kayles.Previous, o)

	var zero graph.NodeGame
	v, err = zero.Value(t.Context(), nil)
	require.NoError(t, err)
	assert.Equal(t, 0, v)
	v, err = zero.MisereValue(t.Context(), nil)
	require.NoError(t, err)
	assert.Equal(t, 1, v)
	assert.Equal(t, graph.Limits{MemoBytes: graph.DefaultMemoBytes, Steps: graph.DefaultSteps}, zero.Limits())
	var zeroArc graph.ArcGame
	o, err = zeroArc.Outcome(t.Context(), star(5))
	require.NoError(t, err)
	assert.Equal(t, kayles.Next, o)
}

func TestGraphSolverCancel(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	node, arc := graph.NewNodeGame(graph.Limits{}), graph.NewArcGame(graph.Limits{})
	g := randomGraph(rand.New(rand.NewPCG(7, 8)), 40, 0.08)
	_, err := node.Value(ctx, g)
	require.ErrorIs(t, err, context.Canceled)
	_, err = node.Outcome(ctx, g)
	require.ErrorIs(t, err, context.Canceled)
	_, err = node.WinningMoves(ctx, g)
	require.ErrorIs(t, err, context.Canceled)
	_, err = arc.Value(ctx, g)
	require.ErrorIs(t, err, context.Canceled)
	_, err = arc.MisereOutcome(ctx, g)
	require.ErrorIs(t, err, context.Canceled)
	_, err = node.MisereValue(ctx, g)
	require.ErrorIs(t, err, context.Canceled)
	_, err = node.MisereWinningMoves(ctx, g)
	require.ErrorIs(t, err, context.Canceled)
	_, err = arc.MisereWinningMoves(ctx, g)
	require.ErrorIs(t, err, context.Canceled)

	// A search cut short midway stops with the context's error.
	deadline, cancel2 := context.WithTimeout(context.Background(), 20*time.Millisecond)
	defer cancel2()
	big := randomGraph(rand.New(rand.NewPCG(9, 10)), 60, 4.0/59)
	_, err = node.Value(deadline, big)
	require.ErrorIs(t, err, context.DeadlineExceeded)
	checkGraph(t, node, arc, grid(3, 5))
}

// TestGraphSolverResumes cuts searches short by a small limit on steps, again and again on one
// solver: what each cut search left in the memo lets the next one go further, until one
// answers, and that answer must be right. A cut search that stored a wrong value would show.
// A call must afford to look up again what the calls before it stored along the path of its
// search before it gets further, so a limit too small gets nowhere; the test tries limits from
// small to large, each on fresh solvers, until one is cut and then answers.
func TestGraphSolverResumes(t *testing.T) {
	r := rand.New(rand.NewPCG(15, 16))
	type ask func(ctx context.Context, node *graph.NodeGame, arc *graph.ArcGame, g *graph.Graph) (int, error)
	outcome := func(f func(ctx context.Context, node *graph.NodeGame, arc *graph.ArcGame, g *graph.Graph) (kayles.Outcome, error)) ask {
		return func(ctx context.Context, node *graph.NodeGame, arc *graph.ArcGame, g *graph.Graph) (int, error) {
			o, err := f(ctx, node, arc, g)
			return int(o), err
		}
	}
	asks := []struct {
		name    string
		outcome bool
		ask     ask
	}{
		{"node value", false, func(ctx context.Context, n *graph.NodeGame, _ *graph.ArcGame, g *graph.Graph) (int, error) {
			return n.Value(ctx, g)
		}},
		{"arc value", false, func(ctx context.Context, _ *graph.NodeGame, a *graph.ArcGame, g *graph.Graph) (int, error) {
			return a.Value(ctx, g)
		}},
		{"node misère value", false, func(ctx context.Context, n *graph.NodeGame, _ *graph.ArcGame, g *graph.Graph) (int, error) {
			return n.MisereValue(ctx, g)
		}},
		{"arc misère value", false, func(ctx context.Context, _ *graph.NodeGame, a *graph.ArcGame, g *graph.Graph) (int, error) {
			return a.MisereValue(ctx, g)
		}},
		{"node outcome", true, outcome(func(ctx context.Context, n *graph.NodeGame, _ *graph.ArcGame, g *graph.Graph) (kayles.Outcome, error) {
			return n.Outcome(ctx, g)
		})},
		{"arc outcome", true, outcome(func(ctx context.Context, _ *graph.NodeGame, a *graph.ArcGame, g *graph.Graph) (kayles.Outcome, error) {
			return a.Outcome(ctx, g)
		})},
		{"node misère outcome", true, outcome(func(ctx context.Context, n *graph.NodeGame, _ *graph.ArcGame, g *graph.Graph) (kayles.Outcome, error) {
			return n.MisereOutcome(ctx, g)
		})},
		{"arc misère outcome", true, outcome(func(ctx context.Context, _ *graph.NodeGame, a *graph.ArcGame, g *graph.Graph) (kayles.Outcome, error) {
			return a.MisereOutcome(ctx, g)
		})},
	}
	const stuck = 30 // calls without an answer after which a limit counts as too small
	for _, g := range []*graph.Graph{grid(3, 5), grid(4, 4), randomGraph(r, 14, 0.25), cycle(20)} {
		valueCuts, outcomeCuts := 0, 0
		for _, a := range asks {
			want, err := a.ask(t.Context(), graph.NewNodeGame(graph.Limits{}), graph.NewArcGame(graph.Limits{}), g)
			require.NoError(t, err)
			for limit := int64(5000); ; limit = limit * 3 / 2 {
				require.Less(t, limit, int64(1<<26), "%s on %s: no limit is cut and then answers", a.name, g)
				limits := graph.Limits{Steps: limit}
				node, arc := graph.NewNodeGame(limits), graph.NewArcGame(limits)
				cuts := 0
				for ; cuts < stuck; cuts++ {
					v, err := a.ask(t.Context(), node, arc, g)
					if err == nil {
						assert.Equal(t, want, v, "%s on %s, limit %d, after %d cuts", a.name, g, limit, cuts)
						break
					}
					require.ErrorIs(t, err, kayles.ErrTooLarge)
					assert.Equal(t, 0, v, "a value or outcome with an error")
				}
				if cuts == stuck {
					continue
				}
				if a.outcome {
					outcomeCuts += cuts
				} else {
					valueCuts += cuts
				}
				break
			}
		}
		assert.Positive(t, valueCuts, "%s: the limit cut no value search, so the test tests nothing", g)
		assert.Positive(t, outcomeCuts, "%s: the limit cut no outcome search", g)
	}
}

func TestGraphPlay(t *testing.T) {
	g := path(5)
	h, err := graph.NodeKayles.Play(g, 2)
	require.NoError(t, err)
	assert.Equal(t, "2:", h.String())
	h, err = graph.NodeKayles.Play(g, 0)
	require.NoError(t, err)
	assert.Equal(t, "3: 0-1 1-2", h.String())
	assert.Equal(t, "5: 0-1 1-2 2-3 3-4", g.String(), "Play changed its graph")
	_, err = graph.NodeKayles.Play(g, 5)
	require.ErrorIs(t, err, kayles.ErrIllegalMove)
	var me *graph.MoveError
	require.ErrorAs(t, err, &me)
	assert.Equal(t, "vertex 5", me.Move)
	assert.Equal(t, "the graph has vertices 0 to 4", me.Reason)
	_, err = graph.NodeKayles.Play(path(0), 0)
	require.ErrorAs(t, err, &me)
	assert.Equal(t, "the graph has no vertices", me.Reason, "not vertices 0 to -1")

	h, err = graph.ArcKayles.Play(g, [2]int{2, 1})
	require.NoError(t, err)
	assert.Equal(t, "3: 1-2", h.String())
	_, err = graph.ArcKayles.Play(g, [2]int{0, 2})
	require.ErrorIs(t, err, kayles.ErrIllegalMove)

	assert.Equal(t, []int{0, 1, 2, 3, 4}, collect(graph.NodeKayles.Moves(g)))
	assert.Equal(t, [][2]int{{0, 1}, {1, 2}, {2, 3}, {3, 4}}, collect(graph.ArcKayles.Moves(g)))

	// Playing a winning move leaves a position of value 0, by Play too.
	for _, g := range []*graph.Graph{graph.Petersen(), grid(3, 4), cycle(9), star(4)} {
		wins, err := graph.NodeKayles.WinningMoves(t.Context(), g)
		require.NoError(t, err)
		for _, v := range wins {
			h, err := graph.NodeKayles.Play(g, v)
			require.NoError(t, err)
			val, err := graph.NodeKayles.Value(t.Context(), h)
			require.NoError(t, err)
			assert.Equal(t, 0, val)
		}
		arcWins, err := graph.ArcKayles.WinningMoves(t.Context(), g)
		require.NoError(t, err)
		for _, e := range arcWins {
			h, err := graph.ArcKayles.Play(g, e)
			require.NoError(t, err)
			val, err := graph.ArcKayles.Value(t.Context(), h)
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

// hardGraph returns a seeded random graph of 60 vertices and average degree 4, which no solver
// here finishes in seconds, in any of the games and plays.
func hardGraph() *graph.Graph {
	return randomGraph(rand.New(rand.NewPCG(9, 10)), 60, 4.0/59)
}

// TestDeadlineMidSolve checks that a solve stops soon after its context's deadline passes in
// the middle of the search, with the context's error and no value. The bound is generous
// (three seconds past the deadline, where the contract promises 100 ms) so that a busy machine does
// not fail it; BenchmarkCancelLatency measures the delay itself.
func TestDeadlineMidSolve(t *testing.T) {
	const deadline, slack = 200 * time.Millisecond, 3 * time.Second
	g := hardGraph()
	node := graph.NewNodeGame(graph.Limits{Steps: -1})
	start := time.Now() // before the deadline is set, so that elapsed >= deadline
	ctx, cancel := context.WithTimeout(t.Context(), deadline)
	defer cancel()
	v, err := node.Value(ctx, g)
	elapsed := time.Since(start)
	require.ErrorIs(t, err, context.DeadlineExceeded)
	assert.Equal(t, 0, v, "a value with an error")
	assert.GreaterOrEqual(t, elapsed, deadline)
	assert.Less(t, elapsed, deadline+slack, "returned %v after the deadline", elapsed-deadline)

	// Every other question stops too, with a shorter deadline to keep the test quick.
	arc := graph.NewArcGame(graph.Limits{Steps: -1})
	for name, ask := range map[string]func(ctx context.Context) error{
		"node outcome":       func(ctx context.Context) error { _, err := node.Outcome(ctx, g); return err },
		"node winning moves": func(ctx context.Context) error { _, err := node.WinningMoves(ctx, g); return err },
		"node misère value":  func(ctx context.Context) error { _, err := node.MisereValue(ctx, g); return err },
		"node misère outcome": func(ctx context.Context) error {
			_, err := node.MisereOutcome(ctx, g)
			return err
		},
		"node misère winning moves": func(ctx context.Context) error {
			_, err := node.MisereWinningMoves(ctx, g)
			return err
		},
		"arc value":          func(ctx context.Context) error { _, err := arc.Value(ctx, g); return err },
		"arc outcome":        func(ctx context.Context) error { _, err := arc.Outcome(ctx, g); return err },
		"arc winning moves":  func(ctx context.Context) error { _, err := arc.WinningMoves(ctx, g); return err },
		"arc misère value":   func(ctx context.Context) error { _, err := arc.MisereValue(ctx, g); return err },
		"arc misère outcome": func(ctx context.Context) error { _, err := arc.MisereOutcome(ctx, g); return err },
		"arc misère winning moves": func(ctx context.Context) error {
			_, err := arc.MisereWinningMoves(ctx, g)
			return err
		},
	} {
		const short = 20 * time.Millisecond
		ctx, cancel := context.WithTimeout(t.Context(), short)
		start := time.Now()
		err := ask(ctx)
		elapsed := time.Since(start)
		cancel()
		require.ErrorIs(t, err, context.DeadlineExceeded, name)
		assert.Less(t, elapsed, short+slack, "%s: returned %v after the deadline", name, elapsed-short)
	}
}

// TestStepsLimit checks that a search past its limit on steps says so with a
// *kayles.LimitError, in every question, and never answers with a zero value instead.
func TestStepsLimit(t *testing.T) {
	g := grid(4, 6)
	const limit = 100
	limits := graph.Limits{Steps: limit}
	assert.Equal(t, int64(limit), graph.NewNodeGame(limits).Limits().Steps)
	assert.Equal(t, graph.DefaultMemoBytes, graph.NewArcGame(limits).Limits().MemoBytes)
	// Each question gets fresh solvers: what a search cut short has stored lets the next go
	// further (TestGraphSolverResumes).
	for name, ask := range map[string]func(node *graph.NodeGame, arc *graph.ArcGame) (any, error){
		"node value":          func(node *graph.NodeGame, arc *graph.ArcGame) (any, error) { return node.Value(t.Context(), g) },
		"node outcome":        func(node *graph.NodeGame, arc *graph.ArcGame) (any, error) { return node.Outcome(t.Context(), g) },
		"node winning moves":  func(node *graph.NodeGame, arc *graph.ArcGame) (any, error) { return node.WinningMoves(t.Context(), g) },
		"node misère value":   func(node *graph.NodeGame, arc *graph.ArcGame) (any, error) { return node.MisereValue(t.Context(), g) },
		"node misère outcome": func(node *graph.NodeGame, arc *graph.ArcGame) (any, error) { return node.MisereOutcome(t.Context(), g) },
		"node misère winning moves": func(node *graph.NodeGame, arc *graph.ArcGame) (any, error) {
			return node.MisereWinningMoves(t.Context(), g)
		},
		"arc value":          func(node *graph.NodeGame, arc *graph.ArcGame) (any, error) { return arc.Value(t.Context(), g) },
		"arc outcome":        func(node *graph.NodeGame, arc *graph.ArcGame) (any, error) { return arc.Outcome(t.Context(), g) },
		"arc winning moves":  func(node *graph.NodeGame, arc *graph.ArcGame) (any, error) { return arc.WinningMoves(t.Context(), g) },
		"arc misère value":   func(node *graph.NodeGame, arc *graph.ArcGame) (any, error) { return arc.MisereValue(t.Context(), g) },
		"arc misère outcome": func(node *graph.NodeGame, arc *graph.ArcGame) (any, error) { return arc.MisereOutcome(t.Context(), g) },
		"arc misère winning moves": func(node *graph.NodeGame, arc *graph.ArcGame) (any, error) {
			return arc.MisereWinningMoves(t.Context(), g)
		},
	} {
		got, err := ask(graph.NewNodeGame(limits), graph.NewArcGame(limits))
		require.ErrorIs(t, err, kayles.ErrTooLarge, "%s: got %v", name, got)
		var le *kayles.LimitError
		require.ErrorAs(t, err, &le, name)
		assert.Equal(t, int64(limit), le.Limit, name)
		assert.Equal(t, "steps", le.Unit, name)
		assert.Contains(t, le.Question, "24 vertices and 38 edges", name)
		assert.Contains(t, le.Advice, "Limits.Steps", name)
		assert.Zero(t, got, "%s: an answer with an error", name)
	}
	// The same questions without the limit have answers (OEIS A000004: the 4×n grids are
	// lost for the player to move in Node Kayles).
	v, err := graph.NewNodeGame(graph.Limits{Steps: -1}).Value(t.Context(), g)
	require.NoError(t, err)
	assert.Equal(t, 0, v)
}

// grundy returns G(n) of o, failing the test if it has no answer.
func grundy(t *testing.T, o *kayles.Octal, n int) int {
	t.Helper()
	v, err := o.Grundy(context.Background(), n)
	require.NoError(t, err)
	return v
}
