package plot

import (
	"bufio"
	"bytes"
	"encoding/xml"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// kaylesValues returns K(0..83) from the seed's table (testdata/kayles.txt, OEIS A002186), with its
// rows.
func kaylesValues(t *testing.T) (vals []int, rows [][]int) {
	f, err := os.Open("../../../testdata/kayles.txt")
	require.NoError(t, err)
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if strings.HasPrefix(sc.Text(), "#") {
			continue
		}
		var row []int
		for _, w := range strings.Fields(sc.Text()) {
			v, err := strconv.Atoi(w)
			require.NoError(t, err)
			row = append(row, v)
		}
		rows = append(rows, row)
		vals = append(vals, row...)
	}
	require.Len(t, vals, 84)
	return vals, rows
}

// svgElements parses an SVG document as XML and returns its elements by name, each with its
// attributes and its text.
func svgElements(t *testing.T, doc []byte) map[string][]map[string]string {
	els := map[string][]map[string]string{}
	d := xml.NewDecoder(bytes.NewReader(doc))
	var stack []map[string]string
	var names []string
	for {
		tok, err := d.Token()
		if err == io.EOF {
			break
		}
		require.NoError(t, err)
		switch tok := tok.(type) {
		case xml.StartElement:
			attrs := map[string]string{}
			for _, a := range tok.Attr {
				attrs[a.Name.Local] = a.Value
			}
			stack, names = append(stack, attrs), append(names, tok.Name.Local)
		case xml.CharData:
			if len(stack) > 0 {
				stack[len(stack)-1]["text"] += string(tok)
			}
		case xml.EndElement:
			top := len(stack) - 1
			els[names[top]] = append(els[names[top]], stack[top])
			stack, names = stack[:top], names[:top]
		}
	}
	return els
}

func kaylesPlot(t *testing.T) *Plot {
	vals, _ := kaylesValues(t)
	p, err := New("0.77", len(vals), 8)
	require.NoError(t, err)
	for a, v := range vals {
		// Here "rare" marks the heaps of value 8, a set that the test can count.
		require.NoError(t, p.Add(a, v, v == 8))
	}
	p.Period, p.Preperiod = "preperiod 71, period 12", 71
	return p
}

func TestPlotSVG(t *testing.T) {
	var b bytes.Buffer
	require.NoError(t, kaylesPlot(t).WriteSVGElement(&b))
	els := svgElements(t, b.Bytes())
	require.Len(t, els["svg"], 1)
	// One mark a heap, since 84 heaps and 9 values fit the pixels, each titled with its value.
	require.Len(t, els["circle"], 84)
	titles, rare := map[string]bool{}, 0
	for _, c := range els["circle"] {
		if c["class"] == "rare" {
			rare++
		}
	}
	for _, e := range els["title"] {
		titles[e["text"]] = true
	}
	assert.Equal(t, 8, rare) // K(a) = 8 at a = 27, 33, 45, 51, 63, 69, 75 and 81
	assert.True(t, titles["G(70) = 6"], "the last exception to the period (Guy & Smith 1956)")
	var texts []string
	for _, e := range els["text"] {
		texts = append(texts, e["text"])
		if e["class"] == "period" {
			assert.Equal(t, "preperiod 71, period 12", e["text"])
		}
	}
	assert.Contains(t, texts, "preperiod 71, period 12")
	assert.Contains(t, texts, "n0 = 71")
	assert.Contains(t, texts, "0.77")
	var dashed int
	for _, l := range els["line"] {
		if l["class"] == "preperiod" {
			dashed++
		}
	}
	assert.Equal(t, 1, dashed)
}

// TestPlotSVGBinned plots more heaps and values than there are pixels: the marks stay within the
// cells of the plotting area, and a rare heap keeps its cell's mark rare.
func TestPlotSVGBinned(t *testing.T) {
	const n = 100000
	p, err := New("ramp", n, 999)
	require.NoError(t, err)
	for a := range n {
		require.NoError(t, p.Add(a, a%1000, a == 54321))
	}
	marks, rare := p.Marks()
	assert.Equal(t, 1, rare)
	assert.LessOrEqual(t, marks, areaW*areaH)
	var b bytes.Buffer
	require.NoError(t, p.WriteSVGElement(&b))
	els := svgElements(t, b.Bytes())
	// Past titledMarks marks the common ones are the dots "Mx yh0" of one path.
	require.Greater(t, marks, titledMarks)
	require.Len(t, els["circle"], 1)
	assert.Equal(t, "rare", els["circle"][0]["class"])
	// Heap 54321 lies in column 54321·834/100000 = 453 (heaps 54317 to 54436) and row
	// 321·294/1000 = 94 (values 320 to 323): with heaps 54320 to 54323.
	assert.Equal(t, "G(54320) = 320 and 3 more heaps", els["title"][0]["text"])
	require.Len(t, els["path"], 1)
	dots := strings.Split(strings.TrimPrefix(els["path"][0]["d"], "M"), "M")
	assert.Len(t, dots, marks-1)
	for _, d := range dots {
		var x, y float64
		_, err := fmt.Sscanf(d, "%f %fh0", &x, &y)
		require.NoError(t, err, d)
		assert.True(t, x >= left && x <= left+areaW && y >= top && y <= top+areaH, "mark at (%v, %v)", x, y)
	}
	var period int
	for _, e := range els["text"] {
		if e["class"] == "period" {
			period++
		}
	}
	assert.Zero(t, period, "no period line when Period is empty")
}

func TestPlotNewAddErrors(t *testing.T) {
	_, err := New("x", 0, 5)
	require.Error(t, err)
	_, err = New("x", 5, -1)
	require.Error(t, err)
	p, err := New("x", 5, 3)
	require.NoError(t, err)
	require.Error(t, p.Add(5, 0, false))
	require.Error(t, p.Add(-1, 0, false))
	require.Error(t, p.Add(0, 4, false))
	require.Error(t, p.Add(0, -1, false))
}

func TestPlotTicks(t *testing.T) {
	assert.Equal(t, []int{0}, ticks(0))
	assert.Equal(t, []int{0, 1, 2, 3, 4, 5}, ticks(5))
	assert.Equal(t, []int{0, 2, 4, 6}, ticks(7))
	assert.Equal(t, []int{0, 5, 10, 15, 20}, ticks(24))
	assert.Equal(t, []int{0, 20, 40, 60, 80}, ticks(83))
	assert.Equal(t, []int{0, 200000, 400000, 600000, 800000, 1000000}, ticks(1<<20-1))
}
