// Command octal computes the nim-values of an octal game far out, until a period is proven or a
// limit is reached, and reports what it found.
//
// Usage:
//
//	octal -code 0.16                      compute until the period is proven (or 2^24 values)
//	octal -code 0.6 -n 1048576 -json      the report as one JSON object
//	octal -code 0.77 -n 100 -print        the values G(0), ..., G(99), one per line
//	octal -code 4!.0 -n 10001 -bfile      an OEIS b-file: lines "n G(n)", n = 0..10000
//	octal -code 0.6 -n 1048576 -csv       CSV: "n,g", then "n,G(n)"
//	octal -code 0.6 -n 1048576 -rare rare.txt -histogram hist.txt
//	octal -code 0.77 -exceptions exc.txt  the heaps below the preperiod off the period
//	octal -code 0.6 -n 1048576 -plot 06.pdf  G(n) against n, with a legend (.svg .png .eps .tex)
//	octal -code 0.77 -n 300 -plot-codes 0.07,0.137 -plot k.pdf -plot-mod kmod.pdf
//	octal -code 0.77 -n 120 -periodic 77.txt  the values in rows of the period
//	octal -code 0.6 -timeout 1h           stop after an hour, with the report of what is done
//	octal -code 0.1777 -n 4194304 -cpuprofile cpu.out   then go tool pprof -top cpu.out
//	octal -code 0.1777 -n 536870912 -checkpoint 1777.ck
//	octal -code 0.1777 -n 536870912 -resume 1777.ck -checkpoint 1777.ck
//	octal -classify -n 1048576            classify every code with 1 to 3 digits
//	octal -classify -n 1048576 -budget 2s  the same, at most 2s a code: the rest are open (or none)
//	octal -classify -n 1048576 -budget 8s -timeout 10m  and at most 10 minutes in all
//	octal -classify -n 65536 -codes 0.77,0.137 -format latex   two codes, as a LaTeX table
//	octal -classify -n 65536 -codes octal:4 -results res -shard 0/3   a third of a family
//	octal -merge -format csv res          the table of the results kept in res
//
// -classify classifies a family of codes: those of -codes, a comma-separated list of codes
// and patterns, or of -codes-file, one a line (# starts a comment), or else octal:0-3. A
// pattern is a code in which some characters stand for several; the family is the codes that
// parse, leftmost place varying slowest, each once under its canonical name:
//
//	%o %O      an octal digit, 0-7; a non-zero one, 1-7
//	%x %X      a hexadecimal digit, 0-F; a non-zero one, 1-F
//	%m %M      no modifier or one of ! ? =; one of ! ? =
//	<04_>      one of the characters listed, _ for none; %% is %
//	octal:K    every octal code of K digits (first 0 or 4, last not 0; octal:0 is 0.0 and
//	           4.0); octal:A-B from A to B digits; hex:K and hex:A-B the same in hexadecimal
//	           (first digit 0, 4, 8 or C)
//
// so 4%m.0 is 4.0 with each modifier and <04>.%o%O is octal:2. Codes with the same values
// for every heap (digits that differ only in flag 1, values equal up to the last digit) run
// once. The runs go by rounds: every code to 4096 values, those undecided four times further
// up to -n/2, then by -n/16; the code whose rounds have taken least time goes next, so that
// the easy answers come first. A code is periodic (proven),
// none (no run to -n values proves a period: it got there without one, a value first seen
// at heap m needs k(m+1)+t > -n values, k the most heaps a move leaves and t the digits, or
// no theorem covers it, as for a modifier), or open (-budget or -timeout stopped it first).
// With -results DIR each decided code's line is written to a file of its own in DIR as soon
// as it is known, whole or not at all, and a run started again skips them; a code not decided
// by 2^18 values keeps them in a checkpoint there (2 bytes a value, until it is decided), from
// which a run started again resumes it. -shard I/K takes
// every K-th class of the family from the I-th, for K processes or machines to share it;
// -merge joins their directories into the table one run would write, in -format text (as
// testdata/classify.txt), csv, markdown or latex (booktabs and longtable).
//
// -print, -bfile and -csv write exactly -n values (the report then goes to standard error):
// past a proven period, or a closed form such as Nim's, the values come from it, so
// -code 0.77 -n 1000000000 -print is limited by the output alone; otherwise they are the values
// computed, fewer than -n only when the run stopped early. They stream from the engine's cache
// of 2 bytes a value. A b-file line "n G(n)" has the heap size as its index, offset 0: as the
// OEIS entries A002186 (Kayles) and A002188 (Grundy's game) use. Entries with offset 1, such
// as A071509 (0.1777, a(1) = G(1)), need the line of heap 0 dropped, and the values of a game
// listed under another (Dawson's Kayles, 0.07, is A002187 of Dawson's Chess shifted by one)
// need their indices shifted.
//
// -rare, -exceptions and -histogram write what a paper reports: the rare heaps under the
// report's rare/common split, the exceptions to the proven period, and value histograms at
// every power of two. -json carries the build of the library (module version and VCS revision
// from the binary's build information, the Go version, and the code of the engine's scans on
// this CPU: avx512, avx2, neon or go), the arguments and every flag's value, and checksums;
// the rare/common fields are absent for codes outside that engine, and apparent is the period
// the values show when none is proven, null otherwise. Its values_sha256 is the SHA-256 of the values the
// report describes, G(0), ..., G(values-1) (values is the count computed, which past a proven
// period or a closed form can be far fewer than -n), each in decimal followed by "\n", so
// octal -code C -n V -print | sha256sum gives it for a run of V values. With -print, -bfile or
// -csv, printed_values is the count written to standard output and printed_sha256 the SHA-256
// of exactly the bytes written there, in that format: sha256sum of the saved output checks it.
// last_new is the last heap whose value no smaller heap has: a period of saltus 0 has preperiod
// + period > last_new, so the theorem proves none from fewer than k(last_new+1)+t values (k
// the most heaps a move leaves, t the last digit).
//
// -plot draws G(n) against n with gonum/plot, as SVG, PDF, PNG, EPS or TeX (a pgfpicture) as
// the file name ends in .svg, .pdf, .png, .eps or .tex; -plot-mod draws G(n) against n mod p,
// p the period (or -plot-period), where a period shows as one mark a column from the preperiod
// on. -plot-codes adds codes to both figures, each run to -n as -code is. The legend gives each
// code's period (or the apparent one, marked so), its rare heaps (rings of its color) and its
// preperiod (a dashed line). Heaps and values share a cell of 1.5 points when there are more of
// them, so the file stays small for any -n. -plot-title, -plot-xlabel, -plot-ylabel,
// -plot-size (such as 16cm,7cm) and -plot-dpi (PNG) shape the figures. -periodic writes the
// periodic table, the values in rows of the period as Guy and Smith's Kayles table (row a holds
// G(p·a), ..., G(p·a+p-1)), or of -columns values, with a * after each exception (a heap below
// the preperiod whose value is not the period's). Both cover the values -print would write
// when -n is given, otherwise the values computed.
//
// When standard error is a terminal, a live progress line goes there; otherwise (a log, CI) one
// progress line a minute does, with the values so far, the rate and, when -n is given, an
// estimate of the time left. Ctrl-C, and -timeout when it runs out, stop the run after writing
// the checkpoint (with -checkpoint) and the report of the values computed so far. -timeout
// stops the run early enough for the checkpoint, the report and the files asked for, which read
// every value, to be written by the deadline (from rates measured on a 2-core machine, with a
// margin); a run whose checkpoint and files alone would not fit stops before it computes.
//
// Exit status:
//
//	0  the run is done: a period is proven, or -n values are computed
//	1  a failure: a checkpoint cannot be read or written, the output cannot be written,
//	   or the run was interrupted (Ctrl-C, SIGTERM)
//	2  bad flags or a bad code (with a usage message)
//	3  a limit stopped the run: -timeout ran out, or a limit of the engine (such as
//	   the free space of the disk of a -spill run)
package main

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"runtime"
	"runtime/pprof"
	"strconv"
	"sync/atomic"
	"syscall"
	"time"

	"github.com/octalgames/kayles"
	"github.com/octalgames/kayles/examples/internal/plot"
)

