package kayles

import (
	"context"
	"math"
	"strconv"

	"github.com/octalgames/kayles/internal/memo"
)

// This file implements limits: the work an Octal does on its own for one question, and the
// budget that counts it and watches the caller's context.

// Limits bound the work that an [Octal] does on its own to answer one question, so that every
// answer comes within seconds or as a [*LimitError]. They count work, not heap sizes or tokens,
// so the same bound holds for every code. A zero field takes its default: [DefaultSteps],
// [DefaultSearchSteps], [DefaultMemoBytes]. The zero Limits is the defaults.
//
// Limits are the one thing an Octal does not share with the other Octals of its code: the
// values, the memo and the quotient are the game's. Memory is bounded for the whole process
// instead, by [SetMemoryBudget].
//
// With the default limits and a context that is never done, every call that takes one, here
// and in packages table and graph, returns its answer or a [*LimitError] within seconds (at
// most 10 s on two loaded cores, most within 3; BENCHMARKS.md, "Default limits"), with its
// memos within the budget of [SetMemoryBudget], but for four calls: [Octal.Values],
// [Octal.Period], [Octal.ApparentPeriod] and [Octal.Run] compute as many values as they are
// asked for (up to [MaxValues]), at a cost their docs state, so a program that serves them to
// strangers gives them a deadline. Every call returns within about 100 ms after its context
// is done.
type Limits struct {
	// Steps bounds the options the engine examines to compute the values that [Octal.Grundy],
	// [Octal.Value], [Octal.Outcome] and [Octal.WinningMoves] need (one step per option of
	// each heap, as the reference mex lists them; the sparse-space engine does less). Past it
	// they look for a proven period within the same work instead. [Octal.Values],
	// [Octal.Period] and [Octal.Run] compute what they are asked for, without this limit.
	// It also bounds the whole of one [Octal.Quotient], each quotient step counting eight.
	Steps int64
	// SearchSteps bounds the work of one misère search ([Octal.MisereOutcome],
	// [Octal.MisereWinningMoves]) or genus ([Octal.Genus], [Octal.MisereValue], [Octal.Tame]):
	// two steps per move examined, and two more for each 32 bytes of the position moved in
	// (about 32 heaps, which the move copies). The genus and the canonical forms behind it do
	// about twice as much for each move and count twice that, plus one step for each 16
	// options the canonical forms compare; Genus shares one such budget between its search and
	// its canonical forms. At the default a question gives its answer or its [*LimitError]
	// within about two seconds on one core, and a position of 10^6 heaps within a fraction of
	// a second (BENCHMARKS.md).
	SearchSteps int64
	// MemoBytes is kept so that programs that set it still compile; it bounds nothing, and
	// [Octal.Limits] reports it as set.
	//
	// Deprecated: the memo of the misère searches and genera belongs to the game, shared by
	// every Octal of its code, so it cannot follow the limits of one of them. Each game's memo
	// holds at most [DefaultMemoBytes], and the memos of all games together at most the budget
	// of [SetMemoryBudget].
	MemoBytes int
}

// The default limits, those of [ParseOctal]'s Octals and of the package-level games: a second or
// a few of work for each question (BENCHMARKS.md has the measured figures). DefaultMemoBytes
// is also the most that the memo of one game holds, in bytes of the heap, within the budget
// of [SetMemoryBudget].
const (
	DefaultSteps       = 1 << 29
	DefaultSearchSteps = 1 << 22
	DefaultMemoBytes   = 64 << 20
)

// DefaultMemoryBudget is the budget of [SetMemoryBudget] until a program sets one: 256 MiB.
const DefaultMemoryBudget = memo.DefaultLimit

// SetMemoryBudget sets the most bytes that the memos of the process hold together, and returns
// the previous budget; a negative budget changes nothing and only reports the current one, as
// runtime/debug.SetMemoryLimit does. The budget bounds the memos of the misère searches and
// genera of every game, and those of the solvers of package graph, counted as the heap spends
// them (map slots, keys' and values' data). When they hold more, the memos used least recently,
// whichever game they belong to, forget their oldest entries at once: a memo is a cache, and
// a question past it is answered all the same, by more work. What the budget does not bound:
// the values of each game (2 bytes a value, see [MaxValues]), its misère quotient, and the
// scratch memory of a call while it runs. The default is [DefaultMemoryBudget]. It is safe
// for concurrent use.
func SetMemoryBudget(bytes int64) (previous int64) { return memo.SetLimit(bytes) }

