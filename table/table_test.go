package table_test

import (
	"context"
	"errors"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/octalgames/kayles"
	"github.com/octalgames/kayles/table"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// newTable returns a table of s, which must be valid.
func newTable(t *testing.T, s table.Setup) *table.Table {
	t.Helper()
	tb, err := table.New(s)
	require.NoError(t, err)
	return tb
}

// textOf returns the text form of a table of any kind.
func textOf(t *testing.T, m interface{ MarshalText() ([]byte, error) }) string {
	t.Helper()
	b, err := m.MarshalText()
	require.NoError(t, err)
	return string(b)
}

// kaylesMoveOf returns the Table move that a KaylesMove plays on a single row.
func kaylesMoveOf(m table.KaylesMove) table.Move {
	if m == (table.KaylesMove{}) {
		return table.Move{}
	}
	return table.Move{Row: 1, Pin: m.Pin, Count: 1 + boolInt(m.Pair)}
}

// TestTableMatchesKaylesPreset plays random games at a Kayles table and at a Table of
// KaylesSetup side by side, and checks that they draw, list moves, hint, judge and write
// themselves the same: the Kayles preset of Table keeps the behaviour of the Kayles table.
func TestTableMatchesKaylesPreset(t *testing.T) {
	ctx := context.Background()
	rng := rand.New(rand.NewPCG(1, 2))
	for _, conv := range []table.Convention{table.Normal, table.Misere} {
		for n := 1; n <= 14; n++ {
			for range 6 {
				old, err := table.NewKayles(conv, n)
				require.NoError(t, err)
				tb := newTable(t, table.KaylesSetup(conv, n))
				for {
					assert.Equal(t, old.String(), tb.String())
					assert.Equal(t, old.Position(), tb.Position())
					assert.Equal(t, textOf(t, old), textOf(t, tb))
					ow, oover := old.Winner()
					w, over := tb.Winner()
					require.Equal(t, oover, over)
					assert.Equal(t, ow, w)
					var want []table.Move
					for _, m := range old.Moves() {
						want = append(want, kaylesMoveOf(m))
					}
					assert.Equal(t, want, tb.Moves())
					om, owin, err := old.Hint(ctx)
					require.NoError(t, err)
					m, v, err := tb.Hint(ctx)
					require.NoError(t, err)
					assert.Equal(t, kaylesMoveOf(om), m, "%s %v", tb, conv)
					assert.Equal(t, owin, v == table.Wins)
					if over {
						break
					}
					ms := old.Moves()
					pick := ms[rng.IntN(len(ms))]
					require.NoError(t, old.Play(pick))
					require.NoError(t, tb.Play(tb.Turn(), kaylesMoveOf(pick)))
				}
			}
		}
	}
}

// TestTableMatchesNimPreset does the same for the Nim table and NimSetup.
func TestTableMatchesNimPreset(t *testing.T) {
	ctx := context.Background()
	rng := rand.New(rand.NewPCG(3, 4))
	for _, conv := range []table.Convention{table.Normal, table.Misere} {
		for range 60 {
			heaps := make([]int, 1+rng.IntN(4))
			for i := range heaps {
				heaps[i] = 1 + rng.IntN(7)
			}
			old, err := table.NewNim(conv, heaps...)
			require.NoError(t, err)
			tb := newTable(t, table.NimSetup(conv, heaps...))
			for {
				assert.Equal(t, old.String(), tb.String())
				assert.Equal(t, old.Heaps(), tb.Heaps())
				assert.Equal(t, textOf(t, old), textOf(t, tb))
				ow, oover := old.Winner()
				w, over := tb.Winner()
				require.Equal(t, oover, over)
				assert.Equal(t, ow, w)
				om, owin, err := old.Hint(ctx)
				require.NoError(t, err)
				m, v, err := tb.Hint(ctx)
				require.NoError(t, err)
				win := v == table.Wins
				if om == (table.NimMove{}) {
					assert.Equal(t, table.Move{}, m)
				} else {
					assert.Equal(t, table.Move{Row: om.Index, Count: om.Count}, m, "%v %v", heaps, conv)
				}
				assert.Equal(t, owin, win)
				if over {
					break
				}
				ms := tb.Moves()
				pick := ms[rng.IntN(len(ms))]
				require.NoError(t, old.Take(pick.Row, pick.Count))
				require.NoError(t, tb.Play(tb.Turn(), pick))
			}
		}
	}
	// The default heaps of the preset are those of Standard Nim.
	assert.Equal(t, []int{1, 3, 5, 7}, newTable(t, table.NimSetup(table.Misere)).Heaps())
	assert.Equal(t, "nim misere 1 3 5 7 moves", textOf(t, newTable(t, table.NimSetup(table.Misere))))
}

func TestZeroTableIsKayles(t *testing.T) {
	var tb table.Table
	assert.Equal(t, "||||||||||", tb.String())
	assert.Equal(t, "kayles 10 normal moves", textOf(t, &tb))
	require.NoError(t, tb.Play(0, table.Move{Row: 1, Pin: 10, Count: 1}))
	assert.Equal(t, "kayles 10 normal moves 10", textOf(t, &tb))
	tb2 := newTable(t, table.Setup{})
	assert.Equal(t, "||||||||||", tb2.String())
}

// A game's brute force, which knows nothing of octal codes: the moves from a table drawn as
// Table.String draws it, as the states they lead to.
type bruteGame struct {
	name  string
	setup table.Setup
	moves func(state string) []string
}

// rowMoves returns the states after knocking down, in one row, count pins side by side that
// stand, when allowed says so given the standing pins left and right of them in their run.
func rowMoves(count int, allowed func(left, right int) bool) func(string) []string {
	return func(state string) []string {
		var out []string
		for i := 0; i+count <= len(state); i++ {
			if strings.ContainsAny(state[i:i+count], ". ") {
				continue
			}
			l, r := 0, 0
			for j := i - 1; j >= 0 && state[j] == '|'; j-- {
				l++
			}
			for j := i + count; j < len(state) && state[j] == '|'; j++ {
				r++
			}
			if allowed(l, r) {
				out = append(out, state[:i]+strings.Repeat(".", count)+state[i+count:])
			}
		}
		return out
	}
}

// nimMoves returns the states after taking any count from one heap of a state "2 5 9".
func nimMoves(state string) []string {
	hs := strings.Fields(state)
	var out []string
	for i, h := range hs {
		n := strings.Count(h, "x") // heaps are drawn as runs of x, see nimState
		for c := 1; c <= n; c++ {
			cp := slices.Clone(hs)
			cp[i] = strings.Repeat("x", n-c)
			if cp[i] == "" {
				cp[i] = "-"
			}
			out = append(out, strings.Join(cp, " "))
		}
	}
	return out
}

// nimState draws heaps as runs of 'x' ('-' for an empty heap), for nimMoves.
func nimState(heaps []int) string {
	var ws []string
	for _, h := range heaps {
		w := strings.Repeat("x", h)
		if w == "" {
			w = "-"
		}
		ws = append(ws, w)
	}
	return strings.Join(ws, " ")
}

// bruteLoses reports whether the player to move loses from state.
func bruteLoses(g bruteGame, misere bool, state string, memo map[string]bool) bool {
	if l, ok := memo[state]; ok {
		return l
	}
	ms := g.moves(state)
	lost := !misere
	if len(ms) > 0 {
		lost = true
		for _, s := range ms {
			if bruteLoses(g, misere, s, memo) {
				lost = false
				break
			}
		}
	}
	memo[state] = lost
	return lost
}

func stateOf(tb *table.Table) string {
	if hs := tb.Heaps(); hs != nil {
		return nimState(hs)
	}
	return tb.String()
}

var bruteGames = []bruteGame{
	{"Dawson's Kayles", table.Setup{Rules: kayles.DawsonsKayles, Start: []int{9}}, rowMoves(2, func(l, r int) bool { return true })},
	{"Dawson's Kayles, two rows", table.Setup{Rules: kayles.DawsonsKayles, Start: []int{6, 5}}, rowMoves(2, func(l, r int) bool { return true })},
	// Officers (0.6): take one token and leave one or two heaps, never none.
	{"Officers", table.Setup{Rules: kayles.Officers, Start: []int{5, 6}}, rowMoves(1, func(l, r int) bool { return l+r > 0 })},
	// Guiles (0.15): a whole run of one; two pins that are a whole run or leave two runs.
	{"Guiles", table.Setup{Rules: kayles.Guiles, Start: []int{9}}, func(s string) []string {
		return append(rowMoves(1, func(l, r int) bool { return l+r == 0 })(s),
			rowMoves(2, func(l, r int) bool { return l+r == 0 || l > 0 && r > 0 })(s)...)
	}},
	{"Kayles, two rows", table.Setup{Start: []int{5, 4}}, func(s string) []string {
		return append(rowMoves(1, func(l, r int) bool { return true })(s), rowMoves(2, func(l, r int) bool { return true })(s)...)
	}},
	{"Nim 2 5 9", table.Setup{Rules: kayles.Nim, Layout: table.Heaps, Start: []int{2, 5, 9}}, nimMoves},
	// Nim on rows: take pins from an end of a run, or a whole run.
	{"Nim on rows", table.Setup{Rules: kayles.Nim, Start: []int{3, 4}}, func(s string) []string {
		var out []string
		for c := 1; c <= 4; c++ {
			out = append(out, rowMoves(c, func(l, r int) bool { return l == 0 || r == 0 })(s)...)
		}
		return out
	}},
	// 0.4! has no plain digits: one pin from inside a run, leaving two unequal runs.
	{"0.4!", table.Setup{Rules: kayles.MustParseOctal("0.4!"), Start: []int{10}}, rowMoves(1, func(l, r int) bool { return l > 0 && r > 0 && l != r })},
}

// bestLosingMove returns the move that the perfect player chooses in a lost position, found by
// brute force: among the moves that take fewest tokens, the first in table order of those
// after which the most replies do not win (lead to a position where the player to move wins).
func bestLosingMove(t *testing.T, g bruteGame, tb *table.Table, conv table.Convention, memo map[string]bool) table.Move {
	ms := tb.Moves()
	least := ms[0].Count
	for _, m := range ms {
		least = min(least, m.Count)
	}
	best, bestWrong := table.Move{}, -1
	for _, m := range ms {
		if m.Count != least {
			continue
		}
		require.NoError(t, tb.Play(tb.Turn(), m))
		wrong := 0
		for _, after := range g.moves(stateOf(tb)) {
			if !bruteLoses(g, conv == table.Misere, after, memo) {
				wrong++
			}
		}
		require.NoError(t, tb.Undo(tb.Turn()))
		if wrong > bestWrong {
			best, bestWrong = m, wrong
		}
	}
	return best
}

// TestTableAgainstBruteForce walks the whole game tree of each brute-force game at a Table,
// in both conventions, and checks at every state the legal moves, the winner once the game is
// over, and that the hint wins exactly when the brute force says the position is won and then
// leads to a lost position, and in a lost position is the move bestLosingMove finds.
func TestTableAgainstBruteForce(t *testing.T) {
	ctx := context.Background()
	for _, g := range bruteGames {
		for _, conv := range []table.Convention{table.Normal, table.Misere} {
			t.Run(g.name+"/"+conv.String(), func(t *testing.T) {
				s := g.setup
				s.Convention = conv
				tb := newTable(t, s)
				memo := map[string]bool{}
				seen := map[string]bool{}
				states := 0
				var walk func()
				walk = func() {
					state := stateOf(tb)
					if seen[state] {
						return
					}
					seen[state] = true
					states++
					var got []string
					ms := tb.Moves()
					for _, m := range ms {
						require.NoError(t, tb.Play(tb.Turn(), m))
						got = append(got, stateOf(tb))
						require.NoError(t, tb.Undo(tb.Turn()))
					}
					require.ElementsMatch(t, g.moves(state), got, "state %q", state)
					lost := bruteLoses(g, conv == table.Misere, state, memo)
					h, v, err := tb.Hint(ctx)
					require.NoError(t, err)
					win := v == table.Wins
					w, over := tb.Winner()
					if len(ms) == 0 {
						require.True(t, over)
						assert.Equal(t, table.Move{}, h)
						// The player to move has lost in normal play and won in misère play.
						assert.Equal(t, conv == table.Misere, w == tb.Player(), "state %q", state)
						return
					}
					require.False(t, over)
					assert.NotEqual(t, table.Unproven, v, "state %q: a small position is searched to the end", state)
					assert.Equal(t, !lost, win, "state %q", state)
					require.NoError(t, tb.Play(tb.Turn(), h))
					if win {
						assert.True(t, bruteLoses(g, conv == table.Misere, stateOf(tb), memo), "hint from %q", state)
					}
					require.NoError(t, tb.Undo(tb.Turn()))
					if lost {
						assert.Equal(t, bestLosingMove(t, g, tb, conv, memo), h, "hint from the lost %q", state)
					}
					for _, m := range ms {
						require.NoError(t, tb.Play(tb.Turn(), m))
						walk()
						require.NoError(t, tb.Undo(tb.Turn()))
					}
				}
				walk()
				assert.Greater(t, states, 20)
			})
		}
	}
}

// TestPerfectNeverLosesWonPosition plays the perfect computer against every line of defence
// from every won position reached from small starts of the presets and of other codes: it
// must win every game.
func TestPerfectNeverLosesWonPosition(t *testing.T) {
	ctx := context.Background()
	starts := []table.Setup{
		table.KaylesSetup(table.Normal, table.Small),
		table.KaylesSetup(table.Misere, table.Small),
		table.NimSetup(table.Misere, 1, 3, 5),
		table.NimSetup(table.Normal, 1, 3, 5),
		{Rules: kayles.DawsonsKayles, Start: []int{4, 5}},
		{Rules: kayles.DawsonsKayles, Start: []int{8}, Convention: table.Misere},
		{Rules: kayles.Officers, Start: []int{3, 5}},
		{Rules: kayles.Guiles, Start: []int{8}, Convention: table.Misere},
		{Rules: kayles.MustParseOctal("0.333"), Layout: table.Heaps, Start: []int{4, 6}},
		{Rules: kayles.DawsonsChess, Start: []int{4, 5}, Convention: table.Misere},
		{Rules: kayles.MustParseOctal("0.4!"), Start: []int{11}},
		{Rules: kayles.Nim, Layout: table.Heaps, Start: []int{2, 5, 9}},
	}
	for _, s := range starts {
		for seat := range 2 {
			s := s
			s.Seats[seat] = table.Perfect
			s.Seed = 7
			tb := newTable(t, s)
			games := 0
			// walk plays every reply of the human seat and the computer's choice, and checks
			// that the computer, from a won position, wins.
			var walk func(won bool)
			walk = func(won bool) {
				if w, over := tb.Winner(); over {
					games++
					if won {
						require.Equal(t, seat, w, "%s", textOf(t, tb))
					}
					return
				}
				if tb.Player() == seat {
					_, v, err := tb.Hint(ctx)
					require.NoError(t, err)
					won = won || v == table.Wins
					_, _, err = tb.PlayComputer(ctx)
					require.NoError(t, err)
					walk(won)
					require.NoError(t, tb.Undo(tb.Turn()))
					return
				}
				for _, m := range tb.Moves() {
					require.NoError(t, tb.Play(tb.Turn(), m))
					walk(won)
					require.NoError(t, tb.Undo(tb.Turn()))
				}
			}
			walk(false)
			assert.Greater(t, games, 1, "%s", textOf(t, tb))
		}
	}
}

func TestTableStaleMoves(t *testing.T) {
	tb := newTable(t, table.KaylesSetup(table.Normal, table.Small))
	require.NoError(t, tb.Play(0, table.Move{Row: 1, Pin: 4, Count: 1}))
	err := tb.Play(0, table.Move{Row: 1, Pin: 1, Count: 1})
	require.ErrorIs(t, err, table.ErrStale)
	assert.NotErrorIs(t, err, kayles.ErrIllegalMove)
	var pe *table.PlayError
	require.ErrorAs(t, err, &pe)
	assert.Equal(t, 0, pe.Turn)
	assert.Equal(t, 1, pe.Want)
	assert.Equal(t, "too late: the table has changed since (move 2 is next, not move 1); look again", err.Error())
	assert.Equal(t, "|||.|||", tb.String())
	require.ErrorIs(t, tb.Undo(0), table.ErrStale)
	require.NoError(t, tb.Undo(1))
	require.ErrorIs(t, tb.Undo(0), table.ErrNothingToUndo)
}

// TestTableRacingMoves lets many goroutines race for each turn of one table, people with the
// same move and computers: every turn lands exactly once.
func TestTableRacingMoves(t *testing.T) {
	ctx := context.Background()
	for round := range 20 {
		tb := newTable(t, table.Setup{Rules: kayles.Kayles, Start: []int{13, 13}, Seed: uint64(round)})
		var landed, stale atomic.Int64
		var wg sync.WaitGroup
		for g := range 16 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				c := table.Computer{Level: table.Level(1 + g%6), Seed: uint64(g)}
				for {
					var err error
					if g%2 == 0 {
						_, _, err = c.Play(ctx, tb)
					} else {
						m, _, turn, cerr := c.Choose(ctx, tb)
						require.NoError(t, cerr)
						if m == (table.Move{}) {
							return
						}
						err = tb.Play(turn, m)
					}
					switch {
					case err == nil:
						landed.Add(1)
					case errors.Is(err, table.ErrStale):
						stale.Add(1)
					case errors.Is(err, table.ErrGameOver):
						return
					default:
						require.NoError(t, err)
					}
				}
			}()
		}
		wg.Wait()
		_, over := tb.Winner()
		require.True(t, over)
		assert.Equal(t, int(landed.Load()), tb.Turn())
		assert.Equal(t, 0, strings.Count(tb.String(), "|"))
		restored, err := table.Restore(textOf(t, tb))
		require.NoError(t, err)
		assert.Equal(t, tb.History(), restored.History())
	}
}

