package main

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// BenchmarkExpand expands families of growing size: the cost of naming a family before it is
// classified (a parse of each code).
func BenchmarkExpand(b *testing.B) {
	for _, fam := range []string{"octal:2", "octal:3", "octal:4", "hex:3"} {
		b.Run("family="+fam, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				codes, err := expandItems([]string{fam})
				require.NoError(b, err)
				require.NotEmpty(b, codes)
			}
		})
	}
}
