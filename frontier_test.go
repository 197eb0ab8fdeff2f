package kayles_test

import (
	"bufio"
	"context"
	"maps"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/octalgames/kayles"
)

// frontierRun is a line of testdata/frontier.txt: how far a code without a known period was
// taken, what the values showed, and its rare heaps.
type frontierRun struct {
	code                        string
	values, rareCount, lastRare int
	maxValue, maxAt, lastNew    int
	mask, parity, parityFrom    int
	rare                        map[int]int // heap: value
}

// readFrontier reads testdata/frontier.txt.
func readFrontier(t *testing.T) []*frontierRun {
	f, err := os.Open("testdata/frontier.txt")
	require.NoError(t, err)
	defer f.Close()
	byCode := map[string]*frontierRun{}
	var runs []*frontierRun
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		fs := strings.Fields(sc.Text())
		if len(fs) == 0 || strings.HasPrefix(fs[0], "#") {
			continue
		}
		num := func(s string) int {
			v, err := strconv.ParseInt(s, 0, 64)
			require.NoError(t, err, sc.Text())
			return int(v)
		}
		if fs[0] == "rare" {
			require.Len(t, fs, 4, sc.Text())
			r := byCode[fs[1]]
			require.NotNil(t, r, "rare heaps of %s before its line", fs[1])
			r.rare[num(fs[2])] = num(fs[3])
			continue
		}
		require.Len(t, fs, 12, sc.Text())
		r := &frontierRun{code: fs[0], values: num(fs[1]), rareCount: num(fs[2]), lastRare: num(fs[3]),
			maxValue: num(fs[4]), maxAt: num(fs[5]), lastNew: num(fs[6]), mask: num(fs[7]),
			parity: num(fs[8]), parityFrom: num(fs[9]), rare: map[int]int{}}
		assert.Equal(t, "none", fs[10], "%s: an apparent period", r.code)
		byCode[r.code] = r
		runs = append(runs, r)
	}
	require.NoError(t, sc.Err())
	return runs
}

// TestFrontier checks testdata/frontier.txt, the record of how far the codes 0.104, 0.106,
// 0.054 and 0.056 were taken (at least 2^31 values each): every line's rare heaps are those
// that its split gives the values to 2^20 computed here (all of them lie below 2^20), their
// count and last agree, and the largest value and the last new one are at least those of the
// first 2^20 values. What lies beyond 2^20 is a record, not rechecked.
func TestFrontier(t *testing.T) {
	runs := readFrontier(t)
	codes := map[string]bool{}
	for _, r := range runs {
		codes[r.code] = true
	}
	for _, c := range []string{"0.104", "0.106", "0.054", "0.056"} {
		assert.True(t, codes[c], "%s is not in testdata/frontier.txt", c)
	}
	const n = 1 << 20
	for _, r := range runs {
		assert.GreaterOrEqual(t, r.values, 1<<31, r.code)
		assert.Len(t, r.rare, r.rareCount, r.code)
		assert.Less(t, r.lastRare, n, r.code)
		o, err := kayles.ParseOctal(r.code)
		require.NoError(t, err)
		g, err := o.Values(context.Background(), n)
		require.NoError(t, err, r.code)
		split := kayles.Report{Sparse: true, Mask: uint16(r.mask), Parity: r.parity, ParityFrom: r.parityFrom}
		rare, top, newAt := map[int]int{}, 0, 0
		seen := map[int]bool{}
		for a, v := range g {
			if split.IsRare(a, v) {
				rare[a] = v
			}
			top = max(top, v)
			if !seen[v] {
				seen[v], newAt = true, a
			}
		}
		assert.Equal(t, r.rare, rare, "%s: the rare heaps below 2^20", r.code)
		assert.Equal(t, r.lastRare, slices.Max(slices.Collect(maps.Keys(rare))), r.code)
		assert.GreaterOrEqual(t, r.maxValue, top, r.code)
		assert.GreaterOrEqual(t, r.lastNew, newAt, r.code)
		assert.LessOrEqual(t, r.maxAt, r.lastNew, r.code)
	}
}
