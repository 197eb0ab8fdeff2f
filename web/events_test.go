package web

import (
	"bufio"
	"context"
	"encoding/json"
	"net/http"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// stream is an open event stream of a table.
type stream struct {
	resp   *http.Response
	events chan View
	ids    chan string
	cancel context.CancelFunc
}

// open opens the event stream of table id as client with token, sending lastID (none when "").
func (s *testServer) open(client, id, token, lastID string) *stream {
	s.t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	req, err := http.NewRequestWithContext(ctx, "GET", s.url+"/api/tables/"+id+"/events", nil)
	require.NoError(s.t, err)
	req.Header.Set("X-Client", client)
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	if lastID != "" {
		req.Header.Set("Last-Event-ID", lastID)
	}
	resp, err := s.client.Do(req)
	require.NoError(s.t, err)
	st := &stream{resp: resp, events: make(chan View, 16), ids: make(chan string, 16), cancel: cancel}
	s.t.Cleanup(func() { cancel(); resp.Body.Close() })
	if resp.StatusCode != http.StatusOK {
		return st
	}
	go func() {
		sc := bufio.NewScanner(resp.Body)
		sc.Buffer(nil, 1<<20)
		var id string
		for sc.Scan() {
			line := sc.Text()
			if v, ok := strings.CutPrefix(line, "id: "); ok {
				id = v
			}
			if v, ok := strings.CutPrefix(line, "data: "); ok {
				var view View
				if json.Unmarshal([]byte(v), &view) == nil {
					st.ids <- id
					st.events <- view
				}
			}
		}
		close(st.events)
	}()
	return st
}

// next returns the next event, failing after a few seconds.
func (st *stream) next(t *testing.T) View {
	t.Helper()
	select {
	case v, ok := <-st.events:
		require.True(t, ok, "the stream ended")
		<-st.ids
		return v
	case <-time.After(5 * time.Second):
		require.FailNow(t, "no event")
	}
	return View{}
}

// none checks that no event comes within a short while.
func (st *stream) none(t *testing.T) {
	t.Helper()
	select {
	case v := <-st.events:
		assert.Fail(t, "unexpected event", "version %d", v.Version)
	case <-time.After(200 * time.Millisecond):
	}
}

func TestEventsDeliverMoves(t *testing.T) {
	s := newTestServer(t, Config{})
	id, tok0, tok1 := s.pair(NewTable{Start: []int{7}})
	st := s.open("bob", id, tok1, "")
	require.Equal(t, http.StatusOK, st.resp.StatusCode)
	assert.Equal(t, "text/event-stream", st.resp.Header.Get("Content-Type"))
	v := st.next(t)
	assert.Equal(t, 0, v.Turn)
	assert.Equal(t, 1, v.You)
	require.Equal(t, http.StatusOK, s.move(id, tok0, 0, "4"))
	v = st.next(t)
	assert.Equal(t, 1, v.Turn)
	assert.Equal(t, []MoveView{{Row: 1, Pin: 4, Count: 1, Text: "pin 4"}}, v.History)
	code, _ := s.undo(id, tok0, "", 1)
	require.Equal(t, http.StatusOK, code)
	assert.Equal(t, 0, st.next(t).Turn)
}

func TestEventsReconnect(t *testing.T) {
	s := newTestServer(t, Config{})
	id, tok0, _ := s.pair(NewTable{Start: []int{7}})
	cur := s.view(id, "").Version
	// Up to date: no event until a change.
	st := s.open("bob", id, "", strconv.FormatInt(cur, 10))
	st.none(t)
	require.Equal(t, http.StatusOK, s.move(id, tok0, 0, "4"))
	v := st.next(t)
	assert.Equal(t, cur+1, v.Version)
	// Missed a change: the current view at once.
	st2 := s.open("carol", id, "", strconv.FormatInt(cur, 10))
	assert.Equal(t, cur+1, st2.next(t).Version)
}

func TestEventsPerClientLimit(t *testing.T) {
	s := newTestServer(t, Config{StreamsPerClient: 2})
	id := s.create("alice", NewTable{}).Table.ID
	a := s.open("bob", id, "", "")
	b := s.open("bob", id, "", "")
	require.Equal(t, http.StatusOK, a.resp.StatusCode)
	require.Equal(t, http.StatusOK, b.resp.StatusCode)
	a.next(t)
	b.next(t)
	assert.Equal(t, http.StatusTooManyRequests, s.open("bob", id, "", "").resp.StatusCode)
	assert.Equal(t, http.StatusOK, s.open("carol", id, "", "").resp.StatusCode)
	// A stream ends with its request's context, and frees its place.
	a.cancel()
	require.Eventually(t, func() bool {
		s.h.mu.Lock()
		defer s.h.mu.Unlock()
		return s.h.streams["bob"] == 1
	}, 5*time.Second, 10*time.Millisecond)
	assert.Equal(t, http.StatusOK, s.open("bob", id, "", "").resp.StatusCode)
	assert.Equal(t, http.StatusNotFound, s.open("bob", "nope", "", "").resp.StatusCode)
}
