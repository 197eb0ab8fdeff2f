package kayles

import (
	"context"
	"iter"
	"math/bits"
	"slices"
	"strconv"
	"strings"
	"sync"
)

// This file implements Node Kayles and Arc Kayles: exact values, outcomes and winning moves of
// graphs in normal and misère play, by a search that splits graphs into components and
// memoises each component under its canonical form.

// MaxComponent is the most vertices a connected component may have for exact solving in normal
// play, and the most vertices a whole graph may have in misère play (not counting, in Arc
// Kayles, vertices without edges). Solving time grows exponentially with the component size:
// paths and other thin graphs of 64 vertices take milliseconds, but random graphs of 40
// vertices can take seconds and dense ones of 64 much longer, so pass a context to bound it.
const MaxComponent = 64

// A SolveLimitError records a graph beyond what the exact solver accepts. It wraps
// [ErrTooLarge]. The zero SolveLimitError names no game; the package never returns one.
type SolveLimitError struct {
	Game     string // "Node Kayles" or "Arc Kayles"
	Vertices int    // the vertices of the offending component (of the whole graph in misère play)
	Limit    int    // MaxComponent
	Misere   bool   // whether misère play was asked for
}

func (e *SolveLimitError) Error() string {
	what := "a connected component of "
	if e.Misere {
		what = "misère play on a graph of "
	}
	return "kayles: " + e.Game + " solves exactly at most " + strconv.Itoa(e.Limit) +
		" vertices, not " + what + strconv.Itoa(e.Vertices) + " vertices"
}

func (e *SolveLimitError) Unwrap() error { return ErrTooLarge }

// A GraphMoveError records a move that cannot be played on a graph. It wraps [ErrIllegalMove].
// The zero GraphMoveError names no game or move; the package never returns one.
type GraphMoveError struct {
	Game   string // "Node Kayles" or "Arc Kayles"
	Move   string // the move, as "vertex 7" or "edge 3-4"
	Reason string // why it is illegal, fit to show a player
}

func (e *GraphMoveError) Error() string {
	return "kayles: illegal " + e.Game + " move " + e.Move + ": " + e.Reason
}

func (e *GraphMoveError) Unwrap() error { return ErrIllegalMove }

// DefaultGraphMemo is the memory, in bytes, that the memo of [NodeKayles], [ArcKayles] and the
// zero [NodeGame] and [ArcGame] may hold.
const DefaultGraphMemo = 64 << 20

// A NodeGame solves Node Kayles: a move picks a vertex and removes it with all its neighbours,
// so the two players build an independent set together. In normal play the player who cannot
// move (no vertex is left) loses; in misère play that player wins. Node Kayles on the path of n
// vertices is Dawson's Chess ([DawsonsChess]) on a heap of n.
//
// A NodeGame remembers the values of the components it has solved, up to isomorphism, in a memo
// of bounded size that forgets the least recently added entries first; each call also uses up
// to about 10 MB of scratch memory of its own. It is safe for concurrent use, and must not be
// copied after first use. The zero NodeGame is ready to use, with a memo of [DefaultGraphMemo] bytes.
type NodeGame struct{ s graphSolver }

// An ArcGame solves Arc Kayles: a move picks an edge and removes both its ends (with every edge
// at them). In normal play the player who cannot move (no edge is left) loses; in misère play
// that player wins. Arc Kayles on the path of n vertices is Dawson's Kayles ([DawsonsKayles])
// on a heap of n.
//
// An ArcGame remembers the values of the components it has solved, up to isomorphism, in a memo
// of bounded size that forgets the least recently added entries first; each call also uses up
// to about 10 MB of scratch memory of its own. It is safe for concurrent use, and must not be
// copied after first use. The zero ArcGame is ready to use, with a memo of [DefaultGraphMemo] bytes.
type ArcGame struct{ s graphSolver }

// NodeKayles and ArcKayles are the shared solvers, with memos of [DefaultGraphMemo] bytes.
var (
	NodeKayles = new(NodeGame)
	ArcKayles  = new(ArcGame)
)

// NewNodeGame returns a Node Kayles solver whose memo holds at most about memoBytes bytes
// (at least 64 KiB; [DefaultGraphMemo] when memoBytes <= 0).
func NewNodeGame(memoBytes int) *NodeGame {
	return &NodeGame{graphSolver{budget: memoBytes}}
}

