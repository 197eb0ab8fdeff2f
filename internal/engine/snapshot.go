package engine

import (
	"iter"
	"math"
)

// This file implements snapshots: the values of an engine at one moment, read without a lock.

// A Snapshot is the values of an engine at one moment, and the period proven then. It is never
// modified once published, and safe for concurrent use. vals may share its backing array with
// a later snapshot, which only writes beyond len(vals). With a non-zero period, vals hold at
// least G(0), ..., G(Preperiod+Period-1) and every further value follows from them.
//
// A value above direct is bigStored in vals and its entry in big (large.go), which grows as vals
// does. In a spilled run (spl not nil) part of vals is only in the file: value reads them, and
// nothing else may read vals directly.
type Snapshot struct {
	vals   []uint16
	big    []Big
	max    int // the largest value in vals
	period Period
	spl    *spill
}

// Len returns how many values the snapshot holds: G(0), ..., G(Len()-1).
func (s *Snapshot) Len() int { return len(s.vals) }

// Max returns the largest value held.
func (s *Snapshot) Max() int { return s.max }

// Period returns the proven period, or the zero Period.
func (s *Snapshot) Period() Period { return s.period }

// Large returns how many of the values held are above the engine's direct (Settings.Direct,
// 65535 by default), each with an entry in the side table.
func (s *Snapshot) Large() int { return len(s.big) }

// Spilled returns the path of the file a spilled run keeps its values in, or "".
func (s *Snapshot) Spilled() string {
	if s.spl == nil {
		return ""
	}
	return s.spl.path
}

// Value returns G(n) and true when the snapshot knows it: held, or given by the period (unless
// it does not fit an int). It costs O(1), O(log k) for one of k values above 65535, or a read
// of the file for a value of a spilled run that is only there.
func (s *Snapshot) Value(n int) (int, bool) {
	if s.spl != nil {
		if n >= len(s.vals) && s.period.Period > 0 {
			n = s.period.fold(n) // a spilled run proves only periods without saltus
		}
		if n < len(s.vals) {
			w, ok := s.spl.stored(s.vals, n)
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

// All returns the values held, in order, read from memory, or for a spilled run from memory
// and the file (a value that cannot be read back ends the sequence).
func (s *Snapshot) All() iter.Seq2[int, int] {
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

// fold maps heap n to the heap below Preperiod+Period in the same place of the period: the
// heap with the same value when Saltus is 0; otherwise at adds the growth.
func (p Period) fold(n int) int {
	if n < p.Preperiod+p.Period {
		return n
	}
	return p.Preperiod + (n-p.Preperiod)%p.Period
}

// at returns G(n) from vals and big, their side table, which hold at least G(0), ...,
// G(Preperiod+Period-1): the value of heap fold(n) plus Saltus for each whole period between
// fold(n) and n. It returns false when that value does not fit an int. p must be non-zero.
func (p Period) at(vals []uint16, big []Big, n int) (int, bool) {
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
