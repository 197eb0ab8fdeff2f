package plot

import (
	"fmt"
	"strconv"

	"github.com/octalgames/kayles"
)

// This file implements the figures of one or more codes' values: what they hold, binned to the
// resolution they are drawn at (figurewrite.go draws them with gonum/plot).

// Kind says what a figure draws G(n) against.
type Kind int

const (
	// Values draws G(n) against n, each code's rare heaps and the end of its preperiod marked.
	Values Kind = iota
	// Residues draws G(n) against n mod p, p each code's period: from the preperiod on, a
	// periodic sequence puts one mark in each column, and the heaps below the preperiod that
	// break the period stand apart from it. With a saltus s, heap n >= n0 is drawn at
	// G(n) - s·⌊(n-n0)/p⌋, the value its column repeats.
	Residues
)

// Defaults of [Options].
const (
	DefaultWidth, DefaultHeight = 468, 216 // points: 6.5 × 3 inches
	DefaultDPI                  = 200
	minSide, maxSide            = 72, 72 * 100 // points: 1 to 100 inches
	maxPixels                   = 50e6         // the most pixels of a PNG, 200 MB of RGBA
	maxCols, maxRows            = 1600, 800    // the most cells of a series
	cellSide                    = 1.5          // points: the side of a cell of a series
)

// Options describe a figure. Their zero value is a figure of G(n) against n, 6.5 × 3 inches,
// with the default title and axis labels and 200 dpi in PNG.
type Options struct {
	Kind Kind
	// Title, XLabel and YLabel replace the defaults when not "". TeX output writes them as
	// they are, so they may hold LaTeX such as $G(n)$; the other formats write them as text.
	Title, XLabel, YLabel string
	// Width and Height are the size of the figure in points (1/72 inch), from 72 to 7,200; 0
	// for DefaultWidth and DefaultHeight.
	Width, Height float64
	// DPI is the resolution of PNG output, from 10 to 2,400 dots an inch; 0 for DefaultDPI.
	DPI int
	// Modulus is the p of a Residues figure for every series; 0 for each series' period.
	Modulus int
}

// A Figure is the values of one or more codes, each a [Series], drawn with a legend. Its
// memory is that of its series. A Figure is not safe for concurrent use.
type Figure struct {
	opt    Options
	series []*Series
}

// NewFigure returns an empty figure, or an error when opt is out of range (see
// [CheckOptions]).
func NewFigure(opt Options) (*Figure, error) {
	if err := CheckOptions(opt, ""); err != nil {
		return nil, err
	}
	if opt.Width == 0 && opt.Height == 0 {
		opt.Width, opt.Height = DefaultWidth, DefaultHeight
	}
	if opt.DPI == 0 {
		opt.DPI = DefaultDPI
	}
	return &Figure{opt: opt}, nil
}

// CheckOptions returns an error when opt is out of range, or when a figure of opt cannot be
// written in format (one of [Formats], or "" for none): a PNG of more than 50 million
// pixels. Otherwise it returns nil.
func CheckOptions(opt Options, format string) error {
	if opt.Width == 0 && opt.Height == 0 {
		opt.Width, opt.Height = DefaultWidth, DefaultHeight
	}
	if opt.DPI == 0 {
		opt.DPI = DefaultDPI
	}
	switch {
	case opt.Kind != Values && opt.Kind != Residues:
		return fmt.Errorf("plot: unknown kind of figure %d", opt.Kind)
	case !(opt.Width >= minSide && opt.Width <= maxSide && opt.Height >= minSide && opt.Height <= maxSide):
		return fmt.Errorf("plot: a figure of %.0fpt × %.0fpt: each side must be from 1 to 100 inches (72 to 7200 points)", opt.Width, opt.Height)
	case opt.DPI < 10 || opt.DPI > 2400:
		return fmt.Errorf("plot: a resolution of %d dpi: it must be from 10 to 2400", opt.DPI)
	case opt.Modulus < 0:
		return fmt.Errorf("plot: a modulus of %d: it must be at least 1, or 0 for each series' period", opt.Modulus)
	}
	if px := opt.Width / 72 * float64(opt.DPI) * opt.Height / 72 * float64(opt.DPI); format == "png" && px > maxPixels {
		return fmt.Errorf("plot: a PNG of %.0f million pixels: at most %.0f million; lower the size or the resolution", px/1e6, maxPixels/1e6)
	}
	return nil
}

// A Series is one code's values G(0), ..., G(n-1) in a figure. Heaps share a cell when there
// are more of them (or of their values) than the figure resolves: a cell is drawn as one mark,
// with a second mark on it when it holds a heap of the other class (rare, or below the
// preperiod in a Residues figure). Its memory is O(cells), at most 1,600 × 800 of 16 bytes,
// whatever n. A Series is not safe for concurrent use.
type Series struct {
	code       string
	period     kayles.Period
	kind       Kind
	n, maxV    int
	mod, pre   int // a Residues figure's modulus, and the preperiod below which heaps stand apart
	saltus     int // the growth of the values over mod heaps from pre on
	xs         int // the x values: n, or mod
	cols, rows int
	cells      []fcell // by column*rows + row
	rare       int     // the heaps of the other class added
	top        int     // the largest value drawn (less the saltus in a Residues figure)
}

// fcell is one cell of a series: the first x and value added to it, and which classes of
// heaps it holds.
type fcell struct {
	x     int64
	v     int32
	flags uint8
}

const (
	hasCommon  = 1 << iota // a heap neither rare nor below the preperiod
	hasSpecial             // a rare heap (Values) or one below the preperiod (Residues)
)

