package kayles

import (
	"errors"
	"strconv"
)

// This file implements the package's errors: a few sentinels and one struct per failure family,
// which the sub-packages table and graph use too.

var (
	// ErrSyntax reports text that is not an octal code, a position or a stored value.
	ErrSyntax = errors.New("invalid syntax")
	// ErrRange reports a number out of range: a negative heap, a number in text too large for
	// an int, or an argument outside what a function accepts (a [*RangeError]).
	ErrRange = errors.New("value out of range")
	// ErrIllegalMove reports a move that the rules do not allow in the position it was played in.
	ErrIllegalMove = errors.New("illegal move")
	// ErrTooLarge reports a question that cannot be answered within a limit: the work the
	// engine does on its own for a value, the steps a misère search may take, the
	// values an Octal may store ([MaxValues]). It comes as a [*LimitError] that says which
	// limit and what to do instead.
	ErrTooLarge = errors.New("beyond the limit")
	// ErrCheckpoint reports a checkpoint file that cannot be trusted: not a checkpoint,
	// damaged, of an unknown version, or written for another rule set (a [*CheckpointError]).
	ErrCheckpoint = errors.New("bad checkpoint")
)

// A ParseError records a failure to parse text: an octal code, a position, a graph or a stored
// table. It wraps [ErrSyntax] or [ErrRange]. The zero ParseError wraps nothing and names no
// input; the package never returns one.
type ParseError struct {
	What   string // what was being parsed: "octal code", "position", or in the sub-packages "graph", "graph6", "table", "nim table"
	Input  string // the input, cut to 64 bytes when longer
	Offset int    // byte offset in the text parsed where the problem was found (Input may be cut)
	Reason string // what is wrong there
	Err    error  // ErrSyntax or ErrRange
}

func (e *ParseError) Error() string {
	return "kayles: invalid " + e.What + " " + strconv.Quote(e.Input) +
		" at offset " + strconv.Itoa(e.Offset) + ": " + e.Reason
}

func (e *ParseError) Unwrap() error { return e.Err }

// newParseError quotes at most 64 bytes of the input, so that a huge input makes a short error.
func newParseError(what, input string, offset int, msg string, err error) *ParseError {
	if len(input) > 64 {
		input = input[:64] + "..."
	}
	return &ParseError{What: what, Input: input, Offset: offset, Reason: msg, Err: err}
}

// A MoveError records a move that cannot be played in a position. It wraps [ErrIllegalMove].
// The zero MoveError names the zero Move in the empty position, with no reason; the package
// never returns one.
type MoveError struct {
	Position Position
	Move     Move
	Reason   string // why the move is illegal, fit to show a player
}

func (e *MoveError) Error() string {
	return "kayles: illegal move " + e.Move.String() + " in " + e.Position.String() + ": " + e.Reason
}

func (e *MoveError) Unwrap() error { return ErrIllegalMove }

// A LimitError records a question that cannot be answered within a limit. It wraps
// [ErrTooLarge]. Every package of the module reports its limits with it. The zero LimitError
// names no question; no package returns one.
type LimitError struct {
	Question string // what was asked, such as "the value of heap 100000 in 0.6"
	Limit    int64  // the limit that was reached
	Unit     string // what Limit counts: "values", "steps", "positions", "vertices", ...
	Advice   string // what to do instead, fit to show a user; may be empty
}

func (e *LimitError) Error() string {
	s := "kayles: " + e.Question + " needs more than " + strconv.FormatInt(e.Limit, 10) + " " + e.Unit
	if e.Advice != "" {
		s += "; " + e.Advice
	}
	return s
}

func (e *LimitError) Unwrap() error { return ErrTooLarge }

// A RangeError records a number given to a constructor outside the range it accepts.
// It wraps [ErrRange]. The zero RangeError names no number; the package never returns one.
type RangeError struct {
	What     string // what the number is
	Value    int    // the number given
	Min, Max int    // the range accepted; none when Max < Min
}

func (e *RangeError) Error() string {
	msg := "kayles: " + e.What + " " + strconv.Itoa(e.Value) + " is out of range: "
	if e.Max < e.Min {
		return msg + "no value is in range"
	}
	return msg + "want " + strconv.Itoa(e.Min) + " to " + strconv.Itoa(e.Max)
}

func (e *RangeError) Unwrap() error { return ErrRange }

// A CheckpointError records a checkpoint that could not be read or written. It wraps
// [ErrCheckpoint] when the file's content is at fault, or the underlying I/O error.
type CheckpointError struct {
	Path   string // the file
	Reason string // what is wrong, fit to show a user
	Err    error  // ErrCheckpoint or an I/O error
}

func (e *CheckpointError) Error() string {
	msg := "kayles: checkpoint " + strconv.Quote(e.Path) + ": " + e.Reason
	if e.Err != nil && e.Err != ErrCheckpoint {
		msg += ": " + e.Err.Error()
	}
	return msg
}

func (e *CheckpointError) Unwrap() error { return e.Err }
