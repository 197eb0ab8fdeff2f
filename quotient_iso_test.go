package kayles

import (
	"context"
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// quotientOf returns the quotient of code to heap n.
func quotientOf(t *testing.T, code string, n int) *Quotient {
	q, err := freshOctal(code).Quotient(context.Background(), n)
	require.NoError(t, err, code)
	return q
}

// renumbered returns q with element x renamed perm[x] (perm[0] = 0): the same bipartite
// monoid under other names, with Φ and the P-portion carried along.
func renumbered(q *Quotient, perm []int) *Quotient {
	r := *q
	r.mul = make([]int32, len(q.mul))
	r.pset = make([]bool, q.order)
	r.phi = make([]int32, len(q.phi))
	for x := range q.order {
		r.pset[perm[x]] = q.pset[x]
		for y := range q.order {
			r.mul[perm[x]*q.order+perm[y]] = int32(perm[q.Mul(x, y)])
		}
	}
	for h, x := range q.phi {
		r.phi[h] = int32(perm[x])
	}
	return &r
}

// TestIsomorphicOrder8: every misère quotient of order 8 is R8 (A. N. Siegel, "The structure
// and classification of misère quotients", arXiv:math/0703070, 2007: exactly one quotient of
// order 8), so the quotients of 0.75 (Plambeck 2005), 0.115, 0.512 and 0.552 to heap 24,
// each of order 8, are isomorphic; none is isomorphic to a quotient of another order.
func TestIsomorphicOrder8(t *testing.T) {
	ctx := context.Background()
	r8 := quotientOf(t, "0.75", 30)
	for _, code := range []string{"0.75", "0.115", "0.512", "0.552"} {
		q := quotientOf(t, code, 24)
		require.Equal(t, 8, q.Order(), code)
		ok, err := q.Isomorphic(ctx, r8)
		require.NoError(t, err)
		assert.True(t, ok, code)
	}
	for _, code := range []string{"0.77", "0.07", "0.[3]"} {
		ok, err := r8.Isomorphic(ctx, quotientOf(t, code, 12))
		require.NoError(t, err)
		assert.False(t, ok, code)
	}
}

// TestIsomorphicPresentations: two quotients of order 12 with three P-positions whose
// presentations differ are isomorphic, and two others are not.
//   - 0.124 is <a, b, c | a^2 = 1, b^4 = b^2, b^2c = ab^3, c^2 = 1> and 0.34 is the same with
//     b^2c = b^3: renaming c to ac turns one into the other (a^2 = 1).
//   - 0.044 is <a, b, c | a^2 = 1, b^3 = b, c^2 = 1>: no element's powers have index 2, as
//     b's do in 0.124, so no isomorphism.
func TestIsomorphicPresentations(t *testing.T) {
	ctx := context.Background()
	q124, q34, q044 := quotientOf(t, "0.124", 24), quotientOf(t, "0.34", 24), quotientOf(t, "0.044", 24)
	require.Equal(t, []string{"a^2 = 1", "b^4 = b^2", "b^2c = ab^3", "c^2 = 1"}, q124.Relations())
	require.Equal(t, []string{"a^2 = 1", "b^4 = b^2", "b^2c = b^3", "c^2 = 1"}, q34.Relations())
	require.Equal(t, []string{"a^2 = 1", "b^3 = b", "c^2 = 1"}, q044.Relations())
	ok, err := q124.Isomorphic(ctx, q34)
	require.NoError(t, err)
	assert.True(t, ok)
	ok, err = q34.Isomorphic(ctx, q124)
	require.NoError(t, err)
	assert.True(t, ok)
	ok, err = q044.Isomorphic(ctx, q124)
	require.NoError(t, err)
	assert.False(t, ok)
}

// TestIsomorphicEdges: the zero Quotient (and nil) is isomorphic only to itself; a limit of
// steps and a cancelled context give errors, not answers.
func TestIsomorphicEdges(t *testing.T) {
	ctx := context.Background()
	var zero Quotient
	q := quotientOf(t, "0.77", 40)
	for _, c := range []struct {
		a, b *Quotient
		want bool
	}{{&zero, &zero, true}, {&zero, nil, true}, {q, nil, false}, {&zero, q, false}, {q, &zero, false}, {q, q, true}} {
		ok, err := c.a.Isomorphic(ctx, c.b)
		require.NoError(t, err)
		assert.Equal(t, c.want, ok)
	}
	small := *q
	small.game = freshOctal("0.77").WithLimits(Limits{Steps: 50})
	_, err := small.Isomorphic(ctx, q)
	var le *LimitError
	require.ErrorAs(t, err, &le)
	require.ErrorIs(t, err, ErrTooLarge)
	cctx, cancel := context.WithCancel(ctx)
	cancel()
	_, err = q.Isomorphic(cctx, renumbered(q, slices.Collect(func(yield func(int) bool) {
		for x := range q.Order() {
			yield(x)
		}
	})))
	require.ErrorIs(t, err, context.Canceled)
}
