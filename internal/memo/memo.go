// Package memo provides the bounded memos that the searches of the kayles packages keep: the
// misère search and the genus of the root package, and the graph solvers. Every memo of the
// process counts its bytes against one budget ([SetLimit]); when they hold more, the memos
// least recently used give back their entries, whichever game or solver they belong to.
package memo

import (
	"runtime"
	"sync"
	"sync/atomic"
	"unsafe"
	"weak"
)

// This file implements a map of bounded memory with two generations, and the process-wide
// budget of all such maps.

// DefaultLimit is the budget of all memos together until [SetLimit] changes it.
const DefaultLimit = 256 << 20

// A Memo maps keys to values within a byte cap of its own and the process-wide budget. It
// keeps two generations: when the current one reaches half the cap it becomes the old one and
// the old one is dropped, and a hit in the old one is copied to the current one, so what is
// used often stays. Its bytes are counted as the heap spends them: the map's slots at its
// usual load, and what the cost function reports for the memory that keys and values point
// to. When all memos together hold more than the budget, the least recently used ones drop
// generations, oldest first, until they hold 7/8 of it. It is safe for concurrent use. The
// zero Memo is not usable: make one with [New].
type Memo[K comparable, V any] struct {
	mu       sync.Mutex
	cur, old map[K]V
	curBytes int64
	oldBytes int64
	cap      int64
	slot     int64 // what the map spends for each entry
	cost     func(K, V) int
	acct     *account
}

// New returns an empty memo that holds at most about cap bytes (and less when the budget of
// all memos is smaller), as the heap counts them. cost returns the bytes that a key and a value
// point to outside the map: the data of a string, the array of a slice (see [Alloc]); a nil
// cost counts the map alone. The memo counts against the process-wide budget until it is
// garbage.
func New[K comparable, V any](cap int, cost func(K, V) int) *Memo[K, V] {
	if cost == nil {
		cost = func(K, V) int { return 0 }
	}
	m := &Memo[K, V]{cap: max(int64(cap), 1), cost: cost, slot: slotBytes[K, V]()}
	wp := weak.Make(m)
	a := &account{}
	a.evict = func() int64 {
		if m := wp.Value(); m != nil {
			return m.evict()
		}
		return 0
	}
	a.lastUse.Store(global.clock.Load())
	m.acct = a
	global.mu.Lock()
	global.memos[a] = struct{}{}
	global.mu.Unlock()
	runtime.AddCleanup(m, forget, a)
	return m
}

// slotBytes returns what a map of K to V spends for each entry: a slot of the key and value
// aligned, and its control byte, in groups of eight at a load between 7/16 and 7/8, counted at
// 11/16, the middle.
func slotBytes[K comparable, V any]() int64 {
	var k K
	var v V
	align := max(unsafe.Alignof(k), unsafe.Alignof(v), 1)
	size := unsafe.Sizeof(k)
	size = (size+unsafe.Alignof(v)-1)/unsafe.Alignof(v)*unsafe.Alignof(v) + unsafe.Sizeof(v)
	size = (size + align - 1) / align * align
	return (int64(size) + 1) * 16 / 11
}

