package table

import (
	"cmp"
	"context"
	"math/rand/v2"
	"slices"
	"sort"
	"strconv"
	"sync"

	"github.com/octalgames/kayles"
)

// This file implements the Nim table: Standard Nim on numbered heaps, with the same family of
// methods as the Kayles table, and the perfect player's choice on it.

// Limits of a [Nim] table: at most MaxHeaps heaps of at most MaxHeapSize objects each.
const (
	MaxHeaps    = 100
	MaxHeapSize = 1000
)

// defaultHeaps are the heaps of a Nim table set up without any: 1, 3, 5 and 7.
var defaultHeaps = []int{1, 3, 5, 7}

// A NimMove takes Count objects from heap number Index, numbered from 1 in setup order as
// players see them (not a heap size, as [kayles.Move.Heap] is). The zero NimMove takes nothing
// and is never legal; the methods that find moves return it when the game is over.
type NimMove struct {
	Index int // the heap, 1 to the number of heaps
	Count int // the number of objects taken
}

// String returns m as the text form writes it: "4:7" takes 7 objects from heap 4.
func (m NimMove) String() string { return strconv.Itoa(m.Index) + ":" + strconv.Itoa(m.Count) }

// A Nim table is a table of Standard Nim: several heaps of objects; a move takes one or more
// objects from one heap. In [Normal] play whoever takes the last object wins; in [Misere] play
// whoever takes it loses. Heaps are numbered 1, 2, ... in setup order and keep their numbers
// when empty; the players are 0, who moved first, and 1. Its rules are those of Nim, the rule
// set 0.[3] of package kayles: its hints and the opponents' choices come from that rule set's
// methods.
//
// Like a [Kayles] table it checks every rule, keeps its history for [Nim.Undo], gives hints
// and reads and writes a text form. The zero Nim table is a fresh table of heaps 1, 3, 5 and 7
// in normal play. A Nim table is safe for concurrent use; it must not be copied after first
// use.
type Nim struct {
	mu      sync.Mutex
	conv    Convention
	setup   []int // the heaps at the start; nil in a zero table until first use
	heaps   []int // the heaps now
	history []NimMove
}

// NewNim returns a fresh Nim table played under conv with the given heaps, numbered 1, 2, ...
// in that order, with player 0 to move. No heaps means 1, 3, 5 and 7. It returns a
// [*SetupError] matching [ErrSetup] and [kayles.ErrRange] for a heap below 1 or above
// [MaxHeapSize], more than [MaxHeaps] heaps, or a conv neither [Normal] nor [Misere]. It does
// not keep heaps.
func NewNim(conv Convention, heaps ...int) (*Nim, error) {
	if err := conv.check(); err != nil {
		return nil, err
	}
	if len(heaps) == 0 {
		heaps = defaultHeaps
	}
	if len(heaps) > MaxHeaps {
		return nil, &SetupError{legacy: true, Reason: "a Nim table has at most " + strconv.Itoa(MaxHeaps) + " heaps, not " + strconv.Itoa(len(heaps))}
	}
	for i, h := range heaps {
		if h < 1 || h > MaxHeapSize {
			return nil, &SetupError{legacy: true, Reason: "heap " + strconv.Itoa(i+1) + " of a Nim table must hold 1 to " +
				strconv.Itoa(MaxHeapSize) + " objects, not " + strconv.Itoa(h)}
		}
	}
	return &Nim{conv: conv, setup: slices.Clone(heaps), heaps: slices.Clone(heaps)}, nil
}

// lock locks t and readies a zero table.
func (t *Nim) lock() {
	t.mu.Lock()
	if t.setup == nil {
		t.setup = slices.Clone(defaultHeaps)
		t.heaps = slices.Clone(defaultHeaps)
	}
}

// Convention returns the play convention of t.
func (t *Nim) Convention() Convention {
	t.lock()
	defer t.mu.Unlock()
	return t.conv
}

// Heaps returns the number of objects in each heap now, in setup order, in a new slice.
func (t *Nim) Heaps() []int {
	t.lock()
	defer t.mu.Unlock()
	return slices.Clone(t.heaps)
}

// Setup returns the heaps the game started with, in a new slice.
func (t *Nim) Setup() []int {
	t.lock()
	defer t.mu.Unlock()
	return slices.Clone(t.setup)
}

