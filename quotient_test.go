package kayles

import (
	"bufio"
	"context"
	"maps"
	"math/rand/v2"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// positionsUpTo returns every position of heaps 1..n with at most tokens tokens.
func positionsUpTo(n, tokens int) []Position {
	var out []Position
	var rec func(max, left int, cur []int)
	rec = func(max, left int, cur []int) {
		out = append(out, fromHeaps(slices.Clone(cur)))
		for h := min(max, left); h >= 1; h-- {
			rec(h, left-h, append(cur, h))
		}
	}
	rec(n, tokens, nil)
	return out
}

// TestQuotientPublished checks the published quotients of testdata/quotients.txt; the
// 360-element quotient of Dawson's Kayles to heap 30 only with -long (it takes about 15 s of
// CPU and more than the default Limits.Steps at heap 30).
func TestQuotientPublished(t *testing.T) {
	f, err := os.Open("testdata/quotients.txt")
	require.NoError(t, err)
	defer f.Close()
	sc := bufio.NewScanner(f)
	rows := 0
	for sc.Scan() {
		line := sc.Text()
		if strings.HasPrefix(line, "#") || line == "" {
			continue
		}
		fields := strings.SplitN(line, " ", 5)
		require.Len(t, fields, 5, line)
		code := fields[0]
		heaps, _ := strconv.Atoi(fields[1])
		order, _ := strconv.Atoi(fields[2])
		rows++
		if order > 100 && !*long {
			t.Logf("%s to heap %d: only with -long", code, heaps)
			continue
		}
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Minute)
		o := freshOctal(code).WithLimits(Limits{Steps: 1 << 36})
		q, err := o.Quotient(ctx, heaps)
		cancel()
		require.NoError(t, err, code)
		assert.Equal(t, order, q.Order(), code)
		checkQuotient(t, o, q, 12) // the search to 12 tokens, the kernel, parity, P meets K once
		if fields[3] != "-" {
			pp, _ := strconv.Atoi(fields[3])
			assert.Len(t, q.PPortion(), pp, code)
		}
		if fields[4] != "-" {
			assert.Equal(t, strings.Split(fields[4], "; "), q.Relations(), code) // word for word, in order
		}
	}
	require.NoError(t, sc.Err())
	assert.Equal(t, 3, rows)
}

// TestQuotientR8 checks the whole of 0.75's quotient: R8 with its P-portion {a, b^2}, and
// Φ proven periodic so that the quotient answers for every heap.
func TestQuotientR8(t *testing.T) {
	q, err := freshOctal("0.75").Quotient(context.Background(), 30)
	require.NoError(t, err)
	assert.Equal(t, 8, q.Order())
	var ps []string
	for _, x := range q.PPortion() {
		ps = append(ps, q.Word(x))
	}
	assert.Equal(t, []string{"a", "b^2"}, ps)
	assert.Equal(t, []int{1, 2, 5}, q.Generators())
	n0, p, ok := q.Period()
	require.True(t, ok)
	assert.Equal(t, 2, p)
	assert.LessOrEqual(t, n0, q.Heaps())
	for _, h := range []int{31, 100, 1001, 1 << 40} {
		x, ok := q.Class(h)
		require.True(t, ok)
		y, _ := q.Class(n0 + (h-n0)%p)
		assert.Equal(t, y, x, "heap %d", h)
	}
	// A huge position answers at once.
	hs := make([]int, 5000)
	for i := range hs {
		hs[i] = 1 + i*7919%100000
	}
	_, err = q.Outcome(MustNewPosition(hs...))
	require.NoError(t, err)
}

// TestQuotientTame: misère Nim's quotients are tame; 0.75's R8 is not.
func TestQuotientTame(t *testing.T) {
	// Misère Nim's heaps below 2^(r+1) have T_r, of order 2^(r+1)+2; heap 1 alone Z2.
	for n, order := range map[int]int{1: 2, 3: 6, 7: 10, 15: 18} {
		q, err := Nim.Quotient(context.Background(), n)
		require.NoError(t, err)
		assert.Equal(t, order, q.Order(), "Nim to heap %d", n)
		assert.True(t, q.Tame(), "Nim to heap %d", n)
	}
	q, err := freshOctal("0.75").Quotient(context.Background(), 30)
	require.NoError(t, err)
	assert.False(t, q.Tame())
	// The shape of T_1 (order 6, a kernel of 4, two P-elements) with a cyclic kernel: {1, a}
	// and Z4 = {e, g, g^2, g^3}, a acting as g^2, P-portion {a, e}. Not tame.
	z4 := &Quotient{order: 6, mul: make([]int32, 36), pset: []bool{false, true, true, false, false, false}}
	exp := func(x int) int { // x as a power of g acting on the kernel
		if x == 1 {
			return 2
		}
		return x - 2
	}
	for x := range 6 {
		for y := range 6 {
			switch {
			case x == 0:
				z4.mul[x*6+y] = int32(y)
			case y == 0:
				z4.mul[x*6+y] = int32(x)
			case x == 1 && y == 1:
				z4.mul[x*6+y] = 0
			default:
				z4.mul[x*6+y] = int32(2 + (exp(x)+exp(y))%4)
			}
		}
	}
	require.Equal(t, []int{2, 3, 4, 5}, z4.Kernel())
	assert.False(t, z4.Tame())
	// T_1 itself, written the same way, with Z2 x Z2: tame.
	t1, err := Nim.Quotient(context.Background(), 3)
	require.NoError(t, err)
	assert.True(t, t1.Tame())
}