// This file implements the octal command: long runs of the kayles engine from the shell.

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	fi, err := os.Stderr.Stat()
	terminal := err == nil && fi.Mode()&os.ModeCharDevice != 0
	os.Exit(run(ctx, os.Args[1:], os.Stdout, os.Stderr, terminal, defaultTiming))
}

// Exit statuses; the command's doc comment says when each is returned.
const (
	exitOK    = 0
	exitFail  = 1
	exitUsage = 2
	exitLimit = 3
)

// timing holds the intervals of the progress lines and of the warning about a long run:
// main runs with defaultTiming, and tests with shorter ones.
type timing struct {
	progressEvery time.Duration // how often a progress line goes to standard error when it is not a terminal
	warnAfter     time.Duration // how long a run with the default -n goes before it estimates its time
	warnLonger    time.Duration // the estimate beyond which it warns
}

var defaultTiming = timing{progressEvery: time.Minute, warnAfter: 5 * time.Second, warnLonger: 10 * time.Minute}

// errTimeout is the cause of the context that -timeout ends, which tells it from Ctrl-C.
var errTimeout = errors.New("-timeout ran out")

// errBudget is the cause of the context of one code of -classify that -budget ends.
var errBudget = errors.New("-budget ran out")

// run is the command: it reads the flags, bounds ctx by -timeout, and classifies every code
// (-classify) or computes the game of -code, with the progress lines and warning of tm.
func run(ctx context.Context, args []string, stdout, stderr io.Writer, terminal bool, tm timing) int {
	c, status := parseFlags(args, stderr)
	if c == nil {
		return status
	}
	c.timing = tm
	if c.cpuProfile != "" {
		stop, err := startProfile(c.cpuProfile)
		if err != nil {
			fmt.Fprintln(stderr, "octal:", err)
			return exitFail
		}
		defer stop()
	}
	if c.timeout > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeoutCause(ctx, c.timeout, errTimeout)
		defer cancel()
	}
	switch {
	case c.merge:
		return mergeResults(c.fs.Args(), c.tableFormat, stdout, stderr)
	case c.classify:
		return classifyAll(ctx, c.cl, stdout, stderr)
	}
	return c.compute(ctx, stdout, stderr, terminal)
}

