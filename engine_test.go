package kayles

import (
	"context"
	"flag"
	"fmt"
	"hash/crc32"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	eng "github.com/octalgames/kayles/internal/engine"
)

// This file tests the value engine (internal/engine) through the root: the runs, reports,
// checkpoints and moves that only the root has, on engines whose settings the tests choose.

// long enables the long differential checks: go test -run Long -long.
var long = flag.Bool("long", false, "run the long differential checks (minutes)")

// tinySpill makes a spilled run give pages back from 4096 values on, with a front of 256.
var tinySpill = eng.SpillTuning{From: 1 << 12, Front: 1 << 8, Period: 1 << 11, Step: 1 << 12, Most: 1 << 14, Room: 1 << 12}

// smallPlans makes the scan plans from 64 values on, in buckets of 4 heaps.
var smallPlans = eng.OrderTuning{From: 64, Bucket: 4, Span: 256, Always: true}

// paired returns a fresh Octal of code whose two-core engine runs two goroutines (at least)
// from heap from on, in every window.
func paired(t *testing.T, code string, from int) *Octal {
	t.Helper()
	procs := runtime.GOMAXPROCS(max(2, runtime.GOMAXPROCS(0)))
	t.Cleanup(func() { runtime.GOMAXPROCS(procs) })
	return tunedOctal(code, eng.Settings{Pairs: eng.PairTuning{From: from, Min: 1, Always: true}})
}

// oneCore returns a fresh Octal of code whose engine computes on one goroutine.
func oneCore(code string) *Octal {
	return tunedOctal(code, eng.Settings{Pairs: eng.PairTuning{From: MaxValues + 1}})
}

// oneCoreValues returns G(0..n-1) of code computed by the one-core rare/common engine.
func oneCoreValues(t *testing.T, code string, n int) []int {
	t.Helper()
	got, err := oneCore(code).Values(ctx, n)
	require.NoError(t, err, code)
	return got
}

func popcount16(v uint16) int {
	k := 0
	for ; v != 0; v &= v - 1 {
		k++
	}
	return k
}

func toInts(g []uint16) []int {
	out := make([]int, len(g))
	for i, v := range g {
		out[i] = int(v)
	}
	return out
}

// checksum returns the CRC-32C of the values' bytes, little-endian.
func checksum(vals []uint16) uint32 {
	h := crc32.New(crc32.MakeTable(crc32.Castagnoli))
	for _, v := range vals {
		h.Write([]byte{byte(v), byte(v >> 8)})
	}
	return h.Sum32()
}

// spillValues reads every value of a spill file (or a checkpoint), of an engine with any
// Settings.Direct (the table may hold values from 1 on).
func spillValues(path string) ([]uint16, error) {
	_, vals, _, err := eng.ReadFile(ctx, path, 0)
	return vals, err
}

// modifierCodes returns every code with first digit 0, 4, 4!, 4? or 4= and one or two digits
// after the point, the last non-zero, each 0 to 7 and, when it has flag 4, bare or with one of
// ! ? =, that has at least one modifier: 1867 codes whose moves leave at most two heaps.
func modifierCodes() []string {
	places := []string{"0", "1", "2", "3"}
	for d := 4; d < 8; d++ {
		for _, m := range []string{"", "!", "?", "="} {
			places = append(places, fmt.Sprint(d)+m)
		}
	}
	var codes []string
	for _, d0 := range []string{"0", "4", "4!", "4?", "4="} {
		codes = append(codes, d0+".0")
		for _, d2 := range places[1:] {
			codes = append(codes, d0+"."+d2)
			for _, d1 := range places {
				codes = append(codes, d0+"."+d1+d2)
			}
		}
	}
	return slices.DeleteFunc(codes, func(c string) bool { return !strings.ContainsAny(c, "!?=") })
}