// TestQuotientZero calls every method of the zero Quotient: none panics, and none reads as a
// quotient of a game.
func TestQuotientZero(t *testing.T) {
	var q Quotient
	assert.Equal(t, "", q.Code())
	assert.Equal(t, 0, q.Order())
	assert.Empty(t, q.PPortion())
	assert.False(t, q.IsP(0))
	assert.Equal(t, -1, q.Mul(0, 0))
	assert.Empty(t, q.Generators())
	assert.Empty(t, q.Changes())
	assert.Equal(t, "", q.Word(0))
	_, _, ok := q.Period()
	assert.False(t, ok)
	_, ok = q.Class(0)
	assert.False(t, ok)
	assert.False(t, q.Covers(Position{}))
	_, err := q.Outcome(Position{})
	var re *RangeError
	require.ErrorAs(t, err, &re)
	_, err = q.WinningMoves(fromHeaps([]int{3}))
	require.ErrorAs(t, err, &re)
	assert.Empty(t, q.Idempotents())
	assert.Empty(t, q.Kernel())
	assert.False(t, q.Tame())
	assert.Equal(t, "", q.Presentation())
	assert.Empty(t, q.Relations())
	assert.Equal(t, "", q.String())
	_, err = q.MarshalText()
	require.Error(t, err)
	assert.False(t, Kayles.WithLimits(Limits{}).UseQuotient(&q))
}

// nimRank returns the order of the group that the values of heaps 1..n generate under XOR.
func nimRank(t *testing.T, o *Octal, n int) int {
	var basis []int
	for h := 1; h <= n; h++ {
		g, err := o.Grundy(context.Background(), h)
		require.NoError(t, err)
		for _, b := range basis {
			g = min(g, g^b)
		}
		if g != 0 {
			basis = append(basis, g)
		}
	}
	return 1 << len(basis)
}

// checkKernel checks that the kernel of q is isomorphic to the group of the normal-play values
// of its heaps, by the map that the theory gives (Plambeck & Siegel 2008): heap h goes to
// e·Φ(h), e the identity of the kernel, and that map must be a well-defined bijective
// homomorphism from the nim-values (under XOR) onto the kernel.
func checkKernel(t *testing.T, o *Octal, q *Quotient) {
	t.Helper()
	k := q.Kernel()
	e := 0
	for _, x := range q.Idempotents() {
		e = q.Mul(e, x)
	}
	for _, x := range k {
		require.Equal(t, e, q.Mul(x, x), "%s: the kernel is not an elementary abelian 2-group", o)
	}
	psi := map[int]int{0: e} // nim-value -> kernel element
	for h := 1; h <= q.Heaps(); h++ {
		g, err := o.Grundy(context.Background(), h)
		require.NoError(t, err)
		x, _ := q.Class(h)
		kh := q.Mul(e, x)
		if y, ok := psi[g]; ok {
			require.Equal(t, y, kh, "%s: heap %d of value %d", o, h, g)
			continue
		}
		for v, y := range maps.Clone(psi) {
			psi[v^g] = q.Mul(y, kh)
		}
	}
	img := slices.Sorted(maps.Values(psi))
	assert.Equal(t, k, slices.Compact(img), "%s: the kernel and the nim-values", o)
	assert.Len(t, img, len(k), "%s: the kernel and the nim-values", o)
}

