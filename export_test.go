package kayles

import (
	"io"
)

// FindPeriod exposes the periodicity search to the tests.
func FindPeriod(g []uint16, t, k int) (Period, bool) { return findPeriod(g, t, k) }

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

// FindApparent exposes the apparent-period search to the tests.
func FindApparent(g []uint16) (Period, bool) { return findApparent(g) }

// DigitAllows reports whether digit i of o lets a move leave exactly k heaps, and its rule.
func DigitAllows(o *Octal, i, k int) (bool, byte) {
	d := o.plan().digit(i)
	return d.allows(k), d.rule
}

// This file exposes internals to the tests of package kayles.

// referenceValues returns G(0..n-1) computed from scratch by the reference engine (the
// quadratic mex that lists every option), without touching o's cache.
func referenceValues(o *Octal, n int) []uint16 {
	return valuesBy(func(g []uint16, n int, seen []uint64) int { return o.plan().mex(g, n, seen, nil) }, n)
}

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

// fixedMaskValues returns G(0..n-1) computed by the rare/common engine with the mask and
// parity bit fixed from the first value on, however poor they are.
func fixedMaskValues(o *Octal, n int, mask uint16, c int) []uint16 {
	s := newSparse(o.plan(), nil)
	s.on, s.mask, s.c = true, mask, c
	s.chooseAt, s.rareAt = 1<<62, 1<<62
	g := make([]uint16, 0, n)
	top := 0
	for len(g) < n {
		v := s.next(o.plan(), g, top)
		if v > maxValue {
			break
		}
		g = append(g, uint16(v))
		top = max(top, v)
	}
	return g
}

// sparseState reports the rare/common engine's mask, parity bit, whether it is in use and how
// many times it was chosen, for o's cache.
func sparseState(o *Octal) (mask uint16, c int, on bool, choices int) {
	o.eng.lock <- struct{}{}
	defer o.eng.release()
	if s := o.eng.sp; s != nil {
		return s.mask, s.c, s.on, s.choices
	}
	return 0, 0, false, 0
}

// BigValue is an entry of the side table of values above 65535: heap At has value V.
type BigValue = bigValue

func NewBigValue(at, v int) BigValue { return bigValue{at, v} }

// DecodeCheckpoint and EncodeCheckpoint expose the checkpoint format to the fuzz tests.
func DecodeCheckpoint(r io.Reader) (code string, vals []uint16, big []BigValue, reason string, err error) {
	return decodeCheckpoint(r, -1)
}

func EncodeCheckpoint(w io.Writer, code string, vals []uint16, big []BigValue) error {
	return encodeCheckpoint(w, code, vals, big)
}

// PeriodSearch runs the incremental period search over the prefixes of g from half its length
// to all of it, in eight steps as Run takes them, and returns the last answer.
func PeriodSearch(g []uint16, t, k int) (p Period, ok bool) {
	var f periodFinder
	for n := len(g) / 2; n <= len(g); n += len(g) / 16 {
		p, ok = f.find(g[:n], t, k, nil)
	}
	return p, ok
}

// Modifiers on the rare/common engine (issue 7).

// generalValues returns G(0..n-1) computed from scratch by the general engine of
// general.go, the reference for every code, without touching o's cache.
func generalValues(o *Octal, n int) []uint16 {
	return valuesBy(func(g []uint16, n int, seen []uint64) int {
		return o.plan().mexGeneral(g, nil, n, seen, nil, generalWeight)
	}, n)
}

// earlyMaskValues returns G(0..n-1) computed by the rare/common engine with the mask first
// chosen at start values instead of sparseStart, and the number of values computed with a
// mask in use (rare lists walked).
func earlyMaskValues(o *Octal, n, start int) (g []uint16, sparse int) {
	s := newSparse(o.plan(), nil)
	s.chooseAt = start
	g = make([]uint16, 0, n)
	top := 0
	for len(g) < n {
		v := s.next(o.plan(), g, top) // chooses the mask first when due
		if v > maxValue {
			break
		}
		if s.on && len(s.takes) > 0 {
			sparse++
		}
		g = append(g, uint16(v))
		top = max(top, v)
	}
	return g, sparse
}

// MexGeneralValues exposes generalValues (mexGeneral for every code, plain ones included) to
// the fuzz tests.
func MexGeneralValues(o *Octal, n int) []uint16 { return generalValues(o, n) }

// EncodeSpill writes code, vals and big, their side table, in the spill format of version
// (2 or 4), as a run writes them: whole records, then the last values in a short one.
func EncodeSpill(code string, version uint32, vals []uint16, big []BigValue) []byte {
	b := spillHeader(code, version)
	crc := crc32Tail(b)
	for i := 0; i < len(vals); i += spillRecord {
		end := min(i+spillRecord, len(vals))
		in := bigBelow(big, end)
		b, crc = appendRecord(b, crc, vals[i:end], i, in[len(bigBelow(in, i)):])
	}
	return b
}

// ScanSpill reads a spill file: its code, its version, its values and their side table, and
// whether a last record cut short was left out.
func ScanSpill(r io.Reader) (code string, version uint32, vals []uint16, big []BigValue, torn bool, reason string, err error) {
	sc, reason, err := scanSpill(r, func(v []uint16, b []bigValue) error {
		vals, big = append(vals, v...), append(big, b...)
		return nil
	})
	return sc.code, sc.version, vals, big, sc.torn, reason, err
}
