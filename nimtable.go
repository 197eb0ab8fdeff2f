package kayles

import (
	"cmp"
	"encoding/binary"
	"iter"
	"math/rand/v2"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"
)

// This file implements the Nim table: Standard Nim, misère by default, with the same family of
// methods as the Kayles table.

// Limits of a [NimTable]: at most MaxNimHeaps heaps of at most MaxNimHeap objects each.
const (
	MaxNimHeaps = 100
	MaxNimHeap  = 1000
)

// defaultNimHeaps are the heaps of a Nim table set up without any: 1, 3, 5 and 7.
var defaultNimHeaps = []int{1, 3, 5, 7}

// A TakeError records a move that [NimTable.Take] rejected. It matches [ErrIllegalMove] and
// the sentinel in Err with [errors.Is]. The zero TakeError reports an illegal move and no more.
type TakeError struct {
	Heap  int   // the heap asked for
	Count int   // the number of objects asked for
	Heaps int   // the number of heaps on the table
	Left  int   // the objects left in the heap, when it exists
	Err   error // ErrNoSuchHeap, ErrTakeNone, ErrTakeTooMany or ErrGameOver
}

// Error returns a message fit to show a player, such as
// "kayles: cannot take 4 from heap 2: it holds only 3".
func (e *TakeError) Error() string {
	what := "kayles: cannot take " + strconv.Itoa(e.Count) + " from heap " + strconv.Itoa(e.Heap) + ": "
	switch e.Err {
	case ErrNoSuchHeap:
		return what + "the heaps are numbered 1 to " + strconv.Itoa(e.Heaps)
	case ErrTakeNone:
		return what + "take at least one object"
	case ErrTakeTooMany:
		if e.Left == 0 {
			return what + "it is empty"
		}
		return what + "it holds only " + strconv.Itoa(e.Left)
	case ErrGameOver:
		return what + "the game is over; every heap is empty"
	case nil:
		return what + "illegal move"
	}
	return what + e.Err.Error()
}

// Unwrap returns Err and [ErrIllegalMove].
func (e *TakeError) Unwrap() []error { return []error{e.Err, ErrIllegalMove} }

// A NimMove takes Count objects from heap number Heap (numbered from 1 in setup order).
// The zero NimMove takes nothing and is never legal.
type NimMove struct {
	Heap  int
	Count int
}

// A NimTable is a table of Standard Nim: several heaps of objects; a move takes one or more
// objects from one heap. In misère play, the default, whoever takes the last object loses; in
// normal play whoever takes it wins. Its rules are those of the rule set [Nim]: its outcomes,
// hints and the opponents' choices come from Nim's methods.
//
// Like a [Table] it checks every rule, keeps its history for [NimTable.Undo], gives hints and
// reads and writes a text form. The zero NimTable is a fresh misère table with heaps of 1, 3,
// 5 and 7. A NimTable is safe for concurrent use; it must not be copied after first use.
type NimTable struct {
	mu      sync.Mutex
	normal  bool  // normal play; false (misère) in a zero NimTable
	setup   []int // the heaps at the start; nil in a zero NimTable until first use
	heaps   []int // the heaps now
	history []NimMove
}

// NewNimTable returns a fresh Nim table with the given heaps, numbered 1, 2, ... in that order,
// played in misère play when misere is true and normal play otherwise. No heaps means 1, 3, 5
// and 7. It returns an error wrapping [ErrSetup] for a heap below 1 or above [MaxNimHeap], or
// more than [MaxNimHeaps] heaps.
func NewNimTable(misere bool, heaps ...int) (*NimTable, error) {
	if len(heaps) == 0 {
		heaps = defaultNimHeaps
	}
	if len(heaps) > MaxNimHeaps {
		return nil, &SetupError{Msg: "a Nim table has at most " + strconv.Itoa(MaxNimHeaps) + " heaps, not " + strconv.Itoa(len(heaps))}
	}
	for i, h := range heaps {
		if h < 1 || h > MaxNimHeap {
			return nil, &SetupError{Msg: "heap " + strconv.Itoa(i+1) + " of a Nim table must hold 1 to " +
				strconv.Itoa(MaxNimHeap) + " objects, not " + strconv.Itoa(h)}
		}
	}
	return &NimTable{normal: !misere, setup: slices.Clone(heaps), heaps: slices.Clone(heaps)}, nil
}

// lock locks t and readies a zero NimTable.
func (t *NimTable) lock() {
	t.mu.Lock()
	if t.setup == nil {
		t.setup = slices.Clone(defaultNimHeaps)
		t.heaps = slices.Clone(defaultNimHeaps)
	}
}

