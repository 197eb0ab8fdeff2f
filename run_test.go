package kayles

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestRunProvesPeriod(t *testing.T) {
	o := freshOctal("0.156")
	var calls int
	r, err := o.Run(context.Background(), RunOptions{Progress: func(p Progress) {
		calls++
		assert.Positive(t, p.Values)
	}})
	require.NoError(t, err)
	assert.Equal(t, Period{Preperiod: 3479, Period: 349, Proven: true}, r.Period)
	assert.Equal(t, "0.156", r.Code)
	assert.GreaterOrEqual(t, r.Values, 2*(3479+349)+3)
	assert.Positive(t, calls)
	// The report agrees with the values.
	vals, err := o.Values(ctx, r.Values)
	require.NoError(t, err)
	maxv, maxAt, rare, last := 0, 0, 0, 0
	for a, v := range vals {
		if v > maxv {
			maxv, maxAt = v, a
		}
		if a > 0 && (popcount16(uint16(v)&r.Mask)+r.Parity*(a-r.ParityFrom))%2 == 0 {
			rare, last = rare+1, a
		}
	}
	assert.Equal(t, maxv, r.MaxValue)
	assert.Equal(t, maxAt, r.MaxAt)
	assert.Equal(t, rare, r.RareCount)
	assert.Equal(t, last, r.LastRare)
	assert.NotZero(t, r.Mask)
	// Grundy is O(1) from the proven period on.
	assert.Equal(t, vals[3479+5], must(o.Grundy(ctx, 3479+5+349*1_000_000_000)))
}

func TestRunLimit(t *testing.T) {
	o := freshOctal("0.6")
	r, err := o.Run(context.Background(), RunOptions{Limit: 5000})
	require.NoError(t, err)
	assert.Equal(t, 5000, r.Values)
	assert.Equal(t, Period{}, r.Period)
}

func TestRunCancelWritesCheckpoint(t *testing.T) {
	path := filepath.Join(t.TempDir(), "ck")
	ctx, cancel := context.WithCancel(context.Background())
	o := freshOctal("0.354")
	steps := 0
	r, err := o.Run(ctx, RunOptions{Limit: 1 << 20, Checkpoint: path, ProgressEvery: 1, Progress: func(Progress) {
		if steps++; steps == 2 {
			cancel()
		}
	}})
	require.ErrorIs(t, err, context.Canceled)
	require.Less(t, r.Values, 1<<20)
	// Resume in a fresh Octal and finish: the values equal an uninterrupted run's.
	o2 := freshOctal("0.354")
	r2, err := o2.Run(context.Background(), RunOptions{Limit: r.Values + 40000, Resume: path})
	require.NoError(t, err)
	assert.Equal(t, r.Values+40000, r2.Values)
	got, err := o2.Values(context.Background(), r2.Values)
	require.NoError(t, err)
	want, err := freshOctal("0.354").Values(context.Background(), r2.Values)
	require.NoError(t, err)
	assert.Equal(t, want, got)
}

func TestRunResumeRefusesOtherCode(t *testing.T) {
	path := filepath.Join(t.TempDir(), "ck")
	_, err := freshOctal("0.16").Run(context.Background(), RunOptions{Limit: 3000, Checkpoint: path})
	require.NoError(t, err)
	_, err = freshOctal("0.6").Run(context.Background(), RunOptions{Resume: path})
	require.ErrorIs(t, err, ErrCheckpoint)
	var ce *CheckpointError
	require.ErrorAs(t, err, &ce)
	assert.Equal(t, path, ce.Path)
	assert.Contains(t, err.Error(), `written for "0.16", not for 0.6`)
}

func TestRunCheckpointUnwritable(t *testing.T) {
	path := filepath.Join(t.TempDir(), "no", "such", "dir", "ck")
	_, err := freshOctal("0.77").Run(context.Background(), RunOptions{Checkpoint: path})
	var ce *CheckpointError
	require.ErrorAs(t, err, &ce)
	assert.True(t, errors.Is(err, os.ErrNotExist))
}

