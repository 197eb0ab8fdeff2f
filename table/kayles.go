package table

import (
	"context"
	"math/rand/v2"
	"slices"
	"strconv"
	"sync"

	"github.com/octalgames/kayles"
)

// This file implements the Kayles table: one row of pins that two players knock down in turn,
// with every rule checked, undo and hints, and the perfect player's choice in a row.

// Sizes of a Kayles table. A table may have any number of pins from 1 to [MaxPins]; these are
// the sizes players know.
const (
	Small       = 7      // a small row: 7 pins
	Medium      = 10     // a medium row: 10 pins
	Large       = 13     // a large row: 13 pins
	DefaultSize = Medium // the size of the zero Kayles table
)

// MaxPins is the longest row a [Kayles] table accepts. The bound keeps every table operation
// fast: the slowest, a hint or a perfect opponent's move in a lost position, costs O(n²) for
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
// A Kayles table checks every rule, keeps the history of its game for [Kayles.Undo], gives
// hints and reads and writes a text form that restores a game exactly. The zero Kayles table
// is a fresh row of [DefaultSize] pins in normal play. A Kayles table is safe for concurrent
// use; it must not be copied after first use.
type Kayles struct {
	mu      sync.Mutex
	conv    Convention
	size    int          // the number of pins; 0 in a zero table until first use
	down    []bool       // down[i] reports whether pin i+1 is down
	left    int          // the number of pins standing
	history []KaylesMove // the moves played
}

// NewKayles returns a fresh row of pins played under conv, with player 0 to move. It returns
// a [*SetupError] matching [ErrSetup] and [kayles.ErrRange] when pins is below 1 or above
// [MaxPins], or conv is neither [Normal] nor [Misere].
func NewKayles(conv Convention, pins int) (*Kayles, error) {
	if err := conv.check(); err != nil {
		return nil, err
	}
	if pins < 1 || pins > MaxPins {
		return nil, &SetupError{legacy: true, Reason: "a table has 1 to " + strconv.Itoa(MaxPins) + " pins, not " + strconv.Itoa(pins)}
	}
	return &Kayles{conv: conv, size: pins, down: make([]bool, pins), left: pins}, nil
}

// lock locks t and readies a zero table.
func (t *Kayles) lock() {
	t.mu.Lock()
	if t.size == 0 {
		t.size = DefaultSize
		t.down = make([]bool, DefaultSize)
		t.left = DefaultSize
	}
}

// Convention returns the play convention of t.
func (t *Kayles) Convention() Convention {
	t.lock()
	defer t.mu.Unlock()
	return t.conv
}

// Size returns the number of pins in the row, standing or down.
func (t *Kayles) Size() int {
	t.lock()
	defer t.mu.Unlock()
	return t.size
}

// Player returns the player to move: 0 for the player who moved first, 1 for the other. Once
// the game is over it is the player who would move next.
func (t *Kayles) Player() int {
	t.lock()
	defer t.mu.Unlock()
	return len(t.history) % 2
}

// Winner returns the winner, 0 or 1 as [Kayles.Player] numbers them, and true once every pin
// is down; it returns 0, false while the game goes on.
func (t *Kayles) Winner() (player int, over bool) {
	t.lock()
	defer t.mu.Unlock()
	if t.left > 0 {
		return 0, false
	}
	mover := len(t.history) % 2
	if t.conv == Misere {
		return mover, true
	}
	return 1 - mover, true
}

// Standing reports whether pin (1 to [Kayles.Size]) stands; it is false for a pin outside the
// row.
func (t *Kayles) Standing(pin int) bool {
	t.lock()
	defer t.mu.Unlock()
	return pin >= 1 && pin <= t.size && !t.down[pin-1]
}

// Position returns the rows of standing pins as a position of Kayles, the rule set
// [kayles.Kayles]: in normal play its value is 0 exactly when the player to move loses
// against perfect play. It costs O(Size).
func (t *Kayles) Position() kayles.Position {
	t.lock()
	defer t.mu.Unlock()
	return rowPosition(t.down)
}

// String draws the row from pin 1 on, '|' for a standing pin and '.' for a fallen one:
// "|||.||" is a row of six pins with pin 4 down.
func (t *Kayles) String() string {
	t.lock()
	defer t.mu.Unlock()
	b := make([]byte, t.size)
	for i, d := range t.down {
		b[i] = "|."[boolInt(d)]
	}
	return string(b)
}