func TestTableUndoTo(t *testing.T) {
	ctx := context.Background()
	s := table.KaylesSetup(table.Normal, table.Medium)
	s.Seats = [2]table.Level{table.Human, table.Perfect}
	tb := newTable(t, s)
	_, err := tb.UndoTo(0, 0)
	require.ErrorIs(t, err, table.ErrNothingToUndo)
	_, _, err = tb.PlayComputer(ctx)
	require.ErrorIs(t, err, table.ErrHumanSeat)
	require.NoError(t, tb.Play(0, table.Move{Row: 1, Pin: 1, Count: 1}))
	_, _, err = tb.PlayComputer(ctx)
	require.NoError(t, err)
	require.NoError(t, tb.Play(2, table.Move{Row: 1, Pin: 10, Count: 1}))
	_, _, err = tb.PlayComputer(ctx)
	require.NoError(t, err)
	require.Equal(t, 4, tb.Turn())
	_, err = tb.UndoTo(3, 0)
	require.ErrorIs(t, err, table.ErrStale)
	n, err := tb.UndoTo(4, 0) // the person's second move and the computer's reply
	require.NoError(t, err)
	assert.Equal(t, 2, n)
	assert.Equal(t, 2, tb.Turn())
	assert.Equal(t, 0, tb.Player())
	require.NoError(t, tb.Play(2, table.Move{Row: 1, Pin: 10, Count: 1}))
	n, err = tb.UndoTo(3, 0) // the computer has not replied: one move
	require.NoError(t, err)
	assert.Equal(t, 1, n)
	n, err = tb.UndoTo(2, 1)
	require.NoError(t, err)
	assert.Equal(t, 1, n)
	assert.Equal(t, 1, tb.Player())
	_, err = tb.UndoTo(1, 1)
	require.ErrorIs(t, err, table.ErrNothingToUndo)
	_, err = tb.UndoTo(1, 2)
	require.ErrorIs(t, err, table.ErrNothingToUndo)
	assert.Equal(t, 1, tb.Turn())
}

