package table

import (
	"context"
	"math/rand/v2"
	"slices"
	"strconv"
)

// This file implements the computer players: a Computer of a Level chooses and plays moves at
// every table, a Table of any rule set and the Kayles and Nim tables, and says what it proved
// of each move (its Verdict).

// A Verdict says what the search behind a hint or a computer's move proved of it. The zero
// Verdict, Unproven, says that nothing was proven: the move is the best the search found within
// its limit, or a move that no search chose (a random one), or the zero Move once the game is
// over.
type Verdict uint8

const (
	Unproven Verdict = iota // not proven: past the search's limit, or chosen without a search
	Wins                    // the move wins against any defence
	Loses                   // no move wins against perfect play; the move is the best defence
)

var verdictNames = []string{"unproven", "wins", "loses"}

// String returns "unproven", "wins" or "loses", and "Verdict(n)" for any other value.
func (v Verdict) String() string {
	if int(v) < len(verdictNames) {
		return verdictNames[v]
	}
	return "Verdict(" + strconv.Itoa(int(v)) + ")"
}

// A Computer plays moves at its Level, at the cost that [New] states: at a [Table] with
// [Computer.Play], at a [Kayles] table with [Computer.PlayKayles] and at a [Nim] table with
// [Computer.PlayNim]. It is the one computer player of this package, and a computer seat of a
// Table is a Computer of that seat's level ([Table.PlayComputer]). Its choice depends only on
// the table's tokens, the move number and Seed, so a game is the same again with the same
// seed, also after [Restore]; where a search reaches its limit the choice may also depend on
// what the table and the rule set searched before (a restored table has searched nothing). A
// Computer is a value with no state, safe for concurrent use. The zero Computer plays at level
// Human, which plays no move.
type Computer struct {
	Level Level
	Seed  uint64
}

// Play chooses a move for the seat to move at t and plays it, as one step: if another move or
// an undo lands on t while it chooses, the choice is not played and Play returns a
// [*PlayError] matching [ErrStale]. It returns the move played and its [Verdict]; a
// [*PlayError] matching [ErrGameOver] when no move is left; [ErrHumanSeat] for a Computer of
// level Human; and ctx's error, with no move played, once ctx is done. A search that reaches
// the rule set's limit is not an error: Play then plays the best move it found, with the
// verdict Unproven, so that a computer always moves (see [New] for what a move costs).
func (c Computer) Play(ctx context.Context, t *Table) (Move, Verdict, error) {
	return c.playAt(ctx, t, -1)
}

// PlayKayles is [Computer.Play] at the Kayles table k: it chooses a move for the player to
// move and plays it as one step, and returns it as a [KaylesMove] with its [Verdict]. Its
// errors are those of Computer.Play: a [*PlayError] matching [ErrGameOver] once every pin is
// down, or [ErrStale] when another move lands on k while it chooses; [ErrHumanSeat] for a
// Computer of level Human; ctx's error once ctx is done. On error it returns the zero
// KaylesMove and plays nothing.
func (c Computer) PlayKayles(ctx context.Context, k *Kayles) (KaylesMove, Verdict, error) {
	m, v, err := c.Play(ctx, &k.t)
	return kaylesMove(m), v, err
}

// PlayNim is [Computer.Play] at the Nim table n: it chooses a move for the player to move and
// plays it as one step, and returns it as a [NimMove] with its [Verdict]. Its errors are those
// of Computer.Play, as for [Computer.PlayKayles]; on error it returns the zero NimMove and
// plays nothing.
func (c Computer) PlayNim(ctx context.Context, n *Nim) (NimMove, Verdict, error) {
	m, v, err := c.Play(ctx, n.table())
	return nimMove(m), v, err
}

