//go:build gc && !purego

package engine

// This file implements the vector scans' CPU check on amd64: the kernels, in
// sparse_vector_amd64.s, need AVX-512 (F and BW), BMI1 and BMI2, and an OS that saves the
// AVX-512 registers. Building with -tags purego leaves them out (sparse_vector_other.go).

// scanVector looks for the wanted values among the splits x[j] ^ y[j], j < n (a multiple of
// 32), clearing them in want.is and the bits of every value it looks at in want.bits, and
// returns how many of the k wanted are still missing and, when some are, how many splits it
// looked at (n). k must be the number of values in want.is, and want.bits must hold at least
// those below wantedBits. It must be called only where hasVector is true.
//
//go:noescape
func scanVector(x, y *uint16, n int, want *wanted, k int) (left, done int)

// scanTakesVector looks for the values vals[:count] (distinct, 0 < count < 64) among the
// splits of two or three takes, as scanTakes does, for the heaps a = lo+j, j < n (a multiple
// of 32), where x is &g[lo] and z is &g[b-lo-31], b being the heap less the least take: the
// other parts are G(b-a), G(b-a-d1) and, unless d2 is 0 (two takes), G(b-a-d2), with
// 0 < d1 < d2. It reads g[lo:lo+n] and g[b-lo-n+1-max(d1, d2) : b-lo+1]. It returns the
// values found, bit i for vals[i], and how many heaps it looked at: n, or fewer when it has
// found them all, 32 heaps at a time. It must be called only where hasVector is true.
//
//go:noescape
func scanTakesVector(x, z *uint16, d1, d2, n int, vals *uint16, count int) (found uint64, done int)

// cpuid returns the registers that the CPUID instruction sets for leaf and sub-leaf sub.
func cpuid(leaf, sub uint32) (a, b, c, d uint32)

// xgetbv returns XCR0, the register states that the OS saves.
func xgetbv() (lo, hi uint32)

// hasVector reports whether this CPU and OS run the vector scans.
func hasVector() bool {
	if top, _, _, _ := cpuid(0, 0); top < 7 {
		return false
	}
	const osxsave = 1 << 27
	if _, _, c, _ := cpuid(1, 0); c&osxsave == 0 {
		return false
	}
	const saved = 1<<1 | 1<<2 | 1<<5 | 1<<6 | 1<<7 // SSE, AVX, opmask and ZMM state
	if lo, _ := xgetbv(); lo&saved != saved {
		return false
	}
	const need = 1<<3 | 1<<8 | 1<<16 | 1<<30 // BMI1, BMI2, AVX-512 F and BW
	_, b, _, _ := cpuid(7, 0)
	return b&need == need
}
