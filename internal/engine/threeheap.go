package engine

import (
	"math/bits"
	"runtime"
	"strconv"
)

// This file implements the three-heap engine: the values of plain codes whose moves may leave
// three heaps (hexadecimal digits 8 to F), in O(n·w) steps a value instead of the O(n²) of
// listing every triple, where w is the number of non-zero words of a set of pair sums.
//
// A move that takes i tokens from a heap of n and leaves three heaps a + b + c = m = n-i has
// the value G(a)^G(b)^G(c). Group the triples by their smallest part a, 1 <= a <= m/3: those
// with a given a have the values G(a) ^ P(m-a), where P(j) is the set of the nim-sums
// G(b)^G(j-b), 1 <= b < j, of the splits of j into two (some have a part below a: those
// triples are counted again under their own smallest part, so the union is exact). The
// engine keeps P(j) for every j, built once in O(j) when G(j-1) is known, as the list of the
// non-zero 64-bit words of its bitset: the pair sets of codes like the ruler game 0.2048,
// whose values grow as n/3, hold a few hundred values in a few dozen words out of hundreds.
//
// The set {y ^ x : y in P} is P with its words permuted by the high bits of x and the bits
// within each word permuted by the low six: so for each a the engine ORs the words of
// P(m-a), at the places that the high bits of G(a) give, into one of 64 accumulators, the one
// of the low bits of G(a); at the end it merges the accumulators pairwise, six rounds that
// each swap the blocks of one bit of the within-word index (merge).
//
// Only the mex matters, and the options of most heaps are many times redundant: at most heaps
// of 0.2048 the rows P(j) of j%4 = 0 alone, a quarter of the words, already cover every value
// below the mex except in one or two words. So the engine ORs the rows of one class of j
// first (j%4 = 0), then completes the least word of the options that is not full from the
// other rows, one word of each, found through a bitset of its word indices (word); when the
// mex is in that word (or the next) it is exact, and otherwise the engine ORs the next class
// (even j, then all rows) and completes again. The result is the same for every class; only
// the work changes, between a quarter of the words and all of them plus the completed words.
//
// Past pairFrom values, the options in three heaps of heap n+1 need only G(0..n-1): the
// engine ORs the first class of rows for heap n+1 on a second goroutine while it does those
// of heap n, and splits the later classes of each heap between the two goroutines by
// smallest part.

// maxPairBytes bounds the memory of the pair sets: 10 bytes for each non-zero word, and 8
// for each 64 words of the bitset of its word indices, a row. Codes whose values grow fast
// and spread reach it first, and get a [*LimitError].
const maxPairBytes = 1 << 30

// defaultPairFrom is the number of values from which the engine computes two values at once,
// when it has two processors: below it a value takes a few microseconds, about what a second
// goroutine costs.
const defaultPairFrom = 1 << 11

// rowStore holds rows of pair sets: row k is the words wrd[off[k]:off[k+1]], at the word
// indices idx[off[k]:off[k+1]], ascending.
type rowStore struct {
	idx []uint16
	wrd []uint64
	off []int
}

// triples is the three-heap engine's state. It is used under its engine's lock.
type triples struct {
	// P(j), for j < len(poff)-1, is row j/4 of cls[j%4]: the rows of a class are read
	// together, and lie together. pres[poff[j]:poff[j+1]] is the bitset of its word indices.
	cls   [4]rowStore
	words int // the words of all the rows
	pres  []uint64
	poff  []int
	top   int      // the largest of the values that the rows were built from
	dense []uint64 // scratch: the bitset of the row being built
	acc   [2][]uint64
	// next is the heap whose options in three heaps are in nextSet, or 0.
	next     int
	nextSet  []uint64
	nextRows rowSet // the rows that nextSet holds
	// misses grows by 8 at each heap whose mex the rows of j%4 = 0 did not give, and falls
	// by one at the others; from 32 on the engine starts from the even rows, for a while.
	misses int
	start  rowSet   // the rows to OR first, when not 0 (in the tests)
	half   []uint64 // scratch: the options that the second goroutine of halves finds
	// pairFrom is how many values there are when pairs start: defaultPairFrom, or less in
	// the tests.
	pairFrom int
}

