package engine

import (
	"context"
	"math"
)

// This file implements the incremental search for the period that the periodicity theorem
// proves (Guy & Smith 1956, generalised), and the search for an apparent one.

// Prove looks for a proven period within limit values, computing them within b (nil: no work
// limit but ctx), in doubling steps that stop as soon as a period is proven. It returns an
// error only when ctx is done, b stops, or a limit of the engine's stops the values.
func (e *Engine) Prove(ctx context.Context, limit int, b *Budget) (Period, bool, error) {
	if s := e.load(); s.period.Period > 0 {
		return s.period, true, nil
	}
	if !e.pl.provable {
		return Period{}, false, nil
	}
	if b == nil {
		b = newBudget(ctx)
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
				e.snap.Store(&Snapshot{vals: s.vals, big: s.big, max: s.max, period: p, spl: e.spl})
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

// Step extends the values by one step of a run (see stepSize), or until ctx is done, and looks
// for a period. It reports whether the run is over: a period is proven or the limit is
// reached. Its error is ctx's when ctx is done first, or an engine's limit.
func (e *Engine) Step(ctx context.Context, limit int) (bool, error) {
	if err := e.acquire(ctx); err != nil {
		return false, err
	}
	defer e.release()
	s := e.load()
	if s.period.Period > 0 {
		return true, nil
	}
	n := min(limit, len(s.vals)+stepSize(len(s.vals)))
	s, err := e.extendLocked(n, limit, newBudget(ctx))
	if err != nil {
		return false, err
	}
	if !e.pl.provable {
		return len(s.vals) >= limit, nil
	}
	if p, ok := e.findPeriod(s); ok {
		e.snap.Store(&Snapshot{vals: s.vals, big: s.big, max: s.max, period: p, spl: e.spl})
		return true, nil
	}
	return len(s.vals) >= limit, nil
}

// stepSize returns how many values a step of a run adds to have values: as many again while
// there are fewer than 2^14 (at least 64), so that a period proven by a few values is proven
// after a few short steps and a few milliseconds; then 2^14 at a time, then have/16, at most
// 2^22. A step costs one period search, O(have) at worst, so the searches cost O(1) per value
// once steps reach have/16 and O(log have) steps before that; with two heaps or more, a search
// costs O(have) only when the values have doubled since the last that did (periodFinder).
func stepSize(have int) int {
	return min(max(have, runFirstStep), max(have/16, 1<<14), 1<<22)
}

// runFirstStep is the size of a run's first step.
const runFirstStep = 64

// Apparent returns the regularity that the first n values of s show (see FindApparent). In a
// spilled run only the periods that its proofs look for are candidates (SpillTuning.Period,
// 2^22 by default), whose first pairs are in memory: a candidate read from the file costs a
// read of it, and there are n/3 of them.
func (s *Snapshot) Apparent(n int) (Period, bool) {
	if s.spl == nil && len(s.big) == 0 {
		return FindApparent(s.vals[:n])
	}
	if s.spl == nil {
		return apparentAt(n, n, func(i int) int { return valueOf(s.big, i, s.vals[i]) })
	}
	r := s.spl.reader(s.vals)
	return apparentAt(n, s.spl.tune.period, func(i int) int { return valueOf(s.big, i, r.at(i)) })
}

// FindPeriod returns the least (n0, p) that the periodicity theorem proves from g, for a code
// whose last non-zero digit is d_t and whose moves leave at most k heaps, by the obvious
// search: the reference for the incremental one.
func FindPeriod(g []uint16, t, k int) (Period, bool) { return findPeriod(g, t, k) }

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
			return Period{Preperiod: n0, Period: p}, true
		}
	}
	return Period{}, false
}

