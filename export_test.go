package kayles

// This file exports internals to the tests of package kayles_test.

// CanonKey returns the canonical key of g, which must have at most 64 vertices.
func CanonKey(g *Graph) string {
	var adj [64]uint64
	for v := range g.NumVertices() {
		for w := range g.Neighbors(v) {
			adj[v] |= 1 << w
		}
	}
	var c canonizer
	return c.key(&adj, fullSet(g.NumVertices()))
}
