// Command octal computes the nim-values of an octal game far out, until a period is proven or a
// limit is reached, and reports what it found.
//
// Usage:
//
//	octal -code 0.16                      compute until the period is proven (or 2^24 values)
//	octal -code 0.6 -n 1048576 -json      the report as one JSON object
//	octal -code 0.77 -n 100 -print        the values G(0), G(1), ... one per line
//	octal -code 0.6 -timeout 1h           stop after an hour, with the report of what is done
//	octal -code 0.1777 -n 536870912 -checkpoint 1777.ck
//	octal -code 0.1777 -n 536870912 -resume 1777.ck -checkpoint 1777.ck
//	octal -classify -n 1048576            classify every code with 1 to 3 digits
//
// When standard error is a terminal, a live progress line goes there; otherwise (a log, CI) one
// progress line a minute does, with the values so far, the rate and, when -n is given, an
// estimate of the time left. Ctrl-C, and -timeout when it runs out, stop the run after writing
// the checkpoint (with -checkpoint) and the report of the values computed so far.
//
// Exit status:
//
//	0  the run is done: a period is proven, or -n values are computed
//	1  a failure: a checkpoint cannot be read or written, the output cannot be written,
//	   or the run was interrupted (Ctrl-C, SIGTERM)
//	2  bad flags or a bad code (with a usage message)
//	3  a limit stopped the run: -timeout ran out, or a value would exceed 65535,
//	   the largest the engine stores
package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"time"

	"github.com/octalgames/kayles"
)

// This file implements the octal command: long runs of the kayles engine from the shell.

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	fi, err := os.Stderr.Stat()
	terminal := err == nil && fi.Mode()&os.ModeCharDevice != 0
	os.Exit(run(ctx, os.Args[1:], os.Stdout, os.Stderr, terminal))
}

// jsonReport is the report as JSON: period, preperiod and saltus are null when no period is
// proven; saltus is 0 for a periodic game and s for an arithmetic-periodic one, G(n+p) = G(n)+s.
type jsonReport struct {
	Code           string  `json:"code"`
	Values         int     `json:"values"`
	Preperiod      *int    `json:"preperiod"`
	Period         *int    `json:"period"`
	Saltus         *int    `json:"saltus"`
	Mask           uint16  `json:"mask"`
	Parity         int     `json:"parity"`
	ParityFrom     int     `json:"parity_from"`
	RareCount      int     `json:"rare_count"`
	LastRare       int     `json:"last_rare"`
	MaxValue       int     `json:"max_value"`
	MaxAt          int     `json:"max_at"`
	TooLarge       bool    `json:"too_large"`
	ElapsedSeconds float64 `json:"elapsed_seconds"`
}

func toJSON(r kayles.Report) jsonReport {
	j := jsonReport{Code: r.Code, Values: r.Values, Mask: r.Mask, Parity: r.Parity, ParityFrom: r.ParityFrom,
		RareCount: r.RareCount, LastRare: r.LastRare, MaxValue: r.MaxValue, MaxAt: r.MaxAt,
		TooLarge: r.TooLarge, ElapsedSeconds: r.Elapsed.Seconds()}
	if r.Period.Period > 0 {
		n0, p, st := r.Period.Preperiod, r.Period.Period, r.Period.Saltus
		j.Preperiod, j.Period, j.Saltus = &n0, &p, &st
	}
	return j
}

func text(r kayles.Report) string {
	s := fmt.Sprintf("code %s: %d values in %.3fs; ", r.Code, r.Values, r.Elapsed.Seconds())
	if r.Period.Period > 0 {
		s += "proven " + r.Period.String()
	} else {
		s += "no period proven"
	}
	s += fmt.Sprintf("\nmask %#x parity %d (from %d): %d rare heaps, the last at %d\nlargest value %d, first at heap %d\n",
		r.Mask, r.Parity, r.ParityFrom, r.RareCount, r.LastRare, r.MaxValue, r.MaxAt)
	if r.TooLarge {
		s += "stopped: the next value would exceed 65535\n"
	}
	return s
}

// Exit statuses; the command's doc comment says when each is returned.
const (
	exitOK    = 0
	exitFail  = 1
	exitUsage = 2
	exitLimit = 3
)

// progressEvery is how often a progress line goes to standard error when it is not a terminal.
// Tests shorten it.
var progressEvery = time.Minute

