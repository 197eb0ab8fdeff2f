// Package canon finds misère canonical forms of impartial games given by their options (Conway,
// On Numbers and Games ch. 12), with their genera, tameness and the text CGSuite prints for
// them. The root package walks the positions of an octal game and hands each one's options
// here; a [Budget] it supplies bounds the work and watches its context.
package canon

import (
	"slices"
	"strconv"
	"strings"
)

// This file implements the table of canonical games: interning by options, the reduction of
// reversible options, and Conway's test of equality.

// A Budget counts the work of one computation. Spend counts n units and reports whether the
// work may go on; once it returns false it returns false for good, so Spend(0) reports whether
// the budget has stopped. Enter counts one level deeper of a recursion and reports whether it
// may go on; Leave undoes one Enter that returned true.
type Budget interface {
	Spend(n int64) bool
	Enter() bool
	Leave()
}

// A game is a game in misère canonical form: its options are canonical and none of them is
// reversible, so two games are equal in misère play (no sum tells them apart) exactly when
// their canonical forms are identical.
type game struct {
	opts  []int // canonical options, by id, ascending
	value int   // misère nim-value
	genus Genus
	nim   int  // n when the game is the nim-heap *n, else -1
	tame  bool // tame in Conway's sense: see Table.classify
	birth int  // the birthday: 0 with no option, else one more than the latest option's
}

// A Table interns canonical games for one computation, each by an id. It is not safe for
// concurrent use. Once its budget stops it, its answers are void.
type Table struct {
	ids   map[string]int
	games []game
	b     Budget // nil: unbounded
	over  bool   // b stopped it
}

// New returns an empty table whose work b bounds; a nil b bounds nothing.
func New(b Budget) *Table {
	return &Table{ids: map[string]int{}, b: b}
}

// spend counts n units of work, and reports whether the table may go on.
func (t *Table) spend(n int64) bool {
	if t.over || t.b != nil && !t.b.Spend(n) {
		t.over = true
	}
	return !t.over
}

// enter counts one level deeper, and reports whether the table may go on; leave undoes an
// enter that returned true.
func (t *Table) enter() bool {
	if t.over || t.b != nil && !t.b.Enter() {
		t.over = true
	}
	return !t.over
}

func (t *Table) leave() {
	if t.b != nil {
		t.b.Leave()
	}
}

// Nim returns n when game id is the nim-heap *n, else -1.
func (t *Table) Nim(id int) int { return t.games[id].nim }

// Tame reports whether game id is tame in Conway's sense: its genus is tame, and each option is
// tame or reverses, within tame games, through a tame option of the same genus.
func (t *Table) Tame(id int) bool { return t.games[id].tame }

// Value returns the misère nim-value of game id.
func (t *Table) Value(id int) int { return t.games[id].value }

// intern returns the id of the game whose options are opts (canonical, ascending, distinct).
func (t *Table) intern(opts []int) int {
	var b strings.Builder
	for _, x := range opts {
		b.WriteString(strconv.Itoa(x))
		b.WriteByte(',')
	}
	key := b.String()
	if id, ok := t.ids[key]; ok {
		return id
	}
	g := game{opts: opts, value: 1, nim: len(opts)}
	genera := make([]Genus, len(opts))
	seen := make([]bool, len(opts)+2)
	for i, x := range opts {
		o := &t.games[x]
		genera[i] = o.genus
		g.birth = max(g.birth, o.birth+1)
		if o.value < len(seen) {
			seen[o.value] = true
		}
		if o.nim < 0 || o.nim >= len(opts) { // distinct nim-heaps below n: *0 ... *(n-1)
			g.nim = -1
		}
	}
	if len(opts) > 0 {
		g.value = slices.Index(seen, false)
	}
	g.genus = GenusOf(genera)
	g.tame = t.classify(&g)
	id := len(t.games)
	t.games = append(t.games, g)
	t.ids[key] = id
	return id
}

// classify reports whether g is tame: its genus is tame, and each option is tame or reverses,
// within tame games, through a tame option of the same genus as g. A nim-heap is tame, and so
// are sums of tame games (Conway); in Kayles a heap of 7 is tame (its wild option, a heap of 5,
// reverses through a heap of 2) and a heap of 5 is wild.
func (t *Table) classify(g *game) bool {
	if !g.genus.Tame() {
		return false
	}
	for _, x := range g.opts {
		o := &t.games[x]
		if o.tame {
			continue
		}
		if !slices.ContainsFunc(o.opts, func(y int) bool {
			return t.games[y].tame && slices.Equal(t.games[y].genus.Misere, g.genus.Misere) &&
				t.games[y].genus.Normal == g.genus.Normal
		}) {
			return false
		}
	}
	return true
}

// Reduce returns the id of the canonical form of the game whose options have the canonical
// forms opts (ids of t, in any order, repeats allowed; Reduce may reorder them), or -1 when
// the budget stops it.
func (t *Table) Reduce(opts []int) int {
	slices.Sort(opts)
	opts = slices.Compact(opts)
	// If some option G' has an option G'' equal to G, then G' is reversible and G equals
	// G'', which is canonical; otherwise no option is reversible and G is canonical as it is.
	id := -1
	eq := map[int]bool{}
	for _, x := range opts {
		for _, y := range t.games[x].opts {
			if t.equal(opts, y, eq) {
				id = y
				break
			}
		}
		if id >= 0 {
			break
		}
	}
	if t.over {
		return -1
	}
	if id < 0 {
		id = t.intern(opts)
	}
	return id
}

// equal reports whether the game G with the canonical options opts equals the canonical game
// k, by Conway's criterion: G and K have the same misère outcome; every option of G is an
// option of K or has K as an option; and every option of K is an option of G or has an option
// equal to G. memo holds the answers for this G. TestBornByDay checks the forms against the
// published counts of the games born by each day (1, 2, 3, 5, 22, and 4,171,780 by day 5)
// and against play with every game born by day 4.
func (t *Table) equal(opts []int, k int, memo map[int]bool) bool {
	if v, ok := memo[k]; ok {
		return v
	}
	memo[k] = false // equal recurses only into games born earlier than k
	K := &t.games[k]
	// The comparison costs what it reads: one step for each 16 options (a move costs four).
	if !t.spend(1 + int64(len(opts)+len(K.opts))/16) {
		return false
	}
	seen := make([]bool, len(opts)+2)
	for _, x := range opts {
		if v := t.games[x].value; v < len(seen) {
			seen[v] = true
		}
	}
	value := 1
	if len(opts) > 0 {
		value = slices.Index(seen, false)
	}
	if (value == 0) != (K.value == 0) {
		return false
	}
	for _, x := range opts {
		if _, ok := slices.BinarySearch(K.opts, x); !ok && !slices.Contains(t.games[x].opts, k) {
			return false
		}
	}
	for _, x := range K.opts {
		if _, ok := slices.BinarySearch(opts, x); ok {
			continue
		}
		if !slices.ContainsFunc(t.games[x].opts, func(y int) bool { return t.equal(opts, y, memo) }) {
			return false
		}
	}
	memo[k] = true
	return true
}
