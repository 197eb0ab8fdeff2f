package kayles_test

import (
	"context"
	"errors"
	"slices"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/octalgames/kayles"
	"github.com/octalgames/kayles/internal/contract"
)

// unbounded lifts the work limits, so that only the context stops a question.
var unbounded = kayles.Limits{Steps: 1 << 62, SearchSteps: 1 << 62}

// slowQuestions are questions that take minutes or hours, each stopped only by its context:
// the cases of the issue that brought contexts into every computation.
func slowQuestions() []struct {
	name string
	ask  func(ctx context.Context) error
} {
	game := func(code string) *kayles.Octal { return kayles.MustParseOctal(code).WithLimits(unbounded) }
	pos := kayles.MustParsePosition
	return []struct {
		name string
		ask  func(ctx context.Context) error
	}{
		{"Period/0.&96;", func(ctx context.Context) error { _, _, err := game("0.&96;").Period(ctx, 4096); return err }},
		{"Grundy/0.&96;", func(ctx context.Context) error { _, err := game("0.&96;").Grundy(ctx, 4000); return err }},
		{"Values/{2+}.", func(ctx context.Context) error { _, err := game("{2+}.").Values(ctx, 100); return err }},
		{"Values/0.2048", func(ctx context.Context) error { _, err := game("0.2048").Values(ctx, 1<<15); return err }},
		{"ApparentPeriod/{2+}.", func(ctx context.Context) error { _, _, err := game("{2+}.").ApparentPeriod(ctx, 100); return err }},
		{"Run/{2+}.", func(ctx context.Context) error { _, err := game("{2+}.").Run(ctx, kayles.RunOptions{}); return err }},
		{"Run/{2+}./limit=80", func(ctx context.Context) error {
			_, err := game("{2+}.").Run(ctx, kayles.RunOptions{Limit: 80})
			return err
		}},
		{"MisereOutcome/4.7/64", func(ctx context.Context) error { _, err := game("4.7").MisereOutcome(ctx, pos("64")); return err }},
		{"MisereOutcome/0.07/40+41+42", func(ctx context.Context) error {
			// 0.75 is answered at once by its automatic quotient; Dawson's Kayles to heap 42
			// is not, so both the quotient and the search are cut short.
			_, err := game("0.07").MisereOutcome(ctx, pos("40 41 42"))
			return err
		}},
		{"MisereWinningMove/0.6/64", func(ctx context.Context) error {
			_, _, err := game("0.6").MisereWinningMove(ctx, pos("60 4"))
			return err
		}},
		{"Genus/0.77/64", func(ctx context.Context) error { _, err := game("0.77").Genus(ctx, pos("64")); return err }},
		{"Tame/0.77/64", func(ctx context.Context) error { _, err := game("0.77").Tame(ctx, pos("64")); return err }},
		{"MisereValue/0.07/70", func(ctx context.Context) error { _, err := game("0.07").MisereValue(ctx, pos("70")); return err }},
	}
}

// TestCancelInside checks that every slow question returns ctx's error soon after its
// deadline, also in the middle of one value or one search. The contract is 100 ms; the test
// allows seconds, so that a busy machine (or the race detector) cannot fail it, and
// BenchmarkCancel measures the real delay.
func TestCancelInside(t *testing.T) {
	const deadline, slack = 200 * time.Millisecond, 3 * time.Second
	for _, q := range slowQuestions() {
		t.Run(q.name, func(t *testing.T) {
			t.Parallel()
			ctx, cancel := context.WithTimeout(context.Background(), deadline)
			defer cancel()
			start := time.Now()
			err := q.ask(ctx)
			took := time.Since(start)
			require.ErrorIs(t, err, context.DeadlineExceeded, "the question must not finish within %v", deadline)
			assert.Less(t, took, deadline+slack, "returned %v after the deadline", took-deadline)
		})
	}
}

// TestCancelBeforeWaiting checks that a question waiting for the engine, which another
// goroutine holds, gives up with its own context.
func TestCancelBeforeWaiting(t *testing.T) {
	o := kayles.MustParseOctal("{2+}.")
	long, stop := context.WithCancel(context.Background())
	done := make(chan error)
	go func() { _, err := o.Values(long, 100); done <- err }()
	time.Sleep(20 * time.Millisecond) // let it take the engine
	ctx, cancel := context.WithTimeout(context.Background(), 100*time.Millisecond)
	defer cancel()
	_, err := o.Values(ctx, 90)
	require.ErrorIs(t, err, context.DeadlineExceeded)
	stop()
	require.ErrorIs(t, <-done, context.Canceled)
}

// TestPeriodUncovered checks that Period says at once that no theorem covers a code with a
// repeating tail, whatever the limit (0.[7] once ran for most of an hour).
func TestPeriodUncovered(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	p, ok, err := kayles.MustParseOctal("0.[7]").Period(ctx, 100000)
	require.NoError(t, err)
	assert.False(t, ok)
	assert.Equal(t, kayles.Period{}, p)
}

// TestZeroOctal checks that the zero Octal is the game 0.0 and answers every question.
func TestZeroOctal(t *testing.T) {
	var o kayles.Octal
	assert.Equal(t, "0.0", o.String())
	assert.Equal(t, kayles.MustParseOctal("0.").String(), o.String())
	v, err := o.Grundy(ctx, 1000)
	require.NoError(t, err)
	assert.Equal(t, 0, v)
	p := kayles.MustParsePosition("3 4")
	assert.Equal(t, kayles.Previous, must(o.Outcome(ctx, p)))
	assert.Equal(t, kayles.Next, must(o.MisereOutcome(ctx, p))) // no move left: the player to move wins
	per, ok := must2(o.Period(ctx, 100))
	assert.True(t, ok)
	assert.Equal(t, 1, per.Period)
	assert.Empty(t, slices.Collect(o.Moves(p)))
	_, err = o.Play(p, kayles.Move{Heap: 3, Take: 1, Left: []int{2}})
	require.ErrorIs(t, err, kayles.ErrIllegalMove)
	assert.Equal(t, kayles.Limits{Steps: kayles.DefaultSteps, SearchSteps: kayles.DefaultSearchSteps, MemoBytes: kayles.DefaultMemoBytes}, o.Limits())
}

// TestGamesNotLoadBearing checks that assigning to an exported game changes nothing inside
// the package: no code of the package reads those variables (it would depend on what a program
// assigns to them). Read from the source, so that no test assigns to them.
func TestGamesNotLoadBearing(t *testing.T) {
	games := []string{"Kayles", "DawsonsKayles", "DawsonsChess", "Guiles", "Treblecross", "Officers",
		"DoubleKayles", "GrundysGame", "Nim", "LaskersNim"}
	reads, err := contract.VarReads(".", "", games)
	require.NoError(t, err)
	assert.Empty(t, reads, "the package reads its exported games")
}

// TestLimitErrorText checks the message of a limit error, which a program may show as is.
func TestLimitErrorText(t *testing.T) {
	err := error(&kayles.LimitError{Question: "the value of heap 9 in 0.6", Limit: 10, Unit: "steps", Advice: "raise it"})
	assert.Equal(t, "kayles: the value of heap 9 in 0.6 needs more than 10 steps; raise it", err.Error())
	assert.True(t, errors.Is(err, kayles.ErrTooLarge))
	assert.Equal(t, "kayles: x needs more than 1 values", (&kayles.LimitError{Question: "x", Limit: 1, Unit: "values"}).Error())
}
