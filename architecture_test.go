// The architecture of docs/architecture.md, held by a test: each package
// belongs to one layer, and may import only the layers (and the few
// packages of its own layer) that the document allows. An import that
// breaks a layer fails here, naming the rule.
package architecture_test

import (
	"bufio"
	"bytes"
	"os"
	"os/exec"
	"path"
	"slices"
	"strings"
	"testing"

	"agentinput.dev/census"
	"agentinput.dev/internal/binding"
)

const module = "agentinput.dev"

// layer is one row of docs/architecture.md's table.
type layer struct {
	name string
	// packages are the module's packages of the layer, as patterns
	// ("kinds/..." for a tree).
	packages []string
	// imports are the module packages (patterns) the layer may import.
	imports []string
	// thirdParty are the modules outside this one it may import (path
	// prefixes; the standard library is always allowed).
	thirdParty []string
}

var layers = []layer{
	{name: "core", packages: []string{"agentinput"}},
	{name: "helpers", packages: []string{"internal/spelling", "internal/shown", "internal/inflect", "internal/placeholder", "internal/casefile", "internal/longtest", "internal/outcomejson", "internal/mcpload"},
		imports: []string{"agentinput", "internal/spelling", "internal/casefile", "internal/outcomejson"}, thirdParty: []string{"golang.org/x/text"}},
	{name: "kind test helpers", packages: []string{"internal/oracle"}, imports: []string{"agentinput", "internal/casefile", "internal/outcomejson"}, thirdParty: []string{"pgregory.net/rapid"}},
	{name: "JSON text", packages: []string{"internal/jsonscan", "internal/jsonscan/jsonscantest"}, thirdParty: []string{"pgregory.net/rapid"}},
	{name: "JSON-RPC frames", packages: []string{"internal/frame"}, imports: []string{"internal/jsonscan", "internal/jsonscan/jsonscantest", "agentinput"}, thirdParty: []string{"pgregory.net/rapid"}},
	{name: "kinds", packages: []string{"kinds/..."},
		imports:    []string{"agentinput", "internal/spelling", "internal/inflect", "internal/placeholder"}, // and the owners of crossKind
		thirdParty: []string{"golang.org/x/text", "github.com/google/uuid"}},
	{name: "contracts", packages: []string{"promcp"}, thirdParty: []string{"github.com/google/uuid"}},
	{name: "protocol shapes", packages: []string{"factory/protocol"}},
	{name: "observation", packages: []string{"factory/observe"}, imports: []string{"promcp"}},
	{name: "binding", packages: []string{"internal/binding"},
		imports:    []string{"agentinput", "internal/spelling", "internal/placeholder", "kinds/...", "factory/protocol"},
		thirdParty: []string{"github.com/santhosh-tekuri/jsonschema/v6", "golang.org/x/text"}},
	{name: "sqlite file", packages: []string{"internal/sqlitefile"}, thirdParty: []string{"modernc.org/sqlite"}},
	{name: "receipts", packages: []string{"receipt", "receipt/sqlite", "receipt/postgres"},
		imports:    []string{"receipt", "internal/sqlitefile"},
		thirdParty: []string{"modernc.org/sqlite", "github.com/jackc/pgx/v5"}},
	{name: "receipt suite", packages: []string{"receipt/receipttest"}, imports: []string{"receipt"}},
	{name: "approvals", packages: []string{"approval", "approval/sqlite", "approval/postgres"},
		imports:    []string{"approval", "kinds/uuid", "internal/sqlitefile"}, // approval reads ids with their owner; the stores only approval (and the SQLite file)
		thirdParty: []string{"github.com/google/uuid", "modernc.org/sqlite", "github.com/jackc/pgx/v5"}},
	{name: "approval suite", packages: []string{"approval/approvaltest"}, imports: []string{"approval"}},
	{name: "factory", packages: []string{"factory"},
		imports:    []string{"agentinput", "internal/spelling", "internal/placeholder", "internal/binding", "internal/jsonscan", "kinds/...", "receipt", "promcp", "factory/protocol", "factory/observe"},
		thirdParty: []string{"github.com/santhosh-tekuri/jsonschema/v6", "golang.org/x/text"}},
	{name: "factory test helpers", packages: []string{"factory/factorytest"}, imports: []string{"agentinput", "factory"}, thirdParty: []string{"pgregory.net/rapid"}},
	{name: "catalog", packages: []string{"factory/catalog"}, imports: []string{"agentinput", "internal/binding", "kinds/...", "factory/protocol", "factory"}},
	{name: "replies", packages: []string{"factory/reply"}, imports: []string{"agentinput", "factory/protocol", "factory"}},
	{name: "retrofit", packages: []string{"factory/retrofit"}, imports: []string{"agentinput", "factory/observe", "kinds/vocabulary", "factory"}},
	{name: "transports", packages: []string{"factory/mcp"}, imports: []string{"agentinput", "internal/jsonscan", "internal/frame", "factory/protocol", "factory/observe", "kinds/vocabulary", "factory", "factory/reply", "factory/retrofit", "factory/catalog"},
		thirdParty: []string{"github.com/modelcontextprotocol/go-sdk"}},
	{name: "census", packages: []string{"census", "census/ownership", "census/cmd/census"},
		imports: []string{"census", "census/ownership"}, thirdParty: []string{"golang.org/x/tools"}},
	{name: "MCP listing", packages: []string{"internal/mcplist"}, thirdParty: []string{"github.com/modelcontextprotocol/go-sdk"}},
	{name: "contract census", packages: []string{"census/lint", "census/lint/linttest", "census/registry"}, imports: []string{"agentinput", "internal/binding", "factory", "promcp", "census/lint", "internal/mcplist", "kinds/bytes", "kinds/number"},
		thirdParty: []string{"github.com/modelcontextprotocol/go-sdk"}},
	{name: "host", packages: []string{"host"},
		imports:    []string{"agentinput", "internal/shown", "kinds/vocabulary", "kinds/number", "kinds/timestamp", "factory", "approval", "internal/mcplist", "promcp"}, // kinds/number compares schema bounds (subset.go)
		thirdParty: []string{"github.com/modelcontextprotocol/go-sdk", "github.com/santhosh-tekuri/jsonschema/v6"}},
	{name: "upstream client", packages: []string{"internal/upstream"}, imports: []string{"agentinput", "internal/frame", "host"},
		thirdParty: []string{"github.com/modelcontextprotocol/go-sdk"}},
	{name: "demo", packages: []string{"internal/demo"},
		imports: []string{"agentinput", "factory/protocol", "factory/observe", "factory", "factory/catalog", "kinds/...", "receipt", "promcp"}},
	{name: "demo tag stores", packages: []string{"internal/demo/tagstore"},
		imports:    []string{"internal/demo", "internal/sqlitefile"},
		thirdParty: []string{"modernc.org/sqlite", "github.com/jackc/pgx/v5"}},
	{name: "eval", packages: []string{"eval"},
		imports:    []string{"agentinput", "factory/protocol", "factory/observe", "factory", "factory/reply", "factory/mcp", "internal/demo", "promcp", "kinds/timestamp"},
		thirdParty: []string{"github.com/modelcontextprotocol/go-sdk"}},
	{name: "conformance server", packages: []string{"cmd/everything"},
		imports:    []string{"agentinput", "factory/protocol", "factory/observe", "factory", "factory/catalog", "factory/mcp"},
		thirdParty: []string{"github.com/modelcontextprotocol/go-sdk"}},
	{name: "conformance client", packages: []string{"cmd/conformance-client"}, imports: []string{"host"},
		thirdParty: []string{"github.com/modelcontextprotocol/go-sdk"}},
	{name: "CLI", packages: []string{"cmd/agentinput"}, imports: []string{"..."},
		thirdParty: []string{"github.com/modelcontextprotocol/go-sdk", "golang.org/x/text"}},
	{name: "fuzz", packages: []string{"fuzz"},
		imports:    []string{"agentinput", "internal/oracle", "internal/placeholder", "factory", "factory/reply", "factory/mcp"},
		thirdParty: []string{"pgregory.net/rapid", "github.com/modelcontextprotocol/go-sdk"}},
}

