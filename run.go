package kayles

import (
	"context"
	"iter"
	"strconv"
	"time"
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
	// period is proven.
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
	limit := opt.Limit
	if limit < 0 {
		return e.report(start), rangeError("run limit", limit, MaxValues)
	}
	if limit == 0 {
		limit = DefaultRunLimit
	}
	if opt.Spill {
		limit = int(min(int64(limit), MaxSpilledValues)) // MaxSpilledValues exceeds a 32-bit int
		if opt.Checkpoint == "" || (opt.Resume != "" && opt.Resume != opt.Checkpoint) {
			return e.report(start), &CheckpointError{Path: opt.Resume, Reason: "a run with Spill needs a Checkpoint, and resumes only from it", Err: ErrCheckpoint}
		}
	} else {
		limit = min(limit, MaxValues)
	}
	progressEvery := opt.ProgressEvery
	if progressEvery <= 0 {
		progressEvery = time.Second
	}
	checkpointEvery := opt.CheckpointEvery
	if checkpointEvery <= 0 {
		checkpointEvery = 10 * time.Minute
	}
	if opt.Spill {
		if err := e.startSpill(ctx, opt.Checkpoint, opt.Resume != "", limit); err != nil {
			return e.report(start), err
		}
	} else {
		if opt.Checkpoint != "" {
			if err := checkWritable(opt.Checkpoint); err != nil {
				return e.report(start), err
			}
		}
		if opt.Resume != "" {
			if err := e.resume(ctx, opt.Resume); err != nil {
				return e.report(start), err
			}
		}
	}
	first := len(e.load().vals)
	lastProgress, lastCheckpoint := start, start
	scan := new(reportScan) // the report, read as the values are computed
	progress := func() {
		if opt.Progress != nil {
			opt.Progress(e.progress(ctx, start, first))
		}
	}
	// The checkpoint is written ahead, a step at a time, so that saving it writes little.
	var ahead *checkpointWriter
	if opt.Checkpoint != "" && !opt.Spill {
		removeTemps(opt.Checkpoint)
		ahead = &checkpointWriter{path: opt.Checkpoint, code: e.pl.code}
		defer func() {
			if ahead != nil {
				ahead.close()
			}
		}()
	}
	save := func() error {
		if opt.Checkpoint == "" {
			return nil
		}
		if opt.Spill {
			e.lock <- struct{}{} // whatever ctx: the last values must reach the file
			defer e.release()
			if e.spl != nil {
				s := e.load()
				return e.spl.sync(s.vals, s.big)
			}
		}
		s := e.load()
		if ahead != nil {
			if err := ahead.commit(s.vals, s.big); err == nil {
				return nil
			}
			ahead = nil // written whole from now on, where an error is reported
		}
		return writeCheckpoint(opt.Checkpoint, e.pl.code, s.vals, s.big)
	}
	for {
		if err := ctx.Err(); err != nil {
			progress()
			if cerr := save(); cerr != nil {
				return e.reportFrom(start, scan), cerr
			}
			return e.reportFrom(start, scan), err
		}
		done, err := e.runStep(ctx, limit)
		if err != nil && ctx.Err() == nil {
			// A limit of the engine, such as the three-heap engine's memory.
			if cerr := save(); cerr != nil {
				return e.reportFrom(start, scan), cerr
			}
			return e.reportFrom(start, scan), err
		}
		if err != nil {
			continue // ctx is done: the loop's head saves and returns
		}
		scan.advance(ctx, e.pl, e.load())
		if ahead != nil && ahead.add(ctx, e.load().vals) != nil {
			ahead = nil // written whole from now on
		}
		now := time.Now()
		if now.Sub(lastProgress) >= progressEvery {
			lastProgress = now
			progress()
		}
		if done {
			break
		}
		if now.Sub(lastCheckpoint) >= checkpointEvery {
			lastCheckpoint = now
			if err := save(); err != nil {
				return e.reportFrom(start, scan), err
			}
		}
	}
	progress()
	if err := save(); err != nil {
		return e.reportFrom(start, scan), err
	}
	return e.reportFrom(start, scan), nil
}

