package kayles

import (
	"slices"
	"strconv"

	mono "github.com/octalgames/kayles/internal/monoid"
)

// This file implements the step of [Octal.Quotient] that grows the quotient when a heap is not
// an element of the quotient below it: a presentation is guessed (the generators with the
// cycles of their powers, and a word in them for every other heap), the syntactic quotient of
// its words (quotient_words.go) is verified, and a failed verification tests each guess
// against the others and corrects those that fail.

// A presentation is the guess that words makes of the quotient at heap h: generator heaps,
// ascending, each with the cycle of its powers (g^lens = g^(lens-pers)), and a word over them
// for every other heap.
type presentation struct {
	gens, lens, pers []int
	words            map[int][]int   // words[l]: exponents over gens, perhaps fewer than gens
	tried            map[string]bool // heap:word guesses made
}

// newPresentation returns the first guess at heap h: the generators of the quotient below h
// with their cycles, for every other heap below h the least-token word of its class, and h a
// new generator of cycle g^3 = g.
func (qb *quotientBuilder) newPresentation(h int) *presentation {
	m := qb.m
	pr := &presentation{words: map[int][]int{}, tried: map[string]bool{}}
	var genCls []int32
	gen := make([]bool, m.n)
	gen[0] = true
	list := []int32{0}
	for _, t := range qb.types {
		if gen[t.q] {
			continue
		}
		pr.gens, genCls = append(pr.gens, t.heap), append(genCls, t.q)
		pows := []int32{0}
		for {
			nx := m.times(pows[len(pows)-1], t.q)
			if i := slices.Index(pows, nx); i >= 0 {
				pr.lens, pr.pers = append(pr.lens, len(pows)), append(pr.pers, len(pows)-i)
				break
			}
			pows = append(pows, nx)
		}
		for k := 0; k < len(list); k++ {
			for _, c := range genCls {
				if y := m.times(list[k], c); !gen[y] {
					gen[y] = true
					list = append(list, y)
				}
			}
		}
	}
	elemWord := mono.LeastWords(m.alg(), pr.gens, genCls)
	for _, t := range qb.types {
		pr.words[t.heap] = elemWord[t.q]
	}
	pr.gens, pr.lens, pr.pers = append(pr.gens, h), append(pr.lens, 3), append(pr.pers, 2)
	return pr
}

// space returns the wordSpace of pr for heaps 0..h, and false when it is too large.
func (pr *presentation) space(h int) (*wordSpace, bool) {
	ext := map[int][]int{}
	for l, w := range pr.words {
		ext[l] = append(slices.Clone(w), make([]int, len(pr.gens)-len(w))...)
	}
	return newWordSpace(pr.gens, pr.lens, pr.pers, ext, h)
}

// bump gives generator k a longer cycle g^(i+p) = g^i, which holds whenever a shorter one
// does that it extends: i one more up to 3, then p a multiple in 2, 6, 12, 60, then i one
// more.
func (pr *presentation) bump(k int) {
	i, p := pr.lens[k]-pr.pers[k], pr.pers[k]
	switch {
	case i < 3:
		i++
	case p < 60:
		for _, q := range []int{2, 6, 12, 60} {
			if q > p && q%p == 0 {
				p = q
				break
			}
		}
	default:
		i++
	}
	pr.lens[k], pr.pers[k] = i+p, p
}

// promote makes heap l a generator, of cycle g^3 = g.
func (pr *presentation) promote(l int) {
	k, _ := slices.BinarySearch(pr.gens, l)
	pr.gens = slices.Insert(pr.gens, k, l)
	pr.lens, pr.pers = slices.Insert(pr.lens, k, 3), slices.Insert(pr.pers, k, 2)
	delete(pr.words, l)
	for x, w := range pr.words {
		pr.words[x] = slices.Insert(append(slices.Clone(w), make([]int, len(pr.gens)-1-len(w))...), k, 0)
	}
}

