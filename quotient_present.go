package kayles

import (
	"slices"
	"strings"
)

// This file implements the presentation of a misère quotient as MisereSolver writes it
// (Plambeck & Siegel 2008; Siegel's MisereSolver, in CGSuite's org.cgsuite.core.misere.solver):
// the normal-form word of each element, the defining relations, and an independent subset.

// compareNormal orders words as MisereSolver does: by the exponent of the last generator,
// then of the one before it, and so on, fewer first. It is a monomial order (kept by
// multiplication), so b^2c comes before acf and ab^2c before cf.
func compareNormal(u, v []int) int {
	for i := len(u) - 1; i >= 0; i-- {
		if u[i] != v[i] {
			return u[i] - v[i]
		}
	}
	return 0
}

// normalWords returns the least word of each element of q in the order of compareNormal,
// over the generators gens (their elements). It walks the words in that order, the exponent
// of the last generator outermost, and stops raising an exponent as soon as the product
// reaches an element that already has a word: every extension of that word then has a
// smaller word, as the order is kept by multiplication. So each element is reached first
// by its least word, and the walk visits O(Order() × generators) words.
func normalWords(order int, mul func(x, y int) int, gens []int) [][]int {
	words := make([][]int, order)
	cur := make([]int, len(gens))
	var walk func(x, k int)
	walk = func(x, k int) {
		if k < 0 {
			words[x] = slices.Clone(cur)
			return
		}
		for {
			walk(x, k-1)
			x = mul(x, gens[k])
			cur[k]++
			if words[x] != nil {
				break
			}
		}
		cur[k] = 0
	}
	if order > 0 {
		walk(0, len(gens)-1)
	}
	return words
}

// A relation is a defining relation lhs = rhs of a quotient, as exponent vectors.
type relation struct{ lhs, rhs []int }

// presentWork bounds the rewritings that the search for redundant relations tries in all, so
// that [Quotient.IndependentRelations] costs at most about 0.2 s on any quotient (0.7 s with
// 2^20 on Dawson's Kayles to heap 30, 360 elements and 74 relations, on the project's machine).
const presentWork = 1 << 18

// relations returns the defining relations of q as MisereSolver finds them: each word that is
// not a normal form but whose divisors all are, equal to its normal form, in the order of
// compareNormal. They are a complete rewriting system for q: a word is brought to its normal
// form by replacing left sides with right sides.
func (q *Quotient) relations() []relation {
	if q.order == 0 {
		return nil
	}
	normal := map[string]int{}
	for x, w := range q.words {
		normal[wordKey(w)] = x
	}
	isNormal := func(w []int) bool { _, ok := normal[wordKey(w)]; return ok }
	var rels []relation
	seen := map[string]bool{}
	for x, w := range q.words {
		for i, g := range q.gens {
			u := slices.Clone(w)
			u[i]++
			if k := wordKey(u); isNormal(u) || seen[k] {
				continue
			} else {
				seen[k] = true
			}
			minimal := true
			for j := range u {
				if u[j] > 0 {
					u[j]--
					minimal = minimal && isNormal(u)
					u[j]++
				}
			}
			if minimal {
				y := q.Mul(x, int(q.phi[g]))
				rels = append(rels, relation{lhs: u, rhs: q.words[y]})
			}
		}
	}
	slices.SortFunc(rels, func(r, s relation) int { return compareNormal(r.lhs, s.lhs) })
	return rels
}

// wordKey is a map key of a word.
func wordKey(w []int) string {
	b := make([]byte, 0, 2*len(w))
	for _, e := range w {
		b = append(b, byte(e), byte(e>>8))
	}
	return string(b)
}

