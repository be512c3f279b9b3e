package date

import (
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"testing"

	"agentinput.dev/agentinput"
	"agentinput.dev/internal/casefile"
	"agentinput.dev/internal/oracle"
)

func TestCases(t *testing.T) {
	var opts Options
	directive := func(d casefile.Directive) error {
		if len(d.Args) == 0 {
			return errors.New("a directive needs a value")
		}
		switch d.Name {
		case "bound":
			b, ok := ParseBound(d.Args[0])
			if !ok {
				return fmt.Errorf("bound %q", d.Args[0])
			}
			opts.Bound = b
		case "locale":
			opts.Order = Order{}
			if d.Args[0] != "-" {
				o, ok := OrderFor(d.Args[0])
				if !ok {
					return fmt.Errorf("no order for %q", d.Args[0])
				}
				opts.Order = o
			}
		case "languages":
			opts.Languages = nil
			for _, code := range d.Args {
				switch code {
				case "-":
				case "default":
					opts.Languages = append(opts.Languages, DefaultLanguages()...)
				default:
					opts.Languages = append(opts.Languages, code)
				}
			}
		default:
			return errors.New("unknown directive")
		}
		return nil
	}
	tb := casefile.Load(t, "testdata/cases.txt")
	if n := len(tb.Rows()); n < 150 {
		t.Fatalf("cases.txt: only %d cases", n)
	}
	tb.Check(t, directive, func(r *casefile.Row) []string {
		o := Read(r.Input, opts)
		got := oracle.Columns(o, Format)
		if o.IsPlaceholder() {
			got[0] = "placeholder"
		}
		for _, msg := range oracle.NoteTexts(o, `"`+got[0]+`"`) {
			r.Errorf(t, "%s", msg)
		}
		a, ok := o.Ask()
		if !ok {
			return got
		}
		checkAsk(t, r.Input, a, func(msg string) { r.Errorf(t, "%s", msg) })
		// "hint: WORD ...": the hint of an ask without readings has these
		// words; the column stays as written.
		if words, isHint := strings.CutPrefix(r.Col(1), "hint:"); isHint && len(a.Readings) == 0 {
			for _, w := range strings.Fields(words) {
				if !strings.Contains(a.Hint, w) {
					r.Errorf(t, "want %q in the hint %q", w, a.Hint)
				}
			}
			got[1] = r.Col(1)
		}
		return got
	})
}

// checkAsk checks what every ask must be: received is the input (cut),
// expected and hint are set, every reading is a canonical date that
// reads back as itself, and an invalid ask has no readings.
func checkAsk(_ *testing.T, input any, a agentinput.Ask, fail func(string)) {
	if string(a.Received) != string(agentinput.Received(input)) {
		fail("received " + string(a.Received) + " is not the input")
	}
	if a.Expected == "" || a.Hint == "" {
		fail("expected and hint must be set")
	}
	if a.Code == agentinput.AskAmbiguous && len(a.Readings) == 0 {
		fail("an ambiguous ask without readings")
	}
	if a.Code != agentinput.AskAmbiguous && len(a.Readings) > 0 {
		fail("only an ambiguous ask has readings")
	}
	for _, r := range a.Readings {
		var s string
		if err := json.Unmarshal(r.Value, &s); err != nil {
			fail("reading " + string(r.Value) + " is not a JSON string")
			continue
		}
		d, err := Parse(s)
		if err != nil {
			fail("reading " + s + " is not canonical")
			continue
		}
		if back, ok := Read(s, Options{}).Value(); !ok || back != d {
			fail("reading " + s + " does not read back as itself")
		}
		if r.Meaning == "" {
			fail("reading " + s + " has no meaning")
		}
	}
	m := a.Message()
	if strings.ContainsAny(m, "\n\r") || !strings.HasSuffix(m, ".") {
		fail("message " + m + " is not one sentence-ended paragraph")
	}
}