// A command is what the flags ask: their values, and the game of -code once parsed.
type command struct {
	args []string        // the command's arguments, as given
	fs   *flag.FlagSet   // the flags, for every flag's value in -json's params
	set  map[string]bool // the flags given
	timing

	// What to compute, and for how long.
	code     string
	o        *kayles.Octal // the game of -code, once parsed (nil with -classify)
	n        int
	timeout  time.Duration
	classify bool
	jobs     int
	budget   time.Duration

	// The run's checkpoint.
	checkpoint, resume string
	every              time.Duration
	spill              bool

	// What to write.
	printVals, bfile, csvVals bool
	format                    string // "print", "bfile" or "csv", from the flags above; "" for none
	asJSON                    bool

	// The files to write.
	rareFile, excFile, histFile, plotFile, tableFile string
	cpuProfile                                       string    // -cpuprofile
	columns                                          int       // the row length of -periodic
	plot                                             plotFlags // -plot-mod and what shapes the figures

	classFlags // -classify's and -merge's
}

// parseFlags reads the flags. It returns the command, or nil and the exit status after it
// wrote the usage message (or the help that -h asks for).
func parseFlags(args []string, stderr io.Writer) (*command, int) {
	c := &command{args: args, set: map[string]bool{}}
	c.fs = c.flags(stderr)
	if err := c.fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return nil, exitOK
		}
		return nil, exitUsage
	}
	c.fs.Visit(func(f *flag.Flag) { c.set[f.Name] = true })
	if msg := c.check(); msg != "" {
		fmt.Fprintln(stderr, "octal: "+msg)
		c.fs.Usage()
		return nil, exitUsage
	}
	return c, exitOK
}

