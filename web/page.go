package web

import (
	"embed"
	"errors"
	"fmt"
	"html/template"
	"io/fs"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"time"

	"github.com/octalgames/kayles/table"
)

// This file implements the HTML game: the lobby, the table page and their forms, which work
// without JavaScript; files/app.js adds live updates.

//go:embed files
var files embed.FS

var pages = template.Must(template.ParseFS(files, "files/page.html"))

// maxCounters is the largest heap drawn as counters to tap; a larger heap takes a number.
const maxCounters = 30

// cookieName is the name of the cookie that holds the viewer's seat secret at table id;
// inviteCookie the one that holds the creator's invitation to share.
func cookieName(id string) string   { return "kayles-" + id }
func inviteCookie(id string) string { return "kayles-invite-" + id }

// pageRoutes adds the pages' routes to m.
func (h *Handler) pageRoutes(m *http.ServeMux) {
	static, _ := fs.Sub(files, "files")
	fileServer := http.FileServerFS(static)
	m.HandleFunc("GET /static/{file}", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Cache-Control", "public, max-age=3600")
		r.URL.Path = "/" + r.PathValue("file")
		if r.URL.Path == "/page.html" {
			http.NotFound(w, r)
			return
		}
		fileServer.ServeHTTP(w, r)
	})
	m.HandleFunc("GET /{$}", h.lobby)
	m.HandleFunc("POST /new", h.pageCreate)
	m.HandleFunc("GET /t/{id}", h.pageView)
	m.HandleFunc("POST /t/{id}/join", h.pageJoin)
	m.HandleFunc("POST /t/{id}/play", h.pagePlay)
	m.HandleFunc("POST /t/{id}/undo", h.pageUndo)
	m.HandleFunc("POST /t/{id}/accept", h.pageAnswer(true))
	m.HandleFunc("POST /t/{id}/decline", h.pageAnswer(false))
	m.HandleFunc("POST /t/{id}/hint", h.pageHint)
	m.HandleFunc("POST /t/{id}/again", h.pageAgain)
	m.HandleFunc("GET /t/{id}/events", h.events)
}

// base returns the prefix the handler is mounted under: the part of the request's URI that
// http.StripPrefix took away, "" when none.
func base(r *http.Request) string {
	u, err := url.ParseRequestURI(r.RequestURI)
	if err != nil {
		return ""
	}
	p := u.EscapedPath()
	if b, ok := strings.CutSuffix(p, r.URL.EscapedPath()); ok {
		return b
	}
	return ""
}

// page is what the templates draw.
type page struct {
	Tx    *texts
	Lang  string
	Langs []langLink
	Base  string
	Title string
	Error string

	// The lobby.
	Presets, Levels []option
	Open            []Listing

	// The table page.
	V                        View
	Name, Rules, Status      string
	StatusClass              string
	Hint, Share, Invite      string
	Seated, CanMove, CanUndo bool
	UndoAsked, UndoWaiting   bool
	Rows                     []rowView
	Heaps                    []heapView
	History                  []historyItem
}

type langLink struct {
	Tag, Name string
	Current   bool
}

type option struct {
	Value, Label string
	Selected     bool
}

type rowView struct {
	Label string
	Show  bool // the label is shown: the table has several rows
	Pins  []pinView
}

type pinView struct {
	N        int
	Value    string // row:pin, as the form sends it
	Standing bool
	Label    string
}

type heapView struct {
	N, Size  int
	Label    string
	Left     string
	Big      bool // too large to tap: a number field
	More     int  // counters not drawn
	Counters []option
}

type historyItem struct{ Who, Text string }

// newPage returns the page of r with its language.
func newPage(r *http.Request) *page {
	lang := language(r)
	p := &page{Tx: languages[lang], Lang: lang, Base: base(r)}
	p.Title = p.Tx.Title
	for _, l := range langs {
		p.Langs = append(p.Langs, langLink{Tag: l, Name: languages[l].LangName, Current: l == lang})
	}
	return p
}