// NewArcGame returns an Arc Kayles solver whose memo holds at most about memoBytes bytes
// (at least 64 KiB; [DefaultGraphMemo] when memoBytes <= 0).
func NewArcGame(memoBytes int) *ArcGame {
	return &ArcGame{graphSolver{budget: memoBytes}}
}

// Grundy returns the nim-value of g in normal-play Node Kayles: the nim-sum of the values of
// its connected components. It returns a [*SolveLimitError] when a component has more than
// [MaxComponent] vertices. Its cost is exponential in the size of the largest component not
// yet in the memo.
func (n *NodeGame) Grundy(g *Graph) (int, error) {
	return n.solver().grundy(context.Background(), g)
}

// GrundyContext is like [NodeGame.Grundy] but gives up with ctx.Err() once ctx is done.
func (n *NodeGame) GrundyContext(ctx context.Context, g *Graph) (int, error) {
	return n.solver().grundy(ctx, g)
}

// Outcome returns [Previous] when the player to move on g loses Node Kayles against perfect
// play (its value is 0) and [Next] otherwise. It searches for one winning move and stops there,
// pairs off isomorphic components (which cancel), and so often costs much less than
// [NodeGame.Grundy]. Errors are as for Grundy.
func (n *NodeGame) Outcome(g *Graph) (Outcome, error) {
	return n.solver().outcome(context.Background(), g)
}

