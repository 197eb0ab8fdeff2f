package kayles

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
	k      int        // vertices of the current subgraph, numbered 0..k-1 locally
	la     [64]uint64 // local adjacency masks
	leaves int        // leaves visited in the current search
	best   []byte     // the least encoding found
	cur    []byte     // scratch encoding
	cells  [][]uint64 // scratch partitions, one per search depth
}

// key returns the canonical key of the subgraph of adj induced by the vertices in set: one
// byte for the vertex count, then the upper triangle of the adjacency matrix in canonical
// vertex order, packed eight bits a byte. Equal keys mean isomorphic subgraphs, always.
// It costs O(k²) for a k-vertex subgraph whose colour refinement is discrete, more otherwise.
func (c *canonizer) key(adj *[64]uint64, set uint64) string {
	var local [64]int8
	k := 0
	for m := set; m != 0; m &= m - 1 {
		local[bits.TrailingZeros64(m)] = int8(k)
		k++
	}
	c.k = k
	i := 0
	var degCells [65]uint64 // vertices by degree, for the first partition
	for m := set; m != 0; m &= m - 1 {
		var row uint64
		for ns := adj[bits.TrailingZeros64(m)] & set; ns != 0; ns &= ns - 1 {
			row |= 1 << local[bits.TrailingZeros64(ns)]
		}
		c.la[i] = row
		degCells[bits.OnesCount64(row)] |= 1 << i
		i++
	}
	cells := c.partition(0)
	for _, cell := range degCells[:k+1] {
		if cell != 0 {
			cells = append(cells, cell)
		}
	}
	c.leaves = 0
	c.best = c.best[:0]
	c.search(cells, 0)
	return string(c.best)
}

// partition returns the scratch partition of depth d, emptied.
func (c *canonizer) partition(d int) []uint64 {
	for len(c.cells) <= d {
		c.cells = append(c.cells, make([]uint64, 0, 64))
	}
	return c.cells[d][:0]
}

// search refines the ordered partition cells (owned by depth d) to a stable one; at a discrete
// partition it encodes the graph in that order and keeps the least encoding, otherwise it
// individualises each vertex of the first non-singleton cell in turn.
func (c *canonizer) search(cells []uint64, d int) {
	cells = c.refine(cells)
	c.cells[d] = cells[:0]
	if len(cells) == c.k {
		c.leaves++
		c.encode(cells)
		if len(c.best) == 0 || bytes.Compare(c.cur, c.best) < 0 {
			c.best = append(c.best[:0], c.cur...)
		}
		return
	}
	t := 0
	for cells[t]&(cells[t]-1) == 0 {
		t++
	}
	for m := cells[t]; m != 0 && c.leaves < canonLeaves; m &= m - 1 {
		v := m & -m
		next := c.partition(d + 1)
		next = append(next, cells[:t]...)
		next = append(next, v, cells[t]&^v)
		next = append(next, cells[t+1:]...)
		c.search(next, d+1)
	}
}

// refine splits the cells of an ordered partition until it is equitable: every vertex of a
// cell has as many neighbours in each cell as the others of its cell. A cell splits into parts
// by ascending neighbour count, in place, so the result depends only on the graph and the
// order of the cells given, which makes it invariant under isomorphism.
func (c *canonizer) refine(cells []uint64) []uint64 {
	var counts [64]uint8
	for {
		split := false
		for si := 0; si < len(cells) && len(cells) < c.k; si++ {
			s := cells[si]
			for ci := 0; ci < len(cells); ci++ {
				cell := cells[ci]
				if cell&(cell-1) == 0 {
					continue
				}
				lo, hi := uint8(255), uint8(0)
				for m := cell; m != 0; m &= m - 1 {
					v := bits.TrailingZeros64(m)
					n := uint8(bits.OnesCount64(c.la[v] & s))
					counts[v] = n
					lo, hi = min(lo, n), max(hi, n)
				}
				if lo == hi {
					continue
				}
				split = true
				var parts [64]uint64
				np := 0
				for rest := cell; rest != 0; np++ {
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
					parts[np] = part
					rest &^= part
				}
				cells = append(cells, parts[1:np]...) // grow, then shift the tail right
				copy(cells[ci+np:], cells[ci+1:len(cells)-np+1])
				copy(cells[ci:], parts[:np])
				ci += np - 1
			}
		}
		if !split || len(cells) == c.k {
			return cells
		}
	}
}

// encode writes to c.cur the encoding of the subgraph with its vertices in the order of the
// discrete partition cells.
func (c *canonizer) encode(cells []uint64) {
	var pos [64]uint8
	for i, cell := range cells {
		pos[bits.TrailingZeros64(cell)] = uint8(i)
	}
	k := c.k
	c.cur = append(c.cur[:0], byte(k))
	var acc byte
	nb := 0
	for j := 1; j < k; j++ {
		var row uint64 // neighbours of the j-th vertex, by position
		for ns := c.la[bits.TrailingZeros64(cells[j])]; ns != 0; ns &= ns - 1 {
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
