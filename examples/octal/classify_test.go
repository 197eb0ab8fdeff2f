package main

import (
	"bytes"
	"context"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/octalgames/kayles"
)

var (
	classifyTable  = flag.String("classify.table", "", "with -long, a table written by -classify -n 1048576 -budget B to check against the reference, instead of running the classification")
	classifyBudget = flag.Duration("classify.budget", 8*time.Second, "with -long, the -budget of the classification that TestClassifyProvesReference runs (8s: at most 10 minutes on two cores)")
)

// classRow is one line of a -classify table.
type classRow struct {
	code, status, n0, p string
	values              int
}

// readClassTable reads a -classify table from its text: the arguments of its source line and
// its rows, in the order of shortCodes.
func readClassTable(t *testing.T, text string) (args string, rows []classRow) {
	t.Helper()
	lines := strings.Split(strings.TrimSpace(text), "\n")
	require.True(t, strings.HasPrefix(lines[0], "# source: go run ./examples/octal -classify "), lines[0])
	args, _, _ = strings.Cut(strings.TrimPrefix(lines[0], "# source: go run ./examples/octal "), " (")
	for _, l := range lines[1:] {
		if strings.HasPrefix(l, "#") {
			continue
		}
		f := strings.Fields(l)
		require.Len(t, f, 7, l)
		rows = append(rows, classRow{code: f[0], status: f[1], n0: f[2], p: f[3], values: atoi(t, f[4])})
	}
	require.Len(t, rows, 1024)
	for i, c := range shortCodes() {
		require.Equal(t, c, rows[i].code)
	}
	return args, rows
}

// compareClassTables checks a classification, got, against a reference run to the same -n:
// every period the reference proves, got proves, the same; got proves nothing the reference
// refutes (a code it took to -n values without a period). It returns the codes that got left
// open, and those the reference left open (for them the reference says nothing).
func compareClassTables(t *testing.T, ref, got []classRow) (gotOpen, refOpen []classRow) {
	t.Helper()
	for i, r := range ref {
		g := got[i]
		switch r.status {
		case "periodic":
			assert.Equal(t, r, classRow{code: g.code, status: g.status, n0: g.n0, p: g.p, values: r.values},
				"%s: the reference proves preperiod %s, period %s at %d values", r.code, r.n0, r.p, r.values)
		case "none":
			assert.NotEqual(t, "periodic", g.status, "%s: the reference finds no period in %d values", r.code, r.values)
		case "open":
			refOpen = append(refOpen, r)
		}
		if g.status == "open" {
			gotOpen = append(gotOpen, g)
		}
	}
	return gotOpen, refOpen
}

// TestClassifyReference checks the committed reference of -classify to 2^20 values: its
// shape, and that each code proven periodic by the table to 65,536 values has the same
// preperiod and period there (more values cannot change the least period once proven).
func TestClassifyReference(t *testing.T) {
	b, err := os.ReadFile("../../testdata/classify_1m.txt")
	require.NoError(t, err)
	args, ref := readClassTable(t, string(b))
	assert.True(t, strings.HasPrefix(args, "-classify -n 1048576"), args)
	b, err = os.ReadFile("../../testdata/classify.txt")
	require.NoError(t, err)
	_, small := readClassTable(t, string(b))
	proven := 0
	for i, s := range small {
		if s.status == "periodic" {
			proven++
			assert.Equal(t, s.n0+" "+s.p, ref[i].n0+" "+ref[i].p, s.code)
			assert.Equal(t, "periodic", ref[i].status, s.code)
		}
	}
	assert.Greater(t, proven, 600)
}

// fourDigitSource is the source line of testdata/classify4.txt, the table of the family
// 0.%o%o%o%o to 65,536 values, as -merge wrote it.
const fourDigitSource = "# source: go run ./examples/octal -classify -n 65536 -codes '0.%o%o%o%o' (the rare/common engine of github.com/octalgames/kayles; periods proven by the periodicity theorem)"

// fourDigitCodes names the codes of 0.%o%o%o%o without the tool's patterns: 0.abcd for every
// four octal digits, the leftmost varying slowest, trailing zeros dropped (a code that ends in
// 0 is the shorter code) and 0.0 for 0.0000.
func fourDigitCodes() []string {
	codes := make([]string, 0, 4096)
	for i := range 4096 {
		d := strings.TrimRight(fmt.Sprintf("%04o", i), "0")
		if d == "" {
			d = "0"
		}
		codes = append(codes, "0."+d)
	}
	return codes
}

