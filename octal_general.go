package kayles

import (
	"slices"
	"strconv"
	"sync/atomic"
)

// This file implements the general codes, those beyond plain octal and hexadecimal ones (four
// or more heaps, brace digits, modifiers, repeating tails): their options, the moves too
// crowded to list, and the mex that the value engine takes for them.

// generalWeight is what the general engine counts for each option: walking the ways to split
// a heap costs it about ten to twenty times what an option costs the plain engines.
const generalWeight = 16

// mexGeneral returns G(n) from g = G(0..n-1) and big, their side table (large.go), for any code,
// as mex does for plain ones, or -1 when b stops within the value. It charges b weight for
// each option: generalWeight, or 0 for a plain code whose steps were charged up front (past
// 65535, see extendCore), and then it only looks at b's context now and then.
// A split of m tokens into k heaps costs one step per way to split, so about m^(k-1)/k!² steps.
func (o *plan) mexGeneral(g []uint16, big []bigValue, n int, seen []uint64, b *budget, weight int64) int {
	// Steps are charged to b in batches; a value that b stops returns -1 with seen cleared.
	steps := int64(0)
	stopped := false
	tick := func() {
		if steps++; steps == checkEvery {
			stopped = stopped || !b.spend(steps*weight) || weight == 0 && b.done()
			steps = 0
		}
	}
	mark := func(v int) {
		seen[v>>6] |= 1 << (v & 63)
		tick()
	}
	for i := 0; i <= n && !stopped; i++ {
		if i >= len(o.digits) && o.tail == nil {
			break
		}
		d, m := o.digit(i), n-i
		if i > 0 && m == 0 && d.allows(0) {
			mark(0)
		}
		if i > 0 && m >= 1 && d.allows(1) {
			mark(valueOf(big, m, g[m]))
		}
		if !d.splits() {
			continue
		}
		for k := 2; k <= m && !stopped; k++ {
			if d.maxHeaps() >= 0 && k > d.maxHeaps() {
				break
			}
			if !d.allows(k) {
				continue
			}
			if d.rule == '=' {
				if m%k == 0 {
					mark(valueOf(big, m/k, g[m/k]) * (k & 1))
				} else {
					tick() // a number of heaps that does not divide m is work too: {2+}= tries m of them
				}
				continue
			}
			if k == 2 {
				// The common case, without recursion: a + b = m with a <= b (a < b with a rule:
				// for two heaps "pairwise unequal" and "not all equal" mean the same).
				for a := 1; 2*a <= m && !stopped; a++ {
					if d.rule == 0 || 2*a < m {
						mark(valueOf(big, a, g[a]) ^ valueOf(big, m-a, g[m-a]))
					}
				}
				continue
			}
			splits(m, k, 1, d.rule, 0, func(parts []int) bool {
				v := 0
				for _, a := range parts {
					v ^= valueOf(big, a, g[a])
				}
				mark(v)
				return !stopped
			})
		}
	}
	if stopped || !b.spend(steps*weight) {
		clear(seen)
		return -1
	}
	return mexOf(seen)
}

// splits calls visit with every way to write m as k heaps a1 <= a2 <= ... <= ak with a1 >= lo
// and every heap but the last below bound (no bound when bound is 0), that the rule allows:
// '!' pairwise unequal, '?' not all equal, '=' all equal. The slice passed to visit is reused.
// It returns false when visit did.
func splits(m, k, lo int, rule byte, bound int, visit func([]int) bool) bool {
	parts := make([]int, 0, k)
	var walk func(m, k, lo int) bool
	walk = func(m, k, lo int) bool {
		if k == 1 {
			if m < lo {
				return true
			}
			if len(parts) > 0 && ((rule == '?' && parts[0] == m) || (rule == '=' && parts[0] != m)) {
				return true
			}
			parts = append(parts, m)
			ok := visit(parts)
			parts = parts[:len(parts)-1]
			return ok
		}
		for a := lo; a*k <= m && (bound == 0 || a < bound); a++ {
			if rule == '=' && len(parts) > 0 && a != parts[0] {
				break
			}
			next := a
			if rule == '!' {
				next = a + 1
				if m-a < (k-1)*next+(k-1)*(k-2)/2 {
					break
				}
			}
			parts = append(parts, a)
			ok := walk(m-a, k-1, next)
			parts = parts[:len(parts)-1]
			if !ok {
				return false
			}
		}
		return true
	}
	return walk(m, k, lo)
}

