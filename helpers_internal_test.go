package kayles

import "context"

// ctx is the context of the tests' questions.
var ctx = context.Background()

// must returns v, and fails the test (by a panic) when err is not nil: for calls that must
// answer.
func must[T any](v T, err error) T {
	if err != nil {
		panic(err)
	}
	return v
}

// must2 is must for calls with two results besides the error.
func must2[A, B any](a A, b B, err error) (A, B) {
	if err != nil {
		panic(err)
	}
	return a, b
}
