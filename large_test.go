package kayles

import (
	"encoding/binary"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	eng "github.com/octalgames/kayles/internal/engine"
)

// slowValues returns G(0..n-1) as ints by the obvious mex over the options that Moves plays
// (optionsGeneral), with no 16-bit storage anywhere: the reference for values above direct.
func slowValues(o *Octal, n int) []int {
	g := make([]int, 0, n)
	for h := range n {
		seen := map[int]bool{}
		o.plan().optionsGeneral(h, h+1, func(_ int, left []int) bool {
			v := 0
			for _, a := range left {
				v ^= g[a]
			}
			seen[v] = true
			return true
		})
		v := 0
		for seen[v] {
			v++
		}
		g = append(g, v)
	}
	return g
}

// lowDirect returns a fresh Octal of code whose engine stores every value above d in the side
// table, so that small runs exercise it and the hand-over of the 16-bit engines.
func lowDirect(code string, d int) *Octal { return tunedOctal(code, eng.Settings{Direct: d}) }

// largeCodes are codes of every engine: the reference mex (repeating tails, braces, modifiers
// beyond two heaps, four heaps), the rare/common engine (with and without modifiers) and the
// three-heap engine, which hand over to the reference mex past direct.
var largeCodes = []string{"0.7[3]", "4.7[3]", "0.3[73]", "0.{2,3}", "0.{2,3}!", "0.{1,4}",
	"0.6", "0.16", "0.77", "4!.0", "0.3F", "8.3"}

// TestLargeValuesMatchSlow checks the values stored in the side table against the obvious mex
// over ints, with every value above 3 in the table.
func TestLargeValuesMatchSlow(t *testing.T) {
	const n = 200
	for _, code := range largeCodes {
		o := lowDirect(code, 3)
		want := slowValues(o, n)
		require.Greater(t, slices.Max(want), 3, code)
		got, err := o.Values(ctx, n)
		require.NoError(t, err, code)
		assert.Equal(t, want, got, code)
		assert.NotZero(t, o.eng.load().s.Large(), code)
		for _, h := range []int{n - 1, n / 2, 7} {
			assert.Equal(t, want[h], must(o.Grundy(ctx, h)), code)
		}
		seq, err := o.Sequence(ctx, n)
		require.NoError(t, err)
		for a, v := range seq {
			require.Equal(t, want[a], v, code)
		}
		r, err := lowDirect(code, 3).Run(ctx, RunOptions{Limit: n})
		require.NoError(t, err, code)
		if r.Period.Period == 0 {
			assert.Equal(t, n, r.Values, code)
			assert.Equal(t, slices.Max(want), r.MaxValue, code)
			assert.Equal(t, slices.Index(want, r.MaxValue), r.MaxAt, code)
			w := make([]uint16, n)
			for i, v := range want {
				w[i] = uint16(v) // below 2^16 here
			}
			p, _ := FindApparent(w)
			assert.Equal(t, p, r.Apparent, code)
		}
	}
}

// TestLargeCheckpointResume checks that a checkpoint of version 3 carries the side table: a run
// resumed from it computes what the obvious mex does.
func TestLargeCheckpointResume(t *testing.T) {
	const n = 300
	for _, code := range []string{"0.7[3]", "4.7[3]", "0.6", "0.3F"} {
		path := filepath.Join(t.TempDir(), "ck")
		want := slowValues(freshOctal(code), n)
		_, err := lowDirect(code, 3).Run(ctx, RunOptions{Limit: n / 2, Checkpoint: path})
		require.NoError(t, err, code)
		data, err := os.ReadFile(path)
		require.NoError(t, err)
		assert.Equal(t, uint32(3), binary.LittleEndian.Uint32(data[8:]), code) // the version with a table
		o := lowDirect(code, 3)
		_, err = o.Run(ctx, RunOptions{Limit: n, Resume: path})
		require.NoError(t, err, code)
		assert.Equal(t, want, must(o.Values(ctx, n)), code)
	}
}

