package table

import (
	"cmp"
	"context"
	"math/rand/v2"
	"slices"

	"github.com/octalgames/kayles"
)

// This file implements the state of a general table taken under its lock: its runs of tokens,
// the table moves that play a move of the rule set, and the perfect player's choice.

// tableState is a copy of a table's tokens and rules, for its moves, hints and computers.
type tableState struct {
	rules  *kayles.Octal
	layout Layout
	misere bool
	rows   [][]bool // Rows: down flags
	heaps  []int    // Heaps: sizes
}

// run is a heap of the rule set on the table: a run of n standing pins of row row (from 0)
// starting at pin index start (from 0), or heap number row+1 of n tokens (start 0).
type run struct{ row, start, n int }

// runs returns the non-empty runs or heaps in table order.
func (s tableState) runs() []run {
	var rs []run
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

// position returns the runs' lengths as a position of the rule set.
func (s tableState) position() kayles.Position {
	var hs []int
	for _, r := range s.runs() {
		hs = append(hs, r.n)
	}
	p, _ := newPosition(hs...) // lengths are never negative
	return p
}

// anyMove reports whether a legal move is left.
func (s tableState) anyMove() bool {
	seen := map[int]bool{}
	for _, r := range s.runs() {
		if seen[r.n] {
			continue
		}
		seen[r.n] = true
		if hasMove(s.rules, r.n) {
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

// placementCount returns the number of table moves that play km on a run of its length.
func (s tableState) placementCount(km kayles.Move) int {
	if s.layout == Heaps {
		return 1
	}
	off := offset(km)
	return 1 + boolInt(km.Heap-km.Take-off != off)
}

// moves returns the legal table moves, ordered by row, pin and count.
func (s tableState) moves() []Move {
	byLen := map[int][]kayles.Move{}
	var ms []Move
	for _, r := range s.runs() {
		kms, ok := byLen[r.n]
		if !ok {
			kms = heapMoves(s.rules, r.n)
			byLen[r.n] = kms
		}
		for _, km := range kms {
			ms = append(ms, s.placements(r, km)...)
		}
	}
	slices.SortFunc(ms, compareMoves)
	return ms
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

// clone returns a deep copy of s.
func (s tableState) clone() tableState {
	c := s
	c.heaps = slices.Clone(s.heaps)
	c.rows = nil
	for _, r := range s.rows {
		c.rows = append(c.rows, slices.Clone(r))
	}
	return c
}

// apply plays the legal table move m on s in place.
func (s tableState) apply(m Move) {
	if s.layout == Heaps {
		s.heaps[m.Row-1] -= m.Count
		return
	}
	for i := range m.Count {
		s.rows[m.Row-1][m.Pin-1+i] = true
	}
}

// winning returns the table moves that play the winning moves of the rule set, in the order
// of the hints: at a table of rows by the rule set's order, then by run; at a table of heaps
// by heap, then as the rule set lists them. With first set it stops at the first one.
func (s tableState) winning(ctx context.Context, first bool) ([]Move, error) {
	seq, err := winningMoves(ctx, s.rules, s.misere, s.position())
	if err != nil {
		return nil, err
	}
	rs := s.runs()
	var wins []Move
	if s.layout == Heaps {
		var kms []kayles.Move
		for km := range seq {
			kms = append(kms, km)
		}
		for _, r := range rs {
			for _, km := range kms {
				if km.Heap == r.n {
					wins = append(wins, s.placements(r, km)...)
				}
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
		if first && len(wins) > 0 {
			return wins[:1], nil
		}
	}
	return wins, nil
}

// choose returns a move as the perfect player plays it, and whether it wins against any
// defence: a winning move when there is one; otherwise, among the moves that take fewest
// tokens, one after which the opponent has the most replies that do not win. It takes the
// first of equally good moves when rng is nil, and a random one otherwise. It returns the zero
// Move and false when no move is left, and ctx's error once ctx is done.
func (s tableState) choose(ctx context.Context, rng *rand.Rand) (Move, bool, error) {
	if err := ctx.Err(); err != nil {
		return Move{}, false, err
	}
	if !s.anyMove() {
		return Move{}, false, nil
	}
	wins, err := s.winning(ctx, rng == nil)
	if err != nil {
		return Move{}, false, err
	}
	if len(wins) > 0 {
		return pick(rng, wins), true, nil
	}
	// Lost: among the moves that take fewest tokens, leave the most replies that do not win.
	// The rule set's moves on a heap of each length are listed once, and counted as table
	// moves (one or two placements each).
	kmsOf := map[int][]kayles.Move{}
	counts := map[int]int{}
	lengthMoves := func(r run) ([]kayles.Move, int) {
		kms, ok := kmsOf[r.n]
		if !ok {
			kms = heapMoves(s.rules, r.n)
			kmsOf[r.n] = kms
			c := 0
			for _, km := range kms {
				c += s.placementCount(km)
			}
			counts[r.n] = c
		}
		return kms, counts[r.n]
	}
	least := -1
	rs := s.runs()
	for _, r := range rs {
		kms, _ := lengthMoves(r)
		for _, km := range kms {
			if least < 0 || km.Take < least {
				least = km.Take
			}
		}
	}
	var cands []Move
	for _, r := range rs {
		kms, _ := lengthMoves(r)
		for _, km := range kms {
			if km.Take == least {
				cands = append(cands, s.placements(r, km)...)
			}
		}
	}
	slices.SortFunc(cands, compareMoves)
	seen := map[kayles.Position]int{}
	var best []Move
	bestWrong := -1
	for _, m := range cands {
		after := s.clone()
		after.apply(m)
		p := after.position()
		wrong, ok := seen[p]
		if !ok {
			if err := ctx.Err(); err != nil {
				return Move{}, false, err
			}
			seq, err := winningMoves(ctx, s.rules, s.misere, p)
			if err != nil {
				return Move{}, false, err
			}
			ars := after.runs()
			byLen := map[int]int{}
			for _, r := range ars {
				_, c := lengthMoves(r)
				wrong += c
				byLen[r.n]++
			}
			for km := range seq {
				wrong -= byLen[km.Heap] * s.placementCount(km)
			}
			seen[p] = wrong
		}
		switch {
		case wrong > bestWrong:
			best, bestWrong = []Move{m}, wrong
		case wrong == bestWrong:
			best = append(best, m)
		}
	}
	return pick(rng, best), false, nil
}
