package table_test

import (
	"context"
	"encoding/binary"
	"errors"
	"slices"
	"testing"

	"github.com/octalgames/kayles"
	"github.com/octalgames/kayles/table"
)

// Fuzz targets of the tables.

// tableInvariants checks that tb agrees with a model of its row and history, and that its text
// form restores it exactly.
func tableInvariants(t *testing.T, tb *table.Kayles, down []bool, history [][]int) {
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
	if p := pos(t, rows...); tb.Position() != p {
		t.Fatalf("%s: Position() = %v, want %v", tb, tb.Position(), p)
	}
	if h := pinsOf(tb.History()); !slices.EqualFunc(h, history, slices.Equal) {
		t.Fatalf("%s: History() = %v, want %v", tb, h, history)
	}
	if tb.Player() != len(history)%2 {
		t.Fatalf("%s: Player() = %d after %d moves", tb, tb.Player(), len(history))
	}
	winner, over := tb.Winner()
	want := (len(history) - 1) % 2 // normal play: whoever knocked down the last pin
	if tb.Convention() == table.Misere {
		want = len(history) % 2
	}
	if over != !slices.Contains(down, false) || over && winner != want {
		t.Fatalf("%s: Winner() = %d, %v after %d moves", tb, winner, over, len(history))
	}
	text, err := tb.MarshalText()
	if err != nil {
		t.Fatal(err)
	}
	var back table.Kayles
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
		tb, err := table.NewKayles(table.Normal, n)
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
					if !errors.Is(err, table.ErrNothingToUndo) {
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
				pins, winning = hint(t, tb)
				if winning != !kaylesLoses(t, tb.Position(), table.Normal) {
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
		"kayles 0 normal moves", "kayles 1000 normal moves 500", "kayles 1 misere moves 1", " kayles\t4 normal moves 1 2-3\n", "kayles 4 normal moves 2 2"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		tb, err := table.NewKayles(table.Normal, 5)
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
		replay, err := table.NewKayles(tb.Convention(), tb.Size())
		if err != nil {
			t.Fatal(err)
		}
		down := make([]bool, tb.Size())
		for _, m := range tb.History() {
			if err := replay.Play(m); err != nil {
				t.Fatalf("%q: the history does not replay: %v", s, err)
			}
			for _, p := range m.Pins() {
				down[p-1] = true
			}
		}
		tableInvariants(t, tb, down, pinsOf(replay.History()))
	})
}

// nimInvariants checks that nt agrees with a model of its heaps and history, and that its text
// form restores it exactly.
func nimInvariants(t *testing.T, nt *table.Nim, heaps []int, history []table.NimMove) {
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
	if nt.Convention() == table.Misere {
		want = len(history) % 2
	}
	if over != empty || over && winner != want {
		t.Fatalf("%v: Winner() = %d, %v after %d moves", heaps, winner, over, len(history))
	}
	text, err := nt.MarshalText()
	if err != nil {
		t.Fatal(err)
	}
	var back table.Nim
	if err := back.UnmarshalText(text); err != nil {
		t.Fatalf("the text %q does not restore: %v", text, err)
	}
	again, _ := back.MarshalText()
	if !slices.Equal(back.Heaps(), heaps) || string(again) != string(text) || back.Convention() != nt.Convention() {
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
		nt, err := table.NewNim(conv(misere), heaps...)
		if err != nil {
			t.Fatal(err)
		}
		var history []table.NimMove
		for i := 0; i+2 < len(ops); i += 3 {
			var heap, count int
			switch ops[i] % 3 {
			case 0:
				heap, count = int(ops[i+1])%(len(heaps)+2), int(ops[i+2])%12-1
			case 1:
				err := nt.Undo()
				if len(history) == 0 {
					if !errors.Is(err, table.ErrNothingToUndo) {
						t.Fatalf("Undo with no move: %v", err)
					}
				} else {
					if err != nil {
						t.Fatalf("Undo: %v", err)
					}
					m := history[len(history)-1]
					heaps[m.Index-1] += m.Count
					history = history[:len(history)-1]
				}
				nimInvariants(t, nt, heaps, history)
				continue
			case 2:
				heap, count, _ = nimHint(t, nt)
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
				history = append(history, table.NimMove{Index: heap, Count: count})
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
		nt, err := table.NewNim(table.Normal, 2, 2)
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
			if !slices.Equal(nt.Heaps(), []int{1, 2}) || len(nt.History()) != 1 || nt.Convention() != table.Normal {
				t.Fatalf("UnmarshalText(%q) failed but changed the table to %v", s, nt.Heaps())
			}
			return
		}
		heaps := nt.Setup()
		for _, m := range nt.History() {
			heaps[m.Index-1] -= m.Count
		}
		nimInvariants(t, nt, heaps, nt.History())
	})
}