// Player returns the player to move: 0 for the player who moved first, 1 for the other. Once
// the game is over it is the player who would move next.
func (t *Nim) Player() int {
	t.lock()
	defer t.mu.Unlock()
	return len(t.history) % 2
}

// Winner returns the winner, 0 or 1 as [Nim.Player] numbers them, and true once every heap is
// empty; it returns 0, false while the game goes on.
func (t *Nim) Winner() (player int, over bool) {
	t.lock()
	defer t.mu.Unlock()
	if !empty(t.heaps) {
		return 0, false
	}
	mover := len(t.history) % 2
	if t.conv == Misere {
		return mover, true
	}
	return 1 - mover, true
}

// empty reports whether every heap is empty.
func empty(heaps []int) bool { return !slices.ContainsFunc(heaps, func(h int) bool { return h > 0 }) }

// String returns the heaps now, in setup order, as numbers separated by spaces: "1 3 0 7".
func (t *Nim) String() string {
	t.lock()
	defer t.mu.Unlock()
	return joinInts(t.heaps, " ", " ")
}

// History returns the moves played so far, oldest first, in a new slice.
func (t *Nim) History() []NimMove {
	t.lock()
	defer t.mu.Unlock()
	return slices.Clone(t.history)
}

// Take takes count objects from heap number index (1 to len(Heaps())) for the player to move.
// It returns a [*TakeError] that matches [ErrGameOver], [ErrNoSuchHeap], [ErrTakeNone] or
// [ErrTakeTooMany], checked in that order, when the move is not allowed; a rejected move
// changes nothing. Any numbers are accepted: they are checked, never trusted.
func (t *Nim) Take(index, count int) error {
	t.lock()
	defer t.mu.Unlock()
	return t.take(index, count)
}

// Play plays m for the player to move, as Take(m.Index, m.Count) does.
func (t *Nim) Play(m NimMove) error { return t.Take(m.Index, m.Count) }

func (t *Nim) take(index, count int) error {
	fail := func(err error) error {
		e := &TakeError{Index: index, Count: count, Heaps: len(t.heaps), Err: err}
		if index >= 1 && index <= len(t.heaps) {
			e.Left = t.heaps[index-1]
		}
		return e
	}
	switch {
	case empty(t.heaps):
		return fail(ErrGameOver)
	case index < 1 || index > len(t.heaps):
		return fail(ErrNoSuchHeap)
	case count < 1:
		return fail(ErrTakeNone)
	case count > t.heaps[index-1]:
		return fail(ErrTakeTooMany)
	}
	t.heaps[index-1] -= count
	t.history = append(t.history, NimMove{Index: index, Count: count})
	return nil
}

// Undo takes back the last move, so that its player is to move again. It returns
// [ErrNothingToUndo] when no move has been played.
func (t *Nim) Undo() error {
	t.lock()
	defer t.mu.Unlock()
	if len(t.history) == 0 {
		return ErrNothingToUndo
	}
	m := t.history[len(t.history)-1]
	t.heaps[m.Index-1] += m.Count
	t.history = t.history[:len(t.history)-1]
	return nil
}

// Hint returns a move for the player to move and whether it wins against any defence. In a
// won position it is the winning move on the first heap that has one; in a lost one it takes
// one object where the opponent is left the most replies that do not win (as [NewPerfect]
// plays). Once the game is over it returns the zero NimMove and false. It returns ctx's
// error, and no move, once ctx is done. The winning moves come from Nim's methods (Bouton's
// rules, in normal or misère play) on the position of the heaps. It costs O(h log h) for h
// heaps in a won position and O(d·h log h) in a lost one with d distinct heap sizes: a few
// microseconds, and a few hundred at most for 100 heaps.
func (t *Nim) Hint(ctx context.Context) (m NimMove, winning bool, err error) {
	return t.state().choose(ctx, nil)
}

// nimState is a copy of a Nim table's heaps taken under its lock, for hints and opponents.
// Its rules are those of Nim: the outcome and the winning moves come from the rule set's
// methods on the position of the heaps, each [kayles.Move] mapped back to the table's
// numbered heaps.
type nimState struct {
	heaps  []int
	misere bool
}

func (t *Nim) state() nimState {
	t.lock()
	defer t.mu.Unlock()
	return nimState{heaps: slices.Clone(t.heaps), misere: t.conv == Misere}
}

// loses reports whether the player to move loses against perfect play.
func (s nimState) loses(ctx context.Context) (bool, error) {
	p, err := newPosition(s.heaps...)
	if err != nil {
		return false, err
	}
	o, err := outcome(ctx, nimRules, s.misere, p)
	return o == kayles.Previous, err
}

