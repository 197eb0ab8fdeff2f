package main

import (
	"context"
	"fmt"
	"io"
	"math/rand/v2"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"os/exec"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/octalgames/kayles"
	"github.com/octalgames/kayles/table"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// client follows no redirects, so that tests see the server's 303s.
var client = &http.Client{
	CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse },
	Timeout:       20 * time.Second,
}

// post posts form to the server and returns the status, the Location and the body.
func post(t testing.TB, base, path string, form url.Values) (int, string, string) {
	t.Helper()
	resp, err := client.PostForm(base+path, form)
	require.NoError(t, err)
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	require.NoError(t, err)
	return resp.StatusCode, resp.Header.Get("Location"), string(b)
}

func get(t testing.TB, url string) (int, string, string) {
	t.Helper()
	resp, err := client.Get(url)
	require.NoError(t, err)
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	require.NoError(t, err)
	return resp.StatusCode, resp.Header.Get("Location"), string(b)
}

// seatOf returns the table's path and the seat token of a table's address.
func seatOf(t testing.TB, loc string) (path, seat string) {
	t.Helper()
	u, err := url.Parse(loc)
	require.NoError(t, err)
	require.Regexp(t, `^/t/[0-9a-f]{24}$`, u.Path)
	return u.Path, u.Query().Get("seat")
}

// create sets up a table and returns its path and the creator's seat token.
func create(t testing.TB, base string, form url.Values) (string, string) {
	t.Helper()
	status, loc, body := post(t, base, "/new", form)
	require.Equal(t, http.StatusSeeOther, status, body)
	return seatOf(t, loc)
}

var boardRE = regexp.MustCompile(`data-board="([^"]*)" data-turn="(\d+)"`)

// board returns the board and turn that the table's page shows.
func board(t testing.TB, body string) (string, int) {
	t.Helper()
	m := boardRE.FindStringSubmatch(body)
	require.NotNil(t, m, body)
	n, _ := strconv.Atoi(m[2])
	return m[1], n
}

func kaylesForm(pins, first, level string) url.Values {
	return url.Values{"code": {"0.77"}, "layout": {"rows"}, "start": {pins}, "first": {first}, "level": {level}}
}

func TestGameAgainstComputer(t *testing.T) {
	srv := httptest.NewServer(newServer())
	defer srv.Close()
	path, seat := create(t, srv.URL, kaylesForm("7", "you", "perfect"))
	_, _, body := get(t, srv.URL+path+"?seat="+seat)
	b, turn := board(t, body)
	assert.Equal(t, "|||||||", b)
	assert.Equal(t, 0, turn)
	assert.Contains(t, body, "Your move.")

	// Knock down pin 4; the perfect computer replies at once.
	status, loc, _ := post(t, srv.URL, path+"/play", url.Values{"seat": {seat}, "turn": {"0"}, "pin": {"1:4"}})
	require.Equal(t, http.StatusSeeOther, status)
	assert.Equal(t, path+"?seat="+seat, loc)
	_, _, body = get(t, srv.URL+path+"?seat="+seat)
	b, turn = board(t, body)
	assert.Equal(t, 2, turn)
	assert.GreaterOrEqual(t, strings.Count(b, "."), 2, b) // pin 4 and the computer's reply
	assert.Equal(t, byte('.'), b[3])

	// A move for a turn that is gone, a pin that is down, pins not side by side, no pin.
	status, _, body = post(t, srv.URL, path+"/play", url.Values{"seat": {seat}, "turn": {"0"}, "pin": {"1:1"}})
	assert.Equal(t, http.StatusConflict, status)
	assert.Contains(t, body, "The table has changed")
	status, _, body = post(t, srv.URL, path+"/play", url.Values{"seat": {seat}, "turn": {"2"}, "pin": {"1:4"}})
	assert.Equal(t, http.StatusUnprocessableEntity, status)
	assert.Contains(t, body, "Pin 4 is already down.")
	status, _, body = post(t, srv.URL, path+"/play", url.Values{"seat": {seat}, "turn": {"2"}, "pin": {"1:1", "1:3"}})
	assert.Equal(t, http.StatusBadRequest, status)
	assert.Contains(t, body, "side by side")
	status, _, _ = post(t, srv.URL, path+"/play", url.Values{"seat": {seat}, "turn": {"2"}})
	assert.Equal(t, http.StatusBadRequest, status)
	status, _, _ = post(t, srv.URL, path+"/play", url.Values{"seat": {seat}, "turn": {"x"}, "pin": {"1:1"}})
	assert.Equal(t, http.StatusBadRequest, status)
	_, _, body = get(t, srv.URL+path+"?seat="+seat)
	b2, turn2 := board(t, body)
	assert.Equal(t, b, b2, "a refused move changes nothing")
	assert.Equal(t, 2, turn2)

	// The middle pin of 7 leaves 3+3, lost for the computer: the hint has a winning move.
	_, _, body = get(t, srv.URL+path+"?seat="+seat+"&hint=1")
	assert.Contains(t, body, `<p id="msg">A winning move: `)

	// Undo takes back the computer's reply and the person's move.
	status, _, body = post(t, srv.URL, path+"/undo", url.Values{"seat": {seat}, "turn": {"1"}})
	assert.Equal(t, http.StatusConflict, status, body)
	status, _, _ = post(t, srv.URL, path+"/undo", url.Values{"seat": {seat}, "turn": {"2"}})
	require.Equal(t, http.StatusSeeOther, status)
	_, _, body = get(t, srv.URL+path+"?seat="+seat)
	b, turn = board(t, body)
	assert.Equal(t, "|||||||", b)
	assert.Equal(t, 0, turn)
	status, _, body = post(t, srv.URL, path+"/undo", url.Values{"seat": {seat}, "turn": {"0"}})
	assert.Equal(t, http.StatusConflict, status)
	assert.Contains(t, body, "Nothing to undo.")
	_, _, body = get(t, srv.URL+path+"?seat="+seat+"&hint=1")
	assert.Contains(t, body, "A winning move: 2-3") // the first winning move from the left end
	assert.Contains(t, body, `class="pin hint"><input type="checkbox" name="pin" value="1:3"`)
}

