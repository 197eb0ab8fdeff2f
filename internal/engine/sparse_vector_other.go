//go:build !amd64 || !gc || purego

package engine

// This file implements the vector scans where there are none: scanUp scans in 64-bit words and
// scanTakes one heap at a time.

// hasVector reports whether this CPU and OS run the vector scans: no.
func hasVector() bool { return false }

// scanVector looks at no split: it is never called where hasVector is false.
func scanVector(x, y *uint16, n int, want *wanted, k int) (left, done int) {
	return k, 0
}

// scanTakesVector finds no value: it is never called where hasVector is false.
func scanTakesVector(x, z *uint16, d1, d2, n int, vals *uint16, count int) (found uint64, done int) {
	return 0, 0
}