// TestClassifyFourDigits checks the committed table of the 4,096 codes 0.abcd to 65,536
// values (testdata/classify4.txt, merged from three shards): its source line and how it was
// made, its rows (one per code, in order) and their counts, every period in it proven again
// from naiveGrundy's values (they repeat with the period over the periodicity theorem's range,
// from the preperiod on and not from one heap earlier, and with no smaller period), the 512 shorter
// codes it holds against testdata/classify.txt: the same status, preperiod and period (the
// values reached may differ, by the rounds the two runs went by). The periods that need more
// than 4,096 values are proven again only with -long (158 codes; about a minute).
func TestClassifyFourDigits(t *testing.T) {
	b, err := os.ReadFile("../../testdata/classify4.txt")
	require.NoError(t, err)
	lines := strings.Split(strings.TrimSpace(string(b)), "\n")
	require.Greater(t, len(lines), 3)
	assert.Equal(t, fourDigitSource, lines[0])
	assert.Contains(t, lines[1], "-classify -n 65536 -codes '0.%o%o%o%o' -results res -shard I/3")
	assert.Contains(t, lines[1], "-merge res")

	b, err = os.ReadFile("../../testdata/classify.txt")
	require.NoError(t, err)
	_, short := readClassTable(t, string(b))
	ref := map[string]classRow{}
	for _, r := range short {
		ref[r.code] = r
	}

	codes := fourDigitCodes()
	counts := map[string]int{}
	var rows [][]string
	for _, l := range lines[1:] {
		if !strings.HasPrefix(l, "#") {
			rows = append(rows, strings.Fields(l))
		}
	}
	require.Equal(t, len(codes), len(rows), "one row a code")
	compared, proven, skipped := 0, 0, 0
	for i, f := range rows {
		require.Len(t, f, 7, "%q", f)
		require.Equal(t, codes[i], f[0])
		counts[f[1]]++
		values := atoi(t, f[4])
		assert.True(t, values > 0 && values <= 65536, "%q", f)
		if r, ok := ref[f[0]]; ok {
			compared++
			assert.Equal(t, r.status+" "+r.n0+" "+r.p, f[1]+" "+f[2]+" "+f[3], "%s: testdata/classify.txt says otherwise", f[0])
		}
		switch f[1] {
		case "periodic":
			n0, p := atoi(t, f[2]), atoi(t, f[3])
			ds := kayles.MustParseOctal(f[0]).Digits()
			n := 2*(n0+p) + len(ds) - 1
			if n > 4096 && !*long {
				skipped++
				continue
			}
			checkPeriod(t, f[0], naiveGrundy(ds, n), n0, p)
			proven++
		case "none":
			assert.Equal(t, "- -", f[2]+" "+f[3], f[0])
		}
	}
	assert.Equal(t, map[string]int{"periodic": fourDigitPeriodic, "none": fourDigitNone}, counts, "no code open")
	assert.Equal(t, 512, compared, "0.0, 0.d, 0.dd, 0.ddd")
	t.Logf("%d periods proven again by naiveGrundy, %d (needing more than 4096 values) left to -long", proven, skipped)
	assert.Greater(t, proven, 1500)
}

// The counts of testdata/classify4.txt.
const (
	fourDigitPeriodic = 1775
	fourDigitNone     = 2321
)

// checkPeriod checks that the values g, 2(n0+p)+t of them for a code of t digits, prove the
// period p from the preperiod n0 by the periodicity theorem (G(k+p) = G(k) for n0 <= k <
// 2n0+p+t), that n0 is the least preperiod (G(n0-1+p) != G(n0-1)) and p the least period (no
// p/r for a prime r repeats over a whole period from n0).
func checkPeriod(t *testing.T, code string, g []int, n0, p int) {
	t.Helper()
	n := len(g)
	for k := n0; k+p < n; k++ {
		require.Equal(t, g[k], g[k+p], "%s: G(%d) != G(%d)", code, k, k+p)
	}
	if n0 > 0 {
		assert.NotEqual(t, g[n0-1], g[n0-1+p], "%s: periodic from %d already", code, n0-1)
	}
	for r := 2; r <= p; r++ {
		if p%r != 0 || !isPrime(r) {
			continue
		}
		q, differ := p/r, false
		for k := n0; k < n0+p && !differ; k++ {
			differ = g[k] != g[k+q]
		}
		assert.True(t, differ, "%s: period %d, not %d", code, q, p)
	}
}

