package kayles

import (
	"context"
	"slices"
	"strconv"

	mono "github.com/octalgames/kayles/internal/monoid"
)

// This file implements the construction of misère quotients heap by heap: extending the
// quotient below a heap, the exact check of every candidate, and the result with its period.

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
//     accepts (at most one can be, as the quotient is reduced); an x with which heap h has
//     the class and the set T_h (see below) of a heap below h is accepted without a check,
//     since the verification reads no more of a heap and accepted the heaps below h;
//   - failing that, it guesses a presentation of Q_h: the generators of Q_{h-1} with the
//     cycles of their powers there (g^(i+p) = g^i), heap h as a new generator with
//     g^3 = g, and for every other heap the word of fewest tokens of its class in Q_{h-1}.
//     The finite monoid W of the generators' words (exponents counted in their cycles) is
//     played: a word is the position of its generator heaps, and a heap that a move leaves
//     is replaced by its word when that has no more tokens, so play ends; this gives every
//     word a misère outcome, exact when the guess holds. The syntactic quotient of those
//     outcomes (the coarsest partition of W that separates P from N and is kept by
//     multiplying by each generator) is the candidate, which is verified;
//   - when the verification fails, each guess is tested against the others (the generators
//     first, then the heaps of the counterexample): heap l kept apart, plus the least-token
//     word z of each class, must have the outcome of word(l)·z. The first guess that fails is
//     corrected: a generator gets a longer cycle; another heap takes the class of an element
//     that behaves as it does, or else becomes a generator. When every guess passes, the
//     most repeated heap of the counterexample is corrected. Then the step is played again,
//     at most 64 times, on at most 2^22 words.
//
// While Q_{h-1} is tame (misère Nim's T_r, see [Quotient.Tame]), heap h is first tried by the
// tame hypothesis: Φ(h) is the kernel element of its nim-value G(h), or the identity or a when
// G(h) is that of the kernel's identity or of a and the heap's own misère outcome (from its
// options' classes) says so; when G(h) is outside the group of the values below, the candidate
// is T_{r+1}, its kernel doubled. The candidate is verified exactly, by the check below
// specialised to T_r (linear in the heaps); when it fails, the steps above decide heap h.
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
// For a code with modifiers (the heaps a move leaves must differ, or be equal) replacing b by
// b-p may break the rule, and a code with a tail takes any number of tokens, so the argument
// does not apply: for those Quotient claims no period, and Q_n is the quotient of the heaps up
// to n only.
//
// # Cost and limits
//
// The work is counted in quotient steps (one per option of a heap, one per element examined by
// the verification, one per move played in W, two per word in each pass of the syntactic
// quotient), each counting eight against [Limits].Steps, which bounds the whole call: at the
// default, 2^26 quotient steps, about two seconds on one core. Kayles' quotient (to heap 167)
// takes 44 million; 0.07 to heap 30 gives its [*LimitError] after about two seconds. The
// monoids are at most [MaxQuotientOrder] elements. A tame step costs O(h·Order()·log Order()),
// so that 0.56, tame with an order that doubles as its nim-values grow, comes to heap 1000
// (order 66) in about half a second. Past a limit, or when ctx is done, it returns the last
// verified quotient (that of the heaps below the one that failed, nil if none) with a
// [*LimitError], ctx's error, or an error that says why heap h is beyond this method. A negative n gets a [*RangeError].
// Quotient does not store the result in o; see [Octal.UseQuotient].
func (o *Octal) Quotient(ctx context.Context, n int) (*Quotient, error) {
	o = o.game()
	if n < 0 {
		return nil, rangeError("heap", n, maxInt)
	}
	b := &quotientBuilder{o: o, pl: o.plan(), ctx: ctx}
	return b.run(n)
}

// quotientWeight is what a quotient step counts against [Limits].Steps, so that the default
// bounds one quotient to about two seconds: 2^26 quotient steps of 25 to 40 ns.
const quotientWeight = 8

