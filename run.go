package kayles

import (
	"context"
	"iter"
	"strconv"
	"time"

	eng "github.com/octalgames/kayles/internal/engine"
)

// This file implements long computations: Run, with cancellation, progress reports,
// checkpoints and a final report.

// DefaultRunLimit is the number of values [Octal.Run] computes at most when its options give
// no limit: 2^24.
const DefaultRunLimit = 1 << 24

// RunOptions configures [Octal.Run]. The zero RunOptions computes up to [DefaultRunLimit]
// values, with no progress reports and no checkpoints.
type RunOptions struct {
	// Limit is the most values to compute; 0 means DefaultRunLimit. It is capped at MaxValues,
	// or with Spill at MaxSpilledValues.
	Limit int
	// Progress, when not nil, is called about every ProgressEvery (default one second) from
	// the goroutine that called Run, and once at the end.
	Progress      func(Progress)
	ProgressEvery time.Duration
	// Checkpoint, when not empty, is a file that Run writes atomically every CheckpointEvery
	// (default ten minutes), when it stops on cancellation, and when it ends; with Spill, a
	// file that grows as values are computed and is flushed to the disk at those times.
	// Without Spill, Run writes the next checkpoint ahead, step by step, to a hidden temporary
	// file beside it (as large, at most, as the checkpoint), so that writing one, on a cancel
	// too, costs about one step's values and not all of them.
	Checkpoint      string
	CheckpointEvery time.Duration
	// Resume, when not empty, is a checkpoint file to start from. Run refuses a file that is
	// damaged, of another format version or written for another code.
	Resume string
	// Spill, with Checkpoint set, writes the values to the checkpoint file as they are
	// computed, in the spill format, and for codes under the rare/common engine keeps only a
	// front and a tail of them in memory once there are 2^23, so that Limit may be up to
	// MaxSpilledValues (see "Spilled runs" at [Octal.Run]). A spilled run resumes from its own
	// file: Resume must then be empty or Checkpoint. The values stay readable afterwards
	// through every Octal of the code (they are the game's, see [ParseOctal]), from memory
	// and the file, which stays open while any of them is in use.
	Spill bool
}

// Progress describes a run in progress. The zero Progress is a run that has computed nothing.
type Progress struct {
	Values   int           // values G(0), ..., G(Values-1) computed so far
	Rate     float64       // values per second computed by this run, since it started
	Rare     int           // rare heaps under the rare/common engine's current mask
	MaxValue int           // the largest value so far
	Elapsed  time.Duration // time since the run started
}

// A Report is the result of [Octal.Run]. The zero Report describes a run of no values.
type Report struct {
	Code   string // the canonical code
	Values int    // how many values G(0), ..., G(Values-1) were computed
	Period Period // the least proven preperiod and period, or the zero Period when none is
	// Apparent is the regularity that the values show when no period is proven (see
	// [Octal.ApparentPeriod]; Proven is false), or the zero Period when they show none or a
	// period is proven. A spilled run looks for periods up to 2^22 only, as its proofs do.
	Apparent Period
	// Sparse says whether the rare/common split applies to the code: finite codes whose moves
	// leave at most two heaps, two of them unequal or of any sizes (see [Octal.Values]). When
	// it is false, Mask, Parity, ParityFrom, RareCount and LastRare are zero and mean nothing.
	Sparse bool
	// Mask, Parity and ParityFrom describe the rare/common split that makes the fewest heaps
	// 1 to Values-1 rare, chosen afresh from all the values reported (so a resumed run reports
	// what an unbroken one does): heap a is rare when popcount(G(a)&Mask) +
	// Parity·(a-ParityFrom) is even (see [Report.IsRare]). Among equally good splits the least
	// mask with Parity 0 wins, then the least with Parity 1.
	Mask       uint16
	Parity     int
	ParityFrom int // the least take that leaves two heaps (not counting takes with =)
	RareCount  int // how many heaps a >= 1 below Values are rare
	LastRare   int // the largest rare heap, or 0 when there is none
	MaxValue   int // the largest value computed
	MaxAt      int // the least heap with value MaxValue
	// LastNew is the last heap whose value no smaller heap has (0 when there is one value).
	// Every period (n0, p) of saltus 0 that the values agree with has n0 + p > LastNew, since
	// each heap n >= n0 + p has the value of heap n - p; so a proof needs more than LastNew
	// values too (k·(LastNew+1) + t of them, for the periodicity theorem).
	LastNew int
	Elapsed time.Duration // the time the run took
}

