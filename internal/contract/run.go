package contract

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"regexp"
	"runtime"
	"runtime/debug"
	"runtime/metrics"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// This file implements Run: each row a subtest, asked in child processes under watchdogs.

// childEnv holds, in a child process, the indices of the rows it asks.
const childEnv = "KAYLES_CONTRACT_ROWS"

// A phase is one asking of a row: with a context done before the call, cancelled during it,
// or Background.
type phase struct {
	Mode  string
	Class string        // see class; "panic", "hang", "memory" or "no answer in time" too
	Text  string        // the answer's description or the error
	Took  time.Duration // from the call to its return
	Late  time.Duration // from the cancel to the return
	Stack string        // the call's goroutine, for a panic, a hang or memory past the bound
}

// A result is what a child reports for one row.
type result struct {
	Index  int
	Phases []phase
	Skip   string // why the row was not asked with Background
	Memory uint64 // the most memory of the process seen while the row ran, in bytes (resident)
	Ended  bool   // the row ended its child process (a hang, or memory past the bound)
	Died   string // set by the parent when the child ended without a result
}

// Run runs each row as a subtest of t, named by Row.Name, so that -run selects rows. The
// subtests wait while child processes (the test binary run again with t's name, Options.Procs
// at once) ask the selected rows, each in turn: with a context cancelled before the call,
// with one cancelled after Options.Delay, and with Background unless the row skips it. A
// child ends when a row hangs or its memory passes Options.Memory; the next child goes on from
// the row after it. In a child process Run asks the rows it is given instead.
func Run(t *testing.T, rows []Row, o Options) {
	o = o.withDefaults()
	if spec, ok := os.LookupEnv(childEnv); ok {
		child(rows, spec, o)
		return
	}
	names := map[string]bool{}
	for _, r := range rows {
		if names[r.Name()] {
			t.Fatalf("two rows named %s", r.Name())
		}
		names[r.Name()] = true
	}
	results := make([]chan result, len(rows))
	var selected []int
	for i, r := range rows {
		results[i] = make(chan result, 1)
		t.Run(r.Name(), func(t *testing.T) {
			selected = append(selected, i)
			t.Parallel()
			report(t, r, <-results[i], o)
		})
	}
	shards := make([][]int, o.Procs)
	for k, i := range selected {
		shards[k%o.Procs] = append(shards[k%o.Procs], i)
	}
	for _, idx := range shards {
		go runShard(t.Name(), idx, results, o)
	}
}

// report fails t for what the contract does not allow in res, and logs the rest.
func report(t *testing.T, r Row, res result, o Options) {
	if res.Died != "" {
		t.Fatalf("%s: %s", r.Name(), res.Died)
	}
	for _, p := range res.Phases {
		t.Logf("%s: %s, %s (took %v, returned %v after the cancel)", p.Mode, p.Class, p.Text, p.Took.Round(time.Microsecond), p.Late.Round(time.Microsecond))
		bad := ""
		switch p.Class {
		case "panic", "hang", "memory", "not an answer", "error of no family", "no answer in time":
			bad = p.Class
		}
		if p.Mode == "Background" {
			switch {
			case p.Class == "canceled":
				bad = "context.Canceled with a context that was not cancelled"
			case p.Class == "limit" && r.Move:
				bad = "a LimitError where a move is due"
			}
		} else if p.Late > o.Slack {
			bad = fmt.Sprintf("returned %v after its context was done: the contract is 100 ms, the suite allows %v", p.Late.Round(time.Millisecond), o.Slack)
		}
		if bad != "" {
			msg := fmt.Sprintf("%s, %s: %s: %s", r.Name(), p.Mode, bad, p.Text)
			if p.Stack != "" {
				msg += "\n" + p.Stack
			}
			t.Error(msg)
		}
	}
	if res.Skip != "" {
		t.Logf("Background: %s", res.Skip)
	}
	t.Logf("process at most %.1f MB", float64(res.Memory)/(1<<20))
}

// runShard asks the rows idx in child processes, one after another, and sends each result.
func runShard(test string, idx []int, results []chan result, o Options) {
	for len(idx) > 0 {
		n, died := runChild(test, idx, o, func(res result) { results[res.Index] <- res })
		idx = idx[n:]
		if len(idx) > 0 && died != "" {
			results[idx[0]] <- result{Index: idx[0], Died: died}
			idx = idx[1:]
		}
	}
}

