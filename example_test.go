package kayles_test

import (
	"fmt"

	"github.com/octalgames/kayles"
)

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
