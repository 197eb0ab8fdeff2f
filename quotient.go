package kayles

import (
	"context"
	"slices"
	"strconv"
	"strings"

	mono "github.com/octalgames/kayles/internal/monoid"
)

// This file implements misère quotients (Plambeck 2005; Plambeck & Siegel 2008), the finite
// commutative monoids that decide misère play of every sum of heaps up to a size: the type and
// what a researcher reads off it (order, P-portion, Φ, kernel, tameness, the presentation in
// MisereSolver's style: normal-form words and relations, and isomorphism). The algebra that
// needs no game (words, relations, isomorphism, reduction, T_r) is in internal/monoid. The
// construction is in quotient_build.go, quotient_grow.go, quotient_words.go, quotient_tame.go
// and quotient_verify.go, play in quotient_play.go and the text form in quotientconv.go.

// A Quotient is the misère quotient Q_n of a rule set restricted to heaps of at most n tokens:
// A_n is the set of all sums of such heaps, two positions G and H of A_n are indistinguishable
// when G+X and H+X have the same misère outcome for every X in A_n, and Q_n is the set of
// classes, a finite commutative monoid whose product is the sum of positions. Φ maps each heap
// to its class, and the P-portion is the set of classes of the misère P-positions, so that a
// position is a misère P-position exactly when the product of its heaps' classes lies in it.
//
// Elements are numbered 0 to Order()-1, 0 being the identity (the class of the empty position
// and of every heap with no move), in the order of their shortest words: fewer generators
// first, then alphabetically (a numbering that the text form keeps; [Quotient.Word] gives
// the normal form that MisereSolver prints, which may be longer). Generators are named a, b, c, ... (after z: g26, g27, ...) in the
// order of the heaps where the quotient grew.
//
// A Quotient is immutable and safe for concurrent use. The zero Quotient is empty: it belongs
// to no game ([Quotient.Code] is ""), has no elements and covers no position, so that
// [Quotient.Outcome] and [Quotient.WinningMoves] return a [*RangeError] and
// [Quotient.MarshalText] an error; [Octal.Quotient] and [ParseQuotient] make the others.
type Quotient struct {
	game    *Octal
	heaps   int     // the quotient is Q_heaps
	order   int     // the number of elements
	mul     []int32 // mul[x*order+y] = xy
	pset    []bool  // pset[x]: x is in the P-portion
	phi     []int32 // phi[h] = Φ(h) for 0 <= h <= heaps
	gens    []int   // the heaps that are the generators a, b, c, ..., ascending
	words   [][]int // words[x][i]: the exponent of generator i in the normal form of x
	pre     int     // the preperiod of Φ when periodic
	period  int     // the period of Φ when proven, 0 otherwise
	changes []Change
}

// A Change records a heap at which the quotient grew: Q_{Heap-1} had fewer elements than
// Q_Heap, which has Order. The zero Change names no heap.
type Change struct {
	Heap  int // the heap whose class is a new generator
	Order int // the order of Q_Heap
}

// Code returns the canonical code of the game whose quotient q is ("" for the zero Quotient).
func (q *Quotient) Code() string {
	if q.game == nil {
		return ""
	}
	return q.game.String()
}

// elem reports whether x is an element of q.
func (q *Quotient) elem(x int) bool { return 0 <= x && x < q.order }

// Heaps returns n for the quotient Q_n of the heaps of at most n tokens. When [Quotient.Period]
// reports a period, Q_n is the quotient of the whole game.
func (q *Quotient) Heaps() int { return q.heaps }

// Order returns the number of elements of q.
func (q *Quotient) Order() int { return q.order }

// PPortion returns the elements of the P-portion, ascending.
func (q *Quotient) PPortion() []int {
	var ps []int
	for x, p := range q.pset {
		if p {
			ps = append(ps, x)
		}
	}
	return ps
}

// IsP reports whether element x is in the P-portion: false when x is not an element (0 <= x <
// Order()).
func (q *Quotient) IsP(x int) bool { return q.elem(x) && q.pset[x] }

