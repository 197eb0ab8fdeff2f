package kayles_test

import (
	"encoding/json"
	"testing"

	"github.com/octalgames/kayles"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestParsePositionForms(t *testing.T) {
	want := kayles.MustNewPosition(3, 5, 7)
	for _, in := range []string{"3 5 7", "3+5+7", "3,5,7", "7 3 5", " 3 , 5 + 7 ", "3\t5\n7", "0+3+5+7+0", "003 5 7"} {
		p, err := kayles.ParsePosition(in)
		require.NoError(t, err, in)
		assert.Equal(t, want, p, in)
	}
	for _, in := range []string{"", "0", " ", "0 0", "0+0"} {
		p, err := kayles.ParsePosition(in)
		require.NoError(t, err, in)
		assert.Equal(t, kayles.Position{}, p, in)
	}
}

func TestParsePositionErrors(t *testing.T) {
	for _, c := range []struct {
		in     string
		offset int
		target error
	}{
		{"3++5", 2, kayles.ErrSyntax},
		{"+3", 0, kayles.ErrSyntax},
		{"3+", 1, kayles.ErrSyntax},
		{"3 5,", 3, kayles.ErrSyntax},
		{"-3", 0, kayles.ErrSyntax},
		{"3x", 1, kayles.ErrSyntax},
		{"3.5", 1, kayles.ErrSyntax},
		{"3 x", 2, kayles.ErrSyntax},
		{"99999999999999999999", 0, kayles.ErrRange},
	} {
		_, err := kayles.ParsePosition(c.in)
		require.ErrorIs(t, err, c.target, c.in)
		var pe *kayles.ParseError
		require.ErrorAs(t, err, &pe, c.in)
		assert.Equal(t, c.offset, pe.Offset, c.in)
		assert.Equal(t, "position", pe.What)
	}
}

func TestPositionNormalForm(t *testing.T) {
	p := kayles.MustNewPosition(7, 0, 3, 3, 1)
	assert.Equal(t, []int{1, 3, 3, 7}, p.Heaps())
	assert.Equal(t, 4, p.Len())
	assert.Equal(t, "1+3+3+7", p.String())
	assert.True(t, p == kayles.MustParsePosition("3 7 1 3"), "one normal form, so == compares")
	assert.Nil(t, kayles.Position{}.Heaps())
	assert.Equal(t, 0, kayles.Position{}.Len())
	assert.Equal(t, "0", kayles.Position{}.String())
	big := kayles.MustNewPosition(1<<62, 300, 128, 127)
	assert.Equal(t, []int{127, 128, 300, 1 << 62}, big.Heaps())
	assert.Equal(t, 4, big.Len())
	assert.Equal(t, kayles.MustNewPosition(1, 2, 3, 3), kayles.MustNewPosition(3, 1).Add(kayles.MustNewPosition(2, 3)))
	assert.Panics(t, func() { kayles.MustNewPosition(3, -1) })
}

func TestPositionDoesNotAlias(t *testing.T) {
	heaps := []int{5, 3}
	p := kayles.MustNewPosition(heaps...)
	heaps[0] = 9
	assert.Equal(t, []int{5, 3}[1], p.Heaps()[0])
	out := p.Heaps()
	out[0] = 100
	assert.Equal(t, []int{3, 5}, p.Heaps())
}

func TestPositionText(t *testing.T) {
	p := kayles.MustNewPosition(10, 4, 4)
	b, err := p.MarshalText()
	require.NoError(t, err)
	assert.Equal(t, "4+4+10", string(b))
	var q kayles.Position
	require.NoError(t, q.UnmarshalText(b))
	assert.Equal(t, p, q)

	require.ErrorIs(t, q.UnmarshalText([]byte("4+x")), kayles.ErrSyntax)
	assert.Equal(t, p, q, "a failed UnmarshalText changes nothing")

	js, err := json.Marshal(map[string]kayles.Position{"table": p})
	require.NoError(t, err)
	assert.JSONEq(t, `{"table":"4+4+10"}`, string(js))
	var back map[string]kayles.Position
	require.NoError(t, json.Unmarshal(js, &back))
	assert.Equal(t, p, back["table"])
}
