// Command octal computes the nim-values of an octal game far out, until a period is proven or a
// limit is reached, and reports what it found.
//
// Usage:
//
//	octal -code 0.16                      compute until the period is proven (or 2^24 values)
//	octal -code 0.6 -n 1048576 -json      the report as one JSON object
//	octal -code 0.77 -n 100 -print        the values G(0), G(1), ... one per line
//	octal -code 0.1777 -n 536870912 -checkpoint 1777.ck
//	octal -code 0.1777 -n 536870912 -resume 1777.ck -checkpoint 1777.ck
//	octal -classify -n 1048576            classify every code with 1 to 3 digits
//
// A progress line goes to standard error when it is a terminal. Ctrl-C stops the run after
// writing the checkpoint. Bad flags or codes get a usage message and exit status 2; a run that
// fails or is interrupted exits with status 1.
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

func run(ctx context.Context, args []string, stdout, stderr io.Writer, terminal bool) int {
	fs := flag.NewFlagSet("octal", flag.ContinueOnError)
	fs.SetOutput(stderr)
	code := fs.String("code", "", "the octal code, such as 0.16 or 4.7 (required unless -classify)")
	n := fs.Int("n", kayles.DefaultRunLimit, "the most values to compute (at most 2^30)")
	printVals := fs.Bool("print", false, "write the values G(0), G(1), ... one per line to standard output (the report goes to standard error)")
	asJSON := fs.Bool("json", false, "write the report as one JSON object")
	checkpoint := fs.String("checkpoint", "", "write a checkpoint to this file every -every, on Ctrl-C and at the end")
	every := fs.Duration("every", 10*time.Minute, "how often to write the checkpoint")
	resume := fs.String("resume", "", "resume from this checkpoint file")
	classify := fs.Bool("classify", false, "classify every code 0.d, 0.dd, 0.ddd, 4.d, 4.dd, 4.ddd (and 0.0, 4.0) up to -n values")
	jobs := fs.Int("j", runtime.GOMAXPROCS(0), "codes computed at once with -classify")
	fs.Usage = func() {
		fmt.Fprintln(fs.Output(), "usage: octal -code CODE [-n N] [-print] [-json] [-checkpoint FILE] [-resume FILE]\n       octal -classify [-n N] [-j JOBS]")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return 0
		}
		return 2
	}
	usage := func(msg string) int {
		fmt.Fprintln(stderr, "octal: "+msg)
		fs.Usage()
		return 2
	}
	if fs.NArg() > 0 {
		return usage("unexpected arguments: " + fmt.Sprint(fs.Args()))
	}
	if *n < 1 || *n > kayles.MaxValues {
		return usage("-n must be between 1 and " + strconv.Itoa(kayles.MaxValues))
	}
	if *every <= 0 {
		return usage("-every must be a positive duration, such as 10m")
	}
	if *jobs < 1 {
		return usage("-j must be at least 1")
	}
	if *classify {
		if *code != "" || *printVals || *asJSON || *checkpoint != "" || *resume != "" {
			return usage("-classify takes only -n and -j")
		}
		return classifyAll(ctx, *n, *jobs, stdout, stderr)
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
		return 1
	}
	out := stdout
	if *printVals {
		out = stderr
		// The values are cached by now, even when ctx is done: reading them needs no ctx.
		vals, verr := o.Values(context.WithoutCancel(ctx), r.Values)
		if verr != nil {
			fmt.Fprintln(stderr, "octal:", verr)
			return 1
		}
		w := newLineWriter(stdout)
		for _, v := range vals {
			w.int(v)
		}
		if werr := w.flush(); werr != nil {
			fmt.Fprintln(stderr, "octal:", werr)
			return 1
		}
	}
	if *asJSON {
		b, _ := json.Marshal(toJSON(r))
		fmt.Fprintln(out, string(b))
	} else {
		fmt.Fprint(out, text(r))
	}
	if err != nil {
		if errors.Is(err, context.Canceled) && *checkpoint != "" {
			fmt.Fprintf(stderr, "octal: interrupted; resume with -resume %s\n", *checkpoint)
		} else {
			fmt.Fprintln(stderr, "octal:", err)
		}
		return 1
	}
	return 0
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
func classifyAll(ctx context.Context, n, jobs int, stdout, stderr io.Writer) int {
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
	for range jobs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				r, err := kayles.MustParseOctal(codes[i]).Run(ctx, kayles.RunOptions{Limit: n})
				errs[i] = err
				lines[i] = classLine(r)
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
	if err := ctx.Err(); err != nil {
		fmt.Fprintln(stderr, "octal:", err)
		return 1
	}
	fmt.Fprintf(stdout, "# source: go run ./examples/octal -classify -n %d (the rare/common engine of github.com/octalgames/kayles; periods proven by the periodicity theorem)\n", n)
	fmt.Fprintln(stdout, "# code status preperiod period values rare_count max_value")
	for i, c := range codes {
		j := first[i]
		if errs[j] != nil {
			fmt.Fprintln(stderr, "octal:", codes[j]+":", errs[j])
			return 1
		}
		fmt.Fprintln(stdout, c+strings.TrimPrefix(lines[j], codes[j]))
	}
	fmt.Fprintf(stderr, "classified %d codes (%d runs) in %.1fs\n", len(codes), len(reps), time.Since(start).Seconds())
	return 0
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
