package main

import (
	"bytes"
	"os"
	"strings"
	"testing"
)

// TestReadmeOutput keeps the README's first screen true: the output it
// shows for its main command is what the command prints.
func TestReadmeOutput(t *testing.T) {
	readme, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	text := string(readme)
	const cmd = `go run ./cmd/agentinput read number "4 000" "1,234"`
	if !strings.Contains(text, cmd) {
		t.Fatalf("the README no longer shows %s", cmd)
	}
	_, after, _ := strings.Cut(text, "```json\n")
	shown, _, _ := strings.Cut(after, "```")
	var out, errs bytes.Buffer
	if code := run([]string{"read", "number", "4 000", "1,234"}, strings.NewReader(""), &out, &errs); code != 0 {
		t.Fatalf("exit %d: %s", code, errs.String())
	}
	if out.String() != shown {
		t.Errorf("the README shows\n%s\nthe command prints\n%s", shown, out.String())
	}
}

// TestReadmeQuickStart keeps the README's quick start compiling: each Go
// block of its "## Quick start" section is, line for line, the marked part
// of an example in readme_example_test.go (which go test compiles and
// runs), in the same order.
func TestReadmeQuickStart(t *testing.T) {
	readme, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	source, err := os.ReadFile("readme_example_test.go")
	if err != nil {
		t.Fatal(err)
	}
	shown := readmeGoBlocks(string(readme), "## Quick start")
	tested := quickStartRegions(string(source))
	if len(tested) == 0 {
		t.Fatal("readme_example_test.go marks no quick start")
	}
	if len(shown) != len(tested) {
		t.Fatalf("the README's quick start shows %d Go blocks, readme_example_test.go marks %d", len(shown), len(tested))
	}
	for i := range shown {
		if shown[i] != tested[i].code {
			t.Errorf("the README's quick start block %d is\n%s\nreadme_example_test.go's %q is\n%s", i+1, shown[i], tested[i].name, tested[i].code)
		}
	}
}

// readmeGoBlocks returns the text of every ```go block of the section
// that starts with the heading line, up to the next "## " heading.
func readmeGoBlocks(readme, heading string) []string {
	_, section, found := strings.Cut(readme, "\n"+heading+"\n")
	if !found {
		return nil
	}
	section, _, _ = strings.Cut(section, "\n## ")
	var blocks []string
	for {
		_, after, ok := strings.Cut(section, "```go\n")
		if !ok {
			return blocks
		}
		block, rest, _ := strings.Cut(after, "```")
		blocks = append(blocks, block)
		section = rest
	}
}

type quickStartRegion struct{ name, code string }

// quickStartRegions returns the lines after each "// README quick start:
// NAME" marker, up to "// README end" or the function's closing brace,
// one tab less indented.
func quickStartRegions(source string) []quickStartRegion {
	const marker = "// README quick start: "
	var regions []quickStartRegion
	var cur *quickStartRegion
	for line := range strings.Lines(source) {
		trimmed := strings.TrimSpace(line)
		switch {
		case cur == nil:
			if name, ok := strings.CutPrefix(trimmed, marker); ok {
				regions = append(regions, quickStartRegion{name: name})
				cur = &regions[len(regions)-1]
			}
		case trimmed == "// README end" || line == "}\n":
			cur = nil
		default:
			cur.code += strings.TrimPrefix(line, "\t")
		}
	}
	return regions
}
