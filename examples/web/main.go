// Command web serves Kayles, its cousins and Nim as a web game, built only on the public API
// of package table, net/http and html/template, with a few lines of plain JavaScript that
// reload the page when the other seat has moved.
//
//	go run ./examples/web [-addr 127.0.0.1:8080]
//
// It prints the address to open and serves until it is stopped. Exit status: 0 for -h, 1 when
// the address cannot be listened on or the server fails, 2 for bad flags or arguments. From the front page one sets up a table (game, rows or heaps,
// normal or misère, who moves first, the computer's level, the language), plays by clicking
// pins or tokens, asks for a hint, undoes, and shares the table's join link so that a second
// person takes the other seat. /values?code=0.77 plots any code's values as SVG with its
// periodic table and period.
//
// Bad requests get a 4xx status with a message and change nothing. The server keeps at most
// maxTables tables (the least recently used go first), reads at most maxBody bytes a
// request, and gives every computation at most computeTime.
package main

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"flag"
	"fmt"
	"html/template"
	"io"
	"log"
	"net"
	"net/http"
	"os"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/octalgames/kayles"
	"github.com/octalgames/kayles/examples/internal/plot"
	"github.com/octalgames/kayles/table"
)

// This file implements the web server: its routes, its bounded store of tables, the pages and
// their texts in English, French, Japanese and Turkish.

const (
	maxTables   = 1000            // tables kept at once
	maxBody     = 4 << 10         // bytes read from a request body
	computeTime = 2 * time.Second // the longest a hint, a computer's move or a plot may compute
	maxPlot     = 2000            // heaps plotted at most
)

func main() {
	addr, status, ok := parseFlags(os.Args[1:], os.Stderr)
	if !ok {
		os.Exit(status)
	}
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		fmt.Fprintln(os.Stderr, "web:", err)
		os.Exit(1)
	}
	fmt.Printf("open http://%s/\n", ln.Addr())
	srv := &http.Server{Handler: newServer(), ReadHeaderTimeout: 5 * time.Second, ReadTimeout: 10 * time.Second,
		WriteTimeout: 10 * time.Second, IdleTimeout: time.Minute, MaxHeaderBytes: 16 << 10}
	log.Fatal(srv.Serve(ln))
}

// usage is the head of -h, before the flags.
const usage = `web serves Kayles, its cousins and Nim as a web game: set up a table on the front
page, play against the computer or share the join link with a second person, and
plot any code's values at /values?code=0.77. It prints the address to open and
serves until it is stopped.

Usage: go run ./examples/web [-addr HOST:PORT]

Exit status: 0 for -h; 1 when the address cannot be listened on or the server
fails; 2 for bad flags or arguments.

Flags:
`

// parseFlags reads the command line: the address to listen on and ok, or the exit status
// when there is nothing to serve (0 after -h, 2 for bad flags), the message written to stderr.
func parseFlags(args []string, stderr io.Writer) (addr string, status int, ok bool) {
	fs := flag.NewFlagSet("web", flag.ContinueOnError)
	fs.SetOutput(stderr)
	a := fs.String("addr", "127.0.0.1:8080", "the address to listen on, host:port (:8080 for every interface, port 0 for any free port)")
	fs.Usage = func() {
		fmt.Fprint(fs.Output(), usage)
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return "", 0, false
		}
		return "", 2, false
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(stderr, "web: unexpected arguments: %q; the address is a flag, -addr\n", fs.Args())
		fs.Usage()
		return "", 2, false
	}
	return *a, 0, true
}

// entry is a table and who holds its seats.
type entry struct {
	id     string
	tb     *table.Table
	tokens [2]string // the secret in each seat's address; "" for a computer's seat
	lang   string
	mu     sync.Mutex // guards joined and used
	joined bool       // whether a second person took the other seat
	used   time.Time
}

// server is the web game server. It is safe for concurrent use.
type server struct {
	mu      sync.Mutex
	tables  map[string]*entry
	mux     *http.ServeMux
	compute time.Duration // computeTime; tests shorten it
}

func newServer() *server {
	s := &server{tables: map[string]*entry{}, mux: http.NewServeMux(), compute: computeTime}
	s.mux.HandleFunc("GET /{$}", s.home)
	s.mux.HandleFunc("POST /new", s.create)
	s.mux.HandleFunc("GET /t/{id}", s.show)
	s.mux.HandleFunc("GET /t/{id}/turn", s.turn)
	s.mux.HandleFunc("GET /t/{id}/join", s.join)
	s.mux.HandleFunc("POST /t/{id}/play", s.play)
	s.mux.HandleFunc("POST /t/{id}/undo", s.undo)
	s.mux.HandleFunc("GET /values", s.values)
	return s
}

func (s *server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	r.Body = http.MaxBytesReader(w, r.Body, maxBody)
	s.mux.ServeHTTP(w, r)
}

// add stores e under a fresh id, dropping the least recently used table when full.
func (s *server) add(e *entry) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if len(s.tables) >= maxTables {
		var oldest *entry
		for _, x := range s.tables {
			x.mu.Lock()
			if oldest == nil || x.used.Before(oldest.used) {
				oldest = x
			}
			x.mu.Unlock()
		}
		delete(s.tables, oldest.id)
	}
	e.id = token()
	s.tables[e.id] = e
}