// History returns the moves played so far, oldest first, in a new slice.
func (t *Kayles) History() []KaylesMove {
	t.lock()
	defer t.mu.Unlock()
	return slices.Clone(t.history)
}

// Moves returns the legal moves of the player to move, from the left: pin 1, pins 1 and 2,
// pin 2, and so on. It is empty once the game is over.
func (t *Kayles) Moves() []KaylesMove {
	t.lock()
	defer t.mu.Unlock()
	var ms []KaylesMove
	for i := range t.down {
		if !t.down[i] {
			ms = append(ms, KaylesMove{Pin: i + 1})
			if i+1 < t.size && !t.down[i+1] {
				ms = append(ms, KaylesMove{Pin: i + 1, Pair: true})
			}
		}
	}
	return ms
}

// Knock knocks down the given pins for the player to move: exactly one standing pin, or two
// standing pins side by side, in either order. It returns a [*KnockError] that matches
// [ErrGameOver], [ErrNoPins], [ErrTooManyPins], [ErrNoSuchPin], [ErrPinDown] or
// [ErrNotSideBySide], checked in that order, when the move is not allowed; a rejected move
// changes nothing. Any numbers are accepted: they are checked, never trusted.
func (t *Kayles) Knock(pins ...int) error {
	t.lock()
	defer t.mu.Unlock()
	return t.knock(pins)
}

// Play plays m for the player to move, as Knock(m.Pins()...) does.
func (t *Kayles) Play(m KaylesMove) error { return t.Knock(m.Pins()...) }

func (t *Kayles) knock(pins []int) error {
	fail := func(pin int, err error) error {
		return &KnockError{Pins: slices.Clone(pins), Pin: pin, Size: t.size, Err: err}
	}
	if t.left == 0 {
		return fail(0, ErrGameOver)
	}
	switch {
	case len(pins) == 0:
		return fail(0, ErrNoPins)
	case len(pins) > 2:
		return fail(0, ErrTooManyPins)
	}
	for _, p := range pins {
		if p < 1 || p > t.size {
			return fail(p, ErrNoSuchPin)
		}
	}
	for _, p := range pins {
		if t.down[p-1] {
			return fail(p, ErrPinDown)
		}
	}
	m := KaylesMove{Pin: pins[0]}
	if len(pins) == 2 {
		lo, hi := min(pins[0], pins[1]), max(pins[0], pins[1])
		if hi != lo+1 {
			return fail(0, ErrNotSideBySide)
		}
		m = KaylesMove{Pin: lo, Pair: true}
	}
	for _, p := range m.Pins() {
		t.down[p-1] = true
	}
	t.left -= len(pins)
	t.history = append(t.history, m)
	return nil
}

// Undo takes back the last move, so that its player is to move again. It returns
// [ErrNothingToUndo] when no move has been played.
func (t *Kayles) Undo() error {
	t.lock()
	defer t.mu.Unlock()
	if len(t.history) == 0 {
		return ErrNothingToUndo
	}
	m := t.history[len(t.history)-1]
	for _, p := range m.Pins() {
		t.down[p-1] = false
	}
	t.left += len(m.Pins())
	t.history = t.history[:len(t.history)-1]
	return nil
}

// Hint returns a move for the player to move and whether it wins against any defence. In a
// won position it is the first winning move of Kayles ([kayles.Octal.WinningMoves] or
// [kayles.Octal.MisereWinningMoves], which list the moves of each row from its end to its
// middle), played on the leftmost row it fits; in a lost one it is the move a perfect opponent
// would prefer (see [NewPerfect]), the leftmost of equally good ones. Once the game is over it
// returns the zero KaylesMove and false. It returns ctx's error, and no move, once ctx is
// done. It costs O(n) for n pins in a won position and O(n²) in a lost one.
func (t *Kayles) Hint(ctx context.Context) (m KaylesMove, winning bool, err error) {
	return t.state().choose(ctx, nil)
}

// rowState is a copy of a table's row taken under its lock, for hints and opponents.
type rowState struct {
	down []bool
	conv Convention
}

// state returns a copy of the row of t.
func (t *Kayles) state() rowState {
	t.lock()
	defer t.mu.Unlock()
	return rowState{down: slices.Clone(t.down), conv: t.conv}
}

// runs returns the rows of standing pins as [start, end) pairs of 0-based pin indexes.
func runs(down []bool) [][2]int {
	var rs [][2]int
	for i := 0; i < len(down); {
		if down[i] {
			i++
			continue
		}
		j := i
		for j < len(down) && !down[j] {
			j++
		}
		rs = append(rs, [2]int{i, j})
		i = j
	}
	return rs
}

