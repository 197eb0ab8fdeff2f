// Command play plays Kayles, its cousins on rows of pins (Dawson's Kayles, Officers, Guiles,
// any octal code whose moves take from one row and leave at most two), or Nim and other codes
// on heaps, against the computer in the terminal.
//
//	go run ./examples/play [-game kayles|dawsons|officers|guiles|nim|CODE]
//		[-size small|medium|large|N] [-rows 7,7] [-heaps 1,3,5,7] [-misere] [-normal]
//		[-first you|computer] [-level random|easy|fair|hard|perfect|symmetry] [-seed N]
//		[-lang en|fr|ja|tr]
//
// Type a pin (4), pins side by side (4 5 or 4-5), with the row first on several rows (2:4 5),
// or on heaps a heap and a count (3 2); or hint, undo, rules or quit. Input may be piped: the
// game ends cleanly at end of input.
package main

import (
	"bufio"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/octalgames/kayles"
	"github.com/octalgames/kayles/table"
)

// This file implements the terminal game: flags, the game loop, drawing the table, and every
// text the game prints in English, French, Japanese and Turkish.

func main() {
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout))
}

// games are the rule sets that -game names besides a code.
var games = map[string]*kayles.Octal{
	"kayles":   kayles.Kayles,
	"dawsons":  kayles.DawsonsKayles,
	"officers": kayles.Officers,
	"guiles":   kayles.Guiles,
	"nim":      kayles.Nim,
}

// names are the games' names, which are not translated; a code without one is named by its
// code.
var names = map[string]string{
	"0.77": "Kayles", "0.07": "Dawson's Kayles", "0.6": "Officers", "0.15": "Guiles", "0.[3]": "Nim",
}

// run plays one game with the given command-line arguments, reading the player's lines from in
// and writing everything to out. It returns the exit code: 0 after a game, a quit, the end of
// input or -h, 2 for bad flags or arguments, 1 if the computer could not move (a bug).
func run(args []string, in io.Reader, out io.Writer) int {
	f, code := parseFlags(args, out)
	if f == nil {
		return code
	}
	tx, ok := languages[f.lang]
	if !ok {
		fmt.Fprintf(out, languages["en"].badFlag+"\n", f.lang, "lang", "en, fr, ja, tr")
		return 2
	}
	bad := func(value, name, choices string) int {
		fmt.Fprintf(out, tx.badFlag+"\n", value, name, choices)
		return 2
	}
	s, human, layout, code := f.setup(out, bad)
	if code != 0 {
		return code
	}
	t, err := table.New(s)
	if err != nil {
		// The setup's reason is in English, like the flag package's messages.
		fmt.Fprintf(out, "%v\n", err)
		return 2
	}
	if _, over := t.Winner(); over {
		fmt.Fprintf(out, "-game %s with %s: the first player has no legal move, so there is no game to play; choose another game or a larger start\n", f.game, layout)
		return 2
	}
	g := &session{tx: tx, out: out, human: human, t: t, setup: t.Setup()}
	return g.run(in)
}

// flags are the command line's settings; set names the flags given.
type flags struct {
	game, size, rows, heaps, first, level, lang string
	seed                                        uint64
	normal, misere                              bool
	set                                         map[string]bool
}

// parseFlags reads the command line. It returns nil and the exit status when the tool must
// stop: 0 after -h, 2 after a bad flag, an argument, or two flags that exclude each other.
func parseFlags(args []string, out io.Writer) (*flags, int) {
	var f flags
	fs := flag.NewFlagSet("play", flag.ContinueOnError)
	fs.SetOutput(out)
	fs.StringVar(&f.game, "game", "kayles", "game: kayles, dawsons, officers, guiles, nim, or an octal code such as 0.137")
	fs.StringVar(&f.size, "size", "medium", "one row: small (7 pins), medium (10), large (13), or a number of pins")
	fs.StringVar(&f.rows, "rows", "", "several rows of pins, separated by commas (7,7): in place of -size")
	fs.StringVar(&f.heaps, "heaps", "1,3,5,7", "heaps, separated by commas: for nim, or to play a code on heaps")
	fs.StringVar(&f.first, "first", "you", "who moves first: you or computer")
	fs.StringVar(&f.level, "level", "perfect", "computer level: random, easy, fair, hard, perfect or symmetry")
	fs.Uint64Var(&f.seed, "seed", 0, "random seed for the computer (0: from the clock)")
	fs.BoolVar(&f.normal, "normal", false, "normal play: whoever makes the last move wins (the default, except for nim)")
	fs.BoolVar(&f.misere, "misere", false, "misère play: whoever makes the last move loses (the default for nim)")
	fs.StringVar(&f.lang, "lang", "en", "language: en, fr, ja or tr")
	fs.Usage = func() {
		fmt.Fprint(out, usage)
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return nil, 0 // -h asked for the usage, which the flag package has printed
		}
		return nil, 2
	}
	if fs.NArg() > 0 {
		// Like the flag package's own messages, this one is in English.
		fmt.Fprintf(out, "unexpected arguments: %q; every setting is a flag\n", fs.Args())
		fs.Usage()
		return nil, 2
	}
	f.set = map[string]bool{}
	fs.Visit(func(fl *flag.Flag) { f.set[fl.Name] = true })
	// Like the flag package's own messages, these are in English.
	for _, c := range [][2]string{{"rows", "size"}, {"heaps", "rows"}, {"heaps", "size"}, {"normal", "misere"}} {
		if f.set[c[0]] && f.set[c[1]] {
			fmt.Fprintf(out, "-%s and -%s cannot both be given: choose one\n", c[0], c[1])
			return nil, 2
		}
	}
	return &f, 0
}

