package table

import (
	"testing"

	"github.com/octalgames/kayles"
	"github.com/stretchr/testify/assert"
)

// TestRuleViewAgainstListing checks the digits' answers of a ruleView (counts, least takes and
// table moves of a run) against the same view answering from the rule set's listed moves, on
// every run up to 24 tokens of codes on rows and heaps.
func TestRuleViewAgainstListing(t *testing.T) {
	for _, c := range []struct {
		code   string
		layout Layout
	}{
		{"0.77", Rows}, {"0.07", Rows}, {"0.137", Rows}, {"0.6", Rows}, {"0.15", Rows},
		{"0.4", Rows}, {"0.007", Rows}, {"0.[3]", Rows}, {"0.[3]", Heaps}, {"0.333", Heaps},
		{"0.31", Heaps}, {"0.0", Rows},
	} {
		rules := kayles.MustParseOctal(c.code)
		fast := newRuleView(rules, c.layout)
		slow := &ruleView{rules: rules, layout: c.layout}
		for n := 0; n <= 24; n++ {
			r := run{row: 2, start: 3, n: n}
			assert.Equal(t, slow.count(n), fast.count(n), "%s %s count(%d)", c.code, c.layout, n)
			assert.Equal(t, slow.leastTake(n), fast.leastTake(n), "%s %s leastTake(%d)", c.code, c.layout, n)
			for take := range min(n, 4) + 1 {
				assert.Equal(t, slow.appendMoves(nil, r, take), fast.appendMoves(nil, r, take),
					"%s %s moves(%d) taking %d", c.code, c.layout, n, take)
			}
		}
	}
}
