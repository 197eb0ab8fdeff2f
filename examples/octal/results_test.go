package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// startOctal starts the tool with args in a process of its own, as runOctal runs it, and
// returns it with its standard output and error.
func startOctal(t *testing.T, args ...string) (*exec.Cmd, *bytes.Buffer, *bytes.Buffer) {
	t.Helper()
	enc, err := json.Marshal(args)
	require.NoError(t, err)
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	tm := defaultTiming
	cmd.Env = append(os.Environ(), childArgs+"="+string(enc),
		fmt.Sprintf("%s=%d %d %d", childKnobs, tm.progressEvery, tm.warnAfter, tm.warnLonger))
	var out, errOut bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errOut
	require.NoError(t, cmd.Start())
	return cmd, &out, &errOut
}

// keptRuns reads the counts of the summary line of -classify: the runs done and the classes
// whose results were kept from an earlier run.
func keptRuns(t *testing.T, stderr string) (runs, kept int) {
	t.Helper()
	m := regexp.MustCompile(`classified \d+ codes \((\d+) runs, (\d+) from the results kept\)`).FindStringSubmatch(stderr)
	require.NotNil(t, m, stderr)
	return atoi(t, m[1]), atoi(t, m[2])
}

// TestShardMerge runs one family as three shards, each a process of its own with a results
// directory of its own, all at once, and checks that -merge of the three is byte for byte the
// table of one unsharded run, in text and in CSV; that the shards split the classes between
// them; and that a shard alone leaves -merge with open codes.
func TestShardMerge(t *testing.T) {
	family := []string{"-classify", "-codes", "octal:0-2,0.156,4!.0", "-n", "30000"}
	code, want, errOut := runOctal(t, family...)
	require.Equal(t, 0, code, errOut)
	wantRuns, _ := keptRuns(t, errOut)
	dirs := make([]string, 3)
	var cmds []*exec.Cmd
	var errs []*bytes.Buffer
	for i := range dirs {
		dirs[i] = filepath.Join(t.TempDir(), "shard"+strconv.Itoa(i))
		cmd, _, e := startOctal(t, append(family, "-shard", fmt.Sprintf("%d/3", i), "-results", dirs[i])...)
		cmds, errs = append(cmds, cmd), append(errs, e)
	}
	runs := 0
	for i, cmd := range cmds {
		require.NoError(t, cmd.Wait(), errs[i].String())
		r, kept := keptRuns(t, errs[i].String())
		assert.Positive(t, r, "shard %d has classes of its own", i)
		assert.Zero(t, kept)
		runs += r
	}
	assert.Equal(t, wantRuns, runs, "the shards split the classes")
	code, got, errOut := runOctal(t, append([]string{"-merge"}, dirs...)...)
	require.Equal(t, 0, code, errOut)
	assert.Equal(t, want, got)
	assert.Equal(t, 130, strings.Count(got, "\n")-2)

	_, wantCSV, _ := runOctal(t, append(family, "-format", "csv")...)
	code, gotCSV, errOut := runOctal(t, append([]string{"-merge", "-format", "csv"}, dirs...)...)
	require.Equal(t, 0, code, errOut)
	assert.Equal(t, wantCSV, gotCSV)

	code, part, errOut := runOctal(t, "-merge", dirs[1])
	assert.Equal(t, exitLimit, code)
	assert.Regexp(t, `octal: -merge: \d+ of 130 codes have no result`, errOut)
	assert.Contains(t, part, " open - - 0 0 0\n")
}

