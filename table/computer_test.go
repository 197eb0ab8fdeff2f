package table_test

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"sync"
	"testing"

	"github.com/octalgames/kayles/table"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// chooseKnock returns the choice of c at tb as pins, and false once the game is over: c plays
// it, and it is taken back, so that tb is as it was.
func chooseKnock(t *testing.T, c table.Computer, tb *table.Kayles) ([]int, bool) {
	t.Helper()
	before := textOf(t, tb)
	pins, ok := playKnock(t, c, tb)
	if ok {
		require.NoError(t, tb.Undo())
	}
	require.Equal(t, before, textOf(t, tb))
	return pins, ok
}

// playKnock plays the choice of c at tb and returns it as pins, and false once the game is
// over.
func playKnock(t *testing.T, c table.Computer, tb *table.Kayles) ([]int, bool) {
	t.Helper()
	n := len(tb.History())
	m, v, err := c.PlayKayles(context.Background(), tb)
	if errors.Is(err, table.ErrGameOver) {
		require.Equal(t, table.KaylesMove{}, m)
		require.Equal(t, table.Unproven, v)
		require.Len(t, tb.History(), n, "a move played at the end")
		return nil, false
	}
	require.NoError(t, err)
	h := tb.History()
	require.Len(t, h, n+1)
	require.Equal(t, m, h[n], "the move returned is the move played")
	return m.Pins(), true
}

// chooseTake returns the choice of c at nt, and false once the game is over: c plays it, and
// it is taken back.
func chooseTake(t *testing.T, c table.Computer, nt *table.Nim) (index, count int, ok bool) {
	t.Helper()
	before := textOf(t, nt)
	index, count, ok = playTake(t, c, nt)
	if ok {
		require.NoError(t, nt.Undo())
	}
	require.Equal(t, before, textOf(t, nt))
	return index, count, ok
}

// playTake plays the choice of c at nt and returns it, and false once the game is over.
func playTake(t *testing.T, c table.Computer, nt *table.Nim) (index, count int, ok bool) {
	t.Helper()
	n := len(nt.History())
	m, v, err := c.PlayNim(context.Background(), nt)
	if errors.Is(err, table.ErrGameOver) {
		require.Equal(t, table.NimMove{}, m)
		require.Equal(t, table.Unproven, v)
		require.Len(t, nt.History(), n, "a move played at the end")
		return 0, 0, false
	}
	require.NoError(t, err)
	h := nt.History()
	require.Len(t, h, n+1)
	require.Equal(t, m, h[n], "the move returned is the move played")
	return m.Index, m.Count, true
}

// perfect, symmetry and random return Computers of those levels with seed seed.
func perfect(seed uint64) table.Computer  { return table.Computer{Level: table.Perfect, Seed: seed} }
func symmetry(seed uint64) table.Computer { return table.Computer{Level: table.Symmetry, Seed: seed} }
func random(seed uint64) table.Computer   { return table.Computer{Level: table.Random, Seed: seed} }

// walkKayles plays opp at tb, which is to move in a won position, against every possible reply,
// to the end of every game, and fails if opp ever loses. It returns the number of games.
func walkKayles(t *testing.T, tb *table.Kayles, opp table.Computer, check func(*table.Kayles)) int {
	me := tb.Player()
	_, ok := playKnock(t, opp, tb)
	require.True(t, ok)
	defer func() { require.NoError(t, tb.Undo()) }()
	if check != nil {
		check(tb)
	}
	if winner, over := tb.Winner(); over {
		require.Equal(t, me, winner)
		return 1
	}
	games := 0
	for _, reply := range pinsOf(tb.Moves()) {
		require.NoError(t, tb.Knock(reply...))
		if winner, over := tb.Winner(); over {
			// Only in misère play can the reply knock the last pin and lose.
			require.Equal(t, me, winner, "%v lost: the reply %v knocked the last pin", opp, reply)
			games++
		} else {
			games += walkKayles(t, tb, opp, check)
		}
		require.NoError(t, tb.Undo())
	}
	return games
}

