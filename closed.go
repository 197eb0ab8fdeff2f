package kayles

import (
	"iter"
	"math"

	eng "github.com/octalgames/kayles/internal/engine"
)

// This file implements closed forms: published solutions that answer for a rule set at once,
// whatever the size of its heaps, in place of the engines; and those of Nim and Lasker's Nim:
// their values as proven arithmetic periods, their winning moves, and Nim's in misère play by
// Bouton's rule. Misère Kayles' form is in misere_kayles.go.

// A closedForm is the published solution of one rule set, in normal play (its values as a
// proven period, and its winning moves), in misère play, or both. A method returns false
// where the solution does not answer, and the engines answer instead.
type closedForm interface {
	// values returns the first values and the period that prove every value, or nil.
	values() *eng.Closed
	// winningMoves returns the normal-play winning moves of p, as [Octal.WinningMoves] orders
	// them, or the error for a heap whose value does not fit an int.
	winningMoves(p Position) (iter.Seq[Move], bool, error)
	// misereOutcome returns the misère outcome of p.
	misereOutcome(p Position) (Outcome, bool)
	// misereWinningMoves returns the misère winning moves of p, as [Octal.Moves] orders them.
	misereWinningMoves(p Position) (iter.Seq[Move], bool)
}

// closedForms holds the closed forms by canonical code, so that any Octal with one of these
// codes, however it was written or built, uses it. A solved game is one file and one line here.
var closedForms = map[string]closedForm{
	nimCode:        nimForm{},
	laskersNimCode: laskersNimForm{},
	kaylesCode:     misereKaylesForm{},
}

// The canonical codes of Nim and Lasker's Nim, as closedForms knows them.
const (
	nimCode        = "0.[3]" // Nim: take any number of tokens from one heap
	laskersNimCode = "4.[3]" // Lasker's Nim: Nim, or split a heap in two without taking
)

// nimForm is Nim's closed form: G(n) = n, since the options of a heap of n are exactly the
// heaps of 0 to n-1 (Bouton 1901), as a period: preperiod 0, period 1, saltus 1; and Bouton's
// winning moves in normal and misère play.
type nimForm struct{}

func (nimForm) values() *eng.Closed {
	return &eng.Closed{Values: []uint16{0}, Period: eng.Period{Preperiod: 0, Period: 1, Saltus: 1}}
}

func (nimForm) winningMoves(p Position) (iter.Seq[Move], bool, error) {
	return nimWinningMoves(p), true, nil
}

func (nimForm) misereOutcome(p Position) (Outcome, bool) { return misereNimOutcome(p), true }

func (nimForm) misereWinningMoves(p Position) (iter.Seq[Move], bool) {
	return misereNimWinningMoves(p), true
}

// laskersNimForm is Lasker's Nim's closed form in normal play: G(0) = 0 and, for k >= 0,
// G(4k+1) = 4k+1, G(4k+2) = 4k+2, G(4k+3) = 4k+4 and G(4k+4) = 4k+3 (Winning Ways, ch. 4). As
// a period: preperiod 1 (G(4) is 3, not G(0)+4), period 4, saltus 4, from the values
// G(0..4) = 0, 1, 2, 4, 3. Misère play is left to the search.
type laskersNimForm struct{}

func (laskersNimForm) values() *eng.Closed {
	return &eng.Closed{Values: []uint16{0, 1, 2, 4, 3}, Max: 4, Period: eng.Period{Preperiod: 1, Period: 4, Saltus: 4}}
}

func (laskersNimForm) winningMoves(p Position) (iter.Seq[Move], bool, error) {
	if p.has(math.MaxInt) { // G(math.MaxInt) = math.MaxInt+1
		return nil, true, &RangeError{What: "heap of " + laskersNimCode + " whose value exceeds the largest int:", Value: math.MaxInt, Min: 0, Max: math.MaxInt - 1}
	}
	return laskersNimWinningMoves(p), true, nil
}

func (laskersNimForm) misereOutcome(Position) (Outcome, bool)             { return 0, false }
func (laskersNimForm) misereWinningMoves(Position) (iter.Seq[Move], bool) { return nil, false }

