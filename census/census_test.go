package census

import (
	"flag"
	"fmt"
	"go/constant"
	"go/parser"
	"go/token"
	"go/types"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"

	"golang.org/x/tools/go/packages"

	"agentinput.dev/agentinput"
	"agentinput.dev/census/ownership"
	"agentinput.dev/internal/longtest"
)

var update = flag.Bool("update", false, "rewrite the ownership table in docs/census.md from the Go table")

// root is the module root, seen from this package's directory.
const root = ".."

// allowComments pins the number of //agentinput:allow comments in this
// module (outside testdata). It may only shrink: each one is a place where
// code parses a kind without its owner.
const allowComments = 0

// knownSecondReaders are findings of the census on this module that are
// tolerated until their package is fixed, as "file: message" with the file
// relative to the module root, one entry per finding. The list may only
// shrink; an entry that no longer occurs fails the test until it is
// deleted here.
var knownSecondReaders = []string{}

// self loads the module once, with its tests, for the tests that need it.
var self = sync.OnceValues(func() ([]*packages.Package, error) { return load(root, []string{"./..."}, true) })

func loadSelf(t testing.TB) []*packages.Package {
	t.Helper()
	longtest.Skip(t, "loads and type-checks the whole module")
	pkgs, err := self()
	if err != nil {
		t.Fatal(err)
	}
	return pkgs
}

// TestCensusSelf runs the census over this module: no package but a kind's
// owner parses that kind.
func TestCensusSelf(t *testing.T) {
	pkgs := loadSelf(t)
	findings, err := analyze(pkgs)
	if err != nil {
		t.Fatal(err)
	}
	abs, err := filepath.Abs(root)
	if err != nil {
		t.Fatal(err)
	}
	known := map[string]int{} // each entry excuses one finding
	for _, k := range knownSecondReaders {
		known[k]++
	}
	for _, f := range findings {
		rel, err := filepath.Rel(abs, f.Pos.Filename)
		if err != nil {
			rel = f.Pos.Filename
		}
		key := filepath.ToSlash(rel) + ": " + f.Message
		if known[key] > 0 {
			known[key]--
			continue
		}
		t.Errorf("%s:%d:%d: %s", filepath.ToSlash(rel), f.Pos.Line, f.Pos.Column, f.Message)
	}
	for k, n := range known {
		if n > 0 {
			t.Errorf("known second reader %q occurs %d time(s) fewer than listed: delete it from knownSecondReaders", k, n)
		}
	}
	// Anti-vacuity: the census saw the owners and the code around them.
	for _, want := range []string{"agentinput.dev/agentinput", "agentinput.dev/kinds/number", "agentinput.dev/kinds/boolean", "agentinput.dev/cmd/agentinput"} {
		if !slices.ContainsFunc(pkgs, func(p *packages.Package) bool { return p.PkgPath == want }) {
			t.Errorf("the census did not check %s", want)
		}
	}
}

// TestToolScopeSelf: the default scope over this module's code (tests
// left out, as Check leaves them out) holds the packages that serve tools
// and what they call, and not a package only tests import.
func TestToolScopeSelf(t *testing.T) {
	var code []*packages.Package
	for _, p := range loadSelf(t) {
		if p.ID == p.PkgPath { // not a test variant
			code = append(code, p)
		}
	}
	scope, err := toolScope(code, []string{"./..."})
	if err != nil {
		t.Fatal(err)
	}
	in := map[string]bool{}
	for _, p := range scope {
		in[strings.TrimPrefix(p.PkgPath, "agentinput.dev/")] = true
	}
	for _, want := range []string{"cmd/agentinput", "internal/demo", "factory/mcp", "factory", "kinds/number", "agentinput"} {
		if !in[want] {
			t.Errorf("the tool scope of this module lacks %s", want)
		}
	}
	if in["internal/longtest"] {
		t.Error("the tool scope holds internal/longtest, which only tests import")
	}
	if len(scope) >= len(code) {
		t.Errorf("the tool scope holds all %d packages: it selects nothing", len(code))
	}
}

// TestOwnersExist: every package under kinds/ is the owner of a row of the
// table, and each owner that exists has the functions its row tells other
// code to call.
func TestOwnersExist(t *testing.T) {
	pkgs := loadSelf(t)
	rows := map[string]ownership.Kind{}
	for _, k := range Ownership {
		rows[k.Owners[0]] = k
	}
	checked := map[string]bool{}
	for _, p := range pkgs {
		if path.Dir(p.PkgPath) != "agentinput.dev/kinds" || strings.HasSuffix(p.PkgPath, "_test") || checked[p.PkgPath] {
			continue
		}
		checked[p.PkgPath] = true
		k, ok := rows[p.PkgPath]
		if !ok {
			t.Errorf("%s has no row in the ownership table (census/ownership.go): add its kind, its owner functions and its primitives", p.PkgPath)
			continue
		}
		for _, use := range k.Use {
			if _, ok := p.Types.Scope().Lookup(use).(*types.Func); !ok {
				t.Errorf("kind %s: the census tells other code to call %s.%s, and %s has no function %s", k.Name, p.Name, use, p.PkgPath, use)
			}
		}
	}
}

