package kayles

import (
	"iter"
	"slices"
	"strconv"
	"sync"
)

// This file implements misère play: outcomes and winning moves when the player who cannot move wins.

// MisereMaxTokens is the most tokens, in heaps that admit a move, that [Octal.MisereOutcome]
// searches in a game other than Kayles. The search is exponential in the number of tokens
// (about 3 to 4 times slower for every 8 more), so the limit keeps every answer within seconds:
// one heap of 64 takes about 1.5 s in Dawson's Kayles and 6 s in Officers on a 2-core machine,
// with an empty memo.
const MisereMaxTokens = 64

// misereMemoBytes bounds the memory of each shared memo of the misère searches, counting the
// bytes of its keys and values and 64 more for each entry. When a memo is full it is emptied
// and refilled, so it never holds more. Tests lower it.
var misereMemoBytes = 64 << 20

// misereEntryBytes is what a memo counts for one entry with the key k.
func misereEntryBytes(k misereKey) int { return len(k.code) + len(k.pos) + 64 }

// misereKey names a position of one rule set in the memo. The rule set is named by its
// canonical code, so that two Octals with the same rules share their results.
type misereKey struct {
	code string
	pos  string // Position.enc of a misère normal form
}

// misereMemo holds the misère outcomes found by the search, shared by every goroutine: true
// when the player to move wins.
var misereMemo struct {
	mu    sync.Mutex
	m     map[misereKey]bool
	bytes int // as misereEntryBytes counts them
}

func misereLookup(k misereKey) (win, ok bool) {
	misereMemo.mu.Lock()
	win, ok = misereMemo.m[k]
	misereMemo.mu.Unlock()
	return win, ok
}

func misereStore(k misereKey, win bool) {
	misereMemo.mu.Lock()
	if misereMemo.m == nil || misereMemo.bytes >= misereMemoBytes {
		misereMemo.m = make(map[misereKey]bool)
		misereMemo.bytes = 0
	}
	if _, ok := misereMemo.m[k]; !ok {
		misereMemo.bytes += misereEntryBytes(k)
	}
	misereMemo.m[k] = win
	misereMemo.mu.Unlock()
}

// isKayles reports whether o has the rules of Kayles, so that the Sibert–Conway rule applies.
func (o *Octal) isKayles() bool { return o.code == "0.77" }

// dead reports whether a heap of n admits no move at all. Such heaps change nothing in any
// sum, in normal or misère play, and the misère search drops them.
func (o *Octal) dead(n int) bool {
	return o.options(n, n, func(int, []int) bool { return false })
}

// misereForm returns p without its dead heaps, and the number of tokens left in it.
func (o *Octal) misereForm(p Position) (Position, int) {
	var hs []int
	tokens := 0
	for h := range p.All() {
		if !o.dead(h) {
			hs = append(hs, h)
			tokens += h
		}
	}
	return fromHeaps(hs), tokens
}

// misereAfter returns the misère normal form after a move that replaces a heap of h in p, a
// misère normal form, by the heaps left: only the new heaps can be dead.
func (o *Octal) misereAfter(p Position, h int, left []int) Position {
	hs := p.Heaps()
	i := slices.Index(hs, h)
	hs = slices.Delete(hs, i, i+1)
	for _, l := range left {
		if !o.dead(l) {
			hs = append(hs, l)
		}
	}
	return fromHeaps(hs)
}

// MisereCheck returns nil when the misère methods ([Octal.MisereOutcome],
// [Octal.MisereWinningMoves] and [Octal.MisereWinningMove]) answer for p, and otherwise a
// [*MisereLimitError] wrapping [ErrTooLarge]. Kayles and [Nim] answer for every position; other
// games for positions of at most [MisereMaxTokens] tokens in heaps that admit a move.
func (o *Octal) MisereCheck(p Position) error {
	if o.isKayles() || o.isNim() {
		return nil
	}
	if _, tokens := o.misereForm(p); tokens > MisereMaxTokens {
		return &MisereLimitError{Code: o.code, Tokens: tokens, Limit: MisereMaxTokens}
	}
	return nil
}

