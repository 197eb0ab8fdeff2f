package kayles

import "slices"

// This file implements the general engine: the options of codes beyond plain
// octal and hexadecimal ones (four or more heaps, brace digits, modifiers, repeating tails).

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
	mark := func(v int) {
		seen[v>>6] |= 1 << (v & 63)
		if steps++; steps == checkEvery {
			stopped = stopped || !b.spend(steps*weight) || weight == 0 && b.done()
			steps = 0
		}
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
	// When every split leaves equal heaps, in a bounded number, only a few first heaps a have
	// splits at all: walk those, not every a up to n/2 (a heap of 2^40 tokens has three).
	var firsts []int
	equalOnly := o.splits && o.tail == nil
	for i := 0; i <= splitsLast && equalOnly; i++ {
		d := o.digit(i)
		if !d.splits() {
			continue
		}
		if d.rule != '=' || d.maxHeaps() < 0 {
			equalOnly = false
			break
		}
		for k := 2; k <= d.maxHeaps() && k <= n-i; k++ {
			if d.allows(k) && (n-i)%k == 0 {
				firsts = append(firsts, (n-i)/k)
			}
		}
	}
	if equalOnly {
		slices.Sort(firsts)
		firsts = slices.Compact(firsts)
	}
	for j, a := 0, 1; 2*a <= n && a < bound && o.splits; j, a = j+1, a+1 {
		if equalOnly {
			if j == len(firsts) {
				break
			}
			a = firsts[j]
			if 2*a > n || a >= bound {
				break
			}
		}
		for i := 0; i <= min(splitsLast, n-2*a); i++ {
			d, m := o.digit(i), n-i
			if !d.splits() {
				continue
			}
			for k := 2; a*k <= m; k++ {
				if d.maxHeaps() >= 0 && k > d.maxHeaps() {
					break
				}
				if !d.allows(k) {
					continue
				}
				if d.rule == '=' && d.maxHeaps() >= 0 {
					// k heaps of a: the only split whose heaps are all equal and the first a.
					if a*k == m {
						left = slices.Repeat(append(left[:0], a), k)
						if !visit(i, left) {
							return false
						}
					}
					continue
				}
				lo := a
				if d.rule == '!' {
					lo = a + 1
				}
				ok := splits(m-a, k-1, lo, 0, bound, func(rest []int) bool {
					left = append(append(left[:0], a), rest...)
					return !d.fits(left) || visit(i, left)
				})
				if !ok {
					return false
				}
			}
		}
	}
	return true
}
