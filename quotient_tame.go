package kayles

import (
	"maps"
	"math/bits"
	"slices"

	mono "github.com/octalgames/kayles/internal/monoid"
)

// This file implements the tame path of [Octal.Quotient]: while the quotient is misère Nim's
// T_r, the class of the next heap is guessed from its nim-value and its misère outcome (r
// growing when the nim-value is new), and the guess is verified exactly by a check that the
// shape of T_r makes linear in the heaps.

// tameOf returns the structure of m when m is misère Nim's T_r ([mono.Tame]).
func tameOf(m *monoid) (*mono.TameForm, bool) { return mono.Tame(m.alg()) }

// tameVerify is verify for a monoid of the form t: it reports whether m with the heap classes
// of types is outcome-faithful for every sum of those heaps, by the two halves of the check in
// [Octal.Quotient], which the shape of T_r decides in O(Order()·len(types)) steps:
//
//   - no P-class has a P-option: for each heap h and each y with y·q_h in {a, e}, y is not in
//     T_h;
//   - a position v ≠ 0 whose class is not P has a heap h with Φ(v-h) in T_h. Write λ_h for
//     λ(q_h), L for λ(Φ(v)), and Bad_h for the labels L with k(L XOR λ_h) not in T_h, k(l) the
//     element of K of label l (k(l) is in T_h exactly when l is the label of an option class).
//     Such a v is of one of three kinds. (1) No heap of v is in K and Φ(v) = 0: then Φ(v-h) =
//     q_h for each h of v, and a counterexample exists exactly when some heap not in K has q_h
//     not in T_h (that heap alone if q_h = 0, twice if q_h = a). (2) At least two heaps of v
//     are in K and L ≠ 0: then Φ(v-h) = k(L XOR λ_h), and a counterexample of label L exists
//     exactly when the heaps H_L with L in Bad_h include one in K and their labels span L
//     (the heaps of a sum L, plus that one twice). (3) Exactly one heap k0 is in K, with
//     heaps of 0 and a (an even or odd number π of a's) and L = λ_k0 XOR π·λ(a) ≠ 0: then
//     Φ(v-k0) = a^π and Φ(v-h) = k(L XOR λ_h) for the others, and a counterexample exists
//     exactly when a^π is not in T_k0 and, if π = 1, some heap of class a has L in Bad_h.
//
// It spends b on every heap type and element examined.
func tameVerify(m *monoid, t *mono.TameForm, types []heapType, b *budget) (bool, error) {
	if m.p[0] {
		return false, nil
	}
	size := len(t.Of)
	if !b.spend(int64(len(types)) * int64(m.n+size)) {
		return false, b.err
	}
	// optLabels[k]: the labels of the option classes of types[k], as a bitset over labels.
	w := (size + 63) / 64
	optLabels := make([][]uint64, len(types))
	for k, ty := range types {
		ls := make([]uint64, w)
		for _, c := range ty.opts {
			l := t.Label[c]
			ls[l/64] |= 1 << (l % 64)
		}
		optLabels[k] = ls
	}
	has := func(k, l int) bool { return optLabels[k][l/64]&(1<<(l%64)) != 0 }
	// No P-class has a P-option.
	for _, ty := range types {
		for y := range int32(m.n) {
			if m.p[m.times(y, ty.q)] && t.HitsP(y, ty.opts) {
				return false, nil
			}
		}
	}
	// (1) No heap in K.
	for _, ty := range types {
		if !t.Kern[ty.q] && !t.HitsP(ty.q, ty.opts) {
			return false, nil
		}
	}
	bad := func(k, l int) bool { return !has(k, l^t.Label[types[k].q]) }
	la := t.Label[t.A]
	// (3) Exactly one heap in K.
	for _, ty := range types {
		if !t.Kern[ty.q] {
			continue
		}
		if t.Label[ty.q] != 0 && !t.HitsP(0, ty.opts) {
			return false, nil // k0 alone
		}
		l := t.Label[ty.q] ^ la
		if l == 0 || t.HitsP(t.A, ty.opts) {
			continue
		}
		for k, hy := range types {
			if hy.q == t.A && bad(k, l) {
				return false, nil
			}
		}
	}
	// (2) At least two heaps in K.
	basis := make([]int, 0, bits.Len(uint(size)))
	for l := 1; l < size; l++ {
		basis = basis[:0]
		inK := false
		for k, ty := range types {
			if !bad(k, l) {
				continue
			}
			inK = inK || t.Kern[ty.q]
			v := t.Label[ty.q]
			for _, x := range basis {
				v = min(v, v^x)
			}
			if v != 0 {
				basis = append(basis, v)
			}
		}
		if !inK {
			continue
		}
		v := l
		for _, x := range basis {
			v = min(v, v^x)
		}
		if v == 0 {
			return false, nil
		}
	}
	return true, nil
}

