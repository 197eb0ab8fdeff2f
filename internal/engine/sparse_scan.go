package engine

import (
	"encoding/binary"
	"math/bits"
)

// This file implements the searches of the rare/common engine: the scans of every split of a
// heap for the searched values below the least listed one that is missing.

// search returns the least of the k values of want (all below cand: missing put them there)
// that no split (a, m-a) of heap n with lo <= a < hi has, or cand if they all have one, where
// m is n less a take. need lists the k values, ascending, where the scans read a list
// (s.lists). It reads g[a] only for a < hi (and the other parts, m-a, from tail where it holds
// them, once it is brought up to g), and leaves want empty. It returns -1 when the front
// (reach) cuts the search short with values still missing. Where it scans in a plan's order,
// it leaves out the buckets of skip, whose splits are marked for heap n (markBuckets).
func (s *sparse) search(g []uint16, n, lo, hi int, want *wanted, tail *mirror, need []uint16, k, cand int, skip uint64) int {
	whole := hi
	hi = s.reach(hi)
	if p := s.plans[s.searched(n)]; p != nil {
		k = s.scanPlanned(p, g, n, lo, hi, want, tail, need, k, skip)
	} else {
		k = s.scanAll(g, n, lo, hi, want, tail, need, k)
	}
	want.clearBits()
	if k == 0 {
		return cand
	}
	v := cand
	if left := want.take(cand, s.needs[:0]); len(left) > 0 {
		s.needs, v = left, int(left[0])
	}
	if hi < whole {
		return -1 // the values missing may be beyond the front
	}
	return v
}

// lists reports whether the scans read the values searched for as a list: scanTakes, for
// two or three takes, does.
func (s *sparse) lists() bool {
	return len(s.takes) == 2 || len(s.takes) == 3
}

// missing is missing for the one-core engine's heap n, with the values below size and the
// list in s.needs where the scans read one (s.lists; need is nil otherwise).
func (s *sparse) missing(mark *[markSize]uint8, size int, stamp uint8, n int) (cand, k int, need []uint16) {
	if s.lists() {
		if s.needs == nil {
			s.needs = make([]uint16, 0, 64) // not nil: missing lists when need is not nil
		}
		need = s.needs[:0]
	}
	cand, k, need = missing(mark, s.classes(size), stamp, s.searched(n), s.want, need)
	if need != nil {
		s.needs = need
	}
	return cand, k, need
}

