package kayles

import (
	"slices"
	"strconv"
	"strings"
)

// This file implements the presentation of a misère quotient in MisereSolver's style: normal-form
// words, relations, and the text of the whole.

// compareWords orders words by length, then lexicographically with a before b before c:
// at the first generator where they differ, the word with more of it comes first ("a^2b"
// before "ab^2"), so that "ab" comes before "bc".
func compareWords(u, v []int) int {
	if lu, lv := wordLen(u), wordLen(v); lu != lv {
		return lu - lv
	}
	for i := range u {
		if u[i] != v[i] {
			return v[i] - u[i]
		}
	}
	return 0
}

func wordLen(w []int) int {
	n := 0
	for _, e := range w {
		n += e
	}
	return n
}

// genName names generator i: a, b, ..., z, then g26, g27, ...
func genName(i int) string {
	if i < 26 {
		return string(rune('a' + i))
	}
	return "g" + strconv.Itoa(i)
}

// wordText writes a word as MisereSolver does: "1", "a", "ab^2".
func wordText(w []int) string {
	var b strings.Builder
	for i, e := range w {
		if e == 0 {
			continue
		}
		if b.Len() > 0 && i >= 26 {
			b.WriteByte(' ')
		}
		b.WriteString(genName(i))
		if e > 1 {
			b.WriteByte('^')
			b.WriteString(strconv.Itoa(e))
		}
	}
	if b.Len() == 0 {
		return "1"
	}
	return b.String()
}

// Presentation returns q in MisereSolver's style: the generators with their heaps, the
// relations as equalities of words (each word that is not a normal form but whose divisors
// are, equal to its normal form), the P-portion as words, and Φ of each heap as words; "" for
// the zero Quotient.
func (q *Quotient) Presentation() string {
	if q.order == 0 {
		return ""
	}
	var b strings.Builder
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
	b.WriteString("generators:")
	for i, g := range q.gens {
		b.WriteString(" " + genName(i) + "=" + strconv.Itoa(g))
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

// Relations returns the defining relations of q as "word = word", such as "a^2 = 1".
func (q *Quotient) Relations() []string {
	normal := map[string]int{}
	for x, w := range q.words {
		normal[wordText(w)] = x
	}
	var rel []string
	seen := map[string]bool{}
	for x, w := range q.words {
		for i := range q.gens {
			u := slices.Clone(w)
			u[i]++
			t := wordText(u)
			if _, ok := normal[t]; ok || seen[t] {
				continue
			}
			// Minimal: every divisor with one generator fewer is a normal form.
			minimal := true
			for j := range u {
				if u[j] == 0 {
					continue
				}
				d := slices.Clone(u)
				d[j]--
				if _, ok := normal[wordText(d)]; !ok {
					minimal = false
					break
				}
			}
			if !minimal {
				continue
			}
			seen[t] = true
			y := q.Mul(x, int(q.phi[q.gens[i]]))
			rel = append(rel, t+" = "+q.Word(y))
		}
	}
	slices.SortFunc(rel, func(a, b string) int {
		if len(a) != len(b) {
			return len(a) - len(b)
		}
		return strings.Compare(a, b)
	})
	return rel
}
