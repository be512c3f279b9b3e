package census

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// writeModule writes a small module into a temporary directory.
func writeModule(t *testing.T, files map[string]string) string {
	t.Helper()
	dir := t.TempDir()
	files["go.mod"] = "module example.com/m\n\ngo 1.26\n"
	for name, text := range files {
		p := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// TestCheck runs the Go API as a user's test would, over a module of its
// own: a second reader in a package and in a test file, an allowed use, and
// a clean package.
func TestCheck(t *testing.T) {
	if testing.Short() {
		t.Skip("runs go list")
	}
	dir := writeModule(t, map[string]string{
		"handler/handler.go": `package handler

import "strconv"

func Limit(s string) int {
	n, _ := strconv.Atoi(s)
	return n
}

func Flag(s string) bool {
	//agentinput:allow boolean the legacy config file spells its flags as Go booleans
	b, _ := strconv.ParseBool(s)
	return b
}
`,
		"handler/handler_test.go": `package handler_test

import (
	"strconv"
	"testing"
)

func TestX(t *testing.T) { strconv.ParseBool("true") }
`,
		"clean/clean.go": "package clean\n\nfunc F() int { return 1 }\n",
	})
	findings, err := Check(dir, "./...")
	if err != nil {
		t.Fatal(err)
	}
	want := []string{
		"handler/handler.go:6:10: strconv.Atoi parses a number: only agentinput.dev/kinds/number may; call number.Read or number.Parse",
		"handler/handler_test.go:8:28: strconv.ParseBool parses a boolean: only agentinput.dev/kinds/boolean may; call boolean.Read or boolean.Parse",
	}
	var got []string
	for _, f := range findings {
		rel, _ := filepath.Rel(dir, f.Pos.Filename)
		f.Pos.Filename = filepath.ToSlash(rel)
		if f.Category != "use" {
			t.Errorf("%s: category %q, want use", f, f.Category)
		}
		got = append(got, f.String())
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("Check found\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}

	clean, err := Check(dir, "./clean")
	if err != nil || len(clean) != 0 {
		t.Errorf("Check(./clean) = %v, %v; want nothing", clean, err)
	}
}

// TestCheckLoadErrors: a census that cannot check everything it was asked
// to check fails instead of passing.
func TestCheckLoadErrors(t *testing.T) {
	if testing.Short() {
		t.Skip("runs go list")
	}
	dir := writeModule(t, map[string]string{
		"ok/ok.go":       "package ok\n",
		"broken/b.go":    "package broken\n\nfunc F() int { return \"x\" }\n",
		"syntax/s.go":    "package syntax\n\nfunc F( {\n",
		"imports/imp.go": "package imports\n\nimport _ \"example.com/m/missing\"\n",
	})
	for _, pattern := range []string{"./broken", "./syntax", "./imports", "./nothing/...", "./..."} {
		findings, err := Check(dir, pattern)
		if err == nil {
			t.Errorf("Check(%s) = %v, nil; want an error", pattern, findings)
		} else if !strings.HasPrefix(err.Error(), "census: ") {
			t.Errorf("Check(%s) error %q does not say it is the census's", pattern, err)
		}
	}
	if f, err := Check(dir, "./ok"); err != nil || len(f) != 0 {
		t.Errorf("Check(./ok) = %v, %v", f, err)
	}
}
