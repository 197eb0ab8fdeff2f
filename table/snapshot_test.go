package table_test

import (
	"sync"
	"sync/atomic"
	"testing"

	"github.com/octalgames/kayles/table"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestSnapshot checks a snapshot's fields against the table's own methods, at a table of rows
// during and after a game and at a table of heaps, and that its slices are its own.
func TestSnapshot(t *testing.T) {
	tb := newTable(t, table.Setup{Start: []int{3, 2}, Seats: [2]table.Level{table.Human, table.Random}})
	s := tb.Snapshot()
	assert.Equal(t, table.Snapshot{Setup: tb.Setup(), Turn: 0, Player: 0, Winner: -1,
		Rows: [][]bool{{true, true, true}, {true, true}}}, s)
	require.NoError(t, tb.Play(0, table.Move{Row: 1, Pin: 2, Count: 2}))
	s = tb.Snapshot()
	assert.Equal(t, 1, s.Turn)
	assert.Equal(t, 1, s.Player)
	assert.Equal(t, [][]bool{{true, false, false}, {true, true}}, s.Rows)
	assert.Equal(t, tb.History(), s.History)
	s.Rows[0][0], s.History[0].Count, s.Setup.Start[0] = false, 9, 9
	assert.Equal(t, [][]bool{{true, false, false}, {true, true}}, tb.Rows(), "the snapshot's slices are its own")
	assert.Equal(t, 2, tb.History()[0].Count)
	assert.Equal(t, []int{3, 2}, tb.Setup().Start)

	for turn, m := range []table.Move{{Row: 1, Pin: 1, Count: 1}, {Row: 2, Pin: 1, Count: 2}} {
		require.NoError(t, tb.Play(turn+1, m))
	}
	s = tb.Snapshot()
	w, over := tb.Winner()
	require.True(t, over)
	assert.True(t, s.Over)
	assert.Equal(t, w, s.Winner)
	assert.Equal(t, 1, s.Player)

	nim := newTable(t, table.NimSetup(table.Misere, 1, 3))
	require.NoError(t, nim.Play(0, table.Move{Row: 2, Count: 2}))
	s = nim.Snapshot()
	assert.Nil(t, s.Rows)
	assert.Equal(t, []int{1, 1}, s.Heaps)
	assert.Equal(t, table.Misere, s.Setup.Convention)
	assert.Equal(t, -1, s.Winner)
}

// TestSnapshotConsistent reads snapshots while another goroutine plays and undoes, and checks
// that each is one state of the table: its turn, seat, history and pins agree. A snapshot read
// in two steps (the history, then the pins) disagrees within a few thousand reads.
func TestSnapshotConsistent(t *testing.T) {
	tb := newTable(t, table.KaylesSetup(table.Normal, 9))
	moves := []table.Move{{Row: 1, Pin: 1, Count: 2}, {Row: 1, Pin: 3, Count: 1}, {Row: 1, Pin: 4, Count: 2},
		{Row: 1, Pin: 6, Count: 1}, {Row: 1, Pin: 7, Count: 2}, {Row: 1, Pin: 9, Count: 1}}
	var stop atomic.Bool
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		for !stop.Load() {
			for turn, m := range moves {
				if tb.Play(turn, m) != nil {
					panic("a move of the test was refused")
				}
			}
			for turn := len(moves); turn > 0; turn-- {
				if tb.Undo(turn) != nil {
					panic("an undo of the test was refused")
				}
			}
		}
	}()
	defer wg.Wait()
	defer stop.Store(true)
	reads := 200000
	if raceEnabled {
		reads = 20000
	}
	for i := range reads {
		s := tb.Snapshot()
		fallen := 0
		for _, up := range s.Rows[0] {
			if !up {
				fallen++
			}
		}
		played := 0
		for _, m := range s.History {
			played += m.Count
		}
		if s.Turn != len(s.History) || s.Player != s.Turn%2 || fallen != played || s.Over != (s.Turn == len(moves)) {
			t.Fatalf("read %d: a snapshot of two states: turn %d, player %d, over %v, %d pins down, history %v",
				i, s.Turn, s.Player, s.Over, fallen, s.History)
		}
	}
}
