package kayles

import (
	"math"
	"math/bits"
	"runtime/debug"
	"slices"
	"strconv"
	"sync"
	"sync/atomic"
)

// This file implements the mex engine: Grundy values of single heaps, cached per rule set, and
// the periodicity theorem that makes them O(1) for every heap once a period is proven.

// MaxValues is the most values the engine stores for one rule set (2 bytes each). Asking for
// more, through [Octal.Values] or [Octal.Period], is refused or capped as those methods say.
const MaxValues = 1 << 30

// maxValue is the largest Grundy value the engine stores; a heap whose value would exceed it
// stops the computation there.
const maxValue = 1<<16 - 1

// Automatic limits: how many values Grundy computes on its own before it gives up on a heap.
// Codes that leave at most two heaps cost O(n) per value; three heaps cost O(n²).
const (
	autoLimit      = 1 << 15
	autoLimitThree = 1 << 11
)

// A Period describes an eventually (arithmetic-)periodic sequence: G(n+Period) = G(n) + Saltus
// for every n >= Preperiod, Preperiod and Period both as small as possible. Saltus is 0 for a
// periodic sequence. Proven says whether a theorem proves the description for every n; when
// it is false, the description only fits the values computed. The zero Period means none is
// known.
type Period struct {
	Preperiod int  // the least n0 from which the values repeat
	Period    int  // the least p with G(n+p) = G(n) + Saltus for all n >= n0
	Saltus    int  // the growth per period: 0 for a periodic sequence
	Proven    bool // true when a theorem proves it for all n, false when the values only show it
}

// String returns the period as "preperiod 71, period 12", with ", saltus 3" when the sequence
// grows and " (apparent)" when it is not proven, or "none" for the zero Period.
func (p Period) String() string {
	if p.Period == 0 {
		return "none"
	}
	s := "preperiod " + strconv.Itoa(p.Preperiod) + ", period " + strconv.Itoa(p.Period)
	if p.Saltus != 0 {
		s += ", saltus " + strconv.Itoa(p.Saltus)
	}
	if !p.Proven {
		s += " (apparent)"
	}
	return s
}

// fold maps heap n to the heap below Preperiod+Period in the same place of the period: the
// heap with the same value when Saltus is 0; otherwise [Period.at] adds the growth.
func (p Period) fold(n int) int {
	if n < p.Preperiod+p.Period {
		return n
	}
	return p.Preperiod + (n-p.Preperiod)%p.Period
}

// at returns G(n) from vals, which hold at least G(0), ..., G(Preperiod+Period-1): the value of
// heap fold(n) plus Saltus for each whole period between fold(n) and n. It returns false when
// that value does not fit an int. p must be non-zero.
func (p Period) at(vals []uint16, n int) (int, bool) {
	f := p.fold(n)
	v := int(vals[f])
	if p.Saltus == 0 {
		return v, true // no division on the path of every periodic game
	}
	k := (n - f) / p.Period
	if k > (math.MaxInt-v)/p.Saltus {
		return 0, false
	}
	return v + p.Saltus*k, true
}

// engine caches the values of one rule set. Readers load an immutable snapshot without
// locking; extensions and period searches hold mu and publish a new snapshot when done.
type engine struct {
	mu    sync.Mutex
	snap  atomic.Pointer[snapshot]
	tried int          // under mu: how many values the last fruitless period search looked at
	stop  bool         // under mu: a value exceeded maxValue, so len(snap.vals) is final
	sp    *sparse      // under mu: the rare/common engine's state, for codes leaving two heaps
	per   periodFinder // under mu: the incremental period search
}

// snapshot is never modified once published. vals may share its backing array with a later
// snapshot, which only writes beyond len(vals). With a non-zero period, vals hold at least
// G(0), ..., G(Preperiod+Period-1) and every further value follows from them (Period.at).
type snapshot struct {
	vals   []uint16
	max    int // the largest value in vals
	period Period
}

