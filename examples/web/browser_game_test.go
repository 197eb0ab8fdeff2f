package main

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// This file holds the browser tests: each plays on the command, at every device's size.

// forDevices runs test at each device's size, each with a server of its own.
func forDevices(t *testing.T, test func(t *testing.T, d device, s *server)) {
	browserPath(t)
	for _, d := range devices {
		t.Run(d.name, func(t *testing.T) {
			test(t, d, startServer(t, freeAddr(t), filepath.Join(t.TempDir(), "kayles.db")))
		})
	}
}

// TestBrowserComputer plays a whole game of 7 pins against the random computer, always
// knocking the first standing pin, until one side wins.
func TestBrowserComputer(t *testing.T) {
	forDevices(t, func(t *testing.T, d device, srv *server) {
		p := startBrowser(t, d)
		st := p.createTable(srv.base, "kayles:7", "random")
		assert.Contains(t, st.Name, "Kayles")
		assert.Equal(t, "|||||||", st.Row)
		p.shot("start")
		for moves := 0; ; moves++ {
			require.Less(t, moves, 8, "the game does not end")
			st = p.wait("the player's turn or the end", func(s state) bool { return s.CanMove || !strings.Contains(s.Row, "|") })
			if !strings.Contains(st.Row, "|") {
				break
			}
			if moves == 1 {
				p.shot("middle")
			}
			p.knock(strings.Index(st.Row, "|") + 1)
		}
		st = p.wait("the result", func(s state) bool { return strings.Contains(s.Status, "win") })
		assert.Contains(t, []string{"You win! Well played.", "The computer wins."}, st.Status)
		p.shot("end")
	})
}

// twoPlayers creates a Kayles table of 10 pins in a's browser and seats b by the invitation.
func twoPlayers(t *testing.T, d device, srv *server) (a, b *player) {
	a = startBrowser(t, d)
	a.createTable(srv.base, "kayles:10", "human")
	a.shot("waiting")
	link := a.invite()
	b = a.another("b")
	a.mark()
	b.join(link)
	st := a.wait("the second player seated, live", func(s state) bool { return s.Status == "Your turn" })
	assert.True(t, st.Marker, "a learned of the join without reloading")
	return a, b
}

// TestBrowserTwoPlayers seats two players in two browser contexts, and each sees the other's
// moves at once, without reloading.
func TestBrowserTwoPlayers(t *testing.T) {
	forDevices(t, func(t *testing.T, d device, srv *server) {
		a, b := twoPlayers(t, d, srv)
		b.mark()
		a.knock(1, 2)
		st := b.wait("a's move, live", func(s state) bool { return s.Row == "..||||||||" && s.CanMove })
		assert.True(t, st.Marker, "b learned of the move without reloading")
		assert.Equal(t, "Your turn", st.Status)
		b.shot("after-a")
		a.mark()
		b.knock(10)
		st = a.wait("b's move, live", func(s state) bool { return s.Row == "..|||||||." && s.CanMove })
		assert.True(t, st.Marker, "a learned of the move without reloading")
		a.shot("after-b")
	})
}

// TestBrowserUndo checks the undo rules between two people: a player takes back their own
// move at once before the other replies; after the reply, only when the other accepts.
func TestBrowserUndo(t *testing.T) {
	forDevices(t, func(t *testing.T, d device, srv *server) {
		a, b := twoPlayers(t, d, srv)
		a.knock(1)
		st := a.wait("the undo button", func(s state) bool { return s.Undo })
		a.press("form[action*='/undo'] button")
		a.wait("the move taken back", func(s state) bool { return s.Turn == 0 && s.CanMove })
		b.wait("the move taken back, live", func(s state) bool { return s.Turn == 0 && s.Row == "||||||||||" })

		a.knock(2)
		b.knock(9)
		a.wait("b's reply", func(s state) bool { return s.Turn == 2 && s.Undo })
		a.press("form[action*='/undo'] button")
		st = a.wait("the request waiting", func(s state) bool { return !s.Undo && s.Turn == 2 })
		assert.Equal(t, "|.||||||.|", st.Row, "nothing taken back before b accepts")
		a.shot("asked")
		st = b.wait("the request, live", func(s state) bool { return s.Ask })
		b.shot("asked")
		b.press(".ask button.primary")
		st = b.wait("the moves taken back", func(s state) bool { return s.Turn == 0 })
		assert.Equal(t, "||||||||||", st.Row)
		st = a.wait("a's turn again, live", func(s state) bool { return s.Turn == 0 && s.CanMove })
		a.shot("accepted")
	})
}

