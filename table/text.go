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

// AppendText appends the text form of k to b: the word kayles, the number of pins, the play
// convention and the word moves, then each move played, one pin or two joined by '-', all
// separated by spaces, as in "kayles 10 normal moves 5 2-3 9" (or "misere" for misère play).
// It never fails.
func (k *Kayles) AppendText(b []byte) ([]byte, error) { return k.t.AppendText(b) }

// MarshalText returns the text form of k, as [Kayles.AppendText] writes it. It never fails.
func (k *Kayles) MarshalText() ([]byte, error) { return k.t.AppendText(nil) }

// UnmarshalText restores the game that text describes, as [Kayles.AppendText] writes it (any
// run of spaces, tabs or newlines separates the words), replaying and checking every move.
// It returns an error holding a [*kayles.ParseError] ([errors.As]) that wraps
// [kayles.ErrSyntax], or [kayles.ErrRange] for a size beyond [MaxPins], when the text is not a game that can be played; k is then unchanged.
// The cost is linear in the length of text.
func (k *Kayles) UnmarshalText(text []byte) error {
	nt, err := restore(string(text), kaylesPreset)
	if err != nil {
		return err
	}
	k.t.lock()
	defer k.t.mu.Unlock()
	k.t.setup, k.t.rows, k.t.heaps, k.t.history, k.t.unsolved = nt.setup, nt.rows, nt.heaps, nt.history, 0
	return nil
}

// AppendText appends the text form of n to b: the word nim, the play convention (misere or
// normal), the heaps at the start, the word moves, then each move as index:count, all
// separated by spaces, as in "nim misere 1 3 5 7 moves 4:2 1:1". It never fails.
func (n *Nim) AppendText(b []byte) ([]byte, error) { return n.table().AppendText(b) }

// MarshalText returns the text form of n, as [Nim.AppendText] writes it. It never fails.
func (n *Nim) MarshalText() ([]byte, error) { return n.AppendText(nil) }