// mex returns G(n) for n = len(g), g = G(0..n-1) with largest value top, by the three-heap
// engine for plain codes with flag 8 and by the reference mex otherwise, using seen (zeroed on
// return), whose words cover every option value. It returns -1 when b stops within the value:
// its context is done, or the pair sets would exceed maxPairBytes (b.err says which).
func (e *Engine) mex(g []uint16, top int, seen []uint64, b *Budget) int {
	pl := e.pl
	if !pl.plain || len(pl.leave3) == 0 {
		return pl.mex(g, len(g), seen, b)
	}
	if e.tri == nil {
		e.tri = &triples{pairFrom: defaultPairFrom}
	}
	return e.tri.mex(pl, g, top, seen, b)
}

// mex is [engine.mex] for a plain code with flag 8: it ORs the rows of the first class
// (first) and leaves the rest to settle.
func (t *triples) mex(pl *plan, g []uint16, top int, seen []uint64, b *Budget) int {
	n := len(g)
	w := wordsFor(top)
	if t.next == n && len(t.nextSet) == w {
		// Computed with the value before.
		for q, word := range t.nextSet {
			seen[q] |= word
		}
		clear(t.nextSet)
		t.next = 0
		return t.settle(pl, g, w, t.nextRows, seen, b)
	}
	t.next = 0
	// Rows up to n serve heap n+1 too.
	if !t.grow(g, b) {
		clear(seen)
		return -1
	}
	for k := range t.acc {
		if len(t.acc[k]) < 64*w {
			t.acc[k] = make([]uint64, 64*w)
		}
	}
	sel := t.first()
	if n < max(t.pairFrom, 2) || runtime.GOMAXPROCS(0) < 2 {
		if !t.options(pl, g, n, w, sel, 1, n, t.acc[0], seen, b.done) {
			clear(seen)
			return -1
		}
		return t.settle(pl, g, w, sel, seen, b)
	}
	// Two goroutines, each with accumulators of its own: nothing is shared but the rows and
	// values they read. The helper looks at ctx, not at b, which is not shared.
	if len(t.nextSet) != w {
		t.nextSet = make([]uint64, w)
	}
	done := make(chan bool, 1) // a helper that outlives a panic of the caller still ends
	go func() {
		done <- t.options(pl, g, n+1, w, sel, 1, n+1, t.acc[1], t.nextSet, func() bool { return b.ctx.Err() != nil })
	}()
	ok := t.options(pl, g, n, w, sel, 1, n, t.acc[0], seen, b.done)
	helper := <-done
	// b.done first: it records ctx's error in b when the helper alone saw it.
	if b.done() || !ok || !helper {
		clear(t.nextSet)
		clear(seen)
		return -1
	}
	t.next, t.nextRows = n+1, sel
	return t.settle(pl, g, w, sel, seen, b)
}

// rowSet selects rows P(j) by j mod 4: bit r selects those with j%4 = r.
type rowSet uint8

const (
	quarterRows rowSet = 1 << 0      // j%4 = 0
	evenRows    rowSet = 1<<0 | 1<<2 // j even
	allRows     rowSet = 1<<4 - 1
)

// has reports whether r selects the row of j.
func (r rowSet) has(j int) bool { return r>>(j&3)&1 != 0 }

// first returns the rows to OR first: those of j%4 = 0, unless they have recently failed to
// give the mex often (then the even ones, for a while).
func (t *triples) first() rowSet {
	if t.start != 0 {
		return t.start
	}
	if t.misses >= 32 {
		t.misses--
		return evenRows
	}
	return quarterRows
}

