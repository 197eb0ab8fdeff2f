package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/octalgames/kayles"
	"github.com/octalgames/kayles/examples/internal/plot"
)

// This file implements -plot, -plot-mod and -periodic: the values of a run drawn, with gonum/plot,
// and set in rows.

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

// plotFlags are the flags that shape the figures of -plot and -plot-mod, and what they give
// once checked.
type plotFlags struct {
	modFile               string   // -plot-mod
	codes                 codeList // -plot-codes
	period                int      // -plot-period
	title, xlabel, ylabel string
	size                  string
	dpi                   int

	width, height float64         // -plot-size, in points
	extra         []*kayles.Octal // the codes of -plot-codes
	reports       []kayles.Report // their runs, once made (see runs)
	ran           bool
}

// register binds the plot flags to fs.
func (pf *plotFlags) register(fs *flag.FlagSet) {
	fs.StringVar(&pf.modFile, "plot-mod", "", "draw G(n) against n mod p to this file, p the period (proven, else apparent; or -plot-period), in the format of its name as -plot: a period shows as one mark a column from the preperiod on")
	fs.Var(&pf.codes, "plot-codes", "more `codes` to draw beside -code in the figures of -plot and -plot-mod, comma-separated or the flag repeated (such as 0.07,0.137), each computed to -n values as -code is, after it and within -timeout")
	fs.IntVar(&pf.period, "plot-period", 0, "the `p` of -plot-mod for every code (0: each code's proven period, else its apparent one)")
	fs.StringVar(&pf.title, "plot-title", "", "the title of the figures (default \"G(n) of\" and the codes); in a .tex file it may hold LaTeX")
	fs.StringVar(&pf.xlabel, "plot-xlabel", "", "the label of the figures' horizontal axis (default \"heap n\", or \"n mod p\")")
	fs.StringVar(&pf.ylabel, "plot-ylabel", "", "the label of the figures' vertical axis (default \"G(n)\")")
	fs.StringVar(&pf.size, "plot-size", "6.5in,3in", "the `size` of the figures, WIDTH,HEIGHT each with a unit: in, cm, mm or pt (such as 16cm,7cm), from 1 to 100 inches")
	fs.IntVar(&pf.dpi, "plot-dpi", plot.DefaultDPI, "the resolution of PNG figures, in `dots` an inch (10 to 2400)")
}

// plotQualifiers are the flags that shape a figure without asking for one.
var plotQualifiers = []string{"plot-codes", "plot-period", "plot-title", "plot-xlabel", "plot-ylabel", "plot-size", "plot-dpi"}

// orphan returns what is wrong when a flag that shapes a figure is given without -plot or
// -plot-mod (plotFile is the file of -plot; set the flags given), or "".
func (pf *plotFlags) orphan(plotFile string, set map[string]bool) string {
	if plotFile == "" && pf.modFile == "" {
		for _, name := range plotQualifiers {
			if set[name] {
				return "-" + name + " shapes the figures of -plot and -plot-mod: give it with one of them"
			}
		}
	}
	return ""
}

// check checks the plot flags, with plotFile the file of -plot and set the flags given, parses
// -plot-size and -plot-codes (main is the game of -code), and returns what is wrong for the
// usage message, or "".
func (pf *plotFlags) check(plotFile string, main *kayles.Octal, set map[string]bool) string {
	if plotFile == "" && pf.modFile == "" {
		return pf.orphan(plotFile, set)
	}
	if set["plot-period"] && pf.modFile == "" {
		return "-plot-period is the p of -plot-mod: give it with -plot-mod"
	}
	if pf.period < 0 {
		return "-plot-period must be at least 1, or 0 for each code's period"
	}
	if pf.dpi < 10 || pf.dpi > 2400 {
		return "-plot-dpi must be from 10 to 2400 dots an inch"
	}
	var err error
	if pf.width, pf.height, err = parseSize(pf.size); err == nil {
		err = plot.CheckOptions(pf.options(plot.Values), "")
	}
	if err != nil {
		return "-plot-size " + pf.size + ": " + strings.TrimPrefix(err.Error(), "plot: ")
	}
	for _, f := range []struct{ flag, path string }{{"plot", plotFile}, {"plot-mod", pf.modFile}} {
		if f.path == "" {
			continue
		}
		format, err := plot.FormatOf(f.path)
		if err == nil {
			err = plot.CheckOptions(pf.options(plot.Values), format)
		}
		if err != nil {
			return "-" + f.flag + " " + strings.TrimPrefix(err.Error(), "plot: ")
		}
	}
	seen := map[string]bool{main.String(): true}
	for _, code := range pf.codes {
		o, err := kayles.ParseOctal(code)
		if err != nil {
			return "-plot-codes " + code + ": " + err.Error()
		}
		if seen[o.String()] {
			return "-plot-codes " + code + ": " + o.String() + " is drawn already"
		}
		seen[o.String()] = true
		pf.extra = append(pf.extra, o)
	}
	return ""
}

