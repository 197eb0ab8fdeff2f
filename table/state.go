package table

import (
	"cmp"
	"math/rand/v2"

	"github.com/octalgames/kayles"
)

// This file implements the state of a table taken under its lock: its runs of tokens, its
// legal moves and a random one, and the table moves that play a move of the rule set.

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

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}
