package engine

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// vectors returns VectorGo and the vector scans that this CPU runs.
func vectors(t *testing.T) []Vector {
	v := []Vector{VectorGo}
	for _, s := range []Vector{VectorAVX2, VectorAVX512, VectorNEON} {
		if s.Runs() {
			v = append(v, s)
		} else {
			t.Logf("%v does not run here (CPU, OS or -tags purego): not tested", s)
		}
	}
	return v
}

// TestScanVector checks scanUp, with each vector scan that this CPU runs and in 64-bit
// words, against a split-by-split scan: random values below 64, 1024 and 65536 (which
// wanted.bits does not hold), wanted values that repeat among the splits, bits left set for
// values found before, and searches that end in the middle of 32 splits.
func TestScanVector(t *testing.T) {
	vecs := vectors(t)
	rng := rand.New(rand.NewPCG(1, 2))
	var w wanted
	for trial := range 3000 {
		limit := []int{64, 512, 1024, 1100, 65536}[trial%5]
		n := rng.IntN(300)
		x, y := make([]uint16, n), make([]uint16, n)
		for j := range x {
			x[j], y[j] = uint16(rng.IntN(limit)), uint16(rng.IntN(limit))
		}
		var need []uint16
		for range 1 + rng.IntN(20) {
			v := uint16(rng.IntN(limit))
			if rng.IntN(3) == 0 && n > 0 { // a value some split has
				j := rng.IntN(n)
				v = x[j] ^ y[j]
			}
			if w.is[v] == 0 {
				need = append(need, v)
				w.add([]uint16{v})
			}
		}
		for range rng.IntN(4) { // bits of values found before
			v := rng.IntN(wantedBits)
			w.bits[v/64] |= 1 << (v % 64)
		}
		bits := w.bits
		// The split-by-split scan.
		wantLeft := map[uint16]bool{}
		for _, v := range need {
			wantLeft[v] = true
		}
		k := len(need)
		for j := 0; j < n && k > 0; j++ {
			if v := x[j] ^ y[j]; wantLeft[v] {
				delete(wantLeft, v)
				k--
			}
		}
		for _, vector := range vecs {
			w.bits = bits
			for _, v := range need {
				w.is[v] = 1
			}
			got := scanUp(x, y, &w, len(need), vector)
			if (vector == VectorAVX512 || vector == VectorNEON) && got > 0 { // every split scanVector looked at has its bit clear
				for j := range n &^ 31 {
					if v := x[j] ^ y[j]; v < wantedBits {
						require.Zero(t, w.bits[v/64]&(1<<(v%64)), "trial %d: the bit of split %d, value %d, is set", trial, j, v)
					}
				}
			}
			require.Equal(t, k, got, "trial %d, vector %v", trial, vector)
			for _, v := range need {
				require.Equal(t, wantLeft[v], w.is[v] != 0, "trial %d, vector %v: value %d", trial, vector, v)
				if w.is[v] != 0 && v < wantedBits {
					require.NotZero(t, w.bits[v/64]&(1<<(v%64)), "trial %d: the bit of wanted value %d is clear", trial, v)
				}
			}
		}
		for _, v := range need {
			w.is[v] = 0
		}
		w.clearBits()
	}
}

// TestMissing checks that missing adds to want exactly the values below its answer that a
// plain loop over the values finds missing (their bits too, past wantedBits included), counts
// them, and returns what the loop does; and that wanted.below and take list them.
func TestMissing(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	mark := new([markSize]uint8)
	var w wanted
	for trial := range 2000 {
		size := 8 * rng.IntN(140) // up to 1,112 values: past wantedBits too
		if trial%7 == 0 {
			size += rng.IntN(8) // a length that is not a multiple of eight
		}
		class := make([]uint8, size)
		stamp, searched := uint8(1+rng.IntN(255)), uint8(rng.IntN(2))
		marked := rng.Float64()
		for v := range size {
			class[v] = uint8(rng.IntN(2))
			mark[v] = stamp ^ uint8(1+rng.IntN(255)) // a mark of an earlier heap
			if rng.Float64() < marked {
				mark[v] = stamp
			}
		}
		wantCand, wantNeed := size, []uint16{}
		for v := range size {
			if mark[v] == stamp {
				continue
			}
			if class[v] != searched {
				wantCand = v
				break
			}
			wantNeed = append(wantNeed, uint16(v))
		}
		var list []uint16
		if trial%2 == 0 {
			list = make([]uint16, 0, rng.IntN(4)) // as for codes whose scans read a list
		}
		cand, k, need := missing(mark, class, stamp, searched, &w, list)
		require.Equal(t, wantCand, cand, "trial %d", trial)
		require.Equal(t, len(wantNeed), k, "trial %d", trial)
		if list != nil {
			require.Equal(t, wantNeed, need, "trial %d", trial)
		} else {
			require.Nil(t, need, "trial %d", trial)
		}
		var added wanted
		added.add(wantNeed)
		require.True(t, w.is == added.is && w.bits == added.bits && w.over == added.over,
			"trial %d: want holds other values than those missing", trial)
		prefix := []uint16{7}
		require.Equal(t, append(prefix, wantNeed...), w.below(cand, prefix), "trial %d", trial)
		if cut := rng.IntN(cand + 1); len(wantNeed) > 0 {
			kept, _ := slices.BinarySearch(wantNeed, uint16(cut))
			require.Equal(t, wantNeed[:kept], w.below(cut, []uint16{}), "trial %d: below %d", trial, cut)
		}
		require.Equal(t, wantNeed, w.take(cand, []uint16{}), "trial %d", trial)
		require.Equal(t, [markSize]uint8{}, w.is, "trial %d: take leaves values", trial)
		w = wanted{}
	}
}