// optionsGeneral is options for any code.
func (o *plan) optionsGeneral(n, bound int, visit func(take int, left []int) bool) bool {
	last := n // the largest take with a non-zero digit
	if o.tail == nil {
		last = min(n, len(o.digits)-1)
	}
	for i := 1; i <= last; i++ {
		if i >= len(o.digits) && !o.tailLeavesOne && i < n {
			i = n // the tail's digits only take whole heaps: skip to the one that fits
		}
		d := o.digit(i)
		if d.allows(0) && i == n && !visit(i, nil) {
			return false
		}
		if d.allows(1) && i < n && !visit(i, []int{n - i}) {
			return false
		}
		if i == last {
			break // i++ would overflow when last is math.MaxInt
		}
	}
	var left []int     // reused for every split
	splitsLast := last // the largest take whose digit may split
	if !o.tailSplits {
		splitsLast = min(last, len(o.digits)-1)
	}
	if !o.splits || n < 2 {
		return true
	}
	eq := o.equalSplits(n, splitsLast)
	base := len(o.digits)
	// take visits the splits that take i tokens and leave a first heap of a.
	take := func(i, a int) bool {
		d, m := o.digit(i), n-i
		if !d.splits() {
			return true
		}
		if d.rule == '=' {
			// k heaps of a: the only split whose heaps are all equal and the first a.
			if k := m / a; m%a == 0 && k >= 2 && k <= maxLeft && d.allows(k) {
				left = repeat(left, a, k)
				return visit(i, left)
			}
			return true
		}
		for k := 2; k <= m/a && k <= maxLeft; k++ {
			if d.maxHeaps() >= 0 && k > d.maxHeaps() {
				break
			}
			if !d.allows(k) {
				continue
			}
			// With ! the further heaps are walked pairwise unequal and above a, so that every
			// split walked is a move (filtering them instead walked about k^2/2 for each move);
			// with ? only the split into k heaps of a is walked and left out.
			lo, rule := a, byte(0)
			if d.rule == '!' {
				lo, rule = a+1, '!'
			}
			ok := splits(m-a, k-1, lo, rule, bound, func(rest []int) bool {
				left = append(append(left[:0], a), rest...)
				return (d.rule == '?' && left[0] == left[len(left)-1]) || visit(i, left) // left ascends: all equal when its ends are
			})
			if !ok {
				return false
			}
		}
		return true
	}
	for a := eq.next(1); a <= n/2 && a < bound; a = eq.next(a + 1) {
		hi := min(splitsLast, n-2*a)
		if eq.tail {
			hi = min(hi, base-1)
		}
		for i := 0; i <= hi; i++ {
			if !take(i, a) {
				return false
			}
		}
		if !eq.tail {
			continue
		}
		// Every digit of the tail that splits leaves equal heaps: walk the numbers of heaps k,
		// the take n-a·k growing as k shrinks, not every take.
		for k := min(eq.tailHeaps, (n-base)/a); k >= 2; k-- {
			i := n - a*k
			if d := o.digit(i); d.allows(k) {
				left = repeat(left, a, k)
				if !visit(i, left) {
					return false
				}
			}
		}
	}
	return true
}

// maxLeft bounds the heaps that a move listed by the general engine leaves: a move of 0.{2+}=
// could leave 2^40 heaps of one token, which no Move or Position can hold. Such moves are not
// listed (Moves, WinningMoves), and Play refuses them with a [*LimitError].
const maxLeft = 1 << 12

// crowded reports whether a heap of n has a move that leaves more than maxLeft heaps, which
// optionsGeneral does not list; only digits with "k or more" make one. The searches, which must
// see every move to prove a loss, give a [*LimitError] for a position with such a heap (see
// crowdedError); since every heap a move leaves is smaller, a position whose largest heap is not
// crowded leads to none. It costs O(t + len(tail)).
func (o *plan) crowded(n int) bool {
	if n <= maxLeft {
		return false
	}
	fits := func(i int, d digit) bool {
		if d.from <= 0 || i >= n {
			return false
		}
		k := max(d.from, maxLeft+1) // the fewest heaps past maxLeft that d allows
		need := k                   // the fewest tokens k heaps take (the same, of one each, with =)
		switch d.rule {
		case '?':
			need = k + 1 // not all equal
		case '!':
			need = k * (k + 1) / 2 // pairwise unequal (k <= 4097: a brace digit's k is below 64)
		}
		return n-i >= need
	}
	for i, d := range o.digits {
		if fits(i, d) {
			return true
		}
	}
	for j, d := range o.tail {
		if fits(len(o.digits)+j, d) {
			return true
		}
	}
	return false
}

// crowdedError returns the [*LimitError] of a search asked about p, whose heaps include one
// that is crowded, or nil when none is.
func (o *plan) crowdedError(what func() string, p Position) error {
	top := 0
	for h := range p.All() {
		top = max(top, h)
	}
	if !o.crowded(top) {
		return nil
	}
	return &LimitError{Question: what(), Limit: maxLeft, Unit: "heaps left by one move",
		Advice: "ask about smaller heaps: a move of a heap of " + strconv.Itoa(top) + " tokens may leave more heaps than a search lists"}
}

// equalSplits tells optionsGeneral which first heaps a of a heap of n can have splits when the
// digits that split leave equal heaps, so that it jumps from one to the next. It works lazily,
// so that a caller that wants one option (is the heap dead?) pays for little more.
type equalSplits struct {
	all        bool       // every digit that splits leaves equal heaps
	cursors    []eqCursor // when all: one for each finite digit that splits, made by the first scan
	tail       bool       // the tail splits, and every digit of it that splits leaves equal heaps
	tailHeaps  int        // when tail: the most heaps a split of a tail digit leaves, at most maxLeft
	top        int        // when tail: past this many heaps, a tail digit allows k heaps or not whatever k
	kmin       []int      // when tail: kmin[r], the fewest heaps left by a tail take with a first heap ≡ r mod len(tail); 0 if none, -1 not yet known
	tailOf     []digit    // the tail
	n, base    int        // the heap, and the first take of the tail
	splitsLast int        // the largest take that may split
	pl         *plan
}

