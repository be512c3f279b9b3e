package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"agentinput.dev/internal/longtest"
)

// TestGoVet builds the driver and runs it as go vet's tool over a small
// module with one second reader: go vet fails and names it.
func TestGoVet(t *testing.T) {
	longtest.Skip(t, "builds the driver and runs go vet")
	dir := t.TempDir()
	bin := filepath.Join(dir, "census")
	if out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	mod := filepath.Join(dir, "m")
	files := map[string]string{
		"go.mod":      "module example.com/m\n\ngo 1.26\n",
		"h/h.go":      "package h\n\nimport \"strconv\"\n\nvar parse = strconv.ParseFloat\n",
		"h/h_test.go": "package h\n\nimport \"testing\"\n\nfunc TestH(t *testing.T) { parse(\"1\", 64) }\n",
	}
	for name, text := range files {
		p := filepath.Join(mod, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	cmd := exec.Command("go", "vet", "-vettool="+bin, "./...")
	cmd.Dir = mod
	out, err := cmd.CombinedOutput()
	if err == nil {
		t.Fatalf("go vet passed:\n%s", out)
	}
	want := "h/h.go:5:13: strconv.ParseFloat parses a number: only agentinput.dev/kinds/number may; call number.Read or number.Parse"
	if !strings.Contains(string(out), want) {
		t.Errorf("go vet said\n%s\nwant a line containing\n%s", out, want)
	}
}
