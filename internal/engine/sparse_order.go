package engine

import (
	"math"
	"math/bits"
	"slices"
)

// This file plans the order in which a search scans the splits (a, m-a) of a heap: buckets of
// consecutive smaller parts a, the most productive first, rather than a = 1, 2, 3, ...; and
// which buckets a block marks instead.

// A search stops once every searched value it wants is found, so its cost is that of the
// value found last, and the chance that a split (a, m-a) has the value u depends on a: the
// smaller parts of one region have other values than those of another. For Officers (0.6)
// near 2^22 the values wanted last are found 2 to 5 times as often per split with a between
// 10,000 and 20,000 as with a below 2,000. A plan models this from the values: with P_k the
// distribution of the values of bucket k's heaps and P the distribution of the recent values
// (the larger parts), a split from bucket k has the value u with probability
// r_k(u) = Σ_w P_k(w)·P(w^u), and u is wanted with the probability that a heap's value
// exceeds u. It orders the buckets greedily, each time the one that is expected to find the
// most of what is still missing per split, and is used only where the model expects it to
// scan a tenth fewer splits than ascending order (for Officers near 2^20, 44% fewer:
// TestPlanScansFewer). The order changes no value: a search still looks at every split of its
// range before it reports a value missing. The first buckets of a plan hold most of the values
// found, so a block marks their splits for all its heaps instead (markBuckets), as it marks
// the rare pairs, and its searches leave them out.

// orderTuning holds the sizes of scan plans, per sparse state so that tests can force small
// ones (the zero orderTuning means defaultOrder).
type orderTuning struct {
	from   int  // the fewest values for which a plan is made, at least 1
	bucket int  // the heaps in a bucket, at least 2
	span   int  // the most heaps that buckets cover, from heap 0
	always bool // use the plan even where the model expects no gain (tests)
}

// defaultOrder plans buckets of 256 heaps up to mirrorWindow, whose splits' larger parts the
// mirror holds: beyond it a scan reads them from the values, four at a time, and costs more.
var defaultOrder = orderTuning{from: 1 << 15, bucket: 256, span: mirrorWindow}

// planValues bounds the values of a code that is planned for: the model costs at most
// buckets·values·bucket to build (each wanted value against each value of each bucket).
const planValues = 1 << 10

// scanPlan is the order of a search: the buckets of smaller parts [start, start+size), in
// order, and then the parts from end on, ascending.
type scanPlan struct {
	starts []int32
	size   int
	end    int
	parts  []int32 // 0, 1, ..., end-1: the smaller parts of the buckets, for markBuckets
}

// order returns the sizes of s's plans.
func (s *sparse) order() orderTuning {
	if s.ordering.bucket == 0 {
		return defaultOrder
	}
	return s.ordering
}

// plan makes the scan plans for the heaps from len(g) on, one for each class of searched
// values (searched), or none where the model expects no gain, and sets when they are made
// again: at order().from values, then each time the values have doubled. It reads g[1:end]
// for the buckets and the recent values, none below s.low or, with a front, from s.front to
// s.low.
func (s *sparse) plan(g []uint16) {
	t := s.order()
	n := len(g)
	s.planAt = max(2*n, t.from)
	s.plans = [2]*scanPlan{}
	if n < t.from || !s.on || len(s.takes) == 0 || s.top >= planValues {
		return
	}
	end := min(t.span, n/2)
	if s.front > 0 {
		end = min(end, s.front)
	}
	end -= end % t.bucket
	recent := min(2*end, n-max(s.low, end))
	if end/t.bucket < 2 || recent < t.bucket {
		return
	}
	size := 64 << bits.Len(uint(s.top)>>6)
	larger := distribution(g[n-recent:], size)
	var buckets [][]float64
	for a := 0; a < end; a += t.bucket {
		buckets = append(buckets, distribution(g[max(a, 1):a+t.bucket], size))
	}
	class := s.classes(size)
	parts := make([]int32, end) // shared by the plans, which cover the same buckets
	for a := range parts {
		parts[a] = int32(a)
	}
	for searched := range 1 + s.c {
		if p := planOrder(buckets, larger, class, uint8(searched), t, len(s.takes)); p != nil {
			p.parts = parts
			s.plans[searched] = p
		}
	}
}

// distribution returns the share of each value below size among vals (larger values count
// only in the whole).
func distribution(vals []uint16, size int) []float64 {
	p := make([]float64, size)
	for _, v := range vals {
		if int(v) < size {
			p[v]++
		}
	}
	for v := range p {
		p[v] /= float64(len(vals))
	}
	return p
}