// Misere reports whether whoever takes the last object loses.
func (t *NimTable) Misere() bool {
	t.lock()
	defer t.mu.Unlock()
	return !t.normal
}

// Heaps returns the number of objects in each heap now, in setup order, in a new slice.
func (t *NimTable) Heaps() []int {
	t.lock()
	defer t.mu.Unlock()
	return slices.Clone(t.heaps)
}

// Setup returns the heaps the game started with, in a new slice.
func (t *NimTable) Setup() []int {
	t.lock()
	defer t.mu.Unlock()
	return slices.Clone(t.setup)
}

// Player returns the player to move: 0 for the player who moved first, 1 for the other. Once the
// game is over it is the player who would move next.
func (t *NimTable) Player() int {
	t.lock()
	defer t.mu.Unlock()
	return len(t.history) % 2
}

// Winner returns the winner, 0 or 1 as [NimTable.Player] numbers them, and true once every heap
// is empty; it returns 0, false while the game goes on.
func (t *NimTable) Winner() (player int, over bool) {
	t.lock()
	defer t.mu.Unlock()
	if slices.ContainsFunc(t.heaps, func(h int) bool { return h > 0 }) {
		return 0, false
	}
	// No move is left: Nim's outcome of the empty position says whether the player to move,
	// who cannot move, has won (misère play) or lost (normal play).
	mover := len(t.history) % 2
	if (nimState{misere: !t.normal}).outcome(Position{}) == Next {
		return mover, true
	}
	return 1 - mover, true
}

// String returns the heaps now, in setup order, as numbers separated by spaces: "1 3 0 7".
func (t *NimTable) String() string {
	t.lock()
	defer t.mu.Unlock()
	return joinInts(t.heaps, " ", " ")
}

// History returns the moves played so far, oldest first, in a new slice.
func (t *NimTable) History() []NimMove {
	t.lock()
	defer t.mu.Unlock()
	return slices.Clone(t.history)
}

// Take takes count objects from heap (1 to len(Heaps())) for the player to move. It returns a
// [*TakeError] that matches [ErrGameOver], [ErrNoSuchHeap], [ErrTakeNone] or [ErrTakeTooMany],
// checked in that order, when the move is not allowed; a rejected move changes nothing.
func (t *NimTable) Take(heap, count int) error {
	t.lock()
	defer t.mu.Unlock()
	return t.take(heap, count)
}

func (t *NimTable) take(heap, count int) error {
	fail := func(err error) error {
		e := &TakeError{Heap: heap, Count: count, Heaps: len(t.heaps), Err: err}
		if heap >= 1 && heap <= len(t.heaps) {
			e.Left = t.heaps[heap-1]
		}
		return e
	}
	switch {
	case !slices.ContainsFunc(t.heaps, func(h int) bool { return h > 0 }):
		return fail(ErrGameOver)
	case heap < 1 || heap > len(t.heaps):
		return fail(ErrNoSuchHeap)
	case count < 1:
		return fail(ErrTakeNone)
	case count > t.heaps[heap-1]:
		return fail(ErrTakeTooMany)
	}
	t.heaps[heap-1] -= count
	t.history = append(t.history, NimMove{Heap: heap, Count: count})
	return nil
}

// Undo takes back the last move, so that its player is to move again. It returns
// [ErrNothingToUndo] when no move has been played.
func (t *NimTable) Undo() error {
	t.lock()
	defer t.mu.Unlock()
	if len(t.history) == 0 {
		return ErrNothingToUndo
	}
	m := t.history[len(t.history)-1]
	t.heaps[m.Heap-1] += m.Count
	t.history = t.history[:len(t.history)-1]
	return nil
}

// Hint returns a move for the player to move and whether it wins against any defence. In a won
// position it is the winning move on the first heap that has one; in a lost one it takes one
// object where the opponent is left the most replies that do not win (as [NewPerfect] plays).
// Once the game is over it returns 0, 0, false. The winning moves come from [Nim]'s methods
// (Bouton's rules, in normal or misère play) on the Position of the heaps. It costs
// O(h log h) for h heaps in a won position and O(d·h) in a lost one with d distinct heap sizes:
// a few microseconds, and a few hundred at most for 100 heaps.
func (t *NimTable) Hint() (heap, count int, winning bool) {
	m, win := t.state().choose(nil)
	return m.Heap, m.Count, win
}

