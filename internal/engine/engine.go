package engine

import (
	"context"
	"math"
	"math/bits"
	"runtime/debug"
	"slices"
	"strconv"
	"sync/atomic"
)

// This file implements the engine: its rules and settings, its lock, its snapshots, and the
// extension of its values.

// maxValue is the largest Grundy value that the rare/common and three-heap engines compute:
// their marks are 16 bits. Past it the reference mex computes the values (large.go).
const maxValue = 1<<16 - 1

// Rules are what the engine needs to know of a rule set, worked out once by the root package.
// A plain code (finite, at most three heaps left, modifiers only on digits that leave at most
// two) runs on the fast engines, driven by the take lists; any other runs on Mex. The engine
// never modifies the slices. Mex must be set: New does not check it, and an engine without it
// panics at the first value that needs it (any value of a code that is not plain).
type Rules struct {
	Code     string // the canonical code, for file headers and messages
	Last     int    // t, the index of the last non-zero digit: the largest take
	Heaps    int    // the most heaps a move leaves (k in the periodicity theorem), -1 if unbounded
	Provable bool   // the periodicity theorem applies
	Plain    bool   // the take lists drive the fast engines
	Whole    []int  // takes i >= 1 with flag 1
	Leave1   []int  // takes i >= 1 with flag 2
	Leave2   []int  // takes i >= 0 with flag 4, except those with modifier =
	Unequal  []int  // the takes of Leave2 whose two heaps must differ: modifier ! or ?
	Equal    []int  // takes i >= 0 with flag 4 and modifier =: two equal heaps, of value 0
	Leave3   []int  // takes i >= 0 with flag 8

	// Mex returns G(n) from g = G(0..n-1) and big, their side table, for any code, marking
	// the option values in seen (zeroed on return; every option value is below
	// 64·(len(seen)-1)), or -1 when b stops within the value. It charges b for each option
	// unless charged (a plain code whose steps were charged already), and then only looks at
	// b's context now and then. The engine calls it for codes that are not plain, and for
	// plain ones past 65535.
	Mex func(g []uint16, big []Big, n int, seen []uint64, b *Budget, charged bool) int

	// Closed, when not nil, holds the values and the arithmetic period of a closed form that
	// proves every value: the engine starts with them.
	Closed *Closed
}

// Closed is the start of a closed form's values: Values hold G(0) .. G(Preperiod+Period-1),
// Max is the largest, and Period gives every later value.
type Closed struct {
	Values []uint16
	Max    int
	Period Period
}

// A Period is a proven eventually arithmetic-periodic sequence: G(n+Period) = G(n) + Saltus
// for n >= Preperiod. The zero Period means none is proven.
type Period struct{ Preperiod, Period, Saltus int }

// Settings tune an engine; the zero Settings is the defaults, the tests set others per engine.
type Settings struct {
	Pairs  PairTuning  // the two-core engine's thresholds
	Spill  SpillTuning // the sizes of spilled runs
	Order  OrderTuning // the sizes of the scan plans (sparse_order.go)
	Direct int         // the largest value in the 16-bit array (0: 65535); see large.go
	// Vector chooses the code of the scans of the searched splits: the zero value,
	// VectorBest, the fastest this CPU runs; one the CPU does not run gives VectorGo.
	Vector Vector
	// NoVector keeps the scans in Go, whatever Vector says.
	NoVector bool
	// FreeSpace returns the bytes free on the file system of a folder, and false when the
	// system does not say; nil asks the system (Linux only).
	FreeSpace func(dir string) (int64, bool)
}

// A plan is the engine's copy of its rules. It is never modified.
type plan struct {
	code                                          string
	t, heaps                                      int
	provable, plain                               bool
	whole, leave1, leave2, unequal, equal, leave3 []int
	general                                       func(g []uint16, big []Big, n int, seen []uint64, b *Budget, charged bool) int
}

