package kayles

import (
	"context"
	"iter"
	"math/bits"
	"slices"
	"strconv"
	"strings"
)

// This file implements misère quotients (Plambeck 2005; Plambeck & Siegel 2008): the finite
// commutative monoid that decides misère play of every sum of heaps up to a size, how it is
// computed and verified, and play through it.

// A Quotient is the misère quotient Q_n of a rule set restricted to heaps of at most n tokens:
// A_n is the set of all sums of such heaps, two positions G and H of A_n are indistinguishable
// when G+X and H+X have the same misère outcome for every X in A_n, and Q_n is the set of
// classes, a finite commutative monoid whose product is the sum of positions. Φ maps each heap
// to its class, and the P-portion is the set of classes of the misère P-positions, so that a
// position is a misère P-position exactly when the product of its heaps' classes lies in it.
//
// Elements are numbered 0 to Order()-1, 0 being the identity (the class of the empty position
// and of every heap with no move), in the order of their normal-form words: fewer generators
// first, then alphabetically. Generators are named a, b, c, ... (after z: g26, g27, ...) in the
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

// MaxQuotientOrder bounds the order of the monoids that [Octal.Quotient] builds, the unreduced
// candidates included: 2^12 elements, a multiplication table of 64 MiB.
const MaxQuotientOrder = 1 << 12

// quotientUnit is the unit of the work of one heap of [Octal.Quotient], as a LimitError names it.
const quotientUnit = "quotient steps"

// Quotient returns the misère quotient Q_n of o restricted to heaps of at most n tokens, built
// heap by heap and verified exactly (see below), or the quotient of the whole game when Φ is
// proven periodic within n heaps.
//
// # Method
//
// For each heap h in turn it extends the verified Q_{h-1}, in the manner of Plambeck and
// Siegel's MisereSolver:
//
//   - it tries every element x of Q_{h-1} as Φ(h), and keeps the one that the verification
//     accepts (at most one can be, as the quotient is reduced);
//   - failing that, it adjoins a generator g for heap h with g^(i+p) = g^i (i+p <= 6), forms
//     the unreduced candidate Q_{h-1} × <g> whose P-portion is read off the outcomes of the
//     positions r_x + j·h (r_x a smallest position of class x, found by a search in which
//     every position without a heap of h is decided by Q_{h-1}), and verifies it;
//   - failing that (heap h splits classes of Q_{h-1}), it learns the classes of the heaps up
//     to h afresh: positions are told apart by their rows of outcomes against a set of test
//     positions, the candidate's product is read off the rows of sums of representatives and
//     checked to be associative with Φ a homomorphism, and every failed check or verification
//     adds the sub-positions of the position at fault (or, when that adds none, every
//     position of one more token) to the tests, for at most 2^11 tests.
//
// A verified candidate is then reduced: two elements are merged when every product treats them
// alike. The reduction of an outcome-faithful candidate whose elements are all classes of
// positions is the quotient, so every Quotient returned is exactly the quotient; the
// heuristics above only decide how fast a candidate is found, never whether it is accepted.
//
// # Verification
//
// A candidate monoid M with classes q_h for the heaps is outcome-faithful (every position v is
// a misère P-position exactly when Φ(v) is in the P-portion) if and only if, for every position
// v, Φ(v) is in the P-portion exactly when v has a move and no move leads to a class in the
// P-portion; by induction on the tokens this is all that is needed. Write T_h for the set of y
// with y·Φ(w) in the P-portion for some option w of heap h. The condition has two halves:
//
//   - no P-class has a P-option: for every reachable y and heap h, y·q_h in P implies y not
//     in T_h, and the identity is not in P: a finite check;
//   - every position v ≠ 0 with Φ(v) not in P has a heap h with Φ(v-h) in T_h. A
//     counterexample with more than i+p heaps of h (q_h^(i+p) = q_h^i) stays one with p of
//     them removed, so only i+p copies of each heap need be tried; the check walks the heaps
//     in turn with states (Φ so far, the set of products of the remaining heaps that would
//     make a counterexample), merging equal states, and finds a counterexample or proves
//     there is none.
//
// # Periodicity of Φ
//
// For a finite code without modifiers whose moves leave at most k heaps and whose last
// non-zero digit is d_t: if Φ(m+p) = Φ(m) for n0 <= m <= N-p, with n0 >= 1 and N+1 >= k(n0+p)+t,
// then Φ(h) = Φ(h-p) for every h > N and the quotient of the whole game is Q_N. Proof, by
// induction on h > N: every option of h takes i <= t tokens and leaves at most k heaps, the
// largest of which, b >= (h-t)/k >= n0+p, lies in the periodic range, so replacing it by b-p
// (>= 1) gives an option of h-p of the same class; and every option of h-p has its largest heap
// b' >= n0 and so, with b'+p in its place, gives an option of h of the same class. A heap
// whose options have the same classes as those of another heap of the same class in the
// monoid is indistinguishable from it: a counterexample to the verification above that used
// both heaps would stay one with the one replaced by the other. So Q_{h} = Q_{h-1}. Quotient
// reports the period found this way (see [Quotient.Period]) and never extrapolates Φ without it.
//
// # Cost and limits
//
// The work of one heap is counted in quotient steps (one per element examined by the
// verification, one per move of the outcome search), at most [Limits].Steps per heap, and the
// monoids are at most [MaxQuotientOrder] elements. Past a limit, or when ctx is done, it returns
// the last verified quotient (that of the heaps below the one that failed, nil if none) with a
// [*LimitError], ctx's error, or an error that says why heap h is beyond this method. A
// negative n gets a [*RangeError]. Quotient does not store the result in o; see
// [Octal.UseQuotient].
func (o *Octal) Quotient(ctx context.Context, n int) (*Quotient, error) {
	o = o.game()
	if n < 0 {
		return nil, rangeError("heap", n, maxInt)
	}
	b := &quotientBuilder{o: o, pl: o.plan(), ctx: ctx}
	return b.run(n)
}

