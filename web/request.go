package web

import (
	"cmp"
	"slices"
	"strconv"
	"strings"

	"github.com/octalgames/kayles"
	"github.com/octalgames/kayles/table"
)

// This file implements the parsing of requests: the setup of a new table and the moves, from
// JSON bodies and from the page's forms.

// games are the rule sets a [NewTable] names by a word besides a code.
var games = map[string]*kayles.Octal{
	"kayles":   kayles.Kayles,
	"dawsons":  kayles.DawsonsKayles,
	"officers": kayles.Officers,
	"guiles":   kayles.Guiles,
	"nim":      kayles.Nim,
}

// names are the games' names, which are not translated; a code without one is named by its
// code.
var names = map[string]string{
	"0.77": "Kayles", "0.07": "Dawson's Kayles", "0.6": "Officers", "0.15": "Guiles", "0.[3]": "Nim",
}

// NewTable is the request that creates a table, as JSON or as the lobby's form fields of the
// same names. The zero NewTable is a row of 10 pins of Kayles in normal play against a person
// who joins by invitation.
type NewTable struct {
	// Game is "kayles", "dawsons", "officers", "guiles", "nim" or an octal code such as
	// "0.137"; "" means kayles.
	Game string `json:"game"`
	// Layout is "rows" or "heaps"; "" means heaps for nim and rows otherwise.
	Layout string `json:"layout"`
	// Start holds the rows' lengths or the heaps' sizes; empty means the table's default
	// (10 pins, or heaps 1 3 5 7).
	Start []int `json:"start"`
	// Misere asks for misère play: whoever makes the last move loses.
	Misere bool `json:"misere"`
	// Opponent is "" or "human" for a person, or a computer level: "random", "easy", "fair",
	// "hard", "perfect" or "symmetry".
	Opponent string `json:"opponent"`
	// ComputerFirst lets a computer opponent make the first move.
	ComputerFirst bool `json:"computer_first"`
	// Public lists the open seat in the lobby, so that anyone may take it.
	Public bool `json:"public"`
}

// setup returns the table setup of n with seed, and the seat of its creator.
func (n NewTable) setup(seed uint64) (table.Setup, int, error) {
	rules, err := parseGame(n.Game)
	if err != nil {
		return table.Setup{}, 0, err
	}
	s := table.Setup{Rules: rules, Start: n.Start, Seed: seed}
	switch n.Layout {
	case "":
		s.Layout = table.Rows
		if rules.String() == "0.[3]" {
			s.Layout = table.Heaps
		}
	case "rows":
		s.Layout = table.Rows
	case "heaps":
		s.Layout = table.Heaps
	default:
		return s, 0, badRequest("unknown layout " + strconv.Quote(n.Layout) + "; choose rows or heaps")
	}
	if n.Misere {
		s.Convention = table.Misere
	}
	level := table.Human
	if n.Opponent != "" {
		l, ok := table.ParseLevel(n.Opponent)
		if !ok {
			return s, 0, badRequest("unknown opponent " + strconv.Quote(n.Opponent) + "; choose human, random, easy, fair, hard, perfect or symmetry")
		}
		level = l
	}
	seat := 0
	if level != table.Human && n.ComputerFirst {
		seat = 1
	}
	s.Seats[1-seat] = level
	return s, seat, nil
}

// parseGame returns the rule set that a NewTable's Game names.
func parseGame(g string) (*kayles.Octal, error) {
	g = strings.TrimSpace(g)
	if g == "" {
		return kayles.Kayles, nil
	}
	if r, ok := games[strings.ToLower(g)]; ok {
		return r, nil
	}
	r, err := kayles.ParseOctal(g)
	if err != nil {
		return nil, badRequest("unknown game " + strconv.Quote(g) + ": " + strings.TrimPrefix(err.Error(), "kayles: "))
	}
	return r, nil
}

// parseStart reads the sizes of a form field: numbers separated by spaces or commas, at most
// table.MaxRows of them.
func parseStart(s string) ([]int, error) {
	f := strings.FieldsFunc(s, func(r rune) bool { return r == ' ' || r == ',' })
	if len(f) > table.MaxRows {
		return nil, badRequest("at most " + strconv.Itoa(table.MaxRows) + " rows or heaps")
	}
	var ns []int
	for _, w := range f {
		n, err := strconv.Atoi(w)
		if err != nil || n < 1 || n > table.MaxHeapSize {
			return nil, badRequest("sizes are numbers from 1 to " + strconv.Itoa(table.MaxHeapSize) + ", not " + strconv.Quote(w))
		}
		ns = append(ns, n)
	}
	return ns, nil
}

