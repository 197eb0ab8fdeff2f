//go:build gc && !purego

package engine

// This file implements the vector scans on arm64, on NEON (Advanced SIMD, which every arm64
// CPU has), in sparse_vector_arm64.s. Building with -tags purego leaves them out
// (sparse_vector_other.go).

// cpuScans reports whether this CPU runs the AVX2, the AVX-512 and the NEON scans: NEON only.
func cpuScans() (avx2, avx512, neon bool) { return false, false, true }

// scanVectorNEON is scanVector on NEON, with the same arguments and answers (n a multiple
// of 32, or of 16).
//
//go:noescape
func scanVectorNEON(x, y *uint16, n int, want *wanted, k int) (left, done int)

// scanTakesNEON is scanTakesVector on NEON, with the same arguments and answers.
//
//go:noescape
func scanTakesNEON(x, z *uint16, d1, d2, n int, vals *uint16, count int) (found uint64, done int)

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

// farSplitsAVX2 sets nothing: it is never called where VectorAVX2 does not run.
func farSplitsAVX2(parts *uint32, count int, h *uint16, sets *[splitBatch]uint64) {}
