package kayles_test

import (
	"bytes"
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/octalgames/kayles"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func FuzzParseOctal(f *testing.F) {
	for _, s := range []string{"0.77", ".77", "4.7", "0.3f", "0.", "1.7", "0.7g", "", "0.000", "C.1",
		"0.[3]", "4!.", "0.{2,3}", "0.{1,2+}?", "0.&127;", "0.&#x10;=", "0.3[73]", "{2+}.", "0.[", "0.{"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		o, err := kayles.ParseOctal(s)
		if err != nil {
			if !errors.Is(err, kayles.ErrSyntax) {
				t.Fatalf("ParseOctal(%q): error %v does not wrap ErrSyntax", s, err)
			}
			return
		}
		again, err := kayles.ParseOctal(o.String())
		if err != nil {
			t.Fatalf("ParseOctal(%q).String() = %q does not parse: %v", s, o, err)
		}
		if again.String() != o.String() || !slices.Equal(again.Digits(), o.Digits()) {
			t.Fatalf("round trip of %q: %q then %q", s, o, again)
		}
		// The canonical form is a fixed point, and equal rules give equal values.
		a, _ := o.Values(12)
		b, _ := again.Values(12)
		if !slices.Equal(a, b) {
			t.Fatalf("round trip of %q: %q then %q", s, o, again)
		}
	})
}

func FuzzParsePosition(f *testing.F) {
	for _, s := range []string{"3 5 7", "3+5+7", "3,5,7", "", "0", "3++5", "-1", "99999999999999999999", " 1 , 2 "} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		p, err := kayles.ParsePosition(s)
		if err != nil {
			if !errors.Is(err, kayles.ErrSyntax) && !errors.Is(err, kayles.ErrRange) {
				t.Fatalf("ParsePosition(%q): error %v wraps neither ErrSyntax nor ErrRange", s, err)
			}
			return
		}
		hs := p.Heaps()
		if !slices.IsSorted(hs) || slices.Contains(hs, 0) || len(hs) != p.Len() {
			t.Fatalf("ParsePosition(%q) = %v: not in normal form", s, hs)
		}
		q, err := kayles.ParsePosition(p.String())
		if err != nil || q != p {
			t.Fatalf("round trip of %q: %q gives %v, %v", s, p, q, err)
		}
	})
}

// FuzzPlay plays arbitrary moves in small positions of several games: each is either refused
// with ErrIllegalMove, leaving the position as it was, or leads to a position that the rules
// reach in one move.
func FuzzPlay(f *testing.F) {
	codes := []string{"0.77", "0.07", "0.6", "4.37", "0.F", "8.3", "4!.0", "0.[3]", "0.{2+}?", "0.4=", "8?.0"}
	f.Add(uint8(0), []byte{7, 3}, 7, 1, []byte{3, 3})
	f.Add(uint8(3), []byte{4}, 4, 0, []byte{1, 3})
	f.Add(uint8(5), []byte{9}, 9, 1, []byte{1, 3, 4})
	f.Fuzz(func(t *testing.T, code uint8, heaps []byte, heap, take int, left []byte) {
		if len(heaps) > 4 || len(left) > 4 {
			return
		}
		o := kayles.MustParseOctal(codes[int(code)%len(codes)])
		hs := make([]int, len(heaps))
		for i, h := range heaps {
			hs[i] = int(h % 16)
		}
		ls := make([]int, len(left))
		for i, h := range left {
			ls[i] = int(int8(h)) % 16
		}
		p := kayles.NewPosition(hs...)
		m := kayles.Move{Heap: heap, Take: take, Left: ls}
		q, err := o.Play(p, m)
		if err != nil {
			if !errors.Is(err, kayles.ErrIllegalMove) || q != p {
				t.Fatalf("%s: Play(%v, %v) = %v, %v", o, p, m, q, err)
			}
			return
		}
		if !generalResults(o, p)[q] {
			t.Fatalf("%s: Play(%v, %v) = %v, which the rules do not reach", o, p, m, q)
		}
	})
}