// fuzzInts decodes data as numbers of every size: a byte below 0x80 is a small number from
// -8 to 119, any other byte starts an 8-byte number, negative and huge ones included.
func fuzzInts(data []byte) []int {
	var ns []int
	for len(data) > 0 {
		b := data[0]
		data = data[1:]
		if b < 0x80 || len(data) < 8 {
			ns = append(ns, int(b&0x7f)-8)
			continue
		}
		ns = append(ns, int(int64(binary.LittleEndian.Uint64(data))))
		data = data[8:]
	}
	return ns
}

// FuzzTablesNoPanic calls every method of both tables and of the opponents with arbitrary
// numbers (any int, negative and huge ones included), conventions and text. None may panic;
// a refused setup matches ErrSetup and kayles.ErrRange, a rejected move kayles.ErrIllegalMove,
// refused text kayles.ErrSyntax or kayles.ErrRange, and a hint or a choice never fails.
func FuzzTablesNoPanic(f *testing.F) {
	big := binary.LittleEndian.AppendUint64([]byte{0xff}, 1<<63)
	f.Add(uint8(0), []byte{15, 4, 8, 9, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10}, "kayles 7 normal moves 4 1-2")
	f.Add(uint8(1), append([]byte{30, 2, 4, 1}, big...), "nim misere 1 3 5 7 moves 4:7")
	f.Add(uint8(9), append(big, big...), "kayles 99999999999 misere moves")
	f.Add(uint8(0), binary.LittleEndian.AppendUint64([]byte{0xff}, 1000), "nim normal 1000 1000 moves 1:1000 2:999")
	f.Fuzz(func(t *testing.T, c uint8, data []byte, text string) {
		ctx := context.Background()
		conv := table.Convention(c % 4)
		ns := fuzzInts(data)
		arg := func(i int) int { return ns[i%len(ns)] }
		if len(ns) == 0 {
			ns = []int{0}
		}
		setup := func(err error) {
			if err != nil && (!errors.Is(err, table.ErrSetup) || !errors.Is(err, kayles.ErrRange)) {
				t.Fatalf("a refused setup: %v", err)
			}
		}
		illegal := func(err error) {
			if err != nil && !errors.Is(err, kayles.ErrIllegalMove) {
				t.Fatalf("a rejected move: %v", err)
			}
		}
		noError := func(err error) {
			if err != nil {
				t.Fatal(err)
			}
		}
		opps := []table.Computer{perfect(0), symmetry(1), random(2)}

		k, err := table.NewKayles(conv, arg(0))
		setup(err)
		if err != nil {
			k = &table.Kayles{}
		}
		for i := range ns {
			switch x := arg(i); uint(x) % 7 {
			case 0:
				illegal(k.Knock(ns[i:min(len(ns), i+1+int(uint(x)/7%4))]...))
			case 1:
				illegal(k.Play(table.KaylesMove{Pin: arg(i + 1), Pair: x%2 == 0}))
			case 2:
				k.Standing(arg(i + 1))
			case 3:
				if err := k.Undo(); err != nil && !errors.Is(err, table.ErrNothingToUndo) {
					t.Fatal(err)
				}
			case 4:
				_, _, err := k.Hint(ctx)
				noError(err)
			default:
				if _, _, err := opps[uint(x)%3].PlayKayles(ctx, k); !errors.Is(err, table.ErrGameOver) {
					noError(err)
				}
			}
		}
		k.Moves()
		k.Position()
		_, _ = k.Winner()
		before, _ := k.MarshalText()
		if err := k.UnmarshalText([]byte(text)); err != nil {
			if !errors.Is(err, kayles.ErrSyntax) && !errors.Is(err, kayles.ErrRange) {
				t.Fatalf("UnmarshalText(%q) = %v", text, err)
			}
			if after, _ := k.MarshalText(); string(after) != string(before) {
				t.Fatalf("UnmarshalText(%q) failed but changed the table", text)
			}
		}

		heaps := ns[:min(len(ns), 1+int(uint(arg(0))%(table.MaxHeaps+10)))]
		n, err := table.NewNim(conv, heaps...)
		setup(err)
		if err != nil {
			n = &table.Nim{}
		}
		for i := range ns {
			switch x := arg(i); uint(x) % 6 {
			case 0:
				illegal(n.Take(arg(i+1), arg(i+2)))
			case 1:
				illegal(n.Play(table.NimMove{Index: arg(i + 1), Count: arg(i + 2)}))
			case 2:
				if err := n.Undo(); err != nil && !errors.Is(err, table.ErrNothingToUndo) {
					t.Fatal(err)
				}
			case 3:
				_, _, err := n.Hint(ctx)
				noError(err)
			default:
				if _, _, err := opps[uint(x)%3].PlayNim(ctx, n); !errors.Is(err, table.ErrGameOver) {
					noError(err)
				}
			}
		}
		_, _ = n.Winner()
		before, _ = n.MarshalText()
		if err := n.UnmarshalText([]byte(text)); err != nil {
			if !errors.Is(err, kayles.ErrSyntax) && !errors.Is(err, kayles.ErrRange) {
				t.Fatalf("UnmarshalText(%q) = %v", text, err)
			}
			if after, _ := n.MarshalText(); string(after) != string(before) {
				t.Fatalf("UnmarshalText(%q) failed but changed the table", text)
			}
		}
	})
}

