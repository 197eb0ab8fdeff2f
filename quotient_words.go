package kayles

// This file implements the words of a guessed presentation of a misère quotient: the finite
// monoid of the words, their misère outcomes computed by play, and its syntactic quotient,
// the candidate that quotient_grow.go verifies.

// A wordSpace is the finite commutative monoid W of the exponent vectors over generator heaps,
// the exponent e of generator k counted in the cycle of lens[k] values: e >= lens[k] stands
// for e - pers[k] (g^lens = g^(lens-pers)). A vector is stored as one mixed-radix index.
type wordSpace struct {
	gens   []int // the generator heaps, ascending
	lens   []int // i+p of each generator
	pers   []int // p of each generator
	stride []int
	size   int
	gen    []int      // gen[l]: the index of heap l among gens, or -1
	word   [][][2]int // word[l]: the (generator, exponent) pairs of the word of heap l
	tokens []int      // tokens[l]: the tokens of the positions of word[l]
}

// maxWords bounds the size of a wordSpace.
const maxWords = 1 << 22

// newWordSpace returns the space of the generators gens with cycles lens, pers and the words
// of the other live heaps (words[l], exponents over gens) for heaps 0..h, and false when it
// would have more than maxWords elements.
func newWordSpace(gens, lens, pers []int, words map[int][]int, h int) (*wordSpace, bool) {
	ws := &wordSpace{gens: gens, lens: lens, pers: pers, stride: make([]int, len(gens)), size: 1}
	for k := range gens {
		ws.stride[k] = ws.size
		if ws.size > maxWords/lens[k] {
			return nil, false
		}
		ws.size *= lens[k]
	}
	ws.gen = make([]int, h+1)
	ws.word = make([][][2]int, h+1)
	ws.tokens = make([]int, h+1)
	for l := range ws.gen {
		ws.gen[l] = -1
	}
	for k, g := range gens {
		ws.gen[g] = k
		ws.word[g] = [][2]int{{k, 1}}
		ws.tokens[g] = g
	}
	for l, w := range words {
		if ws.gen[l] >= 0 {
			continue
		}
		for k, e := range w {
			if e > 0 {
				ws.word[l] = append(ws.word[l], [2]int{k, e})
				ws.tokens[l] += e * gens[k]
			}
		}
	}
	return ws, true
}

// digit returns the exponent of generator k in u.
func (ws *wordSpace) digit(u, k int) int {
	return int(uint32(u) / uint32(ws.stride[k]) % uint32(ws.lens[k]))
}

// add returns u times generator k to the power e.
func (ws *wordSpace) add(u, k, e int) int {
	d := ws.digit(u, k)
	nd := d + e
	if l := ws.lens[k]; nd >= l {
		i := l - ws.pers[k]
		nd = i + (nd-i)%ws.pers[k]
	}
	return u + (nd-d)*ws.stride[k]
}

// addHeap returns u times the word of heap l.
func (ws *wordSpace) addHeap(u, l int) int {
	for _, ke := range ws.word[l] {
		u = ws.add(u, ke[0], ke[1])
	}
	return u
}

// mul returns the product of u and v.
func (ws *wordSpace) mul(u, v int) int {
	for k := range ws.gens {
		if e := ws.digit(v, k); e > 0 {
			u = ws.add(u, k, e)
		}
	}
	return u
}

// A wordGame computes the misère outcomes of the words of a wordSpace by play: a word is
// played as the position of its generator heaps, and the heaps a move leaves are folded into
// the word (a generator, or a heap whose word has no more tokens than it) or kept as heaps
// of their own, so that every move makes the position smaller and the play ends. The
// outcomes are those of the game exactly when the guessed presentation holds.
type wordGame struct {
	ws    *wordSpace
	moves [][][]int // moves[l]: the heaps left by each move of heap l
	memo  []int8    // by word, then by word with the probe heap: 0 unknown, 1 N, 2 P
	probe int       // a heap kept apart from the word, not folded: 0 for none
	b     *budget
}

// newWordGame returns the game of ws for the rules of pl on heaps up to h.
func newWordGame(ws *wordSpace, pl *plan, h int, b *budget) *wordGame {
	g := &wordGame{ws: ws, moves: make([][][]int, h+1), memo: make([]int8, 2*ws.size), b: b}
	for l := 1; l <= h; l++ {
		pl.options(l, l, func(_ int, left []int) bool {
			var live []int
			for _, x := range left {
				if !pl.dead(x) {
					live = append(live, x)
				}
			}
			g.moves[l] = append(g.moves[l], live)
			return true
		})
	}
	return g
}

// isP reports whether the position of word u, the heaps extra and (when probe) one heap of
// g.probe is a misère P-position; false as its second result when the budget stopped it.
func (g *wordGame) isP(u int, extra []int, probe bool) (bool, bool) {
	ws := g.ws
	var buf [8]int
	keep := buf[:0]
	for _, l := range extra {
		switch {
		case len(g.moves[l]) == 0:
		case ws.tokens[l] <= l:
			u = ws.addHeap(u, l)
		default:
			keep = append(keep, l)
		}
	}
	key := u
	for _, l := range keep {
		key = ws.addHeap(key, l)
	}
	if probe {
		key += ws.size
	}
	if v := g.memo[key]; v != 0 {
		return v == 2, true
	}
	if !g.b.enter() {
		return false, false
	}
	defer g.b.leave()
	moved := false
	var next [12]int
	for k, gh := range ws.gens {
		if ws.digit(u, k) == 0 {
			continue
		}
		for _, left := range g.moves[gh] {
			moved = true
			n := append(append(next[:0], keep...), left...)
			if p, ok := g.child(u-ws.stride[k], n, probe); !ok || p {
				return g.store(key, false, ok)
			}
		}
	}
	for i, l := range keep {
		if i > 0 && keep[i-1] == l {
			continue
		}
		for _, left := range g.moves[l] {
			moved = true
			n := append(append(append(next[:0], keep[:i]...), keep[i+1:]...), left...)
			if p, ok := g.child(u, n, probe); !ok || p {
				return g.store(key, false, ok)
			}
		}
	}
	if probe {
		for _, left := range g.moves[g.probe] {
			moved = true
			n := append(append(next[:0], keep...), left...)
			if p, ok := g.child(u, n, false); !ok || p {
				return g.store(key, false, ok)
			}
		}
	}
	return g.store(key, moved, true)
}

