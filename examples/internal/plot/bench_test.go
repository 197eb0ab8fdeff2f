package plot

import (
	"fmt"
	"io"
	"testing"

	"github.com/octalgames/kayles"
)

// BenchmarkFigure adds n heaps of a sequence with values 0..299 (as Officers' to 2^20) to a
// figure and writes it in each format.
func BenchmarkFigure(b *testing.B) {
	for _, n := range []int{1 << 10, 1 << 20} {
		for _, format := range Formats {
			b.Run(fmt.Sprintf("n=%d/%s", n, format), func(b *testing.B) {
				b.ReportAllocs()
				for b.Loop() {
					f, err := NewFigure(Options{})
					if err != nil {
						b.Fatal(err)
					}
					s, err := f.AddSeries("bench", n, 299, kayles.Period{})
					if err != nil {
						b.Fatal(err)
					}
					for a := range n {
						if err := s.Add(a, (a*7919)%300, a%4096 == 0); err != nil {
							b.Fatal(err)
						}
					}
					if err := f.Write(io.Discard, format); err != nil {
						b.Fatal(err)
					}
				}
			})
		}
	}
}

// BenchmarkPlot adds n heaps of the same sequence to the web page's plot and writes its SVG
// element.
func BenchmarkPlot(b *testing.B) {
	for _, n := range []int{1 << 10, 1 << 20} {
		b.Run(fmt.Sprintf("n=%d", n), func(b *testing.B) {
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
				if err := p.WriteSVGElement(io.Discard); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
