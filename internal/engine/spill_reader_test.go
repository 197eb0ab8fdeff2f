package engine

import (
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestSpillReaderTwoStreams walks G(i) and G(i+p) down together through the values that a
// spill holds in its file only, as the period searches do, and checks the values and that each
// block of the file is read about once (with one block held, every step read two).
func TestSpillReaderTwoStreams(t *testing.T) {
	const n = 16 * spillRecord
	vals := referenceValues(freshOctal("0.6"), n)
	sp, g, err := newSpill(filepath.Join(t.TempDir(), "spill"), "0.6", append([]uint16{}, vals...), nil, n, 1, defaultSpill.tuning())
	require.NoError(t, err)
	defer sp.f.Close()
	require.NoError(t, sp.write(g, nil, true))
	// Values from front to floor count as given back: the reader takes them from the file.
	front, floor := spillRecord/2, n-spillRecord/2
	sp.front.Store(int64(front))
	sp.floor.Store(int64(floor))
	for _, p := range []int{1, 7, 3 * spillRecord, 5*spillRecord + 11} {
		r := sp.reader(g)
		for i := n - 1 - p; i >= 0; i-- {
			require.Equal(t, vals[i+p], r.at(i+p), "G(%d)", i+p)
			require.Equal(t, vals[i], r.at(i), "G(%d)", i)
		}
		require.NoError(t, r.err)
		blocks := (floor-front)/spillRecord + 2
		t.Logf("period %d: %d blocks read, %d in the file", p, r.reads, blocks)
		assert.LessOrEqual(t, r.reads, 2*blocks, "period %d", p)
	}
}