// settle returns G(n), n = len(g), from seen, which holds the options in three heaps of heap n
// whose pair set is a row that done selects: it adds the others, and clears seen. It completes
// the least word of seen that is not full from the other rows, one word of a pair set a row,
// and takes the mex there; when that word fills, the next one; when that fills too, it ORs
// the rows of the next class (even j, then all) and tries again.
func (t *triples) settle(pl *plan, g []uint16, w int, done rowSet, seen []uint64, b *Budget) int {
	n := len(g)
	pl.markFew(g, n, seen)
	for done != allRows {
		for range 2 {
			q := 0
			for q < w && seen[q] == ^uint64(0) {
				q++
			}
			if q == w {
				break // the mex is beyond every option
			}
			// One word of a row each, cheap enough for one goroutine.
			if seen[q] |= t.word(pl, g, n, q, allRows&^done, 1, n); seen[q] != ^uint64(0) {
				if done == quarterRows {
					t.misses = max(t.misses-1, 0)
				}
				v := q*64 + bits.TrailingZeros64(^seen[q])
				clear(seen)
				return v
			}
		}
		next := allRows
		if done == quarterRows {
			next = evenRows
			t.misses += 8
		}
		if len(t.half) != w {
			t.half = make([]uint64, w)
		}
		sets := [2][]uint64{seen, t.half}
		stops := [2]func() bool{b.done, func() bool { return b.ctx.Err() != nil }}
		ok := t.halves(n, func(k, lo, hi int) bool {
			return t.options(pl, g, n, w, next&^done, lo, hi, t.acc[k], sets[k], stops[k])
		})
		for q, word := range t.half {
			seen[q] |= word
		}
		clear(t.half)
		// b.done first: it records ctx's error in b when the helper alone saw it.
		if b.done() || !ok {
			clear(seen)
			return -1
		}
		done = next
	}
	return mexOf(seen)
}

// halves runs f(0, 1, mid) on this goroutine and f(1, mid, n) on a second one, for heaps past
// pairFrom when there are two processors (otherwise f(0, 1, n) alone), and reports whether
// both returned true: f works on the smallest parts a from lo to hi-1 of heap n, with the
// scratch of k.
func (t *triples) halves(n int, f func(k, lo, hi int) bool) bool {
	if n < max(t.pairFrom, 2) || runtime.GOMAXPROCS(0) < 2 {
		return f(0, 1, n)
	}
	mid := max(n/6, 1)
	done := make(chan bool, 1) // a helper that outlives a panic of the caller still ends
	go func() { done <- f(1, mid, n) }()
	ok := f(0, 1, mid)
	return <-done && ok
}

// word returns word q of the bitset of the values of the moves of heap n that leave three
// heaps with smallest part a in [lo, hi) whose pair set is a row that sel selects: for each
// a, the word of P(m-a) that lands on q when translated by G(a), put in one of 64
// accumulators of one word.
func (t *triples) word(pl *plan, g []uint16, n, q int, sel rowSet, lo, hi int) uint64 {
	var acc [64]uint64
	var used uint64
	for _, i := range pl.leave3 {
		m := n - i
		for a := max(lo, 1); a < hi && 3*a <= m; a++ {
			j := m - a
			if !sel.has(j) {
				continue
			}
			x := int(g[a])
			if word := t.at(j, q^x>>6); word != 0 {
				acc[x&63] |= word
				used |= 1 << (x & 63)
			}
		}
	}
	merge(acc[:], used, 1)
	return acc[0]
}

// at returns word q of P(j), by its presence bitmap.
func (t *triples) at(j, q int) uint64 {
	pres := t.pres[t.poff[j]:t.poff[j+1]]
	k := q >> 6
	if k >= len(pres) || pres[k]>>(q&63)&1 == 0 {
		return 0
	}
	c := &t.cls[j&3]
	r := c.off[j>>2] + bits.OnesCount64(pres[k]&(1<<(q&63)-1))
	for _, p := range pres[:k] {
		r += bits.OnesCount64(p)
	}
	return c.wrd[r]
}

// options ORs into set the values of the moves of heap n that leave three heaps with smallest
// part a in [lo, hi) whose pair set is a row P(j) that sel selects, with bitsets of w words,
// using acc (64·w words, zeroed on return) as scratch; it needs the rows up to n-1 and
// G(1..n/3). It reports false when stop, looked at now and then, says to stop.
func (t *triples) options(pl *plan, g []uint16, n, w int, sel rowSet, lo, hi int, acc, set []uint64, stop func() bool) bool {
	acc = acc[:64*w]
	var used uint64 // bit lo: the accumulator of lo is not empty
	steps := 0
	for _, i := range pl.leave3 {
		m := n - i
		for a := max(lo, 1); a < hi && 3*a <= m; a++ {
			j := m - a
			if !sel.has(j) {
				continue
			}
			c := &t.cls[j&3]
			from, to := c.off[j>>2], c.off[j>>2+1]
			if steps += to - from; steps >= 1<<14 {
				steps = 0
				if stop() {
					clear(acc)
					return false
				}
			}
			x := int(g[a])
			hi, lo := x>>6, x&63
			used |= 1 << lo
			dst := acc[lo*w : (lo+1)*w]
			wrd := c.wrd[from:to]
			for k, q := range c.idx[from:to] {
				dst[int(q)^hi] |= wrd[k]
			}
		}
	}
	merge(acc, used, w)
	for q, word := range acc[:w] {
		set[q] |= word
	}
	clear(acc[:w])
	return true
}

