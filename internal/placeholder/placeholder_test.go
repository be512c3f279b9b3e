package placeholder

import (
	"encoding/json"
	"strings"
	"testing"
)

func TestUnknown(t *testing.T) {
	tests := []struct {
		v    any
		want bool
	}{
		{"TBD", true}, {"tbd", true}, {" TBA ", true}, {"TBC", true}, {"'TBD'", true},
		{"To be determined", true}, {"to  be\tconfirmed", true},
		{"unknown", true}, {"UNKNOWN", true}, {"<unknown>", true}, {"(TBD)", true},
		{"unspecified", true}, {"not set", true}, {"Not applicable", true}, {"n.a.", true}, {"NA", true},
		{"T.B.D.", true}, {"t.b.d", true}, {"[unknown]", true}, {"{ TBD }", true}, {"<empty>", true},
		{"not provided", true}, {"Blank", true},
		{"?", true}, {"???", true}, {"？", true}, {"...", true}, {"…", true},
		// Not the class: a value with more in it, other punctuation, other types.
		{"TBD soon", false}, {"unknown author", false}, {"..", false}, {".", false},
		{"?a", false}, {"", false}, {"   ", false}, {"none", false}, {"N/A", false},
		{json.Number("0"), false}, {false, false}, {nil, false}, {[]any{"TBD"}, false},
		{strings.Repeat(" ", 64) + "TBD", false},
	}
	for _, tt := range tests {
		if got := Unknown(tt.v); got != tt.want {
			t.Errorf("Unknown(%#v) = %v, want %v", tt.v, got, tt.want)
		}
	}
}

func TestIsLooseForms(t *testing.T) {
	for _, s := range []string{"N / A", "n /a", "None.", "N/A.", "null.", "\u200b", "\u200b\u200d", "\u2060"} {
		if !Is(s, false) {
			t.Errorf("Is(%q) = false", s)
		}
	}
	for _, s := range []string{".", "-.", "none..", "N / A / B", "a\u200b", "x/ y"} {
		if Is(s, false) {
			t.Errorf("Is(%q) = true", s)
		}
	}
}

func TestIsInBrackets(t *testing.T) {
	for _, s := range []string{"[null]", "{null}", "<undefined>", "(n/a)", "[ none ]", "<NIL>", "(-)"} {
		if !Is(s, false) {
			t.Errorf("Is(%q) = false", s)
		}
	}
	for _, s := range []string{"[]", "()", "<>", "{}", "[null", "null]", "[[null]]", "(null) x", "[a]"} {
		if Is(s, false) {
			t.Errorf("Is(%q) = true", s)
		}
	}
}

// The two classes do not overlap: a spelling is either "no value" or "not
// known yet", so the order of the checks never matters for the note.
func TestClassesDisjoint(t *testing.T) {
	for w := range unknowns {
		if Is(w, false) {
			t.Errorf("%q is in both tables", w)
		}
	}
	for w := range placeholders {
		if Unknown(w) {
			t.Errorf("%q is in both tables", w)
		}
	}
}