// quotientWithin is [Octal.Quotient] with at most total steps in all, not [Limits].Steps for
// each heap.
func (o *Octal) quotientWithin(ctx context.Context, n int, total int64) (*Quotient, error) {
	b := &quotientBuilder{o: o, pl: o.plan(), ctx: ctx, total: total}
	return b.run(n)
}

// A heapType is what the verification knows of one heap: its class and its options' classes.
type heapType struct {
	heap int
	q    int32
	opts []int32 // distinct classes of the options
}

// A monoid is a finite commutative monoid with a P-portion, 0 being the identity.
type monoid struct {
	n   int
	mul []int32
	p   []bool
}

func (m *monoid) times(x, y int32) int32 { return m.mul[int(x)*m.n+int(y)] }

type quotientBuilder struct {
	o     *Octal
	pl    *plan
	ctx   context.Context
	m     *monoid
	types []heapType // the live heaps so far, ascending
	phi   []int32
	chg   []Change
	b     *budget
	total int64 // when positive, the steps of every heap together
}

func (qb *quotientBuilder) result(n int) *Quotient {
	return newQuotient(qb.o, n, qb.m, qb.phi, qb.chg)
}

func (qb *quotientBuilder) run(n int) (*Quotient, error) {
	qb.m = &monoid{n: 1, mul: []int32{0}, p: []bool{false}}
	qb.phi = []int32{0}
	left := qb.total
	for h := 1; h <= n; h++ {
		limit := qb.o.limits.Steps
		if qb.total > 0 {
			limit = min(limit, max(left, 0))
		}
		qb.b = newBudget(qb.ctx, limit, quotientUnit, func() string {
			return "the misère quotient of " + qb.pl.code + " at heap " + strconv.Itoa(h)
		})
		err := qb.step(h)
		left -= limit - qb.b.left
		if err != nil {
			var last *Quotient
			if h > 1 {
				last = qb.result(h - 1)
			}
			return last, err
		}
		if q := qb.result(h); q.period > 0 {
			return q, nil
		}
	}
	return qb.result(n), nil
}

// optionClasses returns the distinct classes of the options of heap h in the current monoid.
func (qb *quotientBuilder) optionClasses(h int) ([]int32, error) {
	var cls []int32
	qb.pl.options(h, h, func(_ int, left []int) bool {
		if !qb.b.spend(1) {
			return false
		}
		c := int32(0)
		for _, l := range left {
			c = qb.m.times(c, qb.phi[l])
		}
		if !slices.Contains(cls, c) {
			cls = append(cls, c)
		}
		return true
	})
	slices.Sort(cls)
	return cls, qb.b.err
}