// crossKind lists which kinds read through which other owners: the only
// arrows between kinds.
var crossKind = map[string][]string{
	"kinds/boolean":    {"kinds/number"},  // a boolean sent as 1 or 0
	"kinds/bytes":      {"kinds/number"},  // an array of byte values
	"kinds/country":    {"kinds/number"},  // numeric codes sent as JSON numbers
	"kinds/cursor":     {"kinds/number"},  // a page number sent as a JSON number
	"kinds/date":       {"kinds/number"},  // a year sent as a JSON number
	"kinds/enum":       {"kinds/number"},  // a numeric value compared as a number
	"kinds/locale":     {"kinds/country"}, // a tag's region is a country
	"kinds/filter":     {"kinds/vocabulary"},
	"kinds/stringlist": {"kinds/filter"},                  // "all" on a list of declared values
	"kinds/timestamp":  {"kinds/date"},                    // the date inside a timestamp
	"kinds/vocabulary": {"kinds/country", "kinds/locale"}, // an entry's country, a country qualifier after its name; the language of its names
}

func match(pattern, pkg string) bool {
	if pattern == "..." {
		return true
	}
	if tree, ok := strings.CutSuffix(pattern, "/..."); ok {
		return pkg == tree || strings.HasPrefix(pkg, tree+"/")
	}
	return pattern == pkg
}

