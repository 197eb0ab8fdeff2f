package kayles

import (
	"fmt"
	"math/bits"
	"runtime"
	"runtime/debug"
	"slices"
	"sync"
	"sync/atomic"
	"time"
)

// This file implements the rare/common engine on several cores: min(GOMAXPROCS, pairCores)
// goroutines share the tasks of a window of heaps (the rare pairs of blocks, and heaps one at a
// time), each heap in two halves: the first from the values known when it starts, the second,
// short, once the heap before is known (see begin).

// The engine and its helper goroutines (one on two cores; see cores) run through a window of
// heaps, computed in blocks (see leap.task): each claims the next task not yet claimed as soon
// as its last one is done, computes the first half of a heap without waiting for the heaps
// before it, and then finishes the heaps whose first halves are done, in order, while no other
// goroutine does (see advance). So a long search on one side overlaps many short ones on the
// other, as far ahead as the blocks' marks allow, and a helper slow to join (asleep, or its
// thread waiting for a processor) leaves more tasks to the engine instead of holding it up.
// During a window nothing of the rare/common state is written: each goroutine keeps its own
// list of the rare heaps, the blocks' marks and the first halves are handed from one goroutine
// to another by atomic counts, the values are written once each, at distinct indices, and
// published by an atomic count, and the engine records the window's heaps (histogram, rare
// list) once the helpers have left. A new mask is chosen between windows only, which end where
// the one-core engine would choose one, so that the masks, and the reports of them, are the
// same as with one core. On a machine shared with other work two goroutines can be slower than
// one, so the engine measures both ways and keeps to the faster (see pairChooser).

// pairTuning holds the thresholds of the two-core engine, one for each engine, so that a test
// can change them for the engine it tests (defaultPairs for all others).
type pairTuning struct {
	// from is the least heap computed by several goroutines: below it a heap costs too little
	// for the handoffs (about a hundred nanoseconds per heap) to pay.
	from int
	// min is the fewest values an extension must compute to start the helper.
	min int
	// always makes every window use every goroutine, the engine waiting for the helpers to
	// join before it starts, so that the tests know the helpers compute heaps.
	always bool
	// cores, when not 0, is the number of goroutines in a window, in place of cores().
	cores int
}

// pairCores is the most goroutines in a window: BenchmarkCoresSimulated gives Officers 3.9
// times one core with 4 goroutines, 5.6 with 8 and 6.7 with 16, where the heaps of each block
// wait for the one goroutine that marks the block's rare pairs in bulk.
const pairCores = 8

