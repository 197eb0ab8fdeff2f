package table_test

import (
	"context"
	"errors"
	"math"
	"math/bits"
	"strings"
	"sync"
	"testing"

	"github.com/octalgames/kayles"
	"github.com/octalgames/kayles/table"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// pinsLost reports by brute force whether the player to move loses a row of pins in normal play:
// bit j of mask is pin j+1, set when it stands; a move knocks down one standing pin or two
// standing neighbours. It knows nothing of rows, nim-values or the engine.
func pinsLost(mask uint32, memo map[uint32]bool) bool {
	if lost, ok := memo[mask]; ok {
		return lost
	}
	lost := true
	for j := 0; j < 32 && lost; j++ {
		if mask&(1<<j) == 0 {
			continue
		}
		if pinsLost(mask&^(1<<j), memo) || j < 31 && mask&(1<<(j+1)) != 0 && pinsLost(mask&^(3<<j), memo) {
			lost = false
		}
	}
	memo[mask] = lost
	return lost
}

// pinsOf returns moves as the pins they knock down, to compare with pins written out.
func pinsOf(ms []table.KaylesMove) [][]int {
	var ps [][]int
	for _, m := range ms {
		ps = append(ps, m.Pins())
	}
	return ps
}

// hint returns the hint of tb as pins, nil once the game is over.
func hint(t *testing.T, tb *table.Kayles) ([]int, bool) {
	t.Helper()
	m, winning, err := tb.Hint(context.Background())
	require.NoError(t, err)
	if m == (table.KaylesMove{}) {
		return nil, winning
	}
	return m.Pins(), winning
}

// pos returns the position of heaps as the tables make it.
func pos(t *testing.T, heaps ...int) kayles.Position {
	t.Helper()
	p, err := table.NewPosition(heaps...)
	require.NoError(t, err)
	return p
}

// kaylesLoses reports whether the player to move in p loses Kayles under c, by the rule set
// the tables use.
func kaylesLoses(t *testing.T, p kayles.Position, c table.Convention) bool {
	t.Helper()
	o, err := table.KaylesOutcome(p, c)
	require.NoError(t, err)
	return o == kayles.Previous
}

// pinsMoves returns the moves in mask as masks of the pins they knock down.
func pinsMoves(mask uint32) []uint32 {
	var ms []uint32
	for j := range 32 {
		if mask&(1<<j) != 0 {
			ms = append(ms, 1<<j)
			if j < 31 && mask&(1<<(j+1)) != 0 {
				ms = append(ms, 3<<j)
			}
		}
	}
	return ms
}

// pinsMask returns the mask of a move given as 1-based pins.
func pinsMask(pins []int) uint32 {
	var m uint32
	for _, p := range pins {
		m |= 1 << (p - 1)
	}
	return m
}

// tableWith returns a table of n pins whose standing pins are the bits of mask, each fallen pin
// knocked down on its own.
func tableWith(t *testing.T, n int, mask uint32) *table.Kayles {
	tb, err := table.NewKayles(table.Normal, n)
	require.NoError(t, err)
	for j := range n {
		if mask&(1<<j) == 0 {
			require.NoError(t, tb.Knock(j+1))
		}
	}
	require.Equal(t, mask, tableMask(tb))
	return tb
}

// tableMask returns the standing pins of tb as a mask.
func tableMask(tb *table.Kayles) uint32 {
	var m uint32
	for p := 1; p <= tb.Size(); p++ {
		if tb.Standing(p) {
			m |= 1 << (p - 1)
		}
	}
	return m
}

func TestTableSizes(t *testing.T) {
	assert.Equal(t, 7, table.Small)
	assert.Equal(t, 10, table.Medium)
	assert.Equal(t, 13, table.Large)
	assert.Equal(t, table.Medium, table.DefaultSize)
	for _, n := range []int{1, table.Small, table.Medium, table.Large, table.MaxPins} {
		tb, err := table.NewKayles(table.Normal, n)
		require.NoError(t, err, "size %d", n)
		assert.Equal(t, n, tb.Size())
		assert.Equal(t, strings.Repeat("|", n), tb.String())
		assert.Equal(t, pos(t, n), tb.Position())
		assert.Equal(t, 0, tb.Player())
		_, over := tb.Winner()
		assert.False(t, over)
	}
	for _, n := range []int{0, -1, table.MaxPins + 1, 1 << 40} {
		tb, err := table.NewKayles(table.Normal, n)
		require.ErrorIs(t, err, table.ErrSetup, "size %d", n)
		var se *table.SetupError
		require.ErrorAs(t, err, &se)
		assert.Nil(t, tb)
	}
	_, err := table.NewKayles(table.Normal, 0)
	assert.EqualError(t, err, "a table has 1 to 1000 pins, not 0")
}

func TestZeroTable(t *testing.T) {
	var tb table.Kayles
	assert.Equal(t, table.DefaultSize, tb.Size())
	assert.Equal(t, "||||||||||", tb.String())
	require.NoError(t, tb.Knock(10))
	assert.Equal(t, "|||||||||.", tb.String())
	text, err := tb.MarshalText()
	require.NoError(t, err)
	assert.Equal(t, "kayles 10 normal moves 10", string(text))
}

func TestKnockRules(t *testing.T) {
	tb, err := table.NewKayles(table.Normal, table.Small)
	require.NoError(t, err)
	require.NoError(t, tb.Knock(4)) // the middle pin splits the row
	assert.Equal(t, "|||.|||", tb.String())
	assert.Equal(t, pos(t, 3, 3), tb.Position())
	assert.Equal(t, 1, tb.Player())
	require.NoError(t, tb.Knock(7, 6)) // two neighbours, in either order
	assert.Equal(t, "|||.|..", tb.String())
	assert.Equal(t, pos(t, 3, 1), tb.Position())
	// Pins 3 and 5 have the fallen pin 4 between them: not side by side.
	require.ErrorIs(t, tb.Knock(3, 5), table.ErrNotSideBySide)
	require.NoError(t, tb.Knock(1))
	require.NoError(t, tb.Knock(2, 3))
	assert.Equal(t, [][]int{{4}, {6, 7}, {1}, {2, 3}}, pinsOf(tb.History()))
	assert.Equal(t, [][]int{{5}}, pinsOf(tb.Moves()))
	_, over := tb.Winner()
	assert.False(t, over)
	require.NoError(t, tb.Knock(5)) // the fifth move: the first player knocked the last pin
	assert.Equal(t, ".......", tb.String())
	assert.Equal(t, kayles.Position{}, tb.Position())
	winner, over := tb.Winner()
	assert.True(t, over)
	assert.Equal(t, 0, winner)
	assert.Equal(t, 1, tb.Player())
	assert.Empty(t, pinsOf(tb.Moves()))
	require.ErrorIs(t, tb.Knock(5), table.ErrGameOver)

	// Whoever knocks the last pin wins, whichever player that is.
	tb, err = table.NewKayles(table.Normal, 2)
	require.NoError(t, err)
	require.NoError(t, tb.Knock(1))
	require.NoError(t, tb.Knock(2))
	winner, over = tb.Winner()
	assert.True(t, over)
	assert.Equal(t, 1, winner)
}

func TestKnockErrors(t *testing.T) {
	tests := []struct {
		pins []int
		err  error
		msg  string
	}{
		{nil, table.ErrNoPins, "cannot knock down nothing: choose one pin, or two pins side by side"},
		{[]int{2, 3, 4}, table.ErrTooManyPins, "cannot knock down pins 2, 3 and 4: knock down one pin, or two pins side by side, at a time"},
		{[]int{0}, table.ErrNoSuchPin, "cannot knock down pin 0: there is no pin 0; the pins are numbered 1 to 7"},
		{[]int{8}, table.ErrNoSuchPin, "cannot knock down pin 8: there is no pin 8; the pins are numbered 1 to 7"},
		{[]int{7, 8}, table.ErrNoSuchPin, "cannot knock down pins 7 and 8: there is no pin 8; the pins are numbered 1 to 7"},
		{[]int{-3}, table.ErrNoSuchPin, "cannot knock down pin -3: there is no pin -3; the pins are numbered 1 to 7"},
		{[]int{4}, table.ErrPinDown, "cannot knock down pin 4: pin 4 is already down"},
		{[]int{5, 4}, table.ErrPinDown, "cannot knock down pins 5 and 4: pin 4 is already down"},
		{[]int{3, 5}, table.ErrNotSideBySide, "cannot knock down pins 3 and 5: they are not side by side"},
		{[]int{1, 7}, table.ErrNotSideBySide, "cannot knock down pins 1 and 7: they are not side by side"},
		{[]int{2, 2}, table.ErrNotSideBySide, "cannot knock down pins 2 and 2: that is the same pin twice"},
	}
	for _, tt := range tests {
		tb, err := table.NewKayles(table.Normal, table.Small)
		require.NoError(t, err)
		require.NoError(t, tb.Knock(4))
		before, _ := tb.MarshalText()
		err = tb.Knock(tt.pins...)
		require.ErrorIs(t, err, tt.err, "%v", tt.pins)
		require.ErrorIs(t, err, kayles.ErrIllegalMove, "%v", tt.pins)
		var ke *table.KnockError
		require.ErrorAs(t, err, &ke)
		assert.Equal(t, tt.pins, ke.Pins)
		assert.Equal(t, table.Small, ke.Size)
		assert.EqualError(t, err, tt.msg)
		for _, other := range []error{table.ErrNoPins, table.ErrTooManyPins, table.ErrNoSuchPin,
			table.ErrPinDown, table.ErrNotSideBySide, table.ErrGameOver} {
			if other != tt.err {
				assert.NotErrorIs(t, err, other, "%v", tt.pins)
			}
		}
		after, _ := tb.MarshalText()
		assert.Equal(t, string(before), string(after), "a rejected move changed the table")
	}

	tb, err := table.NewKayles(table.Normal, 1)
	require.NoError(t, err)
	require.NoError(t, tb.Knock(1))
	err = tb.Knock(1)
	require.ErrorIs(t, err, table.ErrGameOver)
	assert.EqualError(t, err, "cannot knock down pin 1: the game is over; every pin is down")
}

func TestTableUndo(t *testing.T) {
	tb, err := table.NewKayles(table.Normal, 5)
	require.NoError(t, err)
	require.ErrorIs(t, tb.Undo(), table.ErrNothingToUndo)
	require.NoError(t, tb.Knock(2, 3))
	require.NoError(t, tb.Knock(5))
	require.NoError(t, tb.Undo())
	assert.Equal(t, "|..||", tb.String())
	assert.Equal(t, 1, tb.Player())
	require.NoError(t, tb.Knock(1))
	require.NoError(t, tb.Knock(4, 5))
	_, over := tb.Winner()
	require.True(t, over)
	require.NoError(t, tb.Undo()) // a finished game can be taken back too
	_, over = tb.Winner()
	assert.False(t, over)
	require.NoError(t, tb.Undo())
	require.NoError(t, tb.Undo())
	assert.Equal(t, "|||||", tb.String())
	assert.Equal(t, 0, tb.Player())
	assert.Empty(t, pinsOf(tb.History()))
	require.ErrorIs(t, tb.Undo(), table.ErrNothingToUndo)
}

func TestTableHistoryDoesNotAlias(t *testing.T) {
	tb, err := table.NewKayles(table.Normal, 5)
	require.NoError(t, err)
	pins := []int{3, 2}
	require.NoError(t, tb.Knock(pins...))
	pins[0] = 5
	h := tb.History()
	h[0].Pin = 5
	assert.Equal(t, [][]int{{2, 3}}, pinsOf(tb.History()))
	assert.Equal(t, "|..||", tb.String())
}

func TestTableStanding(t *testing.T) {
	tb, err := table.NewKayles(table.Normal, 3)
	require.NoError(t, err)
	require.NoError(t, tb.Knock(2))
	for pin, want := range map[int]bool{-1: false, 0: false, 1: true, 2: false, 3: true, 4: false} {
		assert.Equal(t, want, tb.Standing(pin), "pin %d", pin)
	}
}

// TestTablePositionAgainstEngine checks the rows a table hands the engine, and the engine's
// verdict on them, against brute force over the actual pins.
func TestTablePositionAgainstEngine(t *testing.T) {
	memo := map[uint32]bool{}
	for n := 1; n <= 10; n++ {
		for mask := range uint32(1) << n {
			tb := tableWith(t, n, mask)
			p := tb.Position()
			assert.Equal(t, bits.OnesCount32(mask), pinsTotal(p.Heaps()), "%s", tb)
			assert.Equal(t, pinsLost(mask, memo), kaylesLoses(t, p, table.Normal), "%s", tb)
		}
	}
}

func pinsTotal(ns []int) int {
	s := 0
	for _, n := range ns {
		s += n
	}
	return s
}

// TestTableHintAgainstBruteForce checks Hint on every row of up to 11 pins: it wins exactly when
// the position is won, a winning hint leaves the opponent lost, and in a lost position it is one
// pin that leaves the most replies that do not win.
func TestTableHintAgainstBruteForce(t *testing.T) {
	memo := map[uint32]bool{}
	for n := 1; n <= 11; n++ {
		for mask := range uint32(1) << n {
			tb := tableWith(t, n, mask)
			pins, winning := hint(t, tb)
			if mask == 0 {
				assert.Nil(t, pins)
				assert.False(t, winning)
				continue
			}
			require.NotEmpty(t, pins, "%s", tb)
			m := pinsMask(pins)
			require.Contains(t, pinsMoves(mask), m, "%s: hint %v is not legal", tb, pins)
			assert.Equal(t, !pinsLost(mask, memo), winning, "%s", tb)
			if winning {
				assert.True(t, pinsLost(mask&^m, memo), "%s: hint %v does not win", tb, pins)
				continue
			}
			wrong := func(after uint32) int {
				n := 0
				for _, r := range pinsMoves(after) {
					if !pinsLost(after&^r, memo) {
						n++
					}
				}
				return n
			}
			require.Len(t, pins, 1, "%s: a lost hint keeps the most pins standing", tb)
			best := -1
			for j := range n {
				if mask&(1<<j) != 0 {
					best = max(best, wrong(mask&^(1<<j)))
				}
			}
			assert.Equal(t, best, wrong(mask&^m), "%s: hint %v", tb, pins)
		}
	}
}

func TestTableText(t *testing.T) {
	tb, err := table.NewKayles(table.Normal, table.Large)
	require.NoError(t, err)
	text, err := tb.MarshalText()
	require.NoError(t, err)
	assert.Equal(t, "kayles 13 normal moves", string(text))
	for _, m := range [][]int{{7}, {3, 2}, {13}, {9, 10}} {
		require.NoError(t, tb.Knock(m...))
	}
	text, err = tb.MarshalText()
	require.NoError(t, err)
	assert.Equal(t, "kayles 13 normal moves 7 2-3 13 9-10", string(text))
	b, err := tb.AppendText([]byte("game: "))
	require.NoError(t, err)
	assert.Equal(t, "game: kayles 13 normal moves 7 2-3 13 9-10", string(b))

	var back table.Kayles
	require.NoError(t, back.UnmarshalText([]byte(" kayles\t13 normal\nmoves 7  2-3 13 9-10\n")))
	assert.Equal(t, tb.String(), back.String())
	assert.Equal(t, tb.History(), back.History())
	assert.Equal(t, tb.Player(), back.Player())
	again, _ := back.MarshalText()
	assert.Equal(t, string(text), string(again))
}

func TestTableUnmarshalTextErrors(t *testing.T) {
	tests := []struct {
		text string
		err  error
		off  int
		msg  string
	}{
		{"", kayles.ErrSyntax, 0, "want the word kayles first"},
		{"nim misere 1 moves", kayles.ErrSyntax, 0, "want the word kayles first"},
		{"kayles 10", kayles.ErrSyntax, 9, "want the number of pins, the play convention and the word moves"},
		{"kayles ten normal moves", kayles.ErrSyntax, 7, "want the number of pins"},
		{"kayles +10 normal moves", kayles.ErrSyntax, 7, "want the number of pins"},
		{"kayles 0 normal moves", kayles.ErrRange, 7, "a table has 1 to 1000 pins"},
		{"kayles 1001 normal moves", kayles.ErrRange, 7, "a table has 1 to 1000 pins"},
		{"kayles 99999999999999999999 normal moves", kayles.ErrSyntax, 7, "want the number of pins"},
		{"kayles 10 sideways moves", kayles.ErrSyntax, 10, "unknown play convention; want normal or misere"},
		{"kayles 10 normal 5", kayles.ErrSyntax, 17, "want the word moves"},
		{"kayles 3 normal moves 1 2 3 1", kayles.ErrSyntax, 28, "more moves than pins"},
		{"kayles 10 normal moves 5 x", kayles.ErrSyntax, 25, "move 2: want a pin number"},
		{"kayles 10 normal moves 5 4-", kayles.ErrSyntax, 27, "move 2: want a pin number"},
		{"kayles 10 normal moves 5 -4", kayles.ErrSyntax, 25, "move 2: want a pin number"},
		{"kayles 10 normal moves 2-3-4", kayles.ErrSyntax, 25, "move 1: want a pin number"},
		{"kayles 10 normal moves 4-3", kayles.ErrSyntax, 23, "move 1 is not written lower pin first"},
		{"kayles 10 normal moves 5 5", kayles.ErrSyntax, 25, "move 2: cannot knock down pin 5: pin 5 is already down"},
		{"kayles 10 normal moves 4-6", kayles.ErrSyntax, 23, "move 1: cannot knock down pins 4 and 6: they are not side by side"},
		{"kayles 10 normal moves 11", kayles.ErrSyntax, 23, "move 1: cannot knock down pin 11: there is no pin 11; the pins are numbered 1 to 10"},
		{"kayles 2 normal moves 1-2 1", kayles.ErrSyntax, 26, "move 2: cannot knock down pin 1: the game is over; every pin is down"},
	}
	for _, tt := range tests {
		tb, err := table.NewKayles(table.Normal, 5)
		require.NoError(t, err)
		require.NoError(t, tb.Knock(3))
		err = tb.UnmarshalText([]byte(tt.text))
		require.ErrorIs(t, err, tt.err, "%q", tt.text)
		var pe *kayles.ParseError
		require.ErrorAs(t, err, &pe)
		assert.Equal(t, "table", pe.What)
		assert.Equal(t, tt.off, pe.Offset, "%q", tt.text)
		assert.Equal(t, tt.msg, pe.Reason, "%q", tt.text)
		assert.Equal(t, "||.||", tb.String(), "%q changed the table", tt.text)
		assert.Equal(t, [][]int{{3}}, pinsOf(tb.History()))
	}
}

func TestTableConcurrentUse(t *testing.T) {
	tb, err := table.NewKayles(table.Normal, table.MaxPins)
	require.NoError(t, err)
	var wg sync.WaitGroup
	for g := range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := g; i < table.MaxPins; i += 4 {
				assert.NoError(t, tb.Knock(i+1))
				assert.False(t, tb.Standing(i+1))
				assert.Len(t, tb.String(), table.MaxPins)
				assert.LessOrEqual(t, pinsTotal(tb.Position().Heaps()), table.MaxPins-1)
			}
		}()
	}
	wg.Wait()
	winner, over := tb.Winner()
	assert.True(t, over)
	assert.Equal(t, 1, winner) // 1000 moves: the second player knocked the last pin
	assert.Len(t, tb.History(), table.MaxPins)
	assert.True(t, errors.Is(tb.Knock(1), table.ErrGameOver))
}

