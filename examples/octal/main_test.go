package main

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/octalgames/kayles"
)

var long = flag.Bool("long", false, "run the long checks (TestClassifyProvesReference takes about 10 minutes)")

// runOctal runs the tool with args in a process of its own, as a person runs it: the games of
// package kayles are the process's (one engine per code), so a run in this process would find
// the values that earlier tests computed and report them.
func runOctal(t *testing.T, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	return runOctalWith(t, defaultTiming, args...)
}

// runOctalWith is runOctal with the intervals of tm.
func runOctalWith(t *testing.T, tm timing, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	enc, err := json.Marshal(args)
	require.NoError(t, err)
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	cmd.Env = append(os.Environ(), childArgs+"="+string(enc),
		fmt.Sprintf("%s=%d %d %d", childKnobs, tm.progressEvery, tm.warnAfter, tm.warnLonger))
	var out, errOut bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errOut
	err = cmd.Run()
	var exit *exec.ExitError
	switch {
	case err == nil:
	case errors.As(err, &exit):
		code = exit.ExitCode()
	default:
		require.NoError(t, err)
	}
	return code, out.String(), errOut.String()
}

// childArgs and childKnobs are the variables of the environment through which runOctal hands
// a child process the tool's arguments, as JSON, and its timing (progressEvery, warnAfter,
// warnLonger, in nanoseconds).
const (
	childArgs  = "KAYLES_OCTAL_TEST_ARGS"
	childKnobs = "KAYLES_OCTAL_TEST_KNOBS"
)

// TestMain runs the tool instead of the tests in a child process of runOctal.
func TestMain(m *testing.M) {
	if enc, ok := os.LookupEnv(childArgs); ok {
		var args []string
		if err := json.Unmarshal([]byte(enc), &args); err != nil {
			fmt.Fprintln(os.Stderr, "bad", childArgs, err)
			os.Exit(125)
		}
		var tm timing
		if _, err := fmt.Sscan(os.Getenv(childKnobs), &tm.progressEvery, &tm.warnAfter, &tm.warnLonger); err != nil {
			fmt.Fprintln(os.Stderr, "bad", childKnobs, err)
			os.Exit(125)
		}
		os.Exit(run(context.Background(), args, os.Stdout, os.Stderr, false, tm))
	}
	os.Exit(m.Run())
}

func TestJSONReport(t *testing.T) {
	code, out, _ := runOctal(t, "-code", "0.156", "-json")
	require.Equal(t, 0, code)
	var m map[string]any
	require.NoError(t, json.Unmarshal([]byte(out), &m))
	for _, k := range []string{"code", "values", "preperiod", "period", "rare_count", "last_rare", "max_value", "max_at"} {
		assert.Contains(t, m, k)
	}
	assert.Equal(t, "0.156", m["code"])
	assert.Equal(t, 3479.0, m["preperiod"])
	assert.Equal(t, 349.0, m["period"])
	assert.Equal(t, 0.0, m["saltus"])
	assert.Equal(t, 1, strings.Count(out, "\n"))
}

// TestJSONSaltus checks the arithmetic period of Lasker's Nim, proven by its closed form.
func TestJSONSaltus(t *testing.T) {
	code, out, _ := runOctal(t, "-code", "4.[3]", "-json")
	require.Equal(t, 0, code)
	var m map[string]any
	require.NoError(t, json.Unmarshal([]byte(out), &m))
	assert.Equal(t, 1.0, m["preperiod"])
	assert.Equal(t, 4.0, m["period"])
	assert.Equal(t, 4.0, m["saltus"])
}

func TestJSONNoPeriod(t *testing.T) {
	code, out, _ := runOctal(t, "-code", "0.6", "-n", "3000", "-json")
	require.Equal(t, 0, code)
	var m map[string]any
	require.NoError(t, json.Unmarshal([]byte(out), &m))
	assert.Nil(t, m["period"])
	assert.Nil(t, m["preperiod"])
	assert.Nil(t, m["saltus"])
	assert.Equal(t, 3000.0, m["values"])
}

func TestPrint(t *testing.T) {
	code, out, errOut := runOctal(t, "-code", "0.77", "-n", "12", "-print")
	require.Equal(t, 0, code)
	assert.Equal(t, "0\n1\n2\n3\n1\n4\n3\n2\n1\n4\n2\n6\n", out)
	assert.Contains(t, errOut, "code 0.77: 12 values")
}

func TestTextReport(t *testing.T) {
	code, out, _ := runOctal(t, "-code", "0.77")
	require.Equal(t, 0, code)
	assert.Contains(t, out, "proven preperiod 71, period 12")
}

