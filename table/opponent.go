package table

import (
	"context"
	"math/rand/v2"
	"slices"
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

type level uint8

const (
	perfect level = iota + 1
	symmetry
	random
)

// opponent is every Opponent of this package. mu guards rng, which is not safe for
// concurrent use.
type opponent struct {
	level level
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
// [Nim.Hint] costs on a Nim table.
func NewPerfect(rng *rand.Rand) Opponent { return &opponent{level: perfect, rng: rng} }

// NewSymmetry returns an opponent that plays the symmetry strategy of Kayles: from a full row
// it knocks down the middle pin of an odd row or the middle two of an even one; after that, it
// mirrors every reply on the other side of the middle. So it wins every game it starts from a
// full row. It looks only at the row, not at the history: whenever one move leaves the row the
// same read from either end with its middle down, it plays that move, and otherwise (after a
// game that did not start from one full row with its first move, or once it is lost) it plays
// as [NewPerfect] would with rng. In misère play, where mirroring to the end loses, and on a
// Nim table, which has no row to mirror, it plays as NewPerfect does.
func NewSymmetry(rng *rand.Rand) Opponent { return &opponent{level: symmetry, rng: rng} }

// NewRandom returns an opponent that plays any legal move, each as likely as another (a move of
// two pins counts as one move, and so does each count from each heap). A nil rng makes it play
// the first legal move: the lowest pin standing, or one object from the first heap that is not
// empty.
func NewRandom(rng *rand.Rand) Opponent { return &opponent{level: random, rng: rng} }

func (o *opponent) String() string {
	switch o.level {
	case perfect:
		return "perfect"
	case symmetry:
		return "symmetry"
	}
	return "random"
}

func (o *opponent) ChooseKayles(ctx context.Context, t *Kayles) (KaylesMove, bool, error) {
	if err := ctx.Err(); err != nil {
		return KaylesMove{}, false, err
	}
	s := t.state()
	if !slices.Contains(s.down, false) {
		return KaylesMove{}, false, nil
	}
	o.mu.Lock()
	defer o.mu.Unlock()
	switch o.level {
	case symmetry:
		// Mirroring makes the last move, which wins only in normal play.
		if m, ok := mirror(s.down); ok && s.conv == Normal {
			return m, true, nil
		}
	case random:
		k := 0
		if o.rng != nil {
			k = o.rng.IntN(replies(s.down))
		}
		for i, d := range s.down {
			if d {
				continue
			}
			if k == 0 {
				return KaylesMove{Pin: i + 1}, true, nil
			}
			k--
			if i+1 < len(s.down) && !s.down[i+1] {
				if k == 0 {
					return KaylesMove{Pin: i + 1, Pair: true}, true, nil
				}
				k--
			}
		}
	}
	m, _, err := s.choose(ctx, o.rng)
	if err != nil {
		return KaylesMove{}, false, err
	}
	return m, true, nil
}

func (o *opponent) ChooseNim(ctx context.Context, t *Nim) (NimMove, bool, error) {
	if err := ctx.Err(); err != nil {
		return NimMove{}, false, err
	}
	s := t.state()
	total := 0
	for _, h := range s.heaps {
		total += h
	}
	if total == 0 {
		return NimMove{}, false, nil
	}
	o.mu.Lock()
	defer o.mu.Unlock()
	if o.level == random {
		k := 0
		if o.rng != nil {
			k = o.rng.IntN(total)
		}
		for i, h := range s.heaps {
			if k < h {
				return NimMove{Index: i + 1, Count: k + 1}, true, nil
			}
			k -= h
		}
	}
	m, _, err := s.choose(ctx, o.rng)
	if err != nil {
		return NimMove{}, false, err
	}
	return m, true, nil
}

// mirror returns the move of the symmetry strategy in a row with a pin standing: the middle pin
// or two of a full row, or the one move that leaves the row symmetric with its middle down; it
// returns false when there is no such move.
func mirror(down []bool) (KaylesMove, bool) {
	n := len(down)
	if !slices.Contains(down, true) {
		if n%2 == 1 {
			return KaylesMove{Pin: n/2 + 1}, true
		}
		return KaylesMove{Pin: n / 2, Pair: true}, true
	}
	var pins []int
	for i, d := range down {
		if !d && down[n-1-i] {
			pins = append(pins, i+1)
		}
	}
	if len(pins) == 0 || len(pins) > 2 || len(pins) == 2 && pins[1] != pins[0]+1 {
		return KaylesMove{}, false
	}
	// The pins differ from their mirror images, so knocking them leaves the row symmetric;
	// the mirror strategy needs its middle down as well.
	if !down[n/2] && !slices.Contains(pins, n/2+1) || n%2 == 0 && !down[n/2-1] && !slices.Contains(pins, n/2) {
		return KaylesMove{}, false
	}
	return KaylesMove{Pin: pins[0], Pair: len(pins) == 2}, true
}