// setup turns the flags into a table's setup, the seat of the person (0 or 1) and the flag
// that set the start, for messages. It returns a non-zero exit status, after bad has
// printed why, when a flag's value is not one the tool takes.
func (f *flags) setup(out io.Writer, bad func(value, name, choices string) int) (s table.Setup, human int, layout string, code int) {
	if f.first != "you" && f.first != "computer" {
		return s, 0, "", bad(f.first, "first", "you, computer")
	}
	lv, ok := table.ParseLevel(f.level)
	if !ok || lv == table.Human {
		return s, 0, "", bad(f.level, "level", "random, easy, fair, hard, perfect, symmetry")
	}
	if f.seed == 0 {
		f.seed = uint64(time.Now().UnixNano())
	}
	s = table.Setup{Rules: games[f.game], Seed: f.seed}
	if s.Rules == nil {
		o, err := kayles.ParseOctal(f.game)
		if err != nil {
			return s, 0, "", bad(f.game, "game", "kayles, dawsons, officers, guiles, nim, 0.137, ...")
		}
		s.Rules = o
	}
	nim := s.Rules.String() == "0.[3]"
	layout = "-size " + f.size
	switch {
	case nim && (f.set["rows"] || f.set["size"]):
		flagName := "rows"
		if f.set["size"] {
			flagName = "size"
		}
		fmt.Fprintf(out, "-%s does not apply to -game %s, which is played on heaps: -size and -rows lay out rows of pins; give -heaps\n", flagName, f.game)
		return s, 0, "", 2
	case nim || f.set["heaps"]:
		layout = "-heaps " + f.heaps
		hs, ok := list(f.heaps)
		if !ok {
			return s, 0, "", bad(f.heaps, "heaps", "1,3,5,7")
		}
		s.Layout, s.Start = table.Heaps, hs
	case f.set["rows"]:
		rs, ok := list(f.rows)
		if !ok {
			return s, 0, "", bad(f.rows, "rows", "7,7")
		}
		s.Layout, s.Start, layout = table.Rows, rs, "-rows "+f.rows
	default:
		n, ok := map[string]int{"small": table.Small, "medium": table.Medium, "large": table.Large}[f.size]
		if !ok {
			n, _ = strconv.Atoi(f.size)
		}
		if n < 1 || n > table.MaxPins {
			return s, 0, "", bad(f.size, "size", "small, medium, large, 1-"+strconv.Itoa(table.MaxPins))
		}
		s.Layout, s.Start = table.Rows, []int{n}
	}
	if (nim && !f.normal) || f.misere {
		s.Convention = table.Misere
	}
	if f.first == "computer" {
		human = 1
	}
	s.Seats[1-human] = lv
	return s, human, layout, 0
}

// usage is the head of -h: what the flags do not say.
const usage = `play plays Kayles, its cousins on rows of pins, or Nim and other codes on heaps,
against the computer in the terminal.

Usage: go run ./examples/play [flags]

At your turn type a pin (4), pins side by side (4 5 or 4-5), with the row first on
several rows (2:4 5), or on heaps a heap and a count (3 2); or hint, undo, rules or
quit. Input may be piped: the game ends cleanly at end of input.

Exit status: 0 when the game ends or you quit, 2 for bad flags (a flag that does not
apply to the game, or a start with no legal move).

Flags:
`

// list reads numbers separated by commas or spaces; it reports false for anything else, for
// an empty item between commas (7,,7) and for no number.
func list(s string) ([]int, bool) {
	var ns []int
	for item := range strings.SplitSeq(s, ",") {
		fields := strings.Fields(item)
		if len(fields) == 0 {
			return nil, false
		}
		for _, f := range fields {
			n, err := strconv.Atoi(f)
			if err != nil {
				return nil, false
			}
			ns = append(ns, n)
		}
	}
	return ns, true
}

// session is one game between the player and the computer.
type session struct {
	tx    *texts
	out   io.Writer
	human int // the seat of the person: 0 moves first
	t     *table.Table
	setup table.Setup
}

func (g *session) say(format string, args ...any) {
	fmt.Fprintf(g.out, format+"\n", args...)
}

func (g *session) run(in io.Reader) int {
	interactive := false
	if f, ok := in.(*os.File); ok {
		if st, err := f.Stat(); err == nil && st.Mode()&os.ModeCharDevice != 0 {
			interactive = true
		}
	}
	sc := bufio.NewScanner(in)
	tx := g.tx
	g.say("%s", g.title())
	g.say("%s", g.rules())
	g.say("%s", g.help())
	if g.human == 0 {
		g.say("%s", tx.youFirst)
	} else {
		g.say("%s", tx.computerFirst)
	}
	for {
		g.say("")
		g.draw()
		if winner, over := g.t.Winner(); over {
			if winner == g.human {
				g.say("%s", tx.youWin)
			} else {
				g.say("%s", tx.computerWins)
			}
			return 0
		}
		if g.t.Player() != g.human {
			m, _, err := g.t.PlayComputer(context.Background())
			if err != nil { // the computer could not move: a bug in the library
				g.say("%v", err)
				return 1
			}
			if g.setup.Layout == table.Heaps {
				g.say(tx.computerTake, m.Row, tx.count(m.Count))
			} else {
				g.say(tx.computerKnock, g.pins(m))
			}
			continue
		}
		for {
			fmt.Fprint(g.out, tx.prompt)
			if !sc.Scan() {
				g.say("")
				g.say("%s", tx.endOfInput)
				return 0
			}
			line := strings.TrimSpace(sc.Text())
			if !interactive {
				g.say("%s", line) // echo piped input, so the transcript reads like a game
			}
			if done, quit := g.command(line); quit {
				return 0
			} else if done {
				break
			}
		}
	}
}

// command acts on one line typed by the player. It returns done when the table changed, so the
// game goes on with the table drawn again, and quit when the player leaves.
func (g *session) command(line string) (done, quit bool) {
	tx := g.tx
	word := strings.ToLower(line)
	is := func(english string, local []string) bool { return word == english || slices.Contains(local, word) }
	switch {
	case line == "":
		return false, false
	case is("quit", tx.quit):
		g.say("%s", tx.bye)
		return false, true
	case is("rules", tx.rules):
		g.say("%s", g.rules())
		g.say("%s", g.help())
		return false, false
	case is("hint", tx.hint):
		g.say("%s", g.hint())
		return false, false
	case is("undo", tx.undo):
		// Take back the person's last move and every computer move after it.
		if _, err := g.t.UndoTo(g.t.Turn(), g.human); err != nil {
			g.say("%s", tx.nothingToUndo)
			return false, false
		}
		g.say("%s", tx.undone)
		return true, false
	}
	msg, understood := g.move(line)
	switch {
	case !understood:
		g.say(tx.notUnderstood, line)
		g.say("%s", g.help())
		return false, false
	case msg != "":
		g.say("%s", msg)
		return false, false
	}
	return true, false
}

