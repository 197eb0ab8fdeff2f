package web

import (
	"bytes"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"sync"
	"testing"

	"github.com/stretchr/testify/require"
)

// testServer serves a Handler with the settings of c over loopback; clients name themselves
// with the header X-Client, so that one test plays several clients.
type testServer struct {
	t      *testing.T
	h      *Handler
	url    string
	client *http.Client
	mu     sync.Mutex
	body   string // the body of the last answer
}

func newTestServer(t *testing.T, c Config) *testServer {
	t.Helper()
	if c.ClientID == nil {
		c.ClientID = func(r *http.Request) string { return r.Header.Get("X-Client") }
	}
	if c.Rate == 0 {
		c.Rate, c.Burst = 1e6, 1e6
	}
	if c.Logger == nil {
		c.Logger = slog.New(slog.NewTextHandler(io.Discard, nil))
	}
	h, err := New(c)
	require.NoError(t, err)
	ts := httptest.NewServer(h)
	t.Cleanup(func() {
		ts.Close()
		h.Close()
	})
	return &testServer{t: t, h: h, url: ts.URL, client: ts.Client()}
}

// do sends a request as client with the bearer token (none when ""), a JSON body (none when
// nil), and decodes the answer into out (unless nil). It returns the response, whose body is
// read.
func (s *testServer) do(client, method, path, token string, body, out any) *http.Response {
	s.t.Helper()
	var rd io.Reader
	if body != nil {
		b, err := json.Marshal(body)
		require.NoError(s.t, err)
		rd = bytes.NewReader(b)
	}
	req, err := http.NewRequest(method, s.url+path, rd)
	require.NoError(s.t, err)
	req.Header.Set("X-Client", client)
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	resp, err := s.client.Do(req)
	require.NoError(s.t, err)
	defer resp.Body.Close()
	data, err := io.ReadAll(resp.Body)
	require.NoError(s.t, err)
	s.mu.Lock()
	s.body = string(data)
	s.mu.Unlock()
	if out != nil && resp.StatusCode < 300 {
		require.NoError(s.t, json.Unmarshal(data, out), string(data))
	}
	return resp
}

// create creates a table as client and requires 201.
func (s *testServer) create(client string, n NewTable) Created {
	s.t.Helper()
	var c Created
	resp := s.do(client, "POST", "/api/tables", "", n, &c)
	require.Equal(s.t, http.StatusCreated, resp.StatusCode, s.body)
	return c
}

// pair creates a table of two people and seats a second client; it returns both seats'
// tokens and the table id.
func (s *testServer) pair(n NewTable) (id, tok0, tok1 string) {
	s.t.Helper()
	c := s.create("alice", n)
	var j Created
	resp := s.do("bob", "POST", "/api/tables/"+c.Table.ID+"/join", "", map[string]string{"invite": c.Invite}, &j)
	require.Equal(s.t, http.StatusOK, resp.StatusCode)
	require.Equal(s.t, 1, j.Seat)
	return c.Table.ID, c.Token, j.Token
}

// view returns the table id as the holder of token sees it.
func (s *testServer) view(id, token string) View {
	s.t.Helper()
	var v View
	resp := s.do("viewer", "GET", "/api/tables/"+id, token, nil, &v)
	require.Equal(s.t, http.StatusOK, resp.StatusCode)
	return v
}

// move plays text at turn as the holder of token and returns the status.
func (s *testServer) move(id, token string, turn int, text string) int {
	s.t.Helper()
	return s.do("player", "POST", "/api/tables/"+id+"/moves", token, MoveRequest{Turn: turn, Text: text}, nil).StatusCode
}

// newJSONRequest returns a request with body as JSON (none when nil).
func newJSONRequest(method, url string, body any) (*http.Request, error) {
	var rd io.Reader
	if body != nil {
		b, err := json.Marshal(body)
		if err != nil {
			return nil, err
		}
		rd = bytes.NewReader(b)
	}
	return http.NewRequest(method, url, rd)
}

// decodeJSON decodes r into out.
func decodeJSON(r io.Reader, out any) error { return json.NewDecoder(r).Decode(out) }
