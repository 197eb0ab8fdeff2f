package kayles

import (
	"context"
	"slices"
	"strconv"
	"strings"
)

// This file implements the text of misère canonical forms in CGSuite's notation.

// MisereCanonical returns the misère canonical form of p (Conway, On Numbers and Games ch. 12:
// the simplest game that no sum tells apart from p in misère play) as CGSuite prints a
// MisereCanonicalForm: "*[", the form, "]". A nim-heap *n is its number ("*[2]"; from 10 on
// "&10;", as CGSuite writes it); a game with one option is that option followed by "#"
// ("*[2#]" has the one option *2); a game with more options lists them, compound ones in
// parentheses, from the last to the first in CGSuite's canonical order (birthday, number of
// options, normal value, misère value, then the options), as in "*[(2#1)2##]". In Kayles a
// heap of 3 is "*[3]", and a heap of 5, wild, a game of several options.
//
// CGSuite also abbreviates a game that is a sum with a nim-heap, writing the nim-heap as a
// subscript (*2+*2 is "*[2[2]]", and G+*1 is G with the subscript 1); MisereCanonical does
// not, and writes such a game by its options (*2+*2 is "*[32]", its options *3 and *2), so
// its text differs from CGSuite's for those games and agrees for the others. Two positions
// have the same text exactly when they are equal in misère play.
//
// It costs what [Octal.Tame] costs, plus one step for each byte of the text (which can grow
// exponentially with the tokens): all within [Limits].SearchSteps, past which it returns a
// [*LimitError]; when ctx is done first, ctx's error. It is safe for concurrent use.
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
	s, ok := t.text(id)
	if !ok {
		return "", b.err
	}
	return s, nil
}

// text returns the canonical form id in CGSuite's notation, and false when the budget stops it.
func (t *canonTable) text(id int) (string, bool) {
	var b strings.Builder
	b.WriteString("*[")
	if !t.b.spend(int64(len(t.games))) {
		return "", false
	}
	if !t.writeForm(&b, t.ranks(), id, false) {
		return "", false
	}
	b.WriteString("]")
	return b.String(), true
}

// writeForm writes game id, in parentheses when paren and it has more than one option (and
// is no nim-heap); false when the budget stops it.
func (t *canonTable) writeForm(b *strings.Builder, rank []int, id int, paren bool) bool {
	g := &t.games[id]
	if g.nim >= 0 {
		if g.nim < 10 {
			b.WriteString(strconv.Itoa(g.nim))
		} else {
			b.WriteString("&" + strconv.Itoa(g.nim) + ";")
		}
		return t.b.spend(1)
	}
	if !t.b.enter() {
		return false
	}
	defer t.b.leave()
	opts := slices.Clone(g.opts)
	slices.SortFunc(opts, func(x, y int) int { return rank[y] - rank[x] }) // the last first
	if len(opts) == 1 {
		if !t.writeForm(b, rank, opts[0], true) {
			return false
		}
		b.WriteByte('#')
		return t.b.spend(1)
	}
	if paren {
		b.WriteByte('(')
	}
	for _, x := range opts {
		if !t.writeForm(b, rank, x, true) {
			return false
		}
	}
	if paren {
		b.WriteByte(')')
	}
	return t.b.spend(2)
}

// ranks returns the place of every game of the table in CGSuite's canonical order: by
// birthday, number of options, normal value, misère value, then the options' places compared
// one by one from the first. Games that agree on all of these keep the order of their ids.
// It costs O(g log g) comparisons of g games.
func (t *canonTable) ranks() []int {
	ids := make([]int, len(t.games))
	for i := range ids {
		ids[i] = i
	}
	rank := make([]int, len(t.games))
	sorted := make([][]int, len(t.games)) // each game's option places, ascending
	slices.SortStableFunc(ids, func(x, y int) int { return t.games[x].birth - t.games[y].birth })
	for lo := 0; lo < len(ids); {
		hi := lo
		for hi < len(ids) && t.games[ids[hi]].birth == t.games[ids[lo]].birth {
			hi++
		}
		// The options of this birthday's games are born earlier, so they have places.
		for _, x := range ids[lo:hi] {
			for _, o := range t.games[x].opts {
				sorted[x] = append(sorted[x], rank[o])
			}
			slices.Sort(sorted[x])
		}
		slices.SortStableFunc(ids[lo:hi], func(x, y int) int {
			g, h := &t.games[x], &t.games[y]
			switch {
			case len(g.opts) != len(h.opts):
				return len(g.opts) - len(h.opts)
			case g.genus.Normal != h.genus.Normal:
				return g.genus.Normal - h.genus.Normal
			case g.value != h.value:
				return g.value - h.value
			}
			return slices.Compare(sorted[x], sorted[y])
		})
		for k := lo; k < hi; k++ {
			rank[ids[k]] = k
		}
		lo = hi
	}
	return rank
}
