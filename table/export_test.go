package table

import (
	"context"

	"github.com/octalgames/kayles"
)

// This file exports internals to the tests of package table_test.

// NimLoses and NimWinningMoves expose the Nim rules behind the Nim table (the rule set's
// methods, mapped to the table's numbered heaps) to the tables' tests, to test against brute
// force. Heaps may be empty.
func NimLoses(heaps []int, c Convention) (bool, error) {
	return nimState{heaps: heaps, misere: c == Misere}.loses(context.Background())
}

func NimWinningMoves(heaps []int, c Convention) ([]NimMove, error) {
	return nimState{heaps: heaps, misere: c == Misere}.winningMoves(context.Background())
}

// KaylesOutcome returns the outcome of p in Kayles under c, as the Kayles table asks its
// rule set (rules.go), so that the tests' engine questions change with the tables'.
func KaylesOutcome(p kayles.Position, c Convention) (kayles.Outcome, error) {
	return outcome(context.Background(), kaylesRules, c == Misere, p)
}

// NewPosition returns the position of heaps as the tables make it (rules.go).
func NewPosition(heaps ...int) (kayles.Position, error) { return newPosition(heaps...) }
