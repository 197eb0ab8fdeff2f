package kayles

import (
	"context"
	"strconv"

	eng "github.com/octalgames/kayles/internal/engine"
)

// This file implements nim-values: Grundy values of single heaps, cached per rule set by the
// engine (engine.go, internal/engine), so that each is computed once and, once a period is
// proven (period.go), every heap is O(1).

// MaxValues is the most values the engine stores in memory for one rule set (2 bytes each, and
// some 16 more for each value above 65535).
// Asking for more, through [Octal.Values] or [Octal.Period], is refused or capped as those
// methods say; [Octal.Run] with [RunOptions].Spill goes on to [MaxSpilledValues], most of
// them in its file.
const MaxValues = 1 << 30

// Grundy returns G(n), the nim-value of one heap of n tokens. It costs O(1) once the value is
// cached or a period is proven. Otherwise it computes the values up to n, each in O(n·t) steps
// for a code with t digits whose moves leave at most two heaps (far less when such a code has
// few rare values: the sparse-space method of Winning Ways ch. 4, see [Octal.Values]),
// O(n·w) for plain codes with flag 8 (moves that leave three heaps, by sets of pair sums: w is
// the number of non-zero 64-bit words in such a set, at most V/64 for values below V, a few
// dozen for 0.2048), O(n^(k-1)·t) when moves leave k > 3 heaps; within [Limits].Steps of work,
// past which it looks for a proven period within the same work instead, and returns a
// [*LimitError] (wrapping [ErrTooLarge]) when it finds none. [Octal.Values] and [Octal.Period] compute further.
//
// [Nim] (0.[3]) and [LaskersNim] (4.[3]), and any Octal with those codes, are proven in closed
// form from the start: Grundy is O(1) for every n >= 0, and the value, an int, may exceed 65535
// (Nim: G(n) = n; Lasker's Nim: G(4k+3) = 4k+4, G(4k+4) = 4k+3, otherwise G(n) = n).
//
// A negative n gets a [*RangeError], and so does, in Lasker's Nim, the heap of math.MaxInt,
// whose value does not fit an int. When ctx is done first, Grundy returns ctx's error.
func (o *Octal) Grundy(ctx context.Context, n int) (int, error) {
	o = o.game()
	if n < 0 {
		return 0, rangeError("heap", n, maxInt)
	}
	if v, ok := o.eng.load().value(n); ok {
		return v, nil
	}
	return o.eng.grundy(ctx, n, o.limits.Steps)
}

// grundy computes G(n), which the snapshot does not know, within steps of work.
func (e *engine) grundy(ctx context.Context, n int, steps int64) (int, error) {
	if s := e.load(); s.period.Period > 0 {
		return 0, e.overflow(n)
	}
	b := eng.NewBudget(ctx, steps)
	if have := e.e.Load().Len(); n < MaxValues && e.e.Cost(have, n+1) <= steps {
		if _, err := e.e.Extend(ctx, max(n+1, have+have/4), b); err != nil && b.Err() == nil {
			return 0, fromEngine(err)
		}
	} else if _, _, err := e.e.Prove(ctx, MaxValues, b); err != nil && b.Err() == nil {
		return 0, fromEngine(err)
	}
	s := e.load()
	if v, ok := s.value(n); ok {
		return v, nil
	}
	if s.period.Period > 0 {
		return 0, e.overflow(n)
	}
	if err := b.Err(); err != nil && err != eng.ErrSpent {
		return 0, fromEngine(err)
	}
	return 0, newBudget(ctx, steps, "steps", heapQuestion(e.pl.code, n)).limitError()
}

// overflow returns the error for heap n, whose value a proven arithmetic period gives but an
// int cannot hold: in Lasker's Nim, only the heap of math.MaxInt, whose value is one more.
func (e *engine) overflow(n int) error {
	return &RangeError{What: "heap of " + e.pl.code + " whose value exceeds the largest int:", Value: n, Min: 0, Max: n - 1}
}

// Values returns G(0), ..., G(n-1). It computes what is not cached in O(n²·t) time in all at
// worst for codes whose moves leave at most two heaps (O(n^k·t) when they leave k), far less for
// codes with sparse values, or O(n) once a period is proven. Finite codes whose moves leave at
// most two heaps (digits up to 7, or braces within {0,1,2}) use the rare/common ("sparse
// space") engine, with or without the modifiers ! ? =: for two heaps ! and ? both mean the heaps
// differ, as in Grundy's game (4!.0), and = that they are equal; on up to eight goroutines
// where [Octal.Run] says. Plain codes with flag 8 (hexadecimal digits 8 to F: three heaps) use the
// three-heap engine, O(n·w) word operations a value, where w is the number of non-zero words
// in a set of pair sums (at most V/64 for values below V), with 10 bytes of pair sets for each
// such word of each heap and V/512 for its index (a [*LimitError] past 1 GiB), on two
// goroutines past 2,048 values. Other codes (repeating tails, k+ in braces, four or
// more heaps) use the reference mex, which lists every option. [Nim] and [LaskersNim] give every value by their
// closed form, O(1) each, up to [MaxValues] and beyond 65535.
//
// Values above 65535 are stored as well, each in 2 bytes and an entry of some 16 in a side
// table, and read back in O(log k) for k such values. The rare/common and three-heap engines
// mark values in 16 bits, so a code of theirs whose next value exceeds 65535 goes on from
// there under the reference mex, at its cost (O(n·t) a value for two heaps, O(n²·t) for three),
// reading every value: a spilled run reads its values back into memory first (see
// [Octal.Run]).
//
// Values has no work limit but ctx: when ctx is done first it returns ctx's error, keeping the
// values computed so far for the next call. A negative n gets a [*RangeError]; more than
// [MaxValues] values a [*LimitError].
func (o *Octal) Values(ctx context.Context, n int) ([]int, error) {
	o = o.game()
	code := o.eng.pl.code
	if n < 0 {
		return nil, rangeError("number of values", n, MaxValues)
	}
	if n > MaxValues {
		return nil, &LimitError{Question: strconv.Itoa(n) + " values of " + code, Limit: MaxValues, Unit: "values"}
	}
	s, err := o.eng.extend(ctx, n)
	if err != nil {
		return nil, err
	}
	have := s.s.Len()
	if n > have && s.period.Period == 0 { // the engine stopped short without a reason: never a zero for a value
		return nil, &LimitError{Question: strconv.Itoa(n) + " values of " + code, Limit: int64(have), Unit: "values"}
	}
	vals := make([]int, n)
	read := 0
	for i, v := range s.s.All() {
		if i >= n {
			break
		}
		vals[i], read = v, i+1
	}
	if read < min(n, have) {
		return nil, &CheckpointError{Path: s.s.Spilled(), Reason: "cannot read back G(" + strconv.Itoa(read) + ")", Err: ErrCheckpoint}
	}
	for i := min(n, have); i < n; i++ {
		vals[i], _ = s.value(i)
	}
	return vals, nil
}
