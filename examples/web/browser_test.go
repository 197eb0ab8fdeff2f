package main

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// This file tests the game as people play it, in headless Chromium at a desktop's size and at
// a phone's (with touch), against the command itself; every test saves screenshots in the
// directory $KAYLES_SCREENSHOTS, or in a temporary one, for a person to look at.

// A device is a browser's window: its size in CSS pixels, and whether it is a phone's, with
// touch.
type device struct {
	name  string
	w, h  int64
	phone bool
}

var devices = []device{{"desktop", 1280, 900, false}, {"phone", 390, 844, true}}

// browserPath returns the path of a Chromium or Chrome, or skips the test when there is none
// (unless KAYLES_BROWSER_TEST=require).
func browserPath(t *testing.T) string {
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome", "chrome"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	if os.Getenv("KAYLES_BROWSER_TEST") == "require" {
		t.Fatal("no Chromium on this machine, and KAYLES_BROWSER_TEST=require")
	}
	t.Skip("no Chromium on this machine: install it (apt-get install chromium) to run the browser tests")
	return ""
}

// A player is one browser context (its own cookies) in a tab of the device's size.
type player struct {
	t    *testing.T
	ctx  context.Context
	d    device
	name string // for the screenshots' names
}

// startBrowser starts Chromium for the test, closed at its end, and returns its first player.
func startBrowser(t *testing.T, d device) *player {
	opts := append(chromedp.DefaultExecAllocatorOptions[:], chromedp.ExecPath(browserPath(t)), chromedp.NoSandbox,
		chromedp.DisableGPU, chromedp.Flag("disable-quic", true), chromedp.UserDataDir(t.TempDir()))
	actx, cancel := chromedp.NewExecAllocator(context.Background(), opts...)
	t.Cleanup(cancel)
	ctx, cancel := chromedp.NewContext(actx)
	t.Cleanup(cancel)
	ctx, cancel = context.WithTimeout(ctx, 3*time.Minute)
	t.Cleanup(cancel)
	return newPlayer(t, ctx, d, "a")
}

// another returns a player in a browser context of its own, sharing p's browser.
func (p *player) another(name string) *player {
	ctx, cancel := chromedp.NewContext(p.ctx, chromedp.WithNewBrowserContext())
	p.t.Cleanup(cancel)
	return newPlayer(p.t, ctx, p.d, name)
}

func newPlayer(t *testing.T, ctx context.Context, d device, name string) *player {
	opts := []chromedp.EmulateViewportOption{chromedp.EmulateScale(1)}
	if d.phone {
		opts = []chromedp.EmulateViewportOption{chromedp.EmulateScale(2), chromedp.EmulateMobile, chromedp.EmulateTouch, chromedp.EmulatePortrait}
	}
	require.NoError(t, chromedp.Do(ctx, chromedp.EmulateViewport(d.w, d.h, opts...)))
	return &player{t: t, ctx: ctx, d: d, name: name}
}

// do runs the actions, and fails the test on an error.
func (p *player) do(actions ...chromedp.Action[chromedp.Void]) {
	p.t.Helper()
	require.NoError(p.t, chromedp.Do(p.ctx, actions...))
}

// press clicks the element of sel, or taps it on a phone.
func (p *player) press(sel string) {
	p.t.Helper()
	if p.d.phone {
		p.do(chromedp.Tap(chromedp.CSS(sel)))
	} else {
		p.do(chromedp.Click(chromedp.CSS(sel)))
	}
}

// eval returns the value of a JavaScript expression in the player's page.
func eval[T any](p *player, js string) T {
	p.t.Helper()
	v, err := chromedp.Run(p.ctx, chromedp.Evaluate[T](js, chromedp.EvalAwaitPromise))
	require.NoError(p.t, err, "%s", js)
	return v
}

// state is what a player's table page shows.
type state struct {
	Ready    bool
	Turn     int    // the turn of the board's form, -1 without a table
	Version  int    // the view's version
	Status   string // the line that says whose turn it is or who won
	Row      string // the first row, | for a standing pin and . for a fallen one
	CanMove  bool   // pins to choose
	Undo     bool   // an undo button
	Ask      bool   // the card that asks to accept an undo
	Marker   bool   // window.kaylesMarker survives: no navigation since it was set
	Name     string // the heading
	Rules    string // the rules' text, when shown
	ScrollW  int    // document.documentElement.scrollWidth
	MinPin   int    // the smallest side of a pin or a counter, in CSS pixels; 0 if none
	PinCount int
}

const stateJS = `(() => {
	const q = s => document.querySelector(s), g = q("#game");
	const turn = q("form.board input[name=turn]"), st = q(".status"), rules = q("details.rules[open] p");
	const pins = [...document.querySelectorAll(".pin, .counter")].map(e => e.getBoundingClientRect());
	return {Ready: document.readyState === "complete" && !!g,
		Turn: turn ? Number(turn.value) : -1, Version: g ? Number(g.dataset.version) : -1,
		Status: st ? st.textContent : "",
		Row: [...document.querySelectorAll(".row:first-of-type .pin")].map(e => e.classList.contains("down") ? "." : "|").join(""),
		CanMove: !!q(".pin input, button.counter"), Undo: !!q("form[action*='/undo'] button"), Ask: !!q(".ask"),
		Marker: window.kaylesMarker === 1, Name: q("h1") ? q("h1").textContent : "",
		Rules: rules && rules.getClientRects().length ? rules.textContent : "",
		ScrollW: document.documentElement.scrollWidth,
		MinPin: pins.length ? Math.floor(Math.min(...pins.map(r => Math.min(r.width, r.height)))) : 0,
		PinCount: pins.length};
})()`

