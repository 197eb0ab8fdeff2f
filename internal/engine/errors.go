package engine

import (
	"context"
	"errors"
	"math"
	"strconv"
)

// This file implements the engine's errors and the budget that counts its work.

// MaxValues is the most values an engine stores in memory (2 bytes each); MaxSpilledValues the
// most a spilled run computes, the limit of the spill format.
const (
	MaxValues        = 1 << 30
	MaxSpilledValues = 1 << 40
)

// A LimitError says that a computation would pass a limit: Limit of Unit, for Question. The
// root package turns it into its own LimitError, with the same fields.
type LimitError struct {
	Question string
	Limit    int64
	Unit     string
	Advice   string
}

func (e *LimitError) Error() string {
	return e.Question + ": beyond the limit of " + strconv.FormatInt(e.Limit, 10) + " " + e.Unit
}

// A FileError says why a checkpoint or spill file at Path cannot be used. Err is [ErrFormat]
// for a file that is not one the engine wrote whole, or the error of the system. The root
// package turns it into its CheckpointError.
type FileError struct {
	Path   string
	Reason string
	Err    error
}

func (e *FileError) Error() string { return e.Path + ": " + e.Reason }

func (e *FileError) Unwrap() error { return e.Err }

// ErrFormat is the error of a file that is damaged, of another format, or of another code.
var ErrFormat = errors.New("bad checkpoint")

// ErrSpent is the error of a [Budget] whose work is spent.
var ErrSpent = errors.New("work budget spent")

// A Budget counts the work of one extension and watches its context. A nil Budget is
// unbounded and never done. It is used by one goroutine at a time.
type Budget struct {
	ctx  context.Context
	left int64 // work left; below zero once spent
	tick int64 // work since the context was last looked at
	err  error // why the budget stopped, once it has
}

// unlimited is the work limit of a budget that has none.
const unlimited = math.MaxInt64

// checkEvery is how many steps a budget lets pass between two looks at its context: a few
// microseconds' worth.
const checkEvery = 1 << 12

// NewBudget returns a budget of limit steps (math.MaxInt64 for no limit) that stops when ctx
// is done.
func NewBudget(ctx context.Context, limit int64) *Budget {
	return &Budget{ctx: ctx, left: limit}
}

// newBudget is NewBudget without a limit.
func newBudget(ctx context.Context) *Budget { return NewBudget(ctx, unlimited) }

// Spend counts w steps and reports whether the work may go on; see [Budget.Err] once not.
func (b *Budget) Spend(w int64) bool { return b.spend(w) }

// Done reports whether the budget has stopped, looking at its context now.
func (b *Budget) Done() bool { return b.done() }

// Err returns why the budget stopped: [ErrSpent], the context's error, or an engine limit's
// [*LimitError]; nil while it may go on.
func (b *Budget) Err() error {
	if b == nil {
		return nil
	}
	return b.err
}

// Left returns the steps left (math.MaxInt64 for a nil budget).
func (b *Budget) Left() int64 {
	if b == nil {
		return unlimited
	}
	return b.left
}

// Context returns the budget's context (context.Background for a nil budget).
func (b *Budget) Context() context.Context {
	if b == nil {
		return context.Background()
	}
	return b.ctx
}

func (b *Budget) spend(w int64) bool {
	if b == nil {
		return true
	}
	if b.err != nil {
		return false
	}
	b.left -= w
	if b.left < 0 {
		b.err = ErrSpent
		return false
	}
	b.tick += w
	if b.tick >= checkEvery {
		b.tick = 0
		if err := b.ctx.Err(); err != nil {
			b.err = err
			return false
		}
	}
	return true
}

func (b *Budget) done() bool {
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