// TestPrimitivesExist: every primitive of the table names a function or
// method that exists, so that a typo cannot leave a primitive unguarded.
func TestPrimitivesExist(t *testing.T) {
	if testing.Short() {
		t.Skip("loads the guarded packages")
	}
	var paths []string
	for _, k := range Ownership {
		for _, p := range k.Primitives {
			if path := primitivePackage(p); !slices.Contains(paths, path) {
				paths = append(paths, path)
			}
		}
	}
	pkgs, err := packages.Load(&packages.Config{Mode: packages.NeedName | packages.NeedTypes, Dir: root}, paths...)
	if err != nil {
		t.Fatal(err)
	}
	exist := map[string]bool{}
	for _, p := range pkgs {
		if len(p.Errors) > 0 {
			t.Fatalf("%s: %v", p.PkgPath, p.Errors)
		}
		scope := p.Types.Scope()
		for _, name := range scope.Names() {
			switch obj := scope.Lookup(name).(type) {
			case *types.Func:
				exist[obj.FullName()] = true
			case *types.TypeName:
				if named, ok := obj.Type().(*types.Named); ok {
					for m := range named.Methods() {
						exist[m.FullName()] = true
					}
				}
			}
		}
	}
	if len(exist) < 100 {
		t.Fatalf("found only %d functions in %v: the loader is broken", len(exist), paths)
	}
	for _, k := range Ownership {
		for _, p := range k.Primitives {
			if !exist[p] {
				t.Errorf("kind %s: primitive %s does not exist (spell it as types.Func.FullName does)", k.Name, p)
			}
		}
	}
}

// primitivePackage returns the import path of a primitive's full name.
func primitivePackage(full string) string {
	if strings.HasPrefix(full, "(") {
		recv, _, _ := strings.Cut(strings.TrimPrefix(full[1:], "*"), ")")
		return recv[:strings.LastIndex(recv, ".")]
	}
	return full[:strings.LastIndex(full, ".")]
}

