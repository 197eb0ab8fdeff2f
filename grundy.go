package kayles

import (
	"context"
	"math"
	"math/bits"
	"runtime/debug"
	"slices"
	"strconv"
	"sync/atomic"
)

// This file implements the mex engine: Grundy values of single heaps, cached per rule set, so
// that each is computed once and, once a period is proven (period.go), every heap is O(1).

// MaxValues is the most values the engine stores in memory for one rule set (2 bytes each, and
// some 16 more for each value above 65535).
// Asking for more, through [Octal.Values] or [Octal.Period], is refused or capped as those
// methods say; [Octal.Run] with [RunOptions].Spill goes on to [MaxSpilledValues], most of
// them in its file.
const MaxValues = 1 << 30

// maxValue is the largest Grundy value that the rare/common and three-heap engines compute:
// their marks are 16 bits. Past it the reference engine computes the values (large.go).
const maxValue = 1<<16 - 1

// engine caches the values of one rule set. Readers load an immutable snapshot without
// locking; extensions and period searches hold lock and publish a new snapshot when done.
type engine struct {
	pl    *plan
	lock  chan struct{} // a mutex (a token in a buffer of one) that a waiter can give up on
	snap  atomic.Pointer[snapshot]
	tried int          // under lock: how many values the last fruitless period search looked at
	sp    *sparse      // under lock: the rare/common engine's state, for codes leaving two heaps
	tri   *triples     // under lock: the three-heap engine's state (threeheap.go)
	per   periodFinder // under lock: the incremental period search
	pairs pairTuning   // the thresholds of the two-core engine
	spl   *spill       // under lock: the file and memory of a spilled run (spill.go), or nil
	spt   spillTuning  // the sizes of spilled runs
	ord   orderTuning  // the sizes of the scan plans (sparse_order.go)
	cut   bool         // under lock: the last extension stopped at a search cut short by the front
	ref   bool         // under lock: a fast engine stopped at a value above direct, so the reference mex computes on
}

// newEngine returns the engine of pl, with the values of its closed form, if any, proven from
// the start.
func newEngine(pl *plan) *engine {
	e := &engine{pl: pl, lock: make(chan struct{}, 1), pairs: defaultPairs, spt: defaultSpill}
	if pl.closed != nil {
		if s := pl.closed.values(); s != nil {
			e.snap.Store(s)
		}
	}
	return e
}

