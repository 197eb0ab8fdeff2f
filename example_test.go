package kayles_test

import (
	"errors"
	"fmt"
	"math/rand/v2"

	"github.com/octalgames/kayles"
)

// Examples of the tables.

func ExampleTable() {
	t, err := kayles.NewTable(kayles.Small)
	if err != nil {
		panic(err)
	}
	fmt.Println(t.Knock(4)) // the middle pin leaves two rows of three
	fmt.Println(t, t.Position(), "player to move:", t.Player())
	pins, winning := t.Hint()
	fmt.Println("hint:", pins, winning)
	err = t.Knock(3, 5)
	fmt.Println(errors.Is(err, kayles.ErrNotSideBySide), err)
	text, _ := t.MarshalText()
	fmt.Println(string(text))
	// Output:
	// <nil>
	// |||.||| 3+3 player to move: 1
	// hint: [1] false
	// true kayles: cannot knock down pins 3 and 5: they are not side by side
	// kayles 7 normal moves 4
}

func ExampleTable_UnmarshalText() {
	var t kayles.Table
	if err := t.UnmarshalText([]byte("kayles 10 normal moves 5-6 1")); err != nil {
		panic(err)
	}
	fmt.Println(t.String(), t.Player())
	fmt.Println(t.Undo(), t.String())
	err := t.UnmarshalText([]byte("kayles 10 normal moves 5-6 6"))
	fmt.Println(errors.Is(err, kayles.ErrSyntax), t.String())
	// Output:
	// .|||..|||| 0
	// <nil> ||||..||||
	// true ||||..||||
}

func ExampleNimTable() {
	t, err := kayles.NewNimTable(true) // misère play, heaps 1 3 5 7
	if err != nil {
		panic(err)
	}
	heap, count, winning := t.Hint()
	fmt.Println(t, "hint:", heap, count, winning) // 1 3 5 7 is lost for the player to move
	fmt.Println(t.Take(4, 7))
	heap, count, winning = t.Hint()
	fmt.Println(t, "hint:", heap, count, winning)
	err = t.Take(4, 1)
	fmt.Println(errors.Is(err, kayles.ErrTakeTooMany), err)
	// Output:
	// 1 3 5 7 hint: 1 1 false
	// <nil>
	// 1 3 5 0 hint: 3 3 true
	// true kayles: cannot take 1 from heap 4: it is empty
}

func ExampleNewPerfect() {
	t, _ := kayles.NewTable(kayles.Large)
	players := []kayles.Opponent{
		kayles.NewRandom(rand.New(rand.NewPCG(1, 2))),
		kayles.NewPerfect(rand.New(rand.NewPCG(3, 4))),
	}
	for {
		pins, ok := players[t.Player()].ChooseKnock(t)
		if !ok {
			break
		}
		if err := t.Knock(pins...); err != nil {
			panic(err)
		}
	}
	winner, _ := t.Winner()
	fmt.Println(players[winner], "wins")
	// Output:
	// perfect wins
}
