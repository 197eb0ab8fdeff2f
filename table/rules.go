package table

import (
	"context"
	"iter"
	"slices"
	"strconv"

	"github.com/octalgames/kayles"
)

// This file implements every call of the tables into the rule sets of package kayles: the
// positions handed to them, outcomes and winning moves, in normal and misère play. Nothing
// else in the package asks a rule set a question.

// newPosition returns the position with the given heaps, in any order; zero heaps are
// dropped. It returns an error wrapping [kayles.ErrRange] for a negative heap, which the
// tables never hold.
func newPosition(heaps ...int) (kayles.Position, error) { return kayles.NewPosition(heaps...) }

// outcome returns the outcome of p under rules for the player to move, in misère play when
// misere is set and in normal play otherwise. It returns ctx's error once ctx is done, even
// where the rule set answers at once without looking at it, so that a hint's loop over every
// pin stops.
func outcome(ctx context.Context, rules *kayles.Octal, misere bool, p kayles.Position) (kayles.Outcome, error) {
	if err := ctx.Err(); err != nil {
		return 0, err
	}
	if misere {
		return rules.MisereOutcome(ctx, p)
	}
	return rules.Outcome(ctx, p)
}

// winningMoves returns the winning moves of p under rules, in the order the rule set yields
// them ([kayles.Octal.WinningMoves] or [kayles.Octal.MisereWinningMoves]). It returns ctx's
// error once ctx is done.
func winningMoves(ctx context.Context, rules *kayles.Octal, misere bool, p kayles.Position) (iter.Seq[kayles.Move], error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	if misere {
		return rules.MisereWinningMoves(ctx, p)
	}
	return rules.WinningMoves(ctx, p)
}

// winningMove returns the first move of winningMoves, and false when there is none.
func winningMove(ctx context.Context, rules *kayles.Octal, misere bool, p kayles.Position) (kayles.Move, bool, error) {
	if misere {
		return rules.MisereWinningMove(ctx, p)
	}
	return rules.WinningMove(ctx, p)
}

// A ruleView answers a table's questions about the moves on one run or heap: whether it has
// a move, how many table moves it has, which take least, and the table moves themselves. It
// reads them from the rule set's digits for a finite code of plain digits and for Nim, at
// O(digits) a run (O(1) for Nim), and otherwise lists the rule set's moves on each length
// once. A ruleView is used by one goroutine.
type ruleView struct {
	rules  *kayles.Octal
	layout Layout
	nim    bool                  // the code 0.[3], every digit 3
	digits []int                 // d0..dt of a finite code of plain digits; nil otherwise
	listed map[int][]kayles.Move // the rule set's moves on a heap of each length, for other codes
}

func newRuleView(rules *kayles.Octal, layout Layout) *ruleView {
	v := &ruleView{rules: rules, layout: layout}
	if ds := rules.Digits(); len(ds) > 0 {
		v.digits = ds
	} else {
		v.nim = isNim(rules)
	}
	return v
}

// flags returns the digit d_i of the rule set, and false when it has no plain digits.
func (v *ruleView) flags(i int) (int, bool) {
	switch {
	case v.nim:
		return 3, true
	case v.digits == nil:
		return 0, false
	case i < len(v.digits):
		return v.digits[i], true
	}
	return 0, true
}

// allows reports whether digit flags f allows taking k tokens from a run of n at a table of
// the view's layout, leaving a tokens before them and the rest after (a is 0 at a table of
// heaps).
func (v *ruleView) allows(f, n, k, a int) bool {
	left := boolInt(a > 0) + boolInt(n-k-a > 0)
	return k <= n && f>>left&1 != 0
}

// moves returns the rule set's moves on a heap of n, listed once.
func (v *ruleView) moves(n int) []kayles.Move {
	if ms, ok := v.listed[n]; ok {
		return ms
	}
	p, _ := newPosition(n) // a table's heaps are never negative
	var ms []kayles.Move
	for m := range v.rules.Moves(p) {
		ms = append(ms, m)
	}
	if v.listed == nil {
		v.listed = map[int][]kayles.Move{}
	}
	v.listed[n] = ms
	return ms
}

// maxTake returns the most tokens a move on a run of n may take by the digits.
func (v *ruleView) maxTake(n int) int {
	if v.nim {
		return n
	}
	return min(n, len(v.digits)-1)
}

// count returns the number of table moves on a run of n: at a table of rows, each move of the
// rule set counts once for each placement.
func (v *ruleView) count(n int) int {
	if n <= 0 {
		return 0
	}
	if v.nim {
		if v.layout == Heaps {
			return n
		}
		return 2*n - 1
	}
	c := 0
	if v.digits == nil {
		for _, km := range v.moves(n) {
			c += placementCount(v.layout, km)
		}
		return c
	}
	for k := 1; k <= v.maxTake(n); k++ {
		f := v.digits[k]
		c += boolInt(f&1 != 0 && n == k)
		if n > k {
			if v.layout == Heaps {
				c += boolInt(f&2 != 0)
			} else {
				c += 2*boolInt(f&2 != 0) + (n-k-1)*boolInt(f&4 != 0)
			}
		}
	}
	return c
}

