// Command kayles prints the Kayles nim-value table, the proven period, K(n) for huge rows, and
// every winning first move in rows of 7, 10 and 13 pins.
//
//	go run ./examples/kayles
package main

import (
	"context"
	"flag"
	"fmt"
	"os"
	"strings"

	"github.com/octalgames/kayles"
)

// This file implements the kayles example: the nim-value table, the period and winning moves.

func main() {
	flag.Usage = func() {
		fmt.Fprint(flag.CommandLine.Output(), "usage: kayles\nprints the Kayles nim-value table, the proven period, K(n) for huge rows and the\nwinning first moves in rows of 7, 10 and 13 pins. It takes no flags or arguments.\n")
	}
	flag.Parse() // -h prints the usage; an unknown flag exits with status 2
	if flag.NArg() > 0 {
		fmt.Fprintf(os.Stderr, "kayles: unexpected arguments %q\n", flag.Args())
		flag.Usage()
		os.Exit(2)
	}
	fmt.Println("Kayles: knock down one pin, or two pins side by side; whoever knocks down the last pin wins.")
	fmt.Println()
	fmt.Println("Nim-values K(n) of a row of n pins, n = 12a + b:")
	fmt.Print("  a\\b")
	for b := range 12 {
		fmt.Printf("%3d", b)
	}
	fmt.Println()
	for a := range 7 {
		fmt.Printf("%5d", a)
		for b := range 12 {
			fmt.Printf("%3d", k(12*a+b))
		}
		fmt.Println()
	}
	fmt.Println()

	ctx := context.Background()
	per, _, err := kayles.Kayles.Period(ctx, 1<<12)
	if err != nil {
		fmt.Fprintln(os.Stderr, "kayles:", err)
		os.Exit(1)
	}
	fmt.Printf("Proven: %v. K(n+12) = K(n) for every n >= 71, by the Guy-Smith periodicity\n", per)
	fmt.Printf("theorem from the %d values K(0..%d); K(70) = %d is the last exception.\n",
		2*(per.Preperiod+per.Period)+2, 2*(per.Preperiod+per.Period)+1, k(70))
	fmt.Println()
	for _, n := range []int{1_000_000, 1_000_000_000_000_000, 1<<63 - 1} {
		fmt.Printf("K(%d) = %d\n", n, k(n))
	}
	fmt.Println()

	fmt.Println("Winning first moves: each leaves rows of nim-sum 0, so the opponent loses against")
	fmt.Println("perfect play. Knocking the mirror-image pins, counted from the other end, wins too.")
	for _, pins := range []int{7, 10, 13} {
		p := kayles.MustNewPosition(pins)
		fmt.Printf("\n%d pins  %s  K(%d) = %d\n", pins, strings.Repeat("|", pins), pins, k(pins))
		moves, err := kayles.Kayles.WinningMoves(ctx, p)
		if err != nil {
			fmt.Fprintln(os.Stderr, "kayles:", err)
			os.Exit(1)
		}
		for m := range moves {
			fmt.Printf("  %-16s %s  leaves %s\n", knocked(m), row(m), leaves(m))
		}
	}
}

// k returns K(n) for n >= 0, which has no error.
func k(n int) int {
	v, _ := kayles.K(n)
	return v
}

// first returns the number of pins standing before the knocked ones: a Move lists the rows
// left in row order, with the knocked pins just before the last row left.
func first(m kayles.Move) int {
	if len(m.Left) == 2 {
		return m.Left[0]
	}
	return 0
}

func knocked(m kayles.Move) string {
	a := first(m) + 1
	if m.Take == 1 {
		return fmt.Sprintf("knock pin %d", a)
	}
	return fmt.Sprintf("knock pins %d-%d", a, a+m.Take-1)
}

// row draws the row after the move: standing pins as '|', the knocked ones as '.'.
func row(m kayles.Move) string {
	a := first(m)
	return strings.Repeat("|", a) + strings.Repeat(".", m.Take) + strings.Repeat("|", m.Heap-a-m.Take)
}

func leaves(m kayles.Move) string {
	parts := make([]string, len(m.Left))
	for i, h := range m.Left {
		parts[i] = fmt.Sprint(h)
	}
	return strings.Join(parts, " + ")
}
