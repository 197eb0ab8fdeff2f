package table

import "slices"

// This file implements the Snapshot of a table: its whole state read in one step.

// A Snapshot is the state of a [Table] at one moment, read under the table's lock in one
// step ([Table.Snapshot]), so that its fields agree with each other even while other
// goroutines play and undo: Turn is len(History), Player is Turn%2, and Rows or Heaps are the
// start with History played. Its slices are the snapshot's own. The zero Snapshot is no
// table's.
type Snapshot struct {
	Setup Setup // as [Table.Setup], with Start in a new slice
	// Turn is the number of moves played, the turn the next [Table.Play] names; Player is the
	// seat to move (or that would move, once the game is over).
	Turn, Player int
	// Over reports that no legal move is left; Winner is then the winning seat, as
	// [Table.Winner] says, and -1 while the game goes on.
	Over   bool
	Winner int
	// Rows holds, at a table of rows, whether each pin stands, row by row ([Table.Rows]);
	// Heaps the tokens of each heap at a table of heaps ([Table.Heaps]). The other is nil.
	Rows    [][]bool
	Heaps   []int
	History []Move // the moves played, oldest first
}

// Snapshot returns the state of t in one read under its lock. It costs O(pins + moves) at a
// table of rows and O(heaps + moves) at a table of heaps, in time and in new memory, as Rows
// (or Heaps) and History together do.
func (t *Table) Snapshot() Snapshot {
	t.lock()
	defer t.mu.Unlock()
	s := Snapshot{Setup: t.setup, Turn: len(t.history), Player: len(t.history) % 2, Winner: -1,
		Heaps: slices.Clone(t.heaps), History: slices.Clone(t.history)}
	s.Setup.Start = slices.Clone(t.setup.Start)
	if w, over := t.winner(); over {
		s.Over, s.Winner = true, w
	}
	for _, r := range t.rows {
		st := make([]bool, len(r))
		for i, down := range r {
			st[i] = !down
		}
		s.Rows = append(s.Rows, st)
	}
	return s
}
