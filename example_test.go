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
	// kayles: invalid octal code "1.7" at offset 0: first digit '1' has flag 1 or 2, which a move that removes nothing cannot use
}

func ExampleParsePosition() {
	p, err := kayles.ParsePosition("7, 3, 0, 3")
	fmt.Println(p, p.Heaps(), err)
	// Output: 3+3+7 [3 3 7] <nil>
}