// numbers reads a line of up to 8 numbers separated by spaces, '-', ',' or ':'.
func numbers(line string) ([]int, bool) {
	fields := strings.FieldsFunc(line, func(r rune) bool { return r == ' ' || r == '\t' || r == '-' || r == ',' || r == ':' })
	if len(fields) == 0 || len(fields) > 8 {
		return nil, false
	}
	ns := make([]int, len(fields))
	for i, f := range fields {
		n, err := strconv.Atoi(f)
		if err != nil || f[0] == '+' {
			return nil, false
		}
		ns[i] = n
	}
	return ns, true
}

// kayles reports whether the table is the classic game: one row of Kayles in normal play,
// whose texts name the pins as Kayles does.
func (g *session) kayles() bool {
	s := g.setup
	return s.Rules.String() == "0.77" && s.Layout == table.Rows && len(s.Start) == 1 && s.Convention == table.Normal
}

// name returns the game's name, or "the game" and its code.
func (g *session) name() string {
	code := g.setup.Rules.String()
	if n, ok := names[code]; ok {
		return n
	}
	return fmt.Sprintf(g.tx.theGame, code)
}

func (g *session) title() string {
	switch {
	case g.kayles():
		return g.tx.title
	case g.setup.Rules.String() == "0.[3]":
		return g.tx.titleNim
	}
	return fmt.Sprintf(g.tx.titleGame, g.name())
}

func (g *session) rules() string {
	tx := g.tx
	switch {
	case g.kayles():
		return tx.rulesKayles
	case g.setup.Rules.String() == "0.[3]" && g.setup.Convention == table.Misere:
		return tx.rulesNimMisere
	case g.setup.Rules.String() == "0.[3]":
		return tx.rulesNimNormal
	}
	end := tx.lastWins
	if g.setup.Convention == table.Misere {
		end = tx.lastLoses
	}
	if g.setup.Layout == table.Heaps {
		return fmt.Sprintf(tx.rulesHeaps, g.name(), g.setup.Rules, g.allowed(), end)
	}
	return fmt.Sprintf(tx.rulesRows, g.name(), g.setup.Rules, g.allowed(), end)
}

// allowed describes the moves of the rule set from its digits: for each number of tokens a
// move may take, where it may take them.
func (g *session) allowed() string {
	tx := g.tx
	ds := g.setup.Rules.Digits()
	if len(ds) == 0 { // Nim-like or with modifiers: the code says it
		return g.setup.Rules.String()
	}
	var takes []string
	for k, d := range ds[1:] {
		n := k + 1
		// The phrase of each bit of the digit: leave no heap, one, two.
		phrases, tokens := []string{tx.whereWholeRow, tx.whereEnd, tx.whereInside}, tx.pinCount(n)
		if g.setup.Layout == table.Heaps {
			phrases, tokens = []string{tx.whereWholeHeap, tx.wherePartHeap}, tx.count(n)
		}
		var where []string
		for bit, phrase := range phrases {
			if d>>bit&1 != 0 {
				where = append(where, phrase)
			}
		}
		if len(where) > 0 {
			takes = append(takes, fmt.Sprintf(tx.takeWhere, tokens, strings.Join(where, tx.listSep)))
		}
	}
	return strings.Join(takes, tx.takesSep)
}

func (g *session) help() string {
	switch {
	case g.setup.Layout == table.Heaps:
		return g.tx.helpNim
	case g.kayles():
		return g.tx.helpKayles
	case len(g.setup.Start) > 1:
		return g.tx.helpRowsMany
	}
	return g.tx.helpRows
}

// maxTake returns the most tokens a move may take, from the digits, or 0 when the code does
// not say.
func (g *session) maxTake() int {
	if ds := g.setup.Rules.Digits(); len(ds) > 1 {
		return len(ds) - 1
	}
	return 0
}

// draw draws each row with each pin's number under it, and a label when there are several:
//
//	|  |  .  |
//	1  2  3  4
//
// or each heap on a line, as a bar of up to 40 marks and its count:
//
//	Heap 1: |  1
//	Heap 2: |||  3
func (g *session) draw() {
	if g.setup.Layout == table.Heaps {
		for i, h := range g.t.Heaps() {
			bar := strings.Repeat("|", min(h, 40))
			if h > 40 {
				bar += "..."
			}
			g.say("  %s: %s  %d", fmt.Sprintf(g.tx.heap, i+1), bar, h)
		}
		return
	}
	rows := g.t.Rows()
	for r, row := range rows {
		if len(rows) > 1 {
			g.say(g.tx.row, r+1)
		}
		width := len(strconv.Itoa(len(row))) + 2
		var pins, nums strings.Builder
		for p, up := range row {
			mark := "."
			if up {
				mark = "|"
			}
			fmt.Fprintf(&pins, "%*s", width, mark)
			fmt.Fprintf(&nums, "%*d", width, p+1)
		}
		g.say("%s", pins.String())
		g.say("%s", nums.String())
	}
}

// pins names the pins of a move at a table of rows, with the row when there are several.
func (g *session) pins(m table.Move) string {
	tx := g.tx
	var s string
	switch m.Count {
	case 1:
		s = fmt.Sprintf(tx.pin1, m.Pin)
	case 2:
		s = fmt.Sprintf(tx.pin2, m.Pin, m.Pin+1)
	default:
		s = fmt.Sprintf(tx.pinRange, m.Pin, m.Pin+m.Count-1)
	}
	if len(g.setup.Start) > 1 {
		s = fmt.Sprintf(tx.inRow, s, m.Row)
	}
	return s
}

func (tx *texts) count(n int) string {
	if n == 1 {
		return tx.object1
	}
	return fmt.Sprintf(tx.objects, n)
}

func (tx *texts) pinCount(n int) string {
	if n == 1 {
		return tx.pinOne
	}
	return fmt.Sprintf(tx.pinsN, n)
}

