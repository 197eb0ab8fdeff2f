package web

import (
	"strconv"

	"github.com/octalgames/kayles/table"
)

// This file implements the views of a table that the JSON API and the page show: one
// consistent snapshot, taken under the game's lock.

// View is one consistent snapshot of a table, as the JSON API sends it and the page draws it.
// The zero View is no table.
type View struct {
	ID      string `json:"id"`
	Version int64  `json:"version"` // counts the changes; the id of the event that sent it
	Name    string `json:"name"`    // "Kayles", "Dawson's Kayles", "Nim", ... or the code
	Code    string `json:"code"`    // the rule set's octal code
	Layout  string `json:"layout"`  // "rows" or "heaps"
	Misere  bool   `json:"misere"`
	// Rows holds, at a table of rows, whether each pin stands, row by row; Heaps the tokens
	// of each heap at a table of heaps.
	Rows  [][]bool `json:"rows,omitempty"`
	Heaps []int    `json:"heaps,omitempty"`
	// Turn is the number of moves played: the turn a move or an undo names.
	Turn int `json:"turn"`
	// ToMove is the seat to move, 0 or 1; Over reports the end of the game, and Winner the
	// winning seat then (-1 while the game goes on).
	ToMove  int        `json:"to_move"`
	Over    bool       `json:"over"`
	Winner  int        `json:"winner"`
	Seats   [2]Seat    `json:"seats"`
	History []MoveView `json:"history"`
	// Thinking reports that a computer seat is to move: its move comes with no request.
	Thinking bool `json:"thinking"`
	// UndoBy is the seat that asks to take back its last move, -1 for none.
	UndoBy int `json:"undo_by"`
	// You is the seat of the viewer, -1 for a spectator.
	You int `json:"you"`
	// Text is the table's text form, which [table.Restore] reads.
	Text string `json:"text"`
}

// Seat says who plays a seat. The zero Seat is an unknown one.
type Seat struct {
	Level string `json:"level"` // "human" or a computer level
	Taken bool   `json:"taken"` // a person holds it, or it is the computer's
}

// MoveView is a move, with its words for players. The zero MoveView is no move, with no
// words.
type MoveView struct {
	Row   int    `json:"row"`
	Pin   int    `json:"pin"`
	Count int    `json:"count"`
	Text  string `json:"text"` // such as "pins 4 and 5", "row 2: pin 3" or "heap 3: take 2"
}

// view returns the snapshot of g for the viewer at seat; g is locked.
func (g *game) view(seat int) View {
	t := g.t
	sn := t.Snapshot()
	s := sn.Setup
	code := s.Rules.String()
	v := View{ID: g.rec.ID, Version: g.rec.Version, Name: gameName(code), Code: code,
		Layout: s.Layout.String(), Misere: s.Convention == table.Misere, Turn: sn.Turn,
		ToMove: sn.Player, Over: sn.Over, Winner: sn.Winner, UndoBy: g.rec.UndoBy, You: seat,
		Rows: sn.Rows, Heaps: sn.Heaps, History: []MoveView{}}
	v.Thinking = !v.Over && s.Seats[v.ToMove] != table.Human
	for i := range v.Seats {
		l := s.Seats[i]
		v.Seats[i] = Seat{Level: l.String(), Taken: l != table.Human || g.rec.Seats[i] != ""}
	}
	for _, m := range sn.History {
		v.History = append(v.History, moveView(m, s.Layout, len(s.Start)))
	}
	text, _ := t.MarshalText()
	v.Text = string(text)
	return v
}

// gameName returns the name of the game of code, or the code.
func gameName(code string) string {
	if n, ok := names[code]; ok {
		return n
	}
	return code
}

// moveView returns m with its words, at a table of the layout and number of rows.
func moveView(m table.Move, layout table.Layout, rows int) MoveView {
	v := MoveView{Row: m.Row, Pin: m.Pin, Count: m.Count}
	if m == (table.Move{}) {
		return v
	}
	itoa := strconv.Itoa
	if layout == table.Heaps {
		v.Text = "heap " + itoa(m.Row) + ": take " + itoa(m.Count)
		return v
	}
	switch m.Count {
	case 1:
		v.Text = "pin " + itoa(m.Pin)
	case 2:
		v.Text = "pins " + itoa(m.Pin) + " and " + itoa(m.Pin+1)
	default:
		v.Text = "pins " + itoa(m.Pin) + " to " + itoa(m.Pin+m.Count-1)
	}
	if rows > 1 {
		v.Text = "row " + itoa(m.Row) + ": " + v.Text
	}
	return v
}

// Listing is an open table in the lobby: a seat waits for a player, who takes it with the
// invitation. The zero Listing is no table.
type Listing struct {
	ID      string `json:"id"`
	Name    string `json:"name"`
	Text    string `json:"text"`
	Misere  bool   `json:"misere"`
	Invite  string `json:"invite"`
	Created string `json:"created"`
}