// errTimeout is the cause of the context that -timeout ends, which tells it from Ctrl-C.
var errTimeout = errors.New("-timeout ran out")

func run(ctx context.Context, args []string, stdout, stderr io.Writer, terminal bool) int {
	fs := flag.NewFlagSet("octal", flag.ContinueOnError)
	fs.SetOutput(stderr)
	code := fs.String("code", "", "the octal code, such as 0.16 or 4.7 (required unless -classify)")
	n := fs.Int("n", kayles.DefaultRunLimit, "the most values to compute (at most 2^30)")
	printVals := fs.Bool("print", false, "write the values G(0), G(1), ... one per line to standard output (the report goes to standard error)")
	asJSON := fs.Bool("json", false, "write the report as one JSON object")
	checkpoint := fs.String("checkpoint", "", "write a checkpoint to this file every -every, on Ctrl-C, on -timeout and at the end")
	every := fs.Duration("every", 10*time.Minute, "how often to write the checkpoint")
	resume := fs.String("resume", "", "resume from this checkpoint file")
	timeout := fs.Duration("timeout", 0, "stop after this long, as Ctrl-C does but with exit status 3 (0: no time limit)")
	classify := fs.Bool("classify", false, "classify every code 0.d, 0.dd, 0.ddd, 4.d, 4.dd, 4.ddd (and 0.0, 4.0) up to -n values")
	jobs := fs.Int("j", runtime.GOMAXPROCS(0), "codes computed at once with -classify")
	fs.Usage = func() {
		fmt.Fprint(fs.Output(), `usage: octal -code CODE [-n N] [-print] [-json] [-timeout D] [-checkpoint FILE] [-resume FILE]
       octal -classify [-n N] [-j JOBS] [-timeout D]
exit status: 0 done (a period proven, or -n values computed); 1 a failure (a checkpoint,
the output) or Ctrl-C; 2 bad flags or code; 3 stopped at a limit (-timeout, or a value
above 65535, the largest the engine stores)
`)
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return exitOK
		}
		return exitUsage
	}
	usage := func(msg string) int {
		fmt.Fprintln(stderr, "octal: "+msg)
		fs.Usage()
		return exitUsage
	}
	nSet := false
	fs.Visit(func(f *flag.Flag) { nSet = nSet || f.Name == "n" })
	if fs.NArg() > 0 {
		return usage("unexpected arguments: " + fmt.Sprint(fs.Args()))
	}
	if *n < 1 || *n > kayles.MaxValues {
		return usage("-n must be between 1 and " + strconv.Itoa(kayles.MaxValues))
	}
	if *every <= 0 {
		return usage("-every must be a positive duration, such as 10m")
	}
	if *timeout < 0 {
		return usage("-timeout must be a positive duration, such as 2h, or 0 for none")
	}
	if *jobs < 1 {
		return usage("-j must be at least 1")
	}
	if *timeout > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeoutCause(ctx, *timeout, errTimeout)
		defer cancel()
	}
	if *classify {
		if *code != "" || *printVals || *asJSON || *checkpoint != "" || *resume != "" {
			return usage("-classify takes only -n, -j and -timeout")
		}
		return classifyAll(ctx, *n, *jobs, *timeout, stdout, stderr)
	}
	if *code == "" {
		return usage("-code is required")
	}
	o, err := kayles.ParseOctal(*code)
	if err != nil {
		return usage(err.Error())
	}
	opt := kayles.RunOptions{Limit: *n, Checkpoint: *checkpoint, CheckpointEvery: *every, Resume: *resume}
	if terminal {
		opt.Progress = func(p kayles.Progress) {
			fmt.Fprintf(stderr, "\r%s: %d values, %.0f values/s, %d rare, largest %d, %s   ",
				o, p.Values, p.Rate, p.Rare, p.MaxValue, p.Elapsed.Round(time.Second))
		}
	} else {
		opt.ProgressEvery = progressEvery
		opt.Progress = func(p kayles.Progress) {
			// Run also reports once at the end; a run shorter than one interval leaves no
			// progress line in the log, only its report.
			if p.Elapsed >= progressEvery {
				fmt.Fprintln(stderr, logLine(o, p, *n, nSet))
			}
		}
	}
	r, err := o.Run(ctx, opt)
	if terminal {
		fmt.Fprintln(stderr)
	}
	var ce *kayles.CheckpointError
	if errors.As(err, &ce) && r.Values == 0 {
		// A checkpoint to resume from was refused before anything was computed: a report of
		// no values would only hide the error.
		fmt.Fprintln(stderr, "octal:", err)
		return exitFail
	}
	out := stdout
	if *printVals {
		out = stderr
		// The values are cached by now, even when ctx is done: reading them needs no ctx.
		vals, verr := o.Values(context.WithoutCancel(ctx), r.Values)
		if verr != nil {
			fmt.Fprintln(stderr, "octal:", verr)
			return exitStatus(verr)
		}
		w := newLineWriter(stdout)
		for _, v := range vals {
			w.int(v)
		}
		if werr := w.flush(); werr != nil {
			fmt.Fprintln(stderr, "octal:", werr)
			return exitFail
		}
	}
	if *asJSON {
		b, _ := json.Marshal(toJSON(r))
		fmt.Fprintln(out, string(b))
	} else {
		fmt.Fprint(out, text(r))
	}
	switch {
	case err == nil && r.TooLarge:
		fmt.Fprintf(stderr, "octal: stopped at %d values: G(%d) would exceed 65535, the largest value the engine stores\n", r.Values, r.Values)
		return exitLimit
	case err == nil:
		return exitOK
	case ctx.Err() != nil && errors.Is(err, ctx.Err()):
		at := fmt.Sprintf("at %d values", r.Values)
		then := "resume with -resume " + *checkpoint
		if *checkpoint == "" {
			then = "add -checkpoint FILE to keep what is done for -resume"
		}
		if errors.Is(context.Cause(ctx), errTimeout) {
			if *checkpoint == "" {
				then = "raise -timeout, or " + then
			}
			fmt.Fprintf(stderr, "octal: stopped after %v (-timeout) %s; %s\n", *timeout, at, then)
			return exitLimit
		}
		fmt.Fprintf(stderr, "octal: interrupted %s; %s\n", at, then)
		return exitFail
	default:
		fmt.Fprintln(stderr, "octal:", err)
		return exitStatus(err)
	}
}

