package table

import (
	"context"
	"errors"
	"strconv"
)

// This file implements the Nim table, a Table of Standard Nim whose moves are entered as a
// heap's number and a count.

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
// set 0.[3] of package kayles: its hints and the computers' choices come from that rule set's
// methods.
//
// A Nim table is a [Table] of [NimSetup] seen through the moves of Nim: like a [Kayles] table
// it checks every rule, keeps its history for [Nim.Undo], gives hints and reads and writes a
// text form. The zero Nim table is a fresh table of heaps 1, 3, 5 and 7 in normal play. A Nim
// table is safe for concurrent use; it must not be copied after first use.
type Nim struct {
	t Table // set up as NimSetup on first use
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
	if len(heaps) > MaxHeaps {
		return nil, &SetupError{Setting: "count", Value: len(heaps), Max: MaxHeaps, Reason: "a Nim table has at most " + strconv.Itoa(MaxHeaps) + " heaps, not " + strconv.Itoa(len(heaps))}
	}
	for i, h := range heaps {
		if h < 1 || h > MaxHeapSize {
			return nil, &SetupError{Setting: "size", Index: i + 1, Value: h, Max: MaxHeapSize, Reason: "heap " + strconv.Itoa(i+1) + " of a Nim table must hold 1 to " +
				strconv.Itoa(MaxHeapSize) + " objects, not " + strconv.Itoa(h)}
		}
	}
	n := &Nim{}
	if err := n.t.init(NimSetup(conv, heaps...)); err != nil {
		return nil, err
	}
	return n, nil
}

// table returns the table of n, set up as a fresh Nim table in normal play on first use.
func (n *Nim) table() *Table {
	n.t.mu.Lock()
	defer n.t.mu.Unlock()
	if n.t.setup.Rules == nil {
		n.t.init(NimSetup(Normal)) // a valid setup
	}
	return &n.t
}

// Convention returns the play convention of n.
func (n *Nim) Convention() Convention { return n.table().Setup().Convention }

// Heaps returns the number of objects in each heap now, in setup order, in a new slice.
func (n *Nim) Heaps() []int { return n.table().Heaps() }

// Setup returns the heaps the game started with, in a new slice.
func (n *Nim) Setup() []int { return n.table().Setup().Start }

// Player returns the player to move: 0 for the player who moved first, 1 for the other. Once
// the game is over it is the player who would move next.
func (n *Nim) Player() int { return n.table().Player() }

// Winner returns the winner, 0 or 1 as [Nim.Player] numbers them, and true once every heap is
// empty; it returns 0, false while the game goes on.
func (n *Nim) Winner() (player int, over bool) { return n.table().Winner() }

// String returns the heaps now, in setup order, as numbers separated by spaces: "1 3 0 7".
func (n *Nim) String() string { return n.table().String() }

// History returns the moves played so far, oldest first, in a new slice.
func (n *Nim) History() []NimMove {
	var ms []NimMove
	for _, m := range n.table().History() {
		ms = append(ms, nimMove(m))
	}
	return ms
}

// nimMove returns the NimMove of a move at a table of heaps.
func nimMove(m Move) NimMove { return NimMove{Index: m.Row, Count: m.Count} }

// Take takes count objects from heap number index (1 to len(Heaps())) for the player to move.
// It returns a [*TakeError] that matches [ErrGameOver], [ErrNoSuchHeap], [ErrTakeNone] or
// [ErrTakeTooMany], checked in that order, when the move is not allowed; a rejected move
// changes nothing. Any numbers are accepted: they are checked, never trusted.
func (n *Nim) Take(index, count int) error {
	t := n.table()
	t.lock()
	defer t.mu.Unlock()
	return take(t, index, count)
}

// Play plays m for the player to move, as Take(m.Index, m.Count) does.
func (n *Nim) Play(m NimMove) error { return n.Take(m.Index, m.Count) }

// take is Take at t, a table of Nim, locked or not yet shared.
func take(t *Table, index, count int) error {
	err := t.play(Move{Row: index, Count: count})
	var pe *PlayError
	if !errors.As(err, &pe) {
		return err
	}
	e := &TakeError{Index: index, Count: count, Heaps: len(t.heaps), Err: pe.Err}
	if index >= 1 && index <= len(t.heaps) {
		e.Left = t.heaps[index-1]
	}
	return e
}

// Undo takes back the last move, so that its player is to move again. It returns
// [ErrNothingToUndo] when no move has been played.
func (n *Nim) Undo() error {
	t := n.table()
	t.lock()
	defer t.mu.Unlock()
	if len(t.history) == 0 {
		return ErrNothingToUndo
	}
	t.undo()
	return nil
}

// Hint returns a move for the player to move and whether it wins against any defence. In a
// won position it is the winning move on the first heap that has one; in a lost one it takes
// one object where the opponent is left the most replies that do not win (as the perfect
// player plays). Once the game is over it returns the zero NimMove and false. It returns ctx's
// error, and no move, once ctx is done. The winning moves come from Nim's methods (Bouton's
// rules, in normal or misère play) on the position of the heaps, so winning is always
// proven. It costs O(h log h) for h heaps in a won position and O(d·h log h) in a lost one
// with d distinct heap sizes.
func (n *Nim) Hint(ctx context.Context) (m NimMove, winning bool, err error) {
	tm, v, err := n.table().Hint(ctx)
	return nimMove(tm), v == Wins, err
}
