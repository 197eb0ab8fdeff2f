package engine

import "math/bits"

// This file implements the rare/common mex for small values: while every value is below 64,
// so is every option's, and the options of a heap are a 64-bit set held in a register.

// mexSmall is mex for a heap n = len(g) whose parts' values are all below 64: the same marks
// as mex (markLeaves, markRare), each an OR into one word where mex stores a byte, and the
// same search for the searched values missing below the least listed one. It falls back to
// mex when every listed value below 64 is an option (then the mex is 64 or more).
func (s *sparse) mexSmall(o *plan, g []uint16) int {
	n := len(g)
	set := s.leavesSmall(o, g, n)
	if rare, t := s.rare, s.takes; len(rare) > 0 && len(t) <= 3 && n >= window+t[len(t)-1] &&
		int(rare[len(rare)-1]) < min(window, (n-t[len(t)-1]+1)/2) {
		set |= rareSmall(g, rare, t)
	} else {
		set |= s.rareSmallEach(g, n)
	}
	listed := s.classBits() // class 1: popcount(v&M) odd
	if s.searched(n) == 1 {
		listed = ^listed
	}
	free := ^set & listed
	if free == 0 {
		return s.mex(o, g, optionWords(63))
	}
	cand := bits.TrailingZeros64(free)
	if s.want == nil {
		s.want = new(wanted)
	}
	need := s.needs[:0]
	for w := ^set &^ listed & (1<<cand - 1); w != 0; w &= w - 1 {
		v := uint16(bits.TrailingZeros64(w))
		need = append(need, v)
		s.want.put(v)
	}
	s.needs = need
	if len(need) == 0 {
		return cand
	}
	return s.search(g, n, 1, (n-s.takes[0])/2+1, s.want, &s.tail, need, cand)
}

// leavesSmall returns the set of the values below 64 of heap n's moves that markLeaves marks.
func (s *sparse) leavesSmall(o *plan, g []uint16, n int) uint64 {
	var set uint64
	for _, i := range o.whole {
		if i == n {
			set |= 1
		}
	}
	for _, i := range o.leave1 {
		if i < n && n-i < len(g) {
			set |= 1 << (g[n-i] & 63)
		}
	}
	for _, i := range o.equal {
		if m := n - i; m >= 2 && m%2 == 0 {
			set |= 1
		}
	}
	return set
}

// classBits returns the classes of the values below 64 as bits: bit v is popcount(v&M) mod 2.
// It is worked out again only when the mask has changed.
func (s *sparse) classBits() uint64 {
	if !s.small.ok || s.small.mask != s.mask {
		var c uint64
		for v := range 64 {
			c |= uint64(bits.OnesCount16(uint16(v)&s.mask)&1) << v
		}
		s.small.bits, s.small.mask, s.small.ok = c, s.mask, true
	}
	return s.small.bits
}

// rareSmall returns the set of the values of the splits (r, n-t-r) of heap n = len(g) for every
// rare heap r and every take t, the values being below 64. There are one to three takes, n is
// at least window plus the largest, and every r is below window and below every take's m/2
// (no split to leave out, none beyond m); rareSmallEach does the rest.
func rareSmall(g []uint16, rare []int32, takes []int) uint64 {
	n := len(g)
	// head[r] = G(r), and at[t][window-r] = G(n-t-r) for each take t: arrays indexed within
	// their bounds, so that a split costs a load, an XOR and a bit.
	head := (*[window]uint16)(g[:window])
	var at [3]*[window]uint16
	for k, t := range takes {
		at[k] = (*[window]uint16)(g[n-t-window : n-t])
	}
	const m = window - 1
	var set uint64
	switch len(takes) {
	case 1:
		a0 := at[0]
		for _, r := range rare {
			set |= 1 << ((head[r&m] ^ a0[(window-r)&m]) & 63)
		}
	case 2:
		a0, a1 := at[0], at[1]
		for _, r := range rare {
			j, x := (window-r)&m, head[r&m]
			set |= 1<<((x^a0[j])&63) | 1<<((x^a1[j])&63)
		}
	case 3:
		a0, a1, a2 := at[0], at[1], at[2]
		for _, r := range rare {
			j, x := (window-r)&m, head[r&m]
			set |= 1<<((x^a0[j])&63) | 1<<((x^a1[j])&63) | 1<<((x^a2[j])&63)
		}
	}
	return set
}

// window bounds the rare heaps that rareSmall reads through arrays: r < window.
const window = 1024

// rareSmallEach is rareSmall take by take, for any rare heaps and takes: the rare heaps below
// each take's m, but m/2 for a take that forbids two equal heaps.
func (s *sparse) rareSmallEach(g []uint16, n int) uint64 {
	var set uint64
	for j, i := range s.takes {
		m := n - i
		if m < 2 {
			continue
		}
		skip := -1 // m/2 + m/2 is not a move of a take that forbids equal heaps
		if s.unequal[j] && m%2 == 0 {
			skip = m / 2
		}
		h := g[:m]
		for _, r := range s.rare[:rareBelow(s.rare, m)] {
			if int(r) != skip {
				set |= 1 << ((h[r] ^ h[m-int(r)]) & 63)
			}
		}
	}
	return set
}
