package kayles

import (
	"context"
	"errors"
	"sync/atomic"

	eng "github.com/octalgames/kayles/internal/engine"
)

// This file implements the root's side of the value engine (internal/engine): the rules it
// hands the engine once, the snapshots it reads values from, and the errors it turns into the
// package's own.

// The limits of the public API are the engine's: either constant differing is a compile error
// (a negative constant converted to uint).
const (
	_ = uint(MaxValues-eng.MaxValues) + uint(eng.MaxValues-MaxValues)
	_ = uint(MaxSpilledValues-eng.MaxSpilledValues) + uint(eng.MaxSpilledValues-MaxSpilledValues)
)

// engine is the value engine of one rule set and its plan. The engine package computes and
// stores the values; the root reads them from snapshots. It is safe for concurrent use.
type engine struct {
	pl   *plan
	e    *eng.Engine
	last atomic.Pointer[snapshot] // the snapshot of the engine's snapshot read last
}

// newEngine returns the engine of pl with the settings set, with the values of its closed
// form, if any, proven from the start.
func newEngine(pl *plan, set eng.Settings) *engine {
	r := eng.Rules{Code: pl.code, Last: len(pl.digits) - 1, Heaps: pl.heaps, Provable: pl.provable, Plain: pl.plain,
		Whole: pl.whole, Leave1: pl.leave1, Leave2: pl.leave2, Unequal: pl.unequal, Equal: pl.equal,
		Leave3: pl.leave3, Mex: pl.engineMex}
	if pl.closed != nil {
		r.Closed = pl.closed.values()
	}
	return &engine{pl: pl, e: eng.New(r, set)}
}

// engineMex is the reference mex that the engine calls for codes that are not plain, and for
// plain ones past 65535: mexGeneral, charging the engine's budget b.
func (o *plan) engineMex(g []uint16, big []bigValue, n int, seen []uint64, b *eng.Budget, charged bool) int {
	weight := int64(generalWeight)
	if charged {
		weight = 0
	}
	if b == nil {
		return o.mexGeneral(g, big, n, seen, nil, weight)
	}
	rb := newBudget(b.Context(), b.Left(), "steps", heapQuestion(o.code, n))
	v := o.mexGeneral(g, big, n, seen, rb, weight)
	if rb.err != nil && !errors.Is(rb.err, ErrTooLarge) {
		b.Done() // the context's error, which b sees too
	}
	b.Spend(rb.limit - rb.left) // past the limit when rb is spent
	return v
}

// A snapshot is the values of the engine at one moment, as the root reads them: the engine's
// snapshot and its period as a [Period]. It is never modified once made.
type snapshot struct {
	max    int
	period Period
	s      *eng.Snapshot
}

// load returns the current snapshot, in O(1) without locking.
func (e *engine) load() *snapshot {
	es := e.e.Load()
	if c := e.last.Load(); c != nil && c.s == es {
		return c
	}
	c := &snapshot{max: es.Max(), period: periodOf(es.Period()), s: es}
	e.last.Store(c)
	return c
}

// periodOf returns the engine's period p as a [Period]: proven, when there is one.
func periodOf(p eng.Period) Period {
	if p.Period == 0 {
		return Period{}
	}
	return Period{Preperiod: p.Preperiod, Period: p.Period, Saltus: p.Saltus, Proven: true}
}

// value returns G(n) and true when the snapshot knows it: held, or given by the period.
func (s *snapshot) value(n int) (int, bool) { return s.s.Value(n) }

// extend computes values until there are n of them, with no limit but ctx, and returns the
// new snapshot; with an error when ctx is done or a limit of the engine stops it first.
func (e *engine) extend(ctx context.Context, n int) (*snapshot, error) {
	_, err := e.e.Extend(ctx, n, nil)
	return e.load(), fromEngine(err)
}

// fromEngine returns the error of the engine package as the package's own: its limits as
// [*LimitError], its files' failures as [*CheckpointError].
func fromEngine(err error) error {
	var le *eng.LimitError
	if errors.As(err, &le) {
		return &LimitError{Question: le.Question, Limit: le.Limit, Unit: le.Unit, Advice: le.Advice}
	}
	var fe *eng.FileError
	if errors.As(err, &fe) {
		cause := fe.Err
		if cause == eng.ErrFormat {
			cause = ErrCheckpoint
		}
		return &CheckpointError{Path: fe.Path, Reason: fe.Reason, Err: cause}
	}
	return err
}

// bigValue is an entry of the side table of values above 65535 (internal/engine's large.go).
type bigValue = eng.Big

// valueOf returns the value of heap i, whose word in the values is w, with big the side table.
func valueOf(big []bigValue, i int, w uint16) int { return eng.ValueOf(big, i, w) }

// mexOf returns the least value not marked in the bitset seen, and clears seen.
func mexOf(seen []uint64) int { return eng.MexOf(seen) }

// VectorScan returns the name of the code that runs the engine's scans of searched values in
// this build on this CPU: "avx512", "avx2" or "neon" for assembly, "go" for the portable
// scans (other CPUs, or a build with -tags purego). GODEBUG=cpu.avx512f=off, cpu.avx2=off or
// cpu.all=off, read at start-up as the Go runtime reads them, turns the amd64 paths off. The
// values are the same on every path; the name is for reports and benchmarks.
func VectorScan() string { return eng.Best().String() }
