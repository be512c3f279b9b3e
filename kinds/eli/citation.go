package eli

import (
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"

	"agentinput.dev/agentinput"
	"agentinput.dev/internal/spelling"
)

// token is a word of a citation, or one punctuation mark: ( ) , ; [ ].
type token struct {
	text  string
	punct bool
}

// maxTokens bounds the words of a citation the reader looks at: a string
// within MaxScalarBytes has at most about 500 words.
const maxTokens = agentinput.MaxScalarBytes/2 + 1

// tokenize splits s at whitespace and punctuation, and after a dot that
// a digit follows ("č.89/2012" is "č." and "89/2012"). A citation longer
// than out's buffer gets one allocation of about the size it needs
// (tokenHint), not a slice that doubles as it fills.
func tokenize(s string, out []token) []token {
	if n := tokenHint(s); n > cap(out) {
		out = make([]token, 0, n)
	}
	start := -1
	flush := func(end int) {
		if start >= 0 {
			out = append(out, token{text: s[start:end]})
			start = -1
		}
	}
	for i, r := range s {
		switch {
		case isSpace(r):
			flush(i)
		case r == '(' || r == ')' || r == ',' || r == ';' || r == '[' || r == ']':
			flush(i)
			out = append(out, token{text: s[i : i+1], punct: true})
		default:
			if start < 0 {
				start = i
			}
			if r == '.' && i+1 < len(s) && s[i+1] >= '0' && s[i+1] <= '9' {
				flush(i + 1)
			}
		}
	}
	flush(len(s))
	return out
}

// isSpace is spelling.IsSpace, with ASCII answered without a call: a
// citation's spaces are nearly all ASCII, and tokenize asks of each
// character.
func isSpace(r rune) bool {
	if r < utf8.RuneSelf {
		return r == ' ' || ('\t' <= r && r <= '\r')
	}
	return spelling.IsSpace(r)
}

// tokenHint is about how many tokens s has: one more than its ASCII
// spaces and marks. A capacity, not a count: runs of spaces count more,
// Unicode spaces and dots before digits none (append grows the slice for
// those).
func tokenHint(s string) int {
	n := 1
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case ' ', '\t', '\n', '(', ')', ',', ';', '[', ']':
			n++
		}
	}
	return n
}

// isIDWord reports whether a word is shaped like an act's number, a digit
// and a slash: "2016/679", "95/46/EC".
func isIDWord(w string) bool {
	return w != "" && w[0] >= '0' && w[0] <= '9' && strings.IndexByte(w, '/') > 0
}

// citation is what a citation says.
type citation struct {
	base, form string // "" when it does not say
	union      bool   // an EU marker: "(EU)", "/EC"
	czech      bool   // "Sb."
	a, b       string // the two numbers, as written
	tail       bool   // words after the number (a title)
}

