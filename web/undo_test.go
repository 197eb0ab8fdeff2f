package web

import (
	"context"
	"github.com/octalgames/kayles/table"
	"net/http"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// undo posts an undo (or "/accept", "/decline") at turn as the holder of token, and returns
// the status and the result.
func (s *testServer) undo(id, token, what string, turn int) (int, UndoResult) {
	s.t.Helper()
	var res UndoResult
	code := s.do("player", "POST", "/api/tables/"+id+"/undo"+what, token, turnRequest{Turn: turn}, &res).StatusCode
	return code, res
}

func TestUndoOwnMoveUntilReply(t *testing.T) {
	s := newTestServer(t, Config{})
	id, tok0, tok1 := s.pair(NewTable{Start: []int{7}})
	code, _ := s.undo(id, tok0, "", 0)
	assert.Equal(t, http.StatusConflict, code, "nothing to undo")
	require.Equal(t, http.StatusOK, s.move(id, tok0, 0, "4"))
	code, _ = s.undo(id, tok1, "", 1)
	assert.Equal(t, http.StatusConflict, code, "seat 1 has not moved")
	code, _ = s.undo(id, "", "", 1)
	assert.Equal(t, http.StatusForbidden, code, "a spectator")
	assert.Equal(t, 1, s.view(id, "").Turn)
	code, res := s.undo(id, tok0, "", 1)
	require.Equal(t, http.StatusOK, code)
	assert.Equal(t, UndoResult{Undone: 1}, res)
	assert.Equal(t, 0, s.view(id, "").Turn)
}

func TestUndoAfterReplyNeedsConsent(t *testing.T) {
	s := newTestServer(t, Config{})
	id, tok0, tok1 := s.pair(NewTable{Start: []int{7}})
	require.Equal(t, http.StatusOK, s.move(id, tok0, 0, "4"))
	require.Equal(t, http.StatusOK, s.move(id, tok1, 1, "1"))
	// Seat 0 cannot take back seat 1's move, nor its own move alone.
	code, res := s.undo(id, tok0, "", 2)
	require.Equal(t, http.StatusAccepted, code)
	assert.Equal(t, UndoResult{Asked: true}, res)
	v := s.view(id, "")
	assert.Equal(t, 2, v.Turn)
	assert.Equal(t, 0, v.UndoBy)
	code, _ = s.undo(id, tok0, "/accept", 2)
	assert.Equal(t, http.StatusForbidden, code, "the asker cannot accept")
	code, _ = s.undo(id, "", "/accept", 2)
	assert.Equal(t, http.StatusForbidden, code, "a spectator cannot accept")
	code, _ = s.undo(id, tok1, "/accept", 1)
	assert.Equal(t, http.StatusConflict, code, "a stale turn")
	assert.Equal(t, 2, s.view(id, "").Turn)
	code, res = s.undo(id, tok1, "/accept", 2)
	require.Equal(t, http.StatusOK, code)
	assert.Equal(t, UndoResult{Undone: 2}, res)
	v = s.view(id, "")
	assert.Equal(t, 0, v.Turn)
	assert.Equal(t, -1, v.UndoBy)
	code, _ = s.undo(id, tok1, "/accept", 0)
	assert.Equal(t, http.StatusConflict, code, "nothing asked")
}

func TestUndoRequestDeclinedOrVoided(t *testing.T) {
	s := newTestServer(t, Config{})
	id, tok0, tok1 := s.pair(NewTable{Start: []int{7}})
	require.Equal(t, http.StatusOK, s.move(id, tok0, 0, "4"))
	require.Equal(t, http.StatusOK, s.move(id, tok1, 1, "1"))
	code, _ := s.undo(id, tok0, "", 2)
	require.Equal(t, http.StatusAccepted, code)
	code, _ = s.undo(id, tok1, "/decline", 2)
	require.Equal(t, http.StatusOK, code)
	assert.Equal(t, -1, s.view(id, "").UndoBy)
	// A move voids a request.
	code, _ = s.undo(id, tok0, "", 2)
	require.Equal(t, http.StatusAccepted, code)
	require.Equal(t, http.StatusOK, s.move(id, tok0, 2, "7"))
	assert.Equal(t, -1, s.view(id, "").UndoBy)
	code, _ = s.undo(id, tok1, "/accept", 3)
	assert.Equal(t, http.StatusConflict, code)
	assert.Equal(t, 3, s.view(id, "").Turn)
	// Seat 1 takes back its own move before seat 0 replies, then seat 0 its own.
	code, _ = s.undo(id, tok0, "", 3)
	require.Equal(t, http.StatusOK, code)
	assert.Equal(t, 2, s.view(id, "").Turn)
}

func TestUndoAgainstComputer(t *testing.T) {
	s := newTestServer(t, Config{})
	c := s.create("alice", NewTable{Start: []int{10}, Opponent: "perfect"})
	require.Equal(t, http.StatusOK, s.move(c.Table.ID, c.Token, 0, "1"))
	require.Equal(t, 2, s.view(c.Table.ID, "").Turn)
	code, res := s.undo(c.Table.ID, c.Token, "", 2)
	require.Equal(t, http.StatusOK, code)
	assert.Equal(t, UndoResult{Undone: 2}, res, "back to the person's turn at once")
	assert.Equal(t, 0, s.view(c.Table.ID, "").Turn)
}

func TestHint(t *testing.T) {
	s := newTestServer(t, Config{})
	id, tok0, tok1 := s.pair(NewTable{Start: []int{7}})
	var h Hint
	require.Equal(t, http.StatusOK, s.do("alice", "POST", "/api/tables/"+id+"/hint", tok0, nil, &h).StatusCode)
	assert.Equal(t, Hint{Turn: 0, Move: MoveView{Row: 1, Pin: 2, Count: 2, Text: "pins 2 and 3"}, Verdict: "wins"}, h) // as table.Hint answers
	assert.Equal(t, http.StatusConflict, s.do("bob", "POST", "/api/tables/"+id+"/hint", tok1, nil, nil).StatusCode, "not bob's turn")
	assert.Equal(t, http.StatusForbidden, s.do("eve", "POST", "/api/tables/"+id+"/hint", "", nil, nil).StatusCode)
}

// TestPoolFull: with every worker busy, a hint and a move against the computer get 503 with
// Retry-After, and the move is not played.
func TestPoolFull(t *testing.T) {
	s := newTestServer(t, Config{Workers: 1})
	c := s.create("alice", NewTable{Start: []int{10}, Opponent: "perfect"})
	_, done, ok := s.h.pool.acquire(context.Background())
	require.True(t, ok)
	resp := s.do("alice", "POST", "/api/tables/"+c.Table.ID+"/hint", c.Token, nil, nil)
	assert.Equal(t, http.StatusServiceUnavailable, resp.StatusCode)
	assert.Equal(t, "5", resp.Header.Get("Retry-After"))
	resp = s.do("alice", "POST", "/api/tables/"+c.Table.ID+"/moves", c.Token, MoveRequest{Text: "1"}, nil)
	assert.Equal(t, http.StatusServiceUnavailable, resp.StatusCode)
	assert.NotEmpty(t, resp.Header.Get("Retry-After"))
	assert.Equal(t, 0, s.view(c.Table.ID, "").Turn)
	done()
	assert.Equal(t, http.StatusOK, s.move(c.Table.ID, c.Token, 0, "1"))
}

// TestComputerMovesOnlyOnItsTurn: a computer's move that finds the table changed while it
// chose (here the person took back their move) plays nothing for the person.
func TestComputerMovesOnlyOnItsTurn(t *testing.T) {
	s := newTestServer(t, Config{})
	c := s.create("alice", NewTable{Start: []int{10}, Opponent: "perfect"})
	g, err := s.h.game(c.Table.ID)
	require.NoError(t, err)
	ctx := context.Background()
	g.mu.Lock()
	require.NoError(t, g.t.Play(0, table.Move{Row: 1, Pin: 1, Count: 1})) // the person's move, not yet answered
	g.thinking = true
	g.mu.Unlock()
	s.h.beforeChoose = func() {
		_, err := s.h.undo(ctx, g, 0, 1)
		assert.NoError(t, err)
	}
	s.h.computerMove(ctx, g)
	v := s.view(c.Table.ID, "")
	assert.Equal(t, 0, v.Turn, "the person's move is taken back and nobody moved for them")
	g.mu.Lock()
	assert.False(t, g.thinking)
	g.mu.Unlock()
}
