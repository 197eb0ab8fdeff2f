package canon

// This file implements Conway's genus of a game from the genera of its options.

// A Genus is Conway's genus g^{γ0γ1γ2...} of an impartial game (On Numbers and Games ch. 12):
// Normal is g, the normal-play nim-value, and Misere holds γk, the misère nim-value of the
// game plus k nim-heaps of size 2, up to where they alternate: γk for k beyond the last one
// repeats the last two in turn. The zero Genus is the genus of no game.
type Genus struct {
	Normal int
	Misere []int
}

// Gamma returns γk for any k >= 0, and -1 for a negative k and for the zero Genus.
func (g Genus) Gamma(k int) int {
	n := len(g.Misere)
	if n == 0 || k < 0 {
		return -1
	}
	if k < n {
		return g.Misere[k]
	}
	return g.Misere[n-2+(k-n)%2]
}

// Tame reports whether the genus is one a tame game has: γ0 is g, or g⊕1 when g <= 1, and
// γk = g⊕2 for odd k and γk = g for even k >= 2.
func (g Genus) Tame() bool {
	if len(g.Misere) == 0 {
		return false
	}
	if g0 := g.Misere[0]; g0 != g.Normal && (g.Normal > 1 || g0 != g.Normal^1) {
		return false
	}
	// Beyond the kept values the sequence alternates, so checking one more pair suffices.
	for k := 1; k <= len(g.Misere)+1; k++ {
		if g.Gamma(k) != g.Normal^(k&1)<<1 {
			return false
		}
	}
	return true
}

// GenusOf returns the genus of a game whose options have the genera opts: g = mex of their
// normal values, γ0 = mex of their γ0 (1 with no option), and, since adding a nim-heap of 1
// changes a misère value v to v⊕1, γk = mex of the options' γk together with γ(k-1) and
// γ(k-1)⊕1 (the moves in one of the k heaps of 2). Its Misere slice is new.
func GenusOf(opts []Genus) Genus {
	// From index d on, every option's values alternate with period 2.
	d := 0
	var seen []bool
	mex := func(vals func(yield func(int))) int {
		clear(seen)
		vals(func(v int) {
			for len(seen) <= v {
				seen = append(seen, false)
			}
			seen[v] = true
		})
		v := 0
		for v < len(seen) && seen[v] {
			v++
		}
		return v
	}
	for _, g := range opts {
		d = max(d, len(g.Misere)-2)
	}
	normal := mex(func(yield func(int)) {
		for _, g := range opts {
			yield(g.Normal)
		}
	})
	gamma := []int{1}
	if len(opts) > 0 {
		gamma[0] = mex(func(yield func(int)) {
			for _, g := range opts {
				yield(g.Gamma(0))
			}
		})
	}
	// γk depends on γ(k-1) and on the options' γk, which have period 2 from d on; so once
	// k-1 >= d and γk = γ(k-2), the sequence has period 2 from k-2 on.
	for k := 1; ; k++ {
		prev := gamma[k-1]
		gamma = append(gamma, mex(func(yield func(int)) {
			yield(prev)
			yield(prev ^ 1)
			for _, g := range opts {
				yield(g.Gamma(k))
			}
		}))
		if k >= 2 && k-1 >= d && gamma[k] == gamma[k-2] {
			break
		}
	}
	for len(gamma) > 2 && gamma[len(gamma)-1] == gamma[len(gamma)-3] {
		gamma = gamma[:len(gamma)-1]
	}
	return Genus{Normal: normal, Misere: gamma}
}
