package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/octalgames/kayles/web"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// This file tests the command as a program: its flags, its store, and the server built,
// killed and started again on the same database.

// TestUsage checks -h (what the program serves, its flags and exit statuses) and the refusal
// of bad flags and arguments.
func TestUsage(t *testing.T) {
	var out strings.Builder
	_, status, ok := parseFlags([]string{"-h"}, &out)
	assert.False(t, ok)
	assert.Equal(t, 0, status)
	for _, s := range []string{"web serves Kayles", "Usage: go run ./examples/web [-addr HOST:PORT] [-db FILE]", "Exit status:", "2 for bad flags", "-addr", "127.0.0.1:8080", "-db", "kayles.db"} {
		assert.Contains(t, out.String(), s)
	}
	for _, args := range [][]string{{"-bogus"}, {"8080"}, {"-addr", ":1", "extra"}} {
		out.Reset()
		_, status, ok := parseFlags(args, &out)
		assert.False(t, ok, "%q", args)
		assert.Equal(t, 2, status, "%q", args)
		assert.Contains(t, out.String(), "Usage: go run ./examples/web", "%q", args)
	}
	o, _, ok := parseFlags([]string{"-addr", "127.0.0.1:0", "-db", "x.db"}, &out)
	assert.True(t, ok)
	assert.Equal(t, options{addr: "127.0.0.1:0", db: "x.db"}, o)
	o, _, ok = parseFlags(nil, &out)
	assert.True(t, ok)
	assert.Equal(t, options{addr: "127.0.0.1:8080", db: "kayles.db"}, o)
}

// TestBoltStore checks the store's four calls, that its records outlive the process's handle
// on the file, and that a second handle on a file in use is refused.
func TestBoltStore(t *testing.T) {
	path := filepath.Join(t.TempDir(), "t.db")
	s, err := openBoltStore(path)
	require.NoError(t, err)
	ctx := context.Background()
	_, err = s.Get(ctx, "ab")
	require.ErrorIs(t, err, web.ErrNotFound)
	r := web.Record{ID: "ab", Text: "kayles 7 normal moves 4", Seats: [2]string{"x", "y"}, UndoBy: -1, Version: 3,
		Created: time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)}
	require.NoError(t, s.Put(ctx, r))
	require.NoError(t, s.Put(ctx, web.Record{ID: "cd", UndoBy: -1}))
	require.NoError(t, s.Put(ctx, web.Record{ID: "ef", UndoBy: -1}))
	require.NoError(t, s.Delete(ctx, "ef"))
	require.NoError(t, s.Delete(ctx, "none"))
	_, err = openBoltStore(path)
	require.Error(t, err, "a second handle on a file in use")
	require.NoError(t, s.Close())

	s, err = openBoltStore(path)
	require.NoError(t, err)
	defer s.Close()
	got, err := s.Get(ctx, "ab")
	require.NoError(t, err)
	assert.Equal(t, r, got)
	rs, err := s.List(ctx)
	require.NoError(t, err)
	require.Len(t, rs, 2)
	assert.Equal(t, []string{"ab", "cd"}, []string{rs[0].ID, rs[1].ID})
}

var (
	buildOnce sync.Once
	buildExe  string
	buildErr  error
	buildDir  string
)

// TestMain removes the command built by the tests.
func TestMain(m *testing.M) {
	code := m.Run()
	if buildDir != "" {
		os.RemoveAll(buildDir)
	}
	os.Exit(code)
}

// command returns the path of the command, built once for all the tests.
func command(t testing.TB) string {
	t.Helper()
	buildOnce.Do(func() {
		if buildDir, buildErr = os.MkdirTemp("", "kayles-web-test"); buildErr != nil {
			return
		}
		buildExe = filepath.Join(buildDir, "web")
		out, err := exec.Command("go", "build", "-o", buildExe, ".").CombinedOutput()
		if err != nil {
			buildErr = &exec.ExitError{Stderr: out}
		}
	})
	require.NoError(t, buildErr, "go build: %s", buildErr)
	return buildExe
}

