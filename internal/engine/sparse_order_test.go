package engine

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// smallPlans makes scan plans from 64 values on, in buckets of 4 heaps up to heap 256, and uses
// them whatever the model expects, so that small runs scan in planned order.
var smallPlans = orderTuning{from: 64, bucket: 4, span: 256, always: true}

// plannedValues returns G(0..n-1) computed from scratch with the scan plans of tune, by the
// block engine, or with pairs by the two-core engine (two goroutines from heap 8 on), and the
// number of plans made for each class of searched values.
func plannedValues(t *testing.T, o *Octal, n int, tune orderTuning, pairs bool) ([]uint16, [2]int) {
	s := newSparse(o.plan(), nil)
	s.ordering = tune
	if pairs {
		o = paired(t, o, 8)
		o.eng.pairs.cores = 2
		o.eng.sp = s
	}
	var made [2]int
	g, top := make([]uint16, 0, n), 0
	for len(g) < n { // in steps, to count the plans in use along the way
		next := min(n, len(g)+64)
		if pairs {
			g, top, _ = o.eng.extendPairs(g, next, top, nil)
		} else {
			g, top, _ = s.extend(o.plan(), g, next, top)
		}
		for c, p := range s.plans {
			if p != nil {
				made[c]++
			}
		}
	}
	return g, made
}

// TestPlannedScansModifiers checks planned scans against the general engine for codes whose
// takes may not leave two equal heaps or leave them only (! ? =), and for Grundy's game.
func TestPlannedScansModifiers(t *testing.T) {
	const n = 1 << 11
	for _, code := range []string{"4!.0", "4?.0", "0.6!", "0.6?", "0.77!", "0.07?", "0.6=4", "0.7=7"} {
		o := freshOctal(code)
		want := generalValues(o, n)
		got, made := plannedValues(t, o, n, smallPlans, false)
		require.Equal(t, want, got, code)
		assert.Positive(t, made[0]+made[1], code)
	}
}

// TestPlannedScansEveryCode compares the block engine scanning in planned order from 64 values
// on with the reference mex on every 1- to 3-digit code whose moves leave two heaps, to 2^11
// values (TestBlocksMatchReference samples them, further).
func TestPlannedScansEveryCode(t *testing.T) {
	n := 1 << 11
	if raceEnabled {
		n = 1 << 9
	}
	for _, code := range shortCodes() {
		o := freshOctal(code)
		if o.plan().heaps != 2 {
			continue
		}
		got, _ := plannedValues(t, o, n, smallPlans, false)
		require.Equal(t, referenceValues(o, n), got, code)
	}
}

// TestPlanScansFewer checks the model on Officers (0.6) at 2^20 values: the plan is made, covers
// every bucket once, and scans at least a fifth fewer splits on 1,024 heaps than ascending
// order, counted by a plain scan of the values.
func TestPlanScansFewer(t *testing.T) {
	if testing.Short() || raceEnabled {
		t.Skip("computes 2^20 values of Officers (a model's gain, not a race)")
	}
	const n, heaps = 1 << 20, 1024
	o := freshOctal("0.6")
	vals, err := o.Values(ctx, n+heaps)
	require.NoError(t, err)
	s := o.eng.sp
	p := s.plans[0]
	require.NotNil(t, p, "no plan for Officers")
	require.Equal(t, defaultOrder.span, p.end)
	starts := slices.Clone(p.starts)
	slices.Sort(starts)
	for k, a := range starts {
		require.Equal(t, int32(k*p.size), a, "every bucket once")
	}
	g := make([]uint16, len(vals))
	for i, v := range vals {
		g[i] = uint16(v)
	}
	ascending := &scanPlan{size: p.size, end: p.end}
	for k := range p.end / p.size {
		ascending.starts = append(ascending.starts, int32(k*p.size))
	}
	count := func(p *scanPlan) int {
		total := 0
		for h := n; h < n+heaps; h++ {
			m := h - 1
			want := map[uint16]bool{}
			for u := range int(g[h]) {
				if s.class[u] == s.searched(h) {
					want[uint16(u)] = true
				}
			}
			for _, start := range p.starts {
				for a := max(1, int(start)); a < int(start)+p.size && a <= m/2 && len(want) > 0; a++ {
					total++
					delete(want, g[a]^g[m-a])
				}
			}
			require.Empty(t, want, "heap %d: values found past the buckets", h)
		}
		return total
	}
	planned, natural := count(p), count(ascending)
	t.Logf("splits scanned on %d heaps: %d planned, %d ascending", heaps, planned, natural)
	assert.Less(t, planned, natural*4/5)
}

// TestBucketsToMark checks which buckets a block marks: the first bucketsMarked of the plan,
// but not the bucket of heap 0 (no split), nor one with a part not known for some heap of the
// block, nor one past a heap's half or past the front.
func TestBucketsToMark(t *testing.T) {
	plan := &scanPlan{starts: []int32{0, 20, 40, 60}, size: 20, end: 80}
	s := &sparse{takes: []int{1, 3}, unequal: []bool{false, false}, plans: [2]*scanPlan{plan}}
	require.Equal(t, 3, bucketsMarked, "the cases below assume three")
	assert.Equal(t, uint64(0b110), s.bucketsToMark(1000, 16, 1000), "buckets 20 and 40")
	assert.Equal(t, uint64(0b110), s.bucketsToMark(1000, 1, 1000), "not bucket 0, which holds heap 0")
	// Heap 1015 less one less 20 is heap 994.
	assert.Equal(t, uint64(0b100), s.bucketsToMark(1000, 16, 994), "994 not known")
	assert.Equal(t, uint64(0b110), s.bucketsToMark(1000, 16, 995))
	assert.Equal(t, uint64(0b110), s.bucketsToMark(1000, 4, 983), "a block of four heaps")
	// Bucket 40 splits off part 59, less than the other for every heap of the block from 122
	// (2·59 < 122-3), not from 121.
	assert.Equal(t, uint64(0b010), s.bucketsToMark(121, 16, 1000))
	assert.Equal(t, uint64(0b110), s.bucketsToMark(122, 16, 1000))
	s.front = 59
	assert.Equal(t, uint64(0b010), s.bucketsToMark(1000, 16, 1000), "bucket 40 past the front")
	s.front = 60
	assert.Equal(t, uint64(0b110), s.bucketsToMark(1000, 16, 1000), "bucket 40 up to the front")
	s.plans[0] = nil
	assert.Zero(t, s.bucketsToMark(1000, 16, 1000), "no plan")
}