// get returns the table of the request's {id} and the seat its ?seat= token holds (-1 for
// none), or writes a 404 and returns nil.
func (s *server) get(w http.ResponseWriter, r *http.Request) (*entry, int) {
	s.mu.Lock()
	e := s.tables[r.PathValue("id")]
	s.mu.Unlock()
	if e == nil {
		http.Error(w, "no such table; it may have been closed", http.StatusNotFound)
		return nil, -1
	}
	e.mu.Lock()
	e.used = time.Now()
	e.mu.Unlock()
	seat := -1
	if tok := r.FormValue("seat"); tok != "" {
		for i, t := range e.tokens {
			if t == tok {
				seat = i
			}
		}
	}
	return e, seat
}

func token() string {
	b := make([]byte, 12)
	rand.Read(b)
	return hex.EncodeToString(b)
}

// games are the rule sets offered on the front page; any other code may be typed.
var games = []struct{ Name, Code, Layout, Start string }{
	{"Kayles", "0.77", "rows", "10"},
	{"Dawson's Kayles", "0.07", "rows", "9"},
	{"Officers", "0.6", "rows", "8"},
	{"Guiles", "0.15", "rows", "9"},
	{"Nim", "0.[3]", "heaps", "1 3 5 7"},
}

func (s *server) home(w http.ResponseWriter, r *http.Request) {
	tx := lang(r.FormValue("lang"))
	render(w, http.StatusOK, "home", map[string]any{"T": tx, "Games": games, "Levels": levels})
}

var levels = []table.Level{table.Perfect, table.Hard, table.Fair, table.Easy, table.Random, table.Symmetry}

// create sets up a table from the front page's form and sends its creator to their seat.
func (s *server) create(w http.ResponseWriter, r *http.Request) {
	if err := r.ParseForm(); err != nil {
		render(w, http.StatusRequestEntityTooLarge, "error", map[string]any{"T": lang(""), "Msg": "the request is too large"})
		return
	}
	tx := lang(r.FormValue("lang"))
	bad := func(msg string) { render(w, http.StatusBadRequest, "error", map[string]any{"T": tx, "Msg": msg}) }
	code := strings.TrimSpace(r.FormValue("code"))
	rules, err := kayles.ParseOctal(code)
	if err != nil {
		bad(err.Error())
		return
	}
	var setup table.Setup
	setup.Rules = rules
	switch r.FormValue("layout") {
	case "rows", "":
		setup.Layout = table.Rows
	case "heaps":
		setup.Layout = table.Heaps
	default:
		bad("layout must be rows or heaps")
		return
	}
	// The rows or heaps in the order typed; table.New checks their number and sizes.
	for _, f := range strings.FieldsFunc(r.FormValue("start"), func(c rune) bool { return c == ' ' || c == ',' || c == '+' }) {
		n, err := strconv.Atoi(f)
		if err != nil || len(setup.Start) > table.MaxRows {
			bad(tx.BadStart)
			return
		}
		setup.Start = append(setup.Start, n)
	}
	if len(setup.Start) == 0 {
		bad(tx.BadStart)
		return
	}
	if r.FormValue("misere") == "on" {
		setup.Convention = table.Misere
	}
	level, ok := table.ParseLevel(r.FormValue("level"))
	if !ok || level == table.Human {
		bad("unknown level")
		return
	}
	me := 0
	switch r.FormValue("first") {
	case "you", "":
		setup.Seats[1] = level
	case "computer":
		setup.Seats[0] = level
		me = 1
	case "friend":
	default:
		bad("first must be you, computer or friend")
		return
	}
	seed := make([]byte, 8)
	rand.Read(seed)
	for _, b := range seed {
		setup.Seed = setup.Seed<<8 | uint64(b)
	}
	tb, err := table.New(setup)
	if err != nil {
		bad(err.Error())
		return
	}
	e := &entry{tb: tb, lang: tx.Code, used: time.Now()}
	for i, l := range setup.Seats {
		if l == table.Human {
			e.tokens[i] = token()
		}
	}
	s.add(e)
	s.computer(r.Context(), e)
	http.Redirect(w, r, "/t/"+e.id+"?seat="+e.tokens[me], http.StatusSeeOther)
}

// computer plays the computer's moves while a computer seat is to move, each within
// s.compute. When its level's move takes longer to work out (a misère search of a large
// table), it plays a random move instead, so that the game goes on. It stops when a person is
// to move, the game is over, or ctx is done.
func (s *server) computer(ctx context.Context, e *entry) {
	for e.tb.Seat(e.tb.Player()) != table.Human && ctx.Err() == nil {
		cctx, cancel := context.WithTimeout(ctx, s.compute)
		_, _, err := e.tb.PlayComputer(cctx)
		cancel()
		if err == nil {
			continue
		}
		if !errors.Is(err, kayles.ErrTooLarge) && !errors.Is(err, context.DeadlineExceeded) {
			return // the game is over, or a person moved or undid first
		}
		random := table.Computer{Level: table.Random, Seed: e.tb.Setup().Seed}
		m, _, turn, err := random.Choose(ctx, e.tb)
		if err != nil || m == (table.Move{}) || e.tb.Seat(turn%2) == table.Human {
			return
		}
		if e.tb.Play(turn, m) != nil {
			return
		}
	}
}