// OutcomeContext is like [NodeGame.Outcome] but gives up with ctx.Err() once ctx is done.
func (n *NodeGame) OutcomeContext(ctx context.Context, g *Graph) (Outcome, error) {
	return n.solver().outcome(ctx, g)
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
// vertices left keep their order and are numbered 0, 1, ... again. It returns a
// [*GraphMoveError] wrapping [ErrIllegalMove] when v is not a vertex of g; g never changes.
func (n *NodeGame) Play(g *Graph, v int) (*Graph, error) {
	if v < 0 || v >= g.NumVertices() {
		reason := "the graph has vertices 0 to " + strconv.Itoa(g.NumVertices()-1)
		if g.NumVertices() == 0 {
			reason = "the graph has no vertices"
		}
		return nil, &GraphMoveError{Game: "Node Kayles", Move: "vertex " + strconv.Itoa(v), Reason: reason}
	}
	drop := make([]bool, g.NumVertices())
	drop[v] = true
	for _, w := range g.adj[v] {
		drop[w] = true
	}
	return g.without(drop), nil
}

// WinningMoves returns the winning moves on g in normal play, in ascending order: the vertices
// whose removal (with their neighbours) leaves a graph of value 0. A graph of value 0 has none.
// It values every move in the components that hold winning moves, at the cost of
// [NodeGame.Grundy] on each. Errors are as for Grundy.
func (n *NodeGame) WinningMoves(g *Graph) ([]int, error) {
	return n.WinningMovesContext(context.Background(), g)
}

// WinningMovesContext is like [NodeGame.WinningMoves] but gives up with ctx.Err() once ctx is
// done.
func (n *NodeGame) WinningMovesContext(ctx context.Context, g *Graph) ([]int, error) {
	ms, err := n.solver().winningMoves(ctx, g)
	return vertexMoves(ms), err
}

// MisereGrundy returns the misère nim-value of g in Node Kayles: 1 for the graph without
// vertices, otherwise the mex of the misère nim-values of the graphs its moves lead to. The
// player to move loses exactly when it is 0. Misère values do not add over components, so the
// search is over the whole graph, memoised on its canonical form; it returns a
// [*SolveLimitError] when g has more than [MaxComponent] vertices.
func (n *NodeGame) MisereGrundy(g *Graph) (int, error) {
	return n.solver().misereGrundy(context.Background(), g)
}

// MisereGrundyContext is like [NodeGame.MisereGrundy] but gives up with ctx.Err() once ctx is
// done.
func (n *NodeGame) MisereGrundyContext(ctx context.Context, g *Graph) (int, error) {
	return n.solver().misereGrundy(ctx, g)
}

// MisereOutcome returns [Previous] when the player to move on g loses misère Node Kayles
// against perfect play and [Next] otherwise; the graph without vertices is [Next]. It stops at
// the first winning move it finds. Errors are as for [NodeGame.MisereGrundy].
func (n *NodeGame) MisereOutcome(g *Graph) (Outcome, error) {
	return n.solver().misereOutcome(context.Background(), g)
}

// MisereOutcomeContext is like [NodeGame.MisereOutcome] but gives up with ctx.Err() once ctx
// is done.
func (n *NodeGame) MisereOutcomeContext(ctx context.Context, g *Graph) (Outcome, error) {
	return n.solver().misereOutcome(ctx, g)
}

// MisereWinningMoves returns the winning moves on g in misère play, in ascending order: the
// vertices whose removal leaves a graph that is [Previous] in misère play. Errors are as for
// [NodeGame.MisereGrundy].
func (n *NodeGame) MisereWinningMoves(g *Graph) ([]int, error) {
	return n.MisereWinningMovesContext(context.Background(), g)
}

// MisereWinningMovesContext is like [NodeGame.MisereWinningMoves] but gives up with ctx.Err()
// once ctx is done.
func (n *NodeGame) MisereWinningMovesContext(ctx context.Context, g *Graph) ([]int, error) {
	ms, err := n.solver().misereWinningMoves(ctx, g)
	return vertexMoves(ms), err
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

// Grundy returns the nim-value of g in normal-play Arc Kayles: the nim-sum of the values of its
// connected components (a vertex without edges is worth 0). It returns a [*SolveLimitError]
// when a component has more than [MaxComponent] vertices. Its cost is exponential in the size
// of the largest component not yet in the memo.
func (a *ArcGame) Grundy(g *Graph) (int, error) {
	return a.solver().grundy(context.Background(), g)
}

// GrundyContext is like [ArcGame.Grundy] but gives up with ctx.Err() once ctx is done.
func (a *ArcGame) GrundyContext(ctx context.Context, g *Graph) (int, error) {
	return a.solver().grundy(ctx, g)
}

// Outcome returns [Previous] when the player to move on g loses Arc Kayles against perfect
// play (its value is 0) and [Next] otherwise. It searches for one winning move and stops there,
// pairs off isomorphic components (which cancel), and so often costs much less than
// [ArcGame.Grundy]. Errors are as for Grundy.
func (a *ArcGame) Outcome(g *Graph) (Outcome, error) {
	return a.solver().outcome(context.Background(), g)
}

// OutcomeContext is like [ArcGame.Outcome] but gives up with ctx.Err() once ctx is done.
func (a *ArcGame) OutcomeContext(ctx context.Context, g *Graph) (Outcome, error) {
	return a.solver().outcome(ctx, g)
}

// Moves returns an iterator over the legal moves on g: every edge, as {u, v} with u < v, in
// the order of [Graph.Edges].
func (a *ArcGame) Moves(g *Graph) iter.Seq[[2]int] {
	return g.Edges()
}

// Play returns the graph left when both ends of edge e are removed from g. The vertices left
// keep their order and are numbered 0, 1, ... again. It returns a [*GraphMoveError] wrapping
// [ErrIllegalMove] when e is not an edge of g; g never changes.
func (a *ArcGame) Play(g *Graph, e [2]int) (*Graph, error) {
	if !g.HasEdge(e[0], e[1]) {
		return nil, &GraphMoveError{Game: "Arc Kayles", Move: "edge " + edgeString(e),
			Reason: "the graph has no such edge"}
	}
	drop := make([]bool, g.NumVertices())
	drop[e[0]], drop[e[1]] = true, true
	return g.without(drop), nil
}

// WinningMoves returns the winning moves on g in normal play, in the order of [Graph.Edges]:
// the edges whose removal (with both ends) leaves a graph of value 0. A graph of value 0 has
// none. It values every move in the components that hold winning moves, at the cost of
// [ArcGame.Grundy] on each. Errors are as for Grundy.
func (a *ArcGame) WinningMoves(g *Graph) ([][2]int, error) {
	return a.solver().winningMoves(context.Background(), g)
}

// WinningMovesContext is like [ArcGame.WinningMoves] but gives up with ctx.Err() once ctx is
// done.
func (a *ArcGame) WinningMovesContext(ctx context.Context, g *Graph) ([][2]int, error) {
	return a.solver().winningMoves(ctx, g)
}

// MisereGrundy returns the misère nim-value of g in Arc Kayles: 1 for a graph without edges,
// otherwise the mex of the misère nim-values of the graphs its moves lead to. The player to
// move loses exactly when it is 0. Misère values do not add over components, so the search is
// over the whole graph, memoised on its canonical form; it returns a [*SolveLimitError] when
// more than [MaxComponent] vertices of g have edges.
func (a *ArcGame) MisereGrundy(g *Graph) (int, error) {
	return a.solver().misereGrundy(context.Background(), g)
}

// MisereGrundyContext is like [ArcGame.MisereGrundy] but gives up with ctx.Err() once ctx is
// done.
func (a *ArcGame) MisereGrundyContext(ctx context.Context, g *Graph) (int, error) {
	return a.solver().misereGrundy(ctx, g)
}

// MisereOutcome returns [Previous] when the player to move on g loses misère Arc Kayles
// against perfect play and [Next] otherwise; a graph without edges is [Next]. It stops at the
// first winning move it finds. Errors are as for [ArcGame.MisereGrundy].
func (a *ArcGame) MisereOutcome(g *Graph) (Outcome, error) {
	return a.solver().misereOutcome(context.Background(), g)
}

// MisereOutcomeContext is like [ArcGame.MisereOutcome] but gives up with ctx.Err() once ctx is
// done.
func (a *ArcGame) MisereOutcomeContext(ctx context.Context, g *Graph) (Outcome, error) {
	return a.solver().misereOutcome(ctx, g)
}

// MisereWinningMoves returns the winning moves on g in misère play, in the order of
// [Graph.Edges]: the edges whose removal leaves a graph that is [Previous] in misère play.
// Errors are as for [ArcGame.MisereGrundy].
func (a *ArcGame) MisereWinningMoves(g *Graph) ([][2]int, error) {
	return a.solver().misereWinningMoves(context.Background(), g)
}

// MisereWinningMovesContext is like [ArcGame.MisereWinningMoves] but gives up with ctx.Err()
// once ctx is done.
func (a *ArcGame) MisereWinningMovesContext(ctx context.Context, g *Graph) ([][2]int, error) {
	return a.solver().misereWinningMoves(ctx, g)
}

// nonZero marks a memo entry whose value is known to be non-zero (the position is Next) but
// not known exactly, as an outcome search leaves it.
const nonZero = 0xFFFF

// A graphMemo maps canonical keys to values. It keeps two generations: when the current one
// reaches its byte budget it becomes the old one and the old one is dropped, and a hit in the
// old one is copied to the current one. So it never holds more than two budgets, and what is
// used often stays. It is safe for concurrent use.
type graphMemo struct {
	mu        sync.Mutex
	cur, old  map[string]uint16
	curBytes  int
	genBudget int
}

// memoEntryCost estimates the bytes a map entry costs beside its key.
const memoEntryCost = 48

func (m *graphMemo) get(key string) (uint16, bool) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if v, ok := m.cur[key]; ok {
		return v, true
	}
	v, ok := m.old[key]
	if ok {
		m.putLocked(key, v)
	}
	return v, ok
}

// put records v for key; a nonZero v never replaces an exact value.
func (m *graphMemo) put(key string, v uint16) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if old, ok := m.cur[key]; ok {
		if v == nonZero || old == v {
			return
		}
		m.cur[key] = v
		return
	}
	m.putLocked(key, v)
}