// laskersNimValue returns G(n) of Lasker's Nim by the closed form of Winning Ways. The map
// n -> G(n) swaps 4k+3 and 4k+4 and fixes every other n, so it is its own inverse.
func laskersNimValue(n int) int {
	switch {
	case n > 0 && n%4 == 3:
		return n + 1
	case n > 0 && n%4 == 0:
		return n - 1
	}
	return n
}

// nimMoves makes Nim moves for an iterator. Each move's Left is its own one-element slice of
// capacity 1, cut from a block shared with the other moves of the same iterator, so that a
// position with many winning moves costs one allocation per 16 of them; appending to one
// move's Left reallocates it and touches no other move.
type nimMoves struct {
	block []int
}

// move returns the Nim move that leaves y of a heap of h tokens, y < h.
func (a *nimMoves) move(h, y int) Move {
	m := Move{Heap: h, Take: h - y}
	if y > 0 {
		if len(a.block) == 0 {
			a.block = make([]int, 16)
		}
		a.block[0] = y
		m.Left, a.block = a.block[:1:1], a.block[1:]
	}
	return m
}

// The loops below walk a position's encoding directly, heap by heap, instead of ranging over
// Position.All: a range over a function makes its body a closure, and the variables it shares
// with the loop then escape to the heap, which cost the Nim table's hint a dozen allocations.

// nimSums returns the nim-sum of the heaps of p and how many of them hold more than one token.
func nimSums(p Position) (x, big int) {
	for s := p.enc; s != ""; {
		h, w := uvarint(s)
		s = s[w:]
		x ^= h
		if h > 1 {
			big++
		}
	}
	return x, big
}

// misereNimLoses reports whether the player to move loses misère Nim in a position of nim-sum
// x with big heaps of more than one token: when some heap holds more than one and the nim-sum
// is 0, or when every heap holds at most one and the nim-sum is 1 (Bouton 1901; Winning Ways,
// ch. 13). The empty position (nim-sum 0, no big heap) is won: the player to move has no move
// and wins.
func misereNimLoses(x, big int) bool {
	if big == 0 {
		return x == 1
	}
	return x == 0
}

// nimWinningMoves is [Octal.WinningMoves] for Nim, in O(heaps): in a heap of h the only
// candidate leaves h ⊕ v, v the nim-sum of p, and it is legal when that is below h.
func nimWinningMoves(p Position) iter.Seq[Move] {
	return func(yield func(Move) bool) {
		v, _ := nimSums(p)
		if v == 0 {
			return
		}
		var a nimMoves
		for h, rest := nextSize(p.enc, 0); h > 0; h, rest = nextSize(rest, h) {
			if y := h ^ v; y < h && !yield(a.move(h, y)) {
				return
			}
		}
	}
}

// misereNimOutcome is [Octal.MisereOutcome] for Nim, in O(heaps).
func misereNimOutcome(p Position) Outcome {
	if misereNimLoses(nimSums(p)) {
		return Previous
	}
	return Next
}

// misereNimWinningMoves is [Octal.MisereWinningMoves] for Nim, in O(heaps). A winning move
// leaves y of a heap of h with y ⊕ r in {0, 1}, r the nim-sum of the other heaps, so a heap has
// at most two candidates, both checked by the rule of [misereNimLoses]; the one that takes
// fewer comes first, as in [Octal.Moves].
func misereNimWinningMoves(p Position) iter.Seq[Move] {
	return func(yield func(Move) bool) {
		x, big := nimSums(p)
		if misereNimLoses(x, big) {
			return
		}
		var a nimMoves
		for h, rest := nextSize(p.enc, 0); h > 0; h, rest = nextSize(rest, h) {
			r := x ^ h
			restBig := big
			if h > 1 {
				restBig--
			}
			for _, y := range [2]int{max(r, r^1), min(r, r^1)} {
				if y >= h {
					continue
				}
				bigAfter := restBig
				if y > 1 {
					bigAfter++
				}
				if misereNimLoses(r^y, bigAfter) && !yield(a.move(h, y)) {
					return
				}
			}
		}
	}
}

