package kayles

import (
	"math"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	eng "github.com/octalgames/kayles/internal/engine"
)

// spillRun runs code to n values with its values spilled to path, on an engine with the
// settings set, and on two goroutines in every window from heap 1024 on when pairs is set.
func spillRun(t *testing.T, code string, n int, path string, set eng.Settings, pairs bool) (*Octal, Report) {
	if pairs {
		set.Pairs = eng.PairTuning{From: 1 << 10, Min: 1, Always: true}
	}
	o := tunedOctal(code, set)
	r, err := o.Run(ctx, RunOptions{Limit: n, Spill: true, Checkpoint: path})
	require.NoError(t, err, code)
	return o, r
}

// TestSpillMatchesMemory checks spilled runs against the in-memory engine (whose values
// TestSparseMatchesReference checks against the reference mex) on codes whose rare heaps stop
// early (0.1777 at 123, whose searches pass the front of 256 and double it; 0.106 at 1103),
// late (0.16 at 13,935, 0.6 at 20,627 and 0.376 at 58,414: every value is read back), and with a period
// (0.165: preperiod 5181, period 1550, proven from the file and the tail).
func TestSpillMatchesMemory(t *testing.T) {
	const n = 1 << 16
	codes, modes := []string{"0.1777", "0.106", "0.16", "0.376", "0.165", "0.6"}, []bool{false, true}
	if raceEnabled {
		codes, modes = []string{"0.1777", "0.16"}, []bool{true} // one of each fallback
	}
	for _, code := range codes {
		for _, pairs := range modes {
			path := filepath.Join(t.TempDir(), "spill")
			o, r := spillRun(t, code, n, path, eng.Settings{Spill: tinySpill}, pairs)
			m := freshOctal(code)
			want, err := m.Run(ctx, RunOptions{Limit: n})
			require.NoError(t, err)
			r.Elapsed, want.Elapsed = 0, 0
			assert.Equal(t, want, r, code)
			got, err := o.Values(ctx, r.Values)
			require.NoError(t, err)
			assert.Equal(t, must(m.Values(ctx, r.Values)), got, code)
			sp := engineStats(o)
			t.Logf("%s pairs=%v: front %d, floor %d, falls %d %d", code, pairs, sp.Front, sp.Floor, sp.Widened, sp.Unspill)
			switch code {
			case "0.1777", "0.106":
				assert.True(t, sp.Spilled, code)
				assert.Less(t, sp.Front, math.MaxInt, code)
				// The memory bound: all but the front and the tail are given back.
				assert.GreaterOrEqual(t, sp.Floor, r.Values-sp.Reach-2*spillRecord, code)
			case "0.16", "0.376", "0.6": // 0.6's last rare heap, 20,627, is beyond the most front
				assert.Equal(t, 1, sp.Unspill, code) // every value read back once
			}
			if code == "0.1777" {
				assert.Positive(t, sp.Widened, code) // a search passed the front
			}
		}
	}
}

// TestSpillResume checks that a spilled run resumed from its file, cut at every kind of place,
// goes on to the values of an unbroken run.
func TestSpillResume(t *testing.T) {
	const n = 1 << 15
	dir := t.TempDir()
	whole := filepath.Join(dir, "whole")
	_, want := spillRun(t, "0.1777", n, whole, eng.Settings{Spill: tinySpill}, false)
	data, err := os.ReadFile(whole)
	require.NoError(t, err)
	ref := referenceValues(freshOctal("0.1777"), n)
	hdr := spillHeaderLen("0.1777")
	for _, cut := range []int{hdr, hdr + 3, int(spillOffset(hdr, 5000)), int(spillOffset(hdr, 20000)) + 1, len(data) - 1} {
		path := filepath.Join(dir, "cut")
		require.NoError(t, os.WriteFile(path, data[:cut], 0o644))
		o := tunedOctal("0.1777", eng.Settings{Spill: tinySpill})
		r, err := o.Run(ctx, RunOptions{Limit: n, Spill: true, Checkpoint: path, Resume: path})
		require.NoError(t, err, cut)
		r.Elapsed = 0
		want.Elapsed = 0
		assert.Equal(t, want, r, cut)
		assert.Equal(t, checksum(ref), checksum(must(spillValues(path))), cut)
	}
}

