// Command misere answers questions about misère play, where whoever cannot move wins (in
// Kayles: whoever knocks down the last pin loses), for any octal game and position.
//
// Usage:
//
//	misere                                  the tour: Kayles rows of 7, 10 and 13 pins
//	misere -code 0.07 -position "25 30"     the misère outcome, a winning move and the genus
//	misere -code 0.137 -position 3+5+7 -timeout 10s -steps 100000000
//	misere -quotient -code 0.75 -n 30           the misère quotient of heaps up to 30
//	misere -quotient -code 0.75 -position "30 41 1000"
//	misere -quotient -code 0.07 -n 30 -quotient-steps 68719476736   Siegel's 360 elements
//	misere -quotient -code 0.75 -n 30 -save r8.txt             the quotient's text form to a file
//	misere -compare r8.txt other.txt                 whether two saved quotients are isomorphic
//
// With -position it prints the misère outcome of the position in the game -code (default
// Kayles, 0.77), a winning move or that the position is lost, and the genus and the misère
// canonical form in CGSuite's notation (kayles.Octal.MisereCanonical) when they are cheap
// (within 65536 search steps, and a form of at most 200 characters). Without -position it prints, for rows of 7, 10 and 13 tokens, who
// wins and every winning move in normal and in misère play.
//
// With -quotient it prints the misère quotient of the game restricted to heaps of at most -n
// (Plambeck and Siegel): its order, P-portion, presentation, the heaps where it grew, its
// kernel, and the period of Φ when one is proven; with -position as well it answers the
// position through the quotient, in time linear in the heaps. The whole quotient takes at
// most -quotient-steps steps (Limits.Steps, each quotient step counting eight); Dawson's
// Kayles to heap 30 needs more than the default. With -save it writes the quotient's text form
// (kayles.Quotient.String) to a file; -compare reads two such files, verifies each against
// the rules of its code (kayles.ParseQuotient) and says whether the two quotients are
// isomorphic as bipartite monoids (kayles.Quotient.Isomorphic): the quotients of two games
// can be, under other names of their generators.
//
// Misère Kayles and Nim are answered by their rules; other games through a misère quotient
// when the package finds one cheaply (within -steps steps), and otherwise by a search whose
// time grows exponentially with the tokens, of at most -steps steps (one per move examined).
// The answer says which. A question past that gets "beyond the limit" and the limit instead
// of an answer. -timeout ends the tool within a second of its deadline: a question whose call
// has not stopped half a second after it is given up, and the tool says so.
//
// Exit status:
//
//	0  the question is answered
//	1  a failure, or Ctrl-C
//	2  bad flags, code or position (with a usage message)
//	3  a limit stopped it: beyond -steps, or -timeout ran out
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"iter"
	"os"
	"os/signal"
	"strings"
	"sync"
	"syscall"
	"time"

	"github.com/octalgames/kayles"
)

// This file implements the misere example program.

// Exit statuses; the command's doc comment says when each is returned.
const (
	exitOK    = 0
	exitFail  = 1
	exitUsage = 2
	exitLimit = 3
)

// genusSteps is the most search steps the genus may take to be shown: a fraction of a second
// (the genus of a row of 30 Kayles pins fits, in about 0.4s on the project's machine).
const genusSteps = 1 << 16

// errTimeout is the cause of the context that -timeout ends, which tells it from Ctrl-C.
var errTimeout = errors.New("-timeout ran out")

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	os.Exit(run(ctx, os.Args[1:], os.Stdout, os.Stderr))
}

// run is the command: it reads the flags into a question, bounds ctx by -timeout, and asks.
func run(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	q, status := parseFlags(args, stderr)
	if q == nil {
		return status
	}
	if q.timeout > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeoutCause(ctx, q.timeout, errTimeout)
		defer cancel()
	}
	return q.ask(ctx, stdout, stderr)
}

// A question is what the flags ask: the game (with its limits), and the position, the
// quotient, or the tour.
type question struct {
	o        *kayles.Octal
	p        kayles.Position
	position bool // -position was given: p is the question, else the tour
	quotient bool // -quotient: the quotient of the heaps of at most heaps first
	heaps    int
	save     string   // -save: the file the quotient's text form goes to
	compare  []string // -compare: the two quotient files to compare, instead of the rest
	timeout  time.Duration
}

