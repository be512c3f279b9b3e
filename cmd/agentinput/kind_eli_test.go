package main

import (
	"encoding/json"
	"testing"

	"agentinput.dev/kinds/eli"
)

// `agentinput read eli` reads through the eli kind: the canonical URI as
// itself, a citation with a note, an untyped citation as an ask naming its
// readings, and absence by the factory's rule.
func TestReadELI(t *testing.T) {
	stdout, stderr, code := cli([]string{"read", "eli",
		"http://data.europa.eu/eli/reg/2016/679/oj", "Regulation (EU) 2016/679", "zákon č. 89/2012 Sb.",
		"eli/dir/2019/790", "2016/679", "null", "Article 6"}, "")
	if code != 0 || stderr != "" {
		t.Fatalf("exit %d, stderr %q", code, stderr)
	}
	want := []struct{ status, value, note, ask string }{
		{"value", "http://data.europa.eu/eli/reg/2016/679/oj", "", ""},
		{"value", "http://data.europa.eu/eli/reg/2016/679/oj", "citation", ""},
		{"value", "https://www.e-sbirka.cz/eli/cz/sb/2012/89", "citation", ""},
		{"value", "http://data.europa.eu/eli/dir/2019/790/oj", "uri_form", ""},
		{"ask", "", "", "ambiguous"},
		{"absent", "", "", ""},
		{"ask", "", "", "invalid"},
	}
	lines := parseLines(t, stdout)
	if len(lines) != len(want) {
		t.Fatalf("%d lines, want %d:\n%s", len(lines), len(want), stdout)
	}
	for i, w := range want {
		l := lines[i]
		if s := l.status(t); s != w.status {
			t.Errorf("line %d: status %s, want %s: %s", i, s, w.status, l.raw)
			continue
		}
		switch w.status {
		case "value":
			var v string
			var notes []struct{ Code string }
			_ = json.Unmarshal(l.obj["value"], &v)
			_ = json.Unmarshal(l.obj["notes"], &notes)
			if v != w.value || (w.note == "" && len(notes) != 0) || (w.note != "" && (len(notes) != 1 || notes[0].Code != w.note)) {
				t.Errorf("line %d: %s, want %s with note %q", i, l.raw, w.value, w.note)
			}
		case "ask":
			if c := l.askCode(t); c != w.ask {
				t.Errorf("line %d: ask %s, want %s", i, c, w.ask)
			}
			var ask struct {
				Expected string
				Readings []struct{ Value string }
			}
			_ = json.Unmarshal(l.obj["ask"], &ask)
			if ask.Expected != eli.Expected(eli.Options{}) {
				t.Errorf("line %d: expected %q", i, ask.Expected)
			}
			if w.ask == "ambiguous" && len(ask.Readings) != 3 {
				t.Errorf("line %d: readings %v, want regulation, directive and decision", i, ask.Readings)
			}
		}
	}
}
