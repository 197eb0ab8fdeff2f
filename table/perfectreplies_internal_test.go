package table

import (
	"context"
	"math/rand/v2"
	"testing"

	"github.com/octalgames/kayles"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestValueRepliesAgainstMoves checks the count of winning replies by nim-values against the
// count through the rule set's winning moves, for every move of lost positions in normal play
// too large for the brute-force walk: random runs of up to 60 tokens of several codes.
func TestValueRepliesAgainstMoves(t *testing.T) {
	ctx := context.Background()
	rng := rand.New(rand.NewPCG(13, 13))
	for _, c := range []struct {
		code   string
		layout Layout
	}{
		{"0.77", Rows}, {"0.07", Rows}, {"0.6", Rows}, {"0.137", Rows}, {"0.15", Rows},
		{"0.[3]", Heaps}, {"0.[3]", Rows}, {"0.333", Heaps},
	} {
		rules := kayles.MustParseOctal(c.code)
		lost := 0
		for lost < 12 {
			heaps := make([]int, 1+rng.IntN(4))
			for i := range heaps {
				heaps[i] = 1 + rng.IntN(60)
			}
			p := kayles.MustNewPosition(heaps...)
			if v, err := rules.Value(ctx, p); err != nil || v != 0 {
				require.NoError(t, err)
				continue
			}
			lost++
			s := tableState{rules: rules, layout: c.layout, heaps: heaps}
			if c.layout == Rows {
				s.heaps = nil
				for _, h := range heaps {
					s.rows = append(s.rows, make([]bool, h))
				}
			}
			v := newRuleView(rules, c.layout)
			rs := s.runs()
			byValues, err := s.replyCounter(ctx, v, rs)
			require.NoError(t, err)
			sorted, byLen := runLengths(rs)
			byMoves := s.movesReplies(ctx, sorted, byLen)
			for _, r := range rs {
				for _, m := range v.appendMoves(nil, r, 0) {
					a := m.Pin - 1 - r.start
					if c.layout == Heaps {
						a = 0
					}
					b := r.n - m.Count - a
					want, err := byMoves(r.n, a, b)
					require.NoError(t, err)
					got, err := byValues(r.n, a, b)
					require.NoError(t, err)
					assert.Equal(t, want, got, "%s %s %v: %+v", c.code, c.layout, heaps, m)
				}
			}
		}
	}
}
