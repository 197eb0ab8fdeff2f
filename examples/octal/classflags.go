package main

import (
	"flag"
	"fmt"
	"os"
	"slices"
	"strconv"
	"strings"
)

// This file implements the flags of -classify and -merge, and their checks.

// classFlags are the flags of a classification, beside the command's.
type classFlags struct {
	codes, codesFile string // -codes, -codes-file
	results          string // -results
	shard            string // -shard i/k
	merge            bool   // -merge
	tableFormat      string // -format
	cl               *classifier
}

// classifyUsage is the synopsis of -classify and -merge in the usage message.
const classifyUsage = `       octal -classify [-n N] [-codes LIST | -codes-file FILE] [-results DIR [-shard I/K]]
                  [-format text|csv|markdown|latex] [-j JOBS] [-budget D] [-timeout D]
       octal -merge [-format text|csv|markdown|latex] DIR...
`

// addClassFlags binds the flags of -classify and -merge to c.
func (c *command) addClassFlags(fs *flag.FlagSet) {
	fs.StringVar(&c.codes, "codes", "", "with -classify, the codes: a comma-separated list of codes and family patterns, such as 0.77,0.137 or octal:4 or <04>.%o%O or 4%m.0 (see go doc ./examples/octal)")
	fs.StringVar(&c.codesFile, "codes-file", "", "with -classify, a file of codes and family patterns, one a line, # comments")
	fs.StringVar(&c.results, "results", "", "with -classify, a directory where each code's result is kept as soon as it is known; a run again with the same directory skips the codes it holds")
	fs.StringVar(&c.shard, "shard", "", "with -classify and -results, I/K: classify the I-th of K shares of the family (0 <= I < K), for -merge to join")
	fs.BoolVar(&c.merge, "merge", false, "join the results directories given as arguments into one table")
	fs.StringVar(&c.tableFormat, "format", "text", "the format of the table of -classify and -merge: text, csv, markdown or latex (booktabs)")
}

// checkClassify checks the flags of -classify and -merge, and sets c.cl for -classify.
func (c *command) checkClassify() string {
	allowed := []string{"classify", "n", "j", "budget", "timeout", "codes", "codes-file", "results", "shard", "format"}
	what := "-classify takes only -n, -j, -budget and -timeout, and -codes, -codes-file, -results, -shard and -format"
	if c.merge {
		allowed, what = []string{"merge", "format"}, "-merge takes only -format and results directories"
	}
	for f := range c.set {
		if !slices.Contains(allowed, f) {
			return what
		}
	}
	if !slices.Contains(classFormats, c.tableFormat) {
		return "-format must be one of " + strings.Join(classFormats, ", ")
	}
	if c.merge {
		if c.fs.NArg() == 0 {
			return "-merge needs the results directories to join"
		}
		return ""
	}
	if c.fs.NArg() > 0 {
		return "unexpected arguments: " + fmt.Sprint(c.fs.Args())
	}
	if c.budget < 0 {
		return "-budget must be a positive duration, such as 500ms, or 0 for none"
	}
	cl := &classifier{n: c.n, jobs: c.jobs, budget: c.budget, timeout: c.timeout, results: c.results, shards: 1, format: c.tableFormat}
	if c.shard != "" {
		i, k, ok := parseShard(c.shard)
		if !ok {
			return "-shard must be I/K with 0 <= I < K, such as 0/3"
		}
		if c.results == "" {
			return "-shard needs -results: -merge joins the shards' results directories"
		}
		cl.shard, cl.shards = i, k
	}
	var items []string
	switch {
	case c.codes != "" && c.codesFile != "":
		return "-codes and -codes-file both name the codes: give one"
	case c.codes != "":
		items = splitItems(c.codes)
		cl.family = " -codes " + shellQuote(c.codes)
	case c.codesFile != "":
		f, err := os.Open(c.codesFile)
		if err != nil {
			return "-codes-file: " + err.Error()
		}
		items, err = readCodesFile(f)
		f.Close()
		if err != nil {
			return "-codes-file: " + err.Error()
		}
		cl.family = " -codes-file " + shellQuote(c.codesFile)
	default:
		items = []string{"octal:0-3"}
	}
	codes, err := expandItems(items)
	if err != nil {
		return err.Error()
	}
	cl.codes = codes
	c.cl = cl
	return ""
}

// parseShard reads I/K.
func parseShard(s string) (i, k int, ok bool) {
	is, ks, found := strings.Cut(s, "/")
	i, err1 := strconv.Atoi(is)
	k, err2 := strconv.Atoi(ks)
	return i, k, found && err1 == nil && err2 == nil && k >= 1 && i >= 0 && i < k
}

// shellQuote quotes s for a POSIX shell when it holds other than letters, digits and .,:-/_+.
func shellQuote(s string) string {
	for _, r := range s {
		if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || strings.ContainsRune(".,:-/_+", r)) {
			return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
		}
	}
	return s
}
