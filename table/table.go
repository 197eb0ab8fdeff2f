package table

import (
	"context"
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/octalgames/kayles"
)

// This file implements the general table: any take-and-break rule set whose moves take tokens
// from one heap and leave at most two, on rows of pins or on heaps, with turn-guarded moves,
// undo to a player's turn, seats and hints.

// A Layout says how a [Table] shows its tokens and how a move is entered. The zero Layout is
// none; [Setup] takes [Rows] in its place.
type Layout uint8

const (
	Rows  Layout = iota + 1 // rows of pins; a move knocks down pins side by side in one row
	Heaps                   // numbered heaps; a move takes a count from one heap
)

// String returns "rows" or "heaps", the words of the text form, and "Layout(n)" otherwise.
func (l Layout) String() string {
	switch l {
	case Rows:
		return "rows"
	case Heaps:
		return "heaps"
	}
	return "Layout(" + strconv.Itoa(int(l)) + ")"
}

// MaxRows is the most rows or heaps a [Table] has; its rows hold at most [MaxPins] pins in
// all, and its heaps at most [MaxHeapSize] tokens each.
const MaxRows = MaxHeaps

// A Setup describes a [Table] before its first move. The zero Setup is a row of [DefaultSize]
// pins of Kayles in normal play, with two human seats.
type Setup struct {
	// Rules is the rule set; nil means Kayles (0.77). It must take at least one token a move
	// and leave at most two heaps ([Rows]) or at most one ([Heaps]); [New] checks it.
	Rules *kayles.Octal
	// Layout is Rows or Heaps; the zero Layout means Rows.
	Layout Layout
	// Start holds the rows' lengths or the heaps' sizes, in table order; empty means one
	// row of DefaultSize pins for Rows and the heaps 1, 3, 5 and 7 for Heaps.
	Start      []int
	Convention Convention
	// Seats says who plays each side: Human (the zero Level) or a computer level. Seat 0
	// moves first.
	Seats [2]Level
	// Seed makes the computers' choices: the same seed, position and move number give the
	// same move.
	Seed uint64
}

// KaylesSetup returns the setup of a Kayles preset: one row of pins under conv, as
// [NewKayles] sets up, whose [Table] writes and reads the same text form as a [Kayles] table.
func KaylesSetup(conv Convention, pins int) Setup {
	return Setup{Rules: kaylesPreset.rules, Layout: kaylesPreset.layout, Start: []int{pins}, Convention: conv}
}

// NimSetup returns the setup of a Standard Nim preset: the given heaps (1, 3, 5 and 7 when
// none) under conv, as [NewNim] sets up, whose [Table] writes and reads the same text form as
// a [Nim] table. Standard Nim is usually played in [Misere] play.
func NimSetup(conv Convention, heaps ...int) Setup {
	if len(heaps) == 0 {
		heaps = defaultHeaps
	}
	return Setup{Rules: nimPreset.rules, Layout: nimPreset.layout, Start: slices.Clone(heaps), Convention: conv}
}

// A Move is a move at a [Table]. At a table of [Rows] it knocks down Count pins side by side
// in row Row, from pin Pin on (rows and pins numbered from 1, pins from the left). At a table
// of [Heaps] it takes Count tokens from heap number Row, and Pin is 0. The zero Move is never
// legal; the methods that find moves return it when the game is over.
type Move struct {
	Row   int // the row or heap, from 1
	Pin   int // the first pin knocked down, from 1; 0 at a table of heaps
	Count int // how many pins or tokens
}

// String returns m for logs and players: "row 1, pin 4", "row 2, pins 7-8" or "heap 3, take
// 2" (a Move with Pin 0 is read as a move at a table of heaps). The text form of a table
// writes moves more briefly ([Table.AppendText]).
func (m Move) String() string {
	if m.Pin == 0 {
		return "heap " + strconv.Itoa(m.Row) + ", take " + strconv.Itoa(m.Count)
	}
	s := "row " + strconv.Itoa(m.Row) + ", pin"
	if m.Count > 1 {
		return s + "s " + strconv.Itoa(m.Pin) + "-" + strconv.Itoa(m.Pin+m.Count-1)
	}
	return s + " " + strconv.Itoa(m.Pin)
}

