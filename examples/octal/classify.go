package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"math/bits"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/octalgames/kayles"
)

// This file implements -classify: a family of codes (the 1024 codes of up to three digits
// unless -codes or -codes-file name another), each run until its period is proven or ruled
// out within -n values, one code of each class of codes with the same values.

// A classifier is a classification asked for by the flags: the family, -n, and how the work
// is shared and kept.
type classifier struct {
	codes   []string // the family, canonical codes in order
	family  string   // the flags that name it, for the source line ("" for the default)
	n, jobs int
	budget  time.Duration
	timeout time.Duration
	results string // -results, or ""
	shard   int    // -shard i/k: this process's i and k (k = 1 when unsharded)
	shards  int
	format  string
}

// source returns the arguments of the table's source line: the family and -n, which every
// shard and merge of one classification shares, then -budget, and -timeout when it stopped
// the run.
func (cl *classifier) source(stopped bool) string {
	s := "-classify -n " + strconv.Itoa(cl.n) + cl.family
	if cl.budget > 0 {
		s += " -budget " + cl.budget.String()
	}
	if stopped {
		s += " -timeout " + cl.timeout.String()
	}
	if cl.shards > 1 {
		s += fmt.Sprintf(" -shard %d/%d", cl.shard, cl.shards)
	}
	return s
}

// classes returns, for each code, the index of the first code of its class (codes with the
// same values, see sameValuesKey), those first codes in order, and their games. The games
// hold the few values that the key computed: a run that starts from them steps as every
// run of the code does, in every process, so that its report (the values at which a period
// is proven) is the same, whatever the garbage collector has kept of the games of a code.
func classes(ctx context.Context, codes []string) (first, reps []int, games map[int]*kayles.Octal) {
	first = make([]int, len(codes))
	firsts := map[string]int{}
	games = map[int]*kayles.Octal{}
	for i, c := range codes {
		o := kayles.MustParseOctal(c)
		k := sameValuesKey(ctx, o)
		if j, ok := firsts[k]; ok {
			first[i] = j
			continue
		}
		firsts[k], first[i] = i, i
		reps = append(reps, i)
		games[i] = o
	}
	return first, reps, games
}

// classifyAll classifies cl's family (its shard of it), writes each result to the results
// directory as soon as it is known, and the table of its codes to stdout. A code that -budget
// stops is open, with the values it reached, unless they rule a proof out (then it is none).
// When -timeout ends the classification, the table is still written, the codes it stopped
// listed as -budget would list them and those it never started as open at 0 values, with exit
// status exitLimit. Ctrl-C writes no table.
func classifyAll(ctx context.Context, cl *classifier, stdout, stderr io.Writer) int {
	first, reps, games := classes(ctx, cl.codes)
	mine := map[int]bool{} // the first codes of the classes of this shard: every k-th
	for j, i := range reps {
		if j%cl.shards == cl.shard {
			mine[i] = true
		}
	}
	lines := make([]string, len(cl.codes))
	rd, err := cl.kept(first, mine, lines)
	if err != nil {
		fmt.Fprintln(stderr, "octal:", err)
		return exitFail
	}
	members := map[int][]int{}
	for m, i := range first {
		if mine[i] {
			members[i] = append(members[i], m)
		}
	}
	todo := map[int]*kayles.Octal{}
	for _, i := range reps {
		if mine[i] && lines[i] == "" {
			todo[i] = games[i]
		}
	}
	games = nil // the others' games go
	start := time.Now()
	s := newScheduler(cl, todo)
	if rd != nil {
		s.checkpoints = filepath.Join(cl.results, "checkpoints")
		err = os.MkdirAll(s.checkpoints, 0o755)
	} else if s.checkpoints, err = os.MkdirTemp("", "octal-classify-"); err == nil {
		defer os.RemoveAll(s.checkpoints)
	}
	if err != nil {
		fmt.Fprintln(stderr, "octal:", err)
		return exitFail
	}
	s.done = func(i int, line string, final bool) error {
		lines[i] = line
		if !final || rd == nil {
			return nil
		}
		for _, m := range members[i] { // the class, whose codes share the line
			if err := rd.write(cl.codes[m], retitle(line, cl.codes[m])); err != nil {
				return err
			}
		}
		return nil
	}
	status := s.run(ctx, stderr)
	stopped := ctx.Err() != nil
	if stopped && !errors.Is(context.Cause(ctx), errTimeout) {
		fmt.Fprintf(stderr, "octal: interrupted with %d of %d runs done (no table is written)\n", s.finished, len(todo))
		return exitFail
	}
	if status == exitFail {
		return status
	}
	var rows []string
	for i, c := range cl.codes {
		if !mine[first[i]] {
			continue
		}
		l := lines[first[i]]
		if l == "" {
			l = c + " open - - 0 0 0" // not started before -timeout ran out
		}
		rows = append(rows, retitle(l, c))
	}
	if err := writeClassTable(stdout, cl.format, cl.source(stopped), rows); err != nil {
		fmt.Fprintln(stderr, "octal:", err)
		return exitFail
	}
	if stopped {
		fmt.Fprintf(stderr, "octal: stopped after %v (-timeout) with %d of %d runs done; the others are listed as open (or none, where their values rule a proof out)\n", cl.timeout, s.finished, len(todo))
		return exitLimit
	}
	fmt.Fprintf(stderr, "classified %d codes (%d runs, %d from the results kept) in %.1fs\n", len(rows), len(todo), len(mine)-len(todo), time.Since(start).Seconds())
	return status
}