// lookFor looks for the k values of want, all below bound, among the splits (a, m-a) of heap
// n with lo <= a < hi, as search does (in the scan plan's order if planned, leaving out the
// buckets of skip), and returns those it did not find, ascending, appended to buf[:0], and
// whether the front cut the scan short with values left. It leaves want empty. It is search
// for the two-core engine, which needs every value missing, not the least; search keeps its
// own loop, since a call more costs the one-core engine 3-5% on codes with short searches
// (BenchmarkSparseMex on 0.354 and 0.1777).
func (s *sparse) lookFor(g []uint16, n, lo, hi int, want *wanted, tail *mirror, k, bound int, buf []uint16, planned bool, skip uint64) ([]uint16, bool) {
	whole := hi
	hi = s.reach(hi)
	var need []uint16
	if s.lists() {
		need = want.below(bound, buf[:0])
	}
	if p := s.plans[s.searched(n)]; p != nil && planned {
		k = s.scanPlanned(p, g, n, lo, hi, want, tail, need, k, skip)
	} else {
		k = s.scanAll(g, n, lo, hi, want, tail, need, k)
	}
	want.clearBits()
	if k == 0 {
		return buf[:0], false
	}
	left := want.take(bound, buf[:0])
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
			if k = scanUp(g[lo:e], y, want, k, s.vector); k == 0 {
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
// class (class[v] != searched), or len(class) if there is none, and how many searched values
// are not marked below it, which it adds to want (empty before). It reads eight marks and
// classes at a time, as 64-bit words, passes a word whose values are all marked at once, and
// adds the searched values of a word to want without a branch each: which are marked is
// unpredictable. When need is not nil it appends them to need too, for the scans that read a
// list (s.lists); otherwise the searches list them only where they must (wanted.below).
func missing(mark *[markSize]uint8, class []uint8, stamp, searched uint8, want *wanted, need []uint16) (cand, k int, _ []uint16) {
	const lows, lows7, highs = 0x0101_0101_0101_0101, 0x7f7f_7f7f_7f7f_7f7f, 0x8080_8080_8080_8080
	st, se := uint64(stamp)*lows, uint64(searched)*lows
	v := 0
	for ; v+8 <= len(class); v += 8 {
		// The top bit of each byte: the value is not marked (its byte of w is not zero).
		w := binary.LittleEndian.Uint64(mark[v:]) ^ st
		unmarked := (w&lows7 + lows7 | w) & highs
		if unmarked == 0 {
			continue
		}
		// Classes are 0 or 1: a byte of c is 1 where the value is listed.
		c := binary.LittleEndian.Uint64(class[v:]) ^ se
		listed := unmarked & (c << 7)
		here := unmarked &^ (c << 7)
		if listed != 0 {
			here &= listed - 1 // the values below the first listed one
		}
		want.putWord(v, here>>7)
		k += bits.OnesCount64(here)
		if need != nil {
			for b := here; b != 0; b &= b - 1 {
				need = append(need, uint16(v+bits.TrailingZeros64(b)/8))
			}
		}
		if listed != 0 {
			return v + bits.TrailingZeros64(listed)/8, k, need
		}
	}
	for ; v < len(class); v++ {
		if mark[v] == stamp {
			continue
		}
		if class[v] != searched {
			return v, k, need
		}
		want.put(uint16(v))
		if need != nil {
			need = append(need, uint16(v))
		}
		k++
	}
	return len(class), k, need
}

// scanTakes looks for the wanted values among the splits of two or three takes at once, for
// the heaps lo <= a < hi that every take can split off (a <= (n-t)/2, t the largest take,
// a < (n-t)/2 when that take may not leave two equal heaps), and returns how many are still
// missing and the first a it did not look at. The takes' other parts are neighbours in g, so
// one pass costs less than a pass per take. Only the largest take can split off a == m-a
// below that bound. need lists the k values wanted, once each, and maybe values found since.
// Where the scans run in assembly (s.vector) and fewer than 64 are wanted, it hands the first
// multiple of 32 heaps to scanTakesVector (AVX-512), scanTakesAVX2 or scanTakesNEON.
func (s *sparse) scanTakes(g []uint16, n, lo, hi int, want *wanted, need []uint16, k int) (int, int) {
	t := s.takes
	hi = s.takesEnd(n, hi)
	b, d1, d2 := s.takesParts(n)
	is := &want.is
	if c := (hi - lo) &^ 31; s.vectorTakes() && c > 0 && k > 0 && k < 64 {
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
			found, done := s.takesVector(&g[lo], &g[b-lo-31], d1, d2, c, &vals, count)
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

// takesEnd returns the end of the heaps a < hi that every take of one to three can split off
// heap n (scanTakes, takesSmall).
func (s *sparse) takesEnd(n, hi int) int {
	t := s.takes
	m := n - t[len(t)-1]
	if s.unequal[len(t)-1] {
		m-- // (m-1)/2: not a == m-a
	}
	return min(hi, max(1, m/2+1))
}

// takesParts returns where the other parts of the splits of heap n lie for one, two or three
// takes: G(b-a) for take t[0], G(b-a-d1) for t[1], G(b-a-d2) for t[2] (d2 is 0 with fewer
// takes, d1 with one, as scanTakesVector wants).
func (s *sparse) takesParts(n int) (b, d1, d2 int) {
	t := s.takes
	if len(t) >= 2 {
		d1 = t[1] - t[0]
	}
	if len(t) == 3 {
		d2 = t[2] - t[0]
	}
	return n - t[0], d1, d2
}

// vectorTakes reports whether s.vector is a vector scan of up to three takes (takesVector).
func (s *sparse) vectorTakes() bool {
	return s.vector == VectorAVX512 || s.vector == VectorAVX2 || s.vector == VectorNEON
}

// takesVector hands the heaps a = lo+j, j < c (a multiple of 32), to the vector scan of one to
// three takes that s.vector names (vectorTakes), x being &g[lo] and z &g[b-lo-31] (b, d1, d2
// from takesParts), and returns the values of vals[:count] found, bit i for vals[i], and how
// many heaps it looked at, as scanTakesVector does.
func (s *sparse) takesVector(x, z *uint16, d1, d2, c int, vals *[63]uint16, count int) (found uint64, done int) {
	switch s.vector {
	case VectorAVX512:
		return scanTakesVector(x, z, d1, d2, c, &vals[0], count)
	case VectorAVX2:
		return scanTakesAVX2(x, z, d1, d2, c, &vals[0], count)
	}
	return scanTakesNEON(x, z, d1, d2, c, &vals[0], count)
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
