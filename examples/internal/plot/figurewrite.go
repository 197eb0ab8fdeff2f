package plot

import (
	"bytes"
	"errors"
	"fmt"
	"image/color"
	"io"
	"math"
	"path/filepath"
	"strconv"
	"strings"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
	"gonum.org/v1/plot/vg/vgeps"
	"gonum.org/v1/plot/vg/vgimg"
	"gonum.org/v1/plot/vg/vgpdf"
	"gonum.org/v1/plot/vg/vgsvg"
	"gonum.org/v1/plot/vg/vgtex"
)

// This file implements the drawing of a figure with gonum/plot (gonum.org/v1/plot), which
// sets the text in real fonts and writes SVG, PDF, PNG, EPS and TeX (PGF), and lays out the
// legend beside the plot.

// Formats are the formats a figure is written in, as file names end.
var Formats = []string{"svg", "pdf", "png", "eps", "tex"}

// FormatOf returns the format of a file named path, from its extension (any case), or an
// error naming the formats when it has none of them.
func FormatOf(path string) (string, error) {
	ext := strings.ToLower(strings.TrimPrefix(filepath.Ext(path), "."))
	for _, f := range Formats {
		if ext == f {
			return f, nil
		}
	}
	return "", fmt.Errorf("%q: a figure is written as SVG, PDF, PNG, EPS or TeX (PGF): the file name must end in .svg, .pdf, .png, .eps or .tex", path)
}

// palette holds the colors of the series in turn, Okabe and Ito's, which readers with any
// color vision tell apart: blue, orange, green, vermillion, purple, sky blue, yellow, black.
var palette = []color.RGBA{
	{0x00, 0x72, 0xb2, 0xff}, {0xe6, 0x9f, 0x00, 0xff}, {0x00, 0x9e, 0x73, 0xff}, {0xd5, 0x5e, 0x00, 0xff},
	{0xcc, 0x79, 0xa7, 0xff}, {0x56, 0xb4, 0xe9, 0xff}, {0xf0, 0xe4, 0x42, 0xff}, {0x00, 0x00, 0x00, 0xff},
}

// shapes holds the glyphs of the series' common marks in turn, so that series that lie on top
// of each other still show.
var shapes = []draw.GlyphDrawer{draw.CircleGlyph{}, draw.BoxGlyph{}, draw.PyramidGlyph{}}

// Write draws the figure to w in format, one of [Formats]: "svg", "pdf" (fonts embedded),
// "png" (at the figure's DPI), "eps" or "tex" (a pgfpicture to \input in a LaTeX document that
// loads the pgf package). Its cost is O(cells) of the series, not O(n). It returns an error
// for a figure without series, an unknown format, a PNG past 50 million pixels, or a failure
// of w.
func (f *Figure) Write(w io.Writer, format string) (err error) {
	if len(f.series) == 0 {
		return errors.New("plot: a figure without a series")
	}
	c, err := f.canvas(format)
	if err != nil {
		return err
	}
	// gonum/plot panics on some drawing errors (sizes it cannot lay out): an error here.
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("plot: drawing the figure: %v", r)
		}
	}()
	p, legend, err := f.plot(format)
	if err != nil {
		return err
	}
	dc := draw.New(c)
	// The legend goes to the right of the plot, below the title, so that it hides no mark.
	th := p.Title.TextStyle.Height(p.Title.Text) + p.Title.Padding + 4
	if err := fitLegend(&legend, dc, th); err != nil {
		return err
	}
	lw := legend.Rectangle(dc).Size().X + 6
	legend.Left, legend.Top = true, true
	legend.YOffs = -th
	p.Draw(draw.Crop(dc, 0, -lw, 0, 0))
	legend.Draw(draw.Crop(dc, dc.Size().X-lw+6, 0, 0, 0))
	_, err = c.WriteTo(w)
	return err
}

// fitLegend sets the legend's text from 9 down to 7 points so that it fits the height of dc
// below a title th high, or returns an error when dc has no room for it and a plot 2 inches
// wide and 1 inch high.
func fitLegend(legend *plot.Legend, dc draw.Canvas, th vg.Length) error {
	w, h := dc.Size().X, dc.Size().Y-th
	for legend.TextStyle.Font.Size > 7 && legend.Rectangle(dc).Size().Y > h {
		legend.TextStyle.Font.Size -= 0.5
	}
	if r := legend.Rectangle(dc).Size(); r.X+6 > w-2*vg.Inch || r.Y > h || h < vg.Inch {
		return fmt.Errorf("plot: a figure of %.0f × %.0f points is too small for a plot and a legend of %.0f × %.0f points beside it: make it larger",
			w.Points(), dc.Size().Y.Points(), r.X.Points(), r.Y.Points())
	}
	return nil
}

