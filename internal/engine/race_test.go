//go:build race

package engine

// raceEnabled is true when the tests run with the race detector, which makes them about ten
// times slower: the heaviest tests then check fewer values.
const raceEnabled = true
