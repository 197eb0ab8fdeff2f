package monoid

import (
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// A sample is a monoid of testdata/quotients.txt with its generators as elements.
type sample struct {
	code string
	m    *Monoid
	gens []int
}

// samples reads testdata/quotients.txt: the code from the header, the table after "mul", the
// P-portion from "P", and the generators as the classes ("phi") of the heaps of "generators".
func samples(t *testing.T) []sample {
	data, err := os.ReadFile("testdata/quotients.txt")
	require.NoError(t, err)
	var out []sample
	for _, block := range strings.Split(string(data), "\n\n")[1:] {
		lines := strings.Split(strings.TrimSpace(block), "\n")
		code, _, ok := strings.Cut(strings.TrimPrefix(lines[0], "misère quotient of "), " ")
		require.True(t, ok, lines[0])
		ints := func(line string) []int {
			f := strings.Fields(line)
			xs := make([]int, len(f)-1)
			for i, w := range f[1:] {
				x, err := strconv.Atoi(w)
				require.NoError(t, err, line)
				xs[i] = x
			}
			return xs
		}
		var phi, heaps, ps []int
		m := &Monoid{}
		for i, line := range lines {
			switch strings.Fields(line + " x")[0] {
			case "order":
				m.N = ints(line)[0]
			case "generators":
				heaps = ints(line)
			case "P":
				ps = ints(line)
			case "phi":
				phi = ints(line)
			case "mul":
				for _, row := range lines[i+1:] {
					for _, z := range ints("row " + row) {
						m.Mul = append(m.Mul, int32(z))
					}
				}
			}
		}
		require.Len(t, m.Mul, m.N*m.N, code)
		m.P = make([]bool, m.N)
		for _, x := range ps {
			m.P[x] = true
		}
		s := sample{code: code, m: m}
		for _, h := range heaps {
			s.gens = append(s.gens, phi[h])
		}
		out = append(out, s)
	}
	require.Len(t, out, 8)
	return out
}

// sampleOf returns the sample of code.
func sampleOf(t *testing.T, code string) sample {
	ss := samples(t)
	i := slices.IndexFunc(ss, func(s sample) bool { return s.code == code })
	require.GreaterOrEqual(t, i, 0, code)
	return ss[i]
}

// renumbered returns m with element x renamed perm[x] (perm[0] = 0): the same bipartite
// monoid under other names.
func renumbered(m *Monoid, perm []int) *Monoid {
	r := &Monoid{N: m.N, Mul: make([]int32, len(m.Mul)), P: make([]bool, m.N)}
	for x := range m.N {
		r.P[perm[x]] = m.P[x]
		for y := range m.N {
			r.Mul[perm[x]*m.N+perm[y]] = int32(perm[m.Times(x, y)])
		}
	}
	return r
}

// always is a spend that never stops.
func always(int64) bool { return true }
