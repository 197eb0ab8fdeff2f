package kayles

import (
	"errors"
	"iter"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
	"sync"
)

// This file implements the Kayles table: one row of pins that two players knock down in turn,
// with every rule checked, undo, hints and a text form, for game programs.

// Table sizes. A table may have any number of pins from 1 to [MaxPins]; these are the sizes
// players know.
const (
	Small       = 7      // a small row: 7 pins
	Medium      = 10     // a medium row: 10 pins
	Large       = 13     // a large row: 13 pins
	DefaultSize = Medium // the size of the zero Table
)

// MaxPins is the longest row a [Table] accepts. The bound keeps every table operation fast:
// the slowest, a hint or a perfect opponent's move in a lost position, costs O(n²) for n pins.
const MaxPins = 1000

// Errors of the tables. A rejected move or setup returns an error that matches one of these
// with [errors.Is]; [KnockError], [TakeError] and [SetupError] say more.
var (
	ErrNoPins        = errors.New("no pin given")              // Knock with no pin
	ErrTooManyPins   = errors.New("more than two pins given")  // Knock with three pins or more
	ErrNoSuchPin     = errors.New("no such pin")               // a pin number outside the row
	ErrPinDown       = errors.New("pin already down")          // a pin that was knocked down before
	ErrNotSideBySide = errors.New("pins not side by side")     // two pins that are not neighbours
	ErrNoSuchHeap    = errors.New("no such heap")              // a heap number outside the table
	ErrTakeNone      = errors.New("nothing taken")             // Take of fewer than one object
	ErrTakeTooMany   = errors.New("more objects than in heap") // Take of more objects than the heap holds
	ErrGameOver      = errors.New("game over")                 // a move after the last one
	ErrNothingToUndo = errors.New("nothing to undo")           // Undo before any move
	ErrSetup         = errors.New("invalid table setup")       // NewTable or NewNimTable refused
)

// A KnockError records a move that [Table.Knock] rejected. It matches [ErrIllegalMove] and
// the sentinel in Err with [errors.Is]. The zero KnockError reports an illegal move and no more.
type KnockError struct {
	Pins []int // the pins asked for, as given
	Pin  int   // the pin at fault, or 0 when the fault is not one pin's
	Size int   // the number of pins in the row
	Err  error // ErrNoPins, ErrTooManyPins, ErrNoSuchPin, ErrPinDown, ErrNotSideBySide or ErrGameOver
}

// Error returns a message fit to show a player, such as
// "kayles: cannot knock down pins 4 and 6: they are not side by side".
func (e *KnockError) Error() string {
	what := "kayles: cannot knock down "
	switch len(e.Pins) {
	case 0:
		what = "kayles: cannot knock down nothing"
	case 1:
		what += "pin " + strconv.Itoa(e.Pins[0])
	default:
		what += "pins " + joinInts(e.Pins, ", ", " and ")
	}
	var why string
	switch e.Err {
	case ErrNoPins:
		why = "choose one pin, or two pins side by side"
	case ErrTooManyPins:
		why = "knock down one pin, or two pins side by side, at a time"
	case ErrNoSuchPin:
		why = "there is no pin " + strconv.Itoa(e.Pin) + "; the pins are numbered 1 to " + strconv.Itoa(e.Size)
	case ErrPinDown:
		why = "pin " + strconv.Itoa(e.Pin) + " is already down"
	case ErrNotSideBySide:
		if len(e.Pins) == 2 && e.Pins[0] == e.Pins[1] {
			why = "that is the same pin twice"
		} else {
			why = "they are not side by side"
		}
	case ErrGameOver:
		why = "the game is over; every pin is down"
	case nil:
		why = "illegal move"
	default:
		why = e.Err.Error()
	}
	return what + ": " + why
}

// Unwrap returns Err and [ErrIllegalMove].
func (e *KnockError) Unwrap() []error { return []error{e.Err, ErrIllegalMove} }

// A SetupError records a table setup that [NewTable] or [NewNimTable] refused. It wraps
// [ErrSetup]. The zero SetupError has no message.
type SetupError struct {
	Msg string // what is wrong, fit to show a user
}

