package kayles

import (
	"math/bits"
	"syscall"
	"testing"
	"time"
)

// userTime returns the process's user CPU time, which on a machine shared with other work is
// steadier than wall time.
func userTime() time.Duration {
	var u syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &u); err != nil {
		return 0
	}
	return time.Duration(u.Utime.Nano())
}

// BenchmarkSparseMex times the one-core rare/common mex alone on 1,024 heaps past 2^18 values
// of each code, with the values already known; user-ns/heap is user CPU time.
func BenchmarkSparseMex(b *testing.B) {
	for _, code := range []string{"0.6", "4!.0", "0.1777", "0.354"} {
		b.Run("code="+code, func(b *testing.B) {
			const n, heaps = 1 << 18, 1024
			o := MustParseOctal(code)
			if _, err := o.Values(ctx, n+heaps); err != nil {
				b.Fatal(err)
			}
			g, s, pl := o.eng.load().vals, o.eng.sp, o.plan()
			words := 64<<bits.Len(uint(o.eng.load().max)>>6)/64 + 1
			u := userTime()
			for b.Loop() {
				for h := n; h < n+heaps; h++ {
					if v := s.mex(pl, g[:h], words); v != int(g[h]) {
						b.Fatalf("G(%d) = %d, not %d", h, v, g[h])
					}
				}
			}
			b.ReportMetric(float64(userTime()-u)/float64(b.N*heaps), "user-ns/heap")
		})
	}
}
