package main

import (
	"encoding/json"
	"strings"
	"testing"
)

const courtsFile = "../../kinds/vocabulary/testdata/courts.json"

// want is what one output line should say: its status, and the value, the
// ask code or the warning code ("" for a value: any).
type want struct{ status, detail string }

func checkLines(t *testing.T, args []string, wants []want) {
	t.Helper()
	stdout, stderr, code := cli(args, "")
	if code != 0 || stderr != "" {
		t.Fatalf("%q: exit %d, stderr %q", args, code, stderr)
	}
	lines := parseLines(t, stdout)
	if len(lines) != len(wants) {
		t.Fatalf("%q: %d lines, want %d:\n%s", args, len(lines), len(wants), stdout)
	}
	for i, w := range wants {
		l := lines[i]
		if s := l.status(t); s != w.status {
			t.Errorf("%q line %d: status %s, want %s: %s", args, i, s, w.status, l.raw)
			continue
		}
		switch w.status {
		case "value":
			if w.detail != "" && string(l.obj["value"]) != w.detail {
				t.Errorf("%q line %d: value %s, want %s", args, i, l.obj["value"], w.detail)
			}
		case "ask":
			if c := l.askCode(t); c != w.detail {
				t.Errorf("%q line %d: ask %s, want %s", args, i, c, w.detail)
			}
		case "absent":
			var ws []struct{ Code string }
			_ = json.Unmarshal(l.obj["warnings"], &ws)
			got := ""
			if len(ws) > 0 {
				got = ws[0].Code
			}
			if got != w.detail {
				t.Errorf("%q line %d: warning %q, want %q: %s", args, i, got, w.detail, l.raw)
			}
		}
	}
}

func TestReadVocabulary(t *testing.T) {
	checkLines(t, []string{"read", "vocabulary", "--vocab", courtsFile,
		"NS", "nejvyssi soud", "N.S.", "Supreme Court", "Nejvyšší", "xyz", "null", "N/A"}, []want{
		{"value", `"NS"`}, {"value", `"NS"`}, {"value", `"NS"`}, {"value", `"NS"`},
		{"ask", "ambiguous"}, {"ask", "invalid"}, {"absent", ""}, {"absent", ""},
	})
}

func TestReadFilter(t *testing.T) {
	checkLines(t, []string{"read", "filter", "--vocab", courtsFile, "all", "všechny", "NS", "Nejvyšší", "xyz"}, []want{
		{"absent", ""}, {"absent", ""}, {"value", `"NS"`}, {"absent", "filter_dropped"}, {"absent", "filter_dropped"},
	})
	checkLines(t, []string{"read", "filter", "--over", "enum", "--values", "draft,published", "alle", "Draft", "drafts"}, []want{
		{"absent", ""}, {"value", `"draft"`}, {"ask", "ambiguous"},
	})
	// A declared value that is a generic placeholder is the enum's.
	checkLines(t, []string{"read", "filter", "--over", "enum", "--values", "none,low", "None", "N/A", "all"}, []want{
		{"value", `"none"`}, {"absent", ""}, {"absent", ""},
	})
	checkLines(t, []string{"read", "filter", "--over", "number", "--integer", "*", "4 000", "1.5"}, []want{
		{"absent", ""}, {"value", "4000"}, {"ask", "not_whole"},
	})
	// "unknown" is a boolean's third answer, asked about, in a filter too
	// (the command read it as absent before it read through the factory).
	checkLines(t, []string{"read", "filter", "--over", "boolean", "tous", "ano", "unknown"}, []want{
		{"absent", ""}, {"value", "true"}, {"ask", "invalid"},
	})
	// Over any kind the factory binds, with its flags.
	checkLines(t, []string{"read", "filter", "--over", "date", "--languages", "cs", "any", "1. října 2026"}, []want{
		{"absent", ""}, {"value", `"2026-10-01"`},
	})
}

func TestReadVocabularyUsage(t *testing.T) {
	for _, tt := range []struct {
		args []string
		msg  string
	}{
		{[]string{"read", "vocabulary", "NS"}, "--vocab FILE is required"},
		{[]string{"read", "vocabulary", "--vocab", "no/such/file.json", "NS"}, "--vocab"},
		{[]string{"read", "filter", "NS"}, "give --vocab FILE or --over KIND"},
		{[]string{"read", "filter", "--over", "cursor", "x"}, "cursor"},
		{[]string{"read", "filter", "--over", "nope", "x"}, "--over nope"},
		{[]string{"read", "filter", "--over", "enum", "x"}, "--values"},
		{[]string{"read", "filter", "--vocab", courtsFile, "--over", "number", "x"}, "not both"},
	} {
		stdout, stderr, code := cli(tt.args, "")
		first, _, _ := strings.Cut(stderr, "\n")
		if code != exitUsage || stdout != "" || !strings.Contains(first, tt.msg) {
			t.Errorf("%q: exit %d, stderr %q; want exit 2 and %q", tt.args, code, first, tt.msg)
		}
	}
}
