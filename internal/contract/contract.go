// Package contract runs the contract suite of the module: tables of rows, each an exported
// computing call (one that takes a context.Context) asked one adversarial question, checked
// against the contract that the packages promise (see the package doc of kayles):
//
//   - no panic;
//   - with a context that is done before the call or some milliseconds into it, a return
//     soon after (Run asserts a margin of seconds, which cannot flake on a loaded machine
//     under the race detector; Bench measures the real figure against the goal of 100 ms);
//   - with context.Background and the default limits, an answer or a *kayles.LimitError
//     (errors.Is(err, kayles.ErrTooLarge)) within a watchdog of seconds;
//   - never a zero value that reads as an answer: each row checks what it gets back and
//     reports a result that is not an answer as an error wrapping ErrNotAnswer.
//
// API lists the exported calls that take a context from the source of a package, so that a
// test fails when a call has no row: add a call, add a row.
//
// Run runs the rows in child processes, the test binary run again for a subset of them, so
// that a row that hangs whatever its context (and may allocate without end meanwhile) fails
// with a message and the stack it hung in, and is ended with its process instead of taking
// the test binary, or the machine's memory, with it. Inside a child each call runs in its own
// goroutine under a watchdog.
//
// The package is for the tests of the module only.
package contract

import (
	"context"
	"errors"
	"fmt"
	"runtime/debug"
	"sync/atomic"
	"testing"
	"time"

	"github.com/octalgames/kayles"
)

// This file implements the rows and what their results mean.

// ErrNotAnswer reports a result that is not an answer: a zero value, an illegal move or a
// partial result, returned without an error, or a result returned beside one. Rows wrap it
// with NotAnswer.
var ErrNotAnswer = errors.New("a result that is not an answer")

// NotAnswer returns an error wrapping ErrNotAnswer that says what was wrong.
func NotAnswer(format string, args ...any) error {
	return fmt.Errorf("%w: %s", ErrNotAnswer, fmt.Sprintf(format, args...))
}

// Value checks a nim-value: not negative, unless beside an error.
func Value(v int, err error) (string, error) {
	if err == nil && v < 0 {
		return "", NotAnswer("the value %d", v)
	}
	return fmt.Sprint(v), err
}

// Outcome checks an outcome: Previous or Next, and the zero Outcome only with an error.
func Outcome(o kayles.Outcome, err error) (string, error) {
	if err == nil && o != kayles.Previous && o != kayles.Next {
		return "", NotAnswer("the outcome %v", o)
	}
	if err != nil && o != 0 {
		return "", NotAnswer("the outcome %v beside the error %v", o, err)
	}
	return o.String(), err
}

// returnedKey keys the moment a row's call returned in the context that Run and Bench give it.
type returnedKey struct{}

// Returned marks the moment the call of a row has returned, so that checks of its result that
// cost time of their own (playing a move in a position of 10^6 heaps) do not count in how
// soon the call returned: rows whose checks cost call it between the call and the checks.
func Returned(ctx context.Context) {
	if at, ok := ctx.Value(returnedKey{}).(*atomic.Int64); ok {
		at.CompareAndSwap(0, time.Now().UnixNano())
	}
}

// withReturned returns ctx with room for Returned, and a function that returns the moment it
// marked, or now when it marked none.
func withReturned(ctx context.Context) (context.Context, func() time.Time) {
	at := new(atomic.Int64)
	return context.WithValue(ctx, returnedKey{}, at), func() time.Time {
		if ns := at.Load(); ns != 0 {
			return time.Unix(0, ns)
		}
		return time.Now()
	}
}

// Background says how a row is asked with context.Background and the default limits.
type Background uint8

const (
	// Skip asks the row only with contexts that are done: its answer with Background costs
	// more than a suite can wait for (a computation that is bounded by its context only,
	// such as Values of 10^6 values of a slow code), or it is asked by another row.
	Skip Background = iota
	// Light rows answer with Background within a second or so; they run everywhere.
	Light
	// Heavy rows take seconds with Background (a search to its default limit); they are
	// skipped with -short and under the race detector, which makes them ten times slower.
	Heavy
)