// canvas returns an empty canvas of the figure's size in format.
func (f *Figure) canvas(format string) (vg.CanvasWriterTo, error) {
	w, h := vg.Points(f.opt.Width), vg.Points(f.opt.Height)
	switch format {
	case "svg":
		return vgsvg.New(w, h), nil
	case "pdf":
		return vgpdf.New(w, h), nil
	case "eps":
		return epsCanvas{vgeps.New(w, h)}, nil
	case "tex":
		return vgtex.New(w, h), nil
	case "png":
		if err := CheckOptions(f.opt, format); err != nil {
			return nil, err
		}
		return vgimg.PngCanvas{Canvas: vgimg.NewWith(vgimg.UseWH(w, h), vgimg.UseDPI(f.opt.DPI))}, nil
	}
	return nil, fmt.Errorf("plot: unknown format %q: one of %s", format, strings.Join(Formats, ", "))
}

// plot returns the plot of the figure, its title and axes set and its series added, and its
// legend, with the texts written for format.
func (f *Figure) plot(format string) (*plot.Plot, plot.Legend, error) {
	text := func(s string) string { return s }
	if format == "tex" {
		text = texEscape.Replace
	}
	p := plot.New()
	p.Title.Text = f.opt.Title
	p.X.Label.Text, p.Y.Label.Text = f.opt.XLabel, f.opt.YLabel
	p.X.Tick.Marker, p.Y.Tick.Marker = intTicks{}, intTicks{}
	f.defaults(p, format, text)
	legend := plot.NewLegend()
	legend.TextStyle.Font.Size = vg.Points(9)
	var xmax, ymax float64
	for _, s := range f.series {
		xmax, ymax = max(xmax, float64(s.xs-1)), max(ymax, float64(s.top))
	}
	// Axes from 0, at least one unit long: gonum/plot cannot lay out an empty range.
	p.X.Min, p.X.Max, p.Y.Min, p.Y.Max = 0, max(xmax, 1), 0, max(ymax, 1)
	var top []plot.Plotter // the rare marks and preperiod lines, drawn over every series' marks
	for i, s := range f.series {
		common, special, line, err := f.plotters(s, i, p.Y.Max, format == "png")
		if err != nil {
			return nil, legend, err
		}
		p.Add(common)
		cl, sl, ll := s.labels()
		legend.Add(text(cl), common)
		if special != nil {
			top = append(top, special)
			legend.Add(text(sl), special)
		}
		if line != nil {
			top = append(top, line)
			legend.Add(text(ll), line)
		}
	}
	p.Add(top...)
	return p, legend, nil
}

// defaults sets the title and axis labels that the options leave "", written for format.
func (f *Figure) defaults(p *plot.Plot, format string, text func(string) string) {
	var codes []string
	for _, s := range f.series {
		codes = append(codes, s.code)
	}
	x, y := "heap n", "G(n)"
	if format == "tex" {
		x, y = `heap $n$`, `$G(n)$`
	}
	title := "G(n) of " + strings.Join(codes, ", ")
	if f.opt.Kind == Residues {
		x, title = "n mod p", "G(n) against n mod p: "+strings.Join(codes, ", ")
		if format == "tex" {
			x = `$n \bmod p$`
		}
		if m := f.series[0].mod; f.sameModulus() {
			x = strings.Replace(x, "p", strconv.Itoa(m), 1)
			title = strings.Replace(title, "p", strconv.Itoa(m), 1)
		}
		if f.grows() {
			y = f.saltusLabel(format == "tex")
		}
	}
	if p.Title.Text == "" {
		p.Title.Text = text(title)
	}
	if p.X.Label.Text == "" {
		p.X.Label.Text = x
	}
	if p.Y.Label.Text == "" {
		p.Y.Label.Text = y
	}
}

// grows says whether a series of a Residues figure grows by a saltus.
func (f *Figure) grows() bool {
	for _, s := range f.series {
		if s.saltus != 0 {
			return true
		}
	}
	return false
}

