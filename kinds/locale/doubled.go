package locale

import (
	"strconv"
	"strings"

	"golang.org/x/text/language"

	"agentinput.dev/agentinput"
	"agentinput.dev/kinds/country"
)

// A region where the language is not at home, written where a tag's own
// country belongs, is a well-known misspelling (issue 33): "sv-SV" is
// Swedish with its language code doubled, and SV is El Salvador; "uk-UK"
// is Ukrainian, and UK the United Kingdom; "es-LA" is Latin American
// Spanish, and LA is Laos. Such a tag is never returned as written and
// never remapped silently: it is an ask whose readings are the language
// in its own country ("sv-SE") and the language alone ("sv"), and, for an
// area's initials, the language in the area ("es-419").
//
// The class, exactly: a tag whose first subtag is the two-letter code of
// a language this package knows and whose region subtag (two letters,
// after the language and an optional script) is
//
//   - the language code itself, in any case ("sv-SV", "el_EL", "SR-sr"),
//     or an area's initials (areaInitials: "LA", Latin America);
//
// and where that region is not one where the language is at home, by
// CLDR's data as golang.org/x/text has it: the tag of the language and
// the region is not one of CLDR's locales (language.CompactIndex is not
// exact: "de-DE", "pt-PT" and "se-SE" are), the region is not the
// language's likely one ("az-AZ", "no-NO"), and the language is not the
// region's main one ("lo-LA"). A region that is no country at all ("EL",
// "UK", "CS") is not where any language is at home.
//
// A doubled code may also be the country's code written twice for the
// country's locale ("uk-UK" for British English, "ca-CA" for Canada's):
// when the region is a country (as kinds/country reads it: UK is GB), its
// main language there is a reading too ("en-GB", "en-CA").

// areaInitials are region subtags written as the initials of an area that
// has a UN M49 code of its own: the code, the country whose code the
// initials are, and the area.
var areaInitials = [...]struct{ initials, m49, area string }{
	{"LA", "419", "Latin America"}, // "es_LA", as es-419 was written
}

// doubledRegion reports whether the code-shaped t (no POSIX suffix read
// yet) is of the class above, and returns the ask about it.
func doubledRegion(v any, t string) (agentinput.Outcome[language.Tag], bool) {
	none := agentinput.Outcome[language.Tag]{}
	if len(t) < 5 || (t[2] != '-' && t[2] != '_') || !isLetter(t[0]) || !isLetter(t[1]) {
		return none, false
	}
	if !mayBeDoubled(t) {
		return none, false
	}
	body := t
	if i := strings.IndexAny(t, ".@"); i >= 0 {
		body = t[:i]
	}
	at := regionSpan(body)
	if at < 0 || !allLetters(body[at:at+2]) {
		return none, false
	}
	doubled := strings.EqualFold(body[:2], body[at:at+2])
	area := -1
	if !doubled {
		for i, a := range areaInitials {
			if strings.EqualFold(body[at:at+2], a.initials) {
				area = i
			}
		}
		if area < 0 {
			return none, false
		}
	}
	lang := strings.ToLower(body[:2])
	region := strings.ToUpper(body[at : at+2])
	if !known(lang) || atHome(lang, region) {
		return none, false
	}
	// The subtags in canonical case: the region's span is the same in them.
	cased := caseForm(strings.FieldsFunc(body, func(r rune) bool { return r == '-' || r == '_' }))
	with := func(r string) string { return cased[:at] + r + cased[at+2:] }

	var rs []agentinput.Reading
	add := func(s string) {
		tag, err := parseTag(s)
		if err != nil || !readsBack(tag) {
			return
		}
		r := agentinput.Reading{Value: quoteTag(tag), Meaning: englishName(tag.String())}
		for _, x := range rs {
			if string(x.Value) == string(r.Value) {
				return
			}
		}
		rs = append(rs, r)
	}
	if area >= 0 {
		add(with(areaInitials[area].m49))
	}
	if lt, err := parseTag(lang); err == nil {
		if home, _ := lt.Region(); home.String() != region {
			if _, ok := country.Code(home.String()); ok {
				add(with(home.String()))
			}
		}
	}
	add(cased[:at-1] + cased[at+2:]) // the language alone
	withdrawn := ""
	if doubled {
		// The code written twice for the country's locale: "uk-UK" for
		// en-GB, "ca-CA" for en-CA, "tw-TW" for zh-Hant-TW.
		alone := country.Read(region, country.Options{})
		if c, ok := alone.Value(); ok {
			if main := regionLanguage(c); main != "" {
				add(main + "-" + c)
			}
		}
		// A withdrawn code ("cs-CS": CS was Czechoslovakia, later Serbia
		// and Montenegro) is each of its successors too, as the country
		// kind reads it alone.
		if a, ok := alone.Ask(); ok && a.Code == agentinput.AskAmbiguous {
			for _, r := range a.Readings {
				if c, err := strconv.Unquote(string(r.Value)); err == nil {
					add(with(c))
				}
			}
			withdrawn = a.Reason
		}
	}
	if len(rs) == 0 {
		return none, false
	}
	where := region
	if n := country.Name(region); n != "" {
		where += " (" + n + ")"
	}
	reason := "its region " + region + " repeats the language code " + lang + ", and " + where +
		" is not a country of " + englishName(lang)
	if withdrawn != "" {
		reason = "its region " + region + " repeats the language code " + lang + ", and " + withdrawn
	}
	if area >= 0 {
		a := areaInitials[area]
		reason = "its region " + where + " is not a country of " + englishName(lang) + ", and " + a.area +
			" is " + a.m49 + ", not " + region
	}
	return agentinput.Asking[language.Tag](agentinput.Ask{
		Code:     agentinput.AskAmbiguous,
		Received: agentinput.Received(v),
		Reason:   reason,
		Expected: expected,
		Hint:     hintFor(rs),
		Readings: rs,
	}), true
}

// mayBeDoubled is doubledRegion's quick exit, in bytes: t, a code with a
// separator after two letters, may be of the class unless its region is
// right after the language ("cs-CZ", "cs_CZ.UTF-8") and is neither the
// language's letters nor an area's initials.
func mayBeDoubled(t string) bool {
	if len(t) > 5 && isLetter(t[5]) {
		return true // a script or a longer subtag: the general way
	}
	r0, r1 := t[3]|0x20, t[4]|0x20
	if r0 == t[0]|0x20 && r1 == t[1]|0x20 {
		return true
	}
	for _, a := range areaInitials {
		if r0 == a.initials[0]|0x20 && r1 == a.initials[1]|0x20 {
			return true
		}
	}
	return false
}

// atHome reports whether the language with the two-letter code lang is at
// home in the region with the two-letter code region: their tag is one
// of CLDR's locales, the region is the language's likely one, or the
// language is the region's main one.
func atHome(lang, region string) bool {
	if tag, err := parseTag(lang + "-" + region); err == nil {
		if r, _ := tag.Region(); r.String() == region {
			if _, exact := language.CompactIndex(tag); exact {
				return true
			}
		}
	}
	if lt, err := parseTag(lang); err == nil {
		if r, _ := lt.Region(); r.String() == region {
			return true
		}
	}
	main := regionLanguage(region)
	return main != "" && baseOf(main) == lang
}

// readsBack reports whether the reading of tag, spelled as an ask offers
// it (quoteTag), reads as tag.
func readsBack(tag language.Tag) bool {
	got, ok := Read(spell(tag), Options{}).Value()
	return ok && got == tag
}
