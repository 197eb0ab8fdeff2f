package kayles

// Hooks for the tables' tests: the Nim rules behind NimTable, to test against brute force.
var (
	NimLoses        = nimLoses
	NimWinningMoves = nimWinningMoves
)