func TestRunAlreadyProven(t *testing.T) {
	o := freshOctal("0.77")
	_, ok := must2(o.Period(ctx, 1<<12))
	require.True(t, ok)
	r, err := o.Run(context.Background(), RunOptions{})
	require.NoError(t, err)
	assert.Equal(t, Period{Preperiod: 71, Period: 12, Proven: true}, r.Period)
}

func TestRunThreeHeaps(t *testing.T) {
	// Flag 8 uses the reference engine and has no rare/common mask.
	o := freshOctal("0.8")
	r, err := o.Run(context.Background(), RunOptions{Limit: 600})
	require.NoError(t, err)
	assert.Zero(t, r.Mask)
	assert.Zero(t, r.RareCount)
	want := referenceValues(o, r.Values)
	got, err := o.Values(ctx, r.Values)
	require.NoError(t, err)
	assert.Equal(t, toInts(want), got)
}

// TestRunCancelSlowCode checks that cancellation stops a run within its step, even for a code
// whose values cost O(n²) each (flag 8), where the first step of 2^14 values takes minutes.
func TestRunCancelSlowCode(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	time.AfterFunc(100*time.Millisecond, cancel)
	r, err := freshOctal("0.8").Run(ctx, RunOptions{})
	require.ErrorIs(t, err, context.Canceled)
	assert.Less(t, r.Values, 1<<14)
}

// TestRunCancelWhileAnotherRuns checks that a Run whose context is done returns at once, with
// its report, while another Run of the same Octal holds the engine for a long step.
func TestRunCancelWhileAnotherRuns(t *testing.T) {
	o := freshOctal("0.6")
	long, stop := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() {
		defer close(done)
		_, _ = o.Run(long, RunOptions{Limit: 1 << 24})
	}()
	for o.eng.load().s.Len() < 1<<16 {
		time.Sleep(time.Millisecond) // the other run is well under way
	}
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Millisecond)
	defer cancel()
	start := time.Now()
	r, err := o.Run(ctx, RunOptions{})
	took := time.Since(start)
	require.ErrorIs(t, err, context.DeadlineExceeded)
	assert.Equal(t, "0.6", r.Code)
	assert.Less(t, took, 3*time.Second, "a generous bound: the contract is 100 ms past the deadline")
	stop()
	<-done
}

// TestRunProvesSmallPeriodsSoon checks that Run's first steps are small: a period that few
// values prove is proven with at most twice the values the theorem needs (the steps double),
// not after a long first step. 0.B and 0.F leave three heaps, on an engine whose values cost
// O(n) or more each, so a long first step would cost seconds.
func TestRunProvesSmallPeriodsSoon(t *testing.T) {
	for _, c := range []string{"0.B", "0.F", "0.77", "0.07", "0.15", "4.7", "0.45"} {
		o := freshOctal(c)
		r, err := o.Run(context.Background(), RunOptions{})
		require.NoError(t, err, c)
		require.True(t, r.Period.Proven, c)
		k, tt := o.plan().heaps, len(o.Digits())-1
		need := max(k*(r.Period.Preperiod+r.Period.Period)+tt, 64) // 64: a run's first step (internal/engine's stepSize)
		assert.LessOrEqual(t, r.Values, 2*need, "%s: %v proven from %d values", c, r.Period, r.Values)
	}
}

// TestSequence checks that Sequence walks exactly the values Values returns, from the cache,
// past a proven period and from a closed form, and stops when its caller does.
func TestSequence(t *testing.T) {
	for _, c := range []struct {
		code string
		n    int
	}{{"0.77", 100_000}, {"0.[3]", 100_000}, {"4.[3]", 1000}, {"0.6", 3000}, {"0.8", 300}} {
		o := freshOctal(c.code)
		seq, err := o.Sequence(ctx, c.n)
		require.NoError(t, err, c.code)
		want, err := freshOctal(c.code).Values(ctx, c.n)
		require.NoError(t, err)
		got := make([]int, 0, c.n)
		for a, v := range seq {
			require.Equal(t, len(got), a)
			got = append(got, v)
		}
		assert.Equal(t, want, got, c.code)
		count := 0
		for range seq {
			if count++; count == 10 {
				break
			}
		}
		assert.Equal(t, 10, count)
	}
	_, err := Kayles.Sequence(ctx, -1)
	var re *RangeError
	require.ErrorAs(t, err, &re)
	_, err = freshOctal("0.6").Sequence(ctx, MaxValues+1)
	var le *LimitError
	require.ErrorAs(t, err, &le)
	cctx, cancel := context.WithCancel(ctx)
	cancel()
	_, err = freshOctal("0.6").Sequence(cctx, 100_000)
	require.ErrorIs(t, err, context.Canceled)
}

