package engine

import (
	"fmt"
	"runtime"
	"runtime/debug"
	"sync"
	"sync/atomic"
	"time"
)

// This file implements the rare/common engine on several cores: min(GOMAXPROCS, pairCores)
// goroutines share the blocks of a window of heaps, each block computed whole by one
// goroutine, each heap in two halves: the first from the values known when it starts, the
// second, short, once the heap before is known (sparse_leap.go).

// The engine and its helper goroutines (one on two cores; see cores) run through a window of
// heaps in blocks (see leap.block): each claims the next block not yet claimed as soon as its
// last one is done (or, when it would wait, one more), marks its rare pairs in bulk and
// computes the first halves of its heaps without waiting for the heaps before it, and then,
// once the block before is known, the second halves in order. So the goroutines compute
// blocks side by side, and a helper slow to join (asleep, or its thread waiting for a
// processor) leaves more blocks to the engine instead of holding it up. During a window nothing of the rare/common state is written: each
// goroutine keeps its own list of the rare heaps and its own blocks' marks, the values are
// written once each, at distinct indices, and published by an atomic count, and the engine
// records the window's heaps (histogram, rare list) once the helpers have left. A new mask is
// chosen between windows only, which end where the one-core engine would choose one, so that
// the masks, and the reports of them, are the same as with one core. On a machine shared with
// other work two goroutines can be slower than one, so the engine measures both ways and
// keeps to the faster (see pairChooser).

// pairTuning holds the thresholds of the two-core engine, one for each engine, so that a test
// can change them for the engine it tests (defaultPairs for all others).
type pairTuning struct {
	// from is the least heap computed by several goroutines: below it a heap costs too little
	// for the goroutines' handoffs to pay.
	from int
	// min is the fewest values an extension must compute to start the helper.
	min int
	// always makes every window use every goroutine, the engine waiting for the helpers to
	// join before it starts, so that the tests know the helpers compute heaps.
	always bool
	// cores, when not 0, is the number of goroutines in a window, in place of cores().
	cores int
}

// pairCores is the most goroutines in a window: BenchmarkCoresSimulated gives Officers 4.0
// times one core with 4 goroutines and 7.8 with 8, each computing blocks whole, but it models
// neither the memory the cores share nor the splits that second halves scan when the first
// ones knew fewer heaps, and two cores are all that has been measured.
const pairCores = 8

// cores returns the number of goroutines in a window of e's two-core engine: GOMAXPROCS, at
// most pairCores, unless a test sets another.
func (e *Engine) cores() int {
	if e.pairs.cores != 0 {
		return e.pairs.cores
	}
	return min(runtime.GOMAXPROCS(0), pairCores)
}

var defaultPairs = pairTuning{from: 1 << 13, min: 1 << 12}

const (
	// pairSpin is how many times a goroutine polls before it yields its processor while it
	// waits, and pairYields how many times the helper yields before it goes to sleep.
	pairSpin   = 64
	pairYields = 1 << 10
)

// The states of the helper. The engine posts a window (idle -> posted), the helper joins it
// (posted -> running) and leaves it when no block is left to claim (running -> finished), and
// the engine makes the helper idle again (finished -> idle, or posted -> idle when the helper
// never joined).
const (
	pairIdle int32 = iota
	pairPosted
	pairRunning
	pairFinished
	pairQuit
)

// pairable reports whether o's values may be computed by several goroutines: a plain code whose
// moves leave at most two heaps, under the rare/common engine with splits to walk, on a
// machine where two goroutines can run at once.
func (e *Engine) pairable() bool {
	s := e.sp
	o := e.pl
	return o.plain && o.heaps == 2 && len(o.leave3) == 0 && s != nil && len(s.takes) > 0 &&
		runtime.GOMAXPROCS(0) >= 2
}

// pairHelper is the helper goroutine's side: its state, the window posted to it (written by
// the engine only in state pairIdle), its worker, and a panic in its last window (written by
// the helper before it leaves the window, read by the engine after).
type pairHelper struct {
	state    atomic.Int32
	sleeping atomic.Bool
	wake     chan struct{}
	l        *leap
	w        *pairWorker
	panicked *pairPanic
}

// pairPanic is a panic of the helper goroutine, which the engine raises again in its own
// goroutine so that the caller may recover it, as it could with one core; it keeps the
// helper's stack.
type pairPanic struct {
	value any
	stack []byte
}

func (p *pairPanic) Error() string {
	return fmt.Sprintf("%v [recovered from the two-core engine's helper]\n\n%s", p.value, p.stack)
}