// Get returns the value stored for k, and whether there is one.
func (m *Memo[K, V]) Get(k K) (V, bool) {
	m.acct.lastUse.Store(global.clock.Load())
	m.mu.Lock()
	if v, ok := m.cur[k]; ok {
		m.mu.Unlock()
		return v, true
	}
	v, ok := m.old[k]
	if ok {
		m.putLocked(k, v)
	}
	m.mu.Unlock()
	if ok {
		reclaim()
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
	m.acct.lastUse.Store(global.clock.Add(1))
	m.mu.Lock()
	if old, ok := m.cur[k]; ok {
		if keep == nil || !keep(old) {
			c := int64(m.cost(k, v)) - int64(m.cost(k, old))
			m.cur[k] = v
			m.curBytes += c
			m.count(c)
		}
		m.mu.Unlock()
		return
	}
	m.putLocked(k, v)
	m.mu.Unlock()
	reclaim()
}

// putLocked stores v for k, not in the current generation, turning the generations first when
// the current one would pass half the memo's cap.
func (m *Memo[K, V]) putLocked(k K, v V) {
	c := int64(m.cost(k, v)) + m.slot
	if m.cur == nil || m.curBytes+c > min(m.cap, global.limit.Load())/2 {
		m.count(-m.oldBytes)
		m.old, m.oldBytes = m.cur, m.curBytes
		m.cur, m.curBytes = make(map[K]V), 0
	}
	m.cur[k] = v
	m.curBytes += c
	m.count(c)
}

// count adds c bytes to what m and all memos hold; m.mu is held.
func (m *Memo[K, V]) count(c int64) {
	m.acct.bytes.Add(c)
	global.used.Add(c)
}

// evict drops the old generation of m, or both when the old one holds nothing, and returns
// the bytes it gave back: more than 0 when m held any.
func (m *Memo[K, V]) evict() int64 {
	m.mu.Lock()
	defer m.mu.Unlock()
	freed := m.oldBytes
	m.old, m.oldBytes = nil, 0
	if freed == 0 {
		freed = m.curBytes
		m.cur, m.curBytes = nil, 0
	}
	m.count(-freed)
	return freed
}

// Len returns the number of entries held, in both generations.
func (m *Memo[K, V]) Len() int {
	m.mu.Lock()
	defer m.mu.Unlock()
	return len(m.cur) + len(m.old)
}

// Bytes returns the bytes the current generation holds, as the memo counts them: at most half
// its cap. Both generations together hold at most the cap.
func (m *Memo[K, V]) Bytes() int {
	m.mu.Lock()
	defer m.mu.Unlock()
	return int(m.curBytes)
}

// An account is what the budget knows of one memo. It holds the memo weakly, so that a memo
// no one uses is garbage and its cleanup takes its bytes off the budget.
type account struct {
	bytes   atomic.Int64 // what the memo holds
	lastUse atomic.Int64 // the budget's clock at the memo's last use
	evict   func() int64 // drops a generation of the memo, if it is alive
}

// global is the budget of all memos: what they may hold, what they hold, a clock that ticks
// with each entry stored, and the memos, under mu (held while reclaiming).
var global = struct {
	limit atomic.Int64
	used  atomic.Int64
	clock atomic.Int64
	mu    sync.Mutex
	memos map[*account]struct{}
}{memos: map[*account]struct{}{}}

func init() { global.limit.Store(DefaultLimit) }

// forget takes the account of a memo that is garbage off the budget.
func forget(a *account) {
	global.mu.Lock()
	defer global.mu.Unlock()
	if _, ok := global.memos[a]; ok {
		delete(global.memos, a)
		global.used.Add(-a.bytes.Load())
	}
}

// reclaim makes the memos least recently used drop generations until all hold at most 7/8 of
// the budget, when they hold more than the budget. No memo's lock is held by the caller.
func reclaim() {
	limit := global.limit.Load()
	if global.used.Load() <= limit {
		return
	}
	global.mu.Lock()
	defer global.mu.Unlock()
	for global.used.Load() > limit-limit/8 {
		var victim *account
		for a := range global.memos {
			if a.bytes.Load() > 0 && (victim == nil || a.lastUse.Load() < victim.lastUse.Load()) {
				victim = a
			}
		}
		if victim == nil {
			return
		}
		if victim.evict() == 0 {
			// The memo is garbage and its cleanup has not run yet: take it off now.
			delete(global.memos, victim)
			global.used.Add(-victim.bytes.Load())
		}
	}
}

// SetLimit sets the budget of all memos together, in bytes, and returns the previous one; a
// negative limit changes nothing and only reports it. Memos that hold more give back entries
// at once. The default is [DefaultLimit]. It is safe for concurrent use.
func SetLimit(limit int64) int64 {
	if limit < 0 {
		return global.limit.Load()
	}
	prev := global.limit.Swap(limit)
	reclaim()
	return prev
}

// Used returns the bytes that all memos hold together, as they count them.
func Used() int64 { return global.used.Load() }

// Alloc returns the bytes the heap spends on an object of n bytes: n rounded up to the size
// class of Go's allocator (small strings are packed, and counted as they are).
func Alloc(n int) int {
	switch {
	case n <= 0:
		return 0
	case n < 16:
		return n
	case n > sizeClasses[len(sizeClasses)-1]:
		return (n + 8191) &^ 8191
	}
	lo, hi := 0, len(sizeClasses)-1
	for lo < hi {
		mid := (lo + hi) / 2
		if sizeClasses[mid] < n {
			lo = mid + 1
		} else {
			hi = mid
		}
	}
	return sizeClasses[lo]
}

// sizeClasses are the object sizes of Go's allocator (runtime/sizeclasses.go).
var sizeClasses = []int{16, 24, 32, 48, 64, 80, 96, 112, 128, 144, 160, 176, 192, 208, 224, 240,
	256, 288, 320, 352, 384, 416, 448, 480, 512, 576, 640, 704, 768, 896, 1024, 1152, 1280, 1408,
	1536, 1792, 2048, 2304, 2688, 3072, 3200, 3456, 4096, 4864, 5376, 6144, 6528, 6784, 6912, 8192,
	9472, 9728, 10240, 10880, 12288, 13568, 14336, 16384, 18432, 19072, 20480, 21760, 24576, 27264,
	28672, 32768}
