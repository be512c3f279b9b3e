package locale

import (
	"encoding/json"
	"errors"
	"slices"
	"strconv"
	"strings"
	"sync"
	"unicode/utf8"

	"golang.org/x/text/language"

	"agentinput.dev/agentinput"
	"agentinput.dev/internal/spelling"
	"agentinput.dev/kinds/country"
)

// Options are a locale property's options. There are none yet: the zero
// value reads every spelling the package documents.
type Options struct{}

const (
	expected = `a BCP 47 language tag (a language code, optionally with a script and a region), for example "cs-CZ"`
	hint     = `Send the BCP 47 tag of the language you mean, or its name in English`
)

// Expected says in words what a locale property accepts, with one
// canonical example.
func Expected(opts Options) string { return expected }

// Example returns one canonical value a locale property accepts.
func Example(opts Options) json.RawMessage { return json.RawMessage(`"cs-CZ"`) }

// Format returns the canonical spelling of t: its BCP 47 tag in canonical
// case ("cs-CZ", "zh-Hant-TW").
func Format(t language.Tag) string { return t.String() }

// ErrSyntax is the error of Parse, wrapped in a *ParseError.
var ErrSyntax = errors.New("want a canonical BCP 47 language tag such as cs-CZ")

// ParseError is the error of Parse: what was sent, and what was wanted.
type ParseError struct {
	Value string // the string given to Parse
}

func (e *ParseError) Error() string {
	return "locale: parsing " + strconv.Quote(e.Value) + ": " + ErrSyntax.Error()
}

// Unwrap returns ErrSyntax.
func (e *ParseError) Unwrap() error { return ErrSyntax }

// Parse reads the canonical spelling strictly: a tag that Read reads as
// itself with no note ("cs-CZ"; not "cs_CZ", "CS-cz", "ces" or "se").
func Parse(s string) (language.Tag, error) {
	o := Read(s, Options{})
	if t, ok := o.Value(); ok && o.NoteCount() == 0 && t.String() == s {
		return t, nil
	}
	return language.Und, &ParseError{Value: s}
}

// Read reads one decoded JSON value as a language tag. See the package
// documentation for the spellings it reads.
func Read(v any, opts Options) agentinput.Outcome[language.Tag] {
	switch x := v.(type) {
	case string:
		return readString(v, x)
	case nil:
		return invalid(v, agentinput.AskWrongType, "null is not a language tag")
	case bool:
		return invalid(v, agentinput.AskWrongType, "a language tag is never a boolean")
	case []any:
		return invalid(v, agentinput.AskWrongType, "a language tag is never an array")
	case map[string]any:
		return invalid(v, agentinput.AskWrongType, "a language tag is never an object")
	case json.Number, float64, float32, int, int8, int16, int32, int64, uint, uint8, uint16, uint32, uint64:
		return invalid(v, agentinput.AskWrongType, "a language tag is never a number")
	default:
		return invalid(v, agentinput.AskWrongType, "it is not a JSON value a language tag is read from")
	}
}

func readString(v any, s string) agentinput.Outcome[language.Tag] {
	if len(s) > agentinput.MaxScalarBytes {
		return invalid(v, agentinput.AskTooLarge,
			"it is longer than "+strconv.Itoa(agentinput.MaxScalarBytes)+" bytes, the most a language tag is read from")
	}
	if !utf8.ValidString(s) {
		return invalid(v, agentinput.AskInvalid, "it is not valid UTF-8")
	}
	t, trimmed := spelling.Trim(s)
	var notes agentinput.Notes
	if trimmed {
		notes.AddStep(agentinput.NoteTrimmed, agentinput.Text(s), agentinput.Text(t), "")
	}
	if t == "" {
		return invalid(v, agentinput.AskInvalid, "it is empty")
	}
	if reason := spelling.Hidden(t); reason != "" {
		return invalid(v, agentinput.AskInvalid, reason)
	}
	if len(t) >= 5 && (t[2] == '-' || t[2] == '_') && mayBeDoubled(t) {
		if o, ok := doubledRegion(v, t); ok {
			return o
		}
	}
	if tag, ok := canonicalAssigned(t); ok {
		// The commonest spelling: a canonical tag whose region, if any,
		// is a country's assigned code, which readRegion would keep.
		return agentinput.Value(tag, notes)
	}
	if strings.IndexAny(t, "-_") > 0 {
		fixed, reason, ask, asked := readRegion(v, t)
		if asked {
			return ask
		}
		if fixed != t {
			// The tag with the country's code, read as any tag is; the
			// replacement is a note before its own.
			notes.AddStep(agentinput.NoteAliasCode, agentinput.Text(t), agentinput.Text(fixed), reason)
			return readString(v, fixed).WithNotes(notes)
		}
	}
	if tag, ok := canonical(t, true); ok {
		return agentinput.Value(tag, notes)
	}
	if tag, reason, ok := underscoreOrCase(t); ok {
		notes.Add(agentinput.NoteForm, agentinput.Text(t), reason)
		return agentinput.Value(tag, notes)
	}
	if codeShaped(t) && !oneLongWord(t) {
		if o, ok := readCode(v, t, notes); ok {
			return o
		}
	}
	return readName(v, t, notes)
}