// Fuzz targets of the tables.

// tableInvariants checks that tb agrees with a model of its row and history, and that its text
// form restores it exactly.
func tableInvariants(t *testing.T, tb *kayles.Table, down []bool, history [][]int) {
	t.Helper()
	row := make([]byte, len(down))
	var rows []int
	run := 0
	for i, d := range down {
		row[i] = '|'
		if d {
			row[i] = '.'
		}
		if !d {
			run++
		}
		if d || i == len(down)-1 {
			rows = append(rows, run)
			run = 0
		}
	}
	if tb.String() != string(row) {
		t.Fatalf("String() = %q, want %q", tb, row)
	}
	if p := kayles.NewPosition(rows...); tb.Position() != p {
		t.Fatalf("%s: Position() = %v, want %v", tb, tb.Position(), p)
	}
	if h := tb.History(); !slices.EqualFunc(h, history, slices.Equal) {
		t.Fatalf("%s: History() = %v, want %v", tb, h, history)
	}
	if tb.Player() != len(history)%2 {
		t.Fatalf("%s: Player() = %d after %d moves", tb, tb.Player(), len(history))
	}
	winner, over := tb.Winner()
	if over != !slices.Contains(down, false) || over && winner != (len(history)-1)%2 {
		t.Fatalf("%s: Winner() = %d, %v after %d moves", tb, winner, over, len(history))
	}
	text, err := tb.MarshalText()
	if err != nil {
		t.Fatal(err)
	}
	var back kayles.Table
	if err := back.UnmarshalText(text); err != nil {
		t.Fatalf("%s: the text %q does not restore: %v", tb, text, err)
	}
	again, _ := back.MarshalText()
	if back.String() != tb.String() || string(again) != string(text) || back.Player() != tb.Player() {
		t.Fatalf("%q restores %s, %q", text, back.String(), again)
	}
}

// FuzzTable plays arbitrary moves, undos and hints on rows of 1 to 40 pins, checking each
// against a model of the rules: a legal move is played, any other is refused with
// ErrIllegalMove and changes nothing, and the table, its Position and its text form always
// agree with the model.
func FuzzTable(f *testing.F) {
	f.Add(uint8(7), []byte{0, 4, 0, 4, 1, 2, 1, 2, 2, 0, 3, 0, 4, 9})
	f.Add(uint8(10), []byte{3, 0, 3, 0, 3, 0, 3, 0, 3, 0, 3, 0, 3, 0, 3, 0, 2, 0})
	f.Add(uint8(1), []byte{0, 1, 0, 1, 2, 0, 2, 0})
	f.Fuzz(func(t *testing.T, size uint8, ops []byte) {
		n := 1 + int(size)%40
		tb, err := kayles.NewTable(n)
		if err != nil {
			t.Fatal(err)
		}
		down := make([]bool, n)
		var history [][]int
		for i := 0; i+1 < len(ops); i += 2 {
			op, arg := ops[i]%5, int(ops[i+1])
			var pins []int
			switch op {
			case 0:
				pins = []int{arg % (n + 2)}
			case 1:
				p := arg % (n + 2)
				pins = []int{p, p + []int{-1, 1, -2, 2, 0}[(arg>>5)%5]}
			case 2:
				err := tb.Undo()
				if len(history) == 0 {
					if !errors.Is(err, kayles.ErrNothingToUndo) {
						t.Fatalf("Undo with no move: %v", err)
					}
				} else {
					if err != nil {
						t.Fatalf("Undo: %v", err)
					}
					for _, p := range history[len(history)-1] {
						down[p-1] = false
					}
					history = history[:len(history)-1]
				}
				tableInvariants(t, tb, down, history)
				continue
			case 3:
				var winning bool
				pins, winning = tb.Hint()
				if winning != (kayles.Kayles.Value(tb.Position()) != 0) {
					t.Fatalf("%s: Hint says winning=%v", tb, winning)
				}
			case 4:
				pins = make([]int, arg%4)
				for j := range pins {
					pins[j] = 1 + (arg+j)%n
				}
			}
			legal := slices.Contains(down, false) && len(pins) >= 1 && len(pins) <= 2
			for _, p := range pins {
				legal = legal && p >= 1 && p <= n && !down[p-1]
			}
			sorted := slices.Sorted(slices.Values(pins))
			if legal && len(pins) == 2 {
				legal = sorted[1] == sorted[0]+1
			}
			err := tb.Knock(pins...)
			if legal != (err == nil) {
				t.Fatalf("%s: Knock(%v) = %v, but the move is legal=%v", tb, pins, err, legal)
			}
			if err != nil && !errors.Is(err, kayles.ErrIllegalMove) {
				t.Fatalf("Knock(%v) = %v, not an ErrIllegalMove", pins, err)
			}
			if legal {
				for _, p := range pins {
					down[p-1] = true
				}
				history = append(history, sorted)
			}
			tableInvariants(t, tb, down, history)
		}
	})
}

