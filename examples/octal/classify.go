package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/octalgames/kayles"
)

// This file implements -classify: every code of up to three digits, run to -n values.

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
// per code in order (see classLine). A code that budget stops is open, with the values it
// reached, unless they already rule out a proof within n values (then it is none). When
// timeout ends the whole classification, the table is still written, the codes it stopped
// listed as budget would list them and those it never started as open at 0 values, with exit
// status exitLimit. Ctrl-C writes no table.
func classifyAll(ctx context.Context, n, jobs int, timeout, budget time.Duration, stdout, stderr io.Writer) int {
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
				cctx, cancel := ctx, context.CancelFunc(func() {})
				if budget > 0 {
					cctx, cancel = context.WithTimeoutCause(ctx, budget, errBudget)
				}
				o := kayles.MustParseOctal(codes[i])
				r, err := o.Run(cctx, kayles.RunOptions{Limit: n})
				// A run that -budget or -timeout stopped is listed as open, with the values it
				// reached, or as none (see classLine).
				cause := context.Cause(cctx)
				open := err != nil && (errors.Is(cause, errBudget) || errors.Is(cause, errTimeout))
				cancel()
				if open {
					err = nil
				}
				errs[i] = err
				lines[i] = classLine(r, open, n, len(o.Digits())-1)
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
	stopped := ctx.Err() != nil
	if stopped && !errors.Is(context.Cause(ctx), errTimeout) {
		fmt.Fprintf(stderr, "octal: interrupted with %d of %d runs done (no table is written)\n", done.Load(), len(reps))
		return exitFail
	}
	args := fmt.Sprintf("-n %d", n)
	if budget > 0 {
		args += " -budget " + budget.String()
	}
	if stopped {
		// The table lists the codes that -timeout never started as open, and those it
		// stopped as open or none.
		args += " -timeout " + timeout.String()
	}
	fmt.Fprintf(stdout, "# source: go run ./examples/octal -classify %s (the rare/common engine of github.com/octalgames/kayles; periods proven by the periodicity theorem)\n", args)
	fmt.Fprintln(stdout, "# code status preperiod period values rare_count max_value")
	for i, c := range codes {
		j := first[i]
		if errs[j] != nil {
			fmt.Fprintln(stderr, "octal:", codes[j]+":", errs[j])
			return exitStatus(errs[j])
		}
		if lines[j] == "" {
			lines[j] = codes[j] + " open - - 0 0 0" // not started before -timeout ran out
		}
		fmt.Fprintln(stdout, c+strings.TrimPrefix(lines[j], codes[j]))
	}
	if stopped {
		fmt.Fprintf(stderr, "octal: stopped after %v (-timeout) with %d of %d runs done; the others are listed as open (or none, where their values rule a proof out)\n", timeout, done.Load(), len(reps))
		return exitLimit
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

// classLine returns the line of a code whose run to n values r reports: its status is
// "periodic" with the preperiod and the period, "none" when no run to n values proves a
// period, or "open" when -budget ran out before that is known. A run that computes n values
// without a proof shows none; so does one stopped early in which a value first appears at
// heap m = r.LastNew with 2(m+1)+t > n: every period has n0 + p > m, and the periodicity theorem
// proves one only from 2(n0+p)+t values (t the last digit's place; the codes of -classify
// leave at most two heaps).
func classLine(r kayles.Report, open bool, n, t int) string {
	status, n0, p := "none", "-", "-"
	if open && 2*(r.LastNew+1)+t <= n {
		status = "open"
	}
	if r.Period.Period > 0 {
		status, n0, p = "periodic", strconv.Itoa(r.Period.Preperiod), strconv.Itoa(r.Period.Period)
	}
	return fmt.Sprintf("%s %s %s %s %d %d %d", r.Code, status, n0, p, r.Values, r.RareCount, r.MaxValue)
}
