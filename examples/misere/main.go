// Command misere prints, for Kayles rows of 7, 10 and 13 pins, who wins and the winning moves
// in normal play (whoever knocks down the last pin wins) and in misère play (whoever knocks
// down the last pin loses).
package main

import (
	"flag"
	"fmt"
	"iter"
	"os"
	"strings"

	"github.com/octalgames/kayles"
)

// This file implements the misere example program.

func main() {
	flag.Usage = func() {
		fmt.Fprint(flag.CommandLine.Output(), "usage: misere\nprints who wins Kayles rows of 7, 10 and 13 pins, and the winning moves, in normal\nand in misère play. It takes no flags or arguments.\n")
	}
	flag.Parse() // -h prints the usage; an unknown flag exits with status 2
	if flag.NArg() > 0 {
		fmt.Fprintf(os.Stderr, "misere: unexpected arguments %q\n", flag.Args())
		flag.Usage()
		os.Exit(2)
	}
	for _, n := range []int{7, 10, 13} {
		p := kayles.NewPosition(n)
		fmt.Printf("row of %d pins:\n", n)
		fmt.Printf("  normal: %s  %s\n", describe(kayles.Kayles.Outcome(p)), moves(kayles.Kayles.WinningMoves(p)))
		fmt.Printf("  misère: %s  %s\n", describe(kayles.Kayles.MisereOutcome(p)), moves(kayles.Kayles.MisereWinningMoves(p)))
	}
}

func describe(r kayles.Outcome) string {
	if r == kayles.Next {
		return "first player wins"
	}
	return "second player wins"
}

// moves lists the winning moves, each drawn as the row after it ('|' a pin, '.' a knocked pin).
func moves(seq iter.Seq[kayles.Move]) string {
	var out []string
	for m := range seq {
		out = append(out, m.String()+" "+draw(m))
	}
	if len(out) == 0 {
		return "(no winning move)"
	}
	return strings.Join(out, ", ")
}

func draw(m kayles.Move) string {
	var b strings.Builder
	for i, h := range m.Left {
		if i == len(m.Left)-1 { // the taken pins stand just before the last row left
			b.WriteString(strings.Repeat(".", m.Take))
		}
		b.WriteString(strings.Repeat("|", h))
	}
	if len(m.Left) == 0 {
		b.WriteString(strings.Repeat(".", m.Take))
	}
	return b.String()
}