func (m *graphMemo) putLocked(key string, v uint16) {
	if m.cur == nil || m.curBytes+len(key)+memoEntryCost > m.genBudget {
		m.old, m.cur, m.curBytes = m.cur, make(map[string]uint16), 0
	}
	m.cur[key] = v
	m.curBytes += len(key) + memoEntryCost
}

// A graphSolver holds the rules and memos of one game; NodeGame and ArcGame wrap it.
type graphSolver struct {
	arc    bool // set once, by init
	budget int  // memo bytes asked for; 0 means DefaultGraphMemo
	once   sync.Once
	normal graphMemo
	misere graphMemo
}

func (gs *graphSolver) name() string {
	if gs.arc {
		return "Arc Kayles"
	}
	return "Node Kayles"
}

func (n *NodeGame) solver() *graphSolver {
	n.s.init(false)
	return &n.s
}

func (a *ArcGame) solver() *graphSolver {
	a.s.init(true)
	return &a.s
}

// init sets the rules and sizes the memos once: half the budget each, in two generations.
func (gs *graphSolver) init(arc bool) {
	gs.once.Do(func() {
		gs.arc = arc
		b := gs.budget
		if b <= 0 {
			b = DefaultGraphMemo
		}
		b = max(b, 64<<10)
		gs.normal.genBudget = b / 4
		gs.misere.genBudget = b / 4
	})
}

