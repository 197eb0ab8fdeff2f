package graph

import (
	"context"
	"errors"
	"math"
	"math/bits"
	"slices"
	"strconv"
	"strings"

	"github.com/octalgames/kayles"
	"github.com/octalgames/kayles/internal/memo"
)

// This file implements the search behind the solvers: positions as vertex sets of one graph of
// at most 64 vertices, split into components, memoised under their canonical forms, and
// stopped by the context or the limit on steps.

// nonZero marks a memo entry whose value is known to be non-zero (the position is Next) but
// not known exactly, as an outcome search leaves it.
const nonZero = 0xFFFF

// keepExact is the memo's keep function for a nonZero entry: it never replaces a value
// already stored, exact or not.
func keepExact(uint16) bool { return true }

// put records v for key; a nonZero v never replaces an exact value.
func put(m *memo.Memo[string, uint16], key string, v uint16) {
	if v == nonZero {
		m.Update(key, v, keepExact)
		return
	}
	m.Put(key, v)
}

// maxLocal bounds the per-search memo of subsets; it is cleared when full.
const maxLocal = 1 << 18

// errSteps is what a search records when it reaches its limit on steps; the solver turns it
// into a *kayles.LimitError that names the question.
var errSteps = errors.New("steps limit")

// The steps that a search counts for its work beside canonical forms, which count their own
// (canonizer.work). A step is about the work of one vertex in one inner loop of a canonical
// form, a few nanoseconds; the other weights were fitted to the time that the search takes
// on graphs of many kinds (dense and sparse, symmetric and random, in both games and plays),
// so that a step costs within a factor of about two of the same time everywhere
// (BenchmarkStepCost measures it).
const (
	stepMove   = 20  // a move formed, and the call that values or decides the child
	stepVertex = 1   // a vertex of a component split off, or of a set normalised
	stepLocal  = 10  // a look-up or store in the search's own map of vertex sets
	stepMemo   = 400 // a look-up or store in the shared memo, with its key allocated
	checkSteps = 1 << 16
)

// A search solves positions inside one graph of at most 64 vertices, numbered 0..63, given by
// adjacency masks; a position is the subgraph induced by a vertex set. It is owned by one
// goroutine, for one call.
type search struct {
	ctx   context.Context
	done  <-chan struct{}
	err   error // ctx.Err() or errSteps once seen; every result after it is meaningless and not stored
	steps int64 // the work done, in steps
	limit int64 // the most steps allowed; negative for no limit
	check int64 // steps at which to look at ctx again
	arc   bool
	adj   [64]uint64
	local map[uint64]uint16 // values of vertex sets, as in the memo
	memo  *memo.Memo[string, uint16]
	canon canonizer
}

func (gs *solver) newSearch(ctx context.Context, m *memo.Memo[string, uint16]) *search {
	s := &search{ctx: ctx, done: ctx.Done(), limit: gs.limits.Steps, check: checkSteps, arc: gs.arc, memo: m,
		local: make(map[uint64]uint16)}
	s.canon.done = s.done
	return s
}

// spend counts n steps of work and reports whether the search may go on: it records errSteps
// once the work passes the limit, and looks at ctx every checkSteps steps (a fraction of a
// millisecond), so that no part of the search that counts its work runs long unchecked.
func (s *search) spend(n int64) bool {
	s.steps += n
	if s.limit >= 0 && s.steps > s.limit && s.err == nil {
		s.err = errSteps
	}
	if s.steps >= s.check {
		s.check = s.steps + checkSteps
		return !s.stopped()
	}
	return s.err == nil
}

// load sets the graph of s to the subgraph of g induced by vs (at most 64 vertices, bit i
// standing for vs[i]), counting its work.
func (s *search) load(g *Graph, vs []int) {
	index := make(map[int]int, len(vs))
	for i, v := range vs {
		index[v] = i
	}
	s.adj = [64]uint64{}
	work := len(vs)
	for i, v := range vs {
		work += len(g.adj[v])
		for _, w := range g.adj[v] {
			if j, ok := index[w]; ok {
				s.adj[i] |= 1 << j
			}
		}
	}
	clear(s.local)
	s.spend(int64(work) * stepLocal)
}

// stopped reports whether the search must stop: it has stopped before, or ctx is done. It is
// called before every position looked up and every checkSteps steps, and the canonizer
// watches ctx at every node of its own search, so the search notices a done context within
// well under a millisecond; a receive that does not block costs a few nanoseconds.
func (s *search) stopped() bool {
	if s.err != nil {
		return true
	}
	select {
	case <-s.done:
		s.err = s.ctx.Err()
		return true
	default:
		return false
	}
}

