package monoid

import (
	"slices"
	"strconv"
)

// This file implements the reduction of a monoid with a P-portion to the submonoid that
// generators reach, modulo the coarsest congruence that keeps the P-portion.

// Generated returns the elements that gens generate, 0 first: the closure under the last
// generator, then under the one before it too, and so on, each element in the order of its
// first product. It costs O(N × len(gens)).
func Generated(m *Monoid, gens []int32) []int32 {
	seen := make([]bool, m.N)
	seen[0] = true
	list := []int32{0}
	for j := len(gens) - 1; j >= 0; j-- {
		for k := 0; k < len(list); k++ {
			if y := m.times(list[k], gens[j]); !seen[y] {
				seen[y] = true
				list = append(list, y)
			}
		}
	}
	return list
}

// times is Times on int32 elements.
func (m *Monoid) times(x, y int32) int32 { return m.Mul[int(x)*m.N+int(y)] }

// Reduce returns the reduction of m to the elements that gens generate ([Generated]): two
// elements are merged when every product with an element treats them alike (the coarsest
// partition that separates P from the rest and is kept by multiplying by each generator).
// cls maps the elements of m to those of the result, numbered in the order of Generated with
// the identity's class 0; elements not generated map to 0. It costs O(N × len(gens)) for each
// round of refinement, and at most N rounds.
func Reduce(m *Monoid, gens []int32) (r *Monoid, cls []int32) {
	elems := Generated(m, gens)
	cls = make([]int32, m.N)
	for _, x := range elems {
		if m.P[x] {
			cls[x] = 1
		}
	}
	count := 0
	for {
		ids := map[string]int32{}
		next := make([]int32, m.N)
		sig := make([]byte, 0, 4*(len(gens)+1))
		for _, x := range elems {
			sig = sig[:0]
			sig = strconv.AppendInt(sig, int64(cls[x]), 36)
			for _, g := range gens {
				sig = append(sig, ',')
				sig = strconv.AppendInt(sig, int64(cls[m.times(x, g)]), 36)
			}
			id, ok := ids[string(sig)]
			if !ok {
				id = int32(len(ids))
				ids[string(sig)] = id
			}
			next[x] = id
		}
		cls = next
		if len(ids) == count {
			break
		}
		count = len(ids)
	}
	// Renumber so that the identity's class is 0, then in order of first appearance.
	renum := map[int32]int32{cls[0]: 0}
	for _, x := range elems {
		if _, ok := renum[cls[x]]; !ok {
			renum[cls[x]] = int32(len(renum))
		}
	}
	rep := make([]int32, len(renum))
	out := make([]int32, m.N)
	for _, x := range slices.Backward(elems) {
		out[x] = renum[cls[x]]
		rep[out[x]] = x
	}
	r = &Monoid{N: len(renum), Mul: make([]int32, len(renum)*len(renum)), P: make([]bool, len(renum))}
	for a, x := range rep {
		r.P[a] = m.P[x]
		for c, y := range rep {
			r.Mul[a*r.N+c] = out[m.times(x, y)]
		}
	}
	return r, out
}

// LeastWords returns, for each element of m that the generators gens reach, a word of the
// least weight over them, generator k weighing weights[k] (Dijkstra's search); nil for the
// others. It costs O(N² + N × len(gens)).
func LeastWords(m *Monoid, weights []int, gens []int32) [][]int {
	const inf = int(^uint(0) >> 1)
	dist := make([]int, m.N)
	for x := range dist {
		dist[x] = inf
	}
	words := make([][]int, m.N)
	done := make([]bool, m.N)
	dist[0], words[0] = 0, make([]int, len(gens))
	for {
		x := -1
		for y := range m.N {
			if !done[y] && dist[y] < inf && (x < 0 || dist[y] < dist[x]) {
				x = y
			}
		}
		if x < 0 {
			return words
		}
		done[x] = true
		for k, c := range gens {
			y := m.times(int32(x), c)
			if d := dist[x] + weights[k]; d < dist[y] {
				dist[y] = d
				words[y] = slices.Clone(words[x])
				words[y][k]++
			}
		}
	}
}

// GradedWords returns the elements that gens generate in the order of their least words in
// the order of [CompareGraded], and those words (nil for the elements not generated). The
// order is kept by multiplication, so the least word of an element extends the least word of
// another by one generator, and a breadth-first walk finds them in O(N × len(gens)) products.
func GradedWords(m *Monoid, gens []int32) (order []int32, words [][]int) {
	words = make([][]int, m.N)
	words[0] = make([]int, len(gens))
	order = []int32{0}
	for layer := []int32{0}; len(layer) > 0; {
		var next []int32
		for _, x := range layer {
			for i, g := range gens {
				y := m.times(x, g)
				w := slices.Clone(words[x])
				w[i]++
				switch {
				case words[y] == nil:
					words[y] = w
					next = append(next, y)
				case slices.Contains(next, y) && CompareGraded(w, words[y]) < 0:
					words[y] = w
				}
			}
		}
		order = append(order, next...)
		layer = next
	}
	slices.SortStableFunc(order, func(a, b int32) int { return CompareGraded(words[a], words[b]) })
	return order, words
}