// maxLocal bounds the per-search memo of subsets; it is cleared when full.
const maxLocal = 1 << 18

// A search solves positions inside one graph of at most 64 vertices, numbered 0..63, given by
// adjacency masks; a position is the subgraph induced by a vertex set. It is owned by one
// goroutine.
type search struct {
	ctx   context.Context
	err   error // ctx.Err() once seen; every result after it is meaningless and not stored
	steps uint
	arc   bool
	adj   [64]uint64
	local map[uint64]uint16 // values of vertex sets, as in the memo
	memo  *graphMemo
	canon canonizer
}

func (gs *graphSolver) newSearch(ctx context.Context, memo *graphMemo) *search {
	return &search{ctx: ctx, arc: gs.arc, memo: memo, local: make(map[uint64]uint16)}
}

// load sets the graph of s to the subgraph of g induced by vs (at most 64 vertices, bit i
// standing for vs[i]).
func (s *search) load(g *Graph, vs []int) {
	index := make(map[int]int, len(vs))
	for i, v := range vs {
		index[v] = i
	}
	s.adj = [64]uint64{}
	for i, v := range vs {
		for _, w := range g.adj[v] {
			if j, ok := index[w]; ok {
				s.adj[i] |= 1 << j
			}
		}
	}
	clear(s.local)
}

// tick counts one expanded position and checks the context now and then; it reports false once
// the search must stop.
func (s *search) tick() bool {
	if s.err != nil {
		return false
	}
	s.steps++
	if s.steps%512 == 0 {
		s.err = s.ctx.Err()
	}
	return s.err == nil
}

func (s *search) remember(set uint64, v uint16) {
	if s.err != nil {
		return
	}
	if len(s.local) >= maxLocal {
		clear(s.local)
	}
	if old, ok := s.local[set]; ok && v == nonZero && old != nonZero {
		return
	}
	s.local[set] = v
}

// moves calls f with the vertex set left by each move from set, the move's vertices as
// {v, v} (Node Kayles) or {u, v} (Arc Kayles), in ascending order, until f returns false.
func (s *search) moves(set uint64, f func(child uint64, m [2]int) bool) {
	for m := set; m != 0; m &= m - 1 {
		u := bits.TrailingZeros64(m)
		if !s.arc {
			if !f(set&^(s.adj[u]|1<<u), [2]int{u, u}) {
				return
			}
			continue
		}
		for ns := s.adj[u] & set &^ (1<<(u+1) - 1); ns != 0; ns &= ns - 1 {
			v := bits.TrailingZeros64(ns)
			if !f(set&^(1<<u|1<<v), [2]int{u, v}) {
				return
			}
		}
	}
}

// component returns the connected component of the lowest vertex of set.
func (s *search) component(set uint64) uint64 {
	comp := set & -set
	for frontier := comp; frontier != 0; {
		var next uint64
		for m := frontier; m != 0; m &= m - 1 {
			next |= s.adj[bits.TrailingZeros64(m)]
		}
		frontier = next & set &^ comp
		comp |= frontier
	}
	return comp
}

// value returns the normal-play value of the subgraph induced by set: the nim-sum over its
// components.
func (s *search) value(set uint64) int {
	v := 0
	for set != 0 {
		c := s.component(set)
		set &^= c
		v ^= s.compValue(c)
	}
	return v
}