// Run computes values of o until a period is proven, the limit is reached or ctx is done, and
// reports what it found. The values stay cached in o's game, so [Octal.Grundy], [Octal.Values]
// and [Octal.Period] of every Octal of the code answer from them afterwards (a proven period
// makes Grundy O(1) for any heap). The report, like a checkpoint, covers every value the game
// holds when Run returns: more than opt.Limit when other calls had computed more. A run that
// resumes from a checkpoint produces exactly the values an uninterrupted run would.
//
// Run has no work limit but ctx and opt.Limit. When ctx is done it stops within one value
// (within a fraction of one, for the general engine), writes the checkpoint if any, and
// returns the report of what is cached with ctx's error itself (context.Canceled or
// context.DeadlineExceeded; context.Cause(ctx) tells more when ctx has a cause). It returns a [*CheckpointError] when a
// checkpoint cannot be read or written (a Checkpoint path where none can be written, before
// the first value), a [*LimitError] with the report when the engine
// reaches a limit of its own (see [Octal.Values] and "Spilled runs"), and a [*RangeError] for a
// negative Limit.
//
// # Spilled runs
//
// With Spill the checkpoint file grows as values are computed: it always holds a whole prefix
// of them, so a run killed at any moment resumes from it and goes on to the values an
// unbroken run computes. Once the rare heaps of a code stop, its heaps read back only values
// near the start (the rare heaps and the searched splits) and near the end; a spilled run
// keeps a front (at least 2^16 values, and every rare heap) and a tail (about 2^23 values) in
// memory and reads the rest from the file when asked ([Octal.Grundy] costs a read of the file
// then). A rare heap beyond the front makes the run read every value back and go on in
// memory, up to MaxValues (a [*LimitError] past them); a search beyond it doubles the front,
// read back from the file, up to 2^26 values. Once values are given back, the period search
// looks only for periods up to 2^22, with the theorem's bound. A value above 65535, which the
// rare/common engine does not compute, makes the run read every value back and go on in memory
// under the reference mex, as a rare heap beyond the front does. Before it starts, and at each
// step, a spilled run compares the file it will need for Limit values with the free space of
// the file system it is on, and returns a [*LimitError] rather than fill the disk (Linux
// only; it counts 2 bytes a value, not the some 12 more of each value above 65535). A run
// resumed from a file of format 2, which holds no values above 65535, returns a
// [*CheckpointError] when it reaches one. On systems other than Linux the values all stay in memory, so only the file format and
// the resumption work as described. The file can hold at most MaxSpilledValues values.
//
// Costs: the values take 2 bytes each (and an entry of some 16 bytes for each above 65535); a
// run with a Limit of 2^24 or more reserves room for Limit values once it passes 2^20 and is
// never copied again (the system lends the pages only as values are written). The work per
// value is described at [Octal.Values]; codes with flag 8 use the three-heap engine, O(n·V/64)
// per value for values below V, and stop with its [*LimitError] when its pair sets would pass
// 1 GiB (BENCHMARKS.md has the measured times). No period is proven for a code with a
// modifier, such as Grundy's game (4!.0): its run goes on to the limit. With GOMAXPROCS >= 2,
// two-heap codes under the rare/common engine compute beyond heap 8192 on min(GOMAXPROCS, 8)
// goroutines whenever that measures faster than one (helper goroutines that end before each
// step does, with 1 MB of marks each); on amd64 with AVX-512 their searches run in assembly,
// 32 splits or 32 heaps at a time, unless built with -tags purego, with the same values.
// Other calls on o that need the engine wait while Run extends the values, for at most one
// step of about n/16 values, or until their own context is done. BENCHMARKS.md has the
// measured rates and memory.
func (o *Octal) Run(ctx context.Context, opt RunOptions) (Report, error) {
	o = o.game()
	e := o.eng
	start := time.Now()
	limit, err := e.startRun(ctx, opt)
	if err != nil {
		return e.report(start), err
	}
	r := &run{e: e, ctx: ctx, opt: opt, start: start, first: e.e.Load().Len(), scan: e.e.NewScan()}
	r.lastProgress, r.lastCheckpoint = start, start
	r.progressEvery = cmpOr(opt.ProgressEvery, time.Second)
	r.checkpointEvery = cmpOr(opt.CheckpointEvery, 10*time.Minute)
	// The checkpoint is written ahead, a step at a time, so that saving it writes little.
	if opt.Checkpoint != "" && !opt.Spill {
		r.ahead = e.e.NewWriter(opt.Checkpoint)
		defer func() {
			if r.ahead != nil {
				r.ahead.Close()
			}
		}()
	}
	return r.loop(limit)
}

// cmpOr returns d when it is positive, else def.
func cmpOr(d, def time.Duration) time.Duration {
	if d <= 0 {
		return def
	}
	return d
}