// TestResultsKill kills a classification with SIGKILL once it has written some results, and
// checks that those it wrote are whole and kept: the run started again computes only the
// classes without one, leaves the files it found as they were, and writes the table of a run
// never stopped.
func TestResultsKill(t *testing.T) {
	family := []string{"-classify", "-codes", "octal:0-2", "-n", "65536", "-j", "1"}
	dir := filepath.Join(t.TempDir(), "res")
	cmd, _, _ := startOctal(t, append(family, "-results", dir)...)
	files := func() map[string]string {
		m := map[string]string{}
		ents, _ := os.ReadDir(filepath.Join(dir, "codes"))
		for _, e := range ents {
			if b, err := os.ReadFile(filepath.Join(dir, "codes", e.Name())); err == nil && !strings.HasPrefix(e.Name(), ".tmp-") {
				m[e.Name()] = string(b)
			}
		}
		return m
	}
	deadline := time.Now().Add(time.Minute)
	for len(files()) < 20 && time.Now().Before(deadline) {
		time.Sleep(5 * time.Millisecond)
	}
	require.NoError(t, cmd.Process.Kill())
	_ = cmd.Wait()
	before := files()
	require.GreaterOrEqual(t, len(before), 20)
	require.Less(t, len(before), 128, "the run was killed before its end")
	stamps := map[string]time.Time{}
	for name, line := range before {
		assert.Regexp(t, `^\S+ (periodic \d+ \d+|none - -) \d+ \d+ \d+\n$`, line, name)
		fi, err := os.Stat(filepath.Join(dir, "codes", name))
		require.NoError(t, err)
		stamps[name] = fi.ModTime()
	}

	code, got, errOut := runOctal(t, append(family, "-results", dir)...)
	require.Equal(t, 0, code, errOut)
	runs, kept := keptRuns(t, errOut)
	assert.Positive(t, kept)
	assert.Equal(t, 98, runs+kept, "every class is computed once, now or before the kill")
	for name, line := range before {
		b, err := os.ReadFile(filepath.Join(dir, "codes", name))
		require.NoError(t, err)
		assert.Equal(t, line, string(b), name)
		fi, err := os.Stat(filepath.Join(dir, "codes", name))
		require.NoError(t, err)
		assert.Equal(t, stamps[name], fi.ModTime(), "%s is not written again", name)
	}
	assert.Len(t, files(), 128)
	code, want, errOut := runOctal(t, family...)
	require.Equal(t, 0, code, errOut)
	assert.Equal(t, want, got)
}

// TestResultsDir checks the results directory on its own: a family it does not hold is
// refused, a damaged or partial file reads as no result, and names escape what is not a
// letter, a digit or a point.
func TestResultsDir(t *testing.T) {
	dir := t.TempDir()
	rd, err := openResults(dir, "-classify -n 100", []string{"0.77", "4!.0"})
	require.NoError(t, err)
	require.NoError(t, rd.write("4!.0", "4!.0 none - - 100 5 9"))
	assert.Equal(t, "4!.0 none - - 100 5 9", rd.read("4!.0"))
	assert.FileExists(t, filepath.Join(dir, "codes", "4%21.0"))
	assert.Equal(t, "", rd.read("0.77"))
	for _, bad := range []string{"0.77 periodic 71", "0.7 periodic 71 12 200 9 8\n", "0.77 open - - 9 0 0\n", "0.77 periodic 71 12 200 9 8\nmore\n"} {
		require.NoError(t, os.WriteFile(filepath.Join(dir, "codes", "0.77"), []byte(bad), 0o644))
		assert.Equal(t, "", rd.read("0.77"), "%q", bad)
	}
	_, err = openResults(dir, "-classify -n 100", []string{"0.77", "4!.0"})
	assert.NoError(t, err, "the same classification again")
	_, err = openResults(dir, "-classify -n 100 -codes-file /elsewhere/codes.txt", []string{"0.77", "4!.0"})
	assert.NoError(t, err, "the same codes from a file under another path")
	_, err = openResults(dir, "-classify -n 100", []string{"0.77"})
	assert.Error(t, err, "other codes")
	_, err = openResults(dir, "-classify -n 200", []string{"0.77", "4!.0"})
	require.Error(t, err)
	assert.Contains(t, err.Error(), "holds another classification (-classify -n 100)")
	assert.Equal(t, "%2E77%3F%7B2%2C3%7D", fileName(".77?{2,3}"))
}