// FuzzTableUnmarshalText feeds arbitrary text to UnmarshalText: it is either refused with
// ErrSyntax or ErrRange, leaving the table as it was, or it restores a game whose history
// replays to the same row and whose own text restores it again.
func FuzzTableUnmarshalText(f *testing.F) {
	for _, s := range []string{"kayles 10 normal moves", "kayles 7 normal moves 4 1-2 7", "kayles 13 normal moves 7 2-3 13 9-10",
		"kayles 3 normal moves 3 2 1", "kayles 2 normal moves 1-2", "kayles 10 misere moves", "kayles 5 normal moves 3-2",
		"kayles 0 normal moves", "kayles 1000 normal moves 500", " kayles\t4 normal moves 1 2-3\n", "kayles 4 normal moves 2 2"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		tb, err := kayles.NewTable(5)
		if err != nil {
			t.Fatal(err)
		}
		if err := tb.Knock(2, 3); err != nil {
			t.Fatal(err)
		}
		if err := tb.UnmarshalText([]byte(s)); err != nil {
			if !errors.Is(err, kayles.ErrSyntax) && !errors.Is(err, kayles.ErrRange) {
				t.Fatalf("UnmarshalText(%q) = %v, neither ErrSyntax nor ErrRange", s, err)
			}
			if tb.String() != "|..||" || len(tb.History()) != 1 {
				t.Fatalf("UnmarshalText(%q) failed but changed the table to %s", s, tb)
			}
			return
		}
		replay, err := kayles.NewTable(tb.Size())
		if err != nil {
			t.Fatal(err)
		}
		down := make([]bool, tb.Size())
		for _, m := range tb.History() {
			if err := replay.Knock(m...); err != nil {
				t.Fatalf("%q: the history does not replay: %v", s, err)
			}
			for _, p := range m {
				down[p-1] = true
			}
		}
		tableInvariants(t, tb, down, replay.History())
	})
}

// nimInvariants checks that nt agrees with a model of its heaps and history, and that its text
// form restores it exactly.
func nimInvariants(t *testing.T, nt *kayles.NimTable, heaps []int, history []kayles.NimMove) {
	t.Helper()
	if !slices.Equal(nt.Heaps(), heaps) {
		t.Fatalf("Heaps() = %v, want %v", nt.Heaps(), heaps)
	}
	if h := nt.History(); !slices.Equal(h, history) {
		t.Fatalf("History() = %v, want %v", h, history)
	}
	if nt.Player() != len(history)%2 {
		t.Fatalf("Player() = %d after %d moves", nt.Player(), len(history))
	}
	empty := !slices.ContainsFunc(heaps, func(h int) bool { return h > 0 })
	winner, over := nt.Winner()
	want := (len(history) - 1) % 2 // normal play: whoever took the last object
	if nt.Misere() {
		want = len(history) % 2
	}
	if over != empty || over && winner != want {
		t.Fatalf("%v: Winner() = %d, %v after %d moves", heaps, winner, over, len(history))
	}
	text, err := nt.MarshalText()
	if err != nil {
		t.Fatal(err)
	}
	var back kayles.NimTable
	if err := back.UnmarshalText(text); err != nil {
		t.Fatalf("the text %q does not restore: %v", text, err)
	}
	again, _ := back.MarshalText()
	if !slices.Equal(back.Heaps(), heaps) || string(again) != string(text) || back.Misere() != nt.Misere() {
		t.Fatalf("%q restores %v, %q", text, back.Heaps(), again)
	}
}

