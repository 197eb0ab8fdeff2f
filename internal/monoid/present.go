package monoid

import (
	"context"
	"slices"
)

// This file implements the presentation of a monoid as MisereSolver writes it (Plambeck &
// Siegel 2008; Siegel's MisereSolver, in CGSuite's org.cgsuite.core.misere.solver): the
// defining relations of the normal-form words, and a subset of them that still presents it.

// A Relation is a defining relation LHS = RHS of a monoid, as exponent vectors.
type Relation struct{ LHS, RHS []int }

// MinimizeWork bounds the rewritings that [Minimize] tries in all, so that it costs at most
// about 0.2 s on any quotient that the kayles package builds (0.7 s with 2^20 on Dawson's
// Kayles to heap 30, 360 elements and 74 relations, on the project's machine).
const MinimizeWork = 1 << 18

// Relations returns the defining relations of a monoid as MisereSolver finds them, given the
// normal-form word of each element (words, from [NormalWords]), the generators as elements
// and the product mul: each word that is not a normal form but whose divisors all are, equal
// to its normal form, in the order of [CompareNormal]. They are a complete rewriting system:
// a word is brought to its normal form by replacing left sides with right sides. It costs
// O(len(words) × len(gens)²) and returns nil for no words.
func Relations(words [][]int, gens []int, mul func(x, y int) int) []Relation {
	if len(words) == 0 {
		return nil
	}
	normal := map[string]int{}
	for x, w := range words {
		normal[key(w)] = x
	}
	isNormal := func(w []int) bool { _, ok := normal[key(w)]; return ok }
	var rels []Relation
	seen := map[string]bool{}
	for x, w := range words {
		for i, g := range gens {
			u := slices.Clone(w)
			u[i]++
			if k := key(u); isNormal(u) || seen[k] {
				continue
			} else {
				seen[k] = true
			}
			minimal := true
			for j := range u {
				if u[j] > 0 {
					u[j]--
					minimal = minimal && isNormal(u)
					u[j]++
				}
			}
			if minimal {
				rels = append(rels, Relation{LHS: u, RHS: words[mul(x, g)]})
			}
		}
	}
	slices.SortFunc(rels, func(r, s Relation) int { return CompareNormal(r.LHS, s.LHS) })
	return rels
}

// Minimize returns rels without, from the last, each relation that the others imply: a
// relation u = v is implied when a chain of the other relations, applied in either direction
// to words with no exponent above the largest that a relation has, plus one, leads from u to
// v. The searches try at most [MinimizeWork] rewritings in all; a relation whose search is
// cut short is kept, so a kept relation may still follow from the others. It may reuse the
// backing array of rels. It returns ctx's error once ctx is done, checked every
// [minimizeCheck] rewritings.
func Minimize(ctx context.Context, rels []Relation) ([]Relation, error) {
	if len(rels) == 0 {
		return rels, ctx.Err()
	}
	box := make([]int, len(rels[0].LHS))
	for _, r := range rels {
		for k := range box {
			box[k] = max(box[k], r.LHS[k]+1, r.RHS[k]+1)
		}
	}
	work := MinimizeWork
	for i := len(rels) - 1; i >= 0 && work > 0; i-- {
		others := slices.Concat(rels[:i], rels[i+1:])
		ok, err := implied(ctx, rels[i], others, box, &work)
		if err != nil {
			return nil, err
		}
		if ok {
			rels = others
		}
	}
	return rels, nil
}

// minimizeCheck is how many rewritings [Minimize] tries between two looks at its context:
// about a millisecond of work.
const minimizeCheck = 1 << 10

// implied reports whether a chain of the relations others, applied in either direction to
// words within box, leads from r.LHS to r.RHS, trying at most about *work rewritings (it
// subtracts those it tries), or ctx's error once ctx is done.
func implied(ctx context.Context, r Relation, others []Relation, box []int, work *int) (bool, error) {
	target := key(r.RHS)
	seen := map[string]bool{key(r.LHS): true}
	queue := [][]int{r.LHS}
	next := *work // a look at ctx before the first rewriting, then every minimizeCheck
	for len(queue) > 0 && *work > 0 {
		if *work <= next {
			if err := ctx.Err(); err != nil {
				return false, err
			}
			next = *work - minimizeCheck
		}
		x := queue[0]
		queue = queue[1:]
		*work -= 1 + len(others)
		for _, s := range others {
			for _, side := range [2][2][]int{{s.LHS, s.RHS}, {s.RHS, s.LHS}} {
				y, ok := rewrite(x, side[0], side[1], box)
				if !ok {
					continue
				}
				k := key(y)
				if k == target {
					return true, nil
				}
				if !seen[k] {
					seen[k] = true
					queue = append(queue, y)
				}
			}
		}
	}
	return false, nil
}

// rewrite returns x with from replaced by to, and false when from does not divide x or the
// result leaves box.
func rewrite(x, from, to, box []int) ([]int, bool) {
	y := make([]int, len(x))
	for k := range x {
		y[k] = x[k] - from[k] + to[k]
		if x[k] < from[k] || y[k] > box[k] {
			return nil, false
		}
	}
	return y, true
}

// RelationText writes relations as "lhs = rhs" ([Text]); nil for none.
func RelationText(rels []Relation) []string {
	if len(rels) == 0 {
		return nil
	}
	out := make([]string, 0, len(rels))
	for _, r := range rels {
		out = append(out, Text(r.LHS)+" = "+Text(r.RHS))
	}
	return out
}
