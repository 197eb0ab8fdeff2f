package main

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/octalgames/kayles"
)

// FuzzPattern checks that any item expands without a panic to at most the codes asked for
// (here 4096, to keep each input quick), canonical, each listed once, or to an error that wraps errFamily; and that a code that parses is
// its own family.
func FuzzPattern(f *testing.F) {
	for _, s := range []string{"0.77", "octal:2", "hex:1-2", "<04>.%o%O", "4%m.0", "0.7%M7", "0.<6_>%%", "0.{2,3}", "0.[3]", "0.%X!"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, p string) {
		codes, err := expandAtMost([]string{p}, 4096)
		if err != nil {
			require.ErrorIs(t, err, errFamily)
			return
		}
		require.NotEmpty(t, codes)
		require.LessOrEqual(t, len(codes), 4096)
		seen := map[string]bool{}
		for _, c := range codes[:min(len(codes), 64)] {
			o, err := kayles.ParseOctal(c)
			require.NoError(t, err, c)
			require.Equal(t, c, o.String())
			require.False(t, seen[c], c)
			seen[c] = true
		}
		if o, err := kayles.ParseOctal(p); err == nil && !strings.ContainsAny(p, "%<:") {
			require.Equal(t, []string{o.String()}, codes)
		}
	})
}
