package table

import (
	"errors"
	"strconv"
	"strings"

	"github.com/octalgames/kayles"
)

// This file implements the errors of the tables: their sentinels, a rejected Kayles or Nim
// move, a refused setup, and the parse errors of their text forms.

// Errors of the tables. A rejected move or setup returns an error that matches one of these
// with [errors.Is]; [KnockError], [TakeError] and [SetupError] say more. Every rejected move
// also matches [kayles.ErrIllegalMove], and every refused setup [kayles.ErrRange].
var (
	ErrNoPins        = errors.New("no pin given")              // Knock with no pin
	ErrTooManyPins   = errors.New("more than two pins given")  // Knock with three pins or more
	ErrNoSuchPin     = errors.New("no such pin")               // a pin number outside the row
	ErrPinDown       = errors.New("pin already down")          // a pin that was knocked down before
	ErrNotSideBySide = errors.New("pins not side by side")     // two pins that are not neighbours
	ErrNoSuchHeap    = errors.New("no such heap")              // a heap number outside the table
	ErrTakeNone      = errors.New("nothing taken")             // Take of fewer than one object
	ErrTakeTooMany   = errors.New("more objects than in heap") // Take of more objects than the heap holds
	ErrGameOver      = errors.New("game over")                 // a move after the last one
	ErrNothingToUndo = errors.New("nothing to undo")           // Undo before any move
	ErrSetup         = errors.New("invalid table setup")       // NewKayles, NewNim or New refused
	ErrNoSuchRow     = errors.New("no such row")               // a row number outside a Table
	ErrRules         = errors.New("not allowed by the rules")  // a move the Table's rule set forbids
	ErrStale         = errors.New("not this move's turn")      // a move or undo meant for another turn
	ErrHumanSeat     = errors.New("seat is a person's")        // PlayComputer when a person is to move
)

// A KnockError records a move that [Kayles.Knock] or [Kayles.Play] rejected. It matches
// [kayles.ErrIllegalMove] and the sentinel in Err with [errors.Is]. The zero KnockError
// reports an illegal move and no more.
type KnockError struct {
	Pins []int // the pins asked for, as given
	Pin  int   // the pin at fault, or 0 when the fault is not one pin's
	Size int   // the number of pins in the row
	Err  error // ErrNoPins, ErrTooManyPins, ErrNoSuchPin, ErrPinDown, ErrNotSideBySide or ErrGameOver
}

// Error returns a message fit to show a player, such as
// "cannot knock down pins 4 and 6: they are not side by side".
func (e *KnockError) Error() string {
	what := "cannot knock down "
	switch len(e.Pins) {
	case 0:
		what = "cannot knock down nothing"
	case 1:
		what += "pin " + strconv.Itoa(e.Pins[0])
	default:
		what += "pins " + joinInts(e.Pins, ", ", " and ")
	}
	var why string
	switch e.Err {
	case ErrNoPins:
		why = "choose one pin, or two pins side by side"
	case ErrTooManyPins:
		why = "knock down one pin, or two pins side by side, at a time"
	case ErrNoSuchPin:
		why = "there is no pin " + strconv.Itoa(e.Pin) + "; the pins are numbered 1 to " + strconv.Itoa(e.Size)
	case ErrPinDown:
		why = "pin " + strconv.Itoa(e.Pin) + " is already down"
	case ErrNotSideBySide:
		if len(e.Pins) == 2 && e.Pins[0] == e.Pins[1] {
			why = "that is the same pin twice"
		} else {
			why = "they are not side by side"
		}
	case ErrGameOver:
		why = "the game is over; every pin is down"
	case nil:
		why = "illegal move"
	default:
		why = e.Err.Error()
	}
	return what + ": " + why
}

// Unwrap returns Err and [kayles.ErrIllegalMove].
func (e *KnockError) Unwrap() []error { return []error{e.Err, kayles.ErrIllegalMove} }

// A TakeError records a move that [Nim.Take] or [Nim.Play] rejected. It matches
// [kayles.ErrIllegalMove] and the sentinel in Err with [errors.Is]. The zero TakeError reports
// an illegal move and no more.
type TakeError struct {
	Index int   // the number of the heap asked for, from 1 as [NimMove.Index]
	Count int   // the number of objects asked for
	Heaps int   // the number of heaps on the table
	Left  int   // the objects left in the heap, when it exists
	Err   error // ErrNoSuchHeap, ErrTakeNone, ErrTakeTooMany or ErrGameOver
}

