package kayles

// This file implements the walk of the winning moves on a heap of any size when the classes of
// the heaps are periodic: the winning splits of a heap of 2^40 tokens come one after another,
// in the order of Octal.Moves, at a cost that depends on the period, not on the heap.

// A periodWalk walks the winning moves on a heap of a provable code (finite, without modifiers,
// leaving at most pl.heaps heaps) whose heaps have classes that are periodic: cls(h) =
// cls(h+p) for h >= n0. The classes of the heaps left by a move are multiplied, starting from
// the class of the rest of the position, and the move wins when win says so of the product.
// Misère play through a quotient has the quotient's classes and product; normal play has the
// nim-values and XOR.
//
// The walk rests on one fact. Write W(x) for "some winning move has the heaps left so far, and
// then x, as its smallest heaps": for x >= n0, W(x+p) implies W(x), since a move that leaves
// x+p and then y2 <= ... <= yk (all >= x+p >= n0) has a twin that leaves x and y2, ..., yk+p
// with the same classes. So in each residue class mod p the x >= n0 with W(x) form a prefix,
// found by bisection, and the walk goes from one to the next without looking at the others.
// Whether a winning completion exists at all is memoised on a bounded key (see exists).
//
// A periodWalk is used by one goroutine.
type periodWalk struct {
	pl    *plan
	n0, p int
	cls   func(h int) int
	mul   func(x, y int) int
	win   func(c int) bool
	memo  map[walkKey]bool
}

// walkKey is the memo key of exists, in the bounded form that exists reduces its arguments to.
type walkKey struct {
	c, j, lo, m int
}

// newPeriodWalk returns the walk of pl with the classes of cls, periodic from n0 with period p.
func newPeriodWalk(pl *plan, n0, p int, cls func(int) int, mul func(x, y int) int, win func(int) bool) *periodWalk {
	return &periodWalk{pl: pl, n0: max(n0, 1), p: p, cls: cls, mul: mul, win: win, memo: map[walkKey]bool{}}
}

// moves calls yield with each winning move on a heap of n when the rest of the position has
// class c, in the order of Octal.Moves, and returns false when yield did.
func (w *periodWalk) moves(n, c int, yield func(take int, left []int) bool) bool {
	pl := w.pl
	t := len(pl.digits) - 1
	var one [1]int
	for i := 1; i <= min(t, n); i++ {
		d := pl.digits[i]
		if d.allows(0) && i == n && w.win(c) && !yield(i, nil) {
			return false
		}
		if d.allows(1) && i < n {
			one[0] = n - i
			if w.win(w.mul(c, w.cls(n-i))) && !yield(i, one[:]) {
				return false
			}
		}
	}
	if !pl.splits || n < 2 {
		return true
	}
	// The first heap left, a, leads; then the take, the number of heaps, the further heaps.
	wins := func(a int) bool {
		ca := w.mul(c, w.cls(a))
		for i := 0; i <= min(t, n-2*a); i++ {
			d, m := pl.digits[i], n-i
			for k := 2; k <= pl.heaps && a <= m/k; k++ {
				if d.allows(k) && w.exists(ca, k-1, a, m-a) {
					return true
				}
			}
		}
		return false
	}
	left := make([]int, 1, max(pl.heaps, 2))
	return w.each(1, n/2, wins, func(a int) bool {
		ca := w.mul(c, w.cls(a))
		left[0] = a
		for i := 0; i <= min(t, n-2*a); i++ {
			d, m := pl.digits[i], n-i
			for k := 2; k <= pl.heaps && a <= m/k; k++ {
				if !d.allows(k) || !w.exists(ca, k-1, a, m-a) {
					continue
				}
				if !w.walk(ca, k-1, a, m-a, left, func(left []int) bool { return yield(i, left) }) {
					return false
				}
			}
		}
		return true
	})
}

// walk calls yield with prefix followed by each winning completion of j more heaps, ascending,
// each at least lo, of m tokens in all, the product so far being c.
func (w *periodWalk) walk(c, j, lo, m int, prefix []int, yield func([]int) bool) bool {
	if j == 1 {
		if m >= lo && w.win(w.mul(c, w.cls(m))) {
			return yield(append(prefix, m))
		}
		return true
	}
	return w.each(lo, m/j, func(x int) bool {
		return w.exists(w.mul(c, w.cls(x)), j-1, x, m-x)
	}, func(x int) bool {
		return w.walk(w.mul(c, w.cls(x)), j-1, x, m-x, append(prefix, x), yield)
	})
}

// each calls f with each x in [lo, hi], ascending, for which ok(x), where ok is monotone in each
// residue class mod p from n0 on (ok(x+p) implies ok(x)), and returns false when f did. It
// calls ok O(n0 + p·log(hi)) times, and f after at most p others.
func (w *periodWalk) each(lo, hi int, ok func(int) bool, f func(int) bool) bool {
	for x := lo; x <= min(hi, w.n0-1); x++ {
		if ok(x) && !f(x) {
			return false
		}
	}
	s := max(lo, w.n0)
	if s > hi {
		return true
	}
	// last[r]: the largest x = s+r (mod p) with ok(x), or s-1 when there is none.
	last := make([]int, w.p)
	most := s - 1
	for r := range last {
		last[r] = s - 1
		x := s + r
		if x > hi || !ok(x) {
			continue
		}
		good, bad := 0, (hi-x)/w.p+1 // ok(x+good·p) holds; x+bad·p is beyond it or beyond hi
		for bad-good > 1 {
			mid := good + (bad-good)/2
			if ok(x + mid*w.p) {
				good = mid
			} else {
				bad = mid
			}
		}
		last[r] = x + good*w.p
		most = max(most, last[r])
	}
	for x := s; x <= most; x++ {
		if x <= last[(x-s)%w.p] && !f(x) {
			return false
		}
	}
	return true
}

// exists reports whether some j heaps y1 <= ... <= yj, y1 >= lo, of m tokens in all, bring the
// product c to a win. It first reduces its arguments, so the memo stays bounded: heaps from
// n0+p on can all be shifted down by p (lo by p, m by j·p) without changing a class; and past
// j·(max(lo, n0)+j·p)+n0 tokens, m and m-p have the same answer, since a winning completion can
// have every heap but the last below max(lo, n0)+j·p (shift the others down and the last up).
func (w *periodWalk) exists(c, j, lo, m int) bool {
	if j == 1 {
		return m >= lo && w.win(w.mul(c, w.cls(m)))
	}
	if lo > m/j {
		return false
	}
	if lo >= w.n0+w.p {
		d := (lo - w.n0) / w.p
		lo -= d * w.p
		m -= j * d * w.p
	}
	if thr := j*(max(lo, w.n0)+j*w.p) + w.n0; m >= thr+w.p {
		m -= (m - thr) / w.p * w.p
	}
	key := walkKey{c, j, lo, m}
	if r, ok := w.memo[key]; ok {
		return r
	}
	r := false
	// From n0 on the least x of each residue class is enough: ok(x+p) implies ok(x).
	for x := lo; x <= min(m/j, max(lo, w.n0)+w.p-1) && !r; x++ {
		r = w.exists(w.mul(c, w.cls(x)), j-1, x, m-x)
	}
	w.memo[key] = r
	return r
}