func layerOf(pkg string) *layer {
	for i := range layers {
		for _, p := range layers[i].packages {
			if match(p, pkg) {
				return &layers[i]
			}
		}
	}
	return nil
}

func TestLayers(t *testing.T) {
	out, err := exec.Command("go", "list", "-f", "{{.ImportPath}}{{range .Imports}} {{.}}{{end}}", "./...").Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	seen := 0
	sc := bufio.NewScanner(bytes.NewReader(out))
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		fields := strings.Fields(sc.Text())
		pkg, ok := strings.CutPrefix(fields[0], module+"/")
		if !ok {
			continue // the module root's own test-only package
		}
		seen++
		l := layerOf(pkg)
		if l == nil {
			t.Errorf("%s belongs to no layer of docs/architecture.md", pkg)
			continue
		}
		for _, imp := range fields[1:] {
			if own, ok := strings.CutPrefix(imp, module+"/"); ok {
				if !slices.ContainsFunc(l.imports, func(p string) bool { return match(p, own) }) && !slices.Contains(crossKind[pkg], own) {
					t.Errorf("%s (%s) imports %s: the %s layer may import only %v", pkg, l.name, own, l.name, l.imports)
				}
				continue
			}
			if first, _, _ := strings.Cut(imp, "/"); !strings.Contains(first, ".") {
				continue // the standard library
			}
			if !slices.ContainsFunc(l.thirdParty, func(p string) bool { return imp == p || strings.HasPrefix(imp, p+"/") }) {
				t.Errorf("%s (%s) imports %s: the %s layer may import only %v outside the module", pkg, l.name, imp, l.name, l.thirdParty)
			}
		}
	}
	if seen < 20 {
		t.Fatalf("go list named only %d packages", seen)
	}
}

// The table runs from the bottom up: a layer may import only the layers
// before it in the table (and its own packages), so no arrow runs back up
// and the layers have no cycle. The CLI, at the top, may import anything.
func TestNoArrowRunsBackUp(t *testing.T) {
	for i, l := range layers {
		for _, imp := range l.imports {
			if imp == "..." {
				continue // the CLI
			}
			target := -1
			for j := range layers {
				for _, p := range layers[j].packages {
					if match(p, imp) || match(imp, p) {
						target = j
					}
				}
			}
			switch {
			case target < 0:
				t.Errorf("%s may import %s, which belongs to no layer", l.name, imp)
			case target > i:
				t.Errorf("%s may import %s, of the %s layer after it in the table: an arrow running back up", l.name, imp, layers[target].name)
			}
		}
	}
}

