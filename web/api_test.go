package web

import (
	"net/http"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestCreateEveryGame(t *testing.T) {
	s := newTestServer(t, Config{})
	for _, tc := range []struct {
		n          NewTable
		name, text string
	}{
		{NewTable{Start: []int{7}}, "Kayles", "kayles 7 normal moves"},
		{NewTable{Game: "kayles", Start: []int{13}, Misere: true}, "Kayles", "kayles 13 misere moves"},
		{NewTable{Game: "nim", Misere: true}, "Nim", "nim misere 1 3 5 7 moves"},
		{NewTable{Game: "dawsons", Start: []int{8}}, "Dawson's Kayles", "table 0.07 rows 8 normal moves"},
		{NewTable{Game: "officers", Start: []int{5, 6}}, "Officers", "table 0.6 rows 5 6 normal moves"},
		{NewTable{Game: "0.137", Start: []int{9}}, "0.137", "table 0.137 rows 9 normal moves"},
	} {
		c := s.create("alice", tc.n)
		assert.Equal(t, tc.name, c.Table.Name)
		assert.Equal(t, tc.text, c.Table.Text)
		assert.Equal(t, 0, c.Seat)
		assert.NotEmpty(t, c.Token)
		assert.NotEmpty(t, c.Invite)
		assert.Equal(t, [2]Seat{{"human", true}, {"human", false}}, c.Table.Seats)
	}
}

func TestComputerReplies(t *testing.T) {
	s := newTestServer(t, Config{})
	c := s.create("alice", NewTable{Start: []int{10}, Opponent: "perfect"})
	assert.Empty(t, c.Invite)
	require.Equal(t, http.StatusOK, s.move(c.Table.ID, c.Token, 0, "1"))
	v := s.view(c.Table.ID, c.Token)
	assert.Equal(t, 2, v.Turn, "the computer has replied")
	assert.Equal(t, 0, v.You)

	// The computer moves first, in the background.
	c = s.create("alice", NewTable{Game: "nim", Opponent: "random", ComputerFirst: true})
	assert.Equal(t, 1, c.Seat)
	require.Eventually(t, func() bool { return s.view(c.Table.ID, "").Turn == 1 }, 10*time.Second, 10*time.Millisecond)
}

// TestStatuses checks the status of each failure, and that a refused request changes nothing.
func TestStatuses(t *testing.T) {
	s := newTestServer(t, Config{MaxBody: 256, TablesPerClient: 1})
	id, tok0, tok1 := s.pair(NewTable{Start: []int{7}})
	require.Equal(t, http.StatusOK, s.move(id, tok0, 0, "4"))
	before := s.view(id, "")

	assert.Equal(t, http.StatusBadRequest, s.move(id, tok1, 1, "4"), "pin 4 is down")
	assert.Equal(t, http.StatusBadRequest, s.move(id, tok1, 1, "x"), "not a move")
	assert.Equal(t, http.StatusBadRequest, s.do("carol", "POST", "/api/tables", "", NewTable{Game: "0.9x"}, nil).StatusCode)
	assert.Equal(t, http.StatusBadRequest, s.do("carol", "POST", "/api/tables", "", NewTable{Start: []int{0}}, nil).StatusCode)
	assert.Equal(t, http.StatusForbidden, s.move(id, tok0, 1, "1"), "seat 0 plays seat 1's move")
	assert.Equal(t, http.StatusForbidden, s.move(id, "", 1, "1"), "a spectator")
	assert.Equal(t, http.StatusForbidden, s.move(id, "not-a-token", 1, "1"), "a wrong token")
	assert.Equal(t, http.StatusNotFound, s.move("0123456789abcdef", tok1, 1, "1"))
	assert.Equal(t, http.StatusNotFound, s.do("bob", "GET", "/api/tables/nope", "", nil, nil).StatusCode)
	assert.Equal(t, http.StatusConflict, s.move(id, tok1, 0, "1"), "a stale turn")
	big := MoveRequest{Turn: 1, Text: strings.Repeat(" ", 300) + "1"}
	assert.Equal(t, http.StatusRequestEntityTooLarge, s.do("bob", "POST", "/api/tables/"+id+"/moves", tok1, big, nil).StatusCode)
	assert.Equal(t, http.StatusTooManyRequests, s.do("alice", "POST", "/api/tables", "", NewTable{}, nil).StatusCode, "alice's quota")
	assert.Equal(t, before, s.view(id, ""), "nothing changed")
	assert.Equal(t, http.StatusOK, s.move(id, tok1, 1, "1"))
}

func TestRateLimit(t *testing.T) {
	s := newTestServer(t, Config{Rate: 1, Burst: 3})
	id := s.create("alice", NewTable{}).Table.ID
	for range 2 {
		require.Equal(t, http.StatusOK, s.do("alice", "GET", "/api/tables/"+id, "", nil, nil).StatusCode)
	}
	resp := s.do("alice", "GET", "/api/tables/"+id, "", nil, nil)
	assert.Equal(t, http.StatusTooManyRequests, resp.StatusCode)
	assert.NotEmpty(t, resp.Header.Get("Retry-After"))
	assert.Equal(t, http.StatusOK, s.do("bob", "GET", "/api/tables/"+id, "", nil, nil).StatusCode, "another client")
}

// TestFlood: one client creating tables as fast as it can is refused past its quota, and a
// player polling their game meanwhile never gets 404.
func TestFlood(t *testing.T) {
	s := newTestServer(t, Config{Rate: 1e6, Burst: 1e6, TablesPerClient: 50, MaxTables: 200})
	id, tok0, _ := s.pair(NewTable{})
	var created, refused atomic.Int64
	stop := make(chan struct{})
	var wg sync.WaitGroup
	for range 4 {
		wg.Go(func() {
			for {
				select {
				case <-stop:
					return
				default:
				}
				req, _ := http.NewRequest("POST", s.url+"/api/tables", strings.NewReader("{}"))
				req.Header.Set("X-Client", "mallory")
				resp, err := s.client.Do(req)
				if err != nil {
					t.Error(err)
					return
				}
				resp.Body.Close()
				switch code := resp.StatusCode; code {
				case http.StatusCreated:
					created.Add(1)
				case http.StatusTooManyRequests:
					refused.Add(1)
				default:
					t.Errorf("flood: status %d", code)
					return
				}
			}
		})
	}
	// Poll at least 100 times, and until the flood has met its quota (on a loaded machine the
	// 100 polls may end first), for 10 s at most.
	for i, end := 0, time.Now().Add(10*time.Second); i < 100 || (refused.Load() == 0 && time.Now().Before(end)); i++ {
		assert.Equal(t, http.StatusOK, s.do("alice", "GET", "/api/tables/"+id, tok0, nil, nil).StatusCode)
	}
	close(stop)
	wg.Wait()
	assert.Equal(t, int64(50), created.Load())
	assert.Positive(t, refused.Load())
}

// TestServerFull: past MaxTables a create gets 503, and no table is dropped to make room.
func TestServerFull(t *testing.T) {
	s := newTestServer(t, Config{MaxTables: 3})
	var ids []string
	for _, c := range []string{"a", "b", "c"} {
		ids = append(ids, s.create(c, NewTable{}).Table.ID)
	}
	resp := s.do("d", "POST", "/api/tables", "", NewTable{}, nil)
	assert.Equal(t, http.StatusServiceUnavailable, resp.StatusCode)
	assert.NotEmpty(t, resp.Header.Get("Retry-After"))
	for _, id := range ids {
		assert.Equal(t, id, s.view(id, "").ID)
	}
}

func TestJoin(t *testing.T) {
	s := newTestServer(t, Config{})
	c := s.create("alice", NewTable{})
	id := c.Table.ID
	// A GET of the join route (a link preview) takes no seat.
	assert.Equal(t, http.StatusMethodNotAllowed, s.do("bot", "GET", "/api/tables/"+id+"/join?invite="+c.Invite, "", nil, nil).StatusCode)
	assert.False(t, s.view(id, "").Seats[1].Taken)
	assert.Equal(t, http.StatusForbidden, s.do("eve", "POST", "/api/tables/"+id+"/join", "", map[string]string{"invite": "guess"}, nil).StatusCode)
	assert.Equal(t, http.StatusForbidden, s.do("eve", "POST", "/api/tables/"+id+"/join", "", map[string]string{"invite": ""}, nil).StatusCode)
	var j Created
	require.Equal(t, http.StatusOK, s.do("bob", "POST", "/api/tables/"+id+"/join", "", map[string]string{"invite": c.Invite}, &j).StatusCode)
	assert.Equal(t, 1, j.Seat)
	assert.Equal(t, 1, j.Table.You)
	assert.True(t, j.Table.Seats[1].Taken)
	assert.Equal(t, http.StatusConflict, s.do("eve", "POST", "/api/tables/"+id+"/join", "", map[string]string{"invite": c.Invite}, nil).StatusCode)
	assert.Equal(t, 1, s.view(id, j.Token).You)
	assert.Equal(t, 0, s.view(id, c.Token).You)
	assert.Equal(t, -1, s.view(id, "").You)
}

func TestList(t *testing.T) {
	s := newTestServer(t, Config{})
	pub := s.create("alice", NewTable{Public: true})
	s.create("alice", NewTable{}) // private
	s.create("alice", NewTable{Public: true, Opponent: "easy"})
	var ls []Listing
	require.Equal(t, http.StatusOK, s.do("bob", "GET", "/api/tables", "", nil, &ls).StatusCode)
	require.Len(t, ls, 1)
	assert.Equal(t, pub.Table.ID, ls[0].ID)
	assert.Equal(t, pub.Invite, ls[0].Invite)
	require.Equal(t, http.StatusOK, s.do("bob", "POST", "/api/tables/"+pub.Table.ID+"/join", "", map[string]string{"invite": ls[0].Invite}, nil).StatusCode)
	require.Equal(t, http.StatusOK, s.do("bob", "GET", "/api/tables", "", nil, &ls).StatusCode)
	assert.Empty(t, ls)
}
