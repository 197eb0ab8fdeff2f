// Package memo provides the bounded memo that the searches of the kayles packages share: the
// misère search and the genus of the root package, and the graph solvers.
package memo

import "sync"

// This file implements a map of bounded memory with two generations.

// EntryBytes is what a Memo counts for one entry beside the bytes its cost function gives:
// the map's own overhead.
const EntryBytes = 48

// A Memo maps keys to values within a byte budget. It keeps two generations: when the current
// one reaches half the budget it becomes the old one and the old one is dropped, and a hit in
// the old one is copied to the current one. So it never holds more than its budget, and what
// is used often stays. It is safe for concurrent use. The zero Memo is not usable: make one
// with [New].
type Memo[K comparable, V any] struct {
	mu       sync.Mutex
	cur, old map[K]V
	curBytes int
	half     int
	cost     func(K, V) int
}

// New returns an empty memo that holds at most about budget bytes, as cost counts them plus
// [EntryBytes] for each entry. A nil cost counts [EntryBytes] alone.
func New[K comparable, V any](budget int, cost func(K, V) int) *Memo[K, V] {
	if cost == nil {
		cost = func(K, V) int { return 0 }
	}
	return &Memo[K, V]{half: max(budget/2, EntryBytes), cost: cost}
}

// Get returns the value stored for k, and whether there is one.
func (m *Memo[K, V]) Get(k K) (V, bool) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if v, ok := m.cur[k]; ok {
		return v, true
	}
	v, ok := m.old[k]
	if ok {
		m.putLocked(k, v)
	}
	return v, ok
}

// Put stores v for k, replacing what was stored.
func (m *Memo[K, V]) Put(k K, v V) {
	m.Update(k, v, nil)
}

// Update stores v for k unless keep(old) says the value already stored should stay. A nil keep
// always replaces.
func (m *Memo[K, V]) Update(k K, v V, keep func(old V) bool) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if old, ok := m.cur[k]; ok {
		if keep == nil || !keep(old) {
			m.cur[k] = v
		}
		return
	}
	m.putLocked(k, v)
}

func (m *Memo[K, V]) putLocked(k K, v V) {
	c := m.cost(k, v) + EntryBytes
	if m.cur == nil || m.curBytes+c > m.half {
		m.old, m.cur, m.curBytes = m.cur, make(map[K]V), 0
	}
	m.cur[k] = v
	m.curBytes += c
}

// Len returns the number of entries held, in both generations.
func (m *Memo[K, V]) Len() int {
	m.mu.Lock()
	defer m.mu.Unlock()
	return len(m.cur) + len(m.old)
}

// Bytes returns the bytes the current generation holds, as the memo counts them.
func (m *Memo[K, V]) Bytes() int {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.curBytes
}
