package engine

import (
	"slices"
)

// This file implements the block engine: the one-core rare/common engine computing heaps n to
// n+B-1 at once, so that the walk of the rare heaps reads consecutive values.

// For a rare heap r and a take i, the splits (r, n+j-i-r) of the heaps n+j, j < B, have the
// values G(r) ^ G(n-i-r+j): B consecutive values XORed with one, four to a 64-bit word, each
// marked in the marks of its own heap. The block marks so, before any of its values is known,
// every pair whose parts are all below n: rare heaps r from B-i up to n-i, leaving out for a
// take that forbids equal heaps the r with 2r between n-i and n-i+B-1. The rest (rare heaps
// below B-i, those left out, rare heaps from n-i on, including those of the block itself, the
// moves that leave one heap) are marked heap by heap, in order, once the values below each are
// known; then each heap's mex is found as sparse.mex finds it, with the same scan, except that
// where the scans follow a plan the block marks the splits of the plan's first buckets for all
// its heaps as it marks the rare pairs, and the scans leave those buckets out (markBuckets).
// The values are those of sparse.mex, and so of the reference mex.

// blockLanes is the number of heaps in a block.
const blockLanes = 16

// blockFrom is the least heap computed in blocks, unless a test forces another: below it the
// rare heaps are close to the block's own and few pairs can be marked in bulk.
const blockFrom = 1 << 10

// blocks is the block engine's state: one mark array per heap of a block. The zero value
// allocates them when first used.
type blocks struct {
	lanes *[blockLanes][markSize]uint8 // lanes[j][v] == stamp: v is an option of heap n+j
	stamp uint8
	size  int // heaps in a block: blockLanes, unless a test forces fewer
	from  int // the least heap computed in blocks: blockFrom, unless a test forces another
}

// extend computes values of g, whose largest value is top, until there are n, one exceeds
// maxValue (then stop is true) or the front cuts a search short (then s.cut is set), in blocks
// where the mask is in use, and returns the values and
// their largest. It chooses masks where sparse.next would, so the values, masks and reports
// are those of the one-core engine.
func (s *sparse) extend(o *plan, g []uint16, n, top int) (_ []uint16, _ int, stop bool) {
	for len(g) < n {
		a := len(g)
		s.prepare(g)
		if s.on && len(s.takes) > 0 && a >= s.blk.start() && len(s.rare) >= s.blk.rareMin() {
			g, top, stop = s.block(o, g, top, min(s.blk.lanesUsed(), n-a, s.chooseAt-a))
			if stop || s.cut {
				return g, top, stop
			}
			continue
		}
		v := s.next(o, g, top)
		if v < 0 {
			return g, top, false // cut short by the front: s.cut is set
		}
		if v > maxValue {
			return g, top, true
		}
		g = append(g, uint16(v))
		top = max(top, v)
	}
	return g, top, false
}

// blockRare is the fewest rare heaps with which heaps are computed in blocks: with fewer,
// marking them costs less than the block's work around them (0.1777 has 15).
const blockRare = 128

// rareMin returns the fewest rare heaps with which heaps are computed in blocks.
func (b *blocks) rareMin() int {
	if b.from != 0 { // a test that forces blocks forces them however few the rare heaps
		return 0
	}
	return blockRare
}

// start returns the least heap computed in blocks.
func (b *blocks) start() int {
	if b.from == 0 {
		return blockFrom
	}
	return b.from
}

// lanesUsed returns the number of heaps in a block.
func (b *blocks) lanesUsed() int {
	if b.size == 0 {
		return blockLanes
	}
	return b.size
}

// block computes the next l heaps of g (1 <= l <= blockLanes; fewer when a heap brings the
// rare heaps to the count at which a new mask is chosen, or a value exceeds maxValue, when
// stop is true) and returns the values and their largest. g must have room for l more.
func (s *sparse) block(o *plan, g []uint16, top, l int) (_ []uint16, _ int, stop bool) {
	b := &s.blk
	if b.lanes == nil {
		b.lanes = new([blockLanes][markSize]uint8)
	}
	if s.want == nil {
		s.want = new(wanted)
	}
	if b.stamp++; b.stamp == 0 {
		for j := range b.lanes {
			clear(b.lanes[j][:])
		}
		b.stamp = 1
	}
	stamp, lanes := b.stamp, b.lanes
	n := len(g)
	// bulk[t] are the index ranges of s.rare marked in bulk for take t (see bulkMarks).
	var bulkBuf [4][4]int
	bulk := bulkBuf[:0]
	if len(s.takes) > len(bulkBuf) {
		bulk = make([][4]int, 0, len(s.takes))
	}
	for t, i := range s.takes {
		bulk = append(bulk, bulkMarks(lanes, g, s.rare, n-i, l, s.unequal[t], stamp))
	}
	skip := s.markBuckets(lanes, g, n, l, stamp)
	for j := range l {
		h := n + j
		mark := &lanes[j]
		markLeaves(o, mark, g, h, stamp)
		// The block's own rare heaps so far too: every value below h is known.
		markRestPart(s, mark, g, h, s.rare, bulk, stamp, len(g), false)
		words := optionWords(top)
		cand, k, need := s.missing(mark, 64*words, stamp, h)
		v := cand
		if k > 0 {
			v = s.search(g, h, 1, (h-s.takes[0])/2+1, s.want, &s.tail, need, k, cand, skip)
		}
		if v < 0 {
			s.cut = true // cut short by the front: heap h is left unrecorded
			return g, top, false
		}
		if v > maxValue {
			return g, top, true
		}
		s.record(h, v)
		g = append(g, uint16(v))
		top = max(top, v)
		if s.on && len(s.rare) >= s.rareAt {
			break // sparse.next chooses a mask before the next heap
		}
	}
	return g, top, false
}