// checkQuotient checks q against the memoised misère search on every position of its heaps
// with at most tokens tokens, outcomes and winning moves, and its structure: the kernel is
// isomorphic to the group of normal-play values of the heaps (checkKernel), it meets the
// P-portion in one element, and the order is even.
func checkQuotient(t *testing.T, o *Octal, q *Quotient, tokens int) {
	t.Helper()
	ctx := context.Background()
	n := q.Heaps()
	b := newBudget(ctx, unlimited, searchUnit, func() string { return "" })
	for _, p := range positionsUpTo(n, tokens) {
		got, err := q.Outcome(p)
		require.NoError(t, err)
		r, _ := o.plan().misereForm(p)
		win, ok := o.misereWins(r, b) // the search, not the quotient MisereOutcome may use
		require.True(t, ok)
		want := Previous
		if win {
			want = Next
		}
		require.Equal(t, want, got, "%s: outcome of %v", o, p)
		gm, err := q.WinningMoves(p)
		require.NoError(t, err)
		var wm []Move
		for m := range o.Moves(p) {
			r, _ := o.plan().misereForm(p.replace(m.Heap, m.Left))
			win, ok := o.misereWins(r, b)
			require.True(t, ok)
			if !win {
				wm = append(wm, m)
			}
		}
		require.Equal(t, wm, slices.Collect(gm), "%s: winning moves of %v", o, p)
	}
	if q.Order() > 1 {
		assert.Zero(t, q.Order()%2, "%s: order %d", o, q.Order())
	}
	k := q.Kernel()
	assert.Equal(t, nimRank(t, o, n), len(k), "%s: kernel", o)
	checkKernel(t, o, q)
	if q.Order() == 1 {
		return // no heap has a move: no P-position
	}
	meet := 0
	for _, x := range k {
		if q.IsP(x) {
			meet++
		}
	}
	assert.Equal(t, 1, meet, "%s: kernel and P-portion", o)
}

func TestQuotientDifferential(t *testing.T) {
	cases := []struct {
		code          string
		heaps, tokens int
	}{
		{"0.[3]", 3, 20}, {"0.75", 10, 18}, {"0.77", 8, 16}, {"0.07", 12, 18}, {"0.15", 8, 14},
		{"0.137", 8, 14}, {"4.7", 6, 12}, {"0.6", 6, 12},
	}
	for _, c := range cases {
		o := freshOctal(c.code).WithLimits(Limits{SearchSteps: 1 << 26})
		start := time.Now()
		q, err := o.Quotient(context.Background(), c.heaps)
		require.NoError(t, err, c.code)
		t.Logf("%s to heap %d: order %d in %v", c.code, c.heaps, q.Order(), time.Since(start))
		checkQuotient(t, o, q, c.tokens)
	}
}

// TestQuotientTwoDigits checks the quotient of every code 0.d1d2 with octal digits, to heap 6
// (30 with -long), against the memoised search on every position of up to 12 tokens (30 with
// -long). Each must come within the default limits to heap 6; with -long a code past a limit
// (0.35 at heap 10) is checked to the heap it reached.
func TestQuotientTwoDigits(t *testing.T) {
	heaps, tokens := 6, 12
	if *long {
		heaps, tokens = 30, 30
	}
	for d1 := range 8 {
		for d2 := range 8 {
			code := "0." + strconv.Itoa(d1) + strconv.Itoa(d2)
			o := freshOctal(code).WithLimits(Limits{SearchSteps: 1 << 26})
			q, err := o.Quotient(context.Background(), heaps)
			if *long && err != nil {
				// Beyond the method's limits: the quotient verified before the limit must
				// still be right.
				require.ErrorIs(t, err, ErrTooLarge, code)
				require.NotNil(t, q, code)
				t.Logf("%s: only to heap %d: %v", code, q.Heaps(), err)
			} else {
				require.NoError(t, err, code)
			}
			checkQuotient(t, o, q, tokens)
		}
	}
}

// TestQuotientKayles checks misère Kayles to heap 20 (with -long, the whole game: Φ is proven
// periodic by heap 167) against the Sibert–Conway rule on random positions of many heaps.
func TestQuotientKayles(t *testing.T) {
	n, most := 20, 20
	if *long {
		n, most = 200, 1<<40
	}
	q, err := Kayles.WithLimits(Limits{}).Quotient(context.Background(), n)
	require.NoError(t, err)
	t.Logf("misère Kayles to heap %d: order %d, changes %v", q.Heaps(), q.Order(), q.Changes())
	if *long {
		_, _, ok := q.Period()
		require.True(t, ok, "a proven period of Φ")
	}
	r := rand.New(rand.NewPCG(1, 2))
	for range 3000 {
		hs := make([]int, r.IntN(40))
		for i := range hs {
			hs[i] = 1 + r.IntN(20)
			if r.IntN(2) == 0 {
				hs[i] = 1 + r.IntN(most)
			}
		}
		p := MustNewPosition(hs...)
		got, err := q.Outcome(p)
		require.NoError(t, err)
		assert.Equal(t, MisereKaylesOutcome(p), got, "%v", p)
	}
}

