package locale

import (
	"encoding/json"
	"strings"

	"golang.org/x/text/language"

	"agentinput.dev/agentinput"
	"agentinput.dev/kinds/country"
)

// A tag's region is a country, and the country kind owns what a country
// code means: a region subtag of two letters is read through its rules,
// so that a tag never accepts silently a code the country kind asks about
// alone. A withdrawn code with one successor, or a code in use that ISO
// 3166-1 does not assign ("UK", "EL"), is replaced by the country's code
// with a note (x/text replaces some of these itself: "DD", "BU"); a
// withdrawn code with several successors ("CS", "YU", "AN", "SU") is an
// ask naming the tag with each; a reserved, private-use or unassigned
// code ("EU", "ZZ", "AA", "XA", "QO") is an ask invalid. A region of
// three digits is read by its UN M49 number: an area ("es-419") or a
// country's number stays x/text's, any other number is an ask invalid.

// regionSpan returns where the region subtag (two letters, or three
// digits) of a code-shaped tag is in body (after the language and an
// optional script), or -1. It allocates nothing: nearly every tag with a
// region has an assigned one.
func regionSpan(body string) int {
	index, start := 0, 0
	for i := 0; i <= len(body); i++ {
		if i < len(body) && body[i] != '-' && body[i] != '_' {
			continue
		}
		n := i - start
		switch {
		case index == 0:
		case index == 1 && n == 4 && allLetters(body[start:i]):
			// a script: the region may follow
		case (index == 1 || index == 2) && (n == 2 && allLetters(body[start:i]) || n == 3 && allDigits(body[start:i])):
			return start
		default:
			return -1
		}
		index++
		start = i + 1
	}
	return -1
}

// readRegion reads the region of the code-shaped spelling t through the
// country kind. It returns t with the region replaced by the country's
// code and the reason of the replacement when the country kind reads the
// region as another code; or the ask about the tag when the country kind
// asks about the region, and true.
func readRegion(v any, t string) (fixed, reason string, ask agentinput.Outcome[language.Tag], asked bool) {
	body, suffix := t, ""
	if i := strings.IndexAny(t, ".@"); i >= 0 {
		body, suffix = t[:i], t[i:]
	}
	at := regionSpan(body)
	if at < 0 {
		return t, "", agentinput.Outcome[language.Tag]{}, false
	}
	if at+3 <= len(body) && allDigits(body[at:at+3]) {
		// A UN M49 code: an area ("419") stays x/text's, a country's
		// number is that country; any other number (x/text gives some a
		// private-use region, "970" → "QX") names nothing.
		digits := body[at : at+3]
		r, err := language.ParseRegion(digits)
		if err == nil {
			if _, isCountry := country.Code(r.String()); r.IsGroup() || isCountry {
				return t, "", agentinput.Outcome[language.Tag]{}, false
			}
		}
		return t, "", invalid(v, agentinput.AskInvalid, "its region "+digits+" is neither a UN M49 area nor a country's number"), true
	}
	if _, ok := country.Code(body[at : at+2]); ok {
		return t, "", agentinput.Outcome[language.Tag]{}, false // an assigned code: the common case
	}
	region := strings.ToUpper(body[at : at+2])
	o := country.Read(region, country.Options{})
	with := func(code string) string { return body[:at] + code + body[at+2:] }
	if code, ok := o.Value(); ok {
		// The reason without rendering the country kind's notes (a rare
		// path, but a benchmarked one).
		reason := region + " is no ISO 3166-1 code in use; the country kind reads it as " + code
		return with(code) + suffix, reason, agentinput.Outcome[language.Tag]{}, false
	}
	a, _ := o.Ask()
	if a.Code == agentinput.AskAmbiguous && len(a.Readings) > 0 {
		var rs []agentinput.Reading
		for _, r := range a.Readings {
			var code string
			if json.Unmarshal(r.Value, &code) != nil {
				continue
			}
			tag, err := parseTag(with(code))
			if err != nil || !readsBack(tag) {
				// Every reading reads as a value when sent back: "AAA-YU"
				// offers no "aaa-RS", a language this reader does not know.
				continue
			}
			rs = append(rs, agentinput.Reading{Value: quoteTag(tag), Meaning: r.Meaning})
		}
		if len(rs) > 0 {
			return t, "", agentinput.Asking[language.Tag](agentinput.Ask{
				Code:     agentinput.AskAmbiguous,
				Received: agentinput.Received(v),
				Reason:   "its region " + a.Reason,
				Expected: expected,
				Hint:     hintFor(rs),
				Readings: rs,
			}), true
		}
	}
	if a.Code == agentinput.AskAmbiguous {
		// No reading reads: the tag's language is what is wrong, which
		// the general way says.
		return t, "", agentinput.Outcome[language.Tag]{}, false
	}
	return t, "", invalid(v, agentinput.AskInvalid, "its region "+region+" is not read as a country ("+a.Reason+")"), true
}

func allDigits(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return s != ""
}
