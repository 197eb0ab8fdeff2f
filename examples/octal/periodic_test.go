package main

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// kaylesValue returns G(n) of Kayles from the reference values k, past them from the period
// (preperiod 71, period 12).
func kaylesValue(k []int, n int) int {
	if n < len(k) {
		return k[n]
	}
	return k[72+(n-72)%12]
}

// TestPeriodic writes Kayles' periodic table: its rows are the seed's table, the rows past it
// continue the period, and a * marks exactly the heaps below 71 whose value is not the one
// the period gives them (by the reference values, not the tool's exceptions).
func TestPeriodic(t *testing.T) {
	path := filepath.Join(t.TempDir(), "k.txt")
	code, _, errOut := runOctal(t, "-code", "0.77", "-n", "204", "-periodic", path)
	require.Equal(t, 0, code, errOut)
	b, err := os.ReadFile(path)
	require.NoError(t, err)
	lines := strings.Split(strings.TrimSpace(string(b)), "\n")
	require.Len(t, lines, 2+17)
	k := readValues(t, "../../testdata/kayles.txt")
	var want []int
	for a := range 71 {
		if kaylesValue(k, a) != kaylesValue(k, a+12*((71-a+11)/12)) {
			want = append(want, a)
		}
	}
	require.NotEmpty(t, want)
	assert.Equal(t, "# 0.77: preperiod 71, period 12; G(0..203) in rows of 12: row a holds G(12·a) .. G(12·a+11); * marks the "+
		strconv.Itoa(len(want))+" exceptions, heaps below 71 whose value is not the period's", lines[0])
	var marked []int
	for a := range 17 {
		f := strings.Fields(lines[2+a])
		require.Len(t, f, 13)
		assert.Equal(t, strconv.Itoa(12*a), f[0])
		for b := range 12 {
			v, star := strings.CutSuffix(f[1+b], "*")
			assert.Equal(t, strconv.Itoa(kaylesValue(k, 12*a+b)), v, "G(%d)", 12*a+b)
			if star {
				marked = append(marked, 12*a+b)
			}
		}
	}
	assert.Equal(t, want, marked)
	// The columns stay aligned: every line of values is as long as the header.
	for _, l := range lines[2 : len(lines)-1] {
		assert.Len(t, strings.TrimRight(l, "*"), len(lines[1]), l)
	}

	code, _, errOut = runOctal(t, "-code", "0.6", "-n", "1000", "-periodic", path)
	assert.Equal(t, 1, code)
	assert.Contains(t, errOut, "give the row length with -columns")
	code, _, errOut = runOctal(t, "-code", "0.6", "-n", "1000", "-periodic", path, "-columns", "16")
	require.Equal(t, 0, code, errOut)
	b, err = os.ReadFile(path)
	require.NoError(t, err)
	lines = strings.Split(strings.TrimSpace(string(b)), "\n")
	assert.Len(t, lines, 2+63) // 1000 values in rows of 16
	assert.NotContains(t, string(b), "*", "no period, no exceptions")
	code, _, errOut = runOctal(t, "-code", "0.6", "-columns", "16")
	assert.Equal(t, 2, code)
	assert.Contains(t, errOut, "-columns is the row length of -periodic: give it with -periodic")
	code, _, _ = runOctal(t, "-classify", "-plot", path)
	assert.Equal(t, 2, code)
}
