package kayles

import (
	"context"
	"slices"
	"strconv"

	"github.com/octalgames/kayles/internal/canon"
)

// This file implements misère nim-values and Conway's genus of positions, and tameness.

// A Genus is Conway's genus g^{γ0γ1γ2...} of an impartial game G (On Numbers and Games ch. 12;
// Winning Ways ch. 13): g is the normal-play nim-value of G, and γk is the misère nim-value of
// G plus k nim-heaps of size 2. The γk alternate from some point on, so a Genus keeps them up
// to that point: γk for k beyond the last one repeats the last two in turn.
//
// The zero Genus, with no misère values, is the genus of no game; [Octal.Genus] returns it
// only with an error.
type Genus struct {
	Normal int   // g, the normal-play nim-value
	Misere []int // γ0, γ1, ..., γm with m >= 1, shortest: γk for k > m is γ(m-1) or γm, alternately
	form   genusForm
}

// genusForm says how [Genus.String] abbreviates a genus, as CGSuite does.
type genusForm uint8

const (
	genusWild genusForm = iota // all values up to where they alternate
	genusTame                  // g^γ0: a tame game that is not a nim-heap
	genusNim                   // g: a nim-heap
)

// Gamma returns γk, the misère nim-value of the game plus k nim-heaps of size 2, for any
// k >= 0. It returns -1, which is no value, for a negative k and for the zero Genus.
func (g Genus) Gamma(k int) int { return g.canon().Gamma(k) }

// canon returns g as package canon has it.
func (g Genus) canon() canon.Genus { return canon.Genus{Normal: g.Normal, Misere: g.Misere} }

// MisereValue returns γ0, the misère nim-value of the game.
func (g Genus) MisereValue() int { return g.Gamma(0) }

// Tame reports whether the genus is one a tame game has: that of a nim position, 0^120,
// 1^031, 0^020, 1^131 or a^{a a⊕2} for a >= 2, in which γk = g⊕2 for odd k and γk = g for even
// k >= 2. (A tame game has a tame genus, but not every game with a tame genus is tame; see
// [Octal.Tame].)
func (g Genus) Tame() bool { return g.canon().Tame() }

// String returns the genus as CGSuite prints it: g alone for a nim-heap ("1" for *1, whose
// full genus is 1^031); g^γ0 for another tame game ("2^2" for a heap of 7 Kayles pins, genus
// 2^20); and otherwise g, '^' and the values γ0 ... γm up to where they start to alternate, at
// least two of them, as in "4^146" (a heap of 5 Kayles pins), in parentheses and separated by
// commas when one of them has two digits, as in "12^(12,14)". A Genus made other than by
// [Octal.Genus] is written in full. (CGSuite also abbreviates restive games, which String
// writes in full.) The zero Genus, which Octal.Genus returns beyond its limit, is "none", as
// for the zero [Outcome] and [Period].
func (g Genus) String() string {
	if len(g.Misere) == 0 {
		return "none"
	}
	b := strconv.AppendInt(nil, int64(g.Normal), 10)
	if len(g.Misere) == 0 || g.form == genusNim {
		return string(b)
	}
	b = append(b, '^')
	vals := g.Misere
	if g.form == genusTame {
		vals = vals[:1]
	}
	wide := false
	for _, v := range vals {
		wide = wide || v >= 10
	}
	if wide {
		b = append(b, '(')
	}
	for i, v := range vals {
		if wide && i > 0 {
			b = append(b, ',')
		}
		b = strconv.AppendInt(b, int64(v), 10)
	}
	if wide {
		b = append(b, ')')
	}
	return string(b)
}

