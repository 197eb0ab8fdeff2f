package kayles_test

import (
	"context"
	"fmt"
	"math"
	"strings"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/octalgames/kayles"
	"github.com/octalgames/kayles/internal/contract"
)

// The contract suite of the root package: every exported call that takes a context, asked
// adversarial questions (see package internal/contract for what each row checks and how).
// Every row is asked with a context done before the call and with one cancelled 30 ms into
// it; the rows of contractBackground are asked with context.Background and the default
// limits too, the others cost more than a suite can wait for that way (Values of 10^6 values
// of 0.FF) or repeat a row that is.
//
//	go test -run 'TestContract$' .                       # every row (-short: the light ones with Background)
//	go test -run 'TestContract$/Octal.Genus/0.77/' -v .  # the rows of one call and code, with what each gave
//	go test -run '^$' -bench 'BenchmarkCancelContract/Octal.Genus/0.77/' -benchtime 10x .

// contractCodes are codes of every kind: octal, hexadecimal up to F and V, modifiers ! ? and
// {k+}, a digit before the point, repeating tails, and those of issue 27's hangs (0.7, 4.0,
// 0.V).
var contractCodes = []string{
	"0.77", "0.07", "0.6", "0.1777", "0.75", "0.7", "4.0", "0.V", "0.FF",
	"0.[3]", "4.[3]", "4!.0", "0.6?", "0.4{3+}", "{2+}.",
}

// contractPositions are the positions of the rows: huge heaps, 10^6 rows, the heaps 1 to
// 99999, and the position of one of issue 27's fuzz inputs. They are built once.
var contractPositions = sync.OnceValue(func() map[string]kayles.Position {
	ones, mixed := make([]int, 1_000_000), make([]int, 1_000_000)
	for i := range ones {
		ones[i], mixed[i] = 1, 1+i%40
	}
	upTo := make([]int, 99999)
	for i := range upTo {
		upTo[i] = i + 1
	}
	return map[string]kayles.Position{
		"2^40":                   kayles.MustNewPosition(1 << 40),
		"10^15":                  kayles.MustNewPosition(1e15),
		"3+5+10^6+1099511627822": kayles.MustNewPosition(3, 5, 1e6, 1099511627822),
		"10^6 rows of 1":         kayles.MustNewPosition(ones...),
		"10^6 rows of 1 to 40":   kayles.MustNewPosition(mixed...),
		"1..99999":               kayles.MustNewPosition(upTo...),
	}
})

// contractPositionNames orders contractPositions: the first three for every code, the others
// for contractFew.
var contractPositionNames = []string{"2^40", "10^6 rows of 1", "1..99999", "3+5+10^6+1099511627822", "10^15", "10^6 rows of 1 to 40"}

// contractHeaps are the heap sizes and limits of the rows of calls that take a number: the
// first three for every call and code, the others for Grundy, or for contractFew.
var contractHeaps = []struct {
	name string
	n    int
}{{"2^40", 1 << 40}, {"10^6", 1e6}, {"-1", -1}, {"30", 30}, {"10^15", 1e15}, {"MaxInt", math.MaxInt}}

// contractFew are the codes asked the questions that differ least from the others (a heap of
// 10^15 beside one of 2^40, 10^6 rows of several lengths beside 10^6 rows of 1), and issue
// 27's: those whose winning moves listed every split of a huge heap, and Kayles. The others
// are asked them only where contractBackground names a row, to keep the suite within a
// minute.
var contractFew = map[string]bool{"0.77": true, "0.07": true, "0.7": true, "4.0": true, "0.V": true}

