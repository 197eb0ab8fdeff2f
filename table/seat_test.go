package table_test

import (
	"context"
	"testing"

	"github.com/octalgames/kayles"
	"github.com/octalgames/kayles/table"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestComputerLevels checks that each level is deterministic given its seed and plays legal
// moves, and that the levels are graded: over the same games against a random player from
// the same lost-for-them starts, a higher level wins at least as often, Perfect every won
// game.
func TestComputerLevels(t *testing.T) {
	ctx := context.Background()
	play := func(level table.Level, seed uint64) (string, int) {
		s := table.Setup{Rules: kayles.Kayles, Start: []int{7, 9}, Seats: [2]table.Level{level, table.Random}, Seed: seed}
		tb := newTable(t, s)
		for {
			if w, over := tb.Winner(); over {
				return textOf(t, tb), w
			}
			_, _, err := tb.PlayComputer(ctx)
			require.NoError(t, err)
		}
	}
	wins := map[table.Level]int{}
	for _, l := range []table.Level{table.Random, table.Easy, table.Fair, table.Hard, table.Perfect, table.Symmetry} {
		for seed := range uint64(100) {
			a, w := play(l, seed)
			b, _ := play(l, seed)
			require.Equal(t, a, b)
			if w == 0 {
				wins[l]++
			}
		}
	}
	// 7+9 is won for the first player (K(7) = 2, K(9) = 4).
	assert.Equal(t, 100, wins[table.Perfect])
	assert.Equal(t, 100, wins[table.Symmetry])
	assert.Less(t, wins[table.Random], wins[table.Easy]+10)
	assert.Less(t, wins[table.Easy], wins[table.Hard])
	assert.Less(t, wins[table.Fair], wins[table.Perfect])
	t.Logf("wins of 100 against random: %v", wins)

	for _, l := range []table.Level{table.Random, table.Easy, table.Fair, table.Hard, table.Perfect, table.Symmetry, table.Human} {
		name := l.String()
		got, ok := table.ParseLevel(name)
		assert.True(t, ok)
		assert.Equal(t, l, got)
	}
	_, ok := table.ParseLevel("genius")
	assert.False(t, ok)
	assert.Equal(t, "Level(9)", table.Level(9).String())
}

// TestSymmetryMirrors checks that the symmetry computer wins every game it starts from a full
// row of Kayles against every defence, by mirroring.
func TestSymmetryMirrors(t *testing.T) {
	ctx := context.Background()
	for _, n := range []int{7, 8} {
		s := table.KaylesSetup(table.Normal, n)
		s.Seats[0] = table.Symmetry
		tb := newTable(t, s)
		var walk func()
		games := 0
		walk = func() {
			if w, over := tb.Winner(); over {
				games++
				require.Equal(t, 0, w)
				return
			}
			if tb.Player() == 0 {
				m, _, err := tb.PlayComputer(ctx)
				require.NoError(t, err)
				if tb.Turn() > 1 {
					h := tb.History()
					prev := h[len(h)-2]
					assert.Equal(t, n+2-prev.Pin-prev.Count, m.Pin, "mirror of %+v", prev)
				}
				walk()
				require.NoError(t, tb.Undo(tb.Turn()))
				return
			}
			for _, m := range tb.Moves() {
				require.NoError(t, tb.Play(tb.Turn(), m))
				walk()
				require.NoError(t, tb.Undo(tb.Turn()))
			}
		}
		walk()
		assert.Greater(t, games, 30)
	}
}