// withDefaults returns l with its zero fields set to the defaults.
func (l Limits) withDefaults() Limits {
	if l.Steps <= 0 {
		l.Steps = DefaultSteps
	}
	if l.SearchSteps <= 0 {
		l.SearchSteps = DefaultSearchSteps
	}
	if l.MemoBytes <= 0 {
		l.MemoBytes = DefaultMemoBytes
	}
	return l
}

// WithLimits returns an Octal with the rules of o and the limits l; a zero or negative field
// of l takes the default, not o's limit. It shares the engine of o, as every Octal of the code
// does: the values, the memo and the quotient that either computes serve both. There is no
// "no limit": a limit of 1<<62 steps is beyond any computation.
func (o *Octal) WithLimits(l Limits) *Octal {
	o = o.game()
	return &Octal{eng: o.eng, limits: l.withDefaults(), memo: o.memo, base: o.base}
}

// Limits returns the limits of o, every field set.
func (o *Octal) Limits() Limits { return o.game().limits }

// A budget counts the work of one question and watches its context. A nil budget is
// unbounded and never done.
type budget struct {
	ctx   context.Context
	left  int64 // work left; below zero once spent
	limit int64 // the work allowed, for the error
	unit  string
	what  func() string // the question, for the error
	tick  int64         // work since the context was last looked at
	every int64         // how much work passes between two looks at the context
	depth int           // how deep the search that spends it has recursed
	err   error         // why the budget stopped, once it has
}

// maxDepth bounds the recursion of the searches, and so their stack: a position whose play
// can last longer than this many moves is beyond them.
const maxDepth = 1 << 15

// enter counts one level deeper of a search, and reports whether it may go on; leave undoes it.
func (b *budget) enter() bool {
	if b == nil {
		return true
	}
	if b.depth++; b.depth > maxDepth && b.err == nil {
		b.err = &LimitError{Question: b.what(), Limit: maxDepth, Unit: "moves of play, the deepest a search goes",
			Advice: "ask about a position of fewer tokens"}
	}
	return b.err == nil
}

func (b *budget) leave() {
	if b != nil {
		b.depth--
	}
}

// newBudget returns a budget of limit units of work (math.MaxInt64 for no limit) for the
// question that what names.
func newBudget(ctx context.Context, limit int64, unit string, what func() string) *budget {
	every := int64(checkEvery)
	if unit == searchUnit {
		every = 1 << 8 // a step of a search costs 0.1 to 1 µs
	}
	return &budget{ctx: ctx, left: limit, limit: limit, unit: unit, what: what, every: every}
}

// checkEvery is how many steps of the engine a budget lets pass between two looks at its
// context: a few microseconds' worth.
const checkEvery = 1 << 12

// spend counts w units of work and reports whether the question may go on.
func (b *budget) spend(w int64) bool {
	if b == nil {
		return true
	}
	if b.err != nil {
		return false
	}
	b.left -= w
	if b.left < 0 {
		b.err = b.limitError()
		return false
	}
	b.tick += w
	if b.tick >= b.every {
		b.tick = 0
		if err := b.ctx.Err(); err != nil {
			b.err = err
			return false
		}
	}
	return true
}

// done reports whether the budget has stopped, looking at the context now.
func (b *budget) done() bool {
	if b == nil {
		return false
	}
	if b.err == nil {
		if err := b.ctx.Err(); err != nil {
			b.err = err
		}
	}
	return b.err != nil
}

// limitError is the error of a question past b's limit.
func (b *budget) limitError() error {
	return &LimitError{Question: b.what(), Limit: b.limit, Unit: b.unit, Advice: b.advice()}
}

func (b *budget) advice() string {
	switch b.unit {
	case "steps":
		return "no period is proven within them: compute the values first with Values, Period or Run, which have no such limit, or raise Limits.Steps"
	case searchUnit:
		return "ask about a smaller position, or raise Limits.SearchSteps"
	case quotientUnit:
		return "raise Limits.Steps with WithLimits (a quotient step counts eight), or ask for a quotient of fewer heaps; the quotient of the heaps below is returned with this error"
	}
	return ""
}

// searchUnit is what the misère searches count, as a LimitError names it.
const searchUnit = "search steps"

// genusWeight is what the genus and the canonical forms count for each move: they do about
// twice the work of the misère search for each.
const genusWeight = 2

// unlimited is the work limit of a question that has none.
const unlimited = math.MaxInt64

// rangeError returns the error for a negative heap or count.
func rangeError(what string, n, most int) error {
	return &RangeError{What: what, Value: n, Min: 0, Max: most}
}

// heapQuestion names the question of the value of heap n in code.
func heapQuestion(code string, n int) func() string {
	return func() string { return "the value of heap " + strconv.Itoa(n) + " in " + code }
}
