package engine

import "strings"

// This file implements the choice of the code that runs the scans of the searched splits:
// Go, or assembly for the vector units of the CPU (sparse_vector_amd64.s,
// sparse_vector_avx2_amd64.s, sparse_vector_arm64.s).

// A Vector names the code that runs the scans of the searched splits. The zero Vector,
// VectorBest, is the fastest that this CPU runs.
type Vector uint8

const (
	VectorBest   Vector = iota // AVX-512 where the CPU has it, else AVX2, else NEON, else Go
	VectorGo                   // portable Go: 64-bit words, one heap at a time
	VectorAVX2                 // AVX2 assembly (amd64, x86-64-v3)
	VectorAVX512               // AVX-512 BW assembly (amd64)
	VectorNEON                 // NEON assembly (arm64)
)

// String returns the scan's name: "best", "go", "avx2", "avx512" or "neon".
func (s Vector) String() string {
	switch s {
	case VectorBest:
		return "best"
	case VectorGo:
		return "go"
	case VectorAVX2:
		return "avx2"
	case VectorAVX512:
		return "avx512"
	case VectorNEON:
		return "neon"
	}
	return "unknown"
}

// Runs reports whether s runs in this build, on this CPU and OS, and is not turned off by
// GODEBUG at start-up (cpu.avx2=off, cpu.avx512f=off, cpu.all=off; see detectScans). VectorBest
// and VectorGo always run.
func (s Vector) Runs() bool {
	avx2, avx512, neon := cpuScans()
	switch s {
	case VectorBest, VectorGo:
		return true
	case VectorAVX2:
		return avx2
	case VectorAVX512:
		return avx512
	case VectorNEON:
		return neon
	}
	return false
}

// resolve returns the code that runs for s: the fastest this CPU runs for VectorBest, s itself
// where the CPU runs it, and VectorGo otherwise.
func (s Vector) resolve() Vector {
	avx2, avx512, neon := cpuScans()
	switch {
	case s == VectorBest && avx512, s == VectorAVX512 && avx512:
		return VectorAVX512
	case s == VectorBest && avx2, s == VectorAVX2 && avx2:
		return VectorAVX2
	case s == VectorBest && neon, s == VectorNEON && neon:
		return VectorNEON
	}
	return VectorGo
}

// Best returns the code that VectorBest runs in this build on this CPU and OS.
func Best() Vector { return VectorBest.resolve() }

// cpuOff reports whether godebug, a value of GODEBUG, turns off any of the CPU features named,
// as the Go runtime reads its cpu options: a field cpu.all=off or cpu.NAME=off turns off
// (=on turns on again), and a later field wins over an earlier one.
func cpuOff(godebug string, names ...string) bool {
	for _, name := range names {
		off := false
		for field := range strings.SplitSeq(godebug, ",") {
			key, value, ok := strings.Cut(field, "=")
			if !ok || (key != "cpu.all" && key != "cpu."+name) {
				continue
			}
			switch value {
			case "off":
				off = true
			case "on":
				off = false
			}
		}
		if off {
			return true
		}
	}
	return false
}