// A Table holds one game of any rule set that [New] accepts: rows of pins or numbered heaps,
// normal or misère play, two seats. It checks every move against the rule set, refuses a move
// meant for another turn ([Table.Play] names the move number it is for), keeps its history
// for undo, gives hints and plays its computer seats ([Table.PlayComputer]). Its text form
// ([Table.AppendText], [Restore]) keeps the setup, the seats, the seed and every move.
//
// The zero Table is a fresh row of [DefaultSize] pins of Kayles in normal play with two human
// seats. A Table is safe for concurrent use; it must not be copied after first use.
type Table struct {
	mu      sync.Mutex
	setup   Setup    // Rules and Layout set, Start cloned; Rules nil in a zero table until first use
	rows    [][]bool // Rows: rows[r][i] reports whether pin i+1 of row r+1 is down
	heaps   []int    // Heaps: the tokens in each heap now
	history []Move
	// unsolved is the tokens of the smallest position whose search reached its limit at t,
	// 0 when none did: see [Table.noteLimit].
	unsolved int
}

// New returns a table set up as s, with seat 0 to move. It returns a [*SetupError] matching
// [ErrSetup] and [kayles.ErrRange] when the layout, a size, the convention or a seat is out of
// range, or the rule set cannot be played on the layout (a move that takes nothing or leaves
// more heaps than the layout shows). It does not keep s.Start.
//
// # What a seat costs
//
// A computer seat always moves while a move is left, within seconds with the rule set's
// default limits: where its search reaches a limit it plays the best move it found, with the
// verdict [Unproven] ([Table.PlayComputer]). A move of [Random], and the random moves of
// [Easy], [Fair] and [Hard], costs O(n) for n tokens; [Symmetry]'s mirror move O(n). A perfect
// move (every move of [Perfect], three in four of Hard, ...) costs what [Table.Hint] costs:
//
//   - In normal play, the rule set's values of the runs, bounded by its [kayles.Limits].Steps:
//     O(n) for a code with a proven period such as Kayles, and O(n²) in a lost position.
//   - In misère play, a search for a winning move within an eighth of the rule set's
//     Limits.SearchSteps and of its memo (with the default limits a second or two at most on
//     two shared cores). When it reaches that limit the seat searches the positions its moves
//     leave within another eighth in all, then takes a winning move of normal play among the
//     moves not proven losing, else a move that keeps the game long, in O(n²). A table
//     remembers the size of a position whose search reached its limit and does not search
//     positions more than three quarters as large again, so its later moves cost O(n²) until
//     the endgame, which it searches again. In a lost position that it searched it counts the
//     replies that win after each move that takes least within another eighth in all. Kayles
//     and Nim are answered by their closed forms, as in normal play, and never reach a limit.
//
// Raise the rule set's limits ([kayles.Octal.WithLimits]) for a stronger and slower computer,
// lower them for a quicker one. A seat stops with ctx's error, and no move, once ctx is done:
// the moves past a limit are about work, not about a deadline or a cancellation.
func New(s Setup) (*Table, error) {
	t := &Table{}
	if err := t.init(s); err != nil {
		return nil, err
	}
	return t, nil
}

// init sets up the new table t as s.
func (t *Table) init(s Setup) error {
	s, err := s.normalize()
	if err != nil {
		return err
	}
	t.setup = s
	t.reset()
	return nil
}