func TestBadFlags(t *testing.T) {
	for _, args := range [][]string{
		{},
		{"-code", "1.7"},
		{"-code", "0.7x"},
		{"-bogus"},
		{"-code", "0.77", "-n", "0"},
		{"-code", "0.77", "-n", "99999999999"},
		{"-code", "0.77", "extra"},
		{"-classify", "-code", "0.77"},
		{"-code", "0.77", "-every", "0s"},
		{"-code", "0.77", "-every", "-1m", "-checkpoint", "x.ck"},
		{"-code", "0.77", "-timeout", "-1s"},
		{"-code", "0.77", "-timeout", "soon"},
	} {
		code, _, errOut := runOctal(t, args...)
		assert.Equal(t, 2, code, "%q", args)
		assert.Contains(t, errOut, "usage: octal", "%q", args)
	}
}

func TestCheckpointAndResume(t *testing.T) {
	path := filepath.Join(t.TempDir(), "ck")
	code, _, _ := runOctal(t, "-code", "0.354", "-n", "20000", "-checkpoint", path)
	require.Equal(t, 0, code)
	code, out, _ := runOctal(t, "-code", "0.354", "-n", "30000", "-resume", path, "-print")
	require.Equal(t, 0, code)
	lines := strings.Fields(out)
	require.Len(t, lines, 30000)
	want, err := kayles.MustParseOctal("0.354").Values(context.Background(), 30000)
	require.NoError(t, err)
	assert.Equal(t, want[29999], atoi(t, lines[29999]))

	// A damaged checkpoint is refused.
	b, err := os.ReadFile(path)
	require.NoError(t, err)
	b[len(b)/2] ^= 1
	require.NoError(t, os.WriteFile(path, b, 0o644))
	code, out, errOut := runOctal(t, "-code", "0.354", "-resume", path)
	assert.Equal(t, 1, code)
	assert.Contains(t, errOut, "checksum mismatch")
	assert.Empty(t, out, "no report of a run that did not start")

	// So is a missing one, with the error alone.
	code, out, errOut = runOctal(t, "-code", "0.354", "-resume", path+".missing", "-json")
	assert.Equal(t, 1, code)
	assert.Empty(t, out)
	assert.Equal(t, 1, strings.Count(errOut, "\n"), "%q", errOut)
	assert.Contains(t, errOut, "cannot open")
}

func TestProgressOnTerminal(t *testing.T) {
	var out, errOut bytes.Buffer
	code := run(context.Background(), []string{"-code", "0.354", "-n", "40000"}, &out, &errOut, true, defaultTiming)
	require.Equal(t, 0, code)
	assert.Contains(t, errOut.String(), "\r0.354: 40000 values, ")
	assert.Contains(t, out.String(), "code 0.354: 40000 values")
}

func TestInterrupt(t *testing.T) {
	path := filepath.Join(t.TempDir(), "ck")
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	var out, errOut bytes.Buffer
	code := run(ctx, []string{"-code", "0.6", "-checkpoint", path}, &out, &errOut, false, defaultTiming)
	assert.Equal(t, 1, code)
	assert.Contains(t, errOut.String(), "resume with -resume "+path)
	_, err := os.Stat(path)
	require.NoError(t, err)
}

// TestTimeout checks that -timeout stops a run that cannot end in time (10^8 values of 0.6 take
// minutes) with exit status 3, the report of what is done, the checkpoint and how to resume.
// It asserts what the program says, not how long it takes.
func TestTimeout(t *testing.T) {
	path := filepath.Join(t.TempDir(), "ck")
	code, out, errOut := runOctal(t, "-code", "0.6", "-n", "100000000", "-timeout", "100ms", "-checkpoint", path)
	assert.Equal(t, 3, code)
	assert.Regexp(t, `^octal: stopped after 100ms \(-timeout\) at \d+ values; resume with -resume `+regexp.QuoteMeta(path)+"\n$", errOut)
	assert.Contains(t, out, "code 0.6: ")
	assert.Contains(t, out, "no period proven")
	_, err := os.Stat(path)
	require.NoError(t, err, "the checkpoint is written when -timeout runs out")

	// Without -checkpoint the message says how to keep the work.
	code, _, errOut = runOctal(t, "-code", "0.6", "-n", "100000000", "-timeout", "100ms", "-json")
	assert.Equal(t, 3, code)
	assert.Contains(t, errOut, "(-timeout)")
	assert.Contains(t, errOut, "raise -timeout, or add -checkpoint FILE")

	// A run that ends within its -timeout is not affected.
	code, out, errOut = runOctal(t, "-code", "0.77", "-timeout", "1h")
	assert.Equal(t, 0, code)
	assert.Contains(t, out, "proven preperiod 71, period 12")
	assert.Empty(t, errOut)
}

