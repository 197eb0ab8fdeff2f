package table

import (
	"context"
	"math/rand/v2"
	"slices"
	"strconv"
)

// This file implements the graded computer players of a Table: their levels, their choices,
// and playing a choice as one step guarded by the move number.

// A Level says who plays a seat of a [Table]: a person ([Human], the zero Level) or the
// computer at a level from [Random] to [Perfect], or [Symmetry].
type Level uint8

const (
	Human    Level = iota // a person, who plays through [Table.Play]
	Random                // any legal move, each as likely
	Easy                  // a perfect move one time in four, otherwise a random one
	Fair                  // a perfect move one time in two, otherwise a random one
	Hard                  // a perfect move three times in four, otherwise a random one
	Perfect               // always a perfect move: it never loses a won position it can search (see [New])
	Symmetry              // the mirror strategy on one row in normal play where it applies, else Perfect
)

var levelNames = []string{"human", "random", "easy", "fair", "hard", "perfect", "symmetry"}

// String returns the level's word in the text form: "human", "random", "easy", "fair",
// "hard", "perfect" or "symmetry", and "Level(n)" for any other value.
func (l Level) String() string {
	if int(l) < len(levelNames) {
		return levelNames[l]
	}
	return "Level(" + strconv.Itoa(int(l)) + ")"
}

// ParseLevel returns the Level that [Level.String] writes as s, and false for any other s.
func ParseLevel(s string) (Level, bool) {
	i := slices.Index(levelNames, s)
	return Level(max(i, 0)), i >= 0
}

// perfectOdds returns the probability that l plays a perfect move.
func (l Level) perfectOdds() float64 {
	switch l {
	case Random:
		return 0
	case Easy:
		return 0.25
	case Fair:
		return 0.5
	case Hard:
		return 0.75
	}
	return 1
}

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

// A Computer plays moves at a [Table] at its Level, at the cost that [New] states. Its choice
// depends only on the table's tokens, the move number and Seed, so a game is the same again
// with the same seed, also after [Restore]; where a search reaches its limit the choice may
// also depend on what the table and the rule set searched before (a restored table has
// searched nothing). A Computer is a value with no state, safe for concurrent use. The zero
// Computer plays at level Human, which plays no move.
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

// Seat returns the level of seat player (0 or 1), and Human for any other number.
func (t *Table) Seat(player int) Level {
	t.lock()
	defer t.mu.Unlock()
	if player < 0 || player > 1 {
		return Human
	}
	return t.setup.Seats[player]
}

// PlayComputer plays the computer's move when a computer seat is to move, as
// [Computer.Play] does with that seat's level and the table's seed, and returns the move and
// its [Verdict]. It returns [ErrHumanSeat] when a person is to move, and the errors of
// Computer.Play; a search past the rule set's limit is not one of them.
func (t *Table) PlayComputer(ctx context.Context) (Move, Verdict, error) {
	t.lock()
	turn := len(t.history)
	c := Computer{Level: t.setup.Seats[turn%2], Seed: t.setup.Seed}
	t.mu.Unlock()
	if c.Level == Human {
		return Move{}, Unproven, ErrHumanSeat
	}
	return c.playAt(ctx, t, turn)
}