// TestQuotientText: the text form reads back to the same quotient, and text that does not
// describe the quotient of its code is refused.
func TestQuotientText(t *testing.T) {
	ctx := context.Background()
	for _, c := range []struct {
		code string
		n    int
	}{{"0.[3]", 3}, {"0.75", 30}, {"0.07", 12}, {"0.77", 8}, {"0.35", 7}} {
		q, err := freshOctal(c.code).Quotient(ctx, c.n)
		require.NoError(t, err)
		s := q.String()
		r, err := ParseQuotient(ctx, s)
		require.NoError(t, err, s)
		assert.Equal(t, s, r.String())
		assert.Equal(t, q.Presentation(), r.Presentation())
	}
	q, err := freshOctal("0.75").Quotient(ctx, 30)
	require.NoError(t, err)
	lines := strings.Split(q.String(), "\n")
	tamper := func(i int, line string) string {
		l := slices.Clone(lines)
		l[i] = line
		return strings.Join(l, "\n")
	}
	for _, bad := range []string{
		"",
		strings.Replace(q.String(), "0.75", "0.77", 1), // another game
		tamper(5, "P 1"),     // a P-portion too small
		tamper(5, "P 1 4 5"), // too large
		tamper(6, strings.Replace(lines[6], "phi 0 1 2", "phi 0 2 1", 1)), // Φ swapped
		strings.Replace(q.String(), "mul\n0 1 2", "mul\n0 2 1", 1),        // not a monoid
		tamper(4, "changes 1:2 2:7 5:8"),                                  // Q_2 has 6 elements
		tamper(4, "changes 1:2 3:6 5:8"),                                  // Q_2 has 6 already
		tamper(4, "changes 2:6 5:8"),                                      // Q_1 has 2
		tamper(4, "changes 0:1 1:2 2:6 5:8"),                              // Q_0, the trivial monoid, is no change
		tamper(4, "changes -5:1 1:2 2:6 5:8"),                             // no heap -5
	} {
		_, err := ParseQuotient(ctx, bad)
		require.ErrorIs(t, err, ErrSyntax, "%q", bad)
	}
}

// TestQuotientLimits: past its work limit Quotient returns the last verified quotient with a
// LimitError; a context that ends stops it.
func TestQuotientLimits(t *testing.T) {
	o := freshOctal("0.77").WithLimits(Limits{Steps: 20000})
	q, err := o.Quotient(context.Background(), 12)
	var le *LimitError
	require.ErrorAs(t, err, &le)
	require.ErrorIs(t, err, ErrTooLarge)
	require.NotNil(t, q)
	assert.Less(t, q.Heaps(), 12)
	assert.Contains(t, le.Advice, "Limits.Steps", "the error says what to do")
	_, err = o.Quotient(context.Background(), -1)
	require.ErrorIs(t, err, ErrRange)

	ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
	defer cancel()
	start := time.Now()
	_, err = freshOctal("0.15").Quotient(ctx, 40)
	require.ErrorIs(t, err, context.DeadlineExceeded)
	assert.Less(t, time.Since(start), 2*time.Second, "it stops soon after ctx is done, not at the end of the heap")
}

// TestQuotientLimitsTheCall: Limits.Steps bounds a whole Quotient call, a quotient step
// counting quotientWeight, not each heap: 0.07 to heap 30 stops within 2^22 quotient steps in
// all (about a tenth of a second), where each heap could spend them before (15 s to heap 30).
func TestQuotientLimitsTheCall(t *testing.T) {
	const steps = quotientWeight << 22
	q, err := DawsonsKayles.WithLimits(Limits{Steps: steps}).Quotient(context.Background(), 30)
	var le *LimitError
	require.ErrorAs(t, err, &le)
	assert.Equal(t, int64(steps/quotientWeight), le.Limit, "the limit is the whole call's")
	assert.Equal(t, quotientUnit, le.Unit)
	require.NotNil(t, q)
	assert.Less(t, q.Heaps(), 30)
	want, err := DawsonsKayles.quotientWithin(context.Background(), nil, q.Heaps(), 1<<40)
	require.NoError(t, err)
	assert.Equal(t, want.String(), q.String(), "the quotient below the heap that failed is returned")
}

// TestQuotientRange: positions beyond the quotient get a RangeError, not an answer.
func TestQuotientRange(t *testing.T) {
	q, err := DawsonsKayles.Quotient(context.Background(), 9)
	require.NoError(t, err)
	_, err = q.Outcome(MustNewPosition(3, 10))
	require.ErrorIs(t, err, ErrRange)
	_, err = q.WinningMoves(MustNewPosition(10))
	require.ErrorIs(t, err, ErrRange)
	assert.False(t, q.Covers(MustNewPosition(10)))
	assert.True(t, q.Covers(MustNewPosition(9, 9)))
	var zero Quotient
	_, err = zero.Outcome(MustNewPosition(3, 4))
	require.ErrorIs(t, err, ErrRange)
	assert.EqualError(t, err, "kayles: heaps of a position for the zero Quotient, which covers none: 2 is out of range: no value is in range")
}