// acquire takes e's lock, or returns ctx's error if ctx is done first. A free lock is taken
// whatever ctx.
func (e *engine) acquire(ctx context.Context) error {
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

func (e *engine) release() { <-e.lock }

// snapshot is never modified once published. vals may share its backing array with a later
// snapshot, which only writes beyond len(vals). With a non-zero period, vals hold at least
// G(0), ..., G(Preperiod+Period-1) and every further value follows from them (Period.at).
//
// A value above direct is bigWord in vals and its entry in big (large.go), which grows as vals
// does. In a spilled run (spl not nil) part of vals is only in the file: value reads them, and
// nothing else may read vals directly.
type snapshot struct {
	vals   []uint16
	big    []bigValue
	max    int // the largest value in vals
	period Period
	spl    *spill
}

// value returns G(n) and true when the snapshot knows it: cached, or given by the period
// (unless it does not fit an int).
func (s *snapshot) value(n int) (int, bool) {
	if s.spl != nil {
		if n >= len(s.vals) && s.period.Period > 0 {
			n = s.period.fold(n) // a spilled run proves only periods without saltus
		}
		if n < len(s.vals) {
			w, ok := s.spl.word(s.vals, n)
			return valueOf(s.big, n, w), ok
		}
		return 0, false
	}
	if n < len(s.vals) {
		return valueOf(s.big, n, s.vals[n]), true
	}
	if s.period.Period > 0 {
		return s.period.at(s.vals, s.big, n)
	}
	return 0, false
}

// load returns the current snapshot.
func (e *engine) load() *snapshot {
	if s := e.snap.Load(); s != nil {
		return s
	}
	return &snapshot{}
}

// Grundy returns G(n), the nim-value of one heap of n tokens. It costs O(1) once the value is
// cached or a period is proven. Otherwise it computes the values up to n, each in O(n·t) steps
// for a code with t digits whose moves leave at most two heaps (far less when such a code has
// few rare values: the sparse-space method of Winning Ways ch. 4, see [Octal.Values]),
// O(n·w) for plain codes with flag 8 (moves that leave three heaps, by sets of pair sums: w is
// the number of non-zero 64-bit words in such a set, at most V/64 for values below V, a few
// dozen for 0.2048), O(n^(k-1)·t) when moves leave k > 3 heaps; within [Limits].Steps of work,
// past which it looks for a proven period within the same work instead, and returns a
// [*LimitError] (wrapping [ErrTooLarge]) when it finds none. [Octal.Values] and [Octal.Period] compute further.
//
// [Nim] (0.[3]) and [LaskersNim] (4.[3]), and any Octal with those codes, are proven in closed
// form from the start: Grundy is O(1) for every n >= 0, and the value, an int, may exceed 65535
// (Nim: G(n) = n; Lasker's Nim: G(4k+3) = 4k+4, G(4k+4) = 4k+3, otherwise G(n) = n).
//
// A negative n gets a [*RangeError], and so does, in Lasker's Nim, the heap of math.MaxInt,
// whose value does not fit an int. When ctx is done first, Grundy returns ctx's error.
func (o *Octal) Grundy(ctx context.Context, n int) (int, error) {
	o = o.game()
	if n < 0 {
		return 0, rangeError("heap", n, maxInt)
	}
	if v, ok := o.eng.load().value(n); ok {
		return v, nil
	}
	return o.eng.grundy(ctx, n, o.limits.Steps)
}

// grundy computes G(n), which the snapshot does not know, within steps of work.
func (e *engine) grundy(ctx context.Context, n int, steps int64) (int, error) {
	if s := e.load(); s.period.Period > 0 {
		return 0, e.overflow(n)
	}
	b := newBudget(ctx, steps, "steps", heapQuestion(e.pl.code, n))
	if n < MaxValues && e.pl.cost(len(e.load().vals), n+1) <= steps {
		s := e.load()
		if _, err := e.extend(ctx, max(n+1, len(s.vals)+len(s.vals)/4), b); err != nil && b.err == nil {
			return 0, err
		}
	} else if _, _, err := e.period(ctx, MaxValues, b); err != nil && b.err == nil {
		return 0, err
	}
	s := e.load()
	if v, ok := s.value(n); ok {
		return v, nil
	}
	if s.period.Period > 0 {
		return 0, e.overflow(n)
	}
	if b.err != nil {
		return 0, b.err
	}
	return 0, b.limitError()
}

// overflow returns the error for heap n, whose value a proven arithmetic period gives but an
// int cannot hold: in Lasker's Nim, only the heap of math.MaxInt, whose value is one more.
func (e *engine) overflow(n int) error {
	return &RangeError{What: "heap of " + e.pl.code + " whose value exceeds the largest int:", Value: n, Min: 0, Max: n - 1}
}

// cost returns the steps that the engine takes to compute G(from), ..., G(to-1): one per
// option of the reference mex for moves that leave at most two heaps, and for three heaps m-2
// for m tokens left, one per possible third heap (the three-heap engine of threeheap.go visits
// at most a third of them, one pair set each, often a quarter of those), counted in O(digits) by
// closed forms, and capped at unlimited/2. Codes on the general engine count their steps as
// they go, so cost is 0 for them.
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

// Values returns G(0), ..., G(n-1). It computes what is not cached in O(n²·t) time in all at
// worst for codes whose moves leave at most two heaps (O(n^k·t) when they leave k), far less for
// codes with sparse values, or O(n) once a period is proven. Finite codes whose moves leave at
// most two heaps (digits up to 7, or braces within {0,1,2}) use the rare/common ("sparse
// space") engine, with or without the modifiers ! ? =: for two heaps ! and ? both mean the heaps
// differ, as in Grundy's game (4!.0), and = that they are equal; on up to eight goroutines
// where [Octal.Run] says. Plain codes with flag 8 (hexadecimal digits 8 to F: three heaps) use the
// three-heap engine, O(n·w) word operations a value, where w is the number of non-zero words
// in a set of pair sums (at most V/64 for values below V), with 10 bytes of pair sets for each
// such word of each heap and V/512 for its index (a [*LimitError] past 1 GiB), on two
// goroutines past 2,048 values. Other codes (repeating tails, k+ in braces, four or
// more heaps) use the reference mex, which lists every option. [Nim] and [LaskersNim] give every value by their
// closed form, O(1) each, up to [MaxValues] and beyond 65535.
//
// Values above 65535 are stored as well, each in 2 bytes and an entry of some 16 in a side
// table, and read back in O(log k) for k such values. The rare/common and three-heap engines
// mark values in 16 bits, so a code of theirs whose next value exceeds 65535 goes on from
// there under the reference mex, at its cost (O(n·t) a value for two heaps, O(n²·t) for three),
// reading every value: a spilled run reads its values back into memory first (see
// [Octal.Run]).
//
// Values has no work limit but ctx: when ctx is done first it returns ctx's error, keeping the
// values computed so far for the next call. A negative n gets a [*RangeError]; more than
// [MaxValues] values a [*LimitError].
func (o *Octal) Values(ctx context.Context, n int) ([]int, error) {
	o = o.game()
	code := o.eng.pl.code
	if n < 0 {
		return nil, rangeError("number of values", n, MaxValues)
	}
	if n > MaxValues {
		return nil, &LimitError{Question: strconv.Itoa(n) + " values of " + code, Limit: MaxValues, Unit: "values"}
	}
	s, err := o.eng.extend(ctx, n, nil)
	if err != nil {
		return nil, err
	}
	if n > len(s.vals) && s.period.Period == 0 { // the engine stopped short without a reason: never a zero for a value
		return nil, &LimitError{Question: strconv.Itoa(n) + " values of " + code, Limit: int64(len(s.vals)), Unit: "values"}
	}
	vals := make([]int, n)
	read := 0
	for i, v := range s.all() {
		if i >= n {
			break
		}
		vals[i], read = v, i+1
	}
	if read < min(n, len(s.vals)) {
		return nil, &CheckpointError{Path: s.spl.path, Reason: "cannot read back G(" + strconv.Itoa(read) + ")", Err: ErrCheckpoint}
	}
	for i := min(n, len(s.vals)); i < n; i++ {
		vals[i], _ = s.value(i)
	}
	return vals, nil
}

// extend computes values until there are n of them, within b (nil: no limit but ctx), and returns the new snapshot. It returns the snapshot of
// what was computed with an error when ctx is done or b is spent first.
func (e *engine) extend(ctx context.Context, n int, b *budget) (*snapshot, error) {
	if s := e.load(); n <= len(s.vals) || s.period.Period > 0 {
		return s, nil
	}
	if b == nil {
		b = newBudget(ctx, unlimited, "steps", nil)
	}
	if err := e.acquire(ctx); err != nil {
		return e.load(), err
	}
	defer e.release()
	return e.extendLocked(n, n, b)
}

// extendLocked is extend with e's lock held. When the values must move to a larger array, it
// makes room for twice as many as before (1.25 times beyond 2^24 values), but for no more than
// most (n at least), so that growing by small steps costs amortised O(1) per value; past 2^20
// values it makes room for most at once when most is 2^24 or more (for the fast engines; the
// general one grows by doubling as it computes). It stops
// early, keeping the values computed, when b's context is done or its work is spent, and
// returns b's error then. The work of plain codes is charged from [plan.cost] before they are
// computed, so that a budget too small stops them at once; the general engine charges its
// steps as it takes them.
func (e *engine) extendLocked(n, most int, b *budget) (*snapshot, error) {
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

// extendCore is extendLocked without the spill's bookkeeping. It stops, setting e.cut, at a
// heap whose search the sparse state's front cuts short.
func (e *engine) extendCore(n, most int, b *budget) (*snapshot, error) {
	s := e.load()
	if n <= len(s.vals) || s.period.Period > 0 {
		return s, nil
	}
	pl := e.pl
	if pl.plain {
		// Charge the work up front, and compute only as far as it goes.
		have := len(s.vals)
		if c := pl.cost(have, n); c > b.left {
			lo, hi := have, n // cost(have, lo) fits, cost(have, hi) does not
			for hi-lo > 1 {
				if mid := lo + (hi-lo)/2; pl.cost(have, mid) <= b.left {
					lo = mid
				} else {
					hi = mid
				}
			}
			b.spend(pl.cost(have, lo))
			b.spend(b.left + 1) // the rest is beyond the budget
			n = lo
		} else {
			b.spend(c)
		}
	}
	done := b.ctx.Done()
	g := s.vals
	if cap(g) < n && b.done() {
		return s, b.err // before making room for values that will not be computed
	}
	if cap(g) < n {
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
		if !pl.plain {
			// The general engine charges its steps as it goes, so n was not cut to the budget
			// above, and a value may cost it seconds: room grows with the values computed
			// (append makes more), never for all of n at once (ApparentPeriod of 2^40 made
			// room for 2^30 values, 2 GB, before its first).
			size = min(size, max(2*len(g), 1<<10))
			if b.left < int64(size-len(g)) {
				size = max(len(g)+int(b.left), 64) // no more than the budget pays for, a step a value
			}
		}
		g = append(make([]uint16, 0, size), g...)
		if cap(s.vals) > 1<<24 {
			// Publish the copy and give the old array back to the system now: otherwise the
			// old arrays linger until the collector and the scavenger get to them, and 0.1777
			// peaked at 3.5 GB instead of the old and new arrays' 1.6 GB.
			ns := *s
			ns.vals = g
			s = &ns
			e.snap.Store(s)
			debug.FreeOSMemory()
		}
	}
	top, big := s.max, s.big
	// The fast engines hold their values in 16 bits: past direct, the reference mex computes,
	// for good (the fast engines' state is not made to go on after they stop).
	ref := e.ref || top > direct
	// Under the reference mex a plain two-heap code's options are those that cost counts, and
	// were charged above; others are charged as the general engine charges them.
	refWeight := int64(generalWeight)
	if pl.plain && pl.heaps <= 2 {
		refWeight = 0
	}
	sparse := pl.plain && pl.heaps == 2 && !ref
	if sparse && e.sp == nil {
		e.sp = newSparse(pl, g)
		e.sp.ordering = e.ord
	}
	publish := func() *snapshot {
		s = &snapshot{vals: g, big: big, max: top, spl: e.spl}
		e.snap.Store(s)
		return s
	}
	// handOver makes the reference mex compute from heap len(g) on, with every value in memory.
	handOver := func() error {
		ref, sparse, e.ref = true, false, true
		if sp := e.spl; sp != nil && sp.front.Load() != math.MaxInt {
			_, err := e.unspill(g, "G("+strconv.Itoa(len(g))+") exceeds "+strconv.Itoa(direct)+", which only the reference engine computes")
			return err
		}
		return nil
	}
	if sparse {
		have := len(g)
		var stop bool
		g, top, stop = e.extendPairs(g, n, top, done)
		if top > direct { // only with a test's direct below maxValue
			g, top = g[:firstBig(g, have)], s.max
			for _, w := range g[have:] {
				top = max(top, int(w))
			}
			stop = true
		}
		if stop {
			if err := handOver(); err != nil {
				return publish(), err
			}
		}
	}
	var seen []uint64
	for len(g) < n {
		// The sparse engine's values cost microseconds: look at ctx every 64 of them. Others
		// may cost milliseconds: look at it every value (and the general engine within one).
		if (!sparse || len(g)%64 == 0) && b.done() {
			break
		}
		var v int
		if sparse {
			if v = e.sp.next(pl, g, top); v < 0 {
				e.cut = true // cut short by the front: extendSpilled falls back
				break
			}
		} else {
			width := 64 << bits.Len(uint(top)>>6) // a power of two above top, at least 64
			if need := width/64 + 1; len(seen) < need {
				seen = make([]uint64, need)
			}
			if ref {
				v = pl.mexGeneral(g, big, len(g), seen[:width/64+1], b, refWeight)
			} else {
				v = e.mex(g, top, seen[:width/64+1], b)
			}
			if v < 0 {
				break // b stopped within the value
			}
		}
		if v > direct && !ref {
			if err := handOver(); err != nil {
				return publish(), err
			}
			if pl.plain {
				continue // beyond the 16 bits of the fast engines: the reference mex computes it again
			}
		}
		g, big = store(g, big, v)
		top = max(top, v)
	}
	return publish(), b.err
}

// mex is the reference engine: it returns G(n) from g = G(0..n-1) by listing every option,
// using seen (zeroed on return) as the bitset of option values. Every option value is below
// 64·(len(seen)-1), so the mex is at most that. The general engine charges its steps to b
// (nil: no limit) and returns -1 when b stops within the value; plain codes are charged by
// extendLocked.
func (o *plan) mex(g []uint16, n int, seen []uint64, b *budget) int {
	if !o.plain {
		return o.mexGeneral(g, nil, n, seen, b, generalWeight)
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

// mexOf returns the least value not marked in the bitset seen, and clears seen for the next
// value.
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