// TestLargeSpill checks spilled runs with large values: the spill file's tables carry them
// through a resume, and a code of the rare/common engine whose values pass direct after its
// pages were given back reads every value back and goes on under the reference mex.
func TestLargeSpill(t *testing.T) {
	t.Run("reference", func(t *testing.T) {
		const n = spillRecord + 300
		want := slowValues(freshOctal("0.7[3]"), n)
		path := filepath.Join(t.TempDir(), "spill")
		spillRun(t, "0.7[3]", n/2, path, eng.Settings{Spill: tinySpill, Direct: 3}, false)
		vals, err := spillValues(path)
		require.NoError(t, err)
		assert.Len(t, vals, n/2)
		o := tunedOctal("0.7[3]", eng.Settings{Spill: tinySpill, Direct: 3})
		_, err = o.Run(ctx, RunOptions{Limit: n, Spill: true, Checkpoint: path, Resume: path})
		require.NoError(t, err)
		assert.Equal(t, want, must(o.Values(ctx, n)))
		// A run without Spill resumes from the spill file too.
		o = lowDirect("0.7[3]", 3)
		_, err = o.Run(ctx, RunOptions{Limit: n, Resume: path})
		require.NoError(t, err)
		assert.Equal(t, want, must(o.Values(ctx, n)))
	})
	t.Run("hand-over", func(t *testing.T) {
		const n = 1 << 14
		ref := referenceValues(freshOctal("0.6"), n)
		d := int(slices.Max(ref[:tinySpill.From+spillRecord]))
		require.Greater(t, int(slices.Max(ref)), d, "a value passes direct after the pages are given back")
		o, _ := spillRun(t, "0.6", n, filepath.Join(t.TempDir(), "spill"), eng.Settings{Spill: tinySpill, Direct: d}, false)
		assert.Positive(t, engineStats(o).Unspill, "every value read back")
		got := must(o.Values(ctx, n))
		for a, v := range ref {
			require.Equal(t, int(v), got[a], a)
		}
	})
}

// TestLargeRealValues runs 0.[2] past 65535: taking any number of tokens but the last leaves
// heaps 1 to n-1, so G(0) = G(1) = 0 and G(n) = mex{G(1), ..., G(n-1)} = n-1 by induction.
// The reference mex takes some 10 s of CPU for it.
func TestLargeRealValues(t *testing.T) {
	if !*long {
		t.Skip("with -long: 0.[2] to 65,600 values on the reference mex (10 s of CPU)")
	}
	const n = 65600
	path := filepath.Join(t.TempDir(), "ck")
	o := freshOctal("0.[2]")
	r, err := o.Run(ctx, RunOptions{Limit: n, Checkpoint: path})
	require.NoError(t, err)
	assert.Equal(t, n-2, r.MaxValue)
	got := must(o.Values(ctx, n))
	for a, v := range got {
		require.Equal(t, max(a-1, 0), v, a)
	}
	assert.Equal(t, n-2, must(o.Grundy(ctx, n-1)))
	vals, big, err := freshOctal("0.[2]").eng.readCheckpoint(ctx, path)
	require.NoError(t, err)
	assert.Len(t, big, n-1-65536)
	assert.Equal(t, n-2, valueOf(big, n-1, vals[n-1]))
}

// TestLargeSteps checks that a plain code past direct is charged the steps its cost counts,
// once: a limit that covers the documented cost of heap 400 answers it, with the reference
// mex computing past direct, and for codes without a period so early, a limit that covers
// only heap 300 does not.
func TestLargeSteps(t *testing.T) {
	for _, code := range []string{"0.77", "0.6", "4!.0"} {
		cost := lowDirect(code, 3).eng.e.Cost
		o := lowDirect(code, 3).WithLimits(Limits{Steps: cost(0, 401) + 10})
		v, err := o.Grundy(ctx, 400)
		require.NoError(t, err, code)
		assert.Equal(t, must(lowDirect(code, 3).Grundy(ctx, 400)), v, code)
		if code != "0.77" { // Kayles's period (from 71) answers any heap
			_, err = lowDirect(code, 3).WithLimits(Limits{Steps: cost(0, 300)}).Grundy(ctx, 400)
			assert.ErrorIs(t, err, ErrTooLarge, code)
		}
	}
}
