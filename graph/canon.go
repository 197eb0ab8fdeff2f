package graph

import (
	"bytes"
	"math/bits"
)

// This file implements canonical forms of small graphs: a key that is equal for isomorphic
// graphs, so that the graph solvers value each component only once up to isomorphism.

// canonLeaves bounds the leaves of the search tree of one canonical form. Within the bound the
// key is canonical; beyond it (only graphs with large automorphism groups and poor refinement
// get there) the key is the least one found, which still describes the graph exactly but may
// differ between isomorphic copies: they are then valued more than once, never wrongly.
const canonLeaves = 256

// A canonizer computes keys of induced subgraphs of a graph of at most 64 vertices, given by
// adjacency bit masks. It reuses its buffers between calls and is not safe for concurrent
// use; each search owns one.
type canonizer struct {
	done    <-chan struct{} // when closed, the search stops, and key reports aborted; nil never closes
	budget  int64           // the most work a key may do before it stops and reports aborted
	work    int64           // the work of the last key, in steps (as the search counts them)
	aborted bool            // whether the last key was cut short by done or budget, and is meaningless
	k       int             // vertices of the current subgraph, numbered 0..k-1 locally
	la      [64]uint64      // local adjacency masks
	leaves  int             // leaves visited in the current search
	best    []byte          // the least encoding found
	cur     []byte          // scratch encoding
}

// An ordered partition of the vertices 0..k-1 into cells. A cell is known by its start, the
// number of vertices in the cells before it; mask[start] holds its vertices. Splitting a cell
// keeps its start for the first part, so starts stay valid as the partition is refined.
type partition struct {
	mask  [64]uint64
	cells int
}

// key returns the canonical key of the subgraph of adj induced by the vertices in set: one
// byte for the vertex count, then the upper triangle of the adjacency matrix in canonical
// vertex order, packed eight bits a byte. Equal keys mean isomorphic subgraphs, always.
// It costs O(k²) for a k-vertex subgraph whose colour refinement is discrete, more otherwise:
// up to some milliseconds for 64 vertices; c.work says how much. When c.done is closed
// meanwhile, or the work passes c.budget, it sets c.aborted and returns a meaningless key.
func (c *canonizer) key(adj *[64]uint64, set uint64) string {
	c.aborted = false
	var local [64]int8
	k := 0
	for m := set; m != 0; m &= m - 1 {
		local[bits.TrailingZeros64(m)] = int8(k)
		k++
	}
	c.k = k
	c.work = int64(k)
	i := 0
	var byDegree [65]uint64 // vertices by degree, for the first partition
	for m := set; m != 0; m &= m - 1 {
		var row uint64
		for ns := adj[bits.TrailingZeros64(m)] & set; ns != 0; ns &= ns - 1 {
			row |= 1 << local[bits.TrailingZeros64(ns)]
		}
		c.la[i] = row
		d := bits.OnesCount64(row)
		byDegree[d] |= 1 << i
		c.work += int64(1 + d)
		i++
	}
	var p partition
	var q queue
	start := 0
	for _, cell := range byDegree[:k+1] {
		if cell != 0 {
			p.mask[start] = cell
			p.cells++
			q.push(start)
			start += bits.OnesCount64(cell)
		}
	}
	c.leaves = 0
	c.best = c.best[:0]
	c.search(p, q)
	return string(c.best)
}

// A queue holds the starts of the cells still to split others by, first in first out.
type queue struct {
	ring   [64]uint8
	head   int
	n      int
	queued uint64 // bit f: start f is in the queue
}

func (q *queue) push(f int) {
	if q.queued>>f&1 != 0 {
		return
	}
	q.queued |= 1 << f
	q.ring[(q.head+q.n)%64] = uint8(f)
	q.n++
}

func (q *queue) pop() int {
	f := int(q.ring[q.head])
	q.head = (q.head + 1) % 64
	q.n--
	q.queued &^= 1 << f
	return f
}

