package table

import (
	"context"
	"slices"
	"strconv"

	"github.com/octalgames/kayles"
)

// This file implements the Kayles table, a Table of one row of Kayles whose moves are entered
// as the pins knocked down.

// Sizes of a Kayles table. A table may have any number of pins from 1 to [MaxPins]; these are
// the sizes players know.
const (
	Small       = 7      // a small row: 7 pins
	Medium      = 10     // a medium row: 10 pins
	Large       = 13     // a large row: 13 pins
	DefaultSize = Medium // the size of the zero Kayles table
)

// MaxPins is the longest row a [Kayles] table accepts. The bound keeps every table operation
// fast: the slowest, a hint or a perfect computer's move in a lost position, costs O(n²) for
// n pins.
const MaxPins = 1000

// A KaylesMove knocks down pin Pin, numbered from 1 at the left, and its right neighbour
// Pin+1 too when Pair is set. The zero KaylesMove knocks down pin 0 and is never legal; the
// methods that find moves return it when the game is over.
type KaylesMove struct {
	Pin  int  // the leftmost pin knocked down
	Pair bool // whether pin Pin+1 is knocked down too
}

// Pins returns the pins m knocks down, ascending, in a new slice: as [Kayles.Knock] takes them.
func (m KaylesMove) Pins() []int {
	if m.Pair {
		return []int{m.Pin, m.Pin + 1}
	}
	return []int{m.Pin}
}

// String returns m as the text forms write it: "5" for one pin, "5-6" for two.
func (m KaylesMove) String() string {
	s := strconv.Itoa(m.Pin)
	if m.Pair {
		s += "-" + strconv.Itoa(m.Pin+1)
	}
	return s
}

// A Kayles table is one row of pins that two players knock down in turn: one pin, or two
// standing pins side by side, a turn. In [Normal] play whoever knocks down the last pin wins;
// in [Misere] play whoever knocks down the last pin loses. Pins are numbered 1 to
// [Kayles.Size] from the left; the players are 0, who moved first, and 1.
//
// A Kayles table is a [Table] of [KaylesSetup] seen through the moves of Kayles: it checks
// every rule, keeps the history of its game for [Kayles.Undo], gives hints and reads and
// writes a text form that restores a game exactly. The zero Kayles table is a fresh row of
// [DefaultSize] pins in normal play. A Kayles table is safe for concurrent use; it must not be
// copied after first use.
type Kayles struct {
	t Table // a zero Table is the zero Kayles table
}

// NewKayles returns a fresh row of pins played under conv, with player 0 to move. It returns
// a [*SetupError] matching [ErrSetup] and [kayles.ErrRange] when pins is below 1 or above
// [MaxPins], or conv is neither [Normal] nor [Misere].
func NewKayles(conv Convention, pins int) (*Kayles, error) {
	if err := conv.check(); err != nil {
		return nil, err
	}
	if pins < 1 || pins > MaxPins {
		return nil, &SetupError{Setting: "size", Index: 1, Value: pins, Max: MaxPins, Reason: "a table has 1 to " + strconv.Itoa(MaxPins) + " pins, not " + strconv.Itoa(pins)}
	}
	k := &Kayles{}
	if err := k.t.init(KaylesSetup(conv, pins)); err != nil {
		return nil, err
	}
	return k, nil
}

// row returns the pins of the one row, down or not; k.t is locked.
func (k *Kayles) row() []bool { return k.t.rows[0] }

// Convention returns the play convention of k.
func (k *Kayles) Convention() Convention { return k.t.Setup().Convention }

// Size returns the number of pins in the row, standing or down.
func (k *Kayles) Size() int {
	k.t.lock()
	defer k.t.mu.Unlock()
	return len(k.row())
}

// Player returns the player to move: 0 for the player who moved first, 1 for the other. Once
// the game is over it is the player who would move next.
func (k *Kayles) Player() int { return k.t.Player() }

// Winner returns the winner, 0 or 1 as [Kayles.Player] numbers them, and true once every pin
// is down; it returns 0, false while the game goes on.
func (k *Kayles) Winner() (player int, over bool) { return k.t.Winner() }

// Standing reports whether pin (1 to [Kayles.Size]) stands; it is false for a pin outside the
// row.
func (k *Kayles) Standing(pin int) bool {
	k.t.lock()
	defer k.t.mu.Unlock()
	return pin >= 1 && pin <= len(k.row()) && !k.row()[pin-1]
}

