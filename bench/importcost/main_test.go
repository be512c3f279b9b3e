package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestInitcostImportsEveryKind keeps the probe honest: it must import
// every kind package, or the import cost it measures leaves kinds out.
func TestInitcostImportsEveryKind(t *testing.T) {
	src, err := os.ReadFile("main.go")
	if err != nil {
		t.Fatal(err)
	}
	dirs, err := os.ReadDir(filepath.Join("..", "..", "kinds"))
	if err != nil {
		t.Fatal(err)
	}
	if len(dirs) == 0 {
		t.Fatal("no kinds found")
	}
	for _, d := range dirs {
		if d.IsDir() && !strings.Contains(string(src), `_ "agentinput.dev/kinds/`+d.Name()+`"`) {
			t.Errorf("initcost does not import kinds/%s", d.Name())
		}
	}
}
