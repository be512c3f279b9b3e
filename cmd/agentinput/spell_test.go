package main

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"
)

// spellLines runs `agentinput spell args...` and returns its lines, each
// split at its tabs.
func spellLines(t *testing.T, args ...string) [][]string {
	t.Helper()
	var out, errs bytes.Buffer
	if code := run(append([]string{"spell"}, args...), strings.NewReader(""), &out, &errs); code != exitOK {
		t.Fatalf("spell %v: exit %d: %s", args, code, errs.String())
	}
	var lines [][]string
	for _, l := range strings.Split(strings.TrimSuffix(out.String(), "\n"), "\n") {
		lines = append(lines, strings.Split(l, "\t"))
	}
	return lines
}

// readOne reads one JSON value through `agentinput read KIND flags...`.
func readOne(t *testing.T, kind string, flags []string, value string) map[string]any {
	t.Helper()
	var out bytes.Buffer
	args := append(append([]string{"read", kind}, flags...), "--", value)
	if code := run(args, strings.NewReader(""), &out, &out); code != exitOK {
		t.Fatalf("read %v: exit %d: %s", args, code, out.String())
	}
	var line map[string]any
	if err := json.Unmarshal(out.Bytes(), &line); err != nil {
		t.Fatalf("read %v: %v: %s", args, err, out.String())
	}
	return line
}

// TestSpellPrintsSpellingsThatReadBack: every line of `spell` is a
// distinct spelling that `read` reads as the value, the first the plainest,
// each with its class; --ambiguous lines are asked about, their readings
// printed after the class and the value among them.
func TestSpellPrintsSpellingsThatReadBack(t *testing.T) {
	for _, tc := range []struct {
		kind  string
		flags []string
		value string
		want  string // the value's canonical JSON
		ambig bool   // the value has a spelling with two meanings
	}{
		{"number", nil, "4000", "4000", true},
		{"date", nil, "2026-02-01", `"2026-02-01"`, true},
		{"boolean", []string{"--languages", "cs,el"}, "false", "false", true},
		{"country", nil, "CZ", `"CZ"`, true},
		{"enum", []string{"--values", "draft,published,archived"}, "published", `"published"`, true},
		{"uuid", nil, "0b8f1e9a-3c2d-4e5f-9a7b-6c5d4e3f2a1b", `"0b8f1e9a-3c2d-4e5f-9a7b-6c5d4e3f2a1b"`, false},
	} {
		t.Run(tc.kind, func(t *testing.T) {
			lines := spellLines(t, append(append([]string{tc.kind}, tc.flags...), "-n", "12", tc.value)...)
			if len(lines) < 2 {
				t.Fatalf("%d spellings of %s: want several", len(lines), tc.value)
			}
			if lines[0][0] != tc.want || lines[0][1] != "canonical" {
				t.Errorf("the first line is %q, want the canonical %s", lines[0], tc.want)
			}
			seen := map[string]bool{}
			for _, l := range lines {
				if len(l) != 2 || l[1] == "" {
					t.Fatalf("line %q: want a spelling and its class", l)
				}
				if seen[l[0]] {
					t.Errorf("spelling %s printed twice", l[0])
				}
				seen[l[0]] = true
				got := readOne(t, tc.kind, tc.flags, l[0])
				if v, _ := json.Marshal(got["value"]); got["status"] != "value" || string(v) != tc.want {
					t.Errorf("spelling %s (%s) reads as %v, want the value %s", l[0], l[1], got, tc.want)
				}
			}
			if !tc.ambig {
				var out, errs bytes.Buffer
				if code := run(append(append([]string{"spell", tc.kind}, tc.flags...), "--ambiguous", tc.value), strings.NewReader(""), &out, &errs); code == exitOK || !strings.Contains(errs.String(), "no spelling") {
					t.Errorf("--ambiguous on %s: exit %d, %q: want a usage error saying there is none", tc.value, code, errs.String())
				}
				return
			}
			for _, l := range spellLines(t, append(append([]string{tc.kind}, tc.flags...), "--ambiguous", "-n", "5", tc.value)...) {
				if len(l) < 3 {
					t.Fatalf("ambiguous line %q: want a spelling, its class and its readings", l)
				}
				if !containsString(l[2:], tc.want) {
					t.Errorf("ambiguous spelling %s: readings %v lack %s", l[0], l[2:], tc.want)
				}
				if got := readOne(t, tc.kind, tc.flags, l[0]); got["status"] != "ask" {
					t.Errorf("ambiguous spelling %s reads as %v, want an ask", l[0], got)
				}
			}
		})
	}
}

func containsString(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// TestSpellUsage: spell's own usage errors name what is wrong.
func TestSpellUsage(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"number"}, "want one VALUE"},
		{[]string{"number", "1", "2"}, "want one VALUE"},
		{[]string{"number", "-n", "0", "5"}, "want 1 to 1000"},
		{[]string{"number", "-n", "many", "5"}, "want a whole number"},
		{[]string{"number", "--ambiguous=yes", "5"}, "takes no value"},
		{[]string{"number", "lots"}, "does not read"},
		{[]string{"nosuchkind", "1"}, "unknown kind"},
	} {
		var out, errs bytes.Buffer
		if code := run(append([]string{"spell"}, tc.args...), strings.NewReader(""), &out, &errs); code != exitUsage || !strings.Contains(errs.String(), tc.want) {
			t.Errorf("spell %v: exit %d, %q: want exit %d saying %q", tc.args, code, errs.String(), exitUsage, tc.want)
		}
	}
	var out bytes.Buffer
	if code := run([]string{"spell", "-h"}, strings.NewReader(""), &out, &out); code != exitOK || !strings.Contains(out.String(), "Usage: agentinput spell") {
		t.Errorf("spell -h: exit %d, %q", code, out.String())
	}
}
