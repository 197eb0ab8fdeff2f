package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"maps"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/octalgames/kayles/web"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// This file holds the load test: many clients on loopback, each from an address of its own,
// create tables and play them out at once against the command with its database, while games
// left in the middle wait; none of them may be lost.

// A loadClient sends requests from one loopback address, which the server takes for one
// client, and records their latencies.
type loadClient struct {
	http *http.Client
	base string
	rec  *recorder
}

// newLoadClient returns a client whose connections come from the address ip.
func newLoadClient(base, ip string, rec *recorder) *loadClient {
	d := &net.Dialer{LocalAddr: &net.TCPAddr{IP: net.ParseIP(ip)}, Timeout: 5 * time.Second}
	tr := &http.Transport{DialContext: d.DialContext, MaxIdleConnsPerHost: 2}
	return &loadClient{http: &http.Client{Transport: tr, Timeout: 30 * time.Second}, base: base, rec: rec}
}

// A recorder gathers the latencies of every request, by kind ("GET view", "POST moves", ...),
// and their statuses.
type recorder struct {
	mu     sync.Mutex
	lat    map[string][]time.Duration
	status map[int]int
}

func newRecorder() *recorder {
	return &recorder{lat: make(map[string][]time.Duration), status: make(map[int]int)}
}

// kind names the route of a request to the API: "GET view", "POST moves", "POST tables", ...
func kind(method, path string) string {
	parts := strings.Split(strings.TrimPrefix(path, "/api/"), "/")
	if len(parts) == 2 && method == "GET" {
		return "GET view"
	}
	return method + " " + parts[len(parts)-1]
}

// summary returns the p50 and p99 of every kind of request, and of all of them.
func (r *recorder) summary() string {
	var all []time.Duration
	var b strings.Builder
	for _, k := range slices.Sorted(maps.Keys(r.lat)) {
		l := r.lat[k]
		all = append(all, l...)
		slices.Sort(l)
		fmt.Fprintf(&b, "%s: %d, p50 %v, p99 %v; ", k, len(l), l[len(l)/2].Round(10*time.Microsecond), l[len(l)*99/100].Round(10*time.Microsecond))
	}
	slices.Sort(all)
	fmt.Fprintf(&b, "all: %d, p50 %v, p99 %v, max %v", len(all), all[len(all)/2].Round(10*time.Microsecond),
		all[len(all)*99/100].Round(10*time.Microsecond), all[len(all)-1].Round(10*time.Microsecond))
	return b.String()
}

// do sends a JSON request and decodes a 2xx answer into out; after a 429 or a 503 it waits
// (Retry-After, at most 200 ms, so that the test stays short) and tries again.
func (c *loadClient) do(t *testing.T, method, path, token string, body, out any) int {
	for range 200 {
		data, _ := json.Marshal(body)
		req, err := http.NewRequest(method, c.base+path, bytes.NewReader(data))
		require.NoError(t, err)
		if token != "" {
			req.Header.Set("Authorization", "Bearer "+token)
		}
		start := time.Now()
		resp, err := c.http.Do(req)
		if err != nil {
			t.Errorf("%s %s: %v", method, path, err)
			return 0
		}
		if out != nil && resp.StatusCode < 300 {
			err = json.NewDecoder(resp.Body).Decode(out)
		}
		resp.Body.Close()
		c.rec.add(kind(method, path), time.Since(start), resp.StatusCode)
		require.NoError(t, err)
		if resp.StatusCode != http.StatusTooManyRequests && resp.StatusCode != http.StatusServiceUnavailable {
			return resp.StatusCode
		}
		wait, _ := strconv.Atoi(resp.Header.Get("Retry-After"))
		time.Sleep(min(time.Duration(max(wait, 1))*time.Second, 200*time.Millisecond))
	}
	t.Errorf("%s %s: refused 200 times", method, path)
	return 0
}

func (r *recorder) add(kind string, d time.Duration, status int) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.lat[kind] = append(r.lat[kind], d)
	r.status[status]++
}

// playOut plays the table to its end: the token of each seat a person holds moves the first
// standing pin in its turn. It returns the number of moves played.
func (c *loadClient) playOut(t *testing.T, id string, tokens map[int]string) int {
	var v web.View
	for moves := 0; moves < 40; moves++ {
		if code := c.do(t, "GET", "/api/tables/"+id, tokens[0], nil, &v); code != http.StatusOK {
			t.Errorf("table %s lost in play: status %d", id, code)
			return moves
		}
		if v.Over {
			return moves
		}
		tok, ok := tokens[v.ToMove]
		if !ok { // the computer is to move
			time.Sleep(5 * time.Millisecond)
			continue
		}
		pin := strings.Index(rowText(v.Rows[0]), "|") + 1
		code := c.do(t, "POST", "/api/tables/"+id+"/moves", tok, web.MoveRequest{Turn: v.Turn, Text: strconv.Itoa(pin)}, nil)
		if code != http.StatusOK && code != http.StatusConflict {
			t.Errorf("table %s: move at turn %d: status %d", id, v.Turn, code)
			return moves
		}
	}
	t.Errorf("table %s: the game did not end", id)
	return 0
}

