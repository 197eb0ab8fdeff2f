package kayles

import (
	"flag"
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// long enables the long differential checks: go test -run Long -long.
var long = flag.Bool("long", false, "run the long differential checks (minutes)")

// shortCodes returns every code with one to three octal digits after the point and first
// digit 0 or 4 (the last digit non-zero), with 0.0 and 4.0: 1024 codes.
func shortCodes() []string {
	var codes []string
	for _, d0 := range []string{"0", "4"} {
		codes = append(codes, d0+".0")
		for x := 1; x < 8*8*8; x++ {
			for digits := 1; digits <= 3; digits++ {
				s := fmt.Sprintf("%0*o", digits, x)
				if len(s) == digits && s[len(s)-1] != '0' && (digits == 3 || x < 1<<(3*digits)) {
					codes = append(codes, d0+"."+s)
				}
			}
		}
	}
	return codes
}

func TestShortCodes(t *testing.T) {
	codes := shortCodes()
	assert.Len(t, codes, 1024)
	seen := map[string]bool{}
	for _, c := range codes {
		o, err := ParseOctal(c)
		require.NoError(t, err, c)
		assert.Equal(t, c, o.String())
		assert.False(t, seen[c], c)
		seen[c] = true
	}
}

// TestSparseMatchesReference compares the engine behind Values (the rare/common engine for
// codes that split heaps) with the reference mex for every 1- to 3-digit code.
func TestSparseMatchesReference(t *testing.T) {
	n := 1200
	if raceEnabled {
		n = 400
	}
	if *long {
		n = 4096
	}
	for _, code := range shortCodes() {
		o := MustParseOctal(code)
		want := referenceValues(o, n)
		got, err := o.Values(len(want))
		require.NoError(t, err, code)
		if !assert.Equal(t, toInts(want), got, code) {
			return
		}
	}
}

// TestSparseAnyMask checks that every mask and parity bit gives exact values, however poor.
func TestSparseAnyMask(t *testing.T) {
	codes := []string{"0.6", "0.77", "0.16", "0.1777", "0.354", "0.376", "4.7", "0.4", "0.06", "0.64", "4.44", "0.446", "0.6A"}
	masks := []uint16{0, 1, 2, 3, 6, 0x55, 0xff, 0x1ee, 0xffff}
	const n = 700
	for _, code := range codes {
		o := MustParseOctal(code)
		if o.heaps != 2 {
			continue
		}
		want := referenceValues(o, n)
		for _, mask := range masks {
			for c := range 2 {
				s := newSparse(o, nil)
				if c == 1 && !s.canParity {
					continue
				}
				got := fixedMaskValues(o, n, mask, c)
				require.Equal(t, want, got, "%s mask %#x c %d", code, mask, c)
			}
		}
	}
}

// TestSparseChoosesMask checks that the mask chosen from the histogram makes few heaps rare in
// games known to be sparse, and that it is the best one by direct count.
func TestSparseChoosesMask(t *testing.T) {
	for _, code := range []string{"0.6", "0.16", "0.1777", "0.354", "0.376", "0.77"} {
		o := MustParseOctal(code)
		_, err := o.Values(1 << 14)
		require.NoError(t, err)
		mask, c, on, choices := sparseState(o)
		assert.True(t, on, code)
		assert.Greater(t, choices, 1, code)
		g := o.load().vals
		var hist [2][1 << 16]int
		for a := 1; a < len(g); a++ {
			hist[a%2][g[a]]++
		}
		count := func(mask uint16, c int) int {
			k := 0
			for v := range 1 << 10 {
				for parity := range 2 {
					if (popcount16(uint16(v)&mask)+c*(parity+o.leave2[0]))%2 == 0 {
						k += hist[parity][v]
					}
				}
			}
			return k
		}
		got := count(mask, c)
		assert.Less(t, got*8, len(g), "%s: %d rare heaps of %d", code, got, len(g))
		// The mask was chosen at 2^13 values, so it may be a little worse than the best at 2^14.
		best := len(g)
		for m := 1; m < 1<<10; m++ {
			best = min(best, count(uint16(m), 0))
		}
		assert.LessOrEqual(t, got, best+best/5+16, code)
	}
}

func TestWalshHadamard(t *testing.T) {
	x := []int64{3, 0, 1, 5, 0, 0, 2, 1}
	want := make([]int64, len(x))
	for m := range x {
		for v := range x {
			if popcount16(uint16(v&m))%2 == 0 {
				want[m] += x[v]
			} else {
				want[m] -= x[v]
			}
		}
	}
	walshHadamard(x)
	assert.Equal(t, want, x)
}

// TestSparseFarLong compares chosen codes with the reference far out (behind -long).
func TestSparseFarLong(t *testing.T) {
	if !*long {
		t.Skip("run with -long")
	}
	for _, code := range []string{"0.6", "0.16", "0.1777", "0.354", "0.376", "0.165", "0.007", "0.167", "0.161"} {
		o := MustParseOctal(code)
		want := referenceValues(o, 1<<16)
		got, err := o.Values(len(want))
		require.NoError(t, err, code)
		require.Equal(t, toInts(want), got, code)
	}
}

func popcount16(v uint16) int {
	k := 0
	for ; v != 0; v &= v - 1 {
		k++
	}
	return k
}

func toInts(g []uint16) []int {
	out := make([]int, len(g))
	for i, v := range g {
		out[i] = int(v)
	}
	return out
}
