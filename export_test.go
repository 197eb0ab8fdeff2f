package kayles

import (
	eng "github.com/octalgames/kayles/internal/engine"
)

// FindPeriod exposes the periodicity search (internal/engine) to the tests.
func FindPeriod(g []uint16, t, k int) (Period, bool) {
	p, ok := eng.FindPeriod(g, t, k)
	return periodOf(p), ok
}

// LaskersNimValue is the closed form of Lasker's Nim that its winning moves use.
var LaskersNimValue = laskersNimValue

// LaskersNimSplits returns the splits of a heap of h into a and h-a, a <= h-a, whose values
// in Lasker's Nim have nim-sum t, as laskersNimSplits solves for them; at most most of them.
func LaskersNimSplits(h, t, most int) []int {
	var as []int
	laskersNimSplits(h, t, func(a int) bool {
		as = append(as, a)
		return len(as) < most
	})
	return as
}

// ReferenceValues returns G(0..n-1) of o computed from scratch by the reference mex (the
// general engine for codes with a tail), past any closed form and without touching o's cache.
func ReferenceValues(o *Octal, n int) []int {
	var vals []int
	for _, v := range referenceValues(o, n) {
		vals = append(vals, int(v))
	}
	return vals
}

// This file exports internals to the tests of package kayles_test.

// Misère play (issue 4).

// MisereSearchWins reports whether the player to move wins p in misère play, by the memoised
// search, even for Kayles, whose methods use the Sibert–Conway rule instead.
func MisereSearchWins(o *Octal, p Position) bool {
	q, _ := o.plan().misereForm(p)
	win, _ := o.misereWins(q, nil)
	return win
}

// FindApparent exposes the apparent-period search (internal/engine) to the tests.
func FindApparent(g []uint16) (Period, bool) {
	p, ok := eng.FindApparent(g)
	return Period{Preperiod: p.Preperiod, Period: p.Period, Saltus: p.Saltus}, ok
}

// DigitAllows reports whether digit i of o lets a move leave exactly k heaps, and its rule.
func DigitAllows(o *Octal, i, k int) (bool, byte) {
	d := o.plan().digit(i)
	return d.allows(k), d.rule
}

// This file exposes internals to the tests of package kayles.

// referenceValues returns G(0..n-1) computed from scratch by the reference engine (the
// quadratic mex that lists every option: the engine's for plain codes, the general engine's
// for others), without touching o's cache.
func referenceValues(o *Octal, n int) []uint16 {
	if !o.plan().plain {
		return generalValues(o, n)
	}
	return valuesBy(func(g []uint16, n int, seen []uint64) int { return o.eng.e.Mex(g, n, seen) }, n)
}

// tunedOctal returns a fresh Octal of code, not interned (so no other Octal shares its values),
// whose engine has the settings set.
func tunedOctal(code string, set eng.Settings) *Octal {
	pl := MustParseOctal(code).plan()
	return &Octal{eng: newEngine(pl, set), limits: Limits{}.withDefaults(), memo: newSearchMemo(DefaultMemoBytes)}
}

// engineStats returns the counts of o's engine.
func engineStats(o *Octal) eng.Stats {
	st, _ := o.eng.e.Stats(ctx)
	return st
}

// maxValue is the largest value that the fast engines compute.
const maxValue = 1<<16 - 1

// valuesBy returns G(0..n-1), or fewer when a value exceeds maxValue, computed from scratch by
// mex, which returns G(len(g)) from g with seen as its scratch bitset.
func valuesBy(mex func(g []uint16, n int, seen []uint64) int, n int) []uint16 {
	g := make([]uint16, 0, n)
	seen := make([]uint64, 1<<16/64+1)
	for len(g) < n {
		v := mex(g, len(g), seen)
		if v > maxValue {
			break
		}
		g = append(g, uint16(v))
	}
	return g
}

// Modifiers on the rare/common engine (issue 7).

// generalValues returns G(0..n-1) computed from scratch by the general engine of
// general.go, the reference for every code, without touching o's cache.
func generalValues(o *Octal, n int) []uint16 {
	return valuesBy(func(g []uint16, n int, seen []uint64) int {
		return o.plan().mexGeneral(g, nil, n, seen, nil, generalWeight)
	}, n)
}

// MexGeneralValues exposes generalValues (mexGeneral for every code, plain ones included) to
// the fuzz tests.
func MexGeneralValues(o *Octal, n int) []uint16 { return generalValues(o, n) }
