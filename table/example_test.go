package table_test

import (
	"context"
	"errors"
	"fmt"

	"github.com/octalgames/kayles"
	"github.com/octalgames/kayles/table"
)

func ExampleKayles() {
	ctx := context.Background()
	t, err := table.NewKayles(table.Normal, table.Small)
	if err != nil {
		panic(err)
	}
	fmt.Println(t.Knock(4)) // the middle pin leaves two rows of three
	fmt.Println(t, t.Position(), "player to move:", t.Player())
	m, winning, err := t.Hint(ctx)
	if err != nil {
		panic(err)
	}
	fmt.Println("hint:", m.Pins(), winning)
	err = t.Knock(3, 5)
	fmt.Println(errors.Is(err, table.ErrNotSideBySide), errors.Is(err, kayles.ErrIllegalMove), err)
	text, _ := t.MarshalText()
	fmt.Println(string(text))
	// Output:
	// <nil>
	// |||.||| 3+3 player to move: 1
	// hint: [1] false
	// true true cannot knock down pins 3 and 5: they are not side by side
	// kayles 7 normal moves 4
}

func ExampleKayles_UnmarshalText() {
	var t table.Kayles
	if err := t.UnmarshalText([]byte("kayles 10 normal moves 5-6 1")); err != nil {
		panic(err)
	}
	fmt.Println(t.String(), t.Player(), t.History())
	fmt.Println(t.Undo(), t.String())
	err := t.UnmarshalText([]byte("kayles 10 normal moves 5-6 6"))
	fmt.Println(errors.Is(err, kayles.ErrSyntax), t.String())
	// Output:
	// .|||..|||| 0 [5-6 1]
	// <nil> ||||..||||
	// true ||||..||||
}

func ExampleNim() {
	ctx := context.Background()
	t, err := table.NewNim(table.Misere) // heaps 1 3 5 7
	if err != nil {
		panic(err)
	}
	m, winning, _ := t.Hint(ctx)
	fmt.Println(t, "hint:", m, winning) // 1 3 5 7 is lost for the player to move
	fmt.Println(t.Take(4, 7))
	m, winning, _ = t.Hint(ctx)
	fmt.Println(t, "hint:", m, winning)
	err = t.Take(4, 1)
	fmt.Println(errors.Is(err, table.ErrTakeTooMany), err)
	// Output:
	// 1 3 5 7 hint: 1:1 false
	// <nil>
	// 1 3 5 0 hint: 3:3 true
	// true cannot take 1 from heap 4: it is empty
}

// A Computer plays the Kayles and Nim tables as it plays a Table: here a random and a perfect
// computer at a row of 13 pins.
func ExampleComputer_PlayKayles() {
	ctx := context.Background()
	t, _ := table.NewKayles(table.Normal, table.Large)
	players := []table.Computer{{Level: table.Random, Seed: 1}, {Level: table.Perfect, Seed: 2}}
	for {
		if winner, over := t.Winner(); over {
			fmt.Println(players[winner].Level, "wins")
			break
		}
		if _, _, err := players[t.Player()].PlayKayles(ctx, t); err != nil {
			panic(err)
		}
	}
	// Output:
	// perfect wins
}

// A person plays Nim against the perfect computer: the program plays the person's move, then
// the computer's, which says whether it wins against any defence.
func ExampleComputer_PlayNim() {
	ctx := context.Background()
	t, _ := table.NewNim(table.Normal, 2, 3)
	computer := table.Computer{Level: table.Perfect, Seed: 1}
	fmt.Println(t.Take(1, 2)) // the person empties heap 1
	m, v, err := computer.PlayNim(ctx, t)
	fmt.Println("the computer takes", m, v, err)
	fmt.Println(t)
	// Output:
	// <nil>
	// the computer takes 2:3 wins <nil>
	// 0 0
}

func ExampleTable() {
	ctx := context.Background()
	// Dawson's Kayles on two rows: a move knocks down two pins side by side.
	t, err := table.New(table.Setup{Rules: kayles.DawsonsKayles, Start: []int{5, 3},
		Seats: [2]table.Level{table.Human, table.Perfect}, Seed: 1})
	if err != nil {
		panic(err)
	}
	fmt.Println(t, t.Position())
	err = t.Play(t.Turn(), table.Move{Row: 1, Pin: 2, Count: 1})
	fmt.Println(errors.Is(err, table.ErrRules), err)
	fmt.Println(t.Play(0, table.Move{Row: 1, Pin: 1, Count: 2}))
	err = t.Play(0, table.Move{Row: 2, Pin: 1, Count: 2}) // move 0 was played: too late
	fmt.Println(errors.Is(err, table.ErrStale))
	m, v, err := t.PlayComputer(ctx) // v: the move wins, no move wins (loses), or unproven
	fmt.Println(m, v, err, t)
	n, err := t.UndoTo(t.Turn(), 0)
	fmt.Println(n, err, t)
	text, _ := t.MarshalText()
	fmt.Println(string(text))
	// Output:
	// ||||| ||| 3+5
	// true cannot knock down pin 2 of row 1: this game does not allow knocking down 1 pin inside a row
	// <nil>
	// true
	// row 2, pins 2-3 loses <nil> ..||| |..
	// 2 <nil> ||||| |||
	// table 0.07 rows 5 3 normal seats human perfect seed 1 moves
}

func ExampleComputer() {
	ctx := context.Background()
	// The perfect computer against a random one at Standard Nim, misère play.
	t, err := table.New(table.NimSetup(table.Misere))
	if err != nil {
		panic(err)
	}
	players := []table.Computer{{Level: table.Random, Seed: 3}, {Level: table.Perfect, Seed: 4}}
	for {
		if w, over := t.Winner(); over {
			fmt.Println("winner:", players[w].Level)
			break
		}
		if _, _, err := players[t.Player()].Play(ctx, t); err != nil {
			panic(err)
		}
	}
	// Output:
	// winner: perfect
}
