// Command play plays Kayles, or Standard Nim, against the computer in the terminal.
//
//	go run ./examples/play [-size small|medium|large|N] [-first you|computer]
//		[-level perfect|symmetry|random] [-seed N] [-game kayles|nim]
//		[-heaps 1,3,5,7] [-normal] [-lang en|fr|ja|tr]
//
// Type a pin (4), two pins side by side (4 5 or 4-5), or for Nim a heap and a count (3 2);
// or hint, undo, rules or quit. Input may be piped: the game ends cleanly at end of input.
package main

import (
	"bufio"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/octalgames/kayles/table"
)

// This file implements the terminal game: flags, the game loop, drawing the table, and every
// text the game prints in English, French, Japanese and Turkish.

func main() {
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout))
}

// run plays one game with the given command-line arguments, reading the player's lines from in
// and writing everything to out. It returns the exit code: 0 after a game, a quit, the end of
// input or -h, 2 for bad flags or arguments, 1 if the computer chose an illegal move (a bug).
func run(args []string, in io.Reader, out io.Writer) int {
	fs := flag.NewFlagSet("play", flag.ContinueOnError)
	fs.SetOutput(out)
	size := fs.String("size", "medium", "Kayles row: small (7 pins), medium (10), large (13), or a number of pins")
	first := fs.String("first", "you", "who moves first: you or computer")
	level := fs.String("level", "perfect", "computer level: perfect, symmetry or random")
	seed := fs.Uint64("seed", 0, "random seed for the computer (0: from the clock)")
	game := fs.String("game", "kayles", "game: kayles or nim")
	heaps := fs.String("heaps", "1,3,5,7", "Nim heaps, separated by commas")
	normal := fs.Bool("normal", false, "Nim in normal play (whoever takes the last object wins); misère play otherwise")
	lang := fs.String("lang", "en", "language: en, fr, ja or tr")
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return 0 // -h asked for the usage, which the flag package has printed
		}
		return 2
	}
	if fs.NArg() > 0 {
		// Like the flag package's own messages, this one is in English.
		fmt.Fprintf(out, "unexpected arguments: %q; every setting is a flag\n", fs.Args())
		fs.Usage()
		return 2
	}
	tx, ok := languages[*lang]
	if !ok {
		fmt.Fprintf(out, languages["en"].badFlag+"\n", *lang, "lang", "en, fr, ja, tr")
		return 2
	}
	bad := func(value, name, choices string) int {
		fmt.Fprintf(out, tx.badFlag+"\n", value, name, choices)
		return 2
	}
	if *first != "you" && *first != "computer" {
		return bad(*first, "first", "you, computer")
	}
	if *seed == 0 {
		*seed = uint64(time.Now().UnixNano())
	}
	rng := newRand(*seed)
	var opp table.Opponent
	switch *level {
	case "perfect":
		opp = table.NewPerfect(rng)
	case "symmetry":
		opp = table.NewSymmetry(rng)
	case "random":
		opp = table.NewRandom(rng)
	default:
		return bad(*level, "level", "perfect, symmetry, random")
	}
	g := &session{tx: tx, opp: opp, out: out, human: 0}
	if *first == "computer" {
		g.human = 1
	}
	switch *game {
	case "kayles":
		n, ok := map[string]int{"small": table.Small, "medium": table.Medium, "large": table.Large}[*size]
		if !ok {
			n, _ = strconv.Atoi(*size)
		}
		t, err := table.NewKayles(table.Normal, n)
		if err != nil {
			return bad(*size, "size", "small, medium, large, 1-"+strconv.Itoa(table.MaxPins))
		}
		g.play = &kaylesGame{t: t}
	case "nim":
		var hs []int
		for _, f := range strings.FieldsFunc(*heaps, func(r rune) bool { return r == ',' || r == ' ' }) {
			h, err := strconv.Atoi(f)
			if err != nil {
				return bad(*heaps, "heaps", "1,3,5,7")
			}
			hs = append(hs, h)
		}
		conv := table.Misere
		if *normal {
			conv = table.Normal
		}
		t, err := table.NewNim(conv, hs...)
		if err != nil || len(hs) == 0 {
			return bad(*heaps, "heaps", "1,3,5,7")
		}
		g.play = &nimGame{t: t}
	default:
		return bad(*game, "game", "kayles, nim")
	}
	return g.run(in)
}

