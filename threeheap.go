package kayles

import (
	"math/bits"
	"runtime"
	"strconv"
)

// This file implements the three-heap engine: the values of plain codes whose moves may leave
// three heaps (hexadecimal digits 8 to F), in O(n·V/64) steps a value instead of the O(n²) of
// listing every triple.
//
// A move that takes i tokens from a heap of n and leaves three heaps a + b + c = m = n-i has
// the value G(a)^G(b)^G(c). Group the triples by their largest part c, m/3 <= c <= m-2: those
// with a given c have the values G(c) ^ P(m-c), where P(j) is the set of the nim-sums
// G(a)^G(j-a), 1 <= a < j, of the splits of j into two (some of which have a part above c:
// those triples are counted again under their own largest part, so the union is exact). The
// engine keeps P(j) for every j as a bitset, built once in O(j) when G(j-1) is known. The set
// {y ^ x : y in P} is P with its 64-bit words permuted by the high bits of x and the bits
// within each word permuted by the low six: so for each c the engine ORs the words of
// P(m-c), at the places that the high bits of G(c) give, into one of 64 accumulators, the one
// of the low bits of G(c); at the end it permutes the bits of each accumulator (six masked
// shifts a word) and marks them. A value costs one word-OR per c and word of P(m-c), whose
// width follows the values below m-c, plus 64 permutations of V/64 words.

// maxPairBytes bounds the memory of the pair sets: n·V/8 bytes for n values below V. Codes
// whose values grow fast reach it first, and get a [*LimitError].
const maxPairBytes = 1 << 30

// triples is the three-heap engine's state. It is used under its engine's lock.
type triples struct {
	words int      // words in a bitset: 64·words is above every value so far
	pairs []uint64 // P(j) is pairs[j·words : (j+1)·words], for j < built
	top   []uint16 // top[j] is the largest of G(1..j-1), which bounds the values of P(j)
	built int
	acc   []uint64 // scratch: acc[lo·words:] gathers the words of P(m-c) with G(c)&63 = lo
	bat   batch    // the values gathered ahead, past batchFrom values
	// batchFrom is how many values there are when batches start: defaultBatchFrom, or less in
	// the tests.
	batchFrom int
}

// mex returns G(n) for n = len(g), g = G(0..n-1) with largest value top, by the three-heap
// engine for plain codes with flag 8 and by the reference mex otherwise, using seen (zeroed on
// return), whose words cover every option value. It returns -1 when b stops within the value:
// its context is done, or the pair sets would exceed maxPairBytes (b.err says which).
func (e *engine) mex(g []uint16, top int, seen []uint64, b *budget) int {
	pl := e.pl
	if !pl.plain || len(pl.leave3) == 0 {
		return pl.mex(g, len(g), seen, b)
	}
	if e.tri == nil {
		e.tri = &triples{batchFrom: defaultBatchFrom}
	}
	return e.tri.mex(pl, g, top, seen, b)
}

// mex is [engine.mex] for a plain code with flag 8.
func (t *triples) mex(pl *plan, g []uint16, top int, seen []uint64, b *budget) int {
	n := len(g)
	if !t.grow(g, top, b) {
		clear(seen)
		return -1
	}
	pl.markFew(g, n, seen)
	w := t.words
	if n >= max(t.batchFrom, 4*batchSize) {
		// From 4·batchSize values on, every row a batch reads is built (j < 2n/3 + batchSize).
		return t.batched(pl, g, seen, b)
	}
	if len(t.acc) < 64*w {
		t.acc = make([]uint64, 64*w)
	}
	var used uint64 // bit lo: acc of lo is not empty
	steps := 0
	for _, i := range pl.leave3 {
		m := n - i
		for c := (m + 2) / 3; c <= m-2; c++ {
			j := m - c
			row := t.pairs[j*w : j*w+wordsFor(int(t.top[j]))]
			if steps += len(row); steps >= 1<<14 {
				steps = 0
				if b.done() {
					clear(t.acc)
					clear(seen)
					return -1
				}
			}
			x := int(g[c])
			hi, lo := x>>6, x&63
			used |= 1 << lo
			dst := t.acc[lo*w : (lo+1)*w]
			for k, word := range row {
				dst[k^hi] |= word
			}
		}
	}
	for used != 0 {
		lo := bits.TrailingZeros64(used)
		used &= used - 1
		src := t.acc[lo*w : (lo+1)*w]
		for k, word := range src {
			if word != 0 {
				seen[k] |= permute(word, uint(lo))
				src[k] = 0
			}
		}
	}
	return mexOf(seen)
}