// TestPlannedSpill checks spilled runs of 0.1777 and 0.106 that scan in planned order, with a
// front of 256 values (which searches of 0.1777 pass, so that the front doubles), buckets that
// the front cuts short and pages given back from 4096 on, stopped at 2^15 values and resumed
// from the file to 2^16 (2^14 and 2^15 under the race detector), against the reference mex.
func TestPlannedSpill(t *testing.T) {
	n := 1 << 16
	tune := smallPlans
	tune.Span = 1 << 10 // beyond the front
	codes, modes := []string{"0.1777", "0.106"}, []bool{false, true}
	if raceEnabled {
		n, codes, modes = 1<<15, codes[:1], modes[1:]
	}
	for _, code := range codes {
		want := checksum(referenceValues(freshOctal(code), n))
		for _, pairs := range modes {
			path := filepath.Join(t.TempDir(), "spill")
			var o *Octal
			passed := 0 // searches that passed the front, in both runs
			for _, limit := range []int{n / 2, n} {
				set := eng.Settings{Spill: tinySpill, Order: tune}
				if pairs {
					set.Pairs = eng.PairTuning{From: 1 << 10, Min: 1, Always: true}
				}
				o = tunedOctal(code, set)
				opt := RunOptions{Limit: limit, Spill: true, Checkpoint: path}
				if limit == n {
					opt.Resume = path
				}
				r, err := o.Run(ctx, opt)
				require.NoError(t, err, code)
				require.Equal(t, limit, r.Values, code)
				passed += engineStats(o).Widened
			}
			st := engineStats(o)
			assert.True(t, st.Planned, "%s: no plan in use", code)
			assert.Positive(t, st.Low, "%s: no page given back", code)
			if code == "0.1777" {
				assert.Positive(t, passed, "%s: no search passed the front", code)
			}
			assert.Equal(t, want, checksum(must(spillValues(path))), "%s pairs=%v", code, pairs)
		}
	}
}

// TestPairsOfficers compares the two-core and one-core engines on Officers (0.6), computed
// by two goroutines from heap 1024 on, through a Run that proves nothing.
func TestPairsOfficers(t *testing.T) {
	n := 1 << 15
	if raceEnabled {
		n = 1 << 12
	}
	want := oneCoreValues(t, "0.6", n)
	o := paired(t, "0.6", 1024)
	r, err := o.Run(context.Background(), RunOptions{Limit: n})
	require.NoError(t, err)
	assert.Equal(t, n, r.Values)
	got, err := o.Values(ctx, n)
	require.NoError(t, err)
	assert.Equal(t, want, got)
	assert.Positive(t, engineStats(o).Paired)
}

// TestPairsReport compares Run's reports with one core and with two: the masks chosen, and so
// the rare counts, must be the same, for codes whose rare heaps grow to a new mask.
func TestPairsReport(t *testing.T) {
	n := 1 << 14
	if raceEnabled {
		n = 1 << 12
	}
	for _, code := range []string{"0.06", "0.024", "0.6", "0.16", "0.354", "0.1777", "4!.0"} {
		run := func(tune func(string) *Octal) (Report, []int) {
			o := tune(code)
			r, err := o.Run(context.Background(), RunOptions{Limit: n})
			require.NoError(t, err, code)
			vals, err := o.Values(ctx, r.Values)
			require.NoError(t, err, code)
			r.Elapsed = 0
			return r, vals
		}
		want, wantVals := run(oneCore)
		got, gotVals := run(func(code string) *Octal { return paired(t, code, 512) })
		assert.Equal(t, want, got, code)
		assert.Equal(t, wantVals, gotVals, code)
	}
}

