package kayles

import (
	"context"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// presentCases are quotients small enough to check by brute force over their words.
var presentCases = []struct {
	code string
	n    int
}{{"0.[3]", 3}, {"0.75", 30}, {"0.07", 12}, {"0.77", 40}, {"0.15", 20}}

// wordCube is the finite monoid F_C of the exponent vectors of q's generators, each exponent
// counted in a cycle g^(i+e+p) = g^(i+e) of that generator's powers, where g^(i+p) = g^i in q
// and e >= 0 is extra: a quotient of the free commutative monoid by relations that hold in
// q. With e = 1 the cycles are weaker than q's own, so that F_C can tell apart the two sides
// of a relation g^(i+p) = g^i.
type wordCube struct {
	q      *Quotient
	gens   []int // the generators' elements
	lens   []int // i+p
	pers   []int // p
	stride []int
	size   int
}

func newWordCube(t *testing.T, q *Quotient, extra int) *wordCube {
	c := &wordCube{q: q, size: 1}
	for _, h := range q.Generators() {
		g, ok := q.Class(h)
		require.True(t, ok)
		seen := map[int]int{}
		x := 0
		for k := 0; ; k++ {
			if i, ok := seen[x]; ok {
				c.lens, c.pers = append(c.lens, k+extra), append(c.pers, k-i)
				break
			}
			seen[x] = k
			x = q.Mul(x, g)
		}
		c.gens = append(c.gens, g)
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

// value returns the element of q that word w is.
func (c *wordCube) value(w []int) int {
	x := 0
	for k, e := range w {
		for range e {
			x = c.q.Mul(x, c.gens[k])
		}
	}
	return x
}

// presented returns the order of F_C modulo the congruence that rels generate: the classes of
// the equivalence that joins w·lhs and w·rhs for every word w and relation. When it exceeds
// Order(), rels do not present q (F_C/rels is a quotient of the monoid they present).
func (c *wordCube) presented(rels []relation) int {
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
				a[k] += r.lhs[k]
				b[k] += r.rhs[k]
			}
			if x, y := find(c.cell(a)), find(c.cell(b)); x != y {
				parent[x] = y
				classes--
			}
		}
	}
	return classes
}

// TestPresentationR8: the presentation of 0.75 is Plambeck's R8 word for word, as published
// in T. E. Plambeck, "Taming the wild in impartial combinatorial games", INTEGERS 5 (2005)
// G05, and Plambeck & Siegel, "Misère quotients for impartial games", JCTA 115 (2008):
// R8 = <a, b, c | a^2 = 1, b^3 = b, bc = ab, c^2 = b^2>, P-portion {a, b^2}. Misère Nim to
// heap 3 is T2 = <a, b | a^2 = 1, b^3 = b> (same sources).
func TestPresentationR8(t *testing.T) {
	q, err := freshOctal("0.75").Quotient(context.Background(), 30)
	require.NoError(t, err)
	assert.Equal(t, []string{"a^2 = 1", "b^3 = b", "bc = ab", "c^2 = b^2"}, q.Relations())
	assert.True(t, strings.HasPrefix(q.Presentation(), "<a, b, c | a^2 = 1, b^3 = b, bc = ab, c^2 = b^2>\n"+
		"generators: a=1 b=2 c=5\nP-portion: {a, b^2}\n"), q.Presentation())
	// b^3 = b follows from the others (b^3 = bc^2 = abc = a^2b = b): the independent set
	// leaves it out.
	assert.Equal(t, []string{"a^2 = 1", "bc = ab", "c^2 = b^2"}, q.IndependentRelations())
	t2, err := Nim.Quotient(context.Background(), 3)
	require.NoError(t, err)
	assert.Equal(t, []string{"a^2 = 1", "b^3 = b"}, t2.Relations())
}

// TestPresentationKaylesWords: the normal forms are MisereSolver's, the least word in the
// order that compares the last generator's exponent first (MisereSolver's Word.compareTo in
// CGSuite's org.cgsuite.core.misere.solver): Kayles heaps 21 and 28 are b^2c and ab^2c, which
// the shortest-word order wrote acf and cf, and the relation c^2f = ab^2 of that order is gone.
func TestPresentationKaylesWords(t *testing.T) {
	q, err := freshOctal("0.77").Quotient(context.Background(), 40)
	require.NoError(t, err)
	x21, _ := q.Class(21)
	x28, _ := q.Class(28)
	assert.Equal(t, "b^2c", q.Word(x21))
	assert.Equal(t, "ab^2c", q.Word(x28))
	assert.NotContains(t, q.Relations(), "c^2f = ab^2")
	assert.Contains(t, q.Relations(), "cf = ab^2c")
}

// TestPresentationNormalForms checks every normal form against brute force (the least word of
// each element over all words of the cube, in MisereSolver's order), and that the relations
// are MisereSolver's: each left side a word that is not a normal form while its divisors are,
// equal to its right side, a normal form, and every such word a left side.
func TestPresentationNormalForms(t *testing.T) {
	for _, tc := range presentCases {
		q, err := freshOctal(tc.code).Quotient(context.Background(), tc.n)
		require.NoError(t, err, tc.code)
		c := newWordCube(t, q, 0)
		least := make([][]int, q.Order())
		for u := range c.size {
			w := c.vec(u)
			if x := c.value(w); least[x] == nil || compareNormal(w, least[x]) < 0 {
				least[x] = w
			}
		}
		normal := map[string]bool{}
		for x := range q.Order() {
			assert.Equal(t, wordText(least[x]), q.Word(x), "%s element %d", tc.code, x)
			normal[wordText(least[x])] = true
		}
		lefts := map[string]bool{}
		for _, r := range q.relations() {
			assert.Equal(t, c.value(r.lhs), c.value(r.rhs), tc.code)
			assert.True(t, normal[wordText(r.rhs)], tc.code)
			lefts[wordText(r.lhs)] = true
		}
		for u := range c.size {
			w := c.vec(u)
			if normal[wordText(w)] {
				continue
			}
			minimal := true
			for k := range w {
				if w[k] > 0 {
					w[k]--
					minimal = minimal && normal[wordText(w)]
					w[k]++
				}
			}
			assert.Equal(t, minimal, lefts[wordText(w)], "%s %s", tc.code, wordText(w))
		}
		assert.True(t, slices.IsSortedFunc(q.relations(), func(r, s relation) int { return compareNormal(r.lhs, s.lhs) }))
	}
}

// TestIndependentRelations: the relations and the independent subset both present the
// quotient (the cube modulo them has Order() elements), and without any one relation of the
// independent subset the cube has more: no relation follows from the others.
func TestIndependentRelations(t *testing.T) {
	for _, tc := range presentCases {
		q, err := freshOctal(tc.code).Quotient(context.Background(), tc.n)
		require.NoError(t, err, tc.code)
		c := newWordCube(t, q, 1)
		all := q.relations()
		assert.Equal(t, q.Order(), c.presented(all), tc.code)
		ind := minimizeRelations(q.relations())
		assert.Equal(t, relationText(ind), q.IndependentRelations())
		assert.Equal(t, q.Order(), c.presented(ind), tc.code)
		for i := range ind {
			others := slices.Concat(ind[:i], ind[i+1:])
			assert.Greater(t, c.presented(others), q.Order(), "%s: %s follows from the others",
				tc.code, relationText(ind[i : i+1])[0])
		}
		t.Logf("%s: %d relations, %d independent: %v", tc.code, len(all), len(ind), relationText(ind))
	}
}
