package web

import (
	"net/http"
)

// This file implements the HTML game: the lobby, the table page and their forms.

// cookieName is the name of the cookie that holds the viewer's seat secret at table id.
func cookieName(id string) string { return "kayles-" + id }

// pageRoutes adds the pages' routes to m.
func (h *Handler) pageRoutes(m *http.ServeMux) {
	m.HandleFunc("GET /t/{id}/events", h.events)
}

// errorPage answers a page request with the status code and the message.
func (h *Handler) errorPage(w http.ResponseWriter, _ *http.Request, code int, msg string) {
	http.Error(w, msg, code)
}
