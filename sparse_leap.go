package kayles

import (
	"runtime"
	"slices"
	"sync/atomic"
	"time"
)

// This file implements a window of the engine of sparse_parallel.go: the heaps of the window,
// in blocks, claimed task by task by the goroutines, each heap in two halves.

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
	want   *wanted
	needs  []uint16
	rare   []int32 // the rare heaps below seen
	top    int     // the largest value below seen
	seen   int
	helper bool // the helper's worker
	tail   mirror
	stats  pairStats
}

func newPairWorker() *pairWorker {
	return &pairWorker{want: new(wanted)}
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
	size := 64 * optionWords(w.top)
	cand, need := missing(mark, l.class[:size], stamp, s.searched(h), w.needs[:0], w.want)
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
	size := 64 * optionWords(w.top)
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
		w.want.add(need)
		need, cut = s.lookFor(g, h, 1, p.lo, w.want, &w.tail, need, false)
	}
	v := cand
	fresh, _ := slices.BinarySearch(need, uint16(p.cand)) // need is ascending
	if fresh < len(need) {
		// The new values, among the splits the first half scanned too.
		w.stats.late++
		w.want.add(need[fresh:])
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