// TestBucketsToMarkRandom checks bucketsToMark against its definition, split by split, for
// random takes, plans (one or two, up to 80 buckets), blocks, values known and fronts: every
// bucket it returns is among a plan's first bucketsMarked, below 64, and each of its splits
// (a, m-a), for every heap and take, has 0 < a < m-a, m-a below known and a below the front;
// and it returns every such bucket.
func TestBucketsToMarkRandom(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	for trial := range 3000 {
		takes := []int{1 + r.IntN(8)}
		for range r.IntN(3) {
			takes = append(takes, takes[len(takes)-1]+1+r.IntN(8))
		}
		size := []int{4, 8, 20}[r.IntN(3)]
		buckets := 1 + r.IntN(80)
		s := &sparse{takes: takes, unequal: make([]bool, len(takes))}
		for c := range 1 + r.IntN(2) {
			p := &scanPlan{size: size, end: buckets * size}
			for _, k := range r.Perm(buckets) {
				p.starts = append(p.starts, int32(k*size))
			}
			s.plans[c] = p
		}
		n := 20 + r.IntN(2000)
		l := 1 + r.IntN(blockLanes)
		known := n - r.IntN(60)
		if r.IntN(2) == 0 {
			s.front = r.IntN(n)
		}
		ok := func(a0 int) bool {
			for a := a0; a < a0+size; a++ {
				if a == 0 || (s.front > 0 && a >= s.front) {
					return false
				}
				for j := range l {
					for _, i := range takes {
						if m := n + j - i; 2*a >= m || m-a >= known {
							return false
						}
					}
				}
			}
			return true
		}
		var want uint64
		for _, p := range s.plans {
			if p == nil {
				continue
			}
			for _, start := range p.starts[:min(bucketsMarked, len(p.starts))] {
				if k := int(start) / size; k < 64 && ok(int(start)) {
					want |= 1 << k
				}
			}
		}
		require.Equal(t, want, s.bucketsToMark(n, l, known), "trial %d: takes %v, size %d, n %d, l %d, known %d, front %d", trial, takes, size, n, l, known, s.front)
	}
}

// TestMarkBuckets checks the marks of markBuckets against the splits of the buckets, heap by
// heap, for blocks of 16 heaps and of fewer.
func TestMarkBuckets(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	g := make([]uint16, 1000)
	for i := range g {
		g[i] = uint16(r.IntN(300))
	}
	plan := &scanPlan{starts: []int32{60, 0, 20, 40}, size: 20, end: 80}
	plan.parts = make([]int32, plan.end)
	for a := range plan.parts {
		plan.parts[a] = int32(a)
	}
	s := &sparse{takes: []int{1, 3}, unequal: []bool{false, false}, plans: [2]*scanPlan{plan}}
	for _, l := range []int{blockLanes, 5} {
		n := len(g) - l + 1 // the block's last heap, len(g), has its parts in g
		lanes := new([blockLanes][markSize]uint8)
		require.Equal(t, uint64(0b1010), s.markBuckets(lanes, g, n, l, 7), "buckets 20 and 60")
		for j := range blockLanes {
			want := map[int]bool{}
			for _, i := range s.takes {
				for a := 20; a < 40 && j < l; a++ {
					want[int(g[a]^g[n+j-i-a])] = true
				}
				for a := 60; a < 80 && j < l; a++ {
					want[int(g[a]^g[n+j-i-a])] = true
				}
			}
			for v := range markSize {
				require.Equal(t, want[v], lanes[j][v] == 7, "blocks of %d, lane %d, value %d", l, j, v)
			}
		}
	}
}

// TestScanPlannedSkips checks that a planned scan leaves out the buckets it is told to: a
// value that only a split of bucket 20 has is found unless that bucket is left out.
func TestScanPlannedSkips(t *testing.T) {
	g := make([]uint16, 400)
	for i := range g {
		g[i] = uint16(i % 7) // every split's value is below 8 ...
	}
	g[25] = 100 // ... but those of heap 25's
	plan := &scanPlan{starts: []int32{40, 20, 0, 60}, size: 20, end: 80}
	for _, takes := range [][]int{{1}, {1, 3}} {
		s := &sparse{takes: takes, unequal: make([]bool, len(takes)), plans: [2]*scanPlan{plan}}
		n := len(g)
		v := g[25] ^ g[n-takes[0]-25]
		for _, c := range []struct {
			skip uint64
			left int
		}{{0, 0}, {1 << 1, 1}, {1<<0 | 1<<2 | 1<<3, 0}} {
			w := new(wanted)
			w.put(v)
			var need []uint16
			if s.lists() {
				need = []uint16{v}
			}
			k := s.scanPlanned(plan, g, n, 1, (n-takes[0])/2+1, w, &mirror{}, need, 1, c.skip)
			w.clearBits()
			assert.Equal(t, c.left, k, "takes %v, leaving out %b", takes, c.skip)
		}
	}
}
