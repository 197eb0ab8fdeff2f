package kayles

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

	class []uint8          // class[v] = popcount(v&M) mod 2
	seen  []uint64         // scratch bitset of option values, for the reference mex
	mark  *[markSize]uint8 // mark[v] == stamp: v is an option of the current heap
	want  *wanted          // the searched values still to be found
	stamp uint8
	needs []uint16 // scratch list of the searched values missing below the candidate
	tail  mirror   // the recent values, for the scan
	blk   blocks   // the block engine's marks

	plans    [2]*scanPlan // plans[searched]: the order of the scans (sparse_order.go), or nil
	planAt   int          // how many values there are when the plans are made again (0: at once)
	ordering orderTuning  // the plans' sizes: defaultOrder, unless a test forces others
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
	if !s.on || len(s.takes) == 0 { // with no split to walk the reference mex costs O(t)
		v = o.mex(g, n, s.seen[:words], nil)
	} else {
		v = s.mex(o, g, words)
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
	if s.mark == nil {
		s.mark = new([markSize]uint8)
		s.want = new(wanted)
	}
	if s.stamp++; s.stamp == 0 {
		clear(s.mark[:])
		s.stamp = 1
	}
	stamp := s.stamp
	mark := s.mark
	markLeaves(o, mark, g, n, stamp)
	s.markRare(mark, g, n, s.rare, stamp)
	// The searched class has popcount(v&M) ≡ c·m (mod 2); the listed class is the other one.
	// cand is the least listed value missing from the options; the searched values missing
	// below it go to need.
	cand, need := missing(mark, s.classes(size), stamp, s.searched(n), s.needs[:0], s.want)
	s.needs = need
	if len(need) == 0 {
		return cand
	}
	return s.search(g, n, 1, (n-s.takes[0])/2+1, s.want, &s.tail, need, cand)
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

// search returns the least value of need (ascending) that no split (a, m-a) of heap n with
// lo <= a < hi has, or cand if they all have one, where m is n less a take. It reads g[a] only
// for a < hi (and the other parts, m-a, from tail where it holds them, once it is brought up to
// g). want holds the values of need, and only those (missing put them there), and is left
// empty. It returns -1 when the front (reach) cuts the search short with values still missing.
func (s *sparse) search(g []uint16, n, lo, hi int, want *wanted, tail *mirror, need []uint16, cand int) int {
	whole := hi
	hi = s.reach(hi)
	k := len(need)
	if p := s.plans[s.searched(n)]; p != nil {
		k = s.scanPlanned(p, g, n, lo, hi, want, tail, need, k)
	} else {
		k = s.scanAll(g, n, lo, hi, want, tail, need, k)
	}
	want.bits = [wantedBits / 64]uint64{}
	if k == 0 {
		return cand
	}
	v := cand
	for _, w := range need {
		if want.is[w] != 0 {
			want.is[w] = 0
			v = min(v, int(w))
		}
	}
	if hi < whole {
		return -1 // the values missing may be beyond the front
	}
	return v
}

// lookFor looks for the values of need among the splits (a, m-a) of heap n with lo <= a < hi,
// as search does (in the scan plan's order if planned), and returns those it did not find, in
// need's order and in need's array, and whether the front cut the scan short with values
// left. want holds the values of need, and only those, and is left empty. It is search for the
// two-core engine, which needs every value missing, not the least; search keeps its own loop,
// since a call more costs the one-core engine 3-5% on codes with short searches
// (BenchmarkSparseMex on 0.354 and 0.1777).
func (s *sparse) lookFor(g []uint16, n, lo, hi int, want *wanted, tail *mirror, need []uint16, planned bool) ([]uint16, bool) {
	whole := hi
	hi = s.reach(hi)
	k := len(need)
	if p := s.plans[s.searched(n)]; p != nil && planned {
		k = s.scanPlanned(p, g, n, lo, hi, want, tail, need, k)
	} else {
		k = s.scanAll(g, n, lo, hi, want, tail, need, k)
	}
	want.bits = [wantedBits / 64]uint64{}
	if k == 0 {
		return need[:0], false
	}
	left := need[:0]
	for _, v := range need {
		if want.is[v] != 0 {
			want.is[v] = 0
			left = append(left, v)
		}
	}
	return left, len(left) > 0 && hi < whole
}

// scanAll looks for the wanted values among the splits (a, m-a) with lo <= a < hi, ascending,
// and returns how many are still missing.
func (s *sparse) scanAll(g []uint16, n, lo, hi int, want *wanted, tail *mirror, need []uint16, k int) int {
	if len(s.takes) == 2 || len(s.takes) == 3 {
		if k, lo = s.scanTakes(g, n, lo, hi, want, need, k); k == 0 {
			return 0
		}
	}
	return s.scan(g, n, lo, hi, want, tail, k)
}

// scan looks for the wanted values among the splits (a, m-a) with lo <= a < hi, in blocks of
// heaps so that the inner loops are tight, and returns how many are still missing. A take
// that may not leave two equal heaps stops below m/2; the bound still falls as the take grows.
func (s *sparse) scan(g []uint16, n, lo, hi int, want *wanted, tail *mirror, k int) int {
	if len(s.takes) == 1 { // one pass, without the blocks that interleave the takes
		m := n - s.takes[0]
		half := m / 2
		if s.unequal[0] {
			half = (m - 1) / 2
		}
		end := min(hi, half+1)
		if lo >= end {
			return k
		}
		tail.sync(g, s.low)
		if y, e := tail.parts(m, lo, end); lo < e {
			if k = scanUp(g[lo:e], y, want, k); k == 0 {
				return 0
			}
			lo = e
		}
		if lo < end {
			k = scanBlock(g[lo:end], g[m-end+1:m-lo+1], &want.is, k)
		}
		return k
	}
	const block = 64
	for ; lo < hi; lo += block {
		for j, i := range s.takes {
			m := n - i
			half := m / 2
			if s.unequal[j] {
				half = (m - 1) / 2
			}
			end := min(lo+block, hi, half+1)
			if end <= lo {
				break
			}
			if k = scanBlock(g[lo:end], g[m-end+1:m-lo+1], &want.is, k); k == 0 {
				return 0
			}
		}
	}
	return k
}

// reach returns hi, or front when front is set and below hi: the end of a search that reads
// only the values in memory.
func (s *sparse) reach(hi int) int {
	if s.front > 0 {
		return min(hi, s.front)
	}
	return hi
}

// searched returns the class of the values of heap n that only a scan finds:
// popcount(v&M) ≡ c·m (mod 2), with m = n - s.takes[0] (every split of n has m of that parity
// when c = 1).
func (s *sparse) searched(n int) uint8 {
	if s.c == 1 && len(s.takes) > 0 && (n-s.takes[0])%2 == 1 {
		return 1
	}
	return 0
}

// missing returns the least value v below len(class) that is not marked and is of the listed
// class (class[v] != searched), or len(class) if there is none, with the searched values not
// marked below it appended to need and added to want, which holds none of them.
func missing(mark *[markSize]uint8, class []uint8, stamp, searched uint8, need []uint16, want *wanted) (int, []uint16) {
	for v, c := range class {
		if mark[v] == stamp {
			continue
		}
		if c != searched {
			return v, need
		}
		need = append(need, uint16(v))
		want.put(uint16(v))
	}
	return len(class), need
}

// scanTakes looks for the wanted values among the splits of two or three takes at once, for
// the heaps lo <= a < hi that every take can split off (a <= (n-t)/2, t the largest take,
// a < (n-t)/2 when that take may not leave two equal heaps), and returns how many are still
// missing and the first a it did not look at. The takes' other parts are neighbours in g, so
// one pass costs less than a pass per take. Only the largest take can split off a == m-a
// below that bound. need lists the k values wanted, once each, and maybe values found since.
// Where the CPU has the vector scan and fewer than 64 are wanted, it hands the first multiple
// of 32 heaps to scanTakesVector.
func (s *sparse) scanTakes(g []uint16, n, lo, hi int, want *wanted, need []uint16, k int) (int, int) {
	t := s.takes
	m := n - t[len(t)-1]
	if s.unequal[len(t)-1] {
		m-- // (m-1)/2: not a == m-a
	}
	hi = min(hi, max(1, m/2+1))
	b := n - t[0] // the other part of take t[0] is b-a; of take t[j], b-a-(t[j]-t[0])
	d1, d2 := t[1]-t[0], 0
	if len(t) == 3 { // d2 stays 0 with two takes, as scanTakesVector wants
		d2 = t[2] - t[0]
	}
	is := &want.is
	if c := (hi - lo) &^ 31; vectorScan && c > 0 && k > 0 && k < 64 {
		// It reads the values the loops below read for the heaps lo to lo+c-1: the larger
		// parts down to b-(lo+c-1)-d2, which is at least (n-t)/2 since lo+c-1 < hi.
		var vals [63]uint16
		count := 0
		for _, v := range need {
			if is[v] != 0 {
				vals[count] = v
				if count++; count == k {
					break
				}
			}
		}
		if count > 0 {
			found, done := scanTakesVector(&g[lo], &g[b-lo-31], d1, d2, c, &vals[0], count)
			for ; found != 0; found &= found - 1 {
				is[vals[bits.TrailingZeros64(found)]] = 0
				k--
			}
			if k == 0 {
				return 0, lo + done
			}
			lo += done
		}
	}
	if len(t) == 2 {
		for a := lo; a < hi; a++ {
			x := g[a]
			v0, v1 := x^g[b-a], x^g[b-a-d1]
			if is[v0]|is[v1] != 0 { // clear both, as found does
				k -= int(is[v0])
				is[v0] = 0
				k -= int(is[v1])
				is[v1] = 0
				if k == 0 {
					return 0, a + 1
				}
			}
		}
		return k, max(lo, hi)
	}
	for a := lo; a < hi; a++ {
		x := g[a]
		v0, v1, v2 := x^g[b-a], x^g[b-a-d1], x^g[b-a-d2]
		if is[v0]|is[v1]|is[v2] != 0 {
			k -= int(is[v0])
			is[v0] = 0
			k -= int(is[v1])
			is[v1] = 0
			k -= int(is[v2])
			is[v2] = 0
			if k == 0 {
				return 0, a + 1
			}
		}
	}
	return k, max(lo, hi)
}

// scanBlock looks for the wanted values among the splits x[j] ^ y[len(x)-1-j] (y is as long as
// x), clearing them in want, and returns how many are still missing. It tests four splits at
// a time, so that the loads overlap, and leaves the fast path only when one of them is wanted.
func scanBlock(x, y []uint16, want *[markSize]uint8, k int) int {
	y = y[:len(x)]
	for len(x) >= 4 && len(y) >= 4 {
		e := len(y) - 4
		t := y[e:]
		v0, v1, v2, v3 := x[0]^t[3], x[1]^t[2], x[2]^t[1], x[3]^t[0]
		if want[v0]|want[v1]|want[v2]|want[v3] != 0 {
			for _, v := range [4]uint16{v0, v1, v2, v3} { // as found does
				k -= int(want[v])
				want[v] = 0
			}
			if k == 0 {
				return 0
			}
		}
		x, y = x[4:], y[:e]
	}
	for j, a := range x {
		if v := a ^ y[len(x)-1-j]; want[v] != 0 {
			want[v] = 0
			if k--; k == 0 {
				return 0
			}
		}
	}
	return k
}

// rareBelow returns how many heaps of rare, in ascending order, are below m. Successive calls
// for one heap come with falling m, and the answer moves little from heap to heap.
func rareBelow(rare []int32, m int) int {
	k := len(rare)
	for k > 0 && int(rare[k-1]) >= m {
		k--
	}
	return k
}

// classes returns class[v] = popcount(v&M) mod 2 for v below size, extending it when needed.
func (s *sparse) classes(size int) []uint8 {
	if len(s.class) < size {
		s.class = make([]uint8, size)
		for v := range size {
			s.class[v] = uint8(bits.OnesCount(uint(v)&uint(s.mask)) % 2)
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