// step extends the verified quotient of the heaps below h to heap h.
func (qb *quotientBuilder) step(h int) error {
	if qb.b.done() {
		return qb.b.err
	}
	if qb.pl.dead(h) {
		qb.phi = append(qb.phi, 0)
		return nil
	}
	opts, err := qb.optionClasses(h)
	if err != nil {
		return err
	}
	m := qb.m
	// Every element of the current quotient, as Φ(h).
	for x := int32(0); int(x) < m.n; x++ {
		types := append(slices.Clone(qb.types), heapType{heap: h, q: x, opts: opts})
		ok, _, err := verify(m, types, qb.b)
		if err != nil {
			return err
		}
		if ok {
			qb.types = types
			qb.phi = append(qb.phi, x)
			return nil
		}
	}
	return qb.words(h)
}

// maxRounds bounds the corrections of a guessed presentation in one step.
const maxRounds = 64

// adopt replaces the quotient by the reduction of the verified candidate c.
func (qb *quotientBuilder) adopt(c *monoid, types []heapType, h int) {
	red, cls := reduce(c, types)
	for k := range types {
		types[k].q = cls[types[k].q]
		var opts []int32
		for _, w := range types[k].opts {
			if w := cls[w]; !slices.Contains(opts, w) {
				opts = append(opts, w)
			}
		}
		slices.Sort(opts)
		types[k].opts = opts
	}
	phi := make([]int32, len(qb.phi)+1)
	k := 0
	for hh := range phi {
		if k < len(types) && types[k].heap == hh {
			phi[hh] = types[k].q
			k++
		}
	}
	grew := red.n > qb.m.n
	qb.m, qb.types, qb.phi = red, types, phi
	if grew {
		qb.chg = append(qb.chg, Change{Heap: h, Order: red.n})
	}
}

// reachable returns, for each j, the elements generated by the classes of types[j:], as a
// bitset and a list.
func reachable(m *monoid, types []heapType) ([][]uint64, [][]int32) {
	w := (m.n + 63) / 64
	sets := make([][]uint64, len(types)+1)
	lists := make([][]int32, len(types)+1)
	sets[len(types)] = make([]uint64, w)
	sets[len(types)][0] = 1
	lists[len(types)] = []int32{0}
	for j := len(types) - 1; j >= 0; j-- {
		set := slices.Clone(sets[j+1])
		list := slices.Clone(lists[j+1])
		q := types[j].q
		for k := 0; k < len(list); k++ {
			if y := m.times(list[k], q); set[y/64]&(1<<(y%64)) == 0 {
				set[y/64] |= 1 << (y % 64)
				list = append(list, y)
			}
		}
		sets[j], lists[j] = set, list
	}
	return sets, lists
}

