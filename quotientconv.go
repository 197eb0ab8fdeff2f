package kayles

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
)

// This file implements the text form of misère quotients: writing one, and reading one back
// with its verification.

// errZeroQuotient is the error of writing the zero Quotient.
var errZeroQuotient = errors.New("kayles: the zero Quotient has no text form")

// String returns the text form of q, which [ParseQuotient] reads back ("" for the zero
// Quotient): a header line with the code and the heaps, then lines "order", "period" (n0 and
// p, or "none"), "generators" (their heaps), "changes" (heap:order), "P" (the P-portion),
// "phi" (Φ(0), ..., Φ(n)) and "mul" followed by the multiplication table, one row of Order()
// elements per line.
func (q *Quotient) String() string {
	b, _ := q.AppendText(nil)
	return string(b)
}

// AppendText appends the text form of q to b ([Quotient.String]); it fails only for the zero
// Quotient, which has none.
func (q *Quotient) AppendText(b []byte) ([]byte, error) {
	if q.order == 0 {
		return b, errZeroQuotient
	}
	ints := func(b []byte, name string, xs []int) []byte {
		b = append(b, name...)
		for _, x := range xs {
			b = append(b, ' ')
			b = strconv.AppendInt(b, int64(x), 10)
		}
		return append(b, '\n')
	}
	b = append(b, "misère quotient of "...)
	b = append(b, q.Code()...)
	b = append(b, " to heap "...)
	b = strconv.AppendInt(b, int64(q.heaps), 10)
	b = append(b, "\norder "...)
	b = strconv.AppendInt(b, int64(q.order), 10)
	b = append(b, "\nperiod"...)
	if q.period > 0 {
		b = append(b, ' ')
		b = strconv.AppendInt(b, int64(q.pre), 10)
		b = append(b, ' ')
		b = strconv.AppendInt(b, int64(q.period), 10)
	} else {
		b = append(b, " none"...)
	}
	b = append(b, '\n')
	b = ints(b, "generators", q.gens)
	b = append(b, "changes"...)
	for _, c := range q.changes {
		b = append(b, ' ')
		b = strconv.AppendInt(b, int64(c.Heap), 10)
		b = append(b, ':')
		b = strconv.AppendInt(b, int64(c.Order), 10)
	}
	b = append(b, '\n')
	b = ints(b, "P", q.PPortion())
	phi := make([]int, len(q.phi))
	for h, x := range q.phi {
		phi[h] = int(x)
	}
	b = ints(b, "phi", phi)
	b = append(b, "mul\n"...)
	for x := range q.order {
		for y := range q.order {
			if y > 0 {
				b = append(b, ' ')
			}
			b = strconv.AppendInt(b, int64(q.Mul(x, y)), 10)
		}
		b = append(b, '\n')
	}
	return b, nil
}

// MarshalText returns the text form of q ([Quotient.String]).
func (q *Quotient) MarshalText() ([]byte, error) { return q.AppendText(nil) }

// ParseQuotient reads the text form of a quotient ([Quotient.String]) and verifies it exactly
// before it returns it: the table must be a commutative monoid with identity 0, Φ must map
// every heap with no move to 0, the P-portion must predict the misère outcome of every sum of
// heaps up to the heaps of the text (the verification of [Octal.Quotient], against the rules
// of the code), the monoid must be reduced and numbered in normal-form order, and the period,
// generators and changes must be those that the table implies. The verification costs what
// that of one heap of Octal.Quotient costs, with two reductions of the monoid for each change,
// within [Limits].Steps of the default limits, and
// stops with ctx. Text that is not a quotient, or not the quotient of its code, gets a
// [*ParseError] wrapping [ErrSyntax] (or [ErrRange] for a number too large) that says why;
// past the limit a [*LimitError].
func ParseQuotient(ctx context.Context, s string) (*Quotient, error) {
	t, err := readQuotientText(s)
	if err != nil {
		return nil, err
	}
	o := t.o
	b := newBudget(ctx, o.limits.Steps, quotientUnit, func() string { return "the verification of a misère quotient of " + o.String() })
	if err := t.checkMonoid(b); err != nil {
		return nil, err
	}
	types, err := t.heapTypes(b)
	if err != nil {
		return nil, err
	}
	if err := t.checkOutcomes(types, b); err != nil {
		return nil, err
	}
	chg, err := t.changes(types, b)
	if err != nil {
		return nil, err
	}
	q := newQuotient(o, t.n, t.m, t.phi, chg)
	if q.String() != strings.TrimRight(s, "\n")+"\n" {
		return nil, t.bad(0, "the text is not the canonical form of the quotient it describes (numbering, generators, changes or period)")
	}
	return q, nil
}