// TestPerfectNeverLosesKayles walks the whole game tree from the full rows of 7 and 10 pins,
// with the perfect Computer to move, against every reply at every turn.
func TestPerfectNeverLosesKayles(t *testing.T) {
	for _, n := range []int{table.Small, table.Medium} {
		for seed := range uint64(3) {
			tb, err := table.NewKayles(table.Normal, n)
			require.NoError(t, err)
			games := walkKayles(t, tb, perfect(seed), nil)
			assert.Greater(t, games, n, "%d pins: too few games walked", n)
			t.Logf("%d pins, seed %d: perfect won all %d games", n, seed, games)
		}
	}
	// From every won position of 7 pins too.
	memo := map[uint32]bool{}
	for mask := range uint32(1) << table.Small {
		if mask != 0 && !pinsLost(mask, memo) {
			walkKayles(t, tableWith(t, table.Small, mask), perfect(uint64(mask)), nil)
		}
	}
}

// TestPerfectChoicesAgainstBruteForce checks every choice of the perfect Computer on rows of up
// to 10 pins: a winning move in a won position; in a lost one a single pin among those that
// leave the most replies that do not win.
func TestPerfectChoicesAgainstBruteForce(t *testing.T) {
	memo := map[uint32]bool{}
	wrong := func(after uint32) int {
		n := 0
		for _, r := range pinsMoves(after) {
			if !pinsLost(after&^r, memo) {
				n++
			}
		}
		return n
	}
	opp := perfect(1)
	for n := 1; n <= 10; n++ {
		for mask := uint32(1); mask < 1<<n; mask++ {
			tb := tableWith(t, n, mask)
			pins, ok := chooseKnock(t, opp, tb)
			require.True(t, ok)
			m := pinsMask(pins)
			require.Contains(t, pinsMoves(mask), m, "%s: %v is not legal", tb, pins)
			if !pinsLost(mask, memo) {
				assert.True(t, pinsLost(mask&^m, memo), "%s: %v does not win", tb, pins)
				continue
			}
			require.Len(t, pins, 1, "%s", tb)
			best := -1
			for j := range n {
				if mask&(1<<j) != 0 {
					best = max(best, wrong(mask&^(1<<j)))
				}
			}
			assert.Equal(t, best, wrong(mask&^m), "%s: %v", tb, pins)
		}
	}
}

// TestPerfectVariesItsWins checks that the perfect Computer draws among all the winning moves
// of a row of 10 pins, found by brute force, and only among them, as its seed changes; the
// zero Kayles table is such a row.
func TestPerfectVariesItsWins(t *testing.T) {
	memo := map[uint32]bool{}
	var want [][]int
	for _, m := range pinsMoves(1<<10 - 1) {
		if pinsLost((1<<10-1)&^m, memo) {
			var pins []int
			for j := range 10 {
				if m&(1<<j) != 0 {
					pins = append(pins, j+1)
				}
			}
			want = append(want, pins)
		}
	}
	seen := map[string]bool{}
	var tb table.Kayles
	for seed := range uint64(200) {
		pins, ok := chooseKnock(t, perfect(seed), &tb)
		require.True(t, ok)
		require.Contains(t, want, pins)
		seen[fmt.Sprint(pins)] = true
	}
	assert.Len(t, seen, len(want))
	assert.Greater(t, len(want), 1)
}

func isSymmetric(tb *table.Kayles) bool {
	s := []byte(tb.String())
	r := slices.Clone(s)
	slices.Reverse(r)
	return string(s) == string(r)
}

// TestSymmetryWinsFromFullRow walks the whole game tree of rows of 1 to 12 pins with the
// symmetry Computer moving first: it opens in the middle, keeps the row symmetric, and wins.
func TestSymmetryWinsFromFullRow(t *testing.T) {
	for n := 1; n <= 12; n++ {
		tb, err := table.NewKayles(table.Normal, n)
		require.NoError(t, err)
		opp := symmetry(uint64(n))
		pins, ok := chooseKnock(t, opp, tb)
		require.True(t, ok)
		if n%2 == 1 {
			assert.Equal(t, []int{n/2 + 1}, pins, "%d pins", n)
		} else {
			assert.Equal(t, []int{n / 2, n/2 + 1}, pins, "%d pins", n)
		}
		walkKayles(t, tb, opp, func(tb *table.Kayles) {
			require.True(t, isSymmetric(tb), "%s is not symmetric after the symmetry Computer moved", tb)
			require.False(t, tb.Standing((n+1)/2))
			require.False(t, tb.Standing(n/2+1))
		})
	}
}

