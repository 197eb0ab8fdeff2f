package kayles

import (
	"bufio"
	"context"
	"os"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// cgsuiteGamma expands a genus printed by CGSuite into g and its values γk. CGSuite prints a
// nim-heap with no superscript, a tame or restive game with one digit, and a wild game with
// the values up to where they alternate (at least two).
func cgsuiteGamma(t *testing.T, s string) (int, func(k int) int) {
	base, sup, _ := strings.Cut(s, "^")
	g, err := strconv.Atoi(base)
	require.NoError(t, err, s)
	var digits []int
	for _, c := range sup {
		digits = append(digits, int(c-'0'))
	}
	switch len(digits) {
	case 0: // a nim-heap: 0^120, 1^031, g^{g g⊕2}
		return g, func(k int) int {
			if k == 0 && g < 2 {
				return g ^ 1
			}
			return g ^ (k&1)<<1
		}
	case 1: // tame (or restive with γ0 < 4): γ0, then g, g⊕2 alternately
		require.True(t, digits[0] < 4 || digits[0] == g, s)
		return g, func(k int) int {
			if k == 0 {
				return digits[0]
			}
			if digits[0] < 4 {
				return digits[0] ^ (k&1)<<1
			}
			return g ^ (k&1)<<1
		}
	}
	n := len(digits)
	return g, func(k int) int {
		if k < n {
			return digits[k]
		}
		return digits[n-2+(k-n)%2]
	}
}

// TestGenusReference checks the misère nim-values and genera of single heaps against CGSuite.
func TestGenusReference(t *testing.T) {
	f, err := os.Open("testdata/misere_genus.txt")
	require.NoError(t, err)
	defer f.Close()
	sc := bufio.NewScanner(f)
	require.True(t, sc.Scan())
	require.True(t, strings.HasPrefix(sc.Text(), "# source:"))
	lines := 0
	for sc.Scan() {
		if strings.HasPrefix(sc.Text(), "#") {
			continue
		}
		fields := strings.Fields(sc.Text())
		require.Len(t, fields, 4, sc.Text())
		o := MustParseOctal(fields[0])
		n, err := strconv.Atoi(fields[1])
		require.NoError(t, err)
		want, err := strconv.Atoi(fields[2])
		require.NoError(t, err)
		p := MustNewPosition(n)
		assert.Equal(t, want, must(o.MisereValue(ctx, p)), "%s heap %d", o, n)
		lines++
		if fields[3] == "-" {
			continue
		}
		genus := must(o.Genus(ctx, p))
		g, gamma := cgsuiteGamma(t, fields[3])
		assert.Equal(t, g, genus.Normal, "%s heap %d", o, n)
		assert.Equal(t, must(o.Grundy(ctx, n)), genus.Normal, "%s heap %d", o, n)
		for k := range 12 {
			assert.Equal(t, gamma(k), genus.Gamma(k), "%s heap %d: γ%d of %s", o, n, k, fields[3])
		}
		assert.Equal(t, fields[3], genus.String(), "%s heap %d", o, n)
	}
	require.NoError(t, sc.Err())
	assert.Equal(t, 42, lines)
}

// misereWithTwos is the slow reference for γk: the misère nim-value of p plus twos nim-heaps of
// 2 and ones nim-heaps of 1, by the mex rule on every move, with no lemma used.
func misereWithTwos(o *Octal, p Position, twos, ones int, memo map[[3]string]int) int {
	key := [3]string{p.String(), strconv.Itoa(twos), strconv.Itoa(ones)}
	if v, ok := memo[key]; ok {
		return v
	}
	seen := map[int]bool{}
	moved := false
	for m := range o.Moves(p) {
		q, _ := o.Play(p, m)
		seen[misereWithTwos(o, q, twos, ones, memo)] = true
		moved = true
	}
	if twos > 0 {
		seen[misereWithTwos(o, p, twos-1, ones+1, memo)] = true
		seen[misereWithTwos(o, p, twos-1, ones, memo)] = true
		moved = true
	}
	if ones > 0 {
		seen[misereWithTwos(o, p, twos, ones-1, memo)] = true
		moved = true
	}
	v := 0
	if !moved {
		v = 1
	}
	for seen[v] {
		v++
	}
	memo[key] = v
	return v
}

// TestGenusAgainstSearch compares the genus, value by value, with the slow reference.
func TestGenusAgainstSearch(t *testing.T) {
	for _, c := range []struct {
		o      *Octal
		tokens int
	}{{Kayles, 11}, {DawsonsKayles, 13}, {MustParseOctal("4.7"), 9}, {MustParseOctal("0.8F"), 9}} {
		memo := map[[3]string]int{}
		for _, p := range miserePartitions(c.tokens) {
			genus := must(c.o.Genus(ctx, p))
			assert.Equal(t, must(c.o.Value(ctx, p)), genus.Normal, "%s %v", c.o, p)
			for k := range 6 {
				if !assert.Equal(t, misereWithTwos(c.o, p, k, 0, memo), genus.Gamma(k), "%s %v γ%d", c.o, p, k) {
					return
				}
			}
			assert.Equal(t, must(c.o.MisereOutcome(ctx, p)) == Previous, must(c.o.MisereValue(ctx, p)) == 0, "%s %v", c.o, p)
		}
	}
}

func TestGenusString(t *testing.T) {
	assert.Equal(t, "12^(12,14)", Genus{Normal: 12, Misere: []int{12, 14}}.String())
	assert.Equal(t, "1^031", Genus{Normal: 1, Misere: []int{0, 3, 1}}.String()) // written in full
	assert.Equal(t, "0", must(Kayles.Genus(ctx, Position{})).String())
	assert.Equal(t, "1", must(Kayles.Genus(ctx, MustNewPosition(1))).String())
	assert.Equal(t, "0^0", must(Kayles.Genus(ctx, MustNewPosition(2, 2))).String()) // tame: 0, 2, 0, 2, ...
	assert.Equal(t, []int{0, 2}, must(Kayles.Genus(ctx, MustNewPosition(2, 2))).Misere)
	// Nim positions: *1+*1 is 0 and *1+*a is *(a⊕1) in misère play, and *2+*3 is tame (1^131).
	assert.Equal(t, "0", must(Kayles.Genus(ctx, MustNewPosition(1, 1))).String())
	assert.Equal(t, "3", must(Kayles.Genus(ctx, MustNewPosition(1, 2))).String())
	assert.Equal(t, "2", must(Kayles.Genus(ctx, MustNewPosition(1, 3))).String())
	assert.Equal(t, "1^1", must(Kayles.Genus(ctx, MustNewPosition(2, 3))).String())
	assert.Equal(t, "none", Genus{}.String()) // not "0", the genus of the empty position
	assert.Equal(t, -1, Genus{}.Gamma(3))
	assert.Equal(t, -1, must(Kayles.Genus(ctx, MustNewPosition(5))).Gamma(-1))
	assert.False(t, Genus{}.Tame())
}

func TestTame(t *testing.T) {
	var tame []int
	for n := range 21 {
		if must(Kayles.Tame(ctx, MustNewPosition(n))) {
			tame = append(tame, n)
		}
	}
	// The heaps CGSuite prints as nim-heaps or with one superscript digit (REFERENCES.md).
	assert.Equal(t, []int{0, 1, 2, 3, 4, 6, 7, 8, 10, 13, 14}, tame)
	// A heap of 9 has a wild genus; a heap of 19 a tame genus (2^20) but wild options that do
	// not reverse.
	assert.False(t, must(Kayles.Genus(ctx, MustNewPosition(9))).Tame())
	assert.True(t, must(Kayles.Genus(ctx, MustNewPosition(19))).Tame())
	// Sums of tame games are tame.
	assert.True(t, must(Kayles.Tame(ctx, MustNewPosition(7, 8, 3))))
	// Every position of 0.3 (take one token) is a sum of nim-heaps of 0 and 1: tame.
	for _, p := range miserePartitions(8) {
		assert.True(t, must(MustParseOctal("0.3").Tame(ctx, p)), "%v", p)
	}
}

// TestGenusLimits checks that past its limit every genus question says so, with no answer.
func TestGenusLimits(t *testing.T) {
	small := DawsonsKayles.WithLimits(Limits{SearchSteps: 100})
	p := MustNewPosition(40)
	g, err := small.Genus(ctx, p)
	require.ErrorIs(t, err, ErrTooLarge)
	assert.Equal(t, Genus{}, g)
	_, err = small.MisereValue(ctx, p)
	require.ErrorIs(t, err, ErrTooLarge)
	_, err = small.Tame(ctx, p)
	require.ErrorIs(t, err, ErrTooLarge)
	var le *LimitError
	require.ErrorAs(t, err, &le)
	assert.Contains(t, le.Error(), "40 in 0.07")
	assert.Contains(t, le.Error(), "Limits.SearchSteps")
}

// TestGenusOwnsItsValues checks that a Genus does not share its misère values with the
// shared memo: a caller that changes them changes no later answer.
func TestGenusOwnsItsValues(t *testing.T) {
	g := must(Kayles.Genus(ctx, MustNewPosition(5)))
	require.Equal(t, []int{1, 4, 6}, g.Misere)
	g.Misere[0], g.Misere[1] = 7, 7
	assert.Equal(t, []int{1, 4, 6}, must(Kayles.Genus(ctx, MustNewPosition(5))).Misere)
	assert.Equal(t, 1, must(Kayles.MisereValue(ctx, MustNewPosition(5))))
	assert.Equal(t, "4^146", must(Kayles.Genus(ctx, MustNewPosition(5))).String())
}

// rowsOf returns the position of n heaps of h.
func rowsOf(n, h int) Position {
	hs := make([]int, n)
	for i := range hs {
		hs[i] = h
	}
	return fromHeaps(hs)
}

// TestSearchesCountPositionSize: a move of a search copies the position it leaves, so a
// search of 10^6 Kayles rows counts each move as the bytes it copies (moveCost) and gives its
// LimitError within a small limit at once, where counting one step a move went 32768 moves
// deep (2^15, a megabyte a move) before stopping.
func TestSearchesCountPositionSize(t *testing.T) {
	o := Kayles.WithLimits(Limits{SearchSteps: 1 << 16})
	p := rowsOf(1_000_000, 1)
	ctx := context.Background()
	for _, c := range []struct {
		name string
		call func() error
	}{
		{"Genus", func() error { _, err := o.Genus(ctx, p); return err }},
		{"MisereValue", func() error { _, err := o.MisereValue(ctx, p); return err }},
		{"Tame", func() error { _, err := o.Tame(ctx, p); return err }},
	} {
		done := make(chan error, 1)
		go func() { done <- c.call() }()
		select {
		case err := <-done:
			require.ErrorIs(t, err, ErrTooLarge, c.name)
		case <-time.After(10 * time.Second):
			t.Fatalf("%s of 10^6 rows: no LimitError within 10 s", c.name)
		}
	}
}

// TestSearchesStopOnManyHeaps: with its context cancelled, a search of three million rows
// stops after its first move; it used to look at the context every 256 moves, which each
// copied the whole position (about 10 s).
func TestSearchesStopOnManyHeaps(t *testing.T) {
	p := rowsOf(3_000_000, 1)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	for _, c := range []struct {
		name string
		call func() error
	}{
		{"Genus", func() error { _, err := Kayles.Genus(ctx, p); return err }},
		{"MisereValue", func() error { _, err := Kayles.MisereValue(ctx, p); return err }},
		{"Tame", func() error { _, err := Kayles.Tame(ctx, p); return err }},
	} {
		start := time.Now()
		err := c.call()
		require.ErrorIs(t, err, context.Canceled, c.name)
		assert.Less(t, time.Since(start), 5*time.Second, c.name)
	}
}

// TestGenusManyRowsDefaultLimits: with the default limits the genus of 10^6 Kayles rows of one
// pin gives its LimitError (in about 0.2 s, peak heap about 130 MB); it had none after a
// minute and 2 GB.
func TestGenusManyRowsDefaultLimits(t *testing.T) {
	p := rowsOf(1_000_000, 1)
	done := make(chan error, 1)
	go func() {
		_, err := MustParseOctal("0.77").Genus(context.Background(), p)
		done <- err
	}()
	select {
	case err := <-done:
		require.ErrorIs(t, err, ErrTooLarge)
	case <-time.After(10 * time.Second):
		t.Fatal("the genus of 10^6 rows: no LimitError within 10 s")
	}
}