// A quotientText is the text form of a quotient as [ParseQuotient] reads it: its lines, the
// offset in the text where each begins, and the quotient they describe, not yet verified.
type quotientText struct {
	s       string
	lines   []string
	offsets []int
	o       *Octal
	n       int     // the heaps
	m       *monoid // the table, with its P-portion
	gens    []int   // the generator heaps
	phi     []int32 // Φ(0), ..., Φ(n)
}

// readQuotientText reads the sections of the text form s: the header and the lines "order" to
// "mul" with the table, checking only their form.
func readQuotientText(s string) (*quotientText, error) {
	t := &quotientText{s: s, lines: strings.Split(strings.TrimRight(s, "\n"), "\n")}
	t.offsets = make([]int, len(t.lines))
	for i, off := 0, 0; i < len(t.lines); i++ {
		t.offsets[i] = off
		off += len(t.lines[i]) + 1
	}
	if err := t.header(); err != nil {
		return nil, err
	}
	if err := t.sections(); err != nil {
		return nil, err
	}
	return t, nil
}

// bad returns the error of the text at offset.
func (t *quotientText) bad(offset int, why string) error {
	return newParseError("quotient", t.s, offset, why, ErrSyntax)
}

// field returns the numbers of line i after its name (the whole line when name is "").
func (t *quotientText) field(i int, name string) ([]int, error) {
	if i >= len(t.lines) {
		return nil, t.bad(len(t.s), "the line "+strconv.Quote(name)+" is missing")
	}
	f := strings.Fields(t.lines[i])
	if name != "" {
		if len(f) == 0 || f[0] != name {
			return nil, t.bad(t.offsets[i], "want the line "+strconv.Quote(name))
		}
		f = f[1:]
	}
	xs := make([]int, len(f))
	for k, w := range f {
		x, err := strconv.Atoi(w)
		if err != nil || x < 0 {
			return nil, t.bad(t.offsets[i], "want numbers of at least 0, not "+strconv.Quote(w))
		}
		xs[k] = x
	}
	return xs, nil
}

// header reads the first line, "misère quotient of CODE to heap N".
func (t *quotientText) header() error {
	const header = "misère quotient of "
	if len(t.lines) < 8 || !strings.HasPrefix(t.lines[0], header) {
		return t.bad(0, "want a header \"misère quotient of CODE to heap N\" and seven lines more")
	}
	code, heapText, ok := strings.Cut(strings.TrimPrefix(t.lines[0], header), " to heap ")
	if !ok {
		return t.bad(0, "want \" to heap N\" after the code")
	}
	o, err := ParseOctal(code)
	if err != nil {
		return t.bad(len(header), "the code: "+err.Error())
	}
	n, err := strconv.Atoi(heapText)
	if err != nil || n < 0 || n > MaxQuotientOrder*64 {
		return t.bad(len(header)+len(code), "want a number of heaps from 0 to "+strconv.Itoa(MaxQuotientOrder*64))
	}
	t.o, t.n = o, n
	return nil
}

