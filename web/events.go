package web

import (
	"encoding/json"
	"net/http"
	"strconv"
	"time"
)

// This file implements live play: a stream of Server-Sent Events per table.

// keepAlive is how often an idle event stream sends a comment, so that proxies keep it open.
const keepAlive = 25 * time.Second

// events streams the table's views as Server-Sent Events: an event "table" whose id is the
// view's version and whose data is the [View] as JSON, once at the start unless the client's
// Last-Event-ID (or its query parameter v) is already the current version, and then after
// every move, undo, join and undo request. A client that reconnects with Last-Event-ID gets
// the current view if it missed a change; each event holds the whole table, so none is lost.
// A stream ends with its request's context; a client holds at most Config.StreamsPerClient.
func (h *Handler) events(w http.ResponseWriter, r *http.Request) {
	g, err := h.game(r.PathValue("id"))
	if err != nil {
		h.fail(w, r, err)
		return
	}
	flusher, ok := w.(http.Flusher)
	if !ok {
		h.fail(w, r, badRequest("streaming is not supported"))
		return
	}
	client := h.cfg.ClientID(r)
	if !h.openStream(client) {
		h.fail(w, r, errStreams)
		return
	}
	defer h.closeStream(client)
	secret := bearer(r)
	if c, err := r.Cookie(cookieName(g.rec.ID)); err == nil && secret == "" {
		secret = c.Value
	}
	last := int64(-1)
	if s := r.Header.Get("Last-Event-ID"); s != "" {
		last, _ = strconv.ParseInt(s, 10, 64)
	} else if s := r.URL.Query().Get("v"); s != "" {
		last, _ = strconv.ParseInt(s, 10, 64)
	}
	c := make(chan struct{}, 1)
	g.mu.Lock()
	if g.subs == nil {
		g.subs = make(map[chan struct{}]bool)
	}
	g.subs[c] = true
	seat := g.seatOf(secret)
	g.mu.Unlock()
	defer func() {
		g.mu.Lock()
		delete(g.subs, c)
		g.mu.Unlock()
	}()
	w.Header().Set("Content-Type", "text/event-stream")
	w.Header().Set("Cache-Control", "no-store")
	w.Header().Set("X-Accel-Buffering", "no")
	w.WriteHeader(http.StatusOK)
	flusher.Flush()
	c <- struct{}{} // send the current view unless the client has it
	tick := time.NewTicker(keepAlive)
	defer tick.Stop()
	for {
		select {
		case <-r.Context().Done():
			return
		case <-h.done:
			return
		case <-tick.C:
			if _, err := w.Write([]byte(": keep-alive\n\n")); err != nil {
				return
			}
		case <-c:
			g.mu.Lock()
			v := g.view(seat)
			g.mu.Unlock()
			if v.Version <= last {
				continue
			}
			last = v.Version
			data, _ := json.Marshal(v)
			if _, err := w.Write([]byte("id: " + strconv.FormatInt(v.Version, 10) + "\nevent: table\ndata: " + string(data) + "\n\n")); err != nil {
				return
			}
		}
		flusher.Flush()
	}
}

// openStream counts a stream of client, and returns false past Config.StreamsPerClient.
func (h *Handler) openStream(client string) bool {
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.streams[client] >= h.cfg.StreamsPerClient {
		return false
	}
	h.streams[client]++
	return true
}

func (h *Handler) closeStream(client string) {
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.streams[client]--; h.streams[client] <= 0 {
		delete(h.streams, client)
	}
}