// swapMasks[k] selects the low half of each block of 2^(k+1) bits of a word.
var swapMasks = [6]uint64{0x5555555555555555, 0x3333333333333333, 0x0f0f0f0f0f0f0f0f,
	0x00ff00ff00ff00ff, 0x0000ffff0000ffff, 0x00000000ffffffff}

// merge leaves in acc[:w] the union over lo of the bitsets acc[lo·w:(lo+1)·w] with every bit p
// moved to p^lo, and zeroes the other 63; used has bit lo set when that bitset may not be
// empty. Round k folds each accumulator whose lo has bit k set, and no lower one, into the one
// without bit k, swapping the blocks of 2^k bits of its words: XOR-translations by different
// bits commute, so after six rounds every bit has moved by its own lo.
func merge(acc []uint64, used uint64, w int) {
	for k := range 6 {
		bit := 1 << k
		mask, shift := swapMasks[k], uint(bit)
		for s := bit; s < 64; s += 2 * bit {
			if used>>s&1 == 0 {
				continue
			}
			used |= 1 << (s ^ bit)
			src, dst := acc[s*w:(s+1)*w], acc[(s^bit)*w:(s^bit+1)*w]
			for q, word := range src {
				if word != 0 {
					dst[q] |= (word&mask)<<shift | (word>>shift)&mask
					src[q] = 0
				}
			}
		}
	}
}

// wordsFor returns the words of a bitset that covers every value up to top: a power of two,
// so that the XOR of two values up to top stays within it.
func wordsFor(top int) int { return 1 << bits.Len(uint(top)>>6) }

// grow builds P(j) for every j <= len(g), the rows that heaps len(g) and len(g)+1 need. It
// reports false, with a LimitError in b, when they would exceed maxPairBytes.
func (t *triples) grow(g []uint16, b *Budget) bool {
	n := len(g)
	if len(t.poff) == 0 {
		t.poff = append(t.poff, 0)
		for c := range t.cls {
			t.cls[c].off = append(t.cls[c].off, 0)
		}
	}
	for j := len(t.poff) - 1; j <= n; j++ {
		if j >= 2 {
			t.top = max(t.top, int(g[j-1]))
		}
		w := wordsFor(t.top)
		pw := (w + 63) / 64
		if (t.words+w)*10+(len(t.pres)+pw)*8 > maxPairBytes {
			if b.err == nil {
				b.err = &LimitError{Question: "G(" + strconv.Itoa(n) + ")", Limit: maxPairBytes, Unit: "bytes of pair sets",
					Advice: "the values are too large or too spread for the three-heap engine this far out: its memory grows as the words of their pair sums"}
			}
			return false
		}
		if len(t.dense) < w {
			t.dense = make([]uint64, w)
		}
		p := t.dense[:w]
		for a := 1; 2*a <= j; a++ {
			v := g[a] ^ g[j-a]
			p[v>>6] |= 1 << (v & 63)
		}
		t.pres = append(t.pres, make([]uint64, pw)...)
		pres := t.pres[len(t.pres)-pw:]
		c := &t.cls[j&3]
		for q, word := range p {
			if word != 0 {
				c.idx = append(c.idx, uint16(q))
				c.wrd = append(c.wrd, word)
				pres[q>>6] |= 1 << (q & 63)
				p[q] = 0
			}
		}
		t.words += len(c.wrd) - c.off[len(c.off)-1]
		c.off, t.poff = append(c.off, len(c.wrd)), append(t.poff, len(t.pres))
	}
	return true
}
