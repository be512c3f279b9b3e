package main

import (
	"testing"
)

// `agentinput read timestamp` reads through the timestamp kind: RFC 3339
// as itself, variants with a note, zone names, a zone-less spelling asked
// about unless --zone declares one, and --locale for slash dates.
func TestReadTimestamp(t *testing.T) {
	stdout, stderr, code := cli([]string{"read", "timestamp",
		"2026-10-01T09:00:00+02:00", "2026-10-01 09:00Z", "2026-10-01 09:00 Europe/Prague", "2026-10-01 09:00",
		"2026-10-25 02:30 Europe/Prague", "01/02/2026 09:00Z", "null", "1790812800"}, "")
	if code != 0 || stderr != "" {
		t.Fatalf("exit %d, stderr %q", code, stderr)
	}
	want := []struct{ status, value, code string }{
		{"value", `"2026-10-01T09:00:00+02:00"`, ""},
		{"value", `"2026-10-01T09:00:00Z"`, "form"},
		{"value", `"2026-10-01T09:00:00+02:00"`, "form"},
		{"ask", "", "no_zone"},
		{"ask", "", "ambiguous"},
		{"ask", "", "ambiguous"},
		{"absent", "", ""},
		{"ask", "", "wrong_type"},
	}
	lines := parseLines(t, stdout)
	if len(lines) != len(want) {
		t.Fatalf("%d lines, want %d:\n%s", len(lines), len(want), stdout)
	}
	for i, w := range want {
		checkLine(t, i, lines[i], w.status, w.value, w.code)
	}

	stdout, _, _ = cli([]string{"read", "timestamp", "--zone", "Europe/Prague", "--locale", "cs", "2026-10-01 09:00", "01/02/2026 09:00Z"}, "")
	lines = parseLines(t, stdout)
	if len(lines) != 2 {
		t.Fatalf("%d lines:\n%s", len(lines), stdout)
	}
	checkLine(t, 0, lines[0], "value", `"2026-10-01T09:00:00+02:00"`, "form")
	checkLine(t, 1, lines[1], "value", `"2026-02-01T09:00:00Z"`, "convention")

	if _, _, code := cli([]string{"read", "timestamp", "--zone", "Mars/Olympus", "2026-10-01 09:00"}, ""); code != 2 {
		t.Errorf("--zone Mars/Olympus: exit %d, want 2", code)
	}
}
