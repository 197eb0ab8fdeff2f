package web

import (
	"crypto/subtle"
	"net/http"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/octalgames/kayles/table"
)

// This file implements the table page's view: the board, the turn and the result, the undo
// request, the invitation and the history, in the viewer's language.

// renderTable draws the table page of g for the viewer at seat, with an error or a hint.
func (h *Handler) renderTable(w http.ResponseWriter, r *http.Request, g *game, seat, code int, errMsg, hint string) {
	p := newPage(r)
	p.Error, p.Hint = errMsg, hint
	g.mu.Lock()
	v := g.view(seat)
	s := g.t.Setup()
	thinking := g.thinking || g.computerToMove()
	open := g.rec.Invite != ""
	inv := r.URL.Query().Get("invite")
	validInvite := open && seat < 0 && inv != "" && subtle.ConstantTimeCompare([]byte(hash(inv)), []byte(g.rec.Invite)) == 1
	g.mu.Unlock()

	tx := p.Tx
	p.V, p.Name, p.Rules = v, tx.name(v.Code), rulesBody(tx, tx.rules(s))
	p.Title = p.Name + " · " + tx.Title
	p.Seated = seat >= 0
	vsComputer := seat >= 0 && s.Seats[1-seat] != table.Human
	p.CanMove = seat >= 0 && !v.Over && v.ToMove == seat && !thinking
	p.CanUndo = seat >= 0 && v.Turn > seat && v.UndoBy != seat && !open
	p.UndoAsked = seat >= 0 && v.UndoBy == 1-seat
	p.UndoWaiting = seat >= 0 && v.UndoBy == seat
	if validInvite {
		p.Invite = r.URL.Query().Get("invite")
	}
	if c, err := r.Cookie(inviteCookie(v.ID)); err == nil && open && seat >= 0 {
		p.Share = scheme(r) + "://" + r.Host + p.Base + "/t/" + v.ID + "?invite=" + c.Value
	}
	p.Status, p.StatusClass = h.statusLine(tx, v, seat, open, thinking, vsComputer)
	if p.Invite != "" {
		p.Status, p.StatusClass = tx.Invited, "turn"
	}
	p.Rows, p.Heaps = board(tx, v, seat, p.CanMove)
	for i, m := range v.History {
		who := sprintf(tx.Player, i%2+1)
		switch {
		case i%2 == seat:
			who = tx.You
		case seat >= 0 && vsComputer:
			who = tx.Computer
		case seat >= 0:
			who = tx.OpponentName
		}
		p.History = append(p.History, historyItem{Who: who, Text: tx.move(table.Move{Row: m.Row, Pin: m.Pin, Count: m.Count}, s.Layout, len(s.Start))})
	}
	h.render(w, code, "table", p)
}

// scheme returns the scheme the request came by, for the invitation link.
func scheme(r *http.Request) string {
	if r.TLS != nil {
		return "https"
	}
	return "http"
}

// statusLine returns the line that says whose turn it is, or who won, and its class.
func (h *Handler) statusLine(tx *texts, v View, seat int, open, thinking, vsComputer bool) (string, string) {
	switch {
	case v.Over && seat < 0:
		return sprintf(tx.WatchOver, v.Winner+1), "win"
	case v.Over && v.Winner == seat:
		return tx.YouWin, "win"
	case v.Over && vsComputer:
		return tx.ComputerWins, "lose"
	case v.Over:
		return tx.YouLose, "lose"
	case open && seat >= 0 && v.ToMove != seat:
		return tx.WaitingJoin, "wait"
	case seat < 0:
		return sprintf(tx.Watching, v.ToMove+1), "wait"
	case thinking:
		return tx.Thinking, "wait"
	case v.ToMove == seat:
		return tx.YourTurn, "turn"
	}
	return tx.TheirTurn, "wait"
}

// board returns the rows of pins or the heaps of counters of v, with their labels.
func board(tx *texts, v View, seat int, canMove bool) ([]rowView, []heapView) {
	var rows []rowView
	for i, r := range v.Rows {
		rv := rowView{Label: sprintf(tx.Row, i+1), Show: len(v.Rows) > 1}
		for j, standing := range r {
			label := sprintf(tx.PinLabel, j+1)
			if !standing {
				label = sprintf(tx.PinDown, j+1)
			}
			if len(v.Rows) > 1 {
				label = rv.Label + ", " + label
			}
			rv.Pins = append(rv.Pins, pinView{N: j + 1, Value: itoa(i+1) + ":" + itoa(j+1), Standing: standing, Label: label})
		}
		rows = append(rows, rv)
	}
	var heaps []heapView
	for i, n := range v.Heaps {
		hv := heapView{N: i + 1, Size: n, Label: sprintf(tx.Heap, i+1), Left: sprintf(tx.Tokens, n), Big: n > maxCounters}
		shown := min(n, maxCounters)
		hv.More = n - shown
		for k := range shown {
			take := n - k // a counter takes itself and those to its right
			hv.Counters = append(hv.Counters, option{Value: itoa(i+1) + ":" + itoa(take), Label: sprintf(tx.TakeLabel, take, i+1)})
		}
		heaps = append(heaps, hv)
	}
	return rows, heaps
}

// rulesBody returns the rules without a leading "Rules:" (in the viewer's language), which the
// card's heading already says, their first letter in capitals. Rules that name their game
// first ("Rules of Nim: ...") are kept whole.
func rulesBody(tx *texts, rules string) string {
	for _, sep := range []string{": ", " : ", "："} {
		if rest, ok := strings.CutPrefix(rules, tx.RulesTitle+sep); ok {
			r, n := utf8.DecodeRuneInString(rest)
			return string(unicode.ToUpper(r)) + rest[n:]
		}
	}
	return rules
}
