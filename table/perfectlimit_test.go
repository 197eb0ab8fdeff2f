package table_test

import (
	"context"
	"testing"
	"time"

	"github.com/octalgames/kayles"
	"github.com/octalgames/kayles/table"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// pastLimitPins is a row of misère Dawson's Kayles whose search for a winning move reaches
// its limit: 1000 pins, the most a table holds, and 100 under the race detector, which is
// still far beyond the search (it ends near 60).
func pastLimitPins() int {
	if raceEnabled {
		return 100
	}
	return table.MaxPins
}

// pastLimitSetup is a table of misère Dawson's Kayles on one row of pins, with two Perfect
// seats.
func pastLimitSetup(pins int) table.Setup {
	return table.Setup{Rules: kayles.DawsonsKayles, Start: []int{pins}, Convention: table.Misere,
		Seats: [2]table.Level{table.Perfect, table.Perfect}, Seed: 27}
}

// TestPerfectSeatPastLimitAlwaysMoves plays a whole game of misère Dawson's Kayles on a row
// that no search can solve between two Perfect seats: every move is legal, the first is not
// proven, and the endgame is searched again and proven.
func TestPerfectSeatPastLimitAlwaysMoves(t *testing.T) {
	ctx := context.Background()
	tb := newTable(t, pastLimitSetup(pastLimitPins()))
	verdicts := map[table.Verdict]int{}
	var first table.Verdict
	for {
		if _, over := tb.Winner(); over {
			break
		}
		legal := tb.Moves()
		turn := tb.Turn()
		m, v, err := tb.PlayComputer(ctx)
		require.NoError(t, err, "move %d at %v", turn, tb.Position())
		assert.Contains(t, legal, m, "move %d", turn)
		require.Equal(t, turn+1, tb.Turn())
		if turn == 0 {
			first = v
		}
		verdicts[v]++
	}
	assert.Equal(t, table.Unproven, first, "the first move is beyond any search")
	assert.Positive(t, verdicts[table.Wins]+verdicts[table.Loses], "the endgame is searched: %v", verdicts)
	t.Logf("%d pins: %d moves, verdicts %v", pastLimitPins(), tb.Turn(), verdicts)
}

// TestHintPastLimit asks for a hint and a computer's choice where the search reaches its
// limit: each is a legal move, not proven, with no error; while a context that ends during the
// search still ends it with its error and no move.
func TestHintPastLimit(t *testing.T) {
	ctx := context.Background()
	tb := newTable(t, pastLimitSetup(pastLimitPins()))
	legal := tb.Moves()
	m, v, err := tb.Hint(ctx)
	require.NoError(t, err)
	assert.Contains(t, legal, m)
	assert.Equal(t, table.Unproven, v)

	fresh := newTable(t, pastLimitSetup(pastLimitPins()))
	m, v, turn, err := table.Computer{Level: table.Perfect, Seed: 1}.Choose(ctx, fresh)
	require.NoError(t, err)
	assert.Contains(t, legal, m)
	assert.Equal(t, table.Unproven, v)
	assert.Equal(t, 0, turn)

	// Cancellation is not a limit: no move.
	fresh = newTable(t, pastLimitSetup(pastLimitPins()))
	short, cancel := context.WithTimeout(ctx, 20*time.Millisecond)
	defer cancel()
	m, v, err = fresh.Hint(short)
	require.ErrorIs(t, err, context.DeadlineExceeded)
	assert.Equal(t, table.Move{}, m)
	assert.Equal(t, table.Unproven, v)
	m, _, err = fresh.PlayComputer(short)
	require.ErrorIs(t, err, context.DeadlineExceeded)
	assert.Equal(t, table.Move{}, m)
	assert.Equal(t, 0, fresh.Turn())
}

// TestVerdictProven checks that the moves of positions within the search are proven: a
// winning move wins, and in a lost position no move wins, as the rule set says.
func TestVerdictProven(t *testing.T) {
	ctx := context.Background()
	assert.Equal(t, []string{"unproven", "wins", "loses", "Verdict(3)"},
		[]string{table.Unproven.String(), table.Wins.String(), table.Loses.String(), table.Verdict(3).String()})
	for _, s := range []table.Setup{
		{Rules: kayles.DawsonsKayles, Start: []int{7, 7}, Convention: table.Misere},
		{Rules: kayles.DawsonsKayles, Start: []int{20}, Convention: table.Misere},
		{Rules: kayles.Guiles, Start: []int{9, 4}, Convention: table.Misere},
		table.KaylesSetup(table.Normal, table.MaxPins),
		table.KaylesSetup(table.Misere, table.MaxPins),
		table.NimSetup(table.Misere, 1, 3, 5, 7),
		{Rules: kayles.DawsonsKayles, Start: []int{table.MaxPins}},
	} {
		s.Seats = [2]table.Level{table.Perfect, table.Perfect}
		tb := newTable(t, s)
		for range 6 {
			if _, over := tb.Winner(); over {
				break
			}
			p := tb.Position()
			out, err := s.Rules.Outcome(ctx, p)
			if s.Convention == table.Misere {
				out, err = s.Rules.MisereOutcome(ctx, p)
			}
			require.NoError(t, err)
			want := map[kayles.Outcome]table.Verdict{kayles.Next: table.Wins, kayles.Previous: table.Loses}[out]
			_, v, err := tb.Hint(ctx)
			require.NoError(t, err)
			assert.Equal(t, want, v, "hint at %s of %v", tb, s.Rules)
			_, v, err = tb.PlayComputer(ctx)
			require.NoError(t, err)
			assert.Equal(t, want, v, "computer at %v of %v", p, s.Rules)
		}
	}
}