// rowPosition returns the lengths of the rows of standing pins as a position.
func rowPosition(down []bool) kayles.Position {
	var hs []int
	for _, r := range runs(down) {
		hs = append(hs, r[1]-r[0])
	}
	p, _ := newPosition(hs...) // a row's length is never negative
	return p
}

// offset returns the number of pins of a row left of the pins that m takes, as the order of
// m.Left says: every heap left but the last stands before them.
func offset(m kayles.Move) int {
	off := 0
	for _, h := range m.Left[:max(0, len(m.Left)-1)] {
		off += h
	}
	return off
}

// placements returns the moves on the row that play m: m on every row of its length, at its
// offset and at the mirrored one.
func placements(rs [][2]int, m kayles.Move) []KaylesMove {
	off := offset(m)
	offs := []int{off}
	if mirror := m.Heap - m.Take - off; mirror != off {
		offs = append(offs, mirror)
	}
	var ps []KaylesMove
	for _, r := range rs {
		if r[1]-r[0] != m.Heap {
			continue
		}
		for _, o := range offs {
			ps = append(ps, KaylesMove{Pin: r[0] + o + 1, Pair: m.Take == 2})
		}
	}
	return ps
}

// replies returns the number of legal moves in a row: one per standing pin, one per two
// standing neighbours.
func replies(down []bool) int {
	n := 0
	for i, d := range down {
		if !d {
			n++
			if i+1 < len(down) && !down[i+1] {
				n++
			}
		}
	}
	return n
}

// choose returns a move as the perfect opponent plays it, and whether it wins against any
// defence: a winning move when there is one; otherwise a single pin (which keeps the most pins
// standing) after which the opponent has the most replies that do not win. It takes the first
// of equally good moves when rng is nil, and a random one otherwise. It returns the zero
// KaylesMove and false when every pin is down, and ctx's error once ctx is done.
func (s rowState) choose(ctx context.Context, rng *rand.Rand) (KaylesMove, bool, error) {
	if err := ctx.Err(); err != nil {
		return KaylesMove{}, false, err
	}
	if !slices.Contains(s.down, false) {
		return KaylesMove{}, false, nil
	}
	misere := s.conv == Misere
	rs := runs(s.down)
	p := rowPosition(s.down)
	var wins []KaylesMove
	if rng == nil {
		m, ok, err := winningMove(ctx, kaylesRules, misere, p)
		if err != nil {
			return KaylesMove{}, false, err
		}
		if ok {
			wins = placements(rs, m)
		}
	} else {
		ms, err := winningMoves(ctx, kaylesRules, misere, p)
		if err != nil {
			return KaylesMove{}, false, err
		}
		for m := range ms {
			wins = append(wins, placements(rs, m)...)
		}
	}
	if len(wins) > 0 {
		return pick(rng, wins), true, nil
	}
	// Lost: every move leads to a won position; leave as many wrong replies as can be.
	seen := map[kayles.Position]int{}
	var best []KaylesMove
	bestWrong := -1
	after := slices.Clone(s.down)
	for i, d := range s.down {
		if d {
			continue
		}
		after[i] = true
		p := rowPosition(after)
		wrong, ok := seen[p]
		if !ok {
			ms, err := winningMoves(ctx, kaylesRules, misere, p)
			if err != nil {
				return KaylesMove{}, false, err
			}
			wrong = replies(after)
			lengths := map[int]int{} // how many rows of each length
			for _, r := range runs(after) {
				lengths[r[1]-r[0]]++
			}
			for m := range ms {
				// m is played on every row of its length, at its offset or the mirrored one.
				off := offset(m)
				wrong -= lengths[m.Heap] * (1 + boolInt(m.Heap-m.Take-off != off))
			}
			seen[p] = wrong
		}
		after[i] = false
		switch {
		case wrong > bestWrong:
			best, bestWrong = []KaylesMove{{Pin: i + 1}}, wrong
		case wrong == bestWrong:
			best = append(best, KaylesMove{Pin: i + 1})
		}
	}
	return pick(rng, best), false, nil
}

// pick returns the first of ms when rng is nil, and a random one otherwise; ms is not empty.
func pick[T any](rng *rand.Rand, ms []T) T {
	if rng == nil {
		return ms[0]
	}
	return ms[rng.IntN(len(ms))]
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}