// TestPairsRunCancel cancels a Run in pairs from its progress report and resumes it from its
// checkpoint: the values must be those of the one-core engine.
func TestPairsRunCancel(t *testing.T) {
	if raceEnabled {
		t.Skip("slow with the race detector; TestPairsCancel stops an extension in pairs")
	}
	n := 1 << 15 // two steps of Run
	want := oneCoreValues(t, "0.6", n)
	path := t.TempDir() + "/0.6.ckpt"
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	o := paired(t, "0.6", 1024)
	r, err := o.Run(ctx, RunOptions{Limit: n, Checkpoint: path, ProgressEvery: time.Nanosecond,
		Progress: func(p Progress) {
			if p.Values >= n/4 {
				cancel()
			}
		}})
	require.ErrorIs(t, err, context.Canceled)
	require.Less(t, r.Values, n)
	o = paired(t, "0.6", 1024)
	r, err = o.Run(context.Background(), RunOptions{Limit: n, Resume: path})
	require.NoError(t, err)
	assert.Equal(t, n, r.Values)
	got, err := o.Values(context.Background(), n)
	require.NoError(t, err)
	assert.Equal(t, want, got)
}

// TestSparseModifiersMoves checks that Moves of plain codes with modifiers lists what the
// general enumeration lists, in the same order.
func TestSparseModifiersMoves(t *testing.T) {
	type option struct {
		take int
		left string
	}
	collect := func(each func(visit func(int, []int) bool) bool) []option {
		var out []option
		each(func(take int, left []int) bool {
			out = append(out, option{take, fmt.Sprint(left)})
			return true
		})
		return out
	}
	for k, code := range modifierCodes() {
		if k%7 != 0 && !strings.HasPrefix(code, "4") {
			continue
		}
		o := freshOctal(code)
		for n := range 24 {
			for _, bound := range []int{n + 1, 3} {
				want := collect(func(v func(int, []int) bool) bool { return o.plan().optionsGeneral(n, bound, v) })
				got := collect(func(v func(int, []int) bool) bool { return o.plan().options(n, bound, v) })
				require.Equal(t, want, got, "%s heap %d bound %d", code, n, bound)
			}
		}
	}
}

// TestRunResumeGrundysGame stops a run of Grundy's game at a checkpoint and resumes it: the
// values are those of one straight run, and the report describes Flammenkamp's mask.
func TestRunResumeGrundysGame(t *testing.T) {
	path := filepath.Join(t.TempDir(), "ck")
	want, err := freshOctal("4!.0").Values(ctx, 40000)
	require.NoError(t, err)
	o := freshOctal("4!.0")
	r, err := o.Run(context.Background(), RunOptions{Limit: 15000, Checkpoint: path})
	require.NoError(t, err)
	assert.Equal(t, 15000, r.Values)
	o = freshOctal("4!.0")
	r, err = o.Run(context.Background(), RunOptions{Limit: 40000, Checkpoint: path, Resume: path})
	require.NoError(t, err)
	assert.Equal(t, 40000, r.Values)
	assert.Equal(t, Period{}, r.Period, "no period is proven for a code with a modifier")
	got, err := o.Values(ctx, 40000)
	require.NoError(t, err)
	assert.Equal(t, want, got)
	assert.Equal(t, uint16(0xfe), r.Mask&0xff)
	assert.Equal(t, 0, r.Parity)
	assert.Positive(t, r.RareCount)
	assert.Less(t, r.RareCount, 1300)
	_, ok := must2(o.Period(ctx, 1<<16))
	assert.False(t, ok)
	p, ok := must2(o.ApparentPeriod(ctx, 40000))
	assert.False(t, ok, "%v", p)
}

