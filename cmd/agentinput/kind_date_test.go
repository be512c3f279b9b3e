package main

import (
	"encoding/json"
	"strings"
	"testing"
)

// `agentinput read date` reads through the date kind with its options:
// --bound, --locale, --languages; bad option values are usage errors.
func TestReadDate(t *testing.T) {
	tests := []struct {
		args []string
		want []string // per value: "value YYYY-MM-DD", "absent", or "ask CODE"
	}{
		{[]string{"read", "date", "2026-10-01", "1. 10. 2026", "01/02/2026", "2026", "October 1, 2026"},
			[]string{"value 2026-10-01", "value 2026-10-01", "ask ambiguous", "ask invalid", "value 2026-10-01"}},
		{[]string{"read", "date", "--bound", "from", "2026", "Q3 2026", "0001-01-01", "2024-01-01 to 2024-12-31"},
			[]string{"value 2026-01-01", "value 2026-07-01", "absent", "ask invalid"}},
		{[]string{"read", "date", "--bound=to", "2024-02", "9999-12-31"},
			[]string{"value 2024-02-29", "absent"}},
		{[]string{"read", "date", "--locale", "en-US", "01/02/2026", "--locale", "cs", "01/02/2026"},
			[]string{"value 2026-02-01", "value 2026-02-01"}},
		{[]string{"read", "date", "--languages", "cs,hr", "1 listopad 2026", "1. října 2026"},
			[]string{"ask ambiguous", "value 2026-10-01"}},
		{[]string{"read", "date", "1790812800", "null", "N/A"},
			[]string{"ask invalid", "absent", "absent"}},
	}
	for _, tt := range tests {
		stdout, stderr, code := cli(tt.args, "")
		if code != 0 || stderr != "" {
			t.Errorf("%v: exit %d, stderr %q", tt.args, code, stderr)
			continue
		}
		lines := parseLines(t, stdout)
		if len(lines) != len(tt.want) {
			t.Errorf("%v: %d lines, want %d:\n%s", tt.args, len(lines), len(tt.want), stdout)
			continue
		}
		for i, l := range lines {
			got := l.status(t)
			switch got {
			case "value":
				var v string
				_ = json.Unmarshal(l.obj["value"], &v)
				got += " " + v
			case "ask":
				got += " " + l.askCode(t)
			}
			if got != tt.want[i] {
				t.Errorf("%v: value %d: %s, want %s", tt.args, i, got, tt.want[i])
			}
		}
	}
}

func TestReadDateUsage(t *testing.T) {
	for _, args := range [][]string{
		{"read", "date", "--bound", "start", "2026"},
		{"read", "date", "--locale", "cs_CZ", "2026-10-01"},
		{"read", "date", "--languages", "xx", "2026-10-01"},
	} {
		stdout, stderr, code := cli(args, "")
		if code == 0 || stdout != "" || !strings.Contains(stderr, "date") && stderr == "" {
			t.Errorf("%v: exit %d, stdout %q, stderr %q: want a usage error", args, code, stdout, stderr)
		}
	}
}
