package kayles

import (
	"context"
	"iter"
)

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
// heaps, by the Sprague–Grundy theorem. It costs one [Octal.Grundy] call per heap and returns
// the first error Grundy returns.
func (o *Octal) Value(ctx context.Context, p Position) (int, error) {
	o = o.game()
	s := o.eng.load()
	v := 0
	for h := range p.All() {
		g, ok := s.value(h)
		if !ok {
			var err error
			if g, err = o.Grundy(ctx, h); err != nil {
				return 0, err
			}
			s = o.eng.load()
		}
		v ^= g
	}
	return v, nil
}

// Outcome returns [Previous] when the player to move in p loses against perfect play (its
// value is 0) and [Next] otherwise. It returns the errors of [Octal.Value].
func (o *Octal) Outcome(ctx context.Context, p Position) (Outcome, error) {
	v, err := o.Value(ctx, p)
	if err != nil {
		return 0, err
	}
	if v == 0 {
		return Previous, nil
	}
	return Next, nil
}

// WinningMoves returns the winning moves in p: exactly the moves of [Octal.Moves] to positions
// of value 0, in their order (so not those that leave more than 4096 heaps, which Moves does
// not list and [Octal.Play] refuses). A position of value 0 has none. It values the heaps of p as
// [Octal.Value] does, and returns its error when it cannot; after that the sequence does no
// work that can fail, and costs what the caller takes of it:
//
// With a proven period (n0, p) and no saltus a heap is searched only once a bounded search has
// found a winning move in it, which costs O(t·(n0+p)) however large the heap; so the first
// winning move comes at once even in rows of 10^15 pins. For a finite code without modifiers
// the winning moves of each heap are walked by period, as [Quotient.WinningMoves] walks them,
// so that each comes at most p heaps after the one before, however large the heap. [Nim] (any Octal with code 0.[3])
// takes O(heaps) in all, by Bouton's rule: in a heap of h the only winning move leaves h ⊕ v,
// v the value of p. [LaskersNim] (4.[3]) solves for its winning moves by its closed form:
// O(log h) for each move in a heap of h, and O(1) for a heap without one.
func (o *Octal) WinningMoves(ctx context.Context, p Position) (iter.Seq[Move], error) {
	o = o.game()
	v, ms, err := o.winning(ctx, p)
	if err != nil || ms != nil {
		return ms, err
	}
	s := o.eng.load()
	return func(yield func(Move) bool) { o.eachWinning(p, v, s, yield) }, nil
}

// WinningMove returns the first move of [Octal.WinningMoves], and false when p has none (its
// value is 0), or the error of WinningMoves. It costs O(heaps·t·(n0+p)) with a proven period
// (n0, p) without saltus once the heaps are valued, O(heaps) for [Nim] and O(heaps + log h) for
// [LaskersNim].
func (o *Octal) WinningMove(ctx context.Context, p Position) (Move, bool, error) {
	o = o.game()
	v, ms, err := o.winning(ctx, p)
	if err != nil {
		return Move{}, false, err
	}
	var first Move
	found := false
	take := func(m Move) bool {
		first, found = m, true
		return false
	}
	if ms != nil {
		ms(take)
	} else {
		o.eachWinning(p, v, o.eng.load(), take)
	}
	return first, found, nil
}

// winning returns the value of p, or the winning moves of a closed form, or the error that
// stops the question.
func (o *Octal) winning(ctx context.Context, p Position) (int, iter.Seq[Move], error) {
	pl := o.plan()
	if pl.closed != nil {
		if ms, ok, err := pl.closed.winningMoves(p); ok || err != nil {
			return 0, ms, err
		}
	}
	v, err := o.Value(ctx, p)
	if err == nil && v != 0 {
		// A winning move may leave more heaps than Moves lists: say so rather than list none.
		err = pl.crowdedError(positionQuestion("the winning moves", pl.code, p), p)
	}
	return v, nil, err
}

// eachWinning calls yield with the winning moves of p, of value v, in the order of Moves, until
// yield returns false. Every heap of p, and so every heap below the largest, is valued in s:
// cached, or given by its period.
func (o *Octal) eachWinning(p Position, v int, s *snapshot, yield func(Move) bool) {
	if v == 0 {
		return
	}
	pl := o.plan()
	var walk *periodWalk
	if bound := s.period; pl.provable && bound.Period > 0 && bound.Saltus == 0 {
		// The winning moves of a heap of any size, at the cost of the period (strategy_periodic.go):
		// the move wins when the values of the heaps it leaves have the nim-sum G(h) ⊕ v.
		cls := func(h int) int {
			g, _ := s.value(h)
			return g
		}
		xor := func(x, y int) int { return x ^ y }
		zero := func(x int) bool { return x == 0 }
		walk = newPeriodWalk(pl, bound.Preperiod, bound.Period, cls, xor, zero)
	}
	for h := range p.sizes() {
		g, _ := s.value(h)
		target := g ^ v
		if walk != nil {
			if !walk.moves(h, target, func(take int, left []int) bool { return yield(newMove(h, take, left)) }) {
				return
			}
			continue
		}
		wins := func(_ int, left []int) bool {
			x := 0
			for _, l := range left {
				g, _ := s.value(l)
				x ^= g
			}
			return x != target
		}
		if bound := s.period; bound.Period > 0 && bound.Saltus == 0 && h > 2*(bound.Preperiod+bound.Period) {
			// Every move has a twin of the same value whose heaps left but the largest are
			// below n0+p: shift a heap a >= n0+p down by p and the largest up by p. With a
			// saltus s the shifts change the values by -s and +s, which need not cancel in
			// a nim-sum, so the bounded search is only for periodic values.
			if pl.options(h, bound.Preperiod+bound.Period, wins) {
				continue // no winning move on this heap
			}
		}
		// Past the splits whose smaller heap is below n0+2p, a split of two heaps wins only if
		// one whose smaller heap lies in [n0+p, n0+2p) does (its twin, shifted down by whole
		// periods; not for splits into equal heaps, whose twins are unequal): so a heap with
		// none there is not scanned to its middle.
		bound := s.period
		cut := pl.plain && pl.heaps == 2 && len(pl.equal) == 0 && bound.Period > 0 && bound.Saltus == 0 &&
			h > 2*(bound.Preperiod+bound.Period)
		lo, hi := bound.Preperiod+bound.Period, bound.Preperiod+2*bound.Period
		foundHigh, stopHeap := false, false
		if !pl.options(h, h, func(take int, left []int) bool {
			if cut && len(left) == 2 && left[0] >= hi && !foundHigh {
				stopHeap = true
				return false
			}
			if wins(take, left) {
				return true // not a winning move
			}
			foundHigh = foundHigh || (cut && len(left) == 2 && left[0] >= lo)
			return yield(newMove(h, take, left))
		}) && !stopHeap {
			return
		}
	}
}
