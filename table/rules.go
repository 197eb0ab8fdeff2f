package table

import (
	"context"
	"iter"
	"strconv"

	"github.com/octalgames/kayles"
)

// This file implements every call of the tables into the rule sets of package kayles: the
// positions handed to them, outcomes and winning moves, in normal and misère play. Nothing
// else in the package asks a rule set a question.

// The rule sets of the tables, captured once: reassigning [kayles.Kayles] or [kayles.Nim]
// does not change any table.
var (
	kaylesRules = kayles.MustParseOctal("0.77")
	nimRules    = kayles.MustParseOctal("0.[3]")
)

// newPosition returns the position with the given heaps, in any order; zero heaps are
// dropped. It returns an error wrapping [kayles.ErrRange] for a negative heap, which the
// tables never hold.
func newPosition(heaps ...int) (kayles.Position, error) { return kayles.NewPosition(heaps...) }

// outcome returns the outcome of p under rules for the player to move, in misère play when
// misere is set and in normal play otherwise. It returns ctx's error once ctx is done, even
// where the rule set answers at once without looking at it, so that a hint's loop over every
// pin stops.
func outcome(ctx context.Context, rules *kayles.Octal, misere bool, p kayles.Position) (kayles.Outcome, error) {
	if err := ctx.Err(); err != nil {
		return 0, err
	}
	if misere {
		return rules.MisereOutcome(ctx, p)
	}
	return rules.Outcome(ctx, p)
}

// winningMoves returns the winning moves of p under rules, in the order the rule set yields
// them ([kayles.Octal.WinningMoves] or [kayles.Octal.MisereWinningMoves]). It returns ctx's
// error once ctx is done.
func winningMoves(ctx context.Context, rules *kayles.Octal, misere bool, p kayles.Position) (iter.Seq[kayles.Move], error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	if misere {
		return rules.MisereWinningMoves(ctx, p)
	}
	return rules.WinningMoves(ctx, p)
}

// winningMove returns the first move of winningMoves, and false when there is none.
func winningMove(ctx context.Context, rules *kayles.Octal, misere bool, p kayles.Position) (kayles.Move, bool, error) {
	if misere {
		return rules.MisereWinningMove(ctx, p)
	}
	return rules.WinningMove(ctx, p)
}

// heapMoves returns the moves of the rule set on one heap of n, in the order of
// [kayles.Octal.Moves].
func heapMoves(rules *kayles.Octal, n int) []kayles.Move {
	p, _ := newPosition(n) // a table's heaps are never negative
	var ms []kayles.Move
	for m := range rules.Moves(p) {
		ms = append(ms, m)
	}
	return ms
}

// hasMove reports whether the rule set allows a move on one heap of n.
func hasMove(rules *kayles.Octal, n int) bool {
	p, _ := newPosition(n)
	for range rules.Moves(p) {
		return true
	}
	return false
}

// legal returns the rule set's [*kayles.MoveError] when it does not allow m on a heap of
// m.Heap, and nil when it does.
func legal(rules *kayles.Octal, m kayles.Move) error {
	p, _ := newPosition(m.Heap)
	_, err := rules.Play(p, m)
	return err
}

// checkBudget bounds the moves that checkRules lists for a rule set it cannot read from its
// digits.
const checkBudget = 1 << 18

// checkRules returns a [*SetupError] unless every move of rules on a heap of at most most
// tokens takes at least one token and leaves at most two heaps (layout Rows) or one (Heaps).
// A finite code of plain digits is read from its digits: d0 must be 0, and every digit at most
// 7 (Rows) or 3 (Heaps); Nim is read as such. Any other code is checked by listing its moves on
// every heap up to most, within checkBudget moves.
func checkRules(rules *kayles.Octal, layout Layout, most int) error {
	code := rules.String()
	limit := 2
	if layout == Heaps {
		limit = 1
	}
	refuse := func(why string) error {
		return &SetupError{Reason: "the game " + code + " cannot be played on " + layout.String() + ": " + why}
	}
	if code == "0.[3]" {
		return nil
	}
	if ds := rules.Digits(); ds != nil {
		if ds[0] != 0 {
			return refuse("a move may split a heap without taking any token")
		}
		for _, d := range ds[1:] {
			if d >= 1<<(limit+1) {
				if layout == Heaps {
					return refuse("a move may split a heap; play it on rows of pins")
				}
				return refuse("a move may leave more than two heaps")
			}
		}
		return nil
	}
	budget := checkBudget
	for n := 1; n <= most; n++ {
		p, _ := newPosition(n)
		for m := range rules.Moves(p) {
			if m.Take < 1 {
				return refuse("a move may split a heap without taking any token")
			}
			if len(m.Left) > limit {
				if layout == Heaps {
					return refuse("a move may split a heap; play it on rows of pins")
				}
				return refuse("a move may leave more than two heaps")
			}
			if budget--; budget == 0 {
				return refuse("its moves are too many to check on heaps of " + strconv.Itoa(most))
			}
		}
	}
	return nil
}

// knownRules are the rule sets of the well-known games, captured once, which [Restore] uses
// for their codes so that their values are computed once for every table.
var knownRules = func() map[string]*kayles.Octal {
	m := map[string]*kayles.Octal{}
	for _, o := range []*kayles.Octal{kaylesRules, nimRules} {
		m[o.String()] = o
	}
	for _, c := range []string{"0.07", "0.137", "0.15", "0.007", "0.6", "0.7777", "0.333"} {
		o := kayles.MustParseOctal(c)
		m[o.String()] = o
	}
	return m
}()

// parseRules returns the rule set of code, a known one when it is one.
func parseRules(code string) (*kayles.Octal, error) {
	o, err := kayles.ParseOctal(code)
	if err != nil {
		return nil, err
	}
	if k, ok := knownRules[o.String()]; ok {
		return k, nil
	}
	return o, nil
}