// startRun checks opt and prepares e for a run: it starts the spill, or checks that the
// checkpoint can be written and resumes from opt.Resume. It returns the run's limit.
func (e *engine) startRun(ctx context.Context, opt RunOptions) (int, error) {
	limit := opt.Limit
	if limit < 0 {
		return 0, rangeError("run limit", limit, MaxValues)
	}
	if limit == 0 {
		limit = DefaultRunLimit
	}
	if opt.Spill {
		limit = int(min(int64(limit), MaxSpilledValues)) // MaxSpilledValues exceeds a 32-bit int
		if opt.Checkpoint == "" || (opt.Resume != "" && opt.Resume != opt.Checkpoint) {
			return 0, &CheckpointError{Path: opt.Resume, Reason: "a run with Spill needs a Checkpoint, and resumes only from it", Err: ErrCheckpoint}
		}
		return limit, e.startSpill(ctx, opt.Checkpoint, opt.Resume != "", limit)
	}
	limit = min(limit, MaxValues)
	if opt.Checkpoint != "" {
		if err := eng.CheckWritable(opt.Checkpoint); err != nil {
			return 0, fromEngine(err)
		}
	}
	if opt.Resume != "" {
		if err := e.resume(ctx, opt.Resume); err != nil {
			return 0, err
		}
	}
	return limit, nil
}

// startSpill makes e's run spill its values to path, a new file unless resume, for a run of
// at most limit values. A checkpoint that is not a spill file is resumed into memory first.
func (e *engine) startSpill(ctx context.Context, path string, resume bool, limit int) error {
	if resume {
		v, err := eng.FileVersion(path)
		if err != nil {
			return fromEngine(err)
		}
		if v != eng.SpillVersion {
			if err := e.resume(ctx, path); err != nil {
				return err
			}
			resume = false
		}
	}
	return fromEngine(e.e.StartSpill(ctx, path, resume, limit, e.checkFile))
}

// A run is the state of one call of [Octal.Run] between its steps.
type run struct {
	e               *engine
	ctx             context.Context
	opt             RunOptions
	start           time.Time
	first           int         // the values when the run started
	scan            *eng.Scan   // the report, read as the values are computed
	ahead           *eng.Writer // the checkpoint written ahead, or nil
	lastProgress    time.Time
	lastCheckpoint  time.Time
	progressEvery   time.Duration
	checkpointEvery time.Duration
}

// loop runs steps until the run is over, ctx is done or an error stops it, reporting progress
// and saving checkpoints on the way, and saves the last one.
func (r *run) loop(limit int) (Report, error) {
	e, ctx := r.e, r.ctx
	for {
		if err := ctx.Err(); err != nil {
			r.progress()
			if cerr := r.save(); cerr != nil {
				return e.reportFrom(r.start, r.scan), cerr
			}
			return e.reportFrom(r.start, r.scan), err
		}
		done, err := e.e.Step(ctx, limit)
		if err != nil && ctx.Err() == nil {
			// A limit of the engine, such as the three-heap engine's memory.
			if cerr := r.save(); cerr != nil {
				return e.reportFrom(r.start, r.scan), cerr
			}
			return e.reportFrom(r.start, r.scan), fromEngine(err)
		}
		if err != nil {
			continue // ctx is done: the loop's head saves and returns
		}
		r.scan.Advance(ctx, e.e.Load())
		if r.ahead != nil && r.ahead.Add(ctx, e.e.Load()) != nil {
			r.ahead = nil // written whole from now on
		}
		now := time.Now()
		if now.Sub(r.lastProgress) >= r.progressEvery {
			r.lastProgress = now
			r.progress()
		}
		if done {
			break
		}
		if now.Sub(r.lastCheckpoint) >= r.checkpointEvery {
			r.lastCheckpoint = now
			if err := r.save(); err != nil {
				return e.reportFrom(r.start, r.scan), err
			}
		}
	}
	r.progress()
	if err := r.save(); err != nil {
		return r.e.reportFrom(r.start, r.scan), err
	}
	return r.e.reportFrom(r.start, r.scan), nil
}

// progress reports the run's progress, when the options ask for it.
func (r *run) progress() {
	if r.opt.Progress != nil {
		r.opt.Progress(r.e.progress(r.ctx, r.start, r.first))
	}
}

// save writes the checkpoint, if the options ask for one: a spilled run syncs its file, others
// commit the checkpoint written ahead, or write it whole.
func (r *run) save() error {
	path := r.opt.Checkpoint
	if path == "" {
		return nil
	}
	if r.opt.Spill {
		if spilled, err := r.e.e.SyncSpill(); spilled {
			return fromEngine(err)
		}
	}
	s := r.e.e.Load()
	if r.ahead != nil {
		if err := r.ahead.Commit(s); err == nil {
			return nil
		}
		r.ahead = nil // written whole from now on, where an error is reported
	}
	return fromEngine(r.e.e.WriteCheckpoint(path, s))
}