// runChild asks rows idx in one child process, passes each result to send as it comes, and
// returns how many came (a prefix of idx), and why the child ended when it did so while
// asking a row without reporting it.
func runChild(test string, idx []int, o Options, send func(result)) (int, string) {
	spec := make([]string, len(idx))
	for k, i := range idx {
		spec[k] = strconv.Itoa(i)
	}
	args := []string{"-test.run=^" + regexp.QuoteMeta(test) + "$"}
	if testing.Short() {
		args = append(args, "-test.short")
	}
	cmd := exec.Command(os.Args[0], args...)
	cmd.Env = append(os.Environ(), childEnv+"="+strings.Join(spec, ","))
	var out tail
	cmd.Stdout, cmd.Stderr = &out, &out
	r, w, err := os.Pipe()
	if err != nil {
		return 0, err.Error()
	}
	cmd.ExtraFiles = []*os.File{w}
	if err := cmd.Start(); err != nil {
		r.Close()
		w.Close()
		return 0, "cannot start a child process: " + err.Error()
	}
	w.Close()
	// The child reports each row within its phases' watchdogs; a child silent for longer
	// than all of them together is stuck, and is ended.
	quiet := 2*(o.Delay+o.Hang) + o.Wait + o.Hang + time.Minute
	timer := time.AfterFunc(quiet, func() { cmd.Process.Kill() })
	n, ended := 0, false
	sc := bufio.NewScanner(r)
	sc.Buffer(nil, 16<<20)
	for sc.Scan() {
		var res result
		if err := json.Unmarshal(sc.Bytes(), &res); err != nil || n == len(idx) || res.Index != idx[n] {
			cmd.Process.Kill() // a child that reports what it was not asked cannot be trusted
			break
		}
		send(res)
		n, ended = n+1, res.Ended
		timer.Reset(quiet)
	}
	timer.Stop()
	r.Close()
	err = cmd.Wait()
	if n == len(idx) || ended {
		return n, ""
	}
	return n, fmt.Sprintf("the child process asking it ended without a result (%v; silent for at most %v), its last output:\n%s", err, quiet, out.String())
}

// tail keeps the last 4 KiB written to it.
type tail struct {
	mu sync.Mutex
	b  []byte
}

func (t *tail) Write(p []byte) (int, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.b = append(t.b, p...)
	if len(t.b) > 4096 {
		t.b = t.b[len(t.b)-4096:]
	}
	return len(p), nil
}

func (t *tail) String() string {
	t.mu.Lock()
	defer t.mu.Unlock()
	return string(t.b)
}

// child asks the rows that spec lists and reports each on file descriptor 3.
func child(rows []Row, spec string, o Options) {
	out := os.NewFile(3, "contract")
	enc := json.NewEncoder(out)
	var m monitor
	go m.watch(o.Memory, enc)
	for _, s := range strings.Split(spec, ",") {
		i, err := strconv.Atoi(s)
		if err != nil || i < 0 || i >= len(rows) {
			fmt.Fprintf(os.Stderr, "contract: bad row %q in %s\n", s, childEnv)
			os.Exit(2)
		}
		res := m.ask(rows[i], i, o, enc)
		if err := m.encode(enc, res); err != nil {
			os.Exit(2)
		}
	}
}

// A monitor asks a child's rows and watches its memory.
type monitor struct {
	mu    sync.Mutex
	res   result // the row being asked, so far
	mode  string // its phase
	gid   string // the goroutine of its call, "goroutine N "
	peak  atomic.Uint64
	ended bool // a result was written for a row that ends the child
}

// encode writes res, unless the child is ending.
func (m *monitor) encode(enc *json.Encoder, res result) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.ended {
		select {} // the process is exiting
	}
	return enc.Encode(res)
}

// fatal reports the row being asked as failed in its phase and ends the process.
func (m *monitor) fatal(enc *json.Encoder, class, text string) {
	m.mu.Lock()
	res := m.res
	res.Phases = append(res.Phases, phase{Mode: m.mode, Class: class, Text: text, Stack: stackOf(m.gid)})
	res.Memory = max(res.Memory, m.peak.Load())
	res.Ended = true
	m.ended = true
	enc.Encode(res)
	m.mu.Unlock()
	os.Exit(0)
}

// watch samples the memory every 10 ms and ends the process when it passes limit, or when the
// parent process has ended (the child is an orphan then, whose results nobody reads).
func (m *monitor) watch(limit uint64, enc *json.Encoder) {
	parent := os.Getppid()
	for range time.Tick(10 * time.Millisecond) {
		if os.Getppid() != parent {
			os.Exit(2)
		}
		mem := resident()
		if mem > m.peak.Load() {
			m.peak.Store(mem)
		}
		if mem > limit {
			m.fatal(enc, "memory", fmt.Sprintf("the process reached %d MB, past the suite's bound of %d MB", mem>>20, limit>>20))
		}
	}
}

