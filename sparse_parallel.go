package kayles

import (
	"math/bits"
	"runtime"
	"sync"
	"sync/atomic"
	"time"
)

// This file implements the two-core rare/common engine: heaps computed two at a time, the
// second by a helper goroutine from every option but the one that needs the first.

// Heap h's options need G(h-1) only through the move that takes one token and leaves one heap
// (a split of h-i tokens, i >= 1, uses heaps up to h-2; codes that split without taking,
// flag 4 in d0, are left to the one-core engine). So while the engine computes heap h-1, a
// helper computes the mex v of heap h's other options, which need only G(0..h-2). Once G(h-1)
// is known, G(h) = v unless v = G(h-1) and the code takes one token leaving one heap; then
// (about one heap in 7,000 for Officers) the engine computes G(h) again in full. Everything the
// helper reads was written before the job was posted and is not written again while it runs:
// the values below h-1, the rare heaps below h-1 (the engine appends beyond them, and a new
// mask, which rebuilds the list, is chosen only between pairs), and the class table (replaced,
// never written in place).

// The thresholds of the two-core engine are variables so that the tests can change them.
var (
	// pairFrom is the least heap computed in pairs: below it a heap costs too little for the
	// handoff (a few hundred nanoseconds) to pay.
	pairFrom = 1 << 13
	// pairMin is the fewest values an extension must compute to start the helper.
	pairMin = 1 << 12
	// pairSlack is added to twice the engine's own time for a heap to make its patience
	// with the helper's heap.
	pairSlack = 5 * time.Microsecond
	// pairAlways makes every window compute in pairs, and pairInline makes the engine run
	// the helper's jobs itself, so that the tests know what is computed in pairs.
	pairAlways = false
	pairInline = false
)

const (
	// pairSpin is how many times a goroutine polls before it yields its processor while it
	// waits, and pairYields how many times it yields before the helper goes to sleep.
	pairSpin   = 64
	pairYields = 1 << 10
)

// The states of a pairJob. The engine posts a job (idle -> posted), the helper claims it
// (posted -> running) and finishes it (running -> finished); the engine takes the result
// (finished -> idle), or takes back a job the helper has not claimed yet (posted -> idle), or
// gives up on a job the helper is slow to finish (running -> abandoned -> idle, the last step
// by the helper when it is done).
const (
	pairIdle int32 = iota
	pairPosted
	pairRunning
	pairFinished
	pairAbandoned
	pairQuit
)

// pairJob is the helper's side of the two-core engine: the job, the result and the helper's own
// scratch marks. The job's fields are written by the engine only in state pairIdle and read
// by the helper only after it has claimed the job; the result is written by the helper before
// it finishes the job and read by the engine after.
type pairJob struct {
	state    atomic.Int32
	sleeping atomic.Bool
	wake     chan struct{}

	// The job: heap h, from g = G(0..h-2), the rare heaps below h-1, the class table for
	// values below size, and the parity bit.
	h     int
	g     []uint16
	rare  []int32
	class []uint8
	size  int
	c     int

	v int // the result: the mex of heap h's options that do not need G(h-1)

	stats pairStats

	mark, want *[markSize]uint8
	stamp      uint8
	needs      []uint16
}

// pairable reports whether o's values from the current state on may be computed in pairs:
// a plain code whose moves leave at most two heaps, under the rare/common engine, that never
// splits without taking, on a machine where two goroutines can run at once.
func (o *Octal) pairable() bool {
	s := o.eng.sp
	return o.plain && o.heaps == 2 && len(o.leave3) == 0 && s != nil &&
		len(s.takes) > 0 && s.takes[0] > 0 && runtime.GOMAXPROCS(0) >= 2
}

