package main

import (
	"container/heap"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sync"
	"time"

	"github.com/octalgames/kayles"
)

// This file implements the deepening schedule of -classify: every code to a few values first,
// then the codes still undecided four times further, and so on to -n, so that the answers
// that come easily come first and a time limit leaves the fewest codes open.

// firstRound is the most values of the first round. Each round after it goes four times
// further up to -n/2, and from there by -n/16, so that a value first seen past about -n/2,
// which rules a proof within -n values out, stops a code within -n/16 values of it. A code
// is taken up again where its values stopped (its game keeps them between rounds), so the
// rounds cost little more than one run to the same length.
const firstRound = 1 << 12

// roundLimit returns the values of round r (0 the first) of a classification to n values.
func roundLimit(r, n int) int {
	lim := min(firstRound, n)
	for ; r > 0 && lim < n; r-- {
		if lim < n/2 {
			lim = min(4*lim, n/2)
		} else {
			lim = min(lim+max(n/16, 1), n)
		}
	}
	return lim
}

// checkpointFrom is the least round limit from which a code keeps its values in a checkpoint
// (2 bytes a value) between its rounds, rather than its game in memory (measured: -classify
// -n 262144 held at most 445 MB with some 160 codes undecided at 2^16 to 2^17 values, about
// 2.7 MB a code); its next round resumes from the file. With -results the checkpoints are kept
// there, so that a run killed and started again resumes them too; otherwise they go to a
// temporary directory removed at the end.
const checkpointFrom = 1 << 18

// A codeRun is one code of the schedule between its rounds.
type codeRun struct {
	i       int           // its index in the family
	round   int           // the round it waits for
	o       *kayles.Octal // its game, held so that its values stay between rounds
	spent   time.Duration // the time of its rounds so far, for -budget
	resumed bool          // its checkpoint, if any, has been looked for
}

// runQueue orders the codes waiting by the time their rounds have taken so far, least first,
// then by round and by their order in the family: every code has its first round before any
// has a second, and a code whose rounds cost little goes on through its rounds while those
// whose values cost more wait, so that a long proof of a cheap code (0.56 needs 691,511
// values) is not held behind codes that grow (0.06 costs O(n) a value) at every round.
type runQueue []*codeRun

func (q runQueue) Len() int { return len(q) }
func (q runQueue) Less(a, b int) bool {
	x, y := q[a], q[b]
	if x.spent != y.spent {
		return x.spent < y.spent
	}
	return x.round < y.round || (x.round == y.round && x.i < y.i)
}
func (q runQueue) Swap(a, b int) { q[a], q[b] = q[b], q[a] }
func (q *runQueue) Push(x any)   { *q = append(*q, x.(*codeRun)) }
func (q *runQueue) Pop() any {
	old := *q
	x := old[len(old)-1]
	*q = old[:len(old)-1]
	return x
}

// A scheduler runs the codes of a classification, cl.jobs at a time, by rounds.
type scheduler struct {
	cl *classifier
	// checkpoints is the directory of the checkpoints of the codes not decided yet (see
	// checkpointFrom); a code's goes once it is decided.
	checkpoints string
	// done is called, one call at a time, with each code's line after each round: final when
	// the code is decided (periodic or none), not final while it is open or undecided.
	done func(i int, line string, final bool) error

	mu       sync.Mutex
	cond     *sync.Cond
	queue    runQueue
	running  int   // codes in a round now
	finished int   // codes decided or stopped
	err      error // the first failure of done, which stops the schedule
	limited  bool  // a code stopped at a limit of the engine
}

// newScheduler returns the schedule of the codes of todo, from the games given.
func newScheduler(cl *classifier, todo map[int]*kayles.Octal) *scheduler {
	s := &scheduler{cl: cl}
	s.cond = sync.NewCond(&s.mu)
	for i, o := range todo {
		s.queue = append(s.queue, &codeRun{i: i, o: o})
	}
	heap.Init(&s.queue)
	return s
}

// The outcomes of one round of a code.
const (
	again   = iota // undecided: the code waits for the next round
	decided        // periodic or none: its line is final
	stopped        // -budget, -timeout or a limit of the engine stopped it: open, or none
)