// small returns the value of a component of up to three vertices, and false for larger ones.
func (s *search) small(c uint64) (int, bool) {
	switch bits.OnesCount64(c) {
	case 1:
		if s.arc {
			return 0, true
		}
		return 1, true
	case 2:
		return 1, true
	case 3:
		// A path (Node Kayles: mex{0, 1}; Arc Kayles: mex{0}) or a triangle (mex{0}).
		if s.arc {
			return 1, true
		}
		degrees := 0
		for m := c; m != 0; m &= m - 1 {
			degrees += bits.OnesCount64(s.adj[bits.TrailingZeros64(m)] & c)
		}
		if degrees == 4 {
			return 2, true
		}
		return 1, true
	}
	return 0, false
}

// compValue returns the normal-play value of the connected subgraph induced by c.
func (s *search) compValue(c uint64) int {
	if v, ok := s.small(c); ok {
		return v
	}
	if v, ok := s.local[c]; ok && v != nonZero {
		return int(v)
	}
	key := s.canon.key(&s.adj, c)
	if v, ok := s.memo.get(key); ok && v != nonZero {
		s.remember(c, v)
		return int(v)
	}
	if !s.tick() {
		return 0
	}
	var seen [2048/64 + 1]uint64 // at most 2016 moves (Arc Kayles on K_64), so values <= 2016
	s.moves(c, func(child uint64, _ [2]int) bool {
		v := s.value(child)
		seen[v>>6] |= 1 << (v & 63)
		return s.err == nil
	})
	v := mexBits(seen[:])
	if s.err == nil {
		s.memo.put(key, uint16(v))
		s.remember(c, uint16(v))
	}
	return v
}

func mexBits(seen []uint64) int {
	for w, word := range seen {
		if word != ^uint64(0) {
			return w*64 + bits.TrailingZeros64(^word)
		}
	}
	return len(seen) * 64
}

// compNext reports whether the player to move wins on the connected subgraph induced by c. It
// tries the moves that remove the most vertices first and stops at the first win.
func (s *search) compNext(c uint64) bool {
	if v, ok := s.small(c); ok {
		return v != 0
	}
	if v, ok := s.local[c]; ok {
		return v != 0
	}
	key := s.canon.key(&s.adj, c)
	if v, ok := s.memo.get(key); ok {
		s.remember(c, v)
		return v != 0
	}
	if !s.tick() {
		return false
	}
	type option struct {
		child uint64
		left  int
	}
	var opts []option
	s.moves(c, func(child uint64, _ [2]int) bool {
		opts = append(opts, option{child, bits.OnesCount64(child)})
		return true
	})
	slices.SortStableFunc(opts, func(a, b option) int { return a.left - b.left })
	win := false
	for _, o := range opts {
		if s.childLoses(o.child) {
			win = true
			break
		}
		if s.err != nil {
			return false
		}
	}
	v := uint16(0)
	if win {
		v = nonZero
	}
	if s.err == nil {
		s.memo.put(key, v)
		s.remember(c, v)
	}
	return win
}

// childLoses reports whether the player to move loses on the subgraph induced by set. Equal
// (isomorphic) components cancel; one component left is decided by an outcome search, more by
// their values.
func (s *search) childLoses(set uint64) bool {
	if set == 0 {
		return true
	}
	var comps []uint64
	for rest := set; rest != 0; {
		c := s.component(rest)
		rest &^= c
		if v, ok := s.small(c); ok && v == 0 {
			continue
		}
		comps = append(comps, c)
	}
	if len(comps) > 1 {
		type keyed struct {
			key  string
			comp uint64
		}
		ks := make([]keyed, len(comps))
		for i, c := range comps {
			ks[i] = keyed{s.canon.key(&s.adj, c), c}
		}
		slices.SortFunc(ks, func(a, b keyed) int { return strings.Compare(a.key, b.key) })
		comps = comps[:0]
		for i := 0; i < len(ks); i++ {
			if i+1 < len(ks) && ks[i].key == ks[i+1].key {
				i++
				continue
			}
			comps = append(comps, ks[i].comp)
		}
	}
	switch len(comps) {
	case 0:
		return true
	case 1:
		return !s.compNext(comps[0])
	}
	v := 0
	for _, c := range comps {
		v ^= s.compValue(c)
	}
	return v == 0
}

