//go:build race

package main

// raceEnabled is true when the tests run with the race detector, which makes the tool about
// ten times slower than the costs its -timeout reserves for what follows a run.
const raceEnabled = true
