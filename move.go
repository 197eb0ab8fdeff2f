package kayles

import (
	"iter"
	"slices"
	"strconv"
)

// This file implements moves: the legal moves of an octal game in a position, and playing them.

// A Move takes tokens from one heap and leaves smaller heaps in its place (none, one, or more).
// The zero Move takes nothing from no heap and is never legal.
//
// Left lists the heaps left in the order they stand in a row of tokens (Kayles pins): the
// taken tokens stand just before the last heap left. So Move{7, 1, []int{3, 3}} knocks down
// the middle pin of seven, drawn "|||.|||"; Move{7, 1, []int{6}} knocks down the first pin,
// ".||||||"; and a move that leaves no heap takes the whole row.
type Move struct {
	Heap int   // the size of the heap moved on
	Take int   // how many tokens the move removes
	Left []int // the non-empty heaps left, in row order
}

// String returns the move as an equation, heap - taken = heaps left: "7-1=3+3", "7-1=6",
// or "2-2=0" for a move that leaves nothing.
func (m Move) String() string {
	b := strconv.AppendInt(nil, int64(m.Heap), 10)
	b = append(b, '-')
	b = strconv.AppendInt(b, int64(m.Take), 10)
	b = append(b, '=')
	if len(m.Left) == 0 {
		b = append(b, '0')
	}
	for i, h := range m.Left {
		if i > 0 {
			b = append(b, '+')
		}
		b = strconv.AppendInt(b, int64(h), 10)
	}
	return string(b)
}

// Moves returns an iterator over the legal moves in p, one for each distinct position they
// lead to. The order is deterministic: heaps in ascending size; within a heap, by the first
// heap left in row order (0 for the moves that leave at most one heap), then by the number of
// tokens taken, then by the number of heaps left, then by the further heaps left. For Kayles that is the order of the knocked
// pins from the left end of the row to its middle. Each move costs O(1) to produce, plus
// O(k) for one that leaves k heaps. A move that leaves more than 4096 heaps (0.{2+}= can leave
// a heap's every token as a heap of its own) is not listed, and [Octal.Play] refuses it.
func (o *Octal) Moves(p Position) iter.Seq[Move] { return o.plan().moves(p) }

func (o *plan) moves(p Position) iter.Seq[Move] {
	return func(yield func(Move) bool) {
		for h := range p.sizes() {
			if !o.heapMoves(h, h, yield) {
				return
			}
		}
	}
}

// heapMoves yields the moves on a heap of n in the order Moves documents, leaving out those
// with a heap left other than the largest at bound or more; it returns false when yield did.
func (o *plan) heapMoves(n, bound int, yield func(Move) bool) bool {
	return o.options(n, bound, func(take int, left []int) bool {
		return yield(newMove(n, take, left))
	})
}

// newMove returns the move on a heap of n, with its own copy of left.
func newMove(n, take int, left []int) Move {
	m := Move{Heap: n, Take: take}
	if len(left) > 0 {
		m.Left = slices.Clone(left)
	}
	return m
}

// options calls visit with each move on a heap of n, as heapMoves orders and bounds them: the
// tokens taken and the heaps left in row order, in a slice that visit must not keep. It returns
// false when visit did. Unlike heapMoves it allocates nothing per move.
func (o *plan) options(n, bound int, visit func(take int, left []int) bool) bool {
	if !o.plain {
		return o.optionsGeneral(n, bound, visit)
	}
	var buf [3]int
	t := len(o.flags) - 1
	for i := 1; i <= min(t, n); i++ {
		d := o.flags[i]
		if d&1 != 0 && i == n && !visit(i, buf[:0]) {
			return false
		}
		if d&2 != 0 && i < n {
			buf[0] = n - i
			if !visit(i, buf[:1]) {
				return false
			}
		}
	}
	if len(o.leave2) == 0 && len(o.leave3) == 0 {
		// Only splits into two equal heaps: one for each take of o.equal with an even rest,
		// the first heap left growing as the take shrinks.
		for j := len(o.equal) - 1; j >= 0; j-- {
			i := o.equal[j]
			if m := n - i; m >= 2 && m%2 == 0 && m/2 < bound {
				buf[0], buf[1] = m/2, m/2
				if !visit(i, buf[:2]) {
					return false
				}
			}
		}
		return true
	}
	for a := 1; 2*a <= n && a < bound && o.splits; a++ {
		for i := 0; i <= min(t, n); i++ {
			d, m := o.flags[i], n-i
			if d&4 != 0 && m-a >= a && o.digits[i].pairs(a, m-a) {
				buf[0], buf[1] = a, m-a
				if !visit(i, buf[:2]) {
					return false
				}
			}
			if d&8 == 0 {
				continue
			}
			for b := a; a+2*b <= m && b < bound; b++ {
				buf[0], buf[1], buf[2] = a, b, m-a-b
				if !visit(i, buf[:3]) {
					return false
				}
			}
		}
	}
	return true
}

// Play returns the position that m leads to from p. It returns an error wrapping
// [ErrIllegalMove], a [*MoveError] that says why, when p has no heap of size m.Heap or the
// rules do not allow m, and a [*LimitError] for a legal move that leaves more than 4096 heaps
// (which [Octal.Moves] does not list); p itself never changes.
func (o *Octal) Play(p Position, m Move) (Position, error) {
	why := ""
	if !p.has(m.Heap) {
		why = "there is no heap of " + strconv.Itoa(m.Heap)
	} else {
		why = o.plan().illegal(m.Heap, m.Take, m.Left)
	}
	if why != "" {
		m.Left = slices.Clone(m.Left)
		return p, &MoveError{Position: p, Move: m, Reason: why}
	}
	if len(m.Left) > maxLeft {
		return p, &LimitError{Question: "playing " + strconv.Itoa(m.Heap) + "-" + strconv.Itoa(m.Take) + " in " + o.String(),
			Limit: maxLeft, Unit: "heaps left by one move", Advice: "play a move that leaves fewer heaps"}
	}
	return p.replace(m.Heap, m.Left), nil
}