func TestSymmetryFallsBackToPerfect(t *testing.T) {
	// Second to move on a full row: no move leaves the row symmetric with its middle down.
	for _, first := range [][]int{{1}, {2, 3}, {4}} {
		for seed := range uint64(5) {
			tb, err := table.NewKayles(table.Normal, table.Small)
			require.NoError(t, err)
			require.NoError(t, tb.Knock(first...))
			sym, ok := chooseKnock(t, symmetry(seed), tb)
			require.True(t, ok)
			perf, _ := chooseKnock(t, perfect(seed), tb)
			assert.Equal(t, perf, sym, "after %v", first)
		}
	}
	// A restored game that is symmetric with its middle down after a reply is mirrored.
	var tb table.Kayles
	require.NoError(t, tb.UnmarshalText([]byte("kayles 10 normal moves 1 10 2-3")))
	pins, ok := chooseKnock(t, symmetry(0), &tb)
	require.True(t, ok)
	assert.NotEqual(t, []int{8, 9}, pins, "the middle pins stand: mirroring does not win")
	require.NoError(t, tb.UnmarshalText([]byte("kayles 10 normal moves 5-6 1 10 2-3")))
	pins, ok = chooseKnock(t, symmetry(0), &tb)
	require.True(t, ok)
	assert.Equal(t, []int{8, 9}, pins)
}

// TestRandomComputer checks that the random Computer plays only legal moves and draws every
// one of them as its seed changes, at a Kayles and at a Nim table, and that a seed gives the
// same move again.
func TestRandomComputer(t *testing.T) {
	tb, err := table.NewKayles(table.Normal, table.Medium)
	require.NoError(t, err)
	require.NoError(t, tb.Knock(4))
	legal := pinsOf(tb.Moves())
	seen := map[string]int{}
	for seed := range uint64(2000) {
		pins, ok := chooseKnock(t, random(seed), tb)
		require.True(t, ok)
		require.Contains(t, legal, pins)
		seen[fmt.Sprint(pins)]++
	}
	assert.Len(t, seen, len(legal), "every legal move is drawn")
	first, _ := chooseKnock(t, random(3), tb)
	again, _ := chooseKnock(t, random(3), tb)
	assert.Equal(t, first, again)

	nt, err := table.NewNim(table.Misere, 1, 3)
	require.NoError(t, err)
	seenNim := map[[2]int]bool{}
	for seed := range uint64(500) {
		h, c, ok := chooseTake(t, random(seed), nt)
		require.True(t, ok)
		seenNim[[2]int{h, c}] = true
	}
	assert.Equal(t, map[[2]int]bool{{1, 1}: true, {2, 1}: true, {2, 2}: true, {2, 3}: true}, seenNim)
}

// levels are the computer levels, each with a seed.
var levels = []table.Computer{random(1), {Level: table.Easy, Seed: 2}, {Level: table.Fair, Seed: 3},
	{Level: table.Hard, Seed: 4}, perfect(5), symmetry(6)}

func TestComputerAtGameOver(t *testing.T) {
	tb, err := table.NewKayles(table.Normal, 1)
	require.NoError(t, err)
	require.NoError(t, tb.Knock(1))
	nt, err := table.NewNim(table.Normal, 1)
	require.NoError(t, err)
	require.NoError(t, nt.Take(1, 1))
	for _, c := range levels {
		pins, ok := playKnock(t, c, tb)
		assert.False(t, ok, "%v", c)
		assert.Nil(t, pins)
		h, n, ok := playTake(t, c, nt)
		assert.Equal(t, [3]any{0, 0, false}, [3]any{h, n, ok}, "%v", c)
	}
	_, _, err = table.Computer{}.PlayKayles(context.Background(), &table.Kayles{})
	require.ErrorIs(t, err, table.ErrHumanSeat)
	_, _, err = table.Computer{}.PlayNim(context.Background(), &table.Nim{})
	require.ErrorIs(t, err, table.ErrHumanSeat)
}