// render writes the template name of p with the status code.
func (h *Handler) render(w http.ResponseWriter, code int, name string, p *page) {
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	w.Header().Set("X-Content-Type-Options", "nosniff")
	w.Header().Set("Referrer-Policy", "no-referrer") // the page's URL may hold an invitation
	w.WriteHeader(code)
	if err := pages.ExecuteTemplate(w, name, p); err != nil {
		h.cfg.Logger.Error("web: template", "name", name, "err", err)
	}
}

// errorPage answers a page request with the status code and the message.
func (h *Handler) errorPage(w http.ResponseWriter, r *http.Request, code int, msg string) {
	p := newPage(r)
	p.Error = msg
	h.render(w, code, "error", p)
}

// presets are the games the lobby offers, by form value: a game of NewTable and its sizes.
var presets = []struct{ value, label string }{
	{"kayles:7", "Kayles · 7"}, {"kayles:10", "Kayles · 10"}, {"kayles:13", "Kayles · 13"},
	{"nim:1 3 5 7", "Nim · 1 3 5 7"}, {"dawsons:10", "Dawson's Kayles · 10"},
	{"officers:10", "Officers · 10"}, {"guiles:10", "Guiles · 10"},
}

func (h *Handler) lobby(w http.ResponseWriter, r *http.Request) {
	h.renderLobby(w, r, http.StatusOK, "")
}

func (h *Handler) renderLobby(w http.ResponseWriter, r *http.Request, code int, msg string) {
	p := newPage(r)
	p.Error = msg
	for i, pr := range presets {
		p.Presets = append(p.Presets, option{Value: pr.value, Label: pr.label, Selected: i == 1})
	}
	for l := table.Random; l <= table.Perfect; l++ {
		p.Levels = append(p.Levels, option{Value: l.String(), Label: p.Tx.level(l)})
	}
	p.Open = h.list()
	for i := range p.Open {
		p.Open[i].Name = p.Tx.name(codeOf(p.Open[i].Text))
	}
	h.render(w, code, "lobby", p)
}

// codeOf returns the code of a table's text form.
func codeOf(text string) string {
	f := strings.Fields(text)
	switch {
	case len(f) > 1 && f[0] == "table":
		return f[1]
	case len(f) > 0 && f[0] == "nim":
		return "0.[3]"
	}
	return "0.77"
}

// formTable reads the lobby's form into a NewTable.
func formTable(r *http.Request) (NewTable, error) {
	var n NewTable
	if err := parseForm(r); err != nil {
		return n, err
	}
	game, sizes, _ := strings.Cut(r.PostFormValue("preset"), ":")
	n.Game = game
	if g := strings.TrimSpace(r.PostFormValue("game")); g != "" {
		n.Game, sizes = g, ""
	}
	if s := r.PostFormValue("start"); strings.TrimSpace(s) != "" {
		sizes = s
	}
	start, err := parseStart(sizes)
	if err != nil {
		return n, err
	}
	n.Start = start
	n.Layout = r.PostFormValue("layout")
	n.Misere = r.PostFormValue("misere") != ""
	if o := r.PostFormValue("opponent"); o != "human" {
		n.Opponent = o
	}
	n.ComputerFirst = r.PostFormValue("computer_first") != ""
	n.Public = r.PostFormValue("public") != ""
	return n, nil
}

func (h *Handler) pageCreate(w http.ResponseWriter, r *http.Request) {
	n, err := formTable(r)
	if err == nil {
		if err = h.createSeated(w, r, n); err == nil {
			return
		}
	}
	code, msg := status(err)
	if code == http.StatusServiceUnavailable {
		w.Header().Set("Retry-After", h.pool.retryAfter())
	}
	h.renderLobby(w, r, code, msg)
}