// FuzzRestore checks that Restore never panics, and that every text it accepts writes back to
// a text that restores the same table.
func FuzzRestore(f *testing.F) {
	for _, s := range []string{
		"kayles 10 normal moves 5-6 1", "nim misere 1 3 5 7 moves 4:7", "table 0.07 rows 7 7 misere moves 1:3-4",
		"kayles 7 normal seats human perfect seed 42 moves 4", "table 0.6 rows 5 normal moves 2", "table 0.[3] heaps 9 normal moves 1:9",
		"table 4.[3] heaps 3 normal moves", "table 0.77 rows 3 3 normal moves 1:1-3",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		tb, err := table.Restore(text)
		if err != nil {
			var pe *kayles.ParseError
			if !errors.As(err, &pe) || !errors.Is(err, kayles.ErrSyntax) && !errors.Is(err, kayles.ErrRange) {
				t.Fatalf("Restore(%q): %v is not a parse error", text, err)
			}
			return
		}
		out, _ := tb.MarshalText()
		again, err := table.Restore(string(out))
		if err != nil {
			t.Fatalf("Restore(%q) of the text of %q: %v", out, text, err)
		}
		out2, _ := again.MarshalText()
		if string(out) != string(out2) || tb.String() != again.String() {
			t.Fatalf("%q restores to %q, then %q", text, out, out2)
		}
	})
}

