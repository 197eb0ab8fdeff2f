package kayles

import (
	"errors"
	"iter"
	"slices"
	"strconv"
	"strings"
)

// This file implements simple undirected graphs: construction, well-known families, and the
// graph6 and edge-list text formats.

// MaxVertices is the most vertices a [Graph] may have, whether built by [NewGraph], a
// constructor such as [GridGraph], or parsed by [ParseGraph6] or [ParseGraph]. It bounds the
// memory a parser spends on a short input that declares a huge graph. Exact solving has its
// own, much smaller limit: [MaxComponent] vertices per connected component.
const MaxVertices = 1 << 14

// ErrInvalidGraph reports a graph that cannot be built: a vertex count out of range, an edge
// with an end that is not a vertex, or a loop.
var ErrInvalidGraph = errors.New("invalid graph")

// A GraphError records a failure to build a graph from a vertex count and edges. It wraps
// [ErrInvalidGraph]. The zero GraphError has no message; the package never returns one.
type GraphError struct {
	Vertices int    // the vertex count asked for
	Edge     [2]int // the offending edge, when Msg is about one
	Msg      string // what is wrong
}

func (e *GraphError) Error() string {
	return "kayles: invalid graph on " + strconv.Itoa(e.Vertices) + " vertices: " + e.Msg
}

func (e *GraphError) Unwrap() error { return ErrInvalidGraph }

// A Graph is a simple undirected graph on the vertices 0, 1, ..., n-1: no loops, no multiple
// edges. Graphs are immutable: no method changes one, and a *Graph may be shared freely,
// including between goroutines. The zero Graph, like a nil *Graph, is the graph with no
// vertices.
type Graph struct {
	adj   [][]int // adj[v] lists the neighbours of v in ascending order
	edges int
}

// NewGraph returns the graph on the vertices 0, ..., n-1 with the given edges, each a pair of
// distinct vertices in either order. An edge listed twice, in either direction, counts once.
// It returns a [*GraphError] wrapping [ErrInvalidGraph] when n is negative or above
// [MaxVertices], an end is not a vertex, or an edge joins a vertex to itself. It costs
// O(n + m log m) for m edges.
func NewGraph(n int, edges ...[2]int) (*Graph, error) {
	if n < 0 || n > MaxVertices {
		return nil, &GraphError{Vertices: n, Msg: "the vertex count must lie between 0 and " + strconv.Itoa(MaxVertices)}
	}
	adj := make([][]int, n)
	for _, e := range edges {
		u, v := e[0], e[1]
		if u < 0 || u >= n || v < 0 || v >= n {
			return nil, &GraphError{Vertices: n, Edge: e, Msg: "edge " + edgeString(e) + " has an end that is not a vertex 0.." + strconv.Itoa(n-1)}
		}
		if u == v {
			return nil, &GraphError{Vertices: n, Edge: e, Msg: "edge " + edgeString(e) + " is a loop, which a simple graph cannot have"}
		}
		adj[u] = append(adj[u], v)
		adj[v] = append(adj[v], u)
	}
	return newGraphAdj(adj), nil
}

// MustNewGraph is like [NewGraph] but panics on error. It is meant for package-level variables
// and tests.
func MustNewGraph(n int, edges ...[2]int) *Graph {
	g, err := NewGraph(n, edges...)
	if err != nil {
		panic(err)
	}
	return g
}

