package engine

import (
	"math/bits"
	"slices"
)

// This file implements the rare/common ("sparse space") engine for codes whose moves leave at most two heaps.

// The method (Winning Ways ch. 4, "Sparse space spells speed"; Flammenkamp): fix a mask M and a
// parity bit c, and call heap a rare when popcount(G(a)&M) + c·(a-s) is even, common when odd
// (s is the least splitting take; its parity is all that matters). For a
// split of m = a + b tokens into heaps a and b with value v = G(a)^G(b),
//
//	popcount(v&M) + c·m ≡ q(a) + q(b)  (mod 2),
//
// where q is the rarity bit above. So a value whose class popcount(v&M) + c·m is odd arises only
// from a split with one rare part, and the engine lists those exactly by walking the (few) rare
// heaps. Values of the other class, "searched" values, are looked for only below the least
// missing listed value, by a scan of all splits that stops as soon as each is found (in the
// order of a plan once there are many values, sparse_order.go). The parity bit c may be 1
// only when all splitting takes share a parity, so that m mod 2 is the same for every split
// of a heap. Any mask gives exact values; a poor one only costs speed.
//
// Modifiers keep this exact. A take with ! or ? may not leave a == m-a: leaving out such pairs
// from the walk and the scan leaves every other split's class as above, so a listed value of
// the allowed splits still comes only from one with a rare part. A take with = has one split,
// a == m-a, of value 0: it is marked directly, like a move that leaves one heap, and so it
// neither enters the walk nor the parity condition on the takes.

const (
	// sparseStart is how many values are computed by the reference mex before a mask is chosen.
	sparseStart = 256
	// sparseDense: a mask is used only when fewer than 1/sparseDense of the heaps are rare;
	// with more, walking the rare heaps saves too little and the full scan is used.
	sparseDense = 3
)

// sparse holds the state of the rare/common engine for one rule set. It belongs to an engine
// and is used only under the engine's mutex.
type sparse struct {
	takes     []int  // the takes with flag 4, ascending, except those with modifier =
	unequal   []bool // unequal[j]: takes[j] may not leave two equal heaps (modifier ! or ?)
	canParity bool   // all takes share a parity, so c = 1 is allowed

	on   bool   // a mask is in use and rare lists the rare heaps
	mask uint16 // M
	c    int    // the parity bit c, 0 or 1
	rare []int32

	hist     [2][]uint32 // hist[a&1][v]: how many heaps a >= 1 have value v
	top      int         // the largest value counted in hist
	chooseAt int         // how many values there are when the mask is chosen again
	rareAt   int         // how many rare heaps there are when the mask is chosen again
	best     int         // the rare count under the mask chosen last (whether on or not)
	choices  int         // how many times the mask was chosen (for tests)

	two pairState // the two-core engine's state between extensions

	// front, when not 0, bounds the searched splits to heaps a < front (the values from front
	// on may be on disk only, spill.go): a search that the bound cuts short with values still
	// missing returns -1, the heap is not recorded, and cut is set until the next extension
	// (extendPairs clears it), so that every loop over heaps stops there.
	front int
	cut   bool
	// low, in a spilled run, is the least value of the tail in memory: the values from front
	// to low are in the file only, and the mirrors (sparse_blockscan.go) copy nothing below it.
	low int

	class      []uint8          // class[v] = popcount(v&M) mod 2
	smallClass uint64           // class[v] as bit v for v below 64, for mexSmall
	splits     smallSplits      // the rare splits of the last heaps, for mexSmall
	seen       []uint64         // scratch bitset of option values, for the reference mex
	mark       *[markSize]uint8 // mark[v] == stamp: v is an option of the current heap
	want       *wanted          // the searched values still to be found
	stamp      uint8
	needs      []uint16 // scratch list of the searched values missing below the candidate
	tail       mirror   // the recent values, for the scan
	blk        blocks   // the block engine's marks

	plans    [2]*scanPlan // plans[searched]: the order of the scans (sparse_order.go), or nil
	planAt   int          // how many values there are when the plans are made again (0: at once)
	ordering orderTuning  // the plans' sizes: defaultOrder, unless a test forces others
	vector   Vector       // the code of the scans (Settings.Vector): never VectorBest
}