// value returns G(n) and true when the snapshot knows it: cached, or given by the period
// (unless it does not fit an int).
func (s *snapshot) value(n int) (int, bool) {
	if n < len(s.vals) {
		return int(s.vals[n]), true
	}
	if s.period.Period > 0 {
		return s.period.at(s.vals, n)
	}
	return 0, false
}

// load returns the current snapshot. For a rule set with a proven closed form (nim.go) the
// first load publishes it, so every reader and writer sees the proven period from the start.
func (o *Octal) load() *snapshot {
	if s := o.eng.snap.Load(); s != nil {
		return s
	}
	if s := closedForm(o.code); s != nil {
		o.eng.snap.CompareAndSwap(nil, s)
		return o.eng.snap.Load()
	}
	return &snapshot{}
}

// limit is the number of values Grundy computes on its own for this rule set: fewer where each
// value costs more, since a split into k heaps costs about n^(k-1) steps.
func (o *Octal) limit() int {
	tailSplits := false // a repeating tail that splits makes each value cost O(n²)
	for _, d := range o.tail {
		tailSplits = tailSplits || d.splits()
	}
	switch {
	case o.heaps < 0:
		return 48
	case o.heaps >= 5:
		return 96
	case o.heaps == 4:
		return 256
	case o.heaps == 3:
		return autoLimitThree
	case tailSplits:
		return 1 << 10
	}
	return autoLimit
}

// Grundy returns G(n), the nim-value of one heap of n tokens. It costs O(1) once the value is
// cached or a period is proven. Otherwise it computes the values up to n: each in O(n·t) time
// for a code with t digits whose moves leave at most two heaps, far less when such a code has
// few rare values (the sparse-space method of Winning Ways ch. 4, used for the codes that
// [Octal.Values] names, Grundy's game among them), O(n^(k-1)·t) when moves
// leave k heaps, and O(n²) when a repeating tail splits heaps. For a heap beyond the automatic
// limit (2^15 values; 2^11 for three heaps, 2^10 for tails that split, 256 for four heaps,
// fewer beyond) it first looks for a proven period within that limit instead.
//
// [Nim] (0.[3]) and [LaskersNim] (4.[3]), and any Octal with those codes, are proven in closed
// form from the start: Grundy is O(1) for every n >= 0, and the value, an int, may exceed 65535
// (Nim: G(n) = n; Lasker's Nim: G(4k+3) = 4k+4, G(4k+4) = 4k+3, otherwise G(n) = n).
//
// Grundy panics if n is negative or if n lies beyond the limit in a game whose period is not
// proven there, or (Lasker's Nim at math.MaxInt alone) when the value does not fit an int;
// [Octal.Check] tells beforehand, and [Octal.Values] with a larger n computes further.
func (o *Octal) Grundy(n int) int {
	v, err := o.grundy(n)
	if err != nil {
		panic(err)
	}
	return v
}

func (o *Octal) grundy(n int) (int, error) {
	if n < 0 {
		panic("kayles: Grundy of a negative heap " + strconv.Itoa(n))
	}
	s := o.load()
	if v, ok := s.value(n); ok {
		return v, nil
	}
	if s.period.Period > 0 {
		return 0, o.overflow(n)
	}
	limit := o.limit()
	if n < limit {
		s = o.extend(min(limit, max(n+1, len(s.vals)+len(s.vals)/4)))
	} else {
		o.Period(limit)
		s = o.load()
	}
	if v, ok := s.value(n); ok {
		return v, nil
	}
	if s.period.Period > 0 {
		return 0, o.overflow(n)
	}
	return 0, &LimitError{Question: "the value of heap " + strconv.Itoa(n) + " in " + o.code, Limit: int64(limit), Unit: "values", Advice: "no period is proven within them; compute further with Values"}
}

// overflow returns the error for heap n, whose value a proven arithmetic period gives but an
// int cannot hold: in Lasker's Nim, only the heap of math.MaxInt, whose value is one more.
func (o *Octal) overflow(n int) error {
	return &RangeError{What: "heap of " + o.code + " whose value exceeds the largest int:", Value: n, Min: 0, Max: n - 1}
}

