package monoid

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// doubled returns m × {1, t} with t^2 = 1, element (x, s) numbered 2x+s, and (x, s) in P
// exactly when x is: its reduction is m again.
func doubled(m *Monoid) *Monoid {
	n := 2 * m.N
	d := &Monoid{N: n, Mul: make([]int32, n*n), P: make([]bool, n)}
	for u := range n {
		d.P[u] = m.P[u/2]
		for v := range n {
			d.Mul[u*n+v] = int32(2*m.Times(u/2, v/2) + (u%2+v%2)%2)
		}
	}
	return d
}

// TestReduce: a quotient is reduced already, and m × Z2 with a P-portion that ignores Z2
// reduces to a monoid isomorphic to m, each pair (x, s) in the class of x.
func TestReduce(t *testing.T) {
	for _, s := range samples(t) {
		m := s.m
		gens := make([]int32, len(s.gens))
		for i, g := range s.gens {
			gens[i] = int32(g)
		}
		r, _ := Reduce(m, gens)
		assert.Equal(t, m.N, r.N, s.code)
		d := doubled(m)
		dgens := []int32{1}
		for _, g := range gens {
			dgens = append(dgens, 2*g)
		}
		assert.Len(t, Generated(d, dgens), d.N, s.code)
		r, cls := Reduce(d, dgens)
		require.Equal(t, m.N, r.N, s.code)
		for x := range m.N {
			assert.Equal(t, cls[2*x], cls[2*x+1], s.code)
		}
		rgens := make([]int, len(gens))
		for i, g := range gens {
			rgens[i] = int(cls[2*g])
		}
		assert.True(t, Isomorphic(r, m, rgens, always), s.code)
		assert.Len(t, Generated(d, []int32{1}), 2, s.code)
	}
}

// TestLeastAndGradedWords: the words of LeastWords and GradedWords are words of their
// elements, and none in the cube of the generators' cycles weighs less, or comes first in
// the graded order; GradedWords lists the elements in that order.
func TestLeastAndGradedWords(t *testing.T) {
	for _, s := range samples(t) {
		m, c := s.m, newWordCube(t, s, 0)
		gens := make([]int32, len(s.gens))
		weights := make([]int, len(s.gens))
		for i, g := range s.gens {
			gens[i], weights[i] = int32(g), i+1
		}
		weight := func(w []int) int {
			n := 0
			for k, e := range w {
				n += e * weights[k]
			}
			return n
		}
		least := LeastWords(m, weights, gens)
		order, graded := GradedWords(m, gens)
		require.Len(t, order, m.N, s.code)
		for i := 1; i < len(order); i++ {
			assert.Negative(t, CompareGraded(graded[order[i-1]], graded[order[i]]), s.code)
		}
		for x := range m.N {
			assert.Equal(t, x, c.value(least[x]), s.code)
			assert.Equal(t, x, c.value(graded[x]), s.code)
		}
		for u := range c.size {
			w := c.vec(u)
			x := c.value(w)
			assert.GreaterOrEqual(t, weight(w), weight(least[x]), "%s %s", s.code, Text(w))
			assert.GreaterOrEqual(t, CompareGraded(w, graded[x]), 0, "%s %s", s.code, Text(w))
		}
	}
}