// TestBrowserSpectator opens a table of two people in a third browser context: the spectator
// sees the moves live, has nothing to press, and a move posted anyway gets 403.
func TestBrowserSpectator(t *testing.T) {
	forDevices(t, func(t *testing.T, d device, srv *server) {
		a, _ := twoPlayers(t, d, srv)
		id := eval[string](a, `location.pathname.split("/")[2]`)
		c := a.another("spectator")
		c.do(chromedp.Navigate(srv.base + "/t/" + id + "?lang=en"))
		st := c.wait("the table", func(s state) bool { return s.Turn == 0 })
		assert.False(t, st.CanMove)
		assert.False(t, st.Undo)
		assert.Equal(t, "You are watching: player 1 to move.", st.Status)
		c.mark()
		a.knock(5)
		st = c.wait("the move, live", func(s state) bool { return s.Row == "||||.|||||" })
		assert.True(t, st.Marker)
		assert.False(t, st.CanMove)
		c.shot("watching")
		status := eval[int](c, `fetch(location.pathname + "/play", {method: "POST", body: new URLSearchParams({turn: "1", pin: "1:1"})}).then(r => r.status)`)
		assert.Equal(t, 403, status)
		c.do(chromedp.Navigate(srv.base + "/t/" + id + "?lang=en"))
		st = c.wait("the table", func(s state) bool { return s.Turn == 1 })
		assert.Equal(t, "||||.|||||", st.Row, "the spectator's post changed nothing")
	})
}

// TestBrowserRestart kills the server with SIGKILL in the middle of a game of two people and
// starts it again on the same database and address: the pages reconnect, the players move
// with their seats, and each sees the other's move live.
func TestBrowserRestart(t *testing.T) {
	forDevices(t, func(t *testing.T, d device, srv *server) {
		a, b := twoPlayers(t, d, srv)
		a.knock(1)
		b.knock(3, 4)
		a.wait("b's move", func(s state) bool { return s.Turn == 2 && s.CanMove })
		srv.kill(t)
		addr := strings.TrimPrefix(srv.base, "http://")
		require.Equal(t, srv.base, startServer(t, addr, srv.db).base, "the same address")
		b.mark()
		st := a.knock(10)
		assert.Equal(t, ".|..|||||.", st.Row)
		st = b.wait("a's move after the restart, live", func(s state) bool { return s.Turn == 3 && s.CanMove })
		assert.True(t, st.Marker, "b's page reconnected to the events and learned of the move")
		assert.Equal(t, ".|..|||||.", st.Row)
		b.shot("after-restart")
		b.knock(6)
		a.wait("b's move", func(s state) bool { return s.Turn == 4 && s.Row == ".|..|.|||." })
		a.shot("after-restart")
	})
}

// TestBrowserLanguages sets up a table of Nim and one of Dawson's Kayles in every language
// of the page, at a phone's size: nothing scrolls sideways, and the name and rules show.
func TestBrowserLanguages(t *testing.T) {
	browserPath(t)
	srv := startServer(t, freeAddr(t), filepath.Join(t.TempDir(), "kayles.db"))
	p := startBrowser(t, devices[1])
	for _, lang := range []string{"en", "fr", "ja", "tr"} {
		for _, preset := range []string{"nim:1 3 5 7", "dawsons:10"} {
			p.name = lang + "-" + strings.Fields(strings.ReplaceAll(preset, ":", " "))[0]
			p.createTableIn(lang, srv.base, preset, "perfect")
			assert.Equal(t, lang, eval[string](p, "document.documentElement.lang"))
			p.shot("table")
		}
	}
}
