package kayles

import (
	"context"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestPresentationR8: the presentation of 0.75 is Plambeck's R8 word for word, as published
// in T. E. Plambeck, "Taming the wild in impartial combinatorial games", INTEGERS 5 (2005)
// G05, and Plambeck & Siegel, "Misère quotients for impartial games", JCTA 115 (2008):
// R8 = <a, b, c | a^2 = 1, b^3 = b, bc = ab, c^2 = b^2>, P-portion {a, b^2}. Misère Nim to
// heap 3 is T2 = <a, b | a^2 = 1, b^3 = b> (same sources).
func TestPresentationR8(t *testing.T) {
	q, err := freshOctal("0.75").Quotient(context.Background(), 30)
	require.NoError(t, err)
	assert.Equal(t, []string{"a^2 = 1", "b^3 = b", "bc = ab", "c^2 = b^2"}, q.Relations())
	assert.True(t, strings.HasPrefix(q.Presentation(), "<a, b, c | a^2 = 1, b^3 = b, bc = ab, c^2 = b^2>\n"+
		"generators: a=1 b=2 c=5\nP-portion: {a, b^2}\n"), q.Presentation())
	// b^3 = b follows from the others (b^3 = bc^2 = abc = a^2b = b): the independent set
	// leaves it out.
	assert.Equal(t, []string{"a^2 = 1", "bc = ab", "c^2 = b^2"}, q.IndependentRelations())
	t2, err := Nim.Quotient(context.Background(), 3)
	require.NoError(t, err)
	assert.Equal(t, []string{"a^2 = 1", "b^3 = b"}, t2.Relations())
}

// TestPresentationKaylesWords: the normal forms are MisereSolver's, the least word in the
// order that compares the last generator's exponent first (MisereSolver's Word.compareTo in
// CGSuite's org.cgsuite.core.misere.solver): Kayles heaps 21 and 28 are b^2c and ab^2c, which
// the shortest-word order wrote acf and cf, and the relation c^2f = ab^2 of that order is gone.
func TestPresentationKaylesWords(t *testing.T) {
	q, err := freshOctal("0.77").Quotient(context.Background(), 40)
	require.NoError(t, err)
	x21, _ := q.Class(21)
	x28, _ := q.Class(28)
	assert.Equal(t, "b^2c", q.Word(x21))
	assert.Equal(t, "ab^2c", q.Word(x28))
	assert.NotContains(t, q.Relations(), "c^2f = ab^2")
	assert.Contains(t, q.Relations(), "cf = ab^2c")
}
