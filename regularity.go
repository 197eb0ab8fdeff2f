package kayles

// This file implements apparent regularity: periods and arithmetic periods that the computed
// values show, for games where no theorem proves one.

// ApparentPeriod returns the regularity that the values G(0), ..., G(limit-1) show: the least
// period p, then the least preperiod n0, such that G(n+p) = G(n) + s for every n0 <= n < N-p
// with one saltus s, seen over at least three periods and with N >= 2(n0+p) values. When
// [Octal.Period] proves a period within limit, that is what it returns, with Proven set;
// otherwise Proven is false and the result only describes the values computed. It returns
// false when the values show no regularity. It costs what [Octal.Values] costs, plus O(N) per
// candidate period.
//
// For example 0.3F shows preperiod 0, period 6, saltus 3, and the all-but subtraction game
// 0.30[3] preperiod 0, period 4, saltus 2. For [Nim] and [LaskersNim], whose arithmetic
// periods are proven in closed form, it returns what [Octal.Period] does: preperiod 0, period
// 1, saltus 1 and preperiod 1, period 4, saltus 4, with Proven set.
func (o *Octal) ApparentPeriod(limit int) (Period, bool) {
	if p, ok := o.Period(limit); ok {
		return p, true
	}
	limit = min(limit, MaxValues)
	s := o.load()
	if len(s.vals) < limit && s.period.Period == 0 {
		s = o.extend(limit)
	}
	return findApparent(s.vals)
}

// findApparent returns the least arithmetic period that g shows, as ApparentPeriod describes.
func findApparent(g []uint16) (Period, bool) {
	n := len(g)
	for p := 1; 3*p <= n; p++ {
		saltus := int(g[n-1]) - int(g[n-1-p])
		if saltus < 0 {
			continue
		}
		i := n - p - 1
		for i >= 0 && int(g[i+p])-int(g[i]) == saltus {
			i--
		}
		n0 := i + 1
		if n0+3*p <= n && n >= 2*(n0+p) {
			return Period{Preperiod: n0, Period: p, Saltus: saltus}, true
		}
	}
	return Period{}, false
}
