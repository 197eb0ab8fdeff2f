package monoid

import (
	"slices"
	"strconv"
	"strings"
)

// This file implements words over generators: their orders, their text, and the normal-form
// word of each element of a monoid.

// CompareGraded orders words by length, then at the first generator where they differ the
// word with more of it first ("a^2b" before "ab^2", "ab" before "bc"). It is the order in
// which the kayles package numbers the elements of a quotient.
func CompareGraded(u, v []int) int {
	if lu, lv := Len(u), Len(v); lu != lv {
		return lu - lv
	}
	for i := range u {
		if u[i] != v[i] {
			return v[i] - u[i]
		}
	}
	return 0
}

// Len returns the length of word w, the sum of its exponents.
func Len(w []int) int {
	n := 0
	for _, e := range w {
		n += e
	}
	return n
}

// GenName names generator i: a, b, ..., z, then g26, g27, ...
func GenName(i int) string {
	if i < 26 {
		return string(rune('a' + i))
	}
	return "g" + strconv.Itoa(i)
}

// Text writes a word as MisereSolver does: "1", "a", "ab^2"; generators past z are separated
// by spaces ("a g26^2").
func Text(w []int) string {
	var b strings.Builder
	for i, e := range w {
		if e == 0 {
			continue
		}
		if b.Len() > 0 && i >= 26 {
			b.WriteByte(' ')
		}
		b.WriteString(GenName(i))
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

// CompareNormal orders words as MisereSolver does: by the exponent of the last generator,
// then of the one before it, and so on, fewer first. It is a monomial order (kept by
// multiplication), so b^2c comes before acf and ab^2c before cf.
func CompareNormal(u, v []int) int {
	for i := len(u) - 1; i >= 0; i-- {
		if u[i] != v[i] {
			return u[i] - v[i]
		}
	}
	return 0
}

// NormalWords returns the least word of each element of a monoid of order elements in the
// order of [CompareNormal], over the generators gens (as elements); mul is the product. An
// element that gens do not generate gets nil. It walks the words in that order, the exponent
// of the last generator outermost, and stops raising an exponent as soon as the product
// reaches an element that already has a word: every extension of that word then has a
// smaller word, as the order is kept by multiplication. So each element is reached first by
// its least word, and the walk visits O(order × len(gens)) words.
func NormalWords(order int, mul func(x, y int) int, gens []int) [][]int {
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

// key is a map key of a word.
func key(w []int) string {
	b := make([]byte, 0, 2*len(w))
	for _, e := range w {
		b = append(b, byte(e), byte(e>>8))
	}
	return string(b)
}
