package plot

import (
	"bytes"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestTableKayles writes K(0..83) in rows of 12: the rows are the seed's table.
func TestTableKayles(t *testing.T) {
	vals, want := kaylesValues(t)
	var b bytes.Buffer
	require.NoError(t, WriteTable(&b, slices.All(vals), len(vals), 8, 12, "0.77: preperiod 71, period 12"))
	lines := strings.Split(strings.TrimSuffix(b.String(), "\n"), "\n")
	require.Len(t, lines, 2+len(want))
	assert.Equal(t, "# 0.77: preperiod 71, period 12", lines[0])
	assert.Equal(t, "n  +0  +1  +2  +3  +4  +5  +6  +7  +8  +9 +10 +11", strings.TrimSpace(lines[1]))
	for a, row := range want {
		f := strings.Fields(lines[2+a])
		assert.Equal(t, strconv.Itoa(12*a), f[0])
		var cells []string
		for _, v := range row {
			cells = append(cells, strconv.Itoa(v))
		}
		assert.Equal(t, cells, f[1:])
	}
	rows, err := Rows(slices.All(vals), 12, 3)
	require.NoError(t, err)
	require.Len(t, rows, 3)
	assert.Equal(t, Row{Start: 24, Values: want[2]}, rows[2])
	rows, err = Rows(slices.All(vals[:30]), 12, 0)
	require.NoError(t, err)
	assert.Equal(t, Row{Start: 24, Values: vals[24:30]}, rows[2])
	_, err = Rows(slices.All(vals), 0, 0)
	require.Error(t, err)
	require.Error(t, WriteTable(&b, slices.All(vals), 84, 8, 0, ""))
}
