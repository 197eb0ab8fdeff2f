package kayles_test

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/octalgames/kayles"
)

func ExampleK() {
	for _, n := range []int{10, 71, 1_000_000_000_000_000} {
		v, _ := kayles.K(n) // an error only for a negative n
		fmt.Print(v, " ")
	}
	fmt.Println()
	// Output: 2 7 1
}

func ExampleOctal_Period() {
	ctx := context.Background()
	for _, o := range []*kayles.Octal{kayles.Kayles, kayles.DawsonsKayles, kayles.Officers} {
		p, ok, err := o.Period(ctx, 1000)
		fmt.Println(o, p, ok, err)
	}
	// Output:
	// 0.77 preperiod 71, period 12 true <nil>
	// 0.07 preperiod 53, period 34 true <nil>
	// 0.6 none false <nil>
}

func ExampleOctal_WinningMove() {
	ctx := context.Background()
	p := kayles.MustParsePosition("3 4 5")
	v, err := kayles.Kayles.Value(ctx, p)
	if err != nil {
		fmt.Println(err)
		return
	}
	m, ok, _ := kayles.Kayles.WinningMove(ctx, p)
	fmt.Println(v, m, ok)
	q, _ := kayles.Kayles.Play(p, m)
	r, _ := kayles.Kayles.Outcome(ctx, q)
	fmt.Println(q, r)
	// Output:
	// 6 5-1=1+3 true
	// 1+3+3+4 P
}

func ExampleOctal_WinningMoves() {
	// Every winning first move in a row of 7 pins.
	moves, err := kayles.Kayles.WinningMoves(context.Background(), kayles.MustParsePosition("7"))
	if err != nil {
		fmt.Println(err)
		return
	}
	for m := range moves {
		fmt.Println(m)
	}
	// Output:
	// 7-2=1+4
	// 7-1=3+3
}

// A question past a limit gets an error that says so: here the value of a heap of Officers
// (0.6), whose period is unknown, far beyond the work the engine does on its own.
func ExampleOctal_Grundy_limit() {
	_, err := kayles.Officers.Grundy(context.Background(), 1<<40)
	fmt.Println(errors.Is(err, kayles.ErrTooLarge))
	var le *kayles.LimitError
	if errors.As(err, &le) {
		fmt.Println(le.Question, "|", le.Unit)
	}
	// Output:
	// true
	// the value of heap 1099511627776 in 0.6 | steps
}

// Every call that computes stops soon after its context is done.
func ExampleOctal_Values_cancel() {
	ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
	defer cancel()
	o := kayles.MustParseOctal("0.{2+}") // split a heap into any number of heaps: slow
	_, err := o.Values(ctx, 1000)
	fmt.Println(errors.Is(err, context.DeadlineExceeded))
	// Output: true
}

