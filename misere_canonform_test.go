package kayles

import (
	"context"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// formParser reads games into a canonTable: CGSuite's input syntax with expr ("*[[2],0]": a
// list in brackets the game of those options, a number a nim-heap, + a sum, *[X] X itself),
// and the printed form of MisereCanonical with printed.
type formParser struct {
	t *testing.T
	w *formWriter
	s string
	i int
}

func newFormParser(t *testing.T, tab *canonTable, s string) *formParser {
	return &formParser{t: t, w: &formWriter{t: tab, sums: map[[2]int]int{}}, s: s}
}

func (f *formParser) peek(c byte) bool { return f.i < len(f.s) && f.s[f.i] == c }

func (f *formParser) number() int {
	j := f.i
	for f.i < len(f.s) && '0' <= f.s[f.i] && f.s[f.i] <= '9' {
		f.i++
	}
	n, err := strconv.Atoi(f.s[j:f.i])
	require.NoError(f.t, err, "%q at %d", f.s, j)
	return n
}

// expr reads term + term + ...
func (f *formParser) expr() int {
	x := f.term()
	for f.peek('+') {
		f.i++
		x = f.w.add(x, f.term())
	}
	return x
}

// term reads *[item, ...]: one item is that game, several the options of one.
func (f *formParser) term() int {
	require.True(f.t, strings.HasPrefix(f.s[f.i:], "*["), "%q at %d", f.s, f.i)
	f.i += 2
	items := f.items()
	if len(items) == 1 {
		return items[0]
	}
	return f.w.t.reduce(items)
}

// items reads item, item, ... up to and past ']'.
func (f *formParser) items() []int {
	var items []int
	for !f.peek(']') {
		switch {
		case f.peek('['):
			f.i++
			items = append(items, f.w.t.reduce(f.items()))
		case f.peek('*'):
			items = append(items, f.expr())
		default:
			items = append(items, f.w.nim(f.number()))
		}
		if f.peek(',') {
			f.i++
		}
	}
	f.i++
	return items
}

// printed reads a sequence of the printed form up to ')' or ']': one item is that game,
// several are the options of one. An item is a nim-heap or a sequence in parentheses, then
// "#"s, or a subscript in brackets of "#" (the game of that one option), n (plus *n).
func (f *formParser) printed() int {
	var items []int
	for f.i < len(f.s) && !f.peek(')') && !f.peek(']') {
		var x int
		switch {
		case f.peek('('):
			f.i++
			x = f.printed()
			f.i++ // ')'
		case f.peek('&'):
			f.i++
			x = f.w.nim(f.number())
			f.i++ // ';'
		default:
			x = f.w.nim(int(f.s[f.i] - '0'))
			f.i++
		}
		if f.peek('[') {
			for f.i++; !f.peek(']'); {
				switch {
				case f.peek('#'):
					x = f.w.t.reduce([]int{x})
					f.i++
				case f.peek('-'):
					f.t.Fatalf("%q: the test reads no difference", f.s)
				case f.peek('&'):
					f.i++
					x = f.w.add(x, f.w.nim(f.number()))
					f.i++
				default:
					x = f.w.add(x, f.w.nim(int(f.s[f.i]-'0')))
					f.i++
				}
			}
			f.i++
		}
		for f.peek('#') {
			x = f.w.t.reduce([]int{x})
			f.i++
		}
		items = append(items, x)
	}
	if len(items) == 1 {
		return items[0]
	}
	return f.w.t.reduce(items)
}

// TestMisereCanonicalCGSuite: the printed forms of all of CGSuite's own test cases
// (aaron-siegel/cgsuite, lib/core/src/test/scala/org/cgsuite/lang/
// MisereCanonicalGameTestCase.scala: each an input and CGSuite's printed form), with the sums
// with nim-heaps written as subscripts, such as *2+*2 = *[2[2]].
func TestMisereCanonicalCGSuite(t *testing.T) {
	for _, c := range [][2]string{
		{"*[0]", "*[0]"}, {"*[1]", "*[1]"}, {"*[2]", "*[2]"}, {"*[[2]]", "*[2#]"},
		{"*[[[2]]]", "*[2##]"}, {"*[2]+*[2]", "*[2[2]]"}, {"*[[*[2]+*[[2]]]]", "*[2[#2#]]"},
		{"*[[2],0]", "*[2#0]"}, {"*[[2],1]", "*[2#1]"}, {"*[[*[4]+*[2]]]", "*[4[2#]]"},
		{"*[[[2]],[[2],1]]", "*[(2#1)2##]"}, {"*[[[2]],[[[2],0],0,1]]", "*[((2#0)10)2##]"},
		{"*[*[[2],1]+*[1],[[2],*[[2]]+*[1],[[2],0]]]", "*[((2#0)2[#1]2#)(2#1)[1]]"},
		{"*[[[2],2,0],[[2],3],1]", "*[(2#20)2[#1]1]"},
	} {
		tab := newCanonTable(newBudget(context.Background(), 1<<20, searchUnit, func() string { return "test" }))
		id := newFormParser(t, tab, c[0]).expr()
		s, ok := tab.text(id)
		require.True(t, ok)
		assert.Equal(t, c[1], s, c[0])
		f := newFormParser(t, tab, s)
		f.i = 2
		assert.Equal(t, id, f.printed(), "%s reads back", s)
	}
}

// TestMisereCanonical: nim-heaps and Kayles heaps whose genus is a nim-heap's (CGSuite genus
// of Kayles heaps 0..20, shared/REFERENCES.md: 0, 1, 2, 3, 1, 4^146, 3, ...) print as
// nim-heaps; *2+*2 is *[2[2]]; every printed form reads back to the same
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
	assert.Equal(t, "*[2[2]]", s)
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
		f := newFormParser(t, tab, s)
		f.i = 2
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
