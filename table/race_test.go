//go:build race

package table_test

// raceEnabled is true when the tests run with the race detector, which makes them about ten
// times slower: the heaviest tests then play smaller tables.
const raceEnabled = true
