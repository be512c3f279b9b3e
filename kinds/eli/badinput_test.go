package eli

import (
	"encoding/json"
	"strings"
	"testing"
	"unicode/utf8"

	"agentinput.dev/agentinput"
)

// Bad input: every one is an ask with the right code, never a panic, a
// hang or a value, and the ask never echoes more than the received budget.
func TestBadInput(t *testing.T) {
	uri := "http://data.europa.eu/eli/reg/2016/679/oj"
	tests := []struct {
		name string
		in   any
		code agentinput.AskCode
	}{
		{"1 MiB of a URI's characters", strings.Repeat("eli/", 1<<18), agentinput.AskTooLarge},
		{"1 MiB of spaces around a URI", strings.Repeat(" ", 1<<20) + uri, agentinput.AskTooLarge},
		{"a URI with 1 MiB of slashes", uri + strings.Repeat("/", 1<<20), agentinput.AskTooLarge},
		{"one byte over the budget", uri + strings.Repeat(" ", agentinput.MaxScalarBytes-len(uri)+1), agentinput.AskTooLarge},
		{"a citation of 500 words", strings.Repeat("of ", 300) + "Regulation (EU) 2016/679", agentinput.AskInvalid},
		{"a path of many segments", "eli/reg/2016/679/oj" + strings.Repeat("/a", 400), agentinput.AskInvalid},
		{"a number of many digits", "Regulation (EU) 2016/" + strings.Repeat("9", 900), agentinput.AskInvalid},
		{"invalid UTF-8", "Regulation (EU) 2016/679\xff", agentinput.AskInvalid},
		{"invalid UTF-8 alone", "\xc3", agentinput.AskInvalid},
		{"invalid UTF-8 in a URI", "http://data.europa.eu/eli/reg/2016/\xff679/oj", agentinput.AskInvalid},
		{"NUL at the end", uri + "\x00", agentinput.AskInvalid},
		{"NUL inside", "eli/reg/2016/6\x0079/oj", agentinput.AskInvalid},
		{"control character", "Regulation (EU)\x07 2016/679", agentinput.AskInvalid},
		{"DEL", "89/2012\x7f Sb.", agentinput.AskInvalid},
		{"bidi override", "Regulation (EU) \u202e2016/679", agentinput.AskInvalid},
		{"right-to-left mark", "\u200f89/2012 Sb.", agentinput.AskInvalid},
		{"zero-width space in the number", "Directive 2019/\u200b790", agentinput.AskInvalid},
		{"zero-width joiner in a URI", "http://data.europa.eu/eli/reg/2016/679\u200d/oj", agentinput.AskInvalid},
		{"soft hyphen", "Regu\u00adlation (EU) 2016/679", agentinput.AskInvalid},
		{"line separator", "Regulation\u2028(EU) 2016/679", agentinput.AskInvalid},
		{"variation selector", "Directive\ufe0f 2019/790", agentinput.AskInvalid},
		{"Arabic-Indic digits", "Regulation (EU) ٢٠١٦/٦٧٩", agentinput.AskInvalid},
		{"full-width digits", "Regulation (EU) ２０１６/６７９", agentinput.AskInvalid},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			o := Read(tt.in, Options{})
			a, ok := o.Ask()
			if !ok {
				v, _ := o.Value()
				t.Fatalf("got %s %v, want ask %s", o.Status(), v, tt.code)
			}
			if a.Code != tt.code {
				t.Fatalf("ask code %s, want %s (%s)", a.Code, tt.code, a.Message())
			}
			var received string
			if err := json.Unmarshal(a.Received, &received); err == nil {
				if n := utf8.RuneCountInString(received); n > agentinput.MaxReceivedChars+1 {
					t.Fatalf("received echoes %d characters", n)
				}
			}
			if len(a.Message()) > 1200 || !utf8.ValidString(a.Message()) {
				t.Fatalf("message is %d bytes or not UTF-8: %q", len(a.Message()), a.Message())
			}
		})
	}
}

// TestWorkDoesNotGrow: a string past the budget is turned away without
// being scanned (1 KiB and 16 MiB past it cost the same), and the canonical
// URI reads without allocating.
func TestWorkDoesNotGrow(t *testing.T) {
	if raceEnabled {
		t.Skip("the race detector changes allocation counts")
	}
	allocs := func(s string) float64 {
		v := any(s) // as a decoder hands it over: boxing is not the reader's cost
		return testing.AllocsPerRun(20, func() { sinkOutcome = Read(v, Options{}) })
	}
	over := strings.Repeat("7", agentinput.MaxScalarBytes+1)
	wayOver := strings.Repeat("7", 16<<20)
	if a, b := allocs(over), allocs(wayOver); a != b {
		t.Errorf("%.0f allocations just over the budget, %.0f at 16 MiB", a, b)
	}
	for _, s := range []string{"http://data.europa.eu/eli/reg/2016/679/oj", "https://www.e-sbirka.cz/eli/cz/sb/2012/89"} {
		if n := allocs(s); n != 0 {
			t.Errorf("Read(%q) allocates %v times", s, n)
		}
	}
}
