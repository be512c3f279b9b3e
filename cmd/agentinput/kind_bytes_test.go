package main

import (
	"encoding/json"
	"strings"
	"testing"
)

// `agentinput read bytes` reads through the bytes kind: canonical base64
// as itself, other forms with a note, a data: URI with its media type
// named, hex asked about, and --max as the property's budget.
func TestReadBytes(t *testing.T) {
	stdout, stderr, code := cli([]string{"read", "bytes",
		"aGkh", "aGk", "data:image/png;base64,iVBORw0KGgo=", "dead beef", "null", "aGkhIQ==", "--max", "3"}, "")
	if code != 0 || stderr != "" {
		t.Fatalf("exit %d, stderr %q", code, stderr)
	}
	want := []struct{ status, value, code string }{
		{"value", `"aGkh"`, ""},
		{"value", `"aGk="`, "form"},
		{"ask", "", "too_large"}, // 8 bytes of PNG signature on a budget of 3
		{"ask", "", "too_large"}, // 6 bytes as base64
		{"absent", "", ""},
		{"ask", "", "too_large"},
	}
	lines := parseLines(t, stdout)
	if len(lines) != len(want) {
		t.Fatalf("%d lines, want %d:\n%s", len(lines), len(want), stdout)
	}
	for i, w := range want {
		checkLine(t, i, lines[i], w.status, w.value, w.code)
	}
	if strings.Contains(strings.ToLower(stdout), "shorten") {
		t.Errorf("a too_large ask invites shortening the content:\n%s", stdout)
	}

	// Without --max: the default budget, the media type in the note, hex
	// asked about with both readings.
	stdout, _, _ = cli([]string{"read", "bytes", "data:image/png;base64,iVBORw0KGgo=", "dead beef"}, "")
	lines = parseLines(t, stdout)
	if len(lines) != 2 {
		t.Fatalf("%d lines:\n%s", len(lines), stdout)
	}
	checkLine(t, 0, lines[0], "value", `"iVBORw0KGgo="`, "data_uri")
	if !strings.Contains(lines[0].raw, "image/png") {
		t.Errorf("the data: URI's note does not name its media type: %s", lines[0].raw)
	}
	checkLine(t, 1, lines[1], "ask", "", "ambiguous")

	// --max over the shared budget is a usage error, never a silent cap.
	if _, stderr, code := cli([]string{"read", "bytes", "--max", "100000", "aGk="}, ""); code != 2 || !strings.Contains(stderr, "max") {
		t.Errorf("--max 100000: exit %d, stderr %q", code, stderr)
	}
}

// checkLine checks one output line: its status; for a value its JSON
// (when value is not "") and its first note's code ("" for no note); for
// an ask its code.
func checkLine(t *testing.T, i int, l line, status, value, code string) {
	t.Helper()
	if s := l.status(t); s != status {
		t.Errorf("line %d: status %s, want %s: %s", i, s, status, l.raw)
		return
	}
	switch status {
	case "value":
		if value != "" && string(l.obj["value"]) != value {
			t.Errorf("line %d: value %s, want %s", i, l.obj["value"], value)
		}
		var notes []struct{ Code string }
		_ = json.Unmarshal(l.obj["notes"], &notes)
		got := ""
		if len(notes) > 0 {
			got = notes[0].Code
		}
		if got != code {
			t.Errorf("line %d: first note %q, want %q: %s", i, got, code, l.raw)
		}
	case "ask":
		if c := l.askCode(t); c != code {
			t.Errorf("line %d: ask %s, want %s: %s", i, c, code, l.raw)
		}
	}
}