// A Row is one exported computing call asked one question.
type Row struct {
	Call  string // the call as API names it: "Octal.Genus", "ParseQuotient", "NodeGame.Value"
	Input string // the question, for the row's name and messages: "0.77/10^6 rows of 1"
	// Background says whether the row is asked with context.Background too (see Skip).
	Background Background
	// Move makes a *kayles.LimitError with Background a failure: the call must answer (a
	// computer seat, which must always move).
	Move bool
	// Allow lists errors, besides a *kayles.LimitError and the context's, that are right for
	// this input (kayles.ErrRange for a negative heap).
	Allow []error
	// Ask asks the question, checks the result (a NotAnswer error for a result that is not an
	// answer) and describes it in a few words.
	Ask func(ctx context.Context) (string, error)
}

// Name returns the row's name: its call and input, as the subtests are named.
func (r Row) Name() string { return r.Call + "/" + r.Input }

// Options tune Run and Bench; the zero Options takes the defaults.
type Options struct {
	// Delay is how long a call runs before its context is cancelled: 30 ms.
	Delay time.Duration
	// Slack is how soon after the cancel a call must return: 5 s, fifty times the goal, so
	// that a loaded machine under the race detector cannot fail a row that keeps the goal.
	Slack time.Duration
	// Hang is how long after the cancel a call may go on before the row fails as hung and
	// its process is ended: 10 s.
	Hang time.Duration
	// Wait is how long a row may take with Background: 30 s, three times the goal of 10 s of
	// issue 27, for a loaded machine; then its context is cancelled and it fails.
	Wait time.Duration
	// Memory bounds the resident memory of a child process while it asks one row: 1 GiB.
	// Past it the row fails and its process ends, before it takes the machine's memory.
	Memory uint64
	// Procs is how many child processes run rows at once: 2.
	Procs int
}

func (o Options) withDefaults() Options {
	def := func(d *time.Duration, v time.Duration) {
		if *d <= 0 {
			*d = v
		}
	}
	def(&o.Delay, 30*time.Millisecond)
	def(&o.Slack, 5*time.Second)
	def(&o.Hang, 10*time.Second)
	def(&o.Wait, 30*time.Second)
	if o.Memory == 0 {
		o.Memory = 1 << 30
	}
	if o.Procs <= 0 {
		o.Procs = 2
	}
	return o
}

// Race reports whether the test binary was built with the race detector. (The root package
// has a constant for it, raceEnabled, in its own test files, which the packages of the suite
// cannot see; the build settings say the same for every package.)
func Race() bool {
	info, ok := debug.ReadBuildInfo()
	if !ok {
		return false
	}
	for _, s := range info.Settings {
		if s.Key == "-race" {
			return s.Value == "true"
		}
	}
	return false
}

// skipBackground reports why a row is not asked with Background in this run, or "".
func skipBackground(r Row) string {
	switch {
	case r.Background == Skip:
		return "asked only with contexts that are done"
	case r.Background == Heavy && testing.Short():
		return "heavy: skipped with -short"
	case r.Background == Heavy && Race():
		return "heavy: skipped under the race detector"
	}
	return ""
}

// class sorts what a call returned.
func class(r Row, err error) string {
	var le *kayles.LimitError
	switch {
	case err == nil:
		return "answer"
	case errors.Is(err, ErrNotAnswer):
		return "not an answer"
	case errors.As(err, &le) && errors.Is(err, kayles.ErrTooLarge):
		return "limit"
	case errors.Is(err, context.Canceled):
		return "canceled"
	}
	for _, a := range r.Allow {
		if errors.Is(err, a) {
			return "allowed"
		}
	}
	return "error of no family"
}
