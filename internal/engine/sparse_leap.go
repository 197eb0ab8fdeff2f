package engine

import (
	"runtime"
	"slices"
	"sync/atomic"
	"time"
)

// This file implements a window of the engine of sparse_parallel.go: the heaps of the window,
// in blocks, each block claimed whole by one goroutine, each heap in two halves.

// leap is one window of heaps start <= h < end computed by several goroutines.
type leap struct {
	o      *plan
	s      *sparse  // not written during the window
	g      []uint16 // g[:start] are known; g[h] is written by the goroutine that computes heap h
	start  int
	end    int
	rare   []int32 // the rare heaps below start
	class  []uint8 // the class of every value below markSize
	top    int     // the largest value below start
	rareAt int     // the one-core engine chooses a mask once this many heaps are rare
	size   int     // heaps in a block

	// The fields that the goroutines share, each written by one at a time: next, claimed by
	// all, and known, written once a heap, on cache lines of their own.
	_     [64]byte
	next  atomic.Int64 // the least block not yet claimed
	_     [56]byte
	known atomic.Int64 // the heaps below known have their values in g
	_     [56]byte
	abort atomic.Bool  // a value exceeds maxValue, a cut, or a panic: the window ends
	cut   atomic.Bool  // a search was cut short by the sparse state's front (spill.go)
	stop  atomic.Int64 // no heap from stop on is published
	_     [64]byte

	done <-chan struct{} // when closed, the window ends at the heaps known (see halt)
}

// halt ends the window at the heaps known when done is closed, and reports whether it is.
// The values published stay; the goroutines leave at their next heap.
func (l *leap) halt() bool {
	select {
	case <-l.done:
	default:
		return false
	}
	for {
		stop, known := l.stop.Load(), l.known.Load()
		if known >= stop || l.stop.CompareAndSwap(stop, known) {
			return true
		}
	}
}

// blockMarks holds the marks of a block a goroutine computes (or claimed ahead, leap.block):
// the lanes, one a heap, which rare heaps the bulk marks left to each heap, and what the first
// half of each heap leaves to its second (see halfDone). Only its goroutine reads or writes it.
type blockMarks struct {
	lanes *[blockLanes][markSize]uint8
	stamp uint8
	bulk  [][4]int // per take, as in sparse.block: the indices of the rare heaps marked in bulk
	// buckets are the buckets of the scan plans whose splits are marked (markBuckets).
	buckets uint64
	half    [blockLanes]halfDone
}

// pairWorker is one goroutine's own state in a window: its scratch, the marks of its block and
// of the block it claimed ahead, its list of the rare heaps and the largest value, kept up to
// date by reading the values as they are published.
type pairWorker struct {
	want   *wanted
	needs  []uint16
	marks  *blockMarks
	ahead  *blockMarks
	rare   []int32 // the rare heaps below seen
	top    int     // the largest value below seen
	seen   int
	helper bool // the helper's worker
	tail   mirror
	stats  pairStats
}

// newPairWorker returns a worker for codes splitting takes takes.
func newPairWorker(takes int) *pairWorker {
	return &pairWorker{want: new(wanted), marks: newBlockMarks(takes), ahead: newBlockMarks(takes)}
}

// newBlockMarks returns the marks of a block of a code splitting takes takes.
func newBlockMarks(takes int) *blockMarks {
	return &blockMarks{lanes: new([blockLanes][markSize]uint8), bulk: make([][4]int, takes)}
}

// The heaps of a window are computed in blocks of size heaps (sparse_block.go), block b being
// the heaps start+b·size on. A goroutine claims a whole block, the next not yet claimed, and
// computes it in marks of its own: it marks in bulk, for all of the block's heaps at once,
// the pairs with a rare part whose parts are both among the values known then; computes the
// first half of each heap (see begin) from the values known when it starts; waits until the
// heaps before the block are known; and computes the second halves in order, publishing each
// value. So the goroutines share only the values and the count of them, and wait for each
// other once a block: when a heap was begun on one core and finished on the other, its marks
// moved between the cores, which cost more than the heap's work shared (BENCHMARKS.md, the
// eighth sitting). A goroutine that would wait claims the next block first and marks its rare
// pairs in bulk (in marks of its own), so that a block begun on the other core a little late
// costs it no time; it computes that block next.

