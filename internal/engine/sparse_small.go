package engine

import "math/bits"

// This file implements the rare/common mex for small values: while every value is below 64,
// so is every option's, and the options of a heap are a 64-bit set held in a register.

// mexSmall is mex for a heap n = len(g) whose parts' values are all below 64: the same marks
// as mex (markLeaves, markRare), each an OR into one word where mex stores a byte, and the
// same search for the searched values missing below the least listed one. It falls back to
// mex when every listed value below 64 is an option (then the mex is 64 or more).
func (s *sparse) mexSmall(o *plan, g []uint16) int {
	n := len(g)
	set := s.leavesSmall(o, g, n)
	if rare, t := s.rare, s.takes; len(rare) > 0 && t[len(t)-1]-t[0] < splitRing &&
		int(rare[len(rare)-1]) < min(partHeaps, (n-t[len(t)-1]+1)/2) {
		set |= s.rareSmall(g, n)
	} else {
		set |= s.rareSmallEach(g, n)
	}
	s.classes(64)
	listed := s.smallClass // class 1: popcount(v&M) odd
	if s.searched(n) == 1 {
		listed = ^listed
	}
	free := ^set & listed
	if free == 0 {
		return s.mex(o, g, optionWords(63))
	}
	cand := bits.TrailingZeros64(free)
	if s.want == nil {
		s.want = new(wanted)
	}
	missed := ^set &^ listed & (1<<cand - 1)
	if missed == 0 {
		return cand
	}
	lo, whole := 1, (n-s.takes[0])/2+1
	if s.vectorTakes() && len(s.takes) <= 3 && s.plans[s.searched(n)] == nil {
		var found uint64
		if found, lo = s.takesSmall(g, n, whole, missed); found == missed {
			return cand
		}
		missed &^= found
	}
	need := s.want.putSmall(missed, s.needs[:0]) // listed for every code: few, and cheaper than a test
	s.needs = need
	return s.search(g, n, lo, whole, s.want, &s.tail, need, len(need), cand, 0)
}

// takesSmall looks for the values of missed (below 63) among the splits (a, m-a) of the one to
// three takes of heap n, a from 1, as search would, but in the vector scan of the takes only
// and with the values as a set, not in want: it returns those it found and the first a it did
// not look at, a multiple of 32 heaps on (1 when it looked at none). Most searches of 0.1777
// end within its first 32 heaps, and so cost no more than one call. For one take it compares
// the few values wanted (two for most heaps of 0.16) with each split, where scanUp looks each
// split up in a set of 1,024 values: a third of the time of 0.16.
func (s *sparse) takesSmall(g []uint16, n, hi int, missed uint64) (found uint64, lo int) {
	c := (s.takesEnd(n, s.reach(hi)) - 1) &^ 31
	if c == 0 {
		return 0, 1
	}
	var vals [63]uint16
	count := 0
	for b := missed; b != 0; b &= b - 1 {
		vals[count] = uint16(bits.TrailingZeros64(b))
		count++
	}
	b, d1, d2 := s.takesParts(n)
	got, done := s.takesVector(&g[1], &g[b-32], d1, d2, c, &vals, count)
	if got == 1<<count-1 { // all of them, as most searches end
		return missed, 1 + done
	}
	for ; got != 0; got &= got - 1 {
		found |= 1 << vals[bits.TrailingZeros64(got)]
	}
	return found, 1 + done
}

// leavesSmall returns the set of the values below 64 of heap n's moves that markLeaves marks.
func (s *sparse) leavesSmall(o *plan, g []uint16, n int) uint64 {
	var set uint64
	for _, i := range o.whole {
		if i == n {
			set |= 1
		}
	}
	for _, i := range o.leave1 {
		if i < n && n-i < len(g) {
			set |= 1 << (g[n-i] & 63)
		}
	}
	for _, i := range o.equal {
		if m := n - i; m >= 2 && m%2 == 0 {
			set |= 1
		}
	}
	return set
}

// rareSmall returns the set of the values of the splits (r, n-t-r) of heap n for every rare
// heap r and every take t, the values being below 64: the union of S(n-t) over the takes,
// where S(m) is the set of the values G(r) ^ G(m-r). Since S(m) depends on m only (and the rare
// heaps), heap n computes S(n-t) for its least take and, when the heaps before it came this
// way too, finds the others among those they computed: with takes 2, 3 and 4 (0.1777), S(n-3)
// and S(n-4) are heap n-1's S((n-1)-2) and heap n-2's. The part of the rare heaps r >=
// splitBatch is known splitBatch values of m ahead, and computed so (farSplits). The takes are
// ascending; every r must be below partHeaps and below every take's m/2 (no split to leave
// out, none beyond m), and the takes should span less than splitRing (else each S(m) is
// computed anew); rareSmallEach does the rest.
func (s *sparse) rareSmall(g []uint16, n int) uint64 {
	c := &s.splits
	if c.mask != s.mask || c.c != s.c || c.count != len(s.rare) {
		// Other rare heaps. s.rare always lists every rare heap of the split (mask, c) from 1
		// up to some heap (record appends them in order; choose and a resumed spill list them
		// again from 1), so that the split and their count tell which they are.
		parts := c.parts[:0]
		near := 0
		for _, r := range s.rare {
			parts = append(parts, uint32(g[r])<<partShift|uint32(r))
			if r < splitBatch {
				near++
			}
		}
		*c = smallSplits{mask: s.mask, c: s.c, count: len(s.rare), parts: parts, near: near}
	}
	var set uint64
	for _, t := range s.takes {
		m := n - t
		k := m % splitRing
		if c.m[k] != m {
			if c.farM[k] != m {
				c.farSplits(g, m, s.vector)
			}
			c.m[k], c.set[k] = m, c.far[k]|splitsSmall(g[:m], c.parts[:c.near])
		}
		set |= c.set[k]
	}
	return set
}

