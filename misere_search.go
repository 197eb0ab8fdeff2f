package kayles

import (
	"context"
	"encoding/binary"
	"iter"
	"slices"
	"strconv"
	"sync"
	"sync/atomic"

	"github.com/octalgames/kayles/internal/memo"
)

// This file implements misère play: outcomes and winning moves when the player who cannot move
// wins, by a closed form where one applies and by a memoised search otherwise.

// A searchMemo holds what the misère searches and genera of one game have found, shared by
// every Octal of its code and every goroutine: at most [DefaultMemoBytes] of the heap, within
// the process-wide budget of [SetMemoryBudget]. Positions are keyed by their encoding in
// misère normal form (heaps that admit no move dropped).
type searchMemo struct {
	wins  *memo.Memo[string, bool]  // misère outcomes: true when the player to move wins
	genus *memo.Memo[string, Genus] // genera; entries are never modified once stored
	quot  atomic.Pointer[Quotient]  // the quotient that UseQuotient or autoQuotient stored, or nil

	autoMu     sync.Mutex // held while autoQuotient computes
	autoBeyond int        // the least heap beyond the automatic quotient's work, 0 if none yet
}

// UseQuotient makes q answer [Octal.MisereOutcome], [Octal.MisereWinningMoves] and
// [Octal.MisereWinningMove] of o for every position that q covers ([Quotient.Covers]), in
// O(heaps) in place of the search; positions beyond q are searched as before. It reports false,
// and stores nothing, when q is the quotient of another code. A later call, or a larger
// automatic quotient (see [Octal.MisereOutcome]), replaces q; nil removes it. The quotient is
// the game's: every Octal of the code answers through it. It is safe to call while other
// goroutines ask o questions.
func (o *Octal) UseQuotient(q *Quotient) bool {
	o = o.game()
	if q != nil && q.Code() != o.String() {
		return false
	}
	o.memo.quot.Store(q)
	return true
}

// MisereQuotient returns the quotient that [Octal.UseQuotient] or an automatic one (see
// [Octal.MisereOutcome]) stored in o, or nil. A program that wants to know how a misère
// question was answered asks it afterwards: a position p that MisereQuotient().Covers(p) was
// answered through the quotient (unless a closed form, Kayles' or Nim's, answered first), any
// other by the search.
func (o *Octal) MisereQuotient() *Quotient { return o.game().memo.quot.Load() }

// autoQuotient returns a quotient that covers p: the stored one, or one computed now within
// [Limits].SearchSteps quotient steps in all, continuing from the stored one, and stored in o
// (when it covers more heaps than the stored one); nil when none does. A heap beyond that work is remembered, and positions
// with a heap as large are not tried again; a quotient cut short by ctx is not remembered.
func (o *Octal) autoQuotient(ctx context.Context, p Position) *Quotient {
	if mq := o.memo.quot.Load(); mq != nil && mq.Covers(p) {
		return mq
	}
	pl := o.plan()
	n, last := 0, 0
	for h := range p.All() {
		if h != last && !pl.dead(h) {
			n = h
		}
		last = h
	}
	if n == 0 {
		return nil // nothing to search
	}
	m := o.memo
	m.autoMu.Lock()
	defer m.autoMu.Unlock()
	if mq := m.quot.Load(); mq != nil && mq.Covers(p) {
		return mq
	}
	if m.autoBeyond > 0 && n >= m.autoBeyond {
		return nil
	}
	var from *Quotient // continue from the stored quotient, which is of fewer heaps
	if cur := m.quot.Load(); cur != nil && cur.period == 0 && cur.heaps < n {
		from = cur
	}
	q, err := o.quotientWithin(ctx, from, n, o.limits.SearchSteps)
	if err != nil && ctx.Err() != nil {
		return nil
	}
	if q != nil {
		// Compare-and-swap, so that a quotient that UseQuotient stores meanwhile is kept.
		if cur := m.quot.Load(); cur == nil || (cur.period == 0 && (q.period > 0 || q.heaps > cur.heaps)) {
			m.quot.CompareAndSwap(cur, q)
		}
	}
	if err != nil {
		beyond := 1
		if q != nil {
			beyond = q.heaps + 1
		}
		if m.autoBeyond == 0 || beyond < m.autoBeyond {
			m.autoBeyond = beyond
		}
	}
	if q != nil && q.Covers(p) {
		return q
	}
	return nil
}

// newSearchMemo returns the empty memo of a game, of at most bytes of the heap: the data of
// the keys and of the genera's values beside the maps.
func newSearchMemo(bytes int) *searchMemo {
	return &searchMemo{
		wins:  memo.New(bytes/2, func(k string, _ bool) int { return memo.Alloc(len(k)) }),
		genus: memo.New(bytes/2, func(k string, g Genus) int { return memo.Alloc(len(k)) + memo.Alloc(8*cap(g.Misere)) }),
	}
}