// join gives the second person the free seat of a table between two people, once.
func (s *server) join(w http.ResponseWriter, r *http.Request) {
	e, _ := s.get(w, r)
	if e == nil {
		return
	}
	tx := lang(e.lang)
	e.mu.Lock()
	free := e.tokens[1] != "" && e.tokens[0] != "" && !e.joined
	e.joined = e.joined || free
	e.mu.Unlock()
	if !free {
		render(w, http.StatusConflict, "error", map[string]any{"T": tx, "Msg": tx.SeatTaken})
		return
	}
	http.Redirect(w, r, "/t/"+e.id+"?seat="+e.tokens[1], http.StatusSeeOther)
}

// turn writes the number of moves played, for the page's script to notice a move.
func (s *server) turn(w http.ResponseWriter, r *http.Request) {
	e, _ := s.get(w, r)
	if e == nil {
		return
	}
	fmt.Fprint(w, e.tb.Turn())
}

// pinView is a pin or token on the page.
type pinView struct {
	Row, Pin int
	Standing bool
	Hint     bool
	Take     int // at a table of heaps, how many a click on this token takes
}

func (s *server) show(w http.ResponseWriter, r *http.Request) {
	e, seat := s.get(w, r)
	if e == nil {
		return
	}
	msg := ""
	var hint table.Move
	if r.FormValue("hint") != "" {
		ctx, cancel := context.WithTimeout(r.Context(), computeTime)
		m, v, err := e.tb.Hint(ctx)
		cancel()
		tx := lang(e.lang)
		switch {
		case err != nil:
			msg = tx.NoHint
		case v == table.Wins:
			msg, hint = tx.HintWin+" "+moveText(tx, e.tb, m), m
		case v == table.Loses:
			msg, hint = tx.HintLose+" "+moveText(tx, e.tb, m), m
		default: // past the search's limit: the best move found, not proven
			msg, hint = tx.HintGuess+" "+moveText(tx, e.tb, m), m
		}
	}
	s.page(w, http.StatusOK, e, seat, msg, hint)
}

// moveText writes m for a player: "4-5", "2:4" (row 2) or "take 2 from heap 3".
func moveText(tx *texts, tb *table.Table, m table.Move) string {
	if tb.Heaps() != nil {
		return fmt.Sprintf(tx.Take, m.Count, m.Row)
	}
	s := strconv.Itoa(m.Pin)
	if m.Count > 1 {
		s += "-" + strconv.Itoa(m.Pin+m.Count-1)
	}
	if len(tb.Setup().Start) > 1 {
		s = strconv.Itoa(m.Row) + ":" + s
	}
	return s
}

// page renders the table as seat sees it (seat -1: a spectator).
func (s *server) page(w http.ResponseWriter, status int, e *entry, seat int, msg string, hint table.Move) {
	tx := lang(e.lang)
	tb := e.tb
	var rows [][]pinView
	inHint := func(row, pin int) bool {
		return hint.Row == row && (hint.Pin == 0 || pin >= hint.Pin && pin < hint.Pin+hint.Count)
	}
	if hs := tb.Heaps(); hs != nil {
		for i, h := range hs {
			var row []pinView
			for k := range h {
				row = append(row, pinView{Row: i + 1, Pin: k + 1, Standing: true, Take: h - k,
					Hint: hint.Row == i+1 && k >= h-hint.Count})
			}
			rows = append(rows, row)
		}
	} else {
		for i, r := range tb.Rows() {
			var row []pinView
			for k, st := range r {
				row = append(row, pinView{Row: i + 1, Pin: k + 1, Standing: st, Hint: st && inHint(i+1, k+1)})
			}
			rows = append(rows, row)
		}
	}
	player := tb.Player()
	status2 := ""
	winner, over := tb.Winner()
	switch {
	case over && seat < 0:
		status2 = fmt.Sprintf(tx.SeatWins, winner+1)
	case over && winner == seat:
		status2 = tx.YouWin
	case over:
		status2 = tx.YouLose
	case player == seat:
		status2 = tx.YourMove
	default:
		status2 = tx.Waiting
	}
	e.mu.Lock()
	join := ""
	if seat == 0 && e.tokens[1] != "" && !e.joined {
		join = "/t/" + e.id + "/join"
	}
	e.mu.Unlock()
	text, _ := tb.MarshalText()
	render(w, status, "table", map[string]any{
		"T": tx, "ID": e.id, "Seat": seat, "Token": tokenOf(e, seat), "Rows": rows, "Heaps": tb.Heaps() != nil,
		"Turn": tb.Turn(), "Board": tb.String(), "Status": status2, "Msg": msg, "Over": over,
		"MyMove": !over && player == seat, "Join": join, "Text": string(text), "Rules": tb.Setup().Rules.String(),
	})
}

func tokenOf(e *entry, seat int) string {
	if seat < 0 {
		return ""
	}
	return e.tokens[seat]
}

