package engine

import (
	"encoding/binary"
	"math/bits"
)

// This file implements the word-parallel scan of the searched splits: a mirror of the recent
// values in descending order of heap, so that both parts of the splits (a, m-a) run upwards and
// four 16-bit values are loaded and XORed as one 64-bit word; or, where the CPU has AVX-512 or
// AVX2, thirty-two in one or two vectors, each looked up in a bit set of the wanted values
// (sparse_vector_amd64.s, sparse_vector_avx2_amd64.s).

// mirrorWindow is how many recent values a mirror keeps: the searched splits of Officers (0.6)
// rarely reach past 12,000 heaps; the parts beyond the window are scanned from g itself.
const mirrorWindow = 1 << 14

// mirror holds G(h) for from <= h < to at buf[r-h], descending in h, so that the splits' larger
// parts g[m-a], m-a falling as a rises, are ascending in buf. The zero mirror holds nothing.
// It is owned by one goroutine.
type mirror struct {
	buf         []uint16
	r, from, to int
}

// sync brings m up to the values g, which extend the values it holds: it copies the new ones,
// or the last mirrorWindow of g when it is far behind. It reads only g's last mirrorWindow
// values, and none below low (values that may be absent: a spilled run's, spill.go).
func (m *mirror) sync(g []uint16, low int) {
	n := len(g)
	if n <= m.to {
		return
	}
	size := 2 * mirrorWindow
	if m.buf == nil {
		m.buf = make([]uint16, size)
	}
	if n-m.to > mirrorWindow || m.to == 0 || m.to < low {
		m.from = max(0, n-mirrorWindow, low)
		m.to = m.from
		m.r = m.from + size - 1
	}
	for h := m.to; h < n; h++ {
		if h > m.r { // no room: keep the last mirrorWindow values, shifted up
			shift := h - mirrorWindow + size - 1 - m.r
			copy(m.buf[shift:], m.buf[:size-shift])
			m.r += shift
			m.from = max(m.from, h-mirrorWindow)
		}
		m.buf[m.r-h] = g[h]
	}
	m.to = n
}

// parts returns, for the splits (a, k-a) with lo <= a < end, the larger parts G(k-a) in
// ascending order of a, for as many a as m holds (up to the returned bound).
func (m *mirror) parts(k, lo, end int) ([]uint16, int) {
	if k-lo >= m.to || k-lo < m.from {
		return nil, lo
	}
	end = min(end, k-m.from+1)
	return m.buf[m.r-k+lo : m.r-k+end], end
}

// wanted is the set of the values a search still looks for, all below markSize; the zero
// value is empty. missing (or put and the like) puts them in, and search or lookFor leaves it
// empty.
type wanted struct {
	is [markSize]uint8 // is[v] != 0: v is wanted
	// bits has bit v set for every wanted v below wantedBits, for scanVector and scanAVX2,
	// and maybe for some found since by the other scans, which clear only is.
	bits  [wantedBits / 64]uint64
	words int  // the words of bits below words hold every bit set
	over  bool // some value of wantedBits or more was put since bits was last cleared
}

// wantedBits bounds the values that wanted.bits holds: two 512-bit registers.
const wantedBits = 1024

// put adds v to w.
func (w *wanted) put(v uint16) {
	w.is[v] = 1
	if v < wantedBits {
		w.bits[v/64%uint16(len(w.bits))] |= 1 << (v % 64)
		w.words = max(w.words, int(v/64)+1)
	} else {
		w.over = true
	}
}

// putSmall adds to w the values below 64 whose bits are set in set, appending them to need,
// and returns need.
func (w *wanted) putSmall(set uint64, need []uint16) []uint16 {
	for b := set; b != 0; b &= b - 1 {
		v := bits.TrailingZeros64(b)
		w.is[v] = 1
		need = append(need, uint16(v))
	}
	w.bits[0] |= set
	w.words = max(w.words, 1)
	return need
}

// putWord adds to w the values v+i, i < 8, whose byte i of flags is 1 (the others are 0); v
// is a multiple of 8.
func (w *wanted) putWord(v int, flags uint64) {
	binary.LittleEndian.PutUint64(w.is[v:], binary.LittleEndian.Uint64(w.is[v:])|flags)
	if v >= wantedBits {
		w.over = w.over || flags != 0
		return
	}
	// The multiplication gathers the eight low bits of the bytes into the top byte, in order.
	w.bits[v/64%len(w.bits)] |= flags * 0x0102_0408_1020_4080 >> 56 << (v % 64)
	w.words = max(w.words, v/64+1)
}

