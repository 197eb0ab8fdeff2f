package monoid

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestTame: misère Nim to heap 3 is T_1 (Plambeck & Siegel 2008), labels multiply by XOR
// and HitsP says whether a product is in P; R8 (0.75) and the other samples are not tame.
func TestTame(t *testing.T) {
	for _, s := range samples(t) {
		tf, ok := Tame(s.m)
		require.Equal(t, s.code == "0.[3]", ok, s.code)
		if !ok {
			continue
		}
		m := s.m
		assert.True(t, m.P[tf.A])
		assert.True(t, m.P[tf.E])
		assert.Len(t, tf.Of, m.N-2)
		for x := range int32(m.N) {
			for y := range int32(m.N) {
				xy := m.times(x, y)
				if tf.Kern[x] || tf.Kern[y] {
					assert.Equal(t, tf.Label[x]^tf.Label[y], tf.Label[xy], "%d·%d", x, y)
				}
				assert.Equal(t, m.P[xy], tf.HitsP(x, []int32{y}), "%d·%d", x, y)
			}
		}
	}
}