// wait returns the page's state once ok holds; it fails the test after 30 seconds. Reads
// during a navigation fail and are tried again.
func (p *player) wait(what string, ok func(state) bool) state {
	p.t.Helper()
	var last state
	for end := time.Now().Add(30 * time.Second); time.Now().Before(end); time.Sleep(50 * time.Millisecond) {
		s, err := chromedp.Run(p.ctx, chromedp.Evaluate[state](stateJS))
		if err == nil && s.Ready {
			last = s
			if ok(s) {
				return s
			}
		}
	}
	p.shot("timeout")
	p.t.Fatalf("player %s: the page did not show %s; last seen: %+v", p.name, what, last)
	return last
}

// shot saves a screenshot of the whole page, and checks what every page of a table must do:
// the game's name and rules shown, pins at least 44 px, and on a phone no horizontal scroll.
func (p *player) shot(step string) {
	p.t.Helper()
	png, err := chromedp.Run(p.ctx, chromedp.FullScreenshot(100))
	require.NoError(p.t, err)
	dir := os.Getenv("KAYLES_SCREENSHOTS")
	if dir == "" {
		dir = p.t.TempDir()
	}
	name := strings.NewReplacer("/", "-", " ", "_").Replace(fmt.Sprintf("%s-%s-%s.png", p.t.Name(), p.name, step))
	require.NoError(p.t, os.MkdirAll(dir, 0o755))
	require.NoError(p.t, os.WriteFile(filepath.Join(dir, name), png, 0o644))
	s, err := chromedp.Run(p.ctx, chromedp.Evaluate[state](stateJS))
	require.NoError(p.t, err)
	if step == "timeout" || !s.Ready {
		return
	}
	assert.LessOrEqual(p.t, s.ScrollW, int(p.d.w), "%s: horizontal scrolling", name)
	assert.NotEmpty(p.t, strings.TrimSpace(s.Name), "%s: the game's name", name)
	assert.Greater(p.t, len(s.Rules), 40, "%s: the rules", name)
	if s.PinCount > 0 {
		assert.GreaterOrEqual(p.t, s.MinPin, 44, "%s: pins at least 44 px", name)
	}
}

// pin returns the selector of the standing pin n of row 1, which a tap chooses.
func pin(n int) string { return fmt.Sprintf(`label.pin:has(input[value="1:%d"])`, n) }

// knock chooses the pins of a run and knocks them down, and waits for the turn to pass.
func (p *player) knock(pins ...int) state {
	p.t.Helper()
	before := p.wait("pins to choose", func(s state) bool { return s.CanMove })
	for _, n := range pins {
		p.press(pin(n))
	}
	p.press(".knock")
	return p.wait("the move played", func(s state) bool { return s.Turn > before.Turn })
}

// mark sets a marker in the page, which a navigation would drop: a page that shows a change
// with its marker kept learned of it live.
func (p *player) mark() { eval[bool](p, "(window.kaylesMarker = 1) === 1") }

// createTable creates a table from the lobby of base: preset such as "kayles:7", opponent
// "human" or a computer level.
func (p *player) createTable(base, preset, opponent string) state {
	p.t.Helper()
	return p.createTableIn("en", base, preset, opponent)
}

// createTableIn is createTable with the page in the language lang.
func (p *player) createTableIn(lang, base, preset, opponent string) state {
	p.t.Helper()
	p.do(chromedp.Navigate(base+"/?lang="+lang), chromedp.WaitVisible(chromedp.CSS("form.setup")))
	assert.LessOrEqual(p.t, eval[int](p, "document.documentElement.scrollWidth"), int(p.d.w), "the lobby scrolls sideways")
	p.do(chromedp.SetValue(chromedp.CSS("select[name=preset]"), preset),
		chromedp.SetValue(chromedp.CSS("select[name=opponent]"), opponent))
	p.press("form.setup button.primary")
	return p.wait("the new table", func(s state) bool { return s.Turn == 0 })
}

// invite returns the link the creator of a table of two people sends.
func (p *player) invite() string {
	p.t.Helper()
	link := eval[string](p, `document.querySelector(".share input") ? document.querySelector(".share input").value : ""`)
	require.NotEmpty(p.t, link, "the invitation to share")
	return link
}

// join opens the invitation and takes the seat.
func (p *player) join(link string) state {
	p.t.Helper()
	p.do(chromedp.Navigate(link), chromedp.WaitVisible(chromedp.CSS(".invite button")))
	p.shot("invited")
	p.press(".invite button")
	return p.wait("the seat taken", func(s state) bool { return strings.Contains(s.Status, "turn") })
}
