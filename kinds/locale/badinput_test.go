package locale

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
		{"1 MiB string", strings.Repeat("c", 1<<20), agentinput.AskTooLarge},
		{"1 MiB of spaces around cs", strings.Repeat(" ", 1<<20) + "cs", agentinput.AskTooLarge},
		{"one byte over the budget", strings.Repeat(" ", agentinput.MaxScalarBytes-1) + "cs", agentinput.AskTooLarge},
		{"1 MiB of subtags", strings.Repeat("cs-", 1<<18) + "CZ", agentinput.AskTooLarge},
		{"many subtags under the budget", strings.Repeat("cs-", 300) + "CZ", agentinput.AskInvalid},
		{"many parentheses under the budget", strings.Repeat("(", 500) + "Czech" + strings.Repeat(")", 500), agentinput.AskInvalid},
		{"invalid UTF-8", "c\xffs", agentinput.AskInvalid},
		{"invalid UTF-8 in a name", "\xc4\x8de\xc5tina", agentinput.AskInvalid},
		{"NUL", "\x00", agentinput.AskInvalid},
		{"NUL inside", "cs\x00CZ", agentinput.AskInvalid},
		{"control inside", "cs_\x1bCZ", agentinput.AskInvalid},
		{"bidi override around cs", "\u202ecs\u202c", agentinput.AskInvalid},
		{"bidi override inside a name", "Cz\u202eech", agentinput.AskInvalid},
		{"zero-width space inside cs", "c\u200bs", agentinput.AskInvalid},
		{"zero-width joiner in a Latin tag", "cs\u200d-CZ", agentinput.AskInvalid},
		{"soft hyphen", "Cz\u00adech", agentinput.AskInvalid},
		{"POSIX suffix alone", ".UTF-8", agentinput.AskInvalid},
		{"modifier alone", "@euro", agentinput.AskInvalid},
		{"number", json.Number("1"), agentinput.AskWrongType},
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
				t.Errorf("code %s, want %s (%s)", a.Code, tt.code, a.Message())
			}
			checkAsk(t, tt.input, a, func(msg string) { t.Error(msg) })
			if n := len([]rune(string(a.Received))); n > agentinput.MaxReceivedChars+3 {
				t.Errorf("received is %d characters: not cut", n)
			}
		})
	}
}

// TestMessages pins the text an agent reads.
func TestMessages(t *testing.T) {
	tests := []struct {
		input any
		want  string
	}{
		{"cs-CZ", ""},
		{"cs_CZ", `Read "cs_CZ" as "cs-CZ" (underscore)`},
		{"CS_cz", `Read "CS_cz" as "cs-CZ" (underscore, letter case)`},
		{"cs_CZ.UTF-8", `Read "cs_CZ.UTF-8" as "cs-CZ" (POSIX suffix .UTF-8, underscore)`},
		{"ces", `Read "ces" as "cs" (ces is the three-letter code of cs)`},
		{"iw", `Read "iw" as "he" (iw is a deprecated code of he)`},
		{"en-UK", `Read "en-UK" as "en-GB" (UK is no ISO 3166-1 code in use; the country kind reads it as GB)`},
		{"en_UK", `Read "en_UK" as "en_GB" (UK is no ISO 3166-1 code in use; the country kind reads it as GB) / Read "en_GB" as "en-GB" (underscore)`},
		{"de-DD", `Read "de-DD" as "de-DE" (DD is no ISO 3166-1 code in use; the country kind reads it as DE)`},
		{"en-EL", `Read "en-EL" as "en-GR" (EL is no ISO 3166-1 code in use; the country kind reads it as GR)`},
		{"čeština", `Read "čeština" as "cs" (Czech)`},
		{"Portuguese (Brazil)", `Read "Portuguese (Brazil)" as "pt-BR" (Brazilian Portuguese)`},
		{"cz", `Could not read "cz": CZ is the code of a country, not of a language; it may mean "cs" (Czech, the language of Czechia). ` +
			`Expected a BCP 47 language tag (a language code, optionally with a script and a region), for example "cs-CZ". Send "cs" if you mean Czech, the language of Czechia.`},
		{"se", `Could not read "se": se is a language code and the code of a country whose language is another; it has 2 meanings: "sv" (Swedish, the language of Sweden) or "sme" (Northern Sami). ` +
			`Expected a BCP 47 language tag (a language code, optionally with a script and a region), for example "cs-CZ". Send the tag you mean: "sv" or "sme".`},
		{"Elvish", `Could not read "Elvish": it is not a language tag or the name of a language. ` +
			`Expected a BCP 47 language tag (a language code, optionally with a script and a region), for example "cs-CZ". Send the BCP 47 tag of the language you mean, or its name in English.`},
	}
	for _, tt := range tests {
		o := Read(tt.input, Options{})
		var got string
		if a, ok := o.Ask(); ok {
			got = a.Message()
		} else {
			var msgs []string
			for _, n := range o.Notes() {
				msgs = append(msgs, n.Message)
			}
			got = strings.Join(msgs, " / ")
		}
		if got != tt.want {
			t.Errorf("Read(%#v)\n\tgot  %s\n\twant %s", tt.input, got, tt.want)
		}
	}
	if got := string(Example(Options{})); got != `"cs-CZ"` {
		t.Errorf("Example = %s", got)
	}
	for _, s := range []string{"", "cs_CZ", "CS", "ces", "se", "Czech", " cs"} {
		if _, err := Parse(s); err == nil {
			t.Errorf("Parse(%q) accepted a non-canonical spelling", s)
		}
	}
}

// TestConcurrent reads from many goroutines while the index and the code
// cache are first built. Run with -race to make it bite.
func TestConcurrent(t *testing.T) {
	inputs := []any{"cs_CZ", "Czech", "se", "cz", "Portuguese (Brazil)", "en-UK", "Ga", "ind"}
	done := make(chan struct{})
	for g := range 8 {
		go func() {
			defer func() { done <- struct{}{} }()
			for i := range 50 {
				if Read(inputs[(g+i)%len(inputs)], Options{}).Status() == agentinput.StatusAbsent {
					t.Error("absent")
				}
			}
		}()
	}
	for range 8 {
		<-done
	}
}