func isPrime(r int) bool {
	for d := 2; d*d <= r; d++ {
		if r%d == 0 {
			return false
		}
	}
	return r >= 2
}

// naiveGrundy is naiveValues with an array for the options instead of a map, and each split
// counted once (a+b = b+a), fast enough for the tens of thousands of values that the longest
// periods of testdata/classify4.txt need; TestNaiveGrundy checks it against naiveValues.
func naiveGrundy(ds []int, n int) []int {
	g := make([]int, n)
	seen := make([]int, 64) // seen[v] == h+1: v is the value of an option of heap h
	mark := func(v, h int) {
		for v >= len(seen) {
			seen = append(seen, make([]int, len(seen))...)
		}
		seen[v] = h + 1
	}
	for h := range n {
		for take, d := range ds {
			if take > h {
				break
			}
			rest := h - take
			if d&1 != 0 && take > 0 && rest == 0 {
				mark(0, h)
			}
			if d&2 != 0 && take > 0 && rest > 0 {
				mark(g[rest], h)
			}
			if d&4 != 0 {
				for a := 1; a <= rest-a; a++ {
					if v := g[a] ^ g[rest-a]; v < len(seen) {
						seen[v] = h + 1
					} else {
						mark(v, h)
					}
				}
			}
		}
		v := 0
		for v < len(seen) && seen[v] == h+1 {
			v++
		}
		g[h] = v
	}
	return g
}

// TestNaiveGrundy checks naiveGrundy against naiveValues on every 37th code of 0.%o%o%o%o.
func TestNaiveGrundy(t *testing.T) {
	for i, c := range fourDigitCodes() {
		if i%37 == 0 {
			ds := kayles.MustParseOctal(c).Digits()
			assert.Equal(t, naiveValues(ds, 300), naiveGrundy(ds, 300), c)
		}
	}
}

// TestClassifyProvesReference (-long) runs -classify -n 1048576 with -classify.budget (or
// reads the table of one from -classify.table) and checks it against the reference: every
// period that the reference run proves within 2^20 values is proven, the same. It logs the
// classification's wall time, and the codes left open with the values they reached.
func TestClassifyProvesReference(t *testing.T) {
	if !*long {
		t.Skip("about 10 minutes of two cores; run with -long")
	}
	b, err := os.ReadFile("../../testdata/classify_1m.txt")
	require.NoError(t, err)
	_, ref := readClassTable(t, string(b))
	var text []byte
	if *classifyTable != "" {
		text, err = os.ReadFile(*classifyTable)
		require.NoError(t, err)
	} else {
		var out, errOut bytes.Buffer
		start := time.Now()
		code := run(context.Background(), []string{"-classify", "-n", "1048576", "-budget", classifyBudget.String()}, &out, &errOut, false, defaultTiming)
		require.Equal(t, 0, code, errOut.String())
		t.Logf("-classify -n 1048576 -budget %v: %v wall", *classifyBudget, time.Since(start).Round(time.Second))
		text = out.Bytes()
	}
	args, got := readClassTable(t, string(text))
	require.True(t, strings.HasPrefix(args, "-classify -n 1048576"), args)
	gotOpen, refOpen := compareClassTables(t, ref, got)
	proven := 0
	for _, g := range got {
		if g.status == "periodic" {
			proven++
		}
	}
	t.Logf("%s: %d codes proven periodic, %d open; the reference leaves %d open", args, proven, len(gotOpen), len(refOpen))
	for _, g := range gotOpen {
		t.Logf("open: %s at %d values", g.code, g.values)
	}
}

