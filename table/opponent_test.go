package table_test

import (
	"context"
	"fmt"
	"math/rand/v2"
	"slices"
	"sync"
	"testing"

	"github.com/octalgames/kayles"
	"github.com/octalgames/kayles/table"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func seeded(seed uint64) *rand.Rand { return rand.New(rand.NewPCG(seed, 0x6b61796c6573)) }

// chooseKnock returns the choice of opp at tb as pins, nil once the game is over.
func chooseKnock(t *testing.T, opp table.KaylesOpponent, tb *table.Kayles) ([]int, bool) {
	t.Helper()
	m, ok, err := opp.ChooseKayles(context.Background(), tb)
	require.NoError(t, err)
	if !ok {
		require.Equal(t, table.KaylesMove{}, m)
		return nil, false
	}
	return m.Pins(), true
}

// chooseTake returns the choice of opp at nt.
func chooseTake(t *testing.T, opp table.NimOpponent, nt *table.Nim) (index, count int, ok bool) {
	t.Helper()
	m, ok, err := opp.ChooseNim(context.Background(), nt)
	require.NoError(t, err)
	return m.Index, m.Count, ok
}

// walkKayles plays opp at tb, which is to move in a won position, against every possible reply,
// to the end of every game, and fails if opp ever loses. It returns the number of games.
func walkKayles(t *testing.T, tb *table.Kayles, opp table.Opponent, check func(*table.Kayles)) int {
	me := tb.Player()
	pins, ok := chooseKnock(t, opp, tb)
	require.True(t, ok)
	require.NoError(t, tb.Knock(pins...), "%s chose %v at %s", opp, pins, tb)
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
			require.Equal(t, me, winner, "%s lost: the reply %v knocked the last pin", opp, reply)
			games++
		} else {
			games += walkKayles(t, tb, opp, check)
		}
		require.NoError(t, tb.Undo())
	}
	return games
}

// TestPerfectNeverLosesKayles walks the whole game tree from the full rows of 7 and 10 pins,
// with the perfect opponent to move, against every reply at every turn.
func TestPerfectNeverLosesKayles(t *testing.T) {
	for _, n := range []int{table.Small, table.Medium} {
		for seed := range uint64(3) {
			tb, err := table.NewKayles(table.Normal, n)
			require.NoError(t, err)
			games := walkKayles(t, tb, table.NewPerfect(seeded(seed)), nil)
			assert.Greater(t, games, n, "%d pins: too few games walked", n)
			t.Logf("%d pins, seed %d: perfect won all %d games", n, seed, games)
		}
	}
	// From every won position of 7 pins too, with the first of equal moves.
	memo := map[uint32]bool{}
	for mask := range uint32(1) << table.Small {
		if mask != 0 && !pinsLost(mask, memo) {
			walkKayles(t, tableWith(t, table.Small, mask), table.NewPerfect(nil), nil)
		}
	}
}

// TestPerfectChoicesAgainstBruteForce checks every choice of the perfect opponent on rows of up
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
	opp := table.NewPerfect(seeded(1))
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