func (e *SetupError) Error() string { return "kayles: " + e.Msg }

// Unwrap returns [ErrSetup].
func (e *SetupError) Unwrap() error { return ErrSetup }

// A Table is one row of pins that two players knock down in turn: one pin, or two standing pins
// side by side, a turn. In normal play whoever knocks down the last pin wins; a table made by
// [NewMisereTable] plays misère, where whoever knocks down the last pin loses. Pins are
// numbered 1 to [Table.Size] from the left.
//
// A Table checks every rule, keeps the history of its game for [Table.Undo], gives hints and
// reads and writes a text form that restores a game exactly. The zero Table is a fresh row of
// [DefaultSize] pins in normal play. A Table is safe for concurrent use; it must not be copied
// after first use.
type Table struct {
	mu      sync.Mutex
	size    int     // the number of pins; 0 in a zero Table until first use
	down    []bool  // down[i] reports whether pin i+1 is down
	left    int     // the number of pins standing
	history [][]int // the moves played, each one pin or two neighbours ascending
	misere  bool    // the play convention; read only by rules
}

// NewTable returns a fresh row of pins in normal play, with the first player to move. It
// returns an error wrapping [ErrSetup] when pins is below 1 or above [MaxPins].
func NewTable(pins int) (*Table, error) {
	if pins < 1 || pins > MaxPins {
		return nil, &SetupError{Msg: "a table has 1 to " + strconv.Itoa(MaxPins) + " pins, not " + strconv.Itoa(pins)}
	}
	return &Table{size: pins, down: make([]bool, pins), left: pins}, nil
}

// NewMisereTable is like [NewTable] but the table plays misère: whoever knocks down the last
// pin loses. Hints and opponents play misère Kayles perfectly ([Octal.MisereWinningMoves]).
func NewMisereTable(pins int) (*Table, error) {
	t, err := NewTable(pins)
	if err != nil {
		return nil, err
	}
	t.misere = true
	return t, nil
}

// Misere reports whether t plays misère (whoever knocks down the last pin loses).
func (t *Table) Misere() bool {
	t.lock()
	defer t.mu.Unlock()
	return t.misere
}

// lock locks t and readies a zero Table.
func (t *Table) lock() {
	t.mu.Lock()
	if t.size == 0 {
		t.size = DefaultSize
		t.down = make([]bool, DefaultSize)
		t.left = DefaultSize
	}
}

// kaylesRules is a play convention of a table: who wins when the last pin falls, and which
// moves win.
type kaylesRules interface {
	name() string                           // the word for the convention in the text form
	lastWins() bool                         // whether whoever knocks down the last pin wins
	winningMoves(p Position) iter.Seq[Move] // the moves from p that win against any defence
}

type normalKayles struct{}

func (normalKayles) name() string                           { return "normal" }
func (normalKayles) lastWins() bool                         { return true }
func (normalKayles) winningMoves(p Position) iter.Seq[Move] { return Kayles.WinningMoves(p) }

type misereKayles struct{}

func (misereKayles) name() string                           { return "misere" }
func (misereKayles) lastWins() bool                         { return false }
func (misereKayles) winningMoves(p Position) iter.Seq[Move] { return Kayles.MisereWinningMoves(p) }

// rules returns the play convention of t. It is the only place that reads t.misere.
func (t *Table) rules() kaylesRules {
	if t.misere {
		return misereKayles{}
	}
	return normalKayles{}
}

// Size returns the number of pins in the row, standing or down.
func (t *Table) Size() int {
	t.lock()
	defer t.mu.Unlock()
	return t.size
}

// Player returns the player to move: 0 for the player who moved first, 1 for the other. Once the
// game is over it is the player who would move next.
func (t *Table) Player() int {
	t.lock()
	defer t.mu.Unlock()
	return len(t.history) % 2
}

// Winner returns the winner, 0 or 1 as [Table.Player] numbers them, and true once every pin is
// down; it returns 0, false while the game goes on.
func (t *Table) Winner() (player int, over bool) {
	t.lock()
	defer t.mu.Unlock()
	return t.winner()
}