// run computes blocks of the window as worker w until none is left. Blocks are claimed one
// at a time (or two, when the goroutine would wait), so that a helper slow to start or to run
// leaves more of them to the engine. The engine passes a deadline (or the zero Time), looked
// at after each block: past it, it ends the window at the blocks already claimed.
func (l *leap) run(w *pairWorker, deadline time.Time) {
	l.enter(w)
	ahead := -1 // a block claimed ahead, its pairs marked in bulk in w.ahead
	for {
		b, marked := ahead, ahead >= 0
		if marked {
			w.marks, w.ahead = w.ahead, w.marks
		} else if b = l.claim(); b < 0 {
			return
		}
		var ok bool
		if ahead, ok = l.block(w, b, marked); !ok || l.halt() {
			return
		}
		if !deadline.IsZero() && time.Now().After(deadline) {
			l.next.Store(1 << 62) // every later claim fails; the blocks claimed are done
		}
	}
}

// claim returns the least block not yet claimed, claiming it, or -1 when no block may be
// claimed any more.
func (l *leap) claim() int {
	if b := l.next.Add(1) - 1; b < 1<<62 {
		return int(b)
	}
	return -1
}

// open reports whether the block from heap n is in the window and may still be computed.
func (l *leap) open(n int) bool {
	return n < l.end && int64(n) < l.stop.Load() && !l.abort.Load()
}

// block computes block b as worker w, its rare pairs already marked in bulk in w.marks when
// marked, and reports false when the window has no such block, has ended before it, or ends
// within it; and it returns the block it claimed before waiting for the heaps below block b,
// whose pairs it marked in w.ahead when that block is in the window, or -1.
func (l *leap) block(w *pairWorker, b int, marked bool) (ahead int, ok bool) {
	n := l.start + b*l.size
	if !l.open(n) {
		return -1, false
	}
	e := min(n+l.size, l.end)
	if !marked {
		l.markBulk(w, w.marks, n, int(l.known.Load())) // at most n: heap n is this block's
	}
	for h := n; h < e; h++ {
		if l.abort.Load() || int64(h) >= l.stop.Load() {
			return -1, false
		}
		l.begin(w, w.marks, h)
		if w.helper {
			w.stats.paired++
		}
	}
	ahead = -1
	if l.known.Load() < int64(n) {
		if ahead = l.claim(); ahead >= 0 {
			if a := l.start + ahead*l.size; l.open(a) {
				l.markBulk(w, w.ahead, a, int(l.known.Load()))
			}
		}
	}
	if !l.await(n) {
		return -1, false
	}
	for h := n; h < e; h++ {
		if l.abort.Load() || int64(h) >= l.stop.Load() {
			return -1, false
		}
		v := l.finish(w, w.marks, h)
		if v < 0 { // a search cut short by the front: heap h is left to extendLocked
			l.cut.Store(true)
			l.abort.Store(true)
			return -1, false
		}
		if v > maxValue {
			l.abort.Store(true)
			return -1, false
		}
		// Where the one-core engine would choose a mask, at the heap after the one that
		// brings the rare heaps to rareAt, the window ends, so that the masks chosen, and
		// every report of them, are the same.
		if l.s.isRare(h, uint16(v)) && len(w.rare)+1 >= l.rareAt {
			l.stop.Store(int64(h + 1))
		}
		l.g[h] = uint16(v)
		l.known.Store(int64(h + 1))
	}
	return ahead, true
}

// enter readies w for the window: its rare heaps and largest value are those below the start.
func (l *leap) enter(w *pairWorker) {
	w.rare = append(w.rare[:0], l.rare...)
	w.top, w.seen = l.top, l.start
}

// The value of a heap h is computed in two halves. The first, begin, needs only the values
// known when it starts, the heaps below some k <= h: it marks the options whose heaps are all
// below k, finds the least listed value c' missing from them, and looks for the searched
// values missing below c' among the splits (a, m-a) whose larger part is below k (but for
// the buckets marked in bulk, markBuckets, whose larger parts are below k too). That is
// nearly all of the work: the rare pairs left are those of the few rare heaps below h-k (and
// rare heaps from k on, if any), and the splits left are those with a below about h-k. The
// second half, finish, runs once G(h-1) is known: it marks the options left, finds the least
// listed value c >= c' missing, and looks for the searched values still missing below c:
// those the first half did not find, among the splits it left, and those between c' and c
// (rarely any), among all. Since the first halves of a block do not wait for the heaps
// before it, the goroutines compute blocks side by side, and only the short second halves
// run one block after another.