func ExampleParseOctal() {
	o, err := kayles.ParseOctal(".137")
	fmt.Println(o, err)
	vals, _ := o.Values(context.Background(), 10)
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

func ExampleNewPosition() {
	p, err := kayles.NewPosition(5, 3, 0)
	fmt.Println(p, err)
	_, err = kayles.NewPosition(-1)
	fmt.Println(err)
	// Output:
	// 3+5 <nil>
	// kayles: heap -1 is out of range: want 0 to 9223372036854775807
}

func ExampleOctal_MisereOutcome() {
	ctx := context.Background()
	show := func(o *kayles.Octal, p kayles.Position) {
		normal, _ := o.Outcome(ctx, p)
		misere, err := o.MisereOutcome(ctx, p)
		fmt.Println(normal, misere, err)
	}
	// A single row of 4 pins: the first player wins normal Kayles but loses misère Kayles.
	show(kayles.Kayles, kayles.MustParsePosition("4"))
	// With a row of a length other than 1, 4, 5, 9, 12, 17, 20 and 25, misère is normal play.
	show(kayles.Kayles, kayles.MustParsePosition("4 1000001"))
	// Other games are searched: Dawson's Kayles on rows of 5 and 3.
	show(kayles.DawsonsKayles, kayles.MustParsePosition("5 3"))
	// Output:
	// N P <nil>
	// N N <nil>
	// N P <nil>
}

func ExampleOctal_MisereWinningMoves() {
	moves, _ := kayles.Kayles.MisereWinningMoves(context.Background(), kayles.MustParsePosition("7"))
	for m := range moves {
		fmt.Println(m)
	}
	// Output:
	// 7-1=1+5
	// 7-1=3+3
}

func ExampleOctal_MisereWinningMove() {
	ctx := context.Background()
	// Rows of 4 and 10^15+1 pins.
	p := kayles.MustNewPosition(4, 1_000_000_000_000_001)
	m, ok, err := kayles.Kayles.MisereWinningMove(ctx, p)
	fmt.Println(m, ok, err)
	q, _ := kayles.Kayles.Play(p, m)
	r, _ := kayles.Kayles.MisereOutcome(ctx, q)
	fmt.Println(r)
	// Output:
	// 1000000000000001-1=1000000000000000 true <nil>
	// P
}

func ExampleOctal_Genus() {
	ctx := context.Background()
	for n := range 8 {
		p := kayles.MustNewPosition(n)
		g, err := kayles.Kayles.Genus(ctx, p)
		if err != nil {
			fmt.Println(err)
			return
		}
		tame, _ := kayles.Kayles.Tame(ctx, p)
		fmt.Println(n, g, g.MisereValue(), tame)
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
	ctx := context.Background()
	// Grundy's game: split a heap into two unequal heaps.
	vals, _ := kayles.GrundysGame.Values(ctx, 12)
	fmt.Println(kayles.GrundysGame, vals)
	// Nim, a repeating tail: take any number of tokens.
	vals, _ = kayles.Nim.Values(ctx, 8)
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
	p, ok, _ := o.Period(context.Background(), 100)
	fmt.Println(o, p, ok)
	// Output: 0.3033 preperiod 0, period 7 true
}

func ExampleOctal_ApparentPeriod() {
	p, ok, _ := kayles.MustParseOctal("0.3F").ApparentPeriod(context.Background(), 1000)
	fmt.Println(p, ok)
	// Output: preperiod 0, period 6, saltus 3 (apparent) true
}

// Limits bound the work an Octal does on its own; WithLimits gives a copy with other limits
// that shares the values computed.
func ExampleOctal_WithLimits() {
	ctx := context.Background()
	small := kayles.DawsonsKayles.WithLimits(kayles.Limits{SearchSteps: 1000})
	_, err := small.MisereOutcome(ctx, kayles.MustParsePosition("30 41"))
	fmt.Println(err)
	r, err := small.MisereOutcome(ctx, kayles.MustParsePosition("5 3"))
	fmt.Println(r, err)
	// Output:
	// kayles: the misère outcome of 30+41 in 0.07 needs more than 1000 search steps; ask about a smaller position, or raise Limits.SearchSteps
	// P <nil>
}

// Run computes 0.16 until its period is proven (about half a million values, well under a
// second), after which every heap is valued in O(1).
func ExampleOctal_Run() {
	ctx := context.Background()
	o := kayles.MustParseOctal("0.16")
	r, err := o.Run(ctx, kayles.RunOptions{})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(r.Period)
	fmt.Printf("rare heaps: %d, the last at %d; largest value %d\n", r.RareCount, r.LastRare, r.MaxValue)
	fmt.Println(o.Grundy(ctx, 1_000_000_000_000))
	// Output:
	// preperiod 105351, period 149459
	// rare heaps: 52, the last at 13935; largest value 23
	// 3 <nil>
}

// Nim's values are proven in closed form, G(n) = n, so every heap is valued at once and the
// winning moves follow Bouton's rules, in normal and misère play, however large the heaps.
func ExampleNim() {
	ctx := context.Background()
	p, _, _ := kayles.Nim.Period(ctx, 0)
	fmt.Println(p)
	fmt.Println(kayles.Nim.Grundy(ctx, 1_000_000_000_000))
	m, _, _ := kayles.Nim.WinningMove(ctx, kayles.MustNewPosition(3, 5, 1_000_000_000_000))
	fmt.Println(m)
	m, _, _ = kayles.Nim.MisereWinningMove(ctx, kayles.MustNewPosition(1, 1, 1_000_000_000_000))
	r, _ := kayles.Nim.MisereOutcome(ctx, kayles.MustNewPosition(1, 3, 5, 7))
	fmt.Println(m, r)
	// Output:
	// preperiod 0, period 1, saltus 1
	// 1000000000000 <nil>
	// 1000000000000-999999999994=6
	// 1000000000000-999999999999=1 P
}

// Lasker's Nim swaps the values of 4k+3 and 4k+4 (Winning Ways, ch. 4): an arithmetic period
// with saltus 4, proven for every heap.
func ExampleLaskersNim() {
	ctx := context.Background()
	vals, _ := kayles.LaskersNim.Values(ctx, 10)
	p, _, _ := kayles.LaskersNim.Period(ctx, 0)
	fmt.Println(vals)
	fmt.Println(p)
	fmt.Println(kayles.LaskersNim.Grundy(ctx, 1_000_000_000_003))
	// Output:
	// [0 1 2 4 3 5 6 8 7 9]
	// preperiod 1, period 4, saltus 4
	// 1000000000004 <nil>
}

// The misère quotient of 0.75 is Plambeck's R8, and it answers for heaps of any size.
func ExampleOctal_Quotient() {
	ctx := context.Background()
	q, err := kayles.MustParseOctal("0.75").Quotient(ctx, 30)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(q.Order(), len(q.PPortion()), q.Relations())
	n0, p, _ := q.Period()
	fmt.Println("Φ periodic from", n0, "with period", p)
	r, _ := q.Outcome(kayles.MustNewPosition(30, 41, 1000))
	fmt.Println(r)
	// Output:
	// 8 2 [a^2 = 1 b^3 = b bc = ab c^2 = b^2]
	// Φ periodic from 8 with period 2
	// N
}
