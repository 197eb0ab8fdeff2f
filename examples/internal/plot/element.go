package plot

import (
	"cmp"
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"
)

// This file implements the web page's plot of a nim-sequence: an <svg> element written by
// hand, one <circle> a heap with its value as a <title> that a browser shows on hover, which
// gonum/plot's files do not carry. Files for a paper are figures (figure.go).

// Size of a plot, in pixels, and its margins around the plotting area.
const (
	Width, Height          = 900, 360
	left, right, top       = 50, 16, 30
	bottom                 = 36
	areaW, areaH           = Width - left - right, Height - top - bottom
	commonColor, rareColor = "#36c", "#c33"
	titledMarks            = 5000 // the most marks an SVG plot draws as circles with titles
)

// Plot is the web page's scatter plot of G(0), ..., G(n-1), under construction. Heaps share a
// column of pixels, and values a row, when there are more of them than pixels: each cell drawn
// is one mark, rare when one of its heaps is, with the first heap it holds as its title. Its
// memory is O(columns × rows), at most 834 × 294 cells, whatever n. A Plot is not safe for
// concurrent use.
type Plot struct {
	title      string
	n, maxV    int
	cols, rows int
	cells      []cell // by column*rows + row; count 0 is an empty cell
	// Period is the period line, such as "preperiod 71, period 12", or "" for none.
	Period string
	// Preperiod is the heap where the period starts, drawn as a dashed line when 0 < Preperiod
	// < n; 0 draws none.
	Preperiod int
	// XLabel names the horizontal axis; "" is "heap n".
	XLabel string
}

type cell struct {
	first, v, count int
	rare            bool
}

// New returns an empty plot titled title of the heaps 0, ..., n-1 whose values are at most
// maxV. Otherwise (n < 1 or maxV < 0) it returns an error.
func New(title string, n, maxV int) (*Plot, error) {
	if n < 1 || maxV < 0 {
		return nil, fmt.Errorf("plot: %d heaps with values up to %d: there must be at least one heap and no negative value", n, maxV)
	}
	return &Plot{title: title, n: n, maxV: maxV, cols: min(n, areaW), rows: min(maxV+1, areaH),
		cells: make([]cell, min(n, areaW)*min(maxV+1, areaH))}, nil
}

// Add marks heap a with value v, rare or not. It returns an error when a or v lies outside
// the range given to New.
func (p *Plot) Add(a, v int, rare bool) error {
	if a < 0 || a >= p.n || v < 0 || v > p.maxV {
		return fmt.Errorf("plot: G(%d) = %d lies outside heaps 0..%d and values 0..%d", a, v, p.n-1, p.maxV)
	}
	col := int(int64(a) * int64(p.cols) / int64(p.n))
	row := int(int64(v) * int64(p.rows) / int64(p.maxV+1))
	k := col*p.rows + row
	c := &p.cells[k]
	if c.count == 0 {
		c.first, c.v = a, v
	}
	c.count++
	c.rare = c.rare || rare
	return nil
}

// Marks returns how many marks the plot draws, and how many of them are rare.
func (p *Plot) Marks() (marks, rare int) {
	for _, c := range p.cells {
		if c.count > 0 {
			marks++
		}
		if c.rare {
			rare++
		}
	}
	return marks, rare
}

// A shape is one element of the drawing, in pixels: a line (dashed or not), a mark of radius r
// at (x1, y1), or a text at (x1, y1) anchored at its start, middle or end.
type shape struct {
	kind           byte // 'l' line, 'm' mark, 't' text
	x1, y1, x2, y2 float64
	r              float64
	dashed, rare   bool
	text, anchor   string
	class          string
}

// shapes returns the drawing, back to front.
func (p *Plot) shapes() []shape {
	x := func(a float64) float64 { return left + (a+0.5)*areaW/float64(p.n) }
	y := func(v float64) float64 { return top + areaH - (v+0.5)*areaH/float64(p.maxV+1) }
	s := []shape{
		{kind: 'l', x1: left, y1: top, x2: left, y2: top + areaH},
		{kind: 'l', x1: left, y1: top + areaH, x2: left + areaW, y2: top + areaH},
		{kind: 't', x1: Width / 2, y1: top - 10, text: p.title, anchor: "middle", class: "title"},
		{kind: 't', x1: left + areaW, y1: Height - 4, text: cmp.Or(p.XLabel, "heap n"), anchor: "end"},
		{kind: 't', x1: 4, y1: top - 10, text: "G(n)", anchor: "start"},
	}
	if p.Period != "" {
		s = append(s, shape{kind: 't', x1: left + areaW, y1: top - 10, text: p.Period, anchor: "end", class: "period"})
	}
	for _, t := range ticks(p.n - 1) {
		s = append(s, shape{kind: 'l', x1: x(float64(t)), y1: top + areaH, x2: x(float64(t)), y2: top + areaH + 4},
			shape{kind: 't', x1: x(float64(t)), y1: top + areaH + 16, text: strconv.Itoa(t), anchor: "middle"})
	}
	for _, t := range ticks(p.maxV) {
		s = append(s, shape{kind: 'l', x1: left - 4, y1: y(float64(t)), x2: left, y2: y(float64(t))},
			shape{kind: 't', x1: left - 6, y1: y(float64(t)) + 4, text: strconv.Itoa(t), anchor: "end"})
	}
	if p.Preperiod > 0 && p.Preperiod < p.n {
		px := x(float64(p.Preperiod) - 0.5)
		s = append(s, shape{kind: 'l', x1: px, y1: top, x2: px, y2: top + areaH, dashed: true, class: "preperiod"},
			shape{kind: 't', x1: px + 3, y1: top + 12, text: "n0 = " + strconv.Itoa(p.Preperiod), anchor: "start"})
	}
	r := p.radius()
	// Column by column, rare marks last so that they lie on top; past titledMarks marks only
	// the rare ones have titles (see WriteSVGElement).
	marks, _ := p.Marks()
	for _, rare := range []bool{false, true} {
		for i := range p.cells {
			c := &p.cells[i]
			if c.count == 0 || c.rare != rare {
				continue
			}
			m := shape{kind: 'm', x1: x(float64(c.first)), y1: y(float64(c.v)), r: r, rare: c.rare}
			if c.rare {
				m.r, m.class = r+1.5, "rare"
			}
			if c.rare || marks <= titledMarks {
				m.text = "G(" + strconv.Itoa(c.first) + ") = " + strconv.Itoa(c.v)
				if c.count > 1 {
					m.text += " and " + strconv.Itoa(c.count-1) + " more heaps"
				}
			}
			s = append(s, m)
		}
	}
	return s
}

