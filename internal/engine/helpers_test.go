package engine

import (
	"context"
	"flag"
	"fmt"
	"slices"
	"strings"
)

// This file implements the engine tests' helpers: plain codes read from their text, and an
// Octal that holds one engine, with the few questions the tests ask it.

// long enables the long differential checks: go test -run Long -long.
var long = flag.Bool("long", false, "run the long differential checks (minutes)")

// ctx is the context of the tests' questions.
var ctx = context.Background()

// must returns v, and fails the test (by a panic) when err is not nil.
func must[T any](v T, err error) T {
	if err != nil {
		panic(err)
	}
	return v
}

// rulesOf returns the rules and the digits' flags of a plain code written d0.d1d2...: hexadecimal digits, each
// perhaps followed by a modifier ! ? or = (on digits that leave at most two heaps), the
// take lists worked out from the digits' flags as the root package does. It returns an error
// for any other text.
func rulesOf(code string) (Rules, []uint8, error) {
	r := Rules{Code: code, Heaps: 1, Plain: true, Provable: true}
	point := false
	take := 0
	var flags []uint8
	var rules []byte
	for i := 0; i < len(code); i++ {
		c := code[i]
		switch {
		case c == '.' && !point:
			point = true
			if take != 1 {
				return Rules{}, nil, fmt.Errorf("%q: one digit before the point", code)
			}
			continue
		case strings.IndexByte("!?=", c) >= 0 && len(flags) > 0 && rules[len(rules)-1] == 0:
			rules[len(rules)-1] = c
			r.Provable = false
			continue
		}
		var d uint8
		switch {
		case c >= '0' && c <= '9':
			d = c - '0'
		case c >= 'A' && c <= 'F':
			d = c - 'A' + 10
		default:
			return Rules{}, nil, fmt.Errorf("%q: %q is not a digit", code, c)
		}
		flags, rules = append(flags, d), append(rules, 0)
		take++
	}
	if !point || len(flags) < 2 {
		return Rules{}, nil, fmt.Errorf("%q: no digit after the point", code)
	}
	for len(flags) > 1 && flags[len(flags)-1] == 0 {
		flags, rules = flags[:len(flags)-1], rules[:len(rules)-1]
	}
	r.Last = len(flags) - 1
	for i, f := range flags {
		if rules[i] != 0 && f >= 8 {
			return Rules{}, nil, fmt.Errorf("%q: a modifier on a digit that leaves three heaps", code)
		}
		if f&8 != 0 {
			r.Heaps = 3
		} else if f&4 != 0 {
			r.Heaps = max(r.Heaps, 2)
		}
		if i > 0 && f&1 != 0 {
			r.Whole = append(r.Whole, i)
		}
		if i > 0 && f&2 != 0 {
			r.Leave1 = append(r.Leave1, i)
		}
		switch {
		case f&4 != 0 && rules[i] == '=':
			r.Equal = append(r.Equal, i)
		case f&4 != 0 && rules[i] != 0:
			r.Unequal = append(r.Unequal, i)
			fallthrough
		case f&4 != 0:
			r.Leave2 = append(r.Leave2, i)
		}
		if f&8 != 0 {
			r.Leave3 = append(r.Leave3, i)
		}
	}
	r.Mex = func(g []uint16, big []Big, n int, seen []uint64, b *Budget, charged bool) int {
		return slowMex(r, flags, g, big, n, seen)
	}
	return r, flags, nil
}

// slowMex returns G(n) of the plain rules r, whose digits have flags, from g and big, listing every option in the
// plainest way: every take, every split into two or three heaps (a <= b <= c), each read
// with ValueOf. It is the reference of the tests, and the engine's Mex past 65535.
func slowMex(r Rules, flags []uint8, g []uint16, big []Big, n int, seen []uint64) int {
	at := func(i int) int { return ValueOf(big, i, g[i]) }
	var opts []int
	for i, f := range flags {
		m := n - i
		if i > 0 && m == 0 && f&1 != 0 {
			opts = append(opts, 0)
		}
		if i > 0 && m >= 1 && f&2 != 0 {
			opts = append(opts, at(m))
		}
		if f&4 != 0 {
			for a := 1; 2*a <= m; a++ {
				switch {
				case slices.Contains(r.Equal, i):
					if 2*a == m {
						opts = append(opts, 0)
					}
				case slices.Contains(r.Unequal, i) && 2*a == m:
				default:
					opts = append(opts, at(a)^at(m-a))
				}
			}
		}
		if f&8 != 0 {
			for a := 1; 3*a <= m; a++ {
				for b := a; a+2*b <= m; b++ {
					opts = append(opts, at(a)^at(b)^at(m-a-b))
				}
			}
		}
	}
	clear(seen)
	v := 0
	for slices.Contains(opts, v) {
		v++
	}
	return v
}

