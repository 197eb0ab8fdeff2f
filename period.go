package kayles

import (
	"context"
	"strconv"
)

// This file implements periods: proven ones, by the periodicity theorem (whose incremental
// search is internal/engine's period.go) or a closed form, and apparent ones that the values
// show.

// A Period describes an eventually (arithmetic-)periodic sequence: G(n+Period) = G(n) + Saltus
// for every n >= Preperiod, Preperiod and Period both as small as possible. Saltus is 0 for a
// periodic sequence. Proven says whether a theorem proves the description for every n; when
// it is false, the description only fits the values computed. The zero Period means none is
// known.
type Period struct {
	Preperiod int  // the least n0 from which the values repeat
	Period    int  // the least p with G(n+p) = G(n) + Saltus for all n >= n0
	Saltus    int  // the growth per period: 0 for a periodic sequence
	Proven    bool // true when a theorem proves it for all n, false when the values only show it
}

// String returns the period as "preperiod 71, period 12", with ", saltus 3" when the sequence
// grows and " (apparent)" when it is not proven, or "none" for the zero Period.
func (p Period) String() string {
	if p.Period == 0 {
		return "none"
	}
	s := "preperiod " + strconv.Itoa(p.Preperiod) + ", period " + strconv.Itoa(p.Period)
	if p.Saltus != 0 {
		s += ", saltus " + strconv.Itoa(p.Saltus)
	}
	if !p.Proven {
		s += " (apparent)"
	}
	return s
}

// Period returns the least period and preperiod that the periodicity theorem proves from the
// values G(0), ..., G(limit-1), and false when none is proven there. It computes the values
// as [Octal.Values] does, in doubling steps that stop as soon as a period is proven, so a
// proven game costs O(1) from then on; it has no work limit but ctx, and returns ctx's error
// when ctx is done first, without a partial answer. A limit above [MaxValues] is
// capped there; a negative one gets a [*RangeError]. The limit bounds only new work: a period
// that o has proven already (an earlier call with a larger limit, or a [Octal.Grundy] of a
// large heap, which proves one to answer) is returned whatever the limit, so the answer for a
// small limit may change from false to true during a program, never the other way.
//
// The theorem (Guy & Smith 1956, generalised): if G(n+p) = G(n) for n0 <= n < N-p and
// N >= k·(n0+p) + t, where t is the index of the last non-zero digit and k the most heaps a
// move leaves, then G(n+p) = G(n) for every n >= n0. It covers finite codes without modifiers;
// for other codes Period returns false unless a closed form applies.
//
// Two codes with a repeating tail have a proven arithmetic period from published closed forms,
// returned at once whatever the limit, with Proven set: [Nim] (0.[3]) has preperiod 0, period
// 1, saltus 1, since G(n) = n (Bouton 1901: the options of a heap of n are the heaps of 0 to
// n-1); [LaskersNim] (4.[3]) has preperiod 1, period 4, saltus 4, since G(4k+1) = 4k+1,
// G(4k+2) = 4k+2, G(4k+3) = 4k+4 and G(4k+4) = 4k+3 for k >= 0 (Winning Ways, ch. 4).
func (o *Octal) Period(ctx context.Context, limit int) (Period, bool, error) {
	o = o.game()
	if limit < 0 {
		return Period{}, false, rangeError("period search limit", limit, MaxValues)
	}
	return o.eng.period(ctx, min(limit, MaxValues))
}

// period looks for a proven period within limit values, with no work limit but ctx. It
// returns an error only when ctx is done or a limit of the engine stops it.
func (e *engine) period(ctx context.Context, limit int) (Period, bool, error) {
	p, ok, err := e.e.Prove(ctx, limit, nil)
	return periodOf(p), ok, fromEngine(err)
}

// ApparentPeriod returns the regularity that the values G(0), ..., G(limit-1) show: the least
// period p, then the least preperiod n0, such that G(n+p) = G(n) + s for every n0 <= n < N-p
// with one saltus s, seen over at least three periods and with N >= 2(n0+p) values. When
// [Octal.Period] proves a period within limit, that is what it returns, with Proven set;
// otherwise Proven is false and the result only describes the values computed. It returns
// false when the values show no regularity. It costs what [Octal.Values] costs, plus O(N) per
// candidate period, and stops with ctx as Period does.
//
// For example 0.3F shows preperiod 0, period 6, saltus 3, and the all-but subtraction game
// 0.30[3] preperiod 0, period 4, saltus 2. For [Nim] and [LaskersNim], whose arithmetic
// periods are proven in closed form, it returns what [Octal.Period] does: preperiod 0, period
// 1, saltus 1 and preperiod 1, period 4, saltus 4, with Proven set.
func (o *Octal) ApparentPeriod(ctx context.Context, limit int) (Period, bool, error) {
	o = o.game()
	if p, ok, err := o.Period(ctx, limit); ok || err != nil {
		return p, ok, err
	}
	limit = min(limit, MaxValues)
	s, err := o.eng.extend(ctx, limit)
	if err != nil {
		return Period{}, false, err
	}
	if s.period.Period > 0 {
		return s.period, true, nil
	}
	p, ok := s.s.Apparent(min(s.s.Len(), limit))
	return Period{Preperiod: p.Preperiod, Period: p.Period, Saltus: p.Saltus}, ok, nil
}
