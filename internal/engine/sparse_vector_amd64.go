//go:build gc && !purego

package engine

import "os"

// This file implements the vector scans' CPU checks on amd64. The AVX-512 kernels, in
// sparse_vector_amd64.s, need AVX-512 (F and BW), BMI1 and BMI2, and an OS that saves the
// AVX-512 registers; the AVX2 ones, in sparse_vector_avx2_amd64.s, need AVX2, BMI1 and BMI2
// (x86-64-v3) and an OS that saves the YMM registers. Building with -tags purego leaves them
// out (sparse_vector_other.go).

// scanVector looks for the wanted values among the splits x[j] ^ y[j], j < n (a multiple of
// 32), clearing them in want.is and the bits of every value it looks at in want.bits, and
// returns how many of the k wanted are still missing and, when some are, how many splits it
// looked at (n). k must be the number of values in want.is, and want.bits must hold at least
// those below wantedBits. It runs on AVX-512 only (VectorAVX512.Runs).
//
//go:noescape
func scanVector(x, y *uint16, n int, want *wanted, k int) (left, done int)

// scanTakesVector looks for the values vals[:count] (distinct, 0 < count < 64) among the
// splits of one, two or three takes, as scanTakes does, for the heaps a = lo+j, j < n (a
// multiple of 32), where x is &g[lo] and z is &g[b-lo-31], b being the heap less the least
// take: the other parts are G(b-a), G(b-a-d1) and, unless d2 is 0 (one or two takes),
// G(b-a-d2), with 0 < d1 < d2, or d1 = 0 for one take (then only G(b-a) is read). It reads
// g[lo:lo+n] and g[b-lo-n+1-max(d1, d2) : b-lo+1]. It returns the values found, bit i for
// vals[i], and how many heaps it looked at: n, or fewer when it has found them all, 32 heaps
// at a time. It runs on AVX-512 only (VectorAVX512.Runs).
//
//go:noescape
func scanTakesVector(x, z *uint16, d1, d2, n int, vals *uint16, count int) (found uint64, done int)

// scanAVX2 is scanVector on AVX2 for wanted values below 128·tables (tables 1 to 8): it
// looks for them among the splits x[j] ^ y[j], j < n (a multiple of 32), clearing them in
// want.is and the bits of every value below 128·tables it looks at in want.bits, and returns
// how many of the k wanted are still missing and, when some are, how many splits it looked at
// (n). Every wanted value must be below 128·tables. It runs on AVX2 only (VectorAVX2.Runs).
//
//go:noescape
func scanAVX2(x, y *uint16, n int, want *wanted, k, tables int) (left, done int)

// scanTakesAVX2 is scanTakesVector on AVX2, with the same arguments and answers. It runs on
// AVX2 only (VectorAVX2.Runs).
//
//go:noescape
func scanTakesAVX2(x, z *uint16, d1, d2, n int, vals *uint16, count int) (found uint64, done int)

// farSplitsAVX2 is farSplitsGo's loop on AVX2: it sets sets[j], j < splitBatch, to the union
// of 1<<((G(m+j-r)^v)&63) over the parts p of parts[:count] (a rare heap r = p&(partHeaps-1),
// its value v = p>>partShift), h being &g[m-splitBatch]. It runs on AVX2 only
// (VectorAVX2.Runs).
//
//go:noescape
func farSplitsAVX2(parts *uint32, count int, h *uint16, sets *[splitBatch]uint64)

// cpuid returns the registers that the CPUID instruction sets for leaf and sub-leaf sub.
func cpuid(leaf, sub uint32) (a, b, c, d uint32)

// xgetbv returns XCR0, the register states that the OS saves.
func xgetbv() (lo, hi uint32)

// cpuAVX2 and cpuAVX512 say which vector scans this CPU and OS run, less those GODEBUG turns
// off; set once, at init.
var cpuAVX2, cpuAVX512 = detectScans(os.Getenv("GODEBUG"))

// cpuScans reports whether this CPU and OS run the AVX2, the AVX-512 and the NEON scans.
func cpuScans() (avx2, avx512, neon bool) { return cpuAVX2, cpuAVX512, false }

// scanTakesNEON finds no value: it is never called where VectorNEON does not run.
func scanTakesNEON(x, z *uint16, d1, d2, n int, vals *uint16, count int) (found uint64, done int) {
	return 0, 0
}

// detectScans asks the CPU and the OS whether they run the AVX2 and the AVX-512 scans, and
// godebug (GODEBUG's value) whether it turns off a feature they need, as the Go runtime reads
// it: GODEBUG=cpu.avx512f=off runs the AVX2 scan on a CPU with AVX-512, cpu.avx2=off the Go
// one on a CPU without.
func detectScans(godebug string) (avx2, avx512 bool) {
	avx2, avx512 = cpuHasScans()
	avx2 = avx2 && !cpuOff(godebug, "avx2", "bmi1", "bmi2")
	avx512 = avx512 && !cpuOff(godebug, "avx512f", "avx512bw", "bmi1", "bmi2")
	return avx2, avx512
}

// cpuHasScans asks the CPU and the OS whether they run the AVX2 and the AVX-512 scans.
func cpuHasScans() (avx2, avx512 bool) {
	if top, _, _, _ := cpuid(0, 0); top < 7 {
		return false, false
	}
	const osxsave, avx = 1 << 27, 1 << 28
	if _, _, c, _ := cpuid(1, 0); c&(osxsave|avx) != osxsave|avx {
		return false, false
	}
	const ymm = 1<<1 | 1<<2              // SSE and AVX state
	const zmm = ymm | 1<<5 | 1<<6 | 1<<7 // and opmask and ZMM state
	xcr0, _ := xgetbv()
	const bmi = 1<<3 | 1<<8 // BMI1, BMI2
	const needAVX2 = bmi | 1<<5
	const needAVX512 = bmi | 1<<16 | 1<<30 // AVX-512 F and BW
	_, b, _, _ := cpuid(7, 0)
	return xcr0&ymm == ymm && b&needAVX2 == needAVX2, xcr0&zmm == zmm && b&needAVX512 == needAVX512
}

// scanVectorNEON looks at no split: it is never called where VectorNEON does not run.
func scanVectorNEON(x, y *uint16, n int, want *wanted, k int) (left, done int) {
	return k, 0
}
