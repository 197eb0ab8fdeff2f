package kayles

import (
	"flag"
	"runtime"
	"strconv"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

var budgetLong = flag.Bool("budget.long", false, "ask the 100 codes of TestHundredCodesWithinBudget about positions of up to 20 tokens (minutes)")

// withBudget sets the memory budget for the length of a test.
func withBudget(t *testing.T, bytes int64) {
	prev := SetMemoryBudget(bytes)
	t.Cleanup(func() { SetMemoryBudget(prev) })
}

// heapAlloc returns the bytes of live objects after a collection.
func heapAlloc() runtime.MemStats {
	var ms runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&ms)
	return ms
}

// TestMemoryBudgetCountsHeap fills the memos of several games by their searches and compares
// the bytes the budget counts with what the heap holds: within a factor of two either way.
func TestMemoryBudgetCountsHeap(t *testing.T) {
	withBudget(t, 1<<40)
	var games []*Octal
	before, counted := heapAlloc(), memoUsed()
	for _, code := range []string{"0.07", "0.137", "0.15", "0.6"} {
		o := freshOctal(code)
		o.memo.autoBeyond = 1 // the search, not a quotient, answers: it fills the memo
		games = append(games, o)
		fillMemo(t, o, 28)
	}
	after := heapAlloc()
	heap := float64(after.HeapAlloc) - float64(before.HeapAlloc)
	got := float64(memoUsed() - counted)
	t.Logf("counted %.0f bytes, heap %.0f bytes: ratio %.2f", got, heap, got/heap)
	require.Greater(t, heap, float64(4<<20), "the memos are large enough to measure")
	assert.LessOrEqual(t, got/heap, 2.0, "counted %.0f, heap %.0f", got, heap)
	assert.GreaterOrEqual(t, got/heap, 0.5, "counted %.0f, heap %.0f", got, heap)
	runtime.KeepAlive(games)
}

// TestSetMemoryBudget checks that the memos of all games together stay within the budget,
// that a game left unused gives back its memo first, and that answers do not change.
func TestSetMemoryBudget(t *testing.T) {
	const budget = 512 << 10
	require.GreaterOrEqual(t, SetMemoryBudget(-1), int64(0))
	prev := SetMemoryBudget(budget)
	assert.Equal(t, int64(budget), SetMemoryBudget(prev), "SetMemoryBudget returns the previous budget")
	assert.Equal(t, prev, SetMemoryBudget(-1), "a negative budget only reports")
	withBudget(t, budget)
	idle, busy := freshOctal("0.07"), freshOctal("0.137")
	idle.memo.autoBeyond, busy.memo.autoBeyond = 1, 1
	fillMemo(t, idle, 14)
	require.Positive(t, idle.memo.wins.Len())
	for n := 1; n <= 24; n++ {
		for m := 1; m < n; m++ {
			p := MustNewPosition(n, m)
			got := must(busy.MisereOutcome(ctx, p))
			assert.Equal(t, must(DawsonsChess.MisereOutcome(ctx, p)), got, "%v", p)
			if n <= 12 {
				must(busy.Genus(ctx, p))
			}
			assert.LessOrEqual(t, memoUsed(), int64(budget), "%v", p)
		}
	}
	assert.Zero(t, idle.memo.wins.Len()+idle.memo.genus.Len(), "the game left unused gave back its memo")
	assert.Positive(t, busy.memo.wins.Len(), "the game in use keeps its recent entries")
}

// hundredCodes returns 100 distinct canonical codes: 0.d1d2d3 with octal digits, d3 > 0.
func hundredCodes() []string {
	var codes []string
	for i := 0; len(codes) < 100; i++ {
		d := strconv.FormatInt(int64(i), 8)
		for len(d) < 3 {
			d = "0" + d
		}
		if d[2] != '0' {
			codes = append(codes, "0."+d)
		}
	}
	return codes
}

// TestHundredCodesWithinBudget is the check of issue 27: 100 codes, each parsed three times
// as a server parses the codes of its users and asked misère and genus questions, keep one
// engine each, and the heap in use stays within the memory budget plus 100 MB.
func TestHundredCodesWithinBudget(t *testing.T) {
	tokens := 10
	if *budgetLong {
		tokens = 20
	}
	before := heapAlloc()
	engines := map[*engine]bool{}
	var held []*Octal
	for _, code := range hundredCodes() {
		for range 3 {
			o, err := ParseOctal(code)
			require.NoError(t, err)
			held = append(held, o)
			engines[o.eng] = true
			for n := 1; n <= tokens; n++ {
				for _, p := range []Position{MustNewPosition(n), MustNewPosition(n, n/2+1), MustNewPosition(n/3+1, n/2+1, n)} {
					_, err := o.MisereOutcome(ctx, p)
					require.NoError(t, err, "%s %v", code, p)
					_, err = o.MisereWinningMoves(ctx, p)
					require.NoError(t, err, "%s %v", code, p)
					_, err = o.Genus(ctx, p)
					require.NoError(t, err, "%s %v", code, p)
				}
			}
		}
	}
	assert.Len(t, engines, 100, "one engine per code")
	after := heapAlloc()
	budget := SetMemoryBudget(-1)
	t.Logf("heap in use %d MB more (%d MB in all), memos %d MB, budget %d MB", int64(after.HeapInuse-before.HeapInuse)>>20, after.HeapInuse>>20, memoUsed()>>20, budget>>20)
	assert.LessOrEqual(t, memoUsed(), budget)
	assert.LessOrEqual(t, int64(after.HeapInuse)-int64(before.HeapInuse), budget+100<<20)
	runtime.KeepAlive(held)
}