// runStep extends the values by one step, or until ctx is done, and looks for a period. It
// reports whether the run is over: a period is proven or the limit is reached. Its error is ctx's, when ctx is done first.
func (e *engine) runStep(ctx context.Context, limit int) (bool, error) {
	if err := e.acquire(ctx); err != nil {
		return false, err
	}
	defer e.release()
	s := e.load()
	if s.period.Period > 0 {
		return true, nil
	}
	n := min(limit, len(s.vals)+stepSize(len(s.vals)))
	s, err := e.extendLocked(n, limit, newBudget(ctx, unlimited, "steps", nil))
	if err != nil {
		return false, err
	}
	if !e.pl.provable {
		return len(s.vals) >= limit, nil
	}
	if p, ok := e.findPeriod(s); ok {
		e.snap.Store(&snapshot{vals: s.vals, big: s.big, max: s.max, period: p, spl: e.spl})
		return true, nil
	}
	return len(s.vals) >= limit, nil
}

// stepSize returns how many values a step of Run adds to have values: as many again while
// there are fewer than 2^14 (at least 64), so that a period proven by a few values is proven
// after a few short steps and a few milliseconds; then 2^14 at a time, then have/16, at most
// 2^22. A step costs one period search, O(have) at worst, so the searches cost O(1) per value
// once steps reach have/16 and O(log have) steps before that.
func stepSize(have int) int {
	return min(max(have, runFirstStep), max(have/16, 1<<14), 1<<22)
}

// runFirstStep is the size of Run's first step.
const runFirstStep = 64

// resume installs the values of a checkpoint, unless e already has as many.
func (e *engine) resume(ctx context.Context, path string) error {
	vals, big, err := e.pl.readCheckpoint(ctx, path)
	if err != nil {
		return err
	}
	if err := e.acquire(ctx); err != nil {
		return err
	}
	defer e.release()
	s := e.load()
	if len(vals) <= len(s.vals) || s.period.Period > 0 {
		return nil
	}
	top := 0
	for i, w := range vals {
		top = max(top, valueOf(big, i, w))
	}
	e.sp, e.tri, e.ref = nil, nil, false // rebuilt from the new values by the next extension
	e.snap.Store(&snapshot{vals: vals, big: big, max: top})
	return nil
}

// progress describes the run that started at start with first values. It waits for no lock:
// it is called between steps, from the goroutine that runs them.
func (e *engine) progress(ctx context.Context, start time.Time, first int) Progress {
	s := e.load()
	p := Progress{Values: len(s.vals), MaxValue: s.max, Elapsed: time.Since(start)}
	if sec := p.Elapsed.Seconds(); sec > 0 {
		p.Rate = float64(p.Values-first) / sec
	}
	if e.acquire(ctx) != nil {
		return p // ctx is done: no wait for the engine, and no rare count
	}
	if sp := e.sp; sp != nil && sp.on {
		p.Rare = len(sp.rare)
	} else if sp != nil {
		p.Rare = sp.best
	}
	e.release()
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
	if n > len(s.vals) && s.period.Period == 0 {
		if n > MaxValues {
			return nil, &LimitError{Question: strconv.Itoa(n) + " values of " + code, Limit: MaxValues, Unit: "values"}
		}
		var err error
		if s, err = o.eng.extend(ctx, n, nil); err != nil {
			return nil, err
		}
		if n > len(s.vals) && s.period.Period == 0 { // never a zero for a value
			return nil, &LimitError{Question: strconv.Itoa(n) + " values of " + code, Limit: int64(len(s.vals)), Unit: "values"}
		}
	}
	if n > len(s.vals) && s.period.Saltus != 0 {
		if _, ok := s.value(n - 1); !ok {
			return nil, o.eng.overflow(n - 1)
		}
	}
	return func(yield func(int, int) bool) {
		direct := min(n, len(s.vals))
		for a, v := range s.all() {
			if a >= direct || !yield(a, v) {
				return
			}
		}
		for a := direct; a < n; a++ {
			v, _ := s.value(a)
			if !yield(a, v) {
				return
			}
		}
	}, nil
}

// all returns the values of s in order, read from memory, or for a spilled run from memory and
// the file (a value that cannot be read back ends the sequence).
func (s *snapshot) all() iter.Seq2[int, int] {
	return func(yield func(int, int) bool) {
		big := s.big
		if s.spl == nil {
			for a, w := range s.vals {
				if !yield(a, valueOf(big, a, w)) {
					return
				}
			}
			return
		}
		r := s.spl.reader(s.vals)
		for a := range s.vals {
			if w := r.at(a); r.err != nil || !yield(a, valueOf(big, a, w)) {
				return
			}
		}
	}
}

// IsRare reports whether heap a of value v is rare under the report's split: a >= 1 and
// popcount(v&Mask) + Parity·(a-ParityFrom) even. It is false for every heap when Sparse is.
func (r Report) IsRare(a, v int) bool {
	return r.Sparse && a >= 1 && v >= 0 && rare(uint16(v), r.Mask, r.Parity, a, r.ParityFrom) // Mask has 16 bits
}

