package engine

import (
	"bytes"
	"context"
	"encoding/binary"
	"hash/crc32"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func checkpointBytes(t *testing.T, code string, vals []uint16) []byte {
	var b bytes.Buffer
	require.NoError(t, encodeCheckpoint(&b, code, vals, nil))
	return b.Bytes()
}

func TestCheckpointRoundTrip(t *testing.T) {
	vals := referenceValues(freshOctal("0.6"), 5000)
	b := checkpointBytes(t, "0.6", vals)
	assert.Len(t, b, 8+4+4+3+8+2*5000+4)
	code, got, _, _, err := decodeCheckpoint(bytes.NewReader(b), -1, maxValue)
	require.NoError(t, err)
	assert.Equal(t, "0.6", code)
	assert.Equal(t, vals, got)
	// With the right size the values come in one array with room to grow.
	code, got, _, _, err = decodeCheckpoint(bytes.NewReader(b), int64(len(b)), maxValue)
	require.NoError(t, err)
	assert.Equal(t, 5000+5000/8, cap(got))
	assert.Equal(t, "0.6", code)
	assert.Equal(t, vals, got)
}

func TestCheckpointRefusesDamage(t *testing.T) {
	vals := referenceValues(freshOctal("0.6"), 3000)
	good := checkpointBytes(t, "0.6", vals)
	flip := func(i int) []byte {
		b := bytes.Clone(good)
		b[i] ^= 0x10
		return b
	}
	version := bytes.Clone(good)
	binary.LittleEndian.PutUint32(version[8:], 2)
	huge := bytes.Clone(good)
	binary.LittleEndian.PutUint64(huge[19:], 1<<40)
	cases := map[string]struct {
		data   []byte
		reason string
	}{
		"empty":     {nil, "not a kayles checkpoint (too short)"},
		"magic":     {flip(0), "not a kayles checkpoint"},
		"version":   {version, "format version 2 is not supported"},
		"value":     {flip(100), "damaged: checksum mismatch"},
		"checksum":  {flip(len(good) - 1), "damaged: checksum mismatch"},
		"truncated": {good[:len(good)-7], "damaged: the file is truncated"},
		"trailing":  {append(bytes.Clone(good), 0), "damaged: data after the checksum"},
		"too many":  {huge, "damaged: more values than the engine stores"},
	}
	for name, c := range cases {
		_, _, _, reason, err := decodeCheckpoint(bytes.NewReader(c.data), int64(len(c.data)), maxValue)
		require.ErrorIs(t, err, ErrFormat, name)
		assert.Contains(t, reason, c.reason, name)
	}
}

// TestSpillRefusesDamage checks that a spill file read back is a prefix of what was written,
// short of a last record cut short, and that any other damage is refused.
func TestSpillRefusesDamage(t *testing.T) {
	vals := referenceValues(freshOctal("0.6"), 3*spillRecord+100)
	good := encodeSpill("0.6", spillVersion, vals, nil)
	hdr := len(spillHeader("0.6", spillVersion))
	rec := 8 + 2*spillRecord
	flip := func(i int) []byte {
		b := bytes.Clone(good)
		b[i] ^= 0x10
		return b
	}
	swapped := bytes.Clone(good)
	copy(swapped[hdr:], good[hdr+rec:hdr+2*rec])
	copy(swapped[hdr+rec:], good[hdr:hdr+rec])
	cases := map[string]struct {
		data   []byte
		reason string
	}{
		"empty":    {nil, "not a kayles checkpoint (too short)"},
		"version":  {flip(8), "is not a spill file"},
		"header":   {flip(hdr - 5), "damaged: checksum mismatch in the header"},
		"value":    {flip(hdr + 100), "damaged: checksum mismatch at value 0"},
		"count":    {flip(hdr + rec + 1), "damaged: bad record at value 4096"},
		"swapped":  {swapped, "damaged: checksum mismatch at value 0"},
		"trailing": {append(bytes.Clone(good), good[hdr:hdr+rec]...), "damaged: bad record at value 12388"},
	}
	for name, c := range cases {
		_, _, _, _, _, reason, err := scanAll(bytes.NewReader(c.data))
		require.ErrorIs(t, err, ErrFormat, name)
		assert.Contains(t, reason, c.reason, name)
	}
	// Cut anywhere, the file reads as its whole records before the cut.
	for _, cut := range []int{hdr, hdr + 1, hdr + rec - 1, hdr + rec, hdr + 2*rec + 7, len(good) - 1, len(good)} {
		code, _, got, _, torn, _, err := scanAll(bytes.NewReader(good[:cut]))
		require.NoError(t, err, cut)
		assert.Equal(t, "0.6", code)
		whole := (cut - hdr) / rec * spillRecord
		if cut == len(good) {
			whole = len(vals)
		}
		assert.Equal(t, vals[:whole], append([]uint16{}, got...), cut)
		assert.Equal(t, (cut-hdr)%rec != 0 && cut != len(good), torn, cut)
	}
	// A last record written in part over a shorter one reads as cut short.
	over := bytes.Clone(good[:hdr+rec+rec/2])
	copy(over[hdr+rec:], good[hdr+2*rec:hdr+2*rec+100])
	_, _, got, _, torn, _, err := scanAll(bytes.NewReader(over))
	require.NoError(t, err)
	assert.True(t, torn)
	assert.Equal(t, vals[:spillRecord], got)
}

// TestCheckpointWriter checks that the checkpoints written ahead of time, values added in
// pieces between commits, are byte for byte those of writeCheckpoint, with and without a
// table of large values, and that each commit leaves no temporary file.
func TestCheckpointWriter(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "run.ck")
	vals := make([]uint16, 200_000)
	for i := range vals {
		vals[i] = uint16(i*7919) % 1000
	}
	w := &checkpointWriter{path: path, code: "0.1777"}
	defer w.close()
	for _, c := range []struct {
		adds []int // the values added before the commit
		n    int   // the values committed
		big  []Big
	}{
		{nil, 0, nil},
		{[]int{10, 40_000}, 40_001, nil},
		{[]int{1 << 15, 1<<15 + 1, 100_000}, 150_000, nil},
		{[]int{150_000}, 150_000, []Big{{3, 70_000}, {149_999, 1 << 40}}},
		{nil, 200_000, nil},
	} {
		v := slices.Clone(vals[:c.n])
		for _, b := range c.big {
			v[b.at] = bigStored
		}
		for _, k := range c.adds {
			require.NoError(t, w.add(context.Background(), v[:k]))
		}
		require.NoError(t, w.commit(v, c.big))
		var want bytes.Buffer
		require.NoError(t, encodeCheckpoint(&want, "0.1777", v, c.big))
		got, err := os.ReadFile(path)
		require.NoError(t, err)
		assert.Equal(t, want.Bytes(), got, "%d values", c.n)
		entries, err := os.ReadDir(dir)
		require.NoError(t, err)
		assert.Len(t, entries, 1, "no temporary file is left")
	}
	// A cancelled add writes a prefix; the commit writes the rest.
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	require.NoError(t, w.add(ctx, vals))
	require.NoError(t, w.commit(vals, nil))
	var want bytes.Buffer
	require.NoError(t, encodeCheckpoint(&want, "0.1777", vals, nil))
	got, err := os.ReadFile(path)
	require.NoError(t, err)
	assert.Equal(t, want.Bytes(), got)
}

func TestCRC32Combine(t *testing.T) {
	data := make([]byte, 100_000)
	for i := range data {
		data[i] = byte(i * 131 >> 3)
	}
	for _, cut := range []int{0, 1, 7, 4096, 99_999, 100_000} {
		a, b := data[:cut], data[cut:]
		assert.Equal(t, crc32.Checksum(data, castagnoli),
			crc32Combine(crc32.Checksum(a, castagnoli), crc32.Checksum(b, castagnoli), int64(len(b))), "cut at %d", cut)
	}
}