// An Engine caches the values of one rule set. Readers load an immutable snapshot without
// locking; extensions and period searches hold its lock and publish a new snapshot when done.
// It is safe for concurrent use.
type Engine struct {
	pl        *plan
	lock      chan struct{} // a mutex (a token in a buffer of one) that a waiter can give up on
	snap      atomic.Pointer[Snapshot]
	tried     int          // under lock: how many values the last fruitless period search looked at
	sp        *sparse      // under lock: the rare/common engine's state, for codes leaving two heaps
	tri       *triples     // under lock: the three-heap engine's state (threeheap.go)
	per       periodFinder // under lock: the incremental period search
	pairs     pairTuning   // the thresholds of the two-core engine
	spl       *spill       // under lock: the file and memory of a spilled run (spill.go), or nil
	spt       spillTuning  // the sizes of spilled runs
	ord       orderTuning  // the sizes of the scan plans (sparse_order.go)
	direct    int          // the largest value in the 16-bit array
	vector    Vector       // the code of the scans: never VectorBest
	freeSpace func(dir string) (int64, bool)
	cut       bool // under lock: the last extension stopped at a search cut short by the front
	ref       bool // under lock: a fast engine stopped at a value above direct, so the reference mex computes on
}

// New returns the engine of r with the settings set, with the values of r's closed form, if
// any, proven from the start. It costs O(digits).
func New(r Rules, set Settings) *Engine {
	pl := &plan{code: r.Code, t: r.Last, heaps: r.Heaps, provable: r.Provable, plain: r.Plain,
		whole: r.Whole, leave1: r.Leave1, leave2: r.Leave2, unequal: r.Unequal, equal: r.Equal, leave3: r.Leave3, general: r.Mex}
	e := &Engine{pl: pl, lock: make(chan struct{}, 1), pairs: set.Pairs.tuning(), spt: set.Spill.tuning(), ord: set.Order.tuning(),
		direct: maxValue, vector: set.Vector.resolve(), freeSpace: set.FreeSpace}
	if set.NoVector {
		e.vector = VectorGo
	}
	if set.Direct > 0 {
		e.direct = min(set.Direct, maxValue)
	}
	if e.freeSpace == nil {
		e.freeSpace = diskFree
	}
	if c := r.Closed; c != nil {
		e.snap.Store(&Snapshot{vals: c.Values, max: c.Max, period: c.Period})
	}
	return e
}

