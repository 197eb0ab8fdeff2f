package kayles

import (
	"context"

	"github.com/octalgames/kayles/internal/canon"
)

// This file implements misère canonical forms of positions, to tell nim-heaps and tame games
// apart from wild ones; package canon holds the forms and their text.

// MisereCanonical returns the misère canonical form of p (Conway, On Numbers and Games ch. 12:
// the simplest game that no sum tells apart from p in misère play) as CGSuite prints a
// MisereCanonicalForm: "*[", the form, "]". A nim-heap *n is its number ("*[2]"; from 10 on
// "&10;"); a sum H + *n with H born earlier (n >= 2, of the parity of the game) is H with n
// as a subscript in brackets (*2+*2 is "*[2[2]]"), and an odd game E + *1 is E with the
// subscript 1; a game with one option is that option followed by "#" ("*[2#]" has the one
// option *2); a game with more options lists them, compound ones in parentheses, from the last
// to the first in CGSuite's canonical order (by their even parts' birthday, number of
// options, normal and misère values and options, the even game first), as in
// "*[(2#1)2##]". In Kayles a heap of 3 is "*[3]", of 5 "*[2[2]321]" and of 8 "*[2[3]]".
// Two positions have the same text exactly when they are equal in misère play.
//
// It matches CGSuite on every form of CGSuite's own tests. Where CGSuite would write a sum
// H + *n whose H is not an option of the game, MisereCanonical, which looks for H only among
// the options, writes the game by its options instead: the same game, in a longer text.
//
// It costs what [Octal.Tame] costs, plus the sums it tries and one step for each byte of the
// text (which can grow exponentially with the tokens): all within [Limits].SearchSteps, past
// which it returns a [*LimitError]; when ctx is done first, ctx's error. It is safe for
// concurrent use.
func (o *Octal) MisereCanonical(ctx context.Context, p Position) (string, error) {
	o = o.game()
	pl := o.plan()
	b := newBudget(ctx, o.limits.SearchSteps, searchUnit, positionQuestion("the misère canonical form", pl.code, p))
	if err := pl.crowdedError(b.what, p); err != nil {
		return "", err
	}
	q, _ := pl.misereForm(p)
	t := newCanonTable(b)
	id := t.canon(pl, q)
	if id < 0 {
		return "", b.err
	}
	s, ok := t.Text(id)
	if !ok {
		return "", b.err
	}
	return s, nil
}

// canonTable finds the canonical forms of the positions of one computation in a canon.Table;
// it is not shared, so it needs no lock.
type canonTable struct {
	*canon.Table
	memo map[Position]int
	b    *budget // the positions it may visit, and the context
	over bool    // b stopped it; the answers are void
}

func newCanonTable(b *budget) *canonTable {
	return &canonTable{Table: canon.New(canonBudget{b}), memo: map[Position]int{}, b: b}
}

// canonBudget lets package canon spend a budget; a nil budget is unbounded.
type canonBudget struct{ b *budget }

func (c canonBudget) Spend(n int64) bool { return c.b.spend(n) }
func (c canonBudget) Enter() bool        { return c.b.enter() }
func (c canonBudget) Leave()             { c.b.leave() }

// canon returns the id of the canonical form of p, a misère normal form of o, or -1 when the
// table's budget stops it.
func (t *canonTable) canon(o *plan, p Position) int {
	if id, ok := t.memo[p]; ok {
		return id
	}
	if t.over || !t.b.enter() {
		t.over = true
		return -1
	}
	defer t.b.leave()
	var opts []int
	cost := genusWeight * moveCost(p)
	for m := range o.moves(p) {
		if !t.b.spend(cost) {
			t.over = true
			return -1
		}
		x := t.canon(o, o.misereAfter(p, m.Heap, m.Left))
		if x < 0 {
			return -1
		}
		opts = append(opts, x)
	}
	id := t.Reduce(opts)
	if id < 0 {
		t.over = true
		return -1
	}
	t.memo[p] = id
	return id
}
