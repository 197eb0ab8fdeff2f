package kayles_test

import (
	"context"
	"fmt"

	"github.com/octalgames/kayles"
)

func ExampleK() {
	fmt.Println(kayles.K(10), kayles.K(71), kayles.K(1_000_000_000_000_000))
	// Output: 2 7 1
}

func ExampleOctal_Period() {
	p, ok := kayles.Kayles.Period(1000)
	fmt.Println(p, ok)
	p, ok = kayles.DawsonsKayles.Period(1000)
	fmt.Println(p, ok)
	// Output:
	// preperiod 71, period 12 true
	// preperiod 53, period 34 true
}

func ExampleOctal_WinningMove() {
	p := kayles.MustParsePosition("3 4 5")
	fmt.Println(kayles.Kayles.Value(p), kayles.Kayles.Outcome(p))
	m, ok := kayles.Kayles.WinningMove(p)
	fmt.Println(m, ok)
	q, _ := kayles.Kayles.Play(p, m)
	fmt.Println(q, kayles.Kayles.Outcome(q))
	// Output:
	// 6 N
	// 5-1=1+3 true
	// 1+3+3+4 P
}

func ExampleOctal_WinningMoves() {
	// Every winning first move in a row of 7 pins.
	for m := range kayles.Kayles.WinningMoves(kayles.NewPosition(7)) {
		fmt.Println(m)
	}
	// Output:
	// 7-2=1+4
	// 7-1=3+3
}

func ExampleParseOctal() {
	o, err := kayles.ParseOctal(".137")
	fmt.Println(o, err)
	vals, _ := o.Values(10)
	fmt.Println(vals)
	_, err = kayles.ParseOctal("1.7")
	fmt.Println(err)
	// Output:
	// 0.137 <nil>
	// [0 1 1 2 0 3 1 1 0 3]
	// kayles: invalid octal code "1.7" at offset 0: the digit before the point allows leaving fewer than two heaps, which a move that removes nothing cannot do
}

func ExampleParsePosition() {
	p, err := kayles.ParsePosition("7, 3, 0, 3")
	fmt.Println(p, p.Heaps(), err)
	// Output: 3+3+7 [3 3 7] <nil>
}

// Examples of the tables.

// Examples for graphs (issue 6).

// Misère play (issue 4).

func ExampleOctal_MisereOutcome() {
	// A single row of 4 pins: the first player wins normal Kayles but loses misère Kayles.
	p := kayles.NewPosition(4)
	fmt.Println(kayles.Kayles.Outcome(p), kayles.Kayles.MisereOutcome(p))
	// With a row of a length other than 1, 4, 5, 9, 12, 17, 20 and 25, misère is normal play.
	q := kayles.NewPosition(4, 1_000_001)
	fmt.Println(kayles.Kayles.Outcome(q), kayles.Kayles.MisereOutcome(q))
	// Other games are searched: Dawson's Kayles on rows of 5 and 3.
	fmt.Println(kayles.DawsonsKayles.MisereOutcome(kayles.NewPosition(5, 3)))
	// Output:
	// N P
	// N N
	// P
}

func ExampleOctal_MisereWinningMoves() {
	for m := range kayles.Kayles.MisereWinningMoves(kayles.NewPosition(7)) {
		fmt.Println(m)
	}
	// Output:
	// 7-1=1+5
	// 7-1=3+3
}

func ExampleOctal_MisereWinningMove() {
	// Rows of 4 and 10^15+1 pins.
	p := kayles.NewPosition(4, 1_000_000_000_000_001)
	m, ok := kayles.Kayles.MisereWinningMove(p)
	fmt.Println(m, ok)
	q, _ := kayles.Kayles.Play(p, m)
	fmt.Println(kayles.Kayles.MisereOutcome(q))
	// Output:
	// 1000000000000001-1=1000000000000000 true
	// P
}

