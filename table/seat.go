package table

import (
	"context"
	"slices"
	"strconv"
)

// This file implements the seats of a table: who plays each side, a person or the computer at
// a Level, and playing a computer seat's move.

// A Level says who plays a seat of a [Table]: a person ([Human], the zero Level) or the
// computer at a level from [Random] to [Perfect], or [Symmetry]; and how a [Computer] plays
// at any table.
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