// UnmarshalText restores the game that text describes, as [Nim.AppendText] writes it (any run
// of spaces, tabs or newlines separates the words), replaying and checking every move. It
// returns an error holding a [*kayles.ParseError] ([errors.As]) that wraps [kayles.ErrSyntax],
// or [kayles.ErrRange] for heaps beyond the limits, when the text is not a game that can be played; n is then unchanged. It
// costs O(m·h) for m moves on h heaps.
func (n *Nim) UnmarshalText(text []byte) error {
	nt, err := restore(string(text), nimPreset)
	if err != nil {
		return err
	}
	t := n.table()
	t.lock()
	defer t.mu.Unlock()
	t.setup, t.rows, t.heaps, t.history, t.unsolved = nt.setup, nt.rows, nt.heaps, nt.history, 0
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

// AppendText appends the text form of t to b. A table of one row of Kayles and a table of
// Standard Nim heaps with two human seats and seed 0 are written as a [Kayles] and a [Nim]
// table write themselves, "kayles 10 normal moves 5-6 1" and "nim misere 1 3 5 7 moves 4:7";
// any other table as the word table, the rule set's code, the layout and the sizes, the
// convention, as in "table 0.07 rows 7 7 misere moves 1:3-4". Seats other than two people and
// a seed other than 0 follow the convention, as in "seats human perfect seed 42". A move is
// written pin or first-last pins ("5", "5-6") on a single row, row:pin or row:first-last on
// several rows ("2:5-6"), and heap:count at a table of heaps ("4:7"). It never fails.
func (t *Table) AppendText(b []byte) ([]byte, error) {
	t.lock()
	defer t.mu.Unlock()
	s := t.setup
	switch p := presetOf(s); p {
	case kaylesPreset:
		b = append(b, p.word...)
		b = append(b, ' ')
		b = strconv.AppendInt(b, int64(s.Start[0]), 10)
		b = append(b, ' ')
		b = append(b, s.Convention.String()...)
	case nimPreset:
		b = append(b, p.word...)
		b = append(b, ' ')
		b = append(b, s.Convention.String()...)
		for _, h := range s.Start {
			b = append(b, ' ')
			b = strconv.AppendInt(b, int64(h), 10)
		}
	default:
		b = append(b, "table "...)
		b = append(b, s.Rules.String()...)
		b = append(b, ' ')
		b = append(b, s.Layout.String()...)
		for _, h := range s.Start {
			b = append(b, ' ')
			b = strconv.AppendInt(b, int64(h), 10)
		}
		b = append(b, ' ')
		b = append(b, s.Convention.String()...)
	}
	if s.Seats != [2]Level{} {
		b = append(b, " seats "...)
		b = append(b, s.Seats[0].String()...)
		b = append(b, ' ')
		b = append(b, s.Seats[1].String()...)
	}
	if s.Seed != 0 {
		b = append(b, " seed "...)
		b = strconv.AppendUint(b, s.Seed, 10)
	}
	b = append(b, " moves"...)
	for _, m := range t.history {
		b = append(b, ' ')
		b = appendMove(b, m, s.Layout, len(s.Start))
	}
	return b, nil
}

// appendMove appends the text of m at a table of the given layout and number of rows.
func appendMove(b []byte, m Move, layout Layout, rows int) []byte {
	if layout == Heaps {
		b = strconv.AppendInt(b, int64(m.Row), 10)
		b = append(b, ':')
		return strconv.AppendInt(b, int64(m.Count), 10)
	}
	if rows > 1 {
		b = strconv.AppendInt(b, int64(m.Row), 10)
		b = append(b, ':')
	}
	b = strconv.AppendInt(b, int64(m.Pin), 10)
	if m.Count > 1 {
		b = append(b, '-')
		b = strconv.AppendInt(b, int64(m.Pin+m.Count-1), 10)
	}
	return b
}

// MarshalText returns the text form of t, as [Table.AppendText] writes it. It never fails.
func (t *Table) MarshalText() ([]byte, error) { return t.AppendText(nil) }

// UnmarshalText restores the table that text describes, as [Restore] reads it; on error t is
// unchanged.
func (t *Table) UnmarshalText(text []byte) error {
	nt, err := restore(string(text), nil)
	if err != nil {
		return err
	}
	t.lock()
	defer t.mu.Unlock()
	nt.mu.Lock()
	defer nt.mu.Unlock()
	t.setup, t.rows, t.heaps, t.history, t.unsolved = nt.setup, nt.rows, nt.heaps, nt.history, 0
	return nil
}

// Restore returns the table that text describes, in any text form a [Table], a [Kayles] table
// or a [Nim] table writes (any run of spaces, tabs or newlines separates the words), replaying
// and checking every move. It returns an error holding a [*kayles.ParseError] ([errors.As])
// that wraps [kayles.ErrSyntax], or [kayles.ErrRange] for a size beyond the limits, when the text is not a game that can be
// played. The cost is that of replaying the moves.
func Restore(text string) (*Table, error) { return restore(text, nil) }

// restore is Restore, for the text form of the preset want, or any form when want is nil. Its
// errors name a "nim table" for the nim form and a "table" otherwise. It reads the text in
// steps: the first word, the setup that the form writes, the seats, the seed and the word
// moves, and then it replays the moves at a new table.
func restore(text string, want *preset) (*Table, error) {
	r := &textReader{text: text, ws: splitWords(text)}
	if err := r.first(want); err != nil {
		return nil, err
	}
	s, err := r.setup()
	if err != nil {
		return nil, err
	}
	t, err := New(s)
	if err != nil {
		var se *SetupError
		errors.As(err, &se)
		return nil, r.fail(r.ws[0].off, se.Reason, kayles.ErrRange)
	}
	if err := r.replay(t, s); err != nil {
		return nil, err
	}
	return t, nil
}

// A textReader reads a text form word by word, for restore.
type textReader struct {
	text string
	ws   []word
	i    int     // the next word
	form *preset // the preset whose form the text is in; nil for the form of any table
	what string  // what the errors call the table: "table" or "nim table"
}

// fail returns the error of the text at byte offset off.
func (r *textReader) fail(off int, reason string, err error) error {
	return parseError(r.what, r.text, off, reason, err)
}

// first reads the first word: the word of want, or kayles, nim or table when want is nil.
func (r *textReader) first(want *preset) error {
	r.what = "table"
	switch {
	case want != nil:
		r.what = want.noun
	case len(r.ws) > 0 && presetNamed(r.ws[0].s) != nil:
		r.what = presetNamed(r.ws[0].s).noun
	}
	if want != nil && (len(r.ws) == 0 || r.ws[0].s != want.word) {
		return r.fail(0, "want the word "+want.word+" first", kayles.ErrSyntax)
	}
	if len(r.ws) == 0 || presetNamed(r.ws[0].s) == nil && r.ws[0].s != "table" {
		return r.fail(0, "want kayles, nim or table first", kayles.ErrSyntax)
	}
	r.form, r.i = presetNamed(r.ws[0].s), 1
	return nil
}

// setup reads the setup after the first word: what the form writes (the rows or heaps and the
// convention), then the seats and the seed if given, up to the word moves.
func (r *textReader) setup() (Setup, error) {
	var s Setup
	var err error
	switch r.form {
	case kaylesPreset:
		err = r.kaylesSetup(&s)
	case nimPreset:
		err = r.nimSetup(&s)
	default:
		err = r.tableSetup(&s)
	}
	if err != nil {
		return s, err
	}
	if err := r.seats(&s); err != nil {
		return s, err
	}
	if err := r.seed(&s); err != nil {
		return s, err
	}
	ws := r.ws
	if r.i >= len(ws) || ws[r.i].s != "moves" {
		if r.i < len(ws) {
			return s, r.fail(ws[r.i].off, "want the word moves", kayles.ErrSyntax)
		}
		return s, r.fail(len(r.text), "want the word moves", kayles.ErrSyntax)
	}
	return s, nil
}

// convention reads the play convention into s; want names the words it takes.
func (r *textReader) convention(s *Setup, want string) error {
	if r.i >= len(r.ws) {
		return r.fail(len(r.text), "want the play convention, "+want, kayles.ErrSyntax)
	}
	c, ok := parseConvention(r.ws[r.i].s)
	if !ok {
		return r.fail(r.ws[r.i].off, "unknown play convention; want "+want, kayles.ErrSyntax)
	}
	s.Convention = c
	r.i++
	return nil
}

// kaylesSetup reads the setup of the kayles form: the number of pins and the convention.
func (r *textReader) kaylesSetup(s *Setup) error {
	ws := r.ws
	s.Rules, s.Layout = kaylesPreset.rules, kaylesPreset.layout
	if len(ws) < 4 {
		return r.fail(len(r.text), "want the number of pins, the play convention and the word moves", kayles.ErrSyntax)
	}
	n, ok := atoi(ws[1].s)
	if !ok {
		return r.fail(ws[1].off, "want the number of pins", kayles.ErrSyntax)
	}
	if n < 1 || n > MaxPins {
		return r.fail(ws[1].off, "a table has 1 to "+strconv.Itoa(MaxPins)+" pins", kayles.ErrRange)
	}
	s.Start, r.i = []int{n}, 2
	return r.convention(s, "normal or misere")
}

// nimSetup reads the setup of the nim form: the convention and the heaps.
func (r *textReader) nimSetup(s *Setup) error {
	ws := r.ws
	s.Rules, s.Layout = nimPreset.rules, nimPreset.layout
	if err := r.convention(s, "misere or normal"); err != nil {
		return err
	}
	for ; r.i < len(ws) && !slices.Contains([]string{"moves", "seats", "seed"}, ws[r.i].s); r.i++ {
		h, ok := atoi(ws[r.i].s)
		if !ok {
			return r.fail(ws[r.i].off, "want a heap size or the word moves", kayles.ErrSyntax)
		}
		if h < 1 || h > MaxHeapSize {
			return r.fail(ws[r.i].off, "a heap holds 1 to "+strconv.Itoa(MaxHeapSize)+" objects", kayles.ErrRange)
		}
		if len(s.Start) == MaxHeaps {
			return r.fail(ws[r.i].off, "more than "+strconv.Itoa(MaxHeaps)+" heaps", kayles.ErrRange)
		}
		s.Start = append(s.Start, h)
	}
	if len(s.Start) == 0 {
		return r.fail(len(r.text), "want at least one heap", kayles.ErrSyntax)
	}
	if r.i == len(ws) {
		return r.fail(len(r.text), "want the word moves after the heaps", kayles.ErrSyntax)
	}
	return nil
}

// tableSetup reads the setup of the form of any table: the rule set's code, the layout, the
// sizes and the convention.
func (r *textReader) tableSetup(s *Setup) error {
	ws, end := r.ws, len(r.text)
	if len(ws) < 3 {
		return r.fail(end, "want the rule set's code and rows or heaps", kayles.ErrSyntax)
	}
	rules, err := kayles.ParseOctal(ws[1].s) // the game every table of the code shares
	if err != nil {
		return r.fail(ws[1].off, "want the code of a rule set, such as 0.77", kayles.ErrSyntax)
	}
	s.Rules = rules
	switch ws[2].s {
	case "rows":
		s.Layout = Rows
	case "heaps":
		s.Layout = Heaps
	default:
		return r.fail(ws[2].off, "want rows or heaps", kayles.ErrSyntax)
	}
	what := s.Layout.noun() + " size"
	for r.i = 3; r.i < len(ws) && ws[r.i].s != "" && ws[r.i].s[0] >= '0' && ws[r.i].s[0] <= '9'; r.i++ {
		n, ok := atoi(ws[r.i].s)
		if !ok {
			return r.fail(ws[r.i].off, "want a "+what, kayles.ErrSyntax)
		}
		if n < 1 || n > MaxHeapSize {
			return r.fail(ws[r.i].off, "a "+what+" is 1 to "+strconv.Itoa(MaxHeapSize), kayles.ErrRange)
		}
		if len(s.Start) == MaxRows {
			return r.fail(ws[r.i].off, "more than "+strconv.Itoa(MaxRows)+" rows or heaps", kayles.ErrRange)
		}
		s.Start = append(s.Start, n)
	}
	if len(s.Start) == 0 {
		if r.i < len(ws) {
			return r.fail(ws[r.i].off, "want a "+what, kayles.ErrSyntax)
		}
		return r.fail(end, "want a "+what, kayles.ErrSyntax)
	}
	return r.convention(s, "normal or misere")
}

// seats reads the seats into s when the next word is seats.
func (r *textReader) seats(s *Setup) error {
	ws, i := r.ws, r.i
	if i >= len(ws) || ws[i].s != "seats" {
		return nil
	}
	if i+2 >= len(ws) {
		return r.fail(len(r.text), "want two seats, such as human perfect", kayles.ErrSyntax)
	}
	for j := range 2 {
		l, ok := ParseLevel(ws[i+1+j].s)
		if !ok {
			return r.fail(ws[i+1+j].off, "unknown seat; want human, random, easy, fair, hard, perfect or symmetry", kayles.ErrSyntax)
		}
		s.Seats[j] = l
	}
	r.i += 3
	return nil
}

// seed reads the seed into s when the next word is seed.
func (r *textReader) seed(s *Setup) error {
	ws, i := r.ws, r.i
	if i >= len(ws) || ws[i].s != "seed" {
		return nil
	}
	if i+1 >= len(ws) {
		return r.fail(len(r.text), "want the seed, a number", kayles.ErrSyntax)
	}
	seed, err := strconv.ParseUint(ws[i+1].s, 10, 64)
	if err != nil {
		return r.fail(ws[i+1].off, "want the seed, a number below 2^64", kayles.ErrSyntax)
	}
	s.Seed = seed
	r.i += 2
	return nil
}

// replay plays the moves after the word moves at t, a new table set up as s, checking each
// as the form's table checks it: a kayles form as [Kayles.Knock], a nim form as [Nim.Take].
func (r *textReader) replay(t *Table, s Setup) error {
	moves := r.ws[r.i+1:]
	total := 0
	for _, n := range s.Start {
		total += n
	}
	if len(moves) > total {
		tokens := "tokens"
		if r.form != nil {
			tokens = r.form.tokens
		}
		return r.fail(moves[total].off, "more moves than "+tokens, kayles.ErrSyntax)
	}
	for j, w := range moves {
		m, bad, ok := parseMove(w.s, s.Layout, len(s.Start))
		move := "move " + strconv.Itoa(j+1)
		off, reason := w.off, ""
		var err error
		switch {
		case !ok && r.form == kaylesPreset && bad >= 0:
			off, reason = w.off+bad, move+": want a pin number"
		case !ok && r.form == kaylesPreset:
			reason = move + " is not written lower pin first"
		case !ok && r.form == nimPreset:
			reason = move + ": want a move written heap:count"
		case !ok:
			reason = move + ": want a move written " + moveForm(s.Layout, len(s.Start))
		case r.form == kaylesPreset:
			err = knock(t, []int{m.Pin, m.Pin + m.Count - 1}[:min(m.Count, 2)])
		case r.form == nimPreset:
			err = take(t, m.Row, m.Count)
		default:
			err = t.play(m)
		}
		if err != nil {
			reason = move + ": " + err.Error()
		}
		if reason != "" {
			return r.fail(off, reason, kayles.ErrSyntax)
		}
	}
	return nil
}

// moveForm names the text form of a move at a table of layout with rows rows or heaps.
func moveForm(layout Layout, rows int) string {
	switch {
	case layout == Heaps:
		return "heap:count"
	case rows > 1:
		return "row:pin or row:first-last"
	}
	return "pin or first-last"
}

// parseMove reads a move as appendMove writes it, for every text form: heap:count at a table
// of heaps, pin or first-last pins at a table of one row (a Kayles table's pin or two pins),
// row:pin or row:first-last at a table of several. When s is not such a move it returns
// false with the byte offset in s of the first part that is not a number (0 for the whole
// move at a table of heaps, and for a row), or -1 when the last pin is not after the first.
func parseMove(s string, layout Layout, rows int) (m Move, bad int, ok bool) {
	if layout == Heaps {
		a, b, ok := strings.Cut(s, ":")
		h, oka := atoi(a)
		c, okb := atoi(b)
		return Move{Row: h, Count: c}, 0, ok && oka && okb
	}
	m, off := Move{Row: 1}, 0
	if rows > 1 {
		a, rest, ok := strings.Cut(s, ":")
		r, okr := atoi(a)
		if !ok || !okr {
			return Move{}, 0, false
		}
		m.Row, s, off = r, rest, len(a)+1
	}
	a, b, two := strings.Cut(s, "-")
	p, ok := atoi(a)
	if !ok {
		return Move{}, off, false
	}
	m.Pin, m.Count = p, 1
	if two {
		q, ok := atoi(b)
		if !ok {
			return Move{}, off + len(a) + 1, false
		}
		if q <= p {
			return Move{}, -1, false
		}
		m.Count = q - p + 1
	}
	return m, 0, true
}