// playOut plays a whole game between two Computers and returns its text form.
func playOut(t *testing.T, a, b table.Computer, n int) string {
	tb, err := table.NewKayles(table.Normal, n)
	require.NoError(t, err)
	for {
		if _, ok := playKnock(t, []table.Computer{a, b}[tb.Player()], tb); !ok {
			break
		}
	}
	return textOf(t, tb)
}

func TestComputersAreDeterministic(t *testing.T) {
	games := map[string]bool{}
	for seed := range uint64(10) {
		g := playOut(t, random(seed), perfect(seed+100), table.Large)
		assert.Equal(t, g, playOut(t, random(seed), perfect(seed+100), table.Large))
		games[g] = true
	}
	assert.Greater(t, len(games), 5, "different seeds make different games")
}

// walkNim is walkKayles for Nim, with a memo of the positions already proven.
func walkNim(t *testing.T, nt *table.Nim, opp table.Computer, memo map[string]bool) {
	me := nt.Player()
	h, c, ok := playTake(t, opp, nt)
	require.True(t, ok)
	defer func() { require.NoError(t, nt.Undo()) }()
	if winner, over := nt.Winner(); over {
		require.Equal(t, me, winner, "%v lost taking %d:%d", opp, h, c)
		return
	}
	key := fmt.Sprint(nt.Heaps())
	if memo[key] {
		return
	}
	for i, size := range nt.Heaps() {
		for k := 1; k <= size; k++ {
			require.NoError(t, nt.Take(i+1, k))
			if winner, over := nt.Winner(); over {
				require.Equal(t, me, winner, "%v lost: the reply %d:%d ended the game", opp, i+1, k)
			} else {
				walkNim(t, nt, opp, memo)
			}
			require.NoError(t, nt.Undo())
		}
	}
	memo[key] = true
}

// TestPerfectNeverLosesNim walks every game of Nim from won positions, in both conventions,
// with the perfect and symmetry Computers (which plays Nim as perfect does).
func TestPerfectNeverLosesNim(t *testing.T) {
	bruteMemo := map[string]bool{}
	for _, misere := range []bool{true, false} {
		for _, hs := range [][]int{{2, 3, 4}, {1, 1, 1, 2}, {1, 1}, {1, 2, 3, 6}, {7}} {
			if nimBruteLoses(hs, misere, bruteMemo) {
				continue
			}
			for _, opp := range []table.Computer{perfect(1), symmetry(2)} {
				nt, err := table.NewNim(conv(misere), hs...)
				require.NoError(t, err)
				walkNim(t, nt, opp, map[string]bool{})
			}
		}
		// 1 3 5 7 is lost for the first player: the Computer wins as second player.
		for first := range 4 {
			nt, err := table.NewNim(conv(misere))
			require.NoError(t, err)
			require.NoError(t, nt.Take(first+1, 1))
			walkNim(t, nt, perfect(uint64(first)), map[string]bool{})
		}
	}
}

func TestSymmetryPlaysNimAsPerfect(t *testing.T) {
	nt, err := table.NewNim(table.Misere, 3, 4, 5, 9)
	require.NoError(t, err)
	for range 20 {
		for seed := range uint64(3) {
			h1, c1, ok1 := chooseTake(t, symmetry(seed), nt)
			h2, c2, ok2 := chooseTake(t, perfect(seed), nt)
			require.Equal(t, [3]any{h1, c1, ok1}, [3]any{h2, c2, ok2})
		}
		if _, _, ok := playTake(t, random(9), nt); !ok {
			break
		}
	}
}

