package canon

import (
	"slices"
	"strconv"
	"strings"
)

// This file implements the text of misère canonical forms in CGSuite's notation, with the
// sums and parities it finds.

// A formWriter writes canonical games of a table in CGSuite's notation, with the sums and
// parities it finds (see [Table.Text]).
type formWriter struct {
	t    *Table
	nims []int          // nims[n]: the id of *n
	sums map[[2]int]int // the canonical form of the sum of two games, by their ids
	even []int          // even[id]: the even part of game id (id itself when even), -1 unknown
	rank []int          // each game's place in CGSuite's canonical order
}

// Text returns game id in CGSuite's notation, as CGSuite prints a MisereCanonicalForm: "*[",
// the form, "]". A nim-heap *n is its number ("*[2]"; from 10 on "&10;"); a sum H + *n with H
// born earlier (n >= 2, of the parity of the game) is H with n as a subscript in brackets
// (*2+*2 is "*[2[2]]"), and an odd game E + *1 is E with the subscript 1; a game with one
// option is that option followed by "#" ("*[2#]" has the one option *2); a game with more
// options lists them, compound ones in parentheses, from the last to the first in CGSuite's
// canonical order (see formWriter.ranks), as in "*[(2#1)2##]". Where CGSuite would write a
// sum H + *n whose H is not an option of the game, Text writes the game by its options
// instead. Text interns the sums it tries, and spends a unit for each game it writes out; it
// returns false when the budget stops it.
func (t *Table) Text(id int) (string, bool) {
	w := &formWriter{t: t, sums: map[[2]int]int{}}
	var b strings.Builder
	b.WriteString("*[")
	sub := false
	if !w.write(&b, id, false, &sub) {
		return "", false
	}
	if sub {
		b.WriteByte(']')
	}
	b.WriteString("]")
	return b.String(), true
}

// nim returns the id of *n, or -1 when the budget stops it.
func (w *formWriter) nim(n int) int {
	for len(w.nims) <= n {
		k := len(w.nims)
		if !w.t.spend(int64(k + 1)) {
			return -1
		}
		x := w.t.Reduce(slices.Clone(w.nims[:k]))
		if x < 0 {
			return -1
		}
		w.nims = append(w.nims, x)
	}
	return w.nims[n]
}

// add returns the id of the canonical form of x + y, or -1 when the budget stops it.
func (w *formWriter) add(x, y int) int {
	if x > y {
		x, y = y, x
	}
	if len(w.t.games[x].opts) == 0 {
		return y
	}
	if s, ok := w.sums[[2]int{x, y}]; ok {
		return s
	}
	if !w.t.enter() {
		return -1
	}
	defer w.t.leave()
	var opts []int
	for _, pair := range [2][2]int{{x, y}, {y, x}} {
		for _, o := range w.t.games[pair[0]].opts {
			if !w.t.spend(1) {
				return -1
			}
			s := w.add(o, pair[1])
			if s < 0 {
				return -1
			}
			opts = append(opts, s)
		}
	}
	s := w.t.Reduce(opts)
	if s < 0 {
		return -1
	}
	w.sums[[2]int{x, y}] = s
	return s
}

// evenPart returns E when game x is odd, x = E + *1 with E its option born just before it
// (so E is even), and x itself when x is even; -1 when the budget stops it. Of a game G and
// G + *1 one is the other's option born just before it: that one is even, as CGSuite has it.
func (w *formWriter) evenPart(x int) int {
	for len(w.even) < len(w.t.games) {
		w.even = append(w.even, -1)
	}
	if e := w.even[x]; e >= 0 {
		return e
	}
	g := &w.t.games[x]
	w.even[x] = x
	for _, e := range g.opts {
		if w.t.games[e].birth+1 != g.birth {
			continue
		}
		one := w.nim(1)
		if one < 0 {
			return -1
		}
		s := w.add(e, one)
		if s < 0 {
			return -1
		}
		if s == x {
			w.even[x] = e
			break
		}
	}
	return w.even[x]
}

// subtract returns H with H + *n = x, born before x, among the options of x; -1 when there is
// none (or the budget stops it).
func (w *formWriter) subtract(x, n int) int {
	k := w.nim(n)
	if k < 0 {
		return -1
	}
	for _, h := range w.t.games[x].opts {
		if w.t.games[h].birth < w.t.games[x].birth && w.add(h, k) == x {
			return h
		}
	}
	return -1
}

// writeNimber writes n as CGSuite does: "7", or "&12;" from 10 on.
func writeNimber(b *strings.Builder, n int) {
	if n < 10 {
		b.WriteString(strconv.Itoa(n))
	} else {
		b.WriteString("&" + strconv.Itoa(n) + ";")
	}
}