// Error returns a message fit to show a player, such as
// "cannot take 4 from heap 2: it holds only 3".
func (e *TakeError) Error() string {
	what := "cannot take " + strconv.Itoa(e.Count) + " from heap " + strconv.Itoa(e.Index) + ": "
	switch e.Err {
	case ErrNoSuchHeap:
		return what + "the heaps are numbered 1 to " + strconv.Itoa(e.Heaps)
	case ErrTakeNone:
		return what + "take at least one object"
	case ErrTakeTooMany:
		if e.Left == 0 {
			return what + "it is empty"
		}
		return what + "it holds only " + strconv.Itoa(e.Left)
	case ErrGameOver:
		return what + "the game is over; every heap is empty"
	case nil:
		return what + "illegal move"
	}
	return what + e.Err.Error()
}

// Unwrap returns Err and [kayles.ErrIllegalMove].
func (e *TakeError) Unwrap() []error { return []error{e.Err, kayles.ErrIllegalMove} }

// A SetupError records a table setup that [New], [NewKayles] or [NewNim] refused: a layout, a
// convention or a seat unknown, a number of rows or heaps, a size or the pins in all out of
// range, or a rule set that cannot be played on the layout. It matches [ErrSetup] and
// [kayles.ErrRange] with [errors.Is]; its fields let a program write its own message. The zero
// SetupError has no reason.
type SetupError struct {
	// Setting is the setting at fault: "layout", "convention", "seat", "count" (of rows or
	// heaps), "size" (of one row or heap), "total" (pins in all) or "rules".
	Setting string
	Index   int    // the row or heap at fault, from 1, for "size"; the seat, 0 or 1, for "seat"
	Value   int    // the value refused: the number, or the Layout, Convention or Level
	Max     int    // the most allowed, for "count", "size" and "total"
	Reason  string // what is wrong, fit to show a user
}

// Error returns Reason.
func (e *SetupError) Error() string { return e.Reason }

// Unwrap returns [ErrSetup] and [kayles.ErrRange].
func (e *SetupError) Unwrap() []error { return []error{ErrSetup, kayles.ErrRange} }

// parseError returns the error of a text form that does not parse, quoting at most 64 bytes
// of the input, as package kayles quotes its own inputs: a [*kayles.ParseError] for
// [errors.As], written as the table's other errors are, without the prefix "kayles: ".
func parseError(what, input string, offset int, reason string, err error) error {
	if len(input) > 64 {
		input = input[:64] + "..."
	}
	return &textError{&kayles.ParseError{What: what, Input: input, Offset: offset, Reason: reason, Err: err}}
}

// A textError is the ParseError of a table's text form, with the message of the table.
type textError struct{ pe *kayles.ParseError }

// Error returns the message of the ParseError without the root package's prefix, as in
// `invalid table "kayles 10 normal moves 11" at offset 23: move 1: cannot knock down pin 11: ...`.
func (e *textError) Error() string { return strings.TrimPrefix(e.pe.Error(), "kayles: ") }

// Unwrap returns the ParseError.
func (e *textError) Unwrap() error { return e.pe }

// joinInts writes ns as "1, 2 and 3" with the given separators.
func joinInts(ns []int, sep, last string) string {
	var b strings.Builder
	for i, n := range ns {
		switch {
		case i == 0:
		case i == len(ns)-1:
			b.WriteString(last)
		default:
			b.WriteString(sep)
		}
		b.WriteString(strconv.Itoa(n))
	}
	return b.String()
}

// A PlayError records a move or an undo that a [Table] refused. It matches the sentinel in Err
// with [errors.Is], and [kayles.ErrIllegalMove] too unless Err is [ErrStale]. Its fields give
// programs what they need to write their own messages. The zero PlayError reports an illegal
// move and no more.
type PlayError struct {
	Move   Move   // the move asked for (the zero Move for an undo)
	Turn   int    // the move number it was meant for
	Want   int    // the number of the next move
	Layout Layout // the table's layout
	Rows   int    // the number of rows or heaps on the table
	Pin    int    // the pin at fault, for ErrNoSuchPin and ErrPinDown
	Length int    // the pins in the row, or the tokens left in the heap
	Leaves int    // for ErrRules: the runs or heaps the move would leave of its own, 0, 1 or 2
	Reason string // the rule set's reason, for ErrRules
	// Err is ErrStale, ErrGameOver, ErrNoSuchRow, ErrNoSuchHeap, ErrTakeNone, ErrNoSuchPin,
	// ErrPinDown, ErrTakeTooMany or ErrRules.
	Err error
}

