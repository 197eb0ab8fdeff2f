package table

import (
	"cmp"
	"context"
	"math/rand/v2"
	"slices"

	"github.com/octalgames/kayles"
)

// This file implements the state of a table taken under its lock: its runs of tokens, the
// table moves that play a move of the rule set, and the perfect player's choice.

// tableState is a view of a table's tokens and rules, for its moves, hints and computers:
// a copy ([Table.state]) when it is used outside the table's lock.
type tableState struct {
	rules  *kayles.Octal
	layout Layout
	misere bool
	rows   [][]bool // Rows: down flags
	heaps  []int    // Heaps: sizes
	// unsolved is the tokens of the smallest position whose search reached its limit at the
	// table, 0 when none did ([Table.noteLimit]).
	unsolved int
}

// run is a heap of the rule set on the table: a run of n standing pins of row row (from 0)
// starting at pin index start (from 0), or heap number row+1 of n tokens (start 0).
type run struct{ row, start, n int }

// runs returns the non-empty runs or heaps in table order.
func (s tableState) runs() []run {
	rs := make([]run, 0, len(s.heaps)+2*len(s.rows))
	if s.layout == Heaps {
		for i, h := range s.heaps {
			if h > 0 {
				rs = append(rs, run{row: i, n: h})
			}
		}
		return rs
	}
	for r, down := range s.rows {
		for i := 0; i < len(down); {
			if down[i] {
				i++
				continue
			}
			j := i
			for j < len(down) && !down[j] {
				j++
			}
			rs = append(rs, run{row: r, start: i, n: j - i})
			i = j
		}
	}
	return rs
}

// positionOf returns the lengths of rs as a position of the rule set.
func positionOf(rs []run) kayles.Position {
	hs := make([]int, 0, len(rs))
	for _, r := range rs {
		hs = append(hs, r.n)
	}
	p, _ := newPosition(hs...) // lengths are never negative
	return p
}

// position returns the runs' lengths as a position of the rule set.
func (s tableState) position() kayles.Position { return positionOf(s.runs()) }

// anyMove reports whether a legal move is left.
func (s tableState) anyMove() bool {
	v := newRuleView(s.rules, s.layout)
	for _, r := range s.runs() {
		if v.hasMove(r.n) {
			return true
		}
	}
	return false
}

// placements returns the table moves that play km on run r: at a table of rows at its
// offset and, when it differs, the mirrored one; at a table of heaps the one move.
func (s tableState) placements(r run, km kayles.Move) []Move {
	if s.layout == Heaps {
		return []Move{{Row: r.row + 1, Count: km.Take}}
	}
	off := offset(km)
	ms := []Move{{Row: r.row + 1, Pin: r.start + off + 1, Count: km.Take}}
	if mirror := km.Heap - km.Take - off; mirror != off {
		ms = append(ms, Move{Row: r.row + 1, Pin: r.start + mirror + 1, Count: km.Take})
	}
	return ms
}

// offset returns the number of tokens of a row left of the tokens that m takes, as the order
// of m.Left says: every heap left but the last stands before them.
func offset(m kayles.Move) int {
	off := 0
	for _, h := range m.Left[:max(0, len(m.Left)-1)] {
		off += h
	}
	return off
}

// placementCount returns the number of table moves that play km on a run of its length.
func placementCount(layout Layout, km kayles.Move) int {
	if layout == Heaps {
		return 1
	}
	off := offset(km)
	return 1 + boolInt(km.Heap-km.Take-off != off)
}

// moves returns the legal table moves, ordered by row, pin and count.
func (s tableState) moves() []Move {
	v := newRuleView(s.rules, s.layout)
	var ms []Move
	for _, r := range s.runs() {
		ms = v.appendMoves(ms, r, 0) // runs in table order, so ms is ordered
	}
	return ms
}

// randomMove returns a legal move drawn from rng, each as likely, in O(tokens) without listing
// every move; the first legal move when rng is nil, and the zero Move when none is left.
func (s tableState) randomMove(rng *rand.Rand) Move {
	v := newRuleView(s.rules, s.layout)
	rs := s.runs()
	total := 0
	for _, r := range rs {
		total += v.count(r.n)
	}
	if total == 0 {
		return Move{}
	}
	k := 0
	if rng != nil {
		k = rng.IntN(total)
	}
	for _, r := range rs {
		if c := v.count(r.n); k >= c {
			k -= c
			continue
		}
		var m Move
		v.eachMove(r, 0, func(mv Move) bool { m = mv; k--; return k >= 0 })
		return m
	}
	return Move{} // not reached: k < total
}