func (t *Table) winner() (int, bool) {
	if t.left > 0 {
		return 0, false
	}
	mover := len(t.history) % 2
	if t.rules().lastWins() {
		return 1 - mover, true
	}
	return mover, true
}

// Standing reports whether pin (1 to [Table.Size]) stands; it is false for a pin outside the row.
func (t *Table) Standing(pin int) bool {
	t.lock()
	defer t.mu.Unlock()
	return pin >= 1 && pin <= t.size && !t.down[pin-1]
}

// Position returns the rows of standing pins, for the engine: Kayles.Value(t.Position()) is 0
// exactly when the player to move loses against perfect play. It costs O(Size).
func (t *Table) Position() Position {
	t.lock()
	defer t.mu.Unlock()
	return rowPosition(t.down)
}

// String draws the row from pin 1 on, '|' for a standing pin and '.' for a fallen one:
// "|||.||" is a row of six pins with pin 4 down.
func (t *Table) String() string {
	t.lock()
	defer t.mu.Unlock()
	b := make([]byte, t.size)
	for i, d := range t.down {
		b[i] = "|."[boolInt(d)]
	}
	return string(b)
}

// History returns the moves played so far, oldest first, each as the pins knocked down in
// ascending order. The slices are new: changing them does not change t.
func (t *Table) History() [][]int {
	t.lock()
	defer t.mu.Unlock()
	h := make([][]int, len(t.history))
	for i, m := range t.history {
		h[i] = slices.Clone(m)
	}
	return h
}

// Moves returns the legal moves of the player to move, each as the pins it knocks down in
// ascending order: pin 1, pins 1 and 2, pin 2, and so on. It is empty once the game is over.
func (t *Table) Moves() [][]int {
	t.lock()
	defer t.mu.Unlock()
	var ms [][]int
	for i := range t.down {
		if !t.down[i] {
			ms = append(ms, []int{i + 1})
			if i+1 < t.size && !t.down[i+1] {
				ms = append(ms, []int{i + 1, i + 2})
			}
		}
	}
	return ms
}

// Knock knocks down the given pins for the player to move: exactly one standing pin, or two
// standing pins side by side, in either order. It returns a [*KnockError] that matches
// [ErrGameOver], [ErrNoPins], [ErrTooManyPins], [ErrNoSuchPin], [ErrPinDown] or
// [ErrNotSideBySide], checked in that order, when the move is not allowed; a rejected move
// changes nothing.
func (t *Table) Knock(pins ...int) error {
	t.lock()
	defer t.mu.Unlock()
	return t.knock(pins)
}

func (t *Table) knock(pins []int) error {
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
	m := slices.Clone(pins)
	slices.Sort(m)
	if len(m) == 2 && m[1] != m[0]+1 {
		return fail(0, ErrNotSideBySide)
	}
	for _, p := range m {
		t.down[p-1] = true
	}
	t.left -= len(m)
	t.history = append(t.history, m)
	return nil
}

// Undo takes back the last move, so that its player is to move again. It returns
// [ErrNothingToUndo] when no move has been played.
func (t *Table) Undo() error {
	t.lock()
	defer t.mu.Unlock()
	if len(t.history) == 0 {
		return ErrNothingToUndo
	}
	for _, p := range t.history[len(t.history)-1] {
		t.down[p-1] = false
	}
	t.left += len(t.history[len(t.history)-1])
	t.history = t.history[:len(t.history)-1]
	return nil
}

// Hint returns a move for the player to move, as the pins to knock down, and whether it wins
// against any defence. In a won position it is the first move of [Octal.WinningMoves] for
// [Kayles] (which lists the moves of each row from its end to its middle), played on the
// leftmost row it fits; in a lost one it is the move a perfect opponent would prefer (see
// [NewPerfect]), the leftmost of equally good ones. Once the game is over it returns nil, false. It costs O(n) for n pins in a won position and O(n²) in a lost one.
func (t *Table) Hint() (pins []int, winning bool) {
	st := t.state()
	return st.choose(nil)
}

