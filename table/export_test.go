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
	p, err := newPosition(heaps...)
	if err != nil {
		return false, err
	}
	o, err := outcome(context.Background(), nimPreset.rules, c == Misere, p)
	return o == kayles.Previous, err
}

func NimWinningMoves(heaps []int, c Convention) ([]NimMove, error) {
	s := tableState{rules: nimPreset.rules, layout: Heaps, misere: c == Misere, heaps: heaps}
	ms, err := s.winning(context.Background(), s.runs(), false)
	var ns []NimMove
	for _, m := range ms {
		ns = append(ns, nimMove(m))
	}
	return ns, err
}

// KaylesOutcome returns the outcome of p in Kayles under c, as the Kayles table asks its
// rule set (rules.go), so that the tests' engine questions change with the tables'.
func KaylesOutcome(p kayles.Position, c Convention) (kayles.Outcome, error) {
	return outcome(context.Background(), kaylesPreset.rules, c == Misere, p)
}

// NewPosition returns the position of heaps as the tables make it (rules.go).
func NewPosition(heaps ...int) (kayles.Position, error) { return newPosition(heaps...) }