func TestTablePlayErrors(t *testing.T) {
	rows := newTable(t, table.Setup{Rules: kayles.DawsonsKayles, Start: []int{5, 3}})
	require.NoError(t, rows.Play(0, table.Move{Row: 2, Pin: 1, Count: 2}))
	heaps := newTable(t, table.NimSetup(table.Misere, 1, 3))
	require.NoError(t, heaps.Play(0, table.Move{Row: 1, Count: 1}))
	subtraction := newTable(t, table.Setup{Rules: kayles.MustParseOctal("0.333"), Layout: table.Heaps, Start: []int{6, 4}})
	tests := []struct {
		tb     *table.Table
		m      table.Move
		err    error
		pin    int
		length int
		msg    string
	}{
		{rows, table.Move{Row: 3, Pin: 1, Count: 2}, table.ErrNoSuchRow, 0, 0, "cannot knock down pins 1 and 2 of row 3: the rows are numbered 1 to 2"},
		{rows, table.Move{Row: 1, Pin: 1, Count: 0}, table.ErrTakeNone, 0, 5, "cannot knock down 0 pins of row 1: choose at least one pin"},
		{rows, table.Move{Row: 1, Pin: 6, Count: 2}, table.ErrNoSuchPin, 6, 5, "cannot knock down pins 6 and 7 of row 1: there is no pin 6; the pins are numbered 1 to 5"},
		{rows, table.Move{Row: 1, Pin: 5, Count: 2}, table.ErrNoSuchPin, 6, 5, "cannot knock down pins 5 and 6 of row 1: there is no pin 6; the pins are numbered 1 to 5"},
		{rows, table.Move{Row: 1, Pin: -1 << 62, Count: 1 << 62}, table.ErrNoSuchPin, -1 << 62, 5, ""},
		{rows, table.Move{Row: 2, Pin: 2, Count: 2}, table.ErrPinDown, 2, 3, "cannot knock down pins 2 and 3 of row 2: pin 2 is already down"},
		{rows, table.Move{Row: 1, Pin: 2, Count: 1}, table.ErrRules, 0, 5, "cannot knock down pin 2 of row 1: this game does not allow knocking down 1 pin inside a row"},
		{rows, table.Move{Row: 1, Pin: 1, Count: 1}, table.ErrRules, 0, 5, "cannot knock down pin 1 of row 1: this game does not allow knocking down 1 pin at an end of a row"},
		{rows, table.Move{Row: 1, Pin: 1, Count: 5}, table.ErrRules, 0, 5, "cannot knock down pins 1 to 5 of row 1: this game does not allow knocking down 5 pins that make up a whole row"},
		{subtraction, table.Move{Row: 1, Count: 4}, table.ErrRules, 0, 6, "cannot take 4 from heap 1: this game does not allow taking 4 from a heap of 6"},
		{subtraction, table.Move{Row: 2, Count: 4}, table.ErrRules, 0, 4, "cannot take 4 from heap 2: this game does not allow taking a whole heap of 4"},
		{heaps, table.Move{Row: 3, Count: 1}, table.ErrNoSuchHeap, 0, 0, "cannot take 1 from heap 3: the heaps are numbered 1 to 2"},
		{heaps, table.Move{Row: 1, Count: 1}, table.ErrTakeTooMany, 0, 0, "cannot take 1 from heap 1: it is empty"},
		{heaps, table.Move{Row: 2, Count: 4}, table.ErrTakeTooMany, 0, 3, "cannot take 4 from heap 2: it holds only 3"},
		{heaps, table.Move{Row: 2, Count: -2}, table.ErrTakeNone, 0, 0, "cannot take -2 from heap 2: take at least one token"},
	}
	for _, tt := range tests {
		before := textOf(t, tt.tb)
		err := tt.tb.Play(tt.tb.Turn(), tt.m)
		require.ErrorIs(t, err, tt.err, "%+v", tt.m)
		require.ErrorIs(t, err, kayles.ErrIllegalMove)
		var pe *table.PlayError
		require.ErrorAs(t, err, &pe)
		assert.Equal(t, tt.m, pe.Move)
		assert.Equal(t, tt.pin, pe.Pin, "%+v", tt.m)
		assert.Equal(t, tt.length, pe.Length, "%+v", tt.m)
		if tt.msg != "" {
			assert.Equal(t, tt.msg, err.Error())
		}
		assert.False(t, strings.HasPrefix(err.Error(), "kayles"))
		assert.Equal(t, before, textOf(t, tt.tb))
	}
	over := newTable(t, table.Setup{Rules: kayles.DawsonsKayles, Start: []int{1}})
	w, done := over.Winner()
	assert.True(t, done)
	assert.Equal(t, 1, w)
	require.ErrorIs(t, over.Play(0, table.Move{Row: 1, Pin: 1, Count: 1}), table.ErrGameOver)
}