func (g *session) hint() string {
	tx := g.tx
	m, v, err := g.t.Hint(context.Background())
	heaps := g.setup.Layout == table.Heaps
	switch {
	case err != nil: // the hints fail only when the context is done, which this one never is
		return err.Error()
	case heaps && v == table.Wins:
		return fmt.Sprintf(tx.hintWinNim, m.Row, tx.count(m.Count))
	case heaps && v == table.Loses:
		return fmt.Sprintf(tx.hintLoseNim, m.Row, tx.count(m.Count))
	case heaps: // past the search's limit: the best move found, not proven
		return fmt.Sprintf(tx.hintGuessNim, m.Row, tx.count(m.Count))
	case v == table.Wins:
		return fmt.Sprintf(tx.hintWin, g.pins(m))
	case v == table.Loses:
		return fmt.Sprintf(tx.hintLose, g.pins(m))
	}
	return fmt.Sprintf(tx.hintGuess, g.pins(m))
}

// move plays the person's move typed as line: at a table of rows the pins, after the row and a
// colon when there are several; at a table of heaps a heap and a count. It returns the
// message that says why the move is refused, and false when line is not a move.
func (g *session) move(line string) (string, bool) {
	tx := g.tx
	var m table.Move
	if g.setup.Layout == table.Heaps {
		ns, ok := numbers(line)
		if !ok || len(ns) != 2 {
			return "", false
		}
		m = table.Move{Row: ns[0], Count: ns[1]}
	} else {
		m.Row = 1
		if before, after, ok := strings.Cut(line, ":"); ok {
			r, err := strconv.Atoi(strings.TrimSpace(before))
			if err != nil {
				return "", false
			}
			m.Row, line = r, after
		} else if len(g.setup.Start) > 1 {
			return "", false
		}
		pins, ok := numbers(line)
		if !ok {
			return "", false
		}
		if msg := g.checkPins(m.Row, pins); msg != "" {
			return msg, true
		}
		m.Pin, m.Count = slices.Min(pins), len(pins)
	}
	err := g.t.Play(g.t.Turn(), m)
	var pe *table.PlayError
	if err == nil || !errors.As(err, &pe) {
		return "", true
	}
	switch {
	case errors.Is(err, table.ErrNoSuchRow):
		return fmt.Sprintf(tx.errNoSuchRow, m.Row, pe.Rows), true
	case errors.Is(err, table.ErrNoSuchPin):
		return fmt.Sprintf(tx.errNoSuchPin, pe.Pin, pe.Length), true
	case errors.Is(err, table.ErrPinDown):
		return fmt.Sprintf(tx.errPinDown, pe.Pin), true
	case errors.Is(err, table.ErrNoSuchHeap):
		return fmt.Sprintf(tx.errNoSuchHeap, m.Row, pe.Rows), true
	case errors.Is(err, table.ErrTakeNone):
		return tx.errTakeNone, true
	case errors.Is(err, table.ErrTakeTooMany) && pe.Length == 0:
		return fmt.Sprintf(tx.errHeapEmpty, m.Row), true
	case errors.Is(err, table.ErrTakeTooMany):
		return fmt.Sprintf(tx.errTakeTooMany, m.Row, tx.count(pe.Length)), true
	case errors.Is(err, table.ErrRules):
		return fmt.Sprintf(tx.errRules, g.forbidden(m, pe.Leaves)), true
	}
	return err.Error(), true
}

// forbidden names a move the rules forbid: how many tokens it takes, and where, from the runs
// or heaps it would leave.
func (g *session) forbidden(m table.Move, leaves int) string {
	tx := g.tx
	if g.setup.Layout == table.Heaps {
		where := tx.wherePartHeap
		if leaves == 0 {
			where = tx.whereWholeHeap
		}
		return fmt.Sprintf(tx.takeWhere, tx.count(m.Count), where)
	}
	where := []string{tx.whereWholeRow, tx.whereEnd, tx.whereInside}[min(max(leaves, 0), 2)]
	return fmt.Sprintf(tx.takeWhere, tx.pinCount(m.Count), where)
}

// checkPins returns why the pins typed for row cannot be one move, checked in the order of the
// library's Kayles.Knock: more pins than a move takes, a pin outside the row, a pin already
// down (the first typed), then the same pin twice or pins not side by side; and "" when they
// may be.
func (g *session) checkPins(row int, pins []int) string {
	tx := g.tx
	if most := g.maxTake(); most > 0 && len(pins) > most {
		return fmt.Sprintf(tx.errTooMany, tx.pinCount(most))
	}
	rows := g.setup.Start
	if row < 1 || row > len(rows) {
		return fmt.Sprintf(tx.errNoSuchRow, row, len(rows))
	}
	for _, p := range pins {
		if p < 1 || p > rows[row-1] {
			return fmt.Sprintf(tx.errNoSuchPin, p, rows[row-1])
		}
	}
	up := g.t.Rows()[row-1]
	for _, p := range pins {
		if !up[p-1] {
			return fmt.Sprintf(tx.errPinDown, p)
		}
	}
	sorted := slices.Sorted(slices.Values(pins))
	for i := 1; i < len(sorted); i++ {
		switch {
		case sorted[i] == sorted[i-1]:
			return tx.errSamePin
		case sorted[i] != sorted[i-1]+1 && len(pins) == 2:
			return fmt.Sprintf(tx.errNotSide, pins[0], pins[1])
		case sorted[i] != sorted[i-1]+1:
			return tx.errNotSideMany
		}
	}
	return ""
}