// TestComputerFallsBack checks that a computer whose move takes longer than the server
// allows plays a random move instead, so that the game goes on to its end.
func TestComputerFallsBack(t *testing.T) {
	s := newServer()
	s.compute = time.Nanosecond // every perfect move is out of time
	srv := httptest.NewServer(s)
	defer srv.Close()
	path, seat := create(t, srv.URL, url.Values{"code": {"0.6"}, "start": {"9 9"}, "first": {"computer"}, "level": {"perfect"}, "misere": {"on"}})
	for range 20 {
		_, _, body := get(t, srv.URL+path+"?seat="+seat)
		b, turn := board(t, body)
		if strings.Contains(body, "You win!") || strings.Contains(body, "You lose.") {
			return
		}
		require.Equal(t, 1, turn%2, "the computer has moved")
		m := regexp.MustCompile(`name="pin" value="(\d+:\d+)"`).FindAllStringSubmatch(body, -1)
		require.NotEmpty(t, m, b)
		played := false
		for _, pin := range m { // the first legal one: Officers may not take a lone pin
			status, _, _ := post(t, srv.URL, path+"/play", url.Values{"seat": {seat}, "turn": {strconv.Itoa(turn)}, "pin": {pin[1]}})
			if status == http.StatusSeeOther {
				played = true
				break
			}
			require.Equal(t, http.StatusUnprocessableEntity, status)
		}
		require.True(t, played, b)
	}
	t.Fatal("the game did not end")
}