// Unwrap returns the helper's panic value when it is an error (a runtime.Error for a bug).
func (p *pairPanic) Unwrap() error {
	err, _ := p.value.(error)
	return err
}

// pairState is what the two-core engine keeps from one extension to the next: the chooser,
// the counts, and the goroutines' workers with the marks of their blocks (2 MB a worker: a
// block's and the one claimed ahead).
type pairState struct {
	chooser pairChooser
	stats   pairStats
	eng     *pairWorker
	help    []*pairWorker
}

// pairStats counts what the two-core engine did, for the tests.
type pairStats struct {
	paired int // heaps that a helper began
	late   int // heaps whose second half looked for values the first did not
	alone  int // windows the helper never joined
}

func (p *pairStats) add(q pairStats) {
	p.paired += q.paired
	p.late += q.late
	p.alone += q.alone
}

// extendPairs extends g, whose largest value is top, towards n values with the two-core
// engine, for extendLocked, and with the one-core block engine (sparse_block.go) where the
// run is too short for two goroutines, o is not pairable or the chooser keeps to one core. It
// returns early when done is closed, when a value would exceed maxValue (then stop is true) or
// when the front of a spilled run cuts a search short (then s.cut is set), with the values and
// their largest. The helper goroutines end before it returns, also when one panics: a panic
// in any goroutine reaches the caller, in its own goroutine.
func (e *Engine) extendPairs(g []uint16, n, top int, done <-chan struct{}) (_ []uint16, _ int, stop bool) {
	tune := e.pairs
	s := e.sp
	s.cut = false
	if n < tune.from || n-len(g) < tune.min || !e.pairable() {
		return s.extendDone(e.pl, g, n, top, done)
	}
	c := e.startCrew()
	defer c.finish(s)
	check := len(g) + 64
	mode := &s.two.chooser
	mode.always = tune.always
	mode.start = time.Time{} // the time between extensions is no window's
	mode.end = 0
	for len(g) < n {
		a := len(g)
		if a >= check && done != nil {
			check = a + 64
			select {
			case <-done:
				return g, top, false
			default:
			}
		}
		if a >= tune.from && a >= mode.end {
			mode.next(a, time.Now())
		}
		// A mask due at heap a is chosen first, as the one-core engine would, so that a window
		// may start at a; a window ends where the one-core engine would choose a mask. Scan
		// plans due are made there too: the goroutines of a window only read them.
		s.prepare(g)
		end := min(n, mode.end, s.chooseAt)
		// A window of one block or less would leave the helpers nothing to claim.
		if mode.pairs && a >= tune.from && s.on && end-a > s.blk.lanesUsed() && len(s.rare) < s.rareAt {
			var over bool
			if g, top, stop, over = c.window(e, g, end, top, done); over {
				return g, top, stop
			}
			if len(g) < end {
				mode.end = len(g) // cut short: the chooser's window ends here
			}
			check = len(g)
			continue
		}
		// One core, in blocks, up to where the chooser's window ends (the chooser starts at
		// tune.from), and for 64 values at most, so that done is looked at.
		to := min(n, a+64, tune.from)
		if a >= tune.from {
			to = min(n, a+64, mode.end)
		}
		g, top, stop = s.extend(e.pl, g, max(to, a+1), top)
		if stop || s.cut {
			return g, top, stop
		}
	}
	return g, top, false
}

// A crew is the goroutines of one extendPairs: the engine's worker, run by the caller, and the
// helpers, each serving windows until told to quit.
type crew struct {
	eng     *pairWorker
	helpers []*pairHelper
	wg      sync.WaitGroup
	posted  *leap // the window posted, until the helpers are idle again
}

// startCrew starts the helpers of e's sparse state, making the workers it lacks.
func (e *Engine) startCrew() *crew {
	s := e.sp
	if s.two.eng == nil {
		s.two.eng = newPairWorker(len(s.takes))
	}
	for len(s.two.help) < e.cores()-1 {
		w := newPairWorker(len(s.takes))
		w.helper = true
		s.two.help = append(s.two.help, w)
	}
	c := &crew{eng: s.two.eng, helpers: make([]*pairHelper, e.cores()-1)}
	for i := range c.helpers {
		p := &pairHelper{wake: make(chan struct{}, 1), w: s.two.help[i]}
		c.helpers[i] = p
		c.wg.Go(p.serve)
	}
	return c
}