// flags returns the command's flag set, writing its messages to stderr, with each flag bound
// to its field of c.
func (c *command) flags(stderr io.Writer) *flag.FlagSet {
	fs := flag.NewFlagSet("octal", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.StringVar(&c.code, "code", "", "the octal code, such as 0.16 or 4.7 (required unless -classify or -merge)")
	fs.IntVar(&c.n, "n", kayles.DefaultRunLimit, "the most values to compute (at most 2^30, or 2^40 with -spill)")
	fs.BoolVar(&c.printVals, "print", false, "write exactly -n values G(0), G(1), ... one per line to standard output, past a proven period from the period (the report goes to standard error)")
	fs.BoolVar(&c.bfile, "bfile", false, "as -print, as an OEIS b-file: lines \"n G(n)\", from n = 0 (offset 0, as A002186; for an entry of offset 1 drop the first line: see go doc ./examples/octal)")
	fs.BoolVar(&c.csvVals, "csv", false, "as -print, as CSV: a header \"n,g\" then lines \"n,G(n)\"")
	fs.StringVar(&c.cpuProfile, "cpuprofile", "", "write a CPU profile of the whole command to this file, for go tool pprof (BENCHMARKS.md says how the figures were profiled)")
	fs.StringVar(&c.rareFile, "rare", "", "write the rare heaps of the report's split to this file, \"heap value\" a line")
	fs.StringVar(&c.excFile, "exceptions", "", "write the exceptions to the proven period to this file: \"heap value periodic_value\" for each heap below the preperiod whose value differs from the period's continuation")
	fs.StringVar(&c.plotFile, "plot", "", "draw G(n) against n to this file, as its name ends: .svg, .pdf, .png, .eps or .tex (PGF), with a legend: the period, the rare heaps and the preperiod marked")
	c.plot.register(fs)
	fs.StringVar(&c.tableFile, "periodic", "", "write the periodic table to this file: the values in rows of the proven period (else the apparent one, or -columns), each exception to the period marked with a *")
	fs.IntVar(&c.columns, "columns", 0, "the row length of -periodic (0: the proven period, else the apparent one)")
	fs.StringVar(&c.histFile, "histogram", "", "write value histograms of G(0..n-1) at every power of two n (and at the last value) to this file, \"n value count\" a line")
	fs.BoolVar(&c.asJSON, "json", false, "write the report as one JSON object; values_sha256 is the SHA-256 of the values computed, G(0..values-1), one decimal a line as -print writes them, and with -print, -bfile or -csv printed_sha256 is the SHA-256 of what they wrote to standard output")
	fs.StringVar(&c.checkpoint, "checkpoint", "", "write a checkpoint to this file every -every, on Ctrl-C, on -timeout and at the end")
	fs.DurationVar(&c.every, "every", 10*time.Minute, "how often to write the checkpoint")
	fs.StringVar(&c.resume, "resume", "", "resume from this checkpoint file")
	fs.BoolVar(&c.spill, "spill", false, "with -checkpoint, write the values to it as they are computed and keep only a front and a tail in memory (-n up to 2^40; -resume must be the same file)")
	fs.DurationVar(&c.timeout, "timeout", 0, "stop after this long, as Ctrl-C does but with exit status 3 (0: no time limit)")
	fs.BoolVar(&c.classify, "classify", false, "classify a family of codes up to -n values: every code 0.d, 0.dd, 0.ddd, 4.d, 4.dd, 4.ddd (and 0.0, 4.0), or those of -codes or -codes-file")
	fs.IntVar(&c.jobs, "j", runtime.GOMAXPROCS(0), "codes computed at once with -classify")
	c.addClassFlags(fs)
	fs.DurationVar(&c.budget, "budget", 0, "with -classify, the most time for each code: a code without a proven period by then is listed as open, with the values it reached, or as none when a value first seen past about -n/2 already rules a proof out (0: no limit)")
	fs.Usage = func() {
		fmt.Fprint(fs.Output(), `usage: octal -code CODE [-n N] [-print|-bfile|-csv] [-json] [-timeout D]
                  [-checkpoint FILE [-every D] [-spill]] [-resume FILE]
                  [-rare FILE] [-exceptions FILE] [-histogram FILE]
                  [-plot FILE] [-plot-mod FILE [-plot-period P]] [-plot-codes CODES]
                  [-plot-title T] [-plot-xlabel T] [-plot-ylabel T] [-plot-size W,H]
                  [-plot-dpi DPI] [-periodic FILE [-columns P]] [-cpuprofile FILE]
`+classifyUsage+`exit status: 0 done (a period proven, or -n values computed); 1 a failure (a checkpoint,
the output) or Ctrl-C; 2 bad flags or code; 3 stopped at a limit (-timeout, or one of
the engine, such as the free space of the disk of a -spill run)
`)
		fs.PrintDefaults()
	}
	return fs
}

// check checks the flags once parsed, sets c.format and c.o, and returns what is wrong with
// them for the usage message, or "".
func (c *command) check() string {
	if c.fs.NArg() > 0 && !c.merge {
		return "unexpected arguments: " + fmt.Sprint(c.fs.Args())
	}
	// Flags that only qualify another flag are refused without it, rather than ignored.
	if msg := c.plot.orphan(c.plotFile, c.set); msg != "" {
		return msg
	}
	switch {
	case c.spill && c.checkpoint == "":
		return "-spill needs -checkpoint: the values are written to that file as they are computed"
	case c.spill && c.resume != "" && c.resume != c.checkpoint:
		return "a -spill run resumes from its own file: -resume must be the -checkpoint file"
	case c.set["every"] && c.checkpoint == "":
		return "-every is how often the checkpoint is written: give it with -checkpoint"
	case c.set["columns"] && c.tableFile == "":
		return "-columns is the row length of -periodic: give it with -periodic"
	case c.merge && c.classify:
		return "-merge joins the results of -classify runs: give one of them"
	case c.set["budget"] && !c.classify:
		return "-budget applies to -classify only; bound a single run with -timeout"
	case c.set["j"] && !c.classify:
		return "-j is the number of codes -classify computes at once: give it with -classify"
	}
	if most := kayles.MaxValues; c.n < 1 || (c.n > most && !c.spill) || c.n > kayles.MaxSpilledValues {
		if c.spill {
			most = kayles.MaxSpilledValues
		} else if c.n > most && c.n <= kayles.MaxSpilledValues {
			return "-n above 2^30 (" + strconv.Itoa(most) + ") needs -spill, with -checkpoint"
		}
		return "-n must be between 1 and " + strconv.Itoa(most)
	}
	switch {
	case c.every <= 0:
		return "-every must be a positive duration, such as 10m"
	case c.timeout < 0:
		return "-timeout must be a positive duration, such as 2h, or 0 for none"
	case c.jobs < 1:
		return "-j must be at least 1"
	case c.columns < 0:
		return "-columns is the row length of -periodic: a positive number, or 0 for the period"
	}
	if c.classify || c.merge {
		return c.checkClassify()
	}
	for _, f := range []string{"codes", "codes-file", "results", "shard", "format"} {
		if c.set[f] {
			return "-" + f + " applies to -classify (and -format to -merge) only"
		}
	}
	if c.code == "" {
		return "-code is required"
	}
	for _, f := range []struct {
		on   bool
		name string
	}{{c.printVals, "print"}, {c.bfile, "bfile"}, {c.csvVals, "csv"}} {
		if f.on && c.format != "" {
			return "-" + c.format + " and -" + f.name + " are different formats of the same output: choose one"
		}
		if f.on {
			c.format = f.name
		}
	}
	o, err := kayles.ParseOctal(c.code)
	if err != nil {
		return err.Error()
	}
	c.o = o
	return c.plot.check(c.plotFile, o, c.set)
}

// compute runs the game of -code, writes the values, the files and the report asked for, and
// returns the exit status.
func (c *command) compute(ctx context.Context, stdout, stderr io.Writer, terminal bool) int {
	// With -timeout, the run stops early enough for what follows it to end by the deadline:
	// the checkpoint, the report and the files asked for (see deadlineReserve).
	runCtx, stopRun := context.WithCancelCause(ctx)
	defer stopRun(nil)
	opt, sum, lastValues := c.runOptions(runCtx, stderr, terminal)
	if c.timeout > 0 {
		c.watchDeadline(runCtx, stopRun, sum, lastValues)
	}
	r, err := c.o.Run(runCtx, opt)
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
	// The values are cached by now, even when ctx is done: reading them needs no ctx.
	rctx := context.WithoutCancel(ctx)
	out := stdout
	printed, printedSum := 0, ""
	if c.format != "" {
		out = stderr
		var werr error
		if printed, printedSum, werr = c.printValues(rctx, r, stdout); werr != nil {
			fmt.Fprintln(stderr, "octal:", werr)
			return exitStatus(werr)
		}
	}
	if werr := c.writeFiles(ctx, rctx, r); werr != nil {
		fmt.Fprintln(stderr, "octal:", werr)
		return exitStatus(werr)
	}
	if werr := c.report(rctx, r, sum, printed, printedSum, out); werr != nil {
		fmt.Fprintln(stderr, "octal:", werr)
		return exitStatus(werr)
	}
	return c.exit(runCtx, r, err, stderr)
}

// runOptions returns the options of the run, with the progress lines, and, with -json, the
// hasher that reads the values for its checksum as they are computed; lastValues holds the
// count at the last progress report. runCtx is the run's context.
func (c *command) runOptions(runCtx context.Context, stderr io.Writer, terminal bool) (opt kayles.RunOptions, sum *valueHasher, lastValues *atomic.Int64) {
	opt = kayles.RunOptions{Limit: c.n, Checkpoint: c.checkpoint, CheckpointEvery: c.every, Resume: c.resume, Spill: c.spill}
	opt.Progress, opt.ProgressEvery = c.progress(stderr, terminal)
	if c.asJSON && c.format != "print" { // -print hashes what it writes
		// The checksum of the report is read as the values are computed, between the steps of
		// the run, so that after it only the values of its last step are left to read.
		sum = newValueHasher(c.o)
		opt.ProgressEvery = min(opt.ProgressEvery, hashEvery)
		if opt.ProgressEvery == 0 {
			opt.ProgressEvery = hashEvery
		}
	}
	lastValues = new(atomic.Int64)
	if opt.Progress != nil || sum != nil {
		show := opt.Progress
		opt.Progress = func(p kayles.Progress) {
			lastValues.Store(int64(p.Values))
			if sum != nil {
				sum.advance(runCtx, p.Values)
			}
			if show != nil {
				show(p)
			}
		}
	}
	return opt, sum, lastValues
}

// progress returns the progress function of the run and how often it is called: on a
// terminal a live line, otherwise a line every c.progressEvery; either warns once when the run
// would take long with the default -n.
func (c *command) progress(stderr io.Writer, terminal bool) (func(kayles.Progress), time.Duration) {
	warned := false
	// warn says once, when -n was left at its default, that the run would take long at the
	// rate measured so far (a lower bound: the rate falls as the heaps grow for most codes).
	warn := func(p kayles.Progress) string {
		if c.set["n"] || warned || p.Elapsed < c.warnAfter || p.Rate <= 0 || p.Values >= c.n {
			return ""
		}
		left := time.Duration(float64(c.n-p.Values) / p.Rate * float64(time.Second))
		if left < c.warnLonger {
			return ""
		}
		warned = true
		return fmt.Sprintf("octal: warning: %s: no period proven within %d values; the default -n of %d values would take at least %s more at %.0f values/s; set -n or -timeout to bound the run",
			c.o, p.Values, c.n, roundDuration(left), p.Rate)
	}
	if terminal {
		return func(p kayles.Progress) {
			if w := warn(p); w != "" {
				fmt.Fprintln(stderr, "\n"+w)
			}
			fmt.Fprintf(stderr, "\r%s: %d values, %.0f values/s, %d rare, largest %d, %s   ",
				c.o, p.Values, p.Rate, p.Rare, p.MaxValue, p.Elapsed.Round(time.Second))
		}, 0
	}
	var logged time.Duration
	return func(p kayles.Progress) {
		if w := warn(p); w != "" {
			fmt.Fprintln(stderr, w)
		}
		// Run also reports once at the end; a run shorter than one interval leaves no
		// progress line in the log, only its report.
		if p.Elapsed >= c.progressEvery && p.Elapsed-logged >= c.progressEvery {
			logged = p.Elapsed
			fmt.Fprintln(stderr, logLine(c.o, p, c.n, c.set["n"]))
		}
	}, min(c.progressEvery, c.warnAfter)
}

// watchDeadline stops the run, through stopRun, once the work after it would no longer end
// by the deadline of -timeout (see deadlineReserve): the checkpoint, the files and outputs
// asked for, the values sum has yet to read and those -resume brings.
func (c *command) watchDeadline(runCtx context.Context, stopRun context.CancelCauseFunc, sum *valueHasher, lastValues *atomic.Int64) {
	deadline, _ := runCtx.Deadline()
	reserve := deadlineReserve{checkpoint: c.checkpoint != "" && !c.spill}
	for _, f := range []struct {
		on   bool
		name string
	}{{c.format != "", c.format}, {c.rareFile != "", "rare"}, {c.histFile != "", "histogram"},
		{c.plotFile != "", "plot"}, {c.plot.modFile != "", "plot"}, {c.tableFile != "", "periodic"}} {
		if f.on {
			reserve.perValue += outputCost[f.name]
		}
	}
	if sum != nil {
		reserve.hashed = sum.hashed.Load
	}
	if fi, err := os.Stat(c.resume); c.resume != "" && err == nil {
		// The values resumed, 2 bytes each, before the run reports any.
		reserve.resumed = fi.Size() / 2
		lastValues.Store(reserve.resumed)
	}
	go reserve.watch(runCtx, stopRun, deadline, lastValues.Load)
}

// printValues writes the values of -print, -bfile or -csv to w, in that format: exactly -n
// when a period (or a closed form) gives them all, otherwise those computed, when the run
// stopped early. It returns their count and the SHA-256 of the bytes written.
func (c *command) printValues(ctx context.Context, r kayles.Report, w io.Writer) (int, string, error) {
	printed := min(r.Values, c.n)
	if r.Period.Period > 0 {
		printed = c.n
	}
	h := sha256.New()
	if err := writeValues(ctx, c.o, printed, c.format, io.MultiWriter(w, h)); err != nil {
		return 0, "", err
	}
	return printed, hex.EncodeToString(h.Sum(nil)), nil
}

// writeFiles writes the files asked for: -rare, -exceptions, -histogram, -plot, -plot-mod and
// -periodic, reading the values computed under rctx; the codes of -plot-codes run under ctx.
func (c *command) writeFiles(ctx, rctx context.Context, r kayles.Report) error {
	drawn := c.drawnOf(r)
	for _, f := range []struct {
		path  string
		write func(io.Writer) error
	}{
		{c.rareFile, func(w io.Writer) error { return writeRare(rctx, c.o, r, w) }},
		{c.excFile, func(w io.Writer) error { return writeExceptions(rctx, c.o, r, w) }},
		{c.histFile, func(w io.Writer) error { return writeHistograms(rctx, c.o, r.Values, w) }},
		{c.plotFile, func(w io.Writer) error { return c.writeFigure(ctx, rctx, r, plot.Values, c.plotFile, w) }},
		{c.plot.modFile, func(w io.Writer) error { return c.writeFigure(ctx, rctx, r, plot.Residues, c.plot.modFile, w) }},
		{c.tableFile, func(w io.Writer) error { return writePeriodic(rctx, c.o, r, drawn, c.columns, w) }},
	} {
		if f.path == "" || r.Values == 0 { // a run stopped before its first value has nothing to write
			continue
		}
		if err := writeFile(f.path, f.write); err != nil {
			return err
		}
	}
	return nil
}

// report writes the report to w, as text or, with -json, as one JSON object. printed and
// printedSum are the count and the SHA-256 of what -print, -bfile or -csv wrote; hashed, when
// not nil, has read the values into the checksum as the run computed them.
func (c *command) report(ctx context.Context, r kayles.Report, hashed *valueHasher, printed int, printedSum string, w io.Writer) error {
	if !c.asJSON {
		fmt.Fprint(w, text(r))
		return nil
	}
	j := toJSON(r)
	sum := printedSum // -print wrote exactly the values the report covers, in its format
	if c.format != "print" || printed != r.Values {
		var err error
		if hashed != nil {
			sum, err = hashed.sum(ctx, r.Values)
		} else {
			sum, err = valuesChecksum(ctx, c.o, r.Values)
		}
		if err != nil {
			return err
		}
	}
	j.ValuesSHA256, j.Args, j.Build = sum, append([]string{}, c.args...), readBuild()
	if c.format != "" {
		j.PrintedValues, j.PrintedSHA256 = &printed, printedSum
	}
	j.Params = map[string]string{}
	c.fs.VisitAll(func(f *flag.Flag) { j.Params[f.Name] = f.Value.String() })
	j.Params["n"] = strconv.Itoa(c.n)
	b, _ := json.Marshal(j)
	fmt.Fprintln(w, string(b))
	return nil
}

// exit returns the exit status of a run that returned err, and says on stderr why it stopped
// when it stopped early: -timeout, Ctrl-C, or an error.
func (c *command) exit(runCtx context.Context, r kayles.Report, err error, stderr io.Writer) int {
	switch {
	case err == nil:
		return exitOK
	case runCtx.Err() != nil && errors.Is(err, runCtx.Err()):
		at := fmt.Sprintf("at %d values", r.Values)
		then := "resume with -resume " + c.checkpoint
		if c.checkpoint == "" {
			then = "add -checkpoint FILE to keep what is done for -resume"
		}
		if errors.Is(context.Cause(runCtx), errTimeout) {
			if c.checkpoint == "" {
				then = "raise -timeout, or " + then
			}
			fmt.Fprintf(stderr, "octal: stopped after %v (-timeout) %s; %s\n", c.timeout, at, then)
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

// startProfile starts a CPU profile written to path, and returns what stops it and closes the
// file.
func startProfile(path string) (stop func(), err error) {
	f, err := os.Create(path)
	if err != nil {
		return nil, err
	}
	if err := pprof.StartCPUProfile(f); err != nil {
		f.Close()
		return nil, fmt.Errorf("-cpuprofile: %w", err)
	}
	return func() { pprof.StopCPUProfile(); f.Close() }, nil
}