// contractBackground lists the rows asked with context.Background and the default limits too.
// The heavy ones take seconds: a search or an engine to its default limit.
var contractBackground = map[string]contract.Background{
	// Closed forms and proven periods: answers at once, on any position.
	"Octal.Value/0.77/10^15":                              contract.Light,
	"Octal.Outcome/0.77/1..99999":                         contract.Light,
	"Octal.WinningMove/0.77/10^6 rows of 1 to 40":         contract.Light,
	"Octal.WinningMoves/0.07/3+5+10^6+1099511627822":      contract.Light,
	"Octal.MisereOutcome/0.77/10^6 rows of 1":             contract.Light,
	"Octal.MisereWinningMove/0.77/1..99999":               contract.Light,
	"Octal.MisereWinningMoves/0.[3]/10^6 rows of 1 to 40": contract.Light,
	"Octal.Value/4.[3]/1..99999":                          contract.Light,
	"Octal.Grundy/0.77/MaxInt":                            contract.Light,
	"Octal.Grundy/4.[3]/MaxInt":                           contract.Light,
	"Octal.Grundy/0.6/-1":                                 contract.Light,
	"Octal.Values/0.FF/2^40":                              contract.Light,
	"Octal.Values/0.77/-1":                                contract.Light,
	"Octal.Sequence/0.07/10^15":                           contract.Light,
	"Octal.Period/0.77/2^40":                              contract.Light,
	"Octal.Period/0.[3]/MaxInt":                           contract.Light,
	"Octal.ApparentPeriod/4.[3]/10^15":                    contract.Light,
	"Octal.Run/0.77/default":                              contract.Light,
	"Octal.Run/0.6/-1":                                    contract.Light,
	"Octal.Quotient/0.75/2^40":                            contract.Light,
	"Octal.Quotient/0.07/-1":                              contract.Light,
	"ParseQuotient/0.75/R8":                               contract.Light,
	"ParseQuotient/0.75/heap 10^20":                       contract.Light,
	"Octal.Genus/0.77/2^40":                               contract.Light,
	"Octal.MisereValue/0.[3]/2^40":                        contract.Light,
	"Octal.Tame/0.77/10^15":                               contract.Light,
	// Issue 27's fuzz inputs: an answer or a LimitError within a second.
	"Octal.MisereWinningMoves/0.7/2^40":                   contract.Light,
	"Octal.MisereWinningMoves/4.0/3+5+10^6+1099511627822": contract.Light,
	// Issue 27: Kayles Genus of 10^6 rows of 1, a LimitError within 10 s and 256 MB.
	"Octal.Genus/0.77/10^6 rows of 1":       contract.Heavy,
	"Octal.MisereValue/0.77/10^6 rows of 1": contract.Heavy,
	"Octal.Tame/0.77/10^6 rows of 1":        contract.Heavy,
	// Searches and engines to their default limits.
	"Octal.MisereOutcome/0.07/1..99999":                contract.Heavy,
	"Octal.MisereWinningMove/0.6/10^6 rows of 1 to 40": contract.Heavy,
	"Octal.MisereWinningMove/0.V/2^40":                 contract.Heavy,
	"Octal.Genus/0.6/10^6 rows of 1 to 40":             contract.Heavy,
	"Octal.Quotient/0.07/30":                           contract.Heavy,
	"Octal.Grundy/0.1777/2^40":                         contract.Heavy,
	"Octal.Value/0.V/10^15":                            contract.Heavy,
	"Octal.Outcome/0.FF/1..99999":                      contract.Heavy,
	"Octal.WinningMove/4!.0/2^40":                      contract.Heavy,
	"Octal.Tame/0.6?/1..99999":                         contract.Heavy,
	"Octal.MisereOutcome/{2+}./2^40":                   contract.Heavy,
	"ParseQuotient/0.75/10^6 heaps":                    contract.Heavy,
}

// contractBackgroundAny reports whether contractBackground names a row of input in.
func contractBackgroundAny(in string) bool {
	for name := range contractBackground {
		if strings.HasSuffix(name, "/"+in) {
			return true
		}
	}
	return false
}

