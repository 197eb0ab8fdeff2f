package kayles_test

import (
	"bufio"
	"context"
	"os"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// readData returns the non-comment lines of a testdata file, each split into fields,
// after checking that the file names its source on its first line and holds some data.
func readData(t *testing.T, name string) [][]string {
	t.Helper()
	f, err := os.Open("testdata/" + name)
	require.NoError(t, err)
	defer f.Close()
	var rows [][]string
	sc := bufio.NewScanner(f)
	first := true
	for sc.Scan() {
		line := sc.Text()
		if first {
			require.True(t, strings.HasPrefix(line, "# source:"), "%s must start with a # source: line", name)
			first = false
		}
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		rows = append(rows, strings.Fields(line))
	}
	require.NoError(t, sc.Err())
	require.False(t, first, "%s is empty: it must start with a # source: line", name)
	require.NotEmpty(t, rows, "%s holds no data: every test that reads it would pass vacuously", name)
	return rows
}

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