// Check returns nil when [Octal.Grundy] can value every heap of p, so that Value, Outcome,
// Moves and WinningMoves will not panic on it; otherwise it returns a [*LimitError] for the
// first heap it cannot value (a [*RangeError] for a heap whose proven value does not fit an
// int, which only the heap of math.MaxInt in Lasker's Nim has). It may compute values as
// Grundy would. For [Nim] it returns nil for every position, in O(heaps).
func (o *Octal) Check(p Position) error {
	for h := range p.All() {
		if _, err := o.grundy(h); err != nil {
			return err
		}
	}
	return nil
}

// Values returns G(0), ..., G(n-1). It computes what is not cached in O(n²·t) time in all at
// worst for codes whose moves leave at most two heaps (O(n^k·t) when they leave k), far less for
// codes with sparse values, or O(n) once a period is proven. Finite codes whose moves leave at
// most two heaps (digits up to 7, or braces within {0,1,2}) use the rare/common ("sparse
// space") engine, with or without the modifiers ! ? =: for two heaps ! and ? both mean the heaps
// differ, as in Grundy's game (4!.0), and = that they are equal; on two goroutines where
// [Octal.Run] says. Other codes (repeating tails, k+ in braces, three or more heaps) use the
// reference mex, which lists every option. [Nim] and [LaskersNim] give every value by their
// closed form, O(1) each, up to [MaxValues] and beyond 65535. It returns an error wrapping
// [ErrTooLarge] when n exceeds [MaxValues] or a value would exceed 65535 in a game without a
// proven period.
func (o *Octal) Values(n int) ([]int, error) {
	if n < 0 || n > MaxValues {
		return nil, &LimitError{Question: strconv.Itoa(n) + " values of " + o.code, Limit: MaxValues, Unit: "values"}
	}
	s := o.load()
	if n > len(s.vals) && s.period.Period == 0 {
		s = o.extend(n)
	}
	if n > len(s.vals) && s.period.Period == 0 {
		return nil, &LimitError{Question: strconv.Itoa(n) + " values of " + o.code, Limit: int64(len(s.vals)), Unit: "values", Advice: "the next value exceeds 65535"}
	}
	vals := make([]int, n)
	for i := range vals {
		vals[i], _ = s.value(i)
	}
	return vals, nil
}

// Period returns the least period and preperiod that the periodicity theorem proves from the
// values G(0), ..., G(limit-1), and false when none is proven there (limit is capped at
// [MaxValues]). It computes the values as [Octal.Values] does, but in doubling steps that
// stop as soon as a period is proven, so a proven game costs O(1) from then on.
//
// The theorem (Guy & Smith 1956, generalised): if G(n+p) = G(n) for n0 <= n < N-p and
// N >= k·(n0+p) + t, where t is the index of the last non-zero digit and k the most heaps a
// move leaves, then G(n+p) = G(n) for every n >= n0.
//
// Two codes with a repeating tail, which the theorem does not cover, have a proven arithmetic
// period from published closed forms, returned at once whatever the limit, with Proven set:
// [Nim] (0.[3]) has preperiod 0, period 1, saltus 1, since G(n) = n (Bouton 1901: the options
// of a heap of n are the heaps of 0 to n-1); [LaskersNim] (4.[3]) has preperiod 1, period 4,
// saltus 4, since G(4k+1) = 4k+1, G(4k+2) = 4k+2, G(4k+3) = 4k+4 and G(4k+4) = 4k+3 for
// k >= 0 (Winning Ways, ch. 4).
func (o *Octal) Period(limit int) (Period, bool) {
	limit = min(limit, MaxValues)
	if s := o.load(); s.period.Period > 0 {
		return s.period, true
	}
	if !o.provable {
		return Period{}, false
	}
	o.eng.mu.Lock()
	defer o.eng.mu.Unlock()
	if s := o.load(); s.period.Period > 0 {
		return s.period, true
	}
	for n := max(128, len(o.load().vals)); ; n *= 2 {
		n = min(n, limit)
		s := o.extendLocked(n, n, nil)
		if len(s.vals) > o.eng.tried {
			if p, ok := o.eng.per.find(s.vals, len(o.digits)-1, o.heaps); ok {
				o.eng.snap.Store(&snapshot{vals: s.vals, max: s.max, period: p})
				return p, true
			}
			o.eng.tried = len(s.vals)
		}
		if n >= limit || len(s.vals) < n {
			return Period{}, false
		}
	}
}