// FuzzNimTable plays arbitrary takes, undos and hints on up to 6 heaps of up to 9 objects,
// checking each against a model of the rules, as FuzzTable does.
func FuzzNimTable(f *testing.F) {
	f.Add(true, []byte{1, 3, 5, 7}, []byte{0, 1, 1, 3, 2, 0, 3, 0})
	f.Add(false, []byte{2, 2}, []byte{3, 0, 3, 0, 3, 0, 3, 0})
	f.Fuzz(func(t *testing.T, misere bool, setup []byte, ops []byte) {
		if len(setup) == 0 || len(setup) > 6 {
			return
		}
		heaps := make([]int, len(setup))
		for i, h := range setup {
			heaps[i] = 1 + int(h)%9
		}
		nt, err := kayles.NewNimTable(misere, heaps...)
		if err != nil {
			t.Fatal(err)
		}
		var history []kayles.NimMove
		for i := 0; i+2 < len(ops); i += 3 {
			var heap, count int
			switch ops[i] % 3 {
			case 0:
				heap, count = int(ops[i+1])%(len(heaps)+2), int(ops[i+2])%12-1
			case 1:
				err := nt.Undo()
				if len(history) == 0 {
					if !errors.Is(err, kayles.ErrNothingToUndo) {
						t.Fatalf("Undo with no move: %v", err)
					}
				} else {
					if err != nil {
						t.Fatalf("Undo: %v", err)
					}
					m := history[len(history)-1]
					heaps[m.Heap-1] += m.Count
					history = history[:len(history)-1]
				}
				nimInvariants(t, nt, heaps, history)
				continue
			case 2:
				heap, count, _ = nt.Hint()
			}
			legal := slices.ContainsFunc(heaps, func(h int) bool { return h > 0 }) &&
				heap >= 1 && heap <= len(heaps) && count >= 1 && count <= heaps[heap-1]
			err := nt.Take(heap, count)
			if legal != (err == nil) {
				t.Fatalf("%v: Take(%d, %d) = %v, but the move is legal=%v", heaps, heap, count, err, legal)
			}
			if err != nil && !errors.Is(err, kayles.ErrIllegalMove) {
				t.Fatalf("Take(%d, %d) = %v, not an ErrIllegalMove", heap, count, err)
			}
			if legal {
				heaps[heap-1] -= count
				history = append(history, kayles.NimMove{Heap: heap, Count: count})
			}
			nimInvariants(t, nt, heaps, history)
		}
	})
}

// FuzzNimTableUnmarshalText is FuzzTableUnmarshalText for Nim tables.
func FuzzNimTableUnmarshalText(f *testing.F) {
	for _, s := range []string{"nim misere 1 3 5 7 moves", "nim normal 2 12 5 moves 2:10 1:1", "nim misere 1 moves 1:1",
		"nim misere 1 moves 1:1 1:1", "nim normal moves", "nim misere 1000 moves 1:999", "nim misere 3 moves 1:+1", "nim misere 0 moves"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		nt, err := kayles.NewNimTable(false, 2, 2)
		if err != nil {
			t.Fatal(err)
		}
		if err := nt.Take(1, 1); err != nil {
			t.Fatal(err)
		}
		if err := nt.UnmarshalText([]byte(s)); err != nil {
			if !errors.Is(err, kayles.ErrSyntax) && !errors.Is(err, kayles.ErrRange) {
				t.Fatalf("UnmarshalText(%q) = %v, neither ErrSyntax nor ErrRange", s, err)
			}
			if !slices.Equal(nt.Heaps(), []int{1, 2}) || len(nt.History()) != 1 || nt.Misere() {
				t.Fatalf("UnmarshalText(%q) failed but changed the table to %v", s, nt.Heaps())
			}
			return
		}
		heaps := nt.Setup()
		for _, m := range nt.History() {
			heaps[m.Heap-1] -= m.Count
		}
		nimInvariants(t, nt, heaps, nt.History())
	})
}