// sections reads the lines "order" to "mul" and the table. The lines "period" and "changes"
// are only named here: the period is checked against the canonical form, and the changes
// after the verification (see changes).
func (t *quotientText) sections() error {
	ord, err := t.field(1, "order")
	if err != nil {
		return err
	}
	if len(ord) != 1 || ord[0] < 1 || ord[0] > MaxQuotientOrder {
		return t.bad(t.offsets[1], "want an order from 1 to "+strconv.Itoa(MaxQuotientOrder))
	}
	order := ord[0]
	if f := strings.Fields(t.lines[2]); len(f) == 0 || f[0] != "period" {
		return t.bad(t.offsets[2], "want the line \"period\"")
	}
	if t.gens, err = t.field(3, "generators"); err != nil {
		return err
	}
	if f := strings.Fields(t.lines[4]); len(f) == 0 || f[0] != "changes" {
		return t.bad(t.offsets[4], "want the line \"changes\"")
	}
	ps, err := t.field(5, "P")
	if err != nil {
		return err
	}
	phi, err := t.field(6, "phi")
	if err != nil {
		return err
	}
	if len(phi) != t.n+1 {
		return t.bad(t.offsets[6], "want Φ of heaps 0 to "+strconv.Itoa(t.n))
	}
	if strings.TrimSpace(t.lines[7]) != "mul" || len(t.lines) != 8+order {
		return t.bad(t.offsets[7], "want the line \"mul\" and "+strconv.Itoa(order)+" rows")
	}
	m := &monoid{n: order, mul: make([]int32, order*order), p: make([]bool, order)}
	for x := range order {
		row, err := t.field(8+x, "")
		if err != nil {
			return err
		}
		if len(row) != order {
			return t.bad(t.offsets[8+x], "want "+strconv.Itoa(order)+" elements in each row")
		}
		for y, z := range row {
			if z >= order {
				return t.bad(t.offsets[8+x], "an element beyond the order")
			}
			m.mul[x*order+y] = int32(z)
		}
	}
	for _, x := range ps {
		if x >= order {
			return t.bad(t.offsets[5], "an element beyond the order")
		}
		m.p[x] = true
	}
	t.phi = make([]int32, t.n+1)
	for h, x := range phi {
		if x >= order {
			return t.bad(t.offsets[6], "an element beyond the order")
		}
		t.phi[h] = int32(x)
	}
	t.m = m
	return nil
}

// checkMonoid checks that the table is a commutative monoid with identity 0, generated by the
// classes of the generators, and associative.
func (t *quotientText) checkMonoid(b *budget) error {
	m, order := t.m, t.m.n
	if !b.spend(int64(order) * int64(order)) {
		return b.err
	}
	for x := range order {
		if m.times(0, int32(x)) != int32(x) {
			return t.bad(t.offsets[8], "0 is not the identity")
		}
		for y := x + 1; y < order; y++ {
			if m.times(int32(x), int32(y)) != m.times(int32(y), int32(x)) {
				return t.bad(t.offsets[8+x], "the table is not commutative")
			}
		}
	}
	gen := []int32{0}
	seen := make([]bool, order)
	seen[0] = true
	for k := 0; k < len(gen); k++ {
		for _, g := range t.gens {
			if g > t.n {
				return t.bad(t.offsets[3], "a generator beyond the heaps")
			}
			if y := m.times(gen[k], t.phi[g]); !seen[y] {
				seen[y] = true
				gen = append(gen, y)
			}
		}
	}
	if len(gen) != order {
		return t.bad(t.offsets[3], "the generators do not generate the monoid")
	}
	// Associative, by Light's test: (xy)g = x(yg) for all x, y and each generator g is
	// enough, in O(order²) per generator. The g for which it holds contain 0 and are closed
	// under products: (xy)(gh) = ((xy)g)h = (x(yg))h = x((yg)h) = x(y(gh)). Every element is
	// a product of generators, so it holds for every g.
	for _, g := range t.gens {
		if !b.spend(int64(order) * int64(order)) {
			return b.err
		}
		c := t.phi[g]
		for x := range int32(order) {
			for y := range int32(order) {
				if m.times(m.times(x, y), c) != m.times(x, m.times(y, c)) {
					return t.bad(t.offsets[8+x], "the table is not associative")
				}
			}
		}
	}
	return nil
}

