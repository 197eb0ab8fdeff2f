package web

import (
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"slices"
	"strings"
)

// This file implements the routes and the JSON API.

// routes sets up h.mux: the JSON API under /api/, the pages, and their static files.
func (h *Handler) routes() {
	m := http.NewServeMux()
	m.HandleFunc("POST /api/tables", h.apiCreate)
	m.HandleFunc("GET /api/tables", h.apiList)
	m.HandleFunc("GET /api/tables/{id}", h.apiView)
	m.HandleFunc("POST /api/tables/{id}/join", h.apiJoin)
	m.HandleFunc("POST /api/tables/{id}/moves", h.apiPlay)
	m.HandleFunc("POST /api/tables/{id}/undo", h.apiUndo)
	m.HandleFunc("POST /api/tables/{id}/undo/accept", h.apiAnswer(true))
	m.HandleFunc("POST /api/tables/{id}/undo/decline", h.apiAnswer(false))
	m.HandleFunc("POST /api/tables/{id}/hint", h.apiHint)
	m.HandleFunc("GET /api/tables/{id}/events", h.events)
	h.pageRoutes(m)
	h.mux = m
}

// Created is the answer to a create or a join: the table, the caller's seat and its secret,
// which the JSON API takes as "Authorization: Bearer <token>". Invite is the invitation to
// the other seat, for the creator of a table of two people: whoever posts it to the join
// route takes that seat. The zero Created is no answer.
type Created struct {
	Table  View   `json:"table"`
	Seat   int    `json:"seat"`
	Token  string `json:"token"`
	Invite string `json:"invite,omitempty"`
}

// turnRequest is the body of an undo or an answer to one.
type turnRequest struct {
	Turn int `json:"turn"`
}

// decode reads the JSON body of r into v: 400 for a body that is not such JSON, 413 past
// Config.MaxBody.
func decode(r *http.Request, v any) error {
	d := json.NewDecoder(r.Body)
	d.DisallowUnknownFields()
	if err := d.Decode(v); err != nil {
		var mbe *http.MaxBytesError
		if errors.As(err, &mbe) {
			return err
		}
		return badRequest("cannot read the request: " + err.Error())
	}
	if _, err := d.Token(); err != io.EOF {
		return badRequest("cannot read the request: more than one value")
	}
	return nil
}

// reply writes v as JSON with the status code.
func reply(w http.ResponseWriter, code int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(code)
	json.NewEncoder(w).Encode(v)
}

// fail answers err with its status ([status]): as JSON {"error": message} under /api/, as
// the error page otherwise. A 503 carries Retry-After.
func (h *Handler) fail(w http.ResponseWriter, r *http.Request, err error) {
	code, msg := status(err)
	if code == http.StatusServiceUnavailable && w.Header().Get("Retry-After") == "" {
		w.Header().Set("Retry-After", h.pool.retryAfter())
	}
	if code == http.StatusInternalServerError && !errors.Is(err, errStore) {
		h.cfg.Logger.Error("web: internal error", "path", r.URL.Path, "err", err)
	}
	if strings.HasPrefix(r.URL.Path, "/api/") {
		reply(w, code, map[string]string{"error": msg})
		return
	}
	h.errorPage(w, r, code, msg)
}

// bearer returns the token of r's Authorization header, or "".
func bearer(r *http.Request) string {
	a := r.Header.Get("Authorization")
	if len(a) > 7 && strings.EqualFold(a[:7], "bearer ") {
		return strings.TrimSpace(a[7:])
	}
	return ""
}

// seated returns the table of the request's {id} and the caller's seat there by the bearer
// token, -1 for a spectator.
func (h *Handler) seated(r *http.Request) (*game, int, error) {
	g, err := h.game(r.PathValue("id"))
	if err != nil {
		return nil, 0, err
	}
	g.mu.Lock()
	defer g.mu.Unlock()
	return g, g.seatOf(bearer(r)), nil
}

func (h *Handler) apiCreate(w http.ResponseWriter, r *http.Request) {
	var n NewTable
	if err := decode(r, &n); err != nil {
		h.fail(w, r, err)
		return
	}
	g, seat, secret, invite, err := h.create(r.Context(), h.cfg.ClientID(r), n)
	if err != nil {
		h.fail(w, r, err)
		return
	}
	g.mu.Lock()
	v := g.view(seat)
	g.mu.Unlock()
	reply(w, http.StatusCreated, Created{Table: v, Seat: seat, Token: secret, Invite: invite})
}

