package ownership_test

import (
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"agentinput.dev/census"
	"agentinput.dev/census/ownership"
	"agentinput.dev/internal/longtest"
)

// TestAnalyzer runs the census's own analyzer, built from the real table,
// over testdata/src: uses in a non-owner (calls, function and method values,
// a dot import, a test file), owners that must not be reported, look-alike
// functions that must not be reported, and allow comments. analysistest
// parses and type-checks every dependency from source, the standard
// library's testing, encoding/json and time included: about 13 s on two
// shared cores, so it is a long test; census's TestCheck and TestCensusSelf
// run the same analyzer on every go test.
func TestAnalyzer(t *testing.T) {
	longtest.Skip(t, "analysistest loads the standard library from source")
	analysistest.Run(t, analysistest.TestData(), census.Analyzer,
		"a", "dotimport", "lookalike",
		"agentinput.dev/kinds/number", "agentinput.dev/kinds/country", "agentinput.dev/kinds/boolean")
}

// TestNewRejectsBadTables: a mistake in the table is an error from New, so
// that census.Analyzer fails at start-up rather than guarding nothing.
func TestNewRejectsBadTables(t *testing.T) {
	ok := ownership.Kind{Name: "number", Owners: []string{"x/number"}, Use: []string{"Read"}, Primitives: []string{"strconv.Atoi"}}
	for _, tc := range []struct {
		name  string
		table []ownership.Kind
		want  string
	}{
		{"no name", []ownership.Kind{{Owners: ok.Owners, Use: ok.Use}}, "lowercase"},
		{"capital", []ownership.Kind{{Name: "Number", Owners: ok.Owners, Use: ok.Use}}, "lowercase"},
		{"twice", []ownership.Kind{ok, ok}, "listed twice"},
		{"no owner", []ownership.Kind{{Name: "number", Use: ok.Use}}, "no owner"},
		{"no use", []ownership.Kind{{Name: "number", Owners: ok.Owners}}, "no owner function"},
		{"primitive twice", []ownership.Kind{{Name: "number", Owners: ok.Owners, Use: ok.Use, Primitives: []string{"strconv.Atoi", "strconv.Atoi"}}}, "twice"},
		{"bare name", []ownership.Kind{{Name: "number", Owners: ok.Owners, Use: ok.Use, Primitives: []string{"Atoi"}}}, "pkg/path.Name"},
		{"bad method", []ownership.Kind{{Name: "number", Owners: ok.Owners, Use: ok.Use, Primitives: []string{"(json.Number.Float64"}}}, "(pkg.Type).Name"},
		{"receiver without package", []ownership.Kind{{Name: "number", Owners: ok.Owners, Use: ok.Use, Primitives: []string{"(Number).Float64"}}}, "package path"},
		{"not a name", []ownership.Kind{{Name: "number", Owners: ok.Owners, Use: ok.Use, Primitives: []string{"strconv.Parse-Float"}}}, "not a Go name"},
	} {
		_, err := ownership.New(tc.table)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: New = %v, want an error containing %q", tc.name, err, tc.want)
		}
	}
	if _, err := ownership.New([]ownership.Kind{ok}); err != nil {
		t.Errorf("New(a good table) = %v", err)
	}
}