// key returns the canonical key of the subgraph induced by set, counting the work of the
// canonical form, or reports false once the search must stop.
func (s *search) key(set uint64) (string, bool) {
	if s.stopped() {
		return "", false
	}
	s.canon.budget = math.MaxInt64
	if s.limit >= 0 {
		s.canon.budget = s.limit - s.steps
	}
	k := s.canon.key(&s.adj, set)
	if !s.spend(s.canon.work) || s.canon.aborted {
		s.stopped()
		return "", false
	}
	return k, true
}

func (s *search) remember(set uint64, v uint16) {
	if s.err != nil {
		return
	}
	s.spend(stepLocal)
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
		if !s.spend(stepMove) {
			return
		}
		if !s.arc {
			if !f(set&^(s.adj[u]|1<<u), [2]int{u, u}) {
				return
			}
			continue
		}
		for ns := s.adj[u] & set &^ (1<<(u+1) - 1); ns != 0; ns &= ns - 1 {
			v := bits.TrailingZeros64(ns)
			if !s.spend(stepMove) || !f(set&^(1<<u|1<<v), [2]int{u, v}) {
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
	s.spend(int64(bits.OnesCount64(comp)) * stepVertex)
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
	return s.memoMex(c, s.value)
}

// lookup returns the entry of the vertex set set in the search's memos and true, or the memo
// key to store it under and false. exact leaves out entries that say only "non-zero". With
// ok false the search has stopped (s.err is set) and there is nothing to store.
func (s *search) lookup(set uint64, exact bool) (v uint16, key string, found, ok bool) {
	if !s.spend(stepLocal) {
		return 0, "", false, false
	}
	if v, ok := s.local[set]; ok && (!exact || v != nonZero) {
		return v, "", true, true
	}
	key, ok = s.key(set)
	if !ok || !s.spend(stepMemo) {
		return 0, "", false, false
	}
	if v, ok := s.memo.Get(key); ok && (!exact || v != nonZero) {
		s.remember(set, v)
		return v, key, true, true
	}
	return 0, key, false, true
}

// store records the entry v of the vertex set set under key, unless the search has stopped.
func (s *search) store(set uint64, key string, v uint16) {
	if s.spend(stepMemo) {
		put(s.memo, key, v)
		s.remember(set, v)
	}
}

// memoMex returns the mex of value over the options of the vertex set set, memoised.
func (s *search) memoMex(set uint64, value func(child uint64) int) int {
	v, key, found, ok := s.lookup(set, true)
	if found || !ok {
		return int(v)
	}
	var seen [2048/64 + 1]uint64 // at most 2016 moves (Arc Kayles on K_64), so values <= 2016
	s.moves(set, func(child uint64, _ [2]int) bool {
		v := value(child)
		seen[v>>6] |= 1 << (v & 63)
		return s.err == nil
	})
	m := mexBits(seen[:])
	s.store(set, key, uint16(m))
	return m
}

// outcome returns the memoised outcome of the vertex set set, or win() stored as its outcome:
// true when the player to move wins.
func (s *search) outcome(set uint64, win func() bool) bool {
	v, key, found, ok := s.lookup(set, false)
	if found || !ok {
		return v != 0
	}
	w := win()
	v = 0
	if w {
		v = nonZero
	}
	s.store(set, key, v)
	return w
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
	return s.outcome(c, func() bool { return s.firstWin(c) })
}

// firstWin reports whether a move from the vertex set c leaves a position the opponent loses,
// trying the moves that remove the most vertices first.
func (s *search) firstWin(c uint64) bool {
	type option struct {
		child uint64
		left  int
	}
	var opts []option
	s.moves(c, func(child uint64, _ [2]int) bool {
		opts = append(opts, option{child, bits.OnesCount64(child)})
		return true
	})
	s.spend(int64(len(opts)*bits.Len(uint(len(opts)))) * stepVertex)
	slices.SortStableFunc(opts, func(a, b option) int { return a.left - b.left })
	for _, o := range opts {
		if s.childLoses(o.child) {
			return true
		}
		if s.err != nil {
			return false
		}
	}
	return false
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
			key, ok := s.key(c)
			if !ok {
				return false
			}
			ks[i] = keyed{key, c}
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

// A call names one question put to a solver, for its errors.
type call struct {
	gs     *solver
	what   string // "value", "outcome" or "winning moves"
	misere bool
	g      *Graph
}

func (c call) question() string {
	game := c.gs.name()
	if c.misere {
		game = "misère " + game
	}
	of := " of "
	if c.what == "winning moves" {
		of = " on "
	}
	return "the " + game + " " + c.what + of + "a graph of " + count(c.g.NumVertices(), "vertex", "vertices") +
		" and " + count(c.g.NumEdges(), "edge", "edges")
}

func count(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return strconv.Itoa(n) + " " + many
}

// fail returns the error that stopped s, with a limit on steps spelt out.
func (c call) fail(s *search) error {
	if s.err != errSteps {
		return s.err
	}
	advice := "raise Limits.Steps to search further"
	if c.what != "outcome" {
		advice += ", or ask for the outcome, which often examines far fewer positions"
	}
	return &kayles.LimitError{Question: c.question(), Limit: s.limit, Unit: "steps", Advice: advice}
}

// components splits g into connected components, as sorted vertex lists, and fails when one
// is too large for the solver, or when ctx is done. In Arc Kayles vertices without edges are
// left out. It costs O(n + m) for n vertices and m edges, and it looks at ctx every few
// thousand vertices and edges.
func (c call) components(ctx context.Context) ([][]int, error) {
	g, arc := c.g, c.gs.arc
	n := g.NumVertices()
	seen := make([]bool, n)
	var comps [][]int
	work := 0
	for v := range n {
		if seen[v] || (arc && len(g.adj[v]) == 0) {
			continue
		}
		seen[v] = true
		comp := []int{v}
		for i := 0; i < len(comp); i++ {
			if work += 1 + len(g.adj[comp[i]]); work >= 1<<14 {
				work = 0
				if err := ctx.Err(); err != nil {
					return nil, err
				}
			}
			for _, w := range g.adj[comp[i]] {
				if !seen[w] {
					seen[w] = true
					comp = append(comp, w)
				}
			}
		}
		if len(comp) > MaxComponent {
			return nil, &kayles.LimitError{Question: c.question(), Limit: MaxComponent,
				Unit:   "vertices in one connected component",
				Advice: "this graph has one of " + strconv.Itoa(len(comp)) + "; the exact solver cannot split it"}
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

func outcomeOf(next bool) kayles.Outcome {
	if next {
		return kayles.Next
	}
	return kayles.Previous
}

func (gs *solver) value(ctx context.Context, g *Graph) (int, error) {
	c := call{gs: gs, what: "value", g: g}
	if err := ctx.Err(); err != nil {
		return 0, err
	}
	comps, err := c.components(ctx)
	if err != nil {
		return 0, err
	}
	s := gs.newSearch(ctx, gs.normal)
	v := 0
	for _, comp := range comps {
		s.load(g, comp)
		v ^= s.compValue(fullSet(len(comp)))
		if s.err != nil {
			return 0, c.fail(s)
		}
	}
	return v, nil
}

func (gs *solver) outcome(ctx context.Context, g *Graph) (kayles.Outcome, error) {
	c := call{gs: gs, what: "outcome", g: g}
	if err := ctx.Err(); err != nil {
		return 0, err
	}
	comps, err := c.components(ctx)
	if err != nil {
		return 0, err
	}
	s := gs.newSearch(ctx, gs.normal)
	// Components of at most three vertices have known values; pair off the isomorphic copies
	// among the others, whose values cancel.
	base := 0
	var big [][]int
	var keys []string
	for _, comp := range comps {
		s.load(g, comp)
		if v, ok := s.small(fullSet(len(comp))); ok {
			base ^= v
			continue
		}
		key, ok := s.key(fullSet(len(comp)))
		if !ok {
			return 0, c.fail(s)
		}
		big, keys = append(big, comp), append(keys, key)
	}
	idx := make([]int, len(big))
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
	var next bool
	switch {
	case len(left) == 0:
		next = base != 0
	case len(left) == 1 && base == 0:
		s.load(g, big[left[0]])
		next = s.compNext(fullSet(len(big[left[0]])))
	default:
		v := base
		for _, i := range left {
			s.load(g, big[i])
			v ^= s.compValue(fullSet(len(big[i])))
			if s.err != nil {
				break
			}
		}
		next = v != 0
	}
	if s.err != nil {
		return 0, c.fail(s)
	}
	return outcomeOf(next), nil
}

// winningMoves returns the moves {v, v} or {u, v} (in the vertex numbers of g) that leave a
// position of value 0, sorted.
func (gs *solver) winningMoves(ctx context.Context, g *Graph) ([][2]int, error) {
	c := call{gs: gs, what: "winning moves", g: g}
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	comps, err := c.components(ctx)
	if err != nil {
		return nil, err
	}
	s := gs.newSearch(ctx, gs.normal)
	vals := make([]int, len(comps))
	total := 0
	for i, comp := range comps {
		s.load(g, comp)
		vals[i] = s.compValue(fullSet(len(comp)))
		if s.err != nil {
			return nil, c.fail(s)
		}
		total ^= vals[i]
	}
	if total == 0 {
		return nil, nil
	}
	var wins [][2]int
	for i, comp := range comps {
		target := total ^ vals[i]
		s.load(g, comp)
		s.moves(fullSet(len(comp)), func(child uint64, m [2]int) bool {
			if s.value(child) == target && s.err == nil {
				wins = append(wins, [2]int{comp[m[0]], comp[m[1]]})
			}
			return s.err == nil
		})
		if s.err != nil {
			return nil, c.fail(s)
		}
	}
	slices.SortFunc(wins, func(a, b [2]int) int {
		if a[0] != b[0] {
			return a[0] - b[0]
		}
		return a[1] - b[1]
	})
	return wins, nil
}

// misereLoad prepares a search over the whole of g for misère play, and returns it with the
// vertex set of the start position and the vertex list it stands for.
func (c call) misereLoad(ctx context.Context) (*search, uint64, []int, error) {
	if err := ctx.Err(); err != nil {
		return nil, 0, nil, err
	}
	gs, g := c.gs, c.g
	var vs []int
	for v := range g.NumVertices() {
		if !gs.arc || len(g.adj[v]) > 0 {
			vs = append(vs, v)
		}
	}
	if len(vs) > MaxComponent {
		unit, advice := "vertices", "misère values do not add over components, so misère play is solved on the whole graph"
		if gs.arc {
			unit = "vertices with edges"
		}
		return nil, 0, nil, &kayles.LimitError{Question: c.question(), Limit: MaxComponent, Unit: unit, Advice: advice}
	}
	s := gs.newSearch(ctx, gs.misere)
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
	s.spend(int64(bits.OnesCount64(set)) * stepVertex)
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
	return s.memoMex(set, func(child uint64) int { return s.misereValue(s.misereSet(child)) })
}

// misereNext reports whether the player to move wins the misère game on the subgraph induced
// by set, which misereSet has normalised, stopping at the first win.
func (s *search) misereNext(set uint64) bool {
	if set == 0 {
		return true
	}
	return s.outcome(set, func() bool {
		win := false
		s.moves(set, func(child uint64, _ [2]int) bool {
			win = !s.misereNext(s.misereSet(child))
			return !win && s.err == nil
		})
		return win
	})
}

func (gs *solver) misereValue(ctx context.Context, g *Graph) (int, error) {
	c := call{gs: gs, what: "value", misere: true, g: g}
	s, set, _, err := c.misereLoad(ctx)
	if err != nil {
		return 0, err
	}
	v := s.misereValue(set)
	if s.err != nil {
		return 0, c.fail(s)
	}
	return v, nil
}

func (gs *solver) misereOutcome(ctx context.Context, g *Graph) (kayles.Outcome, error) {
	c := call{gs: gs, what: "outcome", misere: true, g: g}
	s, set, _, err := c.misereLoad(ctx)
	if err != nil {
		return 0, err
	}
	next := s.misereNext(set)
	if s.err != nil {
		return 0, c.fail(s)
	}
	return outcomeOf(next), nil
}

func (gs *solver) misereWinningMoves(ctx context.Context, g *Graph) ([][2]int, error) {
	c := call{gs: gs, what: "winning moves", misere: true, g: g}
	s, set, vs, err := c.misereLoad(ctx)
	if err != nil {
		return nil, err
	}
	var wins [][2]int
	s.moves(set, func(child uint64, m [2]int) bool {
		if !s.misereNext(s.misereSet(child)) && s.err == nil {
			wins = append(wins, [2]int{vs[m[0]], vs[m[1]]})
		}
		return s.err == nil
	})
	if s.err != nil {
		return nil, c.fail(s)
	}
	return wins, nil
}