// verify reports whether the monoid m with the heap classes of types is outcome-faithful for
// every sum of those heaps (see [Octal.Quotient]), and if not a counterexample: the number of
// heaps of each type in a position that m mispredicts. It spends b on every element examined.
func verify(m *monoid, types []heapType, b *budget) (bool, []int, error) {
	if m.p[0] {
		return false, make([]int, len(types)), nil
	}
	w := (m.n + 63) / 64
	_, lists := reachable(m, types)
	// T[k]: the y with y·Φ(w) in P for an option w of heap type k.
	T := make([][]uint64, len(types))
	for k, t := range types {
		T[k] = make([]uint64, w)
		for y := range m.n {
			for _, c := range t.opts {
				if m.p[m.times(int32(y), c)] {
					T[k][y/64] |= 1 << (y % 64)
					break
				}
			}
		}
	}
	in := func(s []uint64, y int32) bool { return s[y/64]&(1<<(y%64)) != 0 }
	// No P-class has a P-option.
	if !b.spend(int64(len(lists[0]) * len(types))) {
		return false, nil, b.err
	}
	for _, y := range lists[0] {
		for k, t := range types {
			if m.p[m.times(y, t.q)] && in(T[k], y) {
				v := word(m, types, y)
				v[k]++
				return false, v, nil
			}
		}
	}
	// Every other class of a position with a move has a P-option.
	type state struct {
		x      int32
		f      []uint64 // products of the remaining heaps that would complete a counterexample
		nz     bool
		parent int
		mult   int
	}
	layers := make([][]state, len(types)+1)
	f0 := make([]uint64, w)
	for _, z := range lists[0] {
		if m.p[z] {
			f0[z/64] |= 1 << (z % 64)
		}
	}
	layers[0] = []state{{x: 0, f: f0, parent: -1}}
	key := make([]byte, 0, 8*w+5)
	for j, t := range types {
		// The powers of q up to the first repeat: q^(i+p) = q^i.
		pows := []int32{0}
		for {
			nx := m.times(pows[len(pows)-1], t.q)
			if slices.Contains(pows, nx) {
				break
			}
			pows = append(pows, nx)
		}
		// Multiplicities 0 .. i+p, where pows has i+p elements.
		seen := map[string]int{}
		next := lists[j+1]
		var out []state
		for si, s := range layers[j] {
			qm, cur, prev := int32(0), s.x, int32(0) // q^mult, x·q^mult, x·q^(mult-1)
			for mult := 0; mult <= len(pows); mult, qm, prev, cur = mult+1, m.times(qm, t.q), cur, m.times(cur, t.q) {
				if !b.spend(int64(len(next)) + 1) {
					return false, nil, b.err
				}
				f := make([]uint64, w)
				full := true
				for _, z := range next {
					bad := in(s.f, m.times(qm, z)) || (mult > 0 && in(T[j], m.times(prev, z)))
					if bad {
						f[z/64] |= 1 << (z % 64)
					} else {
						full = false
					}
				}
				if full {
					continue // every completion has a P-option or is a P-class: no counterexample here
				}
				ns := state{x: cur, f: f, nz: s.nz || mult > 0, parent: si, mult: mult}
				key = key[:0]
				key = append(key, byte(ns.x), byte(ns.x>>8), byte(ns.x>>16))
				if ns.nz {
					key = append(key, 1)
				}
				for _, word := range f {
					key = append(key, byte(word), byte(word>>8), byte(word>>16), byte(word>>24),
						byte(word>>32), byte(word>>40), byte(word>>48), byte(word>>56))
				}
				if _, ok := seen[string(key)]; ok {
					continue
				}
				seen[string(key)] = len(out)
				out = append(out, ns)
			}
		}
		layers[j+1] = out
	}
	for _, s := range layers[len(types)] {
		if s.nz && !in(s.f, 0) {
			v := make([]int, len(types))
			st := s
			for j := len(types); j > 0; j-- {
				v[j-1] = st.mult
				if j > 1 {
					st = layers[j-1][st.parent]
				}
			}
			return false, v, nil
		}
	}
	return true, nil, nil
}

// word returns the number of heaps of each type in a position of class y, breadth first.
func word(m *monoid, types []heapType, y int32) []int {
	from := map[int32][2]int32{0: {-1, -1}}
	queue := []int32{0}
	for k := 0; k < len(queue); k++ {
		x := queue[k]
		for i, t := range types {
			z := m.times(x, t.q)
			if _, seen := from[z]; !seen {
				from[z] = [2]int32{x, int32(i)}
				queue = append(queue, z)
			}
		}
	}
	v := make([]int, len(types))
	for y != 0 {
		f, ok := from[y]
		if !ok || f[0] < 0 {
			break
		}
		v[f[1]]++
		y = f[0]
	}
	return v
}

// reduce returns the reduction of m to the elements that the heaps of types generate: two
// elements are merged when every product with an element treats them alike (the coarsest
// partition that separates P from the rest and is kept by multiplying by each heap's class).
// cls maps the elements of m to those of the result; elements that no position reaches map
// to 0.
func reduce(m *monoid, types []heapType) (*monoid, []int32) {
	_, lists := reachable(m, types)
	elems := lists[0]
	cls := make([]int32, m.n)
	for _, x := range elems {
		if m.p[x] {
			cls[x] = 1
		}
	}
	count := 0
	for {
		ids := map[string]int32{}
		next := make([]int32, m.n)
		sig := make([]byte, 0, 4*(len(types)+1))
		for _, x := range elems {
			sig = sig[:0]
			sig = strconv.AppendInt(sig, int64(cls[x]), 36)
			for _, t := range types {
				sig = append(sig, ',')
				sig = strconv.AppendInt(sig, int64(cls[m.times(x, t.q)]), 36)
			}
			id, ok := ids[string(sig)]
			if !ok {
				id = int32(len(ids))
				ids[string(sig)] = id
			}
			next[x] = id
		}
		cls = next
		if len(ids) == count {
			break
		}
		count = len(ids)
	}
	// Renumber so that the identity's class is 0, then in order of first appearance.
	renum := map[int32]int32{cls[0]: 0}
	for _, x := range elems {
		if _, ok := renum[cls[x]]; !ok {
			renum[cls[x]] = int32(len(renum))
		}
	}
	rep := make([]int32, len(renum))
	out := make([]int32, m.n)
	for _, x := range slices.Backward(elems) {
		out[x] = renum[cls[x]]
		rep[out[x]] = x
	}
	r := &monoid{n: len(renum), mul: make([]int32, len(renum)*len(renum)), p: make([]bool, len(renum))}
	for a, x := range rep {
		r.p[a] = m.p[x]
		for c, y := range rep {
			r.mul[a*r.n+c] = out[m.times(x, y)]
		}
	}
	return r, out
}

