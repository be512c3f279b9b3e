package locale

import (
	"slices"
	"strings"
	"testing"

	"pgregory.net/rapid"

	"agentinput.dev/kinds/country"
)

// slowRegional is lookupRegional as it was written first: every split
// joins and folds its head and its tail again. It is the reference the
// fast one is held against (TestRegionalAgrees); maxRegionWords is the
// one rule it shares with the fast one.
func slowRegional(t string) ([]string, string) {
	words := strings.Fields(t)
	for i := 1; i < len(words); i++ {
		head, tail := strings.Join(words[:i], " "), strings.Join(words[i:], " ")
		if of := regionConnective(words[i]); of && i+1 < len(words) {
			if langs := lookupName(head); len(langs) > 0 {
				regions, doubt := regionsOf(strings.Join(words[i+1:], " "))
				if out := composeEach(langs, regions); len(out) > 0 {
					return out, doubt
				}
			}
		}
		if langs := lookupName(tail); len(langs) > 0 {
			regions, doubt := slowRegionBefore(head, i)
			if out := composeEach(langs, regions); len(out) > 0 {
				return out, doubt
			}
		}
	}
	return nil, ""
}

func slowRegionBefore(head string, words int) ([]string, string) {
	k := key(head)
	for _, a := range regionAdjectives {
		if a[0] == k {
			return []string{a[1]}, ""
		}
	}
	letters := strings.ReplaceAll(head, ".", "")
	if len(letters) <= 3 && (!allLetters(letters) || strings.ToUpper(letters) != letters) {
		return nil, ""
	}
	if words > maxRegionWords {
		return nil, ""
	}
	return regionsOf(head)
}

// regionalParts are what the drawn names are made of, by class: so that
// most draws put a region and a language's name side by side, with marks,
// connectives and other words around them. The marks and some words have
// a key that is empty, spaced or shorter than the word ("-", "U.K.", "l'",
// a spacing diaeresis), the words of other case or script fold ("ＵＳ").
var regionalParts = [][]string{
	{"English", "english", "ENGLISH", "French", "Português", "portugues", "Chinese", "Min Nan", "Serbo-Croatian",
		"Norwegian Bokmål", "Swiss German", "German", "Ελληνικά", "čeština", "ČEŠTINA"},
	{"British", "Indian", "American", "Brazilian", "Swiss", "New Zealand", "US", "U.K.", "UK", "us", "CZ", "ＵＳ",
		"Bosnia and Herzegovina", "Korea (South)", "Korea, South", "South Korea", "Canada", "Brasil", "Czechia",
		"Republic of Guinea", "Česko"},
	{"of", "Of", "from", "de", "do", "da", "du", "del"},
	{"-", ",", "&", "(", ")", "'", "’", "¨", "´", "...", ".", "l'"},
	{"in", "no", "the", "blah", "O'Neil", "ﬁsh", "high"},
}

// TestRegionalAgrees holds the regional lookup against slowRegional over
// names drawn from regionalParts, joined by one or more spaces: a region
// and a language's name, a language's name, a connective and a region, or
// parts of any class, each between marks and other words.
func TestRegionalAgrees(t *testing.T) {
	const language, region, connective, mark, other = 0, 1, 2, 3, 4
	rapid.Check(t, func(t *rapid.T) {
		var classes []int
		some := func(label string, of ...int) {
			classes = append(classes, rapid.SliceOfN(rapid.SampledFrom(of), 0, 2).Draw(t, label)...)
		}
		some("before", mark, other)
		switch rapid.IntRange(0, 2).Draw(t, "shape") {
		case 0:
			classes = append(classes, region)
			some("between", mark)
			classes = append(classes, language)
		case 1:
			classes = append(classes, language)
			some("between", mark)
			classes = append(classes, connective)
			some("after", mark)
			classes = append(classes, region)
		default:
			classes = append(classes, rapid.SliceOfN(rapid.IntRange(0, len(regionalParts)-1), 1, 12).Draw(t, "classes")...)
		}
		some("after", mark, other)
		var b strings.Builder
		for i, c := range classes {
			if i > 0 {
				b.WriteString(rapid.SampledFrom([]string{" ", " ", "  ", "\t", " \u00a0"}).Draw(t, "space"))
			}
			b.WriteString(rapid.SampledFrom(regionalParts[c]).Draw(t, "part"))
		}
		s := b.String()
		got, gotDoubt := lookupRegional(s)
		want, wantDoubt := slowRegional(s)
		if !slices.Equal(got, want) || gotDoubt != wantDoubt {
			t.Fatalf("lookupRegional(%q) = %q %q, slowRegional says %q %q", s, got, gotDoubt, want, wantDoubt)
		}
	})
}

// TestRegionalCases pins the splits the lookup must find, each through
// another branch: an adjective, a country's name, a country's code in
// capitals, a connective, and a head with marks around it; and regions the
// country kind asks about, whose one tag is a reading, never a value.
func TestRegionalCases(t *testing.T) {
	for _, c := range []struct {
		in   string
		want []string
		sure bool
	}{
		{"British English", []string{"en-GB"}, true},
		{"New Zealand English", []string{"en-NZ"}, true},
		{"U.K. English", []string{"en-GB"}, true},
		{"us English", nil, true},
		{"Português do Brasil", []string{"pt-BR"}, true},
		{"French of Canada", []string{"fr-CA"}, true},
		{"English - - of Canada", []string{"en-CA"}, true},
		{"the quick brown fox", nil, true},
		{"English of Indian", []string{"en-IO"}, false}, // only part of "British Indian Ocean Territory"
		{"Bosnia English", []string{"en-BA"}, false},    // only part of "Bosnia and Herzegovina"
	} {
		if got, doubt := lookupRegional(c.in); !slices.Equal(got, c.want) || (doubt == "") != c.sure {
			t.Errorf("lookupRegional(%q) = %q %q, want %q, sure %v", c.in, got, doubt, c.want, c.sure)
		}
		if got, doubt := slowRegional(c.in); !slices.Equal(got, c.want) || (doubt == "") != c.sure {
			t.Errorf("slowRegional(%q) = %q %q, want %q, sure %v", c.in, got, doubt, c.want, c.sure)
		}
	}
}

// TestMaxRegionWords holds maxRegionWords at twice the words of the
// longest name of a country.
func TestMaxRegionWords(t *testing.T) {
	longest := ""
	for _, c := range country.Codes() {
		if n := country.Name(c); len(strings.Fields(n)) > len(strings.Fields(longest)) {
			longest = n
		}
	}
	if n := len(strings.Fields(longest)); 2*n > maxRegionWords {
		t.Errorf("the longest name of a country, %q, has %d words: maxRegionWords (%d) is less than twice that", longest, n, maxRegionWords)
	}
	t.Logf("the longest name: %q", longest)
}