// play plays the move of the form: the pins checked ("row:pin", side by side in one row), or
// take=heap:count, for the seat of the form's token, at move number turn.
func (s *server) play(w http.ResponseWriter, r *http.Request) {
	e, seat := s.get(w, r)
	if e == nil {
		return
	}
	tx := lang(e.lang)
	fail := func(status int, msg string) { s.page(w, status, e, seat, msg, table.Move{}) }
	if err := r.ParseForm(); err != nil {
		fail(http.StatusRequestEntityTooLarge, tx.BadRequest)
		return
	}
	if seat < 0 {
		fail(http.StatusForbidden, tx.NotYourSeat)
		return
	}
	turn, err := strconv.Atoi(r.FormValue("turn"))
	if err != nil {
		fail(http.StatusBadRequest, tx.BadRequest)
		return
	}
	if turn%2 != seat {
		fail(http.StatusConflict, tx.NotYourTurn)
		return
	}
	m, ok := formMove(r)
	if !ok {
		fail(http.StatusBadRequest, tx.ChoosePins)
		return
	}
	if err := e.tb.Play(turn, m); err != nil {
		status := http.StatusUnprocessableEntity
		if errors.Is(err, table.ErrStale) {
			status = http.StatusConflict
		}
		fail(status, tx.playError(err))
		return
	}
	s.computer(r.Context(), e)
	http.Redirect(w, r, "/t/"+e.id+"?seat="+e.tokens[seat], http.StatusSeeOther)
}

// formMove reads the move of a play form.
func formMove(r *http.Request) (table.Move, bool) {
	if t := r.PostForm.Get("take"); t != "" {
		a, b, ok := strings.Cut(t, ":")
		h, err1 := strconv.Atoi(a)
		c, err2 := strconv.Atoi(b)
		return table.Move{Row: h, Count: c}, ok && err1 == nil && err2 == nil
	}
	pins := r.PostForm["pin"]
	if len(pins) == 0 || len(pins) > table.MaxPins {
		return table.Move{}, false
	}
	m := table.Move{}
	for i, p := range pins {
		a, b, ok := strings.Cut(p, ":")
		row, err1 := strconv.Atoi(a)
		pin, err2 := strconv.Atoi(b)
		if !ok || err1 != nil || err2 != nil {
			return table.Move{}, false
		}
		switch {
		case i == 0:
			m = table.Move{Row: row, Pin: pin, Count: 1}
		case row != m.Row || pin != m.Pin+m.Count:
			return table.Move{}, false // not side by side in one row: the browser sends them in order
		default:
			m.Count++
		}
	}
	return m, true
}

// undo takes back moves to the seat's turn, if the form's turn is still the table's: of two
// racing undos, one lands.
func (s *server) undo(w http.ResponseWriter, r *http.Request) {
	e, seat := s.get(w, r)
	if e == nil {
		return
	}
	tx := lang(e.lang)
	if seat < 0 {
		s.page(w, http.StatusForbidden, e, seat, tx.NotYourSeat, table.Move{})
		return
	}
	turn, err := strconv.Atoi(r.FormValue("turn"))
	if err != nil {
		s.page(w, http.StatusBadRequest, e, seat, tx.BadRequest, table.Move{})
		return
	}
	if _, err := e.tb.UndoTo(turn, seat); err != nil {
		msg := tx.NothingToUndo
		if errors.Is(err, table.ErrStale) {
			msg = tx.Stale
		}
		s.page(w, http.StatusConflict, e, seat, msg, table.Move{})
		return
	}
	http.Redirect(w, r, "/t/"+e.id+"?seat="+e.tokens[seat], http.StatusSeeOther)
}

// values plots the values of a code against heap size with its periodic table.
func (s *server) values(w http.ResponseWriter, r *http.Request) {
	tx := lang(r.FormValue("lang"))
	bad := func(status int, msg string) {
		render(w, status, "error", map[string]any{"T": tx, "Msg": msg})
	}
	code := r.FormValue("code")
	if code == "" {
		code = "0.77"
	}
	rules, err := kayles.ParseOctal(code)
	if err != nil {
		bad(http.StatusBadRequest, err.Error())
		return
	}
	n := 200
	if v := r.FormValue("n"); v != "" {
		if n, err = strconv.Atoi(v); err != nil || n < 2 || n > maxPlot {
			bad(http.StatusBadRequest, fmt.Sprintf("n must be a number from 2 to %d", maxPlot))
			return
		}
	}
	ctx, cancel := context.WithTimeout(r.Context(), computeTime)
	defer cancel()
	// Run computes the values and reports the rare/common split that marks the rare heaps;
	// the engine splits only from a few hundred values on, so it computes at least 512.
	rep, err := rules.Run(ctx, kayles.RunOptions{Limit: max(n, 512)})
	if err != nil && !errors.Is(err, kayles.ErrTooLarge) {
		bad(http.StatusUnprocessableEntity, "the values of "+rules.String()+" take too long to compute here; try a smaller n")
		return
	}
	vs, err := rules.Values(ctx, n)
	if err != nil {
		bad(http.StatusUnprocessableEntity, "the values of "+rules.String()+" take too long to compute here; try a smaller n")
		return
	}
	per, ok, err := rules.ApparentPeriod(ctx, n)
	if err != nil {
		ok = false
	}
	period, preperiod := tx.NoPeriod, 0
	if ok {
		period, preperiod = per.String(), per.Preperiod
	}
	top := 0
	for _, v := range vs {
		top = max(top, v)
	}
	pl, err := plot.New(rules.String(), n, top)
	if err != nil {
		bad(http.StatusInternalServerError, err.Error())
		return
	}
	pl.Period, pl.Preperiod, pl.XLabel = period, preperiod, tx.Heap+" n"
	for a, v := range vs {
		// The split is known where Run computed.
		if err := pl.Add(a, v, a < rep.Values && rep.IsRare(a, v)); err != nil {
			bad(http.StatusInternalServerError, err.Error())
			return
		}
	}
	var svg strings.Builder
	if err := pl.WriteSVGElement(&svg); err != nil {
		bad(http.StatusInternalServerError, err.Error())
		return
	}
	p := 12
	if ok && per.Period <= 64 {
		p = per.Period
	}
	grid, err := plot.Rows(slices.All(vs), p, 64)
	if err != nil {
		bad(http.StatusInternalServerError, err.Error())
		return
	}
	render(w, http.StatusOK, "values", map[string]any{"T": tx, "Code": rules.String(), "N": n, "Period": period,
		"SVG": template.HTML(svg.String()), "Grid": grid, "P": p})
}

