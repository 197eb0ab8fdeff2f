package kayles_test

import (
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
