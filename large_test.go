package kayles

import (
	"bytes"
	"encoding/binary"
	"hash/crc32"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
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

// lowDirect stores every value above d in the side table until the test ends, so that small
// runs exercise it and the hand-over of the 16-bit engines.
func lowDirect(t *testing.T, d int) {
	old := direct
	direct = d
	t.Cleanup(func() { direct = old })
}

// largeCodes are codes of every engine: the reference mex (repeating tails, braces, modifiers
// beyond two heaps, four heaps), the rare/common engine (with and without modifiers) and the
// three-heap engine, which hand over to the reference mex past direct.
var largeCodes = []string{"0.7[3]", "4.7[3]", "0.3[73]", "0.{2,3}", "0.{2,3}!", "0.{1,4}",
	"0.6", "0.16", "0.77", "4!.0", "0.3F", "8.3"}

// TestLargeValuesMatchSlow checks the values stored in the side table against the obvious mex
// over ints, with every value above 3 in the table.
func TestLargeValuesMatchSlow(t *testing.T) {
	lowDirect(t, 3)
	const n = 200
	for _, code := range largeCodes {
		o := freshOctal(code)
		want := slowValues(o, n)
		require.Greater(t, slices.Max(want), 3, code)
		got, err := o.Values(ctx, n)
		require.NoError(t, err, code)
		assert.Equal(t, want, got, code)
		assert.NotEmpty(t, o.eng.load().big, code)
		for _, h := range []int{n - 1, n / 2, 7} {
			assert.Equal(t, want[h], must(o.Grundy(ctx, h)), code)
		}
		seq, err := o.Sequence(ctx, n)
		require.NoError(t, err)
		for a, v := range seq {
			require.Equal(t, want[a], v, code)
		}
		r, err := freshOctal(code).Run(ctx, RunOptions{Limit: n})
		require.NoError(t, err, code)
		if r.Period.Period == 0 {
			assert.Equal(t, n, r.Values, code)
			assert.Equal(t, slices.Max(want), r.MaxValue, code)
			assert.Equal(t, slices.Index(want, r.MaxValue), r.MaxAt, code)
			p, _ := apparentAt(n, func(i int) int { return want[i] })
			assert.Equal(t, p, r.Apparent, code)
		}
	}
}

// TestLargeCheckpointResume checks that a checkpoint of version 3 carries the side table: a run
// resumed from it computes what the obvious mex does.
func TestLargeCheckpointResume(t *testing.T) {
	lowDirect(t, 3)
	const n = 300
	for _, code := range []string{"0.7[3]", "4.7[3]", "0.6", "0.3F"} {
		path := filepath.Join(t.TempDir(), "ck")
		want := slowValues(freshOctal(code), n)
		_, err := freshOctal(code).Run(ctx, RunOptions{Limit: n / 2, Checkpoint: path})
		require.NoError(t, err, code)
		data, err := os.ReadFile(path)
		require.NoError(t, err)
		assert.Equal(t, uint32(bigVersion), binary.LittleEndian.Uint32(data[8:]), code)
		o := freshOctal(code)
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
		lowDirect(t, 3)
		const n = spillRecord + 300
		want := slowValues(freshOctal("0.7[3]"), n)
		path := filepath.Join(t.TempDir(), "spill")
		spillRun(t, "0.7[3]", n/2, path, tinySpill, false)
		vals, err := spillValues(path)
		require.NoError(t, err)
		assert.Len(t, vals, n/2)
		o := freshOctal("0.7[3]")
		o.eng.spt = tinySpill
		_, err = o.Run(ctx, RunOptions{Limit: n, Spill: true, Checkpoint: path, Resume: path})
		require.NoError(t, err)
		assert.Equal(t, want, must(o.Values(ctx, n)))
		// A run without Spill resumes from the spill file too.
		o = freshOctal("0.7[3]")
		_, err = o.Run(ctx, RunOptions{Limit: n, Resume: path})
		require.NoError(t, err)
		assert.Equal(t, want, must(o.Values(ctx, n)))
	})
	t.Run("hand-over", func(t *testing.T) {
		const n = 1 << 14
		ref := referenceValues(freshOctal("0.6"), n)
		d := int(slices.Max(ref[:tinySpill.from+spillRecord]))
		require.Greater(t, int(slices.Max(ref)), d, "a value passes direct after the pages are given back")
		lowDirect(t, d)
		o, _ := spillRun(t, "0.6", n, filepath.Join(t.TempDir(), "spill"), tinySpill, false)
		assert.Positive(t, o.eng.spl.falls[1], "every value read back")
		got := must(o.Values(ctx, n))
		for a, v := range ref {
			require.Equal(t, int(v), got[a], a)
		}
	})
}

