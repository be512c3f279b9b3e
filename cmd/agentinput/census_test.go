package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"agentinput.dev/internal/longtest"
)

// censusModule writes a module with a tool package (on a stub of the
// factory), the second reader it calls, a clean package and a package that
// does not compile, and makes it the working directory.
func censusModule(t *testing.T) {
	t.Helper()
	dir := t.TempDir()
	files := map[string]string{
		"go.mod":            "module example.com/m\n\ngo 1.26\n\nrequire agentinput.dev v0.0.0\n\nreplace agentinput.dev => ./stub\n",
		"stub/go.mod":       "module agentinput.dev\n\ngo 1.26\n",
		"stub/factory/f.go": "package factory\n\nfunc New(name string) int { return 0 }\n",
		"tool/tool.go":      "package tool\n\nimport (\n\t\"agentinput.dev/factory\"\n\t\"example.com/m/bad\"\n)\n\nvar T = factory.New(\"read_x\")\n\nfunc F(s string) { bad.F(s) }\n",
		"bad/bad.go":        "package bad\n\nimport \"time\"\n\nfunc F(s string) { time.Parse(time.DateOnly, s) }\n",
		"clean/clean.go":    "package clean\n\nfunc F() int { return 1 }\n",
		"broken/broken.go":  "package broken\n\nfunc F() int { return \"one\" }\n",
	}
	for name, text := range files {
		p := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	t.Chdir(dir)
}

func TestCensus(t *testing.T) {
	longtest.Skip(t, "runs go list over a module")
	if testing.Short() {
		t.Skip("runs go list")
	}
	censusModule(t)
	tests := []struct {
		args   []string
		code   int
		stdout string // exactly
		stderr string // contained in
	}{
		{[]string{"census", "./tool", "./bad", "./clean"}, exitFindings,
			"bad/bad.go:5:20: time.Parse parses a date or a timestamp: only agentinput.dev/kinds/date or agentinput.dev/kinds/timestamp may; call date.Read or date.Parse, or timestamp.New or timestamp.Parse\n",
			"1 finding"},
		{[]string{"census", "./bad", "./clean"}, exitUsage, "", "declares tools"}, // no tool package: nothing checked
		{[]string{"census", "--all", "./bad", "./clean"}, exitFindings,
			"bad/bad.go:5:20: time.Parse parses a date or a timestamp: only agentinput.dev/kinds/date or agentinput.dev/kinds/timestamp may; call date.Read or date.Parse, or timestamp.New or timestamp.Parse\n",
			"1 finding"},
		{[]string{"census", "./tool", "./clean"}, exitOK, "", ""}, // bad is not among the patterns
		{[]string{"census", "--all", "./clean"}, exitOK, "", ""},
		{[]string{"census", "--all", "--", "./clean"}, exitOK, "", ""},
		{[]string{"census", "--all=true", "./clean"}, exitUsage, "", "unknown flag --all=true"},
		{[]string{"census"}, exitUsage, "", "broken"}, // ./... includes the package that does not compile
		{[]string{"census", "./nothing/..."}, exitUsage, "", "./nothing/"},
		{[]string{"census", "--json", "./clean"}, exitUsage, "", "unknown flag --json"},
	}
	for _, tt := range tests {
		stdout, stderr, code := cli(tt.args, "")
		if code != tt.code || stdout != tt.stdout || !strings.Contains(stderr, tt.stderr) {
			t.Errorf("%q: exit %d, stdout %q, stderr %q; want exit %d, stdout %q, stderr containing %q",
				tt.args, code, stdout, stderr, tt.code, tt.stdout, tt.stderr)
		}
	}
	stdout, stderr, code := cli([]string{"census", "-h"}, "")
	if code != exitOK || stderr != "" || !strings.Contains(stdout, "Usage: agentinput census") {
		t.Errorf("census -h: exit %d, stdout %q, stderr %q", code, stdout, stderr)
	}
}