// TestUseQuotient: a stored quotient answers MisereOutcome and MisereWinningMoves for the
// positions it covers, beyond the reach of the search, and agrees with the search below it.
func TestUseQuotient(t *testing.T) {
	ctx := context.Background()
	o := freshOctal("0.75").WithLimits(Limits{SearchSteps: 1 << 12})
	big := MustNewPosition(30, 41, 57, 99, 1000)
	_, err := o.MisereOutcome(ctx, big)
	require.ErrorIs(t, err, ErrTooLarge)
	q, err := o.Quotient(ctx, 30)
	require.NoError(t, err)
	assert.False(t, Kayles.UseQuotient(q))
	require.True(t, o.UseQuotient(q))
	assert.Same(t, q, o.MisereQuotient())
	r, err := o.MisereOutcome(ctx, big)
	require.NoError(t, err)
	want, _ := q.Outcome(big)
	assert.Equal(t, want, r)
	ms, err := o.MisereWinningMoves(ctx, big)
	require.NoError(t, err)
	for m := range ms {
		after := big.replace(m.Heap, m.Left)
		r, err := q.Outcome(after)
		require.NoError(t, err)
		assert.Equal(t, Previous, r, "%v", m)
	}
	m, ok, err := o.MisereWinningMove(ctx, big)
	require.NoError(t, err)
	first, _ := o.MisereWinningMoves(ctx, big)
	for f := range first {
		assert.True(t, ok)
		assert.Equal(t, f, m)
		break
	}
	// Below the search's reach the two agree.
	s := freshOctal("0.75")
	for _, p := range positionsUpTo(10, 14) {
		a, err := s.MisereOutcome(ctx, p)
		require.NoError(t, err)
		b, err := o.MisereOutcome(ctx, p)
		require.NoError(t, err)
		require.Equal(t, a, b, "%v", p)
	}
	o.UseQuotient(nil)
	assert.Nil(t, o.MisereQuotient())
}

// TestQuotientTamePath: the tame path agrees with the general step. At every heap where the
// quotient below is tame, tameVerify and verify give the same verdict on every element as the
// heap's class, and the quotients built with and without the tame path are the same.
func TestQuotientTamePath(t *testing.T) {
	ctx := context.Background()
	for _, c := range []struct {
		code  string
		heaps int
	}{{"0.56", 64}, {"0.[3]", 20}, {"0.33", 20}, {"0.57", 20}, {"0.52", 40}} {
		o := freshOctal(c.code).WithLimits(Limits{Steps: 1 << 32}) // 0.57 to heap 20 needs more than the default
		q, err := o.Quotient(ctx, c.heaps)
		require.NoError(t, err)
		c.heaps = q.Heaps() // less when Φ is proven periodic
		qb := &quotientBuilder{o: o, pl: o.plan(), ctx: ctx, wild: true}
		qb.m = &monoid{n: 1, mul: []int32{0}, p: []bool{false}}
		qb.phi, qb.nim = []int32{0}, []int{0}
		checked := 0
		for h := 1; h <= c.heaps; h++ {
			qb.b = newBudget(ctx, unlimited, quotientUnit, func() string { return "" })
			if tf, ok := tameOf(qb.m); ok && !qb.pl.dead(h) {
				opts, _, err := qb.optionClasses(h)
				require.NoError(t, err)
				qb.nim = qb.nim[:h]
				for x := range int32(qb.m.n) {
					types := append(slices.Clone(qb.types), heapType{heap: h, q: x, opts: opts})
					want, _, err := verify(qb.m, types, qb.b)
					require.NoError(t, err)
					got, err := tameVerify(qb.m, tf, types, qb.b)
					require.NoError(t, err)
					require.Equal(t, want, got, "%s heap %d as element %d", c.code, h, x)
					checked++
				}
			}
			require.NoError(t, qb.step(h), "%s heap %d", c.code, h)
		}
		assert.Positive(t, checked, "%s: tame at some heap", c.code)
		wild := qb.result(c.heaps)
		assert.Equal(t, wild.String(), q.String(), c.code)
		t.Logf("%s to heap %d: order %d, tame %v, %d verdicts compared", c.code, c.heaps, q.Order(), q.Tame(), checked)
	}
}

