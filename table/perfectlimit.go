package table

import (
	"context"
	"errors"
	"math/rand/v2"
	"slices"

	"github.com/octalgames/kayles"
)

// This file implements the perfect player's budget of work and its choice of a move once a
// search reaches its limit: bounded searches of the positions the moves leave, the winning
// move of normal play, and a move that keeps the game long.

// seatShare is the share of the rule set's [kayles.Limits].SearchSteps that
// a choice spends on the search for a winning move in misère play, and again, split among the
// positions the moves leave, on the fallback's searches ([tableState.fallback]).
const seatShare = 8

// minSearchSteps bounds the search steps of each question of a choice from below (unless the
// rule set's own limit is lower), so that a share split among many positions still answers
// the small ones.
const minSearchSteps = 1 << 8

// pastLimit reports whether err is a search that reached its limit while ctx is not done:
// a [*kayles.LimitError], after which a choice still moves.
func pastLimit(ctx context.Context, err error) bool {
	return errors.Is(err, kayles.ErrTooLarge) && ctx.Err() == nil
}

// seat returns s with the rule set that answers a choice's questions: in misère play the rule
// set with 1/seatShare of its search steps, holding the quotient the rule set
// holds ([within]); in normal play the rule set itself, whose values for a table's runs are
// bounded by its Steps.
func (s tableState) seat() tableState {
	if s.misere {
		s.rules = within(s.rules, s.rules.Limits().SearchSteps/seatShare, s.rules)
	}
	return s
}

// within returns rules with steps search steps (at least minSearchSteps, at most its own)
// and the misère quotient that from holds, so that the positions
// it covers are answered in O(heaps) without building it again.
func within(rules *kayles.Octal, steps int64, from *kayles.Octal) *kayles.Octal {
	l := rules.Limits()
	l.SearchSteps = min(max(steps, minSearchSteps), l.SearchSteps)
	o := rules.WithLimits(l)
	if q := from.MisereQuotient(); q != nil && o.MisereQuotient() == nil {
		o.UseQuotient(q)
	}
	return o
}

// beyondLimit reports whether the search for a winning move in s, a position of tokens
// tokens in runs rs that may be played, is skipped: the table's search of a position of
// s.unsolved tokens reached its limit, s has more than three quarters of that, and the rule
// set's misère quotient does not cover s. The searches cost exponential time in the tokens,
// so that one that reached its limit would reach it again on a position nearly as large;
// skipping them keeps every move of a large table quick until the endgame, which is
// searched again.
func (s tableState) beyondLimit(tokens int, rs []run) bool {
	if s.unsolved == 0 || tokens*4 <= s.unsolved*3 {
		return false
	}
	if q := s.rules.MisereQuotient(); s.misere && q != nil && q.Covers(positionOf(rs)) {
		return false
	}
	return true
}

// fallback returns the choice in s, with runs rs that v reads, after the search for a winning
// move by seat reached its limit. In misère play it first asks the outcome of each distinct
// position a move leaves, within 1/seatShare of the rule set's search steps in all: a move to
// a lost position wins (Wins), and when every move leads to a won one the position is lost
// (Loses, and the move keeps the game long). Otherwise (Unproven) it plays as
// [tableState.bestFound] does among the moves no such search proves losing. In normal play,
// where the limit is the rule set's values, it plays bestFound at once.
func (s tableState) fallback(ctx context.Context, rng *rand.Rand, v *ruleView, rs []run, seat *kayles.Octal) (choice, error) {
	ms := s.moves()
	if !s.misere {
		m, err := s.bestFound(ctx, rng, v, rs, ms)
		return choice{move: m}, err
	}
	outs, err := s.probe(ctx, ms, seat)
	if err != nil {
		return choice{}, err
	}
	var wins, open []Move
	for i, m := range ms {
		switch outs[i] {
		case kayles.Previous:
			wins = append(wins, m)
		case 0:
			open = append(open, m)
		}
	}
	switch {
	case len(wins) > 0:
		return choice{move: pick(rng, wins), verdict: Wins}, nil
	case len(open) == 0:
		return choice{move: s.keepLong(rng, v, ms), verdict: Loses}, nil
	}
	m, err := s.bestFound(ctx, rng, v, rs, open)
	return choice{move: m}, err
}

// probe returns the misère outcome of the position each move of ms leaves, or 0 where its
// search reached its limit: each distinct position is searched once, within an equal share of
// 1/seatShare of the rule set's search steps, with the quotient that seat holds. It returns
// ctx's error once ctx is done.
func (s tableState) probe(ctx context.Context, ms []Move, seat *kayles.Octal) ([]kayles.Outcome, error) {
	now := s.position()
	afters := make([]string, len(ms)) // the position each move leaves, as text
	positions := map[string]kayles.Position{}
	for i, m := range ms {
		km, _ := s.ruleMove(m, &PlayError{}) // ms are legal
		p, _ := s.rules.Play(now, km)
		afters[i] = p.String()
		positions[afters[i]] = p
	}
	o := within(s.rules, s.rules.Limits().SearchSteps/seatShare/int64(len(positions)), seat)
	known := map[string]kayles.Outcome{}
	outs := make([]kayles.Outcome, len(ms))
	for i, key := range afters {
		out, ok := known[key]
		if !ok {
			var err error
			out, err = outcome(ctx, o, true, positions[key])
			switch {
			case pastLimit(ctx, err):
				out = 0
			case err != nil:
				return nil, err
			}
			known[key] = out
		}
		outs[i] = out
	}
	return outs, nil
}

// bestFound returns a move of cands, legal moves in s with runs rs, when no search proves one
// winning: in misère play a winning move of normal play, which wins until the end is near in
// most games; otherwise, or when there is none among cands, a move that keeps the game long
// ([tableState.keepLong]). It returns ctx's error once ctx is done.
func (s tableState) bestFound(ctx context.Context, rng *rand.Rand, v *ruleView, rs []run, cands []Move) (Move, error) {
	if s.misere {
		normal := s
		normal.misere = false
		wins, err := normal.winning(ctx, rs, false)
		if err != nil && !pastLimit(ctx, err) {
			return Move{}, err
		}
		wins = slices.DeleteFunc(wins, func(m Move) bool { return !slices.Contains(cands, m) })
		if len(wins) > 0 {
			return pick(rng, wins), nil
		}
	}
	return s.keepLong(rng, v, cands), nil
}

// keepLong returns the move of ms, legal moves in s, that keeps the game longest: one that
// takes fewest tokens, and among those one that leaves the most moves; the first of equally
// good ones when rng is nil, a random one otherwise. ms is not empty. It costs O(n) for each
// move on a run of n.
func (s tableState) keepLong(rng *rand.Rand, v *ruleView, ms []Move) Move {
	var best []Move
	bestTake, bestLeft := 0, -1
	for _, m := range ms {
		km, _ := s.ruleMove(m, &PlayError{}) // ms are legal
		left := -v.count(km.Heap)
		for _, h := range km.Left {
			left += v.count(h)
		}
		switch {
		case len(best) == 0 || m.Count < bestTake || m.Count == bestTake && left > bestLeft:
			best, bestTake, bestLeft = append(best[:0], m), m.Count, left
		case m.Count == bestTake && left == bestLeft:
			best = append(best, m)
		}
	}
	return pick(rng, best)
}