// server is the command running in a process of its own.
type server struct {
	cmd  *exec.Cmd
	base string // such as http://127.0.0.1:41234
	db   string // the database file
	done chan error
}

// startServer starts the command on addr with the database db, and returns once it serves.
// The test kills it at its end if it still runs.
func startServer(t testing.TB, addr, db string) *server {
	t.Helper()
	cmd := exec.Command(command(t), "-addr", addr, "-db", db)
	cmd.Stderr = os.Stderr
	out, err := cmd.StdoutPipe()
	require.NoError(t, err)
	require.NoError(t, cmd.Start())
	s := &server{cmd: cmd, db: db, done: make(chan error, 1)}
	line, err := bufio.NewReader(out).ReadString('\n')
	require.NoError(t, err, "the server printed no address")
	addrOpen, ok := strings.CutPrefix(strings.TrimSpace(line), "open ")
	require.True(t, ok, "the server printed %q", line)
	s.base = strings.TrimSuffix(addrOpen, "/")
	go func() { s.done <- cmd.Wait() }()
	t.Cleanup(func() { s.kill(t) })
	return s
}

// kill ends the server with SIGKILL, as a crash would, and waits for it.
func (s *server) kill(t testing.TB) {
	if s.cmd.ProcessState != nil {
		return
	}
	s.cmd.Process.Signal(syscall.SIGKILL)
	select {
	case <-s.done:
	case <-time.After(10 * time.Second):
		t.Error("the server did not die of SIGKILL")
	}
}

// freeAddr returns a loopback address with a port free at the time of the call, so that a
// server started again listens where its clients expect it.
func freeAddr(t testing.TB) string {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	defer ln.Close()
	return ln.Addr().String()
}

// call sends a JSON request with the bearer token (if any) and decodes the answer into out
// (if not nil); it returns the status.
func call(t testing.TB, method, url, token string, body, out any) int {
	t.Helper()
	var rd *bytes.Reader
	if body != nil {
		data, err := json.Marshal(body)
		require.NoError(t, err)
		rd = bytes.NewReader(data)
	} else {
		rd = bytes.NewReader(nil)
	}
	req, err := http.NewRequest(method, url, rd)
	require.NoError(t, err)
	req.Header.Set("Content-Type", "application/json")
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	resp, err := http.DefaultClient.Do(req)
	require.NoError(t, err)
	defer resp.Body.Close()
	if out != nil && resp.StatusCode < 300 {
		require.NoError(t, json.NewDecoder(resp.Body).Decode(out))
	}
	return resp.StatusCode
}

// TestKillRestart plays a game of two people through the JSON API, kills the server with
// SIGKILL in the middle of it, starts it again on the same database, and checks that both
// players carry on from the last move with their seats.
func TestKillRestart(t *testing.T) {
	addr, db := freeAddr(t), filepath.Join(t.TempDir(), "kayles.db")
	s := startServer(t, addr, db)
	var c0, c1 web.Created
	require.Equal(t, http.StatusCreated, call(t, "POST", s.base+"/api/tables", "", web.NewTable{Game: "kayles", Start: []int{13}}, &c0))
	api := s.base + "/api/tables/" + c0.Table.ID
	require.Equal(t, http.StatusOK, call(t, "POST", api+"/join", "", map[string]string{"invite": c0.Invite}, &c1))
	tokens := map[int]string{c0.Seat: c0.Token, c1.Seat: c1.Token}
	for i, m := range []string{"1", "3-4", "13"} {
		var v web.View
		require.Equal(t, http.StatusOK, call(t, "POST", api+"/moves", tokens[i%2], web.MoveRequest{Turn: i, Text: m}, &v), "move %d", i)
	}
	var before web.View
	require.Equal(t, http.StatusOK, call(t, "GET", api, tokens[0], nil, &before))
	require.Equal(t, 3, before.Turn)

	s.kill(t)
	require.Equal(t, s.base, startServer(t, addr, db).base, "the same address")
	for seat, tok := range tokens {
		var v web.View
		require.Equal(t, http.StatusOK, call(t, "GET", api, tok, nil, &v))
		assert.Equal(t, seat, v.You, "the token keeps its seat")
		assert.Equal(t, before.Text, v.Text)
		assert.Equal(t, before.History, v.History)
	}
	var v web.View
	assert.Equal(t, http.StatusForbidden, call(t, "POST", api+"/moves", tokens[0], web.MoveRequest{Turn: 3, Text: "6"}, nil), "not seat 0's turn")
	require.Equal(t, http.StatusOK, call(t, "POST", api+"/moves", tokens[1], web.MoveRequest{Turn: 3, Text: "6"}, &v))
	require.Equal(t, http.StatusOK, call(t, "POST", api+"/moves", tokens[0], web.MoveRequest{Turn: 4, Text: "8-9"}, &v))
	assert.Equal(t, 5, v.Turn)
	assert.Equal(t, ".|..|.|..|||.", rowText(v.Rows[0]))
	var u web.UndoResult
	require.Equal(t, http.StatusOK, call(t, "POST", api+"/undo", tokens[0], map[string]int{"turn": 5}, &u), "own move before the reply")
	assert.Equal(t, 1, u.Undone)
}