// newQuotient returns the Quotient of the verified reduced monoid m, renumbered by normal-form
// words, with its period when one is proven.
func newQuotient(o *Octal, n int, m *monoid, phi []int32, chg []Change) *Quotient {
	var gens []int
	// Normal-form words: the least word of each element in the graded lexicographic order
	// of compareWords, found breadth first (the order is kept by multiplication, so the least
	// word of an element extends the least word of another by one generator).
	// The generators: each heap whose class the heaps below it do not generate.
	gens = nil
	var genCls []int32
	generated := make([]bool, m.n)
	generated[0] = true
	list := []int32{0}
	for h := 1; h < len(phi); h++ {
		if generated[phi[h]] {
			continue
		}
		gens, genCls = append(gens, h), append(genCls, phi[h])
		for k := 0; k < len(list); k++ {
			for _, g := range genCls {
				if y := m.times(list[k], g); !generated[y] {
					generated[y] = true
					list = append(list, y)
				}
			}
		}
	}
	words := make([][]int, m.n)
	words[0] = make([]int, len(gens))
	order := []int32{0}
	for layer := []int32{0}; len(layer) > 0; {
		var next []int32
		for _, x := range layer {
			for i, g := range genCls {
				y := m.times(x, g)
				w := slices.Clone(words[x])
				w[i]++
				switch {
				case words[y] == nil:
					words[y] = w
					next = append(next, y)
				case slices.Contains(next, y) && compareWords(w, words[y]) < 0:
					words[y] = w
				}
			}
		}
		order = append(order, next...)
		layer = next
	}
	slices.SortStableFunc(order, func(a, b int32) int { return compareWords(words[a], words[b]) })
	num := make([]int32, m.n)
	for k, x := range order {
		num[x] = int32(k)
	}
	q := &Quotient{game: o, heaps: n, order: len(order), gens: slices.Clone(gens), changes: slices.Clone(chg)}
	q.mul = make([]int32, q.order*q.order)
	q.pset = make([]bool, q.order)
	q.words = make([][]int, q.order)
	for k, x := range order {
		q.pset[k] = m.p[x]
		q.words[k] = words[x]
		for l, y := range order {
			q.mul[k*q.order+l] = num[m.times(x, y)]
		}
	}
	q.phi = make([]int32, n+1)
	for h := range q.phi {
		q.phi[h] = num[phi[h]]
	}
	q.pre, q.period = q.findPeriod()
	return q
}

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

