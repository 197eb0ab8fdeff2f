package table

import (
	"errors"
	"slices"
	"strconv"
	"strings"

	"github.com/octalgames/kayles"
)

// This file implements the text forms of the tables, which store a game and restore it
// exactly: "kayles 10 normal moves 5-6 1" and "nim misere 1 3 5 7 moves 4:7".

// AppendText appends the text form of t to b: the word kayles, the number of pins, the play
// convention and the word moves, then each move played, one pin or two joined by '-', all
// separated by spaces, as in "kayles 10 normal moves 5 2-3 9" (or "misere" for misère play).
// It never fails.
func (t *Kayles) AppendText(b []byte) ([]byte, error) {
	t.lock()
	defer t.mu.Unlock()
	b = append(b, "kayles "...)
	b = strconv.AppendInt(b, int64(t.size), 10)
	b = append(b, ' ')
	b = append(b, t.conv.String()...)
	b = append(b, " moves"...)
	for _, m := range t.history {
		b = append(b, ' ')
		b = append(b, m.String()...)
	}
	return b, nil
}

// MarshalText returns the text form of t, as [Kayles.AppendText] writes it. It never fails.
func (t *Kayles) MarshalText() ([]byte, error) { return t.AppendText(nil) }

// UnmarshalText restores the game that text describes, as [Kayles.AppendText] writes it (any
// run of spaces, tabs or newlines separates the words), replaying and checking every move.
// It returns a [*kayles.ParseError] wrapping [kayles.ErrSyntax], or [kayles.ErrRange] for a
// size beyond [MaxPins], when the text is not a game that can be played; t is then unchanged.
// The cost is linear in the length of text.
func (t *Kayles) UnmarshalText(text []byte) error {
	s := string(text)
	fail := func(off int, reason string, err error) error {
		return parseError("table", s, off, reason, err)
	}
	words := splitWords(s)
	if len(words) == 0 || words[0].s != "kayles" {
		return fail(0, "want the word kayles first", kayles.ErrSyntax)
	}
	if len(words) < 4 {
		return fail(len(s), "want the number of pins, the play convention and the word moves", kayles.ErrSyntax)
	}
	size, ok := atoi(words[1].s)
	if !ok {
		return fail(words[1].off, "want the number of pins", kayles.ErrSyntax)
	}
	if size < 1 || size > MaxPins {
		return fail(words[1].off, "a table has 1 to "+strconv.Itoa(MaxPins)+" pins", kayles.ErrRange)
	}
	conv, ok := parseConvention(words[2].s)
	if !ok {
		return fail(words[2].off, "unknown play convention; want normal or misere", kayles.ErrSyntax)
	}
	nt := &Kayles{conv: conv, size: size, down: make([]bool, size), left: size}
	if words[3].s != "moves" {
		return fail(words[3].off, "want the word moves", kayles.ErrSyntax)
	}
	moves := words[4:]
	if len(moves) > size {
		return fail(moves[size].off, "more moves than pins", kayles.ErrSyntax)
	}
	for i, w := range moves {
		a, b, two := strings.Cut(w.s, "-")
		pins := make([]int, 0, 2)
		for j, f := range []string{a, b}[:1+boolInt(two)] {
			p, ok := atoi(f)
			if !ok {
				return fail(w.off+j*(len(a)+1), "want a pin number", kayles.ErrSyntax)
			}
			pins = append(pins, p)
		}
		if two && pins[0] >= pins[1] {
			return fail(w.off, "move "+strconv.Itoa(i+1)+" is not written lower pin first", kayles.ErrSyntax)
		}
		if err := nt.knock(pins); err != nil {
			var ke *KnockError
			errors.As(err, &ke)
			reason := strings.TrimPrefix(ke.Error(), "kayles: ")
			return fail(w.off, "move "+strconv.Itoa(i+1)+": "+reason, kayles.ErrSyntax)
		}
	}
	t.lock()
	defer t.mu.Unlock()
	t.conv, t.size, t.down, t.left, t.history = nt.conv, nt.size, nt.down, nt.left, nt.history
	return nil
}

