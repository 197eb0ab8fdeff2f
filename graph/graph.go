package graph

import (
	"iter"
	"slices"
	"strconv"

	"github.com/octalgames/kayles"
)

// This file implements simple undirected graphs: construction and the well-known families.

// MaxVertices is the most vertices a [Graph] may have, whether built by [New], a family such
// as [Grid], or parsed by [Parse] or [ParseGraph6]. It bounds the memory spent on a short
// input that declares a huge graph: 24 bytes a vertex, 3 MB in all, beside 16 bytes an edge.
// Exact solving has its own, much smaller limit: [MaxComponent] vertices per connected
// component, so that a larger graph is solved only when its components are small.
const MaxVertices = 1 << 17

// maxEdges bounds the edges a family may have (K_4096 has about 2^23), so that a family
// asked for by a user cannot take gigabytes.
const maxEdges = 1 << 23

// A GraphError records a failure to build a graph from a vertex count and edges: a count
// outside 0 to [MaxVertices], an edge with an end that is not a vertex, or a loop (an edge
// whose second end is its first). Every one is a number out of range, so it wraps
// [kayles.ErrRange]. The zero GraphError names no graph and no reason; the package never
// returns one.
type GraphError struct {
	Vertices int    // the vertex count asked for
	Edge     [2]int // the offending edge, when Reason is about one
	Reason   string // what is wrong, fit to show a user
}

func (e *GraphError) Error() string {
	return "kayles: invalid graph on " + strconv.Itoa(e.Vertices) + " vertices: " + e.Reason
}

func (e *GraphError) Unwrap() error { return kayles.ErrRange }

// A Graph is a simple undirected graph on the vertices 0, 1, ..., n-1: no loops, no multiple
// edges. Graphs are immutable: no method changes one, and a *Graph may be shared freely,
// including between goroutines. The zero Graph, like a nil *Graph, is the graph with no
// vertices.
type Graph struct {
	adj   [][]int // adj[v] lists the neighbours of v in ascending order
	edges int
}

// New returns the graph on the vertices 0, ..., n-1 with the given edges, each a pair of
// distinct vertices in either order. An edge listed twice, in either direction, counts once.
// It returns a [*GraphError] wrapping [kayles.ErrRange] when n is negative or above
// [MaxVertices], an end is not a vertex, or an edge joins a vertex to itself. It costs
// O(n + m log m) for m edges.
func New(n int, edges ...[2]int) (*Graph, error) {
	if n < 0 || n > MaxVertices {
		return nil, &GraphError{Vertices: n, Reason: "the vertex count must lie between 0 and " + strconv.Itoa(MaxVertices)}
	}
	adj := make([][]int, n)
	for _, e := range edges {
		u, v := e[0], e[1]
		if u < 0 || u >= n || v < 0 || v >= n {
			return nil, &GraphError{Vertices: n, Edge: e, Reason: "edge " + edgeString(e) + " has an end that is not a vertex 0.." + strconv.Itoa(n-1)}
		}
		if u == v {
			return nil, &GraphError{Vertices: n, Edge: e, Reason: "edge " + edgeString(e) + " is a loop, which a simple graph cannot have"}
		}
		adj[u] = append(adj[u], v)
		adj[v] = append(adj[v], u)
	}
	return newAdj(adj), nil
}

// Must returns g, or panics with err when it is not nil, as in
//
//	var grid = graph.Must(graph.Grid(3, 3))
//
// It is meant for package-level variables and tests, where the arguments are constants
// (model: text/template.Must).
func Must(g *Graph, err error) *Graph {
	if err != nil {
		panic(err)
	}
	return g
}

// newAdj sorts and deduplicates adjacency lists it owns, which must be symmetric and
// loop-free, and counts the edges.
func newAdj(adj [][]int) *Graph {
	g := &Graph{adj: adj}
	for v, ns := range adj {
		slices.Sort(ns)
		ns = slices.Compact(ns)
		adj[v] = slices.Clip(ns)
		g.edges += len(ns)
	}
	g.edges /= 2
	return g
}

func edgeString(e [2]int) string {
	return strconv.Itoa(e[0]) + "-" + strconv.Itoa(e[1])
}

