package number

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
	mib := strings.Repeat("4", 1<<20)
	tests := []struct {
		name string
		in   any
		code agentinput.AskCode
	}{
		{"1 MiB of digits", mib, agentinput.AskTooLarge},
		{"1 MiB of spaces around a number", strings.Repeat(" ", 1<<20) + "4", agentinput.AskTooLarge},
		{"10,000 digits as text", strings.Repeat("9", 10_000), agentinput.AskTooLarge},
		{"10,000 digits as a JSON number", json.Number(strings.Repeat("9", 10_000)), agentinput.AskTooLarge},
		{"101 digits", strings.Repeat("1", agentinput.MaxNumberDigits+1), agentinput.AskTooLarge},
		{"101 digits in groups", groupWestern(strings.Repeat("1", agentinput.MaxNumberDigits+1), func() string { return " " }), agentinput.AskTooLarge},
		{"huge exponent", "1e999999999", agentinput.AskInvalid},
		{"huge exponent as a JSON number", json.Number("1e999999999"), agentinput.AskInvalid},
		{"huge negative exponent", json.Number("1e-999999999"), agentinput.AskInvalid},
		{"exponent with a thousand digits", "1e" + strings.Repeat("9", 1000), agentinput.AskInvalid},
		{"invalid UTF-8", "4\xff000", agentinput.AskInvalid},
		{"invalid UTF-8 alone", "\xc3", agentinput.AskInvalid},
		{"NUL inside digits", "40\x0000", agentinput.AskInvalid},
		{"control character", "4\x07000", agentinput.AskInvalid},
		{"bidi override inside digits", "12\u202e34", agentinput.AskInvalid},
		{"right-to-left mark", "\u200f1234", agentinput.AskInvalid},
		{"zero-width space inside digits", "4\u200b000", agentinput.AskInvalid},
		{"zero-width joiner inside digits", "4\u200d000", agentinput.AskInvalid},
		{"soft hyphen inside digits", "4\u00ad000", agentinput.AskInvalid},
		{"word joiner", "4\u2060000", agentinput.AskInvalid},
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
			if len(a.Message()) > 1000 {
				t.Fatalf("message is %d bytes", len(a.Message()))
			}
		})
	}
}

// TestWorkDoesNotGrow: reading a number costs the same allocations at any
// length up to the budget, and a string past the budget is turned away
// without being scanned (the cost of 1 KiB and of 1 MiB past it is the
// same).
func TestWorkDoesNotGrow(t *testing.T) {
	if raceEnabled {
		t.Skip("the race detector changes allocation counts")
	}
	allocs := func(s string) float64 {
		return testing.AllocsPerRun(20, func() { Read(s, Options{}) })
	}
	small := groupWestern(strings.Repeat("7", 6), func() string { return " " })
	large := groupWestern(strings.Repeat("7", 96), func() string { return " " })
	if a, b := allocs(small), allocs(large); b > a+1 {
		t.Errorf("%.0f allocations at 6 digits, %.0f at 96", a, b)
	}
	over := strings.Repeat("7", agentinput.MaxScalarBytes+1)
	wayOver := strings.Repeat("7", 16<<20)
	if a, b := allocs(over), allocs(wayOver); a != b {
		t.Errorf("%.0f allocations just over the budget, %.0f at 16 MiB", a, b)
	}
}