// Fuzz targets for graphs (issue 6).

func FuzzParseGraph6(f *testing.F) {
	for _, s := range []string{"?", "@", "A_", "Bg", "C~", "DhC", "IheA@GUAo", ">>graph6<<A_", "A`",
		"~?@c" + strings.Repeat("?", 825), "~??}", "~~??????"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		g, err := kayles.ParseGraph6(s)
		if err != nil {
			var pe *kayles.ParseError
			require.ErrorAs(t, err, &pe)
			return
		}
		assert.Equal(t, strings.TrimPrefix(s, ">>graph6<<"), g.Graph6())
		h, err := kayles.ParseGraph(g.String())
		require.NoError(t, err)
		assert.True(t, g.Equal(h))
	})
}

func FuzzParseGraph(f *testing.F) {
	for _, s := range []string{"0:", "4: 0-1 1-2 2-3", "# c\n3:\n0-1,1-2 # x\n", "4: 0-4", "2: 1-0 0-1",
		"16384:", "16385:", "5: 0-1x"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		g, err := kayles.ParseGraph(s)
		if err != nil {
			var pe *kayles.ParseError
			require.ErrorAs(t, err, &pe)
			return
		}
		h, err := kayles.ParseGraph(g.String())
		require.NoError(t, err)
		assert.True(t, g.Equal(h), "%q", s)
		if g.NumVertices() <= 200 {
			h, err = kayles.ParseGraph6(g.Graph6())
			require.NoError(t, err)
			assert.True(t, g.Equal(h), "%q", s)
		}
	})
}

// FuzzGraphSolvers compares the solvers with the brute-force ones on graphs of up to 12
// vertices read from graph6.
func FuzzGraphSolvers(f *testing.F) {
	for _, s := range []string{"?", "@", "A_", "Bg", "C~", "DhC", "IheA@GUAo", "E?Bw", "Fs\\zw"} {
		f.Add(s)
	}
	node, arc := kayles.NewNodeGame(1<<16), kayles.NewArcGame(1<<16)
	f.Fuzz(func(t *testing.T, s string) {
		g, err := kayles.ParseGraph6(s)
		if err != nil || g.NumVertices() > 12 {
			return
		}
		checkGraph(t, node, arc, g)
	})
}

// Misère play (issue 4).

// FuzzMisereKayles compares the Sibert–Conway rule with the memoised search on positions of at
// most 40 pins, and checks that every misère winning move is legal and leaves a lost position.
func FuzzMisereKayles(f *testing.F) {
	f.Add([]byte{1, 5})
	f.Add([]byte{9, 25, 1})
	f.Add([]byte{20, 12, 4, 4})
	f.Fuzz(func(t *testing.T, rows []byte) {
		var hs []int
		total := 0
		for _, r := range rows {
			h := int(r % 27)
			if total+h > 40 {
				break
			}
			hs = append(hs, h)
			total += h
		}
		p := kayles.NewPosition(hs...)
		want := kayles.Previous
		if kayles.MisereSearchWins(kayles.Kayles, p) {
			want = kayles.Next
		}
		assert.Equal(t, want, kayles.Kayles.MisereOutcome(p), "position %v", p)
		for m := range kayles.Kayles.MisereWinningMoves(p) {
			q, err := kayles.Kayles.Play(p, m)
			require.NoError(t, err)
			assert.False(t, kayles.MisereSearchWins(kayles.Kayles, q), "move %v in %v", m, p)
		}
	})
}

