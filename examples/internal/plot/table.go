package plot

import (
	"fmt"
	"io"
	"iter"
	"strconv"
	"strings"
)

// This file implements the periodic table: a nim-sequence in rows of its period.

// Row is one row of a periodic table: the values G(Start), ..., G(Start+len(Values)-1).
type Row struct {
	Start  int
	Values []int
}

// Rows returns the values of seq in rows of p (the last row may be shorter), at most maxRows
// rows (maxRows <= 0: all). Otherwise (p < 1) it returns an error.
func Rows(seq iter.Seq2[int, int], p, maxRows int) ([]Row, error) {
	if p < 1 {
		return nil, fmt.Errorf("plot: a periodic table needs rows of at least one value, not %d", p)
	}
	var rows []Row
	for a, v := range seq {
		if a%p == 0 || len(rows) == 0 {
			if maxRows > 0 && len(rows) == maxRows {
				break
			}
			rows = append(rows, Row{Start: a})
		}
		r := &rows[len(rows)-1]
		r.Values = append(r.Values, v)
	}
	return rows, nil
}

// WriteTable writes the values of seq as a periodic table in rows of p, as the Kayles table of
// Guy and Smith: a comment line "# " + note, a header "n +0 +1 ... +(p-1)", then one line per
// row, its first heap and its values, in right-aligned columns. Row a holds G(p·a), ...,
// G(p·a+p-1). It reads seq once, holding one row at a time. Otherwise (p < 1) it returns an
// error.
func WriteTable(w io.Writer, seq iter.Seq2[int, int], n, maxV, p int, note string) error {
	if p < 1 {
		return fmt.Errorf("plot: a periodic table needs rows of at least one value, not %d", p)
	}
	hw := len(strconv.Itoa(max(n-1, 0)))                         // width of the row labels
	cw := max(len(strconv.Itoa(maxV)), len(strconv.Itoa(p-1))+1) // and of the columns
	var b strings.Builder
	fmt.Fprintf(&b, "# %s\n%*s", note, hw, "n")
	for c := range p {
		fmt.Fprintf(&b, " %*s", cw, "+"+strconv.Itoa(c))
	}
	for a, v := range seq {
		if a%p == 0 {
			fmt.Fprintf(&b, "\n%*d", hw, a)
		}
		fmt.Fprintf(&b, " %*d", cw, v)
		if b.Len() > 1<<16 {
			if _, err := io.WriteString(w, b.String()); err != nil {
				return err
			}
			b.Reset()
		}
	}
	b.WriteString("\n")
	_, err := io.WriteString(w, b.String())
	return err
}