// heapTypes returns the heap types of heaps 1 to n under Φ, the classes of their options
// taken from the rules of the code, and checks that every heap with no move is the identity.
func (t *quotientText) heapTypes(b *budget) ([]heapType, error) {
	pl, m, phi := t.o.plan(), t.m, t.phi
	if err := pl.crowdedError(func() string { return "checking the quotient of " + pl.code + " to heap " + strconv.Itoa(t.n) }, fromHeaps([]int{t.n})); err != nil {
		return nil, err
	}
	var types []heapType
	for h := 1; h <= t.n; h++ {
		if pl.dead(h) {
			if phi[h] != 0 {
				return nil, t.bad(t.offsets[6], "a heap with no move is not the identity")
			}
			continue
		}
		var opts []int32
		pl.options(h, h, func(_ int, left []int) bool {
			if !b.spend(1) {
				return false
			}
			c := int32(0)
			for _, l := range left {
				c = m.times(c, phi[l])
			}
			if !slices.Contains(opts, c) {
				opts = append(opts, c)
			}
			return true
		})
		if b.err != nil {
			return nil, b.err
		}
		slices.Sort(opts)
		types = append(types, heapType{heap: h, q: phi[h], opts: opts})
	}
	return types, nil
}

// checkOutcomes checks that the P-portion predicts the misère outcome of every sum of heaps up
// to n, and that the monoid is reduced.
func (t *quotientText) checkOutcomes(types []heapType, b *budget) error {
	if t.phi[0] != 0 {
		return t.bad(t.offsets[6], "the empty heap is not the identity")
	}
	ok, _, err := verify(t.m, types, b)
	if err != nil {
		return err
	}
	if !ok {
		return t.bad(t.offsets[5], "the P-portion does not predict the misère outcomes of "+t.o.String())
	}
	if red, _ := reduce(t.m, types); red.n != t.m.n {
		return t.bad(t.offsets[1], "the monoid is not reduced, or not generated by Φ: its quotient has "+strconv.Itoa(red.n)+" elements")
	}
	return nil
}

// changes reads the line "changes" and checks it against the table: the changes name heaps 1
// to n with orders growing from 1 (Q_0 has one element) to the order, and each is where the
// reduction of the heaps so far grows.
func (t *quotientText) changes(types []heapType, b *budget) ([]Change, error) {
	order, at := t.m.n, t.offsets[4]
	var chg []Change
	for _, w := range strings.Fields(t.lines[4])[1:] {
		hs, os, ok := strings.Cut(w, ":")
		h, err1 := strconv.Atoi(hs)
		c, err2 := strconv.Atoi(os)
		if !ok || err1 != nil || err2 != nil {
			return nil, t.bad(at, "want changes as heap:order")
		}
		chg = append(chg, Change{Heap: h, Order: c})
	}
	last := Change{Heap: 0, Order: 1}
	for k, c := range chg {
		if c.Heap > t.n || c.Order > order || c.Order <= last.Order || c.Heap <= last.Heap || (k == len(chg)-1 && c.Order != order) {
			return nil, t.bad(at, "the changes do not match the order")
		}
		last = c
	}
	// The order grows only at the changes: Q_h is the reduction of the monoid generated by
	// the heaps up to h, and |Q_h| never falls as h grows, so the orders just before and at
	// each change fix it at every heap.
	prev := 1
	for _, c := range chg {
		for _, h := range []int{c.Heap - 1, c.Heap} {
			k := 0
			for k < len(types) && types[k].heap <= h {
				k++
			}
			// One round of the reduction's refinement (it takes a few): what a heap of
			// Octal.Quotient spends on its own reduction.
			if !b.spend(int64(order) * int64(k+1)) {
				return nil, b.err
			}
			if red, _ := reduce(t.m, types[:k]); red.n != prev {
				return nil, t.bad(at, fmt.Sprintf("the changes do not match the table: Q_%d has %d elements, not %d", h, red.n, prev))
			}
			prev = c.Order
		}
	}
	return chg, nil
}