// Past defaultBatchFrom values the engine gathers the rows for batchSize values at once: each row
// P(j) is read from memory once for all of them instead of once for each, which makes the
// engine's work, bound by the memory it reads, about batchSize times lighter (the rows of 2^15
// values fill 64 MB). A value of the batch needs G(c) for every third heap c, and those at or
// after the batch's first heap are not known when it is gathered: each value adds them
// itself, a few rows, when its turn comes.
const (
	defaultBatchFrom = 1 << 10
	batchSize        = 16
)

// batch is the gathered work of the values from, ..., from+batchSize-1, with bitsets of words.
type batch struct {
	from, words int
	acc         []uint64 // acc[(k·64+lo)·words:] is value from+k's accumulator of lo
	used        []uint64 // used[k] bit lo: that accumulator is not empty
}

// batched is the mex of the three-heap engine past t.batchFrom values; seen holds the marks of
// the moves that leave at most two heaps.
func (t *triples) batched(pl *plan, g []uint16, seen []uint64, b *budget) int {
	n, w := len(g), t.words
	bt := &t.bat
	if bt.words != w || n < bt.from || n >= bt.from+batchSize {
		if !t.gatherBatch(pl, g, b) {
			clear(seen)
			return -1
		}
	}
	k := n - bt.from
	used := bt.used[k]
	acc := bt.acc[k*64*w : (k+1)*64*w]
	for _, i := range pl.leave3 {
		m := n - i
		for c := max((m+2)/3, bt.from, 1); c <= m-2; c++ {
			j := m - c
			row := t.pairs[j*w : j*w+wordsFor(int(t.top[j]))]
			x := int(g[c])
			hi, lo := x>>6, x&63
			used |= 1 << lo
			dst := acc[lo*w : (lo+1)*w]
			for q, word := range row {
				dst[q^hi] |= word
			}
		}
	}
	for used != 0 {
		lo := bits.TrailingZeros64(used)
		used &= used - 1
		src := acc[lo*w : (lo+1)*w]
		for q, word := range src {
			if word != 0 {
				seen[q] |= permute(word, uint(lo))
				src[q] = 0
			}
		}
	}
	bt.used[k] = 0
	return mexOf(seen)
}

// gatherBatch gathers, for the values n, ..., n+batchSize-1 (n = len(g)), the third heaps c
// below n, row by row. It reports false when b stops it, leaving no batch.
func (t *triples) gatherBatch(pl *plan, g []uint16, b *budget) bool {
	n, w := len(g), t.words
	bt := &t.bat
	if need := batchSize * 64 * w; len(bt.acc) != need {
		bt.acc = make([]uint64, need)
		bt.used = make([]uint64, batchSize)
	} else {
		clear(bt.acc)
		clear(bt.used)
	}
	bt.from, bt.words = n, w
	if runtime.GOMAXPROCS(0) < 2 {
		if !t.gatherValues(pl, g, 0, batchSize, b.done) {
			bt.words = 0 // no batch
			return false
		}
		return true
	}
	// Two goroutines, each with the accumulators of half the values: nothing is shared but
	// the rows they read. The helper looks at ctx, not at b, which is not shared.
	done := make(chan bool)
	go func() {
		done <- t.gatherValues(pl, g, batchSize/2, batchSize, func() bool { return b.ctx.Err() != nil })
	}()
	ok := t.gatherValues(pl, g, 0, batchSize/2, b.done)
	helper := <-done
	// b.done first: it records ctx's error in b when the helper alone saw it.
	if b.done() || !ok || !helper {
		bt.words = 0 // no batch
		return false
	}
	return true
}