// Genus returns the genus of p, computed by a search of the positions it leads to (heaps that
// admit no move dropped), and the misère canonical forms of these positions, which tell
// nim-heaps and tame games (see [Octal.Tame]) from wild ones. The time is exponential in the
// number of tokens. The two searches take [Limits].SearchSteps steps together (the genus
// search first, the canonical forms what it left): past that the genus search returns a
// [*LimitError], while canonical forms too large to find leave the genus exact but its String
// written in full. When ctx is done first it returns ctx's error. The Misere slice of the result is the
// caller's own.
func (o *Octal) Genus(ctx context.Context, p Position) (Genus, error) {
	o = o.game()
	pl := o.plan()
	g, q, b, err := o.searchGenus(ctx, "the genus", p)
	if err != nil {
		return Genus{}, err
	}
	g.Misere = slices.Clone(g.Misere) // the memo's copy stays the memo's
	// The canonical forms have what the search left of the budget.
	left := max(b.left, 0)
	t := newCanonTable(newBudget(ctx, left, searchUnit, positionQuestion("the canonical form", pl.code, p)))
	id := t.canon(pl, q)
	if err := ctx.Err(); err != nil {
		return Genus{}, err
	}
	if id < 0 {
		return g, nil // too large to classify: written in full
	}
	switch {
	case t.Nim(id) >= 0:
		g.form = genusNim
	case t.Tame(id):
		g.form = genusTame
	}
	return g, nil
}

// MisereValue returns the misère nim-value of p: 1 when no move is left, and otherwise the
// least value no option has (the mex), so that p loses in misère play exactly when it is 0.
// It costs the search of [Octal.Genus] without the canonical forms, and returns its errors.
func (o *Octal) MisereValue(ctx context.Context, p Position) (int, error) {
	g, _, _, err := o.game().searchGenus(ctx, "the misère value", p)
	if err != nil {
		return 0, err
	}
	return g.MisereValue(), nil
}

// searchGenus returns the genus of p by the search within o's limits, for the question what,
// the misère normal form of p it searched and the budget it spent. Its misère values are the
// memo's.
func (o *Octal) searchGenus(ctx context.Context, what string, p Position) (Genus, Position, *budget, error) {
	pl := o.plan()
	b := newBudget(ctx, o.limits.SearchSteps, searchUnit, positionQuestion(what, pl.code, p))
	if err := pl.crowdedError(b.what, p); err != nil {
		return Genus{}, p, b, err
	}
	q, _ := pl.misereForm(p)
	g, ok := o.genus(q, b)
	if !ok {
		return Genus{}, q, b, b.err
	}
	return g, q, b, nil
}

// Tame reports whether p is tame in Conway's sense, as CGSuite reports it: in misère
// canonical form, its genus is tame ([Genus.Tame]) and each of its options is tame or
// reverses through a tame option of the same genus as p. Sums of tame games are tame and play
// in misère as nim positions with the same genera do. In Kayles the heaps of 0 to 4, 6, 7, 8,
// 10, 13 and 14 pins are tame, and 5, 9, 11, 12 and 15 to 20 wild. It costs what
// [Octal.Genus] costs. When it cannot tell, because the canonical forms need more than
// [Limits].SearchSteps steps, it returns a [*LimitError]; when ctx is done first, ctx's error.
func (o *Octal) Tame(ctx context.Context, p Position) (bool, error) {
	o = o.game()
	pl := o.plan()
	b := newBudget(ctx, o.limits.SearchSteps, searchUnit, positionQuestion("whether it is tame: the canonical form", pl.code, p))
	if err := pl.crowdedError(b.what, p); err != nil {
		return false, err
	}
	q, _ := pl.misereForm(p)
	t := newCanonTable(b)
	id := t.canon(pl, q)
	if id < 0 {
		return false, b.err
	}
	return t.Tame(id), nil
}

// genus computes the genus of p, a misère normal form, from those of its options, and false as
// its second result when b stopped the search.
func (o *Octal) genus(p Position, b *budget) (Genus, bool) {
	if e, ok := o.memo.genus.Get(p.enc); ok {
		return e, true
	}
	if !b.enter() {
		return Genus{}, false
	}
	defer b.leave()
	pl := o.plan()
	var opts []canon.Genus
	cost := genusWeight * moveCost(p)
	for m := range o.Moves(p) {
		if !b.spend(cost) {
			return Genus{}, false
		}
		g, ok := o.genus(pl.misereAfter(p, m.Heap, m.Left), b)
		if !ok {
			return Genus{}, false
		}
		opts = append(opts, g.canon())
	}
	c := canon.GenusOf(opts)
	e := Genus{Normal: c.Normal, Misere: c.Misere}
	o.memo.genus.Put(p.enc, e)
	return e, true
}
