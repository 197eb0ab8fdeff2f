package kayles

import (
	"runtime"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	eng "github.com/octalgames/kayles/internal/engine"
	"github.com/octalgames/kayles/internal/memo"
)

// TestParseOctalInterns checks that every Octal of one canonical code shares one engine,
// memo and quotient, however the code is written or made.
func TestParseOctalInterns(t *testing.T) {
	for _, c := range []struct {
		o     *Octal
		codes []string
	}{
		{Kayles, []string{"0.77", ".77", "0.770", "0.77[0]"}},
		{Nim, []string{"0.[3]", "0.3[3]", "0.[33]"}},
		{GrundysGame, []string{"4!.0", "4!.000"}},
	} {
		for _, code := range c.codes {
			o, err := ParseOctal(code)
			require.NoError(t, err)
			assert.Same(t, c.o, o, "%s", code)
		}
		w := c.o.WithLimits(Limits{SearchSteps: 1000})
		assert.Same(t, c.o.eng, w.eng, "WithLimits shares the values")
		assert.Same(t, c.o.memo, w.memo, "WithLimits shares the memo and the quotient")
		assert.Equal(t, int64(1000), w.Limits().SearchSteps, "the limits are its own")
		assert.Equal(t, int64(DefaultSearchSteps), c.o.Limits().SearchSteps)
	}
	sub, err := NewSubtraction(1, 2)
	require.NoError(t, err)
	assert.Same(t, MustParseOctal("0.33"), sub)
	all, err := NewAllButSubtraction()
	require.NoError(t, err)
	assert.Same(t, Nim, all)
}

// internedEntry reports whether the intern table holds a live Octal of code.
func internedEntry(code string) bool {
	interned.Lock()
	defer interned.Unlock()
	_, ok := interned.m[code]
	return ok
}

// collect runs the collector until done reports true, for at most a few seconds: cleanups run
// on their own goroutine after a collection.
func collect(done func() bool) bool {
	for range 200 {
		if done() {
			return true
		}
		runtime.GC()
		time.Sleep(5 * time.Millisecond)
	}
	return done()
}

// TestInternedOctalCollected checks that the intern table does not pin a game: once no program
// holds an Octal of a code, nor one that WithLimits made from it, its entry and its memo go.
func TestInternedOctalCollected(t *testing.T) {
	const code = "0.5F3B" // no other test uses it
	require.False(t, internedEntry(code))
	before := memoUsed()
	w := func() *Octal {
		o := MustParseOctal(code)
		fillMemo(t, o, 12)
		return o.WithLimits(Limits{Steps: 1 << 20})
	}()
	require.Greater(t, memoUsed(), before, "the search filled the memo")
	assert.False(t, collect(func() bool { return !internedEntry(code) }), "an Octal made by WithLimits keeps its game")
	assert.Same(t, w.base, MustParseOctal(code), "and ParseOctal returns that game")
	runtime.KeepAlive(w)
	w = nil
	assert.True(t, collect(func() bool { return !internedEntry(code) }), "the entry of a game no one holds goes")
	assert.True(t, collect(func() bool { return memoUsed() <= before }), "its memo leaves the budget: %d bytes before, %d after", before, memoUsed())
}

// TestParseOctalConcurrent parses one code from many goroutines, asks each Octal misère
// questions, and checks that they all got one engine. Run it with -race.
func TestParseOctalConcurrent(t *testing.T) {
	const code = "0.3F1"
	prev := SetMemoryBudget(64 << 10) // small, so that memos are evicted while in use
	defer SetMemoryBudget(prev)
	os := make([]*Octal, 8)
	var wg sync.WaitGroup
	for i := range os {
		wg.Go(func() {
			o, err := ParseOctal(code)
			if !assert.NoError(t, err) {
				return
			}
			os[i] = o
			for n := range 12 {
				_, err := o.MisereOutcome(ctx, MustNewPosition(n, n/2+1, 3))
				assert.NoError(t, err)
				_, err = o.Genus(ctx, MustNewPosition(n, 2))
				assert.NoError(t, err)
			}
		})
	}
	wg.Wait()
	for _, o := range os {
		assert.Same(t, os[0], o)
	}
	assert.LessOrEqual(t, memoUsed(), int64(64<<10))
}

// freshOctal returns an Octal of code with an engine and a memo of its own, not interned: the
// tests of the engine's progress (runs, checkpoints, resumed quotients) start from nothing.
func freshOctal(code string) *Octal {
	pl := MustParseOctal(code).plan()
	return &Octal{eng: newEngine(pl, eng.Settings{}), limits: Limits{}.withDefaults(), memo: newSearchMemo(DefaultMemoBytes)}
}

// memoUsed returns the bytes that all memos of the process hold.
func memoUsed() int64 { return memo.Used() }

// fillMemo asks o the misère outcome of every position of two heaps below n, and the genus of
// those below n/2, so that its memo holds them and their options.
func fillMemo(t *testing.T, o *Octal, n int) {
	t.Helper()
	for a := 1; a <= n; a++ {
		for b := 1; b < a; b++ {
			_, err := o.MisereOutcome(ctx, MustNewPosition(a, b))
			require.NoError(t, err)
			if a <= n/2 {
				_, err = o.Genus(ctx, MustNewPosition(a, b))
				require.NoError(t, err)
			}
		}
	}
}

// FreshOctal is freshOctal for the tests of package kayles_test.
func FreshOctal(code string) *Octal { return freshOctal(code) }