// TestProgressInLog checks the progress lines written when standard error is not a terminal,
// with an interval so short that every report of Run makes one.
func TestProgressInLog(t *testing.T) {
	fast := defaultTiming
	fast.progressEvery = time.Nanosecond
	code, out, errOut := runOctalWith(t, fast, "-code", "0.354", "-n", "40000")
	require.Equal(t, 0, code)
	assert.Contains(t, out, "code 0.354: 40000 values")
	lines := strings.Split(strings.TrimSuffix(errOut, "\n"), "\n")
	require.NotEmpty(t, lines)
	line := regexp.MustCompile(`^octal: 0\.354: \d+ values of 40000 \(\d+\.\d%\), \d+ values/s, \S+ elapsed(, about \S+ left at this rate|, no estimate of the time left yet)?$`)
	for _, l := range lines {
		assert.Regexp(t, line, l)
	}
	assert.Contains(t, lines[len(lines)-1], ": 40000 values of 40000 (100.0%), ")
	assert.NotContains(t, errOut, "\r")

	// Without -n there is no estimate.
	code, _, errOut = runOctalWith(t, fast, "-code", "0.77")
	require.Equal(t, 0, code)
	assert.Regexp(t, `^octal: 0\.77: \d+ values, \d+ values/s, \S+ elapsed\n`, errOut)
	assert.NotContains(t, errOut, "left")

	// With the real interval a run of a few milliseconds leaves no progress line at all.
	code, _, errOut = runOctal(t, "-code", "0.354", "-n", "40000")
	require.Equal(t, 0, code)
	assert.Empty(t, errOut)
}

func TestLogLine(t *testing.T) {
	o := kayles.MustParseOctal("0.6")
	p := kayles.Progress{Values: 1000, Rate: 100, Elapsed: 10 * time.Second}
	assert.Equal(t, "octal: 0.6: 1000 values of 61000 (1.6%), 100 values/s, 10s elapsed, about 10m0s left at this rate", logLine(o, p, 61000, true))
	assert.Equal(t, "octal: 0.6: 1000 values, 100 values/s, 10s elapsed", logLine(o, p, 61000, false))
	p = kayles.Progress{Values: 5000, Rate: 1, Elapsed: 2 * time.Hour}
	assert.Equal(t, "octal: 0.6: 5000 values of 1000000 (0.5%), 1 values/s, 2h0m0s elapsed, about 276h23m0s left at this rate", logLine(o, p, 1000000, true))
	p.Rate = 0
	assert.Contains(t, logLine(o, p, 1000000, true), ", no estimate of the time left yet")
}

func atoi(t *testing.T, s string) int {
	t.Helper()
	v, err := strconv.Atoi(s)
	require.NoError(t, err)
	return v
}

// TestPrintExactly checks that -print writes exactly -n values however far the proof reaches,
// the values past it from the period (Kayles, proven from 256 values), a closed form (Nim,
// Lasker's Nim) or the engine (0.6, no period), byte-identical to Values.
func TestPrintExactly(t *testing.T) {
	for _, c := range []struct {
		code string
		n    int
	}{{"0.77", 1_000_000}, {"0.[3]", 1_000_000}, {"4.[3]", 100_000}, {"0.6", 5000}, {"0.B", 3000}} {
		code, out, errOut := runOctal(t, "-code", c.code, "-n", strconv.Itoa(c.n), "-print")
		require.Equal(t, 0, code, errOut)
		want, err := kayles.MustParseOctal(c.code).Values(context.Background(), c.n)
		require.NoError(t, err)
		var b strings.Builder
		for _, v := range want {
			b.WriteString(strconv.Itoa(v))
			b.WriteByte('\n')
		}
		require.Equal(t, c.n, strings.Count(out, "\n"), c.code)
		assert.True(t, b.String() == out, "%s: -print differs from Values", c.code)
	}
}

// readValues reads the values of a testdata file: every number on the lines that do not start
// with "#", up to the first line that does after some values.
func readValues(t *testing.T, path string) []int {
	t.Helper()
	b, err := os.ReadFile(path)
	require.NoError(t, err)
	var vals []int
	for _, l := range strings.Split(string(b), "\n") {
		if strings.HasPrefix(l, "#") {
			if len(vals) > 0 {
				break
			}
			continue
		}
		for _, f := range strings.Fields(l) {
			vals = append(vals, atoi(t, f))
		}
	}
	return vals
}

// TestBfileOEIS checks the b-files of Kayles and Grundy's game against the published prefixes
// of OEIS A002186 and A002188 (both with offset 0, as the b-file), and the CSV form.
func TestBfileOEIS(t *testing.T) {
	for _, c := range []struct{ code, file string }{
		{"0.77", "../../testdata/kayles.txt"},
		{"4!.0", "../../testdata/grundysgame.txt"},
	} {
		want := readValues(t, c.file)
		require.Greater(t, len(want), 80)
		code, out, errOut := runOctal(t, "-code", c.code, "-n", "2000", "-bfile")
		require.Equal(t, 0, code, errOut)
		lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
		require.Len(t, lines, 2000)
		for n, v := range want {
			assert.Equal(t, strconv.Itoa(n)+" "+strconv.Itoa(v), lines[n], c.code)
		}
		code, out, _ = runOctal(t, "-code", c.code, "-n", "2000", "-csv")
		require.Equal(t, 0, code)
		rows := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
		require.Len(t, rows, 2001)
		assert.Equal(t, "n,g", rows[0])
		for n := range rows[1:] {
			assert.Equal(t, strings.Replace(lines[n], " ", ",", 1), rows[n+1])
		}
	}
	code, _, errOut := runOctal(t, "-code", "0.77", "-print", "-csv")
	assert.Equal(t, 2, code)
	assert.Contains(t, errOut, "choose one")

	// Past the seed's 84 values, A002186 is the period 12 from 71 (Guy & Smith 1956).
	k := readValues(t, "../../testdata/kayles.txt")
	code, out, errOut := runOctal(t, "-code", "0.77", "-n", "100000", "-bfile")
	require.Equal(t, 0, code, errOut)
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	require.Len(t, lines, 100000)
	for n, l := range lines {
		if l != strconv.Itoa(n)+" "+strconv.Itoa(kaylesAt(k, n)) {
			require.Failf(t, "the b-file of 0.77 differs from A002186", "line %q, want K(%d) = %d", l, n, kaylesAt(k, n))
		}
	}
}