func TestKaylesMove(t *testing.T) {
	assert.Equal(t, []int{5}, table.KaylesMove{Pin: 5}.Pins())
	assert.Equal(t, []int{5, 6}, table.KaylesMove{Pin: 5, Pair: true}.Pins())
	assert.Equal(t, "5", table.KaylesMove{Pin: 5}.String())
	assert.Equal(t, "5-6", table.KaylesMove{Pin: 5, Pair: true}.String())
	assert.Equal(t, "0", table.KaylesMove{}.String())

	tb, err := table.NewKayles(table.Normal, table.Small)
	require.NoError(t, err)
	require.NoError(t, tb.Play(table.KaylesMove{Pin: 6, Pair: true}))
	require.NoError(t, tb.Play(table.KaylesMove{Pin: 1}))
	assert.Equal(t, []table.KaylesMove{{Pin: 6, Pair: true}, {Pin: 1}}, tb.History())
	assert.Equal(t, ".||||..", tb.String())
	// Knock takes the pins in either order and records the move the same way.
	require.NoError(t, tb.Knock(4, 3))
	assert.Equal(t, table.KaylesMove{Pin: 3, Pair: true}, tb.History()[2])
	assert.Equal(t, []table.KaylesMove{{Pin: 2}, {Pin: 5}}, tb.Moves())

	for _, m := range []table.KaylesMove{{}, {Pin: -1}, {Pin: 7, Pair: true}, {Pin: 5, Pair: true}, {Pin: 1},
		{Pin: math.MaxInt, Pair: true}, {Pin: math.MinInt}} {
		before, _ := tb.MarshalText()
		err := tb.Play(m)
		require.ErrorIs(t, err, kayles.ErrIllegalMove, "%v", m)
		var ke *table.KnockError
		require.ErrorAs(t, err, &ke)
		assert.Equal(t, m.Pins(), ke.Pins)
		after, _ := tb.MarshalText()
		assert.Equal(t, string(before), string(after), "%v changed the table", m)
	}
}

