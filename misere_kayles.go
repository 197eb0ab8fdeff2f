package kayles

import (
	"iter"
	"sync"

	eng "github.com/octalgames/kayles/internal/engine"
)

// This file implements misère Kayles: the Sibert–Conway rule, found and proved by computation, as a small table.

// Misère Kayles (Sibert 1973; Sibert & Conway, "Mathematical Kayles", Int. J. Game Theory 20,
// 1992) differs from normal-play Kayles only in positions made of rows from a finite set of
// lengths. This package rediscovered that set and the rule by computation and proves them by a
// finite check, kept as a test (TestMisereKaylesProof). In short:
//
// Call the rows of 1, 4, 5, 9, 12, 17, 20 and 25 pins exceptional, and every other row
// ordinary. A position with at least one ordinary row has the same outcome in misère play as
// in normal play: the player to move loses exactly when the nim-sum of K(n) over its rows is 0.
// A position of exceptional rows only is looked up in the table below: each exceptional row
// moves a state, starting from state 0 for the empty position, and the final state says who
// wins. The states are the 28 classes of positions of exceptional rows that no further
// exceptional rows tell apart (a part of the misère quotient of Kayles, Plambeck & Siegel
// 2008); the order in which the rows are added does not matter.
//
// Why the finite check proves the rule for every position. Write R(P) for the outcome the rule
// claims. R is the misère outcome if R(empty) = Next (the empty position is the only one with
// no move) and, at every other position P, R(P) = Previous exactly when no option Q of P has
// R(Q) = Previous: then induction on the number of pins gives R = misère outcome. The test
// checks that local condition on a finite family that stands for every position:
//
//   - Two or more ordinary rows: every option keeps an ordinary row, so R is the normal
//     outcome at P and at all its options, and the condition is that of normal play.
//   - One ordinary row of 53 pins or more: every move in it leaves a row of at least 26 pins,
//     which is ordinary, and every other move keeps it; so again R is the normal outcome at P
//     and at all its options.
//   - One ordinary row of at most 52 pins beside exceptional rows S, or exceptional rows S
//     only: R at P and at its options depends on S only through the numbers c_e of rows of
//     each exceptional length e. The test checks that the table is commutative (so a state
//     depends on these numbers only) and finds for each e the least t_e <= 2 with
//     e^(t_e+2) = e^t_e in every state. So if c_e >= t_e+4, removing two rows of e from P
//     changes neither the state nor the normal value of P, nor of any option of P (an option
//     keeps at least t_e+3 of them), and the options of P and of the smaller position pair up
//     move for move. The positions with c_e <= t_e+3 for every e therefore stand for all
//     others, and the test checks every one of them (360,000), alone and beside every
//     ordinary row of at most 52 pins.
//
// [misereKaylesRows] and [misereKaylesQuotient] are the table; the test also perturbs it and
// shows that the check then fails.

// misereKaylesRows are the exceptional row lengths, in the order of the table's columns.
var misereKaylesRows = [8]int{1, 4, 5, 9, 12, 17, 20, 25}

// A misereQuotient is a finite commutative monoid given by its action on itself: next[q][j] is
// the state after adding a row of the j-th exceptional length to a position in state q, and
// bit q of lose is set when the player to move in state q loses.
type misereQuotient struct {
	next [][8]uint8
	lose uint64
}