func jsonOf(t *testing.T, args ...string) map[string]any {
	t.Helper()
	code, out, errOut := runOctal(t, append(args, "-json")...)
	require.Equal(t, 0, code, errOut)
	var m map[string]any
	require.NoError(t, json.Unmarshal([]byte(out), &m))
	return m
}

// TestCPUProfile checks that -cpuprofile writes a profile that go tool pprof reads (gzipped,
// as runtime/pprof writes it), and that a path it cannot create fails the command.
func TestCPUProfile(t *testing.T) {
	path := filepath.Join(t.TempDir(), "cpu.out")
	status, _, errOut := runOctal(t, "-code", "0.6", "-n", "20000", "-cpuprofile", path)
	require.Equal(t, exitOK, status, errOut)
	b, err := os.ReadFile(path)
	require.NoError(t, err)
	require.Greater(t, len(b), 2)
	assert.Equal(t, []byte{0x1f, 0x8b}, b[:2], "gzip")
	status, _, errOut = runOctal(t, "-code", "0.6", "-n", "100", "-cpuprofile", filepath.Join(path, "no", "such"))
	assert.Equal(t, exitFail, status)
	assert.Contains(t, errOut, "octal:")
}

// TestJSONResearchFields checks the build, the parameters, the checksum (which -print | sha256
// reproduces), the fields absent for a code outside the rare/common engine, and the apparent
// period of 0.3F (period 6, saltus 3) where none is proven.
func TestJSONResearchFields(t *testing.T) {
	m := jsonOf(t, "-code", "0.6", "-n", "3000")
	_, out, _ := runOctal(t, "-code", "0.6", "-n", "3000", "-print")
	sum := sha256.Sum256([]byte(out))
	assert.Equal(t, hex.EncodeToString(sum[:]), m["values_sha256"])
	assert.Equal(t, []any{"-code", "0.6", "-n", "3000", "-json"}, m["args"])
	params := m["params"].(map[string]any)
	assert.Equal(t, "3000", params["n"])
	assert.Equal(t, "10m0s", params["every"])
	assert.Equal(t, "github.com/octalgames/kayles", m["build"].(map[string]any)["module"])
	assert.NotEmpty(t, m["build"].(map[string]any)["version"])
	assert.Equal(t, runtime.Version(), m["build"].(map[string]any)["go"])
	assert.Equal(t, kayles.VectorScan(), m["build"].(map[string]any)["scan"])
	assert.Equal(t, true, m["sparse"])
	assert.Contains(t, m, "mask")
	assert.Contains(t, m, "rare_count")
	assert.Contains(t, m, "apparent")
	assert.Nil(t, m["apparent"], "null: the values show no period")

	m = jsonOf(t, "-code", "0.3F", "-n", "600")
	assert.Equal(t, false, m["sparse"])
	for _, k := range []string{"mask", "parity", "parity_from", "rare_count", "last_rare"} {
		assert.NotContains(t, m, k)
	}
	assert.Nil(t, m["period"])
	assert.Equal(t, map[string]any{"preperiod": 0.0, "period": 6.0, "saltus": 3.0}, m["apparent"])
	_, text, _ := runOctal(t, "-code", "0.3F", "-n", "600")
	assert.Contains(t, text, "the values show preperiod 0, period 6, saltus 3 (apparent)")
	assert.Contains(t, text, "outside the sparse-space engine")
	assert.NotContains(t, text, "mask")
}

// TestResumeSameStatistics checks that a run resumed from a checkpoint, with a smaller -n
// that computes nothing more, reports what the unbroken run did.
func TestResumeSameStatistics(t *testing.T) {
	path := filepath.Join(t.TempDir(), "ck")
	whole := jsonOf(t, "-code", "0.6", "-n", "30000", "-checkpoint", path)
	resumed := jsonOf(t, "-code", "0.6", "-n", "5000", "-resume", path)
	for _, k := range []string{"values", "mask", "parity", "parity_from", "rare_count", "last_rare", "max_value", "max_at", "values_sha256"} {
		assert.Equal(t, whole[k], resumed[k], k)
	}
	assert.NotZero(t, resumed["rare_count"])
}