// resume installs the values of a checkpoint, unless e already has as many.
func (e *engine) resume(ctx context.Context, path string) error {
	vals, big, err := e.readCheckpoint(ctx, path)
	if err != nil {
		return err
	}
	return fromEngine(e.e.Install(ctx, vals, big))
}

// progress describes the run that started at start with first values. It waits for no lock
// past ctx: it is called between steps, from the goroutine that runs them.
func (e *engine) progress(ctx context.Context, start time.Time, first int) Progress {
	s := e.e.Load()
	p := Progress{Values: s.Len(), MaxValue: s.Max(), Elapsed: time.Since(start)}
	if sec := p.Elapsed.Seconds(); sec > 0 {
		p.Rate = float64(p.Values-first) / sec
	}
	if st, ok := e.e.Stats(ctx); ok {
		p.Rare = st.Rare
	}
	return p
}

// Sequence returns the heaps 0, ..., n-1 with their values, in order, as an iterator that reads
// them from the engine's cache of 2 bytes a value (after a spilled run, from memory and from
// the run's file, in blocks: a value that cannot be read back ends the sequence early), and
// past a proven period (or a closed form) from the period, so that it needs no memory of its
// own for any n; it stops early when its
// caller does. It computes the values that are missing first, and fails as [Octal.Values]
// does when it cannot; when the values are cached or a period is proven, it costs O(1), and
// the iterator O(1) a value. The iterator may be used any number of times, and concurrently.
func (o *Octal) Sequence(ctx context.Context, n int) (iter.Seq2[int, int], error) {
	o = o.game()
	code := o.eng.pl.code
	if n < 0 {
		return nil, rangeError("number of values", n, MaxValues)
	}
	s := o.eng.load()
	if n > s.s.Len() && s.period.Period == 0 {
		if n > MaxValues {
			return nil, &LimitError{Question: strconv.Itoa(n) + " values of " + code, Limit: MaxValues, Unit: "values"}
		}
		var err error
		if s, err = o.eng.extend(ctx, n); err != nil {
			return nil, err
		}
		if n > s.s.Len() && s.period.Period == 0 { // never a zero for a value
			return nil, &LimitError{Question: strconv.Itoa(n) + " values of " + code, Limit: int64(s.s.Len()), Unit: "values"}
		}
	}
	if n > s.s.Len() && s.period.Saltus != 0 {
		if _, ok := s.value(n - 1); !ok {
			return nil, o.eng.overflow(n - 1)
		}
	}
	return func(yield func(int, int) bool) {
		held := min(n, s.s.Len())
		for a, v := range s.s.All() {
			if a >= held || !yield(a, v) {
				return
			}
		}
		for a := held; a < n; a++ {
			v, _ := s.value(a)
			if !yield(a, v) {
				return
			}
		}
	}, nil
}

// IsRare reports whether heap a of value v is rare under the report's split: a >= 1 and
// popcount(v&Mask) + Parity·(a-ParityFrom) even. It is false for every heap when Sparse is.
func (r Report) IsRare(a, v int) bool {
	return r.Sparse && a >= 1 && v >= 0 && eng.Rare(uint16(v), r.Mask, r.Parity, a, r.ParityFrom) // Mask has 16 bits
}

// report describes the values cached in e, reading them all.
func (e *engine) report(start time.Time) Report {
	return e.reportFrom(start, e.e.NewScan())
}

// reportFrom describes the values cached in e, with scan the part of the report read so far:
// it reads the values from those read on, in order, and again from the end for the
// apparent-period search: O(n) for each candidate period that agrees with the values near
// their end.
func (e *engine) reportFrom(start time.Time, scan *eng.Scan) Report {
	s := e.load()
	n := s.s.Len()
	r := Report{Code: e.pl.code, Values: n, Period: s.period}
	r.Sparse = e.pl.sparse()
	scan.Advance(context.Background(), s.s)
	sum := scan.Summary(n)
	r.MaxValue, r.MaxAt, r.LastNew = sum.Max, sum.MaxAt, sum.LastNew
	if sum.Split {
		r.Mask, r.Parity, r.ParityFrom = sum.Mask, sum.Parity, sum.ParityFrom
		r.RareCount, r.LastRare = sum.RareCount, sum.LastRare
	}
	if r.Period.Period == 0 {
		p, _ := s.s.Apparent(n)
		r.Apparent = Period{Preperiod: p.Preperiod, Period: p.Period, Saltus: p.Saltus}
	}
	r.Elapsed = time.Since(start)
	return r
}

// sparse reports whether the rare/common split applies to o's values (Report.Sparse).
func (o *plan) sparse() bool {
	return o.plain && o.heaps == 2 && len(o.leave2) > 0
}
