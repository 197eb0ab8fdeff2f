package main

import (
	"bytes"
	"context"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func runMisere(t *testing.T, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	var out, errOut bytes.Buffer
	code = run(context.Background(), args, &out, &errOut)
	return code, out.String(), errOut.String()
}

// TestTour checks the default output, which the program printed before it took flags: the
// misère winning moves of a row of 7 Kayles pins (Winning Ways ch. 13: 7 = 1+5 or 3+3).
func TestTour(t *testing.T) {
	code, out, errOut := runMisere(t)
	require.Equal(t, 0, code)
	assert.Empty(t, errOut)
	assert.Equal(t, 9, strings.Count(out, "\n"))
	assert.Contains(t, out, "row of 7 pins:\n  normal: first player wins  7-2=1+4 |..||||, 7-1=3+3 |||.|||\n")
	assert.Contains(t, out, "  misère: first player wins  7-1=1+5 |.|||||, 7-1=3+3 |||.|||\n")
	assert.Contains(t, out, "row of 13 pins:\n")
}

// TestAnswer checks answers about Dawson's Kayles (0.07, values 0 0 1 1 2 0 3 1 1 0 ...):
// 3+5 has normal value 1 ⊕ 0 = 1 and loses in misère play, as the genus 1 = 1^031 of *1 says;
// 4+5 wins by leaving 2+5, of misère value 0 too.
func TestAnswer(t *testing.T) {
	code, out, errOut := runMisere(t, "-code", "0.07", "-position", "5 3")
	require.Equal(t, 0, code, errOut)
	assert.Equal(t, "0.07, position 3+5, misère play (whoever cannot move wins):\n"+
		"  outcome: P, the player to move loses against perfect play\n"+
		"  winning move: none, the position is lost\n"+
		"  answered through the misère quotient of the heaps of at most 5 (order 6)\n"+
		"  genus: 1 (normal value 1, misère value 0)\n"+
		"  misère canonical form: *[1]\n", out)
	assert.Empty(t, errOut)

	code, out, _ = runMisere(t, "-code", "0.07", "-position", "4,5")
	require.Equal(t, 0, code)
	assert.Contains(t, out, "  outcome: N, the player to move wins\n  winning move: 4-2=2, leaving 2+5\n")
	code, out, _ = runMisere(t, "-code", "0.07", "-position", "2+5")
	require.Equal(t, 0, code)
	assert.Contains(t, out, "  outcome: P,")

	// Heaps of 1 admit no move in Dawson's Kayles: the player to move has already won.
	code, out, _ = runMisere(t, "-code", "0.07", "-position", "1 1")
	require.Equal(t, 0, code)
	assert.Contains(t, out, "  outcome: N, the player to move wins\n  winning move: none needed")

	// Kayles, by default, answers long rows at once; the genus is not cheap there.
	code, out, _ = runMisere(t, "-position", "30 41")
	require.Equal(t, 0, code)
	assert.Contains(t, out, "0.77, position 30+41, misère play")
	assert.Contains(t, out, "  outcome: N, the player to move wins\n  winning move: 30-1=29, leaving 29+41\n")
	assert.Contains(t, out, "  genus: not computed, it needs more than 65536 search steps\n")
	assert.Contains(t, out, "  answered by the Sibert–Conway rule\n")

	// A quotient answers what it covers; a heap beyond the cheap quotient goes to the search.
	code, out, _ = runMisere(t, "-code", "0.75", "-position", "30 41 1000")
	require.Equal(t, 0, code)
	assert.Contains(t, out, "  answered through the misère quotient of the whole game (order 8)\n")
	code, out, _ = runMisere(t, "-code", "0.07", "-position", "25", "-steps", "3000")
	require.Equal(t, 0, code)
	assert.Contains(t, out, "  answered by the search\n")
}

func TestBeyondTheLimit(t *testing.T) {
	code, out, errOut := runMisere(t, "-code", "0.07", "-position", "30 41", "-steps", "1000")
	assert.Equal(t, 3, code)
	assert.Equal(t, "0.07, position 30+41, misère play (whoever cannot move wins):\n"+
		"  outcome: beyond the limit: the misère outcome of 30+41 in 0.07 needs more than 1000 search steps; "+
		"ask about a smaller position, or raise -steps (now 1000)\n", out)
	assert.Empty(t, errOut)
}

// TestTimeout asks a question that takes at least a second (0.07 30+41 examines about a
// million positions) with 50ms to answer it. It checks what the program says, not how long it
// takes.
func TestTimeout(t *testing.T) {
	code, out, errOut := runMisere(t, "-code", "0.07", "-position", "30 41", "-timeout", "50ms")
	assert.Equal(t, 3, code)
	assert.Contains(t, out, "  outcome: not known\n")
	assert.NotContains(t, out, "winning move")
	assert.Equal(t, "misere: stopped after 50ms (-timeout) before the misère outcome of 30+41 in 0.07 was known; raise -timeout, or ask about a smaller position\n", errOut)
}

// TestTimeoutEndsTool checks that -timeout ends the tool within a second of the deadline in
// the middle of a search that would take seconds more (the misère outcome of 40+41+42+43 in
// Officers), and for the position that once hung the library (one huge heap of 0.7, issue 27),
// which is now answered well within its deadline. The margins are for a loaded machine.
func TestTimeoutEndsTool(t *testing.T) {
	type result struct {
		code        int
		out, errOut string
	}
	ask := func(code, position, timeout string) (result, time.Duration) {
		done := make(chan result, 1)
		start := time.Now()
		go func() {
			code, out, errOut := runMisere(t, "-code", code, "-position", position, "-timeout", timeout)
			done <- result{code, out, errOut}
		}()
		select {
		case r := <-done:
			return r, time.Since(start)
		case <-time.After(10 * time.Second):
			t.Fatalf("-code %s -position %s -timeout %s: the tool had not ended after 10 s", code, position, timeout)
			return result{}, 0
		}
	}
	r, took := ask("0.6", "40 41 42 43", "200ms")
	assert.Equal(t, 3, r.code)
	assert.Contains(t, r.errOut, "misere: stopped after 200ms (-timeout) before")
	assert.Less(t, took, 3200*time.Millisecond)

	// The answer takes a few milliseconds; the genus search after it 65,536 steps, which
	// under the race detector on a loaded machine took more than 200 ms, so this deadline
	// is a few seconds and the check is that the tool answers within it.
	r, took = ask("0.7", "1099511627776", "5s")
	assert.Equal(t, 0, r.code, r.errOut)
	assert.Contains(t, r.out, "winning move")
	assert.Less(t, took, 8*time.Second)
}

func TestInterrupt(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	var out, errOut bytes.Buffer
	code := run(ctx, []string{"-code", "0.07", "-position", "30 41"}, &out, &errOut)
	assert.Equal(t, 1, code)
	assert.Contains(t, errOut.String(), "misere: interrupted before the misère outcome of 30+41 in 0.07 was known")
}

func TestBadFlags(t *testing.T) {
	for _, args := range [][]string{
		{"-bogus"},
		{"extra"},
		{"-code", "1.7"},
		{"-code", "0.7x"},
		{"-position", "3 -5"},
		{"-position", "3 x"},
		{"-timeout", "-1s"},
		{"-steps", "0"},
	} {
		code, _, errOut := runMisere(t, args...)
		assert.Equal(t, 2, code, "%q", args)
		assert.Contains(t, errOut, "usage: misere", "%q", args)
	}
	code, _, errOut := runMisere(t, "-h")
	assert.Equal(t, 0, code)
	assert.Contains(t, errOut, "exit status:")
}

func TestQuotient(t *testing.T) {
	code, out, _ := runMisere(t, "-quotient", "-code", "0.75", "-n", "30")
	require.Equal(t, 0, code)
	assert.Contains(t, out, "order 8, P-portion of 2")
	assert.Contains(t, out, "<a, b, c | a^2 = 1, b^3 = b, bc = ab, c^2 = b^2>")
	assert.Contains(t, out, "periodic from heap 8 with period 2 (proven)")
	assert.Contains(t, out, "0.75, misère quotient of the whole game (Φ proven periodic with the heaps up to 21):")
	// A position far beyond the search, answered through the quotient.
	code, out, _ = runMisere(t, "-quotient", "-code", "0.75", "-position", "30 41 1000", "-steps", "1000")
	require.Equal(t, 0, code)
	assert.Contains(t, out, "outcome: N")
	code, _, _ = runMisere(t, "-quotient", "-n", "-1")
	assert.Equal(t, 2, code)
}

// TestCompare saves quotients and compares them: 0.75 (the whole game, Φ periodic by heap
// 21) and 0.115 to heap 24 both have order 8, and every misère quotient of order 8 is R8
// (A. N. Siegel, "The structure and classification of misère quotients",
// arXiv:math/0703070, 2007), so they are isomorphic; Dawson's Kayles to heap 12 (order 12)
// is not. A file that is not a quotient is refused.
func TestCompare(t *testing.T) {
	dir := t.TempDir()
	r8, other, dk := dir+"/r8.txt", dir+"/0.115.txt", dir+"/dk.txt"
	for _, c := range [][]string{{"0.75", "30", r8}, {"0.115", "24", other}, {"0.07", "12", dk}} {
		code, out, errOut := runMisere(t, "-quotient", "-code", c[0], "-n", c[1], "-save", c[2])
		require.Equal(t, 0, code, errOut)
		assert.Contains(t, out, "  saved to "+c[2]+"\n")
	}
	code, out, errOut := runMisere(t, "-compare", r8, other)
	require.Equal(t, 0, code, errOut)
	assert.Contains(t, out, r8+": 0.75 to heap 21, order 8, P-portion of 2\n  <a, b, c | a^2 = 1, b^3 = b, bc = ab, c^2 = b^2>\n")
	assert.Contains(t, out, "\nisomorphic: yes")
	code, out, _ = runMisere(t, "-compare", r8, dk)
	require.Equal(t, 0, code)
	assert.Contains(t, out, "\nisomorphic: no\n")

	require.NoError(t, os.WriteFile(dir+"/bad.txt", []byte("misère quotient of 0.75 to heap 3\n"), 0o644))
	code, _, errOut = runMisere(t, "-compare", r8, dir+"/bad.txt")
	assert.Equal(t, 1, code)
	assert.Contains(t, errOut, "bad.txt")
	code, _, _ = runMisere(t, "-compare", r8)
	assert.Equal(t, 2, code)
	code, _, _ = runMisere(t, "-save", r8)
	assert.Equal(t, 2, code)
}
