package plot

import (
	"fmt"
	"io"
	"testing"
)

// BenchmarkPlot adds n heaps of a sequence with values 0..299 (as Officers' to 2^20) and
// writes the SVG and the PNG.
func BenchmarkPlot(b *testing.B) {
	for _, n := range []int{1 << 10, 1 << 20} {
		for _, format := range []string{"svg", "png"} {
			b.Run(fmt.Sprintf("n=%d/%s", n, format), func(b *testing.B) {
				b.ReportAllocs()
				for b.Loop() {
					p, err := New("bench", n, 299)
					if err != nil {
						b.Fatal(err)
					}
					for a := range n {
						if err := p.Add(a, (a*7919)%300, a%4096 == 0); err != nil {
							b.Fatal(err)
						}
					}
					write := p.WriteSVG
					if format == "png" {
						write = p.WritePNG
					}
					if err := write(io.Discard); err != nil {
						b.Fatal(err)
					}
				}
			})
		}
	}
}
