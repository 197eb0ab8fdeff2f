//go:build !race

package table_test

// raceEnabled is true when the tests run with the race detector; see race_test.go.
const raceEnabled = false
