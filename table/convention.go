package table

import "strconv"

// This file implements the play conventions, normal and misère, that both tables take.

// A Convention says who wins when the last move is made: in [Normal] play whoever makes it
// wins, in [Misere] play whoever makes it loses. Both tables take it first in their
// constructors and report it with their Convention method.
//
// The zero Convention is Normal, the usual play, so that the zero value of each table plays
// normal play.
type Convention uint8

const (
	Normal Convention = iota // whoever makes the last move wins
	Misere                   // whoever makes the last move loses
)

// String returns "normal" or "misere", the words of the text forms, and "Convention(n)" for
// any other value.
func (c Convention) String() string {
	switch c {
	case Normal:
		return "normal"
	case Misere:
		return "misere"
	}
	return "Convention(" + strconv.Itoa(int(c)) + ")"
}

// check returns a [*SetupError] unless c is Normal or Misere.
func (c Convention) check() error {
	if c > Misere {
		return &SetupError{Setting: "convention", Value: int(c), Reason: "unknown play convention " + c.String() + "; want normal or misere"}
	}
	return nil
}

// parseConvention returns the Convention of a word of a text form.
func parseConvention(s string) (Convention, bool) {
	switch s {
	case "normal":
		return Normal, true
	case "misere":
		return Misere, true
	}
	return 0, false
}
