package kayles

// FindPeriod exposes the periodicity search to the tests.
func FindPeriod(g []uint16, t, k int) (Period, bool) { return findPeriod(g, t, k) }

// Hooks for the tables' tests: the Nim rules behind NimTable, to test against brute force.
var (
	NimLoses        = nimLoses
	NimWinningMoves = nimWinningMoves
)
