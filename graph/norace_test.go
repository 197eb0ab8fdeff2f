//go:build !race

package graph_test

// raceEnabled is true when the tests run with the race detector; see race_test.go.
const raceEnabled = false