// checkSize returns a [*kayles.RangeError] when x, a size given to family fn, lies outside
// 0 to most.
func checkSize(fn string, x, most int) error {
	if x < 0 || x > most {
		return &kayles.RangeError{What: "graph." + fn + " size", Value: x, Min: 0, Max: most}
	}
	return nil
}

// Path returns the path 0-1-...-(n-1) on n vertices (no edge for n <= 1). Node Kayles on it is
// Dawson's Chess ([kayles.DawsonsChess]) on a heap of n, Arc Kayles Dawson's Kayles
// ([kayles.DawsonsKayles]) on a heap of n. It returns a [*kayles.RangeError] wrapping
// [kayles.ErrRange] when n is negative or above [MaxVertices].
func Path(n int) (*Graph, error) {
	if err := checkSize("Path", n, MaxVertices); err != nil {
		return nil, err
	}
	return path(n), nil
}

func path(n int) *Graph {
	adj := make([][]int, n)
	for v := 1; v < n; v++ {
		adj[v-1] = append(adj[v-1], v)
		adj[v] = append(adj[v], v-1)
	}
	return newAdj(adj)
}

// Cycle returns the cycle 0-1-...-(n-1)-0 on n vertices. A simple graph has no cycle on
// fewer than 3 vertices, so for n < 3 it returns the path on n vertices. It returns a
// [*kayles.RangeError] wrapping [kayles.ErrRange] when n is negative or above [MaxVertices].
func Cycle(n int) (*Graph, error) {
	if err := checkSize("Cycle", n, MaxVertices); err != nil {
		return nil, err
	}
	if n < 3 {
		return path(n), nil
	}
	adj := make([][]int, n)
	for v := range n {
		w := (v + 1) % n
		adj[v] = append(adj[v], w)
		adj[w] = append(adj[w], v)
	}
	return newAdj(adj), nil
}

// Complete returns K_n, the graph on n vertices with every edge. It returns a
// [*kayles.RangeError] wrapping [kayles.ErrRange] when n is negative or above 4096 (K_4096
// already has over eight million edges).
func Complete(n int) (*Graph, error) {
	if err := checkSize("Complete", n, 4096); err != nil {
		return nil, err
	}
	adj := make([][]int, n)
	for v := range n {
		adj[v] = make([]int, 0, n-1)
		for w := range n {
			if w != v {
				adj[v] = append(adj[v], w)
			}
		}
	}
	return newAdj(adj), nil
}

// Star returns the star K_{1,n}: a centre, vertex 0, joined to n leaves 1, ..., n. It returns
// a [*kayles.RangeError] wrapping [kayles.ErrRange] when n is negative or n+1 is above
// [MaxVertices].
func Star(n int) (*Graph, error) {
	if err := checkSize("Star", n, MaxVertices-1); err != nil {
		return nil, err
	}
	return CompleteBipartite(1, n)
}

// CompleteBipartite returns K_{a,b}: the vertices 0, ..., a-1 on one side, a, ..., a+b-1 on
// the other, and every edge between the sides. It returns a [*kayles.RangeError] wrapping
// [kayles.ErrRange] when a or b is negative, a+b is above [MaxVertices], or a·b is above 2^23
// edges.
func CompleteBipartite(a, b int) (*Graph, error) {
	if err := checkSize("CompleteBipartite", a, MaxVertices); err != nil {
		return nil, err
	}
	most := MaxVertices - a
	if a > 0 {
		most = min(most, maxEdges/a)
	}
	if err := checkSize("CompleteBipartite", b, most); err != nil {
		return nil, err
	}
	adj := make([][]int, a+b)
	for u := range a {
		for v := a; v < a+b; v++ {
			adj[u] = append(adj[u], v)
			adj[v] = append(adj[v], u)
		}
	}
	return newAdj(adj), nil
}