// TestRareFile checks the rare heaps of Grundy's game against Flammenkamp's list, which has
// every rare heap up to 231 (his mask ...11110, so heaps 1 to 231 fall under mask&0xff = 0xfe).
func TestRareFile(t *testing.T) {
	b, err := os.ReadFile("../../testdata/grundysgame.txt")
	require.NoError(t, err)
	var want []string
	for _, f := range strings.Fields(string(b)) {
		h, v, ok := strings.Cut(f, "=")
		_, herr := strconv.Atoi(h)
		_, verr := strconv.Atoi(v)
		if ok && herr == nil && verr == nil && h != "0" {
			want = append(want, h+" "+v)
		}
	}
	require.Len(t, want, 47)
	path := filepath.Join(t.TempDir(), "rare")
	m := jsonOf(t, "-code", "4!.0", "-n", "40000", "-rare", path)
	assert.Equal(t, 0xfe, int(m["mask"].(float64))&0xff)
	got, err := os.ReadFile(path)
	require.NoError(t, err)
	lines := strings.Split(strings.TrimSpace(string(got)), "\n")
	require.True(t, strings.HasPrefix(lines[0], "# 4!.0: "))
	lines = lines[1:]
	assert.Len(t, lines, int(m["rare_count"].(float64)))
	require.Greater(t, len(lines), len(want))
	assert.Equal(t, want, lines[:len(want)])
	h, _, _ := strings.Cut(lines[len(want)], " ")
	assert.Greater(t, atoi(t, h), 231)
}

// TestExceptionsFile checks the exceptions to Kayles' period against the seed's table:
// the heaps below 71 whose value differs from the periodic continuation, the last being 70.
func TestExceptionsFile(t *testing.T) {
	k := readValues(t, "../../testdata/kayles.txt")
	var want []string
	for a := range 71 {
		c := a + (71-a+11)/12*12
		if k[a] != k[c] {
			want = append(want, strconv.Itoa(a)+" "+strconv.Itoa(k[a])+" "+strconv.Itoa(k[c]))
		}
	}
	path := filepath.Join(t.TempDir(), "exc")
	code, _, _ := runOctal(t, "-code", "0.77", "-exceptions", path)
	require.Equal(t, 0, code)
	got, err := os.ReadFile(path)
	require.NoError(t, err)
	lines := strings.Split(strings.TrimSpace(string(got)), "\n")
	assert.Equal(t, "# 0.77: preperiod 71, period 12; heaps below 71 whose value differs from the period's", lines[0])
	assert.Equal(t, want, lines[1:])
	assert.True(t, strings.HasPrefix(lines[len(lines)-1], "70 "))
}

// TestHistogramFile checks that the histograms count every heap below each power of two, and
// the counts of Kayles' first 16 values.
func TestHistogramFile(t *testing.T) {
	path := filepath.Join(t.TempDir(), "hist")
	code, _, _ := runOctal(t, "-code", "0.77", "-n", "100", "-histogram", path)
	require.Equal(t, 0, code)
	got, err := os.ReadFile(path)
	require.NoError(t, err)
	total := map[int]int{}
	at16 := map[int]int{}
	for _, l := range strings.Split(strings.TrimSpace(string(got)), "\n") {
		f := strings.Fields(l)
		require.Len(t, f, 3)
		n, v, c := atoi(t, f[0]), atoi(t, f[1]), atoi(t, f[2])
		total[n] += c
		if n == 16 {
			at16[v] = c
		}
	}
	assert.Equal(t, map[int]int{1: 1, 2: 2, 4: 4, 8: 8, 16: 16, 32: 32, 64: 64, 100: 100}, total)
	k := readValues(t, "../../testdata/kayles.txt")
	want := map[int]int{}
	for _, v := range k[:16] {
		want[v]++
	}
	assert.Equal(t, want, at16)
}

// TestDefaultNWarning checks that a run left at the default -n warns once when its rate says
// it would take long, and that one with -n given does not.
func TestDefaultNWarning(t *testing.T) {
	tm := timing{progressEvery: time.Hour, warnAfter: time.Millisecond, warnLonger: time.Minute}
	code, _, errOut := runOctalWith(t, tm, "-code", "0.8", "-timeout", "300ms")
	assert.Equal(t, 3, code)
	assert.Equal(t, 1, strings.Count(errOut, "warning:"), errOut)
	assert.Contains(t, errOut, "octal: warning: 0.8: no period proven within ")
	code, _, errOut = runOctalWith(t, tm, "-code", "0.8", "-n", "100000000", "-timeout", "300ms")
	assert.Equal(t, 3, code)
	assert.NotContains(t, errOut, "warning")
}

// lineCounter counts the lines written to it and keeps the last one.
type lineCounter struct {
	lines     int
	last, cur []byte
}

func (c *lineCounter) Write(p []byte) (int, error) {
	for _, b := range p {
		if b == '\n' {
			c.lines++
			c.last, c.cur = append(c.last[:0], c.cur...), c.cur[:0]
		} else {
			c.cur = append(c.cur, b)
		}
	}
	return len(p), nil
}

