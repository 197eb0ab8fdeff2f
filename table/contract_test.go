package table_test

import (
	"context"
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/octalgames/kayles"
	"github.com/octalgames/kayles/internal/contract"
	"github.com/octalgames/kayles/table"
)

// The contract suite of package table: every exported call that takes a context, asked about
// the largest tables of every kind (see package internal/contract for what each row checks
// and how). A computer must always move, and a hint always give one: with Background every
// row must answer with a legal move, a *kayles.LimitError is a failure (issue 27, item 4).
//
//	go test -run 'TestContract$' ./table
//	go test -run '^$' -bench 'BenchmarkCancelContract/Table.PlayComputer/' -benchtime 10x ./table

// contractSetups are the tables of the rows: rows of pins and heaps at the limits of a Table
// (MaxPins pins, MaxRows rows or heaps of MaxHeapSize), in both conventions, for codes
// answered in closed form (Kayles, Nim), by proven periods and by misère searches that reach
// their limits. Their seats are perfect computers; heavy ones take seconds with Background.
var contractSetups = []struct {
	name       string
	setup      table.Setup
	background contract.Background
}{
	{"0.07 misère, 1000 pins", contractSetup("0.07", table.Rows, table.Misere, 1000), contract.Heavy},
	{"0.07 normal, 1000 pins", contractSetup("0.07", table.Rows, table.Normal, 1000), contract.Light},
	{"0.77 misère, 1000 pins", contractSetup("0.77", table.Rows, table.Misere, 1000), contract.Light},
	{"0.77 normal, 100 rows of 10", contractSetup("0.77", table.Rows, table.Normal, contractRepeat(10, 100)...), contract.Light},
	{"0.6 misère, 1000 pins", contractSetup("0.6", table.Rows, table.Misere, 1000), contract.Heavy},
	{"0.7 misère, 100 rows of 10", contractSetup("0.7", table.Rows, table.Misere, contractRepeat(10, 100)...), contract.Heavy},
	{"0.1777 misère, 10 rows of 100", contractSetup("0.1777", table.Rows, table.Misere, contractRepeat(100, 10)...), contract.Heavy},
	{"0.[3] misère, 100 heaps of 1000", contractSetup("0.[3]", table.Heaps, table.Misere, contractRepeat(1000, 100)...), contract.Light},
	{"0.33 misère, 100 heaps of 1000", contractSetup("0.33", table.Heaps, table.Misere, contractRepeat(1000, 100)...), contract.Heavy},
	{"0.33 normal, 100 heaps of 1000", contractSetup("0.33", table.Heaps, table.Normal, contractRepeat(1000, 100)...), contract.Light},
}

// contractSetup returns the setup of a table of code with two perfect seats.
func contractSetup(code string, l table.Layout, c table.Convention, start ...int) table.Setup {
	return table.Setup{
		Rules: kayles.MustParseOctal(code), Layout: l, Start: start, Convention: c,
		Seats: [2]table.Level{table.Perfect, table.Perfect}, Seed: 27,
	}
}

// contractRepeat returns n copies of v.
func contractRepeat(v, n int) []int {
	s := make([]int, n)
	for i := range s {
		s[i] = v
	}
	return s
}