// TestLanguages checks that a table keeps the language it was set up in, and that refused
// moves are told in it with the pin or heap at fault, from the table's sentinels.
func TestLanguages(t *testing.T) {
	srv := httptest.NewServer(newServer())
	defer srv.Close()
	for _, tt := range []struct{ lang, yourMove, pinDown, take string }{
		{"en", "Your move.", "Pin 1 is already down.", "take 1 from heap 2"},
		{"fr", "À vous de jouer.", "La quille 1 est déjà tombée.", "prendre 1 dans le tas 2"},
		{"ja", "あなたの番です。", "ピン1はもう倒れています。", "山2から1個取る"},
		{"tr", "Sıra sizde.", "1. lobut zaten devrildi.", "2. yığından 1 al"},
	} {
		form := kaylesForm("7", "friend", "perfect")
		form.Set("lang", tt.lang)
		path, seat := create(t, srv.URL, form)
		_, _, body := get(t, srv.URL+path+"?seat="+seat)
		assert.Contains(t, body, tt.yourMove)
		assert.Contains(t, body, `<html lang="`+tt.lang+`">`)
		status, _, _ := post(t, srv.URL, path+"/play", url.Values{"seat": {seat}, "turn": {"0"}, "pin": {"1:1"}})
		require.Equal(t, http.StatusSeeOther, status)
		_, loc, _ := get(t, srv.URL+path+"/join")
		_, seat1 := seatOf(t, loc)
		status, _, body = post(t, srv.URL, path+"/play", url.Values{"seat": {seat1}, "turn": {"1"}, "pin": {"1:1", "1:2"}})
		assert.Equal(t, http.StatusUnprocessableEntity, status)
		assert.Contains(t, body, tt.pinDown)

		path, seat = create(t, srv.URL, url.Values{"code": {"0.[3]"}, "layout": {"heaps"}, "start": {"1 2"}, "level": {"perfect"}, "lang": {tt.lang}})
		_, _, body = get(t, srv.URL+path+"?seat="+seat+"&hint=1")
		assert.Contains(t, body, tt.take) // 1 2: the winning move takes 1 from heap 2 in normal play
	}
}

func TestSecondSeatJoins(t *testing.T) {
	srv := httptest.NewServer(newServer())
	defer srv.Close()
	path, seat0 := create(t, srv.URL, url.Values{"code": {"0.[3]"}, "layout": {"heaps"}, "start": {"2 5 9"}, "first": {"friend"}, "level": {"perfect"}, "misere": {"on"}})
	_, _, body := get(t, srv.URL+path+"?seat="+seat0)
	assert.Contains(t, body, `href="`+path+`/join"`)
	status, loc, _ := get(t, srv.URL+path+"/join")
	require.Equal(t, http.StatusSeeOther, status)
	p1, seat1 := seatOf(t, loc)
	assert.Equal(t, path, p1)
	assert.NotEqual(t, seat0, seat1)
	status, _, body = get(t, srv.URL+path+"/join")
	assert.Equal(t, http.StatusConflict, status)
	assert.Contains(t, body, "That seat is taken.")
	_, _, body = get(t, srv.URL+path+"?seat="+seat0)
	assert.NotContains(t, body, "/join")

	// Seat 1 waits for seat 0; a spectator cannot play.
	status, _, _ = post(t, srv.URL, path+"/play", url.Values{"seat": {seat1}, "turn": {"0"}, "take": {"3:9"}})
	assert.Equal(t, http.StatusConflict, status)
	status, _, _ = post(t, srv.URL, path+"/play", url.Values{"turn": {"0"}, "take": {"3:9"}})
	assert.Equal(t, http.StatusForbidden, status)
	status, _, _ = post(t, srv.URL, path+"/play", url.Values{"seat": {seat0}, "turn": {"0"}, "take": {"3:9"}})
	require.Equal(t, http.StatusSeeOther, status)
	status, _, body = post(t, srv.URL, path+"/play", url.Values{"seat": {seat1}, "turn": {"1"}, "take": {"2:6"}})
	assert.Equal(t, http.StatusUnprocessableEntity, status)
	assert.Contains(t, body, "That heap holds only 5.")
	status, _, _ = post(t, srv.URL, path+"/play", url.Values{"seat": {seat1}, "turn": {"1"}, "take": {"2:5"}})
	require.Equal(t, http.StatusSeeOther, status)
	_, _, body = get(t, srv.URL+path+"/turn")
	assert.Equal(t, "2", body)
	_, _, body = get(t, srv.URL+path+"?seat="+seat1)
	b, _ := board(t, body)
	assert.Equal(t, "2 0 0", b)
	assert.Contains(t, body, `<code id="text">nim misere 2 5 9 seed `)
	assert.Contains(t, body, ` moves 3:9 2:5</code>`)
}