// contractRows returns the rows of the root package, built afresh (each row parses its code
// and sets up its question in its own call, so that what one row computed serves no other).
func contractRows() []contract.Row {
	var rows []contract.Row
	add := func(call, input string, ask func(ctx context.Context) (string, error), allow ...error) {
		rows = append(rows, contract.Row{Call: call, Input: input, Allow: allow, Ask: ask, Background: contractBackground[call+"/"+input]})
	}
	game := kayles.MustParseOctal
	pos := func(name string) kayles.Position { return contractPositions()[name] }
	for _, code := range contractCodes {
		for k, pn := range contractPositionNames {
			if k >= 3 && !contractFew[code] && !contractBackgroundAny(code+"/"+pn) {
				continue
			}
			in := code + "/" + pn
			add("Octal.Value", in, func(ctx context.Context) (string, error) { return contract.Value(game(code).Value(ctx, pos(pn))) })
			add("Octal.Outcome", in, func(ctx context.Context) (string, error) { return contract.Outcome(game(code).Outcome(ctx, pos(pn))) })
			add("Octal.WinningMove", in, func(ctx context.Context) (string, error) {
				o := game(code)
				return contractMove(ctx, o, pos(pn))(o.WinningMove(ctx, pos(pn)))
			})
			add("Octal.WinningMoves", in, func(ctx context.Context) (string, error) {
				o := game(code)
				return contractMoves(ctx, o, pos(pn))(o.WinningMoves(ctx, pos(pn)))
			})
			add("Octal.MisereOutcome", in, func(ctx context.Context) (string, error) {
				return contract.Outcome(game(code).MisereOutcome(ctx, pos(pn)))
			})
			add("Octal.MisereWinningMove", in, func(ctx context.Context) (string, error) {
				o := game(code)
				return contractMove(ctx, o, pos(pn))(o.MisereWinningMove(ctx, pos(pn)))
			})
			add("Octal.MisereWinningMoves", in, func(ctx context.Context) (string, error) {
				o := game(code)
				return contractMoves(ctx, o, pos(pn))(o.MisereWinningMoves(ctx, pos(pn)))
			})
			add("Octal.Genus", in, func(ctx context.Context) (string, error) { return contractGenus(game(code).Genus(ctx, pos(pn))) })
			add("Octal.MisereValue", in, func(ctx context.Context) (string, error) { return contract.Value(game(code).MisereValue(ctx, pos(pn))) })
			add("Octal.Tame", in, func(ctx context.Context) (string, error) {
				tame, err := game(code).Tame(ctx, pos(pn))
				return fmt.Sprint(tame), err
			})
			add("Octal.MisereCanonical", in, func(ctx context.Context) (string, error) {
				c, err := game(code).MisereCanonical(ctx, pos(pn))
				if err == nil && (!strings.HasPrefix(c, "*[") || !strings.HasSuffix(c, "]")) {
					return "", contract.NotAnswer("the form %q", c)
				}
				return c, err
			})
		}
		for k, h := range contractHeaps {
			in, n := code+"/"+h.name, h.n
			add("Octal.Grundy", in, func(ctx context.Context) (string, error) { return contract.Value(game(code).Grundy(ctx, n)) }, kayles.ErrRange)
			if k >= 3 && !contractFew[code] && !contractBackgroundAny(in) {
				continue
			}
			add("Octal.Period", in, func(ctx context.Context) (string, error) { return contractPeriod(true)(game(code).Period(ctx, n)) }, kayles.ErrRange)
			add("Octal.ApparentPeriod", in, func(ctx context.Context) (string, error) {
				return contractPeriod(false)(game(code).ApparentPeriod(ctx, n))
			}, kayles.ErrRange)
			add("Octal.Values", in, func(ctx context.Context) (string, error) { return contractValues(n)(game(code).Values(ctx, n)) }, kayles.ErrRange)
			add("Octal.Sequence", in, func(ctx context.Context) (string, error) { return contractSequence(n)(game(code).Sequence(ctx, n)) }, kayles.ErrRange)
			add("Octal.Quotient", in, func(ctx context.Context) (string, error) { return contractQuotient(n)(game(code).Quotient(ctx, n)) }, kayles.ErrRange)
		}
		for _, limit := range []int{0, 1e6, -1} {
			if limit == 0 && !contractFew[code] && !contractBackgroundAny(code+"/default") {
				continue
			}
			in := fmt.Sprintf("%s/%d", code, limit)
			if limit == 0 {
				in = code + "/default"
			}
			add("Octal.Run", in, func(ctx context.Context) (string, error) {
				o := game(code)
				r, err := o.Run(ctx, kayles.RunOptions{Limit: limit})
				if err == nil && (r.Code != o.String() || r.Values < 1) {
					return "", contract.NotAnswer("the report of a run of no values: %+v", r)
				}
				return fmt.Sprintf("%d values, %v", r.Values, r.Period), err
			}, kayles.ErrRange)
		}
	}
	for _, code := range []string{"0.75", "0.77", "0.07"} {
		add("Quotient.Isomorphic", code+"/30", func(ctx context.Context) (string, error) {
			r8, err := kayles.ParseQuotient(ctx, contractQuotientTexts()["R8"])
			if err != nil {
				return "", err
			}
			q, err := game(code).Quotient(ctx, 30)
			if err != nil {
				return "", err
			}
			iso, err := q.Isomorphic(ctx, r8)
			if err == nil && iso != (code == "0.75") {
				return "", contract.NotAnswer("isomorphic to R8: %v", iso)
			}
			return fmt.Sprint(iso), err
		})
	}
	for _, code := range []string{"0.75", "0.77", "0.07"} {
		add("Quotient.IndependentRelations", code+"/30", func(ctx context.Context) (string, error) {
			q, err := game(code).Quotient(ctx, 30)
			if err != nil {
				return "", err
			}
			ind, err := q.IndependentRelations(ctx)
			if err == nil && len(ind) == 0 {
				return "", contract.NotAnswer("no relations")
			}
			return strings.Join(ind, ", "), err
		})
	}
	for name, text := range contractQuotientTexts() {
		add("ParseQuotient", "0.75/"+name, func(ctx context.Context) (string, error) {
			q, err := kayles.ParseQuotient(ctx, text)
			if err == nil && (q == nil || q.Order() < 1) {
				return "", contract.NotAnswer("an empty quotient")
			}
			if err != nil {
				return "", err
			}
			return fmt.Sprintf("order %d to heap %d", q.Order(), q.Heaps()), nil
		}, kayles.ErrSyntax, kayles.ErrRange)
	}
	return rows
}

