package kayles

import (
	"encoding/binary"
	"iter"
	"slices"
	"strconv"
)

// This file implements positions: multisets of heap sizes, in one normal form.

// A Position is a sum of heaps (Kayles rows): a multiset of heap sizes, kept in one normal form
// with the heaps ascending and no empty heaps. Positions are immutable values; == compares
// them and they serve as map keys. The zero Position is the empty one, in which the player to
// move has lost (in normal play).
type Position struct {
	enc string // the heaps, ascending, as unsigned varints
}

// NewPosition returns the position with the given heaps, in any order; zero heaps are dropped.
// It does not retain the slice heaps. A negative heap gets a [*RangeError], and the empty position.
func NewPosition(heaps ...int) (Position, error) {
	for _, h := range heaps {
		if h < 0 {
			return Position{}, rangeError("heap", h, maxInt)
		}
	}
	return fromHeaps(slices.Clone(heaps)), nil
}

// MustNewPosition is like [NewPosition] but panics if a heap is negative. It is meant for
// package-level variables and tests.
func MustNewPosition(heaps ...int) Position {
	p, err := NewPosition(heaps...)
	if err != nil {
		panic(err)
	}
	return p
}

// fromHeaps makes a position from heaps it may reorder; none is negative.
func fromHeaps(hs []int) Position {
	slices.Sort(hs)
	var b []byte
	for _, h := range hs {
		if h > 0 {
			b = binary.AppendUvarint(b, uint64(h))
		}
	}
	return Position{enc: string(b)}
}

// ParsePosition parses a position written as heap sizes separated by spaces, '+' or ',', as
// in "3 5 7", "3+5+7" or "3, 5, 7". The empty string and "0" are the empty position; heaps of
// 0 are dropped. An error wraps [ErrSyntax], or [ErrRange] for a heap too large for an int.
func ParsePosition(s string) (Position, error) {
	var hs []int
	i := 0
	skipSpace := func() {
		for i < len(s) && (s[i] == ' ' || s[i] == '\t' || s[i] == '\n' || s[i] == '\r') {
			i++
		}
	}
	fail := func(offset int, msg string, err error) (Position, error) {
		return Position{}, newParseError("position", s, offset, msg, err)
	}
	skipSpace()
	for i < len(s) {
		start := i
		for i < len(s) && '0' <= s[i] && s[i] <= '9' {
			i++
		}
		if start == i {
			if s[i] == '+' || s[i] == ',' {
				return fail(i, "missing heap size before "+quoteByte(s[i]), ErrSyntax)
			}
			return fail(i, "unexpected "+quoteByte(s[i])+"; want a heap size", ErrSyntax)
		}
		h, err := strconv.Atoi(s[start:i])
		if err != nil {
			return fail(start, "heap size too large", ErrRange)
		}
		hs = append(hs, h)
		skipSpace()
		if i < len(s) && (s[i] == '+' || s[i] == ',') {
			sep := i
			i++
			skipSpace()
			if i == len(s) {
				return fail(sep, "missing heap size after "+quoteByte(s[sep]), ErrSyntax)
			}
		} else if i > 0 && i < len(s) && !isSpace(s[i-1]) {
			return fail(i, "unexpected "+quoteByte(s[i])+"; want a heap size", ErrSyntax)
		}
	}
	return fromHeaps(hs), nil
}

func isSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\n' || c == '\r' }

// MustParsePosition is like [ParsePosition] but panics on error. It is meant for package-level
// variables and tests.
func MustParsePosition(s string) Position {
	p, err := ParsePosition(s)
	if err != nil {
		panic(err)
	}
	return p
}

// All returns an iterator over the heaps of p in ascending order, repeated heaps repeated.
func (p Position) All() iter.Seq[int] {
	return func(yield func(int) bool) {
		for s := p.enc; s != ""; {
			h, w := uvarint(s)
			s = s[w:]
			if !yield(h) {
				return
			}
		}
	}
}

// sizes returns an iterator over the distinct heap sizes of p, ascending: every heap size once.
func (p Position) sizes() iter.Seq[int] {
	return func(yield func(int) bool) {
		for h, rest := nextSize(p.enc, 0); h > 0; h, rest = nextSize(rest, h) {
			if !yield(h) {
				return
			}
		}
	}
}

// nextSize returns the first heap of the encoding s larger than last, and the rest of s after
// it; it returns 0 when there is none.
func nextSize(s string, last int) (int, string) {
	for s != "" {
		h, w := uvarint(s)
		s = s[w:]
		if h != last {
			return h, s
		}
	}
	return 0, ""
}

// Heaps returns the heap sizes of p in ascending order, in a new slice (nil when p is empty).
func (p Position) Heaps() []int {
	var hs []int
	for h := range p.All() {
		hs = append(hs, h)
	}
	return hs
}

// Len returns the number of heaps in p. It costs O(Len).
func (p Position) Len() int {
	n := 0
	for i := 0; i < len(p.enc); i++ {
		if p.enc[i] < 0x80 {
			n++
		}
	}
	return n
}

// Add returns the sum of p and q: the position with the heaps of both.
func (p Position) Add(q Position) Position {
	return fromHeaps(append(p.Heaps(), q.Heaps()...))
}

// String returns p as heap sizes joined by '+', ascending, as in "3+5+7", or "0" when p is
// empty. [ParsePosition] reads it back.
func (p Position) String() string {
	b, _ := p.AppendText(nil)
	return string(b)
}

// AppendText appends the text of [Position.String] to b. It never fails.
func (p Position) AppendText(b []byte) ([]byte, error) {
	if p.enc == "" {
		return append(b, '0'), nil
	}
	first := true
	for h := range p.All() {
		if !first {
			b = append(b, '+')
		}
		first = false
		b = strconv.AppendInt(b, int64(h), 10)
	}
	return b, nil
}

// MarshalText returns the text of [Position.String]. It never fails.
func (p Position) MarshalText() ([]byte, error) { return p.AppendText(nil) }

// UnmarshalText sets p to the position text describes, as [ParsePosition] reads it. On error p
// is unchanged.
func (p *Position) UnmarshalText(text []byte) error {
	q, err := ParsePosition(string(text))
	if err != nil {
		return err
	}
	*p = q
	return nil
}

// replace returns p with one heap of size h replaced by the heaps left; p must hold h.
func (p Position) replace(h int, left []int) Position {
	hs := p.Heaps()
	i := slices.Index(hs, h)
	hs = append(slices.Delete(hs, i, i+1), left...)
	return fromHeaps(hs)
}

// has reports whether p holds a heap of size h.
func (p Position) has(h int) bool {
	for x := range p.All() {
		if x >= h {
			return x == h
		}
	}
	return false
}

// uvarint decodes the first heap of an encoding and returns it with its width in bytes.
func uvarint(s string) (int, int) {
	x, shift := 0, 0
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c < 0x80 {
			return x | int(c)<<shift, i + 1
		}
		x |= int(c&0x7f) << shift
		shift += 7
	}
	panic("kayles: corrupt position encoding")
}