// TestQuotientTameVerify: tameVerify and verify agree on misère Nim's T_2 (heaps up to 7, order 10)
// with random further heaps of any class and any option classes, whether they pass or fail.
func TestQuotientTameVerify(t *testing.T) {
	ctx := context.Background()
	o := Nim
	qb := &quotientBuilder{o: o, pl: o.plan(), ctx: ctx, wild: true}
	qb.m = &monoid{n: 1, mul: []int32{0}, p: []bool{false}}
	qb.phi, qb.nim = []int32{0}, []int{0}
	for h := 1; h <= 7; h++ {
		qb.b = newBudget(ctx, unlimited, quotientUnit, func() string { return "" })
		require.NoError(t, qb.step(h))
	}
	tf, ok := tameOf(qb.m)
	require.True(t, ok)
	require.Equal(t, 10, qb.m.n)
	r := rand.New(rand.NewPCG(3, 4))
	verdicts := map[bool]int{}
	for range 3000 {
		types := slices.Clone(qb.types)
		for k := range 1 + r.IntN(3) {
			ty := heapType{heap: 8 + k, q: int32(r.IntN(qb.m.n))}
			for range 1 + r.IntN(4) {
				if c := int32(r.IntN(qb.m.n)); !slices.Contains(ty.opts, c) {
					ty.opts = append(ty.opts, c)
				}
			}
			slices.Sort(ty.opts)
			types = append(types, ty)
		}
		want, _, err := verify(qb.m, types, qb.b)
		require.NoError(t, err)
		got, err := tameVerify(qb.m, tf, types, qb.b)
		require.NoError(t, err)
		require.Equal(t, want, got, "%v", types[len(qb.types):])
		verdicts[want]++
	}
	assert.Positive(t, verdicts[true], "some pass")
	assert.Positive(t, verdicts[false], "some fail")
	t.Logf("verdicts %v", verdicts)
}

// TestQuotientNimLike: 0.56, whose quotient grows without bound with its nim-values, is
// built to heap 200 by the tame path and agrees with the memoised search on every position of
// up to 30 tokens; the tame path keeps the work limit and the context.
func TestQuotientNimLike(t *testing.T) {
	ctx := context.Background()
	o := freshOctal("0.56").WithLimits(Limits{SearchSteps: 1 << 30})
	q, err := o.Quotient(ctx, 200)
	require.NoError(t, err)
	assert.Equal(t, 200, q.Heaps())
	assert.True(t, q.Tame())
	assert.Equal(t, nimRank(t, o, 200)+2, q.Order())
	assert.Equal(t, []Change{{1, 2}, {3, 6}, {5, 10}, {19, 18}, {60, 34}}, q.Changes())
	checkQuotient(t, o, q, 30)

	small := o.WithLimits(Limits{Steps: 1 << 17, SearchSteps: 1 << 30}) // 2^14 quotient steps in all
	q, err = small.Quotient(ctx, 200)
	var le *LimitError
	require.ErrorAs(t, err, &le)
	assert.Contains(t, le.Advice, "Limits.Steps")
	require.NotNil(t, q)
	assert.Less(t, q.Heaps(), 200)
	assert.Greater(t, q.Heaps(), 19, "the tame steps of 0.56 are cheap")
	checkQuotient(t, small, q, 20)

	done, cancel := context.WithCancel(ctx)
	cancel()
	_, err = o.Quotient(done, 200)
	require.ErrorIs(t, err, context.Canceled)
}

// TestQuotientKinds: the builder accepts a heap of the kind of a heap below it without a
// check; at every heap the full verification of all the heaps so far, from scratch, agrees,
// and the builder ends as Octal.Quotient does.
func TestQuotientKinds(t *testing.T) {
	ctx := context.Background()
	for _, c := range []struct {
		code  string
		heaps int
	}{{"0.77", 90}, {"0.15", 70}, {"0.07", 20}, {"0.75", 21}, {"0.137", 24}} {
		o := freshOctal(c.code)
		qb := &quotientBuilder{o: o, pl: o.plan(), ctx: ctx}
		qb.m = &monoid{n: 1, mul: []int32{0}, p: []bool{false}}
		qb.phi, qb.nim = []int32{0}, []int{0}
		for h := 1; h <= c.heaps; h++ {
			qb.b = newBudget(ctx, unlimited, quotientUnit, func() string { return "" })
			require.NoError(t, qb.step(h), "%s heap %d", c.code, h)
			ok, _, err := verify(qb.m, qb.types, qb.b)
			require.NoError(t, err)
			require.True(t, ok, "%s heap %d as element %d", c.code, h, qb.phi[h])
		}
		ks, err := qb.kindSet()
		require.NoError(t, err)
		assert.Less(t, len(ks.types), len(qb.types), "%s: heaps of one kind", c.code)
		q, err := o.Quotient(ctx, c.heaps)
		require.NoError(t, err)
		assert.Equal(t, q.String(), qb.result(q.Heaps()).String(), c.code)
	}
}