// periodFinder searches for the least proven period incrementally: a search over N values
// tests each candidate period p from the top down until the first disagreement, and for the
// candidates that agree over a long stretch it remembers the last disagreement, so that a later
// search over more values compares only the new ones. A search that looks at every candidate
// costs O(N/k) for those that fail at once plus O(new values) for each remembered one; no value
// pair is compared twice for a remembered candidate. Such a search is needed only once the
// values have grown k-fold since the last (see seen and full); the others look at the
// remembered candidates and the new ones alone. Once the values turn periodic with some
// period d, every multiple of d agrees back to where d does, so the search starts each
// multiple's comparisons there ("bases" below) instead of at the top: without that, the many
// multiples of a short period cost O(N) each until the proof (0.376, period 4, spent most of
// its time there). The zero periodFinder is ready to use.
type periodFinder struct {
	deep  []agreement // the remembered candidates, by ascending period
	spare []agreement // scratch: the next search's deep
	bases []base      // scratch: this search's candidates that agree over a long stretch
	// seen is the largest candidate every search has looked at; full is the number of values
	// of the last search, in memory, that looked at every candidate to the end and remembered
	// all that agree over deepRun values (0: none, or a search since that did not). A
	// candidate it did not remember disagrees at some i > full-p-1-deepRun, so that it proves
	// nothing while n <= k(full-deepRun)+t: until then a search looks only at the remembered
	// candidates and those above seen. So the candidates that fail at once cost a run O(1/k)
	// a value, where a complete search every step of have/16 values (stepSize) cost O(16/k).
	seen, full int
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
	first := firstPairs(n, t, k)
	partial := r == nil && k >= 2 && f.full > 0 && n <= k*(f.full-deepRun)+t
	complete := true // every candidate that agrees over deepRun values is remembered
	for p := 1; p <= pmax; p++ {
		if partial && p <= f.seen && (j >= len(old) || old[j].p != p) {
			// Neither remembered nor new: it proves nothing yet (see periodFinder).
			next := f.seen + 1
			if j < len(old) {
				next = min(next, old[j].p)
			}
			p = next - 1
			continue
		}
		// Skip the candidates that are neither remembered nor a multiple of a base and fail at
		// one of their first pairs (see firstPairs): they prove nothing, and their agreement is
		// too short to be remembered. skipUnequal reads down to n-stop-4, in memory (at floor or
		// above) by the bound on stop; the candidates above it are compared in full.
		stop := min(pmax, nextMul-1, n-4-floor)
		if j < len(old) {
			stop = min(stop, old[j].p-1)
		}
		if p <= stop && first != 0 {
			if p = skipUnequal(g, p, stop, first); p > pmax {
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
		if !partial && !multiple && len(f.bases) < baseMost && n-p-1-last >= baseRun {
			f.bases = append(f.bases, base{d: p, last: last, next: 2 * p})
			nextMul = min(nextMul, 2*p)
		}
		if ok || (n-p-1-i >= deepRun && len(deep)+len(old)-j < deepMost) {
			deep = append(deep, agreement{p: p, last: last, upto: n})
		} else if n-p-1-i >= deepRun {
			complete = false // not remembered: no list is left to skip it by
		}
		if n0 := last + 1; n >= k*(n0+p)+t {
			deep = append(deep, old[j:]...)
			f.seen, f.full = max(f.seen, p), 0 // looked at up to p only
			return Period{Preperiod: n0, Period: p}, true
		}
	}
	deep = append(deep, old[j:]...)
	f.seen = max(f.seen, pmax)
	switch {
	case !complete || r != nil:
		f.full = 0 // a spilled search looks only up to r.pmax: the next must look at all
	case !partial:
		f.full = n
	}
	return Period{}, false
}

// findPeriod is find for the values of s, under e's lock.
func (e *Engine) findPeriod(s *Snapshot) (Period, bool) {
	var r *spillView
	if sp := e.spl; sp != nil && sp.on {
		r = &spillView{spillReader: sp.reader(s.vals), floor: int(sp.floor.Load()), pmax: sp.tune.period}
		if f := int(sp.front.Load()); f == math.MaxInt {
			r = nil // every value is in memory again
		}
	}
	p, ok := e.per.find(s.vals, e.pl.t, e.pl.heaps, r)
	if r != nil && r.err != nil {
		return Period{}, false // a value could not be read back: no proof
	}
	if ok && !agreeBig(s.vals, s.big, p) {
		return Period{}, false // large values that the stored values do not tell apart: no proof
	}
	return p, ok
}

// agreeBig reports whether the pairs (a, a+p.Period) from p.Preperiod on in g that involve an
// entry of big, whose stored values agree, agree in value too. It costs O(len(big)·log(len(big))).
func agreeBig(g []uint16, big []Big, p Period) bool {
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

// FindApparent returns the least arithmetic period that g shows: the least period p, then the
// least preperiod n0, such that G(n+p) = G(n) + s for every n0 <= n < N-p with one saltus s,
// seen over at least three periods and with N >= 2(n0+p) values. It costs O(N) per candidate
// period.
func FindApparent(g []uint16) (Period, bool) {
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

// apparentAt is FindApparent for the n values that at returns, with the periods up to pmax.
func apparentAt(n, pmax int, at func(int) int) (Period, bool) {
	for p := 1; 3*p <= n && p <= pmax; p++ {
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

// firstPairs returns the lanes of the 64-bit words that skipUnequal compares: the first pairs,
// up to four, at which a candidate that fails proves nothing. A candidate p whose first
// disagreement is its pair j, at n-p-1-j, has n0+p = n-j, and the theorem proves a period only
// when n >= k(n0+p)+t: with k >= 2 heaps never for j < (n+t)/2, four pairs once n >= 8; with
// k = 1 only for j >= t.
func firstPairs(n, t, k int) uint64 {
	j := 4
	if k < 2 {
		j = min(t, 4)
	} else if n < 8 {
		j = 0
	}
	return ^uint64(0) << (16 * (4 - j)) // 0 when j = 0
}

// skipUnequal returns the least q from p to stop whose first pairs agree, G(n-q-1-j) =
// G(n-1-j) for j < 4 (n = len(g)) in the lanes of lanes (the top one is j = 0), or stop+1 when
// there is none. It passes the candidates that fail at their first pair four at a time, with
// the lanes of a 64-bit word (a lane of w is zero, for w = x ^ c in every lane, exactly when
// (w - 1 in every lane) &^ w has the lane's top bit, the lowest such lane at least), and
// compares the first pairs of the others as one word each. p must be at least 1, stop at most
// n-4, and lanes must hold the top lane.
func skipUnequal(g []uint16, p, stop int, lanes uint64) int {
	const ones, tops = 0x0001_0001_0001_0001, 0x8000_8000_8000_8000
	n := len(g)
	last := pack4(g[n-4], g[n-3], g[n-2], g[n-1])
	cc := uint64(g[n-1]) * ones
	for p <= stop {
		if p+3 <= stop {
			i := n - p - 4 // g[i+3] is G(n-p-1), g[i] is G(n-(p+3)-1)
			if w := pack4(g[i], g[i+1], g[i+2], g[i+3]) ^ cc; (w-ones)&^w&tops == 0 {
				p += 4 // none of p to p+3 agrees at its first pair
				continue
			}
		}
		for e := min(p+3, stop); p <= e; p++ {
			i := n - p - 4
			if (pack4(g[i], g[i+1], g[i+2], g[i+3])^last)&lanes == 0 {
				return p
			}
		}
	}
	return p
}