// AddSeries adds the series of code, named as given (the code as written, such as "0.77"),
// for the heaps 0, ..., n-1 whose values are at most maxV, with the period per (the zero
// Period for none; Proven false marks it apparent). A Residues figure draws it against n mod
// Options.Modulus when that is set, otherwise against n mod per.Period. Otherwise (n < 1,
// maxV < 0 or past 2^31-1, or no modulus for a Residues figure) it returns an error.
func (f *Figure) AddSeries(code string, n, maxV int, per kayles.Period) (*Series, error) {
	if n < 1 || maxV < 0 || maxV > 1<<31-1 {
		return nil, fmt.Errorf("plot: %s: %d heaps with values up to %d: there must be at least one heap and no negative value", code, n, maxV)
	}
	if per.Period < 0 || per.Preperiod < 0 {
		return nil, fmt.Errorf("plot: %s: a period of %d from %d: neither can be negative", code, per.Period, per.Preperiod)
	}
	s := &Series{code: code, period: per, kind: f.opt.Kind, n: n, maxV: maxV, xs: n}
	if f.opt.Kind == Residues {
		s.mod, s.pre, s.saltus = per.Period, per.Preperiod, per.Saltus
		if m := f.opt.Modulus; m > 0 && m != per.Period {
			s.mod, s.pre, s.saltus = m, 0, 0
			if per.Period > 0 && m%per.Period == 0 { // the period repeated: still a period
				s.pre, s.saltus = per.Preperiod, per.Saltus*(m/per.Period)
			}
		}
		if s.mod < 1 {
			return nil, fmt.Errorf("plot: %s shows no period in %d values to draw G(n) against n mod p: give p", code, n)
		}
		s.xs = s.mod
	}
	// A cell is 1.5 points across, about the smallest mark (see radius): finer cells draw
	// marks on top of each other, at a cost.
	s.cols = min(s.xs, maxCols, int(f.opt.Width/cellSide))
	s.rows = min(maxV+1, maxRows, int(f.opt.Height/cellSide))
	s.cells = make([]fcell, s.cols*s.rows)
	f.series = append(f.series, s)
	return s, nil
}

// Add adds heap a of value v, rare or not (rare counts in a Values figure only). It returns an
// error when a or v lies outside the range given to AddSeries, or, in a Residues figure, when
// v is below the growth of a period with a saltus.
func (s *Series) Add(a, v int, rare bool) error {
	if a < 0 || a >= s.n || v < 0 || v > s.maxV {
		return fmt.Errorf("plot: %s: G(%d) = %d lies outside heaps 0..%d and values 0..%d", s.code, a, v, s.n-1, s.maxV)
	}
	x, special := a, rare
	if s.kind == Residues {
		x, special = a%s.mod, a < s.pre
		if g := v; !special && s.saltus != 0 {
			if v -= s.saltus * ((a - s.pre) / s.mod); v < 0 {
				return fmt.Errorf("plot: %s: G(%d) = %d does not follow %s", s.code, a, g, s.period)
			}
		}
	}
	s.top = max(s.top, v)
	col := int(int64(x) * int64(s.cols) / int64(s.xs))
	row := int(int64(v) * int64(s.rows) / int64(s.maxV+1))
	c := &s.cells[col*s.rows+row]
	if c.flags == 0 {
		c.x, c.v = int64(x), int32(v)
	}
	if special {
		c.flags |= hasSpecial
		s.rare++
	} else {
		c.flags |= hasCommon
	}
	return nil
}

// Marks returns how many marks of each class the series draws: common heaps, and rare ones
// (or those below the preperiod, in a Residues figure).
func (s *Series) Marks() (common, special int) {
	for _, c := range s.cells {
		if c.flags&hasCommon != 0 {
			common++
		}
		if c.flags&hasSpecial != 0 {
			special++
		}
	}
	return common, special
}

// labels returns the legend's entries of the series: its marks, its marks of the other class
// (rare heaps, or those below the preperiod), and the line at its preperiod ("" for none).
func (s *Series) labels() (common, special, line string) {
	p := s.period
	apparent := ""
	if p.Period > 0 && !p.Proven {
		apparent = " (apparent)"
	}
	saltus := ""
	if p.Saltus != 0 {
		saltus = ", saltus " + strconv.Itoa(p.Saltus)
	}
	if s.kind == Residues {
		switch {
		case s.mod%max(p.Period, 1) != 0 || p.Period == 0:
			common = fmt.Sprintf("%s: n mod %d", s.code, s.mod)
		case s.pre > 0:
			common = fmt.Sprintf("%s: n >= %d, period %d%s%s", s.code, s.pre, p.Period, saltus, apparent)
			special = fmt.Sprintf("%s: n < %d", s.code, s.pre)
		default:
			common = fmt.Sprintf("%s: period %d%s%s", s.code, p.Period, saltus, apparent)
		}
		return common, special, ""
	}
	switch {
	case p.Period == 0:
		common = fmt.Sprintf("%s: no period in %d values", s.code, s.n)
	case s.preperiodLine():
		common = fmt.Sprintf("%s: period %d%s%s", s.code, p.Period, saltus, apparent)
		line = fmt.Sprintf("%s: preperiod %d%s", s.code, p.Preperiod, apparent)
	default:
		common = fmt.Sprintf("%s: preperiod %d, period %d%s%s", s.code, p.Preperiod, p.Period, saltus, apparent)
	}
	if s.rare > 0 {
		special = fmt.Sprintf("%s: %d rare heaps", s.code, s.rare)
	}
	return common, special, line
}

// preperiodLine says whether a Values figure draws the end of the series' preperiod: a period
// whose preperiod lies within the heaps drawn.
func (s *Series) preperiodLine() bool {
	return s.kind == Values && s.period.Period > 0 && s.period.Preperiod > 0 && s.period.Preperiod < s.n
}
