package locale

import (
	"strings"
	"testing"

	"golang.org/x/text/language"

	"agentinput.dev/agentinput"
)

var (
	sinkOutcome agentinput.Outcome[language.Tag]
	sinkTag     language.Tag
)

func BenchmarkRead(b *testing.B) {
	for _, bm := range []struct {
		name string
		v    any
	}{
		{"canonical_cs-CZ", "cs-CZ"},
		{"cs_CZ", "cs_CZ"},
		{"cs_CZ.UTF-8", "cs_CZ.UTF-8"},
		{"ces", "ces"},
		{"en-UK", "en-UK"},
		{"name_Czech", "Czech"},
		{"name_cestina", "čeština"},
		{"name_Portuguese_(Brazil)", "Portuguese (Brazil)"},
		{"ask_cz", "cz"},
		{"ask_se", "se"},
		{"ask_unknown", "Elvish"},
		{"name_in_other_language", "v angličtině"},
		// The worst class of TestLinear: a sentence sent as a locale, of
		// 62 characters and of 1,000 (16 times as many), and a run of
		// marks before a language's name.
		{"sentence_62", sentence(62)},
		{"sentence_1000", sentence(1000)},
		{"marks_1000", "Blah " + strings.Repeat(", ", 497) + "English"},
	} {
		b.Run(bm.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				sinkOutcome = Read(bm.v, Options{})
			}
		})
	}
}

// BenchmarkLanguageParse is the baseline: x/text parsing the canonical
// spelling of what BenchmarkRead/cs_CZ reads. Only this package may call
// language.Parse.
func BenchmarkLanguageParse(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		sinkTag, _ = language.Parse("cs-CZ")
	}
}

// BenchmarkFirstUse is the cost of building the name index, which the
// first read of a name (or of a short code) pays once.
func BenchmarkFirstUse(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		_ = buildIndex()
	}
}

// BenchmarkFirstUseForeign is the cost of building the index of
// languages' names in other languages, which the first spelling that
// misses every other index pays once.
func BenchmarkFirstUseForeign(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		_ = buildForeignIndex()
	}
}

// sentence returns n characters of an English sentence.
func sentence(n int) string {
	return strings.Repeat("the quick brown fox jumps over the lazy dog ", n/44+1)[:n]
}
