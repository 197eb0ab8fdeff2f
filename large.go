package kayles

import (
	"cmp"
	"slices"
)

// This file implements the storage of values above 65535: the engine keeps every value in a
// uint16 array, which the fast engines read directly, and a value that does not fit stands
// there as bigWord with its true value in a side table, sorted by heap.

// bigWord is the word that stands in the values for one in the side table, or for 65535 itself
// when the table has no entry for its heap.
const bigWord = 1<<16 - 1

// direct is the largest value stored in the uint16 array itself, larger ones going to the side
// table. It is maxValue, the most that the rare/common and three-heap engines compute with
// their 16-bit marks: past it the reference engine computes the values. Tests set it low, so
// that the side table and the hand-over serve small runs.
var direct = maxValue

// bigValue is an entry of the side table: heap at has value v, above direct.
type bigValue struct{ at, v int }

// valueOf returns the value of heap i, whose word in the values is w, with big the side table.
func valueOf(big []bigValue, i int, w uint16) int {
	if w != bigWord {
		return int(w)
	}
	return bigAt(big, i)
}

// bigAt returns the value of heap i, whose word is bigWord: its entry in big, or 65535.
func bigAt(big []bigValue, i int) int {
	if k, ok := slices.BinarySearchFunc(big, i, func(b bigValue, i int) int { return cmp.Compare(b.at, i) }); ok {
		return big[k].v
	}
	return bigWord
}

// store appends v, the value of heap len(g), to g and, above direct, to big.
func store(g []uint16, big []bigValue, v int) ([]uint16, []bigValue) {
	if v > direct {
		return append(g, bigWord), append(big, bigValue{len(g), v})
	}
	return append(g, uint16(v)), big
}

// firstBig returns the least heap from lo on whose word in g exceeds direct, or len(g). Only a
// direct below maxValue (a test's) finds any in the values of the fast engines.
func firstBig(g []uint16, lo int) int {
	for i := lo; i < len(g); i++ {
		if int(g[i]) > direct {
			return i
		}
	}
	return len(g)
}

// bigBelow returns the entries of big for the heaps below n.
func bigBelow(big []bigValue, n int) []bigValue {
	k, _ := slices.BinarySearchFunc(big, n, func(b bigValue, n int) int { return cmp.Compare(b.at, n) })
	return big[:k]
}