// findPeriod returns the least (n0, p) that the periodicity theorem proves from g, by the
// obvious search: for each p from 1 up it compares pairs from the top down. It is the reference
// for periodFinder.
func findPeriod(g []uint16, t, k int) (Period, bool) {
	n := len(g)
	for p := 1; k*p+t <= n; p++ {
		i := n - p - 1
		for i >= 0 && g[i] == g[i+p] {
			i--
		}
		if n0 := i + 1; n >= k*(n0+p)+t {
			return Period{Preperiod: n0, Period: p, Proven: true}, true
		}
	}
	return Period{}, false
}

// periodFinder searches for the least proven period incrementally: a search over N values
// tests each candidate period p from the top down until the first disagreement, and for the
// candidates that agree over a long stretch it remembers the last disagreement, so that a later
// search over more values compares only the new ones. A search costs O(N/k) for the candidates
// that fail at once plus O(new values) for each remembered one; no value pair is compared twice
// for a remembered candidate. Once the values turn periodic with some period d, every multiple
// of d agrees back to where d does, so the search starts each multiple's comparisons there
// ("bases" below) instead of at the top: without that, the many multiples of a short period
// cost O(N) each until the proof (0.376, period 4, spent most of its time there). The zero
// periodFinder is ready to use.
type periodFinder struct {
	deep  []agreement // the remembered candidates, by ascending period
	spare []agreement // scratch: the next search's deep
	bases []base      // scratch: this search's candidates that agree over a long stretch
}

// base is a candidate period d whose last disagreement, over all values of the current search,
// is at last: then G(i) = G(i+j·d) for every i > last with i+j·d below the number of values.
// next is its least multiple not yet passed by the search.
type base struct {
	d, last, next int
}

// agreement records, for one candidate period p, the last i with G(i) != G(i+p) among
// i+p < upto, or -1 when there is none.
type agreement struct {
	p, last, upto int
}

const (
	deepRun  = 64      // a candidate that agrees over this many values is remembered
	deepMost = 1 << 16 // at most this many candidates are remembered
	baseRun  = 1 << 10 // a candidate that agrees over this many values is a base
	baseMost = 4       // at most this many bases (none a multiple of another)
)

// find returns the least (n0, p) that the periodicity theorem proves from g, for a code whose
// last non-zero digit is d_t and whose moves leave at most k heaps. Successive calls must pass
// extensions of the same sequence. Candidates are walked in order, the remembered ones merged
// in from a sorted list, so that a candidate that fails at once costs one comparison.
func (f *periodFinder) find(g []uint16, t, k int) (Period, bool) {
	n := len(g)
	f.bases = f.bases[:0]
	old, deep := f.deep, f.spare[:0]
	defer func() { f.deep, f.spare = deep, old[:0] }()
	j := 0 // old[j:] are the remembered candidates not yet passed
	pmax := min((n-t)/k, n-1)
	nextMul := pmax + 1 // the least multiple of a base not yet passed
	for p := 1; p <= pmax; p++ {
		// Skip the candidates that are neither remembered nor a multiple of a base and fail at
		// the first pair: their last disagreement is n-p-1, which proves nothing.
		stop := min(pmax, nextMul-1)
		if j < len(old) {
			stop = min(stop, old[j].p-1)
		}
		if c := g[n-1]; p <= stop && g[n-p-1] != c {
			for p <= stop && g[n-p-1] != c {
				p++
			}
			if p > pmax {
				break
			}
		}
		var a agreement
		ok := j < len(old) && old[j].p == p
		lo := 0 // pairs (i, i+p) with i < lo were compared by an earlier search
		if ok {
			a = old[j]
			j++
			lo = max(0, a.upto-p)
		}
		i := n - p - 1
		multiple := false
		if p == nextMul {
			nextMul = pmax + 1
			for b := range f.bases {
				b := &f.bases[b]
				if b.next == p {
					i, multiple = min(i, b.last), true // the pairs above b.last agree
					b.next += b.d
				}
				nextMul = min(nextMul, b.next)
			}
		}
		for i >= lo && g[i] == g[i+p] {
			i--
		}
		last := i
		if i < lo && ok {
			last = a.last
		}
		if !multiple && len(f.bases) < baseMost && n-p-1-last >= baseRun {
			f.bases = append(f.bases, base{d: p, last: last, next: 2 * p})
			nextMul = min(nextMul, 2*p)
		}
		if ok || (n-p-1-i >= deepRun && len(deep)+len(old)-j < deepMost) {
			deep = append(deep, agreement{p: p, last: last, upto: n})
		}
		if n0 := last + 1; n >= k*(n0+p)+t {
			deep = append(deep, old[j:]...)
			return Period{Preperiod: n0, Period: p, Proven: true}, true
		}
	}
	deep = append(deep, old[j:]...)
	return Period{}, false
}