func TestBadRequests(t *testing.T) {
	srv := httptest.NewServer(newServer())
	defer srv.Close()
	for _, tt := range []struct {
		form   url.Values
		status int
		msg    string
	}{
		{url.Values{"code": {"0.9x"}, "start": {"7"}, "level": {"perfect"}}, 400, "octal code"},
		{url.Values{"code": {"0.77"}, "start": {"seven"}, "level": {"perfect"}}, 400, "Write the rows or heaps as numbers"},
		{url.Values{"code": {"0.77"}, "start": {""}, "level": {"perfect"}}, 400, "Write the rows or heaps as numbers"},
		{url.Values{"code": {"0.77"}, "start": {"5000"}, "level": {"perfect"}}, 400, "must hold 1 to 1000 pins"},
		{url.Values{"code": {"4.[3]"}, "layout": {"heaps"}, "start": {"5"}, "level": {"perfect"}}, 400, "cannot be played on heaps"},
		{url.Values{"code": {"0.77"}, "start": {"7"}, "level": {"genius"}}, 400, "unknown level"},
		{url.Values{"code": {"0.77"}, "start": {"7"}, "level": {"perfect"}, "first": {"nobody"}}, 400, "first must be"},
		{url.Values{"code": {"0.77"}, "start": {"7"}, "level": {"perfect"}, "layout": {"cube"}}, 400, "layout must be"},
		{url.Values{"code": {strings.Repeat("7", 5000)}}, 413, "too large"},
	} {
		status, _, body := post(t, srv.URL, "/new", tt.form)
		assert.Equal(t, tt.status, status, tt.form)
		assert.Contains(t, body, tt.msg)
	}
	status, _, _ := get(t, srv.URL+"/t/nosuchtable")
	assert.Equal(t, http.StatusNotFound, status)
	status, _, _ = post(t, srv.URL, "/t/nosuchtable/play", url.Values{"turn": {"0"}})
	assert.Equal(t, http.StatusNotFound, status)
	status, _, _ = get(t, srv.URL+"/values?code=0.77&n=100000")
	assert.Equal(t, http.StatusBadRequest, status)
	status, _, _ = get(t, srv.URL+"/values?code=zz")
	assert.Equal(t, http.StatusBadRequest, status)
	status, _, _ = get(t, srv.URL+"/nowhere")
	assert.Equal(t, http.StatusNotFound, status)
	resp, err := client.Get(srv.URL + "/new")
	require.NoError(t, err)
	resp.Body.Close()
	assert.Equal(t, http.StatusMethodNotAllowed, resp.StatusCode)
}

func TestValuesPage(t *testing.T) {
	srv := httptest.NewServer(newServer())
	defer srv.Close()
	status, _, body := get(t, srv.URL+"/values?code=0.77")
	require.Equal(t, http.StatusOK, status)
	assert.Contains(t, body, `<p id="period">preperiod 71, period 12</p>`)
	assert.Equal(t, 200, strings.Count(body, "<circle"))
	assert.Contains(t, body, "<title>G(70) = 6</title>") // the last exceptional value (Guy & Smith 1956)
	assert.Contains(t, body, `class="period">preperiod 71, period 12</text>`)
	assert.Contains(t, body, `class="preperiod"`)
	assert.Contains(t, body, "<th>+11</th>")
	assert.NotContains(t, body, "<th>+12</th>")
	// The rare heaps marked are those of the rare/common split that the library reports.
	rep, err := kayles.MustParseOctal("0.77").Run(context.Background(), kayles.RunOptions{Limit: 512})
	require.NoError(t, err)
	require.NotZero(t, rep.RareCount)
	require.Less(t, rep.LastRare, 200)
	assert.Equal(t, rep.RareCount, strings.Count(body, `class="rare"`))
	status, _, body = get(t, srv.URL+"/values?code=0.07&n=300")
	require.Equal(t, http.StatusOK, status)
	assert.Contains(t, body, "period 34") // Dawson's Kayles (Guy & Smith 1956)
}