// TestPrintLong (-long) checks that -print writes exactly -n lines for Kayles to 10^8 (the
// last from the period of Guy & Smith), 0.16 to 2·10^6 (past its proof at 510,688 values,
// Gangolli & Plambeck), and that -rare lists Officers' 1,583 rare heaps to 2^20, the last at
// 20,627 (Flammenkamp; shared/REFERENCES.md).
func TestPrintLong(t *testing.T) {
	if !*long {
		t.Skip("a minute or two; run with -long")
	}
	k := readValues(t, "../../testdata/kayles.txt")
	for _, c := range []struct {
		code, last string
		n          int
	}{{"0.77", strconv.Itoa(kaylesAt(k, 1e8-1)), 1e8}, {"0.16", "", 2e6}} {
		var out lineCounter
		var errOut bytes.Buffer
		code := run(context.Background(), []string{"-code", c.code, "-n", strconv.Itoa(c.n), "-print"}, &out, &errOut, false, defaultTiming)
		require.Equal(t, 0, code, errOut.String())
		assert.Equal(t, c.n, out.lines, c.code)
		assert.Empty(t, out.cur, "%s: the last line ends in a newline", c.code)
		if c.last != "" {
			assert.Equal(t, c.last, string(out.last), c.code)
		}
		assert.Contains(t, errOut.String(), "proven", c.code)
	}
	path := filepath.Join(t.TempDir(), "rare")
	code, _, errOut := runOctal(t, "-code", "0.6", "-n", "1048576", "-rare", path)
	require.Equal(t, 0, code, errOut)
	b, err := os.ReadFile(path)
	require.NoError(t, err)
	lines := strings.Split(strings.TrimSpace(string(b)), "\n")
	require.True(t, strings.HasPrefix(lines[0], "# 0.6: "))
	assert.Len(t, lines[1:], 1583)
	last, _, _ := strings.Cut(lines[len(lines)-1], " ")
	assert.Equal(t, "20627", last)
}

// TestCheckpointUnwritable checks that a -checkpoint in a folder that cannot be written is
// refused before the run (Run checks it first), with the library's error alone, not found at
// the first checkpoint.
func TestCheckpointUnwritable(t *testing.T) {
	file := filepath.Join(t.TempDir(), "file")
	require.NoError(t, os.WriteFile(file, nil, 0o644))
	for _, path := range []string{"/nonexistent/dir/x.ck", filepath.Join(file, "x.ck"), filepath.Dir(file)} {
		code, out, errOut := runOctal(t, "-code", "0.77", "-checkpoint", path)
		assert.Equal(t, 1, code, path)
		assert.Empty(t, out, "no report of a run that did not start: %s", path)
		assert.True(t, strings.HasPrefix(errOut, "octal: kayles: checkpoint "+strconv.Quote(path)+": "), "%q", errOut)
		assert.Equal(t, 1, strings.Count(errOut, "\n"), "%q", errOut)
	}
}

// TestFlagNeedsFlag checks that a flag that only qualifies another is refused without it, with
// a message that names both and the usage, rather than ignored or left to the library.
func TestFlagNeedsFlag(t *testing.T) {
	ck := filepath.Join(t.TempDir(), "ck")
	for _, c := range []struct {
		args []string
		msg  string
	}{
		{[]string{"-code", "0.77", "-spill"}, "octal: -spill needs -checkpoint"},
		{[]string{"-code", "0.77", "-spill", "-n", "2000000000"}, "octal: -spill needs -checkpoint"},
		{[]string{"-code", "0.77", "-n", "2000000000"}, "octal: -n above 2^30 (1073741824) needs -spill, with -checkpoint"},
		{[]string{"-code", "0.77", "-spill", "-checkpoint", ck, "-resume", ck + ".other"}, "octal: a -spill run resumes from its own file: -resume must be the -checkpoint file"},
		{[]string{"-code", "0.77", "-every", "1m"}, "octal: -every is how often the checkpoint is written: give it with -checkpoint"},
		{[]string{"-code", "0.77", "-columns", "12"}, "octal: -columns is the row length of -periodic: give it with -periodic"},
		{[]string{"-code", "0.77", "-columns", "0"}, "octal: -columns is the row length of -periodic: give it with -periodic"},
		{[]string{"-code", "0.77", "-budget", "1s"}, "octal: -budget applies to -classify only"},
		{[]string{"-code", "0.77", "-j", "2"}, "octal: -j is the number of codes -classify computes at once: give it with -classify"},
		{[]string{"-classify", "-spill", "-checkpoint", ck}, "octal: -classify takes only -n, -j, -budget and -timeout"},
	} {
		code, out, errOut := runOctal(t, c.args...)
		assert.Equal(t, 2, code, "%q", c.args)
		assert.Empty(t, out, "%q", c.args)
		assert.True(t, strings.HasPrefix(errOut, c.msg), "%q: %q", c.args, errOut)
		assert.Contains(t, errOut, "usage: octal", "%q", c.args)
	}
	_, err := os.Stat(ck)
	assert.ErrorIs(t, err, os.ErrNotExist, "a refused run writes no checkpoint")

	// A spilled run may resume from its own file.
	code, _, errOut := runOctal(t, "-code", "0.354", "-n", "3000", "-spill", "-checkpoint", ck)
	require.Equal(t, 0, code, errOut)
	code, _, errOut = runOctal(t, "-code", "0.354", "-n", "4000", "-spill", "-checkpoint", ck, "-resume", ck)
	assert.Equal(t, 0, code, errOut)
}