// TestScanTakesVector checks scanTakes, with each vector scan that this CPU runs and
// without, against a split-by-split scan of two or three takes (some that may not leave two
// equal heaps): random values below 64, 1024 and 65536, wanted values that some split has,
// values already found (in need but no longer wanted), more wanted values than the vector
// scan takes (64 or more), and searches that end inside a run of 32 heaps or run out.
func TestScanTakesVector(t *testing.T) {
	vecs := vectors(t)
	rng := rand.New(rand.NewPCG(5, 6))
	var w wanted
	for trial := range 3000 {
		limit := []int{64, 1024, 65536}[trial%3]
		takes := []int{1 + rng.IntN(3)}
		for range 1 + rng.IntN(2) {
			takes = append(takes, takes[len(takes)-1]+1+rng.IntN(4))
		}
		s := &sparse{takes: takes}
		for range takes {
			s.unequal = append(s.unequal, rng.IntN(3) == 0)
		}
		n := takes[len(takes)-1] + 2 + rng.IntN(400)
		g := make([]uint16, n)
		for i := range g {
			g[i] = uint16(rng.IntN(limit))
		}
		// The splits scanTakes may look at: heaps a below the bound of the largest take.
		m := n - takes[len(takes)-1]
		if s.unequal[len(takes)-1] {
			m--
		}
		bound := max(1, m/2+1)
		lo := 1 + rng.IntN(max(1, bound/4))
		hi := lo + rng.IntN(n)
		var splits [][]uint16 // splits[a-lo]: the values of heap a's splits, take by take
		for a := lo; a < min(hi, bound); a++ {
			var v []uint16
			for _, i := range takes {
				v = append(v, g[a]^g[n-i-a])
			}
			splits = append(splits, v)
		}
		var need []uint16
		count := 1 + rng.IntN(12)
		if trial%10 == 0 {
			count = 60 + rng.IntN(10)
		}
		for range count {
			v := uint16(rng.IntN(limit))
			if rng.IntN(2) == 0 && len(splits) > 0 { // a value some split has
				a := rng.IntN(len(splits))
				v = splits[a][rng.IntN(len(takes))]
			}
			if !slices.Contains(need, v) {
				need = append(need, v)
			}
		}
		gone := map[uint16]bool{} // in need, but found by an earlier scan
		for _, v := range need {
			if rng.IntN(8) == 0 {
				gone[v] = true
			}
		}
		// The split-by-split scan: heap by heap until every wanted value is found.
		left := map[uint16]bool{}
		for _, v := range need {
			if !gone[v] {
				left[v] = true
			}
		}
		k := len(left)
		for a := 0; a < len(splits) && len(left) > 0; a++ {
			for _, v := range splits[a] {
				delete(left, v)
			}
		}
		ends := -1 // where the vector scans end when they find every value, if they run
		if c := (min(hi, bound) - lo) &^ 31; c > 0 && k > 0 && k < 64 {
			for _, vector := range vecs[1:] {
				ends = checkScanTakesVector(t, trial, vector, g, n, lo, c, takes, splits, need, gone)
			}
		}
		for _, vector := range vecs {
			s.vector = vector
			for _, v := range need {
				if !gone[v] {
					w.is[v] = 1
				}
			}
			got, next := s.scanTakes(g, n, lo, hi, &w, need, k)
			assert.Equal(t, len(left), got, "trial %d, vector %v: takes %v, n %d, [%d, %d)", trial, vector, takes, n, lo, hi)
			if got > 0 {
				assert.Equal(t, max(lo, min(hi, bound)), next, "trial %d, vector %v: the first heap not looked at", trial, vector)
			} else if vector != VectorGo && ends >= 0 {
				assert.Equal(t, ends, next, "trial %d: scanTakes ends where the vector scan does", trial)
			}
			for _, v := range need {
				assert.Equal(t, left[v], w.is[v] != 0, "trial %d, vector %v: value %d", trial, vector, v)
				w.is[v] = 0
			}
		}
	}
}