func render(w http.ResponseWriter, status int, name string, data any) {
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.WriteHeader(status)
	if err := pages.ExecuteTemplate(w, name, data); err != nil {
		log.Print(err)
	}
}

// texts are the words of the pages in one language.
type texts struct {
	Code, Title, Game, Code2, Layout, Rows, Heaps, Start, Misere, First, You, Computer, Friend    string
	Level, NewTable, Knock, Hint, Undo, Share, Values, Plot, PeriodicTable, Back, Heap, Value     string
	SeatTaken, NoHint, HintWin, HintLose, HintGuess, SeatWins, YouWin, YouLose, YourMove, Waiting string
	BadRequest, NotYourSeat, NotYourTurn, ChoosePins, Stale, NothingToUndo, NoPeriod, BadStart    string
	PinDown, NoSuchPin, NoSuchRow, Rules, TooMany, GameOver, Take                                 string
	// RulesPins[k] refuses knocking down %d pins where that leaves k runs of the row (0: the
	// whole row, 1: at an end, 2: inside); RulesHeap refuses taking a whole heap of %d.
	RulesPins [3]string
	RulesHeap string
}

// playError returns the message of a refused move in tx's language, from its sentinel and
// the pin or heap it names.
func (tx *texts) playError(err error) string {
	var pe *table.PlayError
	if !errors.As(err, &pe) {
		return tx.BadRequest
	}
	switch {
	case errors.Is(err, table.ErrStale):
		return tx.Stale
	case errors.Is(err, table.ErrGameOver):
		return tx.GameOver
	case errors.Is(err, table.ErrPinDown):
		return fmt.Sprintf(tx.PinDown, pe.Pin)
	case errors.Is(err, table.ErrNoSuchPin):
		return fmt.Sprintf(tx.NoSuchPin, pe.Pin)
	case errors.Is(err, table.ErrNoSuchRow), errors.Is(err, table.ErrNoSuchHeap):
		return fmt.Sprintf(tx.NoSuchRow, pe.Move.Row)
	case errors.Is(err, table.ErrTakeTooMany):
		return fmt.Sprintf(tx.TooMany, pe.Length)
	case errors.Is(err, table.ErrRules):
		switch {
		case pe.Layout == table.Heaps && pe.Leaves == 0:
			return fmt.Sprintf(tx.RulesHeap, pe.Move.Count)
		case pe.Layout != table.Heaps && pe.Leaves >= 0 && pe.Leaves <= 2:
			return fmt.Sprintf(tx.RulesPins[pe.Leaves], pe.Move.Count)
		}
		return tx.Rules
	}
	return tx.ChoosePins
}