// parseFlags reads the flags. It returns the question, or nil and the exit status after it
// wrote the usage message (or the help that -h asks for).
func parseFlags(args []string, stderr io.Writer) (*question, int) {
	fs := flag.NewFlagSet("misere", flag.ContinueOnError)
	fs.SetOutput(stderr)
	code := fs.String("code", "0.77", "the octal code of the game, such as 0.07 (Dawson's Kayles) or 0.137")
	position := fs.String("position", "", `the position: heap sizes separated by spaces, commas or +, such as "30 41" (none: the tour)`)
	timeout := fs.Duration("timeout", 0, "stop after this long, with exit status 3 (0: no time limit)")
	steps := fs.Int64("steps", kayles.DefaultSearchSteps, "the most search steps (moves examined) one misère search may take")
	quotient := fs.Bool("quotient", false, "compute the misère quotient of the heaps of at most -n (and answer -position through it)")
	heaps := fs.Int("n", 30, "with -quotient, the largest heap of the quotient")
	qsteps := fs.Int64("quotient-steps", kayles.DefaultSteps, "with -quotient, the most steps the quotient may take (Limits.Steps; a quotient step counts eight)")
	save := fs.String("save", "", "with -quotient, write the quotient's text form to this file (for -compare)")
	compare := fs.Bool("compare", false, "read the two quotient files given as arguments (written by -save) and say whether they are isomorphic")
	fs.Usage = func() {
		fmt.Fprint(fs.Output(), `usage: misere [-code CODE] [-position HEAPS] [-timeout D] [-steps N] [-quotient [-n N] [-quotient-steps N] [-save FILE]]
       misere -compare FILE1 FILE2
prints the misère outcome of a position, a winning move and the genus when it is cheap; without
-position, who wins rows of 7, 10 and 13 and the winning moves, in normal and in misère play.
exit status: 0 answered; 1 a failure or Ctrl-C; 2 bad flags, code or position;
3 stopped at a limit (beyond -steps, or -timeout ran out)
`)
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return nil, exitOK
		}
		return nil, exitUsage
	}
	usage := func(msg string) (*question, int) {
		fmt.Fprintln(stderr, "misere: "+msg)
		fs.Usage()
		return nil, exitUsage
	}
	if *compare && fs.NArg() != 2 {
		return usage("-compare takes two quotient files")
	}
	if !*compare && fs.NArg() > 0 {
		return usage(fmt.Sprintf("unexpected arguments %q", fs.Args()))
	}
	if *save != "" && !*quotient {
		return usage("-save needs -quotient")
	}
	if *timeout < 0 {
		return usage("-timeout must be a positive duration, such as 10s, or 0 for none")
	}
	if *steps < 1 {
		return usage("-steps must be at least 1")
	}
	if *qsteps < 1 {
		return usage("-quotient-steps must be at least 1")
	}
	o, err := kayles.ParseOctal(*code)
	if err != nil {
		return usage(err.Error())
	}
	if *quotient && *heaps < 0 {
		return usage("-n must be at least 0")
	}
	q := &question{o: o.WithLimits(kayles.Limits{SearchSteps: *steps, Steps: *qsteps}),
		position: *position != "", quotient: *quotient, heaps: *heaps, save: *save, timeout: *timeout}
	if *compare {
		q.compare = fs.Args()
	}
	if q.position {
		if q.p, err = kayles.ParsePosition(*position); err != nil {
			return usage(err.Error())
		}
	}
	return q, exitOK
}