// canonical is the fast path: a tag already in canonical form whose
// language code has one reading. With own, a code that is also a
// country's reads as its language too: a canonical tag is a fixed point
// ("br" is Breton, "chn" Chinook jargon), and so is another case of it
// but the language code in capitals ("BR" is written as a country's code
// and is asked about, readCode), except the codes of askedAsCanonical.
func canonical(s string, own bool) (language.Tag, bool) {
	for i := 0; i < len(s); i++ {
		if c := s[i]; !isLetter(c) && !(c >= '0' && c <= '9') && c != '-' {
			return language.Und, false
		}
	}
	first, _, _ := strings.Cut(s, "-")
	if len(first) < 2 || len(first) > 3 || first == "und" || !allLower(first) {
		return language.Und, false
	}
	if rs, reason := codeReadings(first); reason != "" || len(rs) != 1 || rs[0].tag != first {
		if !own || strings.Contains(askedAsCanonical, " "+first+" ") || !ownLanguage(rs, first) {
			return language.Und, false
		}
	}
	tag, err := parseTag(s)
	if err != nil || !spells(tag, s) {
		return language.Und, false
	}
	return tag, true
}

// parseTag is language.Parse(s), the one way this package parses a tag
// but its index's build. A language code in lower case alone or with a
// region of two letters ("cs", "cs-CZ", readCode's "cs-cz"), nearly every
// tag sent and every tag a name reads as, is composed from its parts,
// which costs a third of
// parsing it and allocates nothing; x/text canonicalizes a composed tag
// as it does a parsed one (TestParseTagAgrees).
func parseTag(s string) (language.Tag, error) {
	code, region := s, ""
	if n := len(s); n >= 5 && s[n-3] == '-' {
		code, region = s[:n-3], s[n-2:]
	}
	return parseParts(code, region, func() string { return s })
}

// parseParts is parseTag of a language code and a region ("" for none)
// joined by '-', which whole spells only when they are not composed.
func parseParts(code, region string, whole func() string) (language.Tag, error) {
	if len(code) < 2 || len(code) > 3 || !allLetters(code) || !allLower(code) ||
		region != "" && (len(region) != 2 || !allLetters(region)) {
		return language.Parse(whole())
	}
	base, err := language.ParseBase(code)
	if err != nil {
		return language.Parse(whole())
	}
	if region == "" {
		if tag, err := language.Compose(base); err == nil {
			return tag, nil
		}
		return language.Parse(whole())
	}
	r, err := language.ParseRegion(region)
	if err != nil {
		return language.Parse(whole())
	}
	if tag, err := language.Compose(base, r); err == nil {
		return tag, nil
	}
	return language.Parse(whole())
}

// canonicalAssigned is canonical(s, true) for a tag of the shape a
// canonical tag nearly always has, a language code, an optional script
// and an optional region of two letters ("cs", "cs-CZ", "zh-Hant-TW"),
// when its region is a country's assigned ISO 3166-1 code: readRegion
// keeps such a tag as it is, so it is read as canonical without it. Any
// other spelling reports false, for readString's general way.
func canonicalAssigned(s string) (language.Tag, bool) {
	i := 0
	for i < len(s) && 'a' <= s[i] && s[i] <= 'z' {
		i++
	}
	if i < 2 || i > 3 {
		return language.Und, false
	}
	rest := s[i:]
	if len(rest) >= 5 && rest[0] == '-' && isUpperByte(rest[1]) && allLower(rest[2:5]) && (len(rest) == 5 || rest[5] == '-') {
		rest = rest[5:] // a script, "-Hant"
	}
	switch {
	case rest == "":
	case len(rest) == 3 && rest[0] == '-' && isUpperByte(rest[1]) && isUpperByte(rest[2]):
		if _, ok := country.Code(rest[1:]); !ok {
			return language.Und, false
		}
	default:
		return language.Und, false
	}
	return canonical(s, true)
}

// spells reports whether s is tag.String(), without building the string
// for a tag of a language, a script and a region only, as x/text writes
// it: the language, then "-" and the script and "-" and the region when
// the tag has them.
func spells(tag language.Tag, s string) bool {
	if tag.Variants() != nil || tag.Extensions() != nil {
		return tag.String() == s
	}
	base, script, region := tag.Raw()
	rest, ok := strings.CutPrefix(s, base.String())
	if ok && script != (language.Script{}) {
		rest, ok = cutSubtag(rest, script.String())
	}
	if ok && region != (language.Region{}) {
		rest, ok = cutSubtag(rest, region.String())
	}
	return ok && rest == ""
}