// findPeriod returns the preperiod and period of Φ when the periodicity argument of
// [Octal.Quotient] proves them within the heaps of q, and 0, 0 otherwise.
func (q *Quotient) findPeriod() (int, int) {
	pl := q.game.plan()
	if !pl.provable || pl.heaps < 1 {
		return 0, 0
	}
	t := len(pl.digits) - 1
	k := pl.heaps
	n := q.heaps
	for p := 1; k*(1+p)+t <= n+1; p++ {
		// The least n0 >= 1 from which Φ(m+p) = Φ(m) up to n.
		n0 := n - p + 1
		for n0 > 1 && q.phi[n0-1+p] == q.phi[n0-1] {
			n0--
		}
		if n0 <= n-p && k*(n0+p)+t <= n+1 {
			return n0, p
		}
	}
	return 0, 0
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
// is not an element (0 <= x < Order()).
func (q *Quotient) Word(x int) string {
	if !q.elem(x) {
		return ""
	}
	return wordText(q.words[x])
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

// class returns the element of p, or false when a heap of p is beyond q.
func (q *Quotient) class(p Position) (int32, bool) {
	if q.order == 0 {
		return 0, false
	}
	c := int32(0)
	for h := range p.All() {
		x, ok := q.Class(h)
		if !ok {
			return 0, false
		}
		c = q.mul[int(c)*q.order+x]
	}
	return c, true
}

// Covers reports whether every heap of p lies in the range of q (heaps of at most
// [Quotient.Heaps] tokens, or any heap when a period is proven).
func (q *Quotient) Covers(p Position) bool {
	_, ok := q.class(p)
	return ok
}

// rangeErr is the error for a position with a heap beyond q.
func (q *Quotient) rangeErr(p Position) error {
	if q.order == 0 {
		return &RangeError{What: "heaps in the zero quotient", Value: p.Len(), Min: 0, Max: -1}
	}
	for h := range p.All() {
		if _, ok := q.Class(h); !ok {
			return &RangeError{What: "heap beyond the quotient", Value: h, Min: 0, Max: q.heaps}
		}
	}
	return nil
}

// Outcome returns the misère outcome of p through q: [Previous] exactly when the product of
// the classes of its heaps lies in the P-portion. It takes one product per heap, O(heaps). A
// position with a heap beyond the range of q gets a [*RangeError].
func (q *Quotient) Outcome(p Position) (Outcome, error) {
	c, ok := q.class(p)
	if !ok {
		return 0, q.rangeErr(p)
	}
	if q.pset[c] {
		return Previous, nil
	}
	return Next, nil
}

// WinningMoves returns the misère winning moves of p, in the order of [Octal.Moves]: for each
// heap size in p, the product of the other heaps, then for each move on it the test of that
// product times the class of the heaps left. It takes O(heaps) products to set up and O(1) for
// each move, and a position with a heap beyond q gets a [*RangeError].
func (q *Quotient) WinningMoves(p Position) (iter.Seq[Move], error) {
	if _, ok := q.class(p); !ok {
		return nil, q.rangeErr(p)
	}
	hs := p.Heaps()
	// others[h]: the product of every heap of p but one of size h.
	others := map[int]int32{}
	prefix := make([]int32, len(hs)+1)
	for i, h := range hs {
		x, _ := q.Class(h)
		prefix[i+1] = q.mul[int(prefix[i])*q.order+x]
	}
	suffix := int32(0)
	for i := len(hs) - 1; i >= 0; i-- {
		if i == len(hs)-1 || hs[i] != hs[i+1] {
			others[hs[i]] = q.mul[int(prefix[i])*q.order+int(suffix)]
		}
		x, _ := q.Class(hs[i])
		suffix = q.mul[int(suffix)*q.order+x]
	}
	var wins []Move
	for m := range q.game.Moves(p) {
		c := others[m.Heap]
		for _, l := range m.Left {
			x, _ := q.Class(l)
			c = q.mul[int(c)*q.order+x]
		}
		if q.pset[c] {
			wins = append(wins, m)
		}
	}
	return slices.Values(wins), nil
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
// (Plambeck & Siegel 2008); the tests check that the orders agree. It costs O(Order()).
func (q *Quotient) Kernel() []int {
	z := 0
	for _, e := range q.Idempotents() {
		z = q.Mul(z, e)
	}
	var k []int
	for x := range q.order {
		if y := q.Mul(z, x); !slices.Contains(k, y) {
			k = append(k, y)
		}
	}
	slices.Sort(k)
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
	n := q.order
	if n == 2 {
		return q.Mul(1, 1) == 0 && q.pset[1] && !q.pset[0]
	}
	k := q.Kernel()
	if n < 6 || len(k) != n-2 || bits.OnesCount(uint(len(k))) != 1 {
		return false
	}
	a := -1
	for x := 1; x < n; x++ {
		if !slices.Contains(k, x) {
			a = x
		}
	}
	e := q.Mul(k[0], k[0]) // the identity of K: the square of any of its elements
	if q.Mul(a, a) != 0 || q.Mul(a, e) == e || q.Mul(e, e) != e {
		return false
	}
	for _, x := range k {
		if q.Mul(x, x) != e {
			return false
		}
	}
	ps := q.PPortion()
	return len(ps) == 2 && slices.Contains(ps, a) && slices.Contains(ps, e)
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
