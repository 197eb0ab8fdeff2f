package main

import (
	"context"
	"fmt"
	"io"

	"github.com/octalgames/kayles"
	"github.com/octalgames/kayles/examples/internal/plot"
)

// This file implements -plot and -periodic: the values of a run drawn, and set in rows.

// periodLine says what period the report gives: the proven one, the apparent one (marked so),
// or none, with the heap where it starts (0 for none).
func periodLine(r kayles.Report) (string, int) {
	switch {
	case r.Period.Period > 0:
		return r.Period.String(), r.Period.Preperiod
	case r.Apparent.Period > 0:
		return r.Apparent.String(), r.Apparent.Preperiod
	}
	return fmt.Sprintf("no period in %d values", r.Values), 0
}

// maxOf returns the largest of G(0), ..., G(count-1).
func maxOf(ctx context.Context, o *kayles.Octal, count int) (int, error) {
	seq, err := o.Sequence(ctx, count)
	if err != nil {
		return 0, err
	}
	top := 0
	for _, v := range seq {
		top = max(top, v)
	}
	return top, nil
}

// writePlot draws G(0), ..., G(count-1) of o to w, as PNG when asPNG and as SVG otherwise, with
// the rare heaps of r's split marked and r's period shown. It reads the values twice, for the
// largest and to draw, and holds only the plot's cells.
func writePlot(ctx context.Context, o *kayles.Octal, r kayles.Report, count int, asPNG bool, w io.Writer) error {
	top, err := maxOf(ctx, o, count)
	if err != nil {
		return err
	}
	p, err := plot.New(o.String(), count, top)
	if err != nil {
		return err
	}
	p.Period, p.Preperiod = periodLine(r)
	seq, err := o.Sequence(ctx, count)
	if err != nil {
		return err
	}
	for a, v := range seq {
		if err := p.Add(a, v, r.IsRare(a, v)); err != nil {
			return err
		}
	}
	if asPNG {
		return p.WritePNG(w)
	}
	return p.WriteSVG(w)
}

// writeTable writes the periodic table of G(0), ..., G(count-1) of o to w, in rows of columns
// values, or (columns 0) of r's proven or apparent period. A report with neither and no
// columns is an error that says to give -columns.
func writeTable(ctx context.Context, o *kayles.Octal, r kayles.Report, count, columns int, w io.Writer) error {
	note, _ := periodLine(r)
	if columns == 0 {
		switch {
		case r.Period.Period > 0:
			columns = r.Period.Period
		case r.Apparent.Period > 0:
			columns = r.Apparent.Period
		default:
			return fmt.Errorf("-periodic: %s shows no period in %d values: give the row length with -columns", o, r.Values)
		}
	}
	top, err := maxOf(ctx, o, count)
	if err != nil {
		return err
	}
	seq, err := o.Sequence(ctx, count)
	if err != nil {
		return err
	}
	note = fmt.Sprintf("%s: %s; G(0..%d) in rows of %d: row a holds G(%d·a) .. G(%d·a+%d)",
		o, note, count-1, columns, columns, columns, columns-1)
	return plot.WriteTable(w, seq, count, top, columns, note)
}