// TestPerfectVariesItsWins checks that the perfect opponent draws among all the winning moves
// of a row of 10 pins, found by brute force, and only among them.
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
	opp := table.NewPerfect(seeded(7))
	seen := map[string]bool{}
	var tb table.Kayles
	for range 200 {
		pins, ok := chooseKnock(t, opp, &tb)
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
// symmetry opponent moving first: it opens in the middle, keeps the row symmetric, and wins.
func TestSymmetryWinsFromFullRow(t *testing.T) {
	for n := 1; n <= 12; n++ {
		tb, err := table.NewKayles(table.Normal, n)
		require.NoError(t, err)
		opp := table.NewSymmetry(nil)
		pins, ok := chooseKnock(t, opp, tb)
		require.True(t, ok)
		if n%2 == 1 {
			assert.Equal(t, []int{n/2 + 1}, pins, "%d pins", n)
		} else {
			assert.Equal(t, []int{n / 2, n/2 + 1}, pins, "%d pins", n)
		}
		walkKayles(t, tb, opp, func(tb *table.Kayles) {
			require.True(t, isSymmetric(tb), "%s is not symmetric after the symmetry opponent moved", tb)
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
			sym, ok := chooseKnock(t, table.NewSymmetry(seeded(seed)), tb)
			require.True(t, ok)
			perf, _ := chooseKnock(t, table.NewPerfect(seeded(seed)), tb)
			assert.Equal(t, perf, sym, "after %v", first)
		}
	}
	// A restored game that is symmetric with its middle down after a reply is mirrored.
	var tb table.Kayles
	require.NoError(t, tb.UnmarshalText([]byte("kayles 10 normal moves 1 10 2-3")))
	pins, ok := chooseKnock(t, table.NewSymmetry(nil), &tb)
	require.True(t, ok)
	assert.NotEqual(t, []int{8, 9}, pins, "the middle pins stand: mirroring does not win")
	require.NoError(t, tb.UnmarshalText([]byte("kayles 10 normal moves 5-6 1 10 2-3")))
	pins, ok = chooseKnock(t, table.NewSymmetry(nil), &tb)
	require.True(t, ok)
	assert.Equal(t, []int{8, 9}, pins)
}

func TestRandomOpponent(t *testing.T) {
	tb, err := table.NewKayles(table.Normal, table.Medium)
	require.NoError(t, err)
	require.NoError(t, tb.Knock(4))
	legal := pinsOf(tb.Moves())
	opp := table.NewRandom(seeded(3))
	seen := map[string]int{}
	for range 2000 {
		pins, ok := chooseKnock(t, opp, tb)
		require.True(t, ok)
		require.Contains(t, legal, pins)
		seen[fmt.Sprint(pins)]++
	}
	assert.Len(t, seen, len(legal), "every legal move is drawn")
	pins, ok := chooseKnock(t, table.NewRandom(nil), tb)
	require.True(t, ok)
	assert.Equal(t, []int{1}, pins)

	nt, err := table.NewNim(table.Misere, 1, 3)
	require.NoError(t, err)
	seenNim := map[[2]int]bool{}
	for range 500 {
		h, c, ok := chooseTake(t, opp, nt)
		require.True(t, ok)
		seenNim[[2]int{h, c}] = true
	}
	assert.Equal(t, map[[2]int]bool{{1, 1}: true, {2, 1}: true, {2, 2}: true, {2, 3}: true}, seenNim)
	h, c, ok := chooseTake(t, table.NewRandom(nil), nt)
	assert.Equal(t, [3]any{1, 1, true}, [3]any{h, c, ok})
}

func TestOpponentsAtGameOver(t *testing.T) {
	tb, err := table.NewKayles(table.Normal, 1)
	require.NoError(t, err)
	require.NoError(t, tb.Knock(1))
	nt, err := table.NewNim(table.Normal, 1)
	require.NoError(t, err)
	require.NoError(t, nt.Take(1, 1))
	for _, opp := range []table.Opponent{table.NewPerfect(nil), table.NewSymmetry(nil), table.NewRandom(seeded(1))} {
		pins, ok := chooseKnock(t, opp, tb)
		assert.False(t, ok, "%s", opp)
		assert.Nil(t, pins)
		h, c, ok := chooseTake(t, opp, nt)
		assert.Equal(t, [3]any{0, 0, false}, [3]any{h, c, ok}, "%s", opp)
	}
	assert.Equal(t, "perfect", table.NewPerfect(nil).String())
	assert.Equal(t, "symmetry", table.NewSymmetry(nil).String())
	assert.Equal(t, "random", table.NewRandom(nil).String())
}

// playOut plays a whole game between two opponents and returns its text form.
func playOut(t *testing.T, a, b table.Opponent, n int) string {
	tb, err := table.NewKayles(table.Normal, n)
	require.NoError(t, err)
	for {
		opp := []table.Opponent{a, b}[tb.Player()]
		pins, ok := chooseKnock(t, opp, tb)
		if !ok {
			break
		}
		require.NoError(t, tb.Knock(pins...))
	}
	text, _ := tb.MarshalText()
	return string(text)
}

func TestOpponentsAreDeterministic(t *testing.T) {
	games := map[string]bool{}
	for seed := range uint64(10) {
		g := playOut(t, table.NewRandom(seeded(seed)), table.NewPerfect(seeded(seed+100)), table.Large)
		assert.Equal(t, g, playOut(t, table.NewRandom(seeded(seed)), table.NewPerfect(seeded(seed+100)), table.Large))
		games[g] = true
	}
	assert.Greater(t, len(games), 5, "different seeds make different games")
}

// walkNim is walkKayles for Nim, with a memo of the positions already proven.
func walkNim(t *testing.T, nt *table.Nim, opp table.Opponent, memo map[string]bool) {
	me := nt.Player()
	h, c, ok := chooseTake(t, opp, nt)
	require.True(t, ok)
	require.NoError(t, nt.Take(h, c))
	defer func() { require.NoError(t, nt.Undo()) }()
	if winner, over := nt.Winner(); over {
		require.Equal(t, me, winner, "%s lost taking %d:%d", opp, h, c)
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
				require.Equal(t, me, winner, "%s lost: the reply %d:%d ended the game", opp, i+1, k)
			} else {
				walkNim(t, nt, opp, memo)
			}
			require.NoError(t, nt.Undo())
		}
	}
	memo[key] = true
}

