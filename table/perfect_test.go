package table_test

import (
	"context"
	"slices"
	"strings"
	"testing"

	"github.com/octalgames/kayles"
	"github.com/octalgames/kayles/table"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

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