// finish ends the crew's goroutines and adds their counts to s's.
func (c *crew) finish(s *sparse) {
	if c.posted != nil {
		// The engine panics in a window: end it, so that no helper waits for the engine's
		// block, and let the helpers leave it before they are told to quit.
		c.posted.abort.Store(true)
		for _, p := range c.helpers {
			p.wait()
		}
	}
	for _, p := range c.helpers {
		p.quit()
	}
	c.wg.Wait()
	s.two.stats.add(c.eng.stats)
	c.eng.stats = pairStats{}
	for _, p := range c.helpers {
		s.two.stats.add(p.w.stats)
		p.w.stats = pairStats{}
	}
}

// window computes the heaps from len(g) to end in one window of the crew, and records them.
// It returns the values and their largest, and over when the extension ends there: a value
// would exceed maxValue (stop), or the front cut a search short, or done was closed.
func (c *crew) window(e *Engine, g []uint16, end, top int, done <-chan struct{}) (_ []uint16, _ int, stop, over bool) {
	s, a := e.sp, len(g)
	l := &leap{o: e.pl, s: s, g: g[:end], start: a, end: end, rare: s.rare,
		class: s.classes(markSize), top: top, rareAt: s.rareAt,
		size: s.blk.lanesUsed(), done: done}
	l.known.Store(int64(a))
	l.stop.Store(int64(end))
	c.posted = l
	for _, p := range c.helpers {
		p.l = l
		p.post()
	}
	for _, p := range c.helpers {
		// The tests want the helpers in every window: the engine waits until a helper has
		// claimed a block, or has left the window (a panic).
		for e.pairs.always {
			st := p.state.Load()
			if st != pairPosted && (st != pairRunning || l.next.Load() > 0) {
				break
			}
			runtime.Gosched()
		}
	}
	l.run(c.eng, s.two.chooser.deadline())
	joined := false
	for _, p := range c.helpers {
		joined = p.wait() || joined
	}
	c.posted = nil
	for _, p := range c.helpers {
		if r := p.panicked; r != nil {
			p.panicked = nil
			panic(r)
		}
	}
	if !joined {
		c.eng.stats.alone++
	}
	for h := a; h < int(l.known.Load()); h++ {
		s.record(h, int(l.g[h]))
		top = max(top, int(l.g[h]))
	}
	g = l.g[:l.known.Load()]
	if l.abort.Load() {
		return g, top, !l.cut.Load(), true
	}
	return g, top, false, false
}

// extendDone is sparse.extend, looking at done between blocks of 64 values: it returns early,
// with stop false, once done is closed.
func (s *sparse) extendDone(o *plan, g []uint16, n, top int, done <-chan struct{}) (_ []uint16, _ int, stop bool) {
	for len(g) < n {
		if done != nil {
			select {
			case <-done:
				return g, top, false
			default:
			}
		}
		if g, top, stop = s.extend(o, g, min(n, len(g)+64), top); stop || s.cut {
			return g, top, stop
		}
	}
	return g, top, false
}

// pairChooser decides, window by window, whether the engine computes heaps with the helper
// ("in pairs") or alone. On a machine shared with other work the helper's thread may get a
// processor only part of the time (and with autogroup scheduling it takes that time from the
// engine's own share), so that pairs can be slower than one core. The chooser measures both
// ways, keeps to the faster, and measures the other again after a gap of windows that
// doubles, up to pairGapMost, each time the other way stays slower. A window of the way kept
// that measures slower than the other is not enough to leave it (on a shared machine one
// slow window is often noise): the next window measures it again, as a probe; if it is
// slower again the chooser leaves it, with the gap back at pairGap, and if not it keeps it
// and its gap. The chooser is kept from one extension to the next. The zero pairChooser
// starts a window at once, on one core; the next window measures pairs, cut short if they
// are slower (see deadline).
type pairChooser struct {
	pairs   bool       // the current window computes in pairs
	probing bool       // the current window measures a way again: the slower, or the one kept (recheck)
	end     int        // the current window ends when there are this many values
	from    int        // the number of values when it started
	start   time.Time  // and the time
	cost    [2]float64 // seconds per value measured last alone ([0]) and in pairs ([1]), 0 if none
	gap     int        // windows between probes
	wait    int        // windows left before the next probe
	recheck bool       // the current window measures again the way kept, which measured slower
	always  bool       // pairTuning.always of the engine
}

const (
	// pairCheap is the cost per value on one core, in seconds, below which pairs are not
	// tried: 0.1777 (0.2 µs a value) ran 5-8% slower when they were measured.
	pairCheap   = 0.5e-6
	pairWindow  = 1 << 12 // values in one window (a quarter of that to measure the other way)
	pairGap     = 8       // the least gap between probes, in windows
	pairGapMost = 64      // the most
)

