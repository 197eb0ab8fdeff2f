package web

import (
	"context"

	"github.com/octalgames/kayles/table"
)

// This file implements undo as people expect it, and hints.

// UndoResult says what an undo request did. The zero UndoResult took nothing back and asked
// nothing.
type UndoResult struct {
	// Undone is the number of moves taken back; 0 when the request waits for the other
	// player's consent.
	Undone int `json:"undone"`
	// Asked reports that the other player must accept ([Handler] route undo/accept).
	Asked bool `json:"asked"`
}

// undo takes back the last move of seat, seen at turn. A player takes back their own last
// move at once until the other replies; later, the request waits for the other's consent.
// Against the computer it goes back to the player's own turn at once.
func (h *Handler) undo(ctx context.Context, g *game, seat, turn int) (UndoResult, error) {
	g.mu.Lock()
	defer g.mu.Unlock()
	switch {
	case seat < 0:
		return UndoResult{}, errSpectator
	case turn != g.t.Turn():
		return UndoResult{}, &table.PlayError{Turn: turn, Want: g.t.Turn(), Err: table.ErrStale}
	case turn <= seat: // seat has not moved
		return UndoResult{}, table.ErrNothingToUndo
	}
	lastMover := (turn - 1) % 2
	if g.t.Seat(1-seat) == table.Human && lastMover != seat {
		if g.rec.UndoBy == seat && g.rec.UndoTurn == turn {
			return UndoResult{Asked: true}, nil // asked already
		}
		old, oldTurn := g.rec.UndoBy, g.rec.UndoTurn
		g.rec.UndoBy, g.rec.UndoTurn = seat, turn
		err := h.commit(ctx, g, func() { g.rec.UndoBy, g.rec.UndoTurn = old, oldTurn })
		return UndoResult{Asked: err == nil}, err
	}
	return h.undoTo(ctx, g, turn, seat)
}

// undoTo takes back moves to seat's turn, as [table.Table.UndoTo]; g is locked.
func (h *Handler) undoTo(ctx context.Context, g *game, turn, seat int) (UndoResult, error) {
	hist := g.t.History()
	n, err := g.t.UndoTo(turn, seat)
	if err != nil {
		return UndoResult{}, err
	}
	old, oldTurn := g.rec.UndoBy, g.rec.UndoTurn
	g.rec.UndoBy = -1
	err = h.commit(ctx, g, func() {
		for i, m := range hist[turn-n:] {
			g.t.Play(turn-n+i, m) // replays moves that were legal
		}
		g.rec.UndoBy, g.rec.UndoTurn = old, oldTurn
	})
	if err != nil {
		return UndoResult{}, err
	}
	return UndoResult{Undone: n}, nil
}

// answerUndo accepts (or declines) the other player's request to take back their move, seen
// at turn.
func (h *Handler) answerUndo(ctx context.Context, g *game, seat, turn int, accept bool) (UndoResult, error) {
	g.mu.Lock()
	defer g.mu.Unlock()
	switch {
	case seat < 0:
		return UndoResult{}, errSpectator
	case turn != g.t.Turn():
		return UndoResult{}, &table.PlayError{Turn: turn, Want: g.t.Turn(), Err: table.ErrStale}
	case g.rec.UndoBy < 0 || g.rec.UndoTurn != turn:
		return UndoResult{}, errNoUndoAsk
	case g.rec.UndoBy == seat:
		return UndoResult{}, errWrongSeat
	}
	if accept {
		return h.undoTo(ctx, g, turn, g.rec.UndoBy)
	}
	old := g.rec.UndoBy
	g.rec.UndoBy = -1
	return UndoResult{}, h.commit(ctx, g, func() { g.rec.UndoBy = old })
}

// Hint is the answer to a hint request: the move the perfect player would make at Turn. The
// zero Hint is no hint.
type Hint struct {
	Turn int      `json:"turn"`
	Move MoveView `json:"move"`
	// Verdict is "wins" (the move wins against any defence), "loses" (no move wins; this one
	// is the best defence) or "unproven" (the best move found within the search's limit).
	Verdict string `json:"verdict"`
}

// hint returns a hint for seat, which must be to move, within a worker of the pool.
func (h *Handler) hint(ctx context.Context, g *game, seat int) (Hint, error) {
	g.mu.Lock()
	turn, version := g.t.Turn(), g.rec.Version
	_, over := g.t.Winner()
	layout, rows := g.t.Setup().Layout, len(g.t.Setup().Start)
	g.mu.Unlock()
	switch {
	case seat < 0:
		return Hint{}, errSpectator
	case over:
		return Hint{}, &table.PlayError{Turn: turn, Want: turn, Err: table.ErrGameOver}
	case turn%2 != seat:
		return Hint{}, errNotYourTurn
	}
	jctx, done, ok := h.pool.acquire(ctx)
	if !ok {
		return Hint{}, errBusy
	}
	defer done()
	jctx, stop := context.WithCancel(jctx) // a hint nobody waits for stops
	defer stop()
	context.AfterFunc(ctx, stop)
	m, v, err := g.t.Hint(jctx)
	if err != nil {
		return Hint{}, errBusy // the deadline, or the client went away
	}
	g.mu.Lock()
	changed := g.rec.Version != version
	g.mu.Unlock()
	if changed {
		return Hint{}, &table.PlayError{Turn: turn, Want: turn + 1, Err: table.ErrStale}
	}
	return Hint{Turn: turn, Move: moveView(m, layout, rows), Verdict: v.String()}, nil
}