// below appends to buf the values of w below bound, ascending, and returns it.
func (w *wanted) below(bound int, buf []uint16) []uint16 {
	for v := 0; v < bound; v += 8 {
		// is[v:v+8] as a word: a byte is 1 where its value is wanted.
		for x := binary.LittleEndian.Uint64(w.is[v:]); x != 0; x &= x - 1 {
			u := v + bits.TrailingZeros64(x)/8
			if u >= bound {
				break
			}
			buf = append(buf, uint16(u))
		}
	}
	return buf
}

// take is below, removing from w.is the values it lists.
func (w *wanted) take(bound int, buf []uint16) []uint16 {
	k := len(buf)
	buf = w.below(bound, buf)
	for _, v := range buf[k:] {
		w.is[v] = 0
	}
	return buf
}

// clearBits empties w.bits, once w.is holds no value.
func (w *wanted) clearBits() {
	w.bits, w.words, w.over = [wantedBits / 64]uint64{}, 0, false
}

// add adds the values of need to w.
func (w *wanted) add(need []uint16) {
	for _, v := range need {
		w.put(v)
	}
}

// scanUp looks for the wanted values among the splits x[j] ^ y[j] (y is as long as x), clearing
// them in w, and returns how many are still missing. It XORs four values in each 64-bit word
// and tests sixteen splits with one branch, after handing the first multiple of 32 splits to
// scanVector (vector VectorAVX512), scanVectorNEON (VectorNEON) or scanAVX2 (VectorAVX2,
// where every wanted value is below wantedBits); vector must be one the CPU runs.
func scanUp(x, y []uint16, w *wanted, k int, vector Vector) int {
	y = y[:len(x)]
	switch n := len(x) &^ 31; {
	case vector == VectorAVX512 && n > 0:
		var done int
		if k, done = scanVector(&x[0], &y[0], n, w, k); k == 0 {
			return 0
		}
		x, y = x[done:], y[done:]
	case vector == VectorNEON && n > 0:
		var done int
		if k, done = scanVectorNEON(&x[0], &y[0], n, w, k); k == 0 {
			return 0
		}
		x, y = x[done:], y[done:]
	case vector == VectorAVX2 && n > 0 && !w.over:
		if tables := w.tables(); tables > 0 {
			var done int
			if k, done = scanAVX2(&x[0], &y[0], n, w, k, tables); k == 0 {
				return 0
			}
			x, y = x[done:], y[done:]
		}
	}
	want := &w.is
	// One by one until a multiple of sixteen is left.
	for len(x) > 0 && len(y) > 0 && len(x)%16 != 0 {
		if v := x[0] ^ y[0]; want[v] != 0 {
			want[v] = 0
			if k--; k == 0 {
				return 0
			}
		}
		x, y = x[1:], y[1:]
	}
	for len(x) >= 16 && len(y) >= 16 {
		a, b := (*[16]uint16)(x), (*[16]uint16)(y)
		hit := any4(want, pack4(a[0], a[1], a[2], a[3])^pack4(b[0], b[1], b[2], b[3]))
		hit |= any4(want, pack4(a[4], a[5], a[6], a[7])^pack4(b[4], b[5], b[6], b[7]))
		hit |= any4(want, pack4(a[8], a[9], a[10], a[11])^pack4(b[8], b[9], b[10], b[11]))
		hit |= any4(want, pack4(a[12], a[13], a[14], a[15])^pack4(b[12], b[13], b[14], b[15]))
		if hit != 0 {
			if k = found(want, a, b, k); k == 0 {
				return 0
			}
		}
		x, y = x[16:], y[16:]
	}
	for i := range x {
		if v := x[i] ^ y[i]; want[v] != 0 {
			want[v] = 0
			if k--; k == 0 {
				return 0
			}
		}
	}
	return k
}

// tables returns how many tables of 128 values scanAVX2 looks up for the values of w.bits:
// up to the last that holds one, 0 when none does.
func (w *wanted) tables() int {
	for w.words > 0 && w.bits[w.words-1] == 0 {
		w.words--
	}
	return (w.words + 1) / 2
}

// found clears in want the values of the splits x[j] ^ y[j] that are wanted and returns how
// many are still missing of the k that were. It has no branch: which split is wanted is
// unpredictable, and clearing a value that is not wanted changes nothing.
func found(want *[markSize]uint8, x, y *[16]uint16, k int) int {
	for j := range x {
		v := x[j] ^ y[j]
		k -= int(want[v])
		want[v] = 0
	}
	return k
}

// pack4 packs four 16-bit values into one 64-bit word, the first lowest (one load when they
// are neighbours in memory).
func pack4(a, b, c, d uint16) uint64 {
	return uint64(a) | uint64(b)<<16 | uint64(c)<<32 | uint64(d)<<48
}

// any4 returns the OR of want at the four values packed in w.
func any4(want *[markSize]uint8, w uint64) uint8 {
	h := want[uint16(w)]
	w >>= 16
	h |= want[uint16(w)]
	w >>= 16
	h |= want[uint16(w)]
	return h | want[w>>16]
}