// search refines p to an equitable partition; at a discrete partition it encodes the graph
// in that order and keeps the least encoding, otherwise it individualises each vertex of the
// smallest non-singleton cell in turn (the first such cell when several are smallest).
func (c *canonizer) search(p partition, q queue) {
	select {
	case <-c.done:
		c.aborted = true
		return
	default:
	}
	if c.work > c.budget {
		c.aborted = true
		return
	}
	c.refine(&p, &q)
	if p.cells == c.k {
		c.leaves++
		c.work += int64(c.k + c.k*c.k/2)
		c.encode(&p)
		if len(c.best) == 0 || bytes.Compare(c.cur, c.best) < 0 {
			c.best = append(c.best[:0], c.cur...)
		}
		return
	}
	t, size := -1, 65
	for f := 0; f < c.k; {
		n := bits.OnesCount64(p.mask[f])
		if n > 1 && n < size {
			t, size = f, n
		}
		f += n
	}
	var done uint64 // vertices of the cell already individualised
	for m := p.mask[t]; m != 0 && c.leaves < canonLeaves && !c.aborted; m &= m - 1 {
		v := m & -m
		c.work += int64(1 + bits.OnesCount64(done))
		if c.twin(bits.TrailingZeros64(v), done) {
			continue
		}
		done |= v
		child := p
		child.mask[t], child.mask[t+1] = v, p.mask[t]&^v
		child.cells++
		var cq queue
		cq.push(t)
		c.search(child, cq)
	}
}

// twin reports whether v has the same neighbours, but for each other, as a vertex in done.
// Swapping twins of one cell is an automorphism that keeps the partition, so individualising
// either leads to the same encodings, and only one of them needs searching.
func (c *canonizer) twin(v int, done uint64) bool {
	for m := done; m != 0; m &= m - 1 {
		u := bits.TrailingZeros64(m)
		if c.la[u]&^(1<<v) == c.la[v]&^(1<<u) {
			return true
		}
	}
	return false
}

// refine splits the cells of p until it is equitable: every vertex of a cell has as many
// neighbours in each cell as the others of its cell. It splits every cell by the neighbour
// counts in the cells of the queue, in queue order; a cell splits into parts by ascending
// count, and every part joins the queue. So the result depends only on the graph and on p and
// the queue as given, which makes it invariant under isomorphism.
func (c *canonizer) refine(p *partition, q *queue) {
	var counts [64]uint8
	for q.n > 0 && p.cells < c.k {
		c.work += int64(2 * c.k)
		s := p.mask[q.pop()]
		for v := range c.k {
			counts[v] = uint8(bits.OnesCount64(c.la[v] & s))
		}
		for f := 0; f < c.k; {
			cell := p.mask[f]
			size := bits.OnesCount64(cell)
			if size == 1 {
				f++
				continue
			}
			lo, hi := uint8(255), uint8(0)
			for m := cell; m != 0; m &= m - 1 {
				n := counts[bits.TrailingZeros64(m)]
				lo, hi = min(lo, n), max(hi, n)
			}
			if lo != hi {
				at := f
				for rest := cell; rest != 0; {
					least := uint8(255)
					for m := rest; m != 0; m &= m - 1 {
						least = min(least, counts[bits.TrailingZeros64(m)])
					}
					var part uint64
					for m := rest; m != 0; m &= m - 1 {
						if v := bits.TrailingZeros64(m); counts[v] == least {
							part |= 1 << v
						}
					}
					c.work += int64(2 * size)
					p.mask[at] = part
					q.push(at)
					at += bits.OnesCount64(part)
					rest &^= part
					p.cells++
				}
				p.cells-- // the cell itself was counted already
			}
			f += size
		}
	}
}

// encode writes to c.cur the encoding of the subgraph with its vertices in the order of the
// discrete partition p.
func (c *canonizer) encode(p *partition) {
	var pos [64]uint8
	for i := range c.k {
		pos[bits.TrailingZeros64(p.mask[i])] = uint8(i)
	}
	k := c.k
	c.cur = append(c.cur[:0], byte(k))
	var acc byte
	nb := 0
	for j := 1; j < k; j++ {
		var row uint64 // neighbours of the j-th vertex, by position
		for ns := c.la[bits.TrailingZeros64(p.mask[j])]; ns != 0; ns &= ns - 1 {
			row |= 1 << pos[bits.TrailingZeros64(ns)]
		}
		for i := range j {
			acc = acc<<1 | byte(row>>i&1)
			if nb++; nb == 8 {
				c.cur = append(c.cur, acc)
				acc, nb = 0, 0
			}
		}
	}
	if nb > 0 {
		c.cur = append(c.cur, acc<<(8-nb))
	}
}
