package table_test

import (
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/octalgames/kayles"
	"github.com/octalgames/kayles/table"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// nimBruteLoses reports by brute force whether the player to move in heaps loses: in normal
// play the player who cannot move loses, in misère play the player who cannot move wins. It
// knows nothing of nim-sums.
func nimBruteLoses(heaps []int, misere bool, memo map[string]bool) bool {
	key := fmt.Sprint(misere, heaps)
	if lost, ok := memo[key]; ok {
		return lost
	}
	lost, moved := true, false
	for i, h := range heaps {
		for y := 0; y < h && lost; y++ {
			moved = true
			after := slices.Clone(heaps)
			after[i] = y
			if nimBruteLoses(after, misere, memo) {
				lost = false
			}
		}
	}
	if !moved {
		lost = !misere
	}
	memo[key] = lost
	return lost
}

// conv returns the play convention that misere names.
func conv(misere bool) table.Convention {
	if misere {
		return table.Misere
	}
	return table.Normal
}

// nimLoses and nimWinningMoves are table.NimLoses and table.NimWinningMoves, which must not fail.
func nimLoses(t *testing.T, heaps []int, misere bool) bool {
	t.Helper()
	lost, err := table.NimLoses(heaps, conv(misere))
	require.NoError(t, err)
	return lost
}

func nimWinningMoves(t *testing.T, heaps []int, misere bool) []table.NimMove {
	t.Helper()
	ms, err := table.NimWinningMoves(heaps, conv(misere))
	require.NoError(t, err)
	return ms
}

// nimHint returns the hint of nt, which must not fail.
func nimHint(t *testing.T, nt *table.Nim) (index, count int, winning bool) {
	t.Helper()
	m, winning, err := nt.Hint(context.Background())
	require.NoError(t, err)
	return m.Index, m.Count, winning
}

// nimTuples calls f with every tuple of up to k heaps of 0 to max objects each.
func nimTuples(k, max int, f func([]int)) {
	var rec func([]int)
	rec = func(hs []int) {
		f(hs)
		if len(hs) == k {
			return
		}
		for h := 0; h <= max; h++ {
			rec(append(slices.Clone(hs), h))
		}
	}
	rec(nil)
}

// TestMisereNimAgainstBruteForce checks the rule of misère Nim (and of normal Nim) and the
// winning moves drawn from it against a game-tree search, on every position of up to four heaps
// of up to 6 objects, heaps of 0 included.
func TestMisereNimAgainstBruteForce(t *testing.T) {
	memo := map[string]bool{}
	count := 0
	nimTuples(4, 6, func(hs []int) {
		for _, misere := range []bool{true, false} {
			count++
			lost := nimBruteLoses(hs, misere, memo)
			require.Equal(t, lost, nimLoses(t, hs, misere), "misere=%v %v", misere, hs)
			var want []table.NimMove
			for i, h := range hs {
				for c := 1; c <= h; c++ {
					after := slices.Clone(hs)
					after[i] -= c
					if nimBruteLoses(after, misere, memo) {
						want = append(want, table.NimMove{Index: i + 1, Count: c})
					}
				}
			}
			assert.Equal(t, want, nimWinningMoves(t, hs, misere), "misere=%v %v", misere, hs)
			if slices.ContainsFunc(hs, func(h int) bool { return h > 0 }) {
				assert.Equal(t, lost, len(want) == 0, "misere=%v %v", misere, hs)
			}
		}
	})
	assert.Equal(t, 2*(1+7+49+343+2401), count)
	// The textbook cases of misère Nim.
	assert.True(t, nimLoses(t, []int{1}, true))
	assert.False(t, nimLoses(t, []int{1}, false))
	assert.True(t, nimLoses(t, []int{1, 3, 5, 7}, true))
	assert.True(t, nimLoses(t, []int{1, 1, 1}, true))
	assert.False(t, nimLoses(t, []int{1, 1}, true))
	assert.False(t, nimLoses(t, nil, true)) // the player who took the last object lost
}

func TestNimTableSetup(t *testing.T) {
	nt, err := table.NewNim(table.Misere)
	require.NoError(t, err)
	assert.Equal(t, []int{1, 3, 5, 7}, nt.Heaps())
	assert.Equal(t, []int{1, 3, 5, 7}, nt.Setup())
	assert.Equal(t, table.Misere, nt.Convention())
	assert.Equal(t, "1 3 5 7", nt.String())

	// The zero Nim table plays the zero Convention, Normal, as the zero Kayles table does.
	var zero table.Nim
	assert.Equal(t, []int{1, 3, 5, 7}, zero.Heaps())
	assert.Equal(t, table.Normal, zero.Convention())
	text, _ := zero.MarshalText()
	assert.Equal(t, "nim normal 1 3 5 7 moves", string(text))

	heaps := []int{4, 2, 9}
	nt, err = table.NewNim(table.Normal, heaps...)
	require.NoError(t, err)
	heaps[0] = 1
	assert.Equal(t, []int{4, 2, 9}, nt.Heaps(), "NewNimTable keeps the caller's slice")
	assert.Equal(t, table.Normal, nt.Convention())
	h := nt.Heaps()
	h[1] = 7
	assert.Equal(t, []int{4, 2, 9}, nt.Heaps(), "Heaps aliases the table")

	for _, hs := range [][]int{{0}, {1, -2}, {table.MaxHeapSize + 1}, make([]int, table.MaxHeaps+1)} {
		for i := range hs {
			if len(hs) > table.MaxHeaps {
				hs[i] = 1
			}
		}
		nt, err := table.NewNim(table.Misere, hs...)
		require.ErrorIs(t, err, table.ErrSetup, "%v", hs)
		var se *table.SetupError
		require.ErrorAs(t, err, &se)
		assert.Nil(t, nt)
	}
	_, err = table.NewNim(table.Misere, 3, 0)
	assert.EqualError(t, err, "heap 2 of a Nim table must hold 1 to 1000 objects, not 0")
	_, err = table.NewNim(table.Misere, table.MaxHeapSize)
	require.NoError(t, err)
}

func TestNimTableRules(t *testing.T) {
	for _, misere := range []bool{true, false} {
		nt, err := table.NewNim(conv(misere), 2, 1)
		require.NoError(t, err)
		require.NoError(t, nt.Take(1, 2))
		assert.Equal(t, []int{0, 1}, nt.Heaps())
		assert.Equal(t, 1, nt.Player())
		_, over := nt.Winner()
		assert.False(t, over)
		require.NoError(t, nt.Take(2, 1)) // player 1 takes the last object
		assert.Equal(t, []int{0, 0}, nt.Heaps())
		assert.Equal(t, []table.NimMove{{1, 2}, {2, 1}}, nt.History())
		winner, over := nt.Winner()
		assert.True(t, over)
		if misere {
			assert.Equal(t, 0, winner, "in misère play whoever takes the last object loses")
		} else {
			assert.Equal(t, 1, winner, "in normal play whoever takes the last object wins")
		}
		h, c, win := nimHint(t, nt)
		assert.Equal(t, [3]any{0, 0, false}, [3]any{h, c, win})
	}
}

func TestNimTableTakeErrors(t *testing.T) {
	tests := []struct {
		heap, count int
		err         error
		msg         string
	}{
		{0, 1, table.ErrNoSuchHeap, "cannot take 1 from heap 0: the heaps are numbered 1 to 4"},
		{5, 1, table.ErrNoSuchHeap, "cannot take 1 from heap 5: the heaps are numbered 1 to 4"},
		{2, 0, table.ErrTakeNone, "cannot take 0 from heap 2: take at least one object"},
		{2, -1, table.ErrTakeNone, "cannot take -1 from heap 2: take at least one object"},
		{2, 4, table.ErrTakeTooMany, "cannot take 4 from heap 2: it holds only 3"},
		{1, 1, table.ErrTakeTooMany, "cannot take 1 from heap 1: it is empty"},
	}
	for _, tt := range tests {
		nt, err := table.NewNim(table.Misere)
		require.NoError(t, err)
		require.NoError(t, nt.Take(1, 1))
		before, _ := nt.MarshalText()
		err = nt.Take(tt.heap, tt.count)
		require.ErrorIs(t, err, tt.err)
		require.ErrorIs(t, err, kayles.ErrIllegalMove)
		var te *table.TakeError
		require.ErrorAs(t, err, &te)
		assert.Equal(t, tt.heap, te.Index)
		assert.Equal(t, tt.count, te.Count)
		assert.EqualError(t, err, tt.msg)
		for _, other := range []error{table.ErrNoSuchHeap, table.ErrTakeNone, table.ErrTakeTooMany, table.ErrGameOver} {
			if other != tt.err {
				assert.NotErrorIs(t, err, other)
			}
		}
		after, _ := nt.MarshalText()
		assert.Equal(t, string(before), string(after), "a rejected move changed the table")
	}
	nt, err := table.NewNim(table.Normal, 1)
	require.NoError(t, err)
	require.NoError(t, nt.Take(1, 1))
	err = nt.Take(1, 1)
	require.ErrorIs(t, err, table.ErrGameOver)
	assert.EqualError(t, err, "cannot take 1 from heap 1: the game is over; every heap is empty")
}

func TestNimTableUndo(t *testing.T) {
	nt, err := table.NewNim(table.Misere, 3, 4)
	require.NoError(t, err)
	require.ErrorIs(t, nt.Undo(), table.ErrNothingToUndo)
	require.NoError(t, nt.Take(2, 4))
	require.NoError(t, nt.Take(1, 2))
	require.NoError(t, nt.Undo())
	assert.Equal(t, []int{3, 0}, nt.Heaps())
	assert.Equal(t, 1, nt.Player())
	require.NoError(t, nt.Undo())
	assert.Equal(t, []int{3, 4}, nt.Heaps())
	assert.Empty(t, nt.History())
	require.ErrorIs(t, nt.Undo(), table.ErrNothingToUndo)
}

// TestNimTableHint checks Hint on every position of up to three heaps of up to 5 objects, in
// both conventions, against brute force.
func TestNimTableHint(t *testing.T) {
	memo := map[string]bool{}
	nimTuples(3, 5, func(hs []int) {
		if len(hs) == 0 || slices.Contains(hs, 0) {
			return
		}
		for _, misere := range []bool{true, false} {
			nt, err := table.NewNim(conv(misere), hs...)
			require.NoError(t, err)
			heap, count, winning := nimHint(t, nt)
			require.NoError(t, nt.Take(heap, count), "misere=%v %v", misere, hs)
			assert.Equal(t, !nimBruteLoses(hs, misere, memo), winning, "misere=%v %v", misere, hs)
			assert.Equal(t, winning, nimBruteLoses(nt.Heaps(), misere, memo), "misere=%v %v: hint %d:%d", misere, hs, heap, count)
			if !winning {
				assert.Equal(t, 1, count, "misere=%v %v: a lost hint takes one object", misere, hs)
			}
		}
	})
}

func TestNimTableText(t *testing.T) {
	nt, err := table.NewNim(table.Normal, 2, 12, 5)
	require.NoError(t, err)
	require.NoError(t, nt.Take(2, 10))
	require.NoError(t, nt.Take(1, 1))
	text, err := nt.MarshalText()
	require.NoError(t, err)
	assert.Equal(t, "nim normal 2 12 5 moves 2:10 1:1", string(text))

	var back table.Nim
	require.NoError(t, back.UnmarshalText([]byte("nim\tnormal 2 12 5\nmoves 2:10   1:1 ")))
	assert.Equal(t, nt.Heaps(), back.Heaps())
	assert.Equal(t, nt.Setup(), back.Setup())
	assert.Equal(t, nt.History(), back.History())
	assert.Equal(t, table.Normal, back.Convention())
	again, _ := back.MarshalText()
	assert.Equal(t, string(text), string(again))
}

func TestNimTableUnmarshalTextErrors(t *testing.T) {
	tests := []struct {
		text string
		err  error
		off  int
		msg  string
	}{
		{"", kayles.ErrSyntax, 0, "want the word nim first"},
		{"kayles 10 normal moves", kayles.ErrSyntax, 0, "want the word nim first"},
		{"nim", kayles.ErrSyntax, 3, "want the play convention, misere or normal"},
		{"nim mis\u00e8re 1 moves", kayles.ErrSyntax, 4, "unknown play convention; want misere or normal"},
		{"nim misere moves", kayles.ErrSyntax, 16, "want at least one heap"},
		{"nim misere 1 3", kayles.ErrSyntax, 14, "want the word moves after the heaps"},
		{"nim misere 1 x moves", kayles.ErrSyntax, 13, "want a heap size or the word moves"},
		{"nim misere 1 0 moves", kayles.ErrRange, 13, "a heap holds 1 to 1000 objects"},
		{"nim misere 1001 moves", kayles.ErrRange, 11, "a heap holds 1 to 1000 objects"},
		{"nim normal" + strings.Repeat(" 1", table.MaxHeaps+1) + " moves", kayles.ErrRange, 11 + 2*table.MaxHeaps, "more than 100 heaps"},
		{"nim misere 1 2 moves 1:1 2:1 2:1 1:1", kayles.ErrSyntax, 33, "more moves than objects"},
		{"nim misere 3 moves 1", kayles.ErrSyntax, 19, "move 1: want a move written heap:count"},
		{"nim misere 3 moves 1:", kayles.ErrSyntax, 19, "move 1: want a move written heap:count"},
		{"nim misere 3 moves :1", kayles.ErrSyntax, 19, "move 1: want a move written heap:count"},
		{"nim misere 3 moves 1:+1", kayles.ErrSyntax, 19, "move 1: want a move written heap:count"},
		{"nim misere 3 moves 1:4", kayles.ErrSyntax, 19, "move 1: cannot take 4 from heap 1: it holds only 3"},
		{"nim misere 3 moves 2:1", kayles.ErrSyntax, 19, "move 1: cannot take 1 from heap 2: the heaps are numbered 1 to 1"},
		{"nim misere 3 moves 1:0", kayles.ErrSyntax, 19, "move 1: cannot take 0 from heap 1: take at least one object"},
	}
	for _, tt := range tests {
		nt, err := table.NewNim(table.Misere, 2, 2)
		require.NoError(t, err)
		require.NoError(t, nt.Take(2, 1))
		err = nt.UnmarshalText([]byte(tt.text))
		require.ErrorIs(t, err, tt.err, "%q", tt.text)
		var pe *kayles.ParseError
		require.ErrorAs(t, err, &pe)
		assert.Equal(t, "nim table", pe.What)
		assert.Equal(t, tt.off, pe.Offset, "%q", tt.text)
		assert.Equal(t, tt.msg, pe.Reason, "%q", tt.text)
		assert.Equal(t, []int{2, 1}, nt.Heaps(), "%q changed the table", tt.text)
		assert.Equal(t, []table.NimMove{{2, 1}}, nt.History())
		assert.Equal(t, table.Misere, nt.Convention())
	}
}

// refNimTableWins lists the winning moves of a Nim table by trying every move on every table
// heap, each checked by the rule of Nim (nimRuleLoses) updated for the one heap changed: the
// slow, obviously correct counterpart of the table's use of Nim's methods.
func refNimTableWins(hs []int, misere bool) []table.NimMove {
	x, big := 0, 0
	for _, h := range hs {
		x ^= h
		if h > 1 {
			big++
		}
	}
	var ms []table.NimMove
	for i, h := range hs {
		for c := 1; c <= h; c++ {
			y := h - c
			bigAfter := big
			if h > 1 {
				bigAfter--
			}
			if y > 1 {
				bigAfter++
			}
			xAfter := x ^ h ^ y
			lost := xAfter == 0
			if misere && bigAfter == 0 {
				lost = xAfter == 1
			}
			if lost {
				ms = append(ms, table.NimMove{Index: i + 1, Count: c})
			}
		}
	}
	return ms
}

// refNimTableHint is the hint of a Nim table as its documentation describes it, from
// refNimTableWins: the first winning move, or else the first one-object move that leaves the
// opponent the most replies that do not win.
func refNimTableHint(hs []int, misere bool) (table.NimMove, bool) {
	if wins := refNimTableWins(hs, misere); len(wins) > 0 {
		return wins[0], true
	}
	total := 0
	for _, h := range hs {
		total += h
	}
	best, bestWrong := table.NimMove{}, -1
	for i, h := range hs {
		if h == 0 {
			continue
		}
		hs[i]--
		wrong := total - 1 - len(refNimTableWins(hs, misere))
		hs[i]++
		if wrong > bestWrong {
			best, bestWrong = table.NimMove{Index: i + 1, Count: 1}, wrong
		}
	}
	return best, false
}

// refNimWrong returns the replies that do not win after m, a move of one object, at heaps hs:
// what refNimTableHint makes the most of in a lost position.
func refNimWrong(hs []int, misere bool, m table.NimMove) int {
	total := 0
	for _, h := range hs {
		total += h
	}
	after := slices.Clone(hs)
	after[m.Index-1] -= m.Count
	return total - m.Count - len(refNimTableWins(after, misere))
}

// TestNimTableAgainstEveryMove checks the table's winning moves, outcome, hint and perfect
// Computer, which come from Nim's methods, against refNimTableWins on seeded random tables of
// up to MaxNimHeaps heaps of up to MaxNimHeap objects, about half of them lost, some with
// empty heaps and many with equal heaps.
func TestNimTableAgainstEveryMove(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	lost := 0
	for round := range 120 {
		k := 1 + rng.IntN(table.MaxHeaps)
		if round%3 == 0 {
			k = 1 + rng.IntN(6)
		}
		most := []int{2, 20, table.MaxHeapSize}[rng.IntN(3)]
		hs := make([]int, k)
		for i := range hs {
			hs[i] = 1 + rng.IntN(most)
		}
		if round%2 == 0 {
			x := 0
			for _, h := range hs[:k-1] {
				x ^= h
			}
			if x >= 1 && x <= table.MaxHeapSize {
				hs[k-1] = x // nim-sum 0: lost in normal play, and in misère play with a heap above 1
			}
		}
		misere := rng.IntN(2) == 0
		nt, err := table.NewNim(conv(misere), hs...)
		require.NoError(t, err)
		if k > 2 && round%5 == 0 { // empty the first heap
			require.NoError(t, nt.Take(1, hs[0]))
			hs[0] = 0
		}
		require.Equal(t, hs, nt.Heaps())
		want := refNimTableWins(hs, misere)
		assert.Equal(t, want, nimWinningMoves(t, hs, misere), "misere=%v %v", misere, hs)
		assert.Equal(t, len(want) == 0, nimLoses(t, hs, misere), "misere=%v %v", misere, hs)
		m, winning := refNimTableHint(hs, misere)
		heap, count, ok := nimHint(t, nt)
		assert.Equal(t, m, table.NimMove{Index: heap, Count: count}, "misere=%v %v", misere, hs)
		assert.Equal(t, winning, ok, "misere=%v %v", misere, hs)
		if !winning && k > 20 && most == table.MaxHeapSize {
			lost++
		}
		pm, v, err := perfect(uint64(round)).PlayNim(context.Background(), nt)
		require.NoError(t, err)
		require.NoError(t, nt.Undo())
		if winning {
			assert.Equal(t, table.Wins, v)
			assert.Contains(t, want, pm, "misere=%v %v: the perfect Computer", misere, hs)
		} else {
			assert.Equal(t, table.Loses, v)
			assert.Equal(t, 1, pm.Count, "misere=%v %v: the perfect Computer takes one object", misere, hs)
			assert.Equal(t, refNimWrong(hs, misere, m), refNimWrong(hs, misere, pm), "misere=%v %v: the perfect Computer's %v", misere, hs, pm)
		}
	}
	assert.GreaterOrEqual(t, lost, 5, "lost tables of many large heaps")
}

func TestNimMove(t *testing.T) {
	assert.Equal(t, "4:7", table.NimMove{Index: 4, Count: 7}.String())
	assert.Equal(t, "0:0", table.NimMove{}.String())

	nt, err := table.NewNim(table.Misere, 3, 3)
	require.NoError(t, err)
	require.NoError(t, nt.Play(table.NimMove{Index: 2, Count: 3}))
	assert.Equal(t, []int{3, 0}, nt.Heaps())
	assert.Equal(t, []table.NimMove{{Index: 2, Count: 3}}, nt.History())
	for _, m := range []table.NimMove{{}, {Index: 2, Count: 1}, {Index: 1, Count: 4}, {Index: math.MaxInt, Count: math.MaxInt},
		{Index: math.MinInt, Count: 1}, {Index: 1, Count: math.MinInt}} {
		err := nt.Play(m)
		require.ErrorIs(t, err, kayles.ErrIllegalMove, "%v", m)
		var te *table.TakeError
		require.ErrorAs(t, err, &te)
		assert.Equal(t, m.Index, te.Index)
		assert.Equal(t, m.Count, te.Count)
		assert.Equal(t, []int{3, 0}, nt.Heaps(), "%v changed the table", m)
	}
}

func TestNimHintContext(t *testing.T) {
	nt, err := table.NewNim(table.Normal)
	require.NoError(t, err)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	m, winning, err := nt.Hint(ctx)
	require.ErrorIs(t, err, context.Canceled)
	assert.Equal(t, table.NimMove{}, m)
	assert.False(t, winning)
}