var languages = map[string]*texts{
	"en": {Code: "en", Title: "Kayles and friends", Game: "Game", Code2: "or a code", Layout: "Played on", Rows: "rows of pins", Heaps: "heaps",
		Start: "Rows or heaps", Misere: "misère play (whoever moves last loses)", First: "Who moves first", You: "you", Computer: "the computer",
		Friend: "a friend (share the link)", Level: "Computer level", NewTable: "New table", Knock: "Knock down", Hint: "Hint", Undo: "Undo",
		Share: "Send this link to your friend:", Values: "Values", Plot: "values of", PeriodicTable: "Periodic table", Back: "New game",
		Heap: "heap", Value: "value", SeatTaken: "That seat is taken.", NoHint: "No hint: it takes too long to work out.",
		HintWin: "A winning move:", HintLose: "No move wins; the best try:", HintGuess: "Too large to work out exactly; the best move found:", SeatWins: "Player %d wins.", YouWin: "You win!",
		YouLose: "You lose.", YourMove: "Your move.", Waiting: "Waiting for the other player…", BadRequest: "That request is not understood.",
		NotYourSeat: "You have no seat at this table.", NotYourTurn: "It is not your turn.",
		ChoosePins: "Choose one or more pins side by side in one row.", Stale: "The table has changed; look again.",
		NothingToUndo: "Nothing to undo.", NoPeriod: "no period in sight", BadStart: "Write the rows or heaps as numbers, such as 7 or 1 3 5 7.",
		PinDown: "Pin %d is already down.", NoSuchPin: "There is no pin %d.", NoSuchRow: "There is no row or heap %d.",
		Rules: "The rules of this game do not allow that move.", TooMany: "That heap holds only %d.", GameOver: "The game is over.", Take: "take %d from heap %d",
		RulesPins: [3]string{"In this game you cannot knock down a whole row of %d.", "In this game you cannot knock down %d at the end of a row.", "In this game you cannot knock down %d inside a row."},
		RulesHeap: "In this game you cannot take a whole heap of %d."},
	"fr": {Code: "fr", Title: "Les quilles et leurs cousins", Game: "Jeu", Code2: "ou un code", Layout: "Sur", Rows: "des rangées de quilles", Heaps: "des tas",
		Start: "Rangées ou tas", Misere: "jeu misère (qui joue le dernier perd)", First: "Qui commence", You: "vous", Computer: "l'ordinateur",
		Friend: "un ami (partagez le lien)", Level: "Niveau de l'ordinateur", NewTable: "Nouvelle table", Knock: "Abattre", Hint: "Indice", Undo: "Annuler",
		Share: "Envoyez ce lien à votre ami :", Values: "Valeurs", Plot: "valeurs de", PeriodicTable: "Table périodique", Back: "Nouvelle partie",
		Heap: "tas", Value: "valeur", SeatTaken: "Cette place est prise.", NoHint: "Pas d'indice : trop long à calculer.",
		HintWin: "Un coup gagnant :", HintLose: "Aucun coup ne gagne ; le meilleur essai :", HintGuess: "Trop grand pour un calcul exact ; le meilleur coup trouvé :", SeatWins: "Le joueur %d gagne.", YouWin: "Vous gagnez !",
		YouLose: "Vous perdez.", YourMove: "À vous de jouer.", Waiting: "L'autre joueur réfléchit…", BadRequest: "Requête incomprise.",
		NotYourSeat: "Vous n'avez pas de place à cette table.", NotYourTurn: "Ce n'est pas votre tour.",
		ChoosePins: "Choisissez une ou plusieurs quilles côte à côte dans une rangée.", Stale: "La table a changé ; regardez à nouveau.",
		NothingToUndo: "Rien à annuler.", NoPeriod: "pas de période en vue", BadStart: "Écrivez les rangées ou les tas en nombres, comme 7 ou 1 3 5 7.",
		PinDown: "La quille %d est déjà tombée.", NoSuchPin: "Il n'y a pas de quille %d.", NoSuchRow: "Il n'y a pas de rangée ou de tas %d.",
		Rules: "Les règles de ce jeu n'autorisent pas ce coup.", TooMany: "Ce tas n'en contient que %d.", GameOver: "La partie est finie.", Take: "prendre %d dans le tas %d",
		RulesPins: [3]string{"Dans ce jeu, on ne peut pas abattre une rangée entière de %d.", "Dans ce jeu, on ne peut pas abattre %d au bout d'une rangée.", "Dans ce jeu, on ne peut pas abattre %d au milieu d'une rangée."},
		RulesHeap: "Dans ce jeu, on ne peut pas prendre un tas entier de %d."},
	"ja": {Code: "ja", Title: "ケイレスとその仲間", Game: "ゲーム", Code2: "またはコード", Layout: "盤", Rows: "ピンの列", Heaps: "山",
		Start: "列または山", Misere: "ミゼール（最後に取った人の負け）", First: "先手", You: "あなた", Computer: "コンピュータ",
		Friend: "友だち（リンクを共有）", Level: "コンピュータの強さ", NewTable: "新しいテーブル", Knock: "倒す", Hint: "ヒント", Undo: "待った",
		Share: "このリンクを友だちに送ってください：", Values: "値", Plot: "の値", PeriodicTable: "周期表", Back: "新しいゲーム",
		Heap: "山", Value: "値", SeatTaken: "その席はもう埋まっています。", NoHint: "ヒントは計算に時間がかかりすぎます。",
		HintWin: "勝ちの手：", HintLose: "勝てる手はありません。最善の手：", HintGuess: "大きすぎて読み切れません。見つかった最善の手：", SeatWins: "プレイヤー%dの勝ち。", YouWin: "あなたの勝ち！",
		YouLose: "あなたの負け。", YourMove: "あなたの番です。", Waiting: "相手の番です…", BadRequest: "リクエストが理解できません。",
		NotYourSeat: "このテーブルに席がありません。", NotYourTurn: "あなたの番ではありません。",
		ChoosePins: "一つの列で隣り合うピンを選んでください。", Stale: "テーブルが変わりました。もう一度見てください。",
		NothingToUndo: "戻す手がありません。", NoPeriod: "周期は見えません", BadStart: "列や山を 7 や 1 3 5 7 のように数字で書いてください。",
		PinDown: "ピン%dはもう倒れています。", NoSuchPin: "ピン%dはありません。", NoSuchRow: "列または山%dはありません。",
		Rules: "このゲームのルールではその手は指せません。", TooMany: "その山には%dしかありません。", GameOver: "ゲームは終わりました。", Take: "山%[2]dから%[1]d個取る",
		RulesPins: [3]string{"このゲームでは%d本だけの列を丸ごと倒すことはできません。", "このゲームでは列の端の%d本を倒すことはできません。", "このゲームでは列の途中の%d本を倒すことはできません。"},
		RulesHeap: "このゲームでは%d個の山を丸ごと取ることはできません。"},
	"tr": {Code: "tr", Title: "Kayles ve akrabaları", Game: "Oyun", Code2: "ya da bir kod", Layout: "Düzen", Rows: "lobut sıraları", Heaps: "yığınlar",
		Start: "Sıralar ya da yığınlar", Misere: "misère (son hamleyi yapan kaybeder)", First: "İlk kim oynar", You: "siz", Computer: "bilgisayar",
		Friend: "bir arkadaş (bağlantıyı paylaşın)", Level: "Bilgisayarın düzeyi", NewTable: "Yeni masa", Knock: "Devir", Hint: "İpucu", Undo: "Geri al",
		Share: "Bu bağlantıyı arkadaşınıza gönderin:", Values: "Değerler", Plot: "değerleri:", PeriodicTable: "Periyodik tablo", Back: "Yeni oyun",
		Heap: "yığın", Value: "değer", SeatTaken: "O koltuk dolu.", NoHint: "İpucu yok: hesaplaması çok uzun sürüyor.",
		HintWin: "Kazandıran hamle:", HintLose: "Hiçbir hamle kazandırmıyor; en iyi deneme:", HintGuess: "Tam hesaplanamayacak kadar büyük; bulunan en iyi hamle:", SeatWins: "%d. oyuncu kazandı.", YouWin: "Kazandınız!",
		YouLose: "Kaybettiniz.", YourMove: "Sıra sizde.", Waiting: "Öbür oyuncu bekleniyor…", BadRequest: "İstek anlaşılamadı.",
		NotYourSeat: "Bu masada yeriniz yok.", NotYourTurn: "Sıra sizde değil.",
		ChoosePins: "Bir sırada yan yana bir ya da daha çok lobut seçin.", Stale: "Masa değişti; yeniden bakın.",
		NothingToUndo: "Geri alınacak hamle yok.", NoPeriod: "görünürde periyot yok", BadStart: "Sıraları ya da yığınları 7 ya da 1 3 5 7 gibi sayılarla yazın.",
		PinDown: "%d. lobut zaten devrildi.", NoSuchPin: "%d. lobut yok.", NoSuchRow: "%d. sıra ya da yığın yok.",
		Rules: "Bu oyunun kuralları bu hamleye izin vermiyor.", TooMany: "O yığında yalnızca %d var.", GameOver: "Oyun bitti.", Take: "%[2]d. yığından %[1]d al",
		RulesPins: [3]string{"Bu oyunda %d lobutluk bir sırayı bütünüyle deviremezsiniz.", "Bu oyunda bir sıranın ucundan %d lobut deviremezsiniz.", "Bu oyunda bir sıranın ortasından %d lobut deviremezsiniz."},
		RulesHeap: "Bu oyunda %d taneli bir yığının tamamını alamazsınız."},
}

