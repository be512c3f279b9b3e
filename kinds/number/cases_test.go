package number

import (
	"strings"
	"testing"

	"agentinput.dev/internal/casefile"
	"agentinput.dev/internal/oracle"
)

func TestCases(t *testing.T) {
	casefile.Load(t, "testdata/cases.txt").Check(t, nil, func(r *casefile.Row) []string {
		opts := parseOptions(t, r, r.Col(0))
		o := Read(r.Input, opts)
		return append([]string{r.Col(0)}, oracle.Columns(o, func(d Decimal) string { return "value " + d.String() })...)
	})
}

func parseOptions(t *testing.T, r *casefile.Row, text string) Options {
	var o Options
	if text == "-" {
		return o
	}
	for _, f := range strings.Fields(text) {
		key, val, _ := strings.Cut(f, "=")
		switch key {
		case "integer":
			o.Integer = true
		case "clamp":
			o.Clamp = true
		case "min", "max":
			d, err := Parse(val)
			if err != nil {
				t.Fatalf("%s: bad %s", r.Pos(), f)
			}
			if key == "min" {
				o.Min = &d
			} else {
				o.Max = &d
			}
		case "convention":
			c, ok := ConventionFor(val)
			if !ok {
				t.Fatalf("%s: unknown convention %q", r.Pos(), val)
			}
			o.Convention = c
		default:
			t.Fatalf("%s: unknown option %q", r.Pos(), f)
		}
	}
	return o
}
