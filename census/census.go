package census

import (
	"cmp"
	"errors"
	"fmt"
	"go/token"
	"go/types"
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

// Check runs the census over the packages that serve tools: of the
// packages that patterns name (default "./..."), in the module in dir, those
// that declare tools (DeclaresTools) and every package of the same set they
// import, directly or not (what a handler calls). Tests are not checked:
// they serve no tool. It returns what Analyzer reports, sorted by position,
// or an error, and no findings, when the packages cannot be loaded or do not
// type-check, when the patterns match no package, or when no package
// declares a tool: a census that checked nothing must not pass. CheckAll
// checks every package instead.
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
	findings, _, err := check(dir, patterns, false)
	return findings, err
}

// CheckAll is Check over every package that patterns name, with its tests,
// whether or not it serves a tool: the rule of a module whose every package
// must leave each kind to its owner (this module runs it over itself).
func CheckAll(dir string, patterns ...string) ([]Finding, error) {
	findings, _, err := check(dir, patterns, true)
	return findings, err
}

// factoryPath is the factory: a package that imports it, or a package
// under it (factory/mcp), declares tools.
const factoryPath = "agentinput.dev/factory"

// toolAPIs are the functions and methods of MCP SDKs that register a tool,
// by package path: a package that uses one declares tools.
var toolAPIs = map[string][]string{
	"github.com/modelcontextprotocol/go-sdk/mcp": {"AddTool"},                                                                                             // mcp.AddTool, (*mcp.Server).AddTool
	"github.com/mark3labs/mcp-go/server":         {"AddTool", "AddTools", "SetTools", "AddTaskTool", "AddTaskTools", "AddSessionTool", "AddSessionTools"}, // (*server.MCPServer)'s, as of mcp-go v1.2.1
}

// toolDefiners are packages whose functions that return a tool, or an
// option of one, define a tool: a package that calls one declares tools
// even where another package registers them (mcp-grafana's tools package
// builds its tools with mcp-go's options and hands them to a helper of
// the root package, which calls AddTool), by the result type's name.
var toolDefiners = map[string][]string{
	"github.com/mark3labs/mcp-go/mcp": {"Tool", "ToolOption"}, // mcp.NewTool, mcp.WithString, mcp.WithReadOnlyHintAnnotation …
}

// DeclaresTools reports whether p declares MCP tools: it imports the
// factory (agentinput.dev/factory or a package under it), or it uses an
// SDK's tool API: mcp.AddTool or (*mcp.Server).AddTool of the go-sdk
// (github.com/modelcontextprotocol/go-sdk/mcp), a tool-registering method
// of (*server.MCPServer) of github.com/mark3labs/mcp-go/server (AddTool,
// AddTools, SetTools, the task and session tools' own), or a function of
// mcp-go's mcp package that returns a tool or a tool option (NewTool,
// WithString …). A package that imports an SDK only as a client declares
// none. p needs its imports and, for an SDK, its type information.
func DeclaresTools(p *packages.Package) bool {
	sdk := false
	for path := range p.Imports {
		if path == factoryPath || strings.HasPrefix(path, factoryPath+"/") {
			return true
		}
		sdk = sdk || toolAPIs[path] != nil || toolDefiners[path] != nil
	}
	if !sdk || p.TypesInfo == nil {
		return false
	}
	for _, obj := range p.TypesInfo.Uses {
		fn, ok := obj.(*types.Func)
		if !ok || fn.Pkg() == nil {
			continue
		}
		if slices.Contains(toolAPIs[fn.Pkg().Path()], fn.Name()) || definesTool(fn) {
			return true
		}
	}
	return false
}

// definesTool reports whether fn, of a package of toolDefiners, returns a
// tool or an option of one.
func definesTool(fn *types.Func) bool {
	names := toolDefiners[fn.Pkg().Path()]
	sig, ok := fn.Type().(*types.Signature)
	if len(names) == 0 || !ok {
		return false
	}
	for r := range sig.Results().Variables() {
		if named, ok := r.Type().(*types.Named); ok && named.Obj().Pkg() == fn.Pkg() && slices.Contains(names, named.Obj().Name()) {
			return true
		}
	}
	return false
}

// toolScope returns the packages of pkgs that declare tools and those of
// pkgs they import, directly or not, in the order of pkgs.
func toolScope(pkgs []*packages.Package, patterns []string) ([]*packages.Package, error) {
	byID := make(map[string]*packages.Package, len(pkgs))
	for _, p := range pkgs {
		byID[p.ID] = p
	}
	in := map[string]bool{}
	var queue []*packages.Package
	for _, p := range pkgs {
		if DeclaresTools(p) {
			in[p.ID] = true
			queue = append(queue, p)
		}
	}
	if len(queue) == 0 {
		return nil, fmt.Errorf("census: no package of %s declares tools (imports %s, or registers a tool with the go-sdk's or mcp-go's AddTool), so there is nothing to check; check every package with --all (census.CheckAll)",
			strings.Join(patterns, " "), factoryPath)
	}
	for len(queue) > 0 {
		p := queue[0]
		queue = queue[1:]
		for _, imp := range p.Imports {
			if q := byID[imp.ID]; q != nil && !in[q.ID] {
				in[q.ID] = true
				queue = append(queue, q)
			}
		}
	}
	return slices.DeleteFunc(slices.Clone(pkgs), func(p *packages.Package) bool { return !in[p.ID] }), nil
}

// loadMode is what the analyzer needs: syntax and types of the packages
// checked, and only export data of their dependencies, which keeps a run
// over a module fast (no dependency is parsed or type-checked from source).
const loadMode = packages.NeedName | packages.NeedFiles | packages.NeedCompiledGoFiles |
	packages.NeedImports | packages.NeedTypes | packages.NeedTypesSizes |
	packages.NeedSyntax | packages.NeedTypesInfo | packages.NeedModule

// check is Check (all false) or CheckAll, also returning the number of
// packages analysed.
func check(dir string, patterns []string, all bool) ([]Finding, int, error) {
	if len(patterns) == 0 {
		patterns = []string{"./..."}
	}
	pkgs, err := load(dir, patterns, all)
	if err == nil && !all {
		pkgs, err = toolScope(pkgs, patterns)
	}
	if err != nil {
		return nil, 0, err
	}
	findings, err := analyze(pkgs)
	return findings, len(pkgs), err
}

// load loads the packages, with their tests when tests is true, leaving
// out the generated test mains, and fails on any package error.
func load(dir string, patterns []string, tests bool) ([]*packages.Package, error) {
	if len(patterns) == 0 {
		patterns = []string{"./..."}
	}
	cfg := &packages.Config{Mode: loadMode, Dir: dir, Tests: tests}
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