// Error returns a message fit to show a player, without a package prefix, counting moves from
// 1 as players do (the fields Turn and Want count from 0, as [Table.Turn] does), such as
// "cannot knock down pins 4 to 5: pin 4 is already down" or "cannot take 4 from heap 2: it
// holds only 3".
func (e *PlayError) Error() string {
	if e.Err == ErrStale {
		if e.Move == (Move{}) {
			return "cannot undo: the table has changed since (move " + strconv.Itoa(e.Want+1) + " is next); look again"
		}
		return "too late: the table has changed since (move " + strconv.Itoa(e.Want+1) + " is next, not move " +
			strconv.Itoa(e.Turn+1) + "); look again"
	}
	m := e.Move
	var what string
	if e.Layout == Heaps {
		what = "cannot take " + strconv.Itoa(m.Count) + " from heap " + strconv.Itoa(m.Row)
	} else {
		switch {
		case m.Count == 1:
			what = "cannot knock down pin " + strconv.Itoa(m.Pin)
		case m.Count == 2:
			what = "cannot knock down pins " + strconv.Itoa(m.Pin) + " and " + strconv.Itoa(m.Pin+1)
		case m.Count > 2:
			what = "cannot knock down pins " + strconv.Itoa(m.Pin) + " to " + strconv.Itoa(m.Pin+m.Count-1)
		default:
			what = "cannot knock down " + strconv.Itoa(m.Count) + " pins"
		}
		if e.Rows > 1 || e.Err == ErrNoSuchRow {
			what += " of row " + strconv.Itoa(m.Row)
		}
	}
	var why string
	switch e.Err {
	case ErrGameOver:
		why = "the game is over; no move is left"
	case ErrNoSuchRow:
		why = "the rows are numbered 1 to " + strconv.Itoa(e.Rows)
	case ErrNoSuchHeap:
		why = "the heaps are numbered 1 to " + strconv.Itoa(e.Rows)
	case ErrTakeNone:
		if e.Layout == Heaps {
			why = "take at least one token"
		} else {
			why = "choose at least one pin"
		}
	case ErrNoSuchPin:
		if e.Layout == Heaps {
			why = "a heap has no pins; name a heap and a count"
		} else {
			why = "there is no pin " + strconv.Itoa(e.Pin) + "; the pins are numbered 1 to " + strconv.Itoa(e.Length)
		}
	case ErrPinDown:
		why = "pin " + strconv.Itoa(e.Pin) + " is already down"
	case ErrTakeTooMany:
		if e.Length == 0 {
			why = "it is empty"
		} else {
			why = "it holds only " + strconv.Itoa(e.Length)
		}
	case ErrRules:
		why = e.rulesReason()
	case nil:
		why = "illegal move"
	default:
		why = e.Err.Error()
	}
	return what + ": " + why
}

// rulesReason says which moves the rules forbid, for ErrRules: taking Move.Count tokens where
// that leaves Leaves runs or heaps.
func (e *PlayError) rulesReason() string {
	n := e.Move.Count
	if e.Layout == Heaps {
		if e.Leaves == 0 {
			return "this game does not allow taking a whole heap of " + strconv.Itoa(n)
		}
		return "this game does not allow taking " + strconv.Itoa(n) + " from a heap of " + strconv.Itoa(e.Length)
	}
	pins := strconv.Itoa(n) + " pins"
	if n == 1 {
		pins = "1 pin"
	}
	switch e.Leaves {
	case 0:
		if n == 1 {
			return "this game does not allow knocking down a pin that stands alone"
		}
		return "this game does not allow knocking down " + pins + " that make up a whole row"
	case 1:
		return "this game does not allow knocking down " + pins + " at an end of a row"
	}
	return "this game does not allow knocking down " + pins + " inside a row"
}

// Unwrap returns Err, and [kayles.ErrIllegalMove] unless Err is [ErrStale].
func (e *PlayError) Unwrap() []error {
	if e.Err == ErrStale {
		return []error{e.Err}
	}
	return []error{e.Err, kayles.ErrIllegalMove}
}
