package graph

import (
	"context"
	"iter"
	"strconv"
	"sync"

	"github.com/octalgames/kayles"
	"github.com/octalgames/kayles/internal/memo"
)

// This file implements the solvers' API: Node Kayles and Arc Kayles, their limits, moves and
// questions.

// MaxComponent is the most vertices a connected component may have for exact solving in normal
// play, and the most vertices a whole graph may have in misère play (not counting, in Arc
// Kayles, vertices without edges). A larger graph gets a [*kayles.LimitError] with Unit
// "vertices in one connected component" (in misère play "vertices", or in Arc Kayles
// "vertices with edges"). Within it, solving time grows exponentially with the component size,
// which [Limits] and the context bound.
const MaxComponent = 64

// DefaultMemoBytes is the memory, in bytes, that the memos of a solver hold at most when its
// [Limits] leave MemoBytes zero, as those of [NodeKayles] and [ArcKayles] do.
const DefaultMemoBytes = 64 << 20

// minMemoBytes is the least memo a solver is given, however little is asked for.
const minMemoBytes = 64 << 10

// DefaultSteps is the most work, in steps, that one call may do when its solver's [Limits]
// leave Steps zero, as those of [NodeKayles] and [ArcKayles] do: about 268 million. A step
// costs 1.5 to 4 ns of one core on the project's machine, whatever the graph and question
// (BenchmarkStepCost), so a call with the default limits ends within about a second of one
// core, with an answer or a [*kayles.LimitError]; random graphs of 60 vertices get their error
// in 0.5 to 3.5 seconds on two cores loaded five times over (BenchmarkDefaultLimits). Pass a
// context to stop sooner.
const DefaultSteps = 1 << 28

// Limits bound what a solver spends. The zero Limits asks for the defaults: each call returns
// an answer or a [*kayles.LimitError] within about a second of one core, and uses at most
// about 16 MB of scratch memory beside the memos of its solver, which hold at most
// [DefaultMemoBytes] in all.
type Limits struct {
	// MemoBytes is the memory, in bytes, that the solver's memos of values may hold between
	// calls, in normal and misère play together, counted as the heap spends them. Zero or less
	// means [DefaultMemoBytes]; a positive number below 64 KiB is raised to 64 KiB. The memos
	// of all solvers and games of the process together also stay within the budget of
	// [kayles.SetMemoryBudget]. Each call also uses up to about 16 MB of scratch memory of its
	// own, which it frees when it returns.
	MemoBytes int
	// Steps is the most work one call may do, in steps. A step is about the work of one
	// vertex in one inner loop of a canonical form, and every part of a search counts its work
	// in steps, weighted so that a step takes about the same time everywhere: the canonical
	// forms, the splits into components, the moves and the look-ups in the memos. A call that
	// needs more returns a [*kayles.LimitError] with Unit "steps". Zero means
	// [DefaultSteps]; a negative number means no limit. The count does not depend on timing,
	// so a call past a limit is past it on every machine.
	Steps int64
}

// withDefaults returns l with its zero fields set to the defaults.
func (l Limits) withDefaults() Limits {
	if l.MemoBytes <= 0 {
		l.MemoBytes = DefaultMemoBytes
	}
	l.MemoBytes = max(l.MemoBytes, minMemoBytes)
	if l.Steps == 0 {
		l.Steps = DefaultSteps
	}
	return l
}

// A MoveError records a move that cannot be played on a graph. It wraps
// [kayles.ErrIllegalMove]. The zero MoveError names no game or move; the package never returns
// one.
type MoveError struct {
	Game   string // "Node Kayles" or "Arc Kayles"
	Move   string // the move, as "vertex 7" or "edge 3-4"
	Reason string // why it is illegal, fit to show a player
}

func (e *MoveError) Error() string {
	return "kayles: illegal " + e.Game + " move " + e.Move + ": " + e.Reason
}

func (e *MoveError) Unwrap() error { return kayles.ErrIllegalMove }

// A NodeGame solves Node Kayles: a move picks a vertex and removes it with all its neighbours,
// so the two players build an independent set together. In normal play the player who cannot
// move (no vertex is left) loses; in misère play that player wins. Node Kayles on the path of n
// vertices is Dawson's Chess ([kayles.DawsonsChess]) on a heap of n.
//
// A NodeGame remembers the values of the components it has solved, up to isomorphism, in memos
// bounded by its [Limits], which forget what is used least. It is safe for concurrent use, and
// must not be copied after first use. The zero NodeGame is ready to use, with the zero Limits
// (the defaults).
type NodeGame struct{ s solver }

// An ArcGame solves Arc Kayles: a move picks an edge and removes both its ends (with every edge
// at them). In normal play the player who cannot move (no edge is left) loses; in misère play
// that player wins. Arc Kayles on the path of n vertices is Dawson's Kayles
// ([kayles.DawsonsKayles]) on a heap of n.
//
// An ArcGame remembers the values of the components it has solved, up to isomorphism, in memos
// bounded by its [Limits], which forget what is used least. It is safe for concurrent use, and
// must not be copied after first use. The zero ArcGame is ready to use, with the zero Limits
// (the defaults).
type ArcGame struct{ s solver }