// FuzzCheckpoint feeds arbitrary bytes to the checkpoint reader: it must return a checkpoint
// or an error wrapping ErrCheckpoint, never panic, and what it returns must encode back to the
// same bytes.
func FuzzCheckpoint(f *testing.F) {
	var good bytes.Buffer
	if err := kayles.EncodeCheckpoint(&good, "0.77", []uint16{0, 1, 2, 3, 1, 4, 3, 2}); err != nil {
		f.Fatal(err)
	}
	f.Add(good.Bytes())
	f.Add(good.Bytes()[:20])
	f.Add([]byte("KAYLESCP\x01\x00\x00\x00\x04\x00\x00\x000.77\xff\xff\xff\xff\xff\xff\xff\xff"))
	f.Add([]byte{})
	f.Fuzz(func(t *testing.T, data []byte) {
		code, vals, reason, err := kayles.DecodeCheckpoint(bytes.NewReader(data))
		if err != nil {
			if !errors.Is(err, kayles.ErrCheckpoint) {
				t.Fatalf("error %v does not wrap ErrCheckpoint", err)
			}
			if reason == "" {
				t.Fatal("an error without a reason")
			}
			return
		}
		var b bytes.Buffer
		if err := kayles.EncodeCheckpoint(&b, code, vals); err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(b.Bytes(), data) {
			t.Fatalf("decoded %q with %d values, which encode to other bytes", code, len(vals))
		}
	})
}

// FuzzOctalAnswers checks, for any code ParseOctal accepts and a small position, that the
// answers agree with each other and with the rules: Moves reaches exactly the positions the
// reference enumeration reaches, every winning move (normal and misère) leads to a lost
// position, a position has winning moves exactly when its value is not 0, and the misère
// outcome, value and genus agree.
func FuzzOctalAnswers(f *testing.F) {
	for _, s := range []string{"0.77", "0.07", "4.7", "0.3F", "0.[3]", "4!.", "0.{2,3}", "0.{1,2+}?", "0.&127;", "0.&#x10;=", "0.3[73]", "{2+}.", "0.6", "8.3"} {
		f.Add(s, []byte{5, 7})
	}
	f.Fuzz(func(t *testing.T, code string, heaps []byte) {
		o, err := kayles.ParseOctal(code)
		if err != nil || len(heaps) > 3 {
			return
		}
		hs := make([]int, len(heaps))
		for i, h := range heaps {
			hs[i] = int(h % 10)
		}
		p := kayles.NewPosition(hs...)
		want := generalResults(o, p)
		got := map[kayles.Position]bool{}
		for m := range o.Moves(p) {
			q, err := o.Play(p, m)
			if err != nil {
				t.Fatalf("%s: Moves(%v) yields %v, which Play refuses: %v", o, p, m, err)
			}
			if got[q] {
				t.Fatalf("%s: Moves(%v) yields two moves to %v", o, p, q)
			}
			got[q] = true
		}
		if len(got) != len(want) {
			t.Fatalf("%s: Moves(%v) reaches %d positions, the rules %d", o, p, len(got), len(want))
		}
		for q := range got {
			if !want[q] {
				t.Fatalf("%s: Moves(%v) reaches %v, which the rules do not", o, p, q)
			}
		}
		if err := o.Check(p); err != nil {
			if !errors.Is(err, kayles.ErrTooLarge) {
				t.Fatalf("%s: Check(%v) = %v", o, p, err)
			}
		} else {
			v := o.Value(p)
			n := 0
			for m := range o.WinningMoves(p) {
				q, err := o.Play(p, m)
				if err != nil || o.Value(q) != 0 {
					t.Fatalf("%s: winning move %v in %v leads to %v (%v)", o, m, p, q, err)
				}
				n++
			}
			if (n == 0) != (v == 0) || (o.Outcome(p) == kayles.Previous) != (v == 0) {
				t.Fatalf("%s: %v has value %d, %d winning moves, outcome %v", o, p, v, n, o.Outcome(p))
			}
		}
		if err := o.MisereCheck(p); err != nil {
			t.Fatalf("%s: MisereCheck(%v) = %v", o, p, err)
		}
		out := o.MisereOutcome(p)
		mv := o.MisereValue(p)
		if (out == kayles.Previous) != (mv == 0) || out == 0 {
			t.Fatalf("%s: %v misère outcome %v, value %d", o, p, out, mv)
		}
		for m := range o.MisereWinningMoves(p) {
			q, err := o.Play(p, m)
			if err != nil || o.MisereOutcome(q) != kayles.Previous {
				t.Fatalf("%s: misère winning move %v in %v leads to %v (%v)", o, m, p, q, err)
			}
		}
		if g := o.Genus(p); g.MisereValue() != mv || g.Gamma(0) != mv {
			t.Fatalf("%s: %v genus %v, misère value %d", o, p, g, mv)
		}
	})
}

