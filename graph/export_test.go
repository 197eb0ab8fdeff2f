package graph

import "math"

// This file exports internals to the tests of package graph_test.

// CanonKey returns the canonical key of g, which must have at most 64 vertices.
func CanonKey(g *Graph) string {
	var adj [64]uint64
	for v := range g.NumVertices() {
		for w := range g.Neighbors(v) {
			adj[v] |= 1 << w
		}
	}
	c := canonizer{budget: math.MaxInt64}
	return c.key(&adj, fullSet(g.NumVertices()))
}

// MemoBytes returns the bytes that the current generations of the memos of n hold, by their
// own estimate, and the entries that both generations of both memos hold.
func MemoBytes(n *NodeGame) (bytes, entries int) {
	s := n.solver()
	return s.normal.Bytes() + s.misere.Bytes(), s.normal.Len() + s.misere.Len()
}
