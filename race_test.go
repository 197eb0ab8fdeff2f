//go:build race

package kayles

// raceEnabled is true when the tests run with the race detector, which makes them about ten
// times slower: the heaviest tests then check fewer values.
const raceEnabled = true
