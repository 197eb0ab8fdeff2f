package main

import (
	"os"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestRoundLimit(t *testing.T) {
	rounds := func(n int) []int {
		var ls []int
		for r := 0; ; r++ {
			l := roundLimit(r, n)
			ls = append(ls, l)
			if l == n {
				return ls
			}
			require.Less(t, len(ls), 64, "the rounds reach n")
		}
	}
	assert.Equal(t, []int{4096, 16384, 65536, 262144, 524288, 589824, 655360, 720896, 786432, 851968, 917504, 983040, 1048576}, rounds(1<<20))
	assert.Equal(t, []int{4096, 16384, 32768, 36864, 40960, 45056, 49152, 53248, 57344, 61440, 65536}, rounds(65536))
	assert.Equal(t, []int{1}, rounds(1))
	assert.Equal(t, []int{4096, 4408, 4720, 5000}, rounds(5000))
	assert.Equal(t, 1<<20, roundLimit(1000, 1<<20))
}

// TestClassifyDeepens checks that the easy answers come first: with one job and a second of
// time, Kayles, listed after Officers (0.6, whose values keep growing, so that only about
// 2^23 values rule a proof within 2^24 out: seconds), is proven, and Officers is open.
// Run to its end first, Officers would hold the only job for the whole second.
func TestClassifyDeepens(t *testing.T) {
	code, out, errOut := runOctal(t, "-classify", "-codes", "0.6,0.77", "-n", "16777216", "-j", "1", "-timeout", "1s")
	require.Equal(t, exitLimit, code, errOut)
	rows := strings.Split(strings.TrimSpace(out), "\n")[2:]
	require.Len(t, rows, 2)
	assert.Regexp(t, `^0\.6 open - - \d+ `, rows[0])
	assert.Regexp(t, `^0\.77 periodic 71 12 `, rows[1])
}

// TestClassifyCheapFirst checks that a code whose values cost little goes on through its
// rounds ahead of one whose values cost more: 0.56, proven at 691,511 values in about a second
// alone, listed after 0.06 (O(n) a value, no period), is proven within 20 s on one job. With
// the codes taken round by round it waited for 0.06 at every round, and was still open at 30 s.
func TestClassifyCheapFirst(t *testing.T) {
	if raceEnabled || testing.Short() {
		t.Skip("a race of two codes against a clock of 20 s")
	}
	code, out, errOut := runOctal(t, "-classify", "-codes", "0.06,0.56", "-n", "1048576", "-j", "1", "-timeout", "20s")
	require.Equal(t, exitLimit, code, errOut)
	assert.Contains(t, out, "\n0.56 periodic 326640 144 ")
	assert.Regexp(t, `\n0\.06 open - - \d+ `, out)
}

// TestClassifyRulesOut checks that a code whose values keep growing stops, none, as soon as
// a round shows a value first seen past -n/2 (0.6 at 49152 of 65536 values), not at -n.
func TestClassifyRulesOut(t *testing.T) {
	code, out, errOut := runOctal(t, "-classify", "-codes", "0.6", "-n", "65536")
	require.Equal(t, 0, code, errOut)
	assert.Contains(t, out, "\n0.6 none - - 49152 ")
}

// TestClassifyLongPeriods classifies two codes whose proofs need more values than
// checkpointFrom, so that their last rounds resume from their checkpoints: the periods are
// those of the reference (testdata/classify_1m.txt), and the temporary checkpoints go.
func TestClassifyLongPeriods(t *testing.T) {
	tmp := t.TempDir()
	t.Setenv("TMPDIR", tmp)
	code, out, errOut := runOctal(t, "-classify", "-codes", "0.16,0.56", "-n", "1048576")
	require.Equal(t, 0, code, errOut)
	assert.Contains(t, out, "\n0.16 periodic 105351 149459 ")
	assert.Contains(t, out, "\n0.56 periodic 326640 144 ")
	ents, err := os.ReadDir(tmp)
	require.NoError(t, err)
	assert.Empty(t, ents, "the temporary checkpoints are removed")
}