// rowText writes a row as | for a standing pin and . for a fallen one.
func rowText(row []bool) string {
	var b strings.Builder
	for _, up := range row {
		if up {
			b.WriteByte('|')
		} else {
			b.WriteByte('.')
		}
	}
	return b.String()
}

// TestSignalShutdown checks that SIGTERM stops the server at once, with exit status 0, while
// an event stream is open: the handler's Close ends it, and Shutdown does not wait for it.
func TestSignalShutdown(t *testing.T) {
	s := startServer(t, "127.0.0.1:0", filepath.Join(t.TempDir(), "kayles.db"))
	var c web.Created
	require.Equal(t, http.StatusCreated, call(t, "POST", s.base+"/api/tables", "", web.NewTable{}, &c))
	resp, err := http.Get(s.base + "/api/tables/" + c.Table.ID + "/events")
	require.NoError(t, err)
	defer resp.Body.Close()
	_, err = bufio.NewReader(resp.Body).ReadString('\n')
	require.NoError(t, err, "the stream is open")
	start := time.Now()
	require.NoError(t, s.cmd.Process.Signal(syscall.SIGTERM))
	select {
	case err := <-s.done:
		require.NoError(t, err, "exit status 0 after SIGTERM")
	case <-time.After(8 * time.Second):
		t.Fatal("the server did not stop within 8 s of SIGTERM")
	}
	t.Logf("stopped %v after SIGTERM", time.Since(start))
}

// TestExitStatus runs the command as a shell would: 0 for -h, 2 for a bad flag, 1 for a
// database that cannot be opened (a missing directory, or a file another server holds) and
// for an address that cannot be listened on.
func TestExitStatus(t *testing.T) {
	dir := t.TempDir()
	held := filepath.Join(dir, "held.db")
	s := startServer(t, "127.0.0.1:0", held)
	addr := strings.TrimPrefix(s.base, "http://")
	for _, c := range []struct {
		args []string
		want int
		says string
	}{
		{[]string{"-h"}, 0, "Usage:"},
		{[]string{"-bogus"}, 2, "flag provided but not defined"},
		{[]string{"-db", filepath.Join(dir, "missing", "x.db")}, 1, "web: open"},
		{[]string{"-addr", "127.0.0.1:0", "-db", held}, 1, "timeout"},
		{[]string{"-addr", addr, "-db", filepath.Join(dir, "other.db")}, 1, "address already in use"},
	} {
		cmd := exec.Command(command(t), c.args...)
		out, err := cmd.CombinedOutput()
		code := 0
		if ee, ok := err.(*exec.ExitError); ok {
			code = ee.ExitCode()
		} else {
			require.NoError(t, err, "%q", c.args)
		}
		assert.Equal(t, c.want, code, "%q: %s", c.args, out)
		assert.Contains(t, string(out), c.says, "%q", c.args)
	}
}