// newGraphAdj sorts and deduplicates adjacency lists it owns, which must be symmetric and
// loop-free, and counts the edges.
func newGraphAdj(adj [][]int) *Graph {
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

// checkOrder panics with a message naming fn when n is not a valid vertex count.
func checkOrder(fn string, n int) {
	if n < 0 || n > MaxVertices {
		panic("kayles: " + fn + " with " + strconv.Itoa(n) + " vertices; want 0 to " + strconv.Itoa(MaxVertices))
	}
}

// PathGraph returns the path 0-1-...-(n-1) on n vertices (no edge for n <= 1). Node Kayles
// on it is Dawson's Chess on a heap of n, Arc Kayles Dawson's Kayles on a heap of n.
// PathGraph panics if n is negative or above [MaxVertices].
func PathGraph(n int) *Graph {
	checkOrder("PathGraph", n)
	adj := make([][]int, n)
	for v := 1; v < n; v++ {
		adj[v-1] = append(adj[v-1], v)
		adj[v] = append(adj[v], v-1)
	}
	return newGraphAdj(adj)
}

// CycleGraph returns the cycle 0-1-...-(n-1)-0 on n vertices. A simple graph has no cycle on
// fewer than 3 vertices, so for n < 3 it returns [PathGraph](n). CycleGraph panics if n is
// negative or above [MaxVertices].
func CycleGraph(n int) *Graph {
	checkOrder("CycleGraph", n)
	if n < 3 {
		return PathGraph(n)
	}
	adj := make([][]int, n)
	for v := range n {
		w := (v + 1) % n
		adj[v] = append(adj[v], w)
		adj[w] = append(adj[w], v)
	}
	return newGraphAdj(adj)
}

// CompleteGraph returns K_n, the graph on n vertices with every edge. It panics if n is
// negative or above 4096 (K_4096 already has over eight million edges).
func CompleteGraph(n int) *Graph {
	if n < 0 || n > 4096 {
		panic("kayles: CompleteGraph with " + strconv.Itoa(n) + " vertices; want 0 to 4096")
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
	return newGraphAdj(adj)
}

// StarGraph returns the star K_{1,n}: a centre, vertex 0, joined to n leaves 1, ..., n.
// StarGraph panics if n is negative or n+1 is above [MaxVertices].
func StarGraph(n int) *Graph {
	checkOrder("StarGraph", n)
	return CompleteBipartiteGraph(1, n)
}

// CompleteBipartiteGraph returns K_{a,b}: the vertices 0, ..., a-1 on one side, a, ..., a+b-1
// on the other, and every edge between the sides. It panics if a or b is negative or a+b is
// above [MaxVertices], or if a·b is above 2^23 edges.
func CompleteBipartiteGraph(a, b int) *Graph {
	checkOrder("CompleteBipartiteGraph", a)
	checkOrder("CompleteBipartiteGraph", b)
	checkOrder("CompleteBipartiteGraph", a+b)
	if a*b > 1<<23 {
		panic("kayles: CompleteBipartiteGraph with " + strconv.Itoa(a*b) + " edges; want at most 2^23")
	}
	adj := make([][]int, a+b)
	for u := range a {
		for v := a; v < a+b; v++ {
			adj[u] = append(adj[u], v)
			adj[v] = append(adj[v], u)
		}
	}
	return newGraphAdj(adj)
}

// GridGraph returns the rows×cols grid: vertex r·cols+c stands in row r and column c and is
// joined to the vertices beside it in its row and column. It panics if rows or cols is
// negative or rows·cols is above [MaxVertices].
func GridGraph(rows, cols int) *Graph {
	checkOrder("GridGraph", rows)
	checkOrder("GridGraph", cols)
	if cols > 0 && rows > MaxVertices/cols {
		panic("kayles: GridGraph with more than " + strconv.Itoa(MaxVertices) + " vertices")
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
	return newGraphAdj(adj)
}

// PetersenGraph returns the Petersen graph: the outer cycle 0-1-2-3-4, the inner pentagram
// 5-7-9-6-8, and the spokes v-(v+5). It is 3-regular on 10 vertices and 15 edges.
func PetersenGraph() *Graph {
	var edges [][2]int
	for v := range 5 {
		edges = append(edges, [2]int{v, (v + 1) % 5}, [2]int{5 + v, 5 + (v+2)%5}, [2]int{v, v + 5})
	}
	return MustNewGraph(10, edges...)
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

// Degree returns the number of neighbours of v. It panics if v is not a vertex of g.
func (g *Graph) Degree(v int) int {
	return len(g.adj[v])
}

// Neighbors returns an iterator over the neighbours of v in ascending order. It panics if v
// is not a vertex of g.
func (g *Graph) Neighbors(v int) iter.Seq[int] {
	ns := g.adj[v]
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
	n := g.NumVertices()
	if u < 0 || u >= n || v < 0 || v >= n {
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
	return newGraphAdj(adj)
}

// String returns g in the edge-list text that [ParseGraph] reads: the vertex count, a colon,
// and the edges u-v with u < v in the order of [Graph.Edges], separated by spaces, as in
// "4: 0-1 1-2 2-3" or "3:" for three vertices and no edge.
func (g *Graph) String() string {
	b := strconv.AppendInt(nil, int64(g.NumVertices()), 10)
	b = append(b, ':')
	for e := range g.Edges() {
		b = append(b, ' ')
		b = strconv.AppendInt(b, int64(e[0]), 10)
		b = append(b, '-')
		b = strconv.AppendInt(b, int64(e[1]), 10)
	}
	return string(b)
}

// ParseGraph parses the edge-list text of [Graph.String]: a vertex count, a colon, then edges
// written u-v with vertices numbered from 0, separated by spaces, tabs, newlines or commas.
// A '#' starts a comment that runs to the end of its line, so a file may read
//
//	# the path on 4 vertices
//	4:
//	0-1, 1-2
//	2-3
//
// An edge listed twice counts once. An error is a [*ParseError] that wraps [ErrSyntax], or
// [ErrRange] for a vertex count above [MaxVertices] or an end that is not a vertex; it gives
// the byte offset of the problem.
func ParseGraph(s string) (*Graph, error) {
	i := 0
	fail := func(offset int, msg string, err error) (*Graph, error) {
		return nil, newParseError("graph", s, offset, msg, err)
	}
	skip := func() {
		for i < len(s) {
			switch c := s[i]; {
			case c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == ',':
				i++
			case c == '#':
				for i < len(s) && s[i] != '\n' {
					i++
				}
			default:
				return
			}
		}
	}
	// number reads a decimal number at i, or returns -1 and an error for none.
	number := func(what string) (int, *ParseError) {
		start := i
		for i < len(s) && '0' <= s[i] && s[i] <= '9' {
			i++
		}
		if start == i {
			got := "end of text"
			if i < len(s) {
				got = quoteByte(s[i])
			}
			return -1, newParseError("graph", s, i, "want "+what+", got "+got, ErrSyntax)
		}
		if i-start > 9 {
			return -1, newParseError("graph", s, start, what+" too large", ErrRange)
		}
		x, _ := strconv.Atoi(s[start:i])
		return x, nil
	}
	skip()
	n, perr := number("the vertex count")
	if perr != nil {
		return nil, perr
	}
	if n > MaxVertices {
		return fail(i-1, "more than "+strconv.Itoa(MaxVertices)+" vertices", ErrRange)
	}
	for i < len(s) && (s[i] == ' ' || s[i] == '\t') {
		i++
	}
	if i == len(s) || s[i] != ':' {
		return fail(i, "want ':' after the vertex count, as in \"4: 0-1 1-2\"", ErrSyntax)
	}
	i++
	adj := make([][]int, n)
	for {
		skip()
		if i == len(s) {
			break
		}
		start := i
		u, perr := number("a vertex")
		if perr != nil {
			return nil, perr
		}
		if i == len(s) || s[i] != '-' {
			return fail(i, "want '-' between the ends of an edge, as in 0-1", ErrSyntax)
		}
		i++
		v, perr := number("a vertex")
		if perr != nil {
			return nil, perr
		}
		if u >= n || v >= n {
			return fail(start, "edge "+s[start:i]+" has an end that is not a vertex 0.."+strconv.Itoa(n-1), ErrRange)
		}
		if u == v {
			return fail(start, "edge "+s[start:i]+" is a loop", ErrSyntax)
		}
		if i < len(s) && !strings.ContainsRune(" \t\r\n,#", rune(s[i])) {
			return fail(i, "unexpected "+quoteByte(s[i])+" after edge "+s[start:i], ErrSyntax)
		}
		adj[u] = append(adj[u], v)
		adj[v] = append(adj[v], u)
	}
	return newGraphAdj(adj), nil
}

// MustParseGraph is like [ParseGraph] but panics on error. It is meant for package-level
// variables and tests.
func MustParseGraph(s string) *Graph {
	g, err := ParseGraph(s)
	if err != nil {
		panic(err)
	}
	return g
}

// graph6Header is the optional header of a graph6 file.
const graph6Header = ">>graph6<<"

// Graph6 returns g in graph6, the format of nauty and networkx: the vertex count n in one
// byte (n+63) for n <= 62, else '~' and three bytes of six bits; then the upper triangle of the
// adjacency matrix column by column, (0,1), (0,2), (1,2), (0,3), ..., six bits a byte, each
// plus 63, the last byte padded with zero bits. It costs O(n²).
func (g *Graph) Graph6() string {
	n := g.NumVertices()
	var b []byte
	if n <= 62 {
		b = append(b, byte(n+63))
	} else {
		b = append(b, '~', byte(n>>12&63+63), byte(n>>6&63+63), byte(n&63+63))
	}
	var cur byte
	k := 0
	for v := 1; v < n; v++ {
		ns := g.adj[v]
		j := 0
		for u := range v {
			for j < len(ns) && ns[j] < u {
				j++
			}
			cur <<= 1
			if j < len(ns) && ns[j] == u {
				cur |= 1
			}
			if k++; k == 6 {
				b = append(b, cur+63)
				cur, k = 0, 0
			}
		}
	}
	if k > 0 {
		b = append(b, cur<<(6-k)+63)
	}
	return string(b)
}

// ParseGraph6 parses a graph in graph6, as [Graph.Graph6] writes it, optionally after the
// header ">>graph6<<". It is strict, so that what it accepts Graph6 writes back byte for byte:
// no surrounding space or newline, the shortest vertex count, the exact length, and zero
// padding bits. Vertex counts above [MaxVertices] are refused before anything is allocated.
// An error is a [*ParseError] that wraps [ErrSyntax], or [ErrRange] for a vertex count above
// the maximum. It costs O(n²).
func ParseGraph6(s string) (*Graph, error) {
	body := strings.TrimPrefix(s, graph6Header)
	off := len(s) - len(body)
	fail := func(offset int, msg string, err error) (*Graph, error) {
		return nil, newParseError("graph6", s, off+offset, msg, err)
	}
	for i := 0; i < len(body); i++ {
		if c := body[i]; c < 63 || c > 126 {
			return fail(i, "byte "+quoteByte(c)+" is not graph6 (want '?' to '~')", ErrSyntax)
		}
	}
	if body == "" {
		return fail(0, "empty graph6", ErrSyntax)
	}
	n, i := int(body[0]-63), 1
	if n == 63 {
		if len(body) < 4 {
			return fail(len(body), "vertex count cut short", ErrSyntax)
		}
		if body[1] == '~' {
			return fail(1, "more than 258047 vertices (and at most "+strconv.Itoa(MaxVertices)+" are allowed)", ErrRange)
		}
		n = int(body[1]-63)<<12 | int(body[2]-63)<<6 | int(body[3]-63)
		i = 4
		if n <= 62 {
			return fail(0, "vertex count "+strconv.Itoa(n)+" written in four bytes; write it in one", ErrSyntax)
		}
		if n > MaxVertices {
			return fail(0, strconv.Itoa(n)+" vertices, more than the "+strconv.Itoa(MaxVertices)+" allowed", ErrRange)
		}
	}
	bitsNeeded := n * (n - 1) / 2
	want := (bitsNeeded + 5) / 6
	if got := len(body) - i; got != want {
		return fail(len(body), strconv.Itoa(n)+" vertices need "+strconv.Itoa(want)+" bytes of edges, not "+strconv.Itoa(got), ErrSyntax)
	}
	if pad := want*6 - bitsNeeded; pad > 0 {
		if last := body[len(body)-1] - 63; last&(1<<pad-1) != 0 {
			return fail(len(body)-1, "padding bits are not zero", ErrSyntax)
		}
	}
	adj := make([][]int, n)
	k := 0
	for v := 1; v < n; v++ {
		for u := range v {
			if (body[i+k/6]-63)>>(5-k%6)&1 != 0 {
				adj[u] = append(adj[u], v)
				adj[v] = append(adj[v], u)
			}
			k++
		}
	}
	return newGraphAdj(adj), nil
}