// tame extends a tame quotient below heap h (of option classes opts and nim-value g) by the
// tame hypothesis: that Q_h is tame too, with Φ(h) the element of K of the kernel value of g,
// or 0 or a when h's own misère outcome says so, in T_{r+1} when g is a new value. It reports
// whether the verification accepted the guess; when it did not (or Q_{h-1} is not tame), the
// general step decides heap h.
func (qb *quotientBuilder) tame(h int, opts []int32, g int) (bool, error) {
	m := qb.m
	t, ok := tameOf(m)
	if !ok || qb.wild {
		return false, nil
	}
	psi, ok, err := qb.kernelValues(t, h)
	if !ok || err != nil {
		return false, err
	}
	isP := !slices.ContainsFunc(opts, func(c int32) bool { return m.p[c] })
	if x, ok := psi[g]; ok {
		return qb.tameSame(t, h, x, opts, isP)
	}
	if isP || 2*(m.n-2)+2 > MaxQuotientOrder {
		return false, nil
	}
	return qb.tameNext(t, psi, h, opts, g)
}

// kernelValues returns psi, the element of the kernel of each nim-value of the span of the
// heaps below h, and false when those heaps do not label the kernel one to one.
func (qb *quotientBuilder) kernelValues(t *mono.TameForm, h int) (map[int]int32, bool, error) {
	m := qb.m
	psi := map[int]int32{0: t.E}
	for l := 1; l < h; l++ {
		if !qb.b.spend(1) {
			return nil, false, qb.b.err
		}
		k, v := m.times(t.E, qb.phi[l]), qb.nim[l]
		if y, ok := psi[v]; ok {
			if y != k {
				return nil, false, nil
			}
			continue
		}
		for u, y := range maps.Clone(psi) {
			psi[u^v] = m.times(y, k)
		}
	}
	return psi, len(psi) == len(t.Of), nil
}

// tameSame tries heap h in the same T_r, as x, the element of the kernel of its nim-value,
// or 0 or a where its misère outcome isP says so.
func (qb *quotientBuilder) tameSame(t *mono.TameForm, h int, x int32, opts []int32, isP bool) (bool, error) {
	m := qb.m
	switch {
	case x == t.E && !isP:
		x = 0
	case x == m.times(t.A, t.E) && isP:
		x = t.A
	}
	if m.p[x] != isP {
		return false, nil
	}
	types := append(slices.Clone(qb.types), heapType{heap: h, q: x, opts: opts})
	ok, err := tameVerify(m, t, types, qb.b)
	if !ok || err != nil {
		return false, err
	}
	qb.types = types
	qb.phi = append(qb.phi, x)
	return true, nil
}

// tameNext tries heap h, of the new nim-value g, in T_{r+1}: its kernel labelled by the
// nim-values of the span with g, the heaps below h carried over by their nim-values.
func (qb *quotientBuilder) tameNext(t *mono.TameForm, psi map[int]int32, h int, opts []int32, g int) (bool, error) {
	m := qb.m
	nm, idx, old := nextTame(m, t, psi, g)
	// The options' classes carry over only if old is a homomorphism: it is when psi is an
	// isomorphism, which this checks.
	if !qb.b.spend(int64(m.n) * int64(m.n)) {
		return false, qb.b.err
	}
	for x := range int32(m.n) {
		for y := range int32(m.n) {
			if old[m.times(x, y)] != nm.times(old[x], old[y]) {
				return false, nil
			}
		}
	}
	conv := func(cs []int32) []int32 {
		var out []int32
		for _, c := range cs {
			if c := old[c]; !slices.Contains(out, c) {
				out = append(out, c)
			}
		}
		slices.Sort(out)
		return out
	}
	types := make([]heapType, 0, len(qb.types)+1)
	for _, ty := range qb.types {
		types = append(types, heapType{heap: ty.heap, q: old[ty.q], opts: conv(ty.opts)})
	}
	types = append(types, heapType{heap: h, q: idx[g], opts: conv(opts)})
	nt, ok := tameOf(nm)
	if !ok {
		return false, nil
	}
	if ok, err := tameVerify(nm, nt, types, qb.b); !ok || err != nil {
		return false, err
	}
	qb.adopt(nm, types, h)
	return true, nil
}

// nextTame returns T_{r+1} for the tame m (of structure t and kernel values psi) and a new
// nim-value g: its elements 0, a and the kernel, numbered 2 on by the nim-values of the span
// with g (idx), and old, the element of T_{r+1} of each element of m.
func nextTame(m *monoid, t *mono.TameForm, psi map[int]int32, g int) (nm *monoid, idx map[int]int32, old []int32) {
	vals := make([]int, 0, 2*len(psi))
	for v := range psi {
		vals = append(vals, v, v^g)
	}
	slices.Sort(vals)
	idx = make(map[int]int32, len(vals))
	for i, v := range vals {
		idx[v] = int32(2 + i)
	}
	n := 2 + len(vals)
	nm = &monoid{n: n, mul: make([]int32, n*n), p: make([]bool, n)}
	va := -1 // the nim-value of a·e
	for v, y := range psi {
		if y == m.times(t.A, t.E) {
			va = v
		}
	}
	val := func(x int) (int, bool) { // the nim-value of element x of nm, and whether it is in K
		if x < 2 {
			return x * va, false
		}
		return vals[x-2], true
	}
	for x := range n {
		vx, kx := val(x)
		for y := range n {
			vy, ky := val(y)
			switch {
			case kx || ky:
				nm.mul[x*n+y] = idx[vx^vy]
			default:
				nm.mul[x*n+y] = int32((x + y) % 2)
			}
		}
	}
	nm.p[1], nm.p[idx[0]] = true, true
	old = make([]int32, m.n)
	old[t.A] = 1
	for v, y := range psi {
		old[y] = idx[v]
	}
	return nm, idx, old
}