// ticks returns round numbers from 0 to at most hi, steps of 1, 2 or 5 times a power of ten,
// at most 6 of them.
func ticks(hi int) []int {
	step, scale := 1, 1
	for m := 0; hi/step > 5; m++ {
		if m > 0 && m%3 == 0 {
			scale *= 10
		}
		step = []int{2, 5, 10}[m%3] * scale
	}
	var ts []int
	for t := 0; t <= hi; t += step {
		ts = append(ts, t)
	}
	return ts
}

// radius returns the radius of a common mark: half the spacing of heaps or values, from 1.5
// to 3 pixels.
func (p *Plot) radius() float64 {
	return math.Max(1.5, math.Min(3, math.Min(areaW/float64(p.cols), areaH/float64(p.rows))/2))
}

// WriteSVGElement writes the plot as an <svg> element to embed in an HTML page.
func (p *Plot) WriteSVGElement(w io.Writer) error {
	var b strings.Builder
	fmt.Fprintf(&b, `<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" viewBox="0 0 %d %d" id="plot" font-family="sans-serif" font-size="12">`+"\n",
		Width, Height, Width, Height)
	b.WriteString(`<rect width="100%" height="100%" fill="white"/>` + "\n")
	shapes := p.shapes()
	// Past titledMarks marks, a title each would make a file of megabytes that a browser
	// opens slowly: the common marks become one path of dots, and only rare marks keep titles.
	marks, _ := p.Marks()
	dots := marks > titledMarks
	var path strings.Builder
	for _, s := range shapes {
		if s.kind == 'm' && dots && !s.rare {
			fmt.Fprintf(&path, "M%.1f %.1fh0", s.x1, s.y1)
			continue
		}
		if s.kind == 'm' && path.Len() > 0 {
			// The rare marks come last, and go on top of the common ones.
			fmt.Fprintf(&b, `<path class="common" stroke="%s" stroke-width="%.1f" stroke-linecap="round" d="%s"/>`+"\n",
				commonColor, 2*p.radius(), path.String())
			path.Reset()
		}
		class := ""
		if s.class != "" {
			class = ` class="` + s.class + `"`
		}
		switch s.kind {
		case 'l':
			dash := ""
			if s.dashed {
				dash = ` stroke-dasharray="4 3"`
			}
			fmt.Fprintf(&b, `<line x1="%.1f" y1="%.1f" x2="%.1f" y2="%.1f" stroke="#888"%s%s/>`+"\n", s.x1, s.y1, s.x2, s.y2, dash, class)
		case 't':
			fmt.Fprintf(&b, `<text x="%.1f" y="%.1f" text-anchor="%s"%s>%s</text>`+"\n", s.x1, s.y1, s.anchor, class, escape(s.text))
		case 'm':
			fill := commonColor
			if s.rare {
				fill = rareColor
			}
			fmt.Fprintf(&b, `<circle cx="%.1f" cy="%.1f" r="%.1f" fill="%s"%s><title>%s</title></circle>`+"\n", s.x1, s.y1, s.r, fill, class, escape(s.text))
		}
		if b.Len() > 1<<16 {
			if _, err := io.WriteString(w, b.String()); err != nil {
				return err
			}
			b.Reset()
		}
	}
	if path.Len() > 0 {
		fmt.Fprintf(&b, `<path class="common" stroke="%s" stroke-width="%.1f" stroke-linecap="round" d="%s"/>`+"\n",
			commonColor, 2*p.radius(), path.String())
	}
	b.WriteString("</svg>\n")
	_, err := io.WriteString(w, b.String())
	return err
}

var escaper = strings.NewReplacer("&", "&amp;", "<", "&lt;", ">", "&gt;", `"`, "&quot;")

func escape(s string) string { return escaper.Replace(s) }
