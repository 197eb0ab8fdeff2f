package kayles

import (
	"context"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/octalgames/kayles/internal/canon/canontest"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
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
			table := newCanonTable(nil)
			ps := miserePartitions(c.tokens)
			xs := miserePartitions(c.against)
			// sig[i][j] is the misère outcome of ps[i] + xs[j].
			sig := make([]string, len(ps))
			for i, p := range ps {
				b := make([]byte, len(xs))
				for j, x := range xs {
					b[j] = byte('0' + must(c.o.MisereOutcome(ctx, p.Add(x))))
				}
				sig[i] = string(b)
			}
			byID := map[int]int{}
			forms := 0
			for i, p := range ps {
				q, _ := c.o.plan().misereForm(p)
				id := table.canon(c.o.plan(), q)
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
	small := Kayles.WithLimits(Limits{SearchSteps: 100})
	p := MustNewPosition(14)
	_, ok := small.genus(p, nil) // the genus itself is in the memo: only the forms are bounded
	require.True(t, ok)
	g := must(small.Genus(ctx, p))
	assert.Equal(t, "2^20", g.String()) // CGSuite: 2^2
	_, err := small.Tame(ctx, p)
	require.ErrorIs(t, err, ErrTooLarge)
	var le *LimitError
	require.ErrorAs(t, err, &le)
	assert.Equal(t, int64(100), le.Limit)
	assert.Equal(t, "search steps", le.Unit)
	assert.Equal(t, "2^2", must(Kayles.Genus(ctx, p)).String())
	assert.True(t, must(Kayles.Tame(ctx, p)))
}

// Review of the misère canonical forms: equality against play with arbitrary games.

// gameTrees are the reference game trees of canontest, with the trees of positions.
type gameTrees struct {
	*canontest.Trees
	pos map[Position]int
}

func newGameTrees() *gameTrees {
	return &gameTrees{Trees: canontest.New(), pos: map[Position]int{}}
}

// position returns the id of the game tree of p in o, built with the public Moves and Play.
func (g *gameTrees) position(t *testing.T, o *Octal, p Position) int {
	if id, ok := g.pos[p]; ok {
		return id
	}
	var opts []int
	for m := range o.Moves(p) {
		q, err := o.Play(p, m)
		require.NoError(t, err)
		opts = append(opts, g.position(t, o, q))
	}
	id := g.Game(opts...)
	g.pos[p] = id
	return id
}

// TestCanonicalEquality checks the canonical forms against the definition of misère
// equality, G = H when G+X and H+X have the same misère outcome for every game X: positions
// with one canonical form must agree beside every X tried, and positions with different forms
// must be told apart by some X tried, where the games tried suffice: in Kayles and 4.7 they
// do not tell *2+*2+*2+*2 from *2+*2, which differ (Conway's cancellation theorem: else
// *2+*2 = 0, and their outcomes differ), and no game born by day 4 does. The games X are every game born by day 4 (as sets of
// games born by day 3), the sums of two games born by day 3, the positions themselves, and
// sums of small positions with 0, *1 and *2.
func TestCanonicalEquality(t *testing.T) {
	for _, c := range []struct {
		o      *Octal
		tokens int
		apart  bool // whether the games tried tell every two forms apart
	}{
		{Kayles, 9, false}, {DawsonsKayles, 12, true}, {MustParseOctal("4.7"), 7, false},
		{MustParseOctal("0.8F"), 8, true}, {Guiles, 11, true},
	} {
		t.Run(c.o.String(), func(t *testing.T) {
			g := newGameTrees()
			star := g.Game(g.Game())
			day2 := []int{g.Game(), star, g.Game(g.Game(), star)} // 0, *1, *2: all of day 2
			subsets := func(of []int) []int {
				var out []int
				for mask := range 1 << len(of) {
					var opts []int
					for i, x := range of {
						if mask>>i&1 != 0 {
							opts = append(opts, x)
						}
					}
					out = append(out, g.Game(opts...))
				}
				return out
			}
			day3 := subsets(day2)
			xs := subsets(day3) // every game born by day 4
			for i, a := range day3 {
				for _, b := range day3[i:] {
					xs = append(xs, g.Sum(a, b))
				}
			}
			ps := miserePartitions(c.tokens)
			for _, p := range ps {
				xs = append(xs, g.position(t, c.o, p))
			}
			for _, p := range ps[:len(ps)/4] {
				for _, d := range day2 {
					xs = append(xs, g.Sum(g.position(t, c.o, p), d))
				}
			}
			// Conway's proof that distinct canonical forms differ builds the game that tells
			// them apart from their followers: so try games whose options are a few of the
			// positions, games of day 3, or small positions plus *2+*2.
			pool := append(slices.Clone(xs[len(xs)-len(ps)-len(ps)/4*len(day2):]), day3...)
			rng := rand.New(rand.NewPCG(12, 1976))
			twos := g.Sum(day2[2], day2[2]) // *2+*2
			for _, x := range slices.Clone(pool[:len(ps)/4]) {
				pool = append(pool, g.Sum(x, twos))
			}
			for range 3000 {
				var opts []int
				for range 1 + rng.IntN(4) {
					opts = append(opts, pool[rng.IntN(len(pool))])
				}
				xs = append(xs, g.Game(opts...))
			}
			table := newCanonTable(nil)
			byForm := map[int]string{}
			bySig := map[string]int{}
			for _, p := range ps {
				q, _ := c.o.plan().misereForm(p)
				id := table.canon(c.o.plan(), q)
				require.GreaterOrEqual(t, id, 0)
				tree := g.position(t, c.o, p)
				sig := make([]byte, len(xs))
				for i, x := range xs {
					sig[i] = '0'
					if g.SumWins(tree, x) {
						sig[i] = '1'
					}
				}
				if s, ok := byForm[id]; ok {
					if !assert.Equal(t, s, string(sig), "%v shares its canonical form with a game it differs from", p) {
						return
					}
				}
				byForm[id] = string(sig)
				if other, ok := bySig[string(sig)]; ok && c.apart {
					if !assert.Equal(t, other, id, "%v: no game tried tells apart two canonical forms", p) {
						return
					}
				}
				bySig[string(sig)] = id
			}
			assert.Less(t, len(byForm), len(ps)/2, "positions sharing a form, so that the check compares something")
		})
	}
}

// TestMisereCanonical: nim-heaps and Kayles heaps whose genus is a nim-heap's (CGSuite genus
// of Kayles heaps 0..20, shared/REFERENCES.md: 0, 1, 2, 3, 1, 4^146, 3, ...) print as
// nim-heaps; *2+*2 is *[2[2]]; forms of games equal in misère play are the same text; each
// text is that of the position's canonical form, whose misère value is the position's.
// (internal/canon's TestText reads the texts of the same games back.)
func TestMisereCanonical(t *testing.T) {
	ctx := context.Background()
	for n, want := range map[int]string{0: "*[0]", 1: "*[1]", 2: "*[2]", 3: "*[3]", 4: "*[1]", 6: "*[3]"} {
		s, err := Kayles.MisereCanonical(ctx, MustNewPosition(n))
		require.NoError(t, err)
		assert.Equal(t, want, s, "Kayles heap %d", n)
	}
	s, err := Nim.MisereCanonical(ctx, MustNewPosition(12))
	require.NoError(t, err)
	assert.Equal(t, "*[&12;]", s)
	s, err = Nim.MisereCanonical(ctx, MustNewPosition(2, 2))
	require.NoError(t, err)
	assert.Equal(t, "*[2[2]]", s)
	// Kayles heap 4 and Nim heap 1 are equal in misère play: the same text.
	k4, err := Kayles.MisereCanonical(ctx, MustNewPosition(4, 5))
	require.NoError(t, err)
	n1, err := Kayles.MisereCanonical(ctx, MustNewPosition(1, 5))
	require.NoError(t, err)
	assert.Equal(t, n1, k4)
	for _, c := range []struct {
		o    *Octal
		p    Position
		want string
	}{
		{Kayles, MustNewPosition(5), "*[2[2]321]"}, {Kayles, MustNewPosition(8), "*[2[3]]"},
		{Kayles, MustNewPosition(9), "*[(2[2]321)[3](2[2]321)[2]((2[2]321)[1](2[2]321)2[3]2[2]30)[1]((2[2]321)[1](2[2]321)2[3]2[2]30)2[3]20]"},
		{Kayles, MustNewPosition(5, 7), ""}, {DawsonsKayles, MustNewPosition(9), "*[0]"},
		{Nim, MustNewPosition(4, 2), "*[4[2]]"},
	} {
		s, err := c.o.MisereCanonical(ctx, c.p)
		require.NoError(t, err)
		if c.want != "" {
			assert.Equal(t, c.want, s, "%s %v", c.o, c.p)
		}
		tab := newCanonTable(newBudget(ctx, 1<<30, searchUnit, func() string { return "test" }))
		pl := c.o.plan()
		q, _ := pl.misereForm(c.p)
		id := tab.canon(pl, q)
		require.GreaterOrEqual(t, id, 0)
		text, ok := tab.Text(id)
		require.True(t, ok)
		assert.Equal(t, text, s, "%s %v", c.o, c.p)
		g, err := c.o.Genus(ctx, c.p)
		require.NoError(t, err)
		assert.Equal(t, g.MisereValue(), tab.Value(id))
	}
}

// TestMisereCanonicalLimits: a form past Limits.SearchSteps, or a done context, gives an
// error, never a text.
func TestMisereCanonicalLimits(t *testing.T) {
	_, err := Kayles.WithLimits(Limits{SearchSteps: 1000}).MisereCanonical(context.Background(), MustNewPosition(20))
	require.ErrorIs(t, err, ErrTooLarge)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	_, err = freshOctal("0.77").MisereCanonical(ctx, MustNewPosition(30))
	require.ErrorIs(t, err, context.Canceled)
}
