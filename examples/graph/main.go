// Command graph reads a graph and prints its Node Kayles and Arc Kayles values and winning
// moves, in normal and misère play.
//
// Usage:
//
//	graph [-timeout 1m] [-misere=false] [file]
//
// The graph comes from the file, or from standard input when no file is named, in either of
// two formats: the edge-list text of graph.Parse ("4: 0-1 1-2 2-3", '#' comments
// allowed), or graph6, the format of nauty and networkx, one graph a line (an optional
// ">>graph6<<" header is allowed; every line is solved in turn). Vertices are numbered from 0.
//
// Each graph gets at most -timeout for all its questions. The exit status is 0 when everything
// was solved, 1 when an input could not be read or parsed, 2 for a bad command line, and 3
// when a graph is beyond the solver's limits or took longer than -timeout, as for the other
// examples.
//
// Example:
//
//	$ echo 'IheA@GUAo' | go run ./examples/graph
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"
	"time"

	"github.com/octalgames/kayles/graph"
)

// This file implements the graph example: reading graphs and printing their Kayles values.

func main() {
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("graph", flag.ContinueOnError)
	fs.SetOutput(stderr)
	timeout := fs.Duration("timeout", time.Minute, "give up on a graph after this long")
	misere := fs.Bool("misere", true, "also solve misère play")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: graph [-timeout 1m] [-misere=false] [file]")
		fmt.Fprintln(stderr, "reads a graph as an edge list (\"4: 0-1 1-2 2-3\") or graph6 lines, from file or stdin")
		fmt.Fprintln(stderr, "exit status: 0 all solved; 1 input that cannot be read or parsed; 2 a bad command line;")
		fmt.Fprintln(stderr, "3 a graph beyond the solver's limits or longer than -timeout")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return 0 // -h asked for the usage, which fs.Parse has printed
		}
		return 2
	}
	if *timeout <= 0 {
		fmt.Fprintln(stderr, "graph: -timeout must be a positive duration, such as 1m")
		fs.Usage()
		return 2
	}
	in := stdin
	name := "standard input"
	switch fs.NArg() {
	case 0:
	case 1:
		f, err := os.Open(fs.Arg(0))
		if err != nil {
			fmt.Fprintln(stderr, "graph:", err)
			return 1
		}
		defer f.Close()
		in, name = f, fs.Arg(0)
	default:
		fmt.Fprintf(stderr, "graph: one file at most, not %d\n", fs.NArg())
		fs.Usage()
		return 2
	}
	// A graph6 line of MaxVertices vertices is about 22 MB; refuse more than twice that.
	data, err := io.ReadAll(io.LimitReader(in, 48<<20))
	if err != nil {
		fmt.Fprintln(stderr, "graph:", err)
		return 1
	}
	graphs, err := parse(string(data))
	if err != nil {
		fmt.Fprintf(stderr, "graph: %s: %v\n", name, err)
		return 1
	}
	status := 0
	for i, g := range graphs {
		if i > 0 {
			fmt.Fprintln(stdout)
		}
		ctx, cancel := context.WithTimeoutCause(context.Background(), *timeout,
			fmt.Errorf("gave up after %v (raise -timeout to wait longer)", *timeout))
		ok := report(ctx, stdout, g, *misere)
		switch {
		case !ok && errors.Is(ctx.Err(), context.DeadlineExceeded):
			fmt.Fprintf(stderr, "graph: %s took longer than -timeout %v; see above\n", which(i, len(graphs)), *timeout)
			status = 3
		case !ok:
			fmt.Fprintf(stderr, "graph: %s is beyond the solver's limits in some games; see above\n", which(i, len(graphs)))
			status = 3
		}
		cancel()
	}
	return status
}

// which names the i-th of n graphs for a message.
func which(i, n int) string {
	if n == 1 {
		return "the graph"
	}
	return "graph " + strconv.Itoa(i+1)
}

// parse reads an edge list when the text has a ':' outside comments (graph6 never has one),
// otherwise graph6 lines. A text that is neither gets an error that names both forms, since a
// mistyped edge list without its colon reads as bad graph6.
func parse(text string) ([]*graph.Graph, error) {
	type line struct {
		n    int // its number in the text, from 1
		text string
	}
	var lines []line
	edgeList := false
	n := 0
	for l := range strings.Lines(text) {
		n++
		body, _, _ := strings.Cut(l, "#")
		if strings.Contains(body, ":") {
			edgeList = true
		}
		if s := strings.TrimSpace(body); s != "" {
			lines = append(lines, line{n, s})
		}
	}
	if edgeList {
		g, err := graph.Parse(text)
		if err != nil {
			return nil, fmt.Errorf("edge list: %w", err)
		}
		return []*graph.Graph{g}, nil
	}
	if len(lines) == 0 {
		return nil, errors.New("no graph: want an edge list such as \"4: 0-1 1-2 2-3\" or graph6 lines")
	}
	var graphs []*graph.Graph
	for _, l := range lines {
		g, err := graph.ParseGraph6(l.text)
		if err != nil {
			return nil, fmt.Errorf("line %d is neither an edge list (the vertex count, a colon and the edges: \"4: 0-1 1-2 2-3\") nor graph6: %w", l.n, err)
		}
		graphs = append(graphs, g)
	}
	return graphs, nil
}