// contractRows returns the rows of package table. Each row sets up its own table.
func contractRows() []contract.Row {
	var rows []contract.Row
	add := func(call, input string, bg contract.Background, ask func(ctx context.Context) (string, error)) {
		rows = append(rows, contract.Row{Call: call, Input: input, Background: bg, Move: true, Ask: ask})
	}
	for _, s := range contractSetups {
		tab := func() *table.Table {
			t, err := table.New(s.setup)
			if err != nil {
				panic(err)
			}
			return t
		}
		add("Table.Hint", s.name, s.background, func(ctx context.Context) (string, error) {
			t := tab()
			return contractChosen(t, t.Turn())(t.Hint(ctx))
		})
		add("Table.PlayComputer", s.name, s.background, func(ctx context.Context) (string, error) {
			t := tab()
			return contractPlayed(t)(t.PlayComputer(ctx))
		})
		for _, level := range []table.Level{table.Perfect, table.Random} {
			in := s.name + ", " + level.String()
			bg := s.background
			if level == table.Random {
				bg = contract.Light
			}
			c := table.Computer{Level: level, Seed: 27}
			add("Computer.Choose", in, bg, func(ctx context.Context) (string, error) {
				t := tab()
				return contractChosen(t, -1)(c.Choose(ctx, t))
			})
			add("Computer.Play", in, bg, func(ctx context.Context) (string, error) {
				t := tab()
				return contractPlayed(t)(c.Play(ctx, t))
			})
		}
	}
	for _, conv := range []table.Convention{table.Normal, table.Misere} {
		in := fmt.Sprintf("%v, %d pins", conv, table.MaxPins)
		kay := func() *table.Kayles {
			k, err := table.NewKayles(conv, table.MaxPins)
			if err != nil {
				panic(err)
			}
			return k
		}
		add("Kayles.Hint", in, contract.Light, func(ctx context.Context) (string, error) {
			k := kay()
			m, winning, err := k.Hint(ctx)
			return contractKaylesMove(k, m, err == nil, err, fmt.Sprintf("winning %v", winning))
		})
		add("Kayles.Hint", in+", lost", contract.Light, func(ctx context.Context) (string, error) {
			k := kay()
			if err := k.Knock(table.MaxPins / 2); err != nil { // the middle pin of an even row: a lost position
				return "", err
			}
			m, winning, err := k.Hint(ctx)
			return contractKaylesMove(k, m, err == nil, err, fmt.Sprintf("winning %v", winning))
		})
		hs := contractRepeat(table.MaxHeapSize, table.MaxHeaps)
		hs[0] = 1
		nin := fmt.Sprintf("%v, %d heaps of %d", conv, table.MaxHeaps, table.MaxHeapSize)
		nim := func() *table.Nim {
			n, err := table.NewNim(conv, hs...)
			if err != nil {
				panic(err)
			}
			return n
		}
		add("Nim.Hint", nin, contract.Light, func(ctx context.Context) (string, error) {
			n := nim()
			m, winning, err := n.Hint(ctx)
			return contractNimMove(n, m, err == nil, err, fmt.Sprintf("winning %v", winning))
		})
		for _, c := range []table.Computer{perfect(27), symmetry(27), random(27)} {
			add("Computer.PlayKayles", in+", "+c.Level.String(), contract.Light, func(ctx context.Context) (string, error) {
				k := kay()
				m, v, err := c.PlayKayles(ctx, k)
				return contractKaylesPlayed(k, m, err, v.String())
			})
			add("Computer.PlayNim", nin+", "+c.Level.String(), contract.Light, func(ctx context.Context) (string, error) {
				n := nim()
				m, v, err := c.PlayNim(ctx, n)
				return contractNimPlayed(n, m, err, v.String())
			})
		}
	}
	return rows
}

// contractResults sorts the results of a call at a Table by type: the move, the turn it is
// for (an int), the error, and the others (whether the move wins, or what was proven of it)
// described. Reading them by type keeps the rows to the calls' contract, not to the order
// and number of their results.
func contractResults(rs ...any) (m table.Move, turn int, more string, err error) {
	turn = -1
	for _, r := range rs {
		switch r := r.(type) {
		case table.Move:
			m = r
		case int:
			turn = r
		case error:
			err = r
		case nil: // a nil error
		default:
			more += fmt.Sprint(" ", r)
		}
	}
	return m, turn, more, err
}

// contractChosen checks a move chosen at t, where the game is not over, for turn (-1: the
// turn the call returns): a legal move, played to check it, or the zero Move with an error.
func contractChosen(t *table.Table, turn int) func(...any) (string, error) {
	return func(rs ...any) (string, error) {
		m, at, more, err := contractResults(rs...)
		if err != nil {
			if m != (table.Move{}) {
				return "", contract.NotAnswer("the move %v beside the error %v", m, err)
			}
			return "", err
		}
		if turn < 0 {
			turn = at
		}
		if perr := t.Play(turn, m); perr != nil {
			return "", contract.NotAnswer("the move %v:%s: %v", m, more, perr)
		}
		return m.String() + more, nil
	}
}