// saltusLabel returns the label of the values of a Residues figure whose series grow by a
// saltus: what is drawn, "G(n) - 3 floor(n/6)" for the one series of 0.3F, "G(n) - s
// floor((n-n0)/p)" for several; in LaTeX for tex.
func (f *Figure) saltusLabel(tex bool) string {
	s, p, n := "s", "p", "(n-n0)"
	if len(f.series) == 1 {
		one := f.series[0]
		s, p, n = strconv.Itoa(one.saltus), strconv.Itoa(one.mod), "n"
		if one.pre > 0 {
			n = "(n-" + strconv.Itoa(one.pre) + ")"
		}
	}
	if tex {
		return fmt.Sprintf(`$G(n) - %s \lfloor %s/%s \rfloor$`, s, strings.ReplaceAll(n, "n0", "n_0"), p)
	}
	return fmt.Sprintf("G(n) - %s floor(%s/%s)", s, n, p)
}

// sameModulus says whether every series of a Residues figure is drawn against the same
// modulus.
func (f *Figure) sameModulus() bool {
	for _, s := range f.series {
		if s.mod != f.series[0].mod {
			return false
		}
	}
	return true
}

// plotters returns the marks of series s, the i-th of the figure: its common marks, its marks
// of the other class (nil when none) and the line at its preperiod up to ymax (nil when none),
// the marks drawn for a raster format when raster.
func (f *Figure) plotters(s *Series, i int, ymax float64, raster bool) (common, special *marks, line *plotter.Line, err error) {
	var cxy, sxy plotter.XYs
	for _, c := range s.cells {
		pt := plotter.XY{X: float64(c.x), Y: float64(c.v)}
		if c.flags&hasCommon != 0 {
			cxy = append(cxy, pt)
		}
		if c.flags&hasSpecial != 0 {
			sxy = append(sxy, pt)
		}
	}
	clr := palette[i%len(palette)]
	r := f.radius(s)
	common = &marks{xys: cxy, GlyphStyle: draw.GlyphStyle{Color: clr, Radius: r, Shape: shapes[i%len(shapes)]}, raster: raster}
	if len(sxy) > 0 {
		// Rings around the marks, in the series' color: read as a class of heaps of the code,
		// not as errors.
		special = &marks{xys: sxy, GlyphStyle: draw.GlyphStyle{Color: clr, Radius: r + vg.Points(1.5), Shape: draw.RingGlyph{}}, raster: raster}
	}
	if s.preperiodLine() {
		x := float64(s.period.Preperiod) - 0.5
		if line, err = plotter.NewLine(plotter.XYs{{X: x, Y: 0}, {X: x, Y: ymax}}); err != nil {
			return nil, nil, nil, err
		}
		line.LineStyle = draw.LineStyle{Color: clr, Width: vg.Points(1), Dashes: []vg.Length{vg.Points(4), vg.Points(2)}}
	}
	return common, special, line, nil
}

// radius returns the radius of the common marks of s: about half their spacing in a plot
// about as large as the figure, from 0.9 to 2 points.
func (f *Figure) radius(s *Series) vg.Length {
	dx, dy := 0.75*f.opt.Width/float64(s.cols), 0.7*f.opt.Height/float64(min(s.rows, s.top+1))
	return vg.Points(math.Max(0.9, math.Min(2, math.Min(dx, dy)/2)))
}

// epsCanvas writes vgeps' EPS with the header line that readers look for: vgeps (v0.17.0)
// starts its file with "%%!PS-Adobe-3.0 EPSF-3.0", one "%" too many, which `file`, LaTeX's
// epstopdf and viewers do not take for PostScript.
type epsCanvas struct{ *vgeps.Canvas }

func (c epsCanvas) WriteTo(w io.Writer) (int64, error) {
	var b bytes.Buffer
	if _, err := c.Canvas.WriteTo(&b); err != nil {
		return 0, err
	}
	out := b.Bytes()
	if bytes.HasPrefix(out, []byte("%%!PS")) {
		out = out[1:]
	}
	n, err := w.Write(out)
	return int64(n), err
}

// marks draws glyphs at points, as plotter.Scatter does, but in the vector formats as one path
// filled (or, for rings, stroked) at once: 280,000 marks took 20 s to write in PDF a glyph at
// a time, 3.6 s as one path. PNG is the other way round (freetype's rasterizer, under gg,
// looks its cells up one by one along a row): 12 s a glyph at a time, 33 s as one path.
type marks struct {
	xys plotter.XYs
	draw.GlyphStyle
	raster bool // drawn a glyph at a time, for PNG
}