// cause returns the reason ctx gave for err when err is ctx's deadline, and err otherwise.
func cause(ctx context.Context, err error) error {
	if errors.Is(err, context.DeadlineExceeded) && context.Cause(ctx) != nil {
		return context.Cause(ctx)
	}
	return err
}

// report prints what it can solve of g and returns false when something failed.
func report(ctx context.Context, stdout io.Writer, g *graph.Graph, misere bool) bool {
	fmt.Fprintf(stdout, "graph: %s, %s, graph6 %s\n", count(g.NumVertices(), "vertex", "vertices"),
		count(g.NumEdges(), "edge", "edges"), shorten(g.Graph6()))
	ok := true
	fail := func(what string, err error) {
		fmt.Fprintf(stdout, "%s: not solved: %v\n", what, cause(ctx, err))
		ok = false
	}
	if v, err := graph.NodeKayles.Value(ctx, g); err != nil {
		fail("Node Kayles", err)
	} else if wins, err := graph.NodeKayles.WinningMoves(ctx, g); err != nil {
		fail("Node Kayles", err)
	} else {
		fmt.Fprintf(stdout, "Node Kayles: value %d, %s%s\n", v, verdict(v), vertices(wins))
	}
	if v, err := graph.ArcKayles.Value(ctx, g); err != nil {
		fail("Arc Kayles", err)
	} else if wins, err := graph.ArcKayles.WinningMoves(ctx, g); err != nil {
		fail("Arc Kayles", err)
	} else {
		fmt.Fprintf(stdout, "Arc Kayles: value %d, %s%s\n", v, verdict(v), edges(wins))
	}
	if misere {
		ok = reportMisere(ctx, stdout, g) && ok
	}
	return ok
}

// reportMisere prints the misère values of g and returns false when something failed.
func reportMisere(ctx context.Context, stdout io.Writer, g *graph.Graph) bool {
	ok := true
	fail := func(what string, err error) {
		fmt.Fprintf(stdout, "%s: not solved: %v\n", what, cause(ctx, err))
		ok = false
	}
	if v, err := graph.NodeKayles.MisereValue(ctx, g); err != nil {
		fail("misère Node Kayles", err)
	} else if wins, err := graph.NodeKayles.MisereWinningMoves(ctx, g); err != nil {
		fail("misère Node Kayles", err)
	} else {
		fmt.Fprintf(stdout, "misère Node Kayles: value %d, %s%s\n", v, verdict(v), vertices(wins))
	}
	if v, err := graph.ArcKayles.MisereValue(ctx, g); err != nil {
		fail("misère Arc Kayles", err)
	} else if wins, err := graph.ArcKayles.MisereWinningMoves(ctx, g); err != nil {
		fail("misère Arc Kayles", err)
	} else {
		fmt.Fprintf(stdout, "misère Arc Kayles: value %d, %s%s\n", v, verdict(v), edges(wins))
	}
	return ok
}

func verdict(v int) string {
	if v == 0 {
		return "the player to move loses"
	}
	return "the player to move wins"
}

func vertices(vs []int) string {
	if len(vs) == 0 {
		return ""
	}
	var b strings.Builder
	if len(vs) > 1 {
		b.WriteString("; winning moves: vertices")
	} else {
		b.WriteString("; winning moves: vertex")
	}
	for _, v := range vs {
		b.WriteString(" " + strconv.Itoa(v))
	}
	return b.String()
}

func edges(es [][2]int) string {
	if len(es) == 0 {
		return ""
	}
	var b strings.Builder
	b.WriteString("; winning moves: edge")
	if len(es) > 1 {
		b.WriteString("s")
	}
	for _, e := range es {
		fmt.Fprintf(&b, " %d-%d", e[0], e[1])
	}
	return b.String()
}

func count(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return strconv.Itoa(n) + " " + many
}

func shorten(s string) string {
	if len(s) > 40 {
		return s[:40] + "..."
	}
	return s
}