// The spill format's layout (internal/engine's spillfile.go), for the tests that cut files
// and count their bytes: a header of 20 bytes and the code, then records of spillRecord values
// between a count and a checksum.
const spillRecord = 1 << 12

func spillHeaderLen(code string) int { return 8 + 4 + 4 + len(code) + 4 }

func spillOffset(hdr, i int) int64 {
	return int64(hdr) + int64(i/spillRecord)*(8+2*spillRecord) + 4 + 2*int64(i%spillRecord)
}

func spillSize(hdr, n int) int64 {
	return int64(hdr) + int64((n+spillRecord-1)/spillRecord)*(8+2*spillRecord)
}

// killSpill is the run that TestSpillKill kills: Officers to 2^18 values with a front of
// 2^16 and the tail of periods up to 2048, so that most of the values are given back.
var killSpill = eng.SpillTuning{From: 1 << 14, Front: 1 << 16, Period: 1 << 11, Step: 1 << 12, Most: 1 << 18, Room: 1 << 12}

// killValues is past the front and the tail by some 190,000 values (60,000 with the race
// detector, which makes the run ten times slower).
var killValues = map[bool]int{false: 1 << 18, true: 1 << 17}[raceEnabled]

// TestSpillKillChild is the child process of TestSpillKill: it runs (or resumes) the spilled
// run to the file named by $KAYLES_SPILL_CHILD.
func TestSpillKillChild(t *testing.T) {
	path := os.Getenv("KAYLES_SPILL_CHILD")
	if path == "" {
		t.Skip("the child process of TestSpillKill")
	}
	o := tunedOctal("0.6", eng.Settings{Spill: killSpill})
	opt := RunOptions{Limit: killValues, Spill: true, Checkpoint: path, CheckpointEvery: 10 * time.Millisecond}
	if _, err := os.Stat(path); err == nil {
		opt.Resume = path
	}
	_, err := o.Run(ctx, opt)
	require.NoError(t, err)
}

// TestSpillKill kills a spilled run with SIGKILL at random moments, resumes it each time from
// its file, and checks that the values are those of an unbroken run.
func TestSpillKill(t *testing.T) {
	if testing.Short() {
		t.Skip("runs a child process several times")
	}
	path := filepath.Join(t.TempDir(), "spill")
	child := func() *exec.Cmd {
		cmd := exec.Command(os.Args[0], "-test.run=^TestSpillKillChild$", "-test.count=1")
		cmd.Env = append(os.Environ(), "KAYLES_SPILL_CHILD="+path)
		return cmd
	}
	rng := rand.New(rand.NewPCG(1, 2))
	kills := 0
	for range 6 {
		cmd := child()
		require.NoError(t, cmd.Start())
		time.Sleep(time.Duration(50+rng.IntN(1000)) * time.Millisecond)
		require.NoError(t, cmd.Process.Kill())
		if err := cmd.Wait(); err != nil {
			kills++ // killed before it ended
			got, _ := spillValues(path)
			t.Logf("killed with %d values in the file", len(got))
		}
	}
	out, err := child().CombinedOutput()
	require.NoError(t, err, string(out))
	t.Logf("%d runs killed", kills)
	want := must(freshOctal("0.6").Values(ctx, killValues))
	ref := make([]uint16, len(want))
	for i, v := range want {
		ref[i] = uint16(v)
	}
	got, err := spillValues(path)
	require.NoError(t, err)
	assert.Equal(t, checksum(ref), checksum(got))
	assert.Len(t, got, killValues)
}