// createSeated creates the table n asks for, gives the creator its seat's cookie (and the
// invitation's), and sends them to it (303).
func (h *Handler) createSeated(w http.ResponseWriter, r *http.Request, n NewTable) error {
	g, _, secret, invite, err := h.create(r.Context(), h.cfg.ClientID(r), n)
	if err != nil {
		return err
	}
	h.setCookie(w, r, g.rec.ID, cookieName(g.rec.ID), secret)
	if invite != "" {
		h.setCookie(w, r, g.rec.ID, inviteCookie(g.rec.ID), invite)
	}
	http.Redirect(w, r, base(r)+"/t/"+g.rec.ID+"?lang="+language(r), http.StatusSeeOther)
	return nil
}

// pageAgain sets up a new table as the finished one of a seated player: the same game,
// against the same computer (which moves first again if it did), or with a new invitation.
func (h *Handler) pageAgain(w http.ResponseWriter, r *http.Request) {
	g, seat, err := h.pageSeat(r)
	if err != nil {
		h.fail(w, r, err)
		return
	}
	if seat < 0 {
		h.afterPost(w, r, g, seat, errSpectator)
		return
	}
	g.mu.Lock()
	s := g.t.Setup()
	g.mu.Unlock()
	n := NewTable{Game: s.Rules.String(), Layout: s.Layout.String(), Start: s.Start, Misere: s.Convention == table.Misere}
	if other := s.Seats[1-seat]; other != table.Human {
		n.Opponent, n.ComputerFirst = other.String(), seat == 1
	}
	if err := h.createSeated(w, r, n); err != nil {
		h.afterPost(w, r, g, seat, err)
	}
}

// setCookie sets an HttpOnly, SameSite=Lax cookie scoped to the table id, for as long as the
// table may stay idle.
func (h *Handler) setCookie(w http.ResponseWriter, r *http.Request, id, name, value string) {
	http.SetCookie(w, &http.Cookie{Name: name, Value: value, Path: base(r) + "/t/" + id,
		MaxAge: int(h.cfg.IdleExpiry / time.Second), HttpOnly: true, Secure: r.TLS != nil,
		SameSite: http.SameSiteLaxMode})
}

// pageSeat returns the table of the request's {id} and the viewer's seat by its cookie.
func (h *Handler) pageSeat(r *http.Request) (*game, int, error) {
	g, err := h.game(r.PathValue("id"))
	if err != nil {
		return nil, 0, err
	}
	secret := ""
	if c, err := r.Cookie(cookieName(g.rec.ID)); err == nil {
		secret = c.Value
	}
	g.mu.Lock()
	defer g.mu.Unlock()
	return g, g.seatOf(secret), nil
}

func (h *Handler) pageView(w http.ResponseWriter, r *http.Request) {
	g, seat, err := h.pageSeat(r)
	if err != nil {
		h.fail(w, r, err)
		return
	}
	h.kick(g)
	h.renderTable(w, r, g, seat, http.StatusOK, "", "")
}

// afterPost answers a page's form: back to the table (303) when err is nil, else the table
// with the error and its status.
func (h *Handler) afterPost(w http.ResponseWriter, r *http.Request, g *game, seat int, err error) {
	if err == nil {
		http.Redirect(w, r, base(r)+"/t/"+g.rec.ID+"?lang="+language(r), http.StatusSeeOther)
		return
	}
	code, msg := status(err)
	if code == http.StatusServiceUnavailable {
		w.Header().Set("Retry-After", h.pool.retryAfter())
	}
	h.renderTable(w, r, g, seat, code, msg, "")
}

func (h *Handler) pageJoin(w http.ResponseWriter, r *http.Request) {
	g, seat, err := h.pageSeat(r)
	if err != nil {
		h.fail(w, r, err)
		return
	}
	if err := parseForm(r); err != nil {
		h.afterPost(w, r, g, seat, err)
		return
	}
	if seat >= 0 { // already seated here: nothing to take
		h.afterPost(w, r, g, seat, nil)
		return
	}
	seat, secret, err := h.join(r.Context(), g, r.PostFormValue("invite"))
	if err == nil {
		h.setCookie(w, r, g.rec.ID, cookieName(g.rec.ID), secret)
	}
	h.afterPost(w, r, g, seat, err)
}