// texts holds every sentence the game prints, in one language. Formats take the numbers in the
// order of their verbs; %[n] picks the nth argument where a language needs another order.
type texts struct {
	title          string // the first line, for one row of Kayles
	titleNim       string // the first line, for Nim
	titleGame      string // the first line, for any other game: its name
	theGame        string // the name of a game without one: its code
	rulesKayles    string // one row of Kayles
	rulesNimMisere string
	rulesNimNormal string
	rulesRows      string // name, code, the moves allowed, lastWins or lastLoses
	rulesHeaps     string // name, code, the moves allowed, lastWins or lastLoses
	whereWholeRow  string // where a move may take pins: a whole row of them
	whereEnd       string // at an end of a longer row
	whereInside    string // inside a row
	whereWholeHeap string // a whole heap
	wherePartHeap  string // part of a heap
	takeWhere      string // a number of tokens and where a move may take them
	listSep        string // between the places where a move may take tokens
	takesSep       string // between the numbers of tokens a move may take
	lastWins       string
	lastLoses      string
	helpKayles     string // how to type a move and the commands
	helpRows       string
	helpRowsMany   string
	helpNim        string
	prompt         string
	youFirst       string
	computerFirst  string
	computerKnock  string // the pins (pin1, pin2, pinRange or inRow)
	computerTake   string // heap, objects (from objects)
	youWin         string
	computerWins   string
	hintWin        string // the pins
	hintLose       string // the pins
	hintWinNim     string // heap, objects
	hintLoseNim    string // heap, objects
	hintGuess      string // the pins: the best move found past the search's limit
	hintGuessNim   string // heap, objects
	undone         string
	nothingToUndo  string
	bye            string
	endOfInput     string
	notUnderstood  string // the input, as typed
	errTooMany     string // pins (pinOne or pinsN)
	errNoSuchRow   string // row, rows
	errNoSuchPin   string // pin, row length
	errPinDown     string // pin
	errNotSide     string // pin, pin
	errNotSideMany string
	errSamePin     string
	errRules       string // the move (takeWhere)
	errNoSuchHeap  string // heap, heaps
	errTakeNone    string
	errTakeTooMany string // heap, objects
	errHeapEmpty   string // heap
	row            string // row: the label of a row when several are drawn
	pin1           string // pin
	pin2           string // pin, pin
	pinRange       string // first pin, last pin
	inRow          string // pins, row
	pinOne         string // one pin, as a count
	pinsN          string // count: several pins
	heap           string // heap: the label of a heap when the heaps are drawn
	object1        string // one object, as in "1 object"
	objects        string // count: several objects, as in "2 objects"
	badFlag        string // value, flag, choices

	// Commands in the language, besides the English words, which every language accepts.
	hint, undo, rules, quit []string
}