// halfDone is what the first half of a heap leaves to the second.
type halfDone struct {
	known int      // the first half read the values of the heaps below known
	cand  int      // the least listed value it found missing
	lo    int      // it scanned the splits (a, m-a) with a >= lo
	left  []uint16 // the searched values below cand it found missing, ascending
	cut   bool     // the front cut its scan short with values left (spill.go)
}

// begin computes the first half of heap h as worker w, in h's lane of marks, from the values
// known now.
func (l *leap) begin(w *pairWorker, marks *blockMarks, h int) {
	o, s := l.o, l.s
	known := int(l.known.Load())
	l.catchUp(w, known)
	g := l.g[:known]
	j := (h - l.start) % l.size
	mark, stamp, p := &marks.lanes[j], marks.stamp, &marks.half[j]
	markLeaves(o, mark, g, h, stamp)
	markRestPart(s, mark, l.g, h, w.rare, marks.bulk, stamp, known, false)
	size := 64 * optionWords(w.top)
	cand, k, _ := missing(mark, l.class[:size], stamp, s.searched(h), w.want, nil)
	p.known, p.cand, p.cut = known, cand, false
	p.lo = max(1, h-s.takes[0]+1-known) // the least a whose split's larger part is below known
	p.left = p.left[:0]
	if k > 0 {
		var left []uint16
		left, p.cut = s.lookFor(g, h, p.lo, (h-s.takes[0])/2+1, w.want, &w.tail, k, cand, w.needs, true, marks.buckets)
		w.needs = left
		p.left = append(p.left, left...)
	}
}

// finish returns the value of heap h, whose first half is done in marks, as worker w, once
// the values below h are known; or -1 when the front cuts a search short.
func (l *leap) finish(w *pairWorker, marks *blockMarks, h int) int {
	o, s := l.o, l.s
	l.catchUp(w, h)
	g := l.g[:h]
	j := (h - l.start) % l.size
	mark, stamp, p := &marks.lanes[j], marks.stamp, &marks.half[j]
	for _, i := range o.leave1 {
		if i < h && h-i >= p.known {
			mark[g[h-i]] = stamp
		}
	}
	markRestPart(s, mark, g, h, w.rare, marks.bulk, stamp, p.known, true)
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
		need, cut = s.lookFor(g, h, 1, p.lo, w.want, &w.tail, len(need), cand, need, false, 0)
	}
	v := cand
	fresh, _ := slices.BinarySearch(need, uint16(p.cand)) // need is ascending
	if fresh < len(need) {
		// The new values, among the splits the first half scanned too.
		w.stats.late++
		w.want.add(need[fresh:])
		more, c := s.lookFor(g, h, p.lo, (h-s.takes[0])/2+1, w.want, &w.tail, len(need)-fresh, cand, need[fresh:], true, marks.buckets)
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

// markBulk marks in m, as sparse.block does below a block, the pairs of the heaps of the
// block from heap n whose parts are both below known, as worker w: the rare pairs, and the
// splits of the plans' first buckets that the heaps' searches then leave out (m.buckets).
func (l *leap) markBulk(w *pairWorker, m *blockMarks, n, known int) {
	if m.stamp++; m.stamp == 0 {
		for j := range m.lanes {
			clear(m.lanes[j][:])
		}
		m.stamp = 1
	}
	l.catchUp(w, known)
	lanes := min(l.size, l.end-n)
	s := l.s
	for t, i := range s.takes {
		m.bulk[t] = bulkMarks(m.lanes, l.g[:known], w.rare, n-i, lanes, s.unequal[t], m.stamp)
	}
	m.buckets = s.markBuckets(m.lanes, l.g[:known], n, lanes, m.stamp)
}

// await waits until the heaps below k have their values, and reports false when the window
// is aborted first or ends below k.
func (l *leap) await(k int) bool {
	for i := 0; l.known.Load() < int64(k); i++ {
		if l.abort.Load() || int64(k) > l.stop.Load() {
			return false
		}
		if i >= pairSpin {
			if i%pairSpin == 0 && l.halt() {
				return false
			}
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