// Grid returns the rows×cols grid: vertex r·cols+c stands in row r and column c and is joined
// to the vertices beside it in its row and column. It returns a [*kayles.RangeError] wrapping
// [kayles.ErrRange] when rows or cols is negative or rows·cols is above [MaxVertices].
func Grid(rows, cols int) (*Graph, error) {
	if err := checkSize("Grid", cols, MaxVertices); err != nil {
		return nil, err
	}
	most := MaxVertices
	if cols > 0 {
		most = MaxVertices / cols
	}
	if err := checkSize("Grid", rows, most); err != nil {
		return nil, err
	}
	adj := make([][]int, rows*cols)
	link := func(u, v int) {
		adj[u] = append(adj[u], v)
		adj[v] = append(adj[v], u)
	}
	for r := range rows {
		for c := range cols {
			v := r*cols + c
			if c+1 < cols {
				link(v, v+1)
			}
			if r+1 < rows {
				link(v, v+cols)
			}
		}
	}
	return newAdj(adj), nil
}

// Petersen returns the Petersen graph: the outer cycle 0-1-2-3-4, the inner pentagram
// 5-7-9-6-8, and the spokes v-(v+5). It is 3-regular on 10 vertices and 15 edges.
func Petersen() *Graph {
	var edges [][2]int
	for v := range 5 {
		edges = append(edges, [2]int{v, (v + 1) % 5}, [2]int{5 + v, 5 + (v+2)%5}, [2]int{v, v + 5})
	}
	return Must(New(10, edges...))
}

// NumVertices returns the number of vertices of g.
func (g *Graph) NumVertices() int {
	if g == nil {
		return 0
	}
	return len(g.adj)
}

// NumEdges returns the number of edges of g.
func (g *Graph) NumEdges() int {
	if g == nil {
		return 0
	}
	return g.edges
}

// HasVertex reports whether v is a vertex of g: whether 0 <= v < g.NumVertices().
func (g *Graph) HasVertex(v int) bool {
	return 0 <= v && v < g.NumVertices()
}

// Degree returns the number of neighbours of v, and 0 when v is not a vertex of g.
func (g *Graph) Degree(v int) int {
	if !g.HasVertex(v) {
		return 0
	}
	return len(g.adj[v])
}

// Neighbors returns an iterator over the neighbours of v in ascending order. It yields
// nothing when v is not a vertex of g.
func (g *Graph) Neighbors(v int) iter.Seq[int] {
	var ns []int
	if g.HasVertex(v) {
		ns = g.adj[v]
	}
	return func(yield func(int) bool) {
		for _, w := range ns {
			if !yield(w) {
				return
			}
		}
	}
}

// HasEdge reports whether u and v are joined by an edge. It is false when either is not a
// vertex of g, and costs O(log(degree)).
func (g *Graph) HasEdge(u, v int) bool {
	if !g.HasVertex(u) || !g.HasVertex(v) {
		return false
	}
	_, ok := slices.BinarySearch(g.adj[u], v)
	return ok
}

// Edges returns an iterator over the edges of g, each as {u, v} with u < v, ordered by u and
// then by v.
func (g *Graph) Edges() iter.Seq[[2]int] {
	return func(yield func([2]int) bool) {
		for u := range g.NumVertices() {
			for _, v := range g.adj[u] {
				if v > u && !yield([2]int{u, v}) {
					return
				}
			}
		}
	}
}

// Equal reports whether g and h have the same vertices and the same edges (not merely
// isomorphic ones). A nil graph equals any graph without vertices.
func (g *Graph) Equal(h *Graph) bool {
	n := g.NumVertices()
	if n != h.NumVertices() || g.NumEdges() != h.NumEdges() {
		return false
	}
	for v := range n {
		if !slices.Equal(g.adj[v], h.adj[v]) {
			return false
		}
	}
	return true
}

// without returns the graph left when the vertices with drop[v] set are removed; the others
// keep their order and are numbered 0, 1, ... again.
func (g *Graph) without(drop []bool) *Graph {
	index := make([]int, len(g.adj))
	k := 0
	for v := range g.adj {
		index[v] = k
		if !drop[v] {
			k++
		}
	}
	adj := make([][]int, 0, k)
	for v, ns := range g.adj {
		if drop[v] {
			continue
		}
		var out []int
		for _, w := range ns {
			if !drop[w] {
				out = append(out, index[w])
			}
		}
		adj = append(adj, out)
	}
	return newAdj(adj)
}