// planOrder orders the buckets of smaller parts, whose value distributions are buckets, for
// heaps whose larger parts have the distribution larger, to find the values of the searched
// class (class[u] == searched) in fewest splits; takes is the number of splits per part. It
// returns nil where the plan is not expected to scan a tenth fewer splits than ascending order.
func planOrder(buckets [][]float64, larger []float64, class []uint8, searched uint8, t orderTuning, takes int) *scanPlan {
	// The values to find and the chance that each is wanted: that a heap's value exceeds it.
	var wanted []int
	var chance []float64
	above := 0.0
	for u := len(larger) - 1; u >= 0; u-- {
		if class[u] == searched && above > 1e-9 {
			wanted = append(wanted, u)
			chance = append(chance, above)
		}
		above += larger[u]
	}
	if len(wanted) == 0 {
		return nil
	}
	// missed[k][i]: the chance that no split of bucket k has the value wanted[i].
	missed := make([][]float64, len(buckets))
	for k, pk := range buckets {
		splits := float64(t.bucket * takes)
		if k == 0 {
			splits -= float64(takes) // heap 0 is not a part
		}
		var values []int // the values of bucket k: at most its size, often far fewer than len(pk)
		for w, p := range pk {
			if p > 0 {
				values = append(values, w)
			}
		}
		missed[k] = make([]float64, len(wanted))
		for i, u := range wanted {
			r := 0.0
			for _, w := range values {
				if w^u < len(larger) {
					r += pk[w] * larger[w^u]
				}
			}
			missed[k][i] = math.Exp(-splits * r)
		}
	}
	// Greedy: next the bucket that finds the most of the wanted values still missing.
	left := slices.Clone(chance)
	used := make([]bool, len(buckets))
	order := make([]int, 0, len(buckets))
	for range buckets {
		best, most := -1, -1.0
		for k := range buckets {
			if used[k] {
				continue
			}
			found := 0.0
			for i, m := range missed[k] {
				found += left[i] * (1 - m)
			}
			if found > most {
				best, most = k, found
			}
		}
		used[best] = true
		order = append(order, best)
		for i, m := range missed[best] {
			left[i] *= m
		}
	}
	ascending := make([]int, len(buckets))
	for k := range ascending {
		ascending[k] = k
	}
	if !t.always && expectedBuckets(order, missed, chance) > 0.9*expectedBuckets(ascending, missed, chance) {
		return nil
	}
	p := &scanPlan{size: t.bucket, end: len(buckets) * t.bucket}
	for _, k := range order {
		p.starts = append(p.starts, int32(k*t.bucket))
	}
	return p
}

// expectedBuckets returns the buckets a search is expected to scan in the given order (a
// bucket for each start with a wanted value still missing), by the model of planOrder.
func expectedBuckets(order []int, missed [][]float64, chance []float64) float64 {
	left := slices.Clone(chance)
	total := 0.0
	for _, k := range order {
		none := 1.0 // the chance that no wanted value is missing
		for _, l := range left {
			none *= 1 - l
		}
		total += 1 - none
		for i, m := range missed[k] {
			left[i] *= m
		}
	}
	return total
}

// scanPlanned is scanAll over the buckets of p in order, leaving out those of skip (bit
// start/size: a bucket whose splits are marked for heap n, markBuckets), then over the parts
// from p.end on, each cut to [lo, hi); it returns how many wanted values are still missing.
func (s *sparse) scanPlanned(p *scanPlan, g []uint16, n, lo, hi int, want *wanted, tail *mirror, need []uint16, k int, skip uint64) int {
	for _, start := range p.starts {
		if skip>>(int(start)/p.size)&1 != 0 {
			continue
		}
		if a, b := max(lo, int(start)), min(hi, int(start)+p.size); a < b {
			if k = s.scanAll(g, n, a, b, want, tail, need, k); k == 0 {
				return 0
			}
		}
	}
	if a := max(lo, p.end); a < hi {
		k = s.scanAll(g, n, a, hi, want, tail, need, k)
	}
	return k
}

// bucketsMarked is how many of a plan's first buckets a block marks instead of scanning them.
// There most splits have a value still wanted, and the scan pays a mispredicted branch for
// each run of 32 splits with one (Officers near 2^20: 71% of the first bucket's runs, 61% of
// the second's), where a block marks a split of all its heaps for about a store each.
// Officers to 2^21 on one core with the AVX2 scan, on Z: 2, 3, 4 and 6 buckets took 13%, 14%,
// 11% and 7% less time than none, 8 took 3% more (git show ce2be9a).
const bucketsMarked = 3

// bucketsToMark returns the buckets that a block of the l heaps from n marks instead of
// scanning, as a set (bit k: the bucket from k·size, k < 64), when the values below known are
// known: those among the first bucketsMarked of each plan that hold no a = 0 (not a split),
// end at the front or below (spill.go), and whose splits (a, m-a), for every heap and every
// take, have a < m-a (so that the scans look at every one of them, and none leaves two equal
// heaps) and both parts below known.
func (s *sparse) bucketsToMark(n, l, known int) uint64 {
	least, most := s.takes[0], s.takes[len(s.takes)-1]
	var set uint64
	for _, p := range s.plans {
		if p == nil {
			continue
		}
		for _, start := range p.starts[:min(bucketsMarked, len(p.starts))] {
			a0, a1 := int(start), int(start)+p.size
			k := a0 / p.size
			largest := n + l - 1 - least - a0 // the largest part: heap n+l-1, take least, a = a0
			if a0 > 0 && k < 64 && s.reach(a1) == a1 && 2*(a1-1) < n-most && largest < known {
				set |= 1 << k
			}
		}
	}
	return set
}

// markBuckets marks in lanes, for the l heaps n+j from n (l <= blockLanes), the values of every
// take i's splits (a, n+j-i-a) of the buckets of bucketsToMark(n, l, len(g)), g holding the
// values known, and returns those buckets: the ones the searches of these heaps leave out.
func (s *sparse) markBuckets(lanes *[blockLanes][markSize]uint8, g []uint16, n, l int, stamp uint8) uint64 {
	set := s.bucketsToMark(n, l, len(g))
	if set == 0 {
		return 0
	}
	g = g[:len(g):len(g)] // markLanesFew reads up to the capacity: a read past the values known panics
	p := s.plans[0]
	if p == nil {
		p = s.plans[1]
	}
	for b := set; b != 0; b &= b - 1 {
		a0 := bits.TrailingZeros64(b) * p.size
		for _, i := range s.takes {
			markBlock(lanes, g, n-i, p.parts[a0:a0+p.size], stamp, l)
		}
	}
	return set
}