// TestSparseEqualSplitsOnly checks that codes whose only splits leave two equal heaps keep the
// O(t) reference mex and report no mask.
func TestSparseEqualSplitsOnly(t *testing.T) {
	for _, code := range []string{"4=.0", "0.4=", "0.34=", "4=.7="} {
		o := freshOctal(code)
		r, err := o.Run(context.Background(), RunOptions{Limit: 3000})
		require.NoError(t, err, code)
		got, err := o.Values(ctx, 3000)
		require.NoError(t, err, code)
		assert.Equal(t, toInts(generalValues(o, 3000)), got, code)
		assert.Zero(t, r.Mask, code)
		assert.Zero(t, r.RareCount, code)
		st := engineStats(o)
		assert.False(t, st.Split, code)
		assert.Zero(t, st.Choices, code)
	}
	vals, err := freshOctal("4=.0").Values(ctx, 7) // halve an even heap
	require.NoError(t, err)
	assert.Equal(t, []int{0, 0, 1, 0, 1, 0, 1}, vals)
}

// TestPlainModifiersThreeHeaps checks the reference plain mex on codes that also leave three
// heaps, with modifiers only on digits that leave at most two (plain), and that a modifier on
// a digit that leaves three heaps keeps a code on the general engine.
func TestPlainModifiersThreeHeaps(t *testing.T) {
	n := 300
	if raceEnabled {
		n = 120
	}
	for _, code := range []string{"0.4!8", "4!.08", "0.6=C", "4!.9", "4=.48", "0.7?F", "8.4!"} {
		o := freshOctal(code)
		require.True(t, o.plan().plain, code)
		require.Equal(t, 3, o.plan().heaps, code)
		got, err := o.Values(ctx, n)
		require.NoError(t, err, code)
		assert.Equal(t, toInts(generalValues(o, n)), got, code)
		for h := range 20 {
			var want, got []string
			o.plan().optionsGeneral(h, h+1, func(take int, left []int) bool {
				want = append(want, fmt.Sprint(take, left))
				return true
			})
			o.plan().options(h, h+1, func(take int, left []int) bool {
				got = append(got, fmt.Sprint(take, left))
				return true
			})
			require.Equal(t, want, got, "%s heap %d", code, h)
		}
	}
	for _, code := range []string{"0.C!", "8!.0", "0.4!C?", "0.{2+}!", "0.[4!]"} {
		assert.False(t, freshOctal(code).plan().plain, code)
	}
}

// TestGrundysGameSparseCountLong counts the sparse heaps of Grundy's game, heap 0 included,
// to 2^26 (behind -long: minutes, 128 MB): Flammenkamp's page (the source of
// testdata/grundysgame.txt) says "1287 are known", from a search far beyond 2^26.
func TestGrundysGameSparseCountLong(t *testing.T) {
	if !*long {
		t.Skip("run with -long")
	}
	const known = 1287
	o := freshOctal("4!.0")
	r, err := o.Run(context.Background(), RunOptions{Limit: 1 << 26})
	require.NoError(t, err)
	count := 0
	for _, v := range o.eng.load().s.All() {
		if popcount16(uint16(v)&0xfffe)%2 == 0 {
			count++
		}
	}
	assert.Equal(t, known, count)
	assert.Equal(t, known-1, r.RareCount, "the report counts heaps a >= 1")
}

// TestVectorScan checks that VectorScan names the first scan of AVX-512, AVX2 and NEON that
// runs here, else Go, and on Linux that the CPU flags the kernel lists have what it names.
func TestVectorScan(t *testing.T) {
	want := "go"
	for _, v := range []eng.Vector{eng.VectorAVX512, eng.VectorAVX2, eng.VectorNEON} {
		if v.Runs() {
			want = v.String()
			break
		}
	}
	got := VectorScan()
	assert.Equal(t, want, got)
	t.Logf("the scans run in %s here", got)
	info, err := os.ReadFile("/proc/cpuinfo")
	if err != nil || runtime.GOARCH != "amd64" {
		return
	}
	flags := " " + strings.Join(strings.Fields(string(info)), " ") + " "
	switch got {
	case "avx512":
		assert.Contains(t, flags, " avx512bw ")
	case "avx2":
		assert.Contains(t, flags, " avx2 ")
		assert.NotContains(t, flags, " avx512bw ", "AVX-512 is not used where the CPU has it")
	}
}