// TestJSONPrintedChecksum checks that with -print (or -bfile, -csv) the report gives the count
// and the SHA-256 of exactly what went to standard output, which past a proven period is more
// than the values computed, while values_sha256 still covers the values computed.
func TestJSONPrintedChecksum(t *testing.T) {
	// With -print of exactly the values computed, values_sha256 is the printed stream's,
	// computed once: the same as without -print.
	_, _, errOut := runOctal(t, "-code", "0.6", "-n", "30000", "-print", "-json")
	var printed map[string]any
	require.NoError(t, json.Unmarshal([]byte(errOut), &printed))
	assert.Equal(t, jsonOf(t, "-code", "0.6", "-n", "30000")["values_sha256"], printed["values_sha256"])
	assert.Equal(t, printed["printed_sha256"], printed["values_sha256"])
	for _, format := range []string{"-print", "-bfile", "-csv"} {
		code, out, errOut := runOctal(t, "-code", "0.77", "-n", "1000", format, "-json")
		require.Equal(t, 0, code, errOut)
		var m map[string]any
		require.NoError(t, json.Unmarshal([]byte(errOut), &m))
		sum := sha256.Sum256([]byte(out))
		assert.Equal(t, hex.EncodeToString(sum[:]), m["printed_sha256"], format)
		assert.Equal(t, 1000.0, m["printed_values"], format)
		values := int(m["values"].(float64))
		require.Less(t, values, 1000, "the period is proven before 1000 values")
		_, computed, _ := runOctal(t, "-code", "0.77", "-n", strconv.Itoa(values), "-print")
		sum = sha256.Sum256([]byte(computed))
		assert.Equal(t, hex.EncodeToString(sum[:]), m["values_sha256"], format)
	}
	m := jsonOf(t, "-code", "0.77", "-n", "1000")
	assert.NotContains(t, m, "printed_values")
	assert.NotContains(t, m, "printed_sha256")
}

// TestReportText checks that the text report says only what is true: a count of one is
// singular, a split with no rare heap names no last one, and a closed form (Nim, 0.[3], proven
// after one value) or an arithmetic period says the values grow, not that the largest is 0.
func TestReportText(t *testing.T) {
	code0, out0, _ := runOctal(t, "-code", "4!.0", "-n", "3000")
	require.Equal(t, 0, code0)
	assert.Regexp(t, `a value first seen at heap (\d+): a period of saltus 0, if any, has preperiod \+ period > (\d+)\n`, out0)
	_, out0, _ = runOctal(t, "-code", "0.3F", "-n", "2000")
	assert.Contains(t, out0, "saltus 3 (apparent)")
	assert.NotContains(t, out0, "first seen", "the values of an arithmetic period keep growing")
	assert.Equal(t, 28.0, jsonOf(t, "-code", "0.77", "-n", "500")["last_new"], "K(28) = 5 is the last value seen first")

	code, out, _ := runOctal(t, "-code", "0.77", "-n", "1")
	require.Equal(t, 0, code)
	assert.Contains(t, out, "code 0.77: 1 value in ")
	assert.Contains(t, out, "no rare heaps\n")
	assert.NotContains(t, out, "the last at")

	code, out, _ = runOctal(t, "-code", "0.[3]", "-n", "100000")
	require.Equal(t, 0, code)
	assert.Contains(t, out, "proven preperiod 0, period 1, saltus 1")
	assert.Contains(t, out, "the values grow without bound, by 1 every 1 heap from heap 0; the largest of the 1 value computed is 0, first at heap 0\n")
	assert.NotContains(t, out, "largest value")

	code, out, _ = runOctal(t, "-code", "0.77")
	require.Equal(t, 0, code)
	assert.Contains(t, out, ": 9 rare heaps, the last at 70\n")
	assert.Contains(t, out, "largest value 8, first at heap 27\n")
}

// TestHelpAgrees checks the help text: the synopsis names every flag of a run, and -n and
// -spill state the same limits.
func TestHelpAgrees(t *testing.T) {
	code, _, errOut := runOctal(t, "-h")
	require.Equal(t, 0, code)
	synopsis, _, _ := strings.Cut(errOut, "exit status")
	for _, f := range []string{"-code", "-n", "-print", "-bfile", "-csv", "-json", "-timeout", "-checkpoint", "-every", "-spill", "-resume",
		"-rare", "-exceptions", "-histogram", "-plot", "-periodic", "-columns", "-classify", "-j", "-budget"} {
		assert.Regexp(t, regexp.QuoteMeta(f)+"[^a-z]", synopsis, f)
	}
	assert.Contains(t, errOut, "(at most 2^30, or 2^40 with -spill)")
	assert.Contains(t, errOut, "-n up to 2^40")
	assert.Contains(t, errOut, "go doc ./examples/octal")
	assert.NotContains(t, errOut, "see the package doc")
}

