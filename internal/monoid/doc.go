// Package monoid holds the algebra of finite commutative monoids that the misère quotients of
// the kayles package need, apart from any game: normal-form words over generators, a
// presentation by relations and a subset of them that still presents the monoid, the
// isomorphism test of two monoids with a P-portion (bipartite monoids, Plambeck & Siegel 2008),
// the reduction of such a monoid by the coarsest congruence that keeps its P-portion, and the
// recognition of misère Nim's quotients T_r.
//
// # Words
//
// A word over generators g_0, ..., g_{k-1} is its vector of exponents, []int of length k. A
// monoid is given by its multiplication table, elements numbered 0 to n-1 with 0 the
// identity, and its generators as elements. [Text] writes a word as MisereSolver does
// ("1", "a", "ab^2"); [NormalWords] finds MisereSolver's normal form of every element.
//
// # Work and cancellation
//
// [Minimize] bounds its own work ([MinimizeWork] rewritings); [Reduce], [Tame] and the word
// functions cost polynomials in the order, given in their docs. [Isomorphic] counts its work
// through a spend function that the caller supplies, which watches the caller's limits and
// context; the search stops at the first spend that returns false.
//
// The functions keep no state between calls and change none of their arguments, so they are
// safe for concurrent use.
package monoid