// positionQuestion names a question about position p in code.
// A position of more than 16 heaps is named by its first 16 and its number of heaps.
func positionQuestion(what, code string, p Position) func() string {
	return func() string {
		text := p.String()
		if n := p.Len(); n > 16 {
			hs := p.Heaps()[:16]
			text = fromHeaps(hs).String() + "+... (" + strconv.Itoa(n) + " heaps)"
		}
		return what + " of " + text + " in " + code
	}
}

// dead reports whether a heap of n admits no move at all. Such heaps change nothing in any
// sum, in normal or misère play, and the misère search drops them.
func (o *plan) dead(n int) bool {
	return o.options(n, n, func(int, []int) bool { return false })
}

// misereForm returns p without its dead heaps, and the number of tokens left in it.
// Each size is looked at once, and p is returned as it is when no heap is dead.
func (o *plan) misereForm(p Position) (Position, int) {
	var hs []int
	tokens, last, dead, some := 0, 0, false, false
	for h := range p.All() {
		if h != last {
			last, dead = h, o.dead(h)
			some = some || dead
		}
		if !dead {
			hs = append(hs, h)
			tokens += h
		}
	}
	if !some {
		return p, tokens
	}
	return fromHeaps(hs), tokens
}

// misereAfter returns the misère normal form after a move that replaces a heap of h in p, a
// misère normal form, by the heaps left: only the new heaps can be dead. It copies the
// encoding of p once, O(bytes of p), without decoding it into heaps (see moveCost).
func (o *plan) misereAfter(p Position, h int, left []int) Position {
	var buf [4]int
	live := buf[:0]
	for _, l := range left {
		if !o.dead(l) {
			live = append(live, l)
		}
	}
	slices.Sort(live)
	return splice(p, h, live)
}

// splice returns p with one heap of h, which p holds, replaced by the heaps adds, ascending:
// the encoding of p cut where h stands and where each of adds goes, and copied around them.
func splice(p Position, h int, adds []int) Position {
	enc := p.enc
	var offs [4]int
	off := offs[:0]    // off[i]: the offset of the first heap of p at least adds[i]
	at, width := -1, 0 // the offset and width of the first heap of h
	for i := 0; i < len(enc) && (at < 0 || len(off) < len(adds)); {
		x, w := uvarint(enc[i:])
		for len(off) < len(adds) && adds[len(off)] <= x {
			off = append(off, i)
		}
		if at < 0 && x == h {
			at, width = i, w
		}
		i += w
	}
	for len(off) < len(adds) {
		off = append(off, len(enc))
	}
	b := make([]byte, 0, len(enc)-width+10*len(adds))
	pos, j := 0, 0
	for ; j < len(adds) && off[j] <= at; j++ {
		b = append(b, enc[pos:off[j]]...)
		b = binary.AppendUvarint(b, uint64(adds[j]))
		pos = off[j]
	}
	b = append(b, enc[pos:at]...)
	pos = at + width
	for ; j < len(adds); j++ {
		b = append(b, enc[pos:off[j]]...)
		b = binary.AppendUvarint(b, uint64(adds[j]))
		pos = off[j]
	}
	b = append(b, enc[pos:]...)
	return Position{enc: string(b)}
}

// moveCost is the work of one move of a search in p, in steps: two, and two more for each 32
// bytes of p's encoding (about 32 heaps), which the move copies and the memo hashes. A search
// of a position of 10^6 heaps is so counted as what it costs, and stops within its limit. Two
// a move, so that the default [Limits].SearchSteps, 2^21 moves, is about a second of search.
func moveCost(p Position) int64 { return 2 * (1 + int64(len(p.enc))/32) }

// MisereOutcome returns the outcome of p in misère play, where the player who cannot move wins:
// [Previous] when the player to move loses against perfect play, [Next] when they win. A
// position with no move left (the empty one, or one whose heaps all admit no move) is [Next].
//
// For Kayles (any Octal with code 0.77) it applies the Sibert–Conway rule (see
// [MisereKaylesOutcome]) in O(heaps) time, for rows of any length. For [Nim] (any Octal with
// code 0.[3]) it applies Bouton's rule in O(heaps) time, for heaps of any size: the player to
// move loses exactly when some heap holds more than one token and the nim-sum is 0, or every
// heap holds at most one and the nim-sum is 1. For every other game it answers through a misère
// quotient that covers p, in O(heaps): the one stored in o ([Octal.UseQuotient]), or else the
// quotient of the heaps up to the largest of p, computed by [Octal.Quotient] within
// [Limits].SearchSteps quotient steps in all (continuing from the stored quotient when that
// has fewer heaps, which costs one step for each option of its heaps instead of building them
// again) and stored in o when it covers more heaps than the
// stored one ([Octal.MisereQuotient] then tells which positions it answers; a heap beyond that
// work is remembered and not tried again). Failing that it searches the positions that p leads
// to, with heaps that admit no move dropped, and remembers their outcomes in o's memo; the
// time is exponential in the number of tokens. Past [Limits].SearchSteps steps (two for each
// move examined, more in a position of many heaps; see [Limits]), or
// when play could last more than 2^15 moves, it returns a [*LimitError]; when ctx is done
// first, ctx's error.
func (o *Octal) MisereOutcome(ctx context.Context, p Position) (Outcome, error) {
	o = o.game()
	pl := o.plan()
	if pl.closed != nil {
		if r, ok := pl.closed.misereOutcome(p); ok {
			return r, nil
		}
	}
	if err := pl.crowdedError(positionQuestion("the misère outcome", pl.code, p), p); err != nil {
		return 0, err
	}
	if mq := o.autoQuotient(ctx, p); mq != nil {
		return mq.Outcome(p)
	}
	b := newBudget(ctx, o.limits.SearchSteps, searchUnit, positionQuestion("the misère outcome", pl.code, p))
	q, _ := pl.misereForm(p)
	win, ok := o.misereWins(q, b)
	if !ok {
		return 0, b.err
	}
	if win {
		return Next, nil
	}
	return Previous, nil
}