// FuzzNimClosedForms checks Nim's winning moves in normal and misère play, found by Bouton's
// rules from one or two candidates per heap, against trying every move (nimRuleWinningMoves)
// on up to three heaps of up to 65535, and Lasker's Nim's against the general engine's moves
// and values on heaps below 256.
func FuzzNimClosedForms(f *testing.F) {
	f.Add([]byte{1, 0, 3, 0, 5, 0})
	f.Add([]byte{0xff, 0xff, 0xfe, 0xff})
	f.Add([]byte{2, 0, 2, 0})
	general := kayles.ReferenceValues(kayles.LaskersNim, 256)
	f.Fuzz(func(t *testing.T, data []byte) {
		var hs []int
		for i := 0; i+1 < len(data) && len(hs) < 3; i += 2 {
			hs = append(hs, int(data[i])|int(data[i+1])<<8)
		}
		p := kayles.NewPosition(hs...)
		for _, misere := range []bool{false, true} {
			got := kayles.Nim.WinningMoves(p)
			if misere {
				got = kayles.Nim.MisereWinningMoves(p)
			}
			if want, moves := nimRuleWinningMoves(p, misere), slices.Collect(got); !slices.EqualFunc(want, moves, func(a, b kayles.Move) bool { return a.String() == b.String() }) {
				t.Fatalf("misere %v, %v: winning moves %v, want %v", misere, p, moves, want)
			}
		}
		var small []int
		for _, h := range hs {
			small = append(small, h%256)
		}
		p = kayles.NewPosition(small...)
		o := kayles.LaskersNim
		value := func(q kayles.Position) int {
			v := 0
			for h := range q.All() {
				v ^= general[h]
			}
			return v
		}
		if o.Value(p) != value(p) {
			t.Fatalf("Lasker's Nim %v: value %d, the general engine %d", p, o.Value(p), value(p))
		}
		var want []kayles.Move
		for m := range o.Moves(p) {
			if q, _ := o.Play(p, m); value(q) == 0 {
				want = append(want, m)
			}
		}
		if moves := slices.Collect(o.WinningMoves(p)); !slices.EqualFunc(want, moves, func(a, b kayles.Move) bool { return a.String() == b.String() }) {
			t.Fatalf("Lasker's Nim %v: winning moves %v, want %v", p, moves, want)
		}
	})
}

// FuzzSparseModifiers compares the values of finite codes with octal digits and modifiers,
// which the rare/common engine computes from the 256th value on, with the general engine.
func FuzzSparseModifiers(f *testing.F) {
	for _, s := range []string{"4!.0", "0.4!4=", "4=.6!04?", "0.15!7=", "4?.0007!", "0.4!04"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, code string) {
		o, err := kayles.ParseOctal(code)
		if err != nil || strings.ContainsAny(o.String(), "[{&89ABCDEFGHIJKLMNOPQRSTUV") || len(o.String()) > 24 {
			return // the general engine is too slow for more heaps or tails
		}
		const n = 600
		want := kayles.MexGeneralValues(o, n)
		got, err := o.Values(n)
		if err != nil {
			t.Fatalf("%s: %v", o, err)
		}
		for i, v := range want {
			if got[i] != int(v) {
				t.Fatalf("%s: G(%d) = %d, the general engine says %d", o, i, got[i], v)
			}
		}
	})
}