// contractQuotientTexts returns the text of 0.75's quotient R8 to heap 20 (ParseQuotient
// verifies it at once), the same with Φ written out to heap 10^6 (which the verification must
// stop in, or refuse) and with heap 10^20 in its header.
func contractQuotientTexts() map[string]string {
	const r8 = `misère quotient of 0.75 to heap 20
order 8
period none
generators 1 2 5
changes 1:2 2:6 5:8
P 1 6
phi 0 1 2 1 2 3 2 3 2 7 2 7 2 7 2 7 2 7 2 7 2
mul
0 1 2 3 4 5 6 7
1 0 4 5 2 3 7 6
2 4 6 4 7 2 2 4
3 5 4 6 2 7 7 6
4 2 7 2 6 4 4 2
5 3 2 7 4 6 6 7
6 7 2 7 4 6 6 7
7 6 4 6 2 7 7 6
`
	phi := "phi 0 1 2 1 2 3 2 3 2 7 2 7 2 7 2 7 2 7 2 7 2"
	long := "phi 0 1 2 1 2 3 2 3" + strings.Repeat(" 2 7", 499996) + " 2" // heaps 0 to 10^6
	return map[string]string{
		"R8":         r8,
		"10^6 heaps": strings.Replace(strings.Replace(r8, "heap 20", "heap 1000000", 1), phi, long, 1),
		"heap 10^20": strings.Replace(r8, "heap 20", "heap 100000000000000000000", 1),
	}
}

// contractMove checks the result of a WinningMove: a legal move in p, or none and the zero
// Move.
func contractMove(ctx context.Context, o *kayles.Octal, p kayles.Position) func(kayles.Move, bool, error) (string, error) {
	return func(m kayles.Move, ok bool, err error) (string, error) {
		contract.Returned(ctx) // playing the move in 10^6 heaps is the check's time
		switch {
		case err != nil && ok:
			return "", contract.NotAnswer("the move %v beside the error %v", m, err)
		case err != nil:
			return "", err
		case !ok && (m.Heap != 0 || m.Take != 0 || m.Left != nil):
			return "", contract.NotAnswer("the move %v with false", m)
		case !ok:
			return "no winning move", nil
		}
		if _, err := o.Play(p, m); err != nil {
			return "", contract.NotAnswer("the winning move %v: %v", m, err)
		}
		return m.String(), nil
	}
}

// contractMoves checks the result of a WinningMoves: a sequence whose first three moves are
// legal in p.
func contractMoves(ctx context.Context, o *kayles.Octal, p kayles.Position) func(func(func(kayles.Move) bool), error) (string, error) {
	return func(seq func(func(kayles.Move) bool), err error) (string, error) {
		if err != nil {
			return "", err
		}
		if seq == nil {
			return "", contract.NotAnswer("a nil sequence")
		}
		var moves []kayles.Move
		for m := range seq {
			if moves = append(moves, m); len(moves) == 3 {
				break
			}
		}
		contract.Returned(ctx) // the sequence's work is the call's; playing the moves is the check's
		var first []string
		for _, m := range moves {
			if _, err := o.Play(p, m); err != nil {
				return "", contract.NotAnswer("the winning move %v: %v", m, err)
			}
			first = append(first, m.String())
		}
		return "moves " + strings.Join(first, " "), nil
	}
}

// contractGenus checks a genus: one with misère values, which the zero Genus has not.
func contractGenus(g kayles.Genus, err error) (string, error) {
	if err == nil && (len(g.Misere) == 0 || g.Normal < 0) {
		return "", contract.NotAnswer("the genus %v", g)
	}
	return g.String(), err
}

