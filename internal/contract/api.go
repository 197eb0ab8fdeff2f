package contract

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// This file implements API and CheckAPI: the exported calls that take a context, read from
// the source of a package.

// API returns the exported calls of the package in dir that take a context.Context, read
// from its non-test Go files: functions as "Name", methods of exported types as
// "Type.Method", and methods of exported interfaces as "Interface.Method"; sorted. It also
// returns those whose context is not their first parameter.
func API(dir string) (calls, ctxNotFirst []string, err error) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil, nil, err
	}
	fset := token.NewFileSet()
	seen := map[string]bool{}
	add := func(name string, params *ast.FieldList) {
		at := ctxParam(params)
		if at < 0 || seen[name] {
			return
		}
		seen[name] = true
		calls = append(calls, name)
		if at > 0 {
			ctxNotFirst = append(ctxNotFirst, name)
		}
	}
	for _, e := range entries {
		name := e.Name()
		if e.IsDir() || !strings.HasSuffix(name, ".go") || strings.HasSuffix(name, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, filepath.Join(dir, name), nil, parser.SkipObjectResolution)
		if err != nil {
			return nil, nil, err
		}
		for _, d := range f.Decls {
			switch d := d.(type) {
			case *ast.FuncDecl:
				if !d.Name.IsExported() {
					continue
				}
				if d.Recv == nil {
					add(d.Name.Name, d.Type.Params)
				} else if recv := recvName(d.Recv.List[0].Type); ast.IsExported(recv) {
					add(recv+"."+d.Name.Name, d.Type.Params)
				}
			case *ast.GenDecl:
				for _, s := range d.Specs {
					ts, ok := s.(*ast.TypeSpec)
					if !ok || !ts.Name.IsExported() {
						continue
					}
					it, ok := ts.Type.(*ast.InterfaceType)
					if !ok {
						continue
					}
					for _, m := range it.Methods.List {
						ft, ok := m.Type.(*ast.FuncType)
						if !ok {
							continue // an embedded interface, listed under its own name
						}
						for _, n := range m.Names {
							if n.IsExported() {
								add(ts.Name.Name+"."+n.Name, ft.Params)
							}
						}
					}
				}
			}
		}
	}
	slices.Sort(calls)
	slices.Sort(ctxNotFirst)
	return calls, ctxNotFirst, nil
}

// ctxParam returns the index of the first parameter of type context.Context, or -1.
func ctxParam(params *ast.FieldList) int {
	i := 0
	for _, f := range params.List {
		if sel, ok := f.Type.(*ast.SelectorExpr); ok && sel.Sel.Name == "Context" {
			if x, ok := sel.X.(*ast.Ident); ok && x.Name == "context" {
				return i
			}
		}
		i += max(1, len(f.Names))
	}
	return -1
}

// recvName returns the name of a receiver's type: T for T, *T, T[K] and *T[K].
func recvName(e ast.Expr) string {
	for {
		switch x := e.(type) {
		case *ast.StarExpr:
			e = x.X
		case *ast.IndexExpr:
			e = x.X
		case *ast.IndexListExpr:
			e = x.X
		case *ast.Ident:
			return x.Name
		default:
			return ""
		}
	}
}

// CheckAPI fails t when an exported call of the package in dir takes a context anywhere but
// first, when one has no row in rows (add a call, add a row), or when a row names a call
// that the package does not have (a call renamed or gone).
func CheckAPI(t *testing.T, dir string, rows []Row) {
	t.Helper()
	calls, notFirst, err := API(dir)
	if err != nil {
		t.Fatal(err)
	}
	if len(calls) == 0 {
		t.Fatalf("no exported call of %s takes a context: the check reads nothing", dir)
	}
	for _, c := range notFirst {
		t.Errorf("%s takes a context.Context, but not first", c)
	}
	have := map[string]int{}
	for _, r := range rows {
		have[r.Call]++
	}
	for _, c := range calls {
		if have[c] == 0 {
			t.Errorf("%s takes a context.Context but has no row in the contract suite: add rows for it", c)
		}
		delete(have, c)
	}
	for c := range have {
		t.Errorf("the contract suite has rows for %s, which is not an exported call that takes a context", c)
	}
}

// CheckNamed fails t for each key of named, a table of settings by row name, that names no
// row of rows (a row renamed or gone).
func CheckNamed[V any](t *testing.T, rows []Row, named map[string]V, what string) {
	t.Helper()
	names := map[string]bool{}
	for _, r := range rows {
		names[r.Name()] = true
	}
	for name := range named {
		if !names[name] {
			t.Errorf("%s names no row: %s", what, name)
		}
	}
}
