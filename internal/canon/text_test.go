package canon

import (
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// formParser reads games into a Table: CGSuite's input syntax with expr ("*[[2],0]": a
// list in brackets the game of those options, a number a nim-heap, + a sum, *[X] X itself),
// and the printed form of MisereCanonical with printed.
type formParser struct {
	t *testing.T
	w *formWriter
	s string
	i int
}

func newFormParser(t *testing.T, tab *Table, s string) *formParser {
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
	return f.w.t.Reduce(items)
}

// items reads item, item, ... up to and past ']'.
func (f *formParser) items() []int {
	var items []int
	for !f.peek(']') {
		switch {
		case f.peek('['):
			f.i++
			items = append(items, f.w.t.Reduce(f.items()))
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
					x = f.w.t.Reduce([]int{x})
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
			x = f.w.t.Reduce([]int{x})
			f.i++
		}
		items = append(items, x)
	}
	if len(items) == 1 {
		return items[0]
	}
	return f.w.t.Reduce(items)
}

// TestTextCGSuite: the printed forms of all of CGSuite's own test cases
// (aaron-siegel/cgsuite, lib/core/src/test/scala/org/cgsuite/lang/
// MisereCanonicalGameTestCase.scala: each an input and CGSuite's printed form), with the sums
// with nim-heaps written as subscripts, such as *2+*2 = *[2[2]].
func TestTextCGSuite(t *testing.T) {
	for _, c := range [][2]string{
		{"*[0]", "*[0]"}, {"*[1]", "*[1]"}, {"*[2]", "*[2]"}, {"*[[2]]", "*[2#]"},
		{"*[[[2]]]", "*[2##]"}, {"*[2]+*[2]", "*[2[2]]"}, {"*[[*[2]+*[[2]]]]", "*[2[#2#]]"},
		{"*[[2],0]", "*[2#0]"}, {"*[[2],1]", "*[2#1]"}, {"*[[*[4]+*[2]]]", "*[4[2#]]"},
		{"*[[[2]],[[2],1]]", "*[(2#1)2##]"}, {"*[[[2]],[[[2],0],0,1]]", "*[((2#0)10)2##]"},
		{"*[*[[2],1]+*[1],[[2],*[[2]]+*[1],[[2],0]]]", "*[((2#0)2[#1]2#)(2#1)[1]]"},
		{"*[[[2],2,0],[[2],3],1]", "*[(2#20)2[#1]1]"},
	} {
		tab := New(&steps{left: 1 << 20})
		id := newFormParser(t, tab, c[0]).expr()
		s, ok := tab.Text(id)
		require.True(t, ok)
		assert.Equal(t, c[1], s, c[0])
		f := newFormParser(t, tab, s)
		f.i = 2
		assert.Equal(t, id, f.printed(), "%s reads back", s)
	}
}

// heaps returns the canonical forms of the heaps 0 to n of the octal game whose moves take
// one of takes tokens from a heap and leave the rest in zero, one or two heaps.
func heaps(w *formWriter, n int, takes ...int) []int {
	ids := []int{w.t.Reduce(nil)}
	for k := 1; k <= n; k++ {
		var opts []int
		for _, take := range takes {
			for a := 0; 2*a <= k-take; a++ {
				opts = append(opts, w.add(ids[a], ids[k-take-a]))
			}
		}
		ids = append(ids, w.t.Reduce(opts))
	}
	return ids
}

// TestText: nim-heaps and Kayles heaps whose genus is a nim-heap's (CGSuite genus of Kayles
// heaps 0..20, shared/REFERENCES.md: 0, 1, 2, 3, 1, 4^146, 3, ...) print as nim-heaps;
// *2+*2 is *[2[2]]; every printed form reads back to the same canonical game. The games are
// built from their options here; the root's tests check the same texts for positions.
func TestText(t *testing.T) {
	tab := New(&steps{left: 1 << 30})
	w := &formWriter{t: tab, sums: map[[2]int]int{}}
	kayles := heaps(w, 9, 1, 2) // 0.77
	dawson := heaps(w, 9, 2)    // 0.07
	text := func(id int) string {
		s, ok := tab.Text(id)
		require.True(t, ok)
		return s
	}
	for n, want := range map[int]string{0: "*[0]", 1: "*[1]", 2: "*[2]", 3: "*[3]", 4: "*[1]", 6: "*[3]",
		5: "*[2[2]321]", 8: "*[2[3]]",
		9: "*[(2[2]321)[3](2[2]321)[2]((2[2]321)[1](2[2]321)2[3]2[2]30)[1]((2[2]321)[1](2[2]321)2[3]2[2]30)2[3]20]"} {
		assert.Equal(t, want, text(kayles[n]), "Kayles heap %d", n)
	}
	assert.Equal(t, "*[&12;]", text(w.nim(12)))
	assert.Equal(t, "*[2[2]]", text(w.add(w.nim(2), w.nim(2))))
	assert.Equal(t, "*[4[2]]", text(w.add(w.nim(4), w.nim(2))))
	assert.Equal(t, "*[0]", text(dawson[9]))
	for _, id := range []int{kayles[5], kayles[8], kayles[9], w.add(kayles[5], kayles[7]), dawson[9],
		w.add(w.nim(4), w.nim(2))} {
		s := text(id)
		f := newFormParser(t, tab, s)
		f.i = 2
		assert.Equal(t, id, f.printed(), s)
	}
}

// TestTextBudget: a text past the budget is no text, and leaves the table void.
func TestTextBudget(t *testing.T) {
	tab := New(nil)
	w := &formWriter{t: tab, sums: map[[2]int]int{}}
	k9 := heaps(w, 9, 1, 2)[9]
	s, ok := tab.Text(k9)
	require.True(t, ok)
	st := &steps{left: 1 << 30}
	small := New(st)
	w = &formWriter{t: small, sums: map[[2]int]int{}}
	ids := heaps(w, 9, 1, 2)
	st.left = int64(len(s)) / 2
	_, ok = small.Text(ids[9])
	assert.False(t, ok)
	assert.Equal(t, -1, small.Reduce(nil))
}