// newSparse returns the sparse state for o, counting the values g already computed.
func newSparse(o *plan, g []uint16) *sparse {
	s := &sparse{takes: o.leave2, canParity: true, chooseAt: max(sparseStart, len(g))}
	for _, i := range s.takes {
		if i%2 != s.takes[0]%2 {
			s.canParity = false
		}
		s.unequal = append(s.unequal, slices.Contains(o.unequal, i))
	}
	for a := 1; a < len(g); a++ {
		s.count(a, g[a])
	}
	return s
}

// count adds heap a of value v to the histogram.
func (s *sparse) count(a int, v uint16) {
	h := &s.hist[a&1]
	if int(v) >= len(*h) {
		size := 64 << bits.Len(uint(v)>>6)
		for k := range s.hist {
			s.hist[k] = append(s.hist[k], make([]uint32, size-len(s.hist[k]))...)
		}
	}
	(*h)[v]++
	s.top = max(s.top, int(v))
}

// isRare reports whether heap a of value v is rare under the current mask and parity bit.
func (s *sparse) isRare(a int, v uint16) bool {
	return rare(v, s.mask, s.c, a, s.offset())
}

// offset is the least splitting take, whose parity the rarity of a heap is measured from when
// c = 1 (all takes share it).
func (s *sparse) offset() int {
	if len(s.takes) == 0 {
		return 0
	}
	return s.takes[0]
}

// rare reports whether heap a of value v is rare: popcount(v&mask) + c·(a-s) is even. Taking
// the parity from a-s rather than a keeps the common heaps' values in the listed class when
// the takes are odd; otherwise every common heap would need a full scan.
func rare(v, mask uint16, c, a, s int) bool {
	return (bits.OnesCount16(v&mask)+c*(a-s))%2 == 0
}

// prepare chooses a mask and makes the scan plans where they are due, before heap len(g) is
// computed, outside any window of the two-core engine. It is called for every heap, and
// inlined: the test is due's, with the plans' count beside chooseAt.
func (s *sparse) prepare(g []uint16) {
	if len(g) >= min(s.chooseAt, s.planAt) || s.on && len(s.rare) >= s.rareAt {
		s.prepareSlow(g)
	}
}

// prepareSlow is prepare once a mask or the plans are due.
func (s *sparse) prepareSlow(g []uint16) {
	if s.due(len(g)) {
		s.choose(g)
	}
	if len(g) >= s.planAt {
		s.plan(g)
	}
}

// due reports whether a mask is chosen before heap n is computed: every engine chooses one
// there, so that all choose the same masks.
func (s *sparse) due(n int) bool {
	return n >= s.chooseAt || (s.on && len(s.rare) >= s.rareAt)
}

// next returns G(n) for n = len(g), given g = G(0..n-1) whose largest value is top, and records
// it. It does not append to g.
func (s *sparse) next(o *plan, g []uint16, top int) int {
	n := len(g)
	s.prepare(g)
	words := optionWords(top)
	if len(s.seen) < words {
		s.seen = make([]uint64, words)
	}
	var v int
	switch {
	case len(s.takes) == 0: // no split: the reference mex costs O(t)
		v = o.mex(g, n, s.seen[:words], nil)
	case !s.on:
		v = s.dense(o, g)
	default:
		if top < 64 {
			v = s.mexSmall(o, g)
		} else {
			v = s.mex(o, g, words)
		}
		if v < 0 {
			s.cut = true // cut short by the front
			return v
		}
	}
	s.record(n, v)
	return v
}

// optionWords returns the 64-bit words of a set of the option values of a heap whose parts
// have values up to top, with one to spare: every option value is below 64·(words-1).
func optionWords(top int) int {
	return 64<<bits.Len(uint(top)>>6)/64 + 1
}

// record counts heap n of value v, unless v exceeds maxValue, and lists it if it is rare.
func (s *sparse) record(n, v int) {
	if v <= maxValue {
		s.count(n, uint16(v))
		if s.on && n > 0 && s.isRare(n, uint16(v)) {
			s.rare = append(s.rare, int32(n))
		}
	}
}

// markSize bounds every option value (below 2^16) and every candidate, so that indexing the
// mark arrays with a uint16 needs no bounds check.
const markSize = 1<<16 + 64