func TestKaylesHintContext(t *testing.T) {
	tb, err := table.NewKayles(table.Misere, table.MaxPins)
	require.NoError(t, err)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	m, winning, err := tb.Hint(ctx)
	require.ErrorIs(t, err, context.Canceled)
	assert.Equal(t, table.KaylesMove{}, m)
	assert.False(t, winning)

	// In a lost row of many pins, the hint asks the rule set about the position after each pin
	// and checks ctx each time: a context that ends after a few checks stops it.
	tb, err = table.NewKayles(table.Normal, table.MaxPins-1)
	require.NoError(t, err)
	require.NoError(t, tb.Knock(table.MaxPins/2))
	_, winning = hint(t, tb)
	require.False(t, winning)
	_, _, err = tb.Hint(&countdown{Context: context.Background(), left: 10})
	require.ErrorIs(t, err, context.DeadlineExceeded)
}

// countdown is a context whose deadline passes after left calls of Err.
type countdown struct {
	context.Context
	mu   sync.Mutex
	left int
}

func (c *countdown) Err() error {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.left--; c.left < 0 {
		return context.DeadlineExceeded
	}
	return nil
}

func TestMisereTable(t *testing.T) {
	tb, err := table.NewKayles(table.Misere, 3)
	require.NoError(t, err)
	assert.Equal(t, table.Misere, tb.Convention())
	require.NoError(t, tb.Knock(1, 2)) // player 0
	require.NoError(t, tb.Knock(3))    // player 1 knocks down the last pin, and loses
	winner, over := tb.Winner()
	require.True(t, over)
	assert.Equal(t, 0, winner)
	text, err := tb.MarshalText()
	require.NoError(t, err)
	assert.Equal(t, "kayles 3 misere moves 1-2 3", string(text))
	var back table.Kayles
	require.NoError(t, back.UnmarshalText(text))
	assert.Equal(t, table.Misere, back.Convention())
	winner, over = back.Winner()
	assert.True(t, over)
	assert.Equal(t, 0, winner)

	normal, err := table.NewKayles(table.Normal, 3)
	require.NoError(t, err)
	assert.Equal(t, table.Normal, normal.Convention())
	err = back.UnmarshalText([]byte("kayles 3 upside-down moves"))
	require.ErrorIs(t, err, kayles.ErrSyntax)
	assert.Contains(t, err.Error(), "want normal or misere")
	_, err = table.NewKayles(table.Misere, 0)
	require.ErrorIs(t, err, table.ErrSetup)
}
