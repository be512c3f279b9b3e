package inflect

import (
	"strings"
	"unicode/utf8"
)

// LanguageForms appends to out the keys of the forms the name of a
// language, written in the language lang (a base language code), takes in
// a sentence, other than the name's own key: in Czech and Slovak the
// noun's cases ("angličtina": angličtiny, angličtině, angličtinu,
// angličtinou), the adverb alone and after "po" ("anglicky", "po
// anglicky"; Czech also "po anglicku"), the adjective in the nominative
// ("anglický", "anglická", "anglické"), with the word for language in
// every case ("anglický jazyk", "v anglickém jazyce") and the adverb with
// "written" ("česky psaná", "po slovensky" aside, "slovensky písané"); in
// German the adjective's endings ("englische", "englischen", "englischer"),
// the compound "-sprachig" ("deutschsprachige") and the adjective with the
// word for language ("englische Sprache", "in englischer Sprache").
// A name of several words gets its cases only. None for a language
// without rules.
//
// The adverb and the adjective are made from the noun by its ending, as
// the languages make them: Czech and Slovak -ština and -čtina are -sky
// and -cky (čeština, česky; angličtina, anglicky), Slovak -čina is -sky
// (slovenčina, slovensky); a German name in -sch is the adjective's stem
// (Englisch, englische; Deutsch, deutsche). The one noun whose adverb is made otherwise in
// each language (němčina, německy; nemčina, nemecky) is in
// irregularStems.
func LanguageForms(name, lang string, key Key, out []string) []string {
	if len(name) > maxLanguageName || strings.ContainsAny(name, " -") {
		if lang == "cs" || lang == "sk" {
			return Forms(name, lang, key, out)
		}
		return out
	}
	switch lang {
	case "cs", "sk":
		out = Forms(name, lang, key, out)
		stem, ok := slavicAdjectiveStem(strings.ToLower(name), lang)
		if !ok {
			return out
		}
		adverb := stem + "y"
		out = append(out, key(adverb), key("po "+adverb))
		written := "psan" // "česky psaný": written in Czech
		if lang == "cs" {
			out = append(out, key("po "+stem+"u"))
		} else {
			written = "písan"
		}
		for _, e := range []string{"ý", "á", "é", "í"} {
			out = append(out, key(adverb+" "+written+e))
		}
		for _, e := range []string{"ý", "á", "é"} {
			out = append(out, key(stem+e))
		}
		phrase := stem + "ý jazyk"
		out = append(out, key(phrase))
		return Forms(phrase, lang, key, out)
	case "de":
		l := strings.ToLower(name)
		if !strings.HasSuffix(l, "sch") {
			return out // "Latein": no adjective of the class
		}
		for _, e := range []string{"e", "en", "er", "es", "em"} {
			out = append(out, key(l+e), key(l+"sprachig"+e))
		}
		out = append(out, key(l+"sprachig"))
		phrase := name + "e Sprache"
		out = append(out, key(phrase))
		return Forms(phrase, lang, key, out)
	}
	return out
}

// maxLanguageName bounds the bytes of a language's name LanguageForms
// derives words from.
const maxLanguageName = 64

// irregularStems are the Czech and Slovak names of languages whose
// adjective is not made from the noun's ending: the noun and the stem.
var irregularStems = map[string]map[string]string{
	"cs": {"němčina": "německ"},
	"sk": {"nemčina": "nemeck"},
}

// slavicAdjectiveStem returns the stem the adverb and the adjective of
// the Czech or Slovak name of a language (in lower case) are made of:
// "angličtina" is "anglick", "čeština" "česk", the Slovak "slovenčina"
// "slovensk".
func slavicAdjectiveStem(name, lang string) (string, bool) {
	if s, ok := irregularStems[lang][name]; ok {
		return s, true
	}
	var stem string
	switch {
	case strings.HasSuffix(name, "ština"):
		stem = strings.TrimSuffix(name, "ština") + "sk"
	case strings.HasSuffix(name, "čtina"):
		stem = strings.TrimSuffix(name, "čtina") + "ck"
	case lang == "sk" && strings.HasSuffix(name, "čina"):
		stem = strings.TrimSuffix(name, "čina") + "sk"
	default:
		return "", false
	}
	return stem, utf8.RuneCountInString(stem) > 2
}
