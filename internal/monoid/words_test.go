package monoid

import (
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// A wordCube is the finite monoid F_C of the exponent vectors of the generators of a sample,
// each exponent counted in a cycle g^(i+e+p) = g^(i+e) of that generator's powers, where
// g^(i+p) = g^i in the monoid and e >= 0 is extra: a quotient of the free commutative monoid
// by relations that hold in the monoid. With e = 1 the cycles are weaker than the monoid's
// own, so that F_C can tell apart the two sides of a relation g^(i+p) = g^i.
type wordCube struct {
	s      sample
	lens   []int // i+p
	pers   []int // p
	stride []int
	size   int
}

func newWordCube(t *testing.T, s sample, extra int) *wordCube {
	c := &wordCube{s: s, size: 1}
	for _, g := range s.gens {
		seen := map[int]int{}
		x := 0
		for k := 0; ; k++ {
			if i, ok := seen[x]; ok {
				c.lens, c.pers = append(c.lens, k+extra), append(c.pers, k-i)
				break
			}
			seen[x] = k
			x = s.m.Times(x, g)
		}
		c.stride = append(c.stride, c.size)
		c.size *= c.lens[len(c.lens)-1]
	}
	require.LessOrEqual(t, c.size, 1<<20)
	return c
}

// vec and cell convert between a cell and its exponents.
func (c *wordCube) vec(u int) []int {
	w := make([]int, len(c.lens))
	for k := range w {
		w[k] = u / c.stride[k] % c.lens[k]
	}
	return w
}

func (c *wordCube) cell(w []int) int {
	u := 0
	for k, e := range w {
		if l := c.lens[k]; e >= l {
			i := l - c.pers[k]
			e = i + (e-i)%c.pers[k]
		}
		u += e * c.stride[k]
	}
	return u
}

// value returns the element that word w is.
func (c *wordCube) value(w []int) int {
	x := 0
	for k, e := range w {
		for range e {
			x = c.s.m.Times(x, c.s.gens[k])
		}
	}
	return x
}

// presented returns the order of F_C modulo the congruence that rels generate: the classes of
// the equivalence that joins w·lhs and w·rhs for every word w and relation. When it exceeds
// the order of the monoid, rels do not present it (F_C/rels is a quotient of the monoid they
// present).
func (c *wordCube) presented(rels []Relation) int {
	parent := make([]int, c.size)
	for u := range parent {
		parent[u] = u
	}
	find := func(u int) int {
		for parent[u] != u {
			parent[u] = parent[parent[u]]
			u = parent[u]
		}
		return u
	}
	classes := c.size
	for _, r := range rels {
		for u := range c.size {
			w := c.vec(u)
			a, b := slices.Clone(w), slices.Clone(w)
			for k := range w {
				a[k] += r.LHS[k]
				b[k] += r.RHS[k]
			}
			if x, y := find(c.cell(a)), find(c.cell(b)); x != y {
				parent[x] = y
				classes--
			}
		}
	}
	return classes
}

// TestNormalWords checks every normal form against brute force (the least word of each
// element over all words of the cube, in MisereSolver's order), and that the relations are
// MisereSolver's: each left side a word that is not a normal form while its divisors are,
// equal to its right side, a normal form, and every such word a left side.
func TestNormalWords(t *testing.T) {
	for _, s := range samples(t) {
		m := s.m
		c := newWordCube(t, s, 0)
		least := make([][]int, m.N)
		for u := range c.size {
			w := c.vec(u)
			if x := c.value(w); least[x] == nil || CompareNormal(w, least[x]) < 0 {
				least[x] = w
			}
		}
		words := NormalWords(m.N, m.Times, s.gens)
		normal := map[string]bool{}
		for x := range m.N {
			assert.Equal(t, Text(least[x]), Text(words[x]), "%s element %d", s.code, x)
			normal[Text(least[x])] = true
		}
		rels := Relations(words, s.gens, m.Times)
		lefts := map[string]bool{}
		for _, r := range rels {
			assert.Equal(t, c.value(r.LHS), c.value(r.RHS), s.code)
			assert.True(t, normal[Text(r.RHS)], s.code)
			lefts[Text(r.LHS)] = true
		}
		for u := range c.size {
			w := c.vec(u)
			if normal[Text(w)] {
				continue
			}
			minimal := true
			for k := range w {
				if w[k] > 0 {
					w[k]--
					minimal = minimal && normal[Text(w)]
					w[k]++
				}
			}
			assert.Equal(t, minimal, lefts[Text(w)], "%s %s", s.code, Text(w))
		}
		assert.True(t, slices.IsSortedFunc(rels, func(r, s Relation) int { return CompareNormal(r.LHS, s.LHS) }))
	}
}

// TestText: words as MisereSolver writes them, generators past z apart by spaces.
func TestText(t *testing.T) {
	assert.Equal(t, "1", Text([]int{0, 0}))
	assert.Equal(t, "ab^2", Text([]int{1, 2}))
	w := make([]int, 28)
	w[0], w[26], w[27] = 1, 2, 1
	assert.Equal(t, "a g26^2 g27", Text(w))
	assert.Equal(t, "z", GenName(25))
}

// TestCompareGraded: shorter words first, then more of the earlier generators.
func TestCompareGraded(t *testing.T) {
	words := [][]int{{0, 1, 1}, {2, 1, 0}, {1, 0, 0}, {1, 2, 0}, {1, 1, 0}}
	slices.SortFunc(words, CompareGraded)
	var got []string
	for _, w := range words {
		got = append(got, Text(w))
	}
	assert.Equal(t, []string{"a", "ab", "bc", "a^2b", "ab^2"}, got)
}