// AppendText appends the text form of t to b: the word kayles, the number of pins, the play
// convention and the word moves, then each move played, one pin or two joined by '-', all
// separated by spaces, as in "kayles 10 normal moves 5 2-3 9" (or "misere" for a misère table).
// It never fails.
func (t *Table) AppendText(b []byte) ([]byte, error) {
	t.lock()
	defer t.mu.Unlock()
	b = append(b, "kayles "...)
	b = strconv.AppendInt(b, int64(t.size), 10)
	b = append(b, ' ')
	b = append(b, t.rules().name()...)
	b = append(b, " moves"...)
	for _, m := range t.history {
		b = append(b, ' ')
		b = strconv.AppendInt(b, int64(m[0]), 10)
		if len(m) == 2 {
			b = append(b, '-')
			b = strconv.AppendInt(b, int64(m[1]), 10)
		}
	}
	return b, nil
}

// MarshalText returns the text form of t, as [Table.AppendText] writes it. It never fails.
func (t *Table) MarshalText() ([]byte, error) { return t.AppendText(nil) }

// UnmarshalText restores the game that text describes, as [Table.AppendText] writes it (any
// run of spaces, tabs or newlines separates the words), replaying and checking every move.
// It returns a [*ParseError] wrapping [ErrSyntax], or [ErrRange] for a size beyond [MaxPins],
// when the text is not a game that can be played; t is then unchanged. The cost is linear in
// the length of text.
func (t *Table) UnmarshalText(text []byte) error {
	s := string(text)
	fail := func(off int, msg string, err error) error {
		return newParseError("table", s, off, msg, err)
	}
	words := splitWords(s)
	if len(words) == 0 || words[0].s != "kayles" {
		return fail(0, "want the word kayles first", ErrSyntax)
	}
	if len(words) < 4 {
		return fail(len(s), "want the number of pins, the play convention and the word moves", ErrSyntax)
	}
	size, ok := atoi(words[1].s)
	if !ok {
		return fail(words[1].off, "want the number of pins", ErrSyntax)
	}
	if size < 1 || size > MaxPins {
		return fail(words[1].off, "a table has 1 to "+strconv.Itoa(MaxPins)+" pins", ErrRange)
	}
	nt := &Table{size: size, down: make([]bool, size), left: size}
	switch words[2].s {
	case normalKayles{}.name():
	case misereKayles{}.name():
		nt.misere = true
	default:
		return fail(words[2].off, "unknown play convention; want normal or misere", ErrSyntax)
	}
	if words[3].s != "moves" {
		return fail(words[3].off, "want the word moves", ErrSyntax)
	}
	moves := words[4:]
	if len(moves) > size {
		return fail(moves[size].off, "more moves than pins", ErrSyntax)
	}
	for i, w := range moves {
		a, b, two := strings.Cut(w.s, "-")
		pins := make([]int, 0, 2)
		for j, f := range []string{a, b}[:1+boolInt(two)] {
			p, ok := atoi(f)
			if !ok {
				return fail(w.off+j*(len(a)+1), "want a pin number", ErrSyntax)
			}
			pins = append(pins, p)
		}
		if two && pins[0] >= pins[1] {
			return fail(w.off, "move "+strconv.Itoa(i+1)+" is not written lower pin first", ErrSyntax)
		}
		if err := nt.knock(pins); err != nil {
			var ke *KnockError
			errors.As(err, &ke)
			msg := strings.TrimPrefix(ke.Error(), "kayles: ")
			return fail(w.off, "move "+strconv.Itoa(i+1)+": "+msg, ErrSyntax)
		}
	}
	t.lock()
	defer t.mu.Unlock()
	t.size, t.down, t.left, t.history, t.misere = nt.size, nt.down, nt.left, nt.history, nt.misere
	return nil
}

// rowState is a copy of a table's row taken under its lock, for hints and opponents.
type rowState struct {
	down  []bool
	rules kaylesRules
}