// components splits g into connected components, as sorted vertex lists, and fails when one
// is too large for the solver. In Arc Kayles vertices without edges are left out.
func (gs *graphSolver) components(g *Graph) ([][]int, error) {
	n := g.NumVertices()
	seen := make([]bool, n)
	var comps [][]int
	for v := range n {
		if seen[v] || (gs.arc && len(g.adj[v]) == 0) {
			continue
		}
		seen[v] = true
		comp := []int{v}
		for i := 0; i < len(comp); i++ {
			for _, w := range g.adj[comp[i]] {
				if !seen[w] {
					seen[w] = true
					comp = append(comp, w)
				}
			}
		}
		if len(comp) > MaxComponent {
			return nil, &SolveLimitError{Game: gs.name(), Vertices: len(comp), Limit: MaxComponent}
		}
		slices.Sort(comp)
		comps = append(comps, comp)
	}
	return comps, nil
}

func fullSet(k int) uint64 {
	if k == 64 {
		return ^uint64(0)
	}
	return 1<<k - 1
}

func (gs *graphSolver) grundy(ctx context.Context, g *Graph) (int, error) {
	comps, err := gs.components(g)
	if err != nil {
		return 0, err
	}
	s := gs.newSearch(ctx, &gs.normal)
	v := 0
	for _, comp := range comps {
		s.load(g, comp)
		v ^= s.compValue(fullSet(len(comp)))
		if s.err != nil {
			return 0, s.err
		}
	}
	return v, ctx.Err()
}

func (gs *graphSolver) outcome(ctx context.Context, g *Graph) (Outcome, error) {
	comps, err := gs.components(g)
	if err != nil {
		return 0, err
	}
	s := gs.newSearch(ctx, &gs.normal)
	// Pair off isomorphic components: their values cancel.
	keys := make([]string, len(comps))
	for i, comp := range comps {
		s.load(g, comp)
		keys[i] = s.canon.key(&s.adj, fullSet(len(comp)))
	}
	idx := make([]int, len(comps))
	for i := range idx {
		idx[i] = i
	}
	slices.SortStableFunc(idx, func(a, b int) int { return strings.Compare(keys[a], keys[b]) })
	var left []int
	for i := 0; i < len(idx); i++ {
		if i+1 < len(idx) && keys[idx[i]] == keys[idx[i+1]] {
			i++
			continue
		}
		left = append(left, idx[i])
	}
	next := false
	switch len(left) {
	case 0:
	case 1:
		s.load(g, comps[left[0]])
		next = s.compNext(fullSet(len(comps[left[0]])))
	default:
		v := 0
		for _, i := range left {
			s.load(g, comps[i])
			v ^= s.compValue(fullSet(len(comps[i])))
			if s.err != nil {
				break
			}
		}
		next = v != 0
	}
	if s.err != nil {
		return 0, s.err
	}
	if err := ctx.Err(); err != nil {
		return 0, err
	}
	if next {
		return Next, nil
	}
	return Previous, nil
}

// winningMoves returns the moves {v, v} or {u, v} (in the vertex numbers of g) that leave a
// position of value 0, sorted.
func (gs *graphSolver) winningMoves(ctx context.Context, g *Graph) ([][2]int, error) {
	comps, err := gs.components(g)
	if err != nil {
		return nil, err
	}
	s := gs.newSearch(ctx, &gs.normal)
	vals := make([]int, len(comps))
	total := 0
	for i, comp := range comps {
		s.load(g, comp)
		vals[i] = s.compValue(fullSet(len(comp)))
		if s.err != nil {
			return nil, s.err
		}
		total ^= vals[i]
	}
	var wins [][2]int
	if total == 0 {
		return nil, ctx.Err()
	}
	for i, comp := range comps {
		target := total ^ vals[i]
		s.load(g, comp)
		s.moves(fullSet(len(comp)), func(child uint64, m [2]int) bool {
			if s.value(child) == target {
				wins = append(wins, [2]int{comp[m[0]], comp[m[1]]})
			}
			return s.err == nil
		})
		if s.err != nil {
			return nil, s.err
		}
	}
	slices.SortFunc(wins, func(a, b [2]int) int {
		if a[0] != b[0] {
			return a[0] - b[0]
		}
		return a[1] - b[1]
	})
	return wins, ctx.Err()
}