// Plot draws the marks on c.
func (m *marks) Plot(c draw.Canvas, p *plot.Plot) {
	trX, trY := p.Transforms(&c)
	if m.raster {
		for _, xy := range m.xys {
			c.DrawGlyph(m.GlyphStyle, vg.Point{X: trX(xy.X), Y: trY(xy.Y)})
		}
		return
	}
	rec := &pathRecorder{Canvas: c.Canvas}
	dc := draw.Canvas{Canvas: rec, Rectangle: c.Rectangle}
	for _, xy := range m.xys {
		dc.DrawGlyph(m.GlyphStyle, vg.Point{X: trX(xy.X), Y: trY(xy.Y)})
	}
	c.SetColor(m.Color)
	if rec.stroked {
		c.SetLineWidth(vg.Points(0.5))
		c.SetLineDash(nil, 0)
		c.Stroke(rec.path)
	} else {
		c.Fill(rec.path)
	}
}

// GlyphBoxes returns the boxes of the marks at the extremes, for the axes to leave room for.
func (m *marks) GlyphBoxes(p *plot.Plot) []plot.GlyphBox {
	if len(m.xys) == 0 {
		return nil
	}
	lo, hi := m.xys[0], m.xys[0]
	for _, xy := range m.xys {
		lo.X, lo.Y, hi.X, hi.Y = min(lo.X, xy.X), min(lo.Y, xy.Y), max(hi.X, xy.X), max(hi.Y, xy.Y)
	}
	var boxes []plot.GlyphBox
	for _, xy := range []plotter.XY{lo, hi} {
		boxes = append(boxes, plot.GlyphBox{X: p.X.Norm(xy.X), Y: p.Y.Norm(xy.Y), Rectangle: m.GlyphStyle.Rectangle()})
	}
	return boxes
}

// Thumbnail draws a mark in a legend, at least 2.5 points across so that its shape and color
// read even when the marks are dots.
func (m *marks) Thumbnail(c *draw.Canvas) {
	sty := m.GlyphStyle
	sty.Radius = max(sty.Radius, vg.Points(2.5))
	c.DrawGlyph(sty, c.Center())
}

// pathRecorder is a canvas that keeps the paths filled or stroked on it as one path, and
// draws nothing.
type pathRecorder struct {
	vg.Canvas
	path    vg.Path
	stroked bool
}

func (r *pathRecorder) Fill(p vg.Path)   { r.path = append(r.path, p...) }
func (r *pathRecorder) Stroke(p vg.Path) { r.path, r.stroked = append(r.path, p...), true }

// intTicks marks an axis at round integers: steps of 1, 2 or 5 times a power of ten, at most
// 6 of them labelled, and unlabelled ticks between them when the step allows.
type intTicks struct{}

func (intTicks) Ticks(lo, hi float64) []plot.Tick {
	step, minor := 1.0, 0.0
	for m := 0; math.Floor((hi-lo)/step) > 5; m++ {
		next := []float64{2, 5, 10}[m%3] * math.Pow(10, float64(m/3))
		step, minor = next, []float64{1, 1, 5}[m%3]*math.Pow(10, float64(m/3))
	}
	var ts []plot.Tick
	for t := math.Ceil(lo/step) * step; t <= hi; t += step {
		ts = append(ts, plot.Tick{Value: t, Label: strconv.FormatFloat(t, 'f', -1, 64)})
	}
	if minor > 0 && (hi-lo)/minor <= 25 {
		for t := math.Ceil(lo/minor) * minor; t <= hi; t += minor {
			if math.Mod(t, step) != 0 {
				ts = append(ts, plot.Tick{Value: t})
			}
		}
	}
	return ts
}

// texEscape writes the texts made here (codes, counts, ">=" and "<") for LaTeX.
var texEscape = strings.NewReplacer(`\`, `\textbackslash{}`, "{", `\{`, "}", `\}`, "$", `\$`, "&", `\&`,
	"#", `\#`, "^", `\^{}`, "_", `\_`, "%", `\%`, "~", `\~{}`, ">=", `$\geq$`, "<", `$<$`, ">", `$>$`)