func (h *Handler) pagePlay(w http.ResponseWriter, r *http.Request) {
	g, seat, err := h.pageSeat(r)
	if err != nil {
		h.fail(w, r, err)
		return
	}
	g.mu.Lock()
	s := g.t.Setup()
	g.mu.Unlock()
	turn, m, err := formMove(r, s.Layout, len(s.Start))
	if err == nil {
		err = h.play(r.Context(), g, seat, turn, m)
	}
	h.afterPost(w, r, g, seat, err)
}

// formMove reads the turn and the move of the table page's form: the checked pins, a tapped
// counter (take=heap:count), a heap and its count field, or a move as text (move).
func formMove(r *http.Request, layout table.Layout, rows int) (int, table.Move, error) {
	turn, err := formTurn(r)
	if err != nil {
		return 0, table.Move{}, err
	}
	var m table.Move
	switch {
	case r.PostFormValue("take") != "":
		m, err = parseMove(r.PostFormValue("take"), table.Heaps, rows)
	case r.PostFormValue("heap") != "":
		heap := r.PostFormValue("heap")
		m, err = parseMove(heap+":"+r.PostFormValue("count-"+heap), table.Heaps, rows)
	case r.PostFormValue("move") != "":
		m, err = parseMove(r.PostFormValue("move"), layout, rows)
	default:
		m, err = pinsMove(r.PostForm["pin"])
	}
	return turn, m, err
}

func (h *Handler) pageUndo(w http.ResponseWriter, r *http.Request) {
	g, seat, err := h.pageSeat(r)
	if err != nil {
		h.fail(w, r, err)
		return
	}
	turn, err := formTurn(r)
	if err == nil {
		_, err = h.undo(r.Context(), g, seat, turn)
	}
	h.afterPost(w, r, g, seat, err)
}

// parseForm parses the form of r: 413 past Config.MaxBody, 400 for a body that is not a form.
func parseForm(r *http.Request) error {
	err := r.ParseForm()
	var mbe *http.MaxBytesError
	if err == nil || errors.As(err, &mbe) {
		return err
	}
	return badRequest("cannot read the form: " + err.Error())
}

// formTurn reads the turn of a form: a game of heaps may run to tens of thousands of moves.
func formTurn(r *http.Request) (int, error) {
	if err := parseForm(r); err != nil {
		return 0, err
	}
	turn, err := strconv.Atoi(r.PostFormValue("turn"))
	if err != nil || turn < 0 {
		return 0, badRequest("the form has no turn; reload the page")
	}
	return turn, nil
}

// pageAnswer returns the handler of the forms that accept or decline an undo request.
func (h *Handler) pageAnswer(accept bool) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		g, seat, err := h.pageSeat(r)
		if err != nil {
			h.fail(w, r, err)
			return
		}
		turn, err := formTurn(r)
		if err == nil {
			_, err = h.answerUndo(r.Context(), g, seat, turn, accept)
		}
		h.afterPost(w, r, g, seat, err)
	}
}

func (h *Handler) pageHint(w http.ResponseWriter, r *http.Request) {
	g, seat, err := h.pageSeat(r)
	if err != nil {
		h.fail(w, r, err)
		return
	}
	hint, err := h.hint(r.Context(), g, seat)
	if err != nil {
		h.afterPost(w, r, g, seat, err)
		return
	}
	g.mu.Lock()
	s := g.t.Setup()
	g.mu.Unlock()
	h.renderTable(w, r, g, seat, http.StatusOK, "", languages[language(r)].hintText(hint, s.Layout, len(s.Start)))
}

// itoa is strconv.Itoa, for the page's numbers.
var itoa = strconv.Itoa

// sprintf is fmt.Sprintf, for the page's formats.
var sprintf = fmt.Sprintf
