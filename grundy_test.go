package kayles_test

import (
	"math"
	"math/rand/v2"
	"strconv"
	"sync"
	"testing"

	"github.com/octalgames/kayles"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// referenceValues computes G(0..n-1) for an octal code straight from the definition: every
// option of a heap is listed as an ordered tuple of non-empty heaps, duplicates and all, and the
// mex is taken over a map. It shares nothing with the engine but the digits.
func referenceValues(digits []int, n int) []int {
	g := make([]int, n)
	for h := 0; h < n; h++ {
		seen := map[int]bool{}
		for i, d := range digits {
			if i > h {
				break
			}
			for k := 0; k <= 3; k++ {
				if d&(1<<k) == 0 {
					continue
				}
				var walk func(rest, parts, v int)
				walk = func(rest, parts, v int) {
					if parts == 0 {
						if rest == 0 {
							seen[v] = true
						}
						return
					}
					for a := 1; a <= rest; a++ {
						walk(rest-a, parts-1, v^g[a])
					}
				}
				if k == 0 && i > 0 && h == i {
					seen[0] = true
				} else if k > 0 && (i > 0 || k >= 2) {
					walk(h-i, k, 0)
				}
			}
		}
		for seen[g[h]] {
			g[h]++
		}
	}
	return g
}

func TestKaylesTable(t *testing.T) {
	rows := readData(t, "kayles.txt")
	require.Len(t, rows, 7)
	for a, row := range rows {
		require.Len(t, row, 12)
		for b, field := range row {
			want, err := strconv.Atoi(field)
			require.NoError(t, err)
			n := 12*a + b
			assert.Equal(t, want, must(kayles.Kayles.Grundy(ctx, n)), "K(%d)", n)
			assert.Equal(t, want, must(kayles.K(n)), "K(%d)", n)
		}
	}
}

func TestPeriodNeedsEnoughValues(t *testing.T) {
	// Kayles: N >= 2(71+12)+2 = 168 values prove the period; fewer do not.
	_, ok := must2(kayles.FreshOctal("0.77").Period(ctx, 167))
	assert.False(t, ok)
	got, ok := must2(kayles.MustParseOctal("0.77").Period(ctx, 168))
	require.True(t, ok)
	assert.Equal(t, kayles.Period{Preperiod: 71, Period: 12, Proven: true}, got)
	assert.Equal(t, "preperiod 71, period 12", got.String())
	assert.Equal(t, "none", kayles.Period{}.String())
}

func TestEngineAgainstReference(t *testing.T) {
	var codes []string
	for a := 0; a < 8; a++ {
		codes = append(codes, "0."+strconv.Itoa(a), "4."+strconv.Itoa(a))
		for b := 0; b < 8; b++ {
			codes = append(codes, "0."+strconv.Itoa(a)+strconv.Itoa(b))
		}
	}
	codes = append(codes, "0.777", "0.137", "0.007", "0.1777", "0.8", "0.F", "0.3F", "0.B7",
		"8.0", "4.0", "C.3", "0.0F", "0.98", "4.37")
	for _, code := range codes {
		o := kayles.MustParseOctal(code)
		n := 50
		if o.Digits()[0]&8 != 0 || code == "4.0" {
			n = 30
		}
		got, err := o.Values(ctx, n)
		require.NoError(t, err, code)
		assert.Equal(t, referenceValues(o.Digits(), n), got, code)
	}
}

func TestKaylesPeriodHoldsFar(t *testing.T) {
	// A fresh 0.77 computes every value directly (Values does not look for a period), so this
	// checks the proven period against 3000 computed values.
	vals, err := kayles.MustParseOctal("0.77").Values(ctx, 3000)
	require.NoError(t, err)
	for n, v := range vals {
		require.Equal(t, v, must(kayles.K(n)), "K(%d)", n)
	}
}

func TestKHuge(t *testing.T) {
	for _, n := range []int{1e6, 1e15, 1<<62 + 5, math.MaxInt} {
		want := must(kayles.K(71 + (n-71)%12))
		assert.Equal(t, want, must(kayles.K(n)))
		assert.Equal(t, want, must(kayles.Kayles.Grundy(ctx, n)))
	}
	_, err := kayles.K(-1)
	require.ErrorIs(t, err, kayles.ErrRange)
	for n := 1; n < 2000; n++ {
		assert.Positive(t, must(kayles.K(n)), "the first player wins every single row")
	}
}

func TestFindPeriodIsLeast(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for range 2000 {
		// An eventually periodic sequence with a random preperiod, period and length.
		n0, p, n := rng.IntN(20), 1+rng.IntN(12), rng.IntN(120)
		g := make([]uint16, n)
		for i := range g {
			if i < n0+p {
				g[i] = uint16(rng.IntN(3))
			} else {
				g[i] = g[i-p]
			}
		}
		t2, k := rng.IntN(4), 1+rng.IntN(3)
		got, ok := kayles.FindPeriod(g, t2, k)
		want, wantOK := slowFindPeriod(g, t2, k)
		require.Equal(t, wantOK, ok, "%v t=%d k=%d", g, t2, k)
		require.Equal(t, want, got, "%v t=%d k=%d", g, t2, k)
	}
}

// slowFindPeriod tries every period p and preperiod n0 in increasing order and returns the first
// pair that the data shows and the theorem's bound N >= k(n0+p)+t accepts.
func slowFindPeriod(g []uint16, t, k int) (kayles.Period, bool) {
	n := len(g)
	for p := 1; p <= n; p++ {
		for n0 := 0; n0 <= n; n0++ {
			holds := true
			for i := n0; i+p < n; i++ {
				holds = holds && g[i] == g[i+p]
			}
			if holds {
				if n >= k*(n0+p)+t {
					return kayles.Period{Preperiod: n0, Period: p, Proven: true}, true
				}
				break
			}
		}
	}
	return kayles.Period{}, false
}

// TestLimits checks that every question past a limit gets an error that says so, and bad
// arguments a range error, never a zero value or a panic.
func TestLimits(t *testing.T) {
	o := kayles.MustParseOctal("0.6") // Officers: no period is known
	for _, call := range []func() (any, error){
		func() (any, error) { return o.Grundy(ctx, 1<<40) },
		func() (any, error) { return o.Value(ctx, kayles.MustNewPosition(3, 1<<40)) },
		func() (any, error) { return o.Outcome(ctx, kayles.MustNewPosition(3, 1<<40)) },
		func() (any, error) { return o.WinningMoves(ctx, kayles.MustNewPosition(3, 1<<40)) },
	} {
		v, err := call()
		require.ErrorIs(t, err, kayles.ErrTooLarge)
		var le *kayles.LimitError
		require.ErrorAs(t, err, &le)
		assert.Contains(t, le.Question, "heap 1099511627776 in 0.6")
		assert.Equal(t, "steps", le.Unit)
		assert.Equal(t, int64(kayles.DefaultSteps), le.Limit)
		assert.Contains(t, err.Error(), "Values")
		assert.Zero(t, v)
	}
	_, _, err := o.WinningMove(ctx, kayles.MustNewPosition(3, 1<<40))
	require.ErrorIs(t, err, kayles.ErrTooLarge)
	_, err = o.Value(ctx, kayles.MustNewPosition(3, 1000))
	assert.NoError(t, err)

	// The limit counts work, so a code whose values cost more stops at a smaller heap: a
	// three-heap code at a few thousand, a one-digit code with a two-heap take at tens of
	// thousands.
	small := kayles.FreshOctal("0.6").WithLimits(kayles.Limits{Steps: 1 << 20})
	_, err = small.Grundy(ctx, 1000)
	require.NoError(t, err)
	_, err = small.Grundy(ctx, 4000)
	require.ErrorIs(t, err, kayles.ErrTooLarge)
	assert.Equal(t, kayles.Limits{Steps: 1 << 20, SearchSteps: kayles.DefaultSearchSteps, MemoBytes: kayles.DefaultMemoBytes}, small.Limits())

	_, err = o.Values(ctx, -1)
	require.ErrorIs(t, err, kayles.ErrRange)
	_, err = o.Values(ctx, kayles.MaxValues+1)
	require.ErrorIs(t, err, kayles.ErrTooLarge)
	_, err = o.Grundy(ctx, -1)
	require.ErrorIs(t, err, kayles.ErrRange)
	_, _, err = o.Period(ctx, -1)
	require.ErrorIs(t, err, kayles.ErrRange)

	// A proven period needs no limit.
	_, err = kayles.Kayles.Value(ctx, kayles.MustNewPosition(1<<62))
	require.NoError(t, err)
}

func TestHexadecimalValuesGrow(t *testing.T) {
	// 0.3F is arithmetic-periodic (Howse & Nowakowski 2004): its values grow without bound, so
	// no period is ever proven, and the engine must still agree with the reference.
	o := kayles.MustParseOctal("0.3F")
	vals, err := o.Values(ctx, 200)
	require.NoError(t, err)
	assert.Equal(t, referenceValues(o.Digits(), 200), vals)
	assert.Greater(t, vals[199], vals[99])
	_, ok := must2(o.Period(ctx, 200))
	assert.False(t, ok)
}

func TestConcurrentUse(t *testing.T) {
	o := kayles.MustParseOctal("0.77")
	var wg sync.WaitGroup
	for w := range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range 300 {
				n := (i*37 + w*101) % 400
				if w%3 == 0 {
					n = i * 1_000_003
				}
				assert.Equal(t, must(kayles.K(n)), must(o.Grundy(ctx, n)))
			}
			if w == 5 {
				must2(o.Period(ctx, 1000))
			}
		}()
	}
	wg.Wait()
}