// NodeKayles and ArcKayles are the shared solvers, with the zero [Limits]: memos of
// [DefaultMemoBytes] in all for each, and at most [DefaultSteps] steps a call.
var (
	NodeKayles = new(NodeGame)
	ArcKayles  = new(ArcGame)
)

// NewNodeGame returns a Node Kayles solver with the given limits, its zero fields meaning the
// defaults.
func NewNodeGame(l Limits) *NodeGame {
	return &NodeGame{solver{limits: l}}
}

// NewArcGame returns an Arc Kayles solver with the given limits, its zero fields meaning the
// defaults.
func NewArcGame(l Limits) *ArcGame {
	return &ArcGame{solver{limits: l}}
}

// Limits returns the limits of n, with the defaults filled in for its zero fields.
func (n *NodeGame) Limits() Limits { return n.solver().limits }

// Value returns the nim-value of g in normal-play Node Kayles: the nim-sum of the values of its
// connected components. Its cost is exponential in the size of the largest component not yet
// in the memo. It returns a [*kayles.LimitError] when a component has more than
// [MaxComponent] vertices or the search needs more steps than [Limits] allow, and
// ctx.Err() once ctx is done; never a partial value.
func (n *NodeGame) Value(ctx context.Context, g *Graph) (int, error) {
	return n.solver().value(ctx, g)
}

// Outcome returns [kayles.Previous] when the player to move on g loses Node Kayles against
// perfect play (its value is 0) and [kayles.Next] otherwise. It searches for one winning move
// and stops there, pairs off isomorphic components (which cancel), and so often costs much
// less than [NodeGame.Value]. Errors are as for Value.
func (n *NodeGame) Outcome(ctx context.Context, g *Graph) (kayles.Outcome, error) {
	return n.solver().outcome(ctx, g)
}

// WinningMoves returns the winning moves on g in normal play, in ascending order: the vertices
// whose removal (with their neighbours) leaves a graph of value 0. A graph of value 0 has none
// (a nil slice). It values every move in the components that hold winning moves, at the cost
// of [NodeGame.Value] on each. Errors are as for Value.
func (n *NodeGame) WinningMoves(ctx context.Context, g *Graph) ([]int, error) {
	ms, err := n.solver().winningMoves(ctx, g)
	return vertexMoves(ms), err
}

// MisereValue returns the misère nim-value of g in Node Kayles: 1 for the graph without
// vertices, otherwise the mex of the misère nim-values of the graphs its moves lead to. The
// player to move loses exactly when it is 0. Misère values do not add over components, so the
// search is over the whole graph, memoised on its canonical form; it returns a
// [*kayles.LimitError] when g has more than [MaxComponent] vertices. Other errors are as for
// [NodeGame.Value].
func (n *NodeGame) MisereValue(ctx context.Context, g *Graph) (int, error) {
	return n.solver().misereValue(ctx, g)
}

// MisereOutcome returns [kayles.Previous] when the player to move on g loses misère Node
// Kayles against perfect play and [kayles.Next] otherwise; the graph without vertices is Next.
// It stops at the first winning move it finds. Errors are as for [NodeGame.MisereValue].
func (n *NodeGame) MisereOutcome(ctx context.Context, g *Graph) (kayles.Outcome, error) {
	return n.solver().misereOutcome(ctx, g)
}

// MisereWinningMoves returns the winning moves on g in misère play, in ascending order: the
// vertices whose removal leaves a graph that is [kayles.Previous] in misère play. Errors are
// as for [NodeGame.MisereValue].
func (n *NodeGame) MisereWinningMoves(ctx context.Context, g *Graph) ([]int, error) {
	ms, err := n.solver().misereWinningMoves(ctx, g)
	return vertexMoves(ms), err
}

// Moves returns an iterator over the legal moves on g: every vertex, in ascending order.
func (n *NodeGame) Moves(g *Graph) iter.Seq[int] {
	return func(yield func(int) bool) {
		for v := range g.NumVertices() {
			if !yield(v) {
				return
			}
		}
	}
}

// Play returns the graph left when vertex v and its neighbours are removed from g. The
// vertices left keep their order and are numbered 0, 1, ... again. It returns a [*MoveError]
// wrapping [kayles.ErrIllegalMove] when v is not a vertex of g; g never changes. It costs
// O(n + m).
func (n *NodeGame) Play(g *Graph, v int) (*Graph, error) {
	if !g.HasVertex(v) {
		reason := "the graph has vertices 0 to " + strconv.Itoa(g.NumVertices()-1)
		if g.NumVertices() == 0 {
			reason = "the graph has no vertices"
		}
		return nil, &MoveError{Game: "Node Kayles", Move: "vertex " + strconv.Itoa(v), Reason: reason}
	}
	drop := make([]bool, g.NumVertices())
	drop[v] = true
	for _, w := range g.adj[v] {
		drop[w] = true
	}
	return g.without(drop), nil
}

func vertexMoves(ms [][2]int) []int {
	if ms == nil {
		return nil
	}
	vs := make([]int, len(ms))
	for i, m := range ms {
		vs[i] = m[0]
	}
	return vs
}