// Every arrow of crossKind exists: a table that outlives its imports is a
// document that lies.
func TestCrossKindArrowsExist(t *testing.T) {
	for pkg, owners := range crossKind {
		out, err := exec.Command("go", "list", "-f", "{{join .Imports \"\\n\"}}", "./"+pkg).Output()
		if err != nil {
			t.Fatalf("go list %s: %v", pkg, err)
		}
		imports := strings.Fields(string(out))
		for _, o := range owners {
			if !slices.Contains(imports, path.Join(module, o)) {
				t.Errorf("%s no longer imports %s: drop the arrow from crossKind and docs/architecture.md", pkg, o)
			}
		}
	}
}

// TestKindTables holds the tables that name kinds to the factory's kind
// table (binding.Kinds), the one place a kind is registered: every
// package under kinds/ owns one row of it, every row's owner is such a
// package, census's ownership table has a row for each owned kind whose
// owners include it, and crossKind names only owner packages.
func TestKindTables(t *testing.T) {
	dirs, err := os.ReadDir("kinds")
	if err != nil {
		t.Fatal(err)
	}
	var packages []string
	for _, d := range dirs {
		if d.IsDir() {
			packages = append(packages, "kinds/"+d.Name())
		}
	}
	owners := map[string]string{} // owner package → kind
	for _, k := range binding.Kinds() {
		if k.Owner() == "" {
			continue
		}
		if prev, dup := owners[k.Owner()]; dup {
			t.Errorf("%s owns both kind %s and kind %s in the factory's table", k.Owner(), prev, k.Name())
		}
		owners[k.Owner()] = k.Name()
		if !slices.Contains(packages, k.Owner()) {
			t.Errorf("kind %s: the factory's table names the owner %s, which is no package under kinds/", k.Name(), k.Owner())
		}
	}
	for _, p := range packages {
		if _, ok := owners[p]; !ok {
			t.Errorf("%s is in no row of the factory's kind table (internal/binding/kindtable.go)", p)
		}
	}
	inCensus := map[string]bool{}
	for _, row := range census.Ownership {
		inCensus[row.Name] = true
		owner := ""
		for p, k := range owners {
			if k == row.Name {
				owner = p
			}
		}
		switch {
		case owner == "":
			t.Errorf("census.Ownership has kind %s, which the factory's kind table does not own", row.Name)
		case !slices.Contains(row.Owners, module+"/"+owner):
			t.Errorf("census.Ownership's kind %s does not name %s, its owner in the factory's kind table", row.Name, owner)
		}
	}
	for p, k := range owners {
		if !inCensus[k] {
			t.Errorf("kind %s (%s) has no row in census.Ownership", k, p)
		}
	}
	for from, tos := range crossKind {
		for _, p := range append([]string{from}, tos...) {
			if _, ok := owners[p]; !ok {
				t.Errorf("crossKind names %s, which owns no kind of the factory's table", p)
			}
		}
	}
}

// TestKindsLinkNoValidator: a program that reads values with the kinds
// alone links neither the JSON Schema validator nor the names of Unicode
// characters. jsonschema/v6 compiles five drafts' metaschemas in its
// package init (1.7 MB, about 21,000 allocations) whether or not a schema
// is ever validated, and Go runs the init of every package linked, so the
// only way to keep that cost off a program's start is not to link it: the
// factory validates (its rule 8) and pays it; the kinds, their shared
// types and their helpers never import it (docs/performance.md, "Starting
// a server").
func TestKindsLinkNoValidator(t *testing.T) {
	out, err := exec.Command("go", "list", "-deps", "./agentinput", "./kinds/...").Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	deps := strings.Fields(string(out))
	if len(deps) < 20 {
		t.Fatalf("go list -deps listed %d packages", len(deps))
	}
	for _, heavy := range []string{"github.com/santhosh-tekuri/jsonschema/v6", "golang.org/x/text/unicode/runenames"} {
		if slices.Contains(deps, heavy) {
			t.Errorf("the kinds link %s", heavy)
		}
	}
}
