//go:build gc && !purego

package engine

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// TestDetectScansGodebug checks that GODEBUG turns the vector scans off: cpu.avx512f=off leaves
// AVX2 where the CPU has it, cpu.avx2=off leaves AVX-512, cpu.all=off neither.
func TestDetectScansGodebug(t *testing.T) {
	avx2, avx512 := detectScans("")
	t.Logf("this CPU and OS: AVX2 scan %v, AVX-512 scan %v", avx2, avx512)
	for _, c := range []struct {
		godebug      string
		avx2, avx512 bool
	}{
		{"cpu.avx512f=off", avx2, false},
		{"cpu.avx512bw=off,cpu.avx2=on", avx2, false},
		{"cpu.avx2=off", false, avx512},
		{"cpu.bmi2=off", false, false},
		{"cpu.all=off", false, false},
		{"cpu.all=off,cpu.all=on", avx2, avx512},
	} {
		a2, a512 := detectScans(c.godebug)
		assert.Equal(t, c.avx2, a2, "AVX2 scan under GODEBUG=%s", c.godebug)
		assert.Equal(t, c.avx512, a512, "AVX-512 scan under GODEBUG=%s", c.godebug)
	}
}
