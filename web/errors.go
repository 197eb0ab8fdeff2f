package web

import (
	"context"
	"errors"
	"net/http"
	"strings"

	"github.com/octalgames/kayles/table"
)

// This file implements the one place where errors become HTTP statuses.

// Errors of the handler that are not errors of package table. Each maps to one status in
// [status].
var (
	errWrongSeat   = errors.New("it is not your seat's move")                                 // 403
	errSpectator   = errors.New("you are watching this table, not seated at it")              // 403
	errSeatTaken   = errors.New("the seat is taken")                                          // 409
	errBadInvite   = errors.New("this invitation is not valid")                               // 403
	errQuota       = errors.New("too many tables; finish or leave one first")                 // 429
	errRate        = errors.New("too many requests; wait a moment")                           // 429
	errStreams     = errors.New("too many open event streams")                                // 429
	errBusy        = errors.New("the server is busy; try again in a moment")                  // 503
	errFull        = errors.New("the server holds as many tables as it can; try again later") // 503
	errStore       = errors.New("the game could not be saved; try again")                     // 500
	errNoUndoAsk   = errors.New("nobody asked to take a move back")                           // 409
	errNotYourTurn = errors.New("it is not your turn")                                        // 409
)

// A requestError is a request the handler refuses for a reason of its own: a bad field or a
// body past its size. It maps to its Status.
type requestError struct {
	Status int
	Msg    string
}

func (e *requestError) Error() string { return e.Msg }

func badRequest(msg string) error { return &requestError{Status: http.StatusBadRequest, Msg: msg} }

// status returns the HTTP status of err and the message to show: 400 for a move or a setup
// the rules refuse, 403 for the wrong seat, 404 for an unknown table, 409 for a stale turn or
// a taken seat, 413 for a body too large, 429 for a quota, 503 for a full pool or server, and
// 500 for anything else (whose message is not shown).
func status(err error) (int, string) {
	var re *requestError
	var mbe *http.MaxBytesError
	switch {
	case errors.As(err, &re):
		return re.Status, re.Msg
	case errors.As(err, &mbe):
		return http.StatusRequestEntityTooLarge, "the request is too large"
	case errors.Is(err, ErrNotFound):
		return http.StatusNotFound, ErrNotFound.Error()
	case errors.Is(err, errWrongSeat), errors.Is(err, errSpectator), errors.Is(err, errBadInvite):
		return http.StatusForbidden, err.Error()
	case errors.Is(err, errSeatTaken), errors.Is(err, errNoUndoAsk), errors.Is(err, errNotYourTurn):
		return http.StatusConflict, err.Error()
	case errors.Is(err, errQuota), errors.Is(err, errRate), errors.Is(err, errStreams):
		return http.StatusTooManyRequests, err.Error()
	case errors.Is(err, errBusy), errors.Is(err, errFull):
		return http.StatusServiceUnavailable, err.Error()
	case errors.Is(err, context.DeadlineExceeded):
		return http.StatusServiceUnavailable, errBusy.Error()
	case errors.Is(err, errStore):
		return http.StatusInternalServerError, err.Error()
	}
	// The errors of package table and of the rule sets: 409 for a stale turn or nothing to
	// undo, 400 for a move, a setup or a text the rules refuse.
	if c := table.StatusCode(err); c == http.StatusBadRequest || c == http.StatusConflict {
		return c, strings.TrimPrefix(err.Error(), "kayles: ")
	}
	return http.StatusInternalServerError, "internal error"
}
