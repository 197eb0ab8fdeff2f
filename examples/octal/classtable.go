package main

import (
	"bufio"
	"fmt"
	"io"
	"strings"
)

// This file implements the formats of the table of -classify and -merge: text (the format of
// testdata/classify.txt), CSV, Markdown and LaTeX (booktabs).

// classFormats are the values of -format.
var classFormats = []string{"text", "csv", "markdown", "latex"}

// classHeader names the fields of a line of the table.
var classHeader = []string{"code", "status", "preperiod", "period", "values", "rare_count", "max_value"}

// writeClassTable writes the table of rows (lines "code status preperiod period values
// rare_count max_value") in format, with its source line: the arguments source of the
// octal command that made it.
func writeClassTable(w io.Writer, format, source string, rows []string) error {
	bw := bufio.NewWriter(w)
	src := "go run ./examples/octal " + source
	switch format {
	case "", "text":
		fmt.Fprintf(bw, "# source: %s (the rare/common engine of github.com/octalgames/kayles; periods proven by the periodicity theorem)\n", src)
		fmt.Fprintln(bw, "# "+strings.Join(classHeader, " "))
		for _, r := range rows {
			fmt.Fprintln(bw, r)
		}
	case "csv":
		// No comment line: CSV has none. A field is "" where the text has "-"; no field
		// needs quoting unless a code holds a comma ({2,3} is written 0.C, but &N; codes
		// and tails may), so every code is quoted.
		fmt.Fprintln(bw, strings.Join(classHeader, ","))
		for _, r := range rows {
			f := strings.Fields(r)
			f[0] = `"` + strings.ReplaceAll(f[0], `"`, `""`) + `"`
			for i := range f {
				if f[i] == "-" {
					f[i] = ""
				}
			}
			fmt.Fprintln(bw, strings.Join(f, ","))
		}
	case "markdown":
		fmt.Fprintf(bw, "Source: `%s`\n\n", src)
		fmt.Fprintln(bw, "| "+strings.Join(classHeader, " | ")+" |")
		fmt.Fprintln(bw, "|:--|:--|--:|--:|--:|--:|--:|")
		for _, r := range rows {
			f := strings.Fields(r)
			f[0] = "`" + f[0] + "`"
			fmt.Fprintln(bw, "| "+strings.Join(f, " | ")+" |")
		}
	case "latex":
		writeLaTeX(bw, src, rows)
	default:
		return fmt.Errorf("unknown -format %q: one of %s", format, strings.Join(classFormats, ", "))
	}
	return bw.Flush()
}

// writeLaTeX writes the table as a longtable with the rules of booktabs (both packages
// needed), its header repeated on each page.
func writeLaTeX(w io.Writer, src string, rows []string) {
	fmt.Fprintf(w, "%% source: %s\n%% needs \\usepackage{booktabs,longtable}\n", src)
	fmt.Fprintln(w, `\begin{longtable}{llrrrrr}`)
	fmt.Fprintln(w, `\toprule`)
	head := `code & status & $n_0$ & $p$ & values & rare & max \\`
	fmt.Fprintln(w, head)
	fmt.Fprintln(w, `\midrule`)
	fmt.Fprintln(w, `\endhead`)
	fmt.Fprintln(w, `\bottomrule`)
	fmt.Fprintln(w, `\endfoot`)
	for _, r := range rows {
		f := strings.Fields(r)
		f[0] = `\texttt{` + latexEscape(f[0]) + `}`
		for i := range f {
			if f[i] == "-" {
				f[i] = "--"
			}
		}
		fmt.Fprintln(w, strings.Join(f, " & ")+` \\`)
	}
	fmt.Fprintln(w, `\end{longtable}`)
}

// latexEscape escapes the characters of a code that LaTeX reads as commands: & # { } % and
// the others of its specials.
func latexEscape(s string) string {
	var b strings.Builder
	for _, c := range s {
		switch c {
		case '&', '#', '{', '}', '%', '$', '_':
			b.WriteString(`\` + string(c))
		case '~', '^', '\\':
			fmt.Fprintf(&b, `\char%d{}`, c)
		default:
			b.WriteRune(c)
		}
	}
	return b.String()
}