// resident returns the memory of the process in RAM, as Linux counts it: a reservation
// whose pages are never written (the engine reserves room for 2^30 values at once for a
// large question) costs nothing. Elsewhere it returns the bytes of the heap's objects.
func resident() uint64 {
	if b, err := os.ReadFile("/proc/self/statm"); err == nil {
		if f := strings.Fields(string(b)); len(f) > 1 {
			if pages, err := strconv.ParseUint(f[1], 10, 64); err == nil {
				return pages * uint64(os.Getpagesize())
			}
		}
	}
	sample := []metrics.Sample{{Name: "/memory/classes/heap/objects:bytes"}}
	metrics.Read(sample)
	return sample[0].Value.Uint64()
}

// ask asks row r in its phases.
func (m *monitor) ask(r Row, index int, o Options, enc *json.Encoder) result {
	debug.FreeOSMemory() // what earlier rows left is not this row's
	m.mu.Lock()
	m.res = result{Index: index, Skip: skipBackground(r)}
	m.mu.Unlock()
	m.peak.Store(0)

	before, cancel := context.WithCancel(context.Background())
	cancel()
	m.phase(r, "a context done before the call", before, nil, o, enc)

	during, cancel := context.WithCancel(context.Background())
	m.phase(r, fmt.Sprintf("a context cancelled after %v", o.Delay), during, cancel, o, enc)
	cancel()

	if m.res.Skip == "" {
		bg, cancel := context.WithCancel(context.Background())
		m.phase(r, "Background", bg, cancel, o, enc)
		cancel()
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	res := m.res
	res.Memory = m.peak.Load()
	return res
}

// outcome is what one call gave.
type outcome struct {
	text  string
	err   error
	panic string
	stack string
}

// phase asks r once with ctx and adds the phase to m.res. With a cancel it cancels ctx after
// o.Delay, or for Background after o.Wait; it ends the process when the call hangs.
func (m *monitor) phase(r Row, mode string, ctx context.Context, cancel context.CancelFunc, o Options, enc *json.Encoder) {
	gid := make(chan string, 1)
	done := make(chan outcome, 1)
	ctx, returned := withReturned(ctx)
	start := time.Now()
	go func() {
		gid <- goroutineID()
		var out outcome
		defer func() {
			if p := recover(); p != nil {
				out = outcome{panic: fmt.Sprint(p), stack: string(debug.Stack())}
			}
			done <- out
		}()
		out.text, out.err = r.Ask(ctx)
	}()
	m.mu.Lock()
	m.mode, m.gid = mode, <-gid
	m.mu.Unlock()

	var out outcome
	var cancelled time.Time
	wait := o.Delay
	if mode == "Background" {
		wait = o.Wait
	}
	if cancel == nil {
		cancelled = start
	} else {
		select {
		case out = <-done:
		case <-time.After(wait):
			cancelled = time.Now()
			cancel()
		}
	}
	if !cancelled.IsZero() {
		select {
		case out = <-done:
		case <-time.After(o.Hang):
			m.fatal(enc, "hang", fmt.Sprintf("no return %v after its context was done", o.Hang))
		}
	}
	end := returned()
	p := phase{Mode: mode, Took: end.Sub(start), Text: out.text}
	if !cancelled.IsZero() {
		p.Late = max(0, end.Sub(cancelled))
	}
	switch {
	case out.panic != "":
		p.Class, p.Text, p.Stack = "panic", out.panic, out.stack
	default:
		p.Class = class(r, out.err)
		if out.err != nil {
			p.Text = out.err.Error()
		}
		if mode == "Background" && !cancelled.IsZero() {
			p.Class = "no answer in time"
			p.Text = fmt.Sprintf("neither an answer nor a LimitError within %v; after the cancel: %s", o.Wait, p.Text)
		}
	}
	m.mu.Lock()
	m.res.Phases = append(m.res.Phases, p)
	m.mu.Unlock()
}

// goroutineID returns "goroutine N " for the calling goroutine.
func goroutineID() string {
	var buf [64]byte
	b := buf[:runtime.Stack(buf[:], false)]
	if i := bytes.IndexByte(b, '['); i > 0 {
		return string(b[:i])
	}
	return ""
}

// stackOf returns the stack of the goroutine that goroutineID named, cut to 8 KiB.
func stackOf(gid string) string {
	if gid == "" {
		return ""
	}
	buf := make([]byte, 1<<20)
	for {
		n := runtime.Stack(buf, true)
		if n < len(buf) {
			buf = buf[:n]
			break
		}
		buf = make([]byte, 2*len(buf))
	}
	for g := range strings.SplitSeq(string(buf), "\n\n") {
		if strings.HasPrefix(g, gid) {
			if len(g) > 8192 {
				g = g[:8192] + "\n..."
			}
			return g
		}
	}
	return ""
}