// FuzzTablePlay plays the moves that data spells out at a table of a few rule sets: every
// move is checked, a refused one changes nothing, and undo gives back each earlier table.
func FuzzTablePlay(f *testing.F) {
	f.Add(uint8(0), []byte{1, 4, 1, 1, 2, 2})
	f.Add(uint8(3), []byte{3, 0, 9, 2, 0, 5})
	f.Fuzz(func(t *testing.T, game uint8, data []byte) {
		setups := []table.Setup{
			{Start: []int{7, 5}},
			{Rules: kayles.DawsonsKayles, Start: []int{9}, Convention: table.Misere},
			{Rules: kayles.Officers, Start: []int{4, 4}},
			{Rules: kayles.Nim, Layout: table.Heaps, Start: []int{2, 5, 9}},
		}
		tb, err := table.New(setups[int(game)%len(setups)])
		if err != nil {
			t.Fatal(err)
		}
		var texts []string
		for i := 0; i+2 < len(data); i += 3 {
			before, _ := tb.MarshalText()
			m := table.Move{Row: int(int8(data[i])), Pin: int(int8(data[i+1])), Count: int(int8(data[i+2]))}
			if tb.Heaps() != nil {
				m.Pin = 0
			}
			legal := slices.Contains(tb.Moves(), m)
			err := tb.Play(tb.Turn(), m)
			after, _ := tb.MarshalText()
			if legal != (err == nil) {
				t.Fatalf("move %+v at %s: listed %v, Play: %v", m, before, legal, err)
			}
			if err != nil {
				if !errors.Is(err, kayles.ErrIllegalMove) || string(before) != string(after) {
					t.Fatalf("refused move %+v at %s: %v, table now %s", m, before, err, after)
				}
				continue
			}
			texts = append(texts, string(before))
		}
		for i := len(texts) - 1; i >= 0; i-- {
			if err := tb.Undo(tb.Turn()); err != nil {
				t.Fatal(err)
			}
			if now, _ := tb.MarshalText(); string(now) != texts[i] {
				t.Fatalf("undo gave %s, want %s", now, texts[i])
			}
		}
	})
}

// FuzzComputerAlwaysMoves plays whole games between two Perfect seats on tables of any rule
// set that fits, in both conventions, with limits small enough that the searches and the
// values reach them: every hint and every seat gives a move, with a known verdict, and every
// move is legal.
func FuzzComputerAlwaysMoves(f *testing.F) {
	f.Add("0.07", []byte{30}, true, uint8(0))
	f.Add("0.137", []byte{12, 9}, true, uint8(3))
	f.Add("0.4!", []byte{20}, false, uint8(0))
	f.Add("0.[7]", []byte{15, 6}, true, uint8(1))
	f.Add("0.77", []byte{40}, true, uint8(0))
	f.Add("0.6", []byte{25}, false, uint8(2))
	f.Fuzz(func(t *testing.T, code string, rows []byte, misere bool, small uint8) {
		rules, err := kayles.ParseOctal(code)
		if err != nil || len(rows) == 0 || len(rows) > 4 {
			return
		}
		rules = rules.WithLimits(kayles.Limits{Steps: 1 << (6 + small%16), SearchSteps: 1 << (6 + small%12)})
		s := table.Setup{Rules: rules, Seats: [2]table.Level{table.Perfect, table.Perfect}, Seed: uint64(small)}
		for _, r := range rows {
			s.Start = append(s.Start, 1+int(r)%40)
		}
		if misere {
			s.Convention = table.Misere
		}
		tb, err := table.New(s)
		if err != nil {
			return
		}
		ctx := context.Background()
		for {
			if _, over := tb.Winner(); over {
				return
			}
			legal := tb.Moves()
			if _, v, err := tb.Hint(ctx); err != nil || v > table.Loses {
				t.Fatalf("hint at %s of %s: %v, %v", tb, code, v, err)
			}
			m, _, err := tb.PlayComputer(ctx)
			if err != nil || !slices.Contains(legal, m) {
				t.Fatalf("computer at %s of %s: %v, %v", tb, code, m, err)
			}
		}
	})
}