func TestTableSetupErrors(t *testing.T) {
	rules := table.SetupError{Setting: "rules"}
	tests := []struct {
		s    table.Setup
		msg  string
		want table.SetupError // without its Reason
	}{
		{table.Setup{Rules: kayles.LaskersNim, Layout: table.Heaps}, "the game 4.[3] cannot be played on heaps: a move may split a heap without taking any token", rules},
		{table.Setup{Rules: kayles.LaskersNim}, "the game 4.[3] cannot be played on rows: a move may split a heap without taking any token", rules},
		{table.Setup{Rules: kayles.Kayles, Layout: table.Heaps}, "the game 0.77 cannot be played on heaps: a move may split a heap; play it on rows of pins", rules},
		{table.Setup{Rules: kayles.MustParseOctal("0.F")}, "the game 0.F cannot be played on rows: a move may leave more than two heaps", rules},
		{table.Setup{Rules: kayles.GrundysGame}, "the game 4!.0 cannot be played on rows: a move may split a heap without taking any token", rules},
		{table.Setup{Rules: kayles.MustParseOctal("0.{3}")}, "the game 0.8 cannot be played on rows: a move may leave more than two heaps", rules},
		{table.Setup{Start: []int{7, 0}}, "row 2 must hold 1 to 1000 pins, not 0", table.SetupError{Setting: "size", Index: 2, Value: 0, Max: 1000}},
		{table.Setup{Start: []int{600, 600}}, "a table has at most 1000 pins in all, not 1200", table.SetupError{Setting: "total", Value: 1200, Max: 1000}},
		{table.Setup{Layout: table.Heaps, Rules: kayles.Nim, Start: make([]int, 101)}, "a table has at most 100 heaps, not 101", table.SetupError{Setting: "count", Value: 101, Max: 100}},
		{table.Setup{Layout: 3}, "unknown layout Layout(3); want rows or heaps", table.SetupError{Setting: "layout", Value: 3}},
		{table.Setup{Convention: 2}, "unknown play convention Convention(2); want normal or misere", table.SetupError{Setting: "convention", Value: 2}},
		{table.Setup{Seats: [2]table.Level{0, 9}}, "seat 1 has an unknown level Level(9)", table.SetupError{Setting: "seat", Index: 1, Value: 9}},
	}
	for _, tt := range tests {
		tb, err := table.New(tt.s)
		require.ErrorIs(t, err, table.ErrSetup, tt.msg)
		require.ErrorIs(t, err, kayles.ErrRange)
		assert.Nil(t, tb)
		assert.Equal(t, tt.msg, err.Error())
		var se *table.SetupError
		require.ErrorAs(t, err, &se)
		got := *se
		got.Reason = ""
		assert.Equal(t, tt.want, got, tt.msg)
	}
	// Rule sets that fit: a repeating tail on heaps, braces and modifiers on rows.
	for _, s := range []table.Setup{
		{Rules: kayles.MustParseOctal("0.[3]"), Layout: table.Heaps, Start: []int{1000, 1000}},
		{Rules: kayles.MustParseOctal("0.[7]"), Start: []int{30}},
		{Rules: kayles.MustParseOctal("0.4!")},
		{Rules: kayles.DoubleKayles, Start: []int{13}},
		{Rules: kayles.MustParseOctal("0.03"), Layout: table.Heaps, Start: []int{9}},
	} {
		_, err := table.New(s)
		require.NoError(t, err, "%v", s.Rules)
	}
}