// words grows the quotient to heap h when h is no element of it: it guesses a presentation
// from the quotient below h with h as a new generator, and corrects the guess until the
// verification accepts its syntactic quotient.
func (qb *quotientBuilder) words(h int) error {
	question := func() string { return "the misère quotient of " + qb.pl.code + " at heap " + strconv.Itoa(h) }
	pr := qb.newPresentation(h)
	live := append(slices.Clone(qb.types), heapType{heap: h})
	for range maxRounds {
		ws, ok := pr.space(h)
		if !ok {
			return &LimitError{Question: question(), Limit: maxWords, Unit: "words",
				Advice: "ask for a quotient of fewer heaps"}
		}
		g := newWordGame(ws, qb.pl, h, qb.b)
		if !g.outcomes() {
			return qb.b.err
		}
		cand, cls, ok := g.syntactic()
		if !ok {
			return qb.b.err
		}
		if cand == nil {
			return &LimitError{Question: question(), Limit: MaxQuotientOrder, Unit: "elements",
				Advice: "ask for a quotient of fewer heaps"}
		}
		types := g.heapTypes(live, cls)
		ok, cex, err := verify(cand, types, qb.b)
		if err != nil {
			return err
		}
		if ok {
			qb.adopt(cand, types, h)
			return nil
		}
		more, ok := pr.correct(g, cand, cls, live, cex)
		if !ok {
			return qb.b.err
		}
		if !more {
			break
		}
	}
	return &LimitError{Question: question(), Limit: maxRounds, Unit: "corrections of the presentation",
		Advice: "the heap's class could not be found by this method; ask for a quotient of fewer heaps"}
}

// heapTypes returns the types of the heaps of live in the syntactic quotient of g, whose
// classes are cls.
func (g *wordGame) heapTypes(live []heapType, cls []int32) []heapType {
	ws := g.ws
	types := make([]heapType, len(live))
	for i, t := range live {
		types[i] = heapType{heap: t.heap, q: cls[ws.addHeap(0, t.heap)]}
		for _, left := range g.moves[t.heap] {
			u := 0
			for _, x := range left {
				u = ws.addHeap(u, x)
			}
			if c := cls[u]; !slices.Contains(types[i].opts, c) {
				types[i].opts = append(types[i].opts, c)
			}
		}
		slices.Sort(types[i].opts)
	}
	return types
}

// correct changes pr after the verification of cand, its syntactic quotient with classes cls,
// found the counterexample cex (copies of each heap of live). It tests every guess against the
// others, the generators' cycles first, then the other heaps, those of the counterexample
// first, and corrects the first that fails. It returns false when there is nothing to
// correct, and false as its second result when the budget stopped it.
func (pr *presentation) correct(g *wordGame, cand *monoid, cls []int32, live []heapType, cex []int) (more, ok bool) {
	ws := g.ws
	reps := ws.leastReps(cand.n, cls)
	order := slices.Clone(pr.gens)
	for pass := range 2 {
		for i, t := range live {
			if (pass == 1 || cex[i] > 0) && !slices.Contains(order, t.heap) {
				order = append(order, t.heap)
			}
		}
	}
	for _, l := range order {
		fails, ok := g.probeFails(l, reps)
		if !ok {
			return false, false
		}
		if !fails {
			continue
		}
		if k := ws.gen[l]; k >= 0 {
			pr.bump(k)
			return true, true
		}
		// The class of another word, when one behaves as heap l does; else a new generator.
		if w, ok := g.matchProbe(cand, reps); ok && !pr.tried[guessKey(l, w)] {
			pr.tried[guessKey(l, w)] = true
			pr.words[l] = w
			return true, true
		}
		pr.promote(l)
		return true, true
	}
	// Every guess agrees with the others, yet the counterexample stands: the heap of it with
	// the most copies becomes a generator, or gets a longer cycle.
	best := -1
	for i, c := range cex {
		if c > 0 && (best < 0 || c > cex[best] || (c == cex[best] && ws.gen[live[i].heap] < 0)) {
			best = i
		}
	}
	if best < 0 {
		return false, true
	}
	l := live[best].heap
	if k := ws.gen[l]; k >= 0 {
		pr.bump(k)
	} else {
		pr.promote(l)
	}
	return true, true
}

// guessKey names the guess that heap l has word w.
func guessKey(l int, w []int) string {
	b := strconv.AppendInt(nil, int64(l), 10)
	for _, e := range w {
		b = append(b, ' ')
		b = strconv.AppendInt(b, int64(e), 10)
	}
	return string(b)
}