// mex is the rare/common mex of heap n = len(g), with every option value below 64·(words-1).
// Marks are bytes stamped with a number that changes with every heap, so nothing is cleared
// between heaps and every mark is a plain store.
func (s *sparse) mex(o *plan, g []uint16, words int) int {
	n := len(g)
	size := 64 * words
	mark, stamp := s.nextStamp()
	markLeaves(o, mark, g, n, stamp)
	s.markRare(mark, g, n, s.rare, stamp)
	// The searched class has popcount(v&M) ≡ c·m (mod 2); the listed class is the other one.
	// cand is the least listed value missing from the options; the k searched values missing
	// below it go to s.want.
	cand, k, need := s.missing(mark, size, stamp, n)
	if k == 0 {
		return cand
	}
	return s.search(g, n, 1, (n-s.takes[0])/2+1, s.want, &s.tail, need, k, cand, 0)
}

// nextStamp returns the mark array and the stamp of a new heap: no mark of an earlier heap
// bears it.
func (s *sparse) nextStamp() (*[markSize]uint8, uint8) {
	if s.mark == nil {
		s.mark = new([markSize]uint8)
		s.want = new(wanted)
	}
	if s.stamp++; s.stamp == 0 {
		clear(s.mark[:])
		s.stamp = 1
	}
	return s.mark, s.stamp
}

// dense is the mex of heap n = len(g) when no split is in use: it marks the value of every
// option, as the reference mex does, but in the stamped bytes of mex, one plain store a split
// where the reference's bitset makes each wait for the one before. O(n·t).
func (s *sparse) dense(o *plan, g []uint16) int {
	n := len(g)
	mark, stamp := s.nextStamp()
	markLeaves(o, mark, g, n, stamp)
	for j, i := range s.takes {
		m := n - i
		half := m / 2 // the splits (a, m-a) with 1 <= a <= half
		if s.unequal[j] && m%2 == 0 {
			half-- // not m/2 + m/2
		}
		if half >= 1 {
			markPairs(mark, g[1:half+1], g[m-half:m], stamp)
		}
	}
	v := 0
	for mark[v] == stamp {
		v++
	}
	return v
}

// markPairs marks lo[k] ^ hi[len(hi)-1-k] for every k: with lo = G(1..h) and hi = G(m-h..m-1),
// the values of the splits (a, m-a) for a from 1 to h.
func markPairs(mark *[markSize]uint8, lo, hi []uint16, stamp uint8) {
	hi = hi[:len(lo)]
	for len(lo) >= 4 {
		k := len(hi) - 4
		mark[lo[0]^hi[k+3]] = stamp
		mark[lo[1]^hi[k+2]] = stamp
		mark[lo[2]^hi[k+1]] = stamp
		mark[lo[3]^hi[k]] = stamp
		lo, hi = lo[4:], hi[:k]
	}
	for k, x := range lo {
		mark[x^hi[len(hi)-1-k]] = stamp
	}
}

// markLeaves marks the values of heap n's moves that leave no heap, one heap of g (the heaps
// below len(g): the two-core engine may not know them all yet, sparse_parallel.go), or two
// equal heaps (value 0).
func markLeaves(o *plan, mark *[markSize]uint8, g []uint16, n int, stamp uint8) {
	for _, i := range o.whole {
		if i == n {
			mark[0] = stamp
		}
	}
	for _, i := range o.leave1 {
		if i < n && n-i < len(g) {
			mark[g[n-i]] = stamp
		}
	}
	for _, i := range o.equal {
		if m := n - i; m >= 2 && m%2 == 0 {
			mark[0] = stamp
		}
	}
}

// markRare marks the value of every split of heap n with a part in rare (the rare heaps, in
// ascending order, as far as they are known), for every take: both orders, as r runs over the
// rare heaps below m = n - take, leaving out m/2 + m/2 for a take that forbids equal heaps.
func (s *sparse) markRare(mark *[markSize]uint8, g []uint16, n int, rare []int32, stamp uint8) {
	for j, i := range s.takes {
		m := n - i
		if m < 2 {
			continue
		}
		skip := -1 // a rare heap m/2 that may not be split off: m/2 + m/2 is not a move
		if s.unequal[j] && m%2 == 0 {
			skip = m / 2
		}
		markBut(mark, g[:m], rare[:rareBelow(rare, m)], skip, stamp)
	}
}

// markBut is markSplits for the rare heaps other than skip.
func markBut(mark *[markSize]uint8, h []uint16, rare []int32, skip int, stamp uint8) {
	if len(rare) == 0 {
		return
	}
	if skip >= int(rare[0]) && skip <= int(rare[len(rare)-1]) {
		if j, ok := slices.BinarySearch(rare, int32(skip)); ok {
			markSplits(mark, h, rare[:j], stamp)
			rare = rare[j+1:]
		}
	}
	markSplits(mark, h, rare, stamp)
}

