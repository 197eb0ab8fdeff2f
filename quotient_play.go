package kayles

import "iter"

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
// product times the class of the heaps left. It takes O(heaps) products to set up, and a
// position with a heap beyond q gets a [*RangeError]. The sequence is lazy and costs what the
// caller takes of it. Without a period each move costs O(1). With a proven period (n0, p)
// the moves of a heap of any size cost what the period needs, not the heap's size: a move
// that leaves heaps x and more has twins, x+p and more, that win alike, so the winning moves
// are found by bisection over each residue mod p, O(t·(n0+p)^(k-1)·log h) for a heap of h in a
// code of t digits whose moves leave at most k heaps, and then come at most p heaps apart;
// the first winning move on a heap of 2^40 tokens comes at once.
func (q *Quotient) WinningMoves(p Position) (iter.Seq[Move], error) {
	if _, ok := q.class(p); !ok {
		return nil, q.rangeErr(p)
	}
	hs := p.Heaps()
	// others[i]: the product of every heap of p but hs[i], for the first heap of each size.
	others := make([]int32, len(hs))
	prefix := make([]int32, len(hs)+1)
	for i, h := range hs {
		x, _ := q.Class(h)
		prefix[i+1] = q.mul[int(prefix[i])*q.order+x]
	}
	suffix := int32(0)
	for i := len(hs) - 1; i >= 0; i-- {
		others[i] = q.mul[int(prefix[i])*q.order+int(suffix)]
		x, _ := q.Class(hs[i])
		suffix = q.mul[int(suffix)*q.order+x]
	}
	return func(yield func(Move) bool) {
		var w *periodWalk
		for i, h := range hs {
			if i > 0 && hs[i-1] == h {
				continue
			}
			c := others[i]
			if q.period == 0 {
				if !q.game.plan().options(h, h, func(take int, left []int) bool {
					return !q.pset[q.product(c, left)] || yield(newMove(h, take, left))
				}) {
					return
				}
				continue
			}
			if w == nil {
				w = q.walk()
			}
			if !w.moves(h, int(c), func(take int, left []int) bool { return yield(newMove(h, take, left)) }) {
				return
			}
		}
	}, nil
}

// product returns c times the classes of the heaps of left, each of which q covers.
func (q *Quotient) product(c int32, left []int) int32 {
	for _, l := range left {
		x, _ := q.Class(l)
		c = q.mul[int(c)*q.order+x]
	}
	return c
}

// walk returns the walk of the winning moves through q, which has a proven period.
func (q *Quotient) walk() *periodWalk {
	cls := func(h int) int {
		x, _ := q.Class(h)
		return x
	}
	mul := func(x, y int) int { return int(q.mul[x*q.order+y]) }
	win := func(c int) bool { return q.pset[c] }
	return newPeriodWalk(q.game.plan(), q.pre, q.period, cls, mul, win)
}
