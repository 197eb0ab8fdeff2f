package memo

import (
	"runtime"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// stringCost counts the data of a string key, as the kayles memos do.
func stringCost(k string, _ bool) int { return Alloc(len(k)) }

// withLimit sets the budget of all memos for the length of a test.
func withLimit(t *testing.T, limit int64) {
	prev := SetLimit(limit)
	t.Cleanup(func() { SetLimit(prev) })
}

func TestGetPut(t *testing.T) {
	m := New[string, int](1<<20, nil)
	_, ok := m.Get("a")
	assert.False(t, ok)
	m.Put("a", 1)
	v, ok := m.Get("a")
	require.True(t, ok)
	assert.Equal(t, 1, v)
	m.Update("a", 2, func(old int) bool { return old == 1 })
	v, _ = m.Get("a")
	assert.Equal(t, 1, v, "keep refused the replacement")
	m.Update("a", 3, nil)
	v, _ = m.Get("a")
	assert.Equal(t, 3, v)
}

// TestCap checks that a memo never counts more than its cap, and that a key used often
// survives the turn of generations.
func TestCap(t *testing.T) {
	m := New[int, int](100*32, func(int, int) int { return 8 })
	m.Put(-1, -1)
	for i := range 10000 {
		m.Put(i, i)
		_, ok := m.Get(-1)
		require.True(t, ok, "the hot key was lost at %d", i)
		assert.LessOrEqual(t, m.Bytes(), 100*32/2)
	}
	_, ok := m.Get(0)
	assert.False(t, ok, "an old cold key is dropped")
	assert.Positive(t, m.Len())
}

// TestLimitEvictsLeastRecentlyUsed checks that the memos together stay within the budget,
// and that a memo left unused gives back its entries before one in use.
func TestLimitEvictsLeastRecentlyUsed(t *testing.T) {
	withLimit(t, 1<<30)
	idle := New[string, bool](1<<20, stringCost)
	busy := New[string, bool](1<<20, stringCost)
	for i := range 2000 {
		idle.Put("idle"+strconv.Itoa(i), true)
	}
	require.Positive(t, idle.Bytes())
	withLimit(t, 200<<10)
	// Lowering the budget reclaims at once: the idle memo is the least recently used.
	assert.LessOrEqual(t, Used(), int64(200<<10))
	for i := range 20000 {
		busy.Put("busy"+strconv.Itoa(i), true)
		if i%100 == 0 {
			assert.LessOrEqual(t, Used(), int64(200<<10), "at %d", i)
		}
	}
	assert.Zero(t, idle.Len(), "the idle memo gave back its entries")
	assert.Positive(t, busy.Len(), "the busy memo keeps its recent entries")
	_, ok := busy.Get("busy19999")
	assert.True(t, ok, "the last entry stays")
}

// TestBytesMatchHeap fills memos of several kinds and compares what they count with what the
// heap holds for them: within a factor of two either way. The memos hold at least a megabyte,
// so that the heap's own first allocations (a quarter of a megabyte seen once in a fresh
// process, against 51 KB counted for 1000 entries) do not decide the ratio.
func TestBytesMatchHeap(t *testing.T) {
	withLimit(t, 1<<40)
	for _, n := range []int{30000, 200000} {
		t.Run(strconv.Itoa(n), func(t *testing.T) {
			var ms runtime.MemStats
			runtime.GC()
			runtime.ReadMemStats(&ms)
			before, counted := ms.HeapAlloc, Used()
			wins := New[string, bool](1<<40, stringCost)
			genus := New[string, []int](1<<40, func(k string, v []int) int { return Alloc(len(k)) + Alloc(8*cap(v)) })
			graph := New[string, uint16](1<<40, func(k string, _ uint16) int { return Alloc(len(k)) })
			for i := range n {
				k := strconv.Itoa(i)
				wins.Put(strings.Repeat(k, 1+i%5), i%2 == 0)
				genus.Put(k+" "+k, make([]int, 1+i%4))
				graph.Put(strings.Repeat("ab", 4+i%40)+k, uint16(i))
			}
			runtime.GC()
			runtime.ReadMemStats(&ms)
			heap := float64(ms.HeapAlloc) - float64(before)
			got := float64(Used() - counted)
			t.Logf("%d entries each: counted %.0f bytes, heap %.0f bytes, ratio %.2f", n, got, heap, got/heap)
			assert.LessOrEqual(t, got/heap, 2.0)
			assert.GreaterOrEqual(t, got/heap, 0.5)
			runtime.KeepAlive(wins)
			runtime.KeepAlive(genus)
			runtime.KeepAlive(graph)
		})
	}
}

// TestGarbageMemoLeavesBudget checks that a memo no one holds is collected and its bytes
// leave the budget.
func TestGarbageMemoLeavesBudget(t *testing.T) {
	before := Used()
	func() {
		m := New[string, bool](1<<30, stringCost)
		for i := range 10000 {
			m.Put(strconv.Itoa(i), true)
		}
		require.Greater(t, Used(), before+10000)
	}()
	for i := 0; i < 100 && Used() > before; i++ {
		runtime.GC()
		time.Sleep(time.Millisecond)
	}
	assert.LessOrEqual(t, Used(), before)
}

func TestConcurrent(t *testing.T) {
	withLimit(t, 1<<14)
	ms := []*Memo[string, int]{
		New[string, int](1<<12, func(k string, _ int) int { return Alloc(len(k)) }),
		New[string, int](1<<12, func(k string, _ int) int { return Alloc(len(k)) }),
	}
	var wg sync.WaitGroup
	for g := range 4 {
		wg.Go(func() {
			m := ms[g%2]
			for i := range 2000 {
				k := strconv.Itoa(i % 300)
				m.Put(k, i)
				if v, ok := m.Get(k); ok {
					assert.Equal(t, k, strconv.Itoa(v%300), "goroutine %d", g)
				}
			}
		})
	}
	wg.Wait()
	assert.LessOrEqual(t, Used(), int64(1<<14))
}

func TestAlloc(t *testing.T) {
	for _, c := range []struct{ n, want int }{{0, 0}, {5, 5}, {16, 16}, {17, 24}, {33, 48}, {1025, 1152}, {32768, 32768}, {32769, 40960}} {
		assert.Equal(t, c.want, Alloc(c.n), "Alloc(%d)", c.n)
	}
}