// misereKaylesQuotient is the misère quotient of Kayles on the exceptional rows, states
// numbered in order of discovery from the empty position (state 0). The comment on each state
// gives its first representative, as counts of rows of 1, 4, 5, 9, 12, 17, 20 and 25 pins.
var misereKaylesQuotient = misereQuotient{
	next: [][8]uint8{
		{1, 1, 2, 3, 4, 5, 6, 7},         // 0: empty, N
		{0, 0, 8, 9, 10, 11, 12, 13},     // 1: 1, P
		{8, 8, 14, 15, 15, 15, 16, 16},   // 2: 5, N
		{9, 9, 15, 17, 12, 12, 11, 18},   // 3: 9, P
		{10, 10, 15, 12, 12, 12, 11, 19}, // 4: 12, P
		{11, 11, 15, 12, 12, 12, 11, 19}, // 5: 17, N
		{12, 12, 16, 11, 11, 11, 12, 20}, // 6: 20, P
		{13, 13, 16, 18, 19, 19, 20, 15}, // 7: 25, N
		{2, 2, 21, 22, 22, 22, 23, 23},   // 8: 1+5, P
		{3, 3, 22, 24, 6, 6, 5, 25},      // 9: 1+9, N
		{4, 4, 22, 6, 6, 6, 5, 26},       // 10: 1+12, N
		{5, 5, 22, 6, 6, 6, 5, 26},       // 11: 1+17, N
		{6, 6, 23, 5, 5, 5, 6, 27},       // 12: 1+20, N
		{7, 7, 23, 25, 26, 26, 27, 22},   // 13: 1+25, N
		{21, 21, 2, 23, 23, 23, 22, 22},  // 14: 5+5, N
		{22, 22, 23, 23, 23, 23, 22, 22}, // 15: 5+9, P
		{23, 23, 22, 22, 22, 22, 23, 23}, // 16: 5+20, N
		{24, 24, 23, 3, 5, 5, 6, 7},      // 17: 9+9, N
		{25, 25, 22, 7, 27, 27, 26, 23},  // 18: 9+25, N
		{26, 26, 22, 27, 27, 27, 26, 23}, // 19: 12+25, N
		{27, 27, 23, 26, 26, 26, 27, 22}, // 20: 20+25, N
		{14, 14, 8, 16, 16, 16, 15, 15},  // 21: 1+5+5, P
		{15, 15, 16, 16, 16, 16, 15, 15}, // 22: 1+5+9, N
		{16, 16, 15, 15, 15, 15, 16, 16}, // 23: 1+5+20, N
		{17, 17, 16, 9, 11, 11, 12, 13},  // 24: 1+9+9, P
		{18, 18, 15, 13, 20, 20, 19, 16}, // 25: 1+9+25, P
		{19, 19, 15, 20, 20, 20, 19, 16}, // 26: 1+12+25, N
		{20, 20, 16, 19, 19, 19, 20, 15}, // 27: 1+20+25, N
	},
	lose: 1<<1 | 1<<3 | 1<<4 | 1<<6 | 1<<8 | 1<<15 | 1<<21 | 1<<24 | 1<<25,
}

// misereKaylesColumn returns the table column of a row of n pins, or -1 for an ordinary row.
func misereKaylesColumn(n int) int {
	for j, e := range misereKaylesRows {
		if n == e {
			return j
		}
	}
	return -1
}

// add returns the state after adding a row of n pins (n may be 0, which adds nothing) to a
// position of exceptional rows in state q, and false when the row is ordinary.
func (t *misereQuotient) add(q uint8, n int) (uint8, bool) {
	if n == 0 {
		return q, true
	}
	j := misereKaylesColumn(n)
	if j < 0 {
		return q, false
	}
	return t.next[q][j], true
}

// misereSummary is what the rule needs to know about a multiset of rows: the nim-sum of their
// normal values, how many are ordinary, and the state of the exceptional ones.
type misereSummary struct {
	value    int
	ordinary int
	state    uint8
}

func (t *misereQuotient) summarise(rows iter.Seq[int]) misereSummary {
	var s misereSummary
	for h := range rows {
		s = t.with(s, h)
	}
	return s
}

// state returns the state of a position with counts[j] rows of the j-th exceptional length,
// in O(1): a row e satisfies e^(c+2) = e^c for c >= 2 (TestMisereKaylesProof checks it), so
// four or more rows of one length act as two or three.
func (t *misereQuotient) state(counts [8]int) uint8 {
	var q uint8
	for j, c := range counts {
		if c >= 4 {
			c = 2 + c%2
		}
		for range c {
			q = t.next[q][j]
		}
	}
	return q
}

// with returns s with a row of h pins added (h = 0 adds nothing).
func (t *misereQuotient) with(s misereSummary, h int) misereSummary {
	if h == 0 {
		return s
	}
	s.value ^= kaylesValue(h)
	if q, ok := t.add(s.state, h); ok {
		s.state = q
	} else {
		s.ordinary++
	}
	return s
}

// loses reports whether the player to move loses, in misère Kayles, a position summarised by s.
func (t *misereQuotient) loses(s misereSummary) bool {
	if s.ordinary > 0 {
		return s.value == 0
	}
	return t.lose>>s.state&1 != 0
}

// misereKaylesForm is Kayles's closed form in misère play; its normal play is left to the
// engine, whose proven period answers for rows of any length.
type misereKaylesForm struct{}

