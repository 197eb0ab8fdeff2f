package kayles

import (
	"strconv"
	"strings"
)

// This file implements octal codes: rule sets for take-and-break games and their notation.

// An Octal is the rule set of an octal (or hexadecimal) game, written as a code d0.d1d2...dt.
// Digit d_i says what a move that removes exactly i tokens from one heap may leave: flag 1, no
// heap (only when the heap had exactly i tokens); flag 2, one non-empty heap; flag 4, two
// non-empty heaps; flag 8 (hexadecimal digits 8 to F), three non-empty heaps. The digit d0
// removes nothing, so only its flags 4 and 8 (split a heap without taking) mean anything.
//
// An Octal also holds the values computed so far, so that each is computed once. It is safe
// for concurrent use. A nil or zero Octal is not usable: make one with [ParseOctal].
type Octal struct {
	flags  []uint8 // flags[i] is digit d_i; the last one is not zero unless the code is 0.0
	code   string  // canonical text
	heaps  int     // the most heaps a move leaves: k in the periodicity theorem, at least 1
	whole  []int   // takes i >= 1 with flag 1
	leave1 []int   // takes i >= 1 with flag 2
	leave2 []int   // takes i >= 0 with flag 4
	leave3 []int   // takes i >= 0 with flag 8
	eng    engine
}

// maxDigits bounds the number of digits after the point (t), which bounds the work per value.
const maxDigits = 64

// Well-known octal games. Their values are computed on first use and shared by every caller.
var (
	Kayles        = MustParseOctal("0.77")   // knock down one pin or two adjacent pins
	DawsonsKayles = MustParseOctal("0.07")   // knock down two adjacent pins
	DawsonsChess  = MustParseOctal("0.137")  // Dawson's Kayles with heaps one larger; Node Kayles on a path
	Guiles        = MustParseOctal("0.15")   // take one whole heap of 1, or two tokens from any heap
	Treblecross   = MustParseOctal("0.007")  // one-dimensional tic-tac-toe
	Officers      = MustParseOctal("0.6")    // take one token, leaving one or two non-empty heaps
	DoubleKayles  = MustParseOctal("0.7777") // knock down one to four adjacent pins
)

// ParseOctal parses an octal code such as "0.77", ".77", "4.7" or "0.3F". The first digit may
// be 0, 4, 8 or C (it removes nothing, so flags 1 and 2 would be meaningless); the digits after
// the point are 0-9 and A-F in either case, at most 64 of them after trailing zeros are
// dropped. An error wraps [ErrSyntax] and says where and why.
func ParseOctal(code string) (*Octal, error) {
	fail := func(offset int, msg string) (*Octal, error) {
		return nil, newParseError("octal code", code, offset, msg, ErrSyntax)
	}
	if code == "" {
		return fail(0, "empty code")
	}
	if len(code) > 4*maxDigits {
		return fail(0, "code too long")
	}
	point := strings.IndexByte(code, '.')
	if point < 0 {
		return fail(len(code), "no point: write a code as d0.d1d2..., as in 0.77")
	}
	for i := 0; i < point; i++ {
		if _, ok := hexDigit(code[i]); !ok {
			return fail(i, "bad digit "+quoteByte(code[i]))
		}
	}
	if point > 1 {
		return fail(1, "more than one digit before the point")
	}
	flags := []uint8{0}
	if point == 1 {
		d, ok := hexDigit(code[0])
		if !ok {
			return fail(0, "bad digit "+quoteByte(code[0]))
		}
		if d&3 != 0 {
			return fail(0, "first digit "+quoteByte(code[0])+" has flag 1 or 2, which a move that removes nothing cannot use")
		}
		flags[0] = d
	}
	for i := point + 1; i < len(code); i++ {
		d, ok := hexDigit(code[i])
		if !ok {
			return fail(i, "bad digit "+quoteByte(code[i]))
		}
		flags = append(flags, d)
	}
	for len(flags) > 1 && flags[len(flags)-1] == 0 {
		flags = flags[:len(flags)-1]
	}
	if len(flags)-1 > maxDigits {
		return fail(point+1+maxDigits, "too many digits for the engine (at most 64 after the point)")
	}
	return newOctal(flags), nil
}