// extendPairs extends g, whose largest value is top, towards n values with the two-core engine,
// for extendLocked: it returns at once when the run is too short or o is not pairable, and
// early when done is closed or a value would exceed maxValue (then stop is true). It returns
// the values and their largest. The helper goroutine ends before it returns.
func (o *Octal) extendPairs(g []uint16, n, top int, done <-chan struct{}) (_ []uint16, _ int, stop bool) {
	if n < pairFrom || n-len(g) < pairMin || !o.pairable() {
		return g, top, false
	}
	s := o.eng.sp
	j := &pairJob{wake: make(chan struct{}, 1), mark: new([markSize]uint8), want: new([markSize]uint8)}
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		j.serve(o, s)
	}()
	defer func() {
		j.quit()
		wg.Wait()
		s.pairs.paired += j.stats.paired
		s.pairs.fixed += j.stats.fixed
		s.pairs.abandoned += j.stats.abandoned
	}()
	takesOne := false
	for _, i := range o.leave1 {
		takesOne = takesOne || i == 1
	}
	check := len(g) + 64
	mode := &s.chooser
	mode.start = time.Time{} // the time between extensions is no window's
	mode.end = 0
	for len(g) < n {
		if len(g) >= check && done != nil {
			check = len(g) + 64
			select {
			case <-done:
				return g, top, false
			default:
			}
		}
		a := len(g) // heap a by the engine, heap a+1 by the helper
		if a >= pairFrom && a >= mode.end {
			mode.next(a, time.Now())
		}
		// The engine computes a single heap where a pair would not pay or where it would
		// choose a mask (which rebuilds the rare list that the helper reads).
		single := !mode.pairs || j.state.Load() != pairIdle || a < pairFrom || a+2 > n || !s.on || a+1 >= s.chooseAt || len(s.rare)+1 >= s.rareAt
		if !single {
			j.h, j.g, j.rare, j.c = a+1, g, s.rare, s.c
			j.size = 64 * (64<<bits.Len(uint(top)>>6)/64 + 1) // as in sparse.next
			j.class = s.classes(j.size)
			if !pairInline {
				j.post()
			}
		}
		t0 := time.Now()
		v := s.next(o, g, top)
		if v > maxValue {
			return g, top, true
		}
		g = append(g, uint16(v))
		top = max(top, v)
		if single {
			continue
		}
		var w int
		var ok bool
		if pairInline {
			w, ok = j.mex(o, s), true
		} else {
			w, ok = j.result(2*time.Since(t0) + pairSlack)
		}
		if !ok || w > maxValue || (takesOne && w == v) {
			// Not claimed, abandoned, or G(a) is the helper's mex: compute G(a+1) in full.
			if ok {
				j.stats.fixed++
			}
			w = s.next(o, g, top)
		} else {
			s.record(a+1, w)
			j.stats.paired++
		}
		if w > maxValue {
			return g, top, true
		}
		g = append(g, uint16(w))
		top = max(top, w)
	}
	return g, top, false
}

// pairStats counts what the two-core engine did, for the tests.
type pairStats struct {
	paired    int // heaps whose value the helper found
	fixed     int // heaps the helper computed but whose value needed the heap before
	abandoned int // jobs abandoned because the helper was slow
}

// pairChooser decides, window by window, whether the engine computes heaps in pairs or
// alone. On a machine shared with other work the helper's thread may get a processor only
// part of the time (and with autogroup scheduling it takes that time from the engine's own
// share), so that pairs can be slower than one core. The chooser measures both ways, keeps
// to the faster, and measures the other again after a gap of windows that doubles, up to
// pairGapMost, each time the other way stays slower. It is kept from one extension to the
// next. The zero pairChooser starts a window at once, in pairs.
type pairChooser struct {
	pairs   bool       // the current window computes in pairs
	probing bool       // the current window measures the slower way again
	end     int        // the current window ends when there are this many values
	from    int        // the number of values when it started
	start   time.Time  // and the time
	cost    [2]float64 // seconds per value measured last alone ([0]) and in pairs ([1]), 0 if none
	gap     int        // windows between probes
	wait    int        // windows left before the next probe
}

const (
	pairWindow  = 1 << 12 // values in one window
	pairGap     = 8       // the least gap between probes, in windows
	pairGapMost = 64      // the most
)

// next ends the current window, if any, when there are values values at time now, and starts
// the next.
func (c *pairChooser) next(values int, now time.Time) {
	if !c.start.IsZero() && values > c.from {
		k := 0
		if c.pairs {
			k = 1
		}
		c.cost[k] = now.Sub(c.start).Seconds() / float64(values-c.from)
		if c.probing {
			if c.cost[k] > c.cost[1-k] {
				c.gap = min(2*c.gap, pairGapMost)
			} else {
				c.gap = pairGap
			}
			c.wait = c.gap
		}
	}
	c.gap = max(c.gap, pairGap)
	faster := c.cost[1] < c.cost[0]
	c.probing = false
	switch {
	case c.cost[1] == 0:
		c.pairs = true
	case c.cost[0] == 0:
		c.pairs, c.wait = false, c.gap
	case c.wait <= 0:
		c.pairs, c.probing = !faster, true
	default:
		c.pairs = faster
		c.wait--
	}
	c.pairs = c.pairs || pairAlways
	c.start, c.from, c.end = now, values, values+pairWindow
}

// post hands the job, whose fields are set, to the helper, waking it if it sleeps.
func (j *pairJob) post() {
	j.state.Store(pairPosted)
	if j.sleeping.Load() {
		select {
		case j.wake <- struct{}{}:
		default:
		}
	}
}