// cutSubtag returns s after a leading "-" and sub, and whether s began so.
func cutSubtag(s, sub string) (string, bool) {
	if len(s) < 1+len(sub) || s[0] != '-' || s[1:1+len(sub)] != sub {
		return s, false
	}
	return s[1+len(sub):], true
}

// askedAsCanonical are the canonical language codes that are asked about
// although a canonical tag is otherwise a fixed point: Northern Sami's
// "se" is far more often Sweden's code written for Swedish (the spec's
// example). Its readings are "sv" and "sme", which reads as se.
const askedAsCanonical = " se "

// allLower reports whether s has no upper-case ASCII letter, without
// allocating.
func allLower(s string) bool {
	for i := 0; i < len(s); i++ {
		if isUpperByte(s[i]) {
			return false
		}
	}
	return true
}

func isUpperByte(c byte) bool { return 'A' <= c && c <= 'Z' }

// allUpper reports whether s has no lower-case ASCII letter, without
// allocating (strings.ToUpper would).
func allUpper(s string) bool {
	for i := 0; i < len(s); i++ {
		if 'a' <= s[i] && s[i] <= 'z' {
			return false
		}
	}
	return true
}

// ownLanguage reports whether the readings of a code hold the code's own
// language, as the canonical tag of it.
func ownLanguage(rs []firstReading, code string) bool {
	for _, r := range rs {
		if r.tag == code && r.country == "" {
			return true
		}
	}
	return false
}

// maxFast is the longest tag the fast paths take: longer than any tag of
// a language, a script, a region and a variant.
const maxFast = 32

// underscoreOrCase is the fast path of the commonest repair: a tag whose
// only faults are underscores and letter case ("cs_CZ", "EN-us"). It
// writes the tag in canonical case into a stack buffer and takes it when
// canonical takes it; anything else goes the general way.
func underscoreOrCase(s string) (language.Tag, string, bool) {
	if len(s) > maxFast || len(s) < 2 {
		return language.Und, "", false
	}
	var buf [maxFast]byte
	underscore, recased := false, false
	start, index := 0, 0
	singleton := false
	for i := 0; i <= len(s); i++ {
		if i < len(s) && s[i] != '-' && s[i] != '_' {
			c := s[i]
			if !isLetter(c) && !(c >= '0' && c <= '9') {
				return language.Und, "", false
			}
			continue
		}
		// The subtag s[start:i], number index.
		n := i - start
		if n == 0 {
			return language.Und, "", false
		}
		for j := start; j < i; j++ {
			c := s[j]
			lower := c | 0x20
			if c >= '0' && c <= '9' {
				lower = c
			}
			want := lower
			switch {
			case index == 0 || singleton:
			case n == 4 && j == start && isLetter(c):
				want = lower - ('a' - 'A')
			case n == 2 && isLetter(s[start]) && isLetter(s[start+1]):
				want = lower - ('a' - 'A')
			}
			if want != c {
				recased = true
			}
			buf[j] = want
		}
		if n == 1 && index > 0 {
			singleton = true
		}
		if i < len(s) {
			if s[i] == '_' {
				underscore = true
			}
			buf[i] = '-'
		}
		start = i + 1
		index++
	}
	if (!underscore && !recased) || index == 1 {
		// Nothing to repair, or one subtag: a word in another case may
		// be a language's name ("Ga"), which the general path asks about.
		return language.Und, "", false
	}
	// A code in capitals ("BR", "BR_FR") is written as a country's: only
	// another case reads as a language whose code is also a country's
	// ("Br", "br_FR").
	first := s
	if i := strings.IndexAny(s, "-_"); i >= 0 {
		first = s[:i]
	}
	tag, ok := canonical(string(buf[:len(s)]), !allUpper(first))
	if !ok {
		return language.Und, "", false
	}
	switch {
	case underscore && recased:
		return tag, "underscore, letter case", true
	case underscore:
		return tag, "underscore", true
	}
	return tag, "letter case", true
}

// codeShaped reports whether s can be a tag: ASCII letters, digits, '-'
// and '_', and a POSIX suffix after '.' or '@'.
func codeShaped(s string) bool {
	if !isLetter(s[0]) {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !isLetter(c) && !(c >= '0' && c <= '9') && c != '-' && c != '_' && c != '.' && c != '@' {
			return false
		}
	}
	return true
}

// oneLongWord reports whether the code-shaped s is one word of four or
// more letters and digits that is no POSIX locale name: readCode reads
// no code from it and hands it to readName, which it goes to directly.
func oneLongWord(s string) bool {
	return len(s) >= 4 && !strings.ContainsAny(s, "-_.@") &&
		!strings.EqualFold(s, "posix") && !strings.EqualFold(s, "root")
}