func compareMoves(a, b Move) int {
	return cmp.Or(cmp.Compare(a.Row, b.Row), cmp.Compare(a.Pin, b.Pin), cmp.Compare(a.Count, b.Count))
}

// ruleMove returns the move of the rule set that m plays, or an error in e, which has Move,
// Turn, Want and Layout set, when m does not name tokens on the table.
func (s tableState) ruleMove(m Move, e *PlayError) (kayles.Move, error) {
	fail := func(err error) (kayles.Move, error) { e.Err = err; return kayles.Move{}, e }
	if s.layout == Heaps {
		e.Rows = len(s.heaps)
		switch {
		case m.Row < 1 || m.Row > len(s.heaps):
			return fail(ErrNoSuchHeap)
		case m.Count < 1:
			return fail(ErrTakeNone)
		case m.Pin != 0:
			return fail(ErrNoSuchPin)
		}
		h := s.heaps[m.Row-1]
		e.Length = h
		if m.Count > h {
			return fail(ErrTakeTooMany)
		}
		km := kayles.Move{Heap: h, Take: m.Count}
		if h > m.Count {
			km.Left = []int{h - m.Count}
		}
		return km, nil
	}
	e.Rows = len(s.rows)
	if m.Row < 1 || m.Row > len(s.rows) {
		return fail(ErrNoSuchRow)
	}
	down := s.rows[m.Row-1]
	e.Length = len(down)
	switch {
	case m.Count < 1:
		return fail(ErrTakeNone)
	case m.Pin < 1 || m.Pin > len(down):
		e.Pin = m.Pin
		return fail(ErrNoSuchPin)
	case m.Count > len(down)-m.Pin+1:
		e.Pin = len(down) + 1
		return fail(ErrNoSuchPin)
	}
	lo, hi := m.Pin-1, m.Pin-1+m.Count // the pins' indexes, [lo, hi)
	for i := lo; i < hi; i++ {
		if down[i] {
			e.Pin = i + 1
			return fail(ErrPinDown)
		}
	}
	a, b := 0, 0
	for i := lo - 1; i >= 0 && !down[i]; i-- {
		a++
	}
	for i := hi; i < len(down) && !down[i]; i++ {
		b++
	}
	km := kayles.Move{Heap: a + m.Count + b, Take: m.Count}
	for _, n := range []int{a, b} {
		if n > 0 {
			km.Left = append(km.Left, n)
		}
	}
	return km, nil
}

// winning returns the table moves that play the winning moves of the rule set, in the order
// of the hints: at a table of rows by the rule set's order, then by run; at a table of heaps
// by heap, then as the rule set lists them. With first set it stops at the first one.
func (s tableState) winning(ctx context.Context, rs []run, first bool) ([]Move, error) {
	p := positionOf(rs)
	if first && s.layout == Rows {
		km, ok, err := winningMove(ctx, s.rules, s.misere, p)
		if err != nil || !ok {
			return nil, err
		}
		for _, r := range rs {
			if r.n == km.Heap {
				return s.placements(r, km)[:1], nil
			}
		}
	}
	seq, err := winningMoves(ctx, s.rules, s.misere, p)
	if err != nil {
		return nil, err
	}
	var wins []Move
	if s.layout == Heaps {
		type take struct{ heap, count int }
		var takes []take // ascending by heap, as the rule set yields them
		for km := range seq {
			takes = append(takes, take{km.Heap, km.Take})
		}
		for _, r := range rs {
			j, _ := slices.BinarySearchFunc(takes, r.n, func(t take, n int) int { return cmp.Compare(t.heap, n) })
			for ; j < len(takes) && takes[j].heap == r.n; j++ {
				wins = append(wins, Move{Row: r.row + 1, Count: takes[j].count})
			}
		}
		return wins, nil
	}
	for km := range seq {
		for _, r := range rs {
			if r.n == km.Heap {
				wins = append(wins, s.placements(r, km)...)
			}
		}
	}
	return wins, nil
}

// choice is what a choice of move finds: the move (the zero Move once the game is over), its
// verdict, and the tokens of a position whose search reached its limit (0 when none did), for
// the table to remember ([Table.noteLimit]).
type choice struct {
	move    Move
	verdict Verdict
	limited int
}