// laskersNimWinningMoves is [Octal.WinningMoves] for Lasker's Nim, in the order of
// [Octal.Moves]. In a heap of h whose value must become t, the only take that wins leaves
// G⁻¹(t) = G(t); the splits that win are solved for by [laskersNimSplits]. So each winning
// move costs O(log h), and a heap without one O(1).
func laskersNimWinningMoves(p Position) iter.Seq[Move] {
	return func(yield func(Move) bool) {
		v := 0
		for s := p.enc; s != ""; {
			h, w := uvarint(s)
			s = s[w:]
			v ^= laskersNimValue(h)
		}
		if v == 0 {
			return
		}
		var a nimMoves
		for h, rest := nextSize(p.enc, 0); h > 0; h, rest = nextSize(rest, h) {
			t := laskersNimValue(h) ^ v
			if y := laskersNimValue(t); y < h && !yield(a.move(h, y)) {
				return
			}
			if !laskersNimSplits(h, t, func(i int) bool { return yield(Move{Heap: h, Left: []int{i, h - i}}) }) {
				return
			}
		}
	}
}

// laskersNimSplits calls yield with each a, 1 <= a <= h-a, such that G(a) ⊕ G(h-a) = t in
// Lasker's Nim, in increasing order, and returns false when yield did. It solves for them
// instead of trying every a. Write x = 4q + r (0 <= r < 4). Then G(x) = 4(q+d) + r', where
// (d, r') is (0, r) for r = 1 or 2, (+1, 0) for r = 3 and (-1, 3) for r = 0 (x > 0). For each
// pair of residues (ra, rb) with ra + rb ≡ h (mod 4) and ra' ⊕ rb' = t mod 4, the high parts
// A = qa+da and B = qb+db must satisfy A + B = S and A ⊕ B = T = t/4, whose solutions are
// A = C + X, B = C + T - X for the carries C = (S-T)/2 (when C & T = 0) and every submask X of
// T, increasing with X. The sixteen residue pairs give sixteen increasing streams of a, which
// never share an a (a fixes ra, and h-a fixes rb); they are merged. Each a costs O(1) to find
// and O(16) to merge.
func laskersNimSplits(h, t int, yield func(a int) bool) bool {
	type stream struct {
		ra, da, c, mask, x int // a = 4(C + X - da) + ra, X the current submask of mask = T
		done               bool
	}
	low := [4]int{3, 1, 2, 0}  // r' for r = 0, 1, 2, 3
	dif := [4]int{-1, 0, 0, 1} // d for r = 0, 1, 2, 3
	var ss [16]stream
	n := 0
	for ra := range 4 {
		for rb := range 4 {
			rem := h - ra - rb
			if rem < 0 || rem%4 != 0 || low[ra]^low[rb] != t&3 {
				continue
			}
			sum, x := rem/4+dif[ra]+dif[rb], t>>2
			if sum < x || (sum-x)%2 != 0 || ((sum-x)/2)&x != 0 {
				continue
			}
			ss[n] = stream{ra: ra, da: dif[ra], c: (sum - x) / 2, mask: x}
			n++
		}
	}
	at := func(st *stream) int { return 4*(st.c+st.x-st.da) + st.ra }
	next := func(st *stream) { // the next submask, or done after the last
		if st.x == st.mask {
			st.done = true
			return
		}
		st.x = ((st.x | ^st.mask) + 1) & st.mask
	}
	for {
		// A split needs a >= 1 (which makes q >= 1 when r = 0, where G(0) = 0 breaks the
		// rule) and a <= h-a; a grows with the submask, so a stream that passes h/2 is done.
		bi := -1
		for i := range n {
			st := &ss[i]
			for !st.done && at(st) < 1 {
				next(st)
			}
			if st.done || 2*at(st) > h {
				st.done = true
				continue
			}
			if bi < 0 || at(st) < at(&ss[bi]) {
				bi = i
			}
		}
		if bi < 0 {
			return true
		}
		if !yield(at(&ss[bi])) {
			return false
		}
		next(&ss[bi])
	}
}