// TestQuotientAssociativity: ParseQuotient checks associativity by Light's test, on the
// generators only; every table made from R8 (0.75) and Dawson's Kayles' Q_12 by changing one
// product xy = yx is checked against the cubic check of every triple: one that is not
// associative is refused, as not associative when its generators still generate it, and one
// that is associative is never called not associative.
func TestQuotientAssociativity(t *testing.T) {
	ctx := context.Background()
	counts := map[string]int{}
	for _, c := range []struct {
		code string
		n    int
	}{{"0.75", 30}, {"0.07", 12}} {
		q, err := freshOctal(c.code).Quotient(ctx, c.n)
		require.NoError(t, err)
		n := q.Order()
		lines := strings.Split(strings.TrimSuffix(q.String(), "\n"), "\n")
		mul := make([][]int, n)
		for x := range n {
			for y := range n {
				mul[x] = append(mul[x], q.Mul(x, y))
			}
		}
		var gens []int
		for _, g := range q.Generators() {
			x, _ := q.Class(g)
			gens = append(gens, x)
		}
		for x := 1; x < n; x++ {
			for y := x; y < n; y++ {
				for z := range n {
					old := mul[x][y]
					if z == old {
						continue
					}
					mul[x][y], mul[y][x] = z, z
					assoc := true
					for a := range n {
						for b := range n {
							for c := range n {
								assoc = assoc && mul[mul[a][b]][c] == mul[a][mul[b][c]]
							}
						}
					}
					seen := map[int]bool{0: true}
					for list := []int{0}; len(list) > 0; {
						a := list[0]
						list = list[1:]
						for _, g := range gens {
							if !seen[mul[a][g]] {
								seen[mul[a][g]] = true
								list = append(list, mul[a][g])
							}
						}
					}
					text := slices.Clone(lines[:8])
					for _, row := range mul {
						words := make([]string, n)
						for k, v := range row {
							words[k] = strconv.Itoa(v)
						}
						text = append(text, strings.Join(words, " "))
					}
					_, err := ParseQuotient(ctx, strings.Join(text, "\n")+"\n")
					var pe *ParseError
					require.ErrorAs(t, err, &pe, "%s: %d·%d = %d", c.code, x, y, z) // a quotient is reduced: no other table is its quotient
					switch {
					case assoc:
						assert.NotEqual(t, "the table is not associative", pe.Reason, "%s: %d·%d = %d", c.code, x, y, z)
						counts["associative"]++
					case len(seen) == n:
						assert.Equal(t, "the table is not associative", pe.Reason, "%s: %d·%d = %d", c.code, x, y, z)
						counts["not associative, generated"]++
					default:
						counts["not associative, not generated"]++
					}
					mul[x][y], mul[y][x] = old, old
				}
			}
		}
	}
	assert.Positive(t, counts["not associative, generated"])
	t.Logf("%v", counts)
}

// TestQuotientResume: a quotient grown in steps, each continuing from the last (or from its
// text read back), is the quotient grown at once; the automatic quotient of MisereOutcome
// continues from the stored one, so that in two questions it reaches a heap that one question
// with the same work limit does not.
func TestQuotientResume(t *testing.T) {
	ctx := context.Background()
	for _, c := range []struct {
		code  string
		steps []int
	}{
		{"0.07", []int{3, 7, 12, 18}}, {"0.77", []int{10, 25, 40, 60}}, {"0.15", []int{5, 20, 40, 80}},
		{"0.56", []int{10, 64, 100}}, {"0.75", []int{5, 12, 30}}, {"0.137", []int{8, 16, 22}}, {"0.[3]", []int{2, 7, 20}},
	} {
		o := freshOctal(c.code)
		var q *Quotient
		for i, n := range c.steps {
			if i%2 == 1 {
				var err error
				q, err = ParseQuotient(ctx, q.String())
				require.NoError(t, err)
			}
			var err error
			q, err = o.quotientWithin(ctx, q, n, 0)
			require.NoError(t, err, "%s to heap %d", c.code, n)
			want, err := o.Quotient(ctx, n)
			require.NoError(t, err)
			require.Equal(t, want.String(), q.String(), "%s to heap %d in steps %v", c.code, n, c.steps[:i+1])
			if _, _, ok := q.Period(); ok {
				break
			}
		}
	}
	const limit = 1 << 16
	atOnce, err := DawsonsKayles.quotientWithin(ctx, nil, 15, limit)
	require.ErrorIs(t, err, ErrTooLarge)
	require.Less(t, atOnce.Heaps(), 15, "the limit stops a quotient to heap 15 at once")
	o := freshOctal("0.07").WithLimits(Limits{SearchSteps: limit})
	_, err = o.MisereOutcome(ctx, MustNewPosition(12))
	require.NoError(t, err)
	require.Equal(t, 12, o.MisereQuotient().Heaps())
	got, err := o.MisereOutcome(ctx, MustNewPosition(3, 15))
	require.NoError(t, err)
	require.Equal(t, 15, o.MisereQuotient().Heaps())
	want, err := DawsonsKayles.Quotient(ctx, 15)
	require.NoError(t, err)
	assert.Equal(t, want.String(), o.MisereQuotient().String())
	wantOutcome, err := want.Outcome(MustNewPosition(3, 15))
	require.NoError(t, err)
	assert.Equal(t, wantOutcome, got)
}

