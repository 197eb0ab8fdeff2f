package main

import (
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// shortCodesSlow lists the 1024 codes of -classify as the tool listed them before patterns:
// first digit 0 or 4, then 0.0 and every code of one to three digits by value.
func shortCodesSlow() []string {
	var codes []string
	for _, d0 := range []string{"0", "4"} {
		codes = append(codes, d0+".0")
		for digits := 1; digits <= 3; digits++ {
			for x := 1; x < 1<<(3*digits); x++ {
				if x%8 != 0 {
					codes = append(codes, fmt.Sprintf("%s.%0*o", d0, digits, x))
				}
			}
		}
	}
	return codes
}

func TestPatternShortCodes(t *testing.T) {
	assert.Equal(t, shortCodesSlow(), shortCodes())
}

func TestPatternFamilies(t *testing.T) {
	for _, c := range []struct {
		items []string
		n     int
		some  []string
	}{
		{[]string{"octal:4"}, 2 * 8 * 8 * 8 * 7, []string{"0.0001", "4.7777", "0.1234"}},
		{[]string{"hex:2"}, 4 * 16 * 15, []string{"0.3F", "8.01", "C.FF", "0.77"}},
		{[]string{"hex:0"}, 4, []string{"0.0", "4.0", "8.0", "C.0"}},
		{[]string{"<04>.%o%O"}, 2 * 8 * 7, []string{"0.07", "4.77"}},
		{[]string{"4%m.0"}, 4, []string{"4.0", "4!.0", "4?.0", "4=.0"}},
		{[]string{"0.7%M7"}, 3, []string{"0.7!7", "0.7?7", "0.7=7"}},
		{[]string{"0.1%m"}, 1, []string{"0.1"}}, // 0.1! is no code: it never leaves two heaps
		{[]string{"0.77", "0.137", ".77", "0.770"}, 2, []string{"0.77", "0.137"}},
		{[]string{"0.{2,3}", "0.&12;"}, 1, []string{"0.C"}},
		{[]string{"0.<6_>%%"}, 0, nil},
	} {
		got, err := expandItems(c.items)
		if c.n == 0 {
			require.ErrorIs(t, err, errFamily, "%q", c.items)
			continue
		}
		require.NoError(t, err, "%q", c.items)
		assert.Len(t, got, c.n, "%q", c.items)
		for _, s := range c.some {
			assert.Contains(t, got, s, "%q", c.items)
		}
	}
	got, err := expandItems([]string{"0.7%M7"})
	require.NoError(t, err)
	assert.Equal(t, []string{"0.7!7", "0.7?7", "0.7=7"}, got, "the order of the placeholders' characters")
}

func TestPatternErrors(t *testing.T) {
	for _, p := range []string{"0.7x", "0.%q", "0.7%", "0.<7", "0.<>", "octal:", "octal:x", "octal:3-1", "hex:13", "octal:-1", "hex:9", "0.%x%x%x%x%x%x"} {
		_, err := expandItems([]string{p})
		assert.ErrorIs(t, err, errFamily, p)
	}
}

func TestSplitItems(t *testing.T) {
	assert.Equal(t, []string{"0.77", "0.{2,3}", "octal:2"}, splitItems(" 0.77, 0.{2,3},,octal:2 "))
	assert.Empty(t, splitItems(" , "))
}

func TestReadCodesFile(t *testing.T) {
	items, err := readCodesFile(strings.NewReader("# a family\n0.77  # Kayles\n\n\t0.&#12;\n4%m.0\t# Grundy\n  # indented comment\n"))
	require.NoError(t, err)
	assert.Equal(t, []string{"0.77", "0.&#12;", "4%m.0"}, items)
}

// shortCodes lists every code with one to three octal digits after the point, first digit 0 or
// 4 and last digit non-zero, with 0.0 and 4.0: 1024 codes, the family octal:0-3.
func shortCodes() []string {
	codes, err := expandItems([]string{"octal:0-3"})
	if err != nil {
		panic(err) // a constant family: only a broken expandItems gets here, in a test
	}
	return codes
}
