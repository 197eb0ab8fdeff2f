package monoid

import (
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// isomorphicSlow tries every bijection fixing the identity: the obviously correct test, for
// orders up to 8.
func isomorphicSlow(q, r *Monoid) bool {
	if q.N != r.N {
		return false
	}
	perm := make([]int, q.N)
	for i := range perm {
		perm[i] = i
	}
	var try func(k int) bool
	try = func(k int) bool {
		if k == len(perm) {
			for x := range q.N {
				if q.P[x] != r.P[perm[x]] {
					return false
				}
				for y := range q.N {
					if perm[q.Times(x, y)] != r.Times(perm[x], perm[y]) {
						return false
					}
				}
			}
			return true
		}
		for i := k; i < len(perm); i++ {
			perm[k], perm[i] = perm[i], perm[k]
			if try(k + 1) {
				return true
			}
			perm[k], perm[i] = perm[i], perm[k]
		}
		return false
	}
	return try(1)
}

// TestIsomorphicRenumbered: a monoid is isomorphic to itself under any renaming of its
// elements, and, for the small ones, the answer for every other P-portion of the same size
// is that of trying every bijection.
func TestIsomorphicRenumbered(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for _, s := range samples(t)[:5] {
		m := s.m
		for range 5 {
			perm := append([]int{0}, rng.Perm(m.N-1)...)
			for i := 1; i < len(perm); i++ {
				perm[i]++
			}
			r := renumbered(m, perm)
			rgens := make([]int, len(s.gens))
			for i, g := range s.gens {
				rgens[i] = perm[g]
			}
			assert.True(t, Isomorphic(m, r, s.gens, always), s.code)
			assert.True(t, Isomorphic(r, m, rgens, always), s.code)
		}
		if m.N > 8 {
			continue
		}
		// Every P-portion of the same size on the same monoid.
		size := 0
		for _, p := range m.P {
			if p {
				size++
			}
		}
		for mask := range 1 << m.N {
			r := &Monoid{N: m.N, Mul: m.Mul, P: make([]bool, m.N)}
			n := 0
			for x := range r.P {
				r.P[x] = mask>>x&1 == 1
				if r.P[x] {
					n++
				}
			}
			if n != size {
				continue
			}
			assert.Equal(t, isomorphicSlow(m, r), Isomorphic(m, r, s.gens, always), "%s with P-portion %b", s.code, mask)
		}
	}
}

// TestIsomorphicOrder12: 0.124 is <a, b, c | a^2 = 1, b^4 = b^2, b^2c = ab^3, c^2 = 1> and
// 0.34 the same with b^2c = b^3: renaming c to ac turns one into the other. 0.044 is
// <a, b, c | a^2 = 1, b^3 = b, c^2 = 1>: no element's powers have index 2, as b's do in 0.124.
func TestIsomorphicOrder12(t *testing.T) {
	q124, q34, q044 := sampleOf(t, "0.124"), sampleOf(t, "0.34"), sampleOf(t, "0.044")
	assert.True(t, Isomorphic(q124.m, q34.m, q124.gens, always))
	assert.True(t, Isomorphic(q34.m, q124.m, q34.gens, always))
	assert.False(t, Isomorphic(q044.m, q124.m, q044.gens, always))
	assert.False(t, Isomorphic(q044.m, sampleOf(t, "0.75").m, q044.gens, always))
}

// TestIsomorphicSpend: each product checked is spent, and the search stops with false at the
// first spend that says no.
func TestIsomorphicSpend(t *testing.T) {
	s := sampleOf(t, "0.77")
	r := renumbered(s.m, append([]int{0}, rangePerm(s.m.N)...))
	var spent int64
	require.True(t, Isomorphic(s.m, r, s.gens, func(w int64) bool { spent += w; return true }))
	assert.GreaterOrEqual(t, spent, int64(s.m.N))
	calls := 0
	assert.False(t, Isomorphic(s.m, r, s.gens, func(int64) bool { calls++; return calls < 10 }))
	assert.Equal(t, 10, calls)
}

// rangePerm returns 2, 3, ..., n-1, 1: a renaming of the elements other than the identity.
func rangePerm(n int) []int {
	out := make([]int, 0, n-1)
	for x := 2; x < n; x++ {
		out = append(out, x)
	}
	return append(out, 1)
}
