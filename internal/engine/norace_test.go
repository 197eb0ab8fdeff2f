//go:build !race

package engine

// raceEnabled is true when the tests run with the race detector; see race_test.go.
const raceEnabled = false