// TestReportSparseAndApparent checks the report's Sparse flag, its absent split for codes
// outside the rare/common engine, and the apparent period where none is proven.
func TestReportSparseAndApparent(t *testing.T) {
	r, err := freshOctal("0.3F").Run(ctx, RunOptions{Limit: 600})
	require.NoError(t, err)
	assert.False(t, r.Sparse)
	assert.Equal(t, Period{Preperiod: 0, Period: 6, Saltus: 3}, r.Apparent)
	assert.False(t, r.IsRare(1, 0))

	r, err = freshOctal("0.6").Run(ctx, RunOptions{Limit: 5000})
	require.NoError(t, err)
	assert.True(t, r.Sparse)
	assert.Equal(t, Period{}, r.Period)
	g, err := freshOctal("0.6").Values(ctx, 5000)
	require.NoError(t, err)
	rares := 0
	for a, v := range g {
		if r.IsRare(a, v) {
			rares++
		}
	}
	assert.Equal(t, r.RareCount, rares)

	r, err = Kayles.Run(ctx, RunOptions{})
	require.NoError(t, err)
	assert.Equal(t, Period{}, r.Apparent, "a proven period leaves no apparent one")
	assert.True(t, r.Sparse)
}

// TestReportAfterResume checks that a run that resumes from a checkpoint and computes nothing
// more reports the split of the unbroken run (it reported a zero mask and no rare heaps).
func TestReportAfterResume(t *testing.T) {
	path := filepath.Join(t.TempDir(), "ck")
	whole, err := freshOctal("0.6").Run(ctx, RunOptions{Limit: 30000, Checkpoint: path})
	require.NoError(t, err)
	resumed, err := freshOctal("0.6").Run(ctx, RunOptions{Limit: 5000, Resume: path})
	require.NoError(t, err)
	whole.Elapsed, resumed.Elapsed = 0, 0
	assert.Equal(t, whole, resumed)
	assert.NotZero(t, resumed.Mask)
	assert.Positive(t, resumed.RareCount)
}

// TestRunOfficersRare checks the report of 0.6 (Officers) to 2^20 values against the
// published count (shared/REFERENCES.md: 1584 rare values with heap 0, the last at heap 20627):
// 1583 rare heaps a >= 1. It takes seconds, so it runs with -long only.
func TestRunOfficersRare(t *testing.T) {
	if !*long {
		t.Skip("with -long only")
	}
	r, err := freshOctal("0.6").Run(ctx, RunOptions{Limit: 1 << 20})
	require.NoError(t, err)
	assert.True(t, r.Sparse)
	assert.Equal(t, 1583, r.RareCount)
	assert.Equal(t, 20627, r.LastRare)
}

// TestReportLastNew checks Report.LastNew against a naive scan of the values, and that every
// proven period starts after it ends (n0 + p > LastNew), as its doc argues.
func TestReportLastNew(t *testing.T) {
	for _, c := range []struct {
		code string
		n    int
	}{{"0.77", 500}, {"0.07", 500}, {"0.45", 3000}, {"0.156", 10000}, {"0.6", 30000}, {"4!.0", 20000}, {"0.2048", 2000}, {"0.[3]", 50}} {
		o := freshOctal(c.code)
		r, err := o.Run(ctx, RunOptions{Limit: c.n})
		require.NoError(t, err, c.code)
		vals, err := o.Values(ctx, r.Values)
		require.NoError(t, err, c.code)
		want, seen := 0, map[int]bool{}
		for a, v := range vals {
			if !seen[v] {
				seen[v], want = true, a
			}
		}
		assert.Equal(t, want, r.LastNew, c.code)
		if c.code == "0.77" {
			assert.Equal(t, 28, r.LastNew, "K(28) = 5, the last value of the seed's table seen first")
		}
		if p := r.Period; p.Period > 0 && p.Saltus == 0 {
			assert.Greater(t, p.Preperiod+p.Period, r.LastNew, c.code)
		}
	}
}