// ask answers the question on stdout and returns the exit status. After ctx is done it waits
// giveUp for the answer, then stops without it, saying why on stderr.
func (q *question) ask(ctx context.Context, stdout, stderr io.Writer) int {
	// The answers are written through gates that close when the question is given up, so that
	// a call still under way writes nothing after the tool has said why it stopped.
	out, errOut := &gate{w: stdout}, &gate{w: stderr}
	a := &answerer{ctx: ctx, o: q.o, out: out, errOut: errOut, timeout: q.timeout}
	done := make(chan int, 1)
	go func() {
		if q.compare != nil {
			done <- a.compare(q.compare)
			return
		}
		if q.quotient {
			if st := a.quotient(q.heaps, q.save); st != exitOK || !q.position {
				done <- st
				return
			}
		}
		if !q.position {
			done <- a.tour()
			return
		}
		done <- a.answer(q.p)
	}()
	select {
	case st := <-done:
		return st
	case <-ctx.Done():
	}
	// The library returns within about 100 ms of ctx; past giveUp, the tool does not wait.
	t := time.NewTimer(giveUp)
	defer t.Stop()
	select {
	case st := <-done:
		return st
	case <-t.C:
	}
	out.close()
	errOut.close()
	if errors.Is(context.Cause(ctx), errTimeout) {
		fmt.Fprintf(stderr, "misere: stopped after %v (-timeout) before the answer was known; raise -timeout, or ask about a smaller position\n", q.timeout)
		return exitLimit
	}
	fmt.Fprintln(stderr, "misere: interrupted before the answer was known")
	return exitFail
}

// giveUp is how long the tool waits, after -timeout or Ctrl-C, for a question to stop before
// it stops without its answer: the library's calls return within about 100 ms of their
// context, and -timeout ends the tool within a second.
var giveUp = 500 * time.Millisecond

// A gate writes to w until it is closed, and nothing after. It is safe for concurrent use.
type gate struct {
	mu     sync.Mutex
	w      io.Writer
	closed bool
}

func (g *gate) Write(b []byte) (int, error) {
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.closed {
		return len(b), nil
	}
	return g.w.Write(b)
}

func (g *gate) close() {
	g.mu.Lock()
	g.closed = true
	g.mu.Unlock()
}

// An answerer writes the answers about one game to out, and says on errOut why it stopped
// when it could not answer.
type answerer struct {
	ctx         context.Context
	o           *kayles.Octal
	out, errOut io.Writer
	timeout     time.Duration
}

// quotient writes the misère quotient of the heaps of at most n, and stores it in a.o so that
// the answers about a position come through it; with a file to save to, it writes the text
// form there.
func (a *answerer) quotient(n int, save string) int {
	q, err := a.o.Quotient(a.ctx, n)
	if q != nil {
		if _, _, ok := q.Period(); ok {
			fmt.Fprintf(a.out, "%s, misère quotient of the whole game (Φ proven periodic with the heaps up to %d):\n", a.o, q.Heaps())
		} else {
			fmt.Fprintf(a.out, "%s, misère quotient of the heaps of at most %d:\n", a.o, q.Heaps())
		}
		fmt.Fprintf(a.out, "  order %d, P-portion of %d, kernel of %d, tame: %v\n", q.Order(), len(q.PPortion()), len(q.Kernel()), q.Tame())
		for _, line := range strings.Split(strings.TrimSpace(q.Presentation()), "\n") {
			fmt.Fprintln(a.out, "  "+line)
		}
		fmt.Fprintf(a.out, "  changes (heap:order):")
		for _, c := range q.Changes() {
			fmt.Fprintf(a.out, " %d:%d", c.Heap, c.Order)
		}
		fmt.Fprintln(a.out)
		if n0, p, ok := q.Period(); ok {
			fmt.Fprintf(a.out, "  Φ is periodic from heap %d with period %d (proven): this is the quotient of the whole game\n", n0, p)
		}
		a.o.UseQuotient(q)
	}
	if err != nil {
		return a.fail("quotient", fmt.Sprintf("the misère quotient of %s to heap %d", a.o, n), err)
	}
	if save != "" {
		if err := os.WriteFile(save, []byte(q.String()), 0o644); err != nil {
			fmt.Fprintln(a.errOut, "misere:", err)
			return exitFail
		}
		fmt.Fprintf(a.out, "  saved to %s\n", save)
	}
	return exitOK
}

