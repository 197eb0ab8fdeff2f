package kayles

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	eng "github.com/octalgames/kayles/internal/engine"
)

func TestCheckpointFileChecks(t *testing.T) {
	dir := t.TempDir()
	o := freshOctal("0.16")
	vals := referenceValues(o, 3000)
	path := filepath.Join(dir, "ck")
	require.NoError(t, eng.WriteFile(path, "0.16", vals, nil))
	got, _, err := o.eng.readCheckpoint(ctx, path)
	require.NoError(t, err)
	assert.Equal(t, vals, got)
	// No temporary file is left behind.
	entries, err := os.ReadDir(dir)
	require.NoError(t, err)
	assert.Len(t, entries, 1)

	// Forged values with a valid checksum are refused by the spot checks.
	for _, i := range []int{17, len(vals) - 1} {
		forged := slices.Clone(vals)
		forged[i] ^= 1
		require.NoError(t, eng.WriteFile(path, "0.16", forged, nil))
		_, _, err = o.eng.readCheckpoint(ctx, path)
		require.ErrorIs(t, err, ErrCheckpoint)
		assert.Contains(t, err.Error(), "does not follow the rules of 0.16")
	}

	_, _, err = o.eng.readCheckpoint(ctx, filepath.Join(dir, "missing"))
	require.ErrorIs(t, err, os.ErrNotExist)
	var ce *CheckpointError
	require.ErrorAs(t, err, &ce)
	assert.Equal(t, "cannot open", ce.Reason)
}

func TestCheckpointResumeIdentical(t *testing.T) {
	// A run stopped at any step and resumed gives the same values as one straight run.
	path := filepath.Join(t.TempDir(), "ck")
	want, err := freshOctal("0.376").Values(ctx, 60000)
	require.NoError(t, err)
	o := freshOctal("0.376")
	_, err = o.Run(context.Background(), RunOptions{Limit: 20000, Checkpoint: path})
	require.NoError(t, err)
	for _, limit := range []int{35000, 60000} {
		o = freshOctal("0.376")
		r, err := o.Run(context.Background(), RunOptions{Limit: limit, Checkpoint: path, Resume: path})
		require.NoError(t, err)
		assert.Equal(t, limit, r.Values)
	}
	got, err := o.Values(ctx, 60000)
	require.NoError(t, err)
	assert.Equal(t, want, got)
}

// TestCheckpointUnwritable: a run whose checkpoint cannot be written returns the
// CheckpointError at once, before it computes a value, not at its first checkpoint.
func TestCheckpointUnwritable(t *testing.T) {
	file := filepath.Join(t.TempDir(), "file")
	require.NoError(t, os.WriteFile(file, nil, 0o644))
	for _, path := range []string{filepath.Join(t.TempDir(), "missing", "ck"), filepath.Join(file, "ck"), filepath.Dir(file)} {
		r, err := freshOctal("0.6").Run(ctx, RunOptions{Limit: 1 << 16, Checkpoint: path})
		var ce *CheckpointError
		require.ErrorAs(t, err, &ce, path)
		assert.Equal(t, path, ce.Path)
		assert.Zero(t, r.Values, "nothing computed: %s", path)
	}
	entries, err := os.ReadDir(filepath.Dir(file))
	require.NoError(t, err)
	assert.Len(t, entries, 1, "the probe leaves no file behind")
}

// TestRunRemovesTemps checks that a run removes the temporary files that a run killed while
// it wrote its checkpoint ahead left beside it, and leaves other files alone.
func TestRunRemovesTemps(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "run.ck")
	for _, name := range []string{".run.ck.tmp123", ".run.ck.tmp", ".other.ck.tmp1", "run.ck.tmp1"} {
		require.NoError(t, os.WriteFile(filepath.Join(dir, name), []byte("x"), 0o600))
	}
	_, err := freshOctal("0.6").Run(context.Background(), RunOptions{Limit: 1000, Checkpoint: path})
	require.NoError(t, err)
	entries, err := os.ReadDir(dir)
	require.NoError(t, err)
	var names []string
	for _, e := range entries {
		names = append(names, e.Name())
	}
	assert.ElementsMatch(t, []string{".other.ck.tmp1", "run.ck", "run.ck.tmp1"}, names)
}