// Limits returns the limits of a, with the defaults filled in for its zero fields.
func (a *ArcGame) Limits() Limits { return a.solver().limits }

// Value returns the nim-value of g in normal-play Arc Kayles: the nim-sum of the values of its
// connected components (a vertex without edges is worth 0). Its cost is exponential in the
// size of the largest component not yet in the memo. It returns a [*kayles.LimitError] when a
// component has more than [MaxComponent] vertices or the search needs more steps than
// [Limits] allow, and ctx.Err() once ctx is done; never a partial value.
func (a *ArcGame) Value(ctx context.Context, g *Graph) (int, error) {
	return a.solver().value(ctx, g)
}

// Outcome returns [kayles.Previous] when the player to move on g loses Arc Kayles against
// perfect play (its value is 0) and [kayles.Next] otherwise. It searches for one winning move
// and stops there, pairs off isomorphic components (which cancel), and so often costs much
// less than [ArcGame.Value]. Errors are as for Value.
func (a *ArcGame) Outcome(ctx context.Context, g *Graph) (kayles.Outcome, error) {
	return a.solver().outcome(ctx, g)
}

// WinningMoves returns the winning moves on g in normal play, in the order of [Graph.Edges]:
// the edges whose removal (with both ends) leaves a graph of value 0. A graph of value 0 has
// none (a nil slice). It values every move in the components that hold winning moves, at the
// cost of [ArcGame.Value] on each. Errors are as for Value.
func (a *ArcGame) WinningMoves(ctx context.Context, g *Graph) ([][2]int, error) {
	return a.solver().winningMoves(ctx, g)
}

// MisereValue returns the misère nim-value of g in Arc Kayles: 1 for a graph without edges,
// otherwise the mex of the misère nim-values of the graphs its moves lead to. The player to
// move loses exactly when it is 0. Misère values do not add over components, so the search is
// over the whole graph, memoised on its canonical form; it returns a [*kayles.LimitError] when
// more than [MaxComponent] vertices of g have edges. Other errors are as for [ArcGame.Value].
func (a *ArcGame) MisereValue(ctx context.Context, g *Graph) (int, error) {
	return a.solver().misereValue(ctx, g)
}

// MisereOutcome returns [kayles.Previous] when the player to move on g loses misère Arc Kayles
// against perfect play and [kayles.Next] otherwise; a graph without edges is Next. It stops at
// the first winning move it finds. Errors are as for [ArcGame.MisereValue].
func (a *ArcGame) MisereOutcome(ctx context.Context, g *Graph) (kayles.Outcome, error) {
	return a.solver().misereOutcome(ctx, g)
}

// MisereWinningMoves returns the winning moves on g in misère play, in the order of
// [Graph.Edges]: the edges whose removal leaves a graph that is [kayles.Previous] in misère
// play. Errors are as for [ArcGame.MisereValue].
func (a *ArcGame) MisereWinningMoves(ctx context.Context, g *Graph) ([][2]int, error) {
	return a.solver().misereWinningMoves(ctx, g)
}

// Moves returns an iterator over the legal moves on g: every edge, as {u, v} with u < v, in
// the order of [Graph.Edges].
func (a *ArcGame) Moves(g *Graph) iter.Seq[[2]int] {
	return g.Edges()
}

// Play returns the graph left when both ends of edge e are removed from g; e may be given in
// either order. The vertices left keep their order and are numbered 0, 1, ... again. It
// returns a [*MoveError] wrapping [kayles.ErrIllegalMove] when e is not an edge of g; g never
// changes. It costs O(n + m).
func (a *ArcGame) Play(g *Graph, e [2]int) (*Graph, error) {
	if !g.HasEdge(e[0], e[1]) {
		return nil, &MoveError{Game: "Arc Kayles", Move: "edge " + edgeString(e),
			Reason: "the graph has no such edge"}
	}
	drop := make([]bool, g.NumVertices())
	drop[e[0]], drop[e[1]] = true, true
	return g.without(drop), nil
}

// A solver holds the rules, limits and memos of one game; NodeGame and ArcGame wrap it.
type solver struct {
	arc    bool   // set once, by init
	limits Limits // as asked for, then with the defaults, by init
	once   sync.Once
	normal *memo.Memo[string, uint16]
	misere *memo.Memo[string, uint16]
}

func (n *NodeGame) solver() *solver {
	n.s.init(false)
	return &n.s
}

func (a *ArcGame) solver() *solver {
	a.s.init(true)
	return &a.s
}

// init sets the rules, fills in the limits and makes the memos once: half the memory each.
func (gs *solver) init(arc bool) {
	gs.once.Do(func() {
		gs.arc = arc
		gs.limits = gs.limits.withDefaults()
		cost := func(key string, _ uint16) int { return memo.Alloc(len(key)) }
		gs.normal = memo.New(gs.limits.MemoBytes/2, cost)
		gs.misere = memo.New(gs.limits.MemoBytes/2, cost)
	})
}

func (gs *solver) name() string {
	if gs.arc {
		return "Arc Kayles"
	}
	return "Node Kayles"
}
