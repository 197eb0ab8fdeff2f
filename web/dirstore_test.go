package web

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"os"
	"os/exec"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// serverDirEnv names the directory of a DirStore: when it is set, the test binary is a server
// (see TestMain) that TestKillRestart kills.
const serverDirEnv = "KAYLES_WEB_TEST_SERVER_DIR"

// TestMain runs the tests, or, under serverDirEnv, serves a Handler on a DirStore at a
// loopback address that it prints, until it is killed.
func TestMain(m *testing.M) {
	dir := os.Getenv(serverDirEnv)
	if dir == "" {
		os.Exit(m.Run())
	}
	h, err := New(Config{Store: DirStore{Dir: dir}, Logger: slog.New(slog.NewTextHandler(io.Discard, nil))})
	if err != nil {
		fmt.Println("error:", err)
		os.Exit(1)
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		fmt.Println("error:", err)
		os.Exit(1)
	}
	fmt.Println(ln.Addr())
	http.Serve(ln, h)
}

func TestDirStore(t *testing.T) {
	s := DirStore{Dir: t.TempDir()}
	ctx := context.Background()
	_, err := s.Get(ctx, "ab")
	require.ErrorIs(t, err, ErrNotFound)
	_, err = s.Get(ctx, "../etc/passwd")
	require.ErrorIs(t, err, ErrNotFound)
	require.Error(t, s.Put(ctx, Record{ID: "a/b"}))
	r := Record{ID: "ab", Text: "kayles 7 normal moves 4", Seats: [2]string{"x", "y"}, UndoBy: -1, Version: 3}
	require.NoError(t, s.Put(ctx, r))
	got, err := s.Get(ctx, "ab")
	require.NoError(t, err)
	assert.Equal(t, r, got)
	require.NoError(t, s.Put(ctx, Record{ID: "cd"}))
	rs, err := s.List(ctx)
	require.NoError(t, err)
	assert.Equal(t, []Record{r, {ID: "cd"}}, rs)
	require.NoError(t, s.Delete(ctx, "ab"))
	require.NoError(t, s.Delete(ctx, "ab"))
	rs, err = s.List(ctx)
	require.NoError(t, err)
	assert.Equal(t, []Record{{ID: "cd"}}, rs)
	require.NoError(t, os.WriteFile(s.Dir+"/ef.json", []byte("{"), 0o600))
	_, err = s.List(ctx)
	require.ErrorContains(t, err, "ef.json")
}

// startServer starts the test binary as a server on dir and returns its process and URL.
func startServer(t *testing.T, dir string) (*exec.Cmd, string) {
	t.Helper()
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	cmd.Env = append(os.Environ(), serverDirEnv+"="+dir)
	out, err := cmd.StdoutPipe()
	require.NoError(t, err)
	require.NoError(t, cmd.Start())
	t.Cleanup(func() { cmd.Process.Kill(); cmd.Wait() })
	line, err := bufio.NewReader(out).ReadString('\n')
	require.NoError(t, err)
	require.False(t, strings.HasPrefix(line, "error"), line)
	return cmd, "http://" + strings.TrimSpace(line)
}

// TestKillRestart: a game on a DirStore survives kill -9 of its server, for both players, from
// its last move.
func TestKillRestart(t *testing.T) {
	if testing.Short() {
		t.Skip("starts servers")
	}
	dir := t.TempDir()
	cmd, u := startServer(t, dir)
	s := &testServer{t: t, url: u, client: &http.Client{Timeout: 10 * time.Second}}
	id, tok0, tok1 := s.pair(NewTable{Game: "dawsons", Start: []int{9}})
	require.Equal(t, http.StatusOK, s.move(id, tok0, 0, "1-2"))
	require.Equal(t, http.StatusOK, s.move(id, tok1, 1, "8-9"))
	c := s.create("carol", NewTable{Start: []int{10}, Opponent: "perfect"})
	require.Equal(t, http.StatusOK, s.move(c.Table.ID, c.Token, 0, "1"))
	before, comp := s.view(id, ""), s.view(c.Table.ID, "")

	require.NoError(t, cmd.Process.Kill()) // SIGKILL
	cmd.Wait()
	_, u = startServer(t, dir)
	s.url = u
	after := s.view(id, tok1)
	assert.Equal(t, before.Text, after.Text)
	assert.Equal(t, 1, after.You)
	assert.Equal(t, 0, s.view(id, tok0).You)
	assert.Equal(t, comp.Text, s.view(c.Table.ID, "").Text)
	assert.Equal(t, http.StatusForbidden, s.move(id, tok1, 2, "4-5"))
	require.Equal(t, http.StatusOK, s.move(id, tok0, 2, "4-5"))
	require.Equal(t, http.StatusOK, s.move(c.Table.ID, c.Token, 2, s.firstStandingText(c.Table.ID)))
	assert.Equal(t, 4, s.view(c.Table.ID, "").Turn)
}

// firstStandingText returns the first standing pin of table id's row as a move's text.
func (s *testServer) firstStandingText(id string) string {
	return fmt.Sprint(firstStanding(s.view(id, "")) + 1)
}