// TestLoad plays many tables at once over loopback, and lets many clients race for each turn
// of one table: every game ends, no move is lost and none is applied twice. It is bounded in
// count (40 tables, 16 racers) and time (the client's timeout, and the test's deadline).
func TestLoad(t *testing.T) {
	srv := httptest.NewServer(newServer())
	defer srv.Close()
	deadline := time.Now().Add(60 * time.Second)
	var wg sync.WaitGroup
	for g := range 40 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			rng := rand.New(rand.NewPCG(uint64(g), 1))
			level := []string{"perfect", "random", "hard", "symmetry"}[g%4]
			path, seat := create(t, srv.URL, kaylesForm(strconv.Itoa(7+g%7)+" 5", []string{"you", "computer"}[g%2], level))
			for moves := 0; time.Now().Before(deadline); moves++ {
				_, _, body := get(t, srv.URL+path+"?seat="+seat)
				b, turn := board(t, body)
				if !strings.Contains(b, "|") {
					return
				}
				// Knock down a random standing pin of a random row.
				rows := strings.Split(b, " ")
				var pins []string
				for r, row := range rows {
					for i, c := range row {
						if c == '|' {
							pins = append(pins, fmt.Sprintf("%d:%d", r+1, i+1))
						}
					}
				}
				status, _, body := post(t, srv.URL, path+"/play", url.Values{"seat": {seat}, "turn": {strconv.Itoa(turn)}, "pin": {pins[rng.IntN(len(pins))]}})
				if !assert.Equal(t, http.StatusSeeOther, status, body) {
					return
				}
			}
			t.Error("a game did not end in time")
		}()
	}

	// Racing: two friends' tables, 16 clients post the same seat's move for each turn.
	path, seat0 := create(t, srv.URL, kaylesForm("13", "friend", "perfect"))
	_, loc, _ := get(t, srv.URL+path+"/join")
	_, seat1 := seatOf(t, loc)
	seats := []string{seat0, seat1}
	landed := 0
	for turn := 0; time.Now().Before(deadline); turn++ {
		_, _, body := get(t, srv.URL+path+"?seat="+seat0)
		b, now := board(t, body)
		require.Equal(t, turn, now)
		if !strings.Contains(b, "|") {
			break
		}
		pin := strings.Index(b, "|") + 1
		var ok, conflict atomic.Int64
		var rw sync.WaitGroup
		for range 16 {
			rw.Add(1)
			go func() {
				defer rw.Done()
				status, _, _ := post(t, srv.URL, path+"/play", url.Values{"seat": {seats[turn%2]}, "turn": {strconv.Itoa(turn)}, "pin": {fmt.Sprintf("1:%d", pin)}})
				switch status {
				case http.StatusSeeOther:
					ok.Add(1)
				case http.StatusConflict:
					conflict.Add(1)
				}
			}()
		}
		rw.Wait()
		require.Equal(t, int64(1), ok.Load(), "turn %d", turn)
		require.Equal(t, int64(15), conflict.Load())
		landed++
	}
	wg.Wait()
	assert.Equal(t, 13, landed)
	_, _, body := get(t, srv.URL+path+"?seat="+seat0)
	assert.Contains(t, body, " moves 1 2 3 4 5 6 7 8 9 10 11 12 13</code>")
}

// browser returns the path of a Chromium or Chrome, or skips the test when there is none.
func browser(t *testing.T) string {
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome", "chrome"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	if os.Getenv("KAYLES_BROWSER_TEST") == "require" {
		t.Fatal("no Chromium on this machine, and KAYLES_BROWSER_TEST=require")
	}
	t.Skip("no Chromium on this machine: install it (apt-get install chromium) to run the browser test")
	return ""
}

// view is what the browser shows of a page.
type view struct {
	Board, Turn, Status, Msg, Ready string
}

const viewJS = `(() => {
	const b = document.querySelector("#board"), s = document.querySelector("#status"), m = document.querySelector("#msg");
	return {Board: b ? b.dataset.board : "", Turn: b ? b.dataset.turn : "", Status: s ? s.textContent : "",
		Msg: m ? m.textContent : "", Ready: document.readyState};
})()`

// waitView returns the page's view once it is loaded and ok says it is the one awaited; it
// fails the test after 15 seconds. Reads during a navigation fail and are tried again.
func waitView(t *testing.T, ctx context.Context, ok func(view) bool) view {
	t.Helper()
	var last view
	for end := time.Now().Add(15 * time.Second); time.Now().Before(end); time.Sleep(20 * time.Millisecond) {
		v, err := chromedp.Run(ctx, chromedp.Evaluate[view](viewJS))
		if err == nil && v.Ready == "complete" {
			last = v
			if ok(v) {
				return v
			}
		}
	}
	t.Fatalf("the page did not show what was awaited; last seen: %+v", last)
	return last
}

