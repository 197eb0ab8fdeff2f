package table_test

import (
	"testing"

	"github.com/octalgames/kayles/internal/contract"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestRulesCaptured checks that the tables keep their rule sets when a program reassigns the
// package-level rule sets of package kayles: no code of the package reads them. Read from the
// source, so that no test assigns to them.
func TestRulesCaptured(t *testing.T) {
	games := []string{"Kayles", "DawsonsKayles", "DawsonsChess", "Guiles", "Treblecross", "Officers",
		"DoubleKayles", "GrundysGame", "Nim", "LaskersNim"}
	reads, err := contract.VarReads(".", "kayles", games)
	require.NoError(t, err)
	assert.Empty(t, reads, "the tables read package kayles' exported games")
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}
