package graph_test

import (
	"context"
	"math/rand/v2"
	"runtime"
	"runtime/metrics"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/octalgames/kayles"
	"github.com/octalgames/kayles/graph"
)

// A question is one computing call of a solver, its answer dropped.
type question struct {
	name string
	ask  func(ctx context.Context, node *graph.NodeGame, arc *graph.ArcGame, g *graph.Graph) error
}

// questions lists every computing call of the two solvers.
var questions = []question{
	{"node value", func(ctx context.Context, n *graph.NodeGame, _ *graph.ArcGame, g *graph.Graph) error {
		_, err := n.Value(ctx, g)
		return err
	}},
	{"node outcome", func(ctx context.Context, n *graph.NodeGame, _ *graph.ArcGame, g *graph.Graph) error {
		_, err := n.Outcome(ctx, g)
		return err
	}},
	{"node winning moves", func(ctx context.Context, n *graph.NodeGame, _ *graph.ArcGame, g *graph.Graph) error {
		_, err := n.WinningMoves(ctx, g)
		return err
	}},
	{"node misère value", func(ctx context.Context, n *graph.NodeGame, _ *graph.ArcGame, g *graph.Graph) error {
		_, err := n.MisereValue(ctx, g)
		return err
	}},
	{"node misère outcome", func(ctx context.Context, n *graph.NodeGame, _ *graph.ArcGame, g *graph.Graph) error {
		_, err := n.MisereOutcome(ctx, g)
		return err
	}},
	{"node misère winning moves", func(ctx context.Context, n *graph.NodeGame, _ *graph.ArcGame, g *graph.Graph) error {
		_, err := n.MisereWinningMoves(ctx, g)
		return err
	}},
	{"arc value", func(ctx context.Context, _ *graph.NodeGame, a *graph.ArcGame, g *graph.Graph) error {
		_, err := a.Value(ctx, g)
		return err
	}},
	{"arc outcome", func(ctx context.Context, _ *graph.NodeGame, a *graph.ArcGame, g *graph.Graph) error {
		_, err := a.Outcome(ctx, g)
		return err
	}},
	{"arc winning moves", func(ctx context.Context, _ *graph.NodeGame, a *graph.ArcGame, g *graph.Graph) error {
		_, err := a.WinningMoves(ctx, g)
		return err
	}},
	{"arc misère value", func(ctx context.Context, _ *graph.NodeGame, a *graph.ArcGame, g *graph.Graph) error {
		_, err := a.MisereValue(ctx, g)
		return err
	}},
	{"arc misère outcome", func(ctx context.Context, _ *graph.NodeGame, a *graph.ArcGame, g *graph.Graph) error {
		_, err := a.MisereOutcome(ctx, g)
		return err
	}},
	{"arc misère winning moves", func(ctx context.Context, _ *graph.NodeGame, a *graph.ArcGame, g *graph.Graph) error {
		_, err := a.MisereWinningMoves(ctx, g)
		return err
	}},
}

// circulant returns the graph on n vertices joining each v to v+d (mod n) for each d of ds:
// vertex-transitive, so its canonical forms get no help from colour refinement.
func circulant(n int, ds ...int) *graph.Graph {
	var es [][2]int
	for v := range n {
		for _, d := range ds {
			es = append(es, [2]int{v, (v + d) % n})
		}
	}
	return newGraph(n, es...)
}

// heapPeak samples the bytes of live and unswept heap objects every millisecond until stop is
// called, which returns the most seen above what the heap held when heapPeak was called.
func heapPeak() (stop func() uint64) {
	runtime.GC()
	sample := []metrics.Sample{{Name: "/memory/classes/heap/objects:bytes"}}
	read := func() uint64 {
		metrics.Read(sample)
		return sample[0].Value.Uint64()
	}
	base := read()
	var peak uint64
	done := make(chan struct{})
	var wg sync.WaitGroup
	wg.Go(func() {
		tick := time.NewTicker(time.Millisecond)
		defer tick.Stop()
		for {
			peak = max(peak, read())
			select {
			case <-done:
				return
			case <-tick.C:
			}
		}
	})
	return func() uint64 {
		close(done)
		wg.Wait()
		if peak = max(peak, read()); peak < base {
			return 0
		}
		return peak - base
	}
}

// scratchBytes is the scratch memory of one call that the doc of Limits states.
const scratchBytes = 16 << 20