// acquire takes e's lock, or returns ctx's error if ctx is done first. A free lock is taken
// whatever ctx.
func (e *Engine) acquire(ctx context.Context) error {
	select {
	case e.lock <- struct{}{}:
		return nil
	default:
	}
	select {
	case e.lock <- struct{}{}:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

func (e *Engine) release() { <-e.lock }

// Load returns the current snapshot, in O(1) without locking.
func (e *Engine) Load() *Snapshot {
	if s := e.snap.Load(); s != nil {
		return s
	}
	return &Snapshot{}
}

func (e *Engine) load() *Snapshot { return e.Load() }

// Extend computes values until there are n of them, within b (nil: no limit but ctx), and
// returns the new snapshot. It returns the snapshot of what was computed with an error when
// ctx is done or b stops first (b's error, see [Budget.Err]), or a limit of the engine's (a
// [*LimitError]) or its file's (a [*FileError]) stops it. The cost per value is what the root
// package's Values documents.
func (e *Engine) Extend(ctx context.Context, n int, b *Budget) (*Snapshot, error) {
	if s := e.load(); n <= len(s.vals) || s.period.Period > 0 {
		return s, nil
	}
	if b == nil {
		b = newBudget(ctx)
	}
	if err := e.acquire(ctx); err != nil {
		return e.load(), err
	}
	defer e.release()
	return e.extendLocked(n, n, b)
}

// Cost returns the steps that the engine takes to compute G(from), ..., G(to-1): one per
// option of the reference mex for moves that leave at most two heaps, and for three heaps m-2
// for m tokens left, one per possible third heap (the three-heap engine of threeheap.go visits
// at most a third of them, one pair set each, often a quarter of those), counted in O(digits)
// by closed forms, and capped at MaxInt64/2. Codes that are not plain count their steps as
// they go, so Cost is 0 for them.
func (e *Engine) Cost(from, to int) int64 { return e.pl.cost(from, to) }

func (pl *plan) cost(from, to int) int64 {
	if !pl.plain || to <= from {
		return 0
	}
	// pairs(x) is the sum of floor(m/2) for 0 <= m < x; triples(x) the sum of m²/12.
	pairs := func(x float64) float64 { k := math.Floor(x / 2); return k*k - k*float64(1-int(x)%2) }
	thirds := func(x float64) float64 { return max(0, x-3) * max(0, x-2) / 2 } // the sum of m-2 for 3 <= m < x
	between := func(f func(float64) float64, i int) float64 {
		lo, hi := float64(max(from-i, 0)), float64(max(to-i, 0))
		return f(hi) - f(lo)
	}
	c := float64(len(pl.whole)+len(pl.leave1)) * float64(to-from)
	for _, i := range pl.leave2 {
		c += between(pairs, i)
	}
	for _, i := range pl.leave3 {
		c += between(thirds, i)
	}
	return int64(min(c, unlimited/2))
}

// extendLocked is Extend with e's lock held. When the values must move to a larger array, it
// makes room for twice as many as before (1.25 times beyond 2^24 values), but for no more than
// most (n at least), so that growing by small steps costs amortised O(1) per value; past 2^20
// values it makes room for most at once when most is 2^24 or more (for the fast engines; the
// general one grows by doubling as it computes). It stops early, keeping the values computed,
// when b's context is done or its work is spent, and returns b's error then. The work of plain
// codes is charged from plan.cost before they are computed, so that a budget too small stops
// them at once; the general engine charges its steps as it takes them.
func (e *Engine) extendLocked(n, most int, b *Budget) (*Snapshot, error) {
	if e.spl != nil {
		return e.extendSpilled(n, most, b)
	}
	// Below 2^20 values, make room for them as they come, not for n at once: a question about
	// 2^30 values stopped after its first few held 2 GB.
	for {
		step := n
		if have := len(e.load().vals); have < 1<<20 {
			step = min(n, max(2*have, 1<<16))
		}
		s, err := e.extendCore(step, most, b)
		if err != nil || step == n || len(s.vals) < step || s.period.Period > 0 {
			return s, err
		}
	}
}

// extendCore is extendLocked without the spill's bookkeeping: it charges the work, makes room
// for the values, and computes them. It stops, setting e.cut, at a heap whose search the
// sparse state's front cuts short.
func (e *Engine) extendCore(n, most int, b *Budget) (*Snapshot, error) {
	s := e.load()
	if n <= len(s.vals) || s.period.Period > 0 {
		return s, nil
	}
	if e.pl.plain {
		n = e.charge(len(s.vals), n, b)
	}
	if cap(s.vals) < n && b.done() {
		return s, b.err // before making room for values that will not be computed
	}
	s = e.makeRoom(s, n, most, b)
	x := &extension{e: e, s: s, g: s.vals, big: s.big, top: s.max}
	return x.run(n, b)
}

// charge charges b the work of a plain code's values from have up to n before they are
// computed, and returns how far b pays for.
func (e *Engine) charge(have, n int, b *Budget) int {
	pl := e.pl
	c := pl.cost(have, n)
	if c <= b.Left() {
		b.spend(c)
		return n
	}
	lo, hi := have, n // cost(have, lo) fits, cost(have, hi) does not
	for hi-lo > 1 {
		if mid := lo + (hi-lo)/2; pl.cost(have, mid) <= b.Left() {
			lo = mid
		} else {
			hi = mid
		}
	}
	b.spend(pl.cost(have, lo))
	b.spend(b.Left() + 1) // the rest is beyond the budget
	return lo
}

// makeRoom returns s, or when its values have no room for n a snapshot of the same values in
// a larger array (published when the old one is large, so that it can go at once).
func (e *Engine) makeRoom(s *Snapshot, n, most int, b *Budget) *Snapshot {
	g := s.vals
	if cap(g) >= n {
		return s
	}
	grow := 2 * cap(g)
	if cap(g) > 1<<24 {
		grow = cap(g) + cap(g)/4 // the copy needs old and new at once: keep the peak low
	}
	size := max(n, min(grow, most))
	if most >= 1<<24 && cap(g) >= 1<<20 {
		// A long run: room for all it may reach at once, so the values are never copied
		// again. The system lends the pages only as values are written.
		size = max(n, most)
	}
	if !e.pl.plain {
		// The general engine charges its steps as it goes, so n was not cut to the budget, and
		// a value may cost it seconds: room grows with the values computed (append makes
		// more), never for all of n at once (ApparentPeriod of 2^40 made room for 2^30
		// values, 2 GB, before its first).
		size = min(size, max(2*len(g), 1<<10))
		if b.Left() < int64(size-len(g)) {
			size = max(len(g)+int(b.Left()), 64) // no more than the budget pays for, a step a value
		}
	}
	ns := *s
	ns.vals = append(make([]uint16, 0, size), g...)
	if cap(s.vals) > 1<<24 {
		// Publish the copy and give the old array back to the system now: otherwise the old
		// arrays linger until the collector and the scavenger get to them, and 0.1777 peaked
		// at 3.5 GB instead of the old and new arrays' 1.6 GB.
		e.snap.Store(&ns)
		debug.FreeOSMemory()
	}
	return &ns
}

// An extension is one call of extendCore computing values: the values so far, their side
// table and largest value, and which engine computes them.
type extension struct {
	e      *Engine
	s      *Snapshot // the snapshot published last
	g      []uint16
	big    []Big
	top    int
	ref    bool // the reference mex computes
	sparse bool // the rare/common engine computes
}

// run computes the values up to n, within b, and publishes them.
func (x *extension) run(n int, b *Budget) (*Snapshot, error) {
	e, pl := x.e, x.e.pl
	// The fast engines hold their values in 16 bits: past direct, the reference mex computes,
	// for good (the fast engines' state is not made to go on after they stop).
	x.ref = e.ref || x.top > e.direct
	x.sparse = pl.plain && pl.heaps == 2 && !x.ref
	if x.sparse && e.sp == nil {
		e.sp = newSparse(pl, x.g)
		e.sp.ordering = e.ord
		e.sp.vector = e.vector
	}
	if x.sparse {
		if err := x.pairs(n, b); err != nil {
			return x.publish(), err
		}
	}
	if err := x.each(n, b); err != nil {
		return x.publish(), err
	}
	return x.publish(), b.err
}

// publish stores the values computed as e's snapshot.
func (x *extension) publish() *Snapshot {
	x.s = &Snapshot{vals: x.g, big: x.big, max: x.top, spl: x.e.spl}
	x.e.snap.Store(x.s)
	return x.s
}

// handOver makes the reference mex compute from heap len(g) on, with every value in memory.
func (x *extension) handOver() error {
	e := x.e
	x.ref, x.sparse, e.ref = true, false, true
	if sp := e.spl; sp != nil && sp.front.Load() != math.MaxInt {
		_, err := e.unspill(x.g, "G("+strconv.Itoa(len(x.g))+") exceeds "+strconv.Itoa(e.direct)+", which only the reference engine computes")
		return err
	}
	return nil
}

// pairs computes values with the rare/common engine's blocks and goroutines (extendPairs), and
// hands over to the reference mex where they stop at a value above direct.
func (x *extension) pairs(n int, b *Budget) error {
	e := x.e
	have := len(x.g)
	var stop bool
	x.g, x.top, stop = e.extendPairs(x.g, n, x.top, b.ctx.Done())
	if x.top > e.direct { // only with a test's direct below maxValue
		x.g, x.top = x.g[:firstBig(x.g, have, e.direct)], x.s.max
		for _, w := range x.g[have:] {
			x.top = max(x.top, int(w))
		}
		stop = true
	}
	if stop {
		return x.handOver()
	}
	return nil
}

// each computes the values up to n one at a time: by the rare/common engine, the three-heap
// engine, or the reference mex.
func (x *extension) each(n int, b *Budget) error {
	e, pl := x.e, x.e.pl
	var seen []uint64
	for len(x.g) < n {
		// The sparse engine's values cost microseconds: look at ctx every 64 of them. Others
		// may cost milliseconds: look at it every value (and the general engine within one).
		if (!x.sparse || len(x.g)%64 == 0) && b.done() {
			break
		}
		var v int
		if x.sparse {
			if v = e.sp.next(pl, x.g, x.top); v < 0 {
				e.cut = true // cut short by the front: extendSpilled falls back
				break
			}
		} else {
			width := 64 << bits.Len(uint(x.top)>>6) // a power of two above top, at least 64
			if need := width/64 + 1; len(seen) < need {
				seen = make([]uint64, need)
			}
			if x.ref {
				// A plain two-heap code's options were charged up front; others are charged
				// as the general engine charges them.
				v = pl.general(x.g, x.big, len(x.g), seen[:width/64+1], b, pl.plain && pl.heaps <= 2)
			} else {
				v = e.mex(x.g, x.top, seen[:width/64+1], b)
			}
			if v < 0 {
				break // b stopped within the value
			}
		}
		if v > e.direct && !x.ref {
			if err := x.handOver(); err != nil {
				return err
			}
			if pl.plain {
				continue // beyond the 16 bits of the fast engines: the reference mex computes it again
			}
		}
		x.g, x.big = store(x.g, x.big, v, e.direct)
		x.top = max(x.top, v)
	}
	return nil
}

// Mex returns G(n) from g = G(0..n-1) for plain rules, by the reference mex that lists every
// option: O(n·t) for two heaps, O(n²·t) for three. seen is scratch (zeroed on return) of at
// least 64·(len(seen)-1) > every option value. It is the obviously correct engine that the
// fast ones are checked against, and how checkpoints are checked.
func (e *Engine) Mex(g []uint16, n int, seen []uint64) int { return e.pl.mex(g, n, seen, nil) }

// mex is the reference engine: it returns G(n) from g = G(0..n-1) by listing every option,
// using seen (zeroed on return) as the bitset of option values. Every option value is below
// 64·(len(seen)-1), so the mex is at most that. The general engine charges its steps to b
// (nil: no limit) and returns -1 when b stops within the value; plain codes are charged by
// extendLocked.
func (o *plan) mex(g []uint16, n int, seen []uint64, b *Budget) int {
	if !o.plain {
		return o.general(g, nil, n, seen, b, false)
	}
	o.markFew(g, n, seen)
	for _, i := range o.leave3 {
		m := n - i
		for a := 1; 3*a <= m; a++ {
			for b := a; a+2*b <= m; b++ {
				v := g[a] ^ g[b] ^ g[m-a-b]
				seen[v>>6] |= 1 << (v & 63)
			}
		}
	}
	return mexOf(seen)
}

// markFew marks in seen the values of the options of heap n of a plain code that leave at
// most two heaps.
func (o *plan) markFew(g []uint16, n int, seen []uint64) {
	for _, i := range o.whole {
		if i == n {
			seen[0] |= 1
		}
	}
	for _, i := range o.leave1 {
		if i < n {
			v := g[n-i]
			seen[v>>6] |= 1 << (v & 63)
		}
	}
	for _, i := range o.leave2 {
		m := n - i
		half := m / 2
		if slices.Contains(o.unequal, i) {
			half = (m - 1) / 2 // not a == m-a
		}
		for a := 1; a <= half; a++ {
			v := g[a] ^ g[m-a]
			seen[v>>6] |= 1 << (v & 63)
		}
	}
	for _, i := range o.equal {
		if m := n - i; m >= 2 && m%2 == 0 {
			seen[0] |= 1 // two equal heaps: value 0
		}
	}
}

// MexOf returns the least value not marked in the bitset seen, and clears seen for the next
// value.
func MexOf(seen []uint64) int { return mexOf(seen) }

func mexOf(seen []uint64) int {
	v := 0
	for w, word := range seen {
		if word != ^uint64(0) {
			v = w*64 + bits.TrailingZeros64(^word)
			break
		}
	}
	clear(seen)
	return v
}
