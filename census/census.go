package census

import (
	"cmp"
	"errors"
	"fmt"
	"go/token"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/checker"
	"golang.org/x/tools/go/packages"

	"agentinput.dev/census/ownership"
)

// Analyzer reports every use of a guarded parsing primitive outside the
// owner of its kind, as the Ownership table says. It is the analyzer of
// census/cmd/census (go vet -vettool) and of Check.
var Analyzer = mustAnalyzer()

func mustAnalyzer() *analysis.Analyzer {
	a, err := ownership.New(Ownership)
	if err != nil {
		panic(err) // a mistake in the table: fail at start-up, in every test
	}
	return a
}

// A Finding is one thing the census reports.
type Finding struct {
	Pos token.Position // where: file, line, column
	// Category is "use" for a guarded primitive used outside its owner,
	// "allow" for an allow comment that is malformed or exempts nothing.
	Category string
	Message  string
}

// String formats the finding the way the Go tools do: file:line:col: message.
func (f Finding) String() string { return f.Pos.String() + ": " + f.Message }

// Check loads the packages that patterns name (default "./..."), with their
// tests, from the module in dir, runs Analyzer over them and returns what it
// reports, sorted by position. It returns an error, and no findings, when the
// packages cannot be loaded or do not type-check, or when the patterns match
// no package: a census that checked nothing must not pass.
//
// A test in a user's module runs the census over that module:
//
//	func TestCensus(t *testing.T) {
//		findings, err := census.Check(".", "./...")
//		if err != nil {
//			t.Fatal(err)
//		}
//		for _, f := range findings {
//			t.Error(f)
//		}
//	}
func Check(dir string, patterns ...string) ([]Finding, error) {
	findings, _, err := check(dir, patterns)
	return findings, err
}

// loadMode is what the analyzer needs: syntax and types of the packages
// checked, and only export data of their dependencies, which keeps a run
// over a module fast (no dependency is parsed or type-checked from source).
const loadMode = packages.NeedName | packages.NeedFiles | packages.NeedCompiledGoFiles |
	packages.NeedImports | packages.NeedTypes | packages.NeedTypesSizes |
	packages.NeedSyntax | packages.NeedTypesInfo | packages.NeedModule

// check is Check, also returning the number of packages analysed.
func check(dir string, patterns []string) ([]Finding, int, error) {
	pkgs, err := load(dir, patterns)
	if err != nil {
		return nil, 0, err
	}
	findings, err := analyze(pkgs)
	return findings, len(pkgs), err
}

// load loads the packages and their tests, leaving out the generated test
// mains, and fails on any package error.
func load(dir string, patterns []string) ([]*packages.Package, error) {
	if len(patterns) == 0 {
		patterns = []string{"./..."}
	}
	cfg := &packages.Config{Mode: loadMode, Dir: dir, Tests: true}
	all, err := packages.Load(cfg, patterns...)
	if err != nil {
		return nil, fmt.Errorf("census: loading %s: %v", strings.Join(patterns, " "), err)
	}
	var pkgs []*packages.Package
	for _, p := range all {
		if strings.HasSuffix(p.ID, ".test") { // the generated main of a test binary
			continue
		}
		pkgs = append(pkgs, p)
	}
	var errs []string
	packages.Visit(pkgs, nil, func(p *packages.Package) {
		for _, e := range p.Errors {
			errs = append(errs, e.Error())
		}
	})
	if len(errs) > 0 {
		slices.Sort(errs)
		errs = slices.Compact(errs)
		const most = 10
		if len(errs) > most {
			errs = append(errs[:most], fmt.Sprintf("and %d more", len(errs)-most))
		}
		return nil, errors.New("census: the packages do not load:\n\t" + strings.Join(errs, "\n\t"))
	}
	if len(pkgs) == 0 {
		return nil, fmt.Errorf("census: %s matched no Go package", strings.Join(patterns, " "))
	}
	return pkgs, nil
}

// analyze runs Analyzer over pkgs. A package and its test variant share
// files, so a finding in a shared file is reported once.
func analyze(pkgs []*packages.Package) ([]Finding, error) {
	graph, err := checker.Analyze([]*analysis.Analyzer{Analyzer}, pkgs, nil)
	if err != nil {
		return nil, err
	}
	var findings []Finding
	seen := map[Finding]bool{}
	for _, act := range graph.Roots {
		if act.Err != nil {
			return nil, fmt.Errorf("census: %s: %v", act.Package.PkgPath, act.Err)
		}
		for _, d := range act.Diagnostics {
			f := Finding{Pos: act.Package.Fset.Position(d.Pos), Category: d.Category, Message: d.Message}
			if !seen[f] {
				seen[f] = true
				findings = append(findings, f)
			}
		}
	}
	slices.SortFunc(findings, func(a, b Finding) int {
		return cmp.Or(cmp.Compare(a.Pos.Filename, b.Pos.Filename), cmp.Compare(a.Pos.Line, b.Pos.Line),
			cmp.Compare(a.Pos.Column, b.Pos.Column), cmp.Compare(a.Message, b.Message))
	})
	return findings, nil
}