// Mul returns the product xy, and -1 when x or y is not an element (0 <= x, y < Order()).
func (q *Quotient) Mul(x, y int) int {
	if !q.elem(x) || !q.elem(y) {
		return -1
	}
	return int(q.mul[x*q.order+y])
}

// Generators returns the heaps whose classes are the generators a, b, c, ..., ascending: each
// heap whose class is not a product of the classes of smaller heaps. They are the heaps at
// which the quotient grew, and, where a larger heap split the class of a smaller one, that
// smaller heap too.
func (q *Quotient) Generators() []int { return slices.Clone(q.gens) }

// Changes returns the heaps at which the quotient grew, with the order after each.
func (q *Quotient) Changes() []Change { return slices.Clone(q.changes) }

// Word returns the normal-form word of element x, such as "1", "a" or "ab^2", and "" when x
// is not an element (0 <= x < Order()). The normal form is MisereSolver's: the least word of
// x when words are compared by the exponent of the last generator, then of the one before it,
// and so on (so b^2c comes before acf).
func (q *Quotient) Word(x int) string {
	if !q.elem(x) {
		return ""
	}
	return mono.Text(q.words[x])
}

// Period returns the preperiod n0 >= 1 and the period p of Φ, and true, when they are proven
// within the heaps of q as [Octal.Quotient] explains; then q is the quotient of the whole game
// and [Quotient.Class] answers for every heap. Otherwise it returns 0, 0, false.
func (q *Quotient) Period() (n0, p int, ok bool) { return q.pre, q.period, q.period > 0 }

// Class returns Φ(h), the element of a heap of h, and true; false when h is negative or
// beyond the heaps of q and no period is proven.
func (q *Quotient) Class(h int) (int, bool) {
	if h < 0 || q.order == 0 {
		return 0, false
	}
	if h > q.heaps {
		if q.period == 0 {
			return 0, false
		}
		h = q.heaps - (q.period - 1 - (h-q.heaps-1)%q.period)
	}
	return int(q.phi[h]), true
}

// Idempotents returns the elements e with e·e = e, ascending.
func (q *Quotient) Idempotents() []int {
	var es []int
	for x := range q.order {
		if q.Mul(x, x) == x {
			es = append(es, x)
		}
	}
	return es
}

// Kernel returns the kernel of q: the group z·Q of the product z of all idempotents, as its
// elements ascending. It is isomorphic to the group of normal-play values of the heaps of q
// (Plambeck & Siegel 2008), heap h going to z·Φ(h); the tests check that this map is an
// isomorphism from the nim-values under XOR. It costs O(Order()).
func (q *Quotient) Kernel() []int {
	z := 0
	for _, e := range q.Idempotents() {
		z = q.Mul(z, e)
	}
	in := make([]bool, q.order)
	for x := range q.order {
		in[q.Mul(z, x)] = true
	}
	var k []int
	for y, ok := range in {
		if ok {
			k = append(k, y)
		}
	}
	return k
}

// Tame reports whether q is isomorphic, with its P-portion, to a quotient of misère Nim: Z2 =
// <a | a^2 = 1> with P-portion {a} (Nim's heaps of at most one token), or, for r >= 1,
//
//	T_r = <a, b_1, ..., b_r | a^2 = 1, b_i^3 = b_i, b_i^2 = b_j^2>, P-portion {a, b_1^2},
//
// of order 2^(r+1)+2 (misère Nim's heaps below 2^(r+1); T_1 is T2 of heaps up to 3). It
// checks an isomorphism in O(Order()): q must be {1, a} and its kernel K, with a^2 = 1, K an
// elementary abelian 2-group (x^2 = e for every x in K, e the identity of K), a·e ≠ e and
// P-portion {a, e}; such a monoid is T_r, as every non-identity element of K is like every
// other. The zero Quotient and the trivial one are not tame.
func (q *Quotient) Tame() bool {
	if q.order == 2 {
		return q.Mul(1, 1) == 0 && q.pset[1] && !q.pset[0]
	}
	_, ok := mono.Tame(q.alg())
	return ok
}