// readCitation reads t, trimmed and free of hidden characters, as a
// citation of one act.
func readCitation(v any, t string, notes agentinput.Notes) agentinput.Outcome[ELI] {
	var buf [16]token
	toks := tokenize(t, buf[:0])
	if len(toks) > maxTokens {
		return invalid(v, agentinput.AskTooLarge, "it has more words than a citation of one act", "")
	}
	id := -1
	for i, tk := range toks {
		if !tk.punct && isIDWord(tk.text) {
			id = i
			break
		}
	}
	if id < 0 {
		return invalid(v, agentinput.AskInvalid, "it is neither an ELI URI nor a citation with an act's number and year (\"2016/679\", \"89/2012 Sb.\")", "")
	}
	var c citation
	head, tail := toks[:id], toks[id+1:]
	idText := toks[id].text
	if glued, rest := splitGlued(idText); rest != "" {
		// "89/2012Sb.": the collection's mark written onto the number.
		idText = glued
		tail = append([]token{{text: rest}}, tail...)
	}
	if reason := c.scanID(idText); reason != "" {
		return invalid(v, agentinput.AskInvalid, reason, "")
	}
	coll := false // "Coll.", the collection's English name
	if len(tail) > 0 && !tail[0].punct {
		switch {
		case foldIs(tail[0].text, "sb") || foldIs(tail[0].text, "coll"):
			coll = foldIs(tail[0].text, "coll")
			c.czech = true
			tail = tail[1:]
			if len(tail) >= 2 && foldIs(tail[0].text, "m") && foldIs(tail[1].text, "s") {
				return invalid(v, agentinput.AskInvalid, reasonTreaties, "")
			}
		case strings.HasPrefix(spelling.Fold(tail[0].text), "sb "):
			return invalid(v, agentinput.AskInvalid, reasonTreaties, "")
		}
	}
	if reason := c.scanHead(head); reason != "" {
		return invalid(v, agentinput.AskInvalid, reason, "")
	}
	if reason := c.scanTail(tail); reason != "" {
		return invalid(v, agentinput.AskInvalid, reason, "")
	}
	var rbuf [8]reading
	readings, reason := c.readings(rbuf[:0])
	switch {
	case len(readings) == 0:
		return invalid(v, agentinput.AskInvalid, reason, "")
	case len(readings) == 1 && coll && c.b >= "1993" && len(c.b) == 4:
		// From 1993 the Slovak Zbierka zákonov is "Coll." in English too.
		reason = "\"Coll.\" names the Slovak collection of laws (Z. z.) as well as the Czech one (Sb.), and the kind reads the Czech one only"
	case len(readings) == 1 && (c.base != "" || c.czech):
		r := readings[0]
		var buf [maxDescribeLen + len(whyTail)]byte
		why := r.appendMeaning(buf[:0])
		if c.tail {
			why = append(why, whyTail...)
		}
		notes.Add(agentinput.NoteCitation, agentinput.Text(t), string(why))
		return agentinput.Value(r.eli, notes)
	}
	var actBuf [len(rbuf)]ELI
	var meanBuf [len(rbuf) * maxDescribeLen]byte
	var endBuf [len(rbuf)]int
	acts, m, ends := actBuf[:0], meanBuf[:0], endBuf[:0]
	for _, r := range readings {
		acts = append(acts, r.eli)
		m = r.appendMeaning(m)
		ends = append(ends, len(m))
	}
	return agentinput.Asking[ELI](agentinput.Ask{
		Code:     agentinput.AskAmbiguous,
		Received: agentinput.Received(v),
		Reason:   reason,
		Expected: expected,
		Hint:     hintReadings,
		Readings: readingsOf(acts, string(m), ends),
	})
}

// whyTail ends the note of a citation with a title.
const whyTail = "; the words after the number are not part of the identifier"

// readingsOf returns the readings of an ask about acts, in order; the
// meaning of acts[i] is meanings[ends[i-1]:ends[i]]. The values share one
// allocation and the meanings one string: an ask has up to seven
// readings, and one allocation a part each added up.
func readingsOf(acts []ELI, meanings string, ends []int) []agentinput.Reading {
	rs := make([]agentinput.Reading, len(acts))
	vals := make([]byte, 0, len(acts)*maxQuotedURILen)
	start := 0
	for i, e := range acts {
		v := len(vals)
		vals = append(vals, '"')
		vals = e.AppendText(vals)
		vals = append(vals, '"')
		// The full slice expression keeps an append to one value from
		// writing over the next.
		rs[i] = agentinput.Reading{Value: vals[v:len(vals):len(vals)], Meaning: meanings[start:ends[i]]}
		start = ends[i]
	}
	return rs
}

// maxQuotedURILen is the length of the longest canonical URI, quoted:
// "http://data.europa.eu/eli/reg_impl/2099/99999/oj".
const maxQuotedURILen = len(`"` + euRoot + `reg_impl/2099/99999/` + ojSegment + `"`)

const reasonTreaties = "the kind reads the collection of laws (Sb.), not the collection of international treaties (Sb. m. s.)"

// scanID reads "A/B" and any EU markers after it ("/EC", "/EU/Euratom").
func (c *citation) scanID(w string) string {
	w = strings.TrimSuffix(w, ".") // the end of a sentence: "… Regulation (EU) 2016/679."
	rest := w
	for i := 0; rest != ""; i++ {
		part := rest
		if j := strings.IndexByte(rest, '/'); j >= 0 {
			part, rest = rest[:j], rest[j+1:]
			if rest == "" {
				return "its number " + quoteCut(w) + " ends in a slash"
			}
		} else {
			rest = ""
		}
		switch {
		case i == 0 || i == 1:
			if _, ok := digits(part); !ok || len(part) > 6 {
				return "its number " + quoteCut(w) + " is not an act's number and year"
			}
			if i == 0 {
				c.a = part
			} else {
				c.b = part
			}
		case i > 5:
			return "its number " + quoteCut(w) + " is not an act's number and year"
		case !foldIn(part, unionWords):
			return quoteCut(part) + " after the number is not a marker of the EU (EU, EC, EEC, Euratom …)"
		default:
			c.union = true
		}
	}
	return ""
}

