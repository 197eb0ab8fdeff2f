package kayles_test

import (
	"errors"
	"slices"
	"testing"

	"github.com/octalgames/kayles"
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
