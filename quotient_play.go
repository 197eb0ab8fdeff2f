package kayles

import (
	"iter"
	"slices"
)

// This file implements play through a misère quotient: the class of a position, its outcome
// and its winning moves in O(heaps).

// class returns the element of p, or false when a heap of p is beyond q.
func (q *Quotient) class(p Position) (int32, bool) {
	if q.order == 0 {
		return 0, false
	}
	c := int32(0)
	for h := range p.All() {
		x, ok := q.Class(h)
		if !ok {
			return 0, false
		}
		c = q.mul[int(c)*q.order+x]
	}
	return c, true
}

// Covers reports whether every heap of p lies in the range of q (heaps of at most
// [Quotient.Heaps] tokens, or any heap when a period is proven).
func (q *Quotient) Covers(p Position) bool {
	_, ok := q.class(p)
	return ok
}

// rangeErr is the error for a position with a heap beyond q.
func (q *Quotient) rangeErr(p Position) error {
	if q.order == 0 {
		return &RangeError{What: "heaps of a position for the zero Quotient, which covers none:", Value: p.Len(), Min: 0, Max: -1}
	}
	for h := range p.All() {
		if _, ok := q.Class(h); !ok {
			return &RangeError{What: "heap beyond the quotient", Value: h, Min: 0, Max: q.heaps}
		}
	}
	return nil
}

// Outcome returns the misère outcome of p through q: [Previous] exactly when the product of
// the classes of its heaps lies in the P-portion. It takes one product per heap, O(heaps). A
// position with a heap beyond the range of q gets a [*RangeError].
func (q *Quotient) Outcome(p Position) (Outcome, error) {
	c, ok := q.class(p)
	if !ok {
		return 0, q.rangeErr(p)
	}
	if q.pset[c] {
		return Previous, nil
	}
	return Next, nil
}

// WinningMoves returns the misère winning moves of p, in the order of [Octal.Moves]: for each
// heap size in p, the product of the other heaps, then for each move on it the test of that
// product times the class of the heaps left. It takes O(heaps) products to set up and O(1) for
// each move, and a position with a heap beyond q gets a [*RangeError].
func (q *Quotient) WinningMoves(p Position) (iter.Seq[Move], error) {
	if _, ok := q.class(p); !ok {
		return nil, q.rangeErr(p)
	}
	hs := p.Heaps()
	// others[h]: the product of every heap of p but one of size h.
	others := map[int]int32{}
	prefix := make([]int32, len(hs)+1)
	for i, h := range hs {
		x, _ := q.Class(h)
		prefix[i+1] = q.mul[int(prefix[i])*q.order+x]
	}
	suffix := int32(0)
	for i := len(hs) - 1; i >= 0; i-- {
		if i == len(hs)-1 || hs[i] != hs[i+1] {
			others[hs[i]] = q.mul[int(prefix[i])*q.order+int(suffix)]
		}
		x, _ := q.Class(hs[i])
		suffix = q.mul[int(suffix)*q.order+x]
	}
	var wins []Move
	for m := range q.game.Moves(p) {
		c := others[m.Heap]
		for _, l := range m.Left {
			x, _ := q.Class(l)
			c = q.mul[int(c)*q.order+x]
		}
		if q.pset[c] {
			wins = append(wins, m)
		}
	}
	return slices.Values(wins), nil
}