// pin is the selector of the visible pin of row 1 that a click knocks.
func pin(n int) chromedp.CSS { return chromedp.CSS(fmt.Sprintf("label:has(#p1-%d) span", n)) }

// TestBrowserGame plays a whole game in headless Chromium: a 7-pin table against the perfect
// computer, pins knocked by clicking, the board and the messages checked, a hint, the loss,
// an undo, and the plot page of 0.77 with its period 12.
func TestBrowserGame(t *testing.T) {
	exe := browser(t)
	srv := httptest.NewServer(newServer())
	defer srv.Close()
	opts := append(chromedp.DefaultExecAllocatorOptions[:], chromedp.ExecPath(exe), chromedp.NoSandbox,
		chromedp.DisableGPU, chromedp.Flag("disable-quic", true), chromedp.UserDataDir(t.TempDir()))
	actx, cancel := chromedp.NewExecAllocator(context.Background(), opts...)
	defer cancel()
	ctx, cancel := chromedp.NewContext(actx)
	defer cancel()
	ctx, cancel = context.WithTimeout(ctx, 90*time.Second)
	defer cancel()

	require.NoError(t, chromedp.Do(ctx,
		chromedp.Navigate(srv.URL+"/"),
		chromedp.SetValue(chromedp.ID("start"), "7"),
		chromedp.SetValue(chromedp.ID("level"), "perfect"),
		chromedp.SetValue(chromedp.ID("first"), "you"),
		chromedp.Click(chromedp.ID("create")),
	))
	v := waitView(t, ctx, func(v view) bool { return v.Board != "" })
	assert.Equal(t, "|||||||", v.Board)
	assert.Equal(t, "Your move.", v.Status)

	// Two pins that are not side by side: the server refuses with a message.
	require.NoError(t, chromedp.Do(ctx, chromedp.Click(pin(1)), chromedp.Click(pin(3)), chromedp.Click(chromedp.ID("knock"))))
	v = waitView(t, ctx, func(v view) bool { return v.Msg != "" })
	assert.Equal(t, "Choose one or more pins side by side in one row.", v.Msg)
	assert.Equal(t, "|||||||", v.Board)
	assert.Equal(t, "0", v.Turn)

	// Knock down pins 1 and 2; the perfect computer replies with a winning move.
	require.NoError(t, chromedp.Do(ctx, chromedp.Click(pin(1)), chromedp.Click(pin(2)), chromedp.Click(chromedp.ID("knock"))))
	v = waitView(t, ctx, func(v view) bool { return v.Turn == "2" })
	assert.Equal(t, "..", v.Board[:2])
	assert.GreaterOrEqual(t, strings.Count(v.Board, "."), 3)
	assert.Equal(t, "Your move.", v.Status)
	assert.Empty(t, v.Msg)
	afterFirst := v.Board

	// The hint says no move wins now.
	require.NoError(t, chromedp.Do(ctx, chromedp.Click(chromedp.ID("hint"))))
	v = waitView(t, ctx, func(v view) bool { return v.Msg != "" })
	assert.Contains(t, v.Msg, "No move wins; the best try:")

	// Knock the first standing pin until the game is over: the perfect computer wins.
	for strings.Contains(v.Board, "|") {
		turn := v.Turn
		require.NoError(t, chromedp.Do(ctx, chromedp.Click(pin(strings.Index(v.Board, "|")+1)), chromedp.Click(chromedp.ID("knock"))))
		v = waitView(t, ctx, func(v view) bool { return v.Turn != turn })
	}
	assert.Equal(t, ".......", v.Board)
	assert.Equal(t, "You lose.", v.Status)

	// Undo, one exchange at a time, back to the position after the first exchange.
	for v.Board != afterFirst {
		turn := v.Turn
		require.NotEqual(t, "2", turn, "undo went past the first exchange")
		require.NoError(t, chromedp.Do(ctx, chromedp.Click(chromedp.ID("undo"))))
		v = waitView(t, ctx, func(v view) bool { return v.Turn != turn })
	}
	assert.Equal(t, "2", v.Turn)
	assert.Equal(t, "Your move.", v.Status)

	require.NoError(t, chromedp.Do(ctx, chromedp.Navigate(srv.URL+"/values?code=0.77")))
	period, err := chromedp.Run(ctx, chromedp.Text(chromedp.ID("period")))
	require.NoError(t, err)
	assert.Equal(t, "preperiod 71, period 12", period)
	circles, err := chromedp.Run(ctx, chromedp.Evaluate[int](`document.querySelectorAll("#plot circle").length`))
	require.NoError(t, err)
	assert.Equal(t, 200, circles)
}

