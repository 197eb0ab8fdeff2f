package table

import (
	"testing"

	"github.com/octalgames/kayles"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestPresets checks the registry of the preset tables: their rule sets are the very engines
// of kayles.Kayles and kayles.Nim (package kayles keeps one per code), so that the tables hold
// no copy of their values; each preset is found by its word and by a setup of its code, also
// with other limits, and by no other setup.
func TestPresets(t *testing.T) {
	assert.Same(t, kayles.Kayles, kaylesPreset.rules)
	assert.Same(t, kayles.Nim, nimPreset.rules)
	for _, p := range []*preset{kaylesPreset, nimPreset} {
		assert.Same(t, p, presetNamed(p.word))
		tb, err := New(Setup{Rules: p.rules, Layout: p.layout})
		require.NoError(t, err)
		assert.Same(t, p, presetOf(tb.Setup()))
		text, err := tb.MarshalText()
		require.NoError(t, err)
		assert.Equal(t, p.word, string(text[:len(p.word)]))
		l := p.rules.Limits()
		l.SearchSteps /= 2
		assert.Same(t, p, presetOf(Setup{Rules: p.rules.WithLimits(l), Layout: p.layout, Start: []int{5}}))
	}
	assert.Nil(t, presetNamed("table"))
	for _, s := range []Setup{
		{Rules: kaylesPreset.rules, Layout: Rows, Start: []int{3, 4}},
		{Rules: kaylesPreset.rules, Layout: Heaps, Start: []int{3}},
		{Rules: nimPreset.rules, Layout: Rows, Start: []int{3}},
		{Rules: kayles.DawsonsKayles, Layout: Rows, Start: []int{3}},
	} {
		assert.Nil(t, presetOf(s), "%v %v %v", s.Rules, s.Layout, s.Start)
	}
	assert.True(t, isNim(nimPreset.rules))
	assert.False(t, isNim(kayles.MustParseOctal("0.333")))
}