// AppendText appends the text form of t to b: the word nim, the play convention (misere or
// normal), the heaps at the start, the word moves, then each move as index:count, all
// separated by spaces, as in "nim misere 1 3 5 7 moves 4:2 1:1". It never fails.
func (t *Nim) AppendText(b []byte) ([]byte, error) {
	t.lock()
	defer t.mu.Unlock()
	b = append(b, "nim "...)
	b = append(b, t.conv.String()...)
	for _, h := range t.setup {
		b = append(b, ' ')
		b = strconv.AppendInt(b, int64(h), 10)
	}
	b = append(b, " moves"...)
	for _, m := range t.history {
		b = append(b, ' ')
		b = append(b, m.String()...)
	}
	return b, nil
}

// MarshalText returns the text form of t, as [Nim.AppendText] writes it. It never fails.
func (t *Nim) MarshalText() ([]byte, error) { return t.AppendText(nil) }

// UnmarshalText restores the game that text describes, as [Nim.AppendText] writes it (any run
// of spaces, tabs or newlines separates the words), replaying and checking every move. It
// returns a [*kayles.ParseError] wrapping [kayles.ErrSyntax], or [kayles.ErrRange] for heaps
// beyond the limits, when the text is not a game that can be played; t is then unchanged. It
// costs O(m·h) for m moves on h heaps.
func (t *Nim) UnmarshalText(text []byte) error {
	s := string(text)
	fail := func(off int, reason string, err error) error {
		return parseError("nim table", s, off, reason, err)
	}
	words := splitWords(s)
	if len(words) == 0 || words[0].s != "nim" {
		return fail(0, "want the word nim first", kayles.ErrSyntax)
	}
	if len(words) < 2 {
		return fail(len(s), "want the play convention, misere or normal", kayles.ErrSyntax)
	}
	conv, ok := parseConvention(words[1].s)
	if !ok {
		return fail(words[1].off, "unknown play convention; want misere or normal", kayles.ErrSyntax)
	}
	nt := &Nim{conv: conv}
	i, total := 2, 0
	for ; i < len(words) && words[i].s != "moves"; i++ {
		h, ok := atoi(words[i].s)
		if !ok {
			return fail(words[i].off, "want a heap size or the word moves", kayles.ErrSyntax)
		}
		if h < 1 || h > MaxHeapSize {
			return fail(words[i].off, "a heap holds 1 to "+strconv.Itoa(MaxHeapSize)+" objects", kayles.ErrRange)
		}
		if len(nt.setup) == MaxHeaps {
			return fail(words[i].off, "more than "+strconv.Itoa(MaxHeaps)+" heaps", kayles.ErrRange)
		}
		nt.setup = append(nt.setup, h)
		total += h
	}
	if len(nt.setup) == 0 {
		return fail(len(s), "want at least one heap", kayles.ErrSyntax)
	}
	if i == len(words) {
		return fail(len(s), "want the word moves after the heaps", kayles.ErrSyntax)
	}
	nt.heaps = slices.Clone(nt.setup)
	moves := words[i+1:]
	if len(moves) > total {
		return fail(moves[total].off, "more moves than objects", kayles.ErrSyntax)
	}
	for j, w := range moves {
		a, b, ok := strings.Cut(w.s, ":")
		index, oki := atoi(a)
		count, okc := atoi(b)
		if !ok || !oki || !okc {
			return fail(w.off, "want a move written heap:count", kayles.ErrSyntax)
		}
		if err := nt.take(index, count); err != nil {
			reason := strings.TrimPrefix(err.Error(), "kayles: ")
			return fail(w.off, "move "+strconv.Itoa(j+1)+": "+reason, kayles.ErrSyntax)
		}
	}
	t.lock()
	defer t.mu.Unlock()
	t.conv, t.setup, t.heaps, t.history = nt.conv, nt.setup, nt.heaps, nt.history
	return nil
}

// word is a word of a text form and its byte offset.
type word struct {
	s   string
	off int
}

// splitWords splits s at runs of spaces, tabs, carriage returns and newlines.
func splitWords(s string) []word {
	var ws []word
	for i := 0; i < len(s); {
		if isSpace(s[i]) {
			i++
			continue
		}
		j := i
		for j < len(s) && !isSpace(s[j]) {
			j++
		}
		ws = append(ws, word{s[i:j], i})
		i = j
	}
	return ws
}

func isSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\n' || c == '\r' }

// atoi parses a number of at most 9 decimal digits, with no sign.
func atoi(s string) (int, bool) {
	if s == "" || len(s) > 9 {
		return 0, false
	}
	n := 0
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return 0, false
		}
		n = n*10 + int(s[i]-'0')
	}
	return n, true
}