// kept opens the results directory of -results, if any, and reads the lines it keeps into
// lines. A run killed while it wrote the files of a class, its first code's first, left the
// others of this shard without theirs: they are written now.
func (cl *classifier) kept(first []int, mine map[int]bool, lines []string) (*resultsDir, error) {
	if cl.results == "" {
		return nil, nil
	}
	rd, err := openResults(cl.results, "-classify -n "+strconv.Itoa(cl.n)+cl.family, cl.codes)
	if err != nil {
		return nil, err
	}
	for i, c := range cl.codes {
		lines[i] = rd.read(c)
	}
	for i, c := range cl.codes {
		if j := first[i]; mine[j] && lines[i] == "" && lines[j] != "" {
			lines[i] = retitle(lines[j], c)
			if err := rd.write(c, lines[i]); err != nil {
				return nil, err
			}
		}
	}
	return rd, nil
}

// retitle returns a result line with its code replaced by code: the codes of a class share
// the line of its first code.
func retitle(line, code string) string {
	_, rest, _ := strings.Cut(line, " ")
	return code + " " + rest
}

// sameValuesKey returns a key that two codes share only when their values are the same for
// every heap: their digits are equally many, with the same modifiers, and differ at most in
// the flag 1 (take i, leaving nothing), and their values agree for heaps 0 to t, t the
// number of digits. That flag adds an option only to a heap of exactly i tokens, i <= t; for
// every larger heap the two codes allow the same moves, so equal values up to t stay equal
// by induction. A code whose canonical form has other than one-character digits and
// modifiers (a tail, &N;) gets its own code as its key.
func sameValuesKey(ctx context.Context, o *kayles.Octal) string {
	s := o.String()
	t := 0
	b := []byte(s)
	for i := range b {
		v, ok := digitValue(b[i])
		switch {
		case ok:
			b[i] = digitChar(v &^ 1)
			t++
		case b[i] == '!' || b[i] == '?' || b[i] == '=' || (b[i] == '.' && i == 1):
		default:
			return s
		}
	}
	vals, err := o.Values(ctx, t+1)
	if err != nil {
		return s // no key shared with another code
	}
	for _, v := range vals {
		b = append(b, ' ')
		b = strconv.AppendInt(b, int64(v), 10)
	}
	return string(b)
}

// digitValue returns the value of a one-character digit of a canonical code, 0-9 and A-V.
func digitValue(c byte) (int, bool) {
	switch {
	case c >= '0' && c <= '9':
		return int(c - '0'), true
	case c >= 'A' && c <= 'V':
		return int(c-'A') + 10, true
	}
	return 0, false
}

// digitChar is the inverse of digitValue.
func digitChar(v int) byte {
	if v < 10 {
		return byte('0' + v)
	}
	return byte('A' + v - 10)
}

// proofBound describes what a run of code o needs to prove a period: provable is false for a
// code for which no period is proven other than by a closed form (a modifier, a tail; see
// kayles.Octal.Period), and otherwise a period of saltus 0 whose values start at heap m or
// later needs k·(m+1)+t values, k the most heaps a move leaves (0 when the digits do not
// tell it) and t the number of digits after the point.
func proofBound(o *kayles.Octal) (provable bool, k, t int) {
	ds := o.Digits()
	if len(ds) == 0 {
		return false, 0, 0
	}
	for _, d := range ds {
		if d >= 1<<8 {
			return true, 0, len(ds) - 1 // brace digits: leave the bound out
		}
		k = max(k, bits.Len(uint(d))-1)
	}
	return true, k, len(ds) - 1
}

// classStatus returns the status of a code that a run to n values, or stopped (by -budget or
// -timeout) on the way, reports in r: "periodic" when a period is proven; "none" when no run to
// n values proves one (it got there without one, the code has no such proof, or a value first
// seen at heap m = r.LastNew needs k(m+1)+t > n values; see proofBound); "open" when it was
// stopped before either is known; "" when it is not stopped and not known yet.
func classStatus(r kayles.Report, stopped bool, n int, provable bool, k, t int) string {
	switch {
	case r.Period.Period > 0:
		return "periodic"
	case !provable || r.Values >= n, k > 0 && k*(r.LastNew+1)+t > n:
		return "none"
	case stopped:
		return "open"
	}
	return ""
}

// classLine returns the line of a code whose run r reports, with its status: the preperiod
// and the period for "periodic", "-" for the others; then the values reached, the rare heaps
// and the largest value.
func classLine(r kayles.Report, status string) string {
	n0, p := "-", "-"
	if status == "periodic" {
		n0, p = strconv.Itoa(r.Period.Preperiod), strconv.Itoa(r.Period.Period)
	}
	return fmt.Sprintf("%s %s %s %s %d %d %d", r.Code, status, n0, p, r.Values, r.RareCount, r.MaxValue)
}