// normalize fills in the defaults of s and checks it.
func (s Setup) normalize() (Setup, error) {
	if s.Rules == nil {
		s.Rules = kaylesPreset.rules
	}
	if s.Layout == 0 {
		s.Layout = Rows
	}
	if s.Layout > Heaps {
		return s, &SetupError{Setting: "layout", Value: int(s.Layout), Reason: "unknown layout " + s.Layout.String() + "; want rows or heaps"}
	}
	if s.Convention > Misere {
		return s, &SetupError{Setting: "convention", Value: int(s.Convention), Reason: "unknown play convention " + s.Convention.String() + "; want normal or misere"}
	}
	for i, l := range s.Seats {
		if l > Symmetry {
			return s, &SetupError{Setting: "seat", Index: i, Value: int(l), Reason: "seat " + strconv.Itoa(i) + " has an unknown level " + l.String()}
		}
	}
	if len(s.Start) == 0 {
		s.Start = []int{DefaultSize}
		if s.Layout == Heaps {
			s.Start = defaultHeaps
		}
	}
	s.Start = slices.Clone(s.Start)
	if len(s.Start) > MaxRows {
		return s, &SetupError{Setting: "count", Value: len(s.Start), Max: MaxRows, Reason: "a table has at most " + strconv.Itoa(MaxRows) + " " + s.Layout.String() + ", not " + strconv.Itoa(len(s.Start))}
	}
	total, most := 0, 0
	for i, n := range s.Start {
		if n < 1 || n > MaxHeapSize {
			return s, &SetupError{Setting: "size", Index: i + 1, Value: n, Max: MaxHeapSize, Reason: s.Layout.noun() + " " + strconv.Itoa(i+1) + " must hold 1 to " + strconv.Itoa(MaxHeapSize) + " " + s.Layout.tokens() + ", not " + strconv.Itoa(n)}
		}
		total += n
		most = max(most, n)
	}
	if s.Layout == Rows && total > MaxPins {
		return s, &SetupError{Setting: "total", Value: total, Max: MaxPins, Reason: "a table has at most " + strconv.Itoa(MaxPins) + " pins in all, not " + strconv.Itoa(total)}
	}
	if err := checkRules(s.Rules, s.Layout, most); err != nil {
		return s, err
	}
	return s, nil
}

func (l Layout) noun() string {
	if l == Heaps {
		return "heap"
	}
	return "row"
}

func (l Layout) tokens() string {
	if l == Heaps {
		return "tokens"
	}
	return "pins"
}

// reset sets the tokens of t to its setup's start, with no move played.
func (t *Table) reset() {
	t.rows, t.heaps, t.history, t.unsolved = nil, nil, nil, 0
	if t.setup.Layout == Heaps {
		t.heaps = slices.Clone(t.setup.Start)
		return
	}
	for _, n := range t.setup.Start {
		t.rows = append(t.rows, make([]bool, n))
	}
}

// lock locks t and readies a zero table.
func (t *Table) lock() {
	t.mu.Lock()
	if t.setup.Rules == nil {
		t.setup, _ = Setup{}.normalize() // the zero Setup is valid
		t.reset()
	}
}

// Setup returns the setup of t: its rule set, layout, starting sizes (in a new slice),
// convention, seats and seed.
func (t *Table) Setup() Setup {
	t.lock()
	defer t.mu.Unlock()
	s := t.setup
	s.Start = slices.Clone(s.Start)
	return s
}

// Turn returns the number of moves played, which is the number of the next move: the turn
// that [Table.Play] and [Table.Undo] name.
func (t *Table) Turn() int {
	t.lock()
	defer t.mu.Unlock()
	return len(t.history)
}

// Player returns the seat to move: 0 for the seat that moved first, 1 for the other. Once the
// game is over it is the seat that would move next.
func (t *Table) Player() int {
	t.lock()
	defer t.mu.Unlock()
	return len(t.history) % 2
}

// Winner returns the winning seat and true once no legal move is left (which may be before
// every token is gone, when the rule set allows no move on what is left); it returns 0, false
// while the game goes on. In normal play the seat that moved last wins, in misère play it
// loses.
func (t *Table) Winner() (player int, over bool) {
	t.lock()
	defer t.mu.Unlock()
	return t.winner()
}

func (t *Table) winner() (int, bool) {
	if t.view().anyMove() {
		return 0, false
	}
	mover := len(t.history) % 2
	if t.setup.Convention == Misere {
		return mover, true
	}
	return 1 - mover, true
}

// Position returns the tokens left as a position of the rule set: the lengths of the runs of
// standing pins in every row, or the sizes of the heaps. It costs O(pins) or O(heaps).
func (t *Table) Position() kayles.Position {
	t.lock()
	defer t.mu.Unlock()
	return t.view().position()
}

