package web

import (
	"context"
	"encoding/json"
	"fmt"
	"github.com/octalgames/kayles/table"
	"net/http"
	"net/http/httptest"
	"runtime"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestConsistentViews: while two players race moves and undos, every view the API answers
// is one snapshot: its turn is the length of its history, and its fallen pins are the pins
// its history knocked down.
func TestConsistentViews(t *testing.T) {
	s := newTestServer(t, Config{})
	id, _, _ := s.pair(NewTable{Start: []int{20}})
	g, err := s.h.game(id)
	require.NoError(t, err)
	ctx := context.Background()
	stop := make(chan struct{})
	var wg sync.WaitGroup
	for seat := range 2 {
		wg.Go(func() {
			for {
				select {
				case <-stop:
					return
				default:
				}
				g.mu.Lock()
				turn, rows := g.t.Turn(), g.t.Rows()
				g.mu.Unlock()
				if pin := slices.Index(rows[0], true); pin >= 0 && turn%2 == seat {
					s.h.play(ctx, g, seat, turn, table.Move{Row: 1, Pin: pin + 1, Count: 1})
				} else if turn > seat {
					s.h.undo(ctx, g, seat, turn)
					s.h.answerUndo(ctx, g, seat, turn, true)
				}
			}
		})
	}
	for i := range 5000 {
		w := httptest.NewRecorder()
		s.h.ServeHTTP(w, httptest.NewRequest("GET", "/api/tables/"+id, nil).WithContext(ctx))
		require.Equal(t, http.StatusOK, w.Code)
		var v View
		require.NoError(t, json.Unmarshal(w.Body.Bytes(), &v))
		require.Len(t, v.History, v.Turn, "read %d", i)
		down := 0
		for _, m := range v.History {
			down += m.Count
		}
		require.Equal(t, down, len(v.Rows[0])-standing(v.Rows[0]), "read %d", i)
	}
	close(stop)
	wg.Wait()
}

// standing counts the standing pins of a row.
func standing(row []bool) int {
	n := 0
	for _, s := range row {
		if s {
			n++
		}
	}
	return n
}

// firstStanding returns the index of the first standing pin of v's first row, or -1.
func firstStanding(v View) int { return slices.Index(v.Rows[0], true) }

// doQuiet is do for goroutines other than the test's: it reports failures with t.Error and
// never stops the goroutine.
func (s *testServer) doQuiet(client, method, path, token string, body any, out ...any) int {
	req, err := newJSONRequest(method, s.url+path, body)
	if err != nil {
		s.t.Error(err)
		return 0
	}
	req.Header.Set("X-Client", client)
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	resp, err := s.client.Do(req)
	if err != nil {
		s.t.Error(err)
		return 0
	}
	defer resp.Body.Close()
	if len(out) > 0 && resp.StatusCode < 300 {
		if err := decodeJSON(resp.Body, out[0]); err != nil {
			s.t.Error(err)
		}
	}
	return resp.StatusCode
}

// TestLoad plays many games at once on loopback against the computer, while one client
// floods the lobby, and checks that no game is lost and every request is answered with a
// status a client can act on. It logs the latencies and the memory it used.
func TestLoad(t *testing.T) {
	if testing.Short() {
		t.Skip("a load test")
	}
	const players = 40
	s := newTestServer(t, Config{Workers: 2, TablesPerClient: 5})
	var mu sync.Mutex
	var lat []time.Duration
	var busy int
	timed := func(client, method, path, token string, body any, out ...any) int {
		start := time.Now()
		code := s.doQuiet(client, method, path, token, body, out...)
		mu.Lock()
		lat = append(lat, time.Since(start))
		if code == http.StatusServiceUnavailable {
			busy++
		}
		mu.Unlock()
		return code
	}
	var before runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	stop := make(chan struct{})
	var flood sync.WaitGroup
	flood.Go(func() {
		for {
			select {
			case <-stop:
				return
			default:
				timed("mallory", "POST", "/api/tables", "", NewTable{})
			}
		}
	})
	var wg sync.WaitGroup
	for p := range players {
		wg.Go(func() {
			game := []NewTable{{Start: []int{10}, Opponent: "perfect"}, {Game: "nim", Misere: true, Opponent: "hard"},
				{Game: "dawsons", Start: []int{12}, Opponent: "fair"}}[p%3]
			client := fmt.Sprint("player", p)
			var c Created
			for timed(client, "POST", "/api/tables", "", game, &c) != http.StatusCreated {
				time.Sleep(10 * time.Millisecond)
			}
			s.playOut(t, client, c, timed)
		})
	}
	wg.Wait()
	close(stop)
	flood.Wait()
	var after runtime.MemStats
	runtime.ReadMemStats(&after)
	slices.Sort(lat)
	t.Logf("%d requests (%d answered 503 and retried): p50 %v, p99 %v, max %v; heap %d KiB -> %d KiB, %d tables",
		len(lat), busy, lat[len(lat)/2], lat[len(lat)*99/100], lat[len(lat)-1], before.HeapAlloc>>10, after.HeapAlloc>>10, len(s.h.games))
}

// playOut plays the game of c to its end as its creator, taking the first legal move it
// finds, retrying after a 503; every view must find the game.
func (s *testServer) playOut(t *testing.T, client string, c Created, timed func(string, string, string, string, any, ...any) int) {
	for range 200 {
		var v View
		if code := timed(client, "GET", "/api/tables/"+c.Table.ID, c.Token, nil, &v); code != http.StatusOK {
			t.Errorf("view of an active game: status %d", code)
			return
		}
		if v.Over {
			return
		}
		if v.ToMove != c.Seat {
			time.Sleep(5 * time.Millisecond)
			continue
		}
		m := MoveRequest{Turn: v.Turn}
		if v.Heaps != nil {
			h := slices.IndexFunc(v.Heaps, func(n int) bool { return n > 0 })
			m.Text = fmt.Sprintf("%d:1", h+1)
		} else {
			m.Text = fmt.Sprint(firstStanding(v) + 1)
			if v.Code == "0.07" { // Dawson's Kayles knocks down two
				m.Text = firstPair(v)
			}
		}
		switch code := timed(client, "POST", "/api/tables/"+c.Table.ID+"/moves", c.Token, m); code {
		case http.StatusOK, http.StatusServiceUnavailable, http.StatusConflict:
		default:
			t.Errorf("move %s: status %d", m.Text, code)
			return
		}
	}
	assert.Fail(t, "the game did not end")
}

// firstPair returns the first two standing pins side by side of v's row, as a move's text.
func firstPair(v View) string {
	r := v.Rows[0]
	for i := 0; i+1 < len(r); i++ {
		if r[i] && r[i+1] {
			return fmt.Sprintf("%d-%d", i+1, i+2)
		}
	}
	return "1"
}
