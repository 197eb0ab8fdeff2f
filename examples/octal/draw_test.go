package main

import (
	"encoding/xml"
	"image/png"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// svgOf parses an SVG file as XML and returns its circles' classes and titles and its texts.
func svgOf(t *testing.T, path string) (classes, titles, texts []string) {
	f, err := os.Open(path)
	require.NoError(t, err)
	defer f.Close()
	d := xml.NewDecoder(f)
	var in string
	for {
		tok, err := d.Token()
		if err == io.EOF {
			break
		}
		require.NoError(t, err)
		switch tok := tok.(type) {
		case xml.StartElement:
			in = tok.Name.Local
			if in == "circle" {
				class := ""
				for _, a := range tok.Attr {
					if a.Name.Local == "class" {
						class = a.Value
					}
				}
				classes = append(classes, class)
			}
		case xml.CharData:
			switch in {
			case "title":
				titles = append(titles, string(tok))
			case "text":
				texts = append(texts, string(tok))
			}
		case xml.EndElement:
			in = ""
		}
	}
	return classes, titles, texts
}

// TestPlotKayles plots Kayles to 300 heaps: one mark a heap, the report's rare heaps marked,
// the value of heap 70, the last exception (Guy & Smith 1956), and the proven period.
func TestPlotKayles(t *testing.T) {
	dir := t.TempDir()
	svg := filepath.Join(dir, "k.svg")
	m := jsonOf(t, "-code", "0.77", "-n", "300", "-plot", svg)
	classes, titles, texts := svgOf(t, svg)
	require.Len(t, classes, 300)
	rare := 0
	for _, c := range classes {
		if c == "rare" {
			rare++
		}
	}
	assert.Equal(t, int(m["rare_count"].(float64)), rare)
	k := readValues(t, "../../testdata/kayles.txt")
	assert.Contains(t, titles, "G(70) = "+strconv.Itoa(k[70]))
	assert.Contains(t, titles, "G(299) = "+strconv.Itoa(kaylesAt(k, 299)))
	assert.Contains(t, texts, "preperiod 71, period 12")
	assert.Contains(t, texts, "n0 = 71")

	pngPath := filepath.Join(dir, "k.png")
	code, _, errOut := runOctal(t, "-code", "0.77", "-n", "300", "-plot", pngPath)
	require.Equal(t, 0, code, errOut)
	f, err := os.Open(pngPath)
	require.NoError(t, err)
	defer f.Close()
	_, err = png.Decode(f)
	require.NoError(t, err)
}

// kaylesAt returns K(n) from the seed's K(0..83), k, continued by the period 12 from 71.
func kaylesAt(k []int, n int) int {
	if n < len(k) {
		return k[n]
	}
	return k[72+(n-72)%12]
}

// TestPlotOpen plots 0.6 (Officers) to 2^14 heaps, where no period is proven: the text
// says so, and the rare heaps, all below 20,627 (as published), are marked.
func TestPlotOpen(t *testing.T) {
	svg := filepath.Join(t.TempDir(), "o.svg")
	code, _, errOut := runOctal(t, "-code", "0.6", "-n", "16384", "-plot", svg)
	require.Equal(t, 0, code, errOut)
	classes, _, texts := svgOf(t, svg)
	assert.Contains(t, texts, "no period in 16384 values")
	rare := 0
	for _, c := range classes {
		if c == "rare" {
			rare++
		}
	}
	assert.Positive(t, rare)
}

// TestPeriodic writes Kayles' periodic table: its rows are the seed's table, and the rows past
// it continue the period.
func TestPeriodic(t *testing.T) {
	path := filepath.Join(t.TempDir(), "k.txt")
	code, _, errOut := runOctal(t, "-code", "0.77", "-n", "204", "-periodic", path)
	require.Equal(t, 0, code, errOut)
	b, err := os.ReadFile(path)
	require.NoError(t, err)
	lines := strings.Split(strings.TrimSpace(string(b)), "\n")
	require.Len(t, lines, 2+17)
	assert.Equal(t, "# 0.77: preperiod 71, period 12; G(0..203) in rows of 12: row a holds G(12·a) .. G(12·a+11)", lines[0])
	k := readValues(t, "../../testdata/kayles.txt")
	for a := range 17 {
		f := strings.Fields(lines[2+a])
		require.Len(t, f, 13)
		assert.Equal(t, strconv.Itoa(12*a), f[0])
		for b := range 12 {
			assert.Equal(t, strconv.Itoa(kaylesAt(k, 12*a+b)), f[1+b], "G(%d)", 12*a+b)
		}
	}

	code, _, errOut = runOctal(t, "-code", "0.6", "-n", "1000", "-periodic", path)
	assert.Equal(t, 1, code)
	assert.Contains(t, errOut, "give the row length with -columns")
	code, _, errOut = runOctal(t, "-code", "0.6", "-n", "1000", "-periodic", path, "-columns", "16")
	require.Equal(t, 0, code, errOut)
	b, err = os.ReadFile(path)
	require.NoError(t, err)
	lines = strings.Split(strings.TrimSpace(string(b)), "\n")
	assert.Len(t, lines, 2+63) // 1000 values in rows of 16
	code, _, errOut = runOctal(t, "-code", "0.6", "-columns", "16")
	assert.Equal(t, 2, code)
	assert.Contains(t, errOut, "-columns is the row length of -periodic: give it with -periodic")
	code, _, _ = runOctal(t, "-classify", "-plot", path)
	assert.Equal(t, 2, code)
}