// TestPlotName checks that -plot refuses a name that ends in none of its formats, rather than
// writing SVG under it.
func TestPlotName(t *testing.T) {
	path := filepath.Join(t.TempDir(), "x.bmp")
	code, out, errOut := runOctal(t, "-code", "0.77", "-plot", path)
	assert.Equal(t, 2, code)
	assert.Empty(t, out)
	assert.Contains(t, errOut, "octal: -plot \""+path+"\": a figure is written as SVG, PDF, PNG, EPS or TeX (PGF): the file name must end in .svg, .pdf, .png, .eps or .tex")
	assert.Contains(t, errOut, "usage: octal")
	_, err := os.Stat(path)
	assert.ErrorIs(t, err, os.ErrNotExist)
}

// TestTimeoutBigRun checks that -timeout ends a long run by its deadline, with the checkpoint
// written and resumable, also when the run resumes tens of millions of values whose
// checkpoint, report, checksum and files take seconds to write: the run stops early enough for
// them. The margin, 3 s past the deadline, is for a loaded machine; before the run kept that
// margin, the second run below ended 6 to 10 s past it.
func TestTimeoutBigRun(t *testing.T) {
	if testing.Short() {
		t.Skip("about 30 s")
	}
	if raceEnabled {
		t.Skip("the race detector slows the outputs past the costs -timeout reserves for them (deadline.go)")
	}
	dir := t.TempDir()
	ck := filepath.Join(dir, "1777.ck")
	atValues := regexp.MustCompile(`at (\d+) values`)
	timed := func(timeout time.Duration, args ...string) (int, string, string) {
		t.Helper()
		args = append([]string{"-code", "0.1777", "-n", "536870912", "-timeout", timeout.String()}, args...)
		start := time.Now()
		code, out, errOut := runOctal(t, args...)
		took := time.Since(start)
		require.Equal(t, exitLimit, code, errOut)
		assert.Less(t, took, timeout+3*time.Second, "the run ends within 3 s of its -timeout")
		return code, out, errOut
	}
	_, _, errOut := timed(10*time.Second, "-checkpoint", ck)
	m := atValues.FindStringSubmatch(errOut)
	require.NotNil(t, m, errOut)
	first, _ := strconv.Atoi(m[1])
	require.Greater(t, first, 1<<22, "a run of 10 s computes millions of values")

	// The outputs below read each value in at most about 800 ns (deadline.go's outputCost, plus
	// the checksum of -json): a deadline of 10 s plus 1 µs a value resumed leaves the run time
	// to compute on, however many values the first run reached on this machine.
	_, out, _ := timed(10*time.Second+time.Duration(first)*time.Microsecond, "-resume", ck, "-checkpoint", ck, "-json",
		"-histogram", filepath.Join(dir, "hist.txt"), "-rare", filepath.Join(dir, "rare.txt"),
		"-plot", filepath.Join(dir, "plot.png"), "-periodic", filepath.Join(dir, "table.txt"), "-columns", "64")
	var stopped jsonReport
	require.NoError(t, json.Unmarshal([]byte(out), &stopped))
	t.Logf("%d values resumed, %d when the second run stopped", first, stopped.Values)

	// The checkpoint holds the values of the report: a run to that many resumes and computes none.
	code, out, errOut := runOctal(t, "-code", "0.1777", "-n", strconv.Itoa(max(stopped.Values, first)), "-resume", ck, "-json")
	require.Equal(t, exitOK, code, errOut)
	var resumed jsonReport
	require.NoError(t, json.Unmarshal([]byte(out), &resumed))
	assert.Equal(t, max(stopped.Values, first), resumed.Values)
	if stopped.Values > 0 {
		assert.Equal(t, stopped.ValuesSHA256, resumed.ValuesSHA256, "the checksum read during the run is that of the values")
	}
}

// TestLineWriter checks the lines of int, pair and int3 against strconv, values below and above
// the table of lines, over many flushes of the buffer.
func TestLineWriter(t *testing.T) {
	var got, want bytes.Buffer
	lw := newLineWriter(&got)
	for i := range 200_000 {
		v := i % 1500
		if i%7 == 0 {
			v = i * 977
		}
		switch i % 3 {
		case 0:
			lw.int(v)
			fmt.Fprintf(&want, "%d\n", v)
		case 1:
			lw.pair(i*1_000_003, v, ',')
			fmt.Fprintf(&want, "%d,%d\n", i*1_000_003, v)
		default:
			lw.int3(i*1_000_000_007, i, v)
			fmt.Fprintf(&want, "%d %d %d\n", i*1_000_000_007, i, v)
		}
	}
	require.NoError(t, lw.flush())
	require.Equal(t, want.String(), got.String())
}