// TestTablesBounded checks that the server keeps at most maxTables tables, dropping the least
// recently used.
func TestTablesBounded(t *testing.T) {
	srv := httptest.NewServer(newServer())
	defer srv.Close()
	first, seat := create(t, srv.URL, kaylesForm("7", "you", "random"))
	second, _ := create(t, srv.URL, kaylesForm("7", "you", "random"))
	time.Sleep(5 * time.Millisecond) // no later table is used at the same instant as the second
	for range maxTables - 2 {
		create(t, srv.URL, kaylesForm("7", "you", "random"))
	}
	status, _, _ := get(t, srv.URL+first+"?seat="+seat) // the first is used again: the second is oldest
	require.Equal(t, http.StatusOK, status)
	create(t, srv.URL, kaylesForm("7", "you", "random"))
	status, _, _ = get(t, srv.URL+first+"?seat="+seat)
	assert.Equal(t, http.StatusOK, status)
	status, _, _ = get(t, srv.URL+second)
	assert.Equal(t, http.StatusNotFound, status)
}

// TestRulesMessages: a move the rules forbid is refused in the player's language with what
// the rules forbid (table.PlayError.Leaves), not a generic message.
func TestRulesMessages(t *testing.T) {
	dawson, err := table.New(table.Setup{Rules: kayles.DawsonsKayles, Start: []int{7}})
	require.NoError(t, err)
	officers, err := table.New(table.Setup{Rules: kayles.Officers, Start: []int{2}})
	require.NoError(t, err)
	cases := []struct {
		tb         *table.Table
		move       table.Move
		lang, want string
	}{
		{dawson, table.Move{Row: 1, Pin: 4, Count: 1}, "en", "In this game you cannot knock down 1 inside a row."},
		{dawson, table.Move{Row: 1, Pin: 1, Count: 1}, "fr", "Dans ce jeu, on ne peut pas abattre 1 au bout d'une rangée."},
		{officers, table.Move{Row: 1, Pin: 1, Count: 2}, "ja", "このゲームでは2本だけの列を丸ごと倒すことはできません。"},
	}
	for _, c := range cases {
		err := c.tb.Play(0, c.move)
		require.ErrorIs(t, err, table.ErrRules, "%+v", c.move)
		assert.Equal(t, c.want, languages[c.lang].playError(err), "%+v", c.move)
	}
	for code, tx := range languages {
		for k, f := range tx.RulesPins {
			assert.Contains(t, f, "%d", "%s RulesPins[%d]", code, k)
		}
		assert.Contains(t, tx.RulesHeap, "%d", code)
	}
}

// TestUsage checks -h (what the program serves, its flag and exit statuses) and the refusal of
// bad flags and arguments.
func TestUsage(t *testing.T) {
	var out strings.Builder
	_, status, ok := parseFlags([]string{"-h"}, &out)
	assert.False(t, ok)
	assert.Equal(t, 0, status)
	for _, s := range []string{"web serves Kayles", "/values?code=0.77", "Usage: go run ./examples/web [-addr HOST:PORT]", "Exit status:", "2 for bad flags", "-addr", "127.0.0.1:8080"} {
		assert.Contains(t, out.String(), s)
	}
	for _, args := range [][]string{{"-bogus"}, {"8080"}, {"-addr", ":1", "extra"}} {
		out.Reset()
		_, status, ok := parseFlags(args, &out)
		assert.False(t, ok, "%q", args)
		assert.Equal(t, 2, status, "%q", args)
		assert.Contains(t, out.String(), "Usage: go run ./examples/web", "%q", args)
	}
	addr, _, ok := parseFlags([]string{"-addr", "127.0.0.1:0"}, &out)
	assert.True(t, ok)
	assert.Equal(t, "127.0.0.1:0", addr)
	addr, _, ok = parseFlags(nil, &out)
	assert.True(t, ok)
	assert.Equal(t, "127.0.0.1:8080", addr)
}