func TestGeneralTableText(t *testing.T) {
	ctx := context.Background()
	s := table.Setup{Rules: kayles.DawsonsKayles, Start: []int{7, 7}, Convention: table.Misere,
		Seats: [2]table.Level{table.Human, table.Hard}, Seed: 42}
	tb := newTable(t, s)
	require.NoError(t, tb.Play(0, table.Move{Row: 1, Pin: 3, Count: 2}))
	_, _, err := tb.PlayComputer(ctx)
	require.NoError(t, err)
	text := textOf(t, tb)
	assert.Regexp(t, `^table 0\.07 rows 7 7 misere seats human hard seed 42 moves 1:3-4 [12]:\d-\d+$`, text)
	restored, err := table.Restore(text)
	require.NoError(t, err)
	assert.Equal(t, text, textOf(t, restored))
	// A restored table continues exactly: the same moves by the same seats and seed.
	for {
		if _, over := tb.Winner(); over {
			break
		}
		for _, x := range []*table.Table{tb, restored} {
			if x.Seat(x.Player()) == table.Human {
				require.NoError(t, x.Play(x.Turn(), x.Moves()[0]))
			} else {
				_, _, err := x.PlayComputer(ctx)
				require.NoError(t, err)
			}
		}
		require.Equal(t, textOf(t, tb), textOf(t, restored))
	}

	for _, text := range []string{
		"kayles 10 normal moves 5-6 1",
		"kayles 7 misere seats perfect human seed 3 moves 4",
		"nim misere 1 3 5 7 moves 4:7",
		"nim normal 2 5 9 seats random symmetry moves 3:9 2:1",
		"table 0.77 rows 5 4 normal moves 2:1-2 1:3",
		"table 0.333 heaps 4 6 normal moves 1:3",
	} {
		tb, err := table.Restore(text)
		require.NoError(t, err, text)
		assert.Equal(t, text, textOf(t, tb))
		var u table.Table
		require.NoError(t, u.UnmarshalText([]byte(text)))
		assert.Equal(t, text, textOf(t, &u))
	}
	// A preset written in the general form comes back in its own.
	tb, err = table.Restore("table 0.[3] heaps 4 normal moves 1:2")
	require.NoError(t, err)
	assert.Equal(t, "nim normal 4 moves 1:2", textOf(t, tb))
	tb, err = table.Restore("table .77 rows 4 misere moves")
	require.NoError(t, err)
	assert.Equal(t, "kayles 4 misere moves", textOf(t, tb))
	// The Kayles and Nim tables read the preset forms back.
	var k table.Kayles
	require.NoError(t, k.UnmarshalText([]byte(textOf(t, newTable(t, table.KaylesSetup(table.Misere, 13))))))
	assert.Equal(t, 13, k.Size())
}