// An eqCursor walks the splits of m tokens into k equal heaps by one digit, k downwards, so
// that the heaps a = m/k come upwards.
type eqCursor struct {
	d    digit
	m, k int
}

// equalSplits returns the equalSplits of a heap of n whose takes up to splitsLast may split.
// It costs O(t + len(tail)); next costs the rest, O(maxLeft) per digit at most in all.
func (o *plan) equalSplits(n, splitsLast int) equalSplits {
	e := equalSplits{all: true, n: n, base: len(o.digits), tailOf: o.tail, pl: o}
	for i := 0; i <= min(splitsLast, e.base-1); i++ {
		if d := o.digits[i]; d.splits() && d.rule != '=' {
			e.all = false
		}
	}
	if o.tailSplits {
		e.tail = true
		for _, d := range o.tail {
			if d.splits() && d.rule != '=' {
				e.tail, e.all = false, false
			}
		}
	}
	e.splitsLast = splitsLast
	if !e.tail || n-e.base < 2 {
		e.tail = false
		return e
	}
	// Past the last bit of the masks and the largest "k or more", whether a tail digit allows k
	// heaps is the same for every k, and the digit a first heap a meets repeats with k mod L.
	L, top := len(o.tail), 64
	for _, d := range o.tail {
		e.tailHeaps = max(e.tailHeaps, heapsOf(d))
		top = max(top, d.from)
	}
	e.top = min(top+L, e.tailHeaps)
	e.kmin = slices.Repeat([]int{-1}, L) // only codes with tails pay for it
	return e
}

// heapsOf returns the most heaps a split by d may leave in a listed move.
func heapsOf(d digit) int {
	if k := d.maxHeaps(); k >= 0 {
		return min(k, maxLeft)
	}
	return maxLeft
}

// next returns the least first heap from a on that has a split, or a value past n/2 when
// there is none; a itself when not every split leaves equal heaps.
func (e *equalSplits) next(a int) int {
	if !e.all {
		return a
	}
	if a == 1 {
		// The misère search asks every heap left whether it is dead, the same heaps again and
		// again, and its answer is the first split: remember it.
		slot := &firstSplits[uint64(e.n)*0x9E3779B97F4A7C15>>(64-firstSplitsBits)]
		if f := slot.Load(); f != nil && f.pl == e.pl && f.n == e.n {
			return f.a
		}
		f := &firstSplit{pl: e.pl, n: e.n, a: e.scan(1)}
		slot.Store(f)
		return f.a
	}
	return e.scan(a)
}

// firstSplits is a direct-mapped cache of next(1) by plan and heap, safe for concurrent use:
// a slot holds one immutable answer, swapped whole.
var firstSplits [1 << firstSplitsBits]atomic.Pointer[firstSplit]

const firstSplitsBits = 10

type firstSplit struct {
	pl   *plan
	n, a int
}

// scan is next without the cache.
func (e *equalSplits) scan(a int) int {
	if e.cursors == nil {
		e.cursors = []eqCursor{}
		for i := 0; i <= min(e.splitsLast, e.base-1, e.n-2); i++ {
			if d := e.pl.digits[i]; d.splits() {
				e.cursors = append(e.cursors, eqCursor{d: d, m: e.n - i, k: min(heapsOf(d), e.n-i)})
			}
		}
	}
	best := e.n
	for j := range e.cursors {
		c := &e.cursors[j]
		c.k = min(c.k, c.m/a)
		for c.k >= 2 && (c.m%c.k != 0 || !c.d.allows(c.k)) {
			c.k--
		}
		if c.k >= 2 {
			best = min(best, c.m/c.k)
		}
	}
	if e.tail {
		// In each residue class mod L the first heaps with a tail split form a prefix.
		L := len(e.kmin)
		for x := a; x < best && x < a+L; x++ {
			if k := e.kminOf(x % L); k > 0 && x <= (e.n-e.base)/k {
				return x
			}
		}
	}
	return best
}

// kminOf returns kmin[r], working it out the first time.
func (e *equalSplits) kminOf(r int) int {
	if e.kmin[r] < 0 {
		L := len(e.tailOf)
		rest := (e.n - e.base) % L
		e.kmin[r] = 0
		for k := 2; k <= e.top; k++ {
			if e.tailOf[((rest-r*k)%L+L)%L].allows(k) {
				e.kmin[r] = k
				break
			}
		}
	}
	return e.kmin[r]
}

// repeat returns k heaps of a, in buf when it has room.
func repeat(buf []int, a, k int) []int {
	buf = slices.Grow(buf[:0], k)[:k]
	for j := range buf {
		buf[j] = a
	}
	return buf
}