// exitStatus returns the exit status for an error that is not a stop by ctx: exitLimit for
// a question past a limit, exitFail for anything else.
func exitStatus(err error) int {
	if errors.Is(err, kayles.ErrTooLarge) {
		return exitLimit
	}
	return exitFail
}

// logLine returns the progress line written to a standard error that is not a terminal: the
// values so far, the rate and, when -n was given, the time left at that rate.
func logLine(o *kayles.Octal, p kayles.Progress, n int, nSet bool) string {
	s := fmt.Sprintf("octal: %s: %d values", o, p.Values)
	if nSet {
		s += fmt.Sprintf(" of %d (%.1f%%)", n, 100*float64(p.Values)/float64(n))
	}
	s += fmt.Sprintf(", %.0f values/s, %s elapsed", p.Rate, roundDuration(p.Elapsed))
	if nSet && p.Values < n {
		if secs := float64(n-p.Values) / p.Rate; p.Rate > 0 && secs < 1e8 {
			s += ", about " + roundDuration(time.Duration(secs*float64(time.Second))) + " left at this rate"
		} else {
			s += ", no estimate of the time left yet"
		}
	}
	return s
}

// roundDuration writes d to the second, or to the minute from an hour on.
func roundDuration(d time.Duration) string {
	if d >= time.Hour {
		return d.Round(time.Minute).String()
	}
	return d.Round(time.Second).String()
}

// lineWriter writes numbers one per line through a buffer.
type lineWriter struct {
	w   io.Writer
	buf []byte
	err error
}

func newLineWriter(w io.Writer) *lineWriter { return &lineWriter{w: w, buf: make([]byte, 0, 1<<16)} }

func (l *lineWriter) int(v int) {
	l.buf = strconv.AppendInt(l.buf, int64(v), 10)
	l.buf = append(l.buf, '\n')
	if len(l.buf) > 1<<16-32 {
		l.flush()
	}
}

func (l *lineWriter) flush() error {
	if l.err == nil && len(l.buf) > 0 {
		_, l.err = l.w.Write(l.buf)
	}
	l.buf = l.buf[:0]
	return l.err
}