// MoveRequest is the request that plays a move, as JSON. Turn is the move number the player
// saw (View.Turn); the move is either Row, Pin and Count as in [table.Move], or Text as the
// text form writes a move: "4" or "4-5" on one row, "2:4-5" on several rows, "3:2" (heap 3,
// take 2) at a table of heaps. The zero MoveRequest names no legal move.
type MoveRequest struct {
	Turn  int    `json:"turn"`
	Row   int    `json:"row"`
	Pin   int    `json:"pin"`
	Count int    `json:"count"`
	Text  string `json:"text"`
}

// move returns the move that q names at a table of the given layout and number of rows.
func (q MoveRequest) move(layout table.Layout, rows int) (table.Move, error) {
	if q.Text == "" {
		return table.Move{Row: q.Row, Pin: q.Pin, Count: q.Count}, nil
	}
	return parseMove(q.Text, layout, rows)
}

// parseMove reads a move in the text form's notation. It returns a 400 error for text that is
// not a move; whether the move is legal is the table's to say.
func parseMove(s string, layout table.Layout, rows int) (table.Move, error) {
	bad := badRequest("cannot read the move " + strconv.Quote(s) + "; " + moveForm(layout, rows))
	s = strings.TrimSpace(s)
	row := 1
	if before, after, ok := strings.Cut(s, ":"); ok {
		n, ok := number(before)
		if !ok {
			return table.Move{}, bad
		}
		row, s = n, after
	} else if layout == table.Heaps {
		return table.Move{}, bad
	}
	if layout == table.Heaps {
		n, ok := number(s)
		if !ok {
			return table.Move{}, bad
		}
		return table.Move{Row: row, Count: n}, nil
	}
	first, last, ranged := strings.Cut(s, "-")
	a, ok1 := number(first)
	b, ok2 := a, true
	if ranged {
		b, ok2 = number(last)
	}
	if !ok1 || !ok2 || b < a {
		return table.Move{}, bad
	}
	return table.Move{Row: row, Pin: a, Count: b - a + 1}, nil
}

// number reads a number of at most 4 digits, as every row, pin and count is.
func number(s string) (int, bool) {
	s = strings.TrimSpace(s)
	if s == "" || len(s) > 4 {
		return 0, false
	}
	n := 0
	for _, c := range []byte(s) {
		if c < '0' || c > '9' {
			return 0, false
		}
		n = n*10 + int(c-'0')
	}
	return n, true
}

// moveForm says how to write a move at a table of the layout and number of rows.
func moveForm(layout table.Layout, rows int) string {
	switch {
	case layout == table.Heaps:
		return "write a heap and a count, as 3:2"
	case rows > 1:
		return "write a row and pins side by side, as 2:4 or 2:4-5"
	}
	return "write a pin or pins side by side, as 4 or 4-5"
}

// pinsMove returns the move that knocks down the pins of a form's checked boxes, each written
// row:pin, in any order: they must be in one row and side by side.
func pinsMove(checked []string) (table.Move, error) {
	if len(checked) == 0 {
		return table.Move{}, badRequest("choose the pins to knock down")
	}
	if len(checked) > table.MaxPins {
		return table.Move{}, badRequest("too many pins")
	}
	pins := make([]table.Move, 0, len(checked))
	for _, c := range checked {
		r, p, ok := strings.Cut(c, ":")
		row, ok1 := number(r)
		pin, ok2 := number(p)
		if !ok || !ok1 || !ok2 {
			return table.Move{}, badRequest("cannot read the pin " + strconv.Quote(c))
		}
		pins = append(pins, table.Move{Row: row, Pin: pin, Count: 1})
	}
	slices.SortFunc(pins, func(a, b table.Move) int { return cmp.Or(a.Row-b.Row, a.Pin-b.Pin) })
	m := pins[0]
	for _, p := range pins[1:] {
		switch {
		case p.Row != m.Row:
			return table.Move{}, badRequest("choose pins in one row")
		case p.Pin != m.Pin+m.Count:
			return table.Move{}, badRequest("choose pins side by side")
		}
		m.Count++
	}
	return m, nil
}
