package graph

import (
	"strconv"
	"strings"

	"github.com/octalgames/kayles"
)

// This file implements the text forms of graphs: the edge list of [Graph.String] and graph6.

// parseError returns a [*kayles.ParseError] that quotes at most 64 bytes of the input, so
// that a huge input makes a short error, as the root package's parse errors do.
func parseError(what, input string, offset int, reason string, err error) *kayles.ParseError {
	if len(input) > 64 {
		input = input[:64] + "..."
	}
	return &kayles.ParseError{What: what, Input: input, Offset: offset, Reason: reason, Err: err}
}

// quoteByte quotes c for an error message: 'x' when printable, '\xNN' otherwise.
func quoteByte(c byte) string {
	if c >= 0x20 && c < 0x7f && c != '\'' {
		return "'" + string(rune(c)) + "'"
	}
	const hex = "0123456789abcdef"
	return `'\x` + string(hex[c>>4]) + string(hex[c&15]) + "'"
}

// String returns g in the edge-list text that [Parse] reads: the vertex count, a colon, and
// the edges u-v with u < v in the order of [Graph.Edges], separated by spaces, as in
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

// Parse parses the edge-list text of [Graph.String]: a vertex count, a colon, then edges
// written u-v with vertices numbered from 0, separated by spaces, tabs, newlines or commas.
// A '#' starts a comment that runs to the end of its line, so a file may read
//
//	# the path on 4 vertices
//	4:
//	0-1, 1-2
//	2-3
//
// An edge listed twice counts once. An error is a [*kayles.ParseError] (What "graph") that
// wraps [kayles.ErrSyntax], or [kayles.ErrRange] for a vertex count above [MaxVertices] or an
// end that is not a vertex; it gives the byte offset of the problem. It costs O(len(s) + m
// log m) for m edges.
func Parse(s string) (*Graph, error) {
	i := 0
	fail := func(offset int, reason string, err error) (*Graph, error) {
		return nil, parseError("graph", s, offset, reason, err)
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
	number := func(what string) (int, *kayles.ParseError) {
		start := i
		for i < len(s) && '0' <= s[i] && s[i] <= '9' {
			i++
		}
		if start == i {
			got := "end of text"
			if i < len(s) {
				got = quoteByte(s[i])
			}
			return -1, parseError("graph", s, i, "want "+what+", got "+got, kayles.ErrSyntax)
		}
		if i-start > 9 {
			return -1, parseError("graph", s, start, what+" too large", kayles.ErrRange)
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
		return fail(i-1, "more than "+strconv.Itoa(MaxVertices)+" vertices", kayles.ErrRange)
	}
	for i < len(s) && (s[i] == ' ' || s[i] == '\t') {
		i++
	}
	if i == len(s) || s[i] != ':' {
		return fail(i, "want ':' after the vertex count, as in \"4: 0-1 1-2\"", kayles.ErrSyntax)
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
			return fail(i, "want '-' between the ends of an edge, as in 0-1", kayles.ErrSyntax)
		}
		i++
		v, perr := number("a vertex")
		if perr != nil {
			return nil, perr
		}
		if u >= n || v >= n {
			return fail(start, "edge "+s[start:i]+" has an end that is not a vertex 0.."+strconv.Itoa(n-1), kayles.ErrRange)
		}
		if u == v {
			return fail(start, "edge "+s[start:i]+" is a loop", kayles.ErrSyntax)
		}
		if i < len(s) && !strings.ContainsRune(" \t\r\n,#", rune(s[i])) {
			return fail(i, "unexpected "+quoteByte(s[i])+" after edge "+s[start:i], kayles.ErrSyntax)
		}
		adj[u] = append(adj[u], v)
		adj[v] = append(adj[v], u)
	}
	return newAdj(adj), nil
}

// MustParse is like [Parse] but panics on error. It is meant for package-level variables and
// tests.
func MustParse(s string) *Graph {
	return Must(Parse(s))
}

// graph6Header is the optional header of a graph6 file.
const graph6Header = ">>graph6<<"

// Graph6 returns g in graph6, the format of nauty and networkx: the vertex count n in one
// byte (n+63) for n <= 62, else '~' and three bytes of six bits; then the upper triangle of the
// adjacency matrix column by column, (0,1), (0,2), (1,2), (0,3), ..., six bits a byte, each
// plus 63, the last byte padded with zero bits. The text has about n²/12 bytes whatever the
// edges (22 MB for 16384 vertices, 1.4 GB for [MaxVertices]), and costs as much time; the
// edge list of [Graph.String] is far shorter for a large sparse graph.
func (g *Graph) Graph6() string {
	n := g.NumVertices()
	var head []byte
	if n <= 62 {
		head = append(head, byte(n+63))
	} else {
		head = append(head, '~', byte(n>>12&63+63), byte(n>>6&63+63), byte(n&63+63))
	}
	// Bit k of the triangle, for the pair (u, v) with u < v at k = v(v-1)/2 + u, is bit
	// 5 - k%6 of byte k/6.
	triangle := n * (n - 1) / 2
	b := make([]byte, len(head)+(triangle+5)/6)
	copy(b, head)
	body := b[len(head):]
	for v := 1; v < n; v++ {
		base := v * (v - 1) / 2
		for _, u := range g.adj[v] {
			if u >= v {
				break
			}
			k := base + u
			body[k/6] |= 1 << (5 - k%6)
		}
	}
	for i := range body {
		body[i] += 63
	}
	return string(b)
}

// ParseGraph6 parses a graph in graph6, as [Graph.Graph6] writes it, optionally after the
// header ">>graph6<<". It is strict, so that what it accepts Graph6 writes back byte for byte:
// no surrounding space or newline, the shortest vertex count, the exact length, and zero
// padding bits. Vertex counts above [MaxVertices] are refused before anything is allocated.
// An error is a [*kayles.ParseError] (What "graph6") that wraps [kayles.ErrSyntax], or
// [kayles.ErrRange] for a vertex count above the maximum. It costs O(n²).
func ParseGraph6(s string) (*Graph, error) {
	body := strings.TrimPrefix(s, graph6Header)
	off := len(s) - len(body)
	fail := func(offset int, reason string, err error) (*Graph, error) {
		return nil, parseError("graph6", s, off+offset, reason, err)
	}
	for i := 0; i < len(body); i++ {
		if c := body[i]; c < 63 || c > 126 {
			return fail(i, "byte "+quoteByte(c)+" is not graph6 (want '?' to '~')", kayles.ErrSyntax)
		}
	}
	if body == "" {
		return fail(0, "empty graph6", kayles.ErrSyntax)
	}
	n, i := int(body[0]-63), 1
	if n == 63 {
		if len(body) < 4 {
			return fail(len(body), "vertex count cut short", kayles.ErrSyntax)
		}
		if body[1] == '~' {
			return fail(1, "more than 258047 vertices (and at most "+strconv.Itoa(MaxVertices)+" are allowed)", kayles.ErrRange)
		}
		n = int(body[1]-63)<<12 | int(body[2]-63)<<6 | int(body[3]-63)
		i = 4
		if n <= 62 {
			return fail(0, "vertex count "+strconv.Itoa(n)+" written in four bytes; write it in one", kayles.ErrSyntax)
		}
		if n > MaxVertices {
			return fail(0, strconv.Itoa(n)+" vertices, more than the "+strconv.Itoa(MaxVertices)+" allowed", kayles.ErrRange)
		}
	}
	bitsNeeded := n * (n - 1) / 2
	want := (bitsNeeded + 5) / 6
	if got := len(body) - i; got != want {
		return fail(len(body), strconv.Itoa(n)+" vertices need "+strconv.Itoa(want)+" bytes of edges, not "+strconv.Itoa(got), kayles.ErrSyntax)
	}
	if pad := want*6 - bitsNeeded; pad > 0 {
		if last := body[len(body)-1] - 63; last&(1<<pad-1) != 0 {
			return fail(len(body)-1, "padding bits are not zero", kayles.ErrSyntax)
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
	return newAdj(adj), nil
}
