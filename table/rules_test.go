package table_test

import (
	"testing"

	"github.com/octalgames/kayles"
	"github.com/octalgames/kayles/table"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestRulesCaptured checks that the tables keep their rule sets when a program reassigns the
// package-level rule sets of package kayles.
func TestRulesCaptured(t *testing.T) {
	saved, savedNim := kayles.Kayles, kayles.Nim
	defer func() { kayles.Kayles, kayles.Nim = saved, savedNim }()
	kayles.Kayles, kayles.Nim = kayles.DawsonsKayles, kayles.Officers

	// Kayles: 3 pins are won by the middle pin; in Dawson's Kayles by the pair at an end.
	k, err := table.NewKayles(table.Normal, 3)
	require.NoError(t, err)
	pins, winning := hint(t, k)
	assert.Equal(t, []int{2}, pins)
	assert.True(t, winning)
	assert.True(t, kaylesLoses(t, pos(t, 3, 3), table.Normal))

	// Nim: 1 3 5 7 is lost in both conventions; Officers would see no move in heaps of 1.
	for _, misere := range []bool{true, false} {
		assert.True(t, nimLoses(t, []int{1, 3, 5, 7}, misere))
		n, err := table.NewNim(conv(misere), 1, 1, 2)
		require.NoError(t, err)
		index, count, winning := nimHint(t, n)
		assert.True(t, winning)
		assert.Equal(t, [2]int{3, 2 - boolInt(misere)}, [2]int{index, count}, "misere=%v", misere)
	}
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}