// markSplits marks the values of the splits (r, m-r) of m = len(h) for every heap r in rare.
func markSplits(mark *[markSize]uint8, h []uint16, rare []int32, stamp uint8) {
	m := len(h)
	for len(rare) >= 4 {
		r0, r1, r2, r3 := int(rare[0]), int(rare[1]), int(rare[2]), int(rare[3])
		mark[h[r0]^h[m-r0]] = stamp
		mark[h[r1]^h[m-r1]] = stamp
		mark[h[r2]^h[m-r2]] = stamp
		mark[h[r3]^h[m-r3]] = stamp
		rare = rare[4:]
	}
	for _, r := range rare {
		mark[h[r]^h[m-int(r)]] = stamp
	}
}

// classes returns class[v] = popcount(v&M) mod 2 for v below size, extending it when needed,
// with smallClass.
func (s *sparse) classes(size int) []uint8 {
	if len(s.class) < size {
		s.class = make([]uint8, size)
		s.smallClass = 0
		for v := range size {
			s.class[v] = uint8(bits.OnesCount(uint(v)&uint(s.mask)) % 2)
			if v < 64 {
				s.smallClass |= uint64(s.class[v]) << v
			}
		}
	}
	return s.class[:size]
}

// choose picks the mask and parity bit that make the fewest heaps of g rare, using one
// Walsh–Hadamard transform of the value histogram for all masks at once, and rebuilds the list
// of rare heaps. It turns the method off when even the best mask leaves many heaps rare.
func (s *sparse) choose(g []uint16) {
	if len(s.takes) == 0 {
		return // only splits into equal heaps, which the reference mex lists in O(t)
	}
	if s.pick(len(g)) {
		s.planAt = 0 // the plans were made for another class of searched values: again at once
		s.rare = s.rare[:0]
		for a := 1; a < len(g); a++ {
			if s.isRare(a, g[a]) {
				s.rare = append(s.rare, int32(a))
			}
		}
	}
	if s.on {
		s.rareAt = max(2*len(s.rare), 64)
	}
}

// pick is choose without the rare list, for n values counted in the histogram: it sets the
// mask, the parity bit and on, and reports whether the rare list must be rebuilt.
func (s *sparse) pick(n int) bool {
	s.choices++
	s.chooseAt = 2 * n
	width := 2
	for width <= s.top {
		width *= 2
	}
	// The number of rare heaps under (M, c) is (N + W[M])/2, where W is the transform of
	// h0+h1 for c = 0 and of ±(h0-h1) for c = 1 (heaps a >= 1 only; the sign is that of
	// (-1)^s).
	sum := make([]int64, width)
	dif := make([]int64, width)
	for v := range min(width, len(s.hist[0])) {
		h0, h1 := int64(s.hist[0][v]), int64(s.hist[1][v])
		sum[v], dif[v] = h0+h1, h0-h1
		if s.offset()%2 == 1 {
			dif[v] = -dif[v]
		}
	}
	walshHadamard(sum)
	walshHadamard(dif)
	total := int64(n - 1)
	bestM, bestC, bestW := 0, -1, int64(0)
	try := func(m, c int, w int64) {
		// Prefer fewer rare heaps, then the mask in use (no rebuild), then the smaller mask.
		cur := s.on && m == int(s.mask) && c == s.c
		if bestC < 0 || w < bestW || (w == bestW && cur) {
			bestM, bestC, bestW = m, c, w
		}
	}
	for m := 1; m < width; m++ {
		try(m, 0, sum[m])
	}
	if s.canParity {
		for m := range width {
			try(m, 1, dif[m])
		}
	}
	rare := int((total + bestW) / 2)
	s.best = rare
	changed := uint16(bestM) != s.mask || bestC != s.c
	s.mask, s.c = uint16(bestM), bestC
	if changed {
		s.class = s.class[:0]
	}
	if rare*sparseDense > n {
		s.on, s.rare = false, nil
		return false
	}
	rebuild := !s.on || changed
	s.on = true
	return rebuild
}

// walshHadamard transforms x in place: x[m] becomes Σ_v x[v]·(-1)^popcount(v&m). len(x) must
// be a power of two.
func walshHadamard(x []int64) {
	for h := 1; h < len(x); h *= 2 {
		for i := 0; i < len(x); i += 2 * h {
			for j := i; j < i+h; j++ {
				a, b := x[j], x[j+h]
				x[j], x[j+h] = a+b, a-b
			}
		}
	}
}
