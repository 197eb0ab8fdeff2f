package memo

import (
	"strconv"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

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

// TestBudget checks that the memo never counts more than its budget, and that a key used
// often survives the turn of generations.
func TestBudget(t *testing.T) {
	const budget = 100 * EntryBytes
	m := New[int, int](budget, func(int, int) int { return 8 })
	m.Put(-1, -1)
	for i := range 10000 {
		m.Put(i, i)
		_, ok := m.Get(-1)
		require.True(t, ok, "the hot key was lost at %d", i)
		assert.LessOrEqual(t, m.Bytes(), budget/2)
		assert.LessOrEqual(t, m.Len()*(EntryBytes+8), budget)
	}
	_, ok := m.Get(0)
	assert.False(t, ok, "an old cold key is dropped")
}

func TestConcurrent(t *testing.T) {
	m := New[string, int](1<<12, func(k string, _ int) int { return len(k) })
	var wg sync.WaitGroup
	for g := range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range 2000 {
				k := strconv.Itoa(i % 300)
				m.Put(k, i)
				if v, ok := m.Get(k); ok {
					assert.Equal(t, k, strconv.Itoa(v%300), "goroutine %d", g)
				}
			}
		}()
	}
	wg.Wait()
}