// compare reads the quotients of two files (verifying each) and writes whether they are
// isomorphic as bipartite monoids.
func (a *answerer) compare(files []string) int {
	var qs []*kayles.Quotient
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			fmt.Fprintln(a.errOut, "misere:", err)
			return exitFail
		}
		q, err := kayles.ParseQuotient(a.ctx, string(b))
		if err != nil {
			var pe *kayles.ParseError
			if errors.As(err, &pe) {
				fmt.Fprintf(a.errOut, "misere: %s: %v\n", f, err)
				return exitFail
			}
			return a.fail("quotient", "the verification of the quotient in "+f, err)
		}
		pres, _, _ := strings.Cut(q.Presentation(), "\n")
		fmt.Fprintf(a.out, "%s: %s to heap %d, order %d, P-portion of %d\n  %s\n", f, q.Code(), q.Heaps(), q.Order(), len(q.PPortion()), pres)
		qs = append(qs, q)
	}
	iso, err := qs[0].Isomorphic(a.ctx, qs[1])
	if err != nil {
		return a.fail("isomorphic", "whether the two quotients are isomorphic", err)
	}
	if iso {
		fmt.Fprintln(a.out, "isomorphic: yes, the same bipartite monoid (products and P-portion) under other names")
	} else {
		fmt.Fprintln(a.out, "isomorphic: no")
	}
	return exitOK
}

// how says what answered the misère questions about p: a closed form, a quotient (stored with
// -quotient or computed by the package when cheap) or the search.
func (a *answerer) how(p kayles.Position) string {
	switch a.o.String() {
	case kayles.Kayles.String():
		return "by the Sibert–Conway rule"
	case kayles.Nim.String():
		return "by Bouton's rule"
	}
	if q := a.o.MisereQuotient(); q != nil && q.Covers(p) {
		if _, _, ok := q.Period(); ok {
			return fmt.Sprintf("through the misère quotient of the whole game (order %d)", q.Order())
		}
		return fmt.Sprintf("through the misère quotient of the heaps of at most %d (order %d)", q.Heaps(), q.Order())
	}
	return "by the search"
}

// answer writes the misère outcome of p, a winning move and the genus when it is cheap.
func (a *answerer) answer(p kayles.Position) int {
	fmt.Fprintf(a.out, "%s, position %s, misère play (whoever cannot move wins):\n", a.o, p)
	r, err := a.o.MisereOutcome(a.ctx, p)
	if err != nil {
		return a.fail("outcome", "the misère outcome of "+p.String()+" in "+a.o.String(), err)
	}
	if r == kayles.Previous {
		fmt.Fprintln(a.out, "  outcome: P, the player to move loses against perfect play")
		fmt.Fprintln(a.out, "  winning move: none, the position is lost")
	} else {
		fmt.Fprintln(a.out, "  outcome: N, the player to move wins")
		m, ok, err := a.o.MisereWinningMove(a.ctx, p)
		if err != nil {
			return a.fail("winning move", "a misère winning move in "+p.String()+" in "+a.o.String(), err)
		}
		if !ok {
			fmt.Fprintln(a.out, "  winning move: none needed, no move is left, so the player to move has won")
		} else {
			q, err := a.o.Play(p, m)
			if err != nil { // a winning move is legal: this would be a bug in the package
				fmt.Fprintln(a.errOut, "misere:", err)
				return exitFail
			}
			fmt.Fprintf(a.out, "  winning move: %s, leaving %s\n", m, q)
		}
	}
	fmt.Fprintln(a.out, "  answered "+a.how(p))
	g, err := a.o.WithLimits(kayles.Limits{SearchSteps: min(genusSteps, a.o.Limits().SearchSteps)}).Genus(a.ctx, p)
	var le *kayles.LimitError
	switch {
	case errors.As(err, &le):
		fmt.Fprintf(a.out, "  genus: not computed, it needs more than %d %s\n", le.Limit, le.Unit)
	case err != nil:
		return a.fail("genus", "the genus of "+p.String()+" in "+a.o.String(), err)
	default:
		fmt.Fprintf(a.out, "  genus: %s (normal value %d, misère value %d)\n", g, g.Normal, g.MisereValue())
	}
	c, err := a.o.WithLimits(kayles.Limits{SearchSteps: min(genusSteps, a.o.Limits().SearchSteps)}).MisereCanonical(a.ctx, p)
	switch {
	case errors.As(err, &le):
		fmt.Fprintf(a.out, "  misère canonical form: not computed, it needs more than %d %s\n", le.Limit, le.Unit)
	case err != nil:
		return a.fail("misère canonical form", "the misère canonical form of "+p.String()+" in "+a.o.String(), err)
	case len(c) > maxForm:
		fmt.Fprintf(a.out, "  misère canonical form: %d characters, not shown\n", len(c))
	default:
		fmt.Fprintf(a.out, "  misère canonical form: %s\n", c)
	}
	return exitOK
}