// cores returns the number of goroutines in a window of e's two-core engine: GOMAXPROCS, at
// most pairCores, unless a test sets another.
func (e *engine) cores() int {
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
// (posted -> running) and leaves it when no heap is left to claim (running -> finished), and
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
func (e *engine) pairable() bool {
	s := e.sp
	o := e.pl
	return o.plain && o.heaps == 2 && len(o.leave3) == 0 && s != nil && len(s.takes) > 0 &&
		runtime.GOMAXPROCS(0) >= 2
}

// leap is one window of heaps start <= h < end computed by several goroutines.
type leap struct {
	o      *plan
	s      *sparse  // not written during the window
	g      []uint16 // g[:start] are known; g[h] is written by the goroutine that finishes heap h
	start  int
	end    int
	rare   []int32 // the rare heaps below start
	class  []uint8 // the class of every value below markSize
	top    int     // the largest value below start
	rareAt int     // the one-core engine chooses a mask once this many heaps are rare
	size   int     // heaps in a block
	slots  []pairSlot

	// The fields that the goroutines share, each written by one at a time: next, claimed by
	// all, and finishing and known, written once a heap, on cache lines of their own.
	_     [64]byte
	next  atomic.Int64 // the least task not yet claimed (see task)
	_     [56]byte
	known atomic.Int64 // the heaps below known have their values in g
	_     [56]byte
	// finishing is held by the goroutine that finishes heaps (see advance)
	finishing atomic.Bool
	_         [63]byte
	abort     atomic.Bool  // a value exceeds maxValue, or cut: known will not grow
	cut       atomic.Bool  // a search was cut short by the sparse state's front (spill.go)
	stop      atomic.Int64 // no heap from stop on is published
	_         [64]byte
}

// pairSlots is how many blocks' marks a window keeps: a block's pairs are marked while the
// heaps of the block before and of the one before that may still be computed, so that a heap
// is begun at most 2 blocks after the last heap known.
const pairSlots = 3

// pairSlot holds the marks of one block of a window, block b in slot b%pairSlots: the lanes,
// written by the goroutine that marks the block's pairs in bulk and then by the goroutine that
// computes each heap in its own lane, and which rare heaps the bulk left to each heap.
type pairSlot struct {
	lanes *[blockLanes][markSize]uint8
	stamp uint8
	bulk  [][4]int // per take, as in sparse.block: the indices of the rare heaps marked in bulk
	half  [blockLanes]halfDone
	ready atomic.Int64 // b+1 once block b's bulk marks are done
	_     [64]byte
}

// pairWorker is one goroutine's own state in a window: its scratch, its list of the rare heaps
// and the largest value, kept up to date by reading the values as they are published.
type pairWorker struct {
	want   *[markSize]uint8
	needs  []uint16
	rare   []int32 // the rare heaps below seen
	top    int     // the largest value below seen
	seen   int
	helper bool // the helper's worker
	tail   mirror
	stats  pairStats
}

func newPairWorker() *pairWorker {
	return &pairWorker{want: new([markSize]uint8)}
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
// the counts, the goroutines' workers and the blocks' marks (3 MB).
type pairState struct {
	chooser pairChooser
	stats   pairStats
	eng     *pairWorker
	help    []*pairWorker
	slots   []pairSlot
}

// newPairSlots returns the marks of a window's blocks, for takes splitting takes.
func newPairSlots(takes int) []pairSlot {
	p := make([]pairSlot, pairSlots)
	for i := range p {
		p[i].lanes = new([blockLanes][markSize]uint8)
		p[i].bulk = make([][4]int, takes)
	}
	return p
}

// pairStats counts what the two-core engine did, for the tests.
type pairStats struct {
	paired int // heaps whose first half a helper computed
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
// their largest. The helper goroutine ends before it returns,
// also when it panics: a panic in either goroutine reaches the caller, in its own goroutine.
func (e *engine) extendPairs(g []uint16, n, top int, done <-chan struct{}) (_ []uint16, _ int, stop bool) {
	tune := e.pairs
	s := e.sp
	s.cut = false
	if n < tune.from || n-len(g) < tune.min || !e.pairable() {
		return s.extendDone(e.pl, g, n, top, done)
	}
	if s.two.eng == nil {
		s.two.eng = newPairWorker()
		s.two.slots = newPairSlots(len(s.takes))
	}
	for len(s.two.help) < e.cores()-1 {
		w := newPairWorker()
		w.helper = true
		s.two.help = append(s.two.help, w)
	}
	eng := s.two.eng
	helpers := make([]*pairHelper, e.cores()-1)
	var wg sync.WaitGroup
	for i := range helpers {
		p := &pairHelper{wake: make(chan struct{}, 1), w: s.two.help[i]}
		helpers[i] = p
		wg.Add(1)
		go func() {
			defer wg.Done()
			p.serve()
		}()
	}
	var window *leap // the window posted, until the helpers are idle again
	defer func() {
		if window != nil {
			// The engine panics in a window: end it, so that no helper waits for the
			// engine's heap, and let the helpers leave it before they are told to quit.
			window.abort.Store(true)
			for _, p := range helpers {
				p.wait()
			}
		}
		for _, p := range helpers {
			p.quit()
		}
		wg.Wait()
		s.two.stats.add(eng.stats)
		eng.stats = pairStats{}
		for _, p := range helpers {
			s.two.stats.add(p.w.stats)
			p.w.stats = pairStats{}
		}
	}()
	o := e.pl
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
		if mode.pairs && a >= tune.from && s.on && end-a >= 2 && len(s.rare) < s.rareAt {
			l := &leap{o: o, s: s, g: g[:end], start: a, end: end, rare: s.rare,
				class: s.classes(markSize), top: top, rareAt: s.rareAt,
				size: s.blk.lanesUsed(), slots: s.two.slots}
			l.known.Store(int64(a))
			l.stop.Store(int64(end))
			l.clear()
			window = l
			for _, p := range helpers {
				p.l = l
				p.post()
			}
			for _, p := range helpers {
				for tune.always && p.state.Load() == pairPosted {
					runtime.Gosched() // the tests want the helpers in every window
				}
			}
			l.run(eng, mode.deadline())
			joined := false
			for _, p := range helpers {
				joined = p.wait() || joined
			}
			window = nil
			for _, p := range helpers {
				if r := p.panicked; r != nil {
					p.panicked = nil
					panic(r)
				}
			}
			if !joined {
				eng.stats.alone++
			}
			for h := a; h < int(l.known.Load()); h++ {
				s.record(h, int(l.g[h]))
				top = max(top, int(l.g[h]))
			}
			g = l.g[:l.known.Load()]
			if l.abort.Load() {
				return g, top, !l.cut.Load()
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

// The heaps of a window are computed in blocks of size heaps (sparse_block.go): block b is
// the heaps start+b·size on, whose pairs with a rare part are marked in bulk, for all of the
// block's heaps at once, as far as both parts are among the values known when the marking
// starts; each heap marks the rest itself, in its two halves. The tasks of a window, claimed
// in order one at a time by any goroutine, are the bulk marks of block 0, then, for each
// block b, those of block b+1 and the heaps of block b one by one: the marks of a block are
// made while the heaps before it are computed, and a goroutine slow to join leaves more tasks
// to the others.

// task returns what task t of the window is: the bulk marks of block b (heap < 0), or heap
// heap of block b.
func (l *leap) task(t int) (b, heap int) {
	if t == 0 {
		return 0, -1
	}
	b, q := (t-1)/(l.size+1), (t-1)%(l.size+1)
	if q == 0 {
		return b + 1, -1
	}
	return b, l.start + b*l.size + q - 1
}

// run computes tasks of the window as worker w until none is left: it claims the next task
// not yet claimed; for a heap h, it computes the first half of h (see begin) from the values
// known, whichever they are, and then finishes the heaps whose first halves are done, in
// order, as far as it can (see advance). Tasks are claimed one at a time, so that a helper
// slow to start or to run leaves more of them to the engine. The engine passes a deadline (or
// the zero Time), looked at every 16 heaps: past it, it ends the window at the tasks already
// claimed.
func (l *leap) run(w *pairWorker, deadline time.Time) {
	l.enter(w)
	for k := 0; ; k++ { // k counts the heaps begun
		if k%16 == 15 && !deadline.IsZero() && time.Now().After(deadline) {
			l.next.Store(1 << 62) // every later claim fails; the tasks claimed are done
		}
		t := l.next.Add(1) - 1
		if t >= 1<<62 {
			return
		}
		b, h := l.task(int(t))
		if h < 0 {
			if n := l.start + b*l.size; n < l.end && int64(n) < l.stop.Load() && !l.bulk(w, b) {
				return
			}
			k--
			continue
		}
		if h >= l.end || int64(h) >= l.stop.Load() || l.abort.Load() {
			return
		}
		slot := &l.slots[b%len(l.slots)]
		for i := 0; slot.ready.Load() != int64(b+1); i++ {
			if l.abort.Load() || int64(h) >= l.stop.Load() {
				return // the marks may never be done: their goroutine may have left
			}
			if i >= pairSpin {
				runtime.Gosched()
			}
		}
		l.begin(w, slot, h)
		if w.helper {
			w.stats.paired++
		}
		l.advance(w)
	}
}

// enter readies w for the window: its rare heaps and largest value are those below the start.
func (l *leap) enter(w *pairWorker) {
	w.rare = append(w.rare[:0], l.rare...)
	w.top, w.seen = l.top, l.start
}

// The value of a heap h is computed in two halves. The first, begin, needs only the values
// known when it starts, the heaps below some k <= h (at least the start of the block two
// blocks before h's; see bulk): it marks the options whose heaps are all below k, finds the
// least listed value c' missing from them, and looks for the searched values missing below
// c' among the splits (a, m-a) whose larger part is below k. That is nearly all of the work:
// the rare pairs left are those of the few rare heaps below h-k (and rare heaps from k on, if
// any), and the splits left are those with a below about h-k. The second half, finish, runs
// once G(h-1) is known: it marks the options left, finds the least listed value c >= c'
// missing, and looks for the searched values still missing below c: those the first half did
// not find, among the splits it left, and those between c' and c (rarely any), among all.
// Since a heap's first half does not wait for the heaps before it, the goroutines of a window
// can run as far ahead of the last heap known as the blocks' marks allow (len(l.slots)-1
// blocks), and a long search on one side overlaps many short ones on the other.

// halfDone is what the first half of a heap leaves to the second, in its lane's slot.
type halfDone struct {
	known int      // the first half read the values of the heaps below known
	cand  int      // the least listed value it found missing
	lo    int      // it scanned the splits (a, m-a) with a >= lo
	left  []uint16 // the searched values below cand it found missing, ascending
	cut   bool     // the front cut its scan short with values left (spill.go)
	done  atomic.Int64
	_     [64]byte // lanes written by different goroutines on different cache lines
}

// begin computes the first half of heap h as worker w, in h's lane of slot, from the values
// known now, and marks it done.
func (l *leap) begin(w *pairWorker, slot *pairSlot, h int) {
	o, s := l.o, l.s
	known := int(l.known.Load())
	l.catchUp(w, known)
	g := l.g[:known]
	j := (h - l.start) % l.size
	mark, stamp, p := &slot.lanes[j], slot.stamp, &slot.half[j]
	markLeaves(o, mark, g, h, stamp)
	markRestPart(s, mark, l.g, h, w.rare, slot.bulk, stamp, known, false)
	size := 64 * (64<<bits.Len(uint(w.top)>>6)/64 + 1) // as in sparse.next
	cand, need := missing(mark, l.class[:size], stamp, s.searched(h), w.needs[:0])
	w.needs = need
	p.known, p.cand, p.cut = known, cand, false
	p.lo = max(1, h-s.takes[0]+1-known) // the least a whose split's larger part is below known
	p.left = p.left[:0]
	if len(need) > 0 {
		var left []uint16
		left, p.cut = s.lookFor(g, h, p.lo, (h-s.takes[0])/2+1, w.want, &w.tail, need, true)
		p.left = append(p.left, left...)
	}
	p.done.Store(int64(h + 1))
}

// clear readies the slots for a new window: a heap of the window before, begun and dropped,
// may have h's lane of h's slot.
func (l *leap) clear() {
	for i := range l.slots {
		l.slots[i].ready.Store(0)
		for j := range l.slots[i].half {
			l.slots[i].half[j].done.Store(0)
		}
	}
}

// begun reports whether the first half of heap h is done.
func (l *leap) begun(h int) bool {
	b, j := (h-l.start)/l.size, (h-l.start)%l.size
	return l.slots[b%len(l.slots)].half[j].done.Load() == int64(h+1)
}

// finish returns the value of heap h, whose first half is done, as worker w, once the values
// below h are known; or -1 when the front cuts a search short.
func (l *leap) finish(w *pairWorker, h int) int {
	o, s := l.o, l.s
	l.catchUp(w, h)
	g := l.g[:h]
	b, j := (h-l.start)/l.size, (h-l.start)%l.size
	slot := &l.slots[b%len(l.slots)]
	mark, stamp, p := &slot.lanes[j], slot.stamp, &slot.half[j]
	for _, i := range o.leave1 {
		if i < h && h-i >= p.known {
			mark[g[h-i]] = stamp
		}
	}
	markRestPart(s, mark, g, h, w.rare, slot.bulk, stamp, p.known, true)
	need := w.needs[:0]
	for _, v := range p.left {
		if mark[v] != stamp {
			need = append(need, v)
		}
	}
	size := 64 * (64<<bits.Len(uint(w.top)>>6)/64 + 1)
	cand, searched := p.cand, s.searched(h)
	for ; cand < size && (mark[cand] == stamp || l.class[cand] == searched); cand++ {
		if mark[cand] != stamp {
			need = append(need, uint16(cand)) // between p.cand and cand: new
		}
	}
	w.needs = need
	if len(need) == 0 {
		return cand
	}
	cut := false
	if p.lo > 1 { // the splits the first half left, for every value
		need, cut = s.lookFor(g, h, 1, p.lo, w.want, &w.tail, need, false)
	}
	v := cand
	fresh, _ := slices.BinarySearch(need, uint16(p.cand)) // need is ascending
	if fresh < len(need) {
		// The new values, among the splits the first half scanned too.
		w.stats.late++
		more, c := s.lookFor(g, h, p.lo, (h-s.takes[0])/2+1, w.want, &w.tail, need[fresh:], true)
		if len(more) > 0 {
			v, cut = int(more[0]), cut || c
		}
	}
	if fresh > 0 {
		v, cut = int(need[0]), cut || p.cut
	}
	if cut {
		return -1 // the values missing may be beyond the front
	}
	return v
}

// advance finishes, as worker w, the heaps from the last known on whose first halves are
// done, in order, and publishes their values, unless another goroutine is doing so: then
// that one finishes them, as it looks again once it stops.
func (l *leap) advance(w *pairWorker) {
	for l.finishing.CompareAndSwap(false, true) {
		for {
			h := int(l.known.Load())
			if l.abort.Load() || h >= l.end || int64(h) >= l.stop.Load() || !l.begun(h) {
				break
			}
			v := l.finish(w, h)
			if v < 0 { // a search cut short by the front: heap h is left to extendLocked
				l.cut.Store(true)
				l.abort.Store(true)
				break
			}
			if v > maxValue {
				l.abort.Store(true)
				break
			}
			// Where the one-core engine would choose a mask, at the heap after the one that
			// brings the rare heaps to rareAt, the window ends, so that the masks chosen,
			// and every report of them, are the same.
			if l.s.isRare(h, uint16(v)) && len(w.rare)+1 >= l.rareAt {
				l.stop.Store(int64(h + 1))
			}
			l.g[h] = uint16(v)
			l.known.Store(int64(h + 1))
		}
		l.finishing.Store(false)
		h := int(l.known.Load())
		if l.abort.Load() || h >= l.end || int64(h) >= l.stop.Load() || !l.begun(h) {
			return
		}
	}
}

// bulk marks in bulk the pairs of block b's heaps whose parts are both below the values known
// now, once the heaps that last used its slot are done, and reports false when the window is
// aborted first.
func (l *leap) bulk(w *pairWorker, b int) bool {
	n := l.start + b*l.size
	if !l.await(n - (len(l.slots)-1)*l.size) {
		return false
	}
	l.markBulk(w, b, min(n, int(l.known.Load())))
	return true
}

// markBulk marks in block b's slot, as sparse.block does below a block, the pairs of the
// block's heaps whose parts are both below known, and marks the slot ready.
func (l *leap) markBulk(w *pairWorker, b, known int) {
	n := l.start + b*l.size
	slot := &l.slots[b%len(l.slots)]
	if slot.stamp++; slot.stamp == 0 {
		for j := range slot.lanes {
			clear(slot.lanes[j][:])
		}
		slot.stamp = 1
	}
	l.catchUp(w, known)
	lanes := min(l.size, l.end-n)
	s := l.s
	for t, i := range s.takes {
		slot.bulk[t] = bulkMarks(slot.lanes, l.g[:known], w.rare, n-i, lanes, s.unequal[t], slot.stamp)
	}
	slot.ready.Store(int64(b + 1))
}

// await waits until the heaps below k have their values, and reports false when the window
// is aborted first or ends below k.
func (l *leap) await(k int) bool {
	for i := 0; l.known.Load() < int64(k); i++ {
		if l.abort.Load() || int64(k) > l.stop.Load() {
			return false
		}
		if i >= pairSpin {
			runtime.Gosched()
		}
	}
	return true
}

// catchUp brings w's list of the rare heaps and largest value up to the heaps below upto,
// whose values are known.
func (l *leap) catchUp(w *pairWorker, upto int) {
	for ; w.seen < upto; w.seen++ {
		v := l.g[w.seen]
		w.top = max(w.top, int(v))
		if l.s.isRare(w.seen, v) {
			w.rare = append(w.rare, int32(w.seen))
		}
	}
}

// pairChooser decides, window by window, whether the engine computes heaps with the helper
// ("in pairs") or alone. On a machine shared with other work the helper's thread may get a processor only
// part of the time (and with autogroup scheduling it takes that time from the engine's own
// share), so that pairs can be slower than one core. The chooser measures both ways, keeps
// to the faster, and measures the other again after a gap of windows that doubles, up to
// pairGapMost, each time the other way stays slower. It is kept from one extension to the
// next. The zero pairChooser starts a window at once, on one core; the next window measures
// pairs, cut short if they are slower (see deadline).
type pairChooser struct {
	pairs   bool       // the current window computes in pairs
	probing bool       // the current window measures the slower way again
	end     int        // the current window ends when there are this many values
	from    int        // the number of values when it started
	start   time.Time  // and the time
	cost    [2]float64 // seconds per value measured last alone ([0]) and in pairs ([1]), 0 if none
	gap     int        // windows between probes
	wait    int        // windows left before the next probe
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

// deadline returns the time by which a window of pairs should end: in a window that measures
// pairs against one core measured just before, the time one core would take; in other
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
// window, so that the engine does not wait for the helper's heap, and is handed to the engine,
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
