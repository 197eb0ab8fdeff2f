package kayles

import (
	"context"
	"math"
	"strconv"
)

// This file implements periods: proven ones, by the periodicity theorem or a closed form, and
// apparent ones that the values show.

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

// at returns G(n) from vals and big, their side table, which hold at least G(0), ...,
// G(Preperiod+Period-1): the value of heap fold(n) plus Saltus for each whole period between
// fold(n) and n. It returns false when that value does not fit an int. p must be non-zero.
func (p Period) at(vals []uint16, big []bigValue, n int) (int, bool) {
	f := p.fold(n)
	v := valueOf(big, f, vals[f])
	if p.Saltus == 0 {
		return v, true // no division on the path of every periodic game
	}
	k := (n - f) / p.Period
	if k > (math.MaxInt-v)/p.Saltus {
		return 0, false
	}
	return v + p.Saltus*k, true
}

// Period returns the least period and preperiod that the periodicity theorem proves from the
// values G(0), ..., G(limit-1), and false when none is proven there. It computes the values
// as [Octal.Values] does, in doubling steps that stop as soon as a period is proven, so a
// proven game costs O(1) from then on; it has no work limit but ctx, and returns ctx's error
// when ctx is done first, without a partial answer. A limit above [MaxValues] is
// capped there; a negative one gets a [*RangeError]. The limit bounds only new work: a period
// that o has proven already (an earlier call with a larger limit, or a [Octal.Grundy] of a
// large heap, which proves one to answer) is returned whatever the limit, so the answer for a
// small limit may change from false to true during a program, never the other way.
//
// The theorem (Guy & Smith 1956, generalised): if G(n+p) = G(n) for n0 <= n < N-p and
// N >= k·(n0+p) + t, where t is the index of the last non-zero digit and k the most heaps a
// move leaves, then G(n+p) = G(n) for every n >= n0. It covers finite codes without modifiers;
// for other codes Period returns false unless a closed form applies.
//
// Two codes with a repeating tail have a proven arithmetic period from published closed forms,
// returned at once whatever the limit, with Proven set: [Nim] (0.[3]) has preperiod 0, period
// 1, saltus 1, since G(n) = n (Bouton 1901: the options of a heap of n are the heaps of 0 to
// n-1); [LaskersNim] (4.[3]) has preperiod 1, period 4, saltus 4, since G(4k+1) = 4k+1,
// G(4k+2) = 4k+2, G(4k+3) = 4k+4 and G(4k+4) = 4k+3 for k >= 0 (Winning Ways, ch. 4).
func (o *Octal) Period(ctx context.Context, limit int) (Period, bool, error) {
	o = o.game()
	if limit < 0 {
		return Period{}, false, rangeError("period search limit", limit, MaxValues)
	}
	return o.eng.period(ctx, min(limit, MaxValues), nil)
}

// period looks for a proven period within limit values, computing them within b (nil: no work
// limit but ctx). It returns an error only when ctx is done or b is spent.
func (e *engine) period(ctx context.Context, limit int, b *budget) (Period, bool, error) {
	if s := e.load(); s.period.Period > 0 {
		return s.period, true, nil
	}
	if !e.pl.provable {
		return Period{}, false, nil
	}
	if b == nil {
		b = newBudget(ctx, unlimited, "steps", nil)
	}
	if err := e.acquire(ctx); err != nil {
		return Period{}, false, err
	}
	defer e.release()
	if s := e.load(); s.period.Period > 0 {
		return s.period, true, nil
	}
	for n := max(128, len(e.load().vals)); ; n *= 2 {
		n = min(n, limit)
		s, err := e.extendLocked(n, n, b)
		if len(s.vals) > e.tried {
			if p, ok := e.findPeriod(s); ok {
				e.snap.Store(&snapshot{vals: s.vals, big: s.big, max: s.max, period: p, spl: e.spl})
				return p, true, nil
			}
			e.tried = len(s.vals)
		}
		if err != nil {
			return Period{}, false, err
		}
		if n >= limit || len(s.vals) < n {
			return Period{}, false, nil
		}
	}
}

// ApparentPeriod returns the regularity that the values G(0), ..., G(limit-1) show: the least
// period p, then the least preperiod n0, such that G(n+p) = G(n) + s for every n0 <= n < N-p
// with one saltus s, seen over at least three periods and with N >= 2(n0+p) values. When
// [Octal.Period] proves a period within limit, that is what it returns, with Proven set;
// otherwise Proven is false and the result only describes the values computed. It returns
// false when the values show no regularity. It costs what [Octal.Values] costs, plus O(N) per
// candidate period, and stops with ctx as Period does.
//
// For example 0.3F shows preperiod 0, period 6, saltus 3, and the all-but subtraction game
// 0.30[3] preperiod 0, period 4, saltus 2. For [Nim] and [LaskersNim], whose arithmetic
// periods are proven in closed form, it returns what [Octal.Period] does: preperiod 0, period
// 1, saltus 1 and preperiod 1, period 4, saltus 4, with Proven set.
func (o *Octal) ApparentPeriod(ctx context.Context, limit int) (Period, bool, error) {
	o = o.game()
	if p, ok, err := o.Period(ctx, limit); ok || err != nil {
		return p, ok, err
	}
	limit = min(limit, MaxValues)
	s, err := o.eng.extend(ctx, limit, nil)
	if err != nil {
		return Period{}, false, err
	}
	if s.period.Period > 0 {
		return s.period, true, nil
	}
	p, ok := s.apparent(min(len(s.vals), limit))
	return p, ok, nil
}

