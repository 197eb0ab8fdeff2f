package engine

import (
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