// misereWins reports whether the player to move wins p, a misère normal form, in misère play,
// and false as its second result when b stopped the search. Its recursion is at most as deep
// as the number of moves left, which is at most twice the number of tokens.
func (o *Octal) misereWins(p Position, b *budget) (win, ok bool) {
	if p.enc == "" {
		return true, true
	}
	if win, ok := o.memo.wins.Get(p.enc); ok {
		return win, true
	}
	if !b.enter() {
		return false, false
	}
	defer b.leave()
	pl := o.plan()
	ok = true
	cost := moveCost(p)
	for h := range p.sizes() {
		// options, not Moves: the search needs only the heaps left, not a Move per option.
		pl.options(h, h, func(_ int, left []int) bool {
			if !b.spend(cost) {
				ok = false
				return false
			}
			w, fine := o.misereWins(pl.misereAfter(p, h, left), b)
			win, ok = !w, fine
			return ok && !win
		})
		if win || !ok {
			break
		}
	}
	if !ok {
		return false, false
	}
	o.memo.wins.Put(p.enc, win)
	return win, true
}

// MisereWinningMoves returns the winning moves in p in misère play: exactly the legal moves to
// positions whose misère outcome is [Previous], in the order of [Octal.Moves]. A position whose
// misère outcome is Previous has none, and so has a position with no move left (the player to
// move has already won). For Kayles each move is checked in O(1) after O(heaps) set-up, and a
// row longer than 166 pins is searched only once a bounded search has found a winning move in
// it, so the first winning move comes at once even in rows of 10^15 pins. For [Nim] it takes
// O(heaps) in all, for heaps of any size: a heap has at most two winning moves, found by
// Bouton's rule. For other games it searches as [Octal.MisereOutcome] does, for every move
// before it returns, within one budget of [Limits].SearchSteps, and returns the error of
// MisereOutcome when it cannot answer. A quotient answers in place of the search for every
// position it covers, stored or computed as for MisereOutcome. The sequence does no further
// work that can fail.
func (o *Octal) MisereWinningMoves(ctx context.Context, p Position) (iter.Seq[Move], error) {
	return o.misereWinning(ctx, p, -1)
}

// misereWinning returns the first most misère winning moves of p (all of them when most < 0),
// by the closed form or the search.
func (o *Octal) misereWinning(ctx context.Context, p Position, most int) (iter.Seq[Move], error) {
	o = o.game()
	pl := o.plan()
	if pl.closed != nil {
		if ms, ok := pl.closed.misereWinningMoves(p); ok {
			return ms, nil
		}
	}
	if err := pl.crowdedError(positionQuestion("the misère winning moves", pl.code, p), p); err != nil {
		return nil, err
	}
	if mq := o.autoQuotient(ctx, p); mq != nil {
		ms, err := mq.WinningMoves(p)
		if err != nil || most < 0 {
			return ms, err
		}
		var wins []Move
		for m := range ms {
			if len(wins) == most {
				break
			}
			wins = append(wins, m)
		}
		return slices.Values(wins), nil
	}
	b := newBudget(ctx, o.limits.SearchSteps, searchUnit, positionQuestion("the misère winning moves", pl.code, p))
	// The moves of p are those of its misère normal form: a dead heap has none.
	q, _ := pl.misereForm(p)
	var wins []Move
	cost := moveCost(q)
	for m := range o.Moves(q) {
		if len(wins) == most {
			break
		}
		// One step for each move, even when the memo knows its position: a heap of 2^40
		// tokens has more moves than any search can look at.
		if !b.spend(cost) {
			return nil, b.err
		}
		win, ok := o.misereWins(pl.misereAfter(q, m.Heap, m.Left), b)
		if !ok {
			return nil, b.err
		}
		if !win {
			wins = append(wins, m)
		}
	}
	return slices.Values(wins), nil
}

// MisereWinningMove returns the first move of [Octal.MisereWinningMoves], and false when p has
// none: when its misère outcome is [Previous], or when no move is left. It searches the moves
// only up to the first winning one, and returns the errors of MisereWinningMoves.
func (o *Octal) MisereWinningMove(ctx context.Context, p Position) (Move, bool, error) {
	ms, err := o.misereWinning(ctx, p, 1)
	if err != nil {
		return Move{}, false, err
	}
	for m := range ms {
		return m, true, nil
	}
	return Move{}, false, nil
}