// contractPeriod checks a period: a positive one when found (proven for Period), the zero
// Period otherwise.
func contractPeriod(proven bool) func(kayles.Period, bool, error) (string, error) {
	return func(p kayles.Period, ok bool, err error) (string, error) {
		switch {
		case err != nil && ok:
			return "", contract.NotAnswer("the period %v beside the error %v", p, err)
		case err != nil:
			return "", err
		case ok && (p.Period < 1 || p.Preperiod < 0 || proven && !p.Proven):
			return "", contract.NotAnswer("the period %v", p)
		case !ok && p != kayles.Period{}:
			return "", contract.NotAnswer("the period %v with false", p)
		}
		return p.String(), nil
	}
}

// contractValues checks the values of n heaps: n of them, none negative, and none beside an
// error.
func contractValues(n int) func([]int, error) (string, error) {
	return func(vs []int, err error) (string, error) {
		if err != nil {
			if len(vs) > 0 {
				return "", contract.NotAnswer("%d values beside the error %v", len(vs), err)
			}
			return "", err
		}
		if len(vs) != n {
			return "", contract.NotAnswer("%d values for %d heaps", len(vs), n)
		}
		for i, v := range vs {
			if v < 0 {
				return "", contract.NotAnswer("G(%d) = %d", i, v)
			}
		}
		return fmt.Sprintf("%d values", len(vs)), nil
	}
}

// contractSequence checks the first 1000 heaps of a sequence of n: heaps 0, 1, ... in order,
// with values.
func contractSequence(n int) func(func(func(int, int) bool), error) (string, error) {
	return func(seq func(func(int, int) bool), err error) (string, error) {
		if err != nil {
			return "", err
		}
		if seq == nil {
			return "", contract.NotAnswer("a nil sequence")
		}
		next := 0
		for h, v := range seq {
			if h != next || v < 0 {
				return "", contract.NotAnswer("heap %d with value %d where heap %d was due", h, v, next)
			}
			if next++; next == 1000 {
				break
			}
		}
		if next < min(n, 1000) {
			return "", contract.NotAnswer("a sequence of %d heaps for %d", next, n)
		}
		return fmt.Sprintf("%d heaps read", next), nil
	}
}

// contractQuotient checks a quotient of the heaps up to n: not empty, and covering them
// unless its period is proven.
func contractQuotient(n int) func(*kayles.Quotient, error) (string, error) {
	return func(q *kayles.Quotient, err error) (string, error) {
		if err != nil {
			return "", err // with the last verified quotient, as Quotient documents
		}
		if q == nil || q.Order() < 1 {
			return "", contract.NotAnswer("an empty quotient")
		}
		if _, _, proven := q.Period(); !proven && q.Heaps() < n {
			return "", contract.NotAnswer("the quotient to heap %d for heap %d", q.Heaps(), n)
		}
		return fmt.Sprintf("order %d", q.Order()), nil
	}
}

// TestContract asks every row of the root package (see contractRows).
func TestContract(t *testing.T) {
	contractPositions() // built before the calls, whose time they are not
	contract.Run(t, contractRows(), contract.Options{})
}

// TestContractAPI checks that every exported call of the root package that takes a context
// has rows in the suite: add a call, add a row. It also checks that every row of
// contractBackground names a row.
func TestContractAPI(t *testing.T) {
	rows := contractRows()
	contract.CheckAPI(t, ".", rows)
	contract.CheckNamed(t, rows, contractBackground, "contractBackground")
}

// TestContractAPIListsCalls checks the listing that TestContractAPI relies on against calls
// known to take a context, and a call known not to.
func TestContractAPIListsCalls(t *testing.T) {
	calls, notFirst, err := contract.API(".")
	require.NoError(t, err)
	assert.Subset(t, calls, []string{"Octal.Genus", "Octal.MisereWinningMoves", "Octal.Run", "ParseQuotient"})
	assert.NotContains(t, calls, "Octal.Moves")
	assert.NotContains(t, calls, "K")
	assert.Empty(t, notFirst)
}

// BenchmarkCancelContract measures how soon each row returns after its context is cancelled
// 20 ms into the call (ms-late, ms-max; the goal is 100 ms). Select rows with the -bench
// pattern: every row takes 10 tries with -benchtime 10x.
func BenchmarkCancelContract(b *testing.B) {
	contractPositions()
	contract.Bench(b, contractRows(), contract.Options{})
}