// apparent is findApparent for the first n values of s.
func (s *snapshot) apparent(n int) (Period, bool) {
	if s.spl == nil && len(s.big) == 0 {
		return findApparent(s.vals[:n])
	}
	if s.spl == nil {
		return apparentAt(n, func(i int) int { return valueOf(s.big, i, s.vals[i]) })
	}
	r := s.spl.reader(s.vals)
	return apparentAt(n, func(i int) int { return valueOf(s.big, i, r.at(i)) })
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
//
// With r not nil (a spilled run), g[i] for i below r.floor is read through r, and only the
// periods up to r.pmax are candidates: the values from n-r.pmax-1 on must be in memory.
func (f *periodFinder) find(g []uint16, t, k int, r *spillView) (Period, bool) {
	n := len(g)
	f.bases = f.bases[:0]
	old, deep := f.deep, f.spare[:0]
	defer func() { f.deep, f.spare = deep, old[:0] }()
	j := 0 // old[j:] are the remembered candidates not yet passed
	pmax := min((n-t)/k, n-1)
	floor := 0
	if r != nil {
		pmax, floor = min(pmax, r.pmax), r.floor
	}
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
		for stop := max(lo, floor); i >= stop && g[i] == g[i+p]; {
			i--
		}
		if i >= lo && i < floor { // on into the values on disk
			for i >= lo && r.at(i) == r.at(i+p) {
				i--
			}
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

// findPeriod is find for the values of s, under e's lock.
func (e *engine) findPeriod(s *snapshot) (Period, bool) {
	var r *spillView
	if sp := e.spl; sp != nil && sp.on {
		r = &spillView{spillReader: sp.reader(s.vals), floor: int(sp.floor.Load()), pmax: sp.tune.period}
		if f := int(sp.front.Load()); f == math.MaxInt {
			r = nil // every value is in memory again
		}
	}
	p, ok := e.per.find(s.vals, len(e.pl.digits)-1, e.pl.heaps, r)
	if r != nil && r.err != nil {
		return Period{}, false // a value could not be read back: no proof
	}
	if ok && !agreeBig(s.vals, s.big, p) {
		return Period{}, false // large values that the words do not tell apart: no proof
	}
	return p, ok
}

// agreeBig reports whether the pairs (a, a+p.Period) from p.Preperiod on in g that involve an
// entry of big, whose words agree, agree in value too. It costs O(len(big)·log(len(big))).
func agreeBig(g []uint16, big []bigValue, p Period) bool {
	for _, b := range big {
		for _, a := range []int{b.at - p.Period, b.at + p.Period} {
			if a >= p.Preperiod && a < len(g) && b.at >= p.Preperiod && valueOf(big, a, g[a]) != b.v {
				return false
			}
		}
	}
	return true
}

// spillView is how the period search reads a spilled run's values.
type spillView struct {
	*spillReader
	floor int // g[i] is in memory for i >= floor
	pmax  int // the longest period looked for
}

// findApparent returns the least arithmetic period that g shows, as ApparentPeriod describes.
func findApparent(g []uint16) (Period, bool) {
	n := len(g)
	for p := 1; 3*p <= n; p++ {
		saltus := int(g[n-1]) - int(g[n-1-p])
		if saltus < 0 {
			continue
		}
		i := n - p - 1
		for i >= 0 && int(g[i+p])-int(g[i]) == saltus {
			i--
		}
		n0 := i + 1
		if n0+3*p <= n && n >= 2*(n0+p) {
			return Period{Preperiod: n0, Period: p, Saltus: saltus}, true
		}
	}
	return Period{}, false
}

// apparentAt is findApparent for the n values that at returns.
func apparentAt(n int, at func(int) int) (Period, bool) {
	for p := 1; 3*p <= n; p++ {
		saltus := at(n-1) - at(n-1-p)
		if saltus < 0 {
			continue
		}
		i := n - p - 1
		for i >= 0 && at(i+p)-at(i) == saltus {
			i--
		}
		n0 := i + 1
		if n0+3*p <= n && n >= 2*(n0+p) {
			return Period{Preperiod: n0, Period: p, Saltus: saltus}, true
		}
	}
	return Period{}, false
}