// TestAllowCommentsPinned: the number of allow comments may only shrink.
func TestAllowCommentsPinned(t *testing.T) {
	var found []string
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			name := d.Name()
			if p != root && (name == "testdata" || strings.HasPrefix(name, ".") || strings.HasPrefix(name, "_")) {
				return filepath.SkipDir
			}
			if _, err := os.Stat(filepath.Join(p, "go.mod")); p != root && err == nil {
				return filepath.SkipDir // another module
			}
			return nil
		}
		if !strings.HasSuffix(p, ".go") {
			return nil
		}
		f, err := parser.ParseFile(token.NewFileSet(), p, nil, parser.ParseComments|parser.SkipObjectResolution)
		if err != nil {
			return nil // a file being edited; the build reports it
		}
		for _, g := range f.Comments {
			for _, c := range g.List {
				if rest, ok := strings.CutPrefix(c.Text, ownership.AllowDirective); ok && (rest == "" || rest[0] == ' ' || rest[0] == '\t') {
					found = append(found, p)
				}
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	switch {
	case len(found) > allowComments:
		t.Errorf("%d allow comments (%v), the pin is %d: call the kind's owner instead of parsing it; the pin may only shrink",
			len(found), found, allowComments)
	case len(found) < allowComments:
		t.Errorf("%d allow comments, the pin is %d: lower allowComments to %d", len(found), allowComments, len(found))
	}
}

// TestCodesClosed complements agentinput's TestCodesDocumented, which sees
// only the agentinput package: in every package of the module, every
// constant of a code type (note, ask, warning, envelope; a declared constant, a conversion
// agentinput.NoteCode("x"), an untyped "x" passed where a code is wanted)
// is a code of the closed sets, so no package can invent a code that
// docs/codes.md does not list. Test files may make codes up (to test the
// machinery with a warning before any kind warns); they emit nothing.
func TestCodesClosed(t *testing.T) {
	pkgs := loadSelf(t)
	codes := map[string][]string{
		"NoteCode":    strs(agentinput.NoteCodes()),
		"AskCode":     strs(agentinput.AskCodes()),
		"WarningCode": strs(agentinput.WarningCodes()),

		"EnvelopeCode": strs(agentinput.EnvelopeCodes()),
	}
	seen := map[string]bool{} // file:line value, once
	checked := 0
	check := func(p *packages.Package, at token.Pos, typ types.Type, value constant.Value) {
		named, ok := typ.(*types.Named)
		if !ok || value == nil || value.Kind() != constant.String {
			return
		}
		obj := named.Obj()
		if obj.Pkg() == nil || obj.Pkg().Path() != "agentinput.dev/agentinput" || codes[obj.Name()] == nil {
			return
		}
		pos := p.Fset.Position(at)
		if strings.HasSuffix(pos.Filename, "_test.go") {
			return // a test may make up a code to test the machinery; it emits nothing
		}
		checked++
		// "" is the zero value, "no code" (p.note != ""), never emitted.
		v := constant.StringVal(value)
		if v == "" || slices.Contains(codes[obj.Name()], v) {
			return
		}
		if key := fmt.Sprintf("%s:%d %q", pos.Filename, pos.Line, v); !seen[key] {
			seen[key] = true
			t.Errorf("%s: %s %q is not in agentinput.%ss: declare it in agentinput/codes.go and docs/codes.md", pos, obj.Name(), v, obj.Name())
		}
	}
	for _, p := range pkgs {
		for expr, tv := range p.TypesInfo.Types { // conversions, literals passed as codes
			check(p, expr.Pos(), tv.Type, tv.Value)
		}
		for id, obj := range p.TypesInfo.Defs { // declared constants
			if c, ok := obj.(*types.Const); ok {
				check(p, id.Pos(), c.Type(), c.Val())
			}
		}
	}
	if checked == 0 {
		t.Error("saw no code constant in the module: the census is broken")
	}
}

func strs[C ~string](cs []C) []string {
	out := make([]string, len(cs))
	for i, c := range cs {
		out[i] = string(c)
	}
	return out
}

// The ownership table in docs/census.md sits between these markers.
const (
	tableStart = "<!-- ownership table: generated from census.Ownership; go test ./census -run TestOwnershipDocumented -update -->"
	tableEnd   = "<!-- end of ownership table -->"
)

// TestOwnershipDocumented keeps docs/census.md's table in step with
// Ownership; -update rewrites the docs from the Go table.
func TestOwnershipDocumented(t *testing.T) {
	doc := filepath.Join(root, "docs", "census.md")
	text, err := os.ReadFile(doc)
	if err != nil {
		t.Fatal(err)
	}
	before, rest, ok1 := strings.Cut(string(text), tableStart)
	current, after, ok2 := strings.Cut(rest, tableEnd)
	if !ok1 || !ok2 {
		t.Fatalf("%s has no %q … %q section", doc, tableStart, tableEnd)
	}
	want := "\n" + ownershipMarkdown(t) + "\n"
	if current == want {
		return
	}
	if *update {
		if err := os.WriteFile(doc, []byte(before+tableStart+want+tableEnd+after), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	t.Errorf("the ownership table of %s differs from census.Ownership; run go test ./census -run TestOwnershipDocumented -update\n--- docs\n%s\n--- Go\n%s", doc, current, want)
}

// ownershipMarkdown renders Ownership as a markdown table.
func ownershipMarkdown(t *testing.T) string {
	kindsOf := map[string][]string{}
	for _, k := range Ownership {
		for _, p := range k.Primitives {
			kindsOf[p] = append(kindsOf[p], k.Name)
		}
	}
	var b strings.Builder
	b.WriteString("| kind | owner package | call instead | guarded primitives |\n|---|---|---|---|\n")
	for _, k := range Ownership {
		var uses, prims []string
		for _, u := range k.Use {
			uses = append(uses, fmt.Sprintf("`%s.%s`", path.Base(k.Owners[0]), u))
		}
		for _, p := range k.Primitives {
			short, err := ownership.ShortName(p)
			if err != nil {
				t.Fatal(err)
			}
			cell := "`" + short + "`"
			if others := slices.DeleteFunc(slices.Clone(kindsOf[p]), func(n string) bool { return n == k.Name }); len(others) > 0 {
				cell += " (also " + strings.Join(others, ", ") + ")"
			}
			prims = append(prims, cell)
		}
		if len(prims) == 0 {
			prims = []string{"none"}
		}
		owners := make([]string, len(k.Owners))
		for i, o := range k.Owners {
			owners[i] = "`" + o + "`"
		}
		fmt.Fprintf(&b, "| %s | %s | %s | %s |\n", k.Name, strings.Join(owners, ", "), strings.Join(uses, ", "), strings.Join(prims, ", "))
	}
	return strings.TrimSuffix(b.String(), "\n")
}