// Rows returns, at a table of rows, whether each pin stands, row by row, in new slices; nil at
// a table of heaps.
func (t *Table) Rows() [][]bool {
	t.lock()
	defer t.mu.Unlock()
	var rs [][]bool
	for _, r := range t.rows {
		st := make([]bool, len(r))
		for i, d := range r {
			st[i] = !d
		}
		rs = append(rs, st)
	}
	return rs
}

// Heaps returns, at a table of heaps, the tokens in each heap now, in a new slice; nil at a
// table of rows.
func (t *Table) Heaps() []int {
	t.lock()
	defer t.mu.Unlock()
	return slices.Clone(t.heaps)
}

// String draws the table: at a table of rows each row from pin 1 on, '|' for a standing pin
// and '.' for a fallen one, rows separated by spaces ("|||.|| ||||"); at a table of heaps the
// heaps' sizes separated by spaces ("1 3 0 7").
func (t *Table) String() string {
	t.lock()
	defer t.mu.Unlock()
	if t.setup.Layout == Heaps {
		return joinInts(t.heaps, " ", " ")
	}
	var b []byte
	for i, r := range t.rows {
		if i > 0 {
			b = append(b, ' ')
		}
		for _, d := range r {
			b = append(b, "|."[boolInt(d)])
		}
	}
	return string(b)
}

// History returns the moves played so far, oldest first, in a new slice.
func (t *Table) History() []Move {
	t.lock()
	defer t.mu.Unlock()
	return slices.Clone(t.history)
}

// Moves returns the legal moves of the seat to move, ordered by row (or heap), then by first
// pin, then by count. It is empty once the game is over. It costs what listing the rule set's
// moves of each run or heap costs, O(n) for a run of n pins of Kayles.
func (t *Table) Moves() []Move {
	t.lock()
	defer t.mu.Unlock()
	return t.view().moves()
}

// Play plays m as move number turn (the value of [Table.Turn] it was chosen at). It returns a
// [*PlayError] matching [ErrStale] when turn is not the number of the next move (another move
// or an undo came first), and otherwise, when the rule set does not allow m, one matching
// [kayles.ErrIllegalMove] and [ErrGameOver], [ErrNoSuchRow], [ErrNoSuchHeap], [ErrTakeNone],
// [ErrNoSuchPin], [ErrPinDown], [ErrTakeTooMany] or [ErrRules]. A refused move changes nothing.
// Of two calls racing with the same turn, at most one succeeds.
func (t *Table) Play(turn int, m Move) error {
	t.lock()
	defer t.mu.Unlock()
	if turn != len(t.history) {
		return &PlayError{Move: m, Turn: turn, Want: len(t.history), Layout: t.setup.Layout, Err: ErrStale}
	}
	return t.play(m)
}

// play plays m for the seat to move; t is locked. A legal move shows that the game is not
// over, so that only a refused move looks for one.
func (t *Table) play(m Move) error {
	s := t.view()
	e := &PlayError{Move: m, Turn: len(t.history), Want: len(t.history), Layout: t.setup.Layout}
	km, err := s.ruleMove(m, e)
	if err == nil {
		if err = legal(t.setup.Rules, km); err != nil {
			e.Leaves, e.Reason, e.Err, err = len(km.Left), strings.TrimPrefix(err.Error(), "kayles: "), ErrRules, e
		}
	}
	if err != nil {
		if !s.anyMove() {
			e.Err, e.Pin, e.Reason = ErrGameOver, 0, ""
		}
		return e
	}
	t.apply(m)
	return nil
}

// apply plays the legal move m; t is locked.
func (t *Table) apply(m Move) {
	if t.setup.Layout == Heaps {
		t.heaps[m.Row-1] -= m.Count
	} else {
		for i := range m.Count {
			t.rows[m.Row-1][m.Pin-1+i] = true
		}
	}
	t.history = append(t.history, m)
}

// Undo takes back the last move if it is move number turn-1, so that turn names the state the
// caller saw, as in [Table.Play]. It returns [ErrNothingToUndo] when no move has been played
// and a [*PlayError] matching [ErrStale] when turn is not [Table.Turn].
func (t *Table) Undo(turn int) error {
	t.lock()
	defer t.mu.Unlock()
	if turn != len(t.history) {
		return &PlayError{Turn: turn, Want: len(t.history), Layout: t.setup.Layout, Err: ErrStale}
	}
	if len(t.history) == 0 {
		return ErrNothingToUndo
	}
	t.undo()
	return nil
}

