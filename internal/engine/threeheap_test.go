package engine

import (
	"context"
	"fmt"
	"math/rand/v2"
	"slices"
	"strconv"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// hexCodes returns every hexadecimal code d0.d1 and d0.d1d2 that has a digit with flag 8, the
// codes that the three-heap engine computes: d0 is 0, 4, 8 or C (its other flags mean
// nothing), d1 and d2 range over 0 to F, and the last digit is not zero.
func hexCodes() []string {
	var codes []string
	for _, d0 := range "048C" {
		for d1 := range 16 {
			for d2 := range 16 {
				var c string
				switch {
				case d2 == 0 && d1 == 0:
					continue
				case d2 == 0:
					c = fmt.Sprintf("%c.%X", d0, d1)
				default:
					c = fmt.Sprintf("%c.%X%X", d0, d1, d2)
				}
				if d0 >= '8' || d1 >= 8 || d2 >= 8 {
					codes = append(codes, c)
				}
			}
		}
	}
	return codes
}

// TestThreeHeapsAgainstReference checks the three-heap engine against the reference mex,
// which lists every triple: every code of hexCodes to 150 values (to 2,000 with -long), every
// other one with values in pairs from 2 values on, and 0.2048, the ruler game, to 3,000 (in
// pairs from 2,048 on).
func TestThreeHeapsAgainstReference(t *testing.T) {
	n := 150
	if *long {
		n = 2000
	}
	codes := hexCodes()
	require.Len(t, codes, 2*(8+8*8+8*15)+2*(15+15*16)) // d0 = 0, 4: d1 or d2 >= 8; d0 = 8, C: all
	for k, c := range codes {
		o := freshOctal(c)
		require.NotEmpty(t, o.plan().leave3, c)
		if k%2 == 1 {
			o.eng.tri = &triples{pairFrom: 2, start: []rowSet{0, evenRows, allRows}[k/2%3]}
		}
		got, err := o.Values(context.Background(), n)
		require.NoError(t, err, c)
		want := toInts(referenceValues(o, n))
		require.Equal(t, want, got, c)
	}
	o := freshOctal("0.2048")
	got, err := o.Values(context.Background(), 3000)
	require.NoError(t, err)
	assert.Equal(t, toInts(referenceValues(o, 3000)), got)
}

// TestThreeHeapsAgainstGeneral checks the three-heap engine against the general engine, a
// separate implementation, on random hexadecimal codes of up to four digits, half of them
// with values in pairs from the start.
func TestThreeHeapsAgainstGeneral(t *testing.T) {
	r := rand.New(rand.NewPCG(14, 2048))
	for k := range 20 {
		c := fmt.Sprintf("%X.", 4*r.IntN(4))
		for d := range 1 + r.IntN(4) {
			x := r.IntN(16)
			if d == 0 {
				x = 8 + r.IntN(8)
			}
			c += fmt.Sprintf("%X", x)
		}
		o, err := ParseOctal(c)
		require.NoError(t, err)
		if k%2 == 0 {
			o.eng.tri = &triples{pairFrom: 2, start: []rowSet{0, evenRows, allRows}[k/2%3]}
		}
		got, err := o.Values(context.Background(), 300)
		require.NoError(t, err, c)
		assert.Equal(t, toInts(generalValues(o, 300)), got, c)
	}
}

// TestThreeHeapsStopWithin checks that a done context stops the three-heap engine within one
// value, on both goroutines, with nothing left behind: the next call, with a live context,
// gives the values of an unbroken run.
func TestThreeHeapsStopWithin(t *testing.T) {
	const n = 8000 // past the 2^14 words of pair sets between two looks at the context
	o := freshOctal("0.2048")
	want, err := o.Values(context.Background(), n+2)
	require.NoError(t, err)
	g := make([]uint16, n+2)
	for k, v := range want {
		g[k] = uint16(v)
	}
	top := int(slices.Max(g[:n]))
	seen := make([]uint64, wordsFor(top)+1)
	tr := &triples{pairFrom: 2}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	b := NewBudget(ctx, unlimited)
	require.Equal(t, -1, tr.mex(o.plan(), g[:n], top, seen, b))
	require.ErrorIs(t, b.err, context.Canceled)
	assert.Equal(t, make([]uint64, len(seen)), seen, "seen is zeroed")
	b = NewBudget(context.Background(), unlimited)
	for k := n; k < n+2; k++ {
		top := int(slices.Max(g[:k]))
		seen := make([]uint64, wordsFor(top)+1)
		assert.Equal(t, want[k], tr.mex(o.plan(), g[:k], top, seen, b), "G(%d)", k)
	}
}

// TestWord checks word, one word of the options of a class of rows found through the rows'
// presence bitmaps, against options, which ORs whole rows, on heaps of 0.2048 and 0.A8 (moves
// that leave three heaps after taking one or two tokens), for every class and both halves of
// the smallest parts.
func TestWord(t *testing.T) {
	for _, code := range []string{"0.2048", "0.A8"} {
		o := freshOctal(code)
		vals, err := o.Values(context.Background(), 700)
		require.NoError(t, err)
		g := make([]uint16, len(vals))
		for k, v := range vals {
			g[k] = uint16(v)
		}
		tr := &triples{}
		b := NewBudget(context.Background(), unlimited)
		require.True(t, tr.grow(g, b))
		for _, n := range []int{3, 10, 64, 301, 699} {
			top := int(slices.Max(g[:n]))
			w := wordsFor(top)
			for _, sel := range []rowSet{quarterRows, evenRows, allRows &^ quarterRows, allRows &^ evenRows, allRows} {
				for _, r := range [][2]int{{1, n}, {1, n / 6}, {n / 6, n}} {
					want := make([]uint64, w)
					require.True(t, tr.options(o.plan(), g[:n], n, w, sel, r[0], r[1], make([]uint64, 64*w), want, func() bool { return false }))
					for q := range w {
						assert.Equal(t, want[q], tr.word(o.plan(), g[:n], n, q, sel, r[0], r[1]), "%s heap %d rows %04b a in %v word %d", code, n, sel, r, q)
					}
				}
			}
		}
	}
}

// TestMerge checks merge against its definition: the union of the accumulators with bit p of
// the one of lo moved to p^lo.
func TestMerge(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for _, w := range []int{1, 2, 8} {
		for range 50 {
			acc := make([]uint64, 64*w)
			var used uint64
			want := make([]uint64, w)
			for lo := range 64 {
				if r.IntN(3) == 0 {
					continue
				}
				used |= 1 << lo
				for q := range w {
					word := r.Uint64() & r.Uint64()
					acc[lo*w+q] = word
					for p := range 64 {
						if word>>p&1 != 0 {
							v := (q*64 + p) ^ lo
							want[v>>6] |= 1 << (v & 63)
						}
					}
				}
			}
			merge(acc, used, w)
			assert.Equal(t, want, acc[:w])
			assert.Equal(t, make([]uint64, 63*w), acc[w:], "the others are zeroed")
		}
	}
}

// BenchmarkRulerGame computes the values of the ruler game 0.2048 (Grossman & Nowakowski)
// from scratch: the goals are 2^15 values in under 10 s and 10^5 in under 2 minutes
// on two cores. With -benchtime 1x the second takes minutes.
func BenchmarkRulerGame(b *testing.B) {
	for _, n := range []int{1 << 15, 100_000} {
		b.Run("n="+strconv.Itoa(n), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, err := freshOctal("0.2048").Values(context.Background(), n); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
