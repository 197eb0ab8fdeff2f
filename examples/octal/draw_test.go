package main

import (
	"encoding/xml"
	"fmt"
	"image"
	"image/png"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// svgTexts parses an SVG file as XML and returns its texts.
func svgTexts(t *testing.T, path string) []string {
	f, err := os.Open(path)
	require.NoError(t, err)
	defer f.Close()
	d := xml.NewDecoder(f)
	var in string
	var texts []string
	for {
		tok, err := d.Token()
		if err == io.EOF {
			break
		}
		require.NoError(t, err)
		switch tok := tok.(type) {
		case xml.StartElement:
			in = tok.Name.Local
		case xml.CharData:
			if in == "text" {
				texts = append(texts, string(tok))
			}
		case xml.EndElement:
			in = ""
		}
	}
	return texts
}

// fileHas asserts that the file at path starts with head and holds each of texts.
func fileHas(t *testing.T, path, head string, texts ...string) {
	t.Helper()
	b, err := os.ReadFile(path)
	require.NoError(t, err)
	assert.True(t, strings.HasPrefix(string(b), head), "%s starts %q", path, b[:min(len(b), 40)])
	for _, s := range texts {
		assert.True(t, strings.Contains(string(b), s), "%s lacks %q", path, s)
	}
}

// TestPlotKayles plots Kayles to 300 heaps: the legend gives the proven period, the end of the
// preperiod (Guy & Smith 1956) and as many rare heaps as the report (all below 71); the PNG
// has the default size, 6.5 × 3 inches at 200 dpi.
func TestPlotKayles(t *testing.T) {
	dir := t.TempDir()
	svg := filepath.Join(dir, "k.svg")
	m := jsonOf(t, "-code", "0.77", "-n", "300", "-plot", svg)
	texts := svgTexts(t, svg)
	assert.Contains(t, texts, "G(n) of 0.77")
	assert.Contains(t, texts, "heap n")
	assert.Contains(t, texts, "G(n)")
	assert.Contains(t, texts, "0.77: period 12")
	assert.Contains(t, texts, "0.77: preperiod 71")
	assert.Contains(t, texts, fmt.Sprintf("0.77: %d rare heaps", int(m["rare_count"].(float64))))

	pngPath := filepath.Join(dir, "k.png")
	code, _, errOut := runOctal(t, "-code", "0.77", "-n", "300", "-plot", pngPath)
	require.Equal(t, 0, code, errOut)
	f, err := os.Open(pngPath)
	require.NoError(t, err)
	defer f.Close()
	img, err := png.Decode(f)
	require.NoError(t, err)
	assert.Equal(t, 1300, img.Bounds().Dx())
	assert.Equal(t, 600, img.Bounds().Dy())
}

// kaylesAt returns K(n) from the seed's K(0..83), k, continued by the period 12 from 71.
func kaylesAt(k []int, n int) int {
	if n < len(k) {
		return k[n]
	}
	return k[72+(n-72)%12]
}

// TestPlotOpen plots 0.6 (Officers) to 2^14 heaps, where no period is proven: the legend says
// so, and gives the rare heaps, all below 20,627 (as published).
func TestPlotOpen(t *testing.T) {
	svg := filepath.Join(t.TempDir(), "o.svg")
	code, _, errOut := runOctal(t, "-code", "0.6", "-n", "16384", "-plot", svg)
	require.Equal(t, 0, code, errOut)
	texts := svgTexts(t, svg)
	assert.Contains(t, texts, "0.6: no period in 16384 values")
	rare := 0
	for _, s := range texts {
		if _, err := fmt.Sscanf(s, "0.6: %d rare heaps", &rare); err == nil {
			break
		}
	}
	assert.Positive(t, rare)
}

// TestPlotCodes draws 0.77, 0.07 and 0.137 in one figure, in each format, with -plot-codes as a
// list and as a repeated flag: the legend names each code with its period and preperiod, and
// the figure against n mod p each code's heaps from its preperiod on.
func TestPlotCodes(t *testing.T) {
	dir := t.TempDir()
	path := func(name string) string { return filepath.Join(dir, name) }
	code, _, errOut := runOctal(t, "-code", "0.77", "-n", "300", "-plot-codes", "0.07,0.137",
		"-plot", path("v.svg"), "-plot-mod", path("m.tex"))
	require.Equal(t, 0, code, errOut)
	legend := []string{"G(n) of 0.77, 0.07, 0.137", "0.77: period 12", "0.77: preperiod 71", "0.07: period 34",
		"0.07: preperiod 53", "0.137: period 34", "0.137: preperiod 52", "0.07: 94 rare heaps"}
	fileHas(t, path("v.svg"), "<?xml", legend...)
	fileHas(t, path("m.tex"), "%% gonum/plot created for LaTeX/pgf", `\begin{pgfpicture}`,
		"G(n) against n mod p: 0.77, 0.07, 0.137", `0.77: n $\geq$ 71, period 12`, `0.77: n $<$ 71`,
		`0.07: n $\geq$ 53, period 34`, `0.137: n $\geq$ 52, period 34`, `$n \bmod p$`)

	code, _, errOut = runOctal(t, "-code", "0.77", "-n", "300", "-plot-codes", "0.07", "-plot-codes", "0.137",
		"-plot", path("v.pdf"), "-plot-mod", path("m.eps"), "-plot-title", "Kayles and Dawson",
		"-plot-size", "16cm,8cm", "-plot-dpi", "100")
	require.Equal(t, 0, code, errOut)
	fileHas(t, path("v.pdf"), "%PDF-")
	fileHas(t, path("m.eps"), "%!PS-Adobe-3.0 EPSF-3.0", "Kayles and Dawson", "0.137: n >= 52, period 34",
		"%%BoundingBox: 0 0 453.54 226.77")

	code, _, errOut = runOctal(t, "-code", "0.77", "-n", "300", "-plot-codes", "0.07", "-plot", path("v.png"),
		"-plot-size", "4in,2in", "-plot-dpi", "100")
	require.Equal(t, 0, code, errOut)
	f, err := os.Open(path("v.png"))
	require.NoError(t, err)
	defer f.Close()
	img, err := png.Decode(f)
	require.NoError(t, err)
	assert.Equal(t, image.Rect(0, 0, 400, 200), img.Bounds())
}

// TestPlotMod draws 0.6 against n mod p: it shows no period in 1000 values, so p must be
// given.
func TestPlotMod(t *testing.T) {
	svg := filepath.Join(t.TempDir(), "m.svg")
	code, _, errOut := runOctal(t, "-code", "0.6", "-n", "1000", "-plot-mod", svg)
	assert.Equal(t, 1, code)
	assert.Contains(t, errOut, "-plot-mod: 0.6 shows no period in 1000 values: give p with -plot-period")
	code, _, errOut = runOctal(t, "-code", "0.6", "-n", "1000", "-plot-mod", svg, "-plot-period", "16")
	require.Equal(t, 0, code, errOut)
	texts := svgTexts(t, svg)
	assert.Contains(t, texts, "0.6: n mod 16")
	assert.Contains(t, texts, "n mod 16")
}

// TestPlotFlags gives bad plot flags: each is refused with a message that says what to do.
func TestPlotFlags(t *testing.T) {
	for _, tc := range []struct {
		args []string
		msg  string
	}{
		{[]string{"-plot", "a.jpg"}, `-plot "a.jpg": a figure is written as SVG, PDF, PNG, EPS or TeX (PGF): the file name must end in .svg, .pdf, .png, .eps or .tex`},
		{[]string{"-plot-mod", "a"}, "-plot-mod \"a\": a figure is written as"},
		{[]string{"-plot-codes", "0.07"}, "-plot-codes shapes the figures of -plot and -plot-mod: give it with one of them"},
		{[]string{"-plot-title", "x"}, "-plot-title shapes the figures"},
		{[]string{"-plot-dpi", "300"}, "-plot-dpi shapes the figures"},
		{[]string{"-plot", "a.svg", "-plot-period", "12"}, "-plot-period is the p of -plot-mod: give it with -plot-mod"},
		{[]string{"-plot-mod", "a.svg", "-plot-period", "-1"}, "-plot-period must be at least 1, or 0 for each code's period"},
		{[]string{"-plot", "a.svg", "-plot-size", "6in"}, "-plot-size 6in: give WIDTH,HEIGHT"},
		{[]string{"-plot", "a.svg", "-plot-size", "6x,3in"}, `-plot-size 6x,3in: "6x" is not a positive number and a unit`},
		{[]string{"-plot", "a.svg", "-plot-size", "0.5in,3in"}, "-plot-size 0.5in,3in: a figure of 36pt × 216pt: each side must be from 1 to 100 inches"},
		{[]string{"-plot", "a.svg", "-plot-dpi", "5"}, "-plot-dpi must be from 10 to 2400 dots an inch"},
		{[]string{"-plot", "a.png", "-plot-size", "100in,100in", "-plot-dpi", "300"}, "-plot a PNG of 900 million pixels: at most 50 million"},
		{[]string{"-plot", "a.svg", "-plot-codes", "0.9x"}, "-plot-codes 0.9x:"},
		{[]string{"-plot", "a.svg", "-plot-codes", "0.07,0.770"}, "-plot-codes 0.770: 0.77 is drawn already"},
		{[]string{"-plot", "a.svg", "-plot-codes", "0.07,,0.137"}, `invalid value "0.07,,0.137" for flag -plot-codes: an empty code in "0.07,,0.137"`},
	} {
		code, _, errOut := runOctal(t, append([]string{"-code", "0.77"}, tc.args...)...)
		assert.Equal(t, 2, code, "%v", tc.args)
		assert.Contains(t, errOut, tc.msg, "%v", tc.args)
	}
	code, _, errOut := runOctal(t, "-classify", "-plot-mod", "a.svg")
	assert.Equal(t, 2, code)
	assert.Contains(t, errOut, "-classify takes only")
	code, _, errOut = runOctal(t, "-classify", "-plot-title", "x")
	assert.Equal(t, 2, code)
	assert.Contains(t, errOut, "-plot-title shapes the figures")
}