// newRand returns the computer's random source for a seed.
func newRand(seed uint64) *rand.Rand { return rand.New(rand.NewPCG(seed, seed^0x9e3779b97f4a7c15)) }

// session is one game between the player and the computer.
type session struct {
	tx    *texts
	opp   table.Opponent
	out   io.Writer
	human int // the player number of the person: 0 moves first
	play  game
}

// game is what the game loop needs of a Kayles or a Nim table.
type game interface {
	title(tx *texts) string
	rules(tx *texts) string
	help(tx *texts) string
	draw(w io.Writer, tx *texts)
	player() int
	winner() (int, bool)
	moves() int
	undo() error
	computer(ctx context.Context, opp table.Opponent, tx *texts) (string, error) // plays the computer's move and says what it was
	hint(ctx context.Context, tx *texts) (string, error)
	move(line string, tx *texts) (msg string, understood bool) // plays the person's move; msg says why not
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
	g.say("%s", g.play.title(tx))
	g.say("%s", g.play.rules(tx))
	g.say("%s", g.play.help(tx))
	if g.human == 0 {
		g.say("%s", tx.youFirst)
	} else {
		g.say("%s", tx.computerFirst)
	}
	for {
		g.say("")
		g.play.draw(g.out, tx)
		if winner, over := g.play.winner(); over {
			if winner == g.human {
				g.say("%s", tx.youWin)
			} else {
				g.say("%s", tx.computerWins)
			}
			return 0
		}
		if g.play.player() != g.human {
			msg, err := g.play.computer(context.Background(), g.opp, tx)
			if err != nil { // an opponent failed or chose an illegal move: a bug in the library
				g.say("%v", err)
				return 1
			}
			g.say("%s", msg)
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
		g.say("%s", g.play.rules(tx))
		g.say("%s", g.play.help(tx))
		return false, false
	case is("hint", tx.hint):
		msg, err := g.play.hint(context.Background(), tx)
		if err != nil { // the hints do not fail without a deadline
			msg = err.Error()
		}
		g.say("%s", msg)
		return false, false
	case is("undo", tx.undo):
		// Take back the person's last move and every computer move after it.
		if g.play.moves() <= g.human {
			g.say("%s", tx.nothingToUndo)
			return false, false
		}
		for g.play.undo() == nil {
			if g.play.player() == g.human {
				break
			}
		}
		g.say("%s", tx.undone)
		return true, false
	}
	msg, understood := g.play.move(line, tx)
	switch {
	case !understood:
		g.say(tx.notUnderstood, line)
		g.say("%s", g.play.help(tx))
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

type kaylesGame struct{ t *table.Kayles }

func (k *kaylesGame) title(tx *texts) string { return tx.title }
func (k *kaylesGame) rules(tx *texts) string { return tx.rulesKayles }
func (k *kaylesGame) help(tx *texts) string  { return tx.helpKayles }
func (k *kaylesGame) player() int            { return k.t.Player() }
func (k *kaylesGame) winner() (int, bool)    { return k.t.Winner() }
func (k *kaylesGame) moves() int             { return len(k.t.History()) }
func (k *kaylesGame) undo() error            { return k.t.Undo() }

// draw draws the row with each pin's number under it:
//
//	|  |  .  |
//	1  2  3  4
func (k *kaylesGame) draw(w io.Writer, _ *texts) {
	n := k.t.Size()
	width := len(strconv.Itoa(n)) + 2
	var pins, nums strings.Builder
	for p := 1; p <= n; p++ {
		mark := "."
		if k.t.Standing(p) {
			mark = "|"
		}
		fmt.Fprintf(&pins, "%*s", width, mark)
		fmt.Fprintf(&nums, "%*d", width, p)
	}
	fmt.Fprintln(w, pins.String())
	fmt.Fprintln(w, nums.String())
}

func (k *kaylesGame) computer(ctx context.Context, opp table.Opponent, tx *texts) (string, error) {
	m, _, err := opp.ChooseKayles(ctx, k.t)
	if err != nil {
		return "", err
	}
	if err := k.t.Play(m); err != nil {
		return "", err
	}
	if m.Pair {
		return fmt.Sprintf(tx.computerKnock2, m.Pin, m.Pin+1), nil
	}
	return fmt.Sprintf(tx.computerKnock1, m.Pin), nil
}

func (k *kaylesGame) hint(ctx context.Context, tx *texts) (string, error) {
	m, winning, err := k.t.Hint(ctx)
	switch {
	case err != nil:
		return "", err
	case m.Pair:
		return fmt.Sprintf(tx.hintWin2, m.Pin, m.Pin+1), nil // a move of two pins is never a losing hint
	case winning:
		return fmt.Sprintf(tx.hintWin1, m.Pin), nil
	}
	return fmt.Sprintf(tx.hintLose1, m.Pin), nil
}

func (k *kaylesGame) move(line string, tx *texts) (string, bool) {
	pins, ok := numbers(line)
	if !ok {
		return "", false
	}
	err := k.t.Knock(pins...)
	var ke *table.KnockError
	if err == nil || !errors.As(err, &ke) {
		return "", true
	}
	switch {
	case errors.Is(err, table.ErrNoPins):
		return tx.errNoPins, true
	case errors.Is(err, table.ErrTooManyPins):
		return tx.errTooMany, true
	case errors.Is(err, table.ErrNoSuchPin):
		return fmt.Sprintf(tx.errNoSuchPin, ke.Pin, ke.Size), true
	case errors.Is(err, table.ErrPinDown):
		return fmt.Sprintf(tx.errPinDown, ke.Pin), true
	case errors.Is(err, table.ErrNotSideBySide) && pins[0] == pins[1]:
		return tx.errSamePin, true
	case errors.Is(err, table.ErrNotSideBySide):
		return fmt.Sprintf(tx.errNotSide, pins[0], pins[1]), true
	}
	return err.Error(), true
}

type nimGame struct{ t *table.Nim }

func (m *nimGame) title(tx *texts) string { return tx.titleNim }

func (m *nimGame) rules(tx *texts) string {
	if m.t.Convention() == table.Misere {
		return tx.rulesNimMisere
	}
	return tx.rulesNimNormal
}
func (m *nimGame) help(tx *texts) string { return tx.helpNim }
func (m *nimGame) player() int           { return m.t.Player() }
func (m *nimGame) winner() (int, bool)   { return m.t.Winner() }
func (m *nimGame) moves() int            { return len(m.t.History()) }
func (m *nimGame) undo() error           { return m.t.Undo() }

// draw draws each heap on a line, as a bar of up to 40 marks and its count:
//
//	Heap 1: |  1
//	Heap 2: |||  3
func (m *nimGame) draw(w io.Writer, tx *texts) {
	for i, h := range m.t.Heaps() {
		bar := strings.Repeat("|", min(h, 40))
		if h > 40 {
			bar += "..."
		}
		fmt.Fprintf(w, "  %s: %s  %d\n", fmt.Sprintf(tx.heap, i+1), bar, h)
	}
}

func (tx *texts) count(n int) string {
	if n == 1 {
		return tx.object1
	}
	return fmt.Sprintf(tx.objects, n)
}

func (m *nimGame) computer(ctx context.Context, opp table.Opponent, tx *texts) (string, error) {
	move, _, err := opp.ChooseNim(ctx, m.t)
	if err != nil {
		return "", err
	}
	if err := m.t.Play(move); err != nil {
		return "", err
	}
	return fmt.Sprintf(tx.computerTake, move.Index, tx.count(move.Count)), nil
}

func (m *nimGame) hint(ctx context.Context, tx *texts) (string, error) {
	move, winning, err := m.t.Hint(ctx)
	switch {
	case err != nil:
		return "", err
	case winning:
		return fmt.Sprintf(tx.hintWinNim, move.Index, tx.count(move.Count)), nil
	}
	return fmt.Sprintf(tx.hintLoseNim, move.Index, tx.count(move.Count)), nil
}

func (m *nimGame) move(line string, tx *texts) (string, bool) {
	ns, ok := numbers(line)
	if !ok || len(ns) != 2 {
		return "", false
	}
	err := m.t.Take(ns[0], ns[1])
	var te *table.TakeError
	if err == nil || !errors.As(err, &te) {
		return "", true
	}
	switch {
	case errors.Is(err, table.ErrNoSuchHeap):
		return fmt.Sprintf(tx.errNoSuchHeap, te.Index, te.Heaps), true
	case errors.Is(err, table.ErrTakeNone):
		return tx.errTakeNone, true
	case errors.Is(err, table.ErrTakeTooMany) && te.Left == 0:
		return fmt.Sprintf(tx.errHeapEmpty, te.Index), true
	case errors.Is(err, table.ErrTakeTooMany):
		return fmt.Sprintf(tx.errTakeTooMany, te.Index, tx.count(te.Left)), true
	}
	return err.Error(), true
}

// texts holds every sentence the game prints, in one language. Formats take the numbers in the
// order of their verbs; %[n] picks the nth argument where a language needs another order.
type texts struct {
	title          string // the first line, for Kayles
	titleNim       string // the first line, for Nim
	rulesKayles    string
	rulesNimMisere string
	rulesNimNormal string
	helpKayles     string // how to type a move and the commands
	helpNim        string
	prompt         string
	youFirst       string
	computerFirst  string
	computerKnock1 string // pin
	computerKnock2 string // pin, pin
	computerTake   string // heap, objects (from objects)
	youWin         string
	computerWins   string
	hintWin1       string // pin
	hintWin2       string // pin, pin
	hintLose1      string // pin
	hintWinNim     string // heap, objects
	hintLoseNim    string // heap, objects
	undone         string
	nothingToUndo  string
	bye            string
	endOfInput     string
	notUnderstood  string // the input, as typed
	errNoPins      string
	errTooMany     string
	errNoSuchPin   string // pin, size
	errPinDown     string // pin
	errNotSide     string // pin, pin
	errSamePin     string
	errNoSuchHeap  string // heap, heaps
	errTakeNone    string
	errTakeTooMany string // heap, objects
	errHeapEmpty   string // heap
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
		rulesKayles:    "Rules: the pins stand in one row, numbered from the left. On your turn, knock down one standing pin, or two standing pins side by side. Two pins with a fallen pin between them are not side by side. Whoever knocks down the last pin wins.",
		rulesNimMisere: "Rules of Nim: there are several heaps of objects. On your turn, take one or more objects from a single heap. Whoever takes the last object loses.",
		rulesNimNormal: "Rules of Nim: there are several heaps of objects. On your turn, take one or more objects from a single heap. Whoever takes the last object wins.",
		helpKayles:     "Type a pin (4) or two pins side by side (4 5 or 4-5), or one of: hint, undo, rules, quit.",
		helpNim:        "Type a heap and how many objects to take from it (3 2 takes 2 from heap 3), or one of: hint, undo, rules, quit.",
		prompt:         "Your move: ",
		youFirst:       "You move first.",
		computerFirst:  "The computer moves first.",
		computerKnock1: "The computer knocks down pin %d.",
		computerKnock2: "The computer knocks down pins %d and %d.",
		computerTake:   "The computer takes %[2]s from heap %[1]d.",
		youWin:         "You win! Well played.",
		computerWins:   "The computer wins.",
		hintWin1:       "Hint: knock down pin %d. This move wins whatever your opponent does.",
		hintWin2:       "Hint: knock down pins %d and %d. This move wins whatever your opponent does.",
		hintLose1:      "Hint: knock down pin %d. No move wins against perfect play, but this one leaves your opponent the most ways to go wrong.",
		hintWinNim:     "Hint: take %[2]s from heap %[1]d. This move wins whatever your opponent does.",
		hintLoseNim:    "Hint: take %[2]s from heap %[1]d. No move wins against perfect play, but this one leaves your opponent the most ways to go wrong.",
		undone:         "Your last move is taken back.",
		nothingToUndo:  "There is nothing to undo yet.",
		bye:            "Goodbye.",
		endOfInput:     "End of input: the game stops here.",
		notUnderstood:  "I do not understand %q.",
		errNoPins:      "Choose one pin, or two pins side by side.",
		errTooMany:     "You may knock down one pin, or two pins side by side, but no more.",
		errNoSuchPin:   "There is no pin %d: the pins are numbered 1 to %d.",
		errPinDown:     "Pin %d is already down.",
		errNotSide:     "Pins %d and %d are not side by side.",
		errSamePin:     "That is the same pin twice.",
		errNoSuchHeap:  "There is no heap %d: the heaps are numbered 1 to %d.",
		errTakeNone:    "Take at least one object.",
		errTakeTooMany: "Heap %d holds only %s.",
		errHeapEmpty:   "Heap %d is empty.",
		heap:           "Heap %d",
		object1:        "1 object",
		objects:        "%d objects",
		badFlag:        "invalid value %q for -%s; choose %s",
	},
	"fr": {
		title:          "Jeu de quilles (Kayles) : celui qui renverse la dernière quille gagne.",
		titleNim:       "Le jeu de Nim contre l'ordinateur.",
		rulesKayles:    "Règles : les quilles sont alignées sur une seule rangée, numérotées à partir de la gauche. À votre tour, renversez une quille debout, ou deux quilles debout côte à côte. Deux quilles séparées par une quille tombée ne sont pas côte à côte. Celui qui renverse la dernière quille gagne.",
		rulesNimMisere: "Règles du jeu de Nim : il y a plusieurs tas d'objets. À votre tour, prenez un ou plusieurs objets dans un seul tas. Celui qui prend le dernier objet perd.",
		rulesNimNormal: "Règles du jeu de Nim : il y a plusieurs tas d'objets. À votre tour, prenez un ou plusieurs objets dans un seul tas. Celui qui prend le dernier objet gagne.",
		helpKayles:     "Tapez le numéro d'une quille (4) ou de deux quilles côte à côte (4 5 ou 4-5), ou bien : hint (indice), undo (annuler), rules (règles), quit (quitter).",
		helpNim:        "Tapez le numéro d'un tas puis le nombre d'objets à y prendre (3 2 prend 2 objets dans le tas 3), ou bien : hint (indice), undo (annuler), rules (règles), quit (quitter).",
		prompt:         "Votre coup : ",
		youFirst:       "Vous commencez.",
		computerFirst:  "L'ordinateur commence.",
		computerKnock1: "L'ordinateur renverse la quille %d.",
		computerKnock2: "L'ordinateur renverse les quilles %d et %d.",
		computerTake:   "L'ordinateur prend %[2]s dans le tas %[1]d.",
		youWin:         "Vous avez gagné ! Bien joué.",
		computerWins:   "L'ordinateur a gagné.",
		hintWin1:       "Indice : renversez la quille %d. Ce coup gagne, quoi que fasse votre adversaire.",
		hintWin2:       "Indice : renversez les quilles %d et %d. Ce coup gagne, quoi que fasse votre adversaire.",
		hintLose1:      "Indice : renversez la quille %d. Aucun coup ne gagne contre un jeu parfait, mais celui-ci laisse à votre adversaire le plus d'occasions de se tromper.",
		hintWinNim:     "Indice : prenez %[2]s dans le tas %[1]d. Ce coup gagne, quoi que fasse votre adversaire.",
		hintLoseNim:    "Indice : prenez %[2]s dans le tas %[1]d. Aucun coup ne gagne contre un jeu parfait, mais celui-ci laisse à votre adversaire le plus d'occasions de se tromper.",
		undone:         "Votre dernier coup est annulé.",
		nothingToUndo:  "Il n'y a encore rien à annuler.",
		bye:            "Au revoir.",
		endOfInput:     "Fin de l'entrée : la partie s'arrête ici.",
		notUnderstood:  "Je ne comprends pas %q.",
		errNoPins:      "Choisissez une quille, ou deux quilles côte à côte.",
		errTooMany:     "Vous pouvez renverser une quille, ou deux quilles côte à côte, mais pas davantage.",
		errNoSuchPin:   "Il n'y a pas de quille n° %d : les quilles sont numérotées de 1 à %d.",
		errPinDown:     "La quille %d est déjà tombée.",
		errNotSide:     "Les quilles %d et %d ne sont pas côte à côte.",
		errSamePin:     "C'est deux fois la même quille.",
		errNoSuchHeap:  "Il n'y a pas de tas n° %d : les tas sont numérotés de 1 à %d.",
		errTakeNone:    "Prenez au moins un objet.",
		errTakeTooMany: "Le tas %d ne contient que %s.",
		errHeapEmpty:   "Le tas %d est vide.",
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
		rulesKayles:    "ルール：ピンが一列に並んでいて、左から順に番号が付いています。自分の番には、立っているピンを1本、または隣り合って立っているピンを2本倒します。間に倒れたピンがある2本は、隣り合っているとはみなしません。最後のピンを倒した人の勝ちです。",
		rulesNimMisere: "ニムのルール：石の山がいくつかあります。自分の番には、どれか1つの山から石を1個以上取ります。最後の石を取った人の負けです。",
		rulesNimNormal: "ニムのルール：石の山がいくつかあります。自分の番には、どれか1つの山から石を1個以上取ります。最後の石を取った人の勝ちです。",
		helpKayles:     "ピンの番号（4）か、隣り合う2本のピンの番号（4 5 または 4-5）を入力してください。hint（ヒント）、undo（待った）、rules（ルール）、quit（終了）も使えます。",
		helpNim:        "山の番号と、そこから取る石の数を入力してください（3 2 なら3番の山から2個取ります）。hint（ヒント）、undo（待った）、rules（ルール）、quit（終了）も使えます。",
		prompt:         "あなたの番です：",
		youFirst:       "あなたが先手です。",
		computerFirst:  "コンピューターが先手です。",
		computerKnock1: "コンピューターは%d番のピンを倒しました。",
		computerKnock2: "コンピューターは%d番と%d番のピンを倒しました。",
		computerTake:   "コンピューターは%[1]d番の山から石を%[2]s取りました。",
		youWin:         "あなたの勝ちです！お見事でした。",
		computerWins:   "コンピューターの勝ちです。",
		hintWin1:       "ヒント：%d番のピンを倒しましょう。相手がどう応じても勝てる手です。",
		hintWin2:       "ヒント：%d番と%d番のピンを倒しましょう。相手がどう応じても勝てる手です。",
		hintLose1:      "ヒント：%d番のピンを倒しましょう。相手が最善を尽くせば勝てる手はありませんが、この手なら相手が間違える余地がいちばん多く残ります。",
		hintWinNim:     "ヒント：%[1]d番の山から石を%[2]s取りましょう。相手がどう応じても勝てる手です。",
		hintLoseNim:    "ヒント：%[1]d番の山から石を%[2]s取りましょう。相手が最善を尽くせば勝てる手はありませんが、この手なら相手が間違える余地がいちばん多く残ります。",
		undone:         "あなたの最後の手を取り消しました。",
		nothingToUndo:  "まだ取り消せる手がありません。",
		bye:            "さようなら。",
		endOfInput:     "入力が終わったので、ここでゲームを終了します。",
		notUnderstood:  "「%s」は理解できません。",
		errNoPins:      "ピンを1本、または隣り合う2本を選んでください。",
		errTooMany:     "一度に倒せるのは、ピン1本か、隣り合う2本までです。",
		errNoSuchPin:   "%d番のピンはありません。ピンの番号は1から%dまでです。",
		errPinDown:     "%d番のピンはもう倒れています。",
		errNotSide:     "%d番と%d番のピンは隣り合っていません。",
		errSamePin:     "同じピンを2回指定しています。",
		errNoSuchHeap:  "%d番の山はありません。山の番号は1から%dまでです。",
		errTakeNone:    "石を1個以上取ってください。",
		errTakeTooMany: "%d番の山には石が%sしかありません。",
		errHeapEmpty:   "%d番の山は空です。",
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
		rulesKayles:    "Kurallar: Lobutlar tek sıra hâlinde dizilidir ve soldan başlayarak numaralanmıştır. Sırası gelen oyuncu ayakta duran bir lobutu ya da yan yana duran iki lobutu devirir. Aralarında devrilmiş bir lobut bulunan iki lobut yan yana sayılmaz. Son lobutu deviren kazanır.",
		rulesNimMisere: "Nim kuralları: Birkaç taş yığını vardır. Sırası gelen oyuncu tek bir yığından bir ya da daha fazla taş alır. Son taşı alan kaybeder.",
		rulesNimNormal: "Nim kuralları: Birkaç taş yığını vardır. Sırası gelen oyuncu tek bir yığından bir ya da daha fazla taş alır. Son taşı alan kazanır.",
		helpKayles:     "Bir lobutun numarasını (4) ya da yan yana iki lobutun numaralarını (4 5 veya 4-5) yazın; dilerseniz şu komutlardan birini kullanın: hint (ipucu), undo (geri al), rules (kurallar), quit (çıkış).",
		helpNim:        "Önce yığının numarasını, sonra o yığından alınacak taş sayısını yazın (3 2 yazarsanız 3. yığından 2 taş alınır); dilerseniz şu komutlardan birini kullanın: hint (ipucu), undo (geri al), rules (kurallar), quit (çıkış).",
		prompt:         "Hamleniz: ",
		youFirst:       "İlk hamle sizin.",
		computerFirst:  "İlk hamleyi bilgisayar yapıyor.",
		computerKnock1: "Bilgisayar %d. lobutu devirdi.",
		computerKnock2: "Bilgisayar %d. ve %d. lobutları devirdi.",
		computerTake:   "Bilgisayar %[1]d. yığından %[2]s aldı.",
		youWin:         "Kazandınız! Tebrikler.",
		computerWins:   "Bilgisayar kazandı.",
		hintWin1:       "İpucu: %d. lobutu devirin. Rakibiniz ne yaparsa yapsın bu hamle kazandırır.",
		hintWin2:       "İpucu: %d. ve %d. lobutları devirin. Rakibiniz ne yaparsa yapsın bu hamle kazandırır.",
		hintLose1:      "İpucu: %d. lobutu devirin. Kusursuz oynayan bir rakibe karşı kazandıran bir hamle yok; ama bu hamle rakibinize hata yapması için en çok fırsatı bırakır.",
		hintWinNim:     "İpucu: %[1]d. yığından %[2]s alın. Rakibiniz ne yaparsa yapsın bu hamle kazandırır.",
		hintLoseNim:    "İpucu: %[1]d. yığından %[2]s alın. Kusursuz oynayan bir rakibe karşı kazandıran bir hamle yok; ama bu hamle rakibinize hata yapması için en çok fırsatı bırakır.",
		undone:         "Son hamleniz geri alındı.",
		nothingToUndo:  "Henüz geri alınacak bir hamle yok.",
		bye:            "Hoşça kalın.",
		endOfInput:     "Girdi sona erdi; oyun burada bitiyor.",
		notUnderstood:  "%q anlaşılamadı.",
		errNoPins:      "Bir lobut ya da yan yana iki lobut seçin.",
		errTooMany:     "Bir seferde bir lobut ya da yan yana iki lobut devirebilirsiniz, daha fazlasını değil.",
		errNoSuchPin:   "%d numaralı lobut yok; lobut numaraları 1 ile %d arasındadır.",
		errPinDown:     "%d numaralı lobut zaten devrilmiş.",
		errNotSide:     "%d ve %d numaralı lobutlar yan yana değil.",
		errSamePin:     "Aynı lobutu iki kez yazdınız.",
		errNoSuchHeap:  "%d numaralı yığın yok; yığın numaraları 1 ile %d arasındadır.",
		errTakeNone:    "En az bir taş almalısınız.",
		errTakeTooMany: "%d. yığında yalnızca %s var.",
		errHeapEmpty:   "%d. yığın boş.",
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
