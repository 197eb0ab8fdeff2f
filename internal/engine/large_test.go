package engine

import (
	"bytes"
	"encoding/binary"
	"hash/crc32"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestLargeTableDamage checks that a damaged table of large values is refused.
func TestLargeTableDamage(t *testing.T) {
	vals := []uint16{0, 1, 0xFFFF, 3, 0xFFFF}
	big := []Big{{2, 70000}, {4, 1 << 20}}
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
	_, gotVals, gotBig, _, err := decodeCheckpoint(bytes.NewReader(good), int64(len(good)), maxValue)
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
		_, _, _, reason, err := decodeCheckpoint(bytes.NewReader(c.data), int64(len(c.data)), maxValue)
		require.ErrorIs(t, err, ErrFormat, name)
		assert.Contains(t, reason, c.reason, name)
	}

	// The spill format: a table for a value that is not 0xFFFF, and one cut short.
	sv := make([]uint16, spillRecord+10)
	sv[5], sv[spillRecord+3] = 0xFFFF, 0xFFFF
	sb := []Big{{5, 70000}, {spillRecord + 3, 80000}}
	file := encodeSpill("0.6", spillVersion, sv, sb)
	_, _, gotV, gotB, torn, _, err := scanAll(bytes.NewReader(file))
	require.NoError(t, err)
	assert.False(t, torn)
	assert.Equal(t, sv, gotV)
	assert.Equal(t, sb, gotB)
	_, _, gotV, gotB, torn, _, err = scanAll(bytes.NewReader(file[:len(file)-10]))
	require.NoError(t, err)
	assert.True(t, torn, "a table cut short leaves out its record")
	assert.Equal(t, sv[:spillRecord], gotV)
	assert.Equal(t, sb[:1], gotB)
	sv[5] = 4
	_, _, _, _, _, reason, err := scanAll(bytes.NewReader(encodeSpill("0.6", spillVersion, sv, sb)))
	require.ErrorIs(t, err, ErrFormat)
	assert.Contains(t, reason, "bad table at value 0")
	// Version 2 has no tables.
	_, _, _, _, _, reason, err = scanAll(bytes.NewReader(encodeSpill("0.6", 2, sv, sb)))
	require.ErrorIs(t, err, ErrFormat)
	assert.Contains(t, reason, "bad record at value 0")
}
