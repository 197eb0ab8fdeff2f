// Package canontest provides a reference for tests of misère canonical forms: impartial games
// interned as sets of options with no simplification at all, and their sums of two solved in
// misère play by brute force. It is slow and obviously correct, for differential tests.
package canontest

import (
	"fmt"
	"slices"
)

// Trees interns game trees by their options. The zero value is not ready: use New. It is not
// safe for concurrent use.
type Trees struct {
	opts [][]int
	ids  map[string]int
	wins map[[2]int]bool
	sums map[[2]int]int
}

// New returns an empty set of game trees.
func New() *Trees {
	return &Trees{ids: map[string]int{}, wins: map[[2]int]bool{}, sums: map[[2]int]int{}}
}

// Game returns the id of the game whose options are the games opts (in any order, repeats
// ignored).
func (g *Trees) Game(opts ...int) int {
	opts = slices.Clone(opts)
	slices.Sort(opts)
	opts = slices.Compact(opts)
	key := fmt.Sprint(opts)
	if id, ok := g.ids[key]; ok {
		return id
	}
	g.opts = append(g.opts, opts)
	g.ids[key] = len(g.opts) - 1
	return len(g.opts) - 1
}

// Options returns the options of game id; the caller must not modify them.
func (g *Trees) Options(id int) []int { return g.opts[id] }

// SumWins reports whether the player to move wins a+b in misère play: whoever cannot move
// wins.
func (g *Trees) SumWins(a, b int) bool {
	if a > b {
		a, b = b, a
	}
	if w, ok := g.wins[[2]int{a, b}]; ok {
		return w
	}
	w := len(g.opts[a])+len(g.opts[b]) == 0
	for _, x := range g.opts[a] {
		w = w || !g.SumWins(x, b)
	}
	for _, y := range g.opts[b] {
		w = w || !g.SumWins(a, y)
	}
	g.wins[[2]int{a, b}] = w
	return w
}

// Sum returns the id of the game tree of a+b.
func (g *Trees) Sum(a, b int) int {
	if a > b {
		a, b = b, a
	}
	if id, ok := g.sums[[2]int{a, b}]; ok {
		return id
	}
	var opts []int
	for _, x := range g.opts[a] {
		opts = append(opts, g.Sum(x, b))
	}
	for _, y := range g.opts[b] {
		opts = append(opts, g.Sum(a, y))
	}
	id := g.Game(opts...)
	g.sums[[2]int{a, b}] = id
	return id
}