// smallSplits is what rareSmall keeps: S(m) for the last splitRing m computed, under one set of
// rare heaps, and the part of S(m) from the rare heaps r >= splitBatch for up to splitBatch m
// ahead. The zero value holds none.
type smallSplits struct {
	mask  uint16 // the split (mask, c) of the rare heaps, and their count
	c     int
	count int
	parts []uint32       // G(r)<<partShift | r for each rare heap r, ascending
	near  int            // parts[:near] are the rare heaps below splitBatch
	m     [splitRing]int // set[m % splitRing] is S(m), when m[m % splitRing] is m (m > 0)
	set   [splitRing]uint64
	farM  [splitRing]int // far[m % splitRing] is S(m) of parts[near:], when farM[...] is m
	far   [splitRing]uint64
}

// splitRing is the number of m whose S(m) rareSmall keeps.
const splitRing = 64

// splitBatch is the number of m, m+1, ... whose part of S(m) from the rare heaps r >=
// splitBatch farSplits computes at once: G(m+j-r) is known for j < splitBatch once G(m-1) is.
const splitBatch = 8

// farSplits computes the part of S(m+j), j < splitBatch, from the rare heaps r >= splitBatch,
// reading G(m+j-r), all below m. A rare heap's eight values are adjacent in g: in Go a split
// costs a load, an XOR, a table's bit and an OR (about half splitsSmall's instructions), and
// farSplitsAVX2, which runs for the AVX2 and AVX-512 scans where AVX2 runs, takes four a step.
func (c *smallSplits) farSplits(g []uint16, m int, vector Vector) {
	var sets [splitBatch]uint64
	far := c.parts[c.near:]
	// The kernel reads g[m-r:][:splitBatch] unchecked: it lies in g[:m] for the far r, from
	// splitBatch on (ascending), when the last is at most m and m at most len(g).
	if (vector == VectorAVX2 || vector == VectorAVX512) && VectorAVX2.Runs() && len(far) > 0 &&
		int(far[len(far)-1]&(partHeaps-1)) <= m && m <= len(g) {
		farSplitsAVX2(&far[0], len(far), &g[m-splitBatch], &sets)
	} else {
		sets = farSplitsGo(g, m, far)
	}
	for j, set := range sets {
		k := (m + j) % splitRing
		c.farM[k], c.far[k] = m+j, set
	}
}

// farSplitsGo is farSplits in Go.
func farSplitsGo(g []uint16, m int, far []uint32) [splitBatch]uint64 {
	var s0, s1, s2, s3, s4, s5, s6, s7 uint64
	for _, p := range far {
		v := uint16(p >> partShift)
		h := g[m-int(p&(partHeaps-1)):][:splitBatch]
		s0 |= valueBit[(h[0]^v)&63]
		s1 |= valueBit[(h[1]^v)&63]
		s2 |= valueBit[(h[2]^v)&63]
		s3 |= valueBit[(h[3]^v)&63]
		s4 |= valueBit[(h[4]^v)&63]
		s5 |= valueBit[(h[5]^v)&63]
		s6 |= valueBit[(h[6]^v)&63]
		s7 |= valueBit[(h[7]^v)&63]
	}
	return [splitBatch]uint64{s0, s1, s2, s3, s4, s5, s6, s7}
}

// valueBit holds 1 << v for each v below 64.
var valueBit = func() (b [64]uint64) {
	for v := range b {
		b[v] = 1 << v
	}
	return b
}()

// A part packs a rare heap r below partHeaps and its value, below 64, into 32 bits.
const (
	partShift = 26
	partHeaps = 1 << partShift
)

// splitsSmall returns the part of S(m), m = len(h), from the rare heaps given by parts (those
// below splitBatch, which farSplits leaves: a few), every r at least 1 and below m/2, the
// values being below 64.
func splitsSmall(h []uint16, parts []uint32) uint64 {
	m := len(h)
	var set uint64
	for _, p := range parts {
		set |= valueBit[(uint16(p>>partShift)^h[m-int(p&(partHeaps-1))])&63]
	}
	return set
}

// rareSmallEach is rareSmall take by take, for any rare heaps and takes: the rare heaps below
// each take's m, but m/2 for a take that forbids two equal heaps.
func (s *sparse) rareSmallEach(g []uint16, n int) uint64 {
	var set uint64
	for j, i := range s.takes {
		m := n - i
		if m < 2 {
			continue
		}
		skip := -1 // m/2 + m/2 is not a move of a take that forbids equal heaps
		if s.unequal[j] && m%2 == 0 {
			skip = m / 2
		}
		h := g[:m]
		for _, r := range s.rare[:rareBelow(s.rare, m)] {
			if int(r) != skip {
				set |= 1 << ((h[r] ^ h[m-int(r)]) & 63)
			}
		}
	}
	return set
}