// quotientWithin is [Octal.Quotient] with at most total quotient steps in all (0: as many as
// Quotient takes), continuing from
// the quotient from of o (of fewer heaps, without a period) when it is not nil. The result is
// the same as from heap 1.
func (o *Octal) quotientWithin(ctx context.Context, from *Quotient, n int, total int64) (*Quotient, error) {
	b := &quotientBuilder{o: o, pl: o.plan(), ctx: ctx, total: total, from: from}
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

// alg returns m as a [mono.Monoid], sharing its table.
func (m *monoid) alg() *mono.Monoid { return &mono.Monoid{N: m.n, Mul: m.mul, P: m.p} }

type quotientBuilder struct {
	o     *Octal
	pl    *plan
	ctx   context.Context
	m     *monoid
	types []heapType // the live heaps so far, ascending
	kinds *kindSet   // the kinds of types in m, when kinds.m is m
	phi   []int32
	nim   []int // nim[h]: the normal-play value of heap h, for the tame path
	chg   []Change
	b     *budget
	total int64     // the quotient steps of every heap together; 0: Limits.Steps/quotientWeight
	from  *Quotient // when not nil, the verified quotient of the heaps below where run starts
	wild  bool      // skip the tame path (the tests compare the two)
}

func (qb *quotientBuilder) result(n int) *Quotient {
	return newQuotient(qb.o, n, qb.m, qb.phi, qb.chg)
}

func (qb *quotientBuilder) run(n int) (*Quotient, error) {
	qb.m = &monoid{n: 1, mul: []int32{0}, p: []bool{false}}
	qb.phi = []int32{0}
	qb.nim = []int{0}
	h := 1 // the heap being built, for the error
	total := qb.total
	if total <= 0 {
		total = max(qb.o.limits.Steps/quotientWeight, 1)
	}
	qb.b = newBudget(qb.ctx, total, quotientUnit, func() string {
		return "the misère quotient of " + qb.pl.code + " at heap " + strconv.Itoa(h)
	})
	if q := qb.from; q != nil {
		h = q.heaps
		if err := qb.resume(q); err != nil {
			return q, err
		}
		h++
	}
	for ; h <= n; h++ {
		err := qb.pl.crowdedError(qb.b.what, fromHeaps([]int{h}))
		if err == nil {
			err = qb.step(h)
		}
		if err != nil {
			var last *Quotient
			if h > 1 {
				last = qb.result(h - 1)
			}
			return last, err
		}
		if _, p := phiPeriod(qb.o.plan(), qb.phi[:h+1]); p > 0 {
			return qb.result(h), nil
		}
	}
	return qb.result(n), nil
}

// resume makes the builder that of the verified quotient q, as if it had built q: the monoid,
// Φ and the changes of q, and the option classes and nim-values of its heaps, one step for
// each option.
func (qb *quotientBuilder) resume(q *Quotient) error {
	qb.m = &monoid{n: q.order, mul: q.mul, p: q.pset} // never written: the builder makes new monoids
	qb.phi = slices.Clone(q.phi)
	qb.chg = slices.Clone(q.changes)
	qb.nim = qb.nim[:1]
	qb.types = nil
	for h := 1; h <= q.heaps; h++ {
		if qb.pl.dead(h) {
			qb.nim = append(qb.nim, 0)
			continue
		}
		opts, g, err := qb.optionClasses(h)
		if err != nil {
			return err
		}
		qb.nim = append(qb.nim, g)
		qb.types = append(qb.types, heapType{heap: h, q: qb.phi[h], opts: opts})
	}
	return nil
}

// optionClasses returns the distinct classes of the options of heap h in the current monoid,
// and the nim-value of h.
func (qb *quotientBuilder) optionClasses(h int) ([]int32, int, error) {
	var cls []int32
	var vals []bool
	qb.pl.options(h, h, func(_ int, left []int) bool {
		if !qb.b.spend(1) {
			return false
		}
		c, v := int32(0), 0
		for _, l := range left {
			c = qb.m.times(c, qb.phi[l])
			v ^= qb.nim[l]
		}
		if !slices.Contains(cls, c) {
			cls = append(cls, c)
		}
		for len(vals) <= v {
			vals = append(vals, false)
		}
		vals[v] = true
		return true
	})
	slices.Sort(cls)
	g := 0
	for g < len(vals) && vals[g] {
		g++
	}
	return cls, g, qb.b.err
}

// step extends the verified quotient of the heaps below h to heap h.
func (qb *quotientBuilder) step(h int) error {
	if qb.b.done() {
		return qb.b.err
	}
	if qb.pl.dead(h) {
		qb.phi = append(qb.phi, 0)
		qb.nim = append(qb.nim, 0)
		return nil
	}
	opts, g, err := qb.optionClasses(h)
	if err != nil {
		return err
	}
	qb.nim = append(qb.nim, g)
	if ok, err := qb.tame(h, opts, g); ok || err != nil {
		return err
	}
	m := qb.m
	// Every element of the current quotient, as Φ(h): the classes of the heaps below h first,
	// the nearest first (a periodic Φ repeats one of them), then the others. At most one
	// passes, so the order changes only the time.
	cands := make([]int32, 0, m.n)
	tried := make([]bool, m.n)
	for g := h - 1; g >= 0 && len(cands) < m.n; g-- {
		if x := qb.phi[g]; !tried[x] {
			tried[x] = true
			cands = append(cands, x)
		}
		// The heaps below h are work too, one step for 64 (when an element is no heap's class,
		// the walk goes down to heap 0 at every step).
		if (h-g)%(64<<10) == 0 && !qb.b.spend(1<<10) {
			return qb.b.err
		}
	}
	for x := int32(0); int(x) < m.n; x++ {
		if !tried[x] {
			cands = append(cands, x)
		}
	}
	ks, err := qb.kindSet()
	if err != nil {
		return err
	}
	tk, ok := ks.optionSet(opts, qb.b)
	if !ok {
		return qb.b.err
	}
	accept := func(x int32) {
		t := heapType{heap: h, q: x, opts: opts}
		ks.add(t, tk)
		qb.types = append(qb.types, t)
		qb.phi = append(qb.phi, x)
	}
	// A heap of the kind of a heap below h adds no kind, so the verification of the heaps
	// below h accepts it as it is.
	for _, x := range cands {
		if _, ok := ks.ids[kindKey(x, tk)]; ok {
			accept(x)
			return nil
		}
	}
	for _, x := range cands {
		ok, _, err := ks.with(heapType{heap: h, q: x, opts: opts}, tk).verify(qb.b)
		if err != nil {
			return err
		}
		if ok {
			accept(x)
			return nil
		}
	}
	return qb.words(h)
}

// maxRounds bounds the corrections of a guessed presentation in one step.
const maxRounds = 64

// kindSet returns the kinds of the heaps below the current heap in the current quotient,
// adding the heaps it lacks (all of them after the quotient changed).
func (qb *quotientBuilder) kindSet() (*kindSet, error) {
	if qb.kinds == nil || qb.kinds.m != qb.m || qb.kinds.heaps > len(qb.types) {
		qb.kinds = newKindSet(qb.m)
	}
	ks := qb.kinds
	for _, t := range qb.types[ks.heaps:] {
		tk, ok := ks.optionSet(t.opts, qb.b)
		if !ok {
			return nil, qb.b.err
		}
		ks.add(t, tk)
	}
	return ks, nil
}

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

// newQuotient returns the Quotient of the verified reduced monoid m, numbered by shortest
// words, with MisereSolver's normal forms and its period when one is proven.
func newQuotient(o *Octal, n int, m *monoid, phi []int32, chg []Change) *Quotient {
	// The generators: each heap whose class the heaps below it do not generate.
	var gens []int
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
	// Numbering: by the least words in the graded order of mono.CompareGraded.
	order, _ := mono.GradedWords(m.alg(), genCls)
	num := make([]int32, m.n)
	for k, x := range order {
		num[x] = int32(k)
	}
	q := &Quotient{game: o, heaps: n, order: len(order), gens: slices.Clone(gens), changes: slices.Clone(chg)}
	q.mul = make([]int32, q.order*q.order)
	q.pset = make([]bool, q.order)
	for k, x := range order {
		q.pset[k] = m.p[x]
		for l, y := range order {
			q.mul[k*q.order+l] = num[m.times(x, y)]
		}
	}
	q.phi = make([]int32, n+1)
	for h := range q.phi {
		q.phi[h] = num[phi[h]]
	}
	q.words = mono.NormalWords(q.order, q.Mul, q.genElems())
	q.pre, q.period = phiPeriod(o.plan(), q.phi)
	return q
}

// phiPeriod returns the preperiod and period of phi = Φ(0..n) of pl when the periodicity
// argument of [Octal.Quotient] proves them within those heaps, and 0, 0 otherwise. Only the
// equality of classes counts, so it needs no numbering of the elements, and the builder asks
// it at every heap without making a Quotient.
func phiPeriod(pl *plan, phi []int32) (int, int) {
	if !pl.provable || pl.heaps < 1 {
		return 0, 0
	}
	t := len(pl.digits) - 1
	k := pl.heaps
	n := len(phi) - 1
	for p := 1; k*(1+p)+t <= n+1; p++ {
		// The least n0 >= 1 from which Φ(m+p) = Φ(m) up to n.
		n0 := n - p + 1
		for n0 > 1 && phi[n0-1+p] == phi[n0-1] {
			n0--
		}
		if n0 <= n-p && k*(n0+p)+t <= n+1 {
			return n0, p
		}
	}
	return 0, 0
}
