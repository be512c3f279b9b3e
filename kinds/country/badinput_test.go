package country

import (
	"encoding/json"
	"strings"
	"testing"

	"agentinput.dev/agentinput"
)

// TestBadInput: hostile values are asks, never panics, never values, and
// the ask echoes at most 80 characters.
func TestBadInput(t *testing.T) {
	tests := []struct {
		name  string
		input any
		code  agentinput.AskCode
	}{
		{"1 MiB string", strings.Repeat("C", 1<<20), agentinput.AskTooLarge},
		{"1 MiB of spaces around CZ", strings.Repeat(" ", 1<<20) + "CZ", agentinput.AskTooLarge},
		{"one byte over the budget", strings.Repeat(" ", agentinput.MaxScalarBytes-1) + "CZ", agentinput.AskTooLarge},
		{"1 MiB of name words", strings.Repeat("Congo ", 1<<18), agentinput.AskTooLarge},
		{"long name under the budget", strings.Repeat("Congo ", 170), agentinput.AskInvalid},
		{"1 MiB number", json.Number("1" + strings.Repeat("0", 1<<20)), agentinput.AskTooLarge},
		{"invalid UTF-8", "C\xffZ", agentinput.AskInvalid},
		{"invalid UTF-8 in a name", "\xc3esko", agentinput.AskInvalid},
		{"NUL", "\x00", agentinput.AskInvalid},
		{"NUL inside", "C\x00Z", agentinput.AskInvalid},
		{"control inside a name", "Czech\x07ia", agentinput.AskInvalid},
		{"bidi override around CZ", "\u202eCZ\u202c", agentinput.AskInvalid},
		{"bidi override inside a name", "Cze\u202echia", agentinput.AskInvalid},
		{"zero-width space inside CZ", "C\u200bZ", agentinput.AskInvalid},
		{"zero-width joiner inside a Latin name", "Czec\u200dhia", agentinput.AskInvalid},
		{"zero-width joiner alone", "\u200d", agentinput.AskInvalid},
		{"soft hyphen", "Cze\u00adchia", agentinput.AskInvalid},
		{"not a JSON number", json.Number("two"), agentinput.AskInvalid},
		{"NaN", nan(), agentinput.AskInvalid},
		{"huge float", 1e300, agentinput.AskInvalid},
		{"negative int", -203, agentinput.AskInvalid},
		{"uint64 max", ^uint64(0), agentinput.AskInvalid},
		{"Go struct", struct{}{}, agentinput.AskWrongType},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			o := Read(tt.input, Options{})
			a, ok := o.Ask()
			if !ok {
				t.Fatalf("got %v, want an ask", o.Status())
			}
			if a.Code != tt.code {
				t.Errorf("code %s, want %s", a.Code, tt.code)
			}
			checkAsk(t, tt.input, Options{}, a, func(msg string) { t.Error(msg) })
			if n := len([]rune(string(a.Received))); n > agentinput.MaxReceivedChars+3 {
				t.Errorf("received is %d characters: not cut", n)
			}
			if a.Message() == "" {
				t.Error("no message")
			}
		})
	}
}

func nan() float64 {
	zero := 0.0
	return zero / zero
}

func TestOptions(t *testing.T) {
	for _, opts := range []Options{{}, {Output: Alpha3}, {Admit: []string{"CZ"}}, {Admit: []string{"CZ", "CZ", "SK"}}} {
		if err := opts.Validate(); err != nil {
			t.Errorf("Validate(%+v): %v", opts, err)
		}
	}
	for _, opts := range []Options{{Output: 7}, {Admit: []string{"cz"}}, {Admit: []string{"CZE"}}, {Admit: []string{"XX"}}, {Admit: []string{""}}} {
		if err := opts.Validate(); err == nil {
			t.Errorf("Validate(%+v) accepted bad options", opts)
		}
		func() {
			defer func() {
				if recover() == nil {
					t.Errorf("Read with %+v did not panic", opts)
				}
			}()
			Read("CZ", opts)
		}()
	}
	if got := Expected(Options{}); got != `an ISO 3166-1 alpha-2 country code, for example "CZ"` {
		t.Errorf("Expected = %q", got)
	}
	if got := string(Example(Options{Output: Alpha3})); got != `"CZE"` {
		t.Errorf("Example = %s", got)
	}
	if got := string(Example(Options{Admit: []string{"SK", "AT"}})); got != `"AT"` {
		t.Errorf("Example = %s", got)
	}
	for _, s := range []string{"", "cz", "CZE", " CZ", "XX", "UK", "203"} {
		if _, err := Parse(s); err == nil {
			t.Errorf("Parse(%q) accepted a non-canonical spelling", s)
		}
	}
	if Name("CZ") != "Czechia" || Name("cz") != "" {
		t.Error("Name")
	}
}

// TestConcurrent reads from many goroutines while the tables are first
// built. Run with -race to make it bite.
func TestConcurrent(t *testing.T) {
	inputs := []any{"cz", "CZE", "Česko", "Congo", "Korea", json.Number("203"), "UK"}
	done := make(chan struct{})
	for g := range 8 {
		go func() {
			defer func() { done <- struct{}{} }()
			for i := range 50 {
				opts := Options{Output: Output(i % 2)}
				if Read(inputs[(g+i)%len(inputs)], opts).Status() == agentinput.StatusAbsent {
					t.Error("absent")
				}
			}
		}()
	}
	for range 8 {
		<-done
	}
}