// winningMoves returns the moves to positions where the player to move loses, in heap order
// and, within a heap, taking fewer first; nil when there are none. Nim yields one move per heap
// size (at most two per size), ascending by heap and then by the number taken; each is
// repeated for every table heap of that size, since the table numbers equal heaps separately.
// It costs O(h log h) for h heaps.
func (s nimState) winningMoves(ctx context.Context) ([]NimMove, error) {
	p, err := newPosition(s.heaps...)
	if err != nil {
		return nil, err
	}
	seq, err := winningMoves(ctx, nimRules, s.misere, p)
	if err != nil {
		return nil, err
	}
	var ms []kayles.Move // ascending by heap, then by take
	for m := range seq {
		ms = append(ms, m)
	}
	var wins []NimMove
	for i, h := range s.heaps {
		j, _ := slices.BinarySearchFunc(ms, h, func(m kayles.Move, h int) int { return cmp.Compare(m.Heap, h) })
		for ; j < len(ms) && ms[j].Heap == h; j++ {
			wins = append(wins, NimMove{Index: i + 1, Count: ms[j].Take})
		}
	}
	return wins, nil
}

// choose returns a move as the perfect opponent plays it, and whether it wins against any
// defence: a winning move when there is one; otherwise one object from the heap that leaves
// the opponent the most replies that do not win, each table heap counted on its own. It takes
// the first of equally good moves when rng is nil, and a random one otherwise. It returns the
// zero NimMove and false when every heap is empty, and ctx's error once ctx is done. It costs
// O(h log h) for h heaps in a won position and O(d·h log h) in a lost one with d distinct heap
// sizes.
func (s nimState) choose(ctx context.Context, rng *rand.Rand) (NimMove, bool, error) {
	if err := ctx.Err(); err != nil {
		return NimMove{}, false, err
	}
	if empty(s.heaps) {
		return NimMove{}, false, nil
	}
	wins, err := s.winningMoves(ctx)
	if err != nil {
		return NimMove{}, false, err
	}
	if len(wins) > 0 {
		return pick(rng, wins), true, nil
	}
	// Every move loses. Taking one object from a heap of h leads to the same position from
	// every table heap of h, so the replies are counted once per distinct size: the replies
	// that win, from Nim's winning moves after the move, each counted once for every table
	// heap of its size.
	sorted := slices.Sorted(slices.Values(s.heaps))
	sorted = sorted[sort.SearchInts(sorted, 1):] // the non-empty heaps, ascending
	total := 0
	for _, h := range sorted {
		total += h
	}
	var sizes, counts []int // each distinct size, ascending, and its number of table heaps
	for _, h := range sorted {
		if len(sizes) > 0 && sizes[len(sizes)-1] == h {
			counts[len(counts)-1]++
		} else {
			sizes, counts = append(sizes, h), append(counts, 1)
		}
	}
	count := func(h int) int {
		if i, ok := slices.BinarySearch(sizes, h); ok {
			return counts[i]
		}
		return 0
	}
	wrongs := make([]int, len(sizes)) // the replies that do not win after taking one from each size
	after := make([]int, len(sorted))
	first := 0 // the index in sorted of the first heap of sizes[i]
	for i, h := range sizes {
		copy(after, sorted)
		after[first]--
		p, err := newPosition(after...)
		if err != nil {
			return NimMove{}, false, err
		}
		ms, err := winningMoves(ctx, nimRules, s.misere, p)
		if err != nil {
			return NimMove{}, false, err
		}
		wrong := total - 1
		for m := range ms {
			c := count(m.Heap)
			if m.Heap == h {
				c--
			}
			if m.Heap == h-1 {
				c++
			}
			wrong -= c
		}
		wrongs[i] = wrong
		first += counts[i]
	}
	var best []NimMove
	bestWrong := -1
	for i, h := range s.heaps {
		if h == 0 {
			continue
		}
		j, _ := slices.BinarySearch(sizes, h)
		switch wrong := wrongs[j]; {
		case wrong > bestWrong:
			best, bestWrong = []NimMove{{Index: i + 1, Count: 1}}, wrong
		case wrong == bestWrong:
			best = append(best, NimMove{Index: i + 1, Count: 1})
		}
	}
	return pick(rng, best), false, nil
}