func (misereKaylesForm) values() *eng.Closed                                 { return nil }
func (misereKaylesForm) winningMoves(Position) (iter.Seq[Move], bool, error) { return nil, false, nil }
func (misereKaylesForm) misereOutcome(p Position) (Outcome, bool) {
	return MisereKaylesOutcome(p), true
}
func (misereKaylesForm) misereWinningMoves(p Position) (iter.Seq[Move], bool) {
	return misereKaylesWinningMoves(p), true
}

// MisereKaylesOutcome returns the outcome of p in misère Kayles, where whoever knocks down the
// last pin loses: [Previous] when the player to move loses against perfect play, [Next] when
// they win (so [Next] for the empty position). It applies the Sibert–Conway rule in O(heaps)
// time, for rows of any length: a position with a row of a length other than 1, 4, 5, 9, 12,
// 17, 20 or 25 has its normal-play outcome, and a position of such rows only is looked up in a
// table of 28 states. [Octal.MisereOutcome] calls it for [Kayles].
func MisereKaylesOutcome(p Position) Outcome {
	if misereKaylesQuotient.loses(misereKaylesQuotient.summarise(p.All())) {
		return Previous
	}
	return Next
}

// misereKaylesWinningMoves implements [Octal.MisereWinningMoves] for Kayles. The set-up costs
// O(heaps), each move O(1) to judge, and a row of more than 166 pins that holds no winning
// move O(1) to pass over.
func misereKaylesWinningMoves(p Position) iter.Seq[Move] {
	t := &misereKaylesQuotient
	return func(yield func(Move) bool) {
		all := t.summarise(p.All())
		var counts [8]int // of the rows of each exceptional length
		for h := range p.All() {
			if j := misereKaylesColumn(h); j >= 0 {
				counts[j]++
			}
		}
		for h := range p.sizes() {
			rest := misereSummary{value: all.value ^ kaylesValue(h), ordinary: all.ordinary}
			if misereKaylesColumn(h) < 0 {
				rest.ordinary--
			}
			if rest.ordinary == 0 {
				c := counts
				if j := misereKaylesColumn(h); j >= 0 {
					c[j]--
				}
				rest.state = t.state(c)
			}
			wins := func(m Move) bool {
				s := rest
				for _, l := range m.Left {
					s = t.with(s, l)
				}
				return t.loses(s)
			}
			// A move in a row of more than 52 pins leaves a row of at least 26, which is
			// ordinary, so it wins exactly when it wins in normal play: when it leaves the
			// value of the other rows. Pass over the row if none of its options has that value.
			if h > kaylesOptionsFold && kaylesOptionValues(h)>>rest.value&1 == 0 {
				continue
			}
			if !kaylesOctal().plan().heapMoves(h, h, func(m Move) bool { return !wins(m) || yield(m) }) {
				return
			}
		}
	}
}

// kaylesOptionsFold is 2(n0+p) for Kayles (n0 = 71, p = 12). A move in a row of n > 166 pins
// leaving rows a <= b with a >= 83 has a twin of the same value leaving a-12 and b+12; so all
// the option values of n appear with a < 83, where b >= 71 and K(b) = K(b+12), and n has the
// same option values as n-12.
const kaylesOptionsFold = 2 * (71 + 12)

// kaylesOptionMasks holds, for rows of 0 to 177 pins, the set of the normal-play values of
// their options as a bit mask (Kayles values are below 16).
var kaylesOptionMasks = sync.OnceValue(func() []uint16 {
	masks := make([]uint16, kaylesOptionsFold+12)
	for n := range masks {
		for _, l := range kaylesOptions(n) {
			masks[n] |= 1 << (kaylesValue(l[0]) ^ kaylesValue(l[1]))
		}
	}
	return masks
})

// kaylesOptionValues returns the set of the values of the options of a row of n pins.
func kaylesOptionValues(n int) uint16 {
	if n >= kaylesOptionsFold {
		n = kaylesOptionsFold + (n-kaylesOptionsFold)%12
	}
	return kaylesOptionMasks()[n]
}

// kaylesOptions returns the pairs of rows (a <= b, 0 for none) that a move in a row of n leaves.
func kaylesOptions(n int) [][2]int {
	var out [][2]int
	for take := 1; take <= 2 && take <= n; take++ {
		for a := 0; 2*a <= n-take; a++ {
			out = append(out, [2]int{a, n - take - a})
		}
	}
	return out
}