// newGame creates a table from c: against the random computer, or between c and a second
// client who joins by the invitation. It returns the table's id and the tokens of the seats
// people hold.
func (c *loadClient) newGame(t *testing.T, friend *loadClient) (string, map[int]string) {
	n := web.NewTable{Game: "kayles", Start: []int{13}, Opponent: "random"}
	if friend != nil {
		n.Opponent = "human"
	}
	var cr web.Created
	if code := c.do(t, "POST", "/api/tables", "", n, &cr); code != http.StatusCreated {
		t.Errorf("create: status %d", code)
		return "", nil
	}
	tokens := map[int]string{cr.Seat: cr.Token}
	if friend != nil {
		var j web.Created
		if code := friend.do(t, "POST", "/api/tables/"+cr.Table.ID+"/join", "", map[string]string{"invite": cr.Invite}, &j); code != http.StatusOK {
			t.Errorf("join: status %d", code)
			return "", nil
		}
		tokens[j.Seat] = j.Token
	}
	return cr.Table.ID, tokens
}

// loadSize returns the number of clients of the load test: $KAYLES_LOAD_CLIENTS, or 100.
func loadSize(t *testing.T) int {
	n := 100
	if s := os.Getenv("KAYLES_LOAD_CLIENTS"); s != "" {
		var err error
		n, err = strconv.Atoi(s)
		require.NoError(t, err)
		require.True(t, n > 0 && n <= 250, "KAYLES_LOAD_CLIENTS in 1..250")
	}
	return n
}

// TestLoad runs the command on a fresh database and, from n loopback addresses at once, plays
// three games a client, half against the random computer and half between two people, while
// n games left after two moves wait. It checks that every game ends, that every waiting game
// is still there at its turn and goes on, and logs the latencies and the server's memory.
func TestLoad(t *testing.T) {
	if testing.Short() {
		t.Skip("a load test")
	}
	n := loadSize(t)
	srv := startServer(t, "127.0.0.1:0", filepath.Join(t.TempDir(), "kayles.db"))
	rec := newRecorder()
	ip := func(net, i int) string { return fmt.Sprintf("127.0.%d.%d", net, i+2) }
	waiting := make([]struct {
		id     string
		tokens map[int]string
	}, n)
	for i := range waiting {
		c := newLoadClient(srv.base, ip(2, i), rec)
		waiting[i].id, waiting[i].tokens = c.newGame(t, newLoadClient(srv.base, ip(3, i), rec))
		for turn, pin := range []string{"1", "13"} {
			require.Equal(t, http.StatusOK, c.do(t, "POST", "/api/tables/"+waiting[i].id+"/moves", waiting[i].tokens[turn], web.MoveRequest{Turn: turn, Text: pin}, nil))
		}
	}
	rec.mu.Lock()
	rec.lat, rec.status = make(map[string][]time.Duration), make(map[int]int)
	rec.mu.Unlock()

	start := time.Now()
	var wg sync.WaitGroup
	var mu sync.Mutex
	moves := 0
	for i := range n {
		wg.Go(func() {
			c := newLoadClient(srv.base, ip(0, i), rec)
			var friend *loadClient
			if i%2 == 1 {
				friend = newLoadClient(srv.base, ip(1, i), rec)
			}
			for range 3 {
				id, tokens := c.newGame(t, friend)
				if id == "" {
					return
				}
				m := c.playOut(t, id, tokens)
				mu.Lock()
				moves += m
				mu.Unlock()
			}
		})
	}
	wg.Wait()
	elapsed := time.Since(start)

	for i, w := range waiting {
		c := newLoadClient(srv.base, ip(2, i), rec)
		var v web.View
		require.Equal(t, http.StatusOK, c.do(t, "GET", "/api/tables/"+w.id, w.tokens[0], nil, &v), "a waiting game is lost")
		assert.Equal(t, 2, v.Turn)
		assert.Equal(t, http.StatusOK, c.do(t, "POST", "/api/tables/"+w.id+"/moves", w.tokens[0], web.MoveRequest{Turn: 2, Text: "5"}, nil))
	}
	t.Logf("%d clients, %d games, %d moves by people in %v; statuses %v; %s; server memory: %s",
		n, 3*n, moves, elapsed.Round(time.Millisecond), rec.status, rec.summary(), procMemory(t, srv))
}

// procMemory returns the peak and current resident memory of the server's process, as Linux
// reports them.
func procMemory(t *testing.T, s *server) string {
	data, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", s.cmd.Process.Pid))
	if err != nil {
		return "unknown (" + err.Error() + ")"
	}
	var out []string
	for _, line := range strings.Split(string(data), "\n") {
		if strings.HasPrefix(line, "VmHWM:") || strings.HasPrefix(line, "VmRSS:") {
			out = append(out, strings.Join(strings.Fields(line), " "))
		}
	}
	return strings.Join(out, ", ")
}
