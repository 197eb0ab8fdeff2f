package kayles

import (
	"bufio"
	"context"
	"os"
	"runtime"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	eng "github.com/octalgames/kayles/internal/engine"
)

type knownPeriod struct {
	code string
	per  Period
}

// readPeriods reads testdata/periods.txt: "code preperiod period" lines after the source line.
func readPeriods(t *testing.T) []knownPeriod {
	f, err := os.Open("testdata/periods.txt")
	require.NoError(t, err)
	defer f.Close()
	sc := bufio.NewScanner(f)
	require.True(t, sc.Scan())
	require.True(t, strings.HasPrefix(sc.Text(), "# source:"))
	var out []knownPeriod
	for sc.Scan() {
		line := sc.Text()
		if line == "" || line[0] == '#' {
			continue
		}
		fs := strings.Fields(line)
		require.Len(t, fs, 3, line)
		n0, err := strconv.Atoi(fs[1])
		require.NoError(t, err)
		p, err := strconv.Atoi(fs[2])
		require.NoError(t, err)
		out = append(out, knownPeriod{fs[0], Period{Preperiod: n0, Period: p, Proven: true}})
	}
	require.NoError(t, sc.Err())
	require.NotEmpty(t, out, "testdata/periods.txt holds no periods")
	return out
}

// proofLength is how many values the periodicity theorem needs to prove per for o.
func proofLength(o *Octal, per Period) int {
	return o.plan().heaps*(per.Preperiod+per.Period) + len(o.plan().digits) - 1
}

// TestKnownPeriods proves the published periods; the ones that need more than 2^20 values
// (0.376, 0.354) only with -long (minutes), and more than 2^15 not under the race detector.
// 0.1777 (4.4·10^8 values) is left to the octal tool: see BENCHMARKS.md.
func TestKnownPeriods(t *testing.T) {
	for _, k := range readPeriods(t) {
		o := freshOctal(k.code)
		need := proofLength(o, k.per)
		if (need > 1<<20 || raceEnabled && need > 1<<15) && !*long {
			continue
		}
		if need > 1<<29 {
			continue // 0.1777: run it with the octal tool, see BENCHMARKS.md
		}
		per, ok := must2(o.Period(ctx, need))
		require.True(t, ok, k.code)
		assert.Equal(t, k.per, per, k.code)
		if need > 1<<20 {
			continue
		}
		// One value fewer must not prove it.
		fresh := freshOctal(k.code)
		per, ok = must2(fresh.Period(ctx, need-1))
		assert.False(t, ok && per == k.per, k.code)
	}
}

func TestPeriodString(t *testing.T) {
	assert.Equal(t, "none", Period{}.String())
	assert.Equal(t, "preperiod 71, period 12", Period{Preperiod: 71, Period: 12, Proven: true}.String())
	assert.Equal(t, "preperiod 0, period 6, saltus 3 (apparent)", Period{Period: 6, Saltus: 3}.String())
}

// TestNoRoomForValuesNotComputed checks that a question about many values makes no room for
// them once its context is done, or beyond what its budget pays for: ApparentPeriod of 2^40
// with a cancelled context made room for 2^30 values (2 GB) before it looked at it.
func TestNoRoomForValuesNotComputed(t *testing.T) {
	done, cancel := context.WithCancel(context.Background())
	cancel()
	allocated := func(f func()) uint64 {
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		f()
		runtime.ReadMemStats(&after)
		return after.TotalAlloc - before.TotalAlloc
	}
	for _, code := range []string{"0.6", "0.6?", "4!.0", "0.{2+}"} {
		o := freshOctal(code)
		a := allocated(func() {
			_, _, err := o.ApparentPeriod(done, 1<<40)
			require.ErrorIs(t, err, context.Canceled, code)
		})
		assert.Less(t, a, uint64(64<<20), "%s: bytes allocated with a cancelled context", code)
		if code != "0.6" { // the general engine: a value may cost it a long time
			a = allocated(func() {
				soon, cancel := context.WithTimeout(context.Background(), 30*time.Millisecond)
				defer cancel()
				_, _, err := freshOctal(code).ApparentPeriod(soon, 1<<40)
				require.ErrorIs(t, err, context.DeadlineExceeded, code)
			})
			assert.Less(t, a, uint64(64<<20), "%s: bytes allocated in 30 ms", code)
		}
		e := newEngine(o.plan(), eng.Settings{})
		a = allocated(func() {
			_, err := e.e.Extend(context.Background(), 1<<30, eng.NewBudget(context.Background(), 1000))
			require.ErrorIs(t, err, eng.ErrSpent, code)
		})
		assert.Less(t, a, uint64(64<<20), "%s: bytes allocated within a budget of 1000 steps", code)
	}
}

