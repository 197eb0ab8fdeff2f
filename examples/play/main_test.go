package main

import (
	"context"
	"fmt"
	"reflect"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/octalgames/kayles"
	"github.com/octalgames/kayles/table"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// play runs the program with args and a script of lines, and returns its exit code and output.
func play(t *testing.T, script string, args ...string) (int, string) {
	t.Helper()
	var out strings.Builder
	code := run(args, strings.NewReader(script), &out)
	return code, out.String()
}

// lines returns the output's lines without their trailing spaces.
func lines(out string) []string {
	ls := strings.Split(out, "\n")
	for i, l := range ls {
		ls[i] = strings.TrimRight(l, " ")
	}
	return ls
}

var verb = regexp.MustCompile(`%(\[\d+\])?[a-z]`)

// verbs returns the argument each verb of a format takes, as "index:verb", sorted; %q and %s
// count as the same verb, since languages quote differently.
func verbs(format string) []string {
	var vs []string
	next := 1
	for _, m := range verb.FindAllStringSubmatch(format, -1) {
		i := next
		if m[1] != "" {
			fmt.Sscanf(m[1], "[%d]", &i)
		}
		next = i + 1
		v := m[0][len(m[0])-1:]
		if v == "q" {
			v = "s"
		}
		vs = append(vs, fmt.Sprintf("%d:%s", i, v))
	}
	slices.Sort(vs)
	return vs
}

// TestTextsComplete checks that every language has every text, with the same arguments as the
// English one.
func TestTextsComplete(t *testing.T) {
	require.ElementsMatch(t, []string{"en", "fr", "ja", "tr"}, slices.Collect(mapsKeys(languages)))
	en := reflect.ValueOf(*languages["en"])
	for name, tx := range languages {
		v := reflect.ValueOf(*tx)
		for i := range v.NumField() {
			f := v.Type().Field(i)
			if f.Type.Kind() != reflect.String {
				continue
			}
			s := v.Field(i).String()
			assert.NotEmpty(t, s, "%s: %s", name, f.Name)
			assert.Equal(t, verbs(en.Field(i).String()), verbs(s), "%s: %s = %q", name, f.Name, s)
		}
		for _, words := range [][]string{tx.hint, tx.undo, tx.rules, tx.quit} {
			for _, w := range words {
				_, isNumber := numbers(w)
				assert.False(t, isNumber, "%s: command %q reads as a move", name, w)
				assert.Equal(t, strings.ToLower(w), w, "%s: commands are matched in lower case", name)
			}
		}
	}
}

func mapsKeys[V any](m map[string]V) func(func(string) bool) {
	return func(yield func(string) bool) {
		for k := range m {
			if !yield(k) {
				return
			}
		}
	}
}

var langs = []string{"en", "fr", "ja", "tr"}

func hintText(tx *texts, m table.Move) string {
	if m.Count == 2 {
		return fmt.Sprintf(tx.hintWin, fmt.Sprintf(tx.pin2, m.Pin, m.Pin+1))
	}
	return fmt.Sprintf(tx.hintWin, fmt.Sprintf(tx.pin1, m.Pin))
}

// knocked returns the message of the computer knocking down pin at a table of one row.
func knocked(tx *texts, pin int) string {
	return fmt.Sprintf(tx.computerKnock, fmt.Sprintf(tx.pin1, pin))
}

// TestKaylesRejectedMoves plays every kind of rejected move, the commands, a move and the
// computer's reply, in each language.
func TestKaylesRejectedMoves(t *testing.T) {
	ctx := context.Background()
	fresh, err := table.New(table.KaylesSetup(table.Normal, table.Small))
	require.NoError(t, err)
	hint, _, err := fresh.Hint(ctx)
	require.NoError(t, err)
	require.NoError(t, fresh.Play(0, table.Move{Row: 1, Pin: 4, Count: 1}))
	reply, _, _, err := table.Computer{Level: table.Perfect, Seed: 1}.Choose(ctx, fresh)
	require.NoError(t, err)
	require.Equal(t, 1, reply.Count)
	script := "9\n4 4\n1 3\n1 2 3\nx\n0\nundo\nhint\n4\n4\nundo\nrules\nquit\n"
	for _, lang := range langs {
		tx := languages[lang]
		code, out := play(t, script, "-size", "small", "-seed", "1", "-lang", lang)
		assert.Equal(t, 0, code)
		want := []string{
			tx.title, tx.rulesKayles, tx.youFirst,
			"  |  |  |  |  |  |  |",
			"  1  2  3  4  5  6  7",
			tx.prompt + "9",
			fmt.Sprintf(tx.errNoSuchPin, 9, 7),
			tx.prompt + "4 4",
			tx.errSamePin,
			fmt.Sprintf(tx.errNotSide, 1, 3),
			fmt.Sprintf(tx.errTooMany, fmt.Sprintf(tx.pinsN, 2)),
			fmt.Sprintf(tx.notUnderstood, "x"),
			fmt.Sprintf(tx.errNoSuchPin, 0, 7),
			tx.nothingToUndo,
			hintText(tx, hint),
			tx.prompt + "4",
			"  |  |  |  .  |  |  |",
			knocked(tx, reply.Pin),
			fmt.Sprintf(tx.errPinDown, 4),
			tx.undone,
			tx.prompt + "rules",
			tx.prompt + "quit",
			tx.bye,
		}
		ls := lines(out)
		at := 0
		for _, w := range want {
			i := slices.Index(ls[at:], w)
			require.GreaterOrEqual(t, i, 0, "%s: %q missing after line %d of\n%s", lang, w, at, out)
			at += i
		}
		assert.Equal(t, tx.bye, ls[len(ls)-2], "%s: the game ends after quit", lang)
		assert.Equal(t, 2, strings.Count(out, tx.rulesKayles), "%s: the rules at the start and on request", lang)
		// The row is full again after undo.
		undone := strings.Index(out, tx.undone)
		assert.Contains(t, out[undone:], "  |  |  |  |  |  |  |")
	}
}

func TestKaylesYouWin(t *testing.T) {
	for _, lang := range langs {
		tx := languages[lang]
		// The middle of three pins; the computer knocks one end; the other end wins.
		code, out := play(t, "2\n1\n3\n", "-size", "3", "-lang", lang, "-level", "random", "-seed", "5")
		assert.Equal(t, 0, code)
		ls := lines(out)
		assert.Equal(t, tx.youWin, ls[len(ls)-2], "%s:\n%s", lang, out)
		assert.Equal(t, "  .  .  .", ls[len(ls)-4])
		assert.True(t, strings.Contains(out, knocked(tx, 1)) != strings.Contains(out, knocked(tx, 3)))
		assert.True(t, strings.Contains(out, fmt.Sprintf(tx.errPinDown, 1)) || strings.Contains(out, fmt.Sprintf(tx.errPinDown, 3)))
		assert.NotContains(t, out, tx.endOfInput)
	}
}

func TestKaylesComputerWins(t *testing.T) {
	script := "3\n" + strings.Repeat("1\n2\n3\n4\n5\n6\n", 4)
	for _, lang := range langs {
		tx := languages[lang]
		code, out := play(t, script, "-size", "6", "-first", "computer", "-level", "symmetry", "-lang", lang)
		assert.Equal(t, 0, code)
		assert.Contains(t, out, tx.computerFirst)
		assert.Contains(t, out, fmt.Sprintf(tx.computerKnock, fmt.Sprintf(tx.pin2, 3, 4)), "%s: symmetry opens in the middle", lang)
		ls := lines(out)
		assert.Equal(t, tx.computerWins, ls[len(ls)-2], "%s:\n%s", lang, out)
		assert.Contains(t, out, fmt.Sprintf(tx.errPinDown, 3))
	}
}

func TestNimGames(t *testing.T) {
	for _, lang := range langs {
		tx := languages[lang]
		// Misère: heaps 1 and 2. After 1:1 the computer leaves one object, which the person must take.
		code, out := play(t, "0 1\n3 1\n1 0\n1 5\n1\nhint\n1 1\n1 1\n2 1\n", "-game", "nim", "-heaps", "1,2", "-lang", lang)
		assert.Equal(t, 0, code)
		for _, w := range []string{
			tx.titleNim,
			tx.rulesNimMisere,
			"  " + fmt.Sprintf(tx.heap, 1) + ": |  1",
			"  " + fmt.Sprintf(tx.heap, 2) + ": ||  2",
			fmt.Sprintf(tx.errNoSuchHeap, 0, 2),
			fmt.Sprintf(tx.errNoSuchHeap, 3, 2),
			tx.errTakeNone,
			fmt.Sprintf(tx.errTakeTooMany, 1, tx.object1),
			fmt.Sprintf(tx.notUnderstood, "1"),
			tx.helpNim,
			fmt.Sprintf(tx.hintWinNim, 2, fmt.Sprintf(tx.objects, 2)),
			fmt.Sprintf(tx.computerTake, 2, tx.object1),
			fmt.Sprintf(tx.errHeapEmpty, 1),
		} {
			assert.Contains(t, lines(out), w, "%s:\n%s", lang, out)
		}
		assert.NotContains(t, out, tx.title, "%s: the Kayles title in a game of Nim", lang)
		ls := lines(out)
		assert.Equal(t, tx.computerWins, ls[len(ls)-2], "%s: whoever takes the last object loses\n%s", lang, out)

		// Normal play: take the whole heap and win.
		code, out = play(t, "1 3\n", "-game", "nim", "-heaps", "3", "-normal", "-lang", lang)
		assert.Equal(t, 0, code)
		assert.Contains(t, out, tx.rulesNimNormal)
		ls = lines(out)
		assert.Equal(t, tx.youWin, ls[len(ls)-2], "%s:\n%s", lang, out)
	}
}

func TestLocalCommands(t *testing.T) {
	for lang, script := range map[string]string{
		"fr": "indice\nannuler\nrègles\nquitter\n",
		"ja": "ヒント\n待った\nルール\n終了\n",
		"tr": "ipucu\ngeri al\nkurallar\nçıkış\n",
		"en": "HINT\nUndo\nrules\nquit\n",
	} {
		tx := languages[lang]
		code, out := play(t, script, "-lang", lang, "-seed", "3")
		assert.Equal(t, 0, code)
		assert.Contains(t, out, strings.SplitN(tx.hintWin, "%", 2)[0], lang) // "Hint: " and the like
		assert.Contains(t, out, tx.nothingToUndo, lang)
		assert.Equal(t, 2, strings.Count(out, tx.rulesKayles), lang)
		assert.Contains(t, out, tx.bye, lang)
		for _, line := range strings.Split(script, "\n") {
			assert.NotContains(t, out, fmt.Sprintf(tx.notUnderstood, line), lang)
		}
	}
}

func TestEndOfInput(t *testing.T) {
	for _, lang := range langs {
		code, out := play(t, "", "-lang", lang)
		assert.Equal(t, 0, code)
		ls := lines(out)
		assert.Equal(t, languages[lang].endOfInput, ls[len(ls)-2])
		code, out = play(t, "4\n", "-lang", lang, "-game", "nim")
		assert.Equal(t, 0, code)
		assert.Contains(t, out, languages[lang].endOfInput)
	}
}

func TestBadFlags(t *testing.T) {
	for _, args := range [][]string{
		{"-size", "0"}, {"-size", "huge"}, {"-size", "1001"}, {"-first", "nobody"}, {"-level", "genius"},
		{"-game", "chess"}, {"-game", "nim", "-heaps", "1,x"}, {"-game", "nim", "-heaps", ""},
		{"-game", "nim", "-heaps", "0"}, {"-lang", "de"}, {"-unknown"}, {"small"}, {"-size", "small", "nim"},
		{"-game", "0.9x"}, {"-game", "0.8"}, {"-game", "4.7"}, {"-rows", "7,x"}, {"-rows", "0"}, {"-level", "human"},
		{"-game", "0.77", "-heaps", "3"},
		{"-rows", "7,7", "-size", "large"}, {"-heaps", "3", "-rows", "7"}, {"-normal", "-misere"},
	} {
		code, out := play(t, "1\n", args...)
		assert.Equal(t, 2, code, "%v", args)
		assert.NotEmpty(t, out, "%v", args)
		assert.NotContains(t, out, languages["en"].title, "%v: no game is played", args)
		assert.NotContains(t, out, languages["en"].titleNim, "%v: no game is played", args)
	}
	code, out := play(t, "1\n", "-h")
	assert.Equal(t, 0, code, "-h asks for the usage, which is no error")
	assert.Contains(t, out, "-level")
	assert.NotContains(t, out, languages["en"].title, "-h: no game is played")
	_, out = play(t, "", "-size", "0", "-lang", "fr")
	assert.Equal(t, `valeur "0" invalide pour -size ; choisissez small, medium, large, 1-1000`+"\n", out)
}

func TestSizes(t *testing.T) {
	for size, n := range map[string]int{"small": 7, "medium": 10, "large": 13, "": 10, "20": 20} {
		args := []string{"-seed", "1"}
		if size != "" {
			args = append(args, "-size", size)
		}
		_, out := play(t, "", args...)
		nums := ""
		width := len(fmt.Sprint(n)) + 2
		for p := 1; p <= n; p++ {
			nums += fmt.Sprintf("%*d", width, p)
		}
		assert.Contains(t, lines(out), nums, "size %q", size)
	}
}

func TestSameSeedSameGame(t *testing.T) {
	script := strings.Repeat("1\n2\n3\n4\n5\n6\n7\n8\n9\n10\n11\n12\n13\n", 3)
	games := map[string]bool{}
	for seed := range 4 {
		args := []string{"-size", "large", "-level", "random", "-first", "computer", "-seed", fmt.Sprint(seed + 1)}
		_, a := play(t, script, args...)
		_, b := play(t, script, args...)
		assert.Equal(t, a, b, "seed %d", seed+1)
		games[a] = true
	}
	assert.Greater(t, len(games), 1, "different seeds make different games")
}

// TestLostHintsAndNimUndo checks the hints of a lost position and undo in Nim, in each language.
func TestLostHintsAndNimUndo(t *testing.T) {
	ctx := context.Background()
	tb, err := table.New(table.Setup{Start: []int{table.Small}, Seats: [2]table.Level{table.Perfect, table.Human}, Seed: 8})
	require.NoError(t, err)
	_, _, err = tb.PlayComputer(ctx)
	require.NoError(t, err)
	m, v, err := tb.Hint(ctx)
	require.NoError(t, err)
	require.Equal(t, table.Loses, v)
	nt, _ := table.NewNim(table.Misere)
	nm, winning, err := nt.Hint(ctx)
	require.NoError(t, err)
	require.False(t, winning)
	heap, count := nm.Index, nm.Count
	for _, lang := range langs {
		tx := languages[lang]
		_, out := play(t, "hint\n", "-size", "small", "-first", "computer", "-seed", "8", "-lang", lang)
		assert.Contains(t, lines(out), fmt.Sprintf(tx.hintLose, fmt.Sprintf(tx.pin1, m.Pin)), lang)

		_, out = play(t, "hint\n1 1\nundo\nquit\n", "-game", "nim", "-lang", lang)
		ls := lines(out)
		assert.Contains(t, ls, fmt.Sprintf(tx.hintLoseNim, heap, tx.count(count)), lang)
		undone := slices.Index(ls, tx.undone)
		require.Greater(t, undone, 0, lang)
		assert.Equal(t, "  "+fmt.Sprintf(tx.heap, 1)+": |  1", ls[undone+2], "%s: heap 1 is back after undo", lang)
		assert.Equal(t, tx.prompt+"quit", ls[undone+6], lang)
	}
}

// TestOtherGames plays Dawson's Kayles on two rows, misère Kayles, Officers and a subtraction
// code on heaps, with the rejected moves of each, in each language.
func TestOtherGames(t *testing.T) {
	ctx := context.Background()
	dawsons, err := table.New(table.Setup{Rules: kayles.DawsonsKayles, Start: []int{4, 5}})
	require.NoError(t, err)
	require.NoError(t, dawsons.Play(0, table.Move{Row: 2, Pin: 1, Count: 2}))
	reply, _, _, err := table.Computer{Level: table.Perfect, Seed: 3}.Choose(ctx, dawsons)
	require.NoError(t, err)
	require.Equal(t, table.Move{Row: 1, Pin: 3, Count: 2}, reply, "the script below is written for this reply")
	for _, lang := range langs {
		tx := languages[lang]
		code, out := play(t, "2:1\n1 2\n3:1\n2:1 2\n1:9\n2:3 5\n1:1 3\n1:1 2 3\nquit\n", "-game", "dawsons", "-rows", "4,5", "-seed", "3", "-lang", lang)
		assert.Equal(t, 0, code)
		ls := lines(out)
		for _, w := range []string{
			fmt.Sprintf(tx.titleGame, "Dawson's Kayles"),
			fmt.Sprintf(tx.rulesRows, "Dawson's Kayles", "0.07",
				fmt.Sprintf(tx.takeWhere, fmt.Sprintf(tx.pinsN, 2), strings.Join([]string{tx.whereWholeRow, tx.whereEnd, tx.whereInside}, tx.listSep)), tx.lastWins),
			tx.helpRowsMany,
			fmt.Sprintf(tx.row, 1), "  |  |  |  |", fmt.Sprintf(tx.row, 2), "  |  |  |  |  |",
			fmt.Sprintf(tx.errRules, fmt.Sprintf(tx.takeWhere, tx.pinOne, tx.whereEnd)),
			fmt.Sprintf(tx.notUnderstood, "1 2"),
			fmt.Sprintf(tx.errNoSuchRow, 3, 2),
			"  .  .  |  |  |",
			fmt.Sprintf(tx.computerKnock, fmt.Sprintf(tx.inRow, fmt.Sprintf(tx.pin2, reply.Pin, reply.Pin+1), reply.Row)),
			fmt.Sprintf(tx.errNoSuchPin, 9, 4),
			fmt.Sprintf(tx.errNotSide, 3, 5),
			fmt.Sprintf(tx.errPinDown, 3),
			fmt.Sprintf(tx.errTooMany, fmt.Sprintf(tx.pinsN, 2)),
			tx.bye,
		} {
			assert.Contains(t, ls, w, "%s:\n%s", lang, out)
		}
		assert.NotContains(t, out, tx.title, "%s: the title of normal Kayles", lang)

		// Misère Kayles: knocking down the last pin loses.
		code, out = play(t, "1 2\n", "-size", "3", "-misere", "-level", "random", "-seed", "1", "-lang", lang)
		assert.Equal(t, 0, code)
		ls = lines(out)
		assert.Equal(t, fmt.Sprintf(tx.titleGame, "Kayles"), ls[0], lang)
		assert.True(t, strings.HasSuffix(ls[1], tx.lastLoses), "%s: %s", lang, ls[1])
		assert.Equal(t, tx.youWin, ls[len(ls)-2], "%s: the computer knocked down the last pin\n%s", lang, out)

		// Officers takes one pin, never a lone one: after pin 2 of four, the computer takes pin 3
		// or 4 and wins with two lone pins standing.
		code, out = play(t, "2\n", "-game", "officers", "-size", "4", "-seed", "2", "-lang", lang)
		assert.Equal(t, 0, code)
		ls = lines(out)
		assert.Equal(t, tx.computerWins, ls[len(ls)-2], "%s:\n%s", lang, out)
		assert.Equal(t, 2, strings.Count(ls[len(ls)-4], "|"), "%s:\n%s", lang, out)

		// A subtraction game on heaps: take 1, 2 or 3.
		code, out = play(t, "1 4\n1 2\nquit\n", "-game", "0.333", "-heaps", "4,6", "-seed", "2", "-lang", lang)
		assert.Equal(t, 0, code)
		ls = lines(out)
		assert.Contains(t, ls, fmt.Sprintf(tx.titleGame, fmt.Sprintf(tx.theGame, "0.333")), lang)
		assert.Contains(t, ls, fmt.Sprintf(tx.errRules, fmt.Sprintf(tx.takeWhere, fmt.Sprintf(tx.objects, 4), tx.whereWholeHeap)), lang)
		assert.Contains(t, ls, "  "+fmt.Sprintf(tx.heap, 1)+": ||  2", lang)
	}
}

// TestGamesPlayedOut plays whole games of several rule sets on two rows of 5 pins, the person
// typing every move of up to three pins in turn (refused ones change nothing, and each round
// of them plays at least one), and checks that each game ends with a winner.
func TestGamesPlayedOut(t *testing.T) {
	var round strings.Builder
	for r := 1; r <= 2; r++ {
		for p := 1; p <= 5; p++ {
			fmt.Fprintf(&round, "%d:%d\n%d:%d %d\n%d:%d %d %d\n", r, p, r, p, p+1, r, p, p+1, p+2)
		}
	}
	script := "hint\n" + strings.Repeat(round.String(), 10)
	for _, args := range [][]string{
		{"-game", "dawsons", "-rows", "5,5"},
		{"-game", "guiles", "-rows", "5,5", "-misere"},
		{"-game", "0.137", "-rows", "5,5"},
	} {
		code, out := play(t, script, append(args, "-level", "random", "-seed", "4")...)
		assert.Equal(t, 0, code, "%v", args)
		ls := lines(out)
		assert.Contains(t, []string{languages["en"].youWin, languages["en"].computerWins}, ls[len(ls)-2], "%v:\n%s", args, out)
	}
}

// TestPinDownFirst checks that a pin already down is named before pins that are not side by
// side, in the order the library's Kayles.Knock checks them, in each language.
func TestPinDownFirst(t *testing.T) {
	ctx := context.Background()
	fresh, err := table.New(table.KaylesSetup(table.Normal, table.Small))
	require.NoError(t, err)
	require.NoError(t, fresh.Play(0, table.Move{Row: 1, Pin: 4, Count: 1}))
	reply, _, _, err := table.Computer{Level: table.Perfect, Seed: 1}.Choose(ctx, fresh)
	require.NoError(t, err)
	far := 6 // a standing pin not next to 4
	if reply.Pin <= 6 && 6 < reply.Pin+reply.Count {
		far = 1
	}
	// The reference: the library's own order of checks.
	k, err := table.NewKayles(table.Normal, 7)
	require.NoError(t, err)
	require.NoError(t, k.Knock(4))
	require.ErrorIs(t, k.Knock(4, far), table.ErrPinDown)
	require.ErrorIs(t, k.Knock(far, 4), table.ErrPinDown)
	for _, lang := range langs {
		tx := languages[lang]
		script := fmt.Sprintf("4\n4 %d\n%d 4\n4 4\nquit\n", far, far)
		code, out := play(t, script, "-size", "small", "-seed", "1", "-lang", lang)
		assert.Equal(t, 0, code)
		assert.Equal(t, 3, strings.Count(out, fmt.Sprintf(tx.errPinDown, 4)), "%s:\n%s", lang, out)
		assert.NotContains(t, out, fmt.Sprintf(tx.errNotSide, 4, far), lang)
		assert.NotContains(t, out, tx.errSamePin, lang)
	}
}

// TestRefusedSetups checks that a start with no legal move, a layout flag that does not apply
// to the game and an empty item of a list are refused with a message that says so, rather
// than played at once or ignored.
func TestRefusedSetups(t *testing.T) {
	for _, c := range []struct {
		args []string
		msg  string
	}{
		{[]string{"-game", "0."}, "-game 0. with -size medium: the first player has no legal move, so there is no game to play; choose another game or a larger start\n"},
		{[]string{"-game", "0.6", "-size", "1"}, "-game 0.6 with -size 1: the first player has no legal move"},
		{[]string{"-game", "0.6", "-rows", "1,1"}, "-game 0.6 with -rows 1,1: the first player has no legal move"},
		{[]string{"-game", "0.1", "-heaps", "2,3"}, "-game 0.1 with -heaps 2,3: the first player has no legal move"},
		{[]string{"-game", "nim", "-rows", "3,4"}, "-rows does not apply to -game nim, which is played on heaps: -size and -rows lay out rows of pins; give -heaps\n"},
		{[]string{"-game", "0.[3]", "-size", "5"}, "-size does not apply to -game 0.[3], which is played on heaps"},
		{[]string{"-rows", "7,,7"}, `invalid value "7,,7" for -rows`},
		{[]string{"-rows", "7,"}, `invalid value "7," for -rows`},
		{[]string{"-game", "nim", "-heaps", ",3"}, `invalid value ",3" for -heaps`},
	} {
		code, out := play(t, "1\n", c.args...)
		assert.Equal(t, 2, code, "%v", c.args)
		assert.True(t, strings.HasPrefix(out, c.msg), "%v: %q", c.args, out)
		assert.NotContains(t, out, languages["en"].computerWins, "%v: no game is played", c.args)
	}
	// Spaces still separate numbers, and 0.6 on two pins has a move.
	for _, args := range [][]string{{"-rows", "7, 7"}, {"-rows", "3 4"}, {"-game", "0.6", "-size", "2"}} {
		code, out := play(t, "quit\n", args...)
		assert.Equal(t, 0, code, "%v: %s", args, out)
		assert.Contains(t, out, languages["en"].bye, "%v", args)
	}
}

// TestHintPastLimit checks the hint of a position too large to search (misère Dawson's Kayles
// on 1000 pins): a move is offered, in the words that say it is the best found, not proven.
func TestHintPastLimit(t *testing.T) {
	for _, lang := range []string{"en", "ja"} {
		tx := languages[lang]
		_, out := play(t, "hint\nquit\n", "-game", "dawsons", "-misere", "-size", "1000", "-lang", lang)
		prefix, _, _ := strings.Cut(tx.hintGuess, "%s")
		found := false
		for _, l := range lines(out) {
			found = found || strings.Contains(l, prefix) && strings.Contains(l, strings.TrimPrefix(tx.hintGuess, prefix+"%s"))
		}
		assert.True(t, found, "%s: no unproven hint in\n%s", lang, out)
	}
}