// options returns the options of a figure of kind.
func (pf *plotFlags) options(kind plot.Kind) plot.Options {
	return plot.Options{Kind: kind, Title: pf.title, XLabel: pf.xlabel, YLabel: pf.ylabel,
		Width: pf.width, Height: pf.height, DPI: pf.dpi, Modulus: pf.period}
}

// A codeList is the value of -plot-codes: codes separated by commas, the flag repeated or not.
type codeList []string

func (l *codeList) String() string { return strings.Join(*l, ",") }

func (l *codeList) Set(s string) error {
	for code := range strings.SplitSeq(s, ",") {
		if code = strings.TrimSpace(code); code == "" {
			return fmt.Errorf("an empty code in %q", s)
		}
		*l = append(*l, code)
	}
	return nil
}

// parseSize reads a size "WIDTH,HEIGHT", each a number and a unit (in, cm, mm or pt), in points.
func parseSize(s string) (w, h float64, err error) {
	ws, hs, ok := strings.Cut(s, ",")
	if !ok {
		return 0, 0, errors.New("give WIDTH,HEIGHT, each a number and a unit: in, cm, mm or pt (such as 16cm,7cm)")
	}
	units := map[string]float64{"in": 72, "cm": 72 / 2.54, "mm": 72 / 25.4, "pt": 1}
	var side [2]float64
	for i, t := range []string{ws, hs} {
		t = strings.TrimSpace(t)
		unit := strings.TrimLeft(t, "0123456789.")
		v, err := strconv.ParseFloat(strings.TrimSuffix(t, unit), 64)
		if err != nil || units[unit] == 0 || !(v > 0) {
			return 0, 0, fmt.Errorf("%q is not a positive number and a unit: in, cm, mm or pt (such as 16cm)", t)
		}
		side[i] = v * units[unit]
	}
	return side[0], side[1], nil
}

// runs returns the reports of the codes of -plot-codes, computing them the first time to n
// values (under ctx: -timeout and Ctrl-C stop them, and they are drawn with the values they
// reached). A code stopped before its first value is an error.
func (pf *plotFlags) runs(ctx context.Context, n int) ([]kayles.Report, error) {
	if pf.ran {
		return pf.reports, nil
	}
	pf.ran = true
	for _, o := range pf.extra {
		r, err := o.Run(ctx, kayles.RunOptions{Limit: n})
		if r.Values == 0 {
			return nil, fmt.Errorf("-plot-codes %s: stopped before its first value: %w", o, err)
		}
		pf.reports = append(pf.reports, r)
	}
	return pf.reports, nil
}

// writeFigure draws the figure of kind to w in the format of path: the values of -code (o,
// whose run reported r) and of -plot-codes, each to drawnOf its report. The codes of
// -plot-codes run under ctx, the first time; the values, cached by then, are read under rctx.
// It reads each code's values twice, for the largest and to draw, and holds only the cells
// of the figure.
func (c *command) writeFigure(ctx, rctx context.Context, r kayles.Report, kind plot.Kind, path string, w io.Writer) error {
	fig, err := plot.NewFigure(c.plot.options(kind))
	if err != nil {
		return err
	}
	reports, err := c.plot.runs(ctx, c.n)
	if err != nil {
		return err
	}
	codes := append([]*kayles.Octal{c.o}, c.plot.extra...)
	for i, r := range append([]kayles.Report{r}, reports...) {
		if kind == plot.Residues && c.plot.period == 0 && r.Period.Period == 0 && r.Apparent.Period == 0 {
			return fmt.Errorf("-plot-mod: %s shows no period in %d values: give p with -plot-period", codes[i], r.Values)
		}
		if err := addSeries(rctx, fig, codes[i], r, c.drawnOf(r)); err != nil {
			return err
		}
	}
	format, err := plot.FormatOf(path)
	if err != nil {
		return err
	}
	return fig.Write(w, format)
}

// drawnOf returns how many values of a run that reported r -plot and -periodic draw: those
// -print would write when -n is given (with the default -n, 2^24, that would be mostly copies
// of a period proven early), otherwise the values computed.
func (c *command) drawnOf(r kayles.Report) int {
	if r.Period.Period > 0 && c.set["n"] {
		return c.n
	}
	return min(r.Values, c.n)
}

// addSeries adds G(0), ..., G(count-1) of o to fig, with the rare heaps of r's split and r's
// period (the proven one, else the apparent one).
func addSeries(ctx context.Context, fig *plot.Figure, o *kayles.Octal, r kayles.Report, count int) error {
	top, err := maxOf(ctx, o, count)
	if err != nil {
		return err
	}
	per := r.Period
	if per.Period == 0 {
		per = r.Apparent
	}
	s, err := fig.AddSeries(o.String(), count, top, per)
	if err != nil {
		return fmt.Errorf("%s: %w", o, err)
	}
	seq, err := o.Sequence(ctx, count)
	if err != nil {
		return err
	}
	for a, v := range seq {
		if err := s.Add(a, v, r.IsRare(a, v)); err != nil {
			return err
		}
	}
	return nil
}
