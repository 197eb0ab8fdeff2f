package main

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/octalgames/kayles"
)

// This file implements -periodic: the values of a run set in rows, as Guy and Smith's Kayles
// table, with the exceptions to the period marked.

// exceptions returns the heaps a below the preperiod of the period p (proven or apparent)
// whose value differs from the periodic continuation, G(a) != G(a+k·p) - k·s for the least k
// with a+k·p >= n0: the heaps that -exceptions lists. The values it reads are computed.
func exceptions(ctx context.Context, o *kayles.Octal, p kayles.Period) (map[int]bool, error) {
	exc := map[int]bool{}
	if p.Period == 0 {
		return exc, nil
	}
	for a := range p.Preperiod {
		k := (p.Preperiod - a + p.Period - 1) / p.Period
		v, err := o.Grundy(ctx, a)
		if err != nil {
			return nil, err
		}
		c, err := o.Grundy(ctx, a+k*p.Period)
		if err != nil {
			return nil, err
		}
		if v != c-k*p.Saltus {
			exc[a] = true
		}
	}
	return exc, nil
}

// writePeriodic writes the periodic table of G(0), ..., G(count-1) of o to w, in rows of
// columns values, or (columns 0) of r's proven or apparent period: a comment line, a header
// "n +0 +1 ...", then a line for each row, its first heap and its values in right-aligned
// columns. Row a holds G(p·a), ..., G(p·a+p-1). Each exception to r's period (see
// exceptions) is marked with a * after its value, and the comment line says so. A report
// with no period and no columns is an error that says to give -columns. It reads the values
// once, holding one row at a time, and the exceptions.
func writePeriodic(ctx context.Context, o *kayles.Octal, r kayles.Report, count, columns int, w io.Writer) error {
	per := r.Period
	if per.Period == 0 {
		per = r.Apparent
	}
	if columns == 0 {
		if per.Period == 0 {
			return fmt.Errorf("-periodic: %s shows no period in %d values: give the row length with -columns", o, r.Values)
		}
		columns = per.Period
	}
	exc, err := exceptions(ctx, o, per)
	if err != nil {
		return err
	}
	top, err := maxOf(ctx, o, count)
	if err != nil {
		return err
	}
	seq, err := o.Sequence(ctx, count)
	if err != nil {
		return err
	}
	note, _ := periodLine(r)
	note = fmt.Sprintf("%s: %s; G(0..%d) in rows of %d: row a holds G(%d·a) .. G(%d·a+%d)",
		o, note, count-1, columns, columns, columns, columns-1)
	mark := ""
	if len(exc) > 0 {
		note += fmt.Sprintf("; * marks the %d exceptions, heaps below %d whose value is not the period's", len(exc), per.Preperiod)
		mark = " "
	}
	hw := len(strconv.Itoa(max(count-1, 0)))                          // the width of the row labels
	cw := max(len(strconv.Itoa(top)), len(strconv.Itoa(columns-1))+1) // and of the columns
	bw := bufio.NewWriterSize(w, 1<<16)
	var line strings.Builder
	fmt.Fprintf(&line, "# %s\n%*s", note, hw, "n")
	for c := range columns {
		fmt.Fprintf(&line, " %*s%s", cw, "+"+strconv.Itoa(c), mark)
	}
	for a, v := range seq {
		if a%columns == 0 {
			bw.WriteString(strings.TrimRight(line.String(), " ") + "\n")
			line.Reset()
			fmt.Fprintf(&line, "%*d", hw, a)
		}
		m := mark
		if exc[a] {
			m = "*"
		}
		fmt.Fprintf(&line, " %*d%s", cw, v, m)
	}
	bw.WriteString(strings.TrimRight(line.String(), " ") + "\n")
	return bw.Flush()
}