// TestLargeTableDamage checks that a damaged table of large values is refused.
func TestLargeTableDamage(t *testing.T) {
	vals := []uint16{0, 1, 0xFFFF, 3, 0xFFFF}
	big := []bigValue{{2, 70000}, {4, 1 << 20}}
	var b bytes.Buffer
	require.NoError(t, encodeCheckpoint(&b, "0.7[3]", vals, big))
	good := b.Bytes()
	table := len(good) - 4 - 8 - 32 // the count of large values
	set := func(off int, v uint64) []byte {
		d := bytes.Clone(good)
		binary.LittleEndian.PutUint64(d[off:], v)
		binary.LittleEndian.PutUint32(d[len(d)-4:], crc32.Checksum(d[:len(d)-4], castagnoli))
		return d
	}
	_, gotVals, gotBig, _, err := decodeCheckpoint(bytes.NewReader(good), int64(len(good)))
	require.NoError(t, err)
	assert.Equal(t, vals, gotVals)
	assert.Equal(t, big, gotBig)
	cases := map[string]struct {
		data   []byte
		reason string
	}{
		"no entries":  {set(table, 0), "bad number of large values"},
		"too many":    {set(table, 6), "bad number of large values"},
		"descending":  {set(table+24, 1), "bad heap"},
		"beyond":      {set(table+24, 5), "bad heap"},
		"not 0xFFFF":  {set(table+8, 3), "bad value"},
		"small value": {set(table+16, 5), "bad value"},
		"huge value":  {set(table+16, 1<<62), "bad value"},
		"truncated":   {good[:table+20], "truncated"},
	}
	for name, c := range cases {
		_, _, _, reason, err := decodeCheckpoint(bytes.NewReader(c.data), int64(len(c.data)))
		require.ErrorIs(t, err, ErrCheckpoint, name)
		assert.Contains(t, reason, c.reason, name)
	}

	// The spill format: a table for a value that is not 0xFFFF, and one cut short.
	sv := make([]uint16, spillRecord+10)
	sv[5], sv[spillRecord+3] = 0xFFFF, 0xFFFF
	sb := []bigValue{{5, 70000}, {spillRecord + 3, 80000}}
	file := EncodeSpill("0.6", spillVersion, sv, sb)
	_, _, gotV, gotB, torn, _, err := ScanSpill(bytes.NewReader(file))
	require.NoError(t, err)
	assert.False(t, torn)
	assert.Equal(t, sv, gotV)
	assert.Equal(t, sb, gotB)
	_, _, gotV, gotB, torn, _, err = ScanSpill(bytes.NewReader(file[:len(file)-10]))
	require.NoError(t, err)
	assert.True(t, torn, "a table cut short leaves out its record")
	assert.Equal(t, sv[:spillRecord], gotV)
	assert.Equal(t, sb[:1], gotB)
	sv[5] = 4
	_, _, _, _, _, reason, err := ScanSpill(bytes.NewReader(EncodeSpill("0.6", spillVersion, sv, sb)))
	require.ErrorIs(t, err, ErrCheckpoint)
	assert.Contains(t, reason, "bad table at value 0")
	// Version 2 has no tables.
	_, _, _, _, _, reason, err = ScanSpill(bytes.NewReader(EncodeSpill("0.6", 2, sv, sb)))
	require.ErrorIs(t, err, ErrCheckpoint)
	assert.Contains(t, reason, "bad record at value 0")
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
	vals, big, err := freshOctal("0.[2]").plan().readCheckpoint(ctx, path)
	require.NoError(t, err)
	assert.Len(t, big, n-1-65536)
	assert.Equal(t, n-2, valueOf(big, n-1, vals[n-1]))
}

// TestLargeSteps checks that a plain code past direct is charged the steps its cost counts,
// once: a limit that covers the documented cost of heap 400 answers it, with the reference
// mex computing past direct, and for codes without a period so early, a limit that covers
// only heap 300 does not.
func TestLargeSteps(t *testing.T) {
	lowDirect(t, 3)
	for _, code := range []string{"0.77", "0.6", "4!.0"} {
		pl := freshOctal(code).plan()
		c := pl.cost(0, 401)
		o := freshOctal(code).WithLimits(Limits{Steps: c + 10})
		v, err := o.Grundy(ctx, 400)
		require.NoError(t, err, code)
		assert.Equal(t, must(freshOctal(code).Grundy(ctx, 400)), v, code)
		if code != "0.77" { // Kayles's period (from 71) answers any heap
			_, err = freshOctal(code).WithLimits(Limits{Steps: pl.cost(0, 300)}).Grundy(ctx, 400)
			assert.ErrorIs(t, err, ErrTooLarge, code)
		}
	}
}