// misereLoad prepares a search over the whole of g for misère play, and returns it with the
// vertex set of the start position and the vertex list it stands for.
func (gs *graphSolver) misereLoad(ctx context.Context, g *Graph) (*search, uint64, []int, error) {
	var vs []int
	for v := range g.NumVertices() {
		if !gs.arc || len(g.adj[v]) > 0 {
			vs = append(vs, v)
		}
	}
	if len(vs) > MaxComponent {
		return nil, 0, nil, &SolveLimitError{Game: gs.name(), Vertices: len(vs), Limit: MaxComponent, Misere: true}
	}
	s := gs.newSearch(ctx, &gs.misere)
	s.load(g, vs)
	return s, fullSet(len(vs)), vs, nil
}

// misereSet drops from set, in Arc Kayles, the vertices without an edge in it, which take no
// part in the play; so one canonical form stands for all the positions that play alike.
func (s *search) misereSet(set uint64) uint64 {
	if !s.arc {
		return set
	}
	var keep uint64
	for m := set; m != 0; m &= m - 1 {
		v := bits.TrailingZeros64(m)
		if s.adj[v]&set != 0 {
			keep |= 1 << v
		}
	}
	return keep
}

// misereValue returns the misère nim-value of the subgraph induced by set, which misereSet
// has normalised: 1 with no move, otherwise the mex of its options.
func (s *search) misereValue(set uint64) int {
	if set == 0 {
		return 1
	}
	if v, ok := s.local[set]; ok && v != nonZero {
		return int(v)
	}
	key := s.canon.key(&s.adj, set)
	if v, ok := s.memo.get(key); ok && v != nonZero {
		s.remember(set, v)
		return int(v)
	}
	if !s.tick() {
		return 0
	}
	var seen [2048/64 + 1]uint64
	s.moves(set, func(child uint64, _ [2]int) bool {
		v := s.misereValue(s.misereSet(child))
		seen[v>>6] |= 1 << (v & 63)
		return s.err == nil
	})
	v := mexBits(seen[:])
	if s.err == nil {
		s.memo.put(key, uint16(v))
		s.remember(set, uint16(v))
	}
	return v
}

// misereNext reports whether the player to move wins the misère game on the subgraph induced
// by set, which misereSet has normalised, stopping at the first win.
func (s *search) misereNext(set uint64) bool {
	if set == 0 {
		return true
	}
	if v, ok := s.local[set]; ok {
		return v != 0
	}
	key := s.canon.key(&s.adj, set)
	if v, ok := s.memo.get(key); ok {
		s.remember(set, v)
		return v != 0
	}
	if !s.tick() {
		return false
	}
	win := false
	s.moves(set, func(child uint64, _ [2]int) bool {
		win = !s.misereNext(s.misereSet(child))
		return !win && s.err == nil
	})
	v := uint16(0)
	if win {
		v = nonZero
	}
	if s.err == nil {
		s.memo.put(key, v)
		s.remember(set, v)
	}
	return win
}

func (gs *graphSolver) misereGrundy(ctx context.Context, g *Graph) (int, error) {
	s, set, _, err := gs.misereLoad(ctx, g)
	if err != nil {
		return 0, err
	}
	v := s.misereValue(set)
	if s.err != nil {
		return 0, s.err
	}
	return v, ctx.Err()
}

func (gs *graphSolver) misereOutcome(ctx context.Context, g *Graph) (Outcome, error) {
	s, set, _, err := gs.misereLoad(ctx, g)
	if err != nil {
		return 0, err
	}
	next := s.misereNext(set)
	if s.err != nil {
		return 0, s.err
	}
	if err := ctx.Err(); err != nil {
		return 0, err
	}
	if next {
		return Next, nil
	}
	return Previous, nil
}

func (gs *graphSolver) misereWinningMoves(ctx context.Context, g *Graph) ([][2]int, error) {
	s, set, vs, err := gs.misereLoad(ctx, g)
	if err != nil {
		return nil, err
	}
	var wins [][2]int
	s.moves(set, func(child uint64, m [2]int) bool {
		if !s.misereNext(s.misereSet(child)) {
			wins = append(wins, [2]int{vs[m[0]], vs[m[1]]})
		}
		return s.err == nil
	})
	if s.err != nil {
		return nil, s.err
	}
	return wins, ctx.Err()
}
