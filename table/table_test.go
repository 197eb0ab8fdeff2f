package table_test

import (
	"context"
	"errors"
	"math/rand/v2"
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
