package table

import (
	"context"
	"iter"

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
