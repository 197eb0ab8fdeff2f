package monoid

import (
	"slices"
	"strconv"
)

// This file implements the isomorphism test of monoids with a P-portion (bipartite monoids).

// A Monoid is a finite commutative monoid with a P-portion: N elements numbered 0 to N-1, 0
// the identity, Mul[x*N+y] = xy, and P[x] whether x is in the P-portion. The zero Monoid has
// no elements.
type Monoid struct {
	N   int
	Mul []int32
	P   []bool
}

// Times returns xy; it panics unless 0 <= x, y < N.
func (m *Monoid) Times(x, y int) int { return int(m.Mul[x*m.N+y]) }

// Isomorphic reports whether q and r, of the same order, are isomorphic as bipartite monoids:
// whether some bijection f from q to r keeps products, f(xy) = f(x)f(y), and the P-portion.
// gens are generators of q, as elements. spend is asked before each product checked, with the
// work to count; once it returns false the search stops and Isomorphic returns false, and the
// caller reads why from what spend watches.
//
// It compares invariants of the elements first (membership of P, the cycle of the powers and
// which powers are in P), then searches the images of the generators among the elements of r
// with the same invariants, extending each choice to the submonoid it generates and giving
// it up at the first product or P-membership that disagrees. Monoids with few generators, or
// whose elements the invariants tell apart, take O(N × len(gens)) steps; the search is
// exponential in the number of generators only when many elements share the invariants of
// each.
func Isomorphic(q, r *Monoid, gens []int, spend func(w int64) bool) bool {
	if q.N != r.N {
		return false
	}
	sq, sr := signatures(q), signatures(r)
	if !slices.Equal(sortedSigs(sq), sortedSigs(sr)) {
		return false
	}
	s := &isoSearch{q: q, r: r, gens: gens, sq: sq, sr: sr, spend: spend}
	s.f = make([]int, q.N)
	s.inv = make([]int, r.N)
	for i := range s.f {
		s.f[i], s.inv[i] = -1, -1
	}
	s.f[0], s.inv[0] = 0, 0
	return s.assign(0, []int{0}) && !s.stopped
}

// An isoSignature is what an isomorphism keeps of an element x: whether x is in P, the index
// and period of its powers, and which of x, x^2, ... x^(index+period) are in P.
type isoSignature struct {
	p             bool
	index, period int
	powersP       string
}

// signatures returns the signature of each element of m.
func signatures(m *Monoid) []isoSignature {
	sigs := make([]isoSignature, m.N)
	seen := make([]int, m.N)
	for i := range seen {
		seen[i] = -1
	}
	var visited []int
	for x := range m.N {
		for _, y := range visited {
			seen[y] = -1
		}
		visited = visited[:0]
		pp := []byte{}
		y, k := x, 1
		for seen[y] < 0 {
			seen[y] = k
			visited = append(visited, y)
			if m.P[y] {
				pp = append(pp, 'P')
			} else {
				pp = append(pp, 'N')
			}
			y, k = m.Times(y, x), k+1
		}
		sigs[x] = isoSignature{p: m.P[x], index: seen[y], period: k - seen[y], powersP: string(pp)}
	}
	return sigs
}

// sortedSigs returns sigs as sorted text, to compare two multisets.
func sortedSigs(sigs []isoSignature) []string {
	out := make([]string, len(sigs))
	for i, s := range sigs {
		out[i] = strconv.FormatBool(s.p) + " " + strconv.Itoa(s.index) + " " + strconv.Itoa(s.period) + " " + s.powersP
	}
	slices.Sort(out)
	return out
}

// An isoSearch searches an isomorphism f from q to r, with inv its inverse so far, by the
// images of q's generators.
type isoSearch struct {
	q, r    *Monoid
	gens    []int // q's generators, as elements
	sq, sr  []isoSignature
	f, inv  []int // -1 where not yet mapped
	spend   func(int64) bool
	stopped bool // spend returned false
}

// assign tries each image of generator k that fits, given the map on the elements reached
// (the submonoid of the generators before k), and reports whether one extends to an
// isomorphism. It leaves f and inv as they were when it fails.
func (s *isoSearch) assign(k int, reached []int) bool {
	if k == len(s.gens) {
		return len(reached) == s.q.N
	}
	g := s.gens[k]
	if s.f[g] >= 0 { // g is a product of the generators before it
		return s.assign(k+1, reached)
	}
	for c := range s.r.N {
		if s.inv[c] >= 0 || s.sq[g] != s.sr[c] {
			continue
		}
		if next, ok := s.extend(k, c, reached); ok {
			if s.assign(k+1, next) {
				return true
			}
			s.undo(next[len(reached):])
		}
		if s.stopped {
			return false
		}
	}
	return false
}

// extend maps generator k to c and then every product of the elements reached by the
// generators up to k, checking each product and P-membership against r; it returns the
// elements reached, those before first, and false (with f and inv restored) on a clash or
// when spend stops it.
func (s *isoSearch) extend(k, c int, reached []int) ([]int, bool) {
	q, r := s.q, s.r
	g := s.gens[k]
	list := slices.Clone(reached)
	s.f[g], s.inv[c] = c, g
	list = append(list, g)
	for i := 0; i < len(list); i++ {
		x := list[i]
		for _, h := range s.gens[:k+1] {
			if !s.spend(1) {
				s.stopped = true
				s.undo(list[len(reached):])
				return nil, false
			}
			y, fy := q.Times(x, h), r.Times(s.f[x], s.f[h])
			switch {
			case s.f[y] == fy:
			case s.f[y] < 0 && s.inv[fy] < 0 && q.P[y] == r.P[fy]:
				s.f[y], s.inv[fy] = fy, y
				list = append(list, y)
			default:
				s.undo(list[len(reached):])
				return nil, false
			}
		}
	}
	return list, true
}

// undo forgets the images of xs.
func (s *isoSearch) undo(xs []int) {
	for _, x := range xs {
		s.inv[s.f[x]], s.f[x] = -1, -1
	}
}