// choose returns a move as the perfect player plays it, and its verdict: a winning move when
// there is one (Wins); otherwise (Loses), among the moves that take fewest tokens, one after
// which the opponent has the most replies that do not win. It takes the first of equally good
// moves when rng is nil, and a random one otherwise. It returns the zero choice when no move
// is left, and ctx's error once ctx is done.
//
// Its questions go to the rule set within a seat's budget ([tableState.seat]). When the search
// for a winning move reaches that limit, or the table's search of a position nearly as large
// already did ([tableState.beyondLimit]), it returns the best move it finds with little more
// work ([tableState.fallback]), never no move. In a lost position whose replies cannot all be
// counted within the limit it keeps the game long ([tableState.keepLong]).
//
// In a lost position each distinct position a candidate leaves is judged once: its replies
// are counted from the rule set's digits (O(digits) a run) and its winning replies from the
// rule set's winning moves, which answer by Bouton's rule for Nim and through the proven
// period for Kayles; the rule set's moves are never listed for a code with plain digits.
func (s tableState) choose(ctx context.Context, rng *rand.Rand) (choice, error) {
	if err := ctx.Err(); err != nil {
		return choice{}, err
	}
	v := newRuleView(s.rules, s.layout)
	rs := s.runs()
	least, total, tokens := 0, 0, 0
	for _, r := range rs {
		if k := v.leastTake(r.n); k > 0 {
			least = min(k, cmp.Or(least, k))
			tokens += r.n
		}
		total += v.count(r.n)
	}
	if least == 0 {
		return choice{}, nil
	}
	if s.beyondLimit(tokens, rs) {
		m, err := s.bestFound(ctx, rng, v, rs, s.moves())
		return choice{move: m}, err
	}
	seat := s.seat()
	wins, err := seat.winning(ctx, rs, rng == nil)
	if pastLimit(ctx, err) {
		c, err := s.fallback(ctx, rng, v, rs, seat.rules)
		c.limited = tokens
		return c, err
	}
	if err != nil {
		return choice{}, err
	}
	if len(wins) > 0 {
		return choice{move: pick(rng, wins), verdict: Wins}, nil
	}
	m, err := seat.defence(ctx, rng, v, rs, least, total)
	if pastLimit(ctx, err) {
		return choice{move: s.keepLong(rng, v, s.moves()), verdict: Loses}, nil
	}
	if err != nil {
		return choice{}, err
	}
	return choice{move: m, verdict: Loses}, nil
}

// defence returns the move of choose in a lost position with runs rs: among the moves that
// take least tokens, one that leaves the most replies that do not win, of total replies now.
// In misère play the winning replies after each distinct move are searched within an equal
// share of the search steps of s.rules, so that the replies of all of them cost one search.
func (s tableState) defence(ctx context.Context, rng *rand.Rand, v *ruleView, rs []run, least, total int) (Move, error) {
	type after struct{ n, a, b int } // a run of n replaced by runs of a <= b
	type cand struct {
		m   Move
		key after
	}
	var cands []cand
	distinct := map[after]int{} // the replies that do not win after each, once counted
	var ms []Move
	for _, r := range rs {
		ms = v.appendMoves(ms[:0], r, least)
		for _, m := range ms {
			a := m.Pin - 1 - r.start // the tokens left of m in its run; 0 at a table of heaps
			if s.layout == Heaps {
				a = 0
			}
			b := r.n - m.Count - a
			key := after{r.n, min(a, b), max(a, b)}
			cands = append(cands, cand{m, key})
			distinct[key] = -1
		}
	}
	if s.misere {
		s.rules = within(s.rules, s.rules.Limits().SearchSteps/int64(len(distinct)), s.rules)
	}
	winning, err := s.replyCounter(ctx, v, rs)
	if err != nil {
		return Move{}, err
	}
	var best []Move
	bestWrong := -1
	for _, c := range cands {
		wrong := distinct[c.key]
		if wrong < 0 {
			if err := ctx.Err(); err != nil {
				return Move{}, err
			}
			n, a, b := c.key.n, c.key.a, c.key.b
			w, err := winning(n, a, b)
			if err != nil {
				return Move{}, err
			}
			wrong = total - v.count(n) + v.count(a) + v.count(b) - w
			distinct[c.key] = wrong
		}
		switch {
		case wrong > bestWrong:
			best, bestWrong = append(best[:0], c.m), wrong
		case wrong == bestWrong:
			best = append(best, c.m)
		}
	}
	return pick(rng, best), nil
}

// pick returns the first of ms when rng is nil, and a random one otherwise; ms is not empty.
func pick[T any](rng *rand.Rand, ms []T) T {
	if rng == nil {
		return ms[0]
	}
	return ms[rng.IntN(len(ms))]
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}
