package boolean

import (
	"slices"
	"sort"
	"testing"

	"agentinput.dev/internal/spelling"
)

// TestLanguageTable keeps the table honest: every language can say both
// yes and no, every code names one language, and every word is one the
// reader can reach.
func TestLanguageTable(t *testing.T) {
	codes := map[string]string{}
	for _, l := range Languages() {
		if l.Name == "" || len(l.Yes) == 0 || len(l.No) == 0 {
			t.Errorf("%s: a language needs a name, a yes and a no", l.Code)
		}
		for _, c := range append([]string{l.Code}, l.Aliases...) {
			if c == "" || c == "default" {
				t.Errorf("%s: code %q", l.Code, c)
			}
			if other, dup := codes[c]; dup {
				t.Errorf("code %q names both %s and %s", c, other, l.Code)
			}
			codes[c] = l.Code
		}
		folds := map[string]string{}
		for _, list := range []struct {
			meaning string
			words   []string
		}{{"yes", l.Yes}, {"no", l.No}} {
			for _, w := range list.words {
				f := spelling.Fold(w)
				if reason := notAWord(w); reason != "" || f == "" {
					t.Errorf("%s %q: the reader never reaches it (%s)", l.Code, w, reason)
				}
				if spelling.Fold(f) != f {
					t.Errorf("%s %q: folds to %q, which folds again to %q", l.Code, w, f, spelling.Fold(f))
				}
				if reason := notAWord(f); reason != "" {
					t.Errorf("%s %q: its fold %q is not a word (%s)", l.Code, w, f, reason)
				}
				if f == canonicalTrue || f == canonicalFalse {
					t.Errorf("%s %q: the canonical spellings belong to no language", l.Code, w)
				}
				if prev, dup := folds[f]; dup {
					t.Errorf("%s %q: folds like %s, written twice", l.Code, w, prev)
				}
				folds[f] = list.meaning + " " + w
			}
		}
	}
}

// TestDefaultLanguages: the default set is the specification's, in its
// order, and has no conflict inside it.
func TestDefaultLanguages(t *testing.T) {
	want := []string{"en", "cs", "sk", "de", "fr", "es", "it", "pl", "nl", "sv", "da", "nb", "pt", "hu", "ro"}
	if got := DefaultLanguages(); !slices.Equal(got, want) {
		t.Errorf("DefaultLanguages() = %q, want %q", got, want)
	}
	for key, e := range defaultReader().words {
		if e.ambiguous() {
			t.Errorf("%q is both yes and no in the default set: %v", key, e.readings)
		}
	}
}

// TestKnownConflicts lists every word that is yes in one language of the
// table and no in another. A language added to the table that brings a new
// conflict is fine (the reader asks), but it is a choice to make knowingly:
// update this list.
func TestKnownConflicts(t *testing.T) {
	all := make([]Language, 0, len(languages))
	all = append(all, languages[:]...)
	var got []string
	for key, e := range buildIndex(all) {
		if e.ambiguous() {
			got = append(got, key)
		}
	}
	sort.Strings(got)
	if want := []string{"ne"}; !slices.Equal(got, want) {
		t.Errorf("conflicts across the whole table: %q, want %q", got, want)
	}
}

// TestSpecificationWords: every word of the boolean kind's contract (the
// default languages of docs/decisions.md, "Languages are data") reads, in
// the default set, as the boolean it names.
func TestSpecificationWords(t *testing.T) {
	yes := []string{"true", "t", "yes", "y", "on", "1", "enabled", "checked", "ano", "áno", "ja", "oui", "sí", "si", "tak", "sim", "igen", "da"}
	no := []string{"false", "f", "no", "n", "off", "0", "disabled", "unchecked", "ne", "nie", "nein", "non", "nee", "nej", "não", "nem", "nu"}
	for _, list := range []struct {
		words []string
		want  bool
	}{{yes, true}, {no, false}} {
		for _, w := range list.words {
			if got, ok := Read(w, Options{}).Value(); !ok || got != list.want {
				t.Errorf("Read(%q) = %v, %v; want %v", w, got, ok, list.want)
			}
		}
	}
}

// TestLanguagesIsACopy: the accessor hands out the table, not the handle
// to change it.
func TestLanguagesIsACopy(t *testing.T) {
	ls := Languages()
	ls[1].Yes[0] = "changed"
	ls[1].Code = "xx"
	ls[11].Aliases[0] = "changed"
	if languages[1].Yes[0] != "ano" || languages[1].Code != "cs" || languages[11].Aliases[0] != "no" {
		t.Error("changing what Languages returned changed the table")
	}
}