// contractPlayed checks a move that a computer played at t, where the game was not over.
func contractPlayed(t *table.Table) func(...any) (string, error) {
	return func(rs ...any) (string, error) {
		m, _, more, err := contractResults(rs...)
		h := t.History()
		if err != nil {
			if len(h) > 0 || m != (table.Move{}) {
				return "", contract.NotAnswer("the move %v played beside the error %v", m, err)
			}
			return "", err
		}
		if len(h) != 1 || h[0] != m {
			return "", contract.NotAnswer("the move %v, and the history %v", m, h)
		}
		return m.String() + more, nil
	}
}

// contractKaylesMove checks a move chosen at a Kayles table where the game is not over.
func contractKaylesMove(k *table.Kayles, m table.KaylesMove, ok bool, err error, more string) (string, error) {
	switch {
	case err != nil && m != (table.KaylesMove{}):
		return "", contract.NotAnswer("the move %v beside the error %v", m, err)
	case err != nil:
		return "", err
	case !ok:
		return "", contract.NotAnswer("no move where the game is not over")
	}
	if perr := k.Play(m); perr != nil {
		return "", contract.NotAnswer("the move %v: %v", m, perr)
	}
	return fmt.Sprint(m, " ", more), nil
}

// contractNimMove checks a move chosen at a Nim table where the game is not over.
func contractNimMove(n *table.Nim, m table.NimMove, ok bool, err error, more string) (string, error) {
	switch {
	case err != nil && m != (table.NimMove{}):
		return "", contract.NotAnswer("the move %v beside the error %v", m, err)
	case err != nil:
		return "", err
	case !ok:
		return "", contract.NotAnswer("no move where the game is not over")
	}
	if perr := n.Play(m); perr != nil {
		return "", contract.NotAnswer("the move %v: %v", m, perr)
	}
	return fmt.Sprint(m, " ", more), nil
}

// contractKaylesPlayed checks a move that a computer played at a Kayles table where the game
// was not over.
func contractKaylesPlayed(k *table.Kayles, m table.KaylesMove, err error, more string) (string, error) {
	h := k.History()
	switch {
	case err != nil && (len(h) > 0 || m != (table.KaylesMove{})):
		return "", contract.NotAnswer("the move %v played beside the error %v", m, err)
	case err != nil:
		return "", err
	case len(h) != 1 || h[0] != m:
		return "", contract.NotAnswer("the move %v, and the history %v", m, h)
	}
	return fmt.Sprint(m, " ", more), nil
}

// contractNimPlayed checks a move that a computer played at a Nim table where the game was
// not over.
func contractNimPlayed(n *table.Nim, m table.NimMove, err error, more string) (string, error) {
	h := n.History()
	switch {
	case err != nil && (len(h) > 0 || m != (table.NimMove{})):
		return "", contract.NotAnswer("the move %v played beside the error %v", m, err)
	case err != nil:
		return "", err
	case len(h) != 1 || h[0] != m:
		return "", contract.NotAnswer("the move %v, and the history %v", m, h)
	}
	return fmt.Sprint(m, " ", more), nil
}

// TestContract asks every row of package table (see contractRows).
func TestContract(t *testing.T) {
	contract.Run(t, contractRows(), contract.Options{})
}

// TestContractAPI checks that every exported call of package table that takes a context has
// rows in the suite, the Computer's methods for the Kayles and Nim tables included: add a
// call, add a row.
func TestContractAPI(t *testing.T) {
	contract.CheckAPI(t, ".", contractRows())
	calls, _, err := contract.API(".")
	require.NoError(t, err)
	assert.Contains(t, calls, "Computer.PlayKayles")
	assert.NotContains(t, calls, "Table.Play")
}

// BenchmarkCancelContract measures how soon each row returns after its context is cancelled
// 20 ms into the call (ms-late, ms-max; the goal is 100 ms).
func BenchmarkCancelContract(b *testing.B) {
	contract.Bench(b, contractRows(), contract.Options{})
}