// minimizeRelations drops from rels, from the last, each relation that the others imply: a
// relation u = v is implied when a chain of the other relations, applied in either direction
// to words with no exponent above the largest that a relation has, plus one, leads from u to
// v. The searches try at most presentWork rewritings in all; a relation whose search is cut
// short is kept.
func minimizeRelations(rels []relation) []relation {
	if len(rels) == 0 {
		return rels
	}
	box := make([]int, len(rels[0].lhs))
	for _, r := range rels {
		for k := range box {
			box[k] = max(box[k], r.lhs[k]+1, r.rhs[k]+1)
		}
	}
	work := presentWork
	for i := len(rels) - 1; i >= 0 && work > 0; i-- {
		others := slices.Concat(rels[:i], rels[i+1:])
		if implied(rels[i], others, box, &work) {
			rels = others
		}
	}
	return rels
}

// implied reports whether a chain of the relations others, applied in either direction to
// words within box, leads from r.lhs to r.rhs, trying at most about *work rewritings (it
// subtracts those it tries).
func implied(r relation, others []relation, box []int, work *int) bool {
	target := wordKey(r.rhs)
	seen := map[string]bool{wordKey(r.lhs): true}
	queue := [][]int{r.lhs}
	for len(queue) > 0 && *work > 0 {
		x := queue[0]
		queue = queue[1:]
		*work -= 1 + len(others)
		for _, s := range others {
			for _, side := range [2][2][]int{{s.lhs, s.rhs}, {s.rhs, s.lhs}} {
				y, ok := rewrite(x, side[0], side[1], box)
				if !ok {
					continue
				}
				k := wordKey(y)
				if k == target {
					return true
				}
				if !seen[k] {
					seen[k] = true
					queue = append(queue, y)
				}
			}
		}
	}
	return false
}

// rewrite returns x with from replaced by to, and false when from does not divide x or the
// result leaves box.
func rewrite(x, from, to, box []int) ([]int, bool) {
	y := make([]int, len(x))
	for k := range x {
		y[k] = x[k] - from[k] + to[k]
		if x[k] < from[k] || y[k] > box[k] {
			return nil, false
		}
	}
	return y, true
}

// Relations returns the defining relations of q as MisereSolver finds them, "word = word"
// such as "a^2 = 1" (MisereSolver writes a2=1, the papers a² = 1), in the order of their left
// sides (see [Quotient.Word]): each left side is a word that is not a normal form though its
// divisors all are, and the right side its normal form. For 0.75 they are Plambeck's R8,
// a^2 = 1, b^3 = b, bc = ab, c^2 = b^2. They rewrite every word to its normal form, and no
// left side divides another, but one relation may follow from the others (in R8, b^3 = bc^2 =
// abc = a^2b = b); [Quotient.IndependentRelations] leaves those out. It costs
// O(Order() × generators²) and returns nil for the zero Quotient.
func (q *Quotient) Relations() []string { return relationText(q.relations()) }

// IndependentRelations returns a subset of [Quotient.Relations] that still presents q, with
// the relations that follow from the others left out as far as a bounded search finds them:
// from the last, it leaves out each relation that a chain of the others, applied in either
// direction, derives through words whose exponents are at most one more than the largest in
// the relations (for 0.75: a^2 = 1, bc = ab, c^2 = b^2). The searches try at most 2^18
// rewritings in all (about 0.2 s at most); a relation not derived within that is kept, so on
// a large quotient a kept relation may still follow from the others (Kayles: 11 of 20 kept,
// each proven needed by the tests; Dawson's Kayles to heap 30: 70 of 74 kept, not all proven
// needed). It is safe for concurrent use, and returns nil for the zero Quotient.
func (q *Quotient) IndependentRelations() []string {
	return relationText(minimizeRelations(q.relations()))
}

// relationText writes relations as "lhs = rhs".
func relationText(rels []relation) []string {
	if len(rels) == 0 {
		return nil
	}
	out := make([]string, 0, len(rels))
	for _, r := range rels {
		out = append(out, wordText(r.lhs)+" = "+wordText(r.rhs))
	}
	return out
}

// presentationText writes the first line of [Quotient.Presentation]: <a, b, ... | relations>.
func (q *Quotient) presentationText(b *strings.Builder) {
	b.WriteString("<")
	for i := range q.gens {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(genName(i))
	}
	b.WriteString(" | ")
	b.WriteString(strings.Join(q.Relations(), ", "))
	b.WriteString(">\n")
}