// BenchmarkRunCancelLatency measures how long Run goes on after its context is cancelled in
// the middle of a long run (the contract is about 100 ms): each iteration runs a code from
// scratch for a while, cancels, and reports the mean and the largest time from the cancel to
// Run's return as ms-late and ms-late-max. The checkpoint cases write the checkpoint on the
// cancel, as the octal tool's -timeout does; spill writes the run's values to its file as it goes.
//
//	go test -run '^$' -bench BenchmarkRunCancelLatency -benchtime 5x .
func BenchmarkRunCancelLatency(b *testing.B) {
	cases := []struct {
		code  string
		after time.Duration
		save  string // "", "checkpoint" or "spill"
	}{
		{"0.6", time.Second, ""},
		{"0.6", 4 * time.Second, ""},
		{"0.1777", time.Second, ""},
		{"0.1777", 4 * time.Second, ""},
		{"0.1777", 4 * time.Second, "checkpoint"},
		{"0.1777", 4 * time.Second, "spill"},
		{"0.2048", time.Second, ""},   // the three-heap engine
		{"4!.0", 2 * time.Second, ""}, // a modifier: the one-core sparse engine's path
	}
	for _, c := range cases {
		name := "code=" + c.code + "/after=" + c.after.String()
		if c.save != "" {
			name += "/" + c.save
		}
		b.Run(name, func(b *testing.B) {
			var late, most time.Duration
			for b.Loop() {
				// Below 2^24: a Limit of 2^24 or more reserves room for all of it at once,
				// and in a loop the runtime zeroes the 2 GB it reuses, for seconds, before
				// any value (grundy.go, extendCore), which is not what this measures.
				opt := RunOptions{Limit: 1<<24 - 1}
				if c.save != "" {
					opt.Checkpoint = filepath.Join(b.TempDir(), "run.ck")
					opt.Spill = c.save == "spill"
				}
				ctx, cancel := context.WithCancel(context.Background())
				var at time.Time
				time.AfterFunc(c.after, func() { at = time.Now(); cancel() })
				_, err := freshOctal(c.code).Run(ctx, opt)
				d := time.Since(at)
				if !errors.Is(err, context.Canceled) {
					b.Fatalf("Run ended before the cancel: %v", err)
				}
				late += d
				most = max(most, d)
			}
			b.ReportMetric(float64(late.Microseconds())/1000/float64(b.N), "ms-late")
			b.ReportMetric(float64(most.Microseconds())/1000, "ms-late-max")
		})
	}
}

// TestRunReportRead checks the report that Run reads as the values are computed (reportScan)
// against one read afresh from all the values, for codes under and outside the rare/common
// split, after runs of many steps, and after a cancel in the middle of one.
func TestRunReportRead(t *testing.T) {
	for _, c := range []struct {
		code string
		n    int
	}{{"0.1777", 1 << 20}, {"0.6", 1 << 17}, {"4!.0", 1 << 16}, {"0.2048", 1 << 10}} {
		if raceEnabled {
			c.n /= 8 // 21 s under the race detector with the full sizes
		}
		o := freshOctal(c.code)
		r, err := o.Run(context.Background(), RunOptions{Limit: c.n})
		require.NoError(t, err)
		fresh := o.eng.report(time.Now())
		r.Elapsed, fresh.Elapsed = 0, 0
		assert.Equal(t, fresh, r, c.code)
	}
	o := freshOctal("0.1777")
	ctx, cancel := context.WithTimeout(context.Background(), 300*time.Millisecond)
	defer cancel()
	r, err := o.Run(ctx, RunOptions{Limit: MaxValues - 1})
	require.ErrorIs(t, err, context.DeadlineExceeded)
	fresh := o.eng.report(time.Now())
	r.Elapsed, fresh.Elapsed = 0, 0
	assert.Equal(t, fresh, r)
}
