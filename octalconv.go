package kayles

import (
	"strconv"
	"strings"
)

// This file implements the notation of octal codes: parsing them, and their canonical text.

// ParseOctal parses a take-and-break code such as "0.77", ".77", "4.7", "0.3F", "4!.0" or
// "0.[3]". A code is one digit (or none, meaning 0) before the point and any digits after it;
// a digit is a character 0-9 or A-V in either case (values 0 to 31), &N; or &#N; (decimal) or
// &#xN; (hexadecimal) for any value below 2^63, or a brace list of heap counts such as {2,3} or
// {0,2+} (k+ means k or more heaps); it may be followed by one modifier ! ? or =. Digits in
// brackets at the end repeat for ever. The digit before the point may not allow leaving fewer
// than two heaps. At most 64 digits stand after the point and 64 in brackets. An error wraps
// [ErrSyntax] and says where and why.
//
// Codes that have one canonical form give one engine: while a program holds an Octal of the
// code (a package-level game counts), ParseOctal returns that same *Octal, with its values,
// memo and quotient, so a server that parses the codes of its users keeps one engine per
// distinct game. A canonical code already held costs a map look-up; another one a parse. It is
// safe for concurrent use.
func ParseOctal(code string) (*Octal, error) {
	fail := func(offset int, msg string) (*Octal, error) {
		return nil, newParseError("octal code", code, offset, msg, ErrSyntax)
	}
	if code == "" {
		return fail(0, "empty code")
	}
	if len(code) > 16*maxDigits {
		return fail(0, "code too long")
	}
	if o := lookupOctal(code); o != nil {
		return o, nil // a canonical code whose Octal is alive
	}
	if !strings.Contains(code, ".") {
		return fail(len(code), "no point: write a code as d0.d1d2..., as in 0.77")
	}
	var digits, tail []digit
	point, open := -1, -1
	for i := 0; i < len(code); {
		switch c := code[i]; {
		case c == '.':
			if point >= 0 {
				return fail(i, "a second point")
			}
			if len(digits) == 0 {
				digits = append(digits, digit{})
			}
			if d := digits[0]; d.mask&3 != 0 || (d.from > 0 && d.from < 2) {
				return fail(0, "the digit before the point allows leaving fewer than two heaps, which a move that removes nothing cannot do")
			}
			point = i
			i++
		case c == '[':
			if point < 0 || open >= 0 {
				return fail(i, "unexpected '['")
			}
			open = i
			i++
		case c == ']':
			if open < 0 || i+1 != len(code) {
				return fail(i, "unexpected ']': brackets hold the repeating digits at the end")
			}
			if len(tail) == 0 {
				return fail(i, "empty brackets")
			}
			i++
			open = -2
		default:
			if point < 0 && len(digits) == 1 {
				return fail(i, "more than one digit before the point")
			}
			d, next, msg := parseDigit(code, i)
			if msg != "" {
				return fail(next, msg)
			}
			if open >= 0 {
				tail = append(tail, d)
			} else {
				digits = append(digits, d)
			}
			if len(tail) > maxDigits || len(digits) > maxDigits+1 {
				return fail(i, "too many digits for the engine (at most 64 after the point and 64 in brackets)")
			}
			i = next
		}
	}
	if open >= 0 {
		return fail(len(code), "missing ']'")
	}
	return newOctal(digits, tail), nil
}

// parseDigit reads one digit with its modifier at code[i:]. It returns the digit and the offset
// after it, or an error message and its offset.
func parseDigit(code string, i int) (digit, int, string) {
	var d digit
	c := code[i]
	switch {
	case c == '&':
		j := i + 1
		base := 10
		if j < len(code) && code[j] == '#' {
			j++
			if j < len(code) && (code[j] == 'x' || code[j] == 'X') {
				base = 16
				j++
			}
		}
		end := strings.IndexByte(code[j:], ';')
		if end < 0 {
			return d, i, "'&' digit without its closing ';'"
		}
		v, err := strconv.ParseUint(code[j:j+end], base, 63)
		if err != nil {
			return d, j, "bad digit value " + strconv.Quote(code[j:j+end]) + " (a number below 2^63)"
		}
		d.mask = v
		i = j + end + 1
	case c == '{':
		end := strings.IndexByte(code[i:], '}')
		if end < 0 {
			return d, i, "'{' without its closing '}'"
		}
		pos := i + 1
		for _, item := range strings.Split(code[i+1:i+end], ",") {
			more := strings.HasSuffix(item, "+")
			k, err := strconv.Atoi(strings.TrimSuffix(item, "+"))
			if err != nil || k < 0 || k > 63 || strings.HasPrefix(item, "+") {
				return d, pos, "bad heap count " + strconv.Quote(item) + " in braces (0 to 63, k+ for k or more)"
			}
			if more && k == 0 {
				d.mask |= 1 // {0+}: 0, or 1 or more
				k = 1
			}
			if more {
				if d.from == 0 || k < d.from {
					d.from = k
				}
			} else {
				d.mask |= 1 << uint(k)
			}
			pos += len(item) + 1
		}
		i += end + 1
	default:
		v := strings.IndexByte(digitChars, upper(c))
		if v < 0 {
			return d, i, "bad digit " + quoteByte(c)
		}
		d.mask = uint64(v)
		i++
	}
	d = d.normal()
	if i < len(code) && (code[i] == '!' || code[i] == '?' || code[i] == '=') {
		if !d.splits() {
			return d, i, "modifier " + quoteByte(code[i]) + " on a digit that never leaves two or more heaps"
		}
		d.rule = code[i]
		i++
	}
	return d, i, ""
}

// normal folds the mask bits just below from into from, so each digit has one form:
// {2,3+} is {2+}.
func (d digit) normal() digit {
	if d.from > 0 {
		if d.from < 64 {
			d.mask &= 1<<uint(d.from) - 1
		}
		for d.from > 1 && d.mask>>uint(d.from-1)&1 != 0 {
			d.from--
			d.mask &^= 1 << uint(d.from)
		}
	}
	return d
}

func upper(c byte) byte {
	if 'a' <= c && c <= 'z' {
		return c - 'a' + 'A'
	}
	return c
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

// text appends the canonical notation of d: a character below 32, else &N; below 2^63 (the
// most that &N; reads), else a brace list.
func (d digit) text(b []byte) []byte {
	switch {
	case d.from == 0 && d.mask < 32:
		b = append(b, digitChars[d.mask])
	case d.from == 0 && d.mask < 1<<63:
		b = append(b, '&')
		b = strconv.AppendUint(b, d.mask, 10)
		b = append(b, ';')
	default:
		b = append(b, '{')
		for k := range 64 {
			if d.mask>>uint(k)&1 != 0 && (d.from == 0 || k < d.from) {
				b = strconv.AppendInt(b, int64(k), 10)
				b = append(b, ',')
			}
		}
		if d.from > 0 {
			b = strconv.AppendInt(b, int64(d.from), 10)
			b = append(b, '+', ',')
		}
		b[len(b)-1] = '}'
	}
	if d.rule != 0 {
		b = append(b, d.rule)
	}
	return b
}

const digitChars = "0123456789ABCDEFGHIJKLMNOPQRSTUV"

func quoteByte(c byte) string {
	if c >= 0x20 && c < 0x7f && c != '\'' {
		return "'" + string(rune(c)) + "'"
	}
	const hex = "0123456789abcdef"
	return `'\x` + string(hex[c>>4]) + string(hex[c&15]) + "'"
}
