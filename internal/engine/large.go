package engine

import (
	"cmp"
	"slices"
)

// This file implements the storage of values above 65535: the engine keeps every value in a
// uint16 array, which the fast engines read directly, and a value that does not fit stands
// there as bigStored with its true value in a side table, sorted by heap.

// bigStored is the stored value that stands for one in the side table, or for 65535 itself
// when the table has no entry for its heap.
const bigStored = 1<<16 - 1

// The largest value stored in the uint16 array itself, larger ones going to the side table, is
// an engine's direct ([Settings].Direct): maxValue, the most that the rare/common and
// three-heap engines compute with their 16-bit marks, unless a test sets it lower so that the
// side table and the hand-over serve small runs. Past it the reference mex computes the values.

// A Big is an entry of the side table of values above 65535 (or above [Settings].Direct): a
// heap and its value. The zero Big is heap 0 with value 0, never an entry of a table.
type Big struct{ at, v int }

// Heap returns the heap of b.
func (b Big) Heap() int { return b.at }

// Value returns the value of b.
func (b Big) Value() int { return b.v }

// ValueOf returns the value of heap i, whose stored value is w, with big the side table
// (sorted by heap): w itself, or the table's entry when w is 65535 with an entry. It costs O(log len(big)).
func ValueOf(big []Big, i int, w uint16) int { return valueOf(big, i, w) }

// valueOf returns the value of heap i, whose stored value is w, with big the side table.
func valueOf(big []Big, i int, w uint16) int {
	if w != bigStored {
		return int(w)
	}
	return bigAt(big, i)
}

// bigAt returns the value of heap i, whose stored value is bigStored: its entry in big, or 65535.
func bigAt(big []Big, i int) int {
	if k, ok := slices.BinarySearchFunc(big, i, func(b Big, i int) int { return cmp.Compare(b.at, i) }); ok {
		return big[k].v
	}
	return bigStored
}

// store appends v, the value of heap len(g), to g and, above direct, to big.
func store(g []uint16, big []Big, v, direct int) ([]uint16, []Big) {
	if v > direct {
		return append(g, bigStored), append(big, Big{len(g), v})
	}
	return append(g, uint16(v)), big
}

// firstBig returns the least heap from lo on whose stored value in g exceeds direct, or len(g). Only a
// direct below maxValue (a test's) finds any in the values of the fast engines.
func firstBig(g []uint16, lo, direct int) int {
	for i := lo; i < len(g); i++ {
		if int(g[i]) > direct {
			return i
		}
	}
	return len(g)
}

// bigBelow returns the entries of big for the heaps below n.
func bigBelow(big []Big, n int) []Big {
	k, _ := slices.BinarySearchFunc(big, n, func(b Big, n int) int { return cmp.Compare(b.at, n) })
	return big[:k]
}
