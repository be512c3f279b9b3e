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