// maxHeadWords bounds the words before the number: "Commission
// Implementing Regulation (EU) No" has six, Czech "nařízení Evropského
// parlamentu a Rady (EU) č." seven.
const maxHeadWords = 16

// scanHead reads the words before the number.
func (c *citation) scanHead(head []token) string {
	words := 0
	for _, tk := range head {
		if !tk.punct {
			words++
		}
	}
	if words > maxHeadWords {
		return "it has more words before the number than a citation of one act"
	}
	for _, tk := range head {
		if tk.punct {
			continue
		}
		var buf [32]byte
		key, parts := foldWord(tk.text, &buf)
		if key != nil {
			if reason := c.headWord(key, tk.text); reason != "" {
				return reason
			}
		}
		for _, part := range parts {
			if reason := c.headWord([]byte(part), tk.text); reason != "" {
				return reason
			}
		}
	}
	if c.czech && c.union {
		return "it mixes a Czech citation (Sb.) with a marker of the EU"
	}
	return ""
}

// headWord reads one folded word before the number; text is the token
// it is part of, for the reason.
func (c *citation) headWord(w []byte, text string) string {
	wc := headWords()[string(w)]
	if wc.part {
		return "it names a part of an act (" + quoteCut(text) + "); the kind names whole acts"
	}
	if c.czech {
		if wc.union {
			return "it mixes a Czech citation (Sb.) with a marker of the EU (" + quoteCut(text) + ")"
		}
		if !allLetters(w) {
			return quoteCut(text) + " is not a word of a citation"
		}
		return ""
	}
	switch {
	case wc.base != "":
		if c.base != "" && c.base != wc.base {
			return "it names two types of act"
		}
		c.base = wc.base
	case wc.form != "":
		if c.form != "" && c.form != wc.form {
			return "it names an act both implementing and delegated"
		}
		c.form = wc.form
	case wc.union:
		c.union = true
	case wc.other:
	default:
		return quoteCut(text) + " is not a word of a citation of an EU act"
	}
	return ""
}

// wordClass is where a folded word stands in the word tables of types.go
// that headWord reads: a word of a citation's head is looked up once, not
// once a table.
type wordClass struct {
	base  string // typeWords
	form  string // formWords
	union bool   // unionWords
	part  bool   // partWords
	other bool   // numberWords or fillerWords: a word that changes nothing
}

// headWords indexes the word tables by word, built on first use from
// them (they stay the one place of the words).
var headWords = sync.OnceValue(func() map[string]wordClass {
	m := make(map[string]wordClass)
	set := func(words map[string]bool, mark func(*wordClass)) {
		for w := range words {
			c := m[w]
			mark(&c)
			m[w] = c
		}
	}
	for w, base := range typeWords {
		c := m[w]
		c.base = base
		m[w] = c
	}
	for w, form := range formWords {
		c := m[w]
		c.form = form
		m[w] = c
	}
	set(unionWords, func(c *wordClass) { c.union = true })
	set(partWords, func(c *wordClass) { c.part = true })
	set(numberWords, func(c *wordClass) { c.other = true })
	set(fillerWords, func(c *wordClass) { c.other = true })
	return m
})

func allLetters(w []byte) bool {
	for len(w) > 0 {
		r, n := utf8.DecodeRune(w)
		if !unicode.IsLetter(r) && !unicode.Is(unicode.Mn, r) {
			return false
		}
		w = w[n:]
	}
	return true
}

// scanTail reads the words after the number (after "Sb." for a Czech act):
// nothing; a title, which begins with a word of tailWords ("of 27 April
// 2016 on …", ", kterým se mění …"); or a name after a comma or in
// parentheses (", občanský zákoník", "(GDPR)") that names no other act
// and no part.
func (c *citation) scanTail(tail []token) string {
	if len(tail) == 0 {
		return ""
	}
	c.tail = true
	rest := tail
	separated := false
	if rest[0].punct && (rest[0].text == "," || rest[0].text == "(") {
		separated = true
		rest = rest[1:]
	}
	if len(rest) > 0 && !rest[0].punct && foldIn(rest[0].text, tailWords) {
		return "" // a title, which may name other acts ("repealing Directive 95/46/EC")
	}
	if !separated {
		return quoteCut(tail[0].text) + " after the number is not part of a citation"
	}
	for _, tk := range rest {
		if tk.punct {
			continue
		}
		if isIDWord(tk.text) {
			return "it names more than one act"
		}
		var buf [32]byte
		key, parts := foldWord(tk.text, &buf)
		part := partWords[string(key)]
		for _, p := range parts {
			part = part || partWords[p]
		}
		if part {
			return "it names a part of an act (" + quoteCut(tk.text) + "); the kind names whole acts"
		}
	}
	return ""
}

