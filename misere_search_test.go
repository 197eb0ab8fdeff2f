package kayles

import (
	"slices"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// misereSlow is the obviously correct reference: it plays every legal move with the public
// Moves and Play, drops nothing, and calls a position won by the player to move when it has no
// move at all or a move to a lost position. memo maps positions to that answer.
func misereSlow(t testing.TB, o *Octal, p Position, memo map[Position]bool) bool {
	if win, ok := memo[p]; ok {
		return win
	}
	win, moved := false, false
	for m := range o.Moves(p) {
		moved = true
		q, err := o.Play(p, m)
		require.NoError(t, err)
		if !misereSlow(t, o, q, memo) {
			win = true
			break
		}
	}
	if !moved {
		win = true
	}
	memo[p] = win
	return win
}

// miserePartitions returns every position of at most n tokens, each once.
func miserePartitions(n int) []Position {
	var out []Position
	var hs []int
	var rec func(largest, left int)
	rec = func(largest, left int) {
		out = append(out, MustNewPosition(hs...))
		for h := 1; h <= largest && h <= left; h++ {
			hs = append(hs, h)
			rec(h, left-h)
			hs = hs[:len(hs)-1]
		}
	}
	rec(n, n)
	return out
}

func outcomeOf(win bool) Outcome {
	if win {
		return Next
	}
	return Previous
}

// TestMisereOutcomeAgainstSearch compares the misère outcomes with the slow reference for every
// position of up to 30 tokens of Kayles (the Sibert–Conway rule), Dawson's Kayles and
// Treblecross (the memoised search), and of fewer tokens in games with whole-heap takes,
// splits that take nothing and three-heap splits.
// searchOnly returns o with a memo of its own in which no automatic quotient is computed, so
// that its misère questions are answered by the search (or a closed form).
func searchOnly(o *Octal) *Octal {
	s := o.WithLimits(o.Limits())
	s.memo = newSearchMemo(DefaultMemoBytes) // its own, so that the game's quotient is not turned off
	s.memo.autoBeyond = 1
	return s
}

func TestMisereOutcomeAgainstSearch(t *testing.T) {
	for _, c := range []struct {
		o      *Octal
		tokens int
	}{
		{Kayles, 30}, {DawsonsKayles, 30}, {Treblecross, 30}, {Guiles, 22}, {DawsonsChess, 22},
		{Officers, 20}, {MustParseOctal("4.7"), 18}, {MustParseOctal("0.8F"), 16},
		{MustParseOctal("0.0"), 5}, {MustParseOctal("0.51"), 20},
	} {
		t.Run(c.o.String(), func(t *testing.T) {
			memo := map[Position]bool{}
			search := searchOnly(c.o)
			for _, p := range miserePartitions(c.tokens) {
				want := outcomeOf(misereSlow(t, c.o, p, memo))
				if !assert.Equal(t, want, must(c.o.MisereOutcome(ctx, p)), "position %v", p) ||
					!assert.Equal(t, want, must(search.MisereOutcome(ctx, p)), "search: position %v", p) {
					return
				}
			}
		})
	}
}

// TestMisereWinningMoves checks that the winning moves are legal, lead to misère losses, and
// are all the moves that do, in the order of Moves.
func TestMisereWinningMoves(t *testing.T) {
	for _, c := range []struct {
		o      *Octal
		tokens int
	}{
		{Kayles, 24}, {DawsonsKayles, 22}, {Treblecross, 20}, {MustParseOctal("4.7"), 14},
		{MustParseOctal("0.8F"), 14},
	} {
		t.Run(c.o.String(), func(t *testing.T) {
			memo := map[Position]bool{}
			for _, p := range miserePartitions(c.tokens) {
				var want []Move
				for m := range c.o.Moves(p) {
					q, err := c.o.Play(p, m)
					require.NoError(t, err)
					if !misereSlow(t, c.o, q, memo) {
						want = append(want, m)
					}
				}
				var got []Move
				for m := range must(c.o.MisereWinningMoves(ctx, p)) {
					got = append(got, m)
				}
				if !assert.Equal(t, want, got, "position %v", p) {
					return
				}
				m, ok := must2(c.o.MisereWinningMove(ctx, p))
				assert.Equal(t, len(want) > 0, ok, "position %v", p)
				if ok {
					assert.Equal(t, want[0], m)
				}
				assert.Equal(t, outcomeOf(len(want) > 0 || c.o.dead1(p)), must(c.o.MisereOutcome(ctx, p)), "position %v", p)
			}
		})
	}
}

// dead1 reports whether no move is left in p.
func (o *Octal) dead1(p Position) bool {
	for range o.Moves(p) {
		return false
	}
	return true
}

// TestMisereKaylesLongRows checks the rule and its winning moves on rows far beyond any search.
func TestMisereKaylesLongRows(t *testing.T) {
	for _, hs := range [][]int{
		{1_000_000}, {1_000_000, 1_000_000}, {1_000_000_000_000_000}, {4, 1_000_000_000_000_000},
		{1, 1, 1, 1000003}, {25, 25, 1_000_000_007}, {53, 1, 4, 9}, {52, 1}, {26, 25, 1},
	} {
		p := MustNewPosition(hs...)
		want := must(Kayles.Outcome(ctx, p)) // every position with an ordinary row plays as in normal play
		assert.Equal(t, want, must(Kayles.MisereOutcome(ctx, p)), "position %v", p)
		m, ok := must2(Kayles.MisereWinningMove(ctx, p))
		require.Equal(t, want == Next, ok, "position %v", p)
		if ok {
			q, err := Kayles.Play(p, m)
			require.NoError(t, err)
			assert.Equal(t, Previous, must(Kayles.MisereOutcome(ctx, q)), "move %v in %v", m, p)
		}
	}
}

func TestMisereSmall(t *testing.T) {
	// The empty position is won by the player to move, who has nothing to do.
	assert.Equal(t, Next, must(Kayles.MisereOutcome(ctx, Position{})))
	_, ok := must2(Kayles.MisereWinningMove(ctx, Position{}))
	assert.False(t, ok)
	// Dawson's Kayles rows of 1 admit no move, so they are as good as empty.
	assert.Equal(t, Next, must(DawsonsKayles.MisereOutcome(ctx, MustParsePosition("1+1+1"))))
	// The single Kayles rows that lose, from REFERENCES.md: 1, 4, 9, 12 and 20 and no other.
	var losing []int
	for n := range 200 {
		if must(Kayles.MisereOutcome(ctx, MustNewPosition(n))) == Previous {
			losing = append(losing, n)
		}
	}
	assert.Equal(t, []int{1, 4, 9, 12, 20}, losing)
	// A parsed copy of the Kayles code uses the same rule.
	assert.Equal(t, Previous, must(MustParseOctal("0.77").MisereOutcome(ctx, MustParsePosition("1+5"))))
}

// TestMisereLimit checks that a search past its limit says so, with no answer that reads as
// one, and that the closed forms answer positions of any size.
func TestMisereLimit(t *testing.T) {
	small := DawsonsKayles.WithLimits(Limits{SearchSteps: 1000})
	p := MustNewPosition(60, 1) // the heap of 1 admits no move
	r, err := small.MisereOutcome(ctx, p)
	require.ErrorIs(t, err, ErrTooLarge)
	assert.Equal(t, Outcome(0), r)
	var le *LimitError
	require.ErrorAs(t, err, &le)
	assert.Equal(t, int64(1000), le.Limit)
	assert.Equal(t, "search steps", le.Unit)
	assert.Contains(t, le.Question, "1+60 in 0.07")
	_, ok, err := small.MisereWinningMove(ctx, p)
	require.ErrorIs(t, err, ErrTooLarge)
	assert.False(t, ok)
	ms, err := small.MisereWinningMoves(ctx, p)
	require.ErrorIs(t, err, ErrTooLarge)
	assert.Nil(t, ms)
	// Within the limit the same question is answered, and the closed forms always are.
	_, err = small.MisereOutcome(ctx, MustNewPosition(12, 1))
	require.NoError(t, err)
	_, err = Kayles.WithLimits(Limits{SearchSteps: 1}).MisereOutcome(ctx, MustNewPosition(1<<60))
	require.NoError(t, err)
	_, err = Nim.WithLimits(Limits{SearchSteps: 1}).MisereOutcome(ctx, MustNewPosition(1<<60, 3))
	require.NoError(t, err)
}

// TestMisereConcurrent runs the searches from several goroutines at once, sharing the memos
// (run it with -race), and checks they agree with one goroutine's answers.
func TestMisereConcurrent(t *testing.T) {
	ps := miserePartitions(16)
	want := make([]Outcome, len(ps))
	wantGenus := make([]string, len(ps))
	for i, p := range ps {
		want[i] = must(DawsonsKayles.MisereOutcome(ctx, p))
		wantGenus[i] = must(Treblecross.Genus(ctx, p)).String()
	}
	dawson, treble := DawsonsKayles.WithLimits(Limits{}), Treblecross.WithLimits(Limits{}) // empty memos
	errs := make(chan string, 4)
	for g := range 4 {
		go func() {
			bad := ""
			for i := range ps {
				p := ps[(i*7+g*13)%len(ps)]
				j := (i*7 + g*13) % len(ps)
				if must(dawson.MisereOutcome(ctx, p)) != want[j] || must(treble.Genus(ctx, p)).String() != wantGenus[j] {
					bad = p.String()
				}
			}
			errs <- bad
		}()
	}
	for range 4 {
		assert.Empty(t, <-errs)
	}
}

// TestMisereMemoBound lowers the memos' bound and checks that they stay within it and that the
// answers do not change when the memos are emptied mid-search.
func TestMisereMemoBound(t *testing.T) {
	const bound = 8192
	o := searchOnly(DawsonsKayles)
	o.memo = newSearchMemo(bound)
	o.memo.autoBeyond = 1
	memo := map[Position]bool{}
	var lastBytes, lastGenusBytes, resets, genusResets int
	for _, p := range miserePartitions(18) {
		assert.Equal(t, outcomeOf(misereSlow(t, DawsonsKayles, p, memo)), must(o.MisereOutcome(ctx, p)), "%v", p)
		assert.Equal(t, must(o.MisereOutcome(ctx, p)) == Previous, must(o.MisereValue(ctx, p)) == 0, "%v", p)
		bytes, genusBytes := o.memo.wins.Bytes(), o.memo.genus.Bytes()
		assert.LessOrEqual(t, bytes, bound/4)
		assert.LessOrEqual(t, genusBytes, bound/4)
		if bytes < lastBytes {
			resets++
		}
		if genusBytes < lastGenusBytes {
			genusResets++
		}
		lastBytes, lastGenusBytes = bytes, genusBytes
	}
	// The bound was reached, so the answers above were found across emptied memos.
	assert.Positive(t, resets, "times the misère memo turned a generation")
	assert.Positive(t, genusResets, "times the genus memo turned a generation")
}

// TestMisereAutoQuotient checks that MisereOutcome and MisereWinningMoves compute a quotient
// when it is cheap, answer through it, and leave it visible; and that a game whose quotient
// is beyond that work falls back to the search.
func TestMisereAutoQuotient(t *testing.T) {
	o := MustParseOctal("0.75")
	p := MustNewPosition(30, 41, 1000)
	require.Nil(t, o.MisereQuotient())
	r, err := o.MisereOutcome(ctx, p)
	require.NoError(t, err)
	q := o.MisereQuotient()
	require.NotNil(t, q, "the quotient of 0.75 is cheap")
	assert.True(t, q.Covers(p))
	_, _, periodic := q.Period()
	assert.True(t, periodic)
	want, err := q.Outcome(p)
	require.NoError(t, err)
	assert.Equal(t, want, r)
	ms, err := o.MisereWinningMoves(ctx, p)
	require.NoError(t, err)
	wm, err := q.WinningMoves(p)
	require.NoError(t, err)
	assert.Equal(t, slices.Collect(wm), slices.Collect(ms))

	// Dawson's Kayles to heap 60 is beyond the automatic quotient's work: the search answers
	// a small position with such a heap, or says it is beyond its limit; either way the
	// stored quotient does not cover it.
	d := DawsonsKayles.WithLimits(Limits{SearchSteps: 1 << 16})
	big := MustNewPosition(60)
	_, err = d.MisereOutcome(ctx, big)
	require.ErrorIs(t, err, ErrTooLarge)
	if dq := d.MisereQuotient(); dq != nil {
		assert.False(t, dq.Covers(big))
	}
	// A small position is answered by what the automatic quotient reached.
	small := MustNewPosition(3, 5, 7)
	got, err := d.MisereOutcome(ctx, small)
	require.NoError(t, err)
	s := map[Position]bool{}
	assert.Equal(t, outcomeOf(misereSlow(t, DawsonsKayles, small, s)), got)
	require.NotNil(t, d.MisereQuotient())
	assert.True(t, d.MisereQuotient().Covers(small))

	// Goroutines that ask at once about growing heaps share one automatic quotient at a time.
	g := MustParseOctal("0.15")
	ps := miserePartitions(14)
	wants := make([]Outcome, len(ps))
	slow := map[Position]bool{}
	for i, p := range ps {
		wants[i] = outcomeOf(misereSlow(t, g, p, slow))
	}
	var wg sync.WaitGroup
	for w := range 4 {
		wg.Go(func() {
			for i := w; i < len(ps); i += 4 {
				got, err := g.MisereOutcome(ctx, ps[i])
				assert.NoError(t, err)
				assert.Equal(t, wants[i], got, "%v", ps[i])
			}
		})
	}
	wg.Wait()
}
