package table

import (
	"context"
	"errors"

	"github.com/octalgames/kayles"
)

// This file implements the HTTP statuses of the package's errors, for servers.

// The statuses of net/http, which the package does not import for five numbers (a program that
// plays at a terminal would link all of net/http).
const (
	statusOK                  = 200 // http.StatusOK
	statusBadRequest          = 400 // http.StatusBadRequest
	statusConflict            = 409 // http.StatusConflict
	statusInternalServerError = 500 // http.StatusInternalServerError
	statusServiceUnavailable  = 503 // http.StatusServiceUnavailable
)

// StatusCode returns the HTTP status that fits err, an error of this package or of a call it
// makes, so that a server needs no switch of its own:
//
//   - 200 for nil;
//   - 409 Conflict for [ErrStale] (a move or an undo meant for another turn), [ErrNothingToUndo]
//     and [ErrHumanSeat]: the request was fine but the table has moved on;
//   - 400 Bad Request for a move the rules refuse (it matches [kayles.ErrIllegalMove], as
//     [ErrGameOver] does), a setup [New] refuses ([ErrSetup], [kayles.ErrRange]) and a text
//     form [Restore] cannot read ([kayles.ErrSyntax]);
//   - 503 Service Unavailable for a search that reached its limit ([kayles.ErrTooLarge]) or a
//     context that was cancelled or reached its deadline: the same request may do later;
//   - 500 Internal Server Error for anything else.
//
// The error types [PlayError], [KnockError], [TakeError] and [SetupError] also have a
// StatusCode method that returns the same. It costs a few [errors.Is] calls.
func StatusCode(err error) int {
	switch {
	case err == nil:
		return statusOK
	case errors.Is(err, ErrStale), errors.Is(err, ErrNothingToUndo), errors.Is(err, ErrHumanSeat):
		return statusConflict
	case errors.Is(err, kayles.ErrIllegalMove), errors.Is(err, ErrSetup), errors.Is(err, kayles.ErrRange),
		errors.Is(err, kayles.ErrSyntax):
		return statusBadRequest
	case errors.Is(err, kayles.ErrTooLarge), errors.Is(err, context.Canceled), errors.Is(err, context.DeadlineExceeded):
		return statusServiceUnavailable
	}
	return statusInternalServerError
}

// StatusCode returns the HTTP status of e: 409 for a move or an undo meant for another turn
// ([ErrStale]), 400 otherwise. See [StatusCode].
func (e *PlayError) StatusCode() int { return StatusCode(e) }

// StatusCode returns the HTTP status of e, 400. See [StatusCode].
func (e *KnockError) StatusCode() int { return StatusCode(e) }

// StatusCode returns the HTTP status of e, 400. See [StatusCode].
func (e *TakeError) StatusCode() int { return StatusCode(e) }

// StatusCode returns the HTTP status of e, 400. See [StatusCode].
func (e *SetupError) StatusCode() int { return StatusCode(e) }