// report describes the values cached in e, reading them all (see reportScan).
func (e *engine) report(start time.Time) Report {
	return e.reportFrom(start, new(reportScan))
}

// reportFrom describes the values cached in e, with scan the part of the report read so far:
// it reads the values from scan.n on, in order, and again from the end for the apparent-period
// search: O(n) for each candidate period that agrees with the values near their end.
func (e *engine) reportFrom(start time.Time, scan *reportScan) Report {
	s := e.load()
	r := Report{Code: e.pl.code, Values: len(s.vals), Period: s.period}
	r.Sparse = e.pl.sparse()
	scan.advance(context.Background(), e.pl, s)
	r.MaxValue, r.MaxAt, r.LastNew = max(scan.max, 0), scan.maxAt, scan.lastNew
	if sp := scan.sp; sp != nil && len(s.vals) > 1 {
		if len(sp.takes) > 0 {
			sp.pick(len(s.vals))
		}
		r.Mask, r.Parity, r.ParityFrom = sp.mask, sp.c, sp.offset()
		// The rare heaps, from the histogram: rarity depends on a only through its parity.
		for par := range 2 {
			for w, a := range scan.last[par] {
				if a > 0 && rare(uint16(w), r.Mask, r.Parity, a, r.ParityFrom) {
					r.RareCount += int(sp.hist[par][w])
					r.LastRare = max(r.LastRare, a)
				}
			}
		}
	}
	if r.Period.Period == 0 {
		r.Apparent, _ = s.apparent(len(s.vals))
	}
	r.Elapsed = time.Since(start)
	return r
}

// sparse reports whether the rare/common split applies to o's values (Report.Sparse).
func (o *plan) sparse() bool {
	return o.plain && o.heaps == 2 && len(o.leave2) > 0
}

// reportScan is the part of a [Report] read from the values in order: Run advances it after
// each step, so that the report when Run ends, on a cancel too, reads only the values of one
// step (about 16 ns a value) instead of all of them. The zero reportScan has read no value.
type reportScan struct {
	n       int      // the values read, G(0), ..., G(n-1)
	sp      *sparse  // their histogram (a split of its own, chosen afresh), for a code under the split
	last    [2][]int // last[a&1][v&0xFFFF]: the largest heap a >= 1 of such a value
	max     int      // the largest value read, -1 when none is
	maxAt   int
	lastNew int
	seen    valueSet
}

// reportCheck is how many values reportScan.advance reads between looks at its context.
const reportCheck = 1 << 16

// advance reads the values of s from scan.n on, for o. With a non-nil ctx it looks at ctx
// every reportCheck values and stops early, having read a prefix, once ctx is done.
func (scan *reportScan) advance(ctx context.Context, o *plan, s *snapshot) {
	if scan.n == 0 {
		scan.max = -1
		if o.sparse() {
			scan.sp = newSparse(o, nil)
		}
	}
	n := len(s.vals)
	if scan.n >= n {
		return
	}
	var r *spillReader
	if s.spl != nil {
		r = s.spl.reader(s.vals)
	}
	sp := scan.sp
	for a := scan.n; a < n; a++ {
		if ctx != nil && a%reportCheck == 0 && ctx.Err() != nil {
			return
		}
		w := s.vals[a]
		if r != nil {
			if w = r.at(a); r.err != nil {
				return // a value that cannot be read back ends the values read, as in all
			}
		}
		v := valueOf(s.big, a, w)
		if v > scan.max {
			scan.max, scan.maxAt = v, a
		}
		if scan.seen.add(v) {
			scan.lastNew = a
		}
		if sp != nil && a > 0 {
			w := uint16(v) // rarity depends on the 16 bits of a mask only
			sp.count(a, w)
			l := &scan.last[a&1]
			if int(w) >= len(*l) {
				*l = append(*l, make([]int, int(w)+1-len(*l))...)
			}
			(*l)[w] = a
		}
		scan.n = a + 1
	}
}

// valueSet is a set of values: a bitset below 2^16, a map above. The zero valueSet is empty.
type valueSet struct {
	low  [1 << 16 / 64]uint64
	high map[int]bool
}

// add puts v in the set and reports whether it was new.
func (s *valueSet) add(v int) bool {
	if v < 1<<16 {
		w, bit := &s.low[v>>6], uint64(1)<<(v&63)
		isNew := *w&bit == 0
		*w |= bit
		return isNew
	}
	if s.high[v] {
		return false
	}
	if s.high == nil {
		s.high = map[int]bool{}
	}
	s.high[v] = true
	return true
}
