package plot

import (
	"bytes"
	"image/png"
	"strings"
	"testing"

	"github.com/octalgames/kayles"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// kaylesPeriod is Kayles' period (Guy & Smith 1956).
var kaylesPeriod = kayles.Period{Preperiod: 71, Period: 12, Proven: true}

// kaylesFigure returns a figure of kind holding K(0..83), whose rare heaps are here those of
// value 8 (a set the test can count: 27, 33, 45, 51, 63, 69, 75 and 81), and, as a second
// series, the same values as an apparent period of code "0.7x".
func kaylesFigure(t *testing.T, opt Options) (*Figure, *Series) {
	vals, _ := kaylesValues(t)
	f, err := NewFigure(opt)
	require.NoError(t, err)
	k, err := f.AddSeries("0.77", len(vals), 8, kaylesPeriod)
	require.NoError(t, err)
	other, err := f.AddSeries("0.7x", len(vals), 8, kayles.Period{Preperiod: 71, Period: 12})
	require.NoError(t, err)
	for a, v := range vals {
		require.NoError(t, k.Add(a, v, v == 8))
		require.NoError(t, other.Add(a, v, false))
	}
	return f, k
}

// has asserts that out contains s, without printing out, a figure, when it does not.
func has(t *testing.T, out, s string, msg ...any) {
	t.Helper()
	assert.True(t, strings.Contains(out, s), append([]any{"lacks %q", s}, msg...)...)
}

// hasNot asserts that out does not contain s.
func hasNot(t *testing.T, out, s string, msg ...any) {
	t.Helper()
	assert.False(t, strings.Contains(out, s), append([]any{"holds %q", s}, msg...)...)
}

// written returns the figure written in format.
func written(t *testing.T, f *Figure, format string) string {
	var b bytes.Buffer
	require.NoError(t, f.Write(&b, format))
	return b.String()
}

// TestPlotFigureFormats writes one figure in every format: each starts as its format does, the PNG
// has the size and resolution asked, and the texts (SVG, EPS, TeX) hold the title, the axis
// labels and a legend entry for each code, its rare heaps and its preperiod.
func TestPlotFigureFormats(t *testing.T) {
	f, _ := kaylesFigure(t, Options{Width: 360, Height: 180, DPI: 144})
	heads := map[string]string{"svg": "<?xml", "pdf": "%PDF-", "png": "\x89PNG\r\n\x1a\n", "eps": "%!PS-Adobe-3.0 EPSF-3.0", "tex": "%% gonum/plot created for LaTeX/pgf"}
	legend := []string{"G(n) of 0.77, 0.7x", "0.77: period 12", "0.77: 8 rare heaps", "0.77: preperiod 71",
		"0.7x: period 12 (apparent)", "0.7x: preperiod 71 (apparent)", "G(n)"}
	for _, format := range Formats {
		out := written(t, f, format)
		assert.True(t, strings.HasPrefix(out, heads[format]), "%s starts %q", format, out[:min(40, len(out))])
		switch format {
		case "svg", "eps":
			for _, s := range append(legend, "heap n") {
				has(t, out, s, format)
			}
			hasNot(t, out, "rare heaps (apparent)")
			hasNot(t, out, "0.7x: 0 rare heaps", "no rare entry for a series without rare heaps")
		case "tex":
			has(t, out, `\begin{pgfpicture}`)
			has(t, out, `heap $n$`)
			for _, s := range legend {
				has(t, out, s, format)
			}
		case "png":
			img, err := png.Decode(strings.NewReader(out))
			require.NoError(t, err)
			assert.Equal(t, 720, img.Bounds().Dx()) // 5 inches at 144 dpi
			assert.Equal(t, 360, img.Bounds().Dy())
		}
	}
}

// TestPlotFigureMarks counts the marks of Kayles: one a heap, since 84 heaps and 9 values fit the
// cells; the 8 rare heaps as rare marks, drawn over marks of no common heap.
func TestPlotFigureMarks(t *testing.T) {
	_, k := kaylesFigure(t, Options{})
	common, rare := k.Marks()
	assert.Equal(t, 76, common)
	assert.Equal(t, 8, rare)
	cl, sl, ll := k.labels()
	assert.Equal(t, []string{"0.77: period 12", "0.77: 8 rare heaps", "0.77: preperiod 71"}, []string{cl, sl, ll})
}

// TestPlotFigureBinned adds more heaps and values than the figure resolves: the cells stay within
// the bounds, and a rare heap keeps its cell's rare mark.
func TestPlotFigureBinned(t *testing.T) {
	const n = 100000
	f, err := NewFigure(Options{})
	require.NoError(t, err)
	s, err := f.AddSeries("ramp", n, 999, kayles.Period{})
	require.NoError(t, err)
	for a := range n {
		require.NoError(t, s.Add(a, a%1000, a == 54321))
	}
	assert.Equal(t, 312, s.cols) // 468 points in cells of 1.5
	assert.Equal(t, 144, s.rows) // 216 points

	common, rare := s.Marks()
	assert.Equal(t, 1, rare)
	assert.LessOrEqual(t, common, s.cols*s.rows)
	// Heap 54321 lies in column 54321·312/100000 = 169 and row 321·144/1000 = 46.
	c := s.cells[169*s.rows+46]
	assert.Equal(t, uint8(hasCommon|hasSpecial), c.flags)
	cl, _, ll := s.labels()
	assert.Equal(t, "ramp: no period in 100000 values", cl)
	assert.Empty(t, ll)
	out := written(t, f, "svg")
	assert.Less(t, len(out), 20<<20, "a figure of 10^5 heaps stays small")
}

// TestPlotFigureResidues draws Kayles to heap 199 against n mod 12: from heap 71 on, one mark a
// column (12), and the heaps below 71 in their own class; against n mod 24 (the period twice)
// the same split, and against n mod 7, no period, one class.
func TestPlotFigureResidues(t *testing.T) {
	for _, tc := range []struct {
		modulus, common int
		labels          []string
		xlabel          string
	}{
		{0, 12, []string{"0.77: n >= 71, period 12", "0.77: n < 71", ""}, "n mod 12"},
		{24, 24, []string{"0.77: n >= 71, period 12", "0.77: n < 71", ""}, "n mod 24"},
		{7, -1, []string{"0.77: n mod 7", "", ""}, "n mod 7"},
	} {
		vals, _ := kaylesValues(t)
		for n := len(vals); n < 200; n++ { // the period continued, to heap 199
			vals = append(vals, vals[n-12])
		}
		f, err := NewFigure(Options{Kind: Residues, Modulus: tc.modulus})
		require.NoError(t, err)
		s, err := f.AddSeries("0.77", len(vals), 8, kaylesPeriod)
		require.NoError(t, err)
		for a, v := range vals {
			require.NoError(t, s.Add(a, v, false))
		}
		common, special := s.Marks()
		if tc.common >= 0 {
			assert.Equal(t, tc.common, common, "modulus %d", tc.modulus)
			assert.Positive(t, special)
		} else {
			assert.Zero(t, special)
		}
		if tc.modulus == 0 {
			// The last exception, G(70) = 6 (Guy & Smith 1956), stands apart in column 10,
			// where the period repeats G(82) = 2.
			assert.Equal(t, fcell{x: 10, v: 6, flags: hasSpecial}, s.cells[10*s.rows+6])
			assert.Equal(t, uint8(hasCommon|hasSpecial), s.cells[10*s.rows+2].flags)
		}
		cl, sl, ll := s.labels()
		assert.Equal(t, tc.labels, []string{cl, sl, ll})
		out := written(t, f, "svg")
		has(t, out, tc.xlabel)
		has(t, out, "G(n) against "+tc.xlabel+": 0.77")
		tex := written(t, f, "tex")
		if tc.labels[1] != "" {
			has(t, tex, `0.77: n $\geq$ 71, period 12`)
			has(t, tex, `0.77: n $<$ 71`)
		}
	}
}

// TestPlotFigureSaltus draws G(n) = n (period 1, saltus 1) against n mod 1: every heap in one
// cell, at the value its column repeats.
func TestPlotFigureSaltus(t *testing.T) {
	f, err := NewFigure(Options{Kind: Residues})
	require.NoError(t, err)
	s, err := f.AddSeries("nim", 50, 49, kayles.Period{Period: 1, Saltus: 1, Proven: true})
	require.NoError(t, err)
	for a := range 50 {
		require.NoError(t, s.Add(a, a, false))
	}
	common, _ := s.Marks()
	assert.Equal(t, 1, common)
	assert.Equal(t, fcell{x: 0, v: 0, flags: hasCommon}, s.cells[0])
	cl, _, _ := s.labels()
	assert.Equal(t, "nim: period 1, saltus 1", cl)
	require.Error(t, s.Add(10, 3, false), "G(10) = 3 is below the growth of the saltus")
	// The values axis says what is drawn, and spans the values drawn, not G(49).
	p, _, err := f.plot("svg")
	require.NoError(t, err)
	assert.Equal(t, "G(n) - 1 floor(n/1)", p.Y.Label.Text)
	assert.Equal(t, 1.0, p.Y.Max)
	p, _, err = f.plot("tex")
	require.NoError(t, err)
	assert.Equal(t, `$G(n) - 1 \lfloor n/1 \rfloor$`, p.Y.Label.Text)
}

// TestPlotFigureOptions sets the title and axis labels: TeX writes them as they are, for LaTeX.
func TestPlotFigureOptions(t *testing.T) {
	f, _ := kaylesFigure(t, Options{Title: "Kayles, $G(n)$", XLabel: "size", YLabel: "value"})
	tex := written(t, f, "tex")
	has(t, tex, "Kayles, $G(n)$")
	has(t, tex, `\selectfont size}`)
	has(t, tex, `\selectfont value}`)
	hasNot(t, tex, "G(n) of")
	// The texts made here are escaped: a code with LaTeX's special characters.
	f, err := NewFigure(Options{})
	require.NoError(t, err)
	s, err := f.AddSeries("a_b%c", 1, 0, kayles.Period{})
	require.NoError(t, err)
	require.NoError(t, s.Add(0, 0, false))
	has(t, written(t, f, "tex"), `a\_b\%c: no period in 1 values`)
}

func TestPlotFigureErrors(t *testing.T) {
	for _, opt := range []Options{{Width: 10, Height: 100}, {Width: 100, Height: 1e6}, {Width: 100},
		{DPI: 5}, {DPI: 5000}, {Kind: 7}, {Modulus: -1}} {
		_, err := NewFigure(opt)
		require.Error(t, err, "%+v", opt)
	}
	require.NoError(t, CheckOptions(Options{Width: 7200, Height: 7200, DPI: 10}, "png"))
	err := CheckOptions(Options{Width: 7200, Height: 7200, DPI: 300}, "png")
	require.ErrorContains(t, err, "a PNG of 900 million pixels")
	require.NoError(t, CheckOptions(Options{Width: 7200, Height: 7200, DPI: 300}, "pdf"))

	f, err := NewFigure(Options{})
	require.NoError(t, err)
	require.ErrorContains(t, f.Write(&bytes.Buffer{}, "svg"), "without a series")
	_, err = f.AddSeries("x", 0, 5, kayles.Period{})
	require.Error(t, err)
	_, err = f.AddSeries("x", 5, -1, kayles.Period{})
	require.Error(t, err)
	_, err = f.AddSeries("x", 5, 1, kayles.Period{Period: -1})
	require.Error(t, err)
	s, err := f.AddSeries("x", 5, 3, kayles.Period{})
	require.NoError(t, err)
	require.Error(t, s.Add(5, 0, false))
	require.Error(t, s.Add(-1, 0, false))
	require.Error(t, s.Add(0, 4, false))
	require.Error(t, s.Add(0, -1, false))
	require.ErrorContains(t, f.Write(&bytes.Buffer{}, "gif"), `unknown format "gif"`)
	small, _ := kaylesFigure(t, Options{Width: 200, Height: 100})
	require.ErrorContains(t, small.Write(&bytes.Buffer{}, "png"), "a figure of 200 × 100 points is too small for a plot and a legend")

	r, err := NewFigure(Options{Kind: Residues})
	require.NoError(t, err)
	_, err = r.AddSeries("0.6", 100, 5, kayles.Period{})
	require.ErrorContains(t, err, "0.6 shows no period in 100 values")

	for _, name := range []string{"a.svg", "a.PDF", "dir.x/a.png", "a.eps", "a.tex"} {
		_, err := FormatOf(name)
		require.NoError(t, err, name)
	}
	for _, name := range []string{"a.jpg", "a", "svg", "a.svg.gz"} {
		_, err := FormatOf(name)
		require.ErrorContains(t, err, "must end in .svg, .pdf, .png, .eps or .tex", name)
	}
}

func TestPlotIntTicks(t *testing.T) {
	labels := func(lo, hi float64) (ls []string, minor int) {
		for _, tk := range (intTicks{}).Ticks(lo, hi) {
			if tk.Label == "" {
				minor++
			} else {
				ls = append(ls, tk.Label)
			}
		}
		return ls, minor
	}
	ls, minor := labels(0, 5)
	assert.Equal(t, []string{"0", "1", "2", "3", "4", "5"}, ls)
	assert.Zero(t, minor)
	ls, minor = labels(0, 9)
	assert.Equal(t, []string{"0", "2", "4", "6", "8"}, ls)
	assert.Equal(t, 5, minor) // 1, 3, 5, 7 and 9
	_, minor = labels(0, 290) // steps of 50: minor ticks at 10s would be 29
	assert.Zero(t, minor, "no minor ticks past 25")
	ls, _ = labels(0, 83)
	assert.Equal(t, []string{"0", "20", "40", "60", "80"}, ls)
	ls, _ = labels(0, 1<<20-1)
	assert.Equal(t, []string{"0", "200000", "400000", "600000", "800000", "1000000"}, ls)
	ls, _ = labels(0, 1)
	assert.Equal(t, []string{"0", "1"}, ls)
}