// TestClassifyTimeout checks that -timeout, the budget of the whole classification, still
// writes the table, with the codes it stopped or never started listed as open.
func TestClassifyTimeout(t *testing.T) {
	code, out, errOut := runOctal(t, "-classify", "-n", "1000000", "-timeout", "50ms")
	assert.Equal(t, 3, code)
	assert.Regexp(t, `^octal: stopped after 50ms \(-timeout\) with \d+ of \d+ runs done; the others are listed as open`, errOut)
	// The table is written, every code stopped or never started listed as open; 0.6 cannot
	// reach a million values in 50ms.
	args, rows := readClassTable(t, out)
	assert.Equal(t, "-classify -n 1000000 -timeout 50ms", args)
	byCode := map[string]classRow{}
	for _, r := range rows {
		byCode[r.code] = r
		if r.status == "open" {
			assert.Less(t, r.values, 1000000, r.code)
		}
	}
	assert.Equal(t, "open", byCode["0.6"].status)
}

func TestShortCodes(t *testing.T) {
	codes := shortCodes()
	assert.Len(t, codes, 1024)
	for _, c := range codes {
		o, err := kayles.ParseOctal(c)
		require.NoError(t, err)
		assert.Equal(t, c, o.String())
	}
}

// TestClassifyTable checks the committed table's shape, and a sample of its periodic lines
// against naiveValues, an obviously correct engine written here: the values repeat with the
// period from the preperiod on, and not from one heap earlier.
func TestClassifyTable(t *testing.T) {
	b, err := os.ReadFile("../../testdata/classify.txt")
	require.NoError(t, err)
	lines := strings.Split(strings.TrimSpace(string(b)), "\n")
	require.True(t, strings.HasPrefix(lines[0], "# source:"))
	var rows [][]string
	for _, l := range lines {
		if !strings.HasPrefix(l, "#") {
			rows = append(rows, strings.Fields(l))
		}
	}
	require.Len(t, rows, 1024)
	checked := 0
	for i, row := range rows {
		require.Len(t, row, 7, "%q", row)
		require.Equal(t, shortCodes()[i], row[0])
		if row[1] != "periodic" || i%7 != 0 {
			continue
		}
		o := kayles.MustParseOctal(row[0])
		n0, p := atoi(t, row[2]), atoi(t, row[3])
		ds := o.Digits()
		n := 2*(n0+p) + len(ds) - 1
		if n > 1500 {
			continue
		}
		g := naiveValues(ds, n)
		for k := n0; k+p < n; k++ {
			require.Equal(t, g[k], g[k+p], "%s: G(%d) != G(%d)", row[0], k, k+p)
		}
		if n0 > 0 {
			assert.NotEqual(t, g[n0-1], g[n0-1+p], row[0])
		}
		checked++
	}
	assert.Greater(t, checked, 40)
}

// naiveValues lists every option of every heap of an octal code given by its digits.
func naiveValues(ds []int, n int) []int {
	g := make([]int, n)
	for h := range n {
		opts := map[int]bool{}
		for take, d := range ds {
			if take > h {
				break
			}
			rest := h - take
			if d&1 != 0 && take > 0 && rest == 0 {
				opts[0] = true
			}
			if d&2 != 0 && take > 0 && rest > 0 {
				opts[g[rest]] = true
			}
			if d&4 != 0 {
				for a := 1; a < rest; a++ {
					opts[g[a]^g[rest-a]] = true
				}
			}
		}
		for opts[g[h]] {
			g[h]++
		}
	}
	return g
}

// TestSameValuesKey checks that codes which share a key have the same values, by the
// independent naiveValues, and that the key does merge codes (0.456 and 0.457 differ only in
// the flag 1 of their last digit) and keeps apart codes that differ in more.
func TestSameValuesKey(t *testing.T) {
	const n = 400
	byKey := map[string][]int{}
	var keys []string
	for _, c := range shortCodes() {
		k := sameValuesKey(context.Background(), kayles.MustParseOctal(c))
		g := naiveValues(kayles.MustParseOctal(c).Digits(), n)
		if prev, ok := byKey[k]; ok {
			require.Equal(t, prev, g, "%s shares the key %q", c, k)
			continue
		}
		byKey[k] = g
		keys = append(keys, k)
	}
	assert.Less(t, len(keys), 800)
	key := func(c string) string { return sameValuesKey(context.Background(), kayles.MustParseOctal(c)) }
	assert.Equal(t, key("0.456"), key("0.457"))
	assert.NotEqual(t, key("0.6"), key("0.7"))
	assert.NotEqual(t, key("0.6"), key("0.61"), "a different last digit changes the theorem's bound")
}

