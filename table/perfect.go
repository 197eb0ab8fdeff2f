package table

import (
	"cmp"
	"context"
	"math/rand/v2"
	"slices"
)

// This file implements the perfect player, which every hint and every perfect move of a
// Computer asks: a winning move where there is one, otherwise the move that takes least and
// leaves the most replies that do not win. Its budget and its choice past a limit are in
// perfectlimit.go, its count of the winning replies in perfectreplies.go.

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
