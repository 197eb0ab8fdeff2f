package kayles

// FindPeriod exposes the periodicity search to the tests.
func FindPeriod(g []uint16, t, k int) (Period, bool) { return findPeriod(g, t, k) }

// FindApparent exposes the apparent-period search to the tests.
func FindApparent(g []uint16) (Period, bool) { return findApparent(g) }

// DigitAllows reports whether digit i of o lets a move leave exactly k heaps, and its rule.
func DigitAllows(o *Octal, i, k int) (bool, byte) {
	d := o.digit(i)
	return d.allows(k), d.rule
}