// TestSpillOfficersLong runs Officers (0.6) to 2^28 values spilled, with the sizes of every
// run (about ten minutes on two idle cores): its rare heaps stop at 20,627, so the front stays
// at 2^16 or a few doublings of it, and all but the front and the tail are given back.
func TestSpillOfficersLong(t *testing.T) {
	if !*long {
		t.Skip("with -long: Officers to 2^28 values spilled (minutes)")
	}
	const n = 1 << 28
	o, r := spillRun(t, "0.6", n, filepath.Join(t.TempDir(), "spill"), eng.Settings{}, false)
	assert.Equal(t, n, r.Values)
	assert.Equal(t, 20627, r.LastRare)
	sp := engineStats(o)
	t.Logf("front %d, floor %d, falls %d %d", sp.Front, sp.Floor, sp.Widened, sp.Unspill)
	assert.True(t, sp.Spilled)
	assert.Zero(t, sp.Unspill)
	assert.LessOrEqual(t, sp.Front, 1<<20)
	const spillBatch = 1 << 14 // the most values between two settles (internal/engine's spill.go)
	assert.GreaterOrEqual(t, sp.Floor, n-sp.Reach-spillBatch-spillRecord)
}

// TestSpillProvesPeriods checks that spilled runs prove the periods that the in-memory engine
// proves, with a tail so short that the comparisons reach values on disk.
func TestSpillProvesPeriods(t *testing.T) {
	tune := eng.SpillTuning{From: 1 << 11, Front: 1 << 8, Period: 1 << 9, Step: 1 << 10, Most: 1 << 14, Room: 1 << 12}
	for _, code := range []string{"0.156", "0.356", "0.644", "0.45", "0.77"} {
		o, r := spillRun(t, code, 1<<16, filepath.Join(t.TempDir(), "spill"), eng.Settings{Spill: tune}, false)
		m := freshOctal(code)
		want, err := m.Run(ctx, RunOptions{Limit: 1 << 16})
		require.NoError(t, err)
		r.Elapsed, want.Elapsed = 0, 0
		assert.Equal(t, want, r, code)
		sp := engineStats(o)
		t.Logf("%s: %v at %d values, front %d, floor %d, falls %d %d", code, r.Period, r.Values, sp.Front, sp.Floor, sp.Widened, sp.Unspill)
		if code == "0.156" || code == "0.356" || code == "0.644" {
			assert.Less(t, r.Period.Preperiod, sp.Floor, code) // the preperiod's end is on disk only
		}
		big := r.Period.Preperiod + 5*r.Period.Period + 1e9
		assert.Equal(t, must(m.Grundy(ctx, big)), must(o.Grundy(ctx, big)), code)
	}
}

// TestSpillConcurrentReads reads values of a spilled run while it gives pages back and widens
// its front: every read agrees with the in-memory engine.
func TestSpillConcurrentReads(t *testing.T) {
	const n = 1 << 17
	want := must(freshOctal("0.1777").Values(ctx, n))
	o := tunedOctal("0.1777", eng.Settings{Spill: tinySpill})
	done := make(chan error)
	go func() {
		_, err := o.Run(ctx, RunOptions{Limit: n, Spill: true, Checkpoint: filepath.Join(t.TempDir(), "spill")})
		done <- err
	}()
	rng := rand.New(rand.NewPCG(3, 4))
	for reads := 0; ; reads++ {
		select {
		case err := <-done:
			require.NoError(t, err)
			t.Logf("%d reads", reads)
			return
		default:
		}
		if have := o.eng.load().s.Len(); have > 0 {
			h := rng.IntN(have)
			v, ok := o.eng.load().value(h)
			require.True(t, ok)
			require.Equal(t, want[h], v, h)
		}
	}
}