// deadline returns the time by which a window of pairs should end: in a window that probes
// pairs against one core as last measured, the time one core would take; in other
// windows, twice the time one core took when last measured (the cost per value grows with
// the heaps), so that pairs turned slow by other work on the machine are noticed within a
// window. Past it the window is cut short. It returns the zero Time for a window on one core.
func (c *pairChooser) deadline() time.Time {
	if !c.pairs || c.cost[0] == 0 || c.always {
		return time.Time{}
	}
	f := 2.0
	if c.probing {
		f = 1
	}
	return c.start.Add(time.Duration(f * c.cost[0] * 1e9 * float64(c.end-c.from)))
}

// next ends the current window, if any, when there are values values at time now, and starts
// the next.
func (c *pairChooser) next(values int, now time.Time) {
	if !c.start.IsZero() && values > c.from {
		k := 0
		if c.pairs {
			k = 1
		}
		c.cost[k] = now.Sub(c.start).Seconds() / float64(values-c.from)
		slower := c.cost[k] > c.cost[1-k] && c.cost[1-k] > 0
		switch {
		case c.probing && c.recheck:
			if slower {
				c.gap = pairGap // leaving the way kept: measure it again soon
			}
			c.wait = c.gap
		case c.probing:
			if slower {
				c.gap = min(2*c.gap, pairGapMost)
			} else {
				c.gap = pairGap
			}
			c.wait = c.gap
		case slower:
			// The way kept measured slower than the other: one window may be noise (a
			// thread that lost its processor for a while), so the next window measures it
			// again, as a probe, before the chooser leaves it for gap windows.
			c.wait = 0
		}
		c.recheck = slower && !c.probing
	}
	c.gap = max(c.gap, pairGap)
	faster := c.cost[1] < c.cost[0]
	c.probing = false
	switch {
	case c.cost[0] < pairCheap:
		c.pairs = false // not measured yet, or too cheap for handoffs to pay
	case c.cost[1] == 0:
		c.pairs, c.probing = true, true
	case c.wait <= 0:
		c.pairs, c.probing = !faster, true
	default:
		c.pairs = faster
		c.wait--
	}
	c.pairs = c.pairs || c.always
	c.start, c.from, c.end = now, values, values+pairWindow
	if c.probing || c.cost[0] == 0 || c.cost[1] == 0 {
		c.end = values + pairWindow/4 // measuring costs little
	}
}

// post hands the window, whose fields are set, to the helper, waking it if it sleeps.
func (p *pairHelper) post() {
	p.state.Store(pairPosted)
	if p.sleeping.Load() {
		select {
		case p.wake <- struct{}{}:
		default:
		}
	}
}

// wait makes the helper idle once it has left the window it joined, if any, and reports
// whether it joined.
func (p *pairHelper) wait() bool {
	if p.state.CompareAndSwap(pairPosted, pairIdle) {
		return false
	}
	for i := 0; ; i++ {
		if p.state.Load() == pairFinished {
			p.state.Store(pairIdle)
			return true
		}
		if i >= pairSpin {
			runtime.Gosched()
		}
	}
}

// quit tells the helper, which is idle, to end.
func (p *pairHelper) quit() {
	p.state.Store(pairQuit)
	select {
	case p.wake <- struct{}{}:
	default:
	}
}

// join computes the helper's part of the window posted and leaves it. A panic there ends the
// window, so that the engine does not wait for the helper's block, and is handed to the engine,
// which panics with it in the caller's goroutine instead of the program crashing.
func (p *pairHelper) join() {
	defer func() {
		if r := recover(); r != nil {
			p.panicked = &pairPanic{value: r, stack: debug.Stack()}
			p.l.abort.Store(true)
		}
		p.state.Store(pairFinished)
	}()
	p.l.run(p.w, time.Time{})
}

// serve is the helper: it computes its part of the windows posted until it is told to quit.
// It polls for a while, then yields, then sleeps until it is woken.
func (p *pairHelper) serve() {
	for i := 0; ; i++ {
		switch p.state.Load() {
		case pairQuit:
			return
		case pairPosted:
			if p.state.CompareAndSwap(pairPosted, pairRunning) {
				p.join()
				i = 0
			}
			continue
		}
		switch {
		case i < pairSpin:
		case i < pairSpin+pairYields:
			runtime.Gosched()
		default:
			p.sleeping.Store(true)
			if st := p.state.Load(); st != pairPosted && st != pairQuit {
				<-p.wake
			}
			p.sleeping.Store(false)
			i = 0
		}
	}
}