// Presentation returns q in MisereSolver's terms: the generators and the relations
// ([Quotient.Relations]), the generators' heaps, the P-portion as words and Φ of each heap as
// words ([Quotient.Word]); "" for the zero Quotient. It costs what Relations costs.
func (q *Quotient) Presentation() string {
	if q.order == 0 {
		return ""
	}
	var b strings.Builder
	q.presentationText(&b)
	b.WriteString("generators:")
	for i, g := range q.gens {
		b.WriteString(" " + mono.GenName(i) + "=" + strconv.Itoa(g))
	}
	b.WriteString("\nP-portion: {")
	for i, x := range q.PPortion() {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(q.Word(x))
	}
	b.WriteString("}\nphi:")
	for h := range q.phi {
		b.WriteString(" " + q.Word(int(q.phi[h])))
	}
	b.WriteString("\n")
	return b.String()
}

// alg returns the monoid of q, sharing its table.
func (q *Quotient) alg() *mono.Monoid { return &mono.Monoid{N: q.order, Mul: q.mul, P: q.pset} }

// relations returns the defining relations of q ([Quotient.Relations]).
func (q *Quotient) relations() []mono.Relation {
	return mono.Relations(q.words, q.genElems(), q.Mul)
}

// genElems returns the generators of q as elements.
func (q *Quotient) genElems() []int {
	els := make([]int, len(q.gens))
	for i, g := range q.gens {
		els[i] = int(q.phi[g])
	}
	return els
}

// Relations returns the defining relations of q as MisereSolver finds them, "word = word"
// such as "a^2 = 1" (MisereSolver writes a2=1, the papers a² = 1), in the order of their left
// sides (see [Quotient.Word]): each left side is a word that is not a normal form though its
// divisors all are, and the right side its normal form. For 0.75 they are Plambeck's R8,
// a^2 = 1, b^3 = b, bc = ab, c^2 = b^2. They rewrite every word to its normal form, and no
// left side divides another, but one relation may follow from the others (in R8, b^3 = bc^2 =
// abc = a^2b = b); [Quotient.IndependentRelations] leaves those out. It costs
// O(Order() × generators²) and returns nil for the zero Quotient.
func (q *Quotient) Relations() []string { return mono.RelationText(q.relations()) }

// IndependentRelations returns a subset of [Quotient.Relations] that still presents q, with
// the relations that follow from the others left out as far as a bounded search finds them:
// from the last, it leaves out each relation that a chain of the others, applied in either
// direction, derives through words whose exponents are at most one more than the largest in
// the relations (for 0.75: a^2 = 1, bc = ab, c^2 = b^2). The searches try at most 2^18
// rewritings in all (about 0.2 s at most); a relation not derived within that is kept, so on
// a large quotient a kept relation may still follow from the others (Kayles: 11 of 20 kept,
// each proven needed by the tests; Dawson's Kayles to heap 30: 70 of 74 kept, not all proven
// needed). It returns ctx's error once ctx is done, within about a millisecond. It is safe
// for concurrent use, and returns nil for the zero Quotient.
func (q *Quotient) IndependentRelations(ctx context.Context) ([]string, error) {
	rels, err := mono.Minimize(ctx, q.relations())
	if err != nil {
		return nil, err
	}
	return mono.RelationText(rels), nil
}

// presentationText writes the first line of [Quotient.Presentation]: <a, b, ... | relations>.
func (q *Quotient) presentationText(b *strings.Builder) {
	b.WriteString("<")
	for i := range q.gens {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(mono.GenName(i))
	}
	b.WriteString(" | ")
	b.WriteString(strings.Join(q.Relations(), ", "))
	b.WriteString(">\n")
}

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
	found := mono.Isomorphic(q.alg(), r.alg(), q.genElems(), b.spend)
	if b.err != nil {
		return false, b.err
	}
	return found, nil
}