// gatherValues gathers the values from+k0, ..., from+k1-1 of the batch, row by row, and
// reports false when stop, looked at now and then, says to stop.
func (t *triples) gatherValues(pl *plan, g []uint16, k0, k1 int, stop func() bool) bool {
	n, w := len(g), t.words
	bt := &t.bat
	steps := 0
	for _, i := range pl.leave3 {
		// Value n+k, m = n+k-i, takes c in [ceil(m/3), min(m-2, n-1)], row j = m-c.
		top := n + k1 - 1 - i
		jmax := top - (top+2)/3
		for j := 2; j <= jmax; j++ {
			row := t.pairs[j*w : j*w+wordsFor(int(t.top[j]))]
			for k := k0; k < k1; k++ {
				m := n + k - i
				c := m - j
				if c < max((m+2)/3, 1) || c > min(m-2, n-1) {
					continue
				}
				if steps += len(row); steps >= 1<<14 {
					steps = 0
					if stop() {
						return false
					}
				}
				x := int(g[c])
				hi, lo := x>>6, x&63
				bt.used[k] |= 1 << lo
				dst := bt.acc[(k*64+lo)*w : (k*64+lo+1)*w]
				for q, word := range row {
					dst[q^hi] |= word
				}
			}
		}
	}
	return true
}

// wordsFor returns the words of a bitset that covers every value up to top: a power of two,
// so that the XOR of two values up to top stays within it.
func wordsFor(top int) int { return (64 << bits.Len(uint(top)>>6)) / 64 }

// grow makes the bitsets wide enough for values up to top and builds P(j) for every j < len(g).
// It reports false, with a LimitError in b, when they would exceed maxPairBytes.
func (t *triples) grow(g []uint16, top int, b *budget) bool {
	n := len(g)
	w := wordsFor(top)
	if int64(n)*int64(max(w, t.words))*8 > maxPairBytes {
		if b.err == nil {
			b.err = &LimitError{Question: "G(" + strconv.Itoa(n) + ")", Limit: maxPairBytes, Unit: "bytes of pair sets",
				Advice: "the values are too large for the three-heap engine this far out: its memory grows as the values times their count"}
		}
		return false
	}
	if w > t.words {
		// Wider bitsets: copy each set into its new place.
		old, ow := t.pairs, t.words
		t.pairs = make([]uint64, max(2*n, 64)*w)
		for j := range t.built {
			copy(t.pairs[j*w:], old[j*ow:(j+1)*ow])
		}
		t.words = w
	}
	w = t.words
	if need := n * w; len(t.pairs) < need {
		t.pairs = append(t.pairs, make([]uint64, max(need, 2*len(t.pairs))-len(t.pairs))...)
	}
	for ; t.built < n; t.built++ {
		j := t.built
		if j <= 1 {
			t.top = append(t.top, 0)
		} else {
			t.top = append(t.top, max(t.top[j-1], g[j-1]))
		}
		p := t.pairs[j*w : (j+1)*w]
		for a := 1; 2*a <= j; a++ {
			v := g[a] ^ g[j-a]
			p[v>>6] |= 1 << (v & 63)
		}
	}
	return true
}

// permute moves bit p of word to bit p^x, for x < 64: each bit of x swaps the neighbouring
// blocks of its size.
func permute(word uint64, x uint) uint64 {
	if x&1 != 0 {
		word = (word&0x5555555555555555)<<1 | (word>>1)&0x5555555555555555
	}
	if x&2 != 0 {
		word = (word&0x3333333333333333)<<2 | (word>>2)&0x3333333333333333
	}
	if x&4 != 0 {
		word = (word&0x0f0f0f0f0f0f0f0f)<<4 | (word>>4)&0x0f0f0f0f0f0f0f0f
	}
	if x&8 != 0 {
		word = (word&0x00ff00ff00ff00ff)<<8 | (word>>8)&0x00ff00ff00ff00ff
	}
	if x&16 != 0 {
		word = (word&0x0000ffff0000ffff)<<16 | (word>>16)&0x0000ffff0000ffff
	}
	if x&32 != 0 {
		word = word<<32 | word>>32
	}
	return word
}
