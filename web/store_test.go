package web

import (
	"context"
	"errors"
	"net/http"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// failingStore is a MemStore whose Put fails while fail is set.
type failingStore struct {
	MemStore
	fail atomic.Bool
}

func (s *failingStore) Put(ctx context.Context, r Record) error {
	if s.fail.Load() {
		return errors.New("disk full")
	}
	return s.MemStore.Put(ctx, r)
}

func TestMemStore(t *testing.T) {
	var s MemStore
	ctx := context.Background()
	_, err := s.Get(ctx, "a")
	require.ErrorIs(t, err, ErrNotFound)
	require.NoError(t, s.Put(ctx, Record{ID: "b", Text: "kayles 7 normal moves"}))
	require.NoError(t, s.Put(ctx, Record{ID: "a"}))
	r, err := s.Get(ctx, "b")
	require.NoError(t, err)
	assert.Equal(t, "kayles 7 normal moves", r.Text)
	rs, err := s.List(ctx)
	require.NoError(t, err)
	assert.Equal(t, []Record{{ID: "a"}, {ID: "b", Text: "kayles 7 normal moves"}}, rs)
	require.NoError(t, s.Delete(ctx, "b"))
	require.NoError(t, s.Delete(ctx, "b"))
	_, err = s.Get(ctx, "b")
	require.ErrorIs(t, err, ErrNotFound)
}

// TestWriteThrough: every move is in the store when the player is told of it, and a move the
// store cannot keep is refused and not played.
func TestWriteThrough(t *testing.T) {
	store := &failingStore{}
	s := newTestServer(t, Config{Store: store})
	id, tok0, tok1 := s.pair(NewTable{Start: []int{7}})
	require.Equal(t, http.StatusOK, s.move(id, tok0, 0, "4"))
	r, err := store.Get(context.Background(), id)
	require.NoError(t, err)
	assert.Equal(t, "kayles 7 normal moves 4", r.Text)
	assert.Equal(t, hash(tok0), r.Seats[0])
	assert.Equal(t, hash(tok1), r.Seats[1])

	store.fail.Store(true)
	assert.Equal(t, http.StatusInternalServerError, s.move(id, tok1, 1, "1"))
	code, _ := s.undo(id, tok0, "", 1)
	assert.Equal(t, http.StatusInternalServerError, code)
	v := s.view(id, "")
	assert.Equal(t, "kayles 7 normal moves 4", v.Text)
	assert.Equal(t, int64(2), v.Version) // the join and the move
	store.fail.Store(false)
	assert.Equal(t, http.StatusOK, s.move(id, tok1, 1, "1"))
}

// TestRestart: a new Handler on the same store serves every game on from its last move, with
// the same seats, and a computer to move moves.
func TestRestart(t *testing.T) {
	store := &MemStore{}
	s := newTestServer(t, Config{Store: store})
	id, tok0, tok1 := s.pair(NewTable{Game: "nim", Misere: true})
	require.Equal(t, http.StatusOK, s.move(id, tok0, 0, "4:7"))
	c := s.create("carol", NewTable{Start: []int{10}, Opponent: "hard"})
	require.Equal(t, http.StatusOK, s.move(c.Table.ID, c.Token, 0, "1"))
	// A computer to move when the server stops: put the record back one move.
	r, err := store.Get(context.Background(), c.Table.ID)
	require.NoError(t, err)
	r.Text = "kayles 10 normal seats human hard seed 1 moves 1"
	require.NoError(t, store.Put(context.Background(), r))
	require.NoError(t, store.Put(context.Background(), Record{ID: "bad", Text: "not a table"}))

	s2 := newTestServer(t, Config{Store: store})
	v := s2.view(id, tok1)
	assert.Equal(t, 1, v.You)
	assert.Equal(t, []int{1, 3, 5, 0}, v.Heaps)
	assert.Equal(t, http.StatusForbidden, s2.move(id, tok0, 1, "1:1"))
	assert.Equal(t, http.StatusOK, s2.move(id, tok1, 1, "1:1"))
	require.Eventually(t, func() bool { return s2.view(c.Table.ID, "").Turn == 2 }, 10*time.Second, 10*time.Millisecond)
	assert.Equal(t, http.StatusNotFound, s2.do("x", "GET", "/api/tables/bad", "", nil, nil).StatusCode)
}

// TestExpiry: a table nobody uses for IdleExpiry goes, from memory and from the store; a table
// in use stays, however many others are created.
func TestExpiry(t *testing.T) {
	store := &MemStore{}
	var mu sync.Mutex
	now := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	clock := func() time.Time { mu.Lock(); defer mu.Unlock(); return now }
	s := newTestServer(t, Config{Store: store, IdleExpiry: time.Hour, clock: clock})
	advance := func(d time.Duration) { mu.Lock(); now = now.Add(d); mu.Unlock() }
	idle := s.create("alice", NewTable{}).Table.ID
	active := s.create("bob", NewTable{}).Table.ID
	for range 3 {
		advance(40 * time.Minute)
		s.view(active, "")
		s.h.expire()
	}
	assert.Equal(t, http.StatusNotFound, s.do("x", "GET", "/api/tables/"+idle, "", nil, nil).StatusCode)
	_, err := store.Get(context.Background(), idle)
	require.ErrorIs(t, err, ErrNotFound)
	assert.Equal(t, active, s.view(active, "").ID)
}