// slowWinningMoves is the reference of Quotient.WinningMoves: every move of Octal.Moves, kept
// when the quotient says its position is a P-position.
func slowWinningMoves(t *testing.T, q *Quotient, p Position) []Move {
	var wins []Move
	for m := range q.game.Moves(p) {
		after, err := q.game.Play(p, m)
		require.NoError(t, err)
		r, err := q.Outcome(after)
		require.NoError(t, err)
		if r == Previous {
			wins = append(wins, m)
		}
	}
	return wins
}

// TestQuotientWinningMovesPeriodic checks the walk of the winning moves through a quotient
// with a proven period against every move listed and tested, on heaps well beyond the
// preperiod and of every residue (two, three and four heaps left: 0.F, 0.V), and takes the
// first moves on heaps of 2^40 and more, which the list of every split never reaches.
func TestQuotientWinningMovesPeriodic(t *testing.T) {
	for _, tc := range []struct {
		code string
		most int // the largest heap of the comparison
	}{
		{"0.7", 1500}, {"0.75", 1500}, {"0.5", 1500}, {"4.0", 1500}, {"0.52", 1500}, {"0.31", 1500},
		{"0.F", 160}, {"0.V", 60},
	} {
		t.Run(tc.code, func(t *testing.T) {
			o := MustParseOctal(tc.code)
			q, err := o.Quotient(context.Background(), 200)
			require.NoError(t, err)
			n0, p, ok := q.Period()
			require.True(t, ok)
			var positions []Position
			for h := tc.most - 2*p - 3; h <= tc.most; h++ {
				positions = append(positions, fromHeaps([]int{h}), fromHeaps([]int{1, 2, h}))
			}
			for h := 1; h <= 3*(n0+p)+6; h++ {
				positions = append(positions, fromHeaps([]int{h}), fromHeaps([]int{2, h, h, tc.most}))
			}
			for _, pos := range positions {
				ms, err := q.WinningMoves(pos)
				require.NoError(t, err)
				assert.Equal(t, slowWinningMoves(t, q, pos), slices.Collect(ms), "%s in %s", pos, tc.code)
			}
			// Listing every split of these heaps would never end: give the walk a minute.
			done := make(chan struct{})
			go func() {
				defer close(done)
				for _, h := range []int{1 << 40, 1<<40 + 46, 1<<62 + 3} {
					pos := fromHeaps([]int{3, 5, 1000000, h})
					ms, err := q.WinningMoves(pos)
					if !assert.NoError(t, err) { // not require: this is not the test's goroutine
						return
					}
					r, err := q.Outcome(pos)
					if !assert.NoError(t, err) { // not require: this is not the test's goroutine
						return
					}
					n := 0
					for m := range ms {
						after, err := o.Play(pos, m)
						if !assert.NoError(t, err) { // not require: this is not the test's goroutine
							return
						}
						r, err := q.Outcome(after)
						if !assert.NoError(t, err) { // not require: this is not the test's goroutine
							return
						}
						assert.Equal(t, Previous, r, "%v in %s", m, tc.code)
						if n++; n == 20 {
							break
						}
					}
					assert.Equal(t, r == Next, n > 0, "%s in %s", pos, tc.code)
				}
			}()
			select {
			case <-done:
			case <-time.After(time.Minute):
				t.Fatalf("the first winning moves on heaps of 2^40 in %s took more than a minute", tc.code)
			}
		})
	}
}

// TestQuotientOfHugeHeapsEnds checks that the automatic quotient behind MisereOutcome on one
// heap of 2^40 counts the heaps each step looks back over: for 0.8=, 0.F= and 4=.0 the
// builder's candidates walked every heap below at every step, uncounted, and the call had
// not returned after 40 s. It answers or gives a LimitError in about 1-2 s now; the watchdog
// is generous, for the race detector on a loaded machine.
func TestQuotientOfHugeHeapsEnds(t *testing.T) {
	codes := []string{"0.8=", "0.F=", "4=.0"}
	if raceEnabled {
		codes = codes[1:2] // about 30 s for the three under the race detector
	}
	for _, code := range codes {
		done := make(chan error, 1)
		go func() {
			_, err := MustParseOctal(code).MisereOutcome(context.Background(), MustNewPosition(1<<40))
			done <- err
		}()
		select {
		case err := <-done:
			if err != nil {
				require.ErrorIs(t, err, ErrTooLarge, code)
			}
		case <-time.After(90 * time.Second):
			t.Fatalf("%s: MisereOutcome of 2^40 had not returned after 90 s", code)
		}
	}
}

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
	ind, err := q.IndependentRelations(context.Background())
	require.NoError(t, err)
	assert.Equal(t, []string{"a^2 = 1", "bc = ab", "c^2 = b^2"}, ind)
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
