package placeholder

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"

	"pgregory.net/rapid"

	"agentinput.dev/internal/oracle"
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

// The start sets only cut the work short: Is and Unknown say the same with
// them as with every byte let through, for every entry of both tables in
// several dresses, for every ASCII byte before them, and for any string.
func TestStartsExact(t *testing.T) {
	fast := func(s string) [2]bool { return [2]bool{Is(s, false), Unknown(s)} }
	full := func(s string) [2]bool {
		saveP, saveU := placeholderStarts, unknownStarts
		defer func() { placeholderStarts, unknownStarts = saveP, saveU }()
		for c := range placeholderStarts {
			placeholderStarts[c], unknownStarts[c] = true, true
		}
		return fast(s)
	}
	var spellings []string
	for _, table := range []map[string]bool{placeholders, unknowns} {
		for k := range table {
			for _, w := range []string{k, strings.ToUpper(k), capital(k), "(" + k + ")", "[ " + k + " ]", "<" + k + ">", "{" + k + "}",
				`"` + k + `"`, "'" + k + "'", " " + k + " ", k + ".", "." + k, strings.ReplaceAll(k, "", ".")} {
				spellings = append(spellings, w)
				for c := range 128 {
					spellings = append(spellings, string(rune(c))+w)
				}
			}
		}
	}
	spellings = append(spellings, "4000", "4 000", "12,5", "abc", "?", "???", "...", "…", "？", "\u200b", "\u212a", "", " ", "-", "—")
	for _, s := range spellings {
		if got, want := fast(s), full(s); got != want {
			t.Errorf("%q: Is, Unknown = %v with the start sets, %v without", s, got, want)
		}
	}
	rapid.Check(t, func(t *rapid.T) {
		s := rapid.String().Draw(t, "s")
		if got, want := fast(s), full(s); got != want {
			t.Fatalf("%q: Is, Unknown = %v with the start sets, %v without", s, got, want)
		}
	})
}

func capital(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}

// Template's three classes, and texts that look close but are a value of
// the caller's own.
func TestTemplate(t *testing.T) {
	for _, s := range []string{
		// A template language's slot, anywhere.
		"{{idempotency_key}}", "{{ key }}", "order-{{id}}", "${KEY}", "inv-${n}-2026", "{% uuid %}", "%{key}",
		// A slot named in brackets, anywhere.
		"<key>", "<your key>", "{uuid}", "[idempotency-key]", "order-<order_id>", "inv-[number]-2026", "<KEY_1>",
		// Template words alone.
		"your-key-here", "YOUR_UNIQUE_KEY", "idempotency-key", "idempotency_key", "Unique Key", "string",
		"uuid", "random-uuid", "my key", "example", "new-idempotency-key-here", "(key)",
	} {
		if !Template(s) {
			t.Errorf("Template(%q) = false, want true", s)
		}
	}
	for _, s := range []string{
		"", "inv-2026-0412", "order-7731-retry", "4e6a3fac-9262-4826-91f0-e77195e54c58", "key-1",
		"a<b", "x > y", "<>", "<123>", "{}", "[1, 2]", "tag decision 7 again", "retry 2",
		"{\"a\":1}", "keyboard", "monkey", "your-order-1",
	} {
		if Template(s) {
			t.Errorf("Template(%q) = true, want false", s)
		}
	}
}

// TestPropertyFormatPattern: a date or time format written where a value
// goes is a placeholder that says the value is not known, in any case,
// order, separator and brackets; a field letter too few, a code of two
// letters or a word is not (issue 33).
func TestPropertyFormatPattern(t *testing.T) {
	for _, s := range []string{"hmm", "MD", "DD", "mmm", "yes", "Monday", "2026-MM-DD", "YYYY-MM-DD 2026", "dd.mm.yyyy!"} {
		if Unknown(s) {
			t.Errorf("Unknown(%q): not a format", s)
		}
	}
	rapid.Check(t, func(t *rapid.T) {
		fields := rapid.SliceOfNDistinct(rapid.SampledFrom([]string{"YYYY", "YY", "MM", "M", "DD", "D", "HH", "hh", "mm", "SS", "ss"}), 2, 5, func(s string) byte { return s[0] | 0x20 }).Draw(t, "fields")
		sep := rapid.SampledFrom([]string{"-", ".", "/", ":", " ", "", ", "}).Draw(t, "separator")
		s := strings.Join(fields, sep)
		letters := len(strings.Join(fields, ""))
		if rapid.Bool().Draw(t, "lower") {
			s = strings.ToLower(s)
		}
		if rapid.Bool().Draw(t, "bracketed") {
			s = "[" + s + "]"
		}
		w := rapid.SampledFrom([]string{"", " ", `"`}).Draw(t, "wrap")
		s = w + s + w
		if got := Unknown(s); got != (letters >= 4) {
			t.Fatalf("Unknown(%q) = %v, with %d field letters", s, got, letters)
		}
	})
}

// TestPropertyNoItems: a word for "none" in the library's languages, alone
// or with up to three words after it, in any case and quotes, says "no
// items"; a value that starts with another word, or is longer, does not.
func TestPropertyNoItems(t *testing.T) {
	for _, s := range []string{"tax", "not none", "tax, none", "none of the five tags we discussed yesterday", "", "nobody"} {
		if NoItems(s) {
			t.Errorf("NoItems(%q)", s)
		}
	}
	var words []string
	for w := range noneWords {
		words = append(words, w)
	}
	slices.Sort(words)
	rapid.Check(t, func(t *rapid.T) {
		w := rapid.SampledFrom(words).Draw(t, "word")
		rest := rapid.SliceOfN(rapid.SampledFrom([]string{"at", "all", "tags", "of", "them", "Tags", "please"}), 0, 3).Draw(t, "rest")
		s := strings.Join(append([]string{w}, rest...), " ")
		if rapid.Bool().Draw(t, "upper") {
			s = strings.ToUpper(s)
		}
		if rapid.Bool().Draw(t, "quoted") {
			s = `"` + s + `"`
		}
		if !NoItems(s) {
			t.Fatalf("NoItems(%q) is false", s)
		}
	})
}

// TestSpellIsAPlaceholder holds Spell to the table it draws from: every
// spelling it draws is JSON null (absence before any table) or one Is reads
// as "no value".
func TestSpellIsAPlaceholder(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		s := Spell(oracle.Draws(t))
		if s.Value != nil && !Is(s.Value, false) {
			t.Fatalf("Spell drew %#v (%s), which Is does not read as a placeholder", s.Value, s.Class)
		}
	})
}
