package graph_test

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/octalgames/kayles"
	"github.com/octalgames/kayles/graph"
)

func Example() {
	// The Petersen graph has value 1: the player to move wins, by taking any vertex (with its
	// three neighbours), which leaves a 6-cycle of value 0.
	ctx := context.Background()
	g := graph.Petersen()
	v, err := graph.NodeKayles.Value(ctx, g)
	if err != nil {
		panic(err)
	}
	wins, err := graph.NodeKayles.WinningMoves(ctx, g)
	if err != nil {
		panic(err)
	}
	h, err := graph.NodeKayles.Play(g, wins[0])
	if err != nil {
		panic(err)
	}
	w, err := graph.NodeKayles.Value(ctx, h)
	if err != nil {
		panic(err)
	}
	fmt.Println(v, wins[0], h, w)
	// Output: 1 0 6: 0-1 0-3 1-4 2-4 2-5 3-5 0
}

func ExampleNodeGame_Value() {
	// Node Kayles on a path is Dawson's Chess.
	ctx := context.Background()
	v, err := graph.NodeKayles.Value(ctx, graph.Must(graph.Path(5)))
	if err != nil {
		panic(err)
	}
	w, _ := kayles.DawsonsChess.Grundy(ctx, 5)
	fmt.Println(v, w)
	// Output: 3 3
}

func ExampleNodeGame_WinningMoves() {
	ctx := context.Background()
	g := graph.Must(graph.Grid(3, 3)) // vertex 3r+c in row r, column c
	v, _ := graph.NodeKayles.Value(ctx, g)
	wins, _ := graph.NodeKayles.WinningMoves(ctx, g)
	fmt.Println(v, wins)
	// Output: 1 [0 2 4 6 8]
}

func ExampleArcGame_WinningMoves() {
	ctx := context.Background()
	g := graph.MustParse("6: 0-1 1-2 2-3 3-4 4-5")
	v, _ := graph.ArcKayles.Value(ctx, g)
	wins, _ := graph.ArcKayles.WinningMoves(ctx, g)
	fmt.Println(v, wins)
	// Output: 3 [[2 3]]
}

func ExampleParseGraph6() {
	g, err := graph.ParseGraph6("IheA@GUAo")
	if err != nil {
		panic(err)
	}
	fmt.Println(g.NumVertices(), g.NumEdges(), g.Equal(graph.Petersen()))
	fmt.Println(g)
	// Output:
	// 10 15 true
	// 10: 0-1 0-4 0-5 1-2 1-6 2-3 2-7 3-4 3-8 4-9 5-7 5-8 6-8 6-9 7-9
}

func ExampleNodeGame_MisereOutcome() {
	// With one vertex, the player to move must take it, and in misère play loses.
	o, _ := graph.NodeKayles.MisereOutcome(context.Background(), graph.Must(graph.Path(1)))
	fmt.Println(o)
	// Output: P
}

func ExampleNewNodeGame() {
	// A solver of bounded work: a question past the limit gets an error, not a wrong answer.
	node := graph.NewNodeGame(graph.Limits{Steps: 100000})
	_, err := node.Value(context.Background(), graph.Must(graph.Grid(5, 8)))
	var le *kayles.LimitError
	fmt.Println(errors.As(err, &le), errors.Is(err, kayles.ErrTooLarge), le.Limit, le.Unit)
	// Output: true true 100000 steps
}

func ExampleNodeGame_Value_timeout() {
	// A context bounds the time a solve may take.
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Millisecond)
	defer cancel()
	g := graph.Must(graph.Grid(7, 9))
	_, err := graph.NodeKayles.Value(ctx, g)
	fmt.Println(errors.Is(err, context.DeadlineExceeded))
	// Output: true
}

func ExamplePath_error() {
	_, err := graph.Path(-1)
	fmt.Println(errors.Is(err, kayles.ErrRange))
	fmt.Println(err)
	// Output:
	// true
	// kayles: graph.Path size -1 is out of range: want 0 to 131072
}
