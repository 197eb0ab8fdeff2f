package table

import (
	"context"
	"math/rand/v2"
	"sync"
)

// This file implements computer opponents: perfect, symmetry and random players for the Kayles
// and Nim tables.

// A KaylesOpponent chooses moves for the player to move at a [Kayles] table; it does not play
// them. ChooseKayles returns a legal move, as [Kayles.Play] takes it, true, and no error; false
// once the game is over; and an error, with no move, once ctx is done.
type KaylesOpponent interface {
	ChooseKayles(ctx context.Context, t *Kayles) (m KaylesMove, ok bool, err error)
}

// A NimOpponent chooses moves for the player to move at a [Nim] table; it does not play them.
// ChooseNim returns a legal move, as [Nim.Play] takes it, true, and no error; false once the
// game is over; and an error, with no move, once ctx is done.
type NimOpponent interface {
	ChooseNim(ctx context.Context, t *Nim) (m NimMove, ok bool, err error)
}

// An Opponent plays both tables; it is what [NewPerfect], [NewSymmetry] and [NewRandom]
// return. A program for one table needs only a [KaylesOpponent] or a [NimOpponent]. Each
// choice of the opponents of this package depends only on the table and on the random source
// the opponent was made with, so a game is the same again with a source seeded the same. They
// are safe for concurrent use.
type Opponent interface {
	KaylesOpponent
	NimOpponent
	// String returns the opponent's level: "perfect", "symmetry" or "random".
	String() string
}

// opponent is every Opponent of this package. mu guards rng, which is not safe for
// concurrent use.
type opponent struct {
	level Level // Perfect, Symmetry or Random
	mu    sync.Mutex
	rng   *rand.Rand
}

// NewPerfect returns an opponent that always wins a won position: it plays a winning move,
// picked at random among all of them. In a lost position it knocks down one pin (in Nim, takes
// one object), which keeps the game going longest, choosing among those the moves after which
// the opponent has the most replies that do not win, so the most ways to go wrong. It draws
// from rng only under its own lock; the caller must not use rng at the same time. A nil rng
// makes it choose the first of equally good moves from the left, as the tables' Hint does. A
// choice costs O(n²) for a row of n pins in a lost position and O(n) otherwise, and what
// [Nim.Hint] costs on a Nim table. Its rule sets, Kayles and Nim, answer every position by
// their closed forms, so its search never reaches a limit; were it to, it would still choose
// a move, as [Table.Hint] does.
func NewPerfect(rng *rand.Rand) Opponent { return &opponent{level: Perfect, rng: rng} }

// NewSymmetry returns an opponent that plays the symmetry strategy of Kayles: from a full row
// it knocks down the middle pin of an odd row or the middle two of an even one; after that, it
// mirrors every reply on the other side of the middle. So it wins every game it starts from a
// full row. It looks only at the row, not at the history: whenever one move leaves the row the
// same read from either end with its middle down, it plays that move, and otherwise (after a
// game that did not start from one full row with its first move, or once it is lost) it plays
// as [NewPerfect] would with rng. In misère play, where mirroring to the end loses, and on a
// Nim table, which has no row to mirror, it plays as NewPerfect does.
func NewSymmetry(rng *rand.Rand) Opponent { return &opponent{level: Symmetry, rng: rng} }

// NewRandom returns an opponent that plays any legal move, each as likely as another (a move of
// two pins counts as one move, and so does each count from each heap). A nil rng makes it play
// the first legal move: the lowest pin standing, or one object from the first heap that is not
// empty.
func NewRandom(rng *rand.Rand) Opponent { return &opponent{level: Random, rng: rng} }

func (o *opponent) String() string { return o.level.String() }

func (o *opponent) ChooseKayles(ctx context.Context, t *Kayles) (KaylesMove, bool, error) {
	t.t.lock()
	s := t.t.state()
	t.t.mu.Unlock()
	m, err := o.choose(ctx, s)
	return kaylesMove(m), m != (Move{}), err
}

func (o *opponent) ChooseNim(ctx context.Context, t *Nim) (NimMove, bool, error) {
	tb := t.table()
	tb.lock()
	s := tb.state()
	tb.mu.Unlock()
	m, err := o.choose(ctx, s)
	return nimMove(m), m != (Move{}), err
}

// choose returns the move of o in s, and the zero Move once the game is over.
func (o *opponent) choose(ctx context.Context, s tableState) (Move, error) {
	if err := ctx.Err(); err != nil {
		return Move{}, err
	}
	o.mu.Lock()
	defer o.mu.Unlock()
	switch o.level {
	case Symmetry:
		if m, ok := s.symmetryMove(); ok {
			return m, nil
		}
	case Random:
		return s.randomMove(o.rng), nil
	}
	c, err := s.choose(ctx, o.rng)
	if err != nil {
		return Move{}, err
	}
	return c.move, nil
}