// checkScanTakesVector checks scanTakesVector, scanTakesAVX2 or scanTakesNEON (by vector) itself
// on the heaps lo to lo+c-1 (c a multiple of 32) of a trial of TestScanTakesVector, whose splits[a-lo] are heap a's split values: the
// values found, and the heaps looked at, run of 32 by run of 32 until all are found. It
// returns the first heap not looked at when all are found, or -1.
func checkScanTakesVector(t *testing.T, trial int, vector Vector, g []uint16, n, lo, c int, takes []int, splits [][]uint16, need []uint16, gone map[uint16]bool) int {
	t.Helper()
	var vals []uint16
	for _, v := range need {
		if !gone[v] {
			vals = append(vals, v)
		}
	}
	all := uint64(1)<<len(vals) - 1
	var want uint64
	done := 0
	for done < c && want != all {
		for _, split := range splits[done : done+32] {
			for i, v := range vals {
				if slices.Contains(split, v) {
					want |= 1 << i
				}
			}
		}
		done += 32
	}
	d1, d2 := takes[1]-takes[0], 0
	if len(takes) == 3 {
		d2 = takes[2] - takes[0]
	}
	b := n - takes[0]
	takesVector := map[Vector]func(x, z *uint16, d1, d2, n int, vals *uint16, count int) (uint64, int){
		VectorAVX512: scanTakesVector, VectorAVX2: scanTakesAVX2, VectorNEON: scanTakesNEON}[vector]
	found, looked := takesVector(&g[lo], &g[b-lo-31], d1, d2, c, &vals[0], len(vals))
	assert.Equal(t, want, found, "trial %d, %v: the values found, takes %v", trial, vector, takes)
	assert.Equal(t, done, looked, "trial %d, %v: the heaps looked at, takes %v", trial, vector, takes)
	if want != all {
		return -1
	}
	return lo + done
}

// TestVectorEngine checks the engine with each vector scan this CPU runs (AVX2, AVX-512,
// NEON) against the engine with the Go scans: every 1- to 3-digit code to 1,200 values
// (not with -short), and codes with one, two and three splitting takes, with values past
// 256, 512 and 1024 (0.6, 0.1777, 0.354, 0.06 ...), to 2^15 or 2^16. It is skipped where
// only the Go scans run.
func TestVectorEngine(t *testing.T) {
	vecs := vectors(t)[1:]
	if len(vecs) == 0 {
		t.Skip("only the Go scans run here")
	}
	type run struct {
		code string
		n    int
	}
	var runs []run
	for _, code := range shortCodes() {
		runs = append(runs, run{code, 1200})
	}
	runs = append(runs, run{"0.6", 1 << 16}, run{"0.1777", 1 << 16}, run{"0.354", 1 << 16},
		run{"0.376", 1 << 15}, run{"0.16", 1 << 15}, run{"0.06", 1 << 15}, run{"0.007", 1 << 15},
		run{"0.76", 1 << 15}, run{"0.64", 1 << 15}, run{"0.446", 1 << 15}, run{"4.7", 1 << 15})
	if testing.Short() || raceEnabled {
		runs = runs[len(runs)-11:]
	}
	for _, r := range runs {
		rules, flags, err := rulesOf(r.code)
		require.NoError(t, err, r.code)
		var want []int
		for i, vector := range append([]Vector{VectorGo}, vecs...) {
			o := &Octal{eng: New(rules, Settings{Vector: vector}), r: rules, flags: flags}
			require.Equal(t, vector, o.eng.vector, r.code)
			got, err := o.Values(ctx, r.n)
			require.NoError(t, err, "%s, %v", r.code, vector)
			if sp := o.eng.sp; sp != nil {
				require.Equal(t, vector, sp.vector, "%s: the sparse engine's scans", r.code)
			}
			if i == 0 {
				want = got
			} else {
				require.Equal(t, want, got, "%s: the values with the %v scans", r.code, vector)
			}
		}
	}
}

// TestCPUOff checks that GODEBUG's cpu options turn features off as the Go runtime reads them.
func TestCPUOff(t *testing.T) {
	for _, c := range []struct {
		godebug string
		names   []string
		off     bool
	}{
		{"", []string{"avx2"}, false},
		{"cpu.avx2=off", []string{"avx2"}, true},
		{"cpu.avx2=off", []string{"avx512f", "avx512bw"}, false},
		{"cpu.avx512bw=off", []string{"avx512f", "avx512bw"}, true},
		{"cpu.all=off", []string{"bmi2"}, true},
		{"cpu.all=off,cpu.avx2=on", []string{"avx2"}, false},
		{"cpu.avx2=off,cpu.all=on", []string{"avx2"}, false},
		{"gctrace=1,cpu.bmi1=off,madvdontneed=1", []string{"avx2", "bmi1"}, true},
		{"cpu.avx2", []string{"avx2"}, false},          // no value: ignored, as the runtime does
		{"cpu.avx2=maybe", []string{"avx2"}, false},    // an unknown value too
		{"xcpu.avx2=off", []string{"avx2"}, false},     // not a cpu option
		{"cpu.avx512f=off", []string{"avx512"}, false}, // no such feature
	} {
		assert.Equal(t, c.off, cpuOff(c.godebug, c.names...), "%q %v", c.godebug, c.names)
	}
}
