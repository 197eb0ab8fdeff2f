package engine

import (
	"context"
	"math"
)

// This file implements the scan of a run's values for its report: the largest value, the
// last new one, and the rare/common split.

// NewScan returns a scan of e's values that has read none.
func (e *Engine) NewScan() *Scan { return &Scan{pl: e.pl} }

// A Summary is what a [Scan] has read: the largest value and its heap, the last heap whose
// value was new, and for codes under the rare/common split (Split) the mask and parity bit of
// a split chosen afresh from all values read, its rare heaps' count and the last of them.
type Summary struct {
	Max, MaxAt, LastNew int
	Split               bool
	Mask                uint16
	Parity, ParityFrom  int
	RareCount, LastRare int
}

// Summary describes the n values read, choosing the split (O(values) of the histogram).
func (scan *Scan) Summary(n int) Summary {
	r := Summary{Max: max(scan.max, 0), MaxAt: scan.maxAt, LastNew: scan.lastNew}
	sp := scan.sp
	if sp == nil || n <= 1 {
		return r
	}
	if len(sp.takes) > 0 {
		sp.pick(n)
	}
	r.Split = true
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
	return r
}

// Rare reports whether heap a of value v is rare under the split of mask and parity bit c
// measured from heap s: a >= 1 and popcount(v&mask) + c·(a-s) even.
func Rare(v, mask uint16, c, a, s int) bool { return a >= 1 && rare(v, mask, c, a, s) }

// Stats are counts of an engine's state, for progress reports and tests.
type Stats struct {
	Rare    int    // the rare heaps under the split in use, or under the split chosen last
	Mask    uint16 // the mask of the split
	Parity  int    // its parity bit
	Split   bool   // a split is in use
	Choices int    // how many times the split was chosen
	Spilled bool   // pages of a spilled run are given back
	Widened int    // how many times a spilled run's front was doubled
	Unspill int    // how many times a spilled run read every value back
	Reads   int    // how many blocks a spilled run read from its file for single values
	Front   int    // the values below Front are in memory in a spilled run (MaxInt: every one)
	Floor   int    // the values from Floor on are in memory in a spilled run
	Reach   int    // how far below the heap computed the values stay in memory, for Front (0 when every one is)
	Low     int    // the least value the rare/common engine's mirrors copy (a spilled run's floor)
	Planned bool   // the scans of searched values follow a plan (sparse_order.go)
	Paired  int    // the heaps that a helper goroutine of the two-core engine began
}

// Stats returns e's counts, or false when ctx is done before e's lock is free.
func (e *Engine) Stats(ctx context.Context) (Stats, bool) {
	if e.acquire(ctx) != nil {
		return Stats{}, false
	}
	defer e.release()
	var st Stats
	if sp := e.sp; sp != nil {
		st.Rare = sp.best
		if sp.on {
			st.Rare = len(sp.rare)
		}
		st.Mask, st.Parity, st.Split, st.Choices = sp.mask, sp.c, sp.on, sp.choices
		st.Low, st.Planned, st.Paired = sp.low, sp.plans[0] != nil, sp.two.stats.paired
	}
	if sp := e.spl; sp != nil {
		st.Spilled, st.Widened, st.Unspill = sp.on, sp.falls[0], sp.falls[1]
		sp.cache.mu.Lock()
		st.Reads = sp.cache.reads
		sp.cache.mu.Unlock()
		st.Front, st.Floor = int(sp.front.Load()), int(sp.floor.Load())
		if st.Front < math.MaxInt/2 {
			st.Reach = sp.reach(st.Front)
		}
	}
	return st, true
}

// A Scan is the part of a run's report read from the values in order: the run advances it
// after each step, so that the report when the run ends, on a cancel too, reads only the
// values of one step (about 16 ns a value) instead of all of them. A new Scan has read no
// value. It is used by one goroutine at a time.
type Scan struct {
	pl      *plan
	n       int      // the values read, G(0), ..., G(n-1)
	sp      *sparse  // their histogram (a split of its own, chosen afresh), for a code under the split
	last    [2][]int // last[a&1][v&0xFFFF]: the largest heap a >= 1 of such a value
	max     int      // the largest value read, -1 when none is
	maxAt   int
	lastNew int
	seen    valueSet
}

// reportCheck is how many values Scan.Advance reads between looks at its context.
const reportCheck = 1 << 16

// Advance reads the values of s from those read so far on. With a non-nil ctx it looks at ctx
// every reportCheck values and stops early, having read a prefix, once ctx is done.
func (scan *Scan) Advance(ctx context.Context, s *Snapshot) {
	if scan.n == 0 {
		scan.max = -1
		if o := scan.pl; o.plain && o.heaps == 2 && len(o.leave2) > 0 {
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