// playAt is Play, refusing with ErrStale unless the next move is number want (any when want
// is negative).
func (c Computer) playAt(ctx context.Context, t *Table, want int) (Move, Verdict, error) {
	t.lock()
	turn, s := len(t.history), t.state()
	t.mu.Unlock()
	if want >= 0 && turn != want {
		return Move{}, Unproven, &PlayError{Turn: want, Want: turn, Layout: s.layout, Err: ErrStale}
	}
	ch, err := c.choose(ctx, s, turn)
	t.noteLimit(ch.limited)
	if err != nil {
		return Move{}, Unproven, err
	}
	if ch.move == (Move{}) {
		return Move{}, Unproven, &PlayError{Turn: turn, Want: turn, Layout: s.layout, Err: ErrGameOver}
	}
	if err := t.Play(turn, ch.move); err != nil {
		return Move{}, Unproven, err
	}
	return ch.move, ch.verdict, nil
}

// Choose returns the move c would play at t now, its [Verdict] and the move number it is for,
// without playing it; the zero Move once the game is over. Like [Computer.Play] it always
// returns a move while one is left, unless ctx is done.
func (c Computer) Choose(ctx context.Context, t *Table) (m Move, v Verdict, turn int, err error) {
	t.lock()
	turn, s := len(t.history), t.state()
	t.mu.Unlock()
	ch, err := c.choose(ctx, s, turn)
	t.noteLimit(ch.limited)
	if err != nil {
		return Move{}, Unproven, turn, err
	}
	return ch.move, ch.verdict, turn, nil
}

// choose returns the move of c in s at move number turn, drawing from a source seeded with
// c.Seed and turn.
func (c Computer) choose(ctx context.Context, s tableState, turn int) (choice, error) {
	if err := ctx.Err(); err != nil {
		return choice{}, err
	}
	if c.Level == Human || c.Level > Symmetry {
		return choice{}, ErrHumanSeat
	}
	if !s.anyMove() {
		return choice{}, nil
	}
	rng := rand.New(rand.NewPCG(c.Seed, uint64(turn)))
	if c.Level == Symmetry {
		if m, ok := s.symmetryMove(); ok {
			return choice{move: m, verdict: Wins}, nil
		}
	}
	if rng.Float64() >= c.Level.perfectOdds() {
		return choice{move: s.randomMove(rng)}, nil
	}
	return s.choose(ctx, rng)
}

// symmetryMove returns the symmetry strategy's move in s (mirror), where it applies: one row
// in normal play, since mirroring makes the last move, which wins only there. The move wins:
// it leaves two equal halves, a position of value 0.
func (s tableState) symmetryMove() (Move, bool) {
	if s.misere || s.layout != Rows || len(s.rows) != 1 {
		return Move{}, false
	}
	return s.mirror()
}

// mirror returns the move of the symmetry strategy on the one row of s: from a full row the
// middle pin, or the middle two, when the rule set allows it; afterwards the one move that
// leaves the row the same read from either end with its middle down, when the rule set allows
// it. It returns false when there is no such move.
func (s tableState) mirror() (Move, bool) {
	down := s.rows[0]
	n := len(down)
	var m Move
	if !slices.Contains(down, true) {
		m = Move{Row: 1, Pin: n/2 + 1, Count: 1}
		if n%2 == 0 {
			m = Move{Row: 1, Pin: n / 2, Count: 2}
		}
	} else {
		var pins []int
		for i, d := range down {
			if !d && down[n-1-i] {
				pins = append(pins, i+1)
			}
		}
		if len(pins) == 0 || pins[len(pins)-1]-pins[0] != len(pins)-1 {
			return Move{}, false
		}
		m = Move{Row: 1, Pin: pins[0], Count: len(pins)}
		after := slices.Clone(down)
		for _, p := range pins {
			after[p-1] = true
		}
		if !after[n/2] || n%2 == 0 && !after[n/2-1] {
			return Move{}, false
		}
	}
	km, err := s.ruleMove(m, &PlayError{})
	if err != nil || legal(s.rules, km) != nil {
		return Move{}, false
	}
	return m, true
}