// result waits for the helper's result and returns it with true. It returns false when the
// helper has not claimed the job yet (the job is taken back) or has not finished it within
// patience (the job is abandoned: the helper's thread has likely lost its processor).
func (j *pairJob) result(patience time.Duration) (int, bool) {
	if j.state.CompareAndSwap(pairPosted, pairIdle) {
		return 0, false
	}
	var start time.Time
	for i := 0; j.state.Load() != pairFinished; i++ {
		if i < pairSpin {
			continue
		}
		if i%pairSpin == 0 {
			if start.IsZero() {
				start = time.Now()
			} else if time.Since(start) > patience && j.state.CompareAndSwap(pairRunning, pairAbandoned) {
				j.stats.abandoned++
				return 0, false
			}
		}
		runtime.Gosched()
	}
	v := j.v
	j.state.Store(pairIdle)
	return v, true
}

// quit tells the helper to end once it has finished any job it claimed.
func (j *pairJob) quit() {
	for {
		st := j.state.Load()
		if st == pairRunning || st == pairAbandoned {
			runtime.Gosched() // the helper is running a job whose result is no longer wanted
			continue
		}
		if j.state.CompareAndSwap(st, pairQuit) {
			break
		}
	}
	select {
	case j.wake <- struct{}{}:
	default:
	}
}

// serve is the helper: it runs the jobs posted until it is told to quit. It polls for a while,
// then yields, then sleeps until it is woken.
func (j *pairJob) serve(o *Octal, s *sparse) {
	for i := 0; ; i++ {
		switch j.state.Load() {
		case pairQuit:
			return
		case pairPosted:
			if j.state.CompareAndSwap(pairPosted, pairRunning) {
				j.v = j.mex(o, s)
				if !j.state.CompareAndSwap(pairRunning, pairFinished) {
					j.state.Store(pairIdle) // abandoned
				}
				i = 0
			}
			continue
		}
		switch {
		case i < pairSpin:
		case i < pairSpin+pairYields:
			runtime.Gosched()
		default:
			j.sleeping.Store(true)
			if st := j.state.Load(); st != pairPosted && st != pairQuit {
				<-j.wake
			}
			j.sleeping.Store(false)
			i = 0
		}
	}
}

// mex returns the mex of heap j.h's options that do not need G(j.h-1), by the rare/common
// method of sparse.mex: the options with a rare part are marked from the rare list, and the
// searched values missing below the least missing listed value are looked for among all
// splits.
func (j *pairJob) mex(o *Octal, s *sparse) int {
	h, g := j.h, j.g[:j.h-1]
	if j.stamp++; j.stamp == 0 {
		clear(j.mark[:])
		clear(j.want[:])
		j.stamp = 1
	}
	stamp, mark := j.stamp, j.mark
	for _, i := range o.whole {
		if i == h {
			mark[0] = stamp
		}
	}
	for _, i := range o.leave1 {
		if i > 1 && i < h {
			mark[g[h-i]] = stamp
		}
	}
	for _, i := range s.takes {
		m := h - i
		if m < 2 {
			continue
		}
		hm := g[:m]
		k := len(j.rare)
		for k > 0 && int(j.rare[k-1]) >= m {
			k--
		}
		rare := j.rare[:k]
		for len(rare) >= 4 {
			r0, r1, r2, r3 := int(rare[0]), int(rare[1]), int(rare[2]), int(rare[3])
			mark[g[r0]^hm[m-r0]] = stamp
			mark[g[r1]^hm[m-r1]] = stamp
			mark[g[r2]^hm[m-r2]] = stamp
			mark[g[r3]^hm[m-r3]] = stamp
			rare = rare[4:]
		}
		for _, r := range rare {
			mark[g[r]^hm[m-int(r)]] = stamp
		}
	}
	searched := uint8(0)
	if j.c == 1 && (h-s.takes[0])%2 == 1 {
		searched = 1
	}
	class := j.class[:j.size]
	need := j.needs[:0]
	cand := j.size
	for v := range j.size {
		if mark[v] == stamp {
			continue
		}
		if class[v] != searched {
			cand = v
			break
		}
		need = append(need, uint16(v))
	}
	j.needs = need
	if len(need) == 0 {
		return cand
	}
	for _, v := range need {
		j.want[v] = stamp
	}
	if s.scan(g, h, 1, (h-s.takes[0])/2+1, j.want, stamp, len(need)) == 0 {
		return cand
	}
	for _, v := range need {
		if j.want[v] == stamp {
			return int(v)
		}
	}
	return cand
}
