package kayles

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// TestCanonicalForms checks the misère canonical forms against play: positions with the same
// canonical form have the same misère outcome beside every position tried. (The converse
// fails within one game: Kayles positions cannot tell 2+2+2 from 2, which other games can.)
func TestCanonicalForms(t *testing.T) {
	for _, c := range []struct {
		o       *Octal
		tokens  int
		against int
	}{{Kayles, 9, 12}, {DawsonsKayles, 12, 12}, {MustParseOctal("4.7"), 7, 9}} {
		t.Run(c.o.String(), func(t *testing.T) {
			table := newCanonTable()
			ps := miserePartitions(c.tokens)
			xs := miserePartitions(c.against)
			// sig[i][j] is the misère outcome of ps[i] + xs[j].
			sig := make([]string, len(ps))
			for i, p := range ps {
				b := make([]byte, len(xs))
				for j, x := range xs {
					b[j] = byte('0' + c.o.MisereOutcome(p.Add(x)))
				}
				sig[i] = string(b)
			}
			byID := map[int]int{}
			forms := 0
			for i, p := range ps {
				q, _ := c.o.misereForm(p)
				id := table.canon(c.o, q)
				if j, ok := byID[id]; ok {
					assert.Equal(t, sig[j], sig[i], "%v and %v have one canonical form", ps[j], p)
				} else {
					forms++
				}
				byID[id] = i
			}
			assert.Less(t, forms, len(ps)/2, "positions sharing a form, so that the check compares something")
		})
	}
}

// TestCanonicalBound lowers the bound on the positions a canonical form may visit: the genus
// stays exact but is written in full, and Tame cannot tell.
func TestCanonicalBound(t *testing.T) {
	defer func(n int) { canonMaxPositions = n }(canonMaxPositions)
	canonMaxPositions = 10
	g := Kayles.Genus(NewPosition(14))
	assert.Equal(t, "2^20", g.String()) // CGSuite: 2^2
	assert.False(t, Kayles.Tame(NewPosition(14)))
	canonMaxPositions = 1 << 18
	assert.Equal(t, "2^2", Kayles.Genus(NewPosition(14)).String())
	assert.True(t, Kayles.Tame(NewPosition(14)))
}
