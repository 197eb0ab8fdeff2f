package contract

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"strconv"
	"strings"
)

// This file implements VarReads: where a package's own code reads package-level variables
// that a program may reassign, which the package documents that it does not depend on.

// VarReads returns the positions ("file.go:line name") at which the non-test Go files in dir
// read one of the package-level variables names: as qualifier.Name when qualifier is not
// empty (another package's variables), else as Name, not counting the variables' own
// declarations. A read found here makes a package's behaviour depend on what a program
// assigns to the variable, so tests that state it does not can check it without assigning.
func VarReads(dir, qualifier string, names []string) ([]string, error) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil, err
	}
	want := map[string]bool{}
	for _, n := range names {
		want[n] = true
	}
	var reads []string
	fset := token.NewFileSet()
	for _, e := range entries {
		name := e.Name()
		if e.IsDir() || !strings.HasSuffix(name, ".go") || strings.HasSuffix(name, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, filepath.Join(dir, name), nil, parser.SkipObjectResolution)
		if err != nil {
			return nil, err
		}
		// Names that are not reads of a variable: the declarations, and the fields and methods
		// after a dot.
		skip := map[*ast.Ident]bool{}
		ast.Inspect(f, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.ValueSpec:
				for _, id := range n.Names {
					skip[id] = true
				}
			case *ast.SelectorExpr:
				skip[n.Sel] = true
				if x, ok := n.X.(*ast.Ident); ok && qualifier != "" && x.Name == qualifier && want[n.Sel.Name] {
					reads = append(reads, name+":"+strconv.Itoa(fset.Position(n.Pos()).Line)+" "+qualifier+"."+n.Sel.Name)
				}
			}
			return true
		})
		if qualifier != "" {
			continue
		}
		ast.Inspect(f, func(n ast.Node) bool {
			if id, ok := n.(*ast.Ident); ok && want[id.Name] && !skip[id] {
				reads = append(reads, name+":"+strconv.Itoa(fset.Position(id.Pos()).Line)+" "+id.Name)
			}
			return true
		})
	}
	return reads, nil
}