// MustParseOctal is like [ParseOctal] but panics if the code cannot be parsed. It is meant for
// package-level variables and tests.
func MustParseOctal(code string) *Octal {
	o, err := ParseOctal(code)
	if err != nil {
		panic(err)
	}
	return o
}

func newOctal(flags []uint8) *Octal {
	o := &Octal{flags: flags, heaps: 1}
	var b strings.Builder
	b.WriteByte("0123456789ABCDEF"[flags[0]])
	b.WriteByte('.')
	if len(flags) == 1 {
		b.WriteByte('0')
	}
	for i, d := range flags {
		if i > 0 {
			b.WriteByte("0123456789ABCDEF"[d])
		}
		if i > 0 && d&1 != 0 {
			o.whole = append(o.whole, i)
		}
		if i > 0 && d&2 != 0 {
			o.leave1 = append(o.leave1, i)
		}
		if d&4 != 0 {
			o.leave2 = append(o.leave2, i)
			o.heaps = max(o.heaps, 2)
		}
		if d&8 != 0 {
			o.leave3 = append(o.leave3, i)
			o.heaps = max(o.heaps, 3)
		}
	}
	o.code = b.String()
	return o
}

// String returns the canonical code: upper-case digits, no trailing zeros after the point
// (but at least one digit there), as in "0.77", "4.7" or "0.0". It parses back to the same rules.
func (o *Octal) String() string { return o.code }

// Digits returns the digits d0, d1, ..., dt of the code as numbers, d_t being the last non-zero
// one (a single 0 for the game 0.0 with no moves).
func (o *Octal) Digits() []int {
	ds := make([]int, len(o.flags))
	for i, d := range o.flags {
		ds[i] = int(d)
	}
	return ds
}

// illegal says why a move that takes take tokens from a heap of n and leaves the heaps left is
// not legal, or returns "" when it is.
func (o *Octal) illegal(n, take int, left []int) string {
	if take < 0 || take > n {
		return "cannot take " + strconv.Itoa(take) + " tokens from a heap of " + strconv.Itoa(n)
	}
	sum := 0
	for _, h := range left {
		if h < 1 {
			return "a heap left is empty"
		}
		sum += h
	}
	if sum != n-take {
		return "the heaps left do not add up to " + strconv.Itoa(n) + " less the " + strconv.Itoa(take) + " taken"
	}
	var d uint8
	if take < len(o.flags) {
		d = o.flags[take]
	}
	ok := false
	switch len(left) {
	case 0:
		ok = take > 0 && d&1 != 0
	case 1:
		ok = take > 0 && d&2 != 0
	case 2:
		ok = d&4 != 0
	case 3:
		ok = d&8 != 0
	}
	if !ok {
		return o.code + " does not allow taking " + strconv.Itoa(take) + " and leaving " + plural(len(left), "heap")
	}
	return ""
}

func plural(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return strconv.Itoa(n) + " " + noun + "s"
}

func hexDigit(c byte) (uint8, bool) {
	switch {
	case '0' <= c && c <= '9':
		return c - '0', true
	case 'a' <= c && c <= 'f':
		return c - 'a' + 10, true
	case 'A' <= c && c <= 'F':
		return c - 'A' + 10, true
	}
	return 0, false
}

func quoteByte(c byte) string {
	if c >= 0x20 && c < 0x7f && c != '\'' {
		return "'" + string(rune(c)) + "'"
	}
	const hex = "0123456789abcdef"
	return `'\x` + string(hex[c>>4]) + string(hex[c&15]) + "'"
}
