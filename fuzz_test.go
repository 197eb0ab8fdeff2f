package kayles_test

import (
	"testing"

	"github.com/octalgames/kayles"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Misère play (issue 4).

// FuzzMisereKayles compares the Sibert–Conway rule with the memoised search on positions of at
// most 40 pins, and checks that every misère winning move is legal and leaves a lost position.
func FuzzMisereKayles(f *testing.F) {
	f.Add([]byte{1, 5})
	f.Add([]byte{9, 25, 1})
	f.Add([]byte{20, 12, 4, 4})
	f.Fuzz(func(t *testing.T, rows []byte) {
		var hs []int
		total := 0
		for _, r := range rows {
			h := int(r % 27)
			if total+h > 40 {
				break
			}
			hs = append(hs, h)
			total += h
		}
		p := kayles.NewPosition(hs...)
		want := kayles.Previous
		if kayles.MisereSearchWins(kayles.Kayles, p) {
			want = kayles.Next
		}
		assert.Equal(t, want, kayles.Kayles.MisereOutcome(p), "position %v", p)
		for m := range kayles.Kayles.MisereWinningMoves(p) {
			q, err := kayles.Kayles.Play(p, m)
			require.NoError(t, err)
			assert.False(t, kayles.MisereSearchWins(kayles.Kayles, q), "move %v in %v", m, p)
		}
	})
}