// AppendText appends the text form of t to b: the word nim, the play convention (misere or
// normal), the heaps at the start, the word moves, then each move as heap:count, all separated
// by spaces, as in "nim misere 1 3 5 7 moves 4:2 1:1". It never fails.
func (t *NimTable) AppendText(b []byte) ([]byte, error) {
	t.lock()
	defer t.mu.Unlock()
	b = append(b, "nim "...)
	if t.normal {
		b = append(b, "normal"...)
	} else {
		b = append(b, "misere"...)
	}
	for _, h := range t.setup {
		b = append(b, ' ')
		b = strconv.AppendInt(b, int64(h), 10)
	}
	b = append(b, " moves"...)
	for _, m := range t.history {
		b = append(b, ' ')
		b = strconv.AppendInt(b, int64(m.Heap), 10)
		b = append(b, ':')
		b = strconv.AppendInt(b, int64(m.Count), 10)
	}
	return b, nil
}

// MarshalText returns the text form of t, as [NimTable.AppendText] writes it. It never fails.
func (t *NimTable) MarshalText() ([]byte, error) { return t.AppendText(nil) }

// UnmarshalText restores the game that text describes, as [NimTable.AppendText] writes it (any
// run of spaces, tabs or newlines separates the words), replaying and checking every move.
// It returns a [*ParseError] wrapping [ErrSyntax], or [ErrRange] for heaps beyond the limits,
// when the text is not a game that can be played; t is then unchanged. It costs O(m·h) for m
// moves on h heaps.
func (t *NimTable) UnmarshalText(text []byte) error {
	s := string(text)
	fail := func(off int, msg string, err error) error {
		return newParseError("nim table", s, off, msg, err)
	}
	words := splitWords(s)
	if len(words) == 0 || words[0].s != "nim" {
		return fail(0, "want the word nim first", ErrSyntax)
	}
	if len(words) < 2 {
		return fail(len(s), "want the play convention, misere or normal", ErrSyntax)
	}
	nt := &NimTable{}
	switch words[1].s {
	case "misere":
	case "normal":
		nt.normal = true
	default:
		return fail(words[1].off, "unknown play convention; want misere or normal", ErrSyntax)
	}
	i, total := 2, 0
	for ; i < len(words) && words[i].s != "moves"; i++ {
		h, ok := atoi(words[i].s)
		if !ok {
			return fail(words[i].off, "want a heap size or the word moves", ErrSyntax)
		}
		if h < 1 || h > MaxNimHeap {
			return fail(words[i].off, "a heap holds 1 to "+strconv.Itoa(MaxNimHeap)+" objects", ErrRange)
		}
		if len(nt.setup) == MaxNimHeaps {
			return fail(words[i].off, "more than "+strconv.Itoa(MaxNimHeaps)+" heaps", ErrRange)
		}
		nt.setup = append(nt.setup, h)
		total += h
	}
	if len(nt.setup) == 0 {
		return fail(len(s), "want at least one heap", ErrSyntax)
	}
	if i == len(words) {
		return fail(len(s), "want the word moves after the heaps", ErrSyntax)
	}
	nt.heaps = slices.Clone(nt.setup)
	moves := words[i+1:]
	if len(moves) > total {
		return fail(moves[total].off, "more moves than objects", ErrSyntax)
	}
	for j, w := range moves {
		a, b, ok := strings.Cut(w.s, ":")
		heap, okh := atoi(a)
		count, okc := atoi(b)
		if !ok || !okh || !okc {
			return fail(w.off, "want a move written heap:count", ErrSyntax)
		}
		if err := nt.take(heap, count); err != nil {
			msg := strings.TrimPrefix(err.Error(), "kayles: ")
			return fail(w.off, "move "+strconv.Itoa(j+1)+": "+msg, ErrSyntax)
		}
	}
	t.lock()
	defer t.mu.Unlock()
	t.normal, t.setup, t.heaps, t.history = nt.normal, nt.setup, nt.heaps, nt.history
	return nil
}

// nimState is a copy of a Nim table's heaps taken under its lock, for hints and opponents.
// Its rules are those of [Nim]: the outcome and the winning moves come from Nim's methods on
// the Position of the heaps, each [Move] of Nim mapped back to the table's numbered heaps.
type nimState struct {
	heaps  []int
	misere bool
}

func (t *NimTable) state() nimState {
	t.lock()
	defer t.mu.Unlock()
	return nimState{heaps: slices.Clone(t.heaps), misere: !t.normal}
}

