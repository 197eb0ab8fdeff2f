package monoid

import (
	"math/bits"
	"slices"
)

// This file implements the recognition of misère Nim's quotients T_r and their labels.

// A TameForm is the structure of a tame monoid m of order >= 6: the identity 0, the element a
// (A) and the kernel K, an elementary abelian 2-group with identity e (E), each of whose
// elements has a label, its coordinates in a basis of K, so that labels multiply by XOR.
// Writing λ(0) = 0 and λ(a) = λ(a·e), λ(xy) = λ(x) XOR λ(y) for all x, y.
type TameForm struct {
	A, E  int32
	Kern  []bool  // Kern[x]: x is in K
	Label []int   // Label[x] = λ(x)
	Of    []int32 // Of[l]: the element of K of label l
}

// Tame returns the structure of m when m with its P-portion is T_r for some r >= 1 (see
// the kayles package's Quotient.Tame), and false otherwise. It costs O(N).
func Tame(m *Monoid) (*TameForm, bool) {
	n := m.N
	if n < 6 || bits.OnesCount(uint(n-2)) != 1 {
		return nil, false
	}
	z := int32(0) // the product of all idempotents
	for x := range int32(n) {
		if m.times(x, x) == x {
			z = m.times(z, x)
		}
	}
	kern := make([]bool, n)
	size := 0
	for x := range int32(n) {
		if y := m.times(z, x); !kern[y] {
			kern[y] = true
			size++
		}
	}
	if size != n-2 || kern[0] {
		return nil, false
	}
	a := int32(-1)
	for x := int32(1); int(x) < n; x++ {
		if !kern[x] {
			a = x
		}
	}
	e := z
	if m.times(a, a) != 0 || m.times(e, e) != e || m.times(a, e) == e || !m.P[a] || !m.P[e] {
		return nil, false
	}
	for x := range int32(n) {
		if m.P[x] && x != a && x != e {
			return nil, false
		}
		if kern[x] && m.times(x, x) != e {
			return nil, false
		}
	}
	// Labels: each element of K not yet labelled is a new basis element.
	t := &TameForm{A: a, E: e, Kern: kern, Label: make([]int, n), Of: make([]int32, size)}
	done := make([]bool, n)
	done[e] = true
	t.Of[0] = e
	list := []int32{e}
	for x := range int32(n) {
		if !kern[x] || done[x] {
			continue
		}
		bit := len(list)
		for _, y := range slices.Clone(list) {
			xy := m.times(x, y)
			t.Label[xy] = t.Label[y] | bit
			t.Of[t.Label[xy]] = xy
			done[xy] = true
			list = append(list, xy)
		}
	}
	t.Label[a] = t.Label[m.times(a, e)]
	return t, true
}

// HitsP reports whether y·c is in the P-portion {a, e} for some c in cs (for the classes cs of
// a heap's options, whether y is in the set T_h of the kayles package's verification). In T_r, y·c = e exactly when y and c are
// in K ∪ {0, a} with λ(y) = λ(c), one of them in K, and y·c = a when {y, c} = {0, a}.
func (t *TameForm) HitsP(y int32, cs []int32) bool {
	for _, c := range cs {
		if (t.Kern[y] || t.Kern[c]) && t.Label[y] == t.Label[c] || y == 0 && c == t.A || y == t.A && c == 0 {
			return true
		}
	}
	return false
}
