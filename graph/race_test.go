//go:build race

package graph_test

// raceEnabled is true when the tests run with the race detector, which makes them about ten
// times slower: the tests of the default limits then ask fewer questions.
const raceEnabled = true
