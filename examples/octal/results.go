package main

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
)

// This file implements the results directory of -classify (-results) and -merge, which joins
// such directories into one table.
//
// A results directory holds family.txt, the classification it is for (its first line the
// arguments of the table's source line, then the family's codes, one a line, in order), and
// codes/, one file for each code decided (periodic or none), holding its line of the table.
// Each file is written whole, to a temporary file renamed into place, as soon as the code is
// known, so a run killed at any moment leaves only whole results, and a run started again
// with the same -results skips them; and checkpoints/, the values of the codes not yet
// decided that passed 2^18 (see checkpointFrom), from which a run started again resumes them.
// Shards may share one directory (on a shared file system) or keep one each.

// A resultsDir is an open results directory. Its methods are called one at a time.
type resultsDir struct {
	dir string
}

// openResults opens (or creates) the results directory dir for the classification whose
// source arguments and codes are given, and refuses one that holds another classification.
func openResults(dir, source string, codes []string) (*resultsDir, error) {
	want := familyText(source, codes)
	if err := os.MkdirAll(filepath.Join(dir, "codes"), 0o755); err != nil {
		return nil, err
	}
	path := filepath.Join(dir, "family.txt")
	have, err := os.ReadFile(path)
	switch {
	case errors.Is(err, os.ErrNotExist):
		if err := writeAtomic(path, want); err != nil {
			return nil, err
		}
	case err != nil:
		return nil, err
	case !sameFamily(have, want):
		first, _, _ := strings.Cut(string(have), "\n")
		return nil, fmt.Errorf("-results %s holds another classification (%s): give a new directory", dir, first)
	}
	return &resultsDir{dir: dir}, nil
}

// sameFamily says whether two family.txt files are of one classification: the same codes to
// the same -n. Their source lines may differ otherwise, as when each machine of a
// -codes-file classification reads the file under a path of its own; the first is kept.
func sameFamily(a, b []byte) bool {
	sa, ca, _ := bytes.Cut(a, []byte("\n"))
	sb, cb, _ := bytes.Cut(b, []byte("\n"))
	n := func(s []byte) string {
		f := strings.Fields(string(s))
		if len(f) < 3 || f[1] != "-n" {
			return ""
		}
		return f[2]
	}
	return bytes.Equal(ca, cb) && n(sa) != "" && n(sa) == n(sb)
}

// familyText returns the content of family.txt.
func familyText(source string, codes []string) []byte {
	var b bytes.Buffer
	b.WriteString(source + "\n")
	for _, c := range codes {
		b.WriteString(c + "\n")
	}
	return b.Bytes()
}

// read returns the line kept for code, or "" when there is none (or it is not a whole one).
func (r *resultsDir) read(code string) string {
	b, err := os.ReadFile(filepath.Join(r.dir, "codes", fileName(code)))
	if err != nil {
		return ""
	}
	line := strings.TrimSuffix(string(b), "\n")
	f := strings.Fields(line)
	if len(f) != 7 || f[0] != code || (f[1] != "periodic" && f[1] != "none") || strings.Contains(line, "\n") {
		return ""
	}
	return line
}

// write keeps the line of code, atomically.
func (r *resultsDir) write(code, line string) error {
	return writeAtomic(filepath.Join(r.dir, "codes", fileName(code)), []byte(line+"\n"))
}

// writeAtomic writes a file whole: to a temporary file beside it, then renamed to path, so
// that path holds either nothing or all of b, whenever the process is killed.
func writeAtomic(path string, b []byte) error {
	f, err := os.CreateTemp(filepath.Dir(path), ".tmp-*")
	if err != nil {
		return err
	}
	_, err = f.Write(b)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(f.Name(), path)
	}
	if err != nil {
		os.Remove(f.Name())
	}
	return err
}

// fileName returns the name of the file of a code: its characters 0-9, A-Z, a-z and the
// point as they are, every other byte as %XX (4!.0 is 4%21.0), so that any code gives a name
// that every file system takes.
func fileName(code string) string {
	var b strings.Builder
	for i := range len(code) {
		c := code[i]
		if c >= '0' && c <= '9' || c >= 'A' && c <= 'Z' || c >= 'a' && c <= 'z' || c == '.' && i > 0 {
			b.WriteByte(c)
		} else {
			fmt.Fprintf(&b, "%%%02X", c)
		}
	}
	return b.String()
}

// mergeResults writes the table of the classification that the results directories dirs
// share, in format, to stdout: each code's line from the first directory that has it, and the
// codes that none has as open at 0 values (exit status exitLimit). Directories of different
// classifications, or that disagree on a code's status or period, are an error.
func mergeResults(dirs []string, format string, stdout, stderr io.Writer) int {
	var family []byte
	for _, d := range dirs {
		b, err := os.ReadFile(filepath.Join(d, "family.txt"))
		if err != nil {
			fmt.Fprintf(stderr, "octal: -merge %s: not a results directory of -classify: %v\n", d, err)
			return exitFail
		}
		if family != nil && !sameFamily(b, family) {
			fmt.Fprintf(stderr, "octal: -merge: %s and %s hold different classifications\n", dirs[0], d)
			return exitFail
		}
		if family == nil {
			family = b
		}
	}
	lines := strings.Split(strings.TrimSuffix(string(family), "\n"), "\n")
	source, codes := lines[0], lines[1:]
	rows := make([]string, len(codes))
	missing := 0
	for i, c := range codes {
		for _, d := range dirs {
			l := (&resultsDir{dir: d}).read(c)
			if l == "" {
				continue
			}
			if rows[i] != "" && !sameResult(rows[i], l) {
				fmt.Fprintf(stderr, "octal: -merge: the directories disagree on %s: %q and %q\n", c, rows[i], l)
				return exitFail
			}
			if rows[i] == "" {
				rows[i] = l
			}
		}
		if rows[i] == "" {
			rows[i] = c + " open - - 0 0 0"
			missing++
		}
	}
	if err := writeClassTable(stdout, format, source, rows); err != nil {
		fmt.Fprintln(stderr, "octal:", err)
		return exitFail
	}
	if missing > 0 {
		fmt.Fprintf(stderr, "octal: -merge: %d of %d codes have no result in %s; they are listed as open\n", missing, len(codes), strings.Join(dirs, " "))
		return exitLimit
	}
	return exitOK
}

// sameResult says whether two lines of a code agree: the same status, and for a period the
// same preperiod and period (the values reached may differ, by where -budget stopped a run).
func sameResult(a, b string) bool {
	fa, fb := strings.Fields(a), strings.Fields(b)
	return fa[1] == fb[1] && fa[2] == fb[2] && fa[3] == fb[3]
}