func (h *Handler) apiList(w http.ResponseWriter, _ *http.Request) {
	reply(w, http.StatusOK, h.list())
}

// list returns the open public tables, newest first, at most 100.
func (h *Handler) list() []Listing {
	h.mu.Lock()
	gs := make([]*game, 0, len(h.games))
	for _, g := range h.games {
		gs = append(gs, g)
	}
	h.mu.Unlock()
	ls := []Listing{}
	for _, g := range gs {
		g.mu.Lock()
		if g.rec.PublicInvite != "" {
			v := g.view(-1)
			ls = append(ls, Listing{ID: v.ID, Name: v.Name, Text: v.Text, Misere: v.Misere,
				Invite: g.rec.PublicInvite, Created: g.rec.Created.UTC().Format("2006-01-02T15:04:05Z")})
		}
		g.mu.Unlock()
	}
	slices.SortFunc(ls, func(a, b Listing) int { return strings.Compare(b.Created+b.ID, a.Created+a.ID) })
	return ls[:min(len(ls), 100)]
}

func (h *Handler) apiView(w http.ResponseWriter, r *http.Request) {
	g, seat, err := h.seated(r)
	if err != nil {
		h.fail(w, r, err)
		return
	}
	h.kick(g)
	g.mu.Lock()
	v := g.view(seat)
	g.mu.Unlock()
	reply(w, http.StatusOK, v)
}

func (h *Handler) apiJoin(w http.ResponseWriter, r *http.Request) {
	g, err := h.game(r.PathValue("id"))
	if err != nil {
		h.fail(w, r, err)
		return
	}
	var q struct {
		Invite string `json:"invite"`
	}
	if err := decode(r, &q); err != nil {
		h.fail(w, r, err)
		return
	}
	seat, secret, err := h.join(r.Context(), g, q.Invite)
	if err != nil {
		h.fail(w, r, err)
		return
	}
	g.mu.Lock()
	v := g.view(seat)
	g.mu.Unlock()
	reply(w, http.StatusOK, Created{Table: v, Seat: seat, Token: secret})
}

func (h *Handler) apiPlay(w http.ResponseWriter, r *http.Request) {
	g, seat, err := h.seated(r)
	if err != nil {
		h.fail(w, r, err)
		return
	}
	var q MoveRequest
	if err := decode(r, &q); err != nil {
		h.fail(w, r, err)
		return
	}
	g.mu.Lock()
	s := g.t.Setup()
	g.mu.Unlock()
	m, err := q.move(s.Layout, len(s.Start))
	if err == nil {
		err = h.play(r.Context(), g, seat, q.Turn, m)
	}
	if err != nil {
		h.fail(w, r, err)
		return
	}
	g.mu.Lock()
	v := g.view(seat)
	g.mu.Unlock()
	reply(w, http.StatusOK, v)
}

func (h *Handler) apiUndo(w http.ResponseWriter, r *http.Request) {
	g, seat, err := h.seated(r)
	if err != nil {
		h.fail(w, r, err)
		return
	}
	var q turnRequest
	if err := decode(r, &q); err != nil {
		h.fail(w, r, err)
		return
	}
	res, err := h.undo(r.Context(), g, seat, q.Turn)
	if err != nil {
		h.fail(w, r, err)
		return
	}
	code := http.StatusOK
	if res.Asked {
		code = http.StatusAccepted
	}
	reply(w, code, res)
}

// apiAnswer returns the handler that accepts or declines the other player's undo request.
func (h *Handler) apiAnswer(accept bool) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		g, seat, err := h.seated(r)
		if err != nil {
			h.fail(w, r, err)
			return
		}
		var q turnRequest
		if err := decode(r, &q); err != nil {
			h.fail(w, r, err)
			return
		}
		res, err := h.answerUndo(r.Context(), g, seat, q.Turn, accept)
		if err != nil {
			h.fail(w, r, err)
			return
		}
		reply(w, http.StatusOK, res)
	}
}

func (h *Handler) apiHint(w http.ResponseWriter, r *http.Request) {
	g, seat, err := h.seated(r)
	if err != nil {
		h.fail(w, r, err)
		return
	}
	hint, err := h.hint(r.Context(), g, seat)
	if err != nil {
		h.fail(w, r, err)
		return
	}
	reply(w, http.StatusOK, hint)
}
