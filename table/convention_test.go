package table_test

import (
	"testing"

	"github.com/octalgames/kayles"
	"github.com/octalgames/kayles/table"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestConvention(t *testing.T) {
	var zero table.Convention
	assert.Equal(t, table.Normal, zero)
	assert.Equal(t, "normal", table.Normal.String())
	assert.Equal(t, "misere", table.Misere.String())
	assert.Equal(t, "Convention(7)", table.Convention(7).String())

	// Both zero tables play the zero Convention.
	var k table.Kayles
	var n table.Nim
	assert.Equal(t, table.Normal, k.Convention())
	assert.Equal(t, table.Normal, n.Convention())

	// Both constructors take the convention first, and refuse any other value the same way.
	for _, c := range []table.Convention{table.Normal, table.Misere} {
		k, err := table.NewKayles(c, table.Small)
		require.NoError(t, err)
		assert.Equal(t, c, k.Convention())
		n, err := table.NewNim(c, 2, 3)
		require.NoError(t, err)
		assert.Equal(t, c, n.Convention())
	}
	for _, c := range []table.Convention{2, 7, 255} {
		k, err := table.NewKayles(c, table.Small)
		require.ErrorIs(t, err, table.ErrSetup)
		require.ErrorIs(t, err, kayles.ErrRange)
		var se *table.SetupError
		require.ErrorAs(t, err, &se)
		assert.Nil(t, k)
		n, err := table.NewNim(c)
		require.ErrorIs(t, err, table.ErrSetup)
		require.ErrorIs(t, err, kayles.ErrRange)
		assert.Nil(t, n)
	}
	_, err := table.NewNim(3)
	assert.EqualError(t, err, "unknown play convention Convention(3); want normal or misere")
}