// outcome returns Nim's outcome of p for the player to move: [Octal.Outcome] in normal play,
// [Octal.MisereOutcome] in misère play. It costs O(heaps).
func (s nimState) outcome(p Position) Outcome {
	if s.misere {
		return Nim.MisereOutcome(p)
	}
	return Nim.Outcome(p)
}

// winning returns Nim's winning moves in p: [Octal.WinningMoves] in normal play,
// [Octal.MisereWinningMoves] in misère play, ascending by heap and then by the number taken.
func (s nimState) winning(p Position) iter.Seq[Move] {
	if s.misere {
		return Nim.MisereWinningMoves(p)
	}
	return Nim.WinningMoves(p)
}

// loses reports whether the player to move loses against perfect play.
func (s nimState) loses() bool { return s.outcome(NewPosition(s.heaps...)) == Previous }

// winningMoves returns the moves to positions where the player to move loses, in heap order
// and, within a heap, taking fewer first; nil when there are none. Nim yields one move per heap
// size (at most two per size); each is repeated for every table heap of that size, since the
// table numbers equal heaps separately. It costs O(h log h) for h heaps.
func (s nimState) winningMoves() []NimMove {
	var ms []Move // ascending by heap, then by take
	for m := range s.winning(NewPosition(s.heaps...)) {
		ms = append(ms, m)
	}
	var wins []NimMove
	for i, h := range s.heaps {
		j, _ := slices.BinarySearchFunc(ms, h, func(m Move, h int) int { return cmp.Compare(m.Heap, h) })
		for ; j < len(ms) && ms[j].Heap == h; j++ {
			wins = append(wins, NimMove{Heap: i + 1, Count: ms[j].Take})
		}
	}
	return wins
}

// choose returns a move as the perfect opponent plays it, and whether it wins against any
// defence: a winning move when there is one; otherwise one object from the heap that leaves
// the opponent the most replies that do not win, each table heap counted on its own. It takes
// the first of equally good moves when rng is nil, and a random one otherwise. It returns the
// zero NimMove, false when every heap is empty. It costs O(h log h) for h heaps in a won
// position and O(d·h) in a lost one with d distinct heap sizes.
func (s nimState) choose(rng *rand.Rand) (NimMove, bool) {
	if !slices.ContainsFunc(s.heaps, func(h int) bool { return h > 0 }) {
		return NimMove{}, false
	}
	if wins := s.winningMoves(); len(wins) > 0 {
		return pick(rng, wins), true
	}
	// Every move loses. Taking one object from a heap of h leads to the same position from
	// every table heap of h, so the replies are counted once per distinct size: the replies
	// that win, from Nim's winning moves after the move, each counted once for every table
	// heap of its size.
	sorted := slices.Sorted(slices.Values(s.heaps))
	sorted = sorted[sort.SearchInts(sorted, 1):] // the non-empty heaps, ascending
	total := 0
	for _, h := range sorted {
		total += h
	}
	var sizes, counts []int // each distinct size, ascending, and its number of table heaps
	for _, h := range sorted {
		if len(sizes) > 0 && sizes[len(sizes)-1] == h {
			counts[len(counts)-1]++
		} else {
			sizes, counts = append(sizes, h), append(counts, 1)
		}
	}
	count := func(h int) int {
		if i, ok := slices.BinarySearch(sizes, h); ok {
			return counts[i]
		}
		return 0
	}
	wrongs := make([]int, len(sizes)) // the replies that do not win after taking one from each size
	var enc []byte
	first := 0 // the index in sorted of the first heap of sizes[i]
	for i, h := range sizes {
		// The position after: the first heap of h becomes h-1, which keeps the order.
		enc = enc[:0]
		for j, x := range sorted {
			if j == first {
				x--
			}
			if x > 0 {
				enc = binary.AppendUvarint(enc, uint64(x))
			}
		}
		wrong := total - 1
		for m := range s.winning(Position{enc: string(enc)}) {
			c := count(m.Heap)
			if m.Heap == h {
				c--
			}
			if m.Heap == h-1 {
				c++
			}
			wrong -= c
		}
		wrongs[i] = wrong
		first += counts[i]
	}
	var best []NimMove
	bestWrong := -1
	for i, h := range s.heaps {
		if h == 0 {
			continue
		}
		j, _ := slices.BinarySearch(sizes, h)
		switch wrong := wrongs[j]; {
		case wrong > bestWrong:
			best, bestWrong = []NimMove{{i + 1, 1}}, wrong
		case wrong == bestWrong:
			best = append(best, NimMove{i + 1, 1})
		}
	}
	return pick(rng, best), false
}
