package engine

import (
	"context"
	"fmt"
	"runtime"
	"slices"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// paired makes the two-core engine of o use two goroutines from heap from on, in every
// window, with at least two processors until the test ends; the engine waits for the helper to
// join each window, so that the helper computes heaps however loaded the machine is.
func paired(t *testing.T, o *Octal, from int) *Octal {
	t.Helper()
	o.eng.pairs = pairTuning{from: from, min: 1, always: true}
	procs := runtime.GOMAXPROCS(max(2, runtime.GOMAXPROCS(0)))
	t.Cleanup(func() { runtime.GOMAXPROCS(procs) })
	return o
}

// oneCore keeps the engine of o to one goroutine.
func oneCore(o *Octal) *Octal {
	o.eng.pairs.from = MaxValues + 1
	return o
}

// oneCoreValues returns G(0..n-1) of code computed by the one-core rare/common engine.
func oneCoreValues(t *testing.T, code string, n int) []int {
	t.Helper()
	got, err := oneCore(freshOctal(code)).Values(ctx, n)
	require.NoError(t, err, code)
	return got
}

// TestPairsMatchReference compares the two-core engine, with two goroutines from heap 64 on,
// with the reference mex for every 1- to 3-digit code whose moves leave two heaps.
func TestPairsMatchReference(t *testing.T) {
	n := 1200
	if raceEnabled {
		n = 300
	}
	if *long {
		n = 4096
	}
	var total pairStats
	for _, code := range shortCodes() {
		o := paired(t, freshOctal(code), 64)
		if o.plan().heaps != 2 {
			continue
		}
		want := referenceValues(o, n)
		got, err := o.Values(ctx, len(want))
		require.NoError(t, err, code)
		if !assert.Equal(t, toInts(want), got, code) {
			return
		}
		if code == "0.6" {
			assert.Positive(t, o.eng.sp.two.stats.paired, "0.6: no heap computed in pairs")
		}
		total.paired += o.eng.sp.two.stats.paired
		total.late += o.eng.sp.two.stats.late
	}
	// Both ways of a heap's second half must have been checked: with the values its first
	// half looked for, and with values that the options marked late add to them.
	assert.Positive(t, total.paired)
	assert.Positive(t, total.late)
	t.Logf("paired %d, late %d", total.paired, total.late)
}

// TestHalvesMatchReference computes heaps by the two halves of the two-core engine and compares
// them with the reference mex: for every 1- to 3-digit code whose moves leave two heaps, with
// the mask chosen as usual, with scan plans, and with poor masks, with and without a parity bit
// (so that many heaps are rare), and for a sample of the codes with modifiers, against the general engine.
// The first half reads only the heaps below h-d, for d from 1 to far more than a window allows
// (the values from h-d on are made wrong while it runs), the second half runs on another
// worker. The larger d, the more options are left to the second half, and the more often its
// least listed value rises past values that the first half did not look for.
func TestHalvesMatchReference(t *testing.T) {
	const start, from, end = 512, 640, 700
	type setup struct {
		tune orderTuning
		mask uint16
		c    int // the parity bit, or -1: the mask and parity bit chosen as usual
	}
	setups := []setup{{c: -1}, {tune: smallPlans, c: -1}, {mask: 3, c: 0}, {mask: 0x55, c: 1}}
	ds, few := []int{1, 2, 3, 5, 9, 17, 40, 88}, []int{1, 5, 17, 88}
	every := 11 // of the codes with modifiers
	if raceEnabled {
		ds, few, every = []int{1, 17, 88}, []int{1, 88}, 97
	}
	first, second := newPairWorker(8), newPairWorker(8) // for every code's takes
	checked := 0
	halves := func(code string, want []uint16, set setup, ds []int) {
		o := freshOctal(code)
		s := newSparse(o.plan(), nil)
		s.ordering = set.tune
		if set.c == 1 && !s.canParity {
			set.c = 0
		}
		if set.c >= 0 {
			s.on, s.mask, s.c = true, set.mask, set.c
			s.chooseAt, s.rareAt = 1<<62, 1<<62
		}
		g, top, _ := s.extend(o.plan(), make([]uint16, 0, end), start, 0)
		s.prepare(g)
		if !s.on || len(s.takes) == 0 || len(o.plan().leave3) > 0 {
			return // not for the two-core engine
		}
		require.True(t, slices.Equal(want[:start], g), "%s %+v: the values below the halves", code, set)
		l := &leap{o: o.plan(), s: s, g: append(g, want[start:]...), start: start, end: end,
			rare: s.rare, class: s.classes(1 << 11), top: top, rareAt: 1 << 62,
			size: blockLanes}
		for _, d := range ds {
			// The workers' mirrors only move up: they start again when d does.
			first.tail, second.tail = mirror{}, mirror{}
			for h := from; h < end; h++ {
				l.enter(first)
				l.enter(second)
				b := (h - start) / l.size
				for i := h - d; i < end; i++ {
					l.g[i] = 0x7fff // not known to the first half
				}
				l.known.Store(int64(h - d))
				l.markBulk(first, first.marks, start+b*l.size, min(start+b*l.size, h-d))
				l.begin(first, first.marks, h)
				copy(l.g[h-d:], want[h-d:])
				l.known.Store(int64(h))
				require.Equal(t, int(want[h]), l.finish(second, first.marks, h), "%s heap %d, first half below %d, %+v", code, h, h-d, set)
				checked++
			}
		}
	}
	for _, code := range shortCodes() {
		if o := freshOctal(code); o.plan().heaps == 2 {
			want := referenceValues(o, end)
			halves(code, want, setups[0], ds)
			halves(code, want, setups[1], few)
			halves(code, want, setups[2], few)
			halves(code, want, setups[3], few)
		}
	}
	for i, code := range modifierCodes() {
		if i%every == 0 {
			halves(code, generalValues(freshOctal(code), end), setups[0], few)
		}
	}
	late := second.stats.late
	assert.Greater(t, late, checked/100, "heaps whose second half looked for new values")
	t.Logf("%d heaps, %d with new values in the second half", checked, late)
}

// TestPairsModifiersMatchGeneral compares the two-core engine, with two goroutines from heap
// 64 on, with the general engine of general.go for every code of modifierCodes (! ? = on
// digits that leave two heaps).
func TestPairsModifiersMatchGeneral(t *testing.T) {
	n := 1024
	if raceEnabled {
		n = 300
	}
	helped := 0 // codes computed in part by the helper
	for _, code := range modifierCodes() {
		o := paired(t, freshOctal(code), 64)
		want := generalValues(o, n)
		got, err := o.Values(ctx, n)
		require.NoError(t, err, code)
		require.Equal(t, toInts(want), got, code)
		if o.eng.sp.two.stats.paired > 0 {
			helped++
		}
	}
	assert.Greater(t, helped, 100, "codes computed in pairs")
	t.Logf("%d codes computed in pairs", helped)
}

// TestPairsAlone runs a window of the two-core engine on Officers (0.6) with the engine
// alone, as when the helper does not join: the engine claims every block, or, past its
// deadline, ends the window early.
func TestPairsAlone(t *testing.T) {
	n := 1 << 13
	want := oneCoreValues(t, "0.6", n)
	for _, deadline := range []time.Time{{}, time.Unix(1, 0)} {
		o := freshOctal("0.6")
		_, err := o.Values(ctx, 1<<12)
		require.NoError(t, err)
		o.eng.lock <- struct{}{}
		s := o.eng.sp
		g := o.eng.load().vals
		g = append(make([]uint16, 0, n), g...)
		l := &leap{o: o.plan(), s: s, g: g[:n], start: len(g), end: n, rare: s.rare,
			class: s.classes(markSize), top: o.eng.load().max, rareAt: n,
			size: blockLanes}
		l.known.Store(int64(len(g)))
		l.stop.Store(int64(n))
		w := newPairWorker(len(s.takes))
		l.run(w, deadline)
		o.eng.release()
		k := int(l.known.Load())
		if deadline.IsZero() {
			assert.Equal(t, n, k)
		} else {
			assert.Equal(t, len(g)+blockLanes, k, "the deadline is looked at after each block")
		}
		assert.Equal(t, want[:k], toInts(l.g[:k]))
		assert.Zero(t, w.stats.paired)
	}
}

// TestPairsCancel stops an extension in pairs at once and checks that the helper has ended,
// that the values kept are exact, and that the extension resumes to the same values.
func TestPairsCancel(t *testing.T) {
	n := 1 << 14
	if raceEnabled {
		n = 1 << 13
	}
	want := oneCoreValues(t, "0.6", n)
	o := paired(t, freshOctal("0.6"), 256)
	_, err := o.Values(ctx, 1024)
	require.NoError(t, err)
	cancelled, cancel := context.WithCancel(ctx)
	cancel()
	o.eng.lock <- struct{}{}
	s, err := o.eng.extendLocked(n, n, NewBudget(cancelled, unlimited))
	o.eng.release()
	require.ErrorIs(t, err, context.Canceled)
	// Within a block or two of the cancel, not at the window's end (a quarter or all of
	// pairWindow heaps, each costing more as the heaps grow).
	assert.LessOrEqual(t, len(s.vals), 1024+4*blockLanes, "the window ends within blocks of the cancel")
	assert.Equal(t, want[:len(s.vals)], toInts(s.vals))
	assert.Zero(t, helpers(), "a helper outlived its extension")
	got, err := o.Values(ctx, n)
	require.NoError(t, err)
	assert.Equal(t, want, got)
	assert.Positive(t, o.eng.sp.two.stats.paired)
	assert.Zero(t, helpers(), "a helper outlived its extension")
}

// helpers returns how many goroutines run the two-core engine's helper.
func helpers() int {
	buf := make([]byte, 1<<20)
	buf = buf[:runtime.Stack(buf, true)]
	return strings.Count(string(buf), "(*pairHelper).serve(")
}

// TestPairChooser checks the chooser's decisions on made-up times: it measures both ways,
// keeps to the faster, measures the slower one again after gaps that double, and measures the
// way kept again before it leaves it.
func TestPairChooser(t *testing.T) {
	var c pairChooser
	now := time.Unix(0, 0)
	step := func(perValue time.Duration) bool {
		now = now.Add(perValue * time.Duration(c.end-c.from))
		c.next(c.end, now)
		return c.pairs
	}
	c.next(0, now)
	assert.False(t, c.pairs, "the first window measures one core")
	assert.True(t, c.deadline().IsZero())
	single, pairs := 4*time.Microsecond, 3*time.Microsecond
	cost := func() time.Duration {
		if c.pairs {
			return pairs
		}
		return single
	}
	assert.True(t, step(cost()), "the second window measures pairs")
	assert.Equal(t, c.start.Add(single*time.Duration(c.end-c.from)), c.deadline(),
		"a window of pairs ends by the time one core would take")
	step(cost())
	require.True(t, c.pairs)
	require.False(t, c.probing)
	assert.Equal(t, c.start.Add(2*single*time.Duration(c.end-c.from)), c.deadline(),
		"other windows of pairs end by twice the time one core took")
	var ways []bool
	for range 4 * pairGap {
		ways = append(ways, step(cost()))
	}
	assert.Equal(t, true, ways[0])
	probes := 0
	for _, w := range ways {
		if !w {
			probes++
		}
	}
	assert.Equal(t, 2, probes, "one core measured again after %d windows, then %d: %v", pairGap, 2*pairGap, ways)
	// One slow window of pairs (noise): the next window measures pairs again, and keeps them.
	for c.probing || !c.pairs {
		step(cost())
	}
	gap := c.gap
	pairs = 10 * time.Microsecond
	assert.True(t, step(cost()), "a slow window of the way kept is measured again")
	assert.True(t, c.probing)
	pairs = 3 * time.Microsecond
	assert.True(t, step(cost()), "pairs measured fast again are kept")
	assert.False(t, c.probing)
	assert.Equal(t, gap, c.gap, "and so is the gap")
	// Pairs turn slow (the helper has lost its processor): two windows show it.
	pairs = 10 * time.Microsecond
	for range 2 {
		step(cost())
	}
	assert.False(t, c.pairs)
	ways = ways[:0]
	for range pairGap + 1 {
		ways = append(ways, step(cost()))
	}
	assert.Equal(t, append(make([]bool, pairGap-1), true, false), ways,
		"one core for %d windows, then pairs measured again", pairGap)
}

// TestPairsEndBeforeOverflow: a heap past a window's end, whose value would exceed 65535, is
// dropped without aborting the extension, as when the one-core engine first chooses a mask
// there. On made-up values of 0.4 (take one, leave two heaps), G(a) = a-1 for 1 <= a <= 2^16
// and 0 beyond, heap H-1 = 2^17+1 has value 65535 (its splits have every value below, and
// 2^16+2^16 gives 0), which is rare under mask 3 and brings the rare heaps to the count at
// which the one-core engine chooses a mask: the window ends there. Heap H, whose splits have
// every value to 65535, is in the same block, whose first half the worker computes before it
// knows heap H-1; it must drop heap H. Had the window gone on, heap H would abort it.
func TestPairsEndBeforeOverflow(t *testing.T) {
	o := freshOctal("0.4")
	const b = 1<<16 + 1 // the first heap of value 0 beyond heap 0
	const h = b + 1<<16 + 1
	g := make([]uint16, h+1)
	for a := 1; a < b; a++ {
		g[a] = uint16(a - 1)
	}
	seen := make([]uint64, 1<<16/64+2)
	require.Equal(t, maxValue, o.plan().mex(g, h-1, seen, nil), "heap H-1 of the made-up values")
	g[h-1] = maxValue
	require.Equal(t, maxValue+1, o.plan().mex(g, h, seen, nil), "heap H of the made-up values")
	g[h-1] = 0
	s := newSparse(o.plan(), nil)
	s.on, s.mask = true, 3
	require.True(t, s.isRare(h-1, maxValue))
	var rare []int32
	for a := 1; a < h-1; a++ {
		if s.isRare(a, g[a]) {
			rare = append(rare, int32(a))
		}
	}
	// Heap H-1 ends the window, or (as a check of the test) the window goes on and heap H
	// aborts it.
	for _, ends := range []bool{true, false} {
		g[h-1], g[h] = 0, 0
		rareAt := len(rare) + 1
		if !ends {
			rareAt = len(rare) + 2
		}
		l := &leap{o: o.plan(), s: s, g: g, start: h - 1, end: h + 1, rare: rare,
			class: s.classes(markSize), top: maxValue, rareAt: rareAt, size: blockLanes}
		l.known.Store(h - 1)
		l.stop.Store(h + 1)
		l.run(newPairWorker(len(s.takes)), time.Time{})
		assert.Equal(t, int64(h), l.known.Load())
		assert.Equal(t, uint16(maxValue), g[h-1])
		assert.Equal(t, !ends, l.abort.Load(), "heap H aborts the extension only within the window")
	}
}

// TestPairsStopAcrossBlocks ends a window inside its first block, at a rare heap r that brings
// the rare heaps to the count at which the one-core engine chooses a mask, while another
// worker computes the second block: that worker must return without publishing a heap, both
// when r is inside the block (the second block's wait gives up) and when r ends it (the second
// block's first heap is past the end).
func TestPairsStopAcrossBlocks(t *testing.T) {
	const n = 1 << 13
	ref := oneCore(freshOctal("0.6"))
	_, err := ref.Values(ctx, n)
	require.NoError(t, err)
	g := ref.eng.load().vals[:n]
	o := freshOctal("0.6")
	_, err = o.Values(ctx, 1<<12)
	require.NoError(t, err)
	o.eng.lock <- struct{}{}
	defer o.eng.release()
	s := o.eng.sp
	var rare []int32
	for a := 1; a < n; a++ {
		if s.isRare(a, g[a]) {
			rare = append(rare, int32(a))
		}
	}
	const size = 4 // heaps in a block: Officers' rare heaps are too close for gaps of 16
	for _, lane := range []int{1, size - 1} {
		// The first rare heap r from 6000 on with none in the lane heaps before it.
		k := slices.IndexFunc(rare, func(r int32) bool { return r >= 6000 })
		for int(rare[k]-rare[k-1]) <= lane {
			k++
		}
		r := int(rare[k])
		start := r - lane
		vals := slices.Clone(g)
		for i := start; i < n; i++ {
			vals[i] = 0x7fff // not known
		}
		below := rare[:rareBelow(rare, start)]
		l := &leap{o: o.plan(), s: s, g: vals, start: start, end: start + 3*size, rare: below,
			class: s.classes(markSize), top: int(slices.Max(g[:start])), rareAt: len(below) + 1,
			size: size}
		l.known.Store(int64(start))
		l.stop.Store(int64(l.end))
		l.next.Store(1) // the other worker claims block 1, then none
		returned := make(chan struct{})
		go func() {
			defer close(returned)
			l.run(newPairWorker(len(s.takes)), time.Time{})
		}()
		time.Sleep(20 * time.Millisecond) // let the other worker begin block 1 and wait for block 0
		w := newPairWorker(len(s.takes))
		l.enter(w)
		_, whole := l.block(w, 0, false)
		assert.Equal(t, lane == size-1, whole, "lane %d: block 0 is done whole only when r ends it", lane)
		select {
		case <-returned:
		case <-time.After(10 * time.Second):
			t.Fatalf("lane %d: the worker of block 1 is still waiting", lane)
		}
		assert.Equal(t, int64(r+1), l.known.Load(), "lane %d", lane)
		assert.Equal(t, int64(r+1), l.stop.Load(), "lane %d", lane)
		assert.False(t, l.abort.Load(), "lane %d", lane)
		assert.Equal(t, g[:r+1], vals[:r+1], "lane %d", lane)
		assert.Equal(t, -1, slices.IndexFunc(vals[r+1:], func(v uint16) bool { return v != 0x7fff }),
			"lane %d: a heap past the end is published", lane)
	}
}

// TestPairsAhead holds block 0 of a window back while another worker computes block 1: that
// worker, which must wait for block 0, claims block 2 and marks its pairs in bulk first, then
// computes blocks 1 and 2 once block 0 is published. The values are the one-core engine's.
func TestPairsAhead(t *testing.T) {
	const n = 1 << 13
	for _, code := range []string{"0.6", "0.354"} { // one take; two (the bulk of each)
		g := make([]uint16, n)
		for i, v := range oneCoreValues(t, code, n) {
			g[i] = uint16(v)
		}
		o := freshOctal(code)
		_, err := o.Values(ctx, 1<<12)
		require.NoError(t, err)
		o.eng.lock <- struct{}{}
		s := o.eng.sp
		require.True(t, s.on, code)
		const start = 1 << 12
		vals := slices.Clone(g)
		for i := start; i < n; i++ {
			vals[i] = 0x7fff // not known
		}
		l := &leap{o: o.plan(), s: s, g: vals, start: start, end: start + 3*blockLanes, rare: s.rare,
			class: s.classes(markSize), top: int(slices.Max(g[:start])), rareAt: 1 << 30,
			size: blockLanes}
		l.known.Store(start)
		l.stop.Store(int64(l.end))
		l.next.Store(1) // block 0 is the test's
		other := newPairWorker(len(s.takes))
		returned := make(chan struct{})
		go func() {
			defer close(returned)
			l.run(other, time.Time{})
		}()
		for wait := time.Now().Add(10 * time.Second); l.next.Load() < 3; runtime.Gosched() {
			// Blocks 1 and 2 claimed: the other worker waits for block 0.
			if time.Now().After(wait) {
				l.abort.Store(true) // the other worker leaves
				t.Fatalf("%s: no block is claimed ahead", code)
			}
		}
		w := newPairWorker(len(s.takes))
		l.enter(w)
		ahead, ok := l.block(w, 0, false)
		assert.True(t, ok, code)
		assert.Equal(t, -1, ahead, "%s: block 0 waits for nothing", code)
		select {
		case <-returned:
		case <-time.After(10 * time.Second):
			l.abort.Store(true)
			t.Fatalf("%s: the other worker is still computing", code)
		}
		assert.Equal(t, int64(l.end), l.known.Load(), code)
		assert.Equal(t, g[:l.end], vals[:l.end], code)
		o.eng.release()
	}
}

// TestPairsPanic makes one goroutine of a window panic (its marks are gone) and checks that
// the panic reaches the caller of Values, in the caller's goroutine, and that no helper is
// left behind: a panic in the engine must not leave the helper waiting for the engine's heap,
// nor one in the helper leave the engine waiting for the helper's, or crash the program.
func TestPairsPanic(t *testing.T) {
	for _, who := range []string{"engine", "helper"} {
		o := paired(t, freshOctal("0.6"), 256)
		_, err := o.Values(ctx, 300) // the workers exist from now on
		require.NoError(t, err)
		require.NotNil(t, o.eng.sp.two.eng, who)
		w := o.eng.sp.two.eng
		if who == "helper" {
			w = o.eng.sp.two.help[0]
		}
		w.want = nil
		result := make(chan any, 1)
		go func() {
			defer func() { result <- recover() }()
			// Which goroutine takes a heap that needs a search is up to the scheduler: on a
			// busy machine one of them may take none for a while, so extend until one does.
			for n := 4096; n <= 1<<18; n *= 2 {
				_, _ = o.Values(ctx, n)
			}
		}()
		select {
		case r := <-result:
			require.NotNil(t, r, "%s: no panic", who)
			err, ok := r.(error)
			require.True(t, ok, "%s: %v", who, r)
			assert.Contains(t, err.Error(), "nil pointer", who)
		case <-time.After(20 * time.Second):
			t.Fatalf("%s: the extension hangs after a panic", who)
		}
		assert.Zero(t, helpers(), "%s: a helper outlived its extension", who)
	}
}

// TestPairsMaskChoices compares the rare/common state after each of a series of extensions,
// with one core and with two: the mask, where it was chosen last (chooseAt and rareAt follow
// from that), how often, and the rare heaps. Run's final report alone may agree even when a
// window ends a heap late, since a later choice can hide the shift.
func TestPairsMaskChoices(t *testing.T) {
	type state struct {
		mask                          uint16
		c, chooseAt, rareAt, best, on int
		choices                       int
		rare                          []int32
	}
	steps := []int{600, 1000, 1500, 2500, 4000, 6000}
	helped := 0
	states := func(code string, tune func(*Octal) *Octal) []state {
		o := tune(freshOctal(code))
		defer func() { helped += o.eng.sp.two.stats.paired }()
		var got []state
		for _, n := range steps {
			_, err := o.Values(ctx, n)
			require.NoError(t, err, code)
			s := o.eng.sp
			on := 0
			if s.on {
				on = 1
			}
			got = append(got, state{s.mask, s.c, s.chooseAt, s.rareAt, s.best, on, s.choices,
				slices.Clone(s.rare)})
		}
		return got
	}
	for _, code := range []string{"0.024", "0.6", "0.16", "0.354", "0.1777", "4!.0"} {
		want := states(code, oneCore)
		got := states(code, func(o *Octal) *Octal { return paired(t, o, 512) })
		for i := range steps {
			assert.Equal(t, want[i], got[i], "%s at %d values", code, steps[i])
		}
	}
	assert.Positive(t, helped, "no heap computed by the helper")
}

// The work of a heap of Officers in the one-core engine, in tenths of a nanosecond, from a
// profile of Officers to 2^22 on one core with the vector scan (6.3 s: 2.45 s the scan of
// about 1,660 splits a heap in planned order, 2.3 s the 1,583 rare pairs, the rest 1.5 s): a
// searched split scanned, counted in ascending order (about 2,900 a heap for the same values),
// a rare pair marked, and the rest of a heap.
const (
	splitWork = 2.0
	pairWork  = 3.5
	heapWork  = 3600
)

// coreWork returns, for the heaps n to n+h-1 of Officers (0.6), the work of each heap in the
// one-core engine (splitWork, pairWork and heapWork), the part of it that marks the rare
// pairs, and the rare heaps.
func coreWork(tb testing.TB, n, h int) (cost, marks []float64, rare []int32) {
	o := freshOctal("0.6")
	vals, err := oneCore(o).Values(ctx, n+h)
	require.NoError(tb, err)
	g := make([]uint16, len(vals))
	for i, v := range vals {
		g[i] = uint16(v)
	}
	s := o.eng.sp
	seen := make([]bool, 1<<10)
	for x := n; x < n+h; x++ {
		clear(seen)
		seen[g[x-1]] = true
		pairs := 0
		for _, r := range s.rare {
			if int(r) < x-1 {
				seen[g[r]^g[x-1-int(r)]] = true
				pairs++
			}
		}
		want := map[uint16]bool{}
		for v := range seen {
			if seen[v] {
				continue
			}
			if s.class[v] != s.searched(x) {
				break
			}
			want[uint16(v)] = true
		}
		splits := 0
		for a := 1; a <= (x-1)/2 && len(want) > 0; a++ {
			splits++
			delete(want, g[a]^g[x-1-a])
		}
		cost = append(cost, splitWork*float64(splits)+pairWork*float64(pairs)+heapWork)
		marks = append(marks, pairWork*float64(pairs))
	}
	return cost, marks, s.rare
}

// simulatePipeline returns the time k goroutines take to compute heaps of the given costs as
// the engine of sparse_parallel.go does: the blocks of size heaps go in order to the first
// goroutine free; a block's bulk marks take the marks of its heaps, and the first half of each
// heap the rest of its cost but 150; then, once the block before is known and handoff after
// it, each second half takes 150 and pairWork for each rare heap below d, d the heaps not
// known when the heap's first half began.
func simulatePipeline(cost, marks []float64, rare []int32, k, size int, handoff float64) float64 {
	free := make([]float64, k)
	known := 0.0 // when the block before is known
	var ends []float64
	for n := 0; n < len(cost); n += size {
		w := 0
		for i := range free {
			if free[i] < free[w] {
				w = i
			}
		}
		t := free[w]
		e := min(n+size, len(cost))
		for h := n; h < e; h++ {
			t += marks[h]
		}
		var lag []int // the heaps not known when each first half begins
		for h := n; h < e; h++ {
			below := sort.Search(len(ends), func(x int) bool { return ends[x] > t })
			lag = append(lag, h-below)
			t += cost[h] - marks[h] - 150
		}
		if k > 1 && n > 0 {
			t = max(t, known+handoff)
		}
		for h := n; h < e; h++ {
			t += 150 + pairWork*float64(rareBelow(rare, lag[h-n]))
			ends = append(ends, t)
		}
		known, free[w] = t, t
	}
	return known
}

func TestSimulatePipeline(t *testing.T) {
	cost := []float64{1000, 1000, 1000, 1000, 1000, 1000, 1000, 1000}
	marks := []float64{400, 400, 400, 400, 400, 400, 400, 400}
	total := 8000.0
	assert.InDelta(t, total, simulatePipeline(cost, marks, nil, 1, 2, 50), 1e-9)
	// Two goroutines: faster than one, never twice as fast.
	two := simulatePipeline(cost, marks, nil, 2, 2, 0)
	assert.Less(t, two, total)
	assert.GreaterOrEqual(t, two, total/2)
	// The second halves run one block at a time, handoff apart: with many goroutines they
	// bound the time.
	many := simulatePipeline(cost, marks, nil, 64, 2, 500)
	assert.GreaterOrEqual(t, many, 8*150+3*500.0)
	assert.InDelta(t, 500*3, many-simulatePipeline(cost, marks, nil, 64, 2, 0), 1e-9, "a handoff between blocks")
	// The heaps not known when a first half begins cost their rare pairs in the second half.
	rare := []int32{0, 1, 2, 3, 4, 5, 6, 7}
	assert.Greater(t, simulatePipeline(cost, marks, rare, 4, 2, 0), simulatePipeline(cost, marks, nil, 4, 2, 0))
}

// BenchmarkCoresSimulated reports how k goroutines would scale on Officers past 2^20 values,
// simulated from the work of each heap (coreWork) with a handoff between goroutines of 30, 100
// or 300 ns (coreWork's work is in tenths of a nanosecond): speedup over one core. It
// measures nothing of this machine but the time the simulation takes.
func BenchmarkCoresSimulated(b *testing.B) {
	cost, marks, rare := coreWork(b, 1<<20, 1<<13)
	for _, k := range []int{1, 2, 4, 8, 16, 32} {
		for _, ns := range []int{30, 100, 300} {
			b.Run(fmt.Sprintf("k=%d/handoff=%dns", k, ns), func(b *testing.B) {
				var t float64
				for b.Loop() {
					t = simulatePipeline(cost, marks, rare, k, blockLanes, 10*float64(ns))
				}
				b.ReportMetric(simulatePipeline(cost, marks, rare, 1, blockLanes, 0)/t, "speedup")
			})
		}
	}
}
