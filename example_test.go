package kayles_test

import (
	"fmt"

	"github.com/octalgames/kayles"
)

// Examples for graphs (issue 6).

func ExampleNodeGame_Grundy() {
	// Node Kayles on a path is Dawson's Chess.
	v, err := kayles.NodeKayles.Grundy(kayles.PathGraph(5))
	if err != nil {
		panic(err)
	}
	fmt.Println(v, kayles.DawsonsChess.Grundy(5))
	// Output: 3 3
}

func ExampleNodeGame_WinningMoves() {
	g := kayles.GridGraph(3, 3) // vertex 3r+c in row r, column c
	v, _ := kayles.NodeKayles.Grundy(g)
	wins, _ := kayles.NodeKayles.WinningMoves(g)
	fmt.Println(v, wins)
	// Output: 1 [0 2 4 6 8]
}

func ExampleArcGame_WinningMoves() {
	g := kayles.MustParseGraph("6: 0-1 1-2 2-3 3-4 4-5")
	v, _ := kayles.ArcKayles.Grundy(g)
	wins, _ := kayles.ArcKayles.WinningMoves(g)
	fmt.Println(v, wins)
	// Output: 3 [[2 3]]
}

func ExampleParseGraph6() {
	g, err := kayles.ParseGraph6("IheA@GUAo")
	if err != nil {
		panic(err)
	}
	fmt.Println(g.NumVertices(), g.NumEdges(), g.Equal(kayles.PetersenGraph()))
	fmt.Println(g)
	// Output:
	// 10 15 true
	// 10: 0-1 0-4 0-5 1-2 1-6 2-3 2-7 3-4 3-8 4-9 5-7 5-8 6-8 6-9 7-9
}

func ExampleNodeGame_MisereOutcome() {
	// With one vertex, the player to move must take it, and in misère play loses.
	o, _ := kayles.NodeKayles.MisereOutcome(kayles.PathGraph(1))
	fmt.Println(o)
	// Output: P
}