// hasMove reports whether a run of n has a move.
func (v *ruleView) hasMove(n int) bool { return v.leastTake(n) > 0 }

// leastTake returns the fewest tokens a move on a run of n takes, and 0 when it has no move.
func (v *ruleView) leastTake(n int) int {
	if n <= 0 {
		return 0
	}
	if v.nim {
		return 1
	}
	if v.digits == nil {
		least := 0
		for _, km := range v.moves(n) {
			if least == 0 || km.Take < least {
				least = km.Take
			}
		}
		return least
	}
	for k := 1; k <= v.maxTake(n); k++ {
		f := v.digits[k]
		if f&1 != 0 && n == k || f&2 != 0 && n > k || v.layout == Rows && f&4 != 0 && n-k >= 2 {
			return k
		}
	}
	return 0
}

// appendMoves appends to ms the table moves on run r that take take tokens, or any number
// when take is 0, ordered by pin and then by count.
func (v *ruleView) appendMoves(ms []Move, r run, take int) []Move {
	v.eachMove(r, take, func(m Move) bool { ms = append(ms, m); return true })
	return ms
}

// eachMove calls yield with the moves of appendMoves, in its order, until yield returns false.
func (v *ruleView) eachMove(r run, take int, yield func(Move) bool) {
	if _, ok := v.flags(1); !ok {
		var ms []Move
		for _, km := range v.moves(r.n) {
			if take == 0 || km.Take == take {
				ms = append(ms, tableState{layout: v.layout}.placements(r, km)...)
			}
		}
		slices.SortFunc(ms, compareMoves)
		for _, m := range ms {
			if !yield(m) {
				return
			}
		}
		return
	}
	lo, hi := 1, v.maxTake(r.n)
	if take > 0 {
		lo, hi = take, min(take, hi)
	}
	if v.layout == Heaps {
		for k := lo; k <= hi; k++ {
			if f, _ := v.flags(k); v.allows(f, r.n, k, 0) && !yield(Move{Row: r.row + 1, Count: k}) {
				return
			}
		}
		return
	}
	for a := 0; a <= r.n-lo; a++ {
		for k := lo; k <= min(hi, r.n-a); k++ {
			if f, _ := v.flags(k); v.allows(f, r.n, k, a) && !yield(Move{Row: r.row + 1, Pin: r.start + a + 1, Count: k}) {
				return
			}
		}
	}
}

// legal returns the rule set's [*kayles.MoveError] when it does not allow m on a heap of
// m.Heap, and nil when it does.
func legal(rules *kayles.Octal, m kayles.Move) error {
	p, _ := newPosition(m.Heap)
	_, err := rules.Play(p, m)
	return err
}

// checkBudget bounds the moves that checkRules lists for a rule set it cannot read from its
// digits.
const checkBudget = 1 << 18

// checkRules returns a [*SetupError] unless every move of rules on a heap of at most most
// tokens takes at least one token and leaves at most two heaps (layout Rows) or one (Heaps).
// A finite code of plain digits is read from its digits: d0 must be 0, and every digit at most
// 7 (Rows) or 3 (Heaps); Nim is read as such. Any other code is checked by listing its moves on
// every heap up to most, within checkBudget moves.
func checkRules(rules *kayles.Octal, layout Layout, most int) error {
	code := rules.String()
	limit := 2
	if layout == Heaps {
		limit = 1
	}
	refuse := func(why string) error {
		return &SetupError{Setting: "rules", Reason: "the game " + code + " cannot be played on " + layout.String() + ": " + why}
	}
	if isNim(rules) {
		return nil
	}
	if ds := rules.Digits(); ds != nil {
		if ds[0] != 0 {
			return refuse("a move may split a heap without taking any token")
		}
		for _, d := range ds[1:] {
			if d >= 1<<(limit+1) {
				if layout == Heaps {
					return refuse("a move may split a heap; play it on rows of pins")
				}
				return refuse("a move may leave more than two heaps")
			}
		}
		return nil
	}
	budget := checkBudget
	for n := 1; n <= most; n++ {
		p, _ := newPosition(n)
		for m := range rules.Moves(p) {
			if m.Take < 1 {
				return refuse("a move may split a heap without taking any token")
			}
			if len(m.Left) > limit {
				if layout == Heaps {
					return refuse("a move may split a heap; play it on rows of pins")
				}
				return refuse("a move may leave more than two heaps")
			}
			if budget--; budget == 0 {
				return refuse("its moves are too many to check on heaps of " + strconv.Itoa(most))
			}
		}
	}
	return nil
}