// TestClassifyBudget checks that -budget lists the codes it stops as open, with the values
// they reached, and still writes the whole table.
func TestClassifyBudget(t *testing.T) {
	code, out, errOut := runOctal(t, "-classify", "-n", "200000", "-budget", "5ms")
	require.Equal(t, 0, code, errOut)
	lines := strings.Split(strings.TrimSpace(out), "\n")
	assert.Contains(t, lines[0], "-classify -n 200000 -budget 5ms")
	open := 0
	rows := 0
	for _, l := range lines[1:] {
		if strings.HasPrefix(l, "#") {
			continue
		}
		rows++
		f := strings.Fields(l)
		require.Len(t, f, 7)
		if f[1] == "open" {
			open++
			assert.Less(t, atoi(t, f[4]), 200000, l)
		}
	}
	assert.Equal(t, 1024, rows)
	assert.Positive(t, open, "0.6, 0.007 and Grundy-like codes cannot reach 200000 values in 5ms")
	code, _, errOut = runOctal(t, "-code", "0.77", "-budget", "1s")
	assert.Equal(t, 2, code)
	assert.Contains(t, errOut, "-budget applies to -classify only")
}

// TestClassLineNone checks that a run stopped by -budget is none, not open, once a value first
// seen at heap m rules out a proof within n values (2(m+1)+t > n), and open before; that a run
// not stopped is undecided ("") until then; and that a code no theorem proves is none at once.
func TestClassLineNone(t *testing.T) {
	line := func(r kayles.Report, stopped bool, n int) string {
		return classLine(r, classStatus(r, stopped, n, true, 2, 1))
	}
	r := kayles.Report{Code: "0.6", Values: 700, LastNew: 499, RareCount: 3, MaxValue: 9}
	assert.Equal(t, "0.6 open - - 700 3 9", line(r, true, 1001), "2·500+1 = 1001 values could still prove one")
	assert.Equal(t, "0.6 none - - 700 3 9", line(r, true, 1000))
	assert.Equal(t, "0.6 none - - 700 3 9", line(r, false, 700), "a run to n values without a proof")
	assert.Equal(t, "", classStatus(r, false, 1001, true, 2, 1), "undecided: the next round goes on")
	assert.Equal(t, "none", classStatus(r, false, 1001, true, 3, 1), "3·500+1 > 1001 for a code leaving three heaps")
	assert.Equal(t, "", classStatus(r, false, 1001, true, 0, 1), "no bound known: the run goes on")
	assert.Equal(t, "none", classStatus(r, false, 100000, false, 0, 0), "no theorem proves a period of a code with a modifier")
	r.Period = kayles.Period{Preperiod: 3, Period: 4, Proven: true}
	assert.Equal(t, "0.6 periodic 3 4 700 3 9", line(r, true, 1000))
}

// TestClassifyCodes classifies a list, a file and a pattern, and checks the table: its rows in
// the order given, each code once, with the source line naming the family.
func TestClassifyCodes(t *testing.T) {
	code, out, errOut := runOctal(t, "-classify", "-codes", "0.77,0.137,.77,4%M.0", "-n", "5000")
	require.Equal(t, 0, code, errOut)
	assert.Equal(t, "# source: go run ./examples/octal -classify -n 5000 -codes '0.77,0.137,.77,4%M.0' (the rare/common engine of github.com/octalgames/kayles; periods proven by the periodicity theorem)\n"+
		"# code status preperiod period values rare_count max_value\n", strings.Join(strings.SplitAfter(out, "\n")[:2], ""))
	rows := strings.Split(strings.TrimSpace(out), "\n")[2:]
	require.Len(t, rows, 5)
	var codes []string
	for _, r := range rows {
		codes = append(codes, strings.Fields(r)[0])
	}
	assert.Equal(t, []string{"0.77", "0.137", "4!.0", "4?.0", "4=.0"}, codes)
	assert.Regexp(t, `^0\.77 periodic 71 12 \d+ 9 8$`, rows[0])
	assert.Regexp(t, `^0\.137 periodic 52 34 `, rows[1])
	// No theorem proves a period of a code with a modifier: none after its first round.
	assert.Regexp(t, `^4!\.0 none - - 4096 \d+ \d+$`, rows[2])

	path := filepath.Join(t.TempDir(), "codes.txt")
	require.NoError(t, os.WriteFile(path, []byte("# two codes\n0.137\n0.77 # Kayles\n"), 0o644))
	code, out, errOut = runOctal(t, "-classify", "-codes-file", path, "-n", "5000", "-format", "markdown")
	require.Equal(t, 0, code, errOut)
	assert.Contains(t, out, "Source: `go run ./examples/octal -classify -n 5000 -codes-file "+path+"`\n")
	assert.Regexp(t, "\\| `0.137` \\| periodic \\| 52 \\| 34 \\| \\d+ \\| \\d+ \\| 9 \\|\n\\| `0.77` \\| periodic", out)
}

