//go:build !(amd64 || arm64) || !gc || purego

package engine

// This file implements the vector scans where there are none: scanUp scans in 64-bit words and
// scanTakes one heap at a time.

// cpuScans reports whether this CPU and OS run the AVX2, the AVX-512 and the NEON scans: no.
func cpuScans() (avx2, avx512, neon bool) { return false, false, false }

// scanVector looks at no split: it is never called where VectorAVX512 does not run.
func scanVector(x, y *uint16, n int, want *wanted, k int) (left, done int) {
	return k, 0
}

// scanTakesVector finds no value: it is never called where VectorAVX512 does not run.
func scanTakesVector(x, z *uint16, d1, d2, n int, vals *uint16, count int) (found uint64, done int) {
	return 0, 0
}

// scanAVX2 looks at no split: it is never called where VectorAVX2 does not run.
func scanAVX2(x, y *uint16, n int, want *wanted, k, tables int) (left, done int) {
	return k, 0
}

// scanTakesAVX2 finds no value: it is never called where VectorAVX2 does not run.
func scanTakesAVX2(x, z *uint16, d1, d2, n int, vals *uint16, count int) (found uint64, done int) {
	return 0, 0
}

// scanTakesNEON finds no value: it is never called where VectorNEON does not run.
func scanTakesNEON(x, z *uint16, d1, d2, n int, vals *uint16, count int) (found uint64, done int) {
	return 0, 0
}

// scanVectorNEON looks at no split: it is never called where VectorNEON does not run.
func scanVectorNEON(x, y *uint16, n int, want *wanted, k int) (left, done int) {
	return k, 0
}

// farSplitsAVX2 sets nothing: it is never called where VectorAVX2 does not run.
func farSplitsAVX2(parts *uint32, count int, h *uint16, sets *[splitBatch]uint64) {}
