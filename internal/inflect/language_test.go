package inflect

import (
	"slices"
	"testing"

	"agentinput.dev/internal/spelling"
)

// languageNames are names of languages in Czech, Slovak and German with
// forms written by hand from the grammar, not from LanguageForms: each
// must be among the forms it gives. The class is the derivation
// (-ština, -čtina, Slovak -čina, the one irregular noun; German -isch),
// not these names.
var languageNames = []struct {
	name, lang string
	forms      []string
}{
	{"angličtina", "cs", []string{"angličtině", "angličtiny", "angličtinou", "anglicky", "po anglicku", "anglický", "anglickém jazyce", "anglickým jazykem"}},
	{"francouzština", "cs", []string{"francouzštině", "francouzsky", "francouzský jazyk", "francouzského jazyka"}},
	{"němčina", "cs", []string{"němčině", "německy", "německý", "německém jazyce"}},
	{"řečtina", "cs", []string{"řečtině", "řecky"}},
	{"slovenčina", "sk", []string{"slovenčine", "slovenčinou", "slovensky", "po slovensky", "slovenský jazyk", "slovenskom jazyku"}},
	{"angličtina", "sk", []string{"angličtine", "anglicky", "po anglicky", "anglickom jazyku"}},
	{"nemčina", "sk", []string{"nemčine", "nemecky", "po nemecky"}},
	{"maďarčina", "sk", []string{"maďarčine", "maďarsky"}},
	{"Englisch", "de", []string{"englische", "englischen", "englischer Sprache", "englische Sprache", "englischsprachig", "englischsprachigen"}},
	{"Deutsch", "de", []string{"deutsche", "deutscher Sprache", "deutschsprachige"}},
	{"čeština", "cs", []string{"česky psaná", "česky psané"}},
	{"slovenčina", "sk", []string{"slovensky písaný", "slovensky písané"}},
	{"Tschechisch", "de", []string{"tschechischen", "tschechischer Sprache"}},
}

func TestLanguageForms(t *testing.T) {
	for _, c := range languageNames {
		got := LanguageForms(c.name, c.lang, spelling.Key, nil)
		for _, f := range c.forms {
			if !slices.Contains(got, spelling.Key(f)) {
				t.Errorf("LanguageForms(%q, %q) lacks %q: %q", c.name, c.lang, f, got)
			}
		}
	}
}

// TestLanguageFormsNone: no forms but the cases for a name without an
// ending of the class, none for a language without rules.
func TestLanguageFormsNone(t *testing.T) {
	if got := LanguageForms("anglais", "fr", spelling.Key, nil); len(got) != 0 {
		t.Errorf("LanguageForms of a French name = %q, want none", got)
	}
	if got := LanguageForms("Latein", "de", spelling.Key, nil); len(got) != 0 {
		t.Errorf("LanguageForms(\"Latein\", \"de\") = %q, want none", got)
	}
	for _, f := range LanguageForms("latina", "cs", spelling.Key, nil) {
		if f == spelling.Key("latinsky") || f == spelling.Key("latiny jazyk") {
			t.Errorf("LanguageForms(\"latina\", \"cs\") derives %q: no ending of the class", f)
		}
	}
}
