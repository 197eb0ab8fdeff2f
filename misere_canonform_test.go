package kayles

import (
	"context"
	"strconv"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// formParser reads games into a canonTable: CGSuite's input syntax ("*[[2],0]": a list in
// brackets the game of those options, a number a nim-heap) with input, and the printed form of MisereCanonical ("2#0")
// with printed.
type formParser struct {
	t *canonTable
	s string
	i int
}

// nim returns the id of the nim-heap *n.
func (f *formParser) nim(n int) int {
	opts := make([]int, n)
	for k := range opts {
		opts[k] = f.nim(k)
	}
	return f.t.reduce(opts)
}

func (f *formParser) number() int {
	j := f.i
	for f.i < len(f.s) && '0' <= f.s[f.i] && f.s[f.i] <= '9' {
		f.i++
	}
	n, _ := strconv.Atoi(f.s[j:f.i])
	return n
}

// input reads an element of CGSuite's input syntax: a number, or a list in brackets.
func (f *formParser) input() int {
	if f.s[f.i] != '[' {
		return f.nim(f.number())
	}
	f.i++
	var opts []int
	for f.s[f.i] != ']' {
		opts = append(opts, f.input())
		if f.s[f.i] == ',' {
			f.i++
		}
	}
	f.i++
	return f.t.reduce(opts)
}

// printed reads a sequence of the printed form up to ')' or ']': one item is that game,
// several are the options of one.
func (f *formParser) printed() int {
	var items []int
	for f.i < len(f.s) && f.s[f.i] != ')' && f.s[f.i] != ']' {
		var x int
		switch f.s[f.i] {
		case '(':
			f.i++
			x = f.printed()
			f.i++ // ')'
		case '&':
			f.i++
			x = f.nim(f.number())
			f.i++ // ';'
		default:
			x = f.nim(int(f.s[f.i] - '0'))
			f.i++
		}
		for f.i < len(f.s) && f.s[f.i] == '#' {
			x = f.t.reduce([]int{x})
			f.i++
		}
		items = append(items, x)
	}
	if len(items) == 1 {
		return items[0]
	}
	return f.t.reduce(items)
}

// TestMisereCanonicalCGSuite: the printed forms of CGSuite's own test cases that use no
// subscript parts (aaron-siegel/cgsuite, lib/core/src/test/scala/org/cgsuite/lang/
// MisereCanonicalGameTestCase.scala: each line an input and CGSuite's printed form).
func TestMisereCanonicalCGSuite(t *testing.T) {
	for _, c := range [][2]string{
		{"*[0]", "*[0]"}, {"*[1]", "*[1]"}, {"*[2]", "*[2]"}, {"*[[2]]", "*[2#]"},
		{"*[[[2]]]", "*[2##]"}, {"*[[2],0]", "*[2#0]"}, {"*[[2],1]", "*[2#1]"},
		{"*[[[2]],[[2],1]]", "*[(2#1)2##]"}, {"*[[[2]],[[[2],0],0,1]]", "*[((2#0)10)2##]"},
	} {
		tab := newCanonTable(newBudget(context.Background(), 1<<20, searchUnit, func() string { return "test" }))
		// *[X] is X itself; *[X, Y, ...] the game of options X, Y, ...
		f := &formParser{t: tab, s: c[0], i: 2}
		var items []int
		for f.s[f.i] != ']' {
			items = append(items, f.input())
			if f.s[f.i] == ',' {
				f.i++
			}
		}
		id := items[0]
		if len(items) > 1 {
			id = tab.reduce(items)
		}
		s, ok := tab.text(id)
		require.True(t, ok)
		assert.Equal(t, c[1], s, c[0])
	}
}

// TestMisereCanonical: nim-heaps and Kayles heaps whose genus is a nim-heap's (CGSuite genus
// of Kayles heaps 0..20, shared/REFERENCES.md: 0, 1, 2, 3, 1, 4^146, 3, ...) print as
// nim-heaps; *2+*2 is the game of options *3 and *2; every printed form reads back to the same
// canonical game, and forms of games equal in misère play are the same text.
func TestMisereCanonical(t *testing.T) {
	ctx := context.Background()
	for n, want := range map[int]string{0: "*[0]", 1: "*[1]", 2: "*[2]", 3: "*[3]", 4: "*[1]", 6: "*[3]"} {
		s, err := Kayles.MisereCanonical(ctx, MustNewPosition(n))
		require.NoError(t, err)
		assert.Equal(t, want, s, "Kayles heap %d", n)
	}
	s, err := Nim.MisereCanonical(ctx, MustNewPosition(12))
	require.NoError(t, err)
	assert.Equal(t, "*[&12;]", s)
	s, err = Nim.MisereCanonical(ctx, MustNewPosition(2, 2))
	require.NoError(t, err)
	assert.Equal(t, "*[32]", s)
	// Kayles heap 4 and Nim heap 1 are equal in misère play: the same text.
	k4, err := Kayles.MisereCanonical(ctx, MustNewPosition(4, 5))
	require.NoError(t, err)
	n1, err := Kayles.MisereCanonical(ctx, MustNewPosition(1, 5))
	require.NoError(t, err)
	assert.Equal(t, n1, k4)
	for _, c := range []struct {
		o *Octal
		p Position
	}{{Kayles, MustNewPosition(5)}, {Kayles, MustNewPosition(8)}, {Kayles, MustNewPosition(9)},
		{Kayles, MustNewPosition(5, 7)}, {DawsonsKayles, MustNewPosition(9)}, {Nim, MustNewPosition(4, 2)}} {
		s, err := c.o.MisereCanonical(ctx, c.p)
		require.NoError(t, err)
		tab := newCanonTable(newBudget(ctx, 1<<30, searchUnit, func() string { return "test" }))
		pl := c.o.plan()
		q, _ := pl.misereForm(c.p)
		id := tab.canon(pl, q)
		require.GreaterOrEqual(t, id, 0)
		f := &formParser{t: tab, s: s, i: 2}
		assert.Equal(t, id, f.printed(), "%s %v: %s", c.o, c.p, s)
		g, err := c.o.Genus(ctx, c.p)
		require.NoError(t, err)
		assert.Equal(t, g.MisereValue(), tab.games[id].value)
	}
}

// TestMisereCanonicalLimits: a form past Limits.SearchSteps, or a done context, gives an
// error, never a text.
func TestMisereCanonicalLimits(t *testing.T) {
	_, err := Kayles.WithLimits(Limits{SearchSteps: 1000}).MisereCanonical(context.Background(), MustNewPosition(20))
	require.ErrorIs(t, err, ErrTooLarge)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	_, err = freshOctal("0.77").MisereCanonical(ctx, MustNewPosition(30))
	require.ErrorIs(t, err, context.Canceled)
}