var languages = map[string]*texts{
	"en": {
		title:          "Kayles: whoever knocks down the last pin wins.",
		titleNim:       "Standard Nim against the computer.",
		titleGame:      "Playing %s against the computer.",
		theGame:        "the game %s",
		rulesKayles:    "Rules: the pins stand in one row, numbered from the left. On your turn, knock down one standing pin, or two standing pins side by side. Two pins with a fallen pin between them are not side by side. Whoever knocks down the last pin wins.",
		rulesNimMisere: "Rules of Nim: there are several heaps of objects. On your turn, take one or more objects from a single heap. Whoever takes the last object loses.",
		rulesNimNormal: "Rules of Nim: there are several heaps of objects. On your turn, take one or more objects from a single heap. Whoever takes the last object wins.",
		rulesRows:      "Rules of %[1]s (code %[2]s): the pins stand in rows, numbered from the left. On your turn, knock down standing pins side by side in one row: %[3]s. Knocking pins inside a row splits it in two; pins with a fallen pin between them are not side by side. %[4]s",
		rulesHeaps:     "Rules of %[1]s (code %[2]s): there are several heaps of objects. On your turn, take objects from a single heap: %[3]s. %[4]s",
		whereWholeRow:  "a whole row",
		whereEnd:       "at an end of a row",
		whereInside:    "inside a row",
		whereWholeHeap: "a whole heap",
		wherePartHeap:  "from a bigger heap",
		takeWhere:      "%s (%s)",
		listSep:        ", ",
		takesSep:       "; ",
		lastWins:       "Whoever makes the last move wins.",
		lastLoses:      "Whoever makes the last move loses.",
		helpKayles:     "Type a pin (4) or two pins side by side (4 5 or 4-5), or one of: hint, undo, rules, quit.",
		helpRows:       "Type the pins to knock down, side by side (4, or 4 5, or 4-5), or one of: hint, undo, rules, quit.",
		helpRowsMany:   "Type a row, a colon and the pins to knock down in it, side by side (2:4 or 2:4 5), or one of: hint, undo, rules, quit.",
		helpNim:        "Type a heap and how many objects to take from it (3 2 takes 2 from heap 3), or one of: hint, undo, rules, quit.",
		prompt:         "Your move: ",
		youFirst:       "You move first.",
		computerFirst:  "The computer moves first.",
		computerKnock:  "The computer knocks down %s.",
		computerTake:   "The computer takes %[2]s from heap %[1]d.",
		youWin:         "You win! Well played.",
		computerWins:   "The computer wins.",
		hintWin:        "Hint: knock down %s. This move wins whatever your opponent does.",
		hintLose:       "Hint: knock down %s. No move wins against perfect play, but this one leaves your opponent the most ways to go wrong.",
		hintWinNim:     "Hint: take %[2]s from heap %[1]d. This move wins whatever your opponent does.",
		hintLoseNim:    "Hint: take %[2]s from heap %[1]d. No move wins against perfect play, but this one leaves your opponent the most ways to go wrong.",
		hintGuess:      "Hint: knock down %s. The position is too large to work out exactly; this is the best move found in the time allowed.",
		hintGuessNim:   "Hint: take %[2]s from heap %[1]d. The position is too large to work out exactly; this is the best move found in the time allowed.",
		undone:         "Your last move is taken back.",
		nothingToUndo:  "There is nothing to undo yet.",
		bye:            "Goodbye.",
		endOfInput:     "End of input: the game stops here.",
		notUnderstood:  "I do not understand %q.",
		errTooMany:     "You may knock down at most %s at a time.",
		errNoSuchRow:   "There is no row %d: the rows are numbered 1 to %d.",
		errNoSuchPin:   "There is no pin %d: the pins are numbered 1 to %d.",
		errPinDown:     "Pin %d is already down.",
		errNotSide:     "Pins %d and %d are not side by side.",
		errNotSideMany: "Those pins are not side by side.",
		errSamePin:     "That is the same pin twice.",
		errRules:       "The rules of this game do not allow that move: %s.",
		errNoSuchHeap:  "There is no heap %d: the heaps are numbered 1 to %d.",
		errTakeNone:    "Take at least one object.",
		errTakeTooMany: "Heap %d holds only %s.",
		errHeapEmpty:   "Heap %d is empty.",
		row:            "Row %d",
		pin1:           "pin %d",
		pin2:           "pins %d and %d",
		pinRange:       "pins %d to %d",
		inRow:          "%[1]s of row %[2]d",
		pinOne:         "1 pin",
		pinsN:          "%d pins",
		heap:           "Heap %d",
		object1:        "1 object",
		objects:        "%d objects",
		badFlag:        "invalid value %q for -%s; choose %s",
	},
	"fr": {
		title:          "Jeu de quilles (Kayles) : celui qui renverse la dernière quille gagne.",
		titleNim:       "Le jeu de Nim contre l'ordinateur.",
		titleGame:      "Partie contre l'ordinateur : %s.",
		theGame:        "le jeu %s",
		rulesKayles:    "Règles : les quilles sont alignées sur une seule rangée, numérotées à partir de la gauche. À votre tour, renversez une quille debout, ou deux quilles debout côte à côte. Deux quilles séparées par une quille tombée ne sont pas côte à côte. Celui qui renverse la dernière quille gagne.",
		rulesNimMisere: "Règles du jeu de Nim : il y a plusieurs tas d'objets. À votre tour, prenez un ou plusieurs objets dans un seul tas. Celui qui prend le dernier objet perd.",
		rulesNimNormal: "Règles du jeu de Nim : il y a plusieurs tas d'objets. À votre tour, prenez un ou plusieurs objets dans un seul tas. Celui qui prend le dernier objet gagne.",
		rulesRows:      "Règles (%[1]s, code %[2]s) : les quilles sont alignées en rangées, numérotées à partir de la gauche. À votre tour, renversez des quilles debout côte à côte dans une seule rangée : %[3]s. Renverser des quilles à l'intérieur d'une rangée la coupe en deux ; des quilles séparées par une quille tombée ne sont pas côte à côte. %[4]s",
		rulesHeaps:     "Règles (%[1]s, code %[2]s) : il y a plusieurs tas d'objets. À votre tour, prenez des objets dans un seul tas : %[3]s. %[4]s",
		whereWholeRow:  "une rangée entière",
		whereEnd:       "au bout d'une rangée",
		whereInside:    "à l'intérieur d'une rangée",
		whereWholeHeap: "un tas entier",
		wherePartHeap:  "dans un tas plus grand",
		takeWhere:      "%s (%s)",
		listSep:        ", ",
		takesSep:       " ; ",
		lastWins:       "Celui qui joue le dernier coup gagne.",
		lastLoses:      "Celui qui joue le dernier coup perd.",
		helpKayles:     "Tapez le numéro d'une quille (4) ou de deux quilles côte à côte (4 5 ou 4-5), ou bien : hint (indice), undo (annuler), rules (règles), quit (quitter).",
		helpRows:       "Tapez les numéros des quilles à renverser, côte à côte (4, ou 4 5, ou 4-5), ou bien : hint (indice), undo (annuler), rules (règles), quit (quitter).",
		helpRowsMany:   "Tapez le numéro d'une rangée, deux-points, puis les quilles à y renverser, côte à côte (2:4 ou 2:4 5), ou bien : hint (indice), undo (annuler), rules (règles), quit (quitter).",
		helpNim:        "Tapez le numéro d'un tas puis le nombre d'objets à y prendre (3 2 prend 2 objets dans le tas 3), ou bien : hint (indice), undo (annuler), rules (règles), quit (quitter).",
		prompt:         "Votre coup : ",
		youFirst:       "Vous commencez.",
		computerFirst:  "L'ordinateur commence.",
		computerKnock:  "L'ordinateur renverse %s.",
		computerTake:   "L'ordinateur prend %[2]s dans le tas %[1]d.",
		youWin:         "Vous avez gagné ! Bien joué.",
		computerWins:   "L'ordinateur a gagné.",
		hintWin:        "Indice : renversez %s. Ce coup gagne, quoi que fasse votre adversaire.",
		hintLose:       "Indice : renversez %s. Aucun coup ne gagne contre un jeu parfait, mais celui-ci laisse à votre adversaire le plus d'occasions de se tromper.",
		hintWinNim:     "Indice : prenez %[2]s dans le tas %[1]d. Ce coup gagne, quoi que fasse votre adversaire.",
		hintLoseNim:    "Indice : prenez %[2]s dans le tas %[1]d. Aucun coup ne gagne contre un jeu parfait, mais celui-ci laisse à votre adversaire le plus d'occasions de se tromper.",
		hintGuess:      "Indice : renversez %s. La position est trop grande pour être calculée exactement ; voici le meilleur coup trouvé dans le temps imparti.",
		hintGuessNim:   "Indice : prenez %[2]s dans le tas %[1]d. La position est trop grande pour être calculée exactement ; voici le meilleur coup trouvé dans le temps imparti.",
		undone:         "Votre dernier coup est annulé.",
		nothingToUndo:  "Il n'y a encore rien à annuler.",
		bye:            "Au revoir.",
		endOfInput:     "Fin de l'entrée : la partie s'arrête ici.",
		notUnderstood:  "Je ne comprends pas %q.",
		errTooMany:     "Vous pouvez renverser au plus %s à la fois.",
		errNoSuchRow:   "Il n'y a pas de rangée n° %d : les rangées sont numérotées de 1 à %d.",
		errNoSuchPin:   "Il n'y a pas de quille n° %d : les quilles sont numérotées de 1 à %d.",
		errPinDown:     "La quille %d est déjà tombée.",
		errNotSide:     "Les quilles %d et %d ne sont pas côte à côte.",
		errNotSideMany: "Ces quilles ne sont pas côte à côte.",
		errSamePin:     "C'est deux fois la même quille.",
		errRules:       "Les règles de ce jeu n'autorisent pas ce coup : %s.",
		errNoSuchHeap:  "Il n'y a pas de tas n° %d : les tas sont numérotés de 1 à %d.",
		errTakeNone:    "Prenez au moins un objet.",
		errTakeTooMany: "Le tas %d ne contient que %s.",
		errHeapEmpty:   "Le tas %d est vide.",
		row:            "Rangée %d",
		pin1:           "la quille %d",
		pin2:           "les quilles %d et %d",
		pinRange:       "les quilles %d à %d",
		inRow:          "%[1]s de la rangée %[2]d",
		pinOne:         "1 quille",
		pinsN:          "%d quilles",
		heap:           "Tas %d",
		object1:        "1 objet",
		objects:        "%d objets",
		badFlag:        "valeur %q invalide pour -%s ; choisissez %s",
		hint:           []string{"indice"},
		undo:           []string{"annuler"},
		rules:          []string{"règles", "regles"},
		quit:           []string{"quitter"},
	},
	"ja": {
		title:          "ケイルズ（Kayles）：最後のピンを倒した人の勝ちです。",
		titleNim:       "コンピューターとニムで対戦します。",
		titleGame:      "コンピューターと%sで対戦します。",
		theGame:        "ゲーム%s",
		rulesKayles:    "ルール：ピンが一列に並んでいて、左から順に番号が付いています。自分の番には、立っているピンを1本、または隣り合って立っているピンを2本倒します。間に倒れたピンがある2本は、隣り合っているとはみなしません。最後のピンを倒した人の勝ちです。",
		rulesNimMisere: "ニムのルール：石の山がいくつかあります。自分の番には、どれか1つの山から石を1個以上取ります。最後の石を取った人の負けです。",
		rulesNimNormal: "ニムのルール：石の山がいくつかあります。自分の番には、どれか1つの山から石を1個以上取ります。最後の石を取った人の勝ちです。",
		rulesRows:      "%[1]s（コード%[2]s）のルール：ピンが何列かに並んでいて、左から順に番号が付いています。自分の番には、1つの列で隣り合って立っているピンを倒します：%[3]s。列の途中のピンを倒すと、その列は2つに分かれます。間に倒れたピンがあるピンは、隣り合っているとはみなしません。%[4]s",
		rulesHeaps:     "%[1]s（コード%[2]s）のルール：石の山がいくつかあります。自分の番には、どれか1つの山から石を取ります：%[3]s。%[4]s",
		whereWholeRow:  "1列まるごと",
		whereEnd:       "列の端から",
		whereInside:    "列の途中から",
		whereWholeHeap: "山をまるごと",
		wherePartHeap:  "それより大きい山から",
		takeWhere:      "%s（%s）",
		listSep:        "・",
		takesSep:       "、",
		lastWins:       "最後の手を打った人の勝ちです。",
		lastLoses:      "最後の手を打った人の負けです。",
		helpKayles:     "ピンの番号（4）か、隣り合う2本のピンの番号（4 5 または 4-5）を入力してください。hint（ヒント）、undo（待った）、rules（ルール）、quit（終了）も使えます。",
		helpRows:       "倒す隣り合ったピンの番号（4、4 5、4-5 など）を入力してください。hint（ヒント）、undo（待った）、rules（ルール）、quit（終了）も使えます。",
		helpRowsMany:   "列の番号、コロン、その列で倒す隣り合ったピンの番号を入力してください（2:4 や 2:4 5）。hint（ヒント）、undo（待った）、rules（ルール）、quit（終了）も使えます。",
		helpNim:        "山の番号と、そこから取る石の数を入力してください（3 2 なら3番の山から2個取ります）。hint（ヒント）、undo（待った）、rules（ルール）、quit（終了）も使えます。",
		prompt:         "あなたの番です：",
		youFirst:       "あなたが先手です。",
		computerFirst:  "コンピューターが先手です。",
		computerKnock:  "コンピューターは%sを倒しました。",
		computerTake:   "コンピューターは%[1]d番の山から石を%[2]s取りました。",
		youWin:         "あなたの勝ちです！お見事でした。",
		computerWins:   "コンピューターの勝ちです。",
		hintWin:        "ヒント：%sを倒しましょう。相手がどう応じても勝てる手です。",
		hintLose:       "ヒント：%sを倒しましょう。相手が最善を尽くせば勝てる手はありませんが、この手なら相手が間違える余地がいちばん多く残ります。",
		hintWinNim:     "ヒント：%[1]d番の山から石を%[2]s取りましょう。相手がどう応じても勝てる手です。",
		hintLoseNim:    "ヒント：%[1]d番の山から石を%[2]s取りましょう。相手が最善を尽くせば勝てる手はありませんが、この手なら相手が間違える余地がいちばん多く残ります。",
		hintGuess:      "ヒント：%sを倒しましょう。局面が大きすぎて正確には読み切れません。時間内に見つかった最善の手です。",
		hintGuessNim:   "ヒント：%[1]d番の山から石を%[2]s取りましょう。局面が大きすぎて正確には読み切れません。時間内に見つかった最善の手です。",
		undone:         "あなたの最後の手を取り消しました。",
		nothingToUndo:  "まだ取り消せる手がありません。",
		bye:            "さようなら。",
		endOfInput:     "入力が終わったので、ここでゲームを終了します。",
		notUnderstood:  "「%s」は理解できません。",
		errTooMany:     "一度に倒せるのは%sまでです。",
		errNoSuchRow:   "%d列目はありません。列の番号は1から%dまでです。",
		errNoSuchPin:   "%d番のピンはありません。ピンの番号は1から%dまでです。",
		errPinDown:     "%d番のピンはもう倒れています。",
		errNotSide:     "%d番と%d番のピンは隣り合っていません。",
		errNotSideMany: "それらのピンは隣り合っていません。",
		errSamePin:     "同じピンを2回指定しています。",
		errRules:       "その手はこのゲームのルールでは認められていません：%s。",
		errNoSuchHeap:  "%d番の山はありません。山の番号は1から%dまでです。",
		errTakeNone:    "石を1個以上取ってください。",
		errTakeTooMany: "%d番の山には石が%sしかありません。",
		errHeapEmpty:   "%d番の山は空です。",
		row:            "%d列目",
		pin1:           "%d番のピン",
		pin2:           "%d番と%d番のピン",
		pinRange:       "%d番から%d番のピン",
		inRow:          "%[2]d列目の%[1]s",
		pinOne:         "ピン1本",
		pinsN:          "ピン%d本",
		heap:           "%d番の山",
		object1:        "1個",
		objects:        "%d個",
		badFlag:        "-%[2]s に %[1]q は指定できません。%[3]s から選んでください",
		hint:           []string{"ヒント"},
		undo:           []string{"待った", "戻す"},
		rules:          []string{"ルール"},
		quit:           []string{"終了"},
	},
	"tr": {
		title:          "Kayles: Son lobutu deviren kazanır.",
		titleNim:       "Bilgisayara karşı Nim.",
		titleGame:      "Bilgisayara karşı %s.",
		theGame:        "%s oyunu",
		rulesKayles:    "Kurallar: Lobutlar tek sıra hâlinde dizilidir ve soldan başlayarak numaralanmıştır. Sırası gelen oyuncu ayakta duran bir lobutu ya da yan yana duran iki lobutu devirir. Aralarında devrilmiş bir lobut bulunan iki lobut yan yana sayılmaz. Son lobutu deviren kazanır.",
		rulesNimMisere: "Nim kuralları: Birkaç taş yığını vardır. Sırası gelen oyuncu tek bir yığından bir ya da daha fazla taş alır. Son taşı alan kaybeder.",
		rulesNimNormal: "Nim kuralları: Birkaç taş yığını vardır. Sırası gelen oyuncu tek bir yığından bir ya da daha fazla taş alır. Son taşı alan kazanır.",
		rulesRows:      "Kurallar (%[1]s, kod %[2]s): Lobutlar sıralar hâlinde dizilidir ve soldan başlayarak numaralanmıştır. Sırası gelen oyuncu tek bir sırada yan yana duran lobutları devirir: %[3]s. Bir sıranın içinden lobut devirmek sırayı ikiye böler; aralarında devrilmiş bir lobut bulunan lobutlar yan yana sayılmaz. %[4]s",
		rulesHeaps:     "Kurallar (%[1]s, kod %[2]s): Birkaç taş yığını vardır. Sırası gelen oyuncu tek bir yığından taş alır: %[3]s. %[4]s",
		whereWholeRow:  "bütün bir sıra",
		whereEnd:       "bir sıranın ucundan",
		whereInside:    "bir sıranın içinden",
		whereWholeHeap: "bütün bir yığın",
		wherePartHeap:  "daha büyük bir yığından",
		takeWhere:      "%s (%s)",
		listSep:        ", ",
		takesSep:       "; ",
		lastWins:       "Son hamleyi yapan kazanır.",
		lastLoses:      "Son hamleyi yapan kaybeder.",
		helpKayles:     "Bir lobutun numarasını (4) ya da yan yana iki lobutun numaralarını (4 5 veya 4-5) yazın; dilerseniz şu komutlardan birini kullanın: hint (ipucu), undo (geri al), rules (kurallar), quit (çıkış).",
		helpRows:       "Devirmek istediğiniz yan yana lobutların numaralarını yazın (4, 4 5 ya da 4-5); dilerseniz şu komutlardan birini kullanın: hint (ipucu), undo (geri al), rules (kurallar), quit (çıkış).",
		helpRowsMany:   "Önce sıranın numarasını, iki nokta üst üste ve o sırada devrilecek yan yana lobutları yazın (2:4 ya da 2:4 5); dilerseniz şu komutlardan birini kullanın: hint (ipucu), undo (geri al), rules (kurallar), quit (çıkış).",
		helpNim:        "Önce yığının numarasını, sonra o yığından alınacak taş sayısını yazın (3 2 yazarsanız 3. yığından 2 taş alınır); dilerseniz şu komutlardan birini kullanın: hint (ipucu), undo (geri al), rules (kurallar), quit (çıkış).",
		prompt:         "Hamleniz: ",
		youFirst:       "İlk hamle sizin.",
		computerFirst:  "İlk hamleyi bilgisayar yapıyor.",
		computerKnock:  "Bilgisayar %s devirdi.",
		computerTake:   "Bilgisayar %[1]d. yığından %[2]s aldı.",
		youWin:         "Kazandınız! Tebrikler.",
		computerWins:   "Bilgisayar kazandı.",
		hintWin:        "İpucu: %s devirin. Rakibiniz ne yaparsa yapsın bu hamle kazandırır.",
		hintLose:       "İpucu: %s devirin. Kusursuz oynayan bir rakibe karşı kazandıran bir hamle yok; ama bu hamle rakibinize hata yapması için en çok fırsatı bırakır.",
		hintWinNim:     "İpucu: %[1]d. yığından %[2]s alın. Rakibiniz ne yaparsa yapsın bu hamle kazandırır.",
		hintLoseNim:    "İpucu: %[1]d. yığından %[2]s alın. Kusursuz oynayan bir rakibe karşı kazandıran bir hamle yok; ama bu hamle rakibinize hata yapması için en çok fırsatı bırakır.",
		hintGuess:      "İpucu: %s devirin. Konum tam olarak hesaplanamayacak kadar büyük; bu, ayrılan sürede bulunan en iyi hamle.",
		hintGuessNim:   "İpucu: %[1]d. yığından %[2]s alın. Konum tam olarak hesaplanamayacak kadar büyük; bu, ayrılan sürede bulunan en iyi hamle.",
		undone:         "Son hamleniz geri alındı.",
		nothingToUndo:  "Henüz geri alınacak bir hamle yok.",
		bye:            "Hoşça kalın.",
		endOfInput:     "Girdi sona erdi; oyun burada bitiyor.",
		notUnderstood:  "%q anlaşılamadı.",
		errTooMany:     "Bir seferde en fazla %s devirebilirsiniz.",
		errNoSuchRow:   "%d numaralı sıra yok; sıra numaraları 1 ile %d arasındadır.",
		errNoSuchPin:   "%d numaralı lobut yok; lobut numaraları 1 ile %d arasındadır.",
		errPinDown:     "%d numaralı lobut zaten devrilmiş.",
		errNotSide:     "%d ve %d numaralı lobutlar yan yana değil.",
		errNotSideMany: "Bu lobutlar yan yana değil.",
		errSamePin:     "Aynı lobutu iki kez yazdınız.",
		errRules:       "Bu oyunun kuralları o hamleye izin vermiyor: %s.",
		errNoSuchHeap:  "%d numaralı yığın yok; yığın numaraları 1 ile %d arasındadır.",
		errTakeNone:    "En az bir taş almalısınız.",
		errTakeTooMany: "%d. yığında yalnızca %s var.",
		errHeapEmpty:   "%d. yığın boş.",
		row:            "%d. sıra",
		pin1:           "%d. lobutu",
		pin2:           "%d. ve %d. lobutları",
		pinRange:       "%d. ile %d. arasındaki lobutları",
		inRow:          "%[2]d. sıradaki %[1]s",
		pinOne:         "1 lobut",
		pinsN:          "%d lobut",
		heap:           "%d. yığın",
		object1:        "1 taş",
		objects:        "%d taş",
		badFlag:        "-%[2]s için geçersiz değer: %[1]q; şunlardan birini seçin: %[3]s",
		hint:           []string{"ipucu"},
		undo:           []string{"geri al", "geri"},
		rules:          []string{"kurallar"},
		quit:           []string{"çıkış", "çık", "cikis"},
	},
}
