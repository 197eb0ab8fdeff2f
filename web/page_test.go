package web

import (
	"io"
	"log/slog"
	"net/http"
	"net/http/cookiejar"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"

	"github.com/octalgames/kayles/table"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// browser is a client with its own cookies, of a handler mounted under /kayles/.
type browser struct {
	t      *testing.T
	c      *http.Client
	url    string // the server's URL with the prefix
	status int
	body   string
	header http.Header
}

// newMounted serves a Handler under /kayles/ and returns it with its URL.
func newMounted(t *testing.T, c Config) (*Handler, string) {
	t.Helper()
	c.Logger = slog.New(slog.NewTextHandler(io.Discard, nil))
	c.Rate, c.Burst = 1e6, 1e6
	h, err := New(c)
	require.NoError(t, err)
	mux := http.NewServeMux()
	mux.Handle("/kayles/", http.StripPrefix("/kayles", h))
	ts := httptest.NewServer(mux)
	t.Cleanup(func() { ts.Close(); h.Close() })
	return h, ts.URL + "/kayles"
}

func newBrowser(t *testing.T, u string) *browser {
	jar, err := cookiejar.New(nil)
	require.NoError(t, err)
	return &browser{t: t, url: u, c: &http.Client{Jar: jar, CheckRedirect: func(*http.Request, []*http.Request) error {
		return http.ErrUseLastResponse
	}}}
}

// get and post fetch path and keep the status, the headers and the body.
func (b *browser) get(path string) *browser {
	b.t.Helper()
	resp, err := b.c.Get(b.url + path)
	require.NoError(b.t, err)
	return b.keep(resp)
}

func (b *browser) post(path string, form url.Values) *browser {
	b.t.Helper()
	resp, err := b.c.PostForm(b.url+path, form)
	require.NoError(b.t, err)
	return b.keep(resp)
}

func (b *browser) keep(resp *http.Response) *browser {
	defer resp.Body.Close()
	data, err := io.ReadAll(resp.Body)
	require.NoError(b.t, err)
	b.status, b.body, b.header = resp.StatusCode, string(data), resp.Header
	return b
}

// newTable creates a table with the lobby's form and returns its id.
func (b *browser) newTable(form url.Values) string {
	b.t.Helper()
	b.post("/new", form)
	return b.created()
}

// newTableFrom posts the form at path that creates a table, and returns its id.
func (b *browser) newTableFrom(path string) string {
	b.t.Helper()
	b.post(path, nil)
	return b.created()
}

// created returns the id of the table the last answer sent the browser to.
func (b *browser) created() string {
	b.t.Helper()
	require.Equal(b.t, http.StatusSeeOther, b.status, b.body)
	loc := b.header.Get("Location")
	require.True(b.t, strings.HasPrefix(loc, "/kayles/t/"), loc)
	id, _, _ := strings.Cut(strings.TrimPrefix(loc, "/kayles/t/"), "?")
	return id
}

func TestLobbyPage(t *testing.T) {
	_, u := newMounted(t, Config{})
	b := newBrowser(t, u).get("/")
	require.Equal(t, http.StatusOK, b.status)
	assert.Contains(t, b.body, `<meta name="viewport" content="width=device-width, initial-scale=1">`)
	assert.Contains(t, b.body, `action="/kayles/new?lang=en"`)
	assert.Contains(t, b.body, `href="/kayles/static/style.css"`)
	assert.Contains(t, b.body, "Kayles · 13")
	assert.Equal(t, http.StatusOK, b.get("/static/style.css").status)
	assert.Equal(t, http.StatusNotFound, b.get("/static/page.html").status)
	assert.Contains(t, b.get("/?lang=fr").body, "Nouvelle partie")
}

// TestPageGame plays a game of two people through the forms: the invitation's GET takes no
// seat, its POST does, a move from the wrong seat or a spectator gets 403.
func TestPageGame(t *testing.T) {
	_, u := newMounted(t, Config{})
	alice, bob, eve := newBrowser(t, u), newBrowser(t, u), newBrowser(t, u)
	id := alice.newTable(url.Values{"preset": {"kayles:7"}, "opponent": {"human"}})
	c := alice.header.Get("Set-Cookie")
	assert.Contains(t, c, "Path=/kayles/t/"+id)
	assert.Contains(t, c, "HttpOnly")
	assert.Contains(t, c, "SameSite=Lax")

	alice.get("/t/" + id)
	require.Equal(t, http.StatusOK, alice.status)
	assert.Contains(t, alice.body, "Your turn")
	assert.Contains(t, alice.body, "Whoever knocks down the last pin wins.")
	assert.Contains(t, alice.body, `name="pin" value="1:4" aria-label="pin 4"`)
	i := strings.Index(alice.body, "?invite=")
	require.Positive(t, i, "the share link")
	invite := alice.body[i+8 : i+8+22]

	// A link preview fetches the invitation: it shows the join form and takes no seat.
	bob.get("/t/" + id + "?invite=" + invite)
	require.Equal(t, http.StatusOK, bob.status)
	assert.Contains(t, bob.body, "Take the seat")
	assert.Contains(t, bob.body, `role="status" aria-live="polite">You are invited to this game.`)
	assert.NotContains(t, bob.body, "Send them this link")
	assert.NotContains(t, bob.body, `name="pin"`)
	eve.get("/t/" + id + "?invite=" + invite)
	assert.Contains(t, eve.body, "Take the seat")

	bob.post("/t/"+id+"/join", url.Values{"invite": {invite}})
	require.Equal(t, http.StatusSeeOther, bob.status)
	eve.post("/t/"+id+"/join", url.Values{"invite": {invite}})
	assert.Equal(t, http.StatusConflict, eve.status)

	bob.post("/t/"+id+"/play", url.Values{"turn": {"0"}, "pin": {"1:4"}})
	assert.Equal(t, http.StatusForbidden, bob.status, "not bob's turn")
	eve.post("/t/"+id+"/play", url.Values{"turn": {"0"}, "pin": {"1:4"}})
	assert.Equal(t, http.StatusForbidden, eve.status, "a spectator")
	alice.post("/t/"+id+"/play", url.Values{"turn": {"0"}, "pin": {"1:3", "1:5"}})
	assert.Equal(t, http.StatusBadRequest, alice.status)
	assert.Contains(t, alice.body, "choose pins side by side")
	alice.post("/t/"+id+"/play", url.Values{"turn": {"0"}, "pin": {"1:5", "1:4"}})
	require.Equal(t, http.StatusSeeOther, alice.status, alice.body)

	bob.get("/t/" + id)
	assert.Contains(t, bob.body, "Your turn")
	assert.Contains(t, bob.body, `class="pin down" role="img" aria-label="pin 4, knocked down"`)
	assert.Contains(t, bob.body, "<b>Opponent</b> pins 4 and 5")
	eve.get("/t/" + id)
	assert.Contains(t, eve.body, "You are watching: player 2 to move.")
	assert.NotContains(t, eve.body, `name="pin"`)

	bob.post("/t/"+id+"/hint", nil)
	require.Equal(t, http.StatusOK, bob.status)
	assert.Contains(t, bob.body, `<p class="hint" role="note">Hint: knock down`)

	// Undo: alice's move is answered, so she asks and bob accepts.
	bob.post("/t/"+id+"/play", url.Values{"turn": {"1"}, "pin": {"1:1"}})
	require.Equal(t, http.StatusSeeOther, bob.status)
	alice.post("/t/"+id+"/undo", url.Values{"turn": {"2"}})
	require.Equal(t, http.StatusSeeOther, alice.status)
	assert.Contains(t, alice.get("/t/"+id).body, "You asked to take back your move")
	assert.Contains(t, bob.get("/t/"+id).body, "Your opponent asks to take back their last move.")
	bob.post("/t/"+id+"/accept", url.Values{"turn": {"2"}})
	require.Equal(t, http.StatusSeeOther, bob.status)
	assert.Contains(t, alice.get("/t/"+id).body, "Your turn")
}

func TestPageHeaps(t *testing.T) {
	_, u := newMounted(t, Config{})
	b := newBrowser(t, u)
	id := b.newTable(url.Values{"preset": {"nim:1 3 5 7"}, "misere": {"1"}, "opponent": {"perfect"}})
	b.get("/t/" + id + "?lang=fr")
	assert.Contains(t, b.body, "Celui qui prend le dernier objet perd.")
	b.get("/t/" + id)
	assert.Contains(t, b.body, `<legend>Heap 4 <span class="count">7 left</span></legend>`)
	assert.Contains(t, b.body, `name="take" value="4:7" class="counter" aria-label="take 7 from heap 4"`)
	b.post("/t/"+id+"/play", url.Values{"turn": {"0"}, "take": {"4:7"}})
	require.Equal(t, http.StatusSeeOther, b.status, b.body)
	b.get("/t/" + id)
	assert.Contains(t, b.body, "<b>You</b> take 7 from heap 4")
	assert.Contains(t, b.body, "<b>Computer</b>")

	id = b.newTable(url.Values{"preset": {"nim"}, "start": {"40"}})
	b.get("/t/" + id)
	assert.Contains(t, b.body, `name="count-1"`, "a heap too large to draw takes a number")
	b.post("/t/"+id+"/play", url.Values{"turn": {"0"}, "heap": {"1"}, "count-1": {"39"}})
	require.Equal(t, http.StatusSeeOther, b.status, b.body)
	assert.Contains(t, b.get("/t/"+id).body, "1 left")
}

func TestPageErrors(t *testing.T) {
	_, u := newMounted(t, Config{MaxBody: 64})
	b := newBrowser(t, u)
	assert.Equal(t, http.StatusNotFound, b.get("/t/nope").status)
	assert.Contains(t, b.body, "no such table")
	b.post("/new", url.Values{"game": {"0.9z"}})
	assert.Equal(t, http.StatusBadRequest, b.status)
	assert.Contains(t, b.body, `unknown game &#34;0.9z&#34;`)
	assert.NotContains(t, b.body, "kayles: ")
	b.post("/new", url.Values{"preset": {strings.Repeat("x", 100)}})
	assert.Equal(t, http.StatusRequestEntityTooLarge, b.status)
}

// TestPageLongGame: a form's turn past 9999 is read, as a game of many heaps reaches it.
func TestPageLongGame(t *testing.T) {
	h, u := newMounted(t, Config{})
	b := newBrowser(t, u)
	id := b.newTable(url.Values{"preset": {"nim"}, "start": {"1000 1000 1000 1000 1000 1000 1000 1000 1000 1000 1000"}, "opponent": {"random"}})
	g, err := h.game(id)
	require.NoError(t, err)
	g.mu.Lock()
	for turn := 0; turn < 10000; turn++ {
		require.NoError(t, g.t.Play(turn, table.Move{Row: turn/1000 + 1, Count: 1}))
	}
	g.mu.Unlock()
	b.post("/t/"+id+"/play", url.Values{"turn": {"10000"}, "take": {"11:1"}})
	assert.Equal(t, http.StatusSeeOther, b.status, b.body)
}

// TestPagePlayAgain: a finished game offers a new one like it, against the same computer.
func TestPagePlayAgain(t *testing.T) {
	_, u := newMounted(t, Config{})
	b := newBrowser(t, u)
	id := b.newTable(url.Values{"preset": {"dawsons"}, "start": {"3"}, "misere": {"1"}, "opponent": {"hard"}})
	assert.NotContains(t, b.get("/t/"+id).body, "Play again")
	b.post("/t/"+id+"/play", url.Values{"turn": {"0"}, "pin": {"1:1", "1:2"}})
	require.Equal(t, http.StatusSeeOther, b.status, b.body)
	b.get("/t/" + id)
	require.Contains(t, b.body, "Play again")
	assert.Contains(t, b.body, "The computer wins.") // misère: the last move loses
	assert.Equal(t, http.StatusForbidden, newBrowser(t, u).post("/t/"+id+"/again", nil).status, "a spectator")
	next := b.newTableFrom("/t/" + id + "/again")
	assert.NotEqual(t, id, next)
	b.get("/t/" + next)
	assert.Contains(t, b.body, "Dawson&#39;s Kayles")
	assert.Contains(t, b.body, `value="1:3"`)
	assert.Contains(t, b.body, "Your turn")
}

// TestPageRulesOnce checks that the rules card does not say "Rules" twice, in any language:
// its heading says it, and the text of the rules of Kayles starts with what they are.
func TestPageRulesOnce(t *testing.T) {
	_, u := newMounted(t, Config{})
	alice := newBrowser(t, u)
	id := alice.newTable(url.Values{"preset": {"kayles:7"}, "opponent": {"human"}})
	for lang, start := range map[string]string{"en": "The pins stand in one row", "fr": "Les quilles sont alignées",
		"ja": "ピンが一列に並んでいて", "tr": "Lobutlar tek sıra"} {
		alice.get("/t/" + id + "?lang=" + lang)
		require.Equal(t, http.StatusOK, alice.status)
		assert.Contains(t, alice.body, "</summary><p>"+start, lang)
	}
}