// TestMergeRefuses checks that -merge refuses directories of different classifications, or
// that disagree on a period, and what is not a results directory.
func TestMergeRefuses(t *testing.T) {
	a, b := t.TempDir(), t.TempDir()
	ra, err := openResults(a, "-classify -n 100", []string{"0.77"})
	require.NoError(t, err)
	rb, err := openResults(b, "-classify -n 100", []string{"0.77"})
	require.NoError(t, err)
	require.NoError(t, ra.write("0.77", "0.77 periodic 71 12 100 9 8"))
	require.NoError(t, rb.write("0.77", "0.77 periodic 71 12 120 9 8"))
	code, out, errOut := runOctal(t, "-merge", a, b)
	require.Equal(t, 0, code, errOut)
	assert.Contains(t, out, "\n0.77 periodic 71 12 100 9 8\n", "the first directory's line")
	require.NoError(t, rb.write("0.77", "0.77 periodic 70 12 120 9 8"))
	code, _, errOut = runOctal(t, "-merge", a, b)
	assert.Equal(t, 1, code)
	assert.Contains(t, errOut, "the directories disagree on 0.77")
	c := t.TempDir()
	_, err = openResults(c, "-classify -n 200", []string{"0.77"})
	require.NoError(t, err)
	code, _, errOut = runOctal(t, "-merge", a, c)
	assert.Equal(t, 1, code)
	assert.Contains(t, errOut, "hold different classifications")
	code, _, errOut = runOctal(t, "-merge", t.TempDir())
	assert.Equal(t, 1, code)
	assert.Contains(t, errOut, "not a results directory")
}

// TestResultsClassCompleted checks that a run finds a class whose first code has its result
// and another code none (a run killed between the two files), computes nothing, and writes
// the missing file from the first code's line.
func TestResultsClassCompleted(t *testing.T) {
	dir := t.TempDir()
	rd, err := openResults(dir, "-classify -n 5000 -codes 0.456,0.457", []string{"0.456", "0.457"})
	require.NoError(t, err)
	require.NoError(t, rd.write("0.456", "0.456 periodic 9 9 99 9 9"))
	code, out, errOut := runOctal(t, "-classify", "-n", "5000", "-codes", "0.456,0.457", "-results", dir)
	require.Equal(t, 0, code, errOut)
	runs, kept := keptRuns(t, errOut)
	assert.Equal(t, 0, runs)
	assert.Equal(t, 1, kept, "0.456 and 0.457 are one class")
	assert.Equal(t, "0.457 periodic 9 9 99 9 9", rd.read("0.457"))
	assert.Contains(t, out, "\n0.457 periodic 9 9 99 9 9\n")
}

// TestResultsResume kills a classification with SIGKILL once the checkpoint of a code not yet
// decided holds 2^20 values, and checks that the run started again resumes from it: stopped
// by -timeout after 300 ms, it lists the code at 2^20 values or more, which no run from the
// start computes in that time. A code once decided leaves no checkpoint.
func TestResultsResume(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "res")
	family := []string{"-classify", "-codes", "0.6", "-n", "4194304", "-results", dir}
	cmd, _, _ := startOctal(t, family...)
	ck := filepath.Join(dir, "checkpoints", "0.6.ck")
	deadline := time.Now().Add(2 * time.Minute)
	for time.Now().Before(deadline) {
		if fi, err := os.Stat(ck); err == nil && fi.Size() >= 2<<20 {
			break
		}
		time.Sleep(10 * time.Millisecond)
	}
	require.NoError(t, cmd.Process.Kill())
	_ = cmd.Wait()
	fi, err := os.Stat(ck)
	require.NoError(t, err)
	require.GreaterOrEqual(t, fi.Size(), int64(2<<20))

	code, out, errOut := runOctal(t, append(family, "-timeout", "300ms")...)
	require.Equal(t, exitLimit, code, errOut)
	m := regexp.MustCompile(`\n0\.6 open - - (\d+) `).FindStringSubmatch(out)
	require.NotNil(t, m, out)
	assert.GreaterOrEqual(t, atoi(t, m[1]), 1<<20)

	dir = filepath.Join(t.TempDir(), "res2")
	code, out, errOut = runOctal(t, "-classify", "-codes", "0.6", "-n", "524288", "-results", dir)
	require.Equal(t, 0, code, errOut)
	assert.Contains(t, out, "\n0.6 none - - ")
	ents, err := os.ReadDir(filepath.Join(dir, "checkpoints"))
	require.NoError(t, err)
	assert.Empty(t, ents, "a decided code's checkpoint goes")
}
