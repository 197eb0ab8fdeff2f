package kayles

import "iter"

// This file implements normal-play strategy: values, outcomes and winning moves of positions.

// An Outcome says who wins a position with perfect play. The zero Outcome means none is known.
type Outcome int8

const (
	_        Outcome = iota
	Previous         // P-position: the player to move loses (the previous player wins)
	Next             // N-position: the player to move wins
)

// String returns "P" for Previous, "N" for Next and "none" for the zero Outcome.
func (r Outcome) String() string {
	switch r {
	case Previous:
		return "P"
	case Next:
		return "N"
	}
	return "none"
}

// Value returns the nim-value of p in normal play: the nim-sum (XOR) of the values of its
// heaps, by the Sprague–Grundy theorem. It costs one [Octal.Grundy] call per heap and panics
// when Grundy would.
func (o *Octal) Value(p Position) int {
	v := 0
	for h := range p.All() {
		v ^= o.Grundy(h)
	}
	return v
}

// Outcome returns [Previous] when the player to move in p loses against perfect play (its
// value is 0) and [Next] otherwise. It panics when [Octal.Value] would.
func (o *Octal) Outcome(p Position) Outcome {
	if o.Value(p) == 0 {
		return Previous
	}
	return Next
}

// WinningMoves returns an iterator over the winning moves in p: exactly the legal moves to
// positions of value 0, in the order of [Octal.Moves]. A position of value 0 has none.
// With a proven period (n0, p) and no saltus a heap is searched only once a bounded search has
// found a winning move in it, which costs O(t·(n0+p)) however large the heap; so the first
// winning move comes at once even in rows of 10^15 pins. [Nim] (any Octal with code 0.[3])
// takes O(heaps) in all, by Bouton's rule: in a heap of h the only winning move leaves h ⊕ v,
// v the value of p. [LaskersNim] (4.[3]) solves for its winning moves by its closed form:
// O(log h) for each move in a heap of h, and O(1) for a heap without one. It panics when
// [Octal.Value] would.
func (o *Octal) WinningMoves(p Position) iter.Seq[Move] {
	return func(yield func(Move) bool) {
		switch {
		case o.isNim():
			nimWinningMoves(p)(yield)
			return
		case o.isLaskersNim():
			laskersNimWinningMoves(p)(yield)
			return
		}
		v := o.Value(p)
		if v == 0 {
			return
		}
		last := 0
		for h := range p.All() {
			if h == last {
				continue
			}
			last = h
			target := o.Grundy(h) ^ v
			wins := func(_ int, left []int) bool { return o.leftValue(left) != target }
			if bound := o.load().period; bound.Period > 0 && bound.Saltus == 0 && h > 2*(bound.Preperiod+bound.Period) {
				// Every move has a twin of the same value whose heaps left but the largest are
				// below n0+p: shift a heap a >= n0+p down by p and the largest up by p. With a
				// saltus s the shifts change the values by -s and +s, which need not cancel in
				// a nim-sum, so the bounded search is only for periodic values.
				if o.options(h, bound.Preperiod+bound.Period, wins) {
					continue // no winning move on this heap
				}
			}
			if !o.options(h, h, func(take int, left []int) bool {
				return wins(take, left) || yield(newMove(h, take, left))
			}) {
				return
			}
		}
	}
}

// WinningMove returns the first move of [Octal.WinningMoves], and false when p has none
// (its value is 0). It costs O(heaps·t·(n0+p)) with a proven period (n0, p) without saltus,
// O(heaps) for [Nim] and O(heaps + log h) for [LaskersNim].
func (o *Octal) WinningMove(p Position) (Move, bool) {
	for m := range o.WinningMoves(p) {
		return m, true
	}
	return Move{}, false
}

func (o *Octal) leftValue(left []int) int {
	v := 0
	for _, h := range left {
		v ^= o.Grundy(h)
	}
	return v
}
