package main

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"

	"agentinput.dev/kinds/country"
	"agentinput.dev/kinds/locale"
)

// geoLine is what a test expects of one output line: the status, and the
// value and note codes, or the ask code and readings' values.
type geoLine struct {
	status, value string
	detail        []string
}

func checkGeo(t *testing.T, args []string, expected string, want []geoLine) {
	t.Helper()
	stdout, stderr, code := cli(args, "")
	if code != 0 || stderr != "" {
		t.Fatalf("%q: exit %d, stderr %q", args, code, stderr)
	}
	lines := parseLines(t, stdout)
	if len(lines) != len(want) {
		t.Fatalf("%q: %d lines, want %d:\n%s", args, len(lines), len(want), stdout)
	}
	for i, w := range want {
		l := lines[i]
		if s := l.status(t); s != w.status {
			t.Errorf("line %d: status %s, want %s: %s", i, s, w.status, l.raw)
			continue
		}
		var got []string
		switch w.status {
		case "value":
			var v string
			var notes []struct{ Code string }
			_ = json.Unmarshal(l.obj["value"], &v)
			_ = json.Unmarshal(l.obj["notes"], &notes)
			for _, n := range notes {
				got = append(got, n.Code)
			}
			if v != w.value {
				t.Errorf("line %d: value %q, want %q: %s", i, v, w.value, l.raw)
			}
		case "ask":
			var ask struct {
				Code, Expected string
				Readings       []struct{ Value string }
			}
			_ = json.Unmarshal(l.obj["ask"], &ask)
			if ask.Code != w.value || ask.Expected != expected {
				t.Errorf("line %d: ask %s, expected %q; want %s, %q", i, ask.Code, ask.Expected, w.value, expected)
			}
			for _, r := range ask.Readings {
				got = append(got, r.Value)
			}
		}
		if !slices.Equal(got, w.detail) {
			t.Errorf("line %d: %v, want %v: %s", i, got, w.detail, l.raw)
		}
	}
}

// `agentinput read locale` reads through the locale kind, after the
// factory's absence rule.
func TestReadLocale(t *testing.T) {
	checkGeo(t, []string{"read", "locale", "cs-CZ", "cs_CZ.UTF-8", "ces", "en-UK", "Portuguese (Brazil)", "cz", "se", "null", "N/A", "Elvish", "1"},
		locale.Expected(locale.Options{}), []geoLine{
			{"value", "cs-CZ", nil},
			{"value", "cs-CZ", []string{"form"}},
			{"value", "cs", []string{"alias_code"}},
			{"value", "en-GB", []string{"alias_code"}},
			{"value", "pt-BR", []string{"name"}},
			{"ask", "ambiguous", []string{"cs"}},
			{"ask", "ambiguous", []string{"sv", "sme"}},
			{"absent", "", nil},
			{"absent", "", nil},
			{"ask", "invalid", nil},
			{"ask", "wrong_type", nil},
		})
}

// `agentinput read country` reads through the country kind; --alpha3 and
// --admit set its options, and a bad --admit is a usage error.
func TestReadCountry(t *testing.T) {
	checkGeo(t, []string{"read", "country", "CZ", "cz", "CZE", "203", "Czech Republic", "NO", "NA", "Congo", "null"},
		country.Expected(country.Options{}), []geoLine{
			{"value", "CZ", nil},
			{"value", "CZ", []string{"form"}},
			{"value", "CZ", []string{"alias_code"}},
			{"value", "CZ", []string{"alias_code"}},
			{"value", "CZ", []string{"name"}},
			{"value", "NO", nil},
			{"value", "NA", nil},
			{"ask", "ambiguous", []string{"CD", "CG"}},
			{"absent", "", nil},
		})
	opts := country.Options{Output: country.Alpha3, Admit: []string{"CZ", "SK"}}
	checkGeo(t, []string{"read", "country", "--alpha3", "--admit", "CZ,SK", "CZE", "Slovakia", "AT"},
		country.Expected(opts), []geoLine{
			{"value", "CZE", nil},
			{"value", "SVK", []string{"name"}},
			{"ask", "out_of_range", nil},
		})
	_, stderr, code := cli([]string{"read", "country", "--admit", "XX", "CZ"}, "")
	if code != exitUsage || !strings.Contains(stderr, `"XX"`) {
		t.Errorf("--admit XX: exit %d, stderr %q; want a usage error naming XX", code, stderr)
	}
}