// MisereOutcome returns the outcome of p in misère play, where the player who cannot move wins:
// [Previous] when the player to move loses against perfect play, [Next] when they win. A
// position with no move left (the empty one, or one whose heaps all admit no move) is [Next].
//
// For Kayles (any Octal with code 0.77) it applies the Sibert–Conway rule (see
// [MisereKaylesOutcome]) in O(heaps) time, for rows of any length. For [Nim] (any Octal with
// code 0.[3]) it applies Bouton's rule in O(heaps) time, for heaps of any size: the player to
// move loses exactly when some heap holds more than one token and the nim-sum is 0, or every
// heap holds at most one and the nim-sum is 1. For every other game it
// searches the positions that p leads to, with heaps that admit no move dropped, and remembers
// their outcomes in a memo of bounded size shared by all goroutines; the time is exponential in
// the number of tokens (every position of up to 30 tokens of Dawson's Kayles or Treblecross
// takes well under a second in all). Beyond [MisereMaxTokens] tokens it returns the zero
// Outcome, meaning none is known; [Octal.MisereCheck] tells beforehand.
func (o *Octal) MisereOutcome(p Position) Outcome {
	switch {
	case o.isKayles():
		return MisereKaylesOutcome(p)
	case o.isNim():
		return misereNimOutcome(p)
	}
	q, tokens := o.misereForm(p)
	if tokens > MisereMaxTokens {
		return 0
	}
	if o.misereWins(q) {
		return Next
	}
	return Previous
}

// misereWins reports whether the player to move wins p, a misère normal form, in misère play.
// Its recursion is at most as deep as the number of moves left, which is at most twice the
// number of tokens.
func (o *Octal) misereWins(p Position) bool {
	if p.enc == "" {
		return true
	}
	key := misereKey{o.code, p.enc}
	if win, ok := misereLookup(key); ok {
		return win
	}
	win := false
	last := 0
	for h := range p.All() {
		if h == last {
			continue
		}
		last = h
		// options, not Moves: the search needs only the heaps left, not a Move per option.
		o.options(h, h, func(_ int, left []int) bool {
			win = !o.misereWins(o.misereAfter(p, h, left))
			return !win
		})
		if win {
			break
		}
	}
	misereStore(key, win)
	return win
}

// MisereWinningMoves returns an iterator over the winning moves in p in misère play: exactly
// the legal moves to positions whose misère outcome is [Previous], in the order of
// [Octal.Moves]. A position whose misère outcome is Previous has none, and so has a position
// with no move left (the player to move has already won). For Kayles each move is checked in
// O(1) after O(heaps) set-up, and a row longer than 166 pins is searched only once a bounded
// search has found a winning move in it, so the first winning move comes at once even in rows
// of 10^15 pins. For [Nim] it takes O(heaps) in all, for heaps of any size: a heap has at most
// two winning moves, found by Bouton's rule. For other games it costs what
// [Octal.MisereOutcome] costs for each move, and yields nothing beyond [MisereMaxTokens].
func (o *Octal) MisereWinningMoves(p Position) iter.Seq[Move] {
	switch {
	case o.isKayles():
		return misereKaylesWinningMoves(p)
	case o.isNim():
		return misereNimWinningMoves(p)
	}
	return func(yield func(Move) bool) {
		if o.MisereCheck(p) != nil {
			return
		}
		for m := range o.Moves(p) {
			q, _ := o.misereForm(p.replace(m.Heap, m.Left))
			if !o.misereWins(q) && !yield(m) {
				return
			}
		}
	}
}

// MisereWinningMove returns the first move of [Octal.MisereWinningMoves], and false when p has
// none: when its misère outcome is [Previous], when no move is left, or beyond the search limit.
func (o *Octal) MisereWinningMove(p Position) (Move, bool) {
	for m := range o.MisereWinningMoves(p) {
		return m, true
	}
	return Move{}, false
}

// A MisereLimitError records a position too large for the misère search of a game other than
// Kayles. It wraps [ErrTooLarge]. The zero MisereLimitError names no code; the package never
// returns one.
type MisereLimitError struct {
	Code   string // the octal code
	Tokens int    // the tokens of the position, in heaps that admit a move
	Limit  int    // MisereMaxTokens
}

func (e *MisereLimitError) Error() string {
	return "kayles: a misère search of " + strconv.Itoa(e.Tokens) + " tokens in " + e.Code +
		" is beyond the limit of " + strconv.Itoa(e.Limit) + " tokens; ask about smaller positions"
}

func (e *MisereLimitError) Unwrap() error { return ErrTooLarge }