// child is isP of an option, with one step spent.
func (g *wordGame) child(u int, extra []int, probe bool) (bool, bool) {
	if !g.b.spend(1) {
		return false, false
	}
	return g.isP(u, extra, probe)
}

// store records the outcome of key unless the budget stopped its search, and returns it.
func (g *wordGame) store(key int, p, ok bool) (bool, bool) {
	if !ok {
		return false, false
	}
	if p {
		g.memo[key] = 2
	} else {
		g.memo[key] = 1
	}
	return p, true
}

// outcomes fills the memo of every word; false when the budget stopped it.
func (g *wordGame) outcomes() bool {
	for u := range g.ws.size {
		if _, ok := g.isP(u, nil, false); !ok {
			return false
		}
	}
	return true
}

// probeFails reports whether heap l, kept apart, tells a word of reps from the word of l:
// whether o(l + z) differs from o(word(l)·z) for some z in reps. It leaves o(l + z) in the
// memo for matchProbe.
func (g *wordGame) probeFails(l int, reps []int) (bool, bool) {
	clear(g.memo[g.ws.size:])
	g.probe = l
	defer func() { g.probe = 0 }()
	fails := false
	for _, z := range reps {
		p, ok := g.isP(z, nil, true)
		if !ok {
			return false, false
		}
		if p != (g.memo[g.ws.addHeap(z, l)] == 2) {
			fails = true
		}
	}
	return fails, true
}

// matchProbe returns the word of an element x of cand, the word of x in reps, that behaves
// as the probe heap does on reps after probeFails: o(probe + z) = o(x·z) for every z in reps
// (reps[c] of class c); false if there is none.
func (g *wordGame) matchProbe(cand *monoid, reps []int) ([]int, bool) {
	ws := g.ws
	for x := range cand.n {
		match := true
		for c, z := range reps {
			if (g.memo[ws.size+z] == 2) != cand.p[cand.times(int32(x), int32(c))] {
				match = false
				break
			}
		}
		if match {
			w := make([]int, len(ws.gens))
			for k := range w {
				w[k] = ws.digit(reps[x], k)
			}
			return w, true
		}
	}
	return nil, false
}

// leastReps returns for each class of cls a word of the fewest tokens in it.
func (ws *wordSpace) leastReps(n int, cls []int32) []int {
	reps := make([]int, n)
	best := make([]int, n)
	for c := range best {
		best[c] = -1
	}
	for u := range ws.size {
		t := 0
		for k, gh := range ws.gens {
			t += ws.digit(u, k) * gh
		}
		if c := cls[u]; best[c] < 0 || t < best[c] {
			best[c], reps[c] = t, u
		}
	}
	return reps
}

// syntactic returns the syntactic quotient of the outcomes of g: the coarsest partition of
// the words that separates P from N and is kept by multiplying by each generator, as a monoid
// with the class of every word.
func (g *wordGame) syntactic() (*monoid, []int32, bool) {
	ws := g.ws
	cls := make([]int32, ws.size)
	for u := range cls {
		if g.memo[u] == 2 {
			cls[u] = 1
		}
	}
	seen := [2]bool{}
	for _, c := range cls {
		seen[c] = true
	}
	count := 0
	for _, b := range seen {
		if b {
			count++
		}
	}
	for {
		before := count
		for k := range ws.gens {
			// The new class of u is that of the pair (class of u, class of u times
			// generator k), numbered densely.
			if !g.b.spend(2 * int64(ws.size)) {
				return nil, nil, false
			}
			next := make([]int32, ws.size)
			n := 0
			if count <= 2048 {
				ids := make([]int32, count*count)
				for u := range ws.size {
					key := int(cls[u])*count + int(cls[ws.add(u, k, 1)])
					if ids[key] == 0 {
						n++
						ids[key] = int32(n)
					}
					next[u] = ids[key] - 1
				}
			} else {
				ids := make(map[uint64]int32, count)
				for u := range ws.size {
					key := uint64(cls[u])<<32 | uint64(cls[ws.add(u, k, 1)])
					id, ok := ids[key]
					if !ok {
						id = int32(len(ids))
						ids[key] = id
					}
					next[u] = id
				}
				n = len(ids)
			}
			cls, count = next, n
		}
		if count == before {
			break
		}
	}
	// Renumber so that the empty word's class is 0.
	renum := make([]int32, count)
	for i := range renum {
		renum[i] = -1
	}
	rep := make([]int, 0, count)
	for u := range ws.size {
		if renum[cls[u]] < 0 {
			renum[cls[u]] = int32(len(rep))
			rep = append(rep, u)
		}
	}
	for u := range cls {
		cls[u] = renum[cls[u]]
	}
	if count > MaxQuotientOrder {
		return nil, nil, true
	}
	m := &monoid{n: count, mul: make([]int32, count*count), p: make([]bool, count)}
	for a, u := range rep {
		m.p[a] = g.memo[u] == 2
		for c := a; c < count; c++ {
			z := cls[ws.mul(u, rep[c])]
			m.mul[a*count+c], m.mul[c*count+a] = z, z
		}
	}
	return m, cls, true
}
