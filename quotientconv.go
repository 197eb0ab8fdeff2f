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
	bad := func(offset int, why string) error {
		return newParseError("quotient", s, offset, why, ErrSyntax)
	}
	lines := strings.Split(strings.TrimRight(s, "\n"), "\n")
	offsets := make([]int, len(lines))
	for i, off := 0, 0; i < len(lines); i++ {
		offsets[i] = off
		off += len(lines[i]) + 1
	}
	field := func(i int, name string) ([]int, error) {
		if i >= len(lines) {
			return nil, bad(len(s), "the line "+strconv.Quote(name)+" is missing")
		}
		f := strings.Fields(lines[i])
		if name != "" {
			if len(f) == 0 || f[0] != name {
				return nil, bad(offsets[i], "want the line "+strconv.Quote(name))
			}
			f = f[1:]
		}
		xs := make([]int, len(f))
		for k, w := range f {
			x, err := strconv.Atoi(w)
			if err != nil || x < 0 {
				return nil, bad(offsets[i], "want numbers of at least 0, not "+strconv.Quote(w))
			}
			xs[k] = x
		}
		return xs, nil
	}
	const header = "misère quotient of "
	if len(lines) < 8 || !strings.HasPrefix(lines[0], header) {
		return nil, bad(0, "want a header \"misère quotient of CODE to heap N\" and seven lines more")
	}
	code, heapText, ok := strings.Cut(strings.TrimPrefix(lines[0], header), " to heap ")
	if !ok {
		return nil, bad(0, "want \" to heap N\" after the code")
	}
	o, err := ParseOctal(code)
	if err != nil {
		return nil, bad(len(header), "the code: "+err.Error())
	}
	n, err := strconv.Atoi(heapText)
	if err != nil || n < 0 || n > MaxQuotientOrder*64 {
		return nil, bad(len(header)+len(code), "want a number of heaps from 0 to "+strconv.Itoa(MaxQuotientOrder*64))
	}
	ord, err := field(1, "order")
	if err != nil {
		return nil, err
	}
	if len(ord) != 1 || ord[0] < 1 || ord[0] > MaxQuotientOrder {
		return nil, bad(offsets[1], "want an order from 1 to "+strconv.Itoa(MaxQuotientOrder))
	}
	order := ord[0]
	if f := strings.Fields(lines[2]); len(f) == 0 || f[0] != "period" {
		return nil, bad(offsets[2], "want the line \"period\"")
	}
	gens, err := field(3, "generators")
	if err != nil {
		return nil, err
	}
	if f := strings.Fields(lines[4]); len(f) == 0 || f[0] != "changes" {
		return nil, bad(offsets[4], "want the line \"changes\"")
	}
	ps, err := field(5, "P")
	if err != nil {
		return nil, err
	}
	phiInts, err := field(6, "phi")
	if err != nil {
		return nil, err
	}
	if len(phiInts) != n+1 {
		return nil, bad(offsets[6], "want Φ of heaps 0 to "+strconv.Itoa(n))
	}
	if strings.TrimSpace(lines[7]) != "mul" || len(lines) != 8+order {
		return nil, bad(offsets[7], "want the line \"mul\" and "+strconv.Itoa(order)+" rows")
	}
	m := &monoid{n: order, mul: make([]int32, order*order), p: make([]bool, order)}
	for x := range order {
		row, err := field(8+x, "")
		if err != nil {
			return nil, err
		}
		if len(row) != order {
			return nil, bad(offsets[8+x], "want "+strconv.Itoa(order)+" elements in each row")
		}
		for y, z := range row {
			if z >= order {
				return nil, bad(offsets[8+x], "an element beyond the order")
			}
			m.mul[x*order+y] = int32(z)
		}
	}
	for _, x := range ps {
		if x >= order {
			return nil, bad(offsets[5], "an element beyond the order")
		}
		m.p[x] = true
	}
	phi := make([]int32, n+1)
	for h, x := range phiInts {
		if x >= order {
			return nil, bad(offsets[6], "an element beyond the order")
		}
		phi[h] = int32(x)
	}
	// A commutative monoid with identity 0, generated by the classes of the generators.
	b := newBudget(ctx, o.limits.Steps, quotientUnit, func() string { return "the verification of a misère quotient of " + o.String() })
	if !b.spend(int64(order) * int64(order)) {
		return nil, b.err
	}
	for x := range order {
		if m.times(0, int32(x)) != int32(x) {
			return nil, bad(offsets[8], "0 is not the identity")
		}
		for y := x + 1; y < order; y++ {
			if m.times(int32(x), int32(y)) != m.times(int32(y), int32(x)) {
				return nil, bad(offsets[8+x], "the table is not commutative")
			}
		}
	}
	gen := []int32{0}
	seen := make([]bool, order)
	seen[0] = true
	for k := 0; k < len(gen); k++ {
		for _, g := range gens {
			if g > n {
				return nil, bad(offsets[3], "a generator beyond the heaps")
			}
			if y := m.times(gen[k], phi[g]); !seen[y] {
				seen[y] = true
				gen = append(gen, y)
			}
		}
	}
	if len(gen) != order {
		return nil, bad(offsets[3], "the generators do not generate the monoid")
	}
	// Associative, by Light's test: (xy)g = x(yg) for all x, y and each generator g is
	// enough, in O(order²) per generator. The g for which it holds contain 0 and are closed
	// under products: (xy)(gh) = ((xy)g)h = (x(yg))h = x((yg)h) = x(y(gh)). Every element is
	// a product of generators, so it holds for every g.
	for _, g := range gens {
		if !b.spend(int64(order) * int64(order)) {
			return nil, b.err
		}
		c := phi[g]
		for x := range int32(order) {
			for y := range int32(order) {
				if m.times(m.times(x, y), c) != m.times(x, m.times(y, c)) {
					return nil, bad(offsets[8+x], "the table is not associative")
				}
			}
		}
	}
	pl := o.plan()
	if err := pl.crowdedError(func() string { return "checking the quotient of " + pl.code + " to heap " + strconv.Itoa(n) }, fromHeaps([]int{n})); err != nil {
		return nil, err
	}
	var types []heapType
	for h := 1; h <= n; h++ {
		if pl.dead(h) {
			if phi[h] != 0 {
				return nil, bad(offsets[6], "a heap with no move is not the identity")
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
	if phi[0] != 0 {
		return nil, bad(offsets[6], "the empty heap is not the identity")
	}
	ok, _, err = verify(m, types, b)
	if err != nil {
		return nil, err
	}
	if !ok {
		return nil, bad(offsets[5], "the P-portion does not predict the misère outcomes of "+o.String())
	}
	red, _ := reduce(m, types)
	if red.n != order {
		return nil, bad(offsets[1], "the monoid is not reduced, or not generated by Φ: its quotient has "+strconv.Itoa(red.n)+" elements")
	}
	var chg []Change
	for _, w := range strings.Fields(lines[4])[1:] {
		hs, os, ok := strings.Cut(w, ":")
		h, err1 := strconv.Atoi(hs)
		c, err2 := strconv.Atoi(os)
		if !ok || err1 != nil || err2 != nil {
			return nil, bad(offsets[4], "want changes as heap:order")
		}
		chg = append(chg, Change{Heap: h, Order: c})
	}
	// The changes name heaps 1 to n with orders growing from 1 (Q_0 has one element) to the
	// order.
	last := Change{Heap: 0, Order: 1}
	for k, c := range chg {
		if c.Heap > n || c.Order > order || c.Order <= last.Order || c.Heap <= last.Heap || (k == len(chg)-1 && c.Order != order) {
			return nil, bad(offsets[4], "the changes do not match the order")
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
			if red, _ := reduce(m, types[:k]); red.n != prev {
				return nil, bad(offsets[4], fmt.Sprintf("the changes do not match the table: Q_%d has %d elements, not %d", h, red.n, prev))
			}
			prev = c.Order
		}
	}
	q := newQuotient(o, n, m, phi, chg)
	if q.String() != strings.TrimRight(s, "\n")+"\n" {
		return nil, bad(0, "the text is not the canonical form of the quotient it describes (numbering, generators, changes or period)")
	}
	return q, nil
}