func ExampleOctal_Genus() {
	for n := range 8 {
		p := kayles.NewPosition(n)
		g := kayles.Kayles.Genus(p)
		fmt.Println(n, g, g.MisereValue(), kayles.Kayles.Tame(p))
	}
	// Output:
	// 0 0 1 true
	// 1 1 0 true
	// 2 2 2 true
	// 3 3 3 true
	// 4 1 0 true
	// 5 4^146 1 false
	// 6 3 3 true
	// 7 2^2 2 true
}

func ExampleMisereKaylesOutcome() {
	fmt.Println(kayles.MisereKaylesOutcome(kayles.MustParsePosition("1+5")))
	fmt.Println(kayles.MisereKaylesOutcome(kayles.MustParsePosition("5+5")))
	// Output:
	// P
	// N
}

func ExampleParseOctal_takeAndBreak() {
	// Grundy's game: split a heap into two unequal heaps.
	vals, _ := kayles.GrundysGame.Values(12)
	fmt.Println(kayles.GrundysGame, vals)
	// Nim, a repeating tail: take any number of tokens.
	vals, _ = kayles.Nim.Values(8)
	fmt.Println(kayles.Nim, vals)
	// Brace digits and modifiers: take one token and split the rest into 2 or 3 unequal heaps.
	o, _ := kayles.ParseOctal("0.{2,3}!")
	fmt.Println(o)
	// Output:
	// 4!.0 [0 0 0 1 0 2 1 0 2 1 0 2]
	// 0.[3] [0 1 2 3 4 5 6 7]
	// 0.C!
}

func ExampleNewSubtraction() {
	o, _ := kayles.NewSubtraction(1, 3, 4)
	p, ok := o.Period(100)
	fmt.Println(o, p, ok)
	// Output: 0.3033 preperiod 0, period 7 true
}

func ExampleOctal_ApparentPeriod() {
	p, ok := kayles.MustParseOctal("0.3F").ApparentPeriod(1000)
	fmt.Println(p, ok)
	// Output: preperiod 0, period 6, saltus 3 (apparent) true
}

// Run computes 0.16 until its period is proven (about half a million values, well under a
// second), after which every heap is valued in O(1).
func ExampleOctal_Run() {
	o := kayles.MustParseOctal("0.16")
	r, err := o.Run(context.Background(), kayles.RunOptions{})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(r.Period)
	fmt.Printf("rare heaps: %d, the last at %d; largest value %d\n", r.RareCount, r.LastRare, r.MaxValue)
	fmt.Println(o.Grundy(1_000_000_000_000))
	// Output:
	// preperiod 105351, period 149459
	// rare heaps: 52, the last at 13935; largest value 23
	// 3
}

// Nim's values are proven in closed form, G(n) = n, so every heap is valued at once and the
// winning moves follow Bouton's rules, in normal and misère play, however large the heaps.
func ExampleNim() {
	p, _ := kayles.Nim.Period(0)
	fmt.Println(p)
	fmt.Println(kayles.Nim.Grundy(1_000_000_000_000))
	q := kayles.NewPosition(3, 5, 1_000_000_000_000)
	m, _ := kayles.Nim.WinningMove(q)
	fmt.Println(m)
	m, _ = kayles.Nim.MisereWinningMove(kayles.NewPosition(1, 1, 1_000_000_000_000))
	fmt.Println(m, kayles.Nim.MisereOutcome(kayles.NewPosition(1, 3, 5, 7)))
	// Output:
	// preperiod 0, period 1, saltus 1
	// 1000000000000
	// 1000000000000-999999999994=6
	// 1000000000000-999999999999=1 P
}

// Lasker's Nim swaps the values of 4k+3 and 4k+4 (Winning Ways, ch. 4): an arithmetic period
// with saltus 4, proven for every heap.
func ExampleLaskersNim() {
	vals, _ := kayles.LaskersNim.Values(10)
	p, _ := kayles.LaskersNim.Period(0)
	fmt.Println(vals)
	fmt.Println(p)
	fmt.Println(kayles.LaskersNim.Grundy(1_000_000_000_003))
	// Output:
	// [0 1 2 4 3 5 6 8 7 9]
	// preperiod 1, period 4, saltus 4
	// 1000000000004
}