// extend computes values until there are n of them (fewer if a value would exceed maxValue)
// and returns the new snapshot.
func (o *Octal) extend(n int) *snapshot {
	o.eng.mu.Lock()
	defer o.eng.mu.Unlock()
	return o.extendLocked(n, n, nil)
}

// extendLocked is extend with o.eng.mu held. When the values must move to a larger array, it
// makes room for twice as many as before (1.25 times beyond 2^24 values), but for no more than
// most (n at least), so that growing by small steps costs amortised O(1) per value; past 2^20
// values it makes room for most at once when most is 2^24 or more. It stops
// early, keeping the values computed, when done is closed (a nil done never is).
func (o *Octal) extendLocked(n, most int, done <-chan struct{}) *snapshot {
	s := o.load()
	if n <= len(s.vals) || o.eng.stop || s.period.Period > 0 {
		return s
	}
	g := s.vals
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
		g = append(make([]uint16, 0, size), g...)
		if cap(s.vals) > 1<<24 {
			// Publish the copy and give the old array back to the system now: otherwise the
			// old arrays linger until the collector and the scavenger get to them, and 0.1777
			// peaked at 3.5 GB instead of the old and new arrays' 1.6 GB.
			ns := *s
			ns.vals = g
			s = &ns
			o.eng.snap.Store(s)
			debug.FreeOSMemory()
		}
	}
	top := s.max
	if o.plain && o.heaps == 2 && o.eng.sp == nil {
		o.eng.sp = newSparse(o, g)
	}
	if o.plain && o.heaps == 2 {
		g, top, o.eng.stop = o.extendPairs(g, n, top, done)
	}
	var seen []uint64
	for len(g) < n && !o.eng.stop {
		if len(g)%64 == 0 && done != nil {
			select {
			case <-done:
				n = len(g)
				continue
			default:
			}
		}
		var v int
		if o.plain && o.heaps == 2 {
			v = o.eng.sp.next(o, g, top)
		} else {
			width := 64 << bits.Len(uint(top)>>6) // a power of two above top, at least 64
			if need := width/64 + 1; len(seen) < need {
				seen = make([]uint64, need)
			}
			v = o.mex(g, len(g), seen[:width/64+1])
		}
		if v > maxValue {
			o.eng.stop = true
			break
		}
		g = append(g, uint16(v))
		top = max(top, v)
	}
	s = &snapshot{vals: g, max: top}
	o.eng.snap.Store(s)
	return s
}

// mex is the reference engine: it returns G(n) from g = G(0..n-1) by listing every option,
// using seen (zeroed on return) as the bitset of option
// values. Every option value is below 64·(len(seen)-1), so the mex is at most that.
func (o *Octal) mex(g []uint16, n int, seen []uint64) int {
	if !o.plain {
		return o.mexGeneral(g, n, seen)
	}
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
