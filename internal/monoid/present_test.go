package monoid

import (
	"context"
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestRelationsR8: the relations of 0.75 are Plambeck's R8 word for word, as published in
// T. E. Plambeck, "Taming the wild in impartial combinatorial games", INTEGERS 5 (2005) G05,
// and Plambeck & Siegel, "Misère quotients for impartial games", JCTA 115 (2008):
// R8 = <a, b, c | a^2 = 1, b^3 = b, bc = ab, c^2 = b^2>; b^3 = b follows from the others
// (b^3 = bc^2 = abc = a^2b = b). Misère Nim to heap 3 is T2 = <a, b | a^2 = 1, b^3 = b>.
func TestRelationsR8(t *testing.T) {
	s := sampleOf(t, "0.75")
	rels := Relations(NormalWords(s.m.N, s.m.Times, s.gens), s.gens, s.m.Times)
	assert.Equal(t, []string{"a^2 = 1", "b^3 = b", "bc = ab", "c^2 = b^2"}, RelationText(rels))
	ind, err := Minimize(context.Background(), rels)
	require.NoError(t, err)
	assert.Equal(t, []string{"a^2 = 1", "bc = ab", "c^2 = b^2"}, RelationText(ind))
	s = sampleOf(t, "0.[3]")
	rels = Relations(NormalWords(s.m.N, s.m.Times, s.gens), s.gens, s.m.Times)
	assert.Equal(t, []string{"a^2 = 1", "b^3 = b"}, RelationText(rels))
	assert.Nil(t, Relations(nil, nil, nil))
	ind, err = Minimize(context.Background(), nil)
	require.NoError(t, err)
	assert.Nil(t, RelationText(ind))
}

// TestMinimize: the relations and the minimized subset both present the monoid (the cube
// modulo them has its order), and without any one relation of the subset the cube has more:
// no relation of it follows from the others.
func TestMinimize(t *testing.T) {
	for _, s := range samples(t)[:5] {
		c := newWordCube(t, s, 1)
		all := Relations(NormalWords(s.m.N, s.m.Times, s.gens), s.gens, s.m.Times)
		assert.Equal(t, s.m.N, c.presented(all), s.code)
		ind, err := Minimize(context.Background(), slices.Clone(all))
		require.NoError(t, err)
		assert.Equal(t, s.m.N, c.presented(ind), s.code)
		for i := range ind {
			others := slices.Concat(ind[:i], ind[i+1:])
			assert.Greater(t, c.presented(others), s.m.N, "%s: %s follows from the others",
				s.code, RelationText(ind[i : i+1])[0])
		}
		t.Logf("%s: %d relations, %d independent: %v", s.code, len(all), len(ind), RelationText(ind))
	}
}

// TestMinimizeStops: a done context stops Minimize with its error, and no relations.
func TestMinimizeStops(t *testing.T) {
	s := sampleOf(t, "0.75")
	rels := Relations(NormalWords(s.m.N, s.m.Times, s.gens), s.gens, s.m.Times)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	ind, err := Minimize(ctx, rels)
	require.ErrorIs(t, err, context.Canceled)
	assert.Nil(t, ind)
}