// TestSpillReadsInOrder reads every value of a spilled run in order, as the octal tool's
// checksum does, and checks that the values are those of a run in memory and that the file is
// read once a block, not once a value (a run of 2^31 values read one at a time took hours).
func TestSpillReadsInOrder(t *testing.T) {
	const n = 1 << 16
	want := must(freshOctal("0.1777").Values(ctx, n))
	o, r := spillRun(t, "0.1777", n, filepath.Join(t.TempDir(), "spill"), eng.Settings{Spill: tinySpill}, false)
	require.Equal(t, n, r.Values)
	st := engineStats(o)
	require.True(t, st.Spilled)
	require.Less(t, st.Front, st.Floor)
	for h := range n {
		v, ok := o.eng.load().value(h)
		require.True(t, ok, h)
		require.Equal(t, want[h], v, h)
	}
	reads := engineStats(o).Reads - st.Reads
	t.Logf("%d values, %d of them in the file only, read in %d blocks", n, st.Floor-st.Front, reads)
	assert.Positive(t, reads)
	assert.LessOrEqual(t, reads, (st.Floor-st.Front)/spillRecord+2)
}

// TestSpillResumeShort resumes spilled files shorter than the values at which pages are first
// given back, and than the most front (a file cut early by a kill).
func TestSpillResumeShort(t *testing.T) {
	path := filepath.Join(t.TempDir(), "spill")
	_, want := spillRun(t, "0.6", 1<<15, path, eng.Settings{Spill: killSpill}, false)
	for _, n := range []int{spillRecord, 3 * spillRecord, 1 << 15} {
		// A spilled run of n values writes them all (a short last record included).
		spillRun(t, "0.6", n, path, eng.Settings{Spill: killSpill}, false)
		require.Equal(t, referenceValues(freshOctal("0.6"), n), must(spillValues(path)))
		o := tunedOctal("0.6", eng.Settings{Spill: killSpill})
		r, err := o.Run(ctx, RunOptions{Limit: 1 << 15, Spill: true, Checkpoint: path, Resume: path})
		require.NoError(t, err, n)
		r.Elapsed, want.Elapsed = 0, 0
		assert.Equal(t, want, r, n)
	}
}

// TestSpillDiskFull checks that a spilled run whose file would not fit the free space of its
// disk stops with a LimitError, before it starts or while it grows, and that the file it
// leaves resumes.
func TestSpillDiskFull(t *testing.T) {
	free := int64(1 << 40)
	disk := func(set eng.Settings) eng.Settings {
		set.FreeSpace = func(string) (int64, bool) { return free, true }
		return set
	}
	path := filepath.Join(t.TempDir(), "spill")
	const n = 1 << 22
	free = spillSize(spillHeaderLen("0.6"), n) - 1
	o := tunedOctal("0.6", disk(eng.Settings{}))
	_, err := o.Run(ctx, RunOptions{Limit: n, Spill: true, Checkpoint: path})
	var le *LimitError
	require.ErrorAs(t, err, &le)
	assert.Contains(t, le.Advice, "free some space")
	assert.Equal(t, int64(n-spillRecord), le.Limit)
	_, err = os.Stat(path)
	require.ErrorIs(t, err, os.ErrNotExist, "refused before the file is made")

	// The disk fills up while the run goes on: it stops at the next look, at a whole prefix.
	free = 1 << 40
	o = tunedOctal("0.6", disk(eng.Settings{Spill: tinySpill}))
	done := 0
	r, err := o.Run(ctx, RunOptions{Limit: 1 << 16, Spill: true, Checkpoint: path, Progress: func(p Progress) {
		if done == 0 && p.Values >= 1<<13 {
			done, free = p.Values, 1<<10
		}
	}, ProgressEvery: time.Nanosecond})
	require.ErrorAs(t, err, &le)
	require.NotZero(t, done)
	assert.Less(t, r.Values, 1<<16)
	assert.Contains(t, le.Question, "spilled to "+path)
	vals, err := spillValues(path)
	require.NoError(t, err)
	assert.Equal(t, r.Values, len(vals))
	assert.Equal(t, referenceValues(freshOctal("0.6"), 1<<12), vals[:1<<12])
	free = 1 << 40
	o = tunedOctal("0.6", disk(eng.Settings{Spill: tinySpill}))
	r2, err := o.Run(ctx, RunOptions{Limit: r.Values + 1000, Spill: true, Checkpoint: path, Resume: path})
	require.NoError(t, err)
	assert.Equal(t, r.Values+1000, r2.Values)
}
