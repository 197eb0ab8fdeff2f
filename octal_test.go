package kayles_test

import (
	"strings"
	"testing"

	"github.com/octalgames/kayles"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestParseOctalCanonical(t *testing.T) {
	for in, want := range map[string]string{
		"0.77":     "0.77",
		".77":      "0.77",
		"0.770000": "0.77",
		"4.7":      "4.7",
		"0.3f":     "0.3F",
		"0.3F":     "0.3F",
		"0.":       "0.0",
		"0.0":      "0.0",
		"8.":       "8.0",
		"c.1":      "C.1",
		"0.007":    "0.007",
		// Heap count 63 sets the top bit, which &N; cannot write (N < 2^63): braces.
		"0.{0,63}":       "0.{0,63}",
		"0.{63}":         "0.{63}",
		"{2,63}.":        "{2,63}.0",
		"0.[{0,63}]":     "0.[{0,63}]",
		"0.{0,2,63,5+}":  "0.{0,2,5+}",
		"0.{62}":         "0.&4611686018427387904;",
		"0.&#x7fffffff;": "0.&2147483647;",
	} {
		o, err := kayles.ParseOctal(in)
		require.NoError(t, err, in)
		assert.Equal(t, want, o.String(), in)
		again, err := kayles.ParseOctal(o.String())
		require.NoError(t, err)
		assert.Equal(t, o.Digits(), again.Digits())
	}
}

func TestParseOctalDigits(t *testing.T) {
	assert.Equal(t, []int{0, 7, 7}, kayles.Kayles.Digits())
	assert.Equal(t, []int{4, 7}, kayles.MustParseOctal("4.7").Digits())
	assert.Equal(t, []int{0}, kayles.MustParseOctal("0.000").Digits())
	assert.Equal(t, []int{0, 3, 15}, kayles.MustParseOctal("0.3f").Digits())
}

func TestParseOctalErrors(t *testing.T) {
	long := "0." + strings.Repeat("0", 1100)
	for _, c := range []struct {
		in     string
		offset int
		msg    string
	}{
		{"", 0, "empty code"},
		{"77", 2, "no point"},
		{"10.7", 1, "more than one digit"},
		{"1.7", 0, "fewer than two heaps"},
		{"2.7", 0, "fewer than two heaps"},
		{"0.7w", 3, "bad digit 'w'"},
		{"0.7.7", 3, "a second point"},
		{" 0.77", 0, "bad digit ' '"},
		{"x.7", 0, "bad digit 'x'"},
		{"0.7\x00", 3, `bad digit '\x00'`},
		{"0." + "1111111111111111111111111111111111111111111111111111111111111111" + "1", 66, "too many digits"},
		{long, 0, "too long"},
	} {
		o, err := kayles.ParseOctal(c.in)
		assert.Nil(t, o)
		require.ErrorIs(t, err, kayles.ErrSyntax, c.in)
		var pe *kayles.ParseError
		require.ErrorAs(t, err, &pe)
		assert.Equal(t, c.offset, pe.Offset, c.in)
		assert.Contains(t, pe.Error(), c.msg, c.in)
		assert.LessOrEqual(t, len(pe.Input), 67, "the error quotes a bounded part of the input")
	}
}

func TestMustParseOctalPanics(t *testing.T) {
	assert.Panics(t, func() { kayles.MustParseOctal("0.8x") })
}

func TestWellKnownCodes(t *testing.T) {
	for want, o := range map[string]*kayles.Octal{
		"0.77": kayles.Kayles, "0.07": kayles.DawsonsKayles, "0.137": kayles.DawsonsChess,
		"0.15": kayles.Guiles, "0.007": kayles.Treblecross, "0.6": kayles.Officers,
		"0.7777": kayles.DoubleKayles,
	} {
		assert.Equal(t, want, o.String())
	}
}
