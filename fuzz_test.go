package kayles_test

import (
	"context"
	"errors"
	"iter"
	"math"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/octalgames/kayles"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func FuzzParseOctal(f *testing.F) {
	for _, s := range []string{"0.77", ".77", "4.7", "0.3f", "0.", "1.7", "0.7g", "", "0.000", "C.1",
		"0.[3]", "4!.", "0.{2,3}", "0.{1,2+}?", "0.&127;", "0.&#x10;=", "0.3[73]", "{2+}.", "0.[", "0.{", "0.{0,63}"} {
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
		a, _ := o.Values(ctx, 12)
		b, _ := again.Values(ctx, 12)
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
		p := kayles.MustNewPosition(hs...)
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

// Fuzz targets for graphs (issue 6).

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
		p := kayles.MustNewPosition(hs...)
		want := kayles.Previous
		if kayles.MisereSearchWins(kayles.Kayles, p) {
			want = kayles.Next
		}
		assert.Equal(t, want, must(kayles.Kayles.MisereOutcome(ctx, p)), "position %v", p)
		for m := range must(kayles.Kayles.MisereWinningMoves(ctx, p)) {
			q, err := kayles.Kayles.Play(p, m)
			require.NoError(t, err)
			assert.False(t, kayles.MisereSearchWins(kayles.Kayles, q), "move %v in %v", m, p)
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
		p := kayles.MustNewPosition(hs...)
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
		if v, err := o.Value(ctx, p); err != nil {
			if !errors.Is(err, kayles.ErrTooLarge) {
				t.Fatalf("%s: Value(%v) = %v", o, p, err)
			}
		} else {
			n := 0
			for m := range must(o.WinningMoves(ctx, p)) {
				q, err := o.Play(p, m)
				if err != nil || must(o.Value(ctx, q)) != 0 {
					t.Fatalf("%s: winning move %v in %v leads to %v (%v)", o, m, p, q, err)
				}
				n++
			}
			if (n == 0) != (v == 0) || (must(o.Outcome(ctx, p)) == kayles.Previous) != (v == 0) {
				t.Fatalf("%s: %v has value %d, %d winning moves, outcome %v", o, p, v, n, must(o.Outcome(ctx, p)))
			}
		}
		out, err := o.MisereOutcome(ctx, p)
		if err != nil {
			t.Fatalf("%s: MisereOutcome(%v) = %v", o, p, err)
		}
		mv := must(o.MisereValue(ctx, p))
		if (out == kayles.Previous) != (mv == 0) || out == 0 {
			t.Fatalf("%s: %v misère outcome %v, value %d", o, p, out, mv)
		}
		for m := range must(o.MisereWinningMoves(ctx, p)) {
			q, err := o.Play(p, m)
			if err != nil || must(o.MisereOutcome(ctx, q)) != kayles.Previous {
				t.Fatalf("%s: misère winning move %v in %v leads to %v (%v)", o, m, p, q, err)
			}
		}
		if g := must(o.Genus(ctx, p)); g.MisereValue() != mv || g.Gamma(0) != mv {
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
		p := kayles.MustNewPosition(hs...)
		for _, misere := range []bool{false, true} {
			got := must(kayles.Nim.WinningMoves(ctx, p))
			if misere {
				got = must(kayles.Nim.MisereWinningMoves(ctx, p))
			}
			if want, moves := nimRuleWinningMoves(p, misere), slices.Collect(got); !slices.EqualFunc(want, moves, func(a, b kayles.Move) bool { return a.String() == b.String() }) {
				t.Fatalf("misere %v, %v: winning moves %v, want %v", misere, p, moves, want)
			}
		}
		var small []int
		for _, h := range hs {
			small = append(small, h%256)
		}
		p = kayles.MustNewPosition(small...)
		o := kayles.LaskersNim
		value := func(q kayles.Position) int {
			v := 0
			for h := range q.All() {
				v ^= general[h]
			}
			return v
		}
		if must(o.Value(ctx, p)) != value(p) {
			t.Fatalf("Lasker's Nim %v: value %d, the general engine %d", p, must(o.Value(ctx, p)), value(p))
		}
		var want []kayles.Move
		for m := range o.Moves(p) {
			if q, _ := o.Play(p, m); value(q) == 0 {
				want = append(want, m)
			}
		}
		if moves := slices.Collect(must(o.WinningMoves(ctx, p))); !slices.EqualFunc(want, moves, func(a, b kayles.Move) bool { return a.String() == b.String() }) {
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
		got, err := o.Values(ctx, n)
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

// FuzzOctalNoPanic asks every question of the package about any code, position and number,
// with small limits and a short deadline: none may panic, and every error must be one of the
// package's families (or the context's), never a zero value with a nil error past a limit.
func FuzzOctalNoPanic(f *testing.F) {
	f.Add("0.77", "3 4 5", 7, uint16(100))
	f.Add("0.6", "1000000", -1, uint16(1))
	f.Add("4!.0", "5 1000000", 1<<40, uint16(0))
	f.Add("{2+}.", "40", 90, uint16(50))
	f.Add("0.[3]", "9223372036854775807", math.MaxInt, uint16(7))
	f.Add("4.[3]", "3 9223372036854775807", math.MinInt, uint16(3))
	f.Add("0.2048", "30 31", 3000, uint16(9))
	f.Add("0.07", "30 41", 64, uint16(1000))
	f.Fuzz(func(t *testing.T, code, text string, n int, limit uint16) {
		known := func(what string, err error) {
			if err == nil || errors.Is(err, kayles.ErrTooLarge) || errors.Is(err, kayles.ErrRange) ||
				errors.Is(err, kayles.ErrSyntax) || errors.Is(err, kayles.ErrIllegalMove) ||
				errors.Is(err, context.DeadlineExceeded) {
				return
			}
			t.Fatalf("%s %s: an error of no family: %v", code, what, err)
		}
		o, err := kayles.ParseOctal(code)
		known("ParseOctal", err)
		if err != nil {
			return
		}
		o = o.WithLimits(kayles.Limits{Steps: int64(limit) * 64, SearchSteps: int64(limit), MemoBytes: 1 << 16})
		p, err := kayles.ParsePosition(text)
		known("ParsePosition", err)
		q, err := kayles.NewPosition(n, 3)
		known("NewPosition", err)
		if err == nil {
			p = p.Add(q)
		}
		_, err = kayles.K(n)
		known("K", err)
		_, err = kayles.NewSubtraction(n, n%70)
		known("NewSubtraction", err)
		_, err = kayles.NewAllButSubtraction(n)
		known("NewAllButSubtraction", err)
		ask := func() (context.Context, context.CancelFunc) {
			return context.WithTimeout(context.Background(), 20*time.Millisecond)
		}
		for _, question := range []struct {
			name string
			call func(ctx context.Context) error
		}{
			{"Grundy", func(ctx context.Context) error { _, err := o.Grundy(ctx, n); return err }},
			{"Values", func(ctx context.Context) error { _, err := o.Values(ctx, n%300); return err }},
			{"Period", func(ctx context.Context) error { _, _, err := o.Period(ctx, n%5000); return err }},
			{"ApparentPeriod", func(ctx context.Context) error { _, _, err := o.ApparentPeriod(ctx, n%5000); return err }},
			{"Value", func(ctx context.Context) error { _, err := o.Value(ctx, p); return err }},
			{"Outcome", func(ctx context.Context) error { _, err := o.Outcome(ctx, p); return err }},
			{"WinningMoves", func(ctx context.Context) error {
				ms, err := o.WinningMoves(ctx, p)
				if err == nil {
					for range iterLimit(ms, 5) {
					}
				}
				return err
			}},
			{"WinningMove", func(ctx context.Context) error { _, _, err := o.WinningMove(ctx, p); return err }},
			{"MisereOutcome", func(ctx context.Context) error { _, err := o.MisereOutcome(ctx, p); return err }},
			{"MisereWinningMoves", func(ctx context.Context) error {
				ms, err := o.MisereWinningMoves(ctx, p)
				if err == nil {
					for range iterLimit(ms, 5) {
					}
				}
				return err
			}},
			{"MisereWinningMove", func(ctx context.Context) error { _, _, err := o.MisereWinningMove(ctx, p); return err }},
			{"Genus", func(ctx context.Context) error {
				g, err := o.Genus(ctx, p)
				_, _, _ = g.Gamma(n), g.String(), g.Tame()
				return err
			}},
			{"MisereValue", func(ctx context.Context) error { _, err := o.MisereValue(ctx, p); return err }},
			{"Tame", func(ctx context.Context) error { _, err := o.Tame(ctx, p); return err }},
			{"MisereCanonical", func(ctx context.Context) error { _, err := o.MisereCanonical(ctx, p); return err }},
			{"Run", func(ctx context.Context) error { _, err := o.Run(ctx, kayles.RunOptions{Limit: n % 400}); return err }},
		} {
			ctx, cancel := ask()
			known(question.name, question.call(ctx))
			cancel()
		}
		for m := range iterLimit(o.Moves(p), 5) {
			_, err := o.Play(p, m)
			known("Play", err)
			m.Take += n
			_, err = o.Play(p, m)
			known("Play", err)
		}
		_, err = o.Play(p, kayles.Move{Heap: n, Take: n, Left: []int{n, -n}})
		known("Play", err)
		var back kayles.Position
		b, err := p.MarshalText()
		known("MarshalText", err)
		known("UnmarshalText", back.UnmarshalText(b))
		if back != p {
			t.Fatalf("%v reads back as %v", p, back)
		}
	})
}

// iterLimit returns the first n elements of seq.
func iterLimit[T any](seq iter.Seq[T], n int) iter.Seq[T] {
	return func(yield func(T) bool) {
		for v := range seq {
			if n--; n < 0 || !yield(v) {
				return
			}
		}
	}
}

// FuzzThreeHeaps checks the three-heap engine against the reference mex, which lists every
// triple, on hexadecimal codes of up to four digits (kayles.ReferenceValues).
func FuzzThreeHeaps(f *testing.F) {
	for _, s := range []string{"0.8", "0.2048", "8.1", "C.F", "0.FF", "4.08", "0.B", "0.0009"} {
		f.Add(s, uint16(200))
	}
	f.Fuzz(func(t *testing.T, code string, n uint16) {
		o, err := kayles.ParseOctal(code)
		if err != nil || len(o.Digits()) > 5 || !strings.ContainsAny(o.String(), "89ABCDEF") {
			return
		}
		n = n%300 + 1
		got, err := o.Values(context.Background(), int(n))
		if err != nil {
			require.ErrorIs(t, err, kayles.ErrTooLarge)
			return
		}
		assert.Equal(t, kayles.ReferenceValues(o, int(n)), got, code)
	})
}

// FuzzParseQuotient: ParseQuotient never panics, and whatever it accepts is a verified
// quotient whose text form reads back to itself, with a presentation, and isomorphic to the
// copy read back.
func FuzzParseQuotient(f *testing.F) {
	ctx := context.Background()
	for _, c := range []struct {
		code string
		n    int
	}{{"0.75", 30}, {"0.[3]", 3}, {"0.07", 9}} {
		q, err := kayles.MustParseOctal(c.code).Quotient(ctx, c.n)
		require.NoError(f, err)
		f.Add(q.String())
	}
	f.Add("misère quotient of 0.7 to heap 1\norder 2\nperiod none\ngenerators 1\nchanges 1:2\nP 1\nphi 0 1\nmul\n0 1\n1 0\n")
	f.Add("")
	f.Fuzz(func(t *testing.T, s string) {
		if len(s) > 1<<14 {
			return
		}
		q, err := kayles.ParseQuotient(ctx, s)
		if err != nil {
			require.True(t, errors.Is(err, kayles.ErrSyntax) || errors.Is(err, kayles.ErrTooLarge), "%v", err)
			return
		}
		r, err := kayles.ParseQuotient(ctx, q.String())
		require.NoError(t, err)
		assert.Equal(t, q.String(), r.String())
		// The presentation, its independent relations and the isomorphism test answer on
		// every accepted quotient: a quotient is isomorphic to its own copy.
		assert.NotEmpty(t, q.Presentation())
		ind, err := q.IndependentRelations(ctx)
		require.NoError(t, err)
		assert.Subset(t, q.Relations(), ind)
		iso, err := q.Isomorphic(ctx, r)
		require.NoError(t, err)
		assert.True(t, iso)
	})
}