// An Octal is an engine of a plain code, for the tests. Each is fresh: no two share values.
type Octal struct {
	eng   *Engine
	r     Rules
	flags []uint8
}

// freshOctal returns a fresh engine of code, with the default settings; it panics on a code
// that rulesOf does not read.
func freshOctal(code string) *Octal { return must(ParseOctal(code)) }

// MustParseOctal is freshOctal.
func MustParseOctal(code string) *Octal { return freshOctal(code) }

// ParseOctal returns a fresh engine of code, or rulesOf's error.
func ParseOctal(code string) (*Octal, error) {
	r, flags, err := rulesOf(code)
	if err != nil {
		return nil, err
	}
	return &Octal{eng: New(r, Settings{}), r: r, flags: flags}, nil
}

func (o *Octal) plan() *plan    { return o.eng.pl }
func (o *Octal) String() string { return o.r.Code }

// Values returns G(0), ..., G(n-1), computing what is missing.
func (o *Octal) Values(ctx context.Context, n int) ([]int, error) {
	s, err := o.eng.Extend(ctx, n, nil)
	if err != nil {
		return nil, err
	}
	vals := make([]int, n)
	for i := range vals {
		v, ok := s.Value(i)
		if !ok {
			return nil, fmt.Errorf("no G(%d)", i)
		}
		vals[i] = v
	}
	return vals, nil
}

// Period returns the period proven within limit values.
func (o *Octal) Period(ctx context.Context, limit int) (Period, bool, error) {
	return o.eng.Prove(ctx, limit, nil)
}

// referenceValues returns G(0..n-1) computed from scratch by the reference mex (plan.mex,
// which lists every option), without touching o's cache.
func referenceValues(o *Octal, n int) []uint16 {
	return valuesBy(func(g []uint16, n int, seen []uint64) int { return o.plan().mex(g, n, seen, nil) }, n)
}

// slowValues returns G(0..n-1) computed from scratch by slowMex.
func slowValues(o *Octal, n int) []uint16 {
	return valuesBy(func(g []uint16, n int, seen []uint64) int { return slowMex(o.r, o.flags, g, nil, n, seen) }, n)
}

// valuesBy returns G(0..n-1), or fewer when a value exceeds maxValue, computed from scratch by
// mex, which returns G(len(g)) from g with seen as its scratch bitset.
func valuesBy(mex func(g []uint16, n int, seen []uint64) int, n int) []uint16 {
	g := make([]uint16, 0, n)
	seen := make([]uint64, 1<<16/64+1)
	for len(g) < n {
		v := mex(g, len(g), seen)
		if v > maxValue {
			break
		}
		g = append(g, uint16(v))
	}
	return g
}

// fixedMaskValues returns G(0..n-1) computed by the rare/common engine with the mask and
// parity bit fixed from the first value on, however poor they are.
func fixedMaskValues(o *Octal, n int, mask uint16, c int) []uint16 {
	s := newSparse(o.plan(), nil)
	s.on, s.mask, s.c = true, mask, c
	s.chooseAt, s.rareAt = 1<<62, 1<<62
	g := make([]uint16, 0, n)
	top := 0
	for len(g) < n {
		v := s.next(o.plan(), g, top)
		if v > maxValue {
			break
		}
		g = append(g, uint16(v))
		top = max(top, v)
	}
	return g
}

// sparseState reports the rare/common engine's mask, parity bit, whether it is in use and how
// many times it was chosen, for o's cache.
func sparseState(o *Octal) (mask uint16, c int, on bool, choices int) {
	st, _ := o.eng.Stats(ctx)
	return st.Mask, st.Parity, st.Split, st.Choices
}

// earlyMaskValues returns G(0..n-1) computed by the rare/common engine with the mask first
// chosen at start values instead of sparseStart, and the number of values computed with a
// mask in use (rare lists walked).
func earlyMaskValues(o *Octal, n, start int) (g []uint16, sparse int) {
	s := newSparse(o.plan(), nil)
	s.chooseAt = start
	g = make([]uint16, 0, n)
	top := 0
	for len(g) < n {
		v := s.next(o.plan(), g, top) // chooses the mask first when due
		if v > maxValue {
			break
		}
		if s.on && len(s.takes) > 0 {
			sparse++
		}
		g = append(g, uint16(v))
		top = max(top, v)
	}
	return g, sparse
}

// generalValues returns G(0..n-1) computed from scratch by slowMex: the reference that the
// root package's general engine is for every code, written here from the take lists.
func generalValues(o *Octal, n int) []uint16 { return slowValues(o, n) }