// reading is one meaning of a citation.
type reading struct {
	eli         ELI
	numberFirst bool // an EU act cited number first
}

// appendMeaning appends in words what the reading is.
func (r reading) appendMeaning(b []byte) []byte {
	b = r.eli.appendDescribe(b)
	if r.numberFirst {
		b = append(b, ", cited number first as before 2015"...)
	}
	return b
}

// readings appends to out every act the citation can name, or says why
// none.
func (c *citation) readings(out []reading) ([]reading, string) {
	if c.czech {
		year, ok := fourDigitYear(c.b, minYearCZ)
		n, okN := number(c.a)
		if !ok || !okN {
			return nil, "a Czech act is cited number/year with a four-digit year from " + itoa(minYearCZ) + " (\"89/2012 Sb.\")"
		}
		return append(out, reading{eli: ELI{register: CZ, year: uint16(year), number: uint32(n)}}), ""
	}
	for _, base := range bases {
		if c.base != "" && base != c.base {
			continue
		}
		typ := typeOf(base, c.form)
		spans := orders[base]
		for _, o := range [...]order{yearFirst, numberFirst} {
			y, n := c.a, c.b
			if o == numberFirst {
				y, n = c.b, c.a
			}
			year, ok := euYear(y)
			num, okN := number(n)
			span := spans[o]
			if !ok || !okN || year < span.from || year > span.to {
				continue
			}
			e := ELI{register: EU, typ: uint8(typ), year: uint16(year), number: uint32(num)}
			if o == numberFirst && len(out) > 0 && out[len(out)-1].eli == e {
				continue // "73/73": both orders name the same act
			}
			out = append(out, reading{eli: e, numberFirst: o == numberFirst})
		}
	}
	if c.base == "" && c.form == "" && !c.union {
		if year, ok := fourDigitYear(c.b, minYearCZ); ok {
			if n, ok := number(c.a); ok {
				out = append(out, reading{eli: ELI{register: CZ, year: uint16(year), number: uint32(n)}})
			}
		}
	}
	switch {
	case len(out) > 0 && c.base == "":
		// Even one reading is asked about: the citation does not say
		// what it cites, and acts of other registers are numbered alike.
		return out, "it does not say which type of act it is"
	case len(out) > 1:
		return out, "it can be read year first or number first"
	case len(out) == 1:
		return out, ""
	}
	switch c.base {
	case "reg":
		return nil, "no regulation is numbered " + c.a + "/" + c.b + ": regulations are cited \"No number/year\" before 2015 (\"No 1907/2006\") and \"year/number\" from 2015 (\"2016/679\")"
	case "dir":
		return nil, "no directive is numbered " + c.a + "/" + c.b + ": directives are cited year/number (\"95/46/EC\", \"2019/790\")"
	case "dec":
		return nil, "no decision is numbered " + c.a + "/" + c.b + ": decisions are cited year/number (\"2009/496/EC\"), or before 2015 \"No number/year\""
	}
	return nil, "no act is numbered " + c.a + "/" + c.b + ": one of the two numbers must be a year"
}

// euYear reads an EU year: four digits, or two (1952–1999, "95/46/EC").
func euYear(s string) (int, bool) {
	if len(s) == 2 {
		y, ok := digits(s)
		if !ok || y < minTwoDigitYear {
			return 0, false
		}
		return 1900 + y, true
	}
	return fourDigitYear(s, minYearEU)
}

func fourDigitYear(s string, min int) (int, bool) {
	y, ok := digits(s)
	if !ok || len(s) != 4 || y < min || y > maxYear {
		return 0, false
	}
	return y, true
}

// number reads an act's number: 1 to maxNumber, leading zeros allowed.
func number(s string) (int, bool) {
	n, ok := digits(s)
	return n, ok && n >= 1 && n <= maxNumber
}

// splitGlued splits an act's number written together with the
// collection's mark ("89/2012Sb.") into the number and the mark; rest is
// "" when w is not so written.
func splitGlued(w string) (id, rest string) {
	i := len(w)
	for i > 0 && (w[i-1] < '0' || w[i-1] > '9') {
		i--
	}
	if i == 0 || i == len(w) {
		return w, ""
	}
	if m := w[i:]; foldIs(m, "sb") || foldIs(m, "coll") {
		return w[:i], m
	}
	return w, ""
}