// lang returns the texts of a language code, English for any other.
func lang(code string) *texts {
	if tx, ok := languages[code]; ok {
		return tx
	}
	return languages["en"]
}

var pages = template.Must(template.New("").Parse(`
{{define "head"}}<!doctype html><html lang="{{.T.Code}}"><head><meta charset="utf-8"><title>{{.T.Title}}</title><meta name="viewport" content="width=device-width,initial-scale=1">
<style>body{font-family:sans-serif;margin:1em max(1em,calc(50% - 30em))}.row{margin:.6em 0;display:flex;flex-wrap:wrap;align-items:center;gap:4px}.pin input{display:none}
.pin span{display:block;width:1.7em;height:3.4em;border-radius:.85em .85em .3em .3em;background:#c33;cursor:pointer;text-align:center;color:#fff;font-size:.8em;line-height:3.4em}
.pin input:checked+span{background:#fc3;color:#000}.down{display:block;width:1.36em;height:.4em;background:#bbb}
.hint span,.hint{outline:3px solid #36c}.token{width:2.75em;height:2.75em;border-radius:50%;border:0;background:#c33;cursor:pointer}
button{min-height:44px;padding:0 1em;font-size:1em}
#msg{color:#a00}svg{border:1px solid #ccc}td{padding:0 .3em;text-align:right}</style></head><body>{{end}}

{{define "home"}}{{template "head" .}}<h1>{{.T.Title}}</h1>
<form method="post" action="/new" id="setup"><input type="hidden" name="lang" value="{{.T.Code}}">
<p>{{.T.Game}}: <select name="code" id="code">{{range .Games}}<option value="{{.Code}}">{{.Name}} ({{.Code}})</option>{{end}}</select></p>
<p>{{.T.Layout}}: <label><input type="radio" name="layout" value="rows" checked> {{.T.Rows}}</label>
<label><input type="radio" name="layout" value="heaps"> {{.T.Heaps}}</label></p>
<p>{{.T.Start}}: <input name="start" id="start" value="10" maxlength="400"></p>
<p><label><input type="checkbox" name="misere" id="misere"> {{.T.Misere}}</label></p>
<p>{{.T.First}}: <select name="first" id="first"><option value="you">{{.T.You}}</option><option value="computer">{{.T.Computer}}</option><option value="friend">{{.T.Friend}}</option></select></p>
<p>{{.T.Level}}: <select name="level" id="level">{{range .Levels}}<option>{{.}}</option>{{end}}</select></p>
<p><button id="create">{{.T.NewTable}}</button></p></form>
<p><a href="/?lang=en">English</a> · <a href="/?lang=fr">Français</a> · <a href="/?lang=ja">日本語</a> · <a href="/?lang=tr">Türkçe</a> · <a href="/values?code=0.77&lang={{.T.Code}}">{{.T.Values}}</a></p>
<script>
// Each game comes with its layout and a start that suits it.
const games = {"0.77":["rows","10"],"0.07":["rows","9"],"0.6":["rows","8"],"0.15":["rows","9"],"0.[3]":["heaps","1 3 5 7"]};
document.getElementById("code").addEventListener("change", e => {
  const g = games[e.target.value]; if (!g) return;
  document.querySelector('input[name=layout][value="'+g[0]+'"]').checked = true;
  document.getElementById("start").value = g[1];
  document.getElementById("misere").checked = g[0] == "heaps";
});
</script></body></html>{{end}}

{{define "error"}}{{template "head" .}}<p id="msg">{{.Msg}}</p><p><a href="/?lang={{.T.Code}}">{{.T.Back}}</a></p></body></html>{{end}}

{{define "table"}}{{template "head" .}}<h1>{{.Rules}}</h1>
<p id="status">{{.Status}}</p>{{if .Msg}}<p id="msg">{{.Msg}}</p>{{end}}
<form method="post" action="/t/{{.ID}}/play" id="board" data-board="{{.Board}}" data-turn="{{.Turn}}">
<input type="hidden" name="seat" value="{{.Token}}"><input type="hidden" name="turn" value="{{.Turn}}">
{{$heaps := .Heaps}}{{$my := .MyMove}}{{range $i, $row := .Rows}}<div class="row" id="row{{$i}}">{{range $row}}{{if $heaps}}<button class="token{{if .Hint}} hint{{end}}" name="take" value="{{.Row}}:{{.Take}}" id="t{{.Row}}-{{.Pin}}" {{if not $my}}disabled{{end}} title="{{.Take}}"></button>{{else if .Standing}}<label class="pin{{if .Hint}} hint{{end}}"><input type="checkbox" name="pin" value="{{.Row}}:{{.Pin}}" id="p{{.Row}}-{{.Pin}}" {{if not $my}}disabled{{end}}><span>{{.Pin}}</span></label>{{else}}<span class="down" title="{{.Pin}}"></span>{{end}}{{end}}</div>{{end}}
{{if and $my (not $heaps)}}<p><button id="knock">{{.T.Knock}}</button></p>{{end}}</form>
{{if .Token}}<form method="get" action="/t/{{.ID}}"><input type="hidden" name="seat" value="{{.Token}}"><input type="hidden" name="hint" value="1">{{if not .Over}}<button id="hint">{{.T.Hint}}</button>{{end}}</form>
<form method="post" action="/t/{{.ID}}/undo"><input type="hidden" name="seat" value="{{.Token}}"><input type="hidden" name="turn" value="{{.Turn}}"><button id="undo">{{.T.Undo}}</button></form>{{end}}
{{if .Join}}<p>{{.T.Share}} <a id="join" href="{{.Join}}">{{.Join}}</a></p>{{end}}
<p><code id="text">{{.Text}}</code></p><p><a href="/?lang={{.T.Code}}">{{.T.Back}}</a></p>
<script>
// Reload when the other seat has moved.
const turn = "{{.Turn}}";
setInterval(() => fetch("/t/{{.ID}}/turn").then(r => r.text()).then(t => { if (t != turn) location.replace("/t/{{.ID}}?seat={{.Token}}"); }).catch(() => {}), 1000);
</script></body></html>{{end}}

{{define "values"}}{{template "head" .}}<h1>{{.T.Plot}} {{.Code}}</h1>
<form method="get" action="/values"><input name="code" value="{{.Code}}"> <input name="n" value="{{.N}}" size="5"><input type="hidden" name="lang" value="{{.T.Code}}"> <button>{{.T.Values}}</button></form>
<p id="period">{{.Period}}</p>
{{.SVG}}
<h2>{{.T.PeriodicTable}}</h2><table id="grid"><tr><td></td>{{range $i, $_ := (index .Grid 0).Values}}<th>+{{$i}}</th>{{end}}</tr>
{{range .Grid}}<tr><th>{{.Start}}</th>{{range .Values}}<td>{{.}}</td>{{end}}</tr>{{end}}</table>
<p><a href="/?lang={{.T.Code}}">{{.T.Back}}</a></p></body></html>{{end}}
`))
