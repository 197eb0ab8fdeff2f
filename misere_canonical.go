package kayles

import (
	"slices"
	"strconv"
	"strings"
)

// This file implements misère canonical forms of positions, to tell nim-heaps and tame games apart from wild ones.

// A canonGame is a game in misère canonical form (Conway, On Numbers and Games ch. 12): its
// options are canonical and none of them is reversible, so two games are equal in misère
// play (no sum tells them apart) exactly when their canonical forms are identical.
type canonGame struct {
	opts  []int // canonical options, by id, ascending
	value int   // misère nim-value
	genus Genus
	nim   int  // n when the game is the nim-heap *n, else -1
	tame  bool // tame in Conway's sense: see canonTable.classify
	birth int  // the birthday: 0 with no option, else one more than the latest option's
}

// canonTable interns canonical games for one computation; it is not shared, so it needs no lock.
type canonTable struct {
	ids   map[string]int
	games []canonGame
	memo  map[Position]int
	b     *budget // the positions it may visit, and the context
	over  bool    // b stopped it; the answers are void
}

func newCanonTable(b *budget) *canonTable {
	return &canonTable{ids: map[string]int{}, memo: map[Position]int{}, b: b}
}

// intern returns the id of the game whose options are opts (canonical, ascending, distinct).
func (t *canonTable) intern(opts []int) int {
	var b strings.Builder
	for _, x := range opts {
		b.WriteString(strconv.Itoa(x))
		b.WriteByte(',')
	}
	key := b.String()
	if id, ok := t.ids[key]; ok {
		return id
	}
	g := canonGame{opts: opts, value: 1, nim: len(opts)}
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
	g.genus = genusOf(genera)
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
func (t *canonTable) classify(g *canonGame) bool {
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
	id := t.reduce(opts)
	if t.over {
		return -1
	}
	t.memo[p] = id
	return id
}

// reduce returns the id of the canonical form of the game whose options have the canonical
// forms opts (in any order, repeats allowed).
func (t *canonTable) reduce(opts []int) int {
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
	if id < 0 {
		id = t.intern(opts)
	}
	return id
}

// equal reports whether the game G with the canonical options opts equals the canonical game
// k, by Conway's criterion: G and K have the same misère outcome; every option of G is an
// option of K or has K as an option; and every option of K is an option of G or has an option
// equal to G. memo holds the answers for this G. TestCanonicalBornByDay checks the forms
// against the published counts of the games born by each day (1, 2, 3, 5, 22, and 4,171,780
// by day 5) and against play with every game born by day 4.
func (t *canonTable) equal(opts []int, k int, memo map[int]bool) bool {
	if v, ok := memo[k]; ok {
		return v
	}
	memo[k] = false // equal recurses only into games born earlier than k
	K := &t.games[k]
	// The comparison costs what it reads: one step for each 16 options (a move costs four).
	if !t.b.spend(1 + int64(len(opts)+len(K.opts))/16) {
		t.over = true
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