// TestClassifyFlags checks that the flags of a classification are refused where they mean
// nothing, with a message that says why and the usage.
func TestClassifyFlags(t *testing.T) {
	for _, c := range []struct {
		args []string
		msg  string
	}{
		{[]string{"-classify", "-shard", "0/2"}, "octal: -shard needs -results"},
		{[]string{"-classify", "-shard", "2/2", "-results", "x"}, "octal: -shard must be I/K with 0 <= I < K"},
		{[]string{"-classify", "-shard", "a/b", "-results", "x"}, "octal: -shard must be I/K"},
		{[]string{"-classify", "-codes", "0.7x"}, "octal: bad -codes"},
		{[]string{"-classify", "-codes", "0.7", "-codes-file", "f"}, "octal: -codes and -codes-file both name the codes"},
		{[]string{"-classify", "-codes-file", "/nonexistent/f"}, "octal: -codes-file: open /nonexistent/f"},
		{[]string{"-classify", "-format", "html"}, "octal: -format must be one of text, csv, markdown, latex"},
		{[]string{"-merge"}, "octal: -merge needs the results directories"},
		{[]string{"-merge", "-n", "5", "d"}, "octal: -merge takes only -format and results directories"},
		{[]string{"-merge", "-classify", "d"}, "octal: -merge joins the results of -classify runs"},
		{[]string{"-code", "0.77", "-codes", "0.6"}, "octal: -codes"},
		{[]string{"-classify", "extra"}, "octal: unexpected arguments"},
	} {
		code, out, errOut := runOctal(t, c.args...)
		assert.Equal(t, 2, code, "%q", c.args)
		assert.Empty(t, out, "%q", c.args)
		assert.True(t, strings.HasPrefix(errOut, c.msg), "%q: %q", c.args, errOut)
		assert.Contains(t, errOut, "usage: octal", "%q", c.args)
	}
}

// TestClassTableFormats checks the CSV, Markdown and LaTeX forms of two lines of a table.
func TestClassTableFormats(t *testing.T) {
	rows := []string{"0.77 periodic 71 12 272 9 8", "0.&#12;! none - - 4096 3 7"}
	var b bytes.Buffer
	require.NoError(t, writeClassTable(&b, "csv", "-classify -n 5", rows))
	assert.Equal(t, "code,status,preperiod,period,values,rare_count,max_value\n\"0.77\",periodic,71,12,272,9,8\n\"0.&#12;!\",none,,,4096,3,7\n", b.String())
	b.Reset()
	require.NoError(t, writeClassTable(&b, "markdown", "-classify -n 5", rows))
	assert.Equal(t, "Source: `go run ./examples/octal -classify -n 5`\n\n"+
		"| code | status | preperiod | period | values | rare_count | max_value |\n|:--|:--|--:|--:|--:|--:|--:|\n"+
		"| `0.77` | periodic | 71 | 12 | 272 | 9 | 8 |\n| `0.&#12;!` | none | - | - | 4096 | 3 | 7 |\n", b.String())
	b.Reset()
	require.NoError(t, writeClassTable(&b, "latex", "-classify -n 5", rows))
	assert.Equal(t, "% source: go run ./examples/octal -classify -n 5\n% needs \\usepackage{booktabs,longtable}\n"+
		"\\begin{longtable}{llrrrrr}\n\\toprule\ncode & status & $n_0$ & $p$ & values & rare & max \\\\\n\\midrule\n\\endhead\n\\bottomrule\n\\endfoot\n"+
		"\\texttt{0.77} & periodic & 71 & 12 & 272 & 9 & 8 \\\\\n\\texttt{0.\\&\\#12;!} & none & -- & -- & 4096 & 3 & 7 \\\\\n\\end{longtable}\n", b.String())
	assert.Error(t, writeClassTable(&b, "html", "", rows))
}