// Position returns the rows of standing pins as a position of Kayles, the rule set
// [kayles.Kayles]: in normal play its value is 0 exactly when the player to move loses
// against perfect play. It costs O(Size).
func (k *Kayles) Position() kayles.Position { return k.t.Position() }

// String draws the row from pin 1 on, '|' for a standing pin and '.' for a fallen one:
// "|||.||" is a row of six pins with pin 4 down.
func (k *Kayles) String() string { return k.t.String() }

// History returns the moves played so far, oldest first, in a new slice.
func (k *Kayles) History() []KaylesMove { return kaylesMoves(k.t.History()) }

// Moves returns the legal moves of the player to move, from the left: pin 1, pins 1 and 2,
// pin 2, and so on. It is empty once the game is over.
func (k *Kayles) Moves() []KaylesMove { return kaylesMoves(k.t.Moves()) }

// kaylesMoves returns the moves of a single row as KaylesMoves.
func kaylesMoves(ms []Move) []KaylesMove {
	var ks []KaylesMove
	for _, m := range ms {
		ks = append(ks, kaylesMove(m))
	}
	return ks
}

// kaylesMove returns the KaylesMove of a move of one or two pins on a single row, and the
// zero KaylesMove for the zero Move.
func kaylesMove(m Move) KaylesMove { return KaylesMove{Pin: m.Pin, Pair: m.Count == 2} }

// Knock knocks down the given pins for the player to move: exactly one standing pin, or two
// standing pins side by side, in either order. It returns a [*KnockError] that matches
// [ErrGameOver], [ErrNoPins], [ErrTooManyPins], [ErrNoSuchPin], [ErrPinDown] or
// [ErrNotSideBySide], checked in that order, when the move is not allowed; a rejected move
// changes nothing. Any numbers are accepted: they are checked, never trusted.
func (k *Kayles) Knock(pins ...int) error {
	k.t.lock()
	defer k.t.mu.Unlock()
	return knock(&k.t, pins)
}

// Play plays m for the player to move, as Knock(m.Pins()...) does.
func (k *Kayles) Play(m KaylesMove) error { return k.Knock(m.Pins()...) }

// knock is Knock at t, a table of one row of Kayles, locked or not yet shared.
func knock(t *Table, pins []int) error {
	down := t.rows[0]
	fail := func(pin int, err error) error {
		if !slices.Contains(down, false) {
			pin, err = 0, ErrGameOver
		}
		return &KnockError{Pins: slices.Clone(pins), Pin: pin, Size: len(down), Err: err}
	}
	switch {
	case len(pins) == 0:
		return fail(0, ErrNoPins)
	case len(pins) > 2:
		return fail(0, ErrTooManyPins)
	}
	for _, p := range pins {
		if p < 1 || p > len(down) {
			return fail(p, ErrNoSuchPin)
		}
	}
	for _, p := range pins {
		if down[p-1] {
			return fail(p, ErrPinDown)
		}
	}
	lo, hi := slices.Min(pins), slices.Max(pins)
	if len(pins) == 2 && hi != lo+1 {
		return fail(0, ErrNotSideBySide)
	}
	t.apply(Move{Row: 1, Pin: lo, Count: len(pins)}) // legal in Kayles
	return nil
}

// Undo takes back the last move, so that its player is to move again. It returns
// [ErrNothingToUndo] when no move has been played.
func (k *Kayles) Undo() error {
	k.t.lock()
	defer k.t.mu.Unlock()
	if len(k.t.history) == 0 {
		return ErrNothingToUndo
	}
	k.t.undo()
	return nil
}

// Hint returns a move for the player to move and whether it wins against any defence. In a
// won position it is the first winning move of Kayles ([kayles.Octal.WinningMoves] or
// [kayles.Octal.MisereWinningMoves], which list the moves of each row from its end to its
// middle), played on the leftmost row it fits; in a lost one it is the move the perfect player
// prefers (see [Table.Hint]), the leftmost of equally good ones. Once the game is over it
// returns the zero KaylesMove and false. It returns ctx's error, and no move, once ctx is
// done. It costs O(n) for n pins in a won position and O(n²) in a lost one. Kayles is
// answered by its closed forms, so winning is always proven: its search has no limit to reach.
func (k *Kayles) Hint(ctx context.Context) (m KaylesMove, winning bool, err error) {
	tm, v, err := k.t.Hint(ctx)
	return kaylesMove(tm), v == Wins, err
}
