package web

import (
	"context"
	"net/http"
	"strconv"
	"sync"
	"time"

	"github.com/octalgames/kayles/table"
)

// This file implements the Handler: its tables in memory, loading them from the store, the
// per-request limits, and the expiry of idle tables.

// A Handler serves tables of package table over HTTP: a JSON API under /api/ and the HTML
// game, with the routes, seats and limits of the package doc. It is safe for concurrent use. The zero Handler is not usable;
// call [New], and [Handler.Close] when done.
type Handler struct {
	cfg  Config
	mux  *http.ServeMux
	lim  *limiter
	pool *pool

	mu      sync.Mutex
	games   map[string]*game
	owned   map[string]map[string]*game // the tables of each client
	streams map[string]int              // the open event streams of each client

	jobs      sync.WaitGroup // background computer moves and the janitor
	done      chan struct{}
	closeOnce sync.Once
	closing   sync.Mutex // guards closed; taken after a game's lock, and no lock after it
	closed    bool       // Close was called: no new job starts

	beforeChoose func() // nil, or what a test runs in computerMove before the computer chooses
}

// New returns a Handler with the settings of c (zero fields take their defaults, see
// [Config]), serving again every table that c.Store lists; a record that does not restore is
// logged and skipped. It returns the error of Store.List. It costs what replaying every
// stored game costs. A computer seat to move in a loaded table moves in the background.
//
// Mount it under a prefix with [http.StripPrefix]; its pages link relative to the prefix
// and its cookies are scoped to it:
//
//	mux.Handle("/kayles/", http.StripPrefix("/kayles", h))
//
// Its event streams stay open as long as a player watches, so the server's WriteTimeout must
// be zero or longer than a game.
func New(c Config) (*Handler, error) {
	h := &Handler{cfg: c.withDefaults(), games: make(map[string]*game),
		owned: make(map[string]map[string]*game), streams: make(map[string]int), done: make(chan struct{})}
	h.lim = newLimiter(h.cfg.Rate, h.cfg.Burst)
	h.pool = newPool(h.cfg.Workers, h.cfg.WorkTimeout)
	rs, err := h.cfg.Store.List(context.Background())
	if err != nil {
		return nil, err
	}
	for _, r := range rs {
		t, err := table.Restore(r.Text)
		if err != nil {
			h.cfg.Logger.Error("web: cannot restore a stored table", "table", r.ID, "err", err)
			continue
		}
		h.add(&game{t: t, rec: r})
	}
	h.routes()
	for _, g := range h.games {
		h.kick(g)
	}
	h.jobs.Add(1)
	go h.janitor()
	return h, nil
}

// Close stops the expiry of idle tables, ends the open event streams, and waits for the
// computer moves under way; no computer move starts after it, so a server may close its
// store once Close returns, even while requests are still served. It returns nil.
func (h *Handler) Close() error {
	h.closeOnce.Do(func() {
		h.closing.Lock()
		h.closed = true
		h.closing.Unlock()
		close(h.done)
	})
	h.jobs.Wait()
	return nil
}

// ServeHTTP serves the request, after the client's rate limit (429 with Retry-After past it)
// and with its body bounded by Config.MaxBody (413 past it).
func (h *Handler) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if ok, wait := h.lim.allow(h.cfg.ClientID(r), h.now()); !ok {
		w.Header().Set("Retry-After", strconv.Itoa(max(1, int(wait.Seconds()+0.999))))
		h.fail(w, r, errRate)
		return
	}
	if r.Body != nil {
		r.Body = http.MaxBytesReader(w, r.Body, h.cfg.MaxBody)
	}
	h.mux.ServeHTTP(w, r)
}

// janitor removes idle tables, and forgets idle clients' rate buckets, until Close.
func (h *Handler) janitor() {
	defer h.jobs.Done()
	every := min(h.cfg.IdleExpiry/4, time.Minute)
	tick := time.NewTicker(every)
	defer tick.Stop()
	for {
		select {
		case <-h.done:
			return
		case <-tick.C:
			h.expire()
			h.lim.prune(h.now())
		}
	}
}

// expire removes the tables nobody used for IdleExpiry and nobody watches, from memory and
// from the store.
func (h *Handler) expire() {
	now := h.now()
	h.mu.Lock()
	var idle []string
	for id, g := range h.games {
		g.mu.Lock()
		if len(g.subs) == 0 && !g.thinking && now.Sub(g.rec.Active) > h.cfg.IdleExpiry {
			idle = append(idle, id)
		}
		g.mu.Unlock()
	}
	for _, id := range idle {
		h.removeLocked(id)
	}
	h.mu.Unlock()
	for _, id := range idle {
		if err := h.cfg.Store.Delete(context.Background(), id); err != nil {
			h.cfg.Logger.Error("web: store delete", "table", id, "err", err)
		}
	}
}