// TestCrowdedMatchesSlow checks crowded, the heaps with a move that leaves more than maxLeft
// heaps, against a walk of every take and every number of heaps past maxLeft that the digit
// allows and that a split of the rest into that many heaps can meet its rule.
func TestCrowdedMatchesSlow(t *testing.T) {
	feasible := func(d digit, m, k int) bool {
		switch d.rule {
		case '=':
			return m%k == 0
		case '?':
			return m >= k+1
		case '!':
			return m >= k*(k+1)/2
		}
		return m >= k
	}
	slow := func(pl *plan, n int) bool {
		for i := 0; i < n; i++ {
			if pl.tail == nil && i >= len(pl.digits) {
				break
			}
			d := pl.digit(i)
			for k := maxLeft + 1; k <= n-i; k++ {
				if d.allows(k) && feasible(d, n-i, k) {
					return true
				}
			}
		}
		return false
	}
	for _, c := range []struct {
		code  string
		heaps []int
	}{
		{"0.{2+}", []int{4096, 4097, 4098, 5000}},
		{"0.{2+}=", []int{4097, 4098, 4099, 6000}},
		{"0.{2+}?", []int{4097, 4098, 4099}},
		{"0.0{2+}?", []int{4098, 4099, 4100}},
		{"0.{63+}", []int{4096, 4097, 4098}},
		{"0.000{63+}", []int{4099, 4100, 4101}},
		{"0.{2+}!", []int{4097*4098/2 - 1, 4097 * 4098 / 2}},
		{"0.[0{2+}=]", []int{4097, 4098, 4099}},
		{"0.77", []int{5000}},
		{"0.{2,3}", []int{5000}},
	} {
		pl := MustParseOctal(c.code).plan()
		for _, n := range c.heaps {
			assert.Equal(t, slow(pl, n), pl.crowded(n), "%s, heap %d", c.code, n)
		}
	}
}

// TestCrowdedHeapsGetLimitErrors checks that the searches refuse a position with a heap whose
// moves may leave more heaps than they list, instead of answering without those moves: a loss
// proven without them could be a win.
func TestCrowdedHeapsGetLimitErrors(t *testing.T) {
	ctx := context.Background()
	crowded := func(err error, call string) {
		t.Helper()
		var le *LimitError
		if assert.ErrorAs(t, err, &le, call) {
			assert.Equal(t, "heaps left by one move", le.Unit, call)
		}
	}
	o := MustParseOctal("0.{2+}")
	p := MustNewPosition(1, 5000)
	_, err := o.MisereOutcome(ctx, p)
	crowded(err, "MisereOutcome")
	_, err = o.MisereWinningMoves(ctx, p)
	crowded(err, "MisereWinningMoves")
	_, err = o.Genus(ctx, p)
	crowded(err, "Genus")
	_, err = o.Tame(ctx, p)
	crowded(err, "Tame")
	_, err = o.MisereValue(ctx, p)
	crowded(err, "MisereValue")

	// In normal play the values are cheap with = (0.{2+} would partition 5000 tokens).
	o = MustParseOctal("0.{2+}=")
	p = Position{}
	for n := 4100; n < 4200 && p.Len() == 0; n++ {
		if v, err := o.Grundy(ctx, n); err == nil && v != 0 {
			p = MustNewPosition(n)
		}
	}
	require.NotZero(t, p.Len(), "a heap of 0.{2+}= past 4096 with a winning move: the test needs one")
	_, _, err = o.WinningMove(ctx, p)
	crowded(err, "WinningMove")
	_, err = o.MisereOutcome(ctx, p)
	crowded(err, "MisereOutcome of 0.{2+}=")
}