func TestRestoreErrors(t *testing.T) {
	tests := []struct {
		text   string
		offset int
		err    error
	}{
		{"", 0, kayles.ErrSyntax},
		{"chess", 0, kayles.ErrSyntax},
		{"kayles", 6, kayles.ErrSyntax},
		{"kayles 10", 9, kayles.ErrSyntax},
		{"kayles 10 normal", 16, kayles.ErrSyntax},
		{"kayles 1001 normal moves", 7, kayles.ErrRange},
		{"kayles 7 7 normal moves", 9, kayles.ErrSyntax},
		{"kayles 7 sideways moves", 9, kayles.ErrSyntax},
		{"kayles 7 normal seats human moves", 28, kayles.ErrSyntax},
		{"kayles 7 normal seats human genius moves", 28, kayles.ErrSyntax},
		{"kayles 7 normal seed -1 moves", 21, kayles.ErrSyntax},
		{"kayles 7 normal moves 4 4", 24, kayles.ErrSyntax},
		{"kayles 7 normal moves 2-1", 22, kayles.ErrSyntax},
		{"kayles 7 normal moves 1-3", 22, kayles.ErrSyntax},
		{"kayles 2 normal moves 1 2 1", 26, kayles.ErrSyntax},
		{"nim misere moves", 16, kayles.ErrSyntax},
		{"nim misere 0 moves", 11, kayles.ErrRange},
		{"nim misere 3 moves 1:4", 19, kayles.ErrSyntax},
		{"table 0.9x rows 3 normal moves", 6, kayles.ErrSyntax},
		{"table 0.07 piles 3 normal moves", 11, kayles.ErrSyntax},
		{"table 4.[3] heaps 3 normal moves", 0, kayles.ErrRange},
		{"table 0.07 rows 3 3 normal moves 1-2", 33, kayles.ErrSyntax},
		{"table 0.07 rows 3 3 normal moves 1:2", 33, kayles.ErrSyntax},
	}
	for _, tt := range tests {
		tb, err := table.Restore(tt.text)
		require.ErrorIs(t, err, tt.err, tt.text)
		var pe *kayles.ParseError
		require.ErrorAs(t, err, &pe)
		assert.Equal(t, tt.offset, pe.Offset, tt.text)
		assert.Nil(t, tb)
		// A table's message, without the root package's prefix.
		assert.Equal(t, "invalid "+pe.What+" "+strconv.Quote(tt.text)+" at offset "+strconv.Itoa(tt.offset)+": "+pe.Reason, err.Error())
	}
	_, err := table.Restore("nim misere 1 3 moves 4:7")
	assert.EqualError(t, err, `invalid nim table "nim misere 1 3 moves 4:7" at offset 21: move 1: cannot take 7 from heap 4: the heaps are numbered 1 to 2`)
	// A move that is not in the table's form names the form it wants.
	for text, want := range map[string]string{
		"table 0.07 rows 3 3 normal moves 1-2": "move 1: want a move written row:pin or row:first-last",
		"table 0.07 rows 5 normal moves x":     "move 1: want a move written pin or first-last",
		"table 0.3 heaps 5 normal moves 1":     "move 1: want a move written heap:count",
	} {
		_, err := table.Restore(text)
		var pe *kayles.ParseError
		require.ErrorAs(t, err, &pe, text)
		assert.Equal(t, want, pe.Reason, text)
	}
	var u table.Table
	require.NoError(t, u.Play(0, table.Move{Row: 1, Pin: 1, Count: 1}))
	require.Error(t, u.UnmarshalText([]byte("nim")))
	assert.Equal(t, "kayles 10 normal moves 1", textOf(t, &u))
}

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

func TestTableContext(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	tb := newTable(t, table.Setup{Seats: [2]table.Level{table.Perfect, table.Perfect}})
	_, _, err := tb.Hint(ctx)
	require.ErrorIs(t, err, context.Canceled)
	_, _, err = tb.PlayComputer(ctx)
	require.ErrorIs(t, err, context.Canceled)
	assert.Equal(t, 0, tb.Turn())
}