// TestPerfectNeverLosesNim walks every game of Nim from won positions, in both conventions,
// with the perfect and symmetry opponents (which plays Nim as perfect does).
func TestPerfectNeverLosesNim(t *testing.T) {
	bruteMemo := map[string]bool{}
	for _, misere := range []bool{true, false} {
		for _, hs := range [][]int{{2, 3, 4}, {1, 1, 1, 2}, {1, 1}, {1, 2, 3, 6}, {7}} {
			if nimBruteLoses(hs, misere, bruteMemo) {
				continue
			}
			for _, opp := range []table.Opponent{table.NewPerfect(seeded(1)), table.NewSymmetry(seeded(2))} {
				nt, err := table.NewNim(conv(misere), hs...)
				require.NoError(t, err)
				walkNim(t, nt, opp, map[string]bool{})
			}
		}
		// 1 3 5 7 is lost for the first player: the opponent wins as second player.
		for first := range 4 {
			nt, err := table.NewNim(conv(misere))
			require.NoError(t, err)
			require.NoError(t, nt.Take(first+1, 1))
			walkNim(t, nt, table.NewPerfect(seeded(uint64(first))), map[string]bool{})
		}
	}
}

func TestSymmetryPlaysNimAsPerfect(t *testing.T) {
	nt, err := table.NewNim(table.Misere, 3, 4, 5, 9)
	require.NoError(t, err)
	for range 20 {
		for seed := range uint64(3) {
			h1, c1, ok1 := chooseTake(t, table.NewSymmetry(seeded(seed)), nt)
			h2, c2, ok2 := chooseTake(t, table.NewPerfect(seeded(seed)), nt)
			require.Equal(t, [3]any{h1, c1, ok1}, [3]any{h2, c2, ok2})
		}
		h, c, ok := chooseTake(t, table.NewRandom(seeded(9)), nt)
		if !ok {
			break
		}
		require.NoError(t, nt.Take(h, c))
	}
}

func TestOpponentConcurrentUse(t *testing.T) {
	opp := table.NewPerfect(seeded(5))
	var wg sync.WaitGroup
	for range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for range 20 {
				var tb table.Kayles
				pins, ok := chooseKnock(t, opp, &tb)
				assert.True(t, ok)
				assert.NoError(t, tb.Knock(pins...))
				var nt table.Nim
				require.NoError(t, nt.Take(4, 1))
				h, c, ok := chooseTake(t, opp, &nt)
				assert.True(t, ok)
				assert.NoError(t, nt.Take(h, c))
			}
		}()
	}
	wg.Wait()
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
		for _, opp := range []table.Opponent{table.NewPerfect(seeded(4)), table.NewSymmetry(seeded(5))} {
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
			walkKayles(t, tb, table.NewPerfect(nil), nil)
		}
	}
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

func TestOpponentsContext(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	var tb table.Kayles
	var nt table.Nim
	for _, opp := range []table.Opponent{table.NewPerfect(nil), table.NewSymmetry(seeded(1)), table.NewRandom(seeded(2))} {
		m, ok, err := opp.ChooseKayles(ctx, &tb)
		require.ErrorIs(t, err, context.Canceled, "%s", opp)
		assert.False(t, ok)
		assert.Equal(t, table.KaylesMove{}, m)
		n, ok, err := opp.ChooseNim(ctx, &nt)
		require.ErrorIs(t, err, context.Canceled, "%s", opp)
		assert.False(t, ok)
		assert.Equal(t, table.NimMove{}, n)
	}
}
