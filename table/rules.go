package table

import (
	"context"
	"iter"
	"math"

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
func newPosition(heaps ...int) (kayles.Position, error) {
	for _, h := range heaps {
		if h < 0 {
			return kayles.Position{}, &kayles.RangeError{What: "heap", Value: h, Min: 0, Max: math.MaxInt}
		}
	}
	return kayles.NewPosition(heaps...), nil
}

// outcome returns the outcome of p under rules for the player to move, in misère play when
// misere is set and in normal play otherwise. It returns ctx's error once ctx is done.
func outcome(ctx context.Context, rules *kayles.Octal, misere bool, p kayles.Position) (kayles.Outcome, error) {
	if err := ctx.Err(); err != nil {
		return 0, err
	}
	if misere {
		return rules.MisereOutcome(p), nil
	}
	return rules.Outcome(p), nil
}

// winningMoves returns an iterator over the winning moves of p under rules, in the order the
// rule set yields them ([kayles.Octal.WinningMoves] or [kayles.Octal.MisereWinningMoves]). It
// returns ctx's error once ctx is done.
func winningMoves(ctx context.Context, rules *kayles.Octal, misere bool, p kayles.Position) (iter.Seq[kayles.Move], error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	if misere {
		return rules.MisereWinningMoves(p), nil
	}
	return rules.WinningMoves(p), nil
}

// winningMove returns the first move of winningMoves, and false when there is none.
func winningMove(ctx context.Context, rules *kayles.Octal, misere bool, p kayles.Position) (kayles.Move, bool, error) {
	if err := ctx.Err(); err != nil {
		return kayles.Move{}, false, err
	}
	if misere {
		m, ok := rules.MisereWinningMove(p)
		return m, ok, nil
	}
	m, ok := rules.WinningMove(p)
	return m, ok, nil
}
