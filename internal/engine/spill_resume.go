package engine

import (
	"cmp"
	"context"
	"errors"
	"math"
	"os"
	"runtime"
)

// This file implements the start of spilled runs: a new spill file, or one resumed after a
// stop or a crash, and the sync of its values.

// A Check checks values read from a file at path, written for code, against the rules, and
// returns why they cannot be resumed (the root package's CheckpointError), or nil. It must
// return within about 100 ms once ctx is done.
type Check func(ctx context.Context, path, code string, vals []uint16, big []Big) error

// StartSpill makes e's runs spill their values to path, for a run of at most limit values: a
// new file, or with resume the spill file at path (of [SpillVersion] or 2, see [FileVersion]),
// whose first values check checks. It compares the file it will need with the free space of
// the disk first, and returns a [*LimitError] when it would not fit; a file it cannot use
// gets a [*FileError]. Once a run spills, every extension of e writes its values to the file,
// and [Engine.SyncSpill] flushes them.
func (e *Engine) StartSpill(ctx context.Context, path string, resume bool, limit int, check Check) error {
	if err := e.acquire(ctx); err != nil {
		return err
	}
	defer e.release()
	if sp := e.spl; sp != nil {
		if sp.path != path {
			return &FileError{Path: path, Reason: "the values of this game are spilled to " + sp.path + " already", Err: ErrFormat}
		}
		return nil
	}
	if resume {
		return e.resumeSpill(ctx, path, limit, check)
	}
	s := e.load()
	if s.period.Period > 0 {
		return nil
	}
	hdr := len(spillHeader(e.pl.code, spillVersion))
	if err := checkRoom(e.freeSpace, path, e.pl.code, spillSize(hdr, limit), int64(hdr), limit, 0); err != nil {
		return err
	}
	sp, g, err := newSpill(path, e.pl.code, s.vals, s.big, limit, e.pl.t, e.spt)
	if err != nil {
		return err
	}
	sp.free = e.freeSpace
	e.spl = sp
	e.snap.Store(&Snapshot{vals: g, big: s.big, max: s.max, spl: sp})
	return nil
}

// SyncSpill writes every value of a spilled run to its file and flushes it to the disk, taking
// e's lock whatever ctx (the last values must reach the file), and reports whether e spills.
func (e *Engine) SyncSpill() (bool, error) {
	e.lock <- struct{}{}
	defer e.release()
	if e.spl == nil {
		return false, nil
	}
	s := e.load()
	return true, e.spl.sync(s.vals, s.big)
}

// resumeSpill resumes the spilled run of path, under e's lock. It reads the file twice: once
// for the values, keeping those that may be in the front and the tail (readSpill), and once
// for the rare heaps of the split chosen from all of them (installSpill).
func (e *Engine) resumeSpill(ctx context.Context, path string, limit int, check Check) error {
	fail := func(reason string, err error) error { return &FileError{Path: path, Reason: reason, Err: err} }
	f, err := os.OpenFile(path, os.O_RDWR, 0)
	if err != nil {
		return fail("cannot open", err)
	}
	st, err := f.Stat()
	if err != nil {
		f.Close()
		return fail("cannot open", err)
	}
	// Room for every value the file may hold (a record may be short, or cut short).
	est64 := (st.Size()/(8+2*spillRecord) + 1) * spillRecord
	if est64 > min(MaxSpilledValues, math.MaxInt) {
		f.Close()
		return fail("damaged: more values than the engine stores", ErrFormat)
	}
	r := &resumed{path: path, f: f}
	r.g, r.owns = reserve(max(limit, int(est64)))
	r.s = newSparse(e.pl, nil)
	r.s.ordering, r.s.vector = e.ord, e.vector
	sc, err := e.readSpill(ctx, r)
	if err == nil {
		err = check(ctx, path, sc.code, r.g[:min(len(r.g), 2048)], bigBelow(r.big, 2048))
	}
	if err == nil {
		if err = f.Truncate(sc.end); err != nil {
			err = fail("cannot truncate a record cut short", err)
		}
	}
	if err != nil {
		f.Close()
		if r.owns {
			unreserve(r.g)
		}
		return err
	}
	return e.installSpill(r, sc, limit)
}

// resumed is what resumeSpill reads of a spill file: the values, in a reservation of their own
// when owns, with those in [keep, gone) given back; their side table and largest value; and
// the rare/common state, counting them.
type resumed struct {
	path       string
	f          *os.File
	g          []uint16
	owns       bool
	big        []Big
	top        int
	keep, gone int
	s          *sparse
}