// TestDefaultLimitsHold asks every question, with the default limits and a context that is
// not done for a minute, about random graphs of 60 vertices that no solver finishes: each
// must end with an answer or a *kayles.LimitError within the default budget of work (about a
// second of one core; the minute is a backstop that the limits must beat), and within the memory that
// Limits states. It fails on limits that count only part of the work, as the positions
// looked up once were (16 million of them took minutes).
func TestDefaultLimitsHold(t *testing.T) {
	if raceEnabled {
		t.Skip("the default budget of work takes about ten seconds a question under the race detector")
	}
	r := rand.New(rand.NewPCG(60, 1))
	sparse, denser := randomGraph(r, 60, 0.1), randomGraph(r, 60, 0.3)
	// Questions of each game and play, on the sparse graph, where all are hard, and on the
	// denser one, whose searches hold the most memory; BenchmarkDefaultLimits asks all.
	type asked struct {
		g *graph.Graph
		q question
	}
	cases := []asked{{sparse, questions[0]}, {sparse, questions[4]}, {sparse, questions[7]}, {denser, questions[10]}}
	if testing.Short() {
		cases = cases[:1]
	}
	const backstop = time.Minute
	for _, c := range cases {
		g, q := c.g, c.q
		ctx, cancel := context.WithTimeout(context.Background(), backstop)
		node, arc := graph.NewNodeGame(graph.Limits{}), graph.NewArcGame(graph.Limits{})
		stop := heapPeak()
		start := time.Now()
		err := q.ask(ctx, node, arc, g)
		elapsed := time.Since(start)
		peak := stop()
		cancel()
		if err != nil {
			require.ErrorIs(t, err, kayles.ErrTooLarge, "%s on a graph of %d edges, after %v", q.name, g.NumEdges(), elapsed)
			var le *kayles.LimitError
			require.ErrorAs(t, err, &le)
			assert.Equal(t, "steps", le.Unit, q.name)
			assert.Equal(t, int64(graph.DefaultSteps), le.Limit, q.name)
		}
		// The heap holds garbage as well until the collector runs, up to as much again as
		// what is live.
		assert.LessOrEqual(t, peak, uint64(2*(graph.DefaultMemoBytes+scratchBytes)), "%s: %d bytes of heap at most",
			q.name, peak)
		t.Logf("%s, %d edges: %v, %.1f MB of heap at most, limit reached %v", q.name, g.NumEdges(),
			elapsed.Round(time.Millisecond), float64(peak)/(1<<20), err != nil)
	}
}

// TestCancelMidSearch cancels every question in the middle of its search, on graphs of several
// kinds with no limit on steps, and checks that each returns the context's error soon after.
// The bound is generous (three seconds, where the contract promises 100 ms) so that a busy
// machine does not fail it; BenchmarkCancelLatency measures the delay itself.
func TestCancelMidSearch(t *testing.T) {
	const wait, slack = 20 * time.Millisecond, 3 * time.Second
	cut := 0
	for _, g := range []*graph.Graph{hardGraph(), circulant(64, 1, 2, 4, 8, 16), grid(8, 8), complete(64)} {
		node, arc := graph.NewNodeGame(graph.Limits{Steps: -1}), graph.NewArcGame(graph.Limits{Steps: -1})
		for _, q := range questions {
			ctx, cancel := context.WithCancel(context.Background())
			done := make(chan error, 1)
			go func() { done <- q.ask(ctx, node, arc, g) }()
			time.Sleep(wait)
			at := time.Now()
			cancel()
			select {
			case err := <-done:
				if err != nil {
					require.ErrorIs(t, err, context.Canceled, "%s on %s", q.name, g)
					cut++
				}
				t.Logf("%s on %d vertices and %d edges: %v after the cancel", q.name, g.NumVertices(), g.NumEdges(),
					time.Since(at))
			case <-time.After(slack):
				t.Fatalf("%s on %s: no return %v after the cancel", q.name, g, slack)
			}
		}
	}
	assert.Greater(t, cut, 30, "too few searches were still running at the cancel to test anything")
}

// TestHugeGraphs asks every question about graphs of 100000 vertices of several shapes, with
// the default limits and a context that is not done for a minute: each gets an answer or a
// *kayles.LimitError, never a panic or a hang. So do the moves, Play and the edge-list text.
func TestHugeGraphs(t *testing.T) {
	const n = 100000
	r := rand.New(rand.NewPCG(100, 1))
	matching := make([][2]int, 0, n/2)
	for v := 0; v+1 < n; v += 2 {
		matching = append(matching, [2]int{v, v + 1})
	}
	var small, sparse [][2]int // components of 10 vertices; a random graph of average degree 3
	for base := 0; base+10 <= n; base += 10 {
		for range 14 {
			u, v := r.IntN(10), r.IntN(10)
			if u != v {
				small = append(small, [2]int{base + u, base + v})
			}
		}
	}
	for range 3 * n / 2 {
		u, v := r.IntN(n), r.IntN(n)
		if u != v {
			sparse = append(sparse, [2]int{u, v})
		}
	}
	dense := graph.Must(graph.CompleteBipartite(20, n-20)) // 2 million edges
	for _, tc := range []struct {
		name string
		g    *graph.Graph
	}{
		{"path", path(n)},
		{"star", star(n - 1)},
		{"complete bipartite 20+99980", dense},
		{"matching", newGraph(n, matching...)},
		{"components of 10", newGraph(n, small...)},
		{"random sparse", newGraph(n, sparse...)},
		{"grid 316x316", grid(316, 316)},
		{"no edges", newGraph(n)},
	} {
		t.Run(tc.name, func(t *testing.T) {
			g := tc.g
			ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
			defer cancel()
			node, arc := graph.NewNodeGame(graph.Limits{}), graph.NewArcGame(graph.Limits{})
			for _, q := range questions {
				err := q.ask(ctx, node, arc, g)
				if err != nil {
					require.ErrorIs(t, err, kayles.ErrTooLarge, q.name)
				}
			}
			h, err := node.Play(g, n/2)
			require.NoError(t, err)
			assert.Less(t, h.NumVertices(), g.NumVertices())
			for e := range arc.Moves(g) {
				h, err := arc.Play(g, e)
				require.NoError(t, err)
				assert.Equal(t, g.NumVertices()-2, h.NumVertices())
				break
			}
			if g.NumEdges() < 1<<20 {
				h, err := graph.Parse(g.String())
				require.NoError(t, err)
				assert.True(t, g.Equal(h))
			}
		})
	}
	// A matching and the components of 10 have answers: the values of their components add.
	v, err := graph.NodeKayles.Value(t.Context(), newGraph(n, matching...))
	require.NoError(t, err)
	assert.Equal(t, 0, v, "50000 components of value 1")
}