// bulkMarks marks in lanes[j], for j < l, the values of the splits (r, m0+j-r) for every
// rare heap r (rare ascending, at least those below len(g)) such that both parts are below
// len(g) for every j, leaving out, when unequal, the r with 2r between m0 and m0+l-1. It
// returns the indices k0 <= ka <= kb <= k1 of rare such that rare[k0:ka] and rare[kb:k1] were
// marked: the rest is for markRestPart.
func bulkMarks(lanes *[blockLanes][markSize]uint8, g []uint16, rare []int32, m0, l int, unequal bool, stamp uint8) [4]int {
	k1 := rareBelow(rare, min(m0, len(g)))
	k0, _ := slices.BinarySearch(rare[:k1], int32(m0+l-len(g)))
	ka, kb := k1, k1
	if unequal {
		ka, _ = slices.BinarySearch(rare[k0:k1], int32((m0+1)/2))
		kb, _ = slices.BinarySearch(rare[k0:k1], int32((m0+l-1)/2+1))
		ka, kb = k0+ka, k0+kb
	}
	for _, r := range [2][]int32{rare[k0:ka], rare[kb:k1]} {
		markBlock(lanes, g, m0, r, stamp, l)
	}
	return [4]int{k0, ka, kb, k1}
}

// markRestPart marks in mark the values of the splits (r, m-r) of heap h with a rare part that
// bulkMarks left out (bulk[t] is its answer for take t), for the rare heaps of rare
// (ascending) as far as they are known: those whose parts are both below known (late false),
// reading only g[:known], or the others (late true), from g, which then reaches h-1. The
// block engine, which knows every value below h, marks them all with known = h; the two-core
// engine reads the values in two steps.
func markRestPart(s *sparse, mark *[markSize]uint8, g []uint16, h int, rare []int32, bulk [][4]int, stamp uint8, known int, late bool) {
	for t, i := range s.takes {
		m := h - i
		if m < 2 {
			continue
		}
		nb := rareBelow(rare, m)
		k := bulk[t]
		skip := -1
		if s.unequal[t] && m%2 == 0 {
			skip = m / 2
		}
		// The early part is the rare heaps r with m-known < r < known: rare[i0:i1].
		i0 := 0 // few rare heaps are below m-known+1, and few from known on
		for i0 < nb && int(rare[i0]) < m-known+1 {
			i0++
		}
		i1 := max(i0, rareBelow(rare[:nb], known))
		for _, part := range [3][2]int{{0, min(k[0], nb)}, {k[1], k[2]}, {min(k[3], nb), nb}} {
			if part[0] >= part[1] {
				continue
			}
			if !late {
				markBut(mark, g[:m], between(rare, max(part[0], i0), min(part[1], i1)), skip, stamp)
				continue
			}
			markBut(mark, g[:m], between(rare, part[0], min(part[1], i0)), skip, stamp)
			markBut(mark, g[:m], between(rare, max(part[0], i1), part[1]), skip, stamp)
		}
	}
}

// between returns rare[i:j], empty when j <= i.
func between(rare []int32, i, j int) []int32 {
	if j <= i {
		return nil
	}
	return rare[i:j]
}

// markLanes marks, for each rare heap r (B-i <= r < m0, B = blockLanes, m0 = n-i below
// len(g) = n), the values G(r) ^ G(m0-r+j) in lanes[j] for every j < B: the splits (r, m-r) of
// heaps n+j for take i.
func markLanes(lanes *[blockLanes][markSize]uint8, g []uint16, m0 int, rare []int32, stamp uint8) {
	for _, r := range rare {
		y := (*[blockLanes]uint16)(g[m0-int(r):])
		x := uint64(g[r]) * 0x0001_0001_0001_0001
		w := pack4(y[0], y[1], y[2], y[3]) ^ x
		lanes[0][uint16(w)] = stamp
		lanes[1][uint16(w>>16)] = stamp
		lanes[2][uint16(w>>32)] = stamp
		lanes[3][w>>48] = stamp
		w = pack4(y[4], y[5], y[6], y[7]) ^ x
		lanes[4][uint16(w)] = stamp
		lanes[5][uint16(w>>16)] = stamp
		lanes[6][uint16(w>>32)] = stamp
		lanes[7][w>>48] = stamp
		w = pack4(y[8], y[9], y[10], y[11]) ^ x
		lanes[8][uint16(w)] = stamp
		lanes[9][uint16(w>>16)] = stamp
		lanes[10][uint16(w>>32)] = stamp
		lanes[11][w>>48] = stamp
		w = pack4(y[12], y[13], y[14], y[15]) ^ x
		lanes[12][uint16(w)] = stamp
		lanes[13][uint16(w>>16)] = stamp
		lanes[14][uint16(w>>32)] = stamp
		lanes[15][w>>48] = stamp
	}
}

// markBlock is markLanes for the first l lanes (l <= blockLanes): markLanesFew for fewer.
func markBlock(lanes *[blockLanes][markSize]uint8, g []uint16, m0 int, rare []int32, stamp uint8, l int) {
	if l == blockLanes {
		markLanes(lanes, g, m0, rare, stamp)
	} else {
		markLanesFew(lanes, g, m0, rare, stamp, l)
	}
}

// markLanesFew is markLanes for the first l lanes only.
func markLanesFew(lanes *[blockLanes][markSize]uint8, g []uint16, m0 int, rare []int32, stamp uint8, l int) {
	for _, r := range rare {
		x, y := g[r], g[m0-int(r):][:l]
		for j, v := range y {
			lanes[j][x^v] = stamp
		}
	}
}
