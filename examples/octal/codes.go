package main

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/octalgames/kayles"
)

// This file implements the codes that -classify takes: -codes lists of codes and family
// patterns, -codes-file, and the pattern syntax, which the package doc describes. A pattern
// is a code in which some places hold several strings: each code of the family takes one of
// each, the leftmost varying slowest, and the family is the codes that parse
// (kayles.ParseOctal), in that order, each under its canonical name and listed once.

// maxFamily is the most codes a family may hold: items that would give more, counted before
// they are expanded (and with the codes they repeat), are refused.
const maxFamily = 1 << 20

// errFamily is wrapped by every error about the codes of -codes and -codes-file.
var errFamily = errors.New("bad -codes")

// splitItems splits a -codes list at its commas, except those inside the braces of a digit
// such as {2,3}, and trims the items; empty items are dropped.
func splitItems(s string) []string {
	var items []string
	depth, start := 0, 0
	for i := 0; i <= len(s); i++ {
		switch {
		case i == len(s) || (s[i] == ',' && depth == 0):
			if it := strings.TrimSpace(s[start:i]); it != "" {
				items = append(items, it)
			}
			start = i + 1
		case s[i] == '{':
			depth++
		case s[i] == '}' && depth > 0:
			depth--
		}
	}
	return items
}

// readCodesFile reads a -codes-file: one code or pattern a line; blank lines and comments,
// from a # at the start of a line or after a blank to the end of the line, are skipped (a #
// inside a code, as in &#12;, is part of it).
func readCodesFile(r io.Reader) ([]string, error) {
	var items []string
	sc := bufio.NewScanner(r)
	for sc.Scan() {
		l := sc.Text()
		if i := strings.Index(l, "#"); i == 0 {
			l = ""
		}
		if i := strings.Index(l, " #"); i >= 0 {
			l = l[:i]
		}
		if i := strings.Index(l, "\t#"); i >= 0 {
			l = l[:i]
		}
		if l = strings.TrimSpace(l); l != "" {
			items = append(items, l)
		}
	}
	return items, sc.Err()
}

// expandItems returns the family of items (codes and patterns), in their order, each code
// once under its canonical name.
func expandItems(items []string) ([]string, error) {
	return expandAtMost(items, maxFamily)
}

// expandAtMost is expandItems with at most most codes.
func expandAtMost(items []string, most int) ([]string, error) {
	var codes []string
	seen := map[string]bool{}
	for _, it := range items {
		got, err := expandPattern(it, most-len(codes))
		if err != nil {
			return nil, err
		}
		for _, c := range got {
			if !seen[c] {
				seen[c] = true
				codes = append(codes, c)
			}
		}
	}
	if len(codes) == 0 {
		return nil, fmt.Errorf("%w: no codes", errFamily)
	}
	return codes, nil
}

// expandPattern returns the canonical codes of one item, a code or a pattern, in order. A
// plain code that does not parse is an error; a pattern keeps the codes that parse and is an
// error only when none does.
func expandPattern(p string, most int) ([]string, error) {
	if fam, ok, err := familyWord(p, most); ok || err != nil {
		return fam, err
	}
	parts, plain, err := parsePattern(p)
	if err != nil {
		return nil, err
	}
	count := 1
	for _, alts := range parts {
		if count *= len(alts); count > most {
			return nil, fmt.Errorf("%w: %q gives more than %d codes", errFamily, p, most)
		}
	}
	var codes []string
	idx := make([]int, len(parts))
	var b strings.Builder
	for range count {
		b.Reset()
		for i, alts := range parts {
			b.WriteString(alts[idx[i]])
		}
		if o, err := kayles.ParseOctal(b.String()); err == nil {
			codes = append(codes, o.String())
		} else if plain {
			return nil, fmt.Errorf("%w: %w", errFamily, err)
		}
		for i := len(idx) - 1; i >= 0; i-- { // the rightmost varies fastest
			if idx[i]++; idx[i] < len(parts[i]) {
				break
			}
			idx[i] = 0
		}
	}
	if len(codes) == 0 {
		return nil, fmt.Errorf("%w: %q gives no valid code", errFamily, p)
	}
	return codes, nil
}

// The characters that the placeholders stand for.
const (
	octalDigits = "01234567"
	hexDigits   = "0123456789ABCDEF"
	modifiers   = "!?="
)

// parsePattern splits a pattern into its places, each the strings it may hold, and says
// whether it is plain (every place holds one string).
func parsePattern(p string) (parts [][]string, plain bool, err error) {
	chars := func(s string) []string { return strings.Split(s, "") }
	plain = true
	for i := 0; i < len(p); i++ {
		switch p[i] {
		case '%':
			if i+1 == len(p) {
				return nil, false, fmt.Errorf("%w: %q ends in %%: write %%%% for the character", errFamily, p)
			}
			i++
			alts := map[byte][]string{'o': chars(octalDigits), 'O': chars(octalDigits[1:]), 'x': chars(hexDigits),
				'X': chars(hexDigits[1:]), 'm': append([]string{""}, chars(modifiers)...), 'M': chars(modifiers), '%': {"%"}}[p[i]]
			if alts == nil {
				return nil, false, fmt.Errorf("%w: %q: unknown placeholder %%%c at offset %d (%%o %%O %%x %%X %%m %%M %%%%)", errFamily, p, p[i], i-1)
			}
			parts = append(parts, alts)
		case '<':
			end := strings.IndexByte(p[i:], '>')
			if end < 0 {
				return nil, false, fmt.Errorf("%w: %q: < at offset %d is not closed by >", errFamily, p, i)
			}
			set := map[string]bool{}
			var alts []string
			for _, c := range chars(p[i+1 : i+end]) {
				if c == "_" {
					c = ""
				}
				if !set[c] {
					set[c] = true
					alts = append(alts, c)
				}
			}
			if len(alts) == 0 {
				return nil, false, fmt.Errorf("%w: %q: <> at offset %d lists nothing", errFamily, p, i)
			}
			parts = append(parts, alts)
			i += end
		default:
			parts = append(parts, []string{p[i : i+1]})
			continue
		}
		plain = plain && len(parts[len(parts)-1]) == 1
	}
	return parts, plain, nil
}

// familyWord expands octal:K, octal:A-B, hex:K and hex:A-B, and says whether p is one of them.
func familyWord(p string, most int) (codes []string, ok bool, err error) {
	word, arg, found := strings.Cut(p, ":")
	if !found || (word != "octal" && word != "hex") {
		return nil, false, nil
	}
	loS, hiS, isRange := strings.Cut(arg, "-")
	if !isRange {
		hiS = loS
	}
	lo, err1 := strconv.Atoi(loS)
	hi, err2 := strconv.Atoi(hiS)
	if err1 != nil || err2 != nil || lo < 0 || hi < lo || hi > 12 {
		return nil, true, fmt.Errorf("%w: %q: the digits must be K or A-B with 0 <= A <= B <= 12", errFamily, p)
	}
	first, digit, last := "<04>", "%o", "%O"
	if word == "hex" {
		first, digit, last = "<048C>", "%x", "%X"
	}
	var items []string
	for _, d0 := range strings.Split(strings.Trim(first, "<>"), "") {
		for k := lo; k <= hi; k++ {
			if k == 0 {
				items = append(items, d0+".0")
				continue
			}
			items = append(items, d0+"."+strings.Repeat(digit, k-1)+last)
		}
	}
	codes, err = expandAtMost(items, most)
	return codes, true, err
}
