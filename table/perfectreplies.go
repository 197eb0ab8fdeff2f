package table

import (
	"context"
	"slices"
)

// This file implements the count of the winning replies after a move in a lost position, for
// the perfect player's choice there: by the nim-values of the runs in normal play, and by the
// rule set's winning moves otherwise.

// maxValueTable bounds the histograms of newValueReplies: runs up to the longest on the table
// times the values below the least power of two above every value.
const maxValueTable = 1 << 21

// replyCounter returns a function that counts the table moves that win (leave a position lost
// for the player to move) after a run of n of s is replaced by runs of a and b (either may be
// 0). s is a lost position with runs rs. It counts by the nim-values of the runs when s is in
// normal play and v reads the rule set's digits, and by the rule set's winning moves otherwise.
func (s tableState) replyCounter(ctx context.Context, v *ruleView, rs []run) (func(n, a, b int) (int, error), error) {
	sorted, byLen := runLengths(rs)
	if _, ok := v.flags(1); ok && !s.misere {
		c, err := newValueReplies(ctx, v, sorted, byLen)
		if err != nil || c != nil {
			return c, err
		}
	}
	return s.movesReplies(ctx, sorted, byLen), nil
}

// runLengths returns the lengths of rs, ascending, and the number of runs of each length.
func runLengths(rs []run) (sorted []int, byLen map[int]int) {
	byLen = map[int]int{}
	sorted = make([]int, 0, len(rs))
	for _, r := range rs {
		byLen[r.n]++
		sorted = append(sorted, r.n)
	}
	slices.Sort(sorted)
	return sorted, byLen
}

// movesReplies returns the counter of replyCounter that counts through the rule set's winning
// moves of the position a move leaves, for runs of the lengths sorted (byLen of each).
func (s tableState) movesReplies(ctx context.Context, sorted []int, byLen map[int]int) func(n, a, b int) (int, error) {
	var buf []int
	return func(n, a, b int) (int, error) {
		buf = replaced(buf[:0], sorted, n, a, b)
		p, _ := newPosition(buf...) // lengths are never negative
		seq, err := winningMoves(ctx, s.rules, s.misere, p)
		if err != nil {
			return 0, err
		}
		w := 0
		for km := range seq {
			runs := byLen[km.Heap] - boolInt(km.Heap == n) + boolInt(km.Heap == a) + boolInt(km.Heap == b)
			w += runs * placementCount(s.layout, km)
		}
		return w, nil
	}
}

// newValueReplies returns the counter of replyCounter that counts by nim-values, in normal
// play: the position is lost, so its nim-sum is 0, and after the move it is
// x = G(n) ⊕ G(a) ⊕ G(b); a reply on a run of m wins exactly when it leaves that run the
// value G(m) ⊕ x. The table moves of each run length are sorted by the value they leave once
// (a histogram, from the digits, O(m·digits) for a run of m; O(1) for Nim), so a count costs
// O(distinct lengths). It returns nil when the values are too many for a histogram.
func newValueReplies(ctx context.Context, v *ruleView, sorted []int, byLen map[int]int) (func(n, a, b int) (int, error), error) {
	longest := sorted[len(sorted)-1]
	var g []int // G(0..longest); Nim's G(n) = n is not listed
	most := longest
	if !v.nim {
		var err error
		if g, err = v.rules.Values(ctx, longest+1); err != nil {
			return nil, err
		}
		most = slices.Max(g)
	}
	size := 1 // a power of two above every value, so above every nim-sum of two
	for size <= most {
		size *= 2
	}
	if !v.nim && size*(longest+1) > maxValueTable {
		return nil, nil
	}
	value := func(n int) int {
		if v.nim {
			return n
		}
		return g[n]
	}
	lengths := make([]int, 0, len(byLen)) // the distinct lengths, ascending
	for i, n := range sorted {
		if i == 0 || n != sorted[i-1] {
			lengths = append(lengths, n)
		}
	}
	hist := map[int][]int{}
	moves := func(m, t int) int { // the table moves on a run of m that leave it the value t
		if m == 0 || t >= size {
			return 0
		}
		if v.nim { // take k < m leaves m-k; take m leaves 0
			switch {
			case t == 0:
				return 1
			case t < m:
				return 1 + boolInt(v.layout == Rows)
			}
			return 0
		}
		h, ok := hist[m]
		if !ok {
			h = make([]int, size)
			for k := 1; k <= v.maxTake(m); k++ {
				f, _ := v.flags(k)
				if f&1 != 0 && m == k {
					h[0]++
				}
				if f&2 != 0 && m > k {
					h[g[m-k]] += 1 + boolInt(v.layout == Rows)
				}
				if f&4 != 0 && v.layout == Rows {
					for a := 1; a < m-k; a++ {
						h[g[a]^g[m-k-a]]++
					}
				}
			}
			hist[m] = h
		}
		return h[t]
	}
	return func(n, a, b int) (int, error) {
		x := value(n) ^ value(a) ^ value(b)
		w := 0
		for _, m := range lengths {
			runs := byLen[m] - boolInt(m == n) + boolInt(m == a) + boolInt(m == b)
			w += runs * moves(m, value(m)^x)
		}
		for _, m := range []int{a, b} { // runs of a length s has not: one each
			if _, ok := byLen[m]; !ok {
				w += moves(m, value(m)^x)
			}
		}
		return w, nil
	}, nil
}

// replaced appends to buf the heaps sorted (ascending) with one heap of n replaced by the
// heaps a and b that are not empty, in ascending order.
func replaced(buf, sorted []int, n, a, b int) []int {
	a, b = min(a, b), max(a, b)
	skipped := false
	for _, h := range sorted {
		if !skipped && h == n {
			skipped = true
			continue
		}
		if a > 0 && a <= h {
			buf, a = append(buf, a), 0
		}
		if a <= 0 && b > 0 && b <= h {
			buf, b = append(buf, b), 0
		}
		buf = append(buf, h)
	}
	for _, x := range []int{a, b} {
		if x > 0 {
			buf = append(buf, x)
		}
	}
	return buf
}