// maxForm is the longest misère canonical form shown: the forms of wild positions grow
// exponentially with the tokens.
const maxForm = 200

// tour writes who wins rows of 7, 10 and 13 and every winning move, in normal and in misère
// play.
func (a *answerer) tour() int {
	for _, n := range []int{7, 10, 13} {
		p := kayles.MustNewPosition(n)
		fmt.Fprintf(a.out, "row of %d pins:\n", n)
		r, err := a.o.Outcome(a.ctx, p)
		if err != nil {
			return a.fail("normal", "the outcome of "+p.String()+" in "+a.o.String(), err)
		}
		ms, err := a.o.WinningMoves(a.ctx, p)
		if err != nil {
			return a.fail("normal", "the winning moves in "+p.String()+" in "+a.o.String(), err)
		}
		fmt.Fprintf(a.out, "  normal: %s  %s\n", describe(r), moves(ms))
		r, err = a.o.MisereOutcome(a.ctx, p)
		if err != nil {
			return a.fail("misère", "the misère outcome of "+p.String()+" in "+a.o.String(), err)
		}
		ms, err = a.o.MisereWinningMoves(a.ctx, p)
		if err != nil {
			return a.fail("misère", "the misère winning moves in "+p.String()+" in "+a.o.String(), err)
		}
		fmt.Fprintf(a.out, "  misère: %s  %s\n", describe(r), moves(ms))
	}
	return exitOK
}

// fail writes, in place of the answer labelled label, why question has none, and returns the
// exit status.
func (a *answerer) fail(label, question string, err error) int {
	var le *kayles.LimitError
	switch {
	case errors.As(err, &le):
		advice := le.Advice
		if le.Unit == "search steps" {
			advice = fmt.Sprintf("ask about a smaller position, or raise -steps (now %d)", le.Limit)
		}
		msg := fmt.Sprintf("beyond the limit: %s needs more than %d %s", le.Question, le.Limit, le.Unit)
		if advice != "" {
			msg += "; " + advice
		}
		fmt.Fprintf(a.out, "  %s: %s\n", label, msg)
		return exitLimit
	case errors.Is(err, kayles.ErrTooLarge):
		fmt.Fprintf(a.out, "  %s: %v\n", label, err)
		return exitLimit
	case a.ctx.Err() != nil && errors.Is(err, a.ctx.Err()):
		fmt.Fprintf(a.out, "  %s: not known\n", label)
		if errors.Is(context.Cause(a.ctx), errTimeout) {
			fmt.Fprintf(a.errOut, "misere: stopped after %v (-timeout) before %s was known; raise -timeout, or ask about a smaller position\n", a.timeout, question)
			return exitLimit
		}
		fmt.Fprintf(a.errOut, "misere: interrupted before %s was known\n", question)
		return exitFail
	default:
		fmt.Fprintf(a.out, "  %s: not known\n", label)
		fmt.Fprintln(a.errOut, "misere:", err)
		return exitFail
	}
}

func describe(r kayles.Outcome) string {
	if r == kayles.Next {
		return "first player wins"
	}
	return "second player wins"
}

// moves lists the winning moves, each drawn as the row after it ('|' a pin, '.' a knocked pin).
func moves(seq iter.Seq[kayles.Move]) string {
	var out []string
	for m := range seq {
		out = append(out, m.String()+" "+draw(m))
	}
	if len(out) == 0 {
		return "(no winning move)"
	}
	return strings.Join(out, ", ")
}

func draw(m kayles.Move) string {
	var b strings.Builder
	for i, h := range m.Left {
		if i == len(m.Left)-1 { // the taken pins stand just before the last row left
			b.WriteString(strings.Repeat(".", m.Take))
		}
		b.WriteString(strings.Repeat("|", h))
	}
	if len(m.Left) == 0 {
		b.WriteString(strings.Repeat(".", m.Take))
	}
	return b.String()
}