// write writes game x as CGSuite prints it: a nim-heap as its number; a sum H + *n with H
// born before x (n >= 2 of x's parity) as H with n as a subscript, and H - *n (H = x + *n born
// before x) with -n; an odd game E + *1 as E with the subscript 1; a game of one option as
// that option and "#"; else its options, the last first, in parentheses when paren. A
// subscript opens with "[" after the base's first nim-heap and closes with "]" when its
// option (or the whole form) ends: *sub says whether one is open. False when the budget stops
// it.
func (w *formWriter) write(b *strings.Builder, x int, paren bool, sub *bool) bool {
	t := w.t
	if !t.spend(1) || !t.enter() {
		return false
	}
	defer t.leave()
	g := &t.games[x]
	if g.nim >= 0 {
		writeNimber(b, g.nim)
		if *sub {
			b.WriteByte('[')
		}
		return true
	}
	e := w.evenPart(x)
	odd := e != x
	for n := 2 + btoi(odd); n < g.birth; n += 2 {
		if h := w.subtract(x, n); h >= 0 {
			*sub = true
			ok := w.write(b, h, true, sub)
			writeNimber(b, n)
			return ok
		}
		k := w.nim(n)
		if k < 0 {
			return false
		}
		if h := w.add(x, k); h >= 0 && t.games[h].birth < g.birth {
			*sub = true
			ok := w.write(b, h, true, sub)
			b.WriteByte('-')
			writeNimber(b, n)
			return ok
		}
	}
	if !t.spend(0) {
		return false
	}
	if odd {
		*sub = true
		ok := w.write(b, e, true, sub)
		b.WriteByte('1')
		return ok
	}
	if !w.placeAll() {
		return false
	}
	opts := slices.Clone(g.opts)
	slices.SortFunc(opts, func(y, z int) int { return w.rank[z] - w.rank[y] }) // the last first
	if len(opts) == 1 {
		ok := w.write(b, opts[0], true, sub)
		b.WriteByte('#')
		return ok
	}
	open := *sub
	if paren {
		b.WriteByte('(')
	}
	for _, y := range opts {
		*sub = false
		if !w.write(b, y, true, sub) {
			return false
		}
		if *sub {
			b.WriteByte(']')
		}
	}
	if paren {
		b.WriteByte(')')
	}
	if *sub = open; open {
		b.WriteByte('[')
	}
	return true
}

// placeAll brings the places of the games up to date when finding sums has made new games:
// the parity of each, including the games that finding them makes, then the order. False when
// the budget stops it.
func (w *formWriter) placeAll() bool {
	if len(w.rank) == len(w.t.games) {
		return true
	}
	for x := 0; x < len(w.t.games); x++ {
		if w.evenPart(x) < 0 {
			return false
		}
	}
	if !w.t.spend(int64(len(w.t.games))) {
		return false
	}
	w.rank = w.ranks()
	return true
}

func btoi(b bool) int {
	if b {
		return 1
	}
	return 0
}

// ranks returns the place of every game of the table in CGSuite's canonical order, which
// compares even parts (see evenPart) by birthday, number of options, normal value, misère
// value, then their options' places one by one from the first, and then puts the even game
// before the odd one. Games that agree on all of these keep the order of their ids.
func (w *formWriter) ranks() []int {
	t := w.t
	ids := make([]int, len(t.games))
	for i := range ids {
		ids[i] = i
	}
	ev := func(x int) *game { return &t.games[w.even[x]] }
	rank := make([]int, len(t.games))
	sorted := make([][]int, len(t.games)) // each game's even part's option places, ascending
	slices.SortStableFunc(ids, func(x, y int) int { return ev(x).birth - ev(y).birth })
	for lo := 0; lo < len(ids); {
		hi := lo
		for hi < len(ids) && ev(ids[hi]).birth == ev(ids[lo]).birth {
			hi++
		}
		// The options of the even parts of this layer are born earlier, so have places.
		for _, x := range ids[lo:hi] {
			for _, o := range ev(x).opts {
				sorted[x] = append(sorted[x], rank[o])
			}
			slices.Sort(sorted[x])
		}
		slices.SortStableFunc(ids[lo:hi], func(x, y int) int {
			g, h := ev(x), ev(y)
			switch {
			case len(g.opts) != len(h.opts):
				return len(g.opts) - len(h.opts)
			case g.genus.Normal != h.genus.Normal:
				return g.genus.Normal - h.genus.Normal
			case g.value != h.value:
				return g.value - h.value
			}
			if c := slices.Compare(sorted[x], sorted[y]); c != 0 {
				return c
			}
			return btoi(w.even[x] != x) - btoi(w.even[y] != y)
		})
		for k := lo; k < hi; k++ {
			rank[ids[k]] = k
		}
		lo = hi
	}
	return rank
}