// TestComputerConcurrentUse plays one Computer at many tables at once, and several at one
// table, where every move played must be recorded once.
func TestComputerConcurrentUse(t *testing.T) {
	ctx := context.Background()
	c := perfect(5)
	var wg sync.WaitGroup
	for range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for range 20 {
				var tb table.Kayles
				m, _, err := c.PlayKayles(ctx, &tb)
				assert.NoError(t, err)
				assert.Equal(t, []table.KaylesMove{m}, tb.History())
				var nt table.Nim
				assert.NoError(t, nt.Take(4, 1))
				n, v, err := c.PlayNim(ctx, &nt)
				assert.NoError(t, err)
				assert.Equal(t, table.Wins, v, "1 3 5 6 is won")
				assert.Equal(t, []table.NimMove{{Index: 4, Count: 1}, n}, nt.History())
			}
		}()
	}
	shared, err := table.NewKayles(table.Normal, table.Large)
	require.NoError(t, err)
	played := make([]int, 4)
	for i := range played {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				_, _, err := levels[i].PlayKayles(ctx, shared)
				switch {
				case err == nil:
					played[i]++
				case errors.Is(err, table.ErrGameOver):
					return
				default:
					assert.ErrorIs(t, err, table.ErrStale)
				}
			}
		}()
	}
	wg.Wait()
	_, over := shared.Winner()
	assert.True(t, over)
	total := 0
	for _, n := range played {
		total += n
	}
	assert.Len(t, shared.History(), total, "every move played is recorded once")
}

// pinsLostMisere reports by brute force over the pins whether the player to move loses the
// misère game on the standing pins in mask: whoever knocks down the last pin loses, so the
// player facing no pin has won.
func pinsLostMisere(mask uint32, memo map[uint32]bool) bool {
	if mask == 0 {
		return false
	}
	if lost, ok := memo[mask]; ok {
		return lost
	}
	lost := true
	for _, m := range pinsMoves(mask) {
		if pinsLostMisere(mask&^m, memo) {
			lost = false
			break
		}
	}
	memo[mask] = lost
	return lost
}

// misereTableWith is tableWith for a misère table.
func misereTableWith(t *testing.T, n int, mask uint32) *table.Kayles {
	tb, err := table.NewKayles(table.Misere, n)
	require.NoError(t, err)
	for j := range n {
		if mask&(1<<j) == 0 {
			require.NoError(t, tb.Knock(j+1))
		}
	}
	return tb
}

func TestPerfectNeverLosesMisereKayles(t *testing.T) {
	memo := map[uint32]bool{}
	for _, n := range []int{table.Small, table.Medium} {
		require.False(t, pinsLostMisere(1<<n-1, memo), "the first player wins misère Kayles on %d pins", n)
		for _, opp := range []table.Computer{perfect(4), symmetry(5)} {
			tb, err := table.NewKayles(table.Misere, n)
			require.NoError(t, err)
			games := walkKayles(t, tb, opp, nil)
			assert.Greater(t, games, n)
		}
	}
	// From every won misère position of 7 pins, and every hint against brute force.
	for mask := uint32(1); mask < 1<<table.Small; mask++ {
		tb := misereTableWith(t, table.Small, mask)
		pins, winning := hint(t, tb)
		require.Equal(t, !pinsLostMisere(mask, memo), winning, "%s", tb)
		if winning {
			assert.True(t, pinsLostMisere(mask&^pinsMask(pins), memo), "%s: hint %v", tb, pins)
			walkKayles(t, tb, perfect(uint64(mask)), nil)
		}
	}
}

// TestComputerContext checks that every level returns ctx's error, the zero move and no move
// played once ctx is done.
func TestComputerContext(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	var tb table.Kayles
	var nt table.Nim
	for _, c := range levels {
		m, v, err := c.PlayKayles(ctx, &tb)
		require.ErrorIs(t, err, context.Canceled, "%v", c)
		assert.Equal(t, table.Unproven, v)
		assert.Equal(t, table.KaylesMove{}, m)
		assert.Empty(t, tb.History())
		n, v, err := c.PlayNim(ctx, &nt)
		require.ErrorIs(t, err, context.Canceled, "%v", c)
		assert.Equal(t, table.Unproven, v)
		assert.Equal(t, table.NimMove{}, n)
		assert.Empty(t, nt.History())
	}
}