// shortCodes lists every code with one to three octal digits after the point, first digit 0 or
// 4 and last digit non-zero, with 0.0 and 4.0: 1024 codes.
func shortCodes() []string {
	var codes []string
	for _, d0 := range []string{"0", "4"} {
		codes = append(codes, d0+".0")
		for digits := 1; digits <= 3; digits++ {
			for x := 1; x < 1<<(3*digits); x++ {
				if x%8 != 0 {
					codes = append(codes, fmt.Sprintf("%s.%0*o", d0, digits, x))
				}
			}
		}
	}
	return codes
}

// classifyAll computes every short code up to n values, jobs at a time, and writes one line
// per code in order: the code, then "period P preperiod N0" or "none", then the values
// computed, the rare count and the largest value.
func classifyAll(ctx context.Context, n, jobs int, timeout time.Duration, stdout, stderr io.Writer) int {
	codes := shortCodes()
	// Only the first code of each class of codes with the same values is run; the others copy
	// its report.
	first := make([]int, len(codes))
	firsts := map[string]int{}
	var reps []int
	for i, c := range codes {
		k := sameValuesKey(ctx, kayles.MustParseOctal(c))
		if j, ok := firsts[k]; ok {
			first[i] = j
			continue
		}
		firsts[k], first[i] = i, i
		reps = append(reps, i)
	}
	lines := make([]string, len(codes))
	errs := make([]error, len(codes))
	next := make(chan int)
	var wg sync.WaitGroup
	var done atomic.Int64
	for range jobs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				r, err := kayles.MustParseOctal(codes[i]).Run(ctx, kayles.RunOptions{Limit: n})
				errs[i] = err
				lines[i] = classLine(r)
				if err == nil {
					done.Add(1)
				}
			}
		}()
	}
	start := time.Now()
feed:
	for _, i := range reps {
		select {
		case next <- i:
		case <-ctx.Done():
			break feed
		}
	}
	close(next)
	wg.Wait()
	if ctx.Err() != nil {
		at := fmt.Sprintf("with %d of %d runs done (no table is written)", done.Load(), len(reps))
		if errors.Is(context.Cause(ctx), errTimeout) {
			fmt.Fprintf(stderr, "octal: stopped after %v (-timeout) %s; raise -timeout, or lower -n\n", timeout, at)
			return exitLimit
		}
		fmt.Fprintln(stderr, "octal: interrupted", at)
		return exitFail
	}
	fmt.Fprintf(stdout, "# source: go run ./examples/octal -classify -n %d (the rare/common engine of github.com/octalgames/kayles; periods proven by the periodicity theorem)\n", n)
	fmt.Fprintln(stdout, "# code status preperiod period values rare_count max_value")
	for i, c := range codes {
		j := first[i]
		if errs[j] != nil {
			fmt.Fprintln(stderr, "octal:", codes[j]+":", errs[j])
			return exitStatus(errs[j])
		}
		fmt.Fprintln(stdout, c+strings.TrimPrefix(lines[j], codes[j]))
	}
	fmt.Fprintf(stderr, "classified %d codes (%d runs) in %.1fs\n", len(codes), len(reps), time.Since(start).Seconds())
	return exitOK
}

// sameValuesKey returns a key that two plain octal codes share only when their values are the
// same for every heap: their digits are equally many and differ at most in the flag 1 (take i,
// leaving nothing), and their values agree for heaps 0 to t, t the number of digits. That
// flag adds an option only to a heap of exactly i tokens, i <= t; for every larger heap the two
// codes allow the same moves, so equal values up to t stay equal by induction.
func sameValuesKey(ctx context.Context, o *kayles.Octal) string {
	d := o.Digits()
	vals, err := o.Values(ctx, len(d)+1)
	if err != nil {
		return o.String() // no key shared with another code
	}
	b := []byte(o.String()[:2])
	for _, x := range d {
		b = append(b, byte('0'+x&^1))
	}
	for _, v := range vals {
		b = append(b, ' ')
		b = strconv.AppendInt(b, int64(v), 10)
	}
	return string(b)
}

func classLine(r kayles.Report) string {
	status, n0, p := "none", "-", "-"
	if r.Period.Period > 0 {
		status, n0, p = "periodic", strconv.Itoa(r.Period.Preperiod), strconv.Itoa(r.Period.Period)
	}
	if r.TooLarge {
		status = "toolarge"
	}
	return fmt.Sprintf("%s %s %s %s %d %d %d", r.Code, status, n0, p, r.Values, r.RareCount, r.MaxValue)
}