// state returns a copy of the row of t.
func (t *Table) state() rowState {
	t.lock()
	defer t.mu.Unlock()
	return rowState{down: slices.Clone(t.down), rules: t.rules()}
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

// rowPosition returns the lengths of the rows of standing pins as a Position.
func rowPosition(down []bool) Position {
	var hs []int
	for _, r := range runs(down) {
		hs = append(hs, r[1]-r[0])
	}
	return fromHeaps(hs)
}

// placements returns the moves on the row that play m, each as the 1-based pins it knocks
// down, ascending: m on every row of its length, at its offset and at the mirrored one.
func placements(rs [][2]int, m Move) [][]int {
	off := 0
	for _, h := range m.Left[:max(0, len(m.Left)-1)] {
		off += h
	}
	offs := []int{off}
	if mirror := m.Heap - m.Take - off; mirror != off {
		offs = append(offs, mirror)
	}
	var ps [][]int
	for _, r := range rs {
		if r[1]-r[0] != m.Heap {
			continue
		}
		for _, o := range offs {
			pins := make([]int, m.Take)
			for k := range pins {
				pins[k] = r[0] + o + k + 1
			}
			ps = append(ps, pins)
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
// of equally good moves when rng is nil, and a random one otherwise. It returns nil, false
// when every pin is down.
func (s rowState) choose(rng *rand.Rand) ([]int, bool) {
	if !slices.Contains(s.down, false) {
		return nil, false
	}
	rs := runs(s.down)
	var wins [][]int
	for m := range s.rules.winningMoves(rowPosition(s.down)) {
		wins = append(wins, placements(rs, m)...)
		if rng == nil {
			break
		}
	}
	if len(wins) > 0 {
		return pick(rng, wins), true
	}
	// Lost: every move leads to a won position; leave as many wrong replies as can be.
	seen := map[Position]int{}
	best, bestWrong := [][]int(nil), -1
	after := slices.Clone(s.down)
	for i, d := range s.down {
		if d {
			continue
		}
		after[i] = true
		p := rowPosition(after)
		wrong, ok := seen[p]
		if !ok {
			wrong = replies(after)
			lengths := map[int]int{} // how many rows of each length
			for _, r := range runs(after) {
				lengths[r[1]-r[0]]++
			}
			for m := range s.rules.winningMoves(p) {
				// m is played on every row of its length, at its offset or the mirrored one.
				off := 0
				for _, h := range m.Left[:max(0, len(m.Left)-1)] {
					off += h
				}
				wrong -= lengths[m.Heap] * (1 + boolInt(m.Heap-m.Take-off != off))
			}
			seen[p] = wrong
		}
		after[i] = false
		switch {
		case wrong > bestWrong:
			best, bestWrong = [][]int{{i + 1}}, wrong
		case wrong == bestWrong:
			best = append(best, []int{i + 1})
		}
	}
	return pick(rng, best), false
}

// pick returns the first of ms when rng is nil, and a random one otherwise; ms is not empty.
func pick[T any](rng *rand.Rand, ms []T) T {
	if rng == nil {
		return ms[0]
	}
	return ms[rng.IntN(len(ms))]
}

// word is a word of a text form and its byte offset.
type word struct {
	s   string
	off int
}

// splitWords splits s at runs of spaces, tabs, carriage returns and newlines.
func splitWords(s string) []word {
	var ws []word
	for i := 0; i < len(s); {
		if isSpace(s[i]) {
			i++
			continue
		}
		j := i
		for j < len(s) && !isSpace(s[j]) {
			j++
		}
		ws = append(ws, word{s[i:j], i})
		i = j
	}
	return ws
}

// atoi parses a number of at most 9 decimal digits, with no sign.
func atoi(s string) (int, bool) {
	if s == "" || len(s) > 9 {
		return 0, false
	}
	n := 0
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return 0, false
		}
		n = n*10 + int(s[i]-'0')
	}
	return n, true
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}

// joinInts writes ns as "1, 2 and 3" with the given separators.
func joinInts(ns []int, sep, last string) string {
	var b strings.Builder
	for i, n := range ns {
		switch {
		case i == 0:
		case i == len(ns)-1:
			b.WriteString(last)
		default:
			b.WriteString(sep)
		}
		b.WriteString(strconv.Itoa(n))
	}
	return b.String()
}
