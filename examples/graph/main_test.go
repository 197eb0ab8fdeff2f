package main

import (
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func runString(t *testing.T, stdin string, args ...string) (string, string, int) {
	t.Helper()
	var out, errOut strings.Builder
	code := run(args, strings.NewReader(stdin), &out, &errOut)
	return out.String(), errOut.String(), code
}

func TestPetersenGraph6(t *testing.T) {
	out, errOut, code := runString(t, "IheA@GUAo\n")
	require.Equal(t, 0, code, errOut)
	assert.Equal(t, `graph: 10 vertices, 15 edges, graph6 IheA@GUAo
Node Kayles: value 1, the player to move wins; winning moves: vertices 0 1 2 3 4 5 6 7 8 9
Arc Kayles: value 0, the player to move loses
misère Node Kayles: value 1, the player to move wins; winning moves: vertices 0 1 2 3 4 5 6 7 8 9
misère Arc Kayles: value 1, the player to move wins; winning moves: edges 0-1 0-4 0-5 1-2 1-6 2-3 2-7 3-4 3-8 4-9 5-7 5-8 6-8 6-9 7-9
`, out)
}

func TestEdgeListFile(t *testing.T) {
	name := filepath.Join(t.TempDir(), "p5.txt")
	require.NoError(t, os.WriteFile(name, []byte("# the path on 5 vertices\n5:\n0-1 1-2\n2-3 3-4\n"), 0o644))
	out, errOut, code := runString(t, "", "-misere=false", name)
	require.Equal(t, 0, code, errOut)
	// Dawson's Chess G(5) = 3 and Dawson's Kayles G(5) = 0, on heaps of five.
	assert.Equal(t, `graph: 5 vertices, 4 edges, graph6 DhC
Node Kayles: value 3, the player to move wins; winning moves: vertex 2
Arc Kayles: value 0, the player to move loses
`, out)
}

func TestSeveralGraph6Lines(t *testing.T) {
	out, errOut, code := runString(t, ">>graph6<<A_\n\nBw\n", "-misere=false")
	require.Equal(t, 0, code, errOut)
	assert.Equal(t, 2, strings.Count(out, "graph: "))
	assert.Contains(t, out, "graph: 3 vertices, 3 edges, graph6 Bw\nNode Kayles: value 1")
}

func TestErrors(t *testing.T) {
	_, errOut, code := runString(t, "A`\n")
	assert.Equal(t, 1, code)
	assert.Contains(t, errOut, "padding bits")
	_, errOut, code = runString(t, "4: 0-9\n")
	assert.Equal(t, 1, code)
	assert.Contains(t, errOut, "not a vertex")
	_, errOut, code = runString(t, "   \n# nothing\n")
	assert.Equal(t, 1, code)
	assert.Contains(t, errOut, "no graph")
	_, _, code = runString(t, "", "-nosuchflag")
	assert.Equal(t, 2, code)
	for _, d := range []string{"0s", "-1m"} {
		out, errOut, code := runString(t, "3: 0-1", "-timeout", d)
		assert.Equal(t, 2, code, "-timeout %s", d)
		assert.Empty(t, out, "-timeout %s: nothing is solved", d)
		assert.Contains(t, errOut, "-timeout must be a positive duration")
	}
	_, errOut, code = runString(t, "", "a", "b")
	assert.Equal(t, 2, code)
	assert.Contains(t, errOut, "one file at most, not 2")
	_, errOut, code = runString(t, "", "-h")
	assert.Equal(t, 0, code, "-h asks for the usage, which is no error")
	assert.Contains(t, errOut, "usage: graph")
	for _, status := range []string{"0 all solved", "1 input that cannot be read or parsed", "2 a bad command line", "3 a graph beyond the solver's limits"} {
		assert.Contains(t, errOut, status)
	}
	// A mistyped edge list (no colon) reads as graph6, and the message names both forms.
	for _, text := range []string{"garbage\n", "4 0-1 1-2\n"} {
		_, errOut, code = runString(t, text)
		assert.Equal(t, 1, code, "%q", text)
		assert.Contains(t, errOut, `graph: standard input: line 1 is neither an edge list (the vertex count, a colon and the edges: "4: 0-1 1-2 2-3") nor graph6: `, "%q", text)
	}
	// The line number is the text's, comments and blank lines counted.
	_, errOut, _ = runString(t, "# Petersen, then a typo\n\nIheA@GUAo\nbad!\n")
	assert.Contains(t, errOut, "graph: standard input: line 4 is neither an edge list")
	_, errOut, _ = runString(t, "4: 0-9\n")
	assert.Contains(t, errOut, "graph: standard input: edge list: ")
	// A graph beyond the time limit says so, names the flag that raises it, and exits with 3.
	out, errOut, code := runString(t, "40: "+path(40), "-timeout", "1ns")
	assert.Equal(t, 3, code)
	assert.Contains(t, out, "Node Kayles: not solved: gave up after 1ns (raise -timeout to wait longer)")
	assert.Contains(t, errOut, "graph: the graph took longer than -timeout 1ns")
	_, errOut, code = runString(t, "", filepath.Join(t.TempDir(), "missing"))
	assert.Equal(t, 1, code)
	assert.Contains(t, errOut, "no such file")
	// A component beyond the solver's limit is reported, not fatal to the rest.
	out, errOut, code = runString(t, "65: "+path(65), "-misere=false")
	assert.Equal(t, 3, code)
	assert.Contains(t, out, "Node Kayles: not solved: kayles: the Node Kayles value of a graph of 65 vertices and 64 edges needs more than 64 vertices in one connected component; this graph has one of 65")
	assert.Contains(t, errOut, "beyond the solver's limits")
}

// TestTimeoutMidSolve gives a graph that takes minutes a short -timeout: the program stops
// soon after it, says so, and exits with 3.
func TestTimeoutMidSolve(t *testing.T) {
	r := rand.New(rand.NewPCG(9, 10))
	var b strings.Builder
	b.WriteString("60:")
	for u := range 60 {
		for v := u + 1; v < 60; v++ {
			if r.Float64() < 4.0/59 {
				fmt.Fprintf(&b, " %d-%d", u, v)
			}
		}
	}
	start := time.Now()
	out, errOut, code := runString(t, b.String(), "-timeout", "100ms")
	elapsed := time.Since(start)
	assert.Equal(t, 3, code)
	assert.Contains(t, out, "Node Kayles: not solved: gave up after 100ms (raise -timeout to wait longer)")
	assert.Contains(t, out, "misère Arc Kayles: not solved: gave up after 100ms")
	assert.Contains(t, errOut, "took longer than -timeout 100ms")
	assert.Less(t, elapsed, 2*time.Second, "a generous bound, for a busy machine")
}

func path(n int) string {
	var b strings.Builder
	for i := 1; i < n; i++ {
		b.WriteString(" " + strconv.Itoa(i-1) + "-" + strconv.Itoa(i))
	}
	return b.String()
}