// run runs every code to its end, and returns exitOK, exitLimit when a code stopped at a limit
// of the engine, or exitFail when a result could not be written.
func (s *scheduler) run(ctx context.Context, stderr io.Writer) int {
	var wg sync.WaitGroup
	for range s.cl.jobs {
		wg.Go(func() {
			for {
				cr := s.next(ctx)
				if cr == nil {
					return
				}
				line, outcome, err := s.step(ctx, cr)
				s.mu.Lock()
				if err != nil {
					fmt.Fprintln(stderr, "octal:", s.cl.codes[cr.i]+":", err)
					s.limited = true
				}
				if s.err == nil {
					s.err = s.done(cr.i, line, outcome == decided)
				}
				if outcome == again {
					cr.round++
					if s.checkpoints != "" && roundLimit(cr.round-1, s.cl.n) >= checkpointFrom {
						cr.o, cr.resumed = nil, false // its values wait in its checkpoint
					}
					heap.Push(&s.queue, cr)
				} else {
					s.finished++
					cr.o = nil
				}
				s.running--
				s.cond.Broadcast()
				s.mu.Unlock()
			}
		})
	}
	stop := context.AfterFunc(ctx, func() {
		s.mu.Lock()
		s.cond.Broadcast()
		s.mu.Unlock()
	})
	wg.Wait()
	stop()
	switch {
	case s.err != nil:
		fmt.Fprintln(stderr, "octal:", s.err)
		return exitFail
	case s.limited:
		return exitLimit
	}
	return exitOK
}

// next returns the next code to run, waiting while codes in a round may yet add to the
// queue, or nil when there is none or ctx is done.
func (s *scheduler) next(ctx context.Context) *codeRun {
	s.mu.Lock()
	defer s.mu.Unlock()
	for len(s.queue) == 0 && s.running > 0 && ctx.Err() == nil && s.err == nil {
		s.cond.Wait()
	}
	if len(s.queue) == 0 || ctx.Err() != nil || s.err != nil {
		return nil
	}
	s.running++
	return heap.Pop(&s.queue).(*codeRun)
}

// step runs one round of a code, and returns its line and the round's outcome, with the error
// of the engine when one stopped it (a limit of its own; the line then says open).
func (s *scheduler) step(ctx context.Context, cr *codeRun) (line string, outcome int, err error) {
	code := s.cl.codes[cr.i]
	if cr.o == nil {
		cr.o = kayles.MustParseOctal(code)
	}
	cctx, cancel := ctx, context.CancelFunc(func() {})
	if b := s.cl.budget; b > 0 {
		cctx, cancel = context.WithTimeoutCause(ctx, b-cr.spent, errBudget)
	}
	opt := s.runOptions(cr)
	start := time.Now()
	r, err := cr.o.Run(cctx, opt)
	var ce *kayles.CheckpointError
	if opt.Resume != "" && errors.As(err, &ce) && r.Values == 0 {
		// A checkpoint that cannot be read (damaged, of another version) is computed again.
		os.Remove(opt.Resume)
		opt.Resume = ""
		r, err = cr.o.Run(cctx, opt)
	}
	cr.spent += time.Since(start)
	// A run that -budget or -timeout stopped is listed as open, with the values it reached,
	// or as none (see classStatus).
	cause := context.Cause(cctx)
	halted := err != nil
	if halted && (errors.Is(cause, errBudget) || errors.Is(cause, errTimeout) || ctx.Err() != nil) {
		err = nil
	}
	cancel()
	provable, k, t := proofBound(cr.o)
	status := classStatus(r, halted, s.cl.n, provable, k, t)
	if r.Code == "" {
		r.Code = code // a run stopped before its first value
	}
	switch status {
	case "":
		return classLine(r, "open"), again, nil // open until its next round
	case "open":
		return classLine(r, status), stopped, err
	}
	if opt.Checkpoint != "" || opt.Resume != "" {
		os.Remove(s.checkpointPath(cr))
	}
	return classLine(r, status), decided, err
}

// runOptions returns the options of a code's next round: its limit and, with -results, its
// checkpoint from checkpointFrom values on, and the checkpoint to resume from in its first
// round in this process when a run before kept one. A resumed code reports every value it
// holds, so its rounds up to them end at once.
func (s *scheduler) runOptions(cr *codeRun) kayles.RunOptions {
	opt := kayles.RunOptions{Limit: roundLimit(cr.round, s.cl.n)}
	if s.checkpoints == "" {
		return opt
	}
	path := s.checkpointPath(cr)
	if !cr.resumed {
		cr.resumed = true
		if _, err := os.Stat(path); err == nil {
			opt.Resume = path
		}
	}
	if opt.Limit >= checkpointFrom || opt.Resume != "" {
		opt.Checkpoint = path
	}
	return opt
}

// checkpointPath returns the file of a code's checkpoint.
func (s *scheduler) checkpointPath(cr *codeRun) string {
	return filepath.Join(s.checkpoints, fileName(s.cl.codes[cr.i])+".ck")
}
