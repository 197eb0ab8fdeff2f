package kayles

import "iter"

// This file implements closed forms: published solutions that answer for a rule set at once,
// whatever the size of its heaps, in place of the engines.

// A closedForm is the published solution of one rule set, in normal play (its values as a
// proven period, and its winning moves), in misère play, or both. A method returns false
// where the solution does not answer, and the engines answer instead.
type closedForm interface {
	// values returns the snapshot that proves every value, or nil.
	values() *snapshot
	// winningMoves returns the normal-play winning moves of p, as [Octal.WinningMoves] orders
	// them, or the error for a heap whose value does not fit an int.
	winningMoves(p Position) (iter.Seq[Move], bool, error)
	// misereOutcome returns the misère outcome of p.
	misereOutcome(p Position) (Outcome, bool)
	// misereWinningMoves returns the misère winning moves of p, as [Octal.Moves] orders them.
	misereWinningMoves(p Position) (iter.Seq[Move], bool)
}

// closedForms holds the closed forms by canonical code, so that any Octal with one of these
// codes, however it was written or built, uses it. A solved game is one file and one line here.
var closedForms = map[string]closedForm{
	nimCode:        nimForm{},
	laskersNimCode: laskersNimForm{},
	kaylesCode:     misereKaylesForm{},
}
