package kayles

import (
	"errors"
	"strconv"
)

// This file implements the package's errors: a few sentinels and one struct per failure family.

var (
	// ErrSyntax reports text that is not an octal code, a position, a graph or a stored table.
	ErrSyntax = errors.New("invalid syntax")
	// ErrRange reports a number out of range, in text (such as a heap too large for an int) or
	// given to a constructor such as [NewSubtraction] (a [*RangeError]).
	ErrRange = errors.New("value out of range")
	// ErrIllegalMove reports a move that the rules do not allow in the position it was played in.
	ErrIllegalMove = errors.New("illegal move")
	// ErrTooLarge reports a request beyond what the engine computes: a heap whose value would
	// need more than [MaxValues] values, or more than the automatic limit in a game without a
	// proven period ([*LimitError]); a misère search of more than [MisereMaxTokens] tokens
	// ([*MisereLimitError]); or a graph component of more than [MaxComponent] vertices
	// ([*SolveLimitError]).
	ErrTooLarge = errors.New("beyond the engine's limit")
)

// A ParseError records a failure to parse text: an octal code, a position, a graph or a stored
// table. It wraps [ErrSyntax] or [ErrRange]. The zero ParseError wraps nothing and names no
// input; the package never returns one.
type ParseError struct {
	What   string // what was being parsed: "octal code", "position", "graph", "graph6", "table" or "nim table"
	Input  string // the input, cut to 64 bytes when longer
	Offset int    // byte offset in Input where the problem was found
	Msg    string // what is wrong there
	Err    error  // ErrSyntax or ErrRange
}

func (e *ParseError) Error() string {
	return "kayles: invalid " + e.What + " " + strconv.Quote(e.Input) +
		" at offset " + strconv.Itoa(e.Offset) + ": " + e.Msg
}

func (e *ParseError) Unwrap() error { return e.Err }

// newParseError quotes at most 64 bytes of the input, so that a huge input makes a short error.
func newParseError(what, input string, offset int, msg string, err error) *ParseError {
	if len(input) > 64 {
		input = input[:64] + "..."
	}
	return &ParseError{What: what, Input: input, Offset: offset, Msg: msg, Err: err}
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

// A LimitError records a heap whose value the engine will not compute. It wraps [ErrTooLarge].
// The zero LimitError names no code; the package never returns one.
type LimitError struct {
	Code  string // the octal code
	Heap  int    // the heap asked for
	Limit int    // the number of values the engine would compute
}

func (e *LimitError) Error() string {
	return "kayles: the value of heap " + strconv.Itoa(e.Heap) + " in " + e.Code +
		" needs more than " + strconv.Itoa(e.Limit) +
		" values and no period is proven; compute further with Values first"
}

func (e *LimitError) Unwrap() error { return ErrTooLarge }

// A RangeError records a number given to a constructor outside the range it accepts.
// It wraps [ErrRange]. The zero RangeError names no number; the package never returns one.
type RangeError struct {
	What     string // what the number is
	Value    int    // the number given
	Min, Max int    // the range accepted
}

func (e *RangeError) Error() string {
	return "kayles: " + e.What + " " + strconv.Itoa(e.Value) + " is out of range: want " +
		strconv.Itoa(e.Min) + " to " + strconv.Itoa(e.Max)
}

func (e *RangeError) Unwrap() error { return ErrRange }
