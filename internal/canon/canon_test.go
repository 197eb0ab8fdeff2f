package canon

import (
	"flag"
	"testing"

	"github.com/octalgames/kayles/internal/canon/canontest"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// steps is a Budget of left units of work, and of any depth while it lasts.
type steps struct{ left int64 }

func (s *steps) Spend(n int64) bool { s.left -= n; return s.left >= 0 }
func (s *steps) Enter() bool        { return s.left >= 0 }
func (s *steps) Leave()             {}

var canonicalDay5 = flag.Bool("day5", false, "count the misère canonical forms born by day 5 (4,171,780; half a minute and 3 GB)")

// TestBornByDay counts the canonical forms of the games born by each day, as sets of
// the canonical forms born the day before: 1, 2, 3, 5 and 22 (Conway, On Numbers and Games
// ch. 12; Siegel, "On the structure of misère impartial games", 2020: 4,171,780 by day 5, with
// -day5). Then it checks the forms against play: every game born by day 4, written as
// a set of games born by day 3 with no simplification (65,536 of them, one in 16 tried),
// agrees beside every game X tried with the representative of its form, and the 22 forms are
// told apart by some X. The games X are the 22 forms and the sums of two of them.
func TestBornByDay(t *testing.T) {
	table := New(nil)
	forms := []int{}
	want := []int{1, 2, 3, 5, 22}
	if *canonicalDay5 {
		want = append(want, 4171780)
	}
	for day, n := range want {
		seen := map[int]bool{}
		next := []int{}
		for mask := range 1 << len(forms) {
			var opts []int
			for i, x := range forms {
				if mask>>i&1 != 0 {
					opts = append(opts, x)
				}
			}
			if id := table.Reduce(opts); !seen[id] {
				seen[id] = true
				next = append(next, id)
			}
		}
		require.Equal(t, n, len(next), "forms born by day %d", day)
		forms = next
	}
	// Build every game born by day 4 as a tree, with no simplification.
	g := canontest.New()
	raw := []int{g.Game()}
	canon := map[int]int{}
	canonOf := func(id int) int {
		if c, ok := canon[id]; ok {
			return c
		}
		panic("no form")
	}
	canon[raw[0]] = table.Reduce(nil)
	// born returns the game whose options are the games of raw that mask picks, its canonical
	// form recorded in canon.
	born := func(mask int) int {
		var opts, copts []int
		for i, x := range raw {
			if mask>>i&1 != 0 {
				opts = append(opts, x)
				copts = append(copts, canonOf(x))
			}
		}
		id := g.Game(opts...)
		canon[id] = table.Reduce(copts)
		return id
	}
	for range 3 { // days 1 to 3, every set of the day before
		var next []int
		for mask := range 1 << len(raw) {
			next = append(next, born(mask))
		}
		raw = next
	}
	require.Len(t, raw, 16)
	reps := map[int]int{} // form -> a tree born by day 4 with that form
	var day4 []int
	for mask := range 1 << len(raw) {
		id := born(mask)
		if _, ok := reps[canon[id]]; !ok {
			reps[canon[id]] = id
		}
		if mask%16 == 5 {
			day4 = append(day4, id)
		}
	}
	require.Len(t, reps, 22)
	var xs []int
	for _, r := range reps {
		xs = append(xs, r)
	}
	for i := range 22 {
		for j := i; j < 22; j++ {
			xs = append(xs, g.Sum(xs[i], xs[j]))
		}
	}
	sig := func(a int) string {
		b := make([]byte, len(xs))
		for i, x := range xs {
			b[i] = '0'
			if g.SumWins(a, x) {
				b[i] = '1'
			}
		}
		return string(b)
	}
	sigs := map[string]int{}
	for c, r := range reps {
		_, dup := sigs[sig(r)]
		assert.False(t, dup, "form %d is not told apart from another", c)
		sigs[sig(r)] = c
	}
	for _, id := range day4 {
		if !assert.Equal(t, sig(reps[canon[id]]), sig(id), "game %v", g.Options(id)) {
			return
		}
	}
}