// readSpill reads the values of r's file into r.g, counting them in r.s, and gives back the
// pages that neither the largest front nor the tail holds.
func (e *Engine) readSpill(ctx context.Context, r *resumed) (spillScan, error) {
	tune := e.spt
	fail := func(reason string, err error) error { return &FileError{Path: r.path, Reason: reason, Err: err} }
	r.keep = tune.most
	r.gone = r.keep
	tail := tune.most + e.pl.t + tune.period + tune.step + 1
	sc, reason, err := scanSpill(r.f, e.direct, func(vals []uint16, b []Big) error {
		if len(r.g)+len(vals) > cap(r.g) {
			return fail("damaged: more values than the file's size allows", ErrFormat)
		}
		for _, v := range vals {
			if a := len(r.g); a > 0 {
				r.s.count(a, v)
			}
			r.top = max(r.top, int(v))
			r.g = append(r.g, v)
		}
		for _, b := range b {
			r.top = max(r.top, b.v)
		}
		r.big = append(r.big, b...)
		// Past a table the values are not at their fixed offsets: nothing is given back then.
		if r.owns && len(r.big) == 0 && len(r.g)%(1<<20) == 0 {
			if f := (len(r.g) - tail) / spillRecord * spillRecord; f > r.gone {
				forget(r.g, r.gone, f)
				r.gone = f
			}
		}
		return ctx.Err()
	})
	if err != nil {
		var fe *FileError
		if errors.As(err, &fe) || err == ctx.Err() {
			return sc, err
		}
		return sc, fail(cmp.Or(reason, "cannot read"), err)
	}
	return sc, nil
}

// installSpill makes r, read from a file of which sc says where a writer goes on, e's spilled
// run: it chooses the split from all the values and lists its rare heaps, then gives back
// what the front and the tail do not hold, or reads every value back when the run cannot
// spill (rare heaps beyond the largest front, too few values, values above direct).
func (e *Engine) installSpill(r *resumed, sc spillScan, limit int) error {
	tune, s, g := e.spt, r.s, r.g
	sp := &spill{tune: tune, path: r.path, f: r.f, hdr: sc.hdr, crc: sc.crc, whole: sc.whole, take: e.pl.t, owns: r.owns,
		extra: sc.extra, bigs: len(bigBelow(r.big, sc.whole)), old: sc.version != spillVersion, limit: limit, free: e.freeSpace}
	sp.front.Store(int64(r.keep))
	sp.floor.Store(int64(max(r.gone, r.keep)))
	runtime.AddCleanup(sp, func(r release) { r.free() }, release{f: r.f, g: g, owns: r.owns})
	n := len(g)
	front := math.MaxInt
	if len(s.takes) > 0 && e.pl.plain && e.pl.heaps == 2 && n > 1 {
		s.pick(n)
		if s.on {
			rd := sp.reader(g)
			for a := 1; a < n; a++ {
				if s.isRare(a, rd.at(a)) {
					s.rare = append(s.rare, int32(a))
				}
			}
			if rd.err != nil {
				return sp.fail("cannot read back values", rd.err)
			}
			s.rareAt = max(2*len(s.rare), 64)
			front = tune.front
			for len(s.rare) > 0 && int(s.rare[len(s.rare)-1]) >= front/2 {
				front *= 2
			}
		}
	}
	e.spl, e.sp, e.tri, e.ref = sp, s, nil, false
	e.per, e.tried = periodFinder{}, 0
	e.snap.Store(&Snapshot{vals: g, big: r.big, max: r.top, spl: sp})
	if err := sp.room(n); err != nil {
		return err
	}
	if front > tune.most || n < tune.from || !r.owns || r.top > e.direct {
		_, err := e.unspill(g, "the values resumed have rare heaps beyond the front, or values above 65535")
		sp.on = false
		return err
	}
	// Give back what the front and the tail do not hold.
	sp.on = true
	floor := max(front, min(n-sp.reach(front), sp.whole)/spillRecord*spillRecord)
	if lo := max(floor, r.keep); lo < r.gone {
		if err := sp.load(g[lo:r.gone], lo); err != nil {
			return err
		}
	}
	sp.floor.Store(int64(floor))
	sp.front.Store(int64(front))
	forget(g, front, floor)
	s.front, s.low, s.chooseAt, s.rareAt = front, floor, math.MaxInt, math.MaxInt
	return nil
}