// UndoTo takes back moves until it is player's turn again with their last move taken back:
// at a table against the computer, the person's move and the computer's reply. Like
// [Table.Undo] it names the turn the caller saw, and returns a [*PlayError] matching
// [ErrStale] when turn is not [Table.Turn], so that two racing requests cannot both undo. It
// returns the number of moves taken back, and [ErrNothingToUndo] with nothing changed when
// player (0 or 1) has not moved.
func (t *Table) UndoTo(turn, player int) (int, error) {
	t.lock()
	defer t.mu.Unlock()
	if turn != len(t.history) {
		return 0, &PlayError{Turn: turn, Want: len(t.history), Layout: t.setup.Layout, Err: ErrStale}
	}
	if player < 0 || player > 1 || len(t.history) <= player {
		return 0, ErrNothingToUndo
	}
	n := 0
	for {
		mover := (len(t.history) - 1) % 2
		t.undo()
		n++
		if mover == player {
			return n, nil
		}
	}
}

// undo takes back the last move; t is locked and has one.
func (t *Table) undo() {
	m := t.history[len(t.history)-1]
	if t.setup.Layout == Heaps {
		t.heaps[m.Row-1] += m.Count
	} else {
		for i := range m.Count {
			t.rows[m.Row-1][m.Pin-1+i] = false
		}
	}
	t.history = t.history[:len(t.history)-1]
}

// Hint returns a move for the seat to move and its [Verdict], as the perfect computer chooses
// it with no randomness: at a table of rows the first winning move of the rule set
// ([kayles.Octal.WinningMoves] or [kayles.Octal.MisereWinningMoves]) on the first run it fits,
// with the verdict Wins; at a table of heaps the first winning move on the first heap that has
// one; in a lost position (Loses) the move that takes least and leaves the most replies that
// do not win, the first of equally good ones. Once the game is over it returns the zero Move
// and Unproven. It returns ctx's error, and no move, once ctx is done.
//
// Past the limit of its search it still returns a legal move, with the verdict Unproven and no
// error: the best move it found within the limit (see [New] for what a search costs and what
// it plays then).
//
// A won position costs what the rule set's first winning move costs. A lost one looks at every
// move that takes least: in normal play, for a code of plain digits or Nim, its winning replies
// are counted by nim-values, O(n²) in all for n tokens (once for each run length, the values
// each move on it leaves); otherwise through the rule set's winning moves of each position
// such a move leaves.
func (t *Table) Hint(ctx context.Context) (m Move, v Verdict, err error) {
	t.lock()
	s := t.state()
	t.mu.Unlock()
	c, err := s.choose(ctx, nil)
	t.noteLimit(c.limited)
	if err != nil {
		return Move{}, Unproven, err
	}
	return c.move, c.verdict, nil
}

// noteLimit remembers that a search of a position of tokens tokens reached its limit at t, so
// that its hints and computers do not search positions nearly as large again
// ([tableState.beyondLimit]); 0 notes nothing.
func (t *Table) noteLimit(tokens int) {
	if tokens == 0 {
		return
	}
	t.lock()
	defer t.mu.Unlock()
	if t.unsolved == 0 || tokens < t.unsolved {
		t.unsolved = tokens
	}
}

// view returns the tokens of t and its rules, sharing its slices; t is locked.
func (t *Table) view() tableState {
	return tableState{rules: t.setup.Rules, layout: t.setup.Layout, misere: t.setup.Convention == Misere,
		rows: t.rows, heaps: t.heaps, unsolved: t.unsolved}
}

// state returns a copy of the tokens of t and its rules, for use outside its lock; t is
// locked.
func (t *Table) state() tableState {
	s := t.view()
	s.heaps = slices.Clone(t.heaps)
	s.rows = nil
	for _, r := range t.rows {
		s.rows = append(s.rows, slices.Clone(r))
	}
	return s
}
