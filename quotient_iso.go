package kayles

import (
	"context"
	"slices"
	"strconv"
)

// This file implements the isomorphism test of misère quotients as bipartite monoids.

// isoUnit is what the isomorphism search counts, as a LimitError names it.
const isoUnit = "isomorphism steps"

// Isomorphic reports whether q and r are isomorphic as bipartite monoids (Plambeck & Siegel
// 2008): whether some bijection f from q to r keeps products, f(xy) = f(x)f(y), and the
// P-portion, x in P exactly when f(x) is. The names of the generators, the numbering of the
// elements, the heaps and the game do not matter: the quotients of two games can be
// isomorphic (every quotient of order 8 is R8, Siegel 2007). A nil r is the zero Quotient,
// which is isomorphic only to itself.
//
// It compares invariants of the elements first (membership of P, the cycle of the powers
// and which powers are in P, idempotence), then searches the images of q's generators among
// the elements of r with the same invariants, extending each choice to the submonoid it
// generates and giving it up at the first product or P-membership that disagrees. Each
// product it checks is a step; it takes at most the Limits.Steps of q's game (the default
// limits for the zero Quotient) and returns a [*LimitError] past them, and it stops with ctx.
// Quotients with few generators, or whose elements the invariants tell apart, take
// O(Order() × generators) steps; the search is exponential in the number of generators only
// when many elements share the invariants of each. It is safe for concurrent use.
func (q *Quotient) Isomorphic(ctx context.Context, r *Quotient) (bool, error) {
	if r == nil {
		r = &Quotient{}
	}
	if q.order != r.order || len(q.PPortion()) != len(r.PPortion()) {
		return false, nil
	}
	if q.order == 0 {
		return true, nil
	}
	limit := int64(DefaultSteps)
	if q.game != nil {
		limit = q.game.Limits().Steps
	}
	b := newBudget(ctx, limit, isoUnit, func() string {
		return "whether the quotients of " + q.Code() + " to heap " + strconv.Itoa(q.heaps) +
			" and of " + r.Code() + " to heap " + strconv.Itoa(r.heaps) + " are isomorphic"
	})
	if b.done() || !b.spend(2*int64(q.order)) {
		return false, b.err
	}
	sq, sr := q.signatures(), r.signatures()
	if !slices.Equal(sortedSigs(sq), sortedSigs(sr)) {
		return false, nil
	}
	var gens []int
	for _, h := range q.gens {
		gens = append(gens, int(q.phi[h]))
	}
	s := &isoSearch{q: q, r: r, gens: gens, sq: sq, sr: sr, b: b}
	s.f = make([]int, q.order)
	s.inv = make([]int, r.order)
	for i := range s.f {
		s.f[i], s.inv[i] = -1, -1
	}
	s.f[0], s.inv[0] = 0, 0
	found := s.assign(0, []int{0})
	if b.err != nil {
		return false, b.err
	}
	return found, nil
}

// An isoSignature is what an isomorphism keeps of an element x: whether x is in P, the index
// and period of its powers, which of x, x^2, ... x^(index+period) are in P, and whether x is
// idempotent.
type isoSignature struct {
	p             bool
	index, period int
	powersP       string
}

// signatures returns the signature of each element of q.
func (q *Quotient) signatures() []isoSignature {
	sigs := make([]isoSignature, q.order)
	seen := make([]int, q.order)
	for i := range seen {
		seen[i] = -1
	}
	var visited []int
	for x := range q.order {
		for _, y := range visited {
			seen[y] = -1
		}
		visited = visited[:0]
		pp := []byte{}
		y, k := x, 1
		for seen[y] < 0 {
			seen[y] = k
			visited = append(visited, y)
			if q.pset[y] {
				pp = append(pp, 'P')
			} else {
				pp = append(pp, 'N')
			}
			y, k = q.Mul(y, x), k+1
		}
		sigs[x] = isoSignature{p: q.pset[x], index: seen[y], period: k - seen[y], powersP: string(pp)}
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
	q, r   *Quotient
	gens   []int // q's generators, as elements
	sq, sr []isoSignature
	f, inv []int // -1 where not yet mapped
	b      *budget
}

// assign tries each image of generator k that fits, given the map on the elements reached
// (the submonoid of the generators before k), and reports whether one extends to an
// isomorphism. It leaves f and inv as they were when it fails.
func (s *isoSearch) assign(k int, reached []int) bool {
	if k == len(s.gens) {
		return len(reached) == s.q.order
	}
	g := s.gens[k]
	if s.f[g] >= 0 { // g is a product of the generators before it
		return s.assign(k+1, reached)
	}
	for c := range s.r.order {
		if s.inv[c] >= 0 || s.sq[g] != s.sr[c] {
			continue
		}
		if next, ok := s.extend(k, c, reached); ok {
			if s.assign(k+1, next) {
				return true
			}
			s.undo(next[len(reached):])
		}
		if s.b.err != nil {
			return false
		}
	}
	return false
}

// extend maps generator k to c and then every product of the elements reached by the
// generators up to k, checking each product and P-membership against r; it returns the
// elements reached, those before first, and false (with f and inv restored) on a clash.
func (s *isoSearch) extend(k, c int, reached []int) ([]int, bool) {
	q, r := s.q, s.r
	g := s.gens[k]
	list := slices.Clone(reached)
	s.f[g], s.inv[c] = c, g
	list = append(list, g)
	for i := 0; i < len(list); i++ {
		x := list[i]
		for _, h := range s.gens[:k+1] {
			if !s.b.spend(1) {
				s.undo(list[len(reached):])
				return nil, false
			}
			y, fy := q.Mul(x, h), r.Mul(s.f[x], s.f[h])
			switch {
			case s.f[y] == fy:
			case s.f[y] < 0 && s.inv[fy] < 0 && q.pset[y] == r.pset[fy]:
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