// posixModifier returns the script or variant a POSIX locale modifier
// (after '@') names: "" for "euro", which names a currency and is dropped;
// ok false for a modifier this package does not know.
func posixModifier(m string) (sub string, ok bool) {
	switch strings.ToLower(m) {
	case "euro":
		return "", true
	case "latin":
		return "Latn", true
	case "cyrillic":
		return "Cyrl", true
	case "devanagari":
		return "Deva", true
	case "arabic":
		return "Arab", true
	case "valencia":
		return "valencia", true
	}
	return "", false
}

// readCode reads a spelling shaped like a tag. It reports false when the
// spelling is a single word that is no code, for readName to try.
func readCode(v any, t string, notes agentinput.Notes) (agentinput.Outcome[language.Tag], bool) {
	from := agentinput.Text(t)
	var formReasons []string

	// A POSIX suffix: ".UTF-8", "@euro", ".ISO-8859-1@euro".
	body, suffix := t, ""
	if i := strings.IndexAny(t, ".@"); i >= 0 {
		body, suffix = t[:i], t[i:]
	}
	modifier := ""
	if suffix != "" {
		codeset, mod, hasMod := strings.Cut(suffix, "@")
		if hasMod {
			m, ok := posixModifier(mod)
			if !ok {
				return invalid(v, agentinput.AskInvalid, "the POSIX modifier @"+agentinput.Cut(mod)+" names no script or variant"), true
			}
			modifier = m
		}
		if codeset != "" && (len(codeset) < 2 || strings.ContainsAny(codeset[1:], ".@")) {
			return invalid(v, agentinput.AskInvalid, "it is not a BCP 47 language tag"), true
		}
		formReasons = append(formReasons, "POSIX suffix "+suffix)
	}
	if body == "" {
		return invalid(v, agentinput.AskInvalid, "it is not a BCP 47 language tag"), true
	}
	if strings.Contains(body, "_") {
		formReasons = append(formReasons, "underscore")
	}
	subs := strings.FieldsFunc(body, func(r rune) bool { return r == '-' || r == '_' })
	if len(subs) == 0 || strings.Contains(body, "--") || strings.Contains(body, "__") ||
		strings.HasPrefix(body, "-") || strings.HasSuffix(body, "-") || strings.HasSuffix(body, "_") {
		return invalid(v, agentinput.AskInvalid, "it is not a BCP 47 language tag"), true
	}
	first := strings.ToLower(subs[0])
	switch {
	case first == "c" || first == "posix":
		return invalid(v, agentinput.AskInvalid, "the POSIX "+subs[0]+" locale names no language"), true
	case first == "und" || first == "root":
		return invalid(v, agentinput.AskInvalid, first+" names no language"), true
	}

	// The first subtag's readings: a language code, a country code used as
	// a language code, or (in "English_US") a language's name.
	var readings []firstReading
	reason := ""
	byName := false
	switch {
	case len(first) >= 2 && len(first) <= 3 && allLetters(first):
		readings, reason = codeReadings(first)
		if len(readings) == 0 && len(subs) == 1 && suffix == "" && len(lookupName(t)) > 0 {
			// No code of a language this package knows, but a language's
			// name: "Laz", "asu".
			return agentinput.Outcome[language.Tag]{}, false
		}
		if reason != "" && !allUpper(subs[0]) && ownLanguage(readings, first) && !strings.Contains(askedAsCanonical, " "+first+" ") {
			// Not in capitals, a language's own code is its language, as
			// its canonical tag is: "Ps", "br_FR" (canonical).
			readings, reason = []firstReading{{tag: first, code: first}}, ""
		}
		if len(subs) == 1 && suffix == "" {
			// "UK" in capitals is written as a country's code: the
			// United Kingdom's English, or Ukrainian.
			readings, reason = addCapitalsCountry(t, readings, reason)
		}
		if len(subs) == 2 && subs[0] == subs[1] {
			// "SH-SH", the country's code written twice for its locale
			// (doubled.go), when doubledRegion left it to the code's own
			// readings: St Helena's English among Serbo-Croatian's.
			readings, reason = addCapitalsCountry(subs[0], readings, reason)
		}
		if len(subs) == 1 && suffix == "" && t != strings.ToLower(t) {
			// "Ga" may be the name of the language gaa; "ga" is a code.
			readings, reason = addShortName(t, readings, reason)
		}
	case len(first) >= 4 && allLetters(first) && len(subs) > 1:
		if suffix == "" && len(lookupName(body)) > 0 {
			return agentinput.Outcome[language.Tag]{}, false // a name: "Komi-Permyak"
		}
		for _, tag := range lookupName(first) {
			readings = append(readings, firstReading{tag: tag})
		}
		if len(readings) > 1 {
			reason = "the name " + strconv.Quote(subs[0]) + " has several meanings"
		}
		byName = true
	}
	if reason != "" && len(readings) > 1 {
		readings, reason = pruneByRegion(readings, reason, subs[1:])
	}
	if len(readings) == 0 {
		if suffix == "" && (len(first) >= 4 || isForeignName(t)) {
			return agentinput.Outcome[language.Tag]{}, false // words: readName ("Goa-Konkani" in German)
		}
		return invalid(v, agentinput.AskInvalid, notACode(subs[0])), true
	}

	// Build each reading's whole tag.
	rest := make([]string, 0, len(subs)+1)
	for _, s := range subs[1:] {
		rest = append(rest, strings.ToLower(s))
	}
	tags := make([]language.Tag, 0, len(readings))
	kept := make([]firstReading, 0, len(readings)) // readings may be codeReadings' cached slice
	for _, r := range readings {
		tag, ok := compose(r.composeFrom(), rest, modifier)
		if !ok && byName {
			return agentinput.Outcome[language.Tag]{}, false // words: readName
		}
		if !ok && suffix == "" && isForeignName(t) {
			return agentinput.Outcome[language.Tag]{}, false // words: readName ("bas-prussien" in French)
		}
		if !ok {
			return invalid(v, agentinput.AskInvalid, "it is not a BCP 47 language tag"), true
		}
		if !knownTag(tag) {
			// The rest replaced the language by one this package does
			// not know ("ar-aao" is aao).
			continue
		}
		if len(rest) > 0 && reason != "" && !readsBack(tag) {
			// An ask's reading reads as a value when sent back: "CC-YU"
			// (the Cocos Islands' English, in Yugoslavia) offers no "en-YU".
			continue
		}
		tags, kept = append(tags, tag), append(kept, r)
	}
	dropped := len(kept) < len(readings)
	readings = kept
	switch {
	case len(tags) == 0 && byName:
		return agentinput.Outcome[language.Tag]{}, false // words: readName
	case len(tags) == 0:
		return invalid(v, agentinput.AskInvalid, strconv.Quote(body)+" is not the tag of a language this reader knows"), true
	case dropped && len(tags) == 1 && readings[0].country == "" && readings[0].code != "":
		// The code's own language, its country's reading gone; a country's
		// language alone stays an ask.
		reason = ""
	}
	if reason != "" {
		rs := make([]agentinput.Reading, len(tags))
		for i, tag := range tags {
			rs[i] = agentinput.Reading{Value: quoteTag(tag), Meaning: readings[i].meaning(tag)}
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

	tag := tags[0]
	if byName {
		notes.Add(agentinput.NoteName, from, "")
		return agentinput.Value(tag, notes), true
	}
	cased := caseForm(subs)
	if cased != strings.ReplaceAll(body, "_", "-") {
		formReasons = append(formReasons, "letter case")
	}
	if modifier != "" {
		cased = canonicalOrEmpty(cased, modifier)
	}
	alias := aliasReason(first, cased, tag)
	switch {
	case len(formReasons) > 0 && alias != "":
		notes.AddStep(agentinput.NoteForm, from, agentinput.Text(cased), strings.Join(formReasons, ", "))
		notes.Add(agentinput.NoteAliasCode, agentinput.Text(cased), alias)
	case len(formReasons) > 0:
		notes.Add(agentinput.NoteForm, from, strings.Join(formReasons, ", "))
	case alias != "":
		notes.Add(agentinput.NoteAliasCode, from, alias)
	}
	return agentinput.Value(tag, notes), true
}

// notACode says why a first subtag of two or three letters has no
// reading: it is the code of no language, or of one this package does
// not know ("all" is Allar's code, a language CLDR does not name).
func notACode(sub string) string {
	if _, err := language.ParseBase(sub); err == nil {
		return strconv.Quote(sub) + " is not the code of a language this reader knows"
	}
	return strconv.Quote(sub) + " is not a language code"
}

// pruneByRegion drops, from the readings of a first subtag that is both a
// language's code and a country's, the country reading when the tag names
// another region whose main language is one of the other readings: in
// "in_ID", "in" is Indonesian (the language of Indonesia), not Hindi, the
// language of India. The country reading of the tag's own region stays
// ("se_SE": Swedish or Northern Sami).
func pruneByRegion(readings []firstReading, reason string, rest []string) ([]firstReading, string) {
	var region string
	for _, s := range rest {
		if len(s) == 1 {
			break
		}
		if len(s) == 2 && allLetters(s) {
			region = strings.ToUpper(s)
			break
		}
	}
	if region == "" {
		return readings, reason
	}
	main := regionLanguage(region)
	found := false
	for _, r := range readings {
		found = found || (r.country == "" && main != "" && baseOf(r.tag) == baseOf(main))
	}
	if !found {
		return readings, reason
	}
	var kept []firstReading
	for _, r := range readings {
		if r.country == "" || r.country == region {
			kept = append(kept, r)
		}
	}
	if len(kept) == 1 && kept[0].country == "" {
		return kept, ""
	}
	return kept, reason
}

// canonicalOrEmpty returns the case form with a POSIX modifier's script
// or variant in place, as the note's intermediate spelling.
func canonicalOrEmpty(cased, modifier string) string {
	subs := strings.Split(cased, "-")
	if len(modifier) == 4 {
		out := append([]string{subs[0], modifier}, subs[1:]...)
		return strings.Join(out, "-")
	}
	return cased + "-" + modifier
}

// compose parses the tag of one reading of the first subtag with the rest
// of the subtags and a POSIX modifier's script or variant.
func compose(first string, rest []string, modifier string) (language.Tag, bool) {
	parts := append([]string{first}, rest...)
	if modifier != "" {
		if len(modifier) == 4 {
			// The script goes right after the language.
			parts = append([]string{first, modifier}, rest...)
		} else {
			parts = append(parts, modifier)
		}
	}
	var tag language.Tag
	var err error
	if len(parts) == 2 && len(parts[1]) == 2 {
		// A language and a region, "cs" and "cz": parseTag of the two
		// joined, without joining them.
		tag, err = parseParts(parts[0], parts[1], func() string { return parts[0] + "-" + parts[1] })
	} else {
		tag, err = parseTag(strings.Join(parts, "-"))
	}
	if err != nil {
		return language.Und, false
	}
	if b, _ := tag.Base(); b.String() == "und" {
		return language.Und, false
	}
	return tag, true
}

// caseForm writes subtags in BCP 47's canonical case, joined by '-':
// the language lower, a four-letter script title, a two-letter or
// three-digit region upper, everything else (and anything after a
// singleton) lower.
func caseForm(subs []string) string {
	var b strings.Builder
	singleton := false
	for i, s := range subs {
		if i > 0 {
			b.WriteByte('-')
		}
		low := strings.ToLower(s)
		switch {
		case i == 0 || singleton:
			b.WriteString(low)
		case len(s) == 1:
			singleton = true
			b.WriteString(low)
		case len(s) == 4 && allLetters(s):
			b.WriteString(strings.ToUpper(low[:1]) + low[1:])
		case len(s) == 2 && allLetters(s):
			b.WriteString(strings.ToUpper(s))
		default:
			b.WriteString(low)
		}
	}
	return b.String()
}

// aliasReason says why the canonical tag differs from the tag as sent in
// canonical case, or "" when it does not: a three-letter or deprecated
// language code, or a subtag x/text replaces silently ("en-UK").
func aliasReason(first, cased string, tag language.Tag) string {
	canonical := tag.String()
	if cased == canonical {
		return ""
	}
	if t, err := parseTag(first); err == nil && t.String() != first {
		if len(first) == 3 {
			return first + " is the three-letter code of " + t.String()
		}
		return first + " is a deprecated code of " + t.String()
	}
	region, _ := tag.Region()
	for _, sub := range strings.Split(cased, "-")[1:] {
		if len(sub) == 1 {
			break
		}
		if (len(sub) == 2 && allLetters(sub) || len(sub) == 3 && !allLetters(sub)) && sub != region.String() {
			return sub + " is a deprecated code of the region " + region.String()
		}
	}
	return "the canonical form of " + cased
}

// quoteTag is the JSON text of the reading of t: its spelling (spell).
func quoteTag(t language.Tag) json.RawMessage {
	s := spell(t)
	if plainJSON(s) {
		// Letters, digits and '-', as a tag is spelled: nothing to escape.
		b := make([]byte, 0, len(s)+2)
		return append(append(append(b, '"'), s...), '"')
	}
	b, _ := json.Marshal(s)
	return b
}

// plainJSON reports whether s is ASCII letters, digits and '-' only,
// which a JSON string holds as they are.
func plainJSON(s string) bool {
	for i := 0; i < len(s); i++ {
		if c := s[i]; !isLetter(c) && !(c >= '0' && c <= '9') && c != '-' {
			return false
		}
	}
	return true
}

// readName reads a language's name: English, native, an alias, or a
// language name with a script or a region in parentheses or after a comma
// ("Portuguese (Brazil)", "Chinese, Traditional").
func readName(v any, t string, notes agentinput.Notes) agentinput.Outcome[language.Tag] {
	from := agentinput.Text(t)
	if strings.Count(t, "(") > 1 || strings.Count(t, ")") > 1 {
		return invalid(v, agentinput.AskInvalid, "it is not a language tag or the name of a language")
	}
	tags, doubt := lookupNames(t)
	if rest, ok := spelling.Negation(t); ok && negates(tags, lookupTags(rest)) {
		// "-Czech", "not German": a language cannot be excluded, and the
		// mark must not be folded away into the name it inverts.
		return invalid(v, agentinput.AskInvalid, "it is led by a mark or word that excludes or inverts what follows; "+
			"a property names one language and cannot exclude one")
	}
	switch len(tags) {
	case 0:
		return invalid(v, agentinput.AskInvalid, "it is not a language tag or the name of a language")
	case 1:
		if doubt != "" {
			break
		}
		tag, _ := parseTag(tags[0])
		reason := ""
		if name := englishName(tags[0]); !sameKey(name, t) {
			reason = name
		}
		notes.Add(agentinput.NoteName, from, reason)
		return agentinput.Value(tag, notes)
	}
	rs := make([]agentinput.Reading, len(tags))
	for i, s := range tags {
		tag, _ := parseTag(s)
		rs[i] = agentinput.Reading{Value: quoteTag(tag), Meaning: englishName(s)}
	}
	return agentinput.Asking[language.Tag](agentinput.Ask{
		Code:     agentinput.AskAmbiguous,
		Received: agentinput.Received(v),
		Reason:   namesReason(doubt),
		Expected: expected,
		Hint:     hintFor(rs),
		Readings: rs,
	})
}

// namesReason is the reason of an ask about the tags a name names, with
// lookupNames' doubt.
func namesReason(doubt string) string {
	if doubt != "" {
		return doubt
	}
	return "it names several languages"
}

// lookupTags returns lookupNames' tags, sure or not.
func lookupTags(t string) []string {
	tags, _ := lookupNames(t)
	return tags
}

// negates reports whether a negated name's tags are those the rest alone
// names (the mark was folded away), or it names nothing and the rest does.
func negates(whole, rest []string) bool {
	return len(rest) > 0 && (len(whole) == 0 || slices.Equal(whole, rest))
}

// lookupNames returns the tags a name names: a language's name, a
// composite ("Portuguese (Brazil)") or a regional name. doubt is not empty
// when the tags are readings of a region the country kind asks about: then
// even one tag is not a value, and doubt says why.
func lookupNames(t string) (tags []string, doubt string) {
	if tags = lookupName(t); len(tags) > 0 {
		return tags, ""
	}
	if tags, doubt = lookupComposite(t); len(tags) > 0 {
		return tags, doubt
	}
	if tags, doubt = lookupRegional(t); len(tags) > 0 {
		return tags, doubt
	}
	if tags = lookupLanguageWord(t); len(tags) > 0 {
		return tags, ""
	}
	return lookupForeign(t)
}

// lookupLanguageWord reads a language's name with its own word for
// "language" before or after it (languageWords): "Bahasa Indonesia" is
// the name "Indonesia", "magyar nyelv" the name "magyar".
func lookupLanguageWord(t string) []string {
	if t == "" || strings.IndexByte(t, ' ') < 0 && t[0] < utf8.RuneSelf || strings.Count(t, " ") > 4 {
		// One word of ASCII: no word for "language" beside a name, and no
		// joined one (Thai, Lao, Khmer) at its start; more than five words
		// are a sentence, not a name.
		return nil
	}
	first, last := "", ""
	if i := strings.IndexByte(t, ' '); i > 0 {
		first = key(t[:i])
		last = key(t[strings.LastIndexByte(t, ' ')+1:])
	}
	for i, w := range languageWords {
		rest, ok := "", false
		switch {
		case w.joined:
			rest, ok = strings.CutPrefix(t, w.word)
		case first == "":
		case w.before && first == languageWordKeys()[i]:
			rest, ok = t[strings.IndexByte(t, ' ')+1:], true
		case !w.before && last == languageWordKeys()[i]:
			rest, ok = t[:strings.LastIndexByte(t, ' ')], true
		}
		if rest = strings.TrimSpace(rest); ok && rest != "" {
			if tags := lookupName(rest); len(tags) > 0 {
				return tags
			}
		}
	}
	return nil
}

// languageWordKeys are the keys of languageWords, in its order.
var languageWordKeys = sync.OnceValue(func() []string {
	out := make([]string, len(languageWords))
	for i, w := range languageWords {
		out[i] = key(w.word)
	}
	return out
})

// lookupComposite reads "Language (Script or Region)" and "Language,
// Script or Region"; the language may be a code ("en (US)").
func lookupComposite(t string) (tags []string, doubt string) {
	var x, y string
	var langs []string
	switch {
	case strings.HasSuffix(t, ")") && strings.LastIndexByte(t, '(') > 0:
		i := strings.LastIndexByte(t, '(')
		x, y = t[:i], t[i+1:len(t)-1]
		langs = languagesOf(x)
	case strings.LastIndexByte(t, ',') > 0:
		// After a comma only a language's name: "en, fr" is two
		// languages, not English as spoken in France.
		i := strings.LastIndexByte(t, ',')
		x, y = t[:i], t[i+1:]
		langs = lookupName(x)
	default:
		return nil, ""
	}
	if len(langs) == 0 {
		return nil, ""
	}
	if code := strings.TrimSpace(y); len(code) > 3 || strings.ToUpper(code) != code {
		if same := languagesOf(y); len(same) > 0 && slices.Equal(same, langs) {
			// The language's own code in lower case, or another name of
			// it, beside its name ("Slovak (sk)", "Slovenčina (Slovak)"):
			// the language, no region. In capitals a code is a country's
			// ("Slovak (SK)" is sk-SK).
			return langs, ""
		}
	}
	if sc := lookupScript(y); sc != "" {
		return composeEach(langs, []string{sc}), ""
	}
	regions, doubt := regionsOf(y)
	return composeEach(langs, regions), doubt
}

// regionConnective reports whether w joins a language's name to its
// region's: "of", "from", and the Romance "de", "do", "da", "du", "del".
func regionConnective(w string) bool {
	switch strings.ToLower(w) {
	case "of", "from", "de", "do", "da", "du", "del":
		return true
	}
	return false
}

// languagesOf returns the tags a language's name names, or the language a
// bare language code is ("en"), when it reads as that language alone.
func languagesOf(x string) []string {
	if langs := lookupName(x); len(langs) > 0 {
		return langs
	}
	x = strings.TrimSpace(x)
	if (len(x) != 2 && len(x) != 3) || !allLetters(x) {
		return nil
	}
	if rs, reason := codeReadings(strings.ToLower(x)); len(rs) == 1 && reason == "" && rs[0].country == "" {
		return []string{rs[0].tag}
	}
	return nil
}

// regionsOf returns the region codes a country's code or name y names:
// one, or each an ambiguous name names.
//
// doubt is not empty when the country kind asks about y: then even one
// code is a reading ("Indian" is only part of "British Indian Ocean
// Territory"), never a value, and doubt says why.
func regionsOf(y string) (codes []string, doubt string) {
	o := country.Read(y, country.Options{})
	if code, ok := o.Value(); ok {
		return []string{code}, ""
	}
	var out []string
	a, ok := o.Ask()
	if ok && a.Code == agentinput.AskAmbiguous {
		for _, r := range a.Readings {
			var code string
			if json.Unmarshal(r.Value, &code) == nil {
				out = append(out, code)
			}
		}
	}
	if len(out) == 0 {
		return nil, ""
	}
	return out, "its region " + strconv.Quote(strings.TrimSpace(y)) + " is not certain: " + a.Reason
}

// composeEach composes every language of langs with every script or
// region of subtags, each tag once.
func composeEach(langs, subtags []string) []string {
	var out []string
	for _, l := range langs {
		for _, sub := range subtags {
			base, err := parseTag(l)
			if err != nil {
				continue
			}
			var tag language.Tag
			if len(sub) == 4 {
				sc, err := language.ParseScript(sub)
				if err != nil {
					continue
				}
				tag, err = language.Compose(base, sc)
				if err != nil {
					continue
				}
			} else {
				reg, err := language.ParseRegion(sub)
				if err != nil {
					continue
				}
				tag, err = language.Compose(base, reg)
				if err != nil {
					continue
				}
			}
			if s := tag.String(); !contains(out, s) {
				out = append(out, s)
			}
		}
	}
	return out
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// hintFor names the exact spellings to send: `Send "cs" if you mean
// Czech`, or `Send one of "sv" or "sme"`.
func hintFor(rs []agentinput.Reading) string {
	if len(rs) == 1 {
		return "Send " + string(rs[0].Value) + " if you mean " + rs[0].Meaning
	}
	return "Send the tag you mean: " + joinValues(rs)
}

// joinValues lists the readings' values: `"a", "b" or "c"`.
func joinValues(rs []agentinput.Reading) string {
	var b strings.Builder
	for i, r := range rs {
		switch {
		case i == 0:
		case i == len(rs)-1:
			b.WriteString(" or ")
		default:
			b.WriteString(", ")
		}
		b.Write(r.Value)
	}
	return b.String()
}

func invalid(v any, code agentinput.AskCode, reason string) agentinput.Outcome[language.Tag] {
	return agentinput.Asking[language.Tag](agentinput.Ask{
		Code:     code,
		Received: agentinput.Received(v),
		Reason:   reason,
		Expected: expected,
		Hint:     hint,
	})
}

func isLetter(c byte) bool { return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' }

func allLetters(s string) bool {
	for i := 0; i < len(s); i++ {
		if !isLetter(s[i]) {
			return false
		}
	}
	return s != ""
}
