package country

import (
	"encoding/json"
	"errors"
	"math"
	"slices"
	"strconv"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"

	"agentinput.dev/agentinput"
	"agentinput.dev/internal/spelling"
	"agentinput.dev/kinds/number"
)

// Output is the spelling a property answers with.
type Output uint8

const (
	// Alpha2 is the ISO 3166-1 alpha-2 code, "CZ": the default.
	Alpha2 Output = iota
	// Alpha3 is the ISO 3166-1 alpha-3 code, "CZE".
	Alpha3
)

// Options are a country property's options. The zero value reads every
// country and answers with its alpha-2 code.
type Options struct {
	// Output is the code the property answers with (Alpha2 by default).
	Output Output
	// Admit, when not empty, is the set of countries the property accepts,
	// by alpha-2 code ("CZ", "SK"). A country outside it is an ask whose
	// expected text lists the admitted ones.
	Admit []string
}

// Validate reports an Output or an admitted code this package does not
// know. Call it (or New) where the property is declared: Read panics on
// options that do not validate.
func (o Options) Validate() error {
	_, err := New(o)
	return err
}

// Reader reads countries with one set of options. Build one with New; it is
// immutable and safe for use by many goroutines.
type Reader struct {
	out Output
	// admit is the set of admitted countries, one bit per row of
	// countries, when some is set (restricted); every country when not.
	admit      [(len(countries) + 63) / 64]uint64
	restricted bool
	admitted   []string // the admitted codes, in the output form, sorted
	expected   string
	example    string
}

var defaultReader = sync.OnceValue(func() *Reader {
	r, _ := New(Options{})
	return r
})

// New returns the Reader for opts, or an error naming what is wrong with
// them.
func New(opts Options) (*Reader, error) {
	if opts.Output != Alpha2 && opts.Output != Alpha3 {
		return nil, errors.New("country: unknown Output " + strconv.Itoa(int(opts.Output)))
	}
	r := &Reader{out: opts.Output}
	if len(opts.Admit) > 0 {
		r.restricted = true
		for _, code := range opts.Admit {
			c, ok := lookupAlpha2(code)
			if !ok || code != strings.ToUpper(code) {
				return nil, errors.New("country: Options.Admit holds " + strconv.Quote(code) +
					", which is not the uppercase ISO 3166-1 alpha-2 code of a country")
			}
			if !r.admits(c) {
				i := c.index()
				r.admit[i/64] |= 1 << (i % 64)
				r.admitted = append(r.admitted, r.format(c))
			}
		}
		slices.Sort(r.admitted)
	}
	r.expected, r.example = r.describe()
	return r, nil
}

func (r *Reader) describe() (expected, example string) {
	what := "an ISO 3166-1 alpha-2 country code"
	example = "CZ"
	if r.out == Alpha3 {
		what, example = "an ISO 3166-1 alpha-3 country code", "CZE"
	}
	if !r.restricted {
		return what + `, for example "` + example + `"`, example
	}
	quoted := make([]string, len(r.admitted))
	for i, c := range r.admitted {
		quoted[i] = strconv.Quote(c)
	}
	return what + " of one of the admitted countries (" + strings.Join(quoted, ", ") + `), for example "` + r.admitted[0] + `"`, r.admitted[0]
}

// Read reads one decoded JSON value as a country with opts. It panics if
// opts does not validate: a bad option is a mistake of the program, found
// by Validate or New where the property is declared.
func Read(v any, opts Options) agentinput.Outcome[string] {
	if opts.Output == Alpha2 && len(opts.Admit) == 0 {
		return defaultReader().Read(v)
	}
	r, err := New(opts)
	if err != nil {
		panic(err.Error() + " (check Options with Validate or New where the property is declared)")
	}
	return r.Read(v)
}

// Expected says in words what a property with opts accepts, with one
// canonical example. It panics if opts does not validate.
func Expected(opts Options) string { return mustNew(opts).expected }

// Example returns one canonical value a property with opts accepts.
func Example(opts Options) json.RawMessage {
	b, _ := json.Marshal(mustNew(opts).example)
	return b
}

// Example returns one canonical value the Reader accepts.
func (r *Reader) Example() json.RawMessage {
	b, _ := json.Marshal(r.example)
	return b
}

var _ agentinput.Reader[string] = (*Reader)(nil)

func mustNew(opts Options) *Reader {
	r, err := New(opts)
	if err != nil {
		panic(err.Error())
	}
	return r
}

// Expected says what r accepts; Example is its canonical example.
func (r *Reader) Expected() string { return r.expected }

// form is the spelling class a value was read from.
type form uint8

const (
	formAlpha2 form = iota
	formAlpha3
	formNumeric
	formNoted // read through a table whose note is already taken
)

var formReason = [...]string{
	formAlpha2:  "ISO 3166-1 alpha-2",
	formAlpha3:  "ISO 3166-1 alpha-3",
	formNumeric: "ISO 3166-1 numeric",
}

// Read reads one decoded JSON value (nil, bool, json.Number, float64 or a
// Go integer, string, []any, map[string]any) as a country.
func (r *Reader) Read(v any) agentinput.Outcome[string] {
	if r == nil {
		r = defaultReader()
	}
	switch x := v.(type) {
	case string:
		return r.readString(v, x)
	case json.Number:
		if n, ok := smallCode(string(x)); ok {
			// What number.Parse reads "203" as, without its general grammar.
			return r.readSmallCode(v, n)
		}
		if len(x) > agentinput.MaxScalarBytes {
			return r.tooLarge(v)
		}
		d, err := number.Parse(string(x))
		if err != nil {
			return r.invalid(v, agentinput.AskInvalid, "it is not a JSON number")
		}
		n, ok := d.Int64()
		if !ok || !d.IsInteger() {
			n = -1
		}
		return r.readNumber(v, n)
	case float64:
		if x != math.Trunc(x) || x < 0 || x > 999 {
			return r.readNumber(v, -1)
		}
		return r.readNumber(v, int64(x))
	case float32:
		return r.Read(float64(x))
	case int:
		return r.readNumber(v, int64(x))
	case int8:
		return r.readNumber(v, int64(x))
	case int16:
		return r.readNumber(v, int64(x))
	case int32:
		return r.readNumber(v, int64(x))
	case int64:
		return r.readNumber(v, x)
	case uint8:
		return r.readNumber(v, int64(x))
	case uint16:
		return r.readNumber(v, int64(x))
	case uint32:
		return r.readNumber(v, int64(x))
	case uint:
		if x > 999 {
			return r.readNumber(v, -1)
		}
		return r.readNumber(v, int64(x))
	case uint64:
		if x > 999 {
			return r.readNumber(v, -1)
		}
		return r.readNumber(v, int64(x))
	case bool:
		return r.invalid(v, agentinput.AskWrongType, "a country is never a boolean")
	case nil:
		return r.invalid(v, agentinput.AskWrongType, "null is not a country")
	case []any:
		return r.invalid(v, agentinput.AskWrongType, "a country is never an array")
	case map[string]any:
		return r.invalid(v, agentinput.AskWrongType, "a country is never an object")
	default:
		return r.invalid(v, agentinput.AskWrongType, "it is not a JSON value a country is read from")
	}
}

// readNumber reads a JSON number as an ISO 3166-1 numeric code; n < 0
// stands for a number that is not a whole number.
func (r *Reader) readNumber(v any, n int64) agentinput.Outcome[string] {
	if n <= 0 || n > 999 {
		return r.invalid(v, agentinput.AskInvalid, "it is not an ISO 3166-1 numeric code")
	}
	c, ok := lookupNumeric(int(n))
	if !ok {
		return r.invalid(v, agentinput.AskInvalid, "no country has the ISO 3166-1 numeric code "+pad3(int(n)))
	}
	return r.finish(v, agentinput.JSONValue(v), "", c, formNumeric, agentinput.Notes{})
}

// readSmallCode is readNumber of the JSON number v, the spelling of n
// with no leading zero: a country's is read with the notes numericNotes
// keeps, the same finish would add.
func (r *Reader) readSmallCode(v any, n int64) agentinput.Outcome[string] {
	c, ok := lookupNumeric(int(n))
	if !ok || !r.admits(c) {
		return r.readNumber(v, n) // the asks
	}
	return agentinput.Value(r.format(c), numericNotes(c))
}

// readString reads a string; a lower-case common word that is also a
// country's code ("no", "it", "and") is asked about (codeWords).
func (r *Reader) readString(v any, s string) agentinput.Outcome[string] {
	// The fast path: a code of two or three letters as sent, nothing to
	// trim. Only a code all in lower case may be a code word.
	if len(s) == 2 || len(s) == 3 {
		if i := letterIndex(s); i >= 0 {
			table, f := codes().alpha2[:], formAlpha2
			if len(s) == 3 {
				table, f = codes().alpha3[:], formAlpha3
			}
			if c, ok := rowAt(table, i); ok {
				o := r.finish(v, agentinput.Text(s), s, c, f, agentinput.Notes{})
				if s[0] >= 'a' && codeWord(s) {
					return r.wordOutcome(v, s, o)
				}
				return o
			}
		}
	}
	return r.readSpelling(v, s)
}

// wordOutcome is o, the read of the code word word, or the ask about the
// word when o is a value.
func (r *Reader) wordOutcome(v any, word string, o agentinput.Outcome[string]) agentinput.Outcome[string] {
	if code, ok := o.Value(); ok {
		return r.wordAsk(v, word, code)
	}
	return o
}

// maxWordSpelling is the longest spelling of a code word, with the
// whitespace and quotes a read trims.
const maxWordSpelling = 64

func (r *Reader) readSpelling(v any, s string) agentinput.Outcome[string] {
	if len(s) > agentinput.MaxScalarBytes {
		return r.tooLarge(v)
	}
	if !utf8.ValidString(s) {
		return r.invalid(v, agentinput.AskInvalid, "it is not valid UTF-8")
	}
	t, trimmed := spelling.Trim(s)
	o := r.readTrimmed(v, s, t, trimmed)
	if len(s) <= maxWordSpelling && codeWord(t) {
		return r.wordOutcome(v, t, o)
	}
	return o
}

// readTrimmed reads the valid UTF-8 s, which spelling.Trim made t.
func (r *Reader) readTrimmed(v any, s, t string, trimmed bool) agentinput.Outcome[string] {
	var notes agentinput.Notes
	if trimmed {
		notes.AddStep(agentinput.NoteTrimmed, agentinput.Text(s), agentinput.Text(t), "")
	}
	if t == "" {
		return r.invalid(v, agentinput.AskInvalid, "it is empty")
	}
	if letters, ok := flagLetters(t); ok {
		return r.readFlag(v, t, letters, notes)
	}
	if reason := spelling.Hidden(t); reason != "" {
		return r.invalid(v, agentinput.AskInvalid, reason)
	}
	from := agentinput.Text(t)
	switch {
	case len(t) == 2 && isLetter(t[0]) && isLetter(t[1]):
		if c, ok := lookupAlpha2(t); ok {
			return r.finish(v, from, t, c, formAlpha2, notes)
		}
		upper := strings.ToUpper(t)
		if sc := successorOf(upper); sc != nil {
			return r.readWithdrawn(v, from, upper, sc, notes)
		}
		if codes, _ := lookupName(t); len(codes) == 1 {
			// "UK", "EL": codes in use that ISO 3166-1 does not assign.
			c, _ := lookupAlpha2(codes[0])
			notes.Add(agentinput.NoteAliasCode, from, upper+" is not an ISO 3166-1 code; "+c.alpha2+" is")
			return r.finish(v, from, "", c, formNoted, notes)
		}
		return r.invalid(v, agentinput.AskInvalid, "it is not an ISO 3166-1 country code")
	case len(t) == 3 && isLetter(t[0]) && isLetter(t[1]) && isLetter(t[2]):
		if c, ok := lookupAlpha3(t); ok {
			return r.finish(v, from, t, c, formAlpha3, notes)
		}
		upper := strings.ToUpper(t)
		if sc := successorOf(upper); sc != nil {
			return r.readWithdrawn(v, from, upper, sc, notes)
		}
	case isDigits(t) && len(t) <= 3:
		// A numeric code is a country spelling of up to three digits, not a
		// number: its digits are the code.
		n := 0
		for i := 0; i < len(t); i++ {
			n = n*10 + int(t[i]-'0')
		}
		if c, ok := lookupNumeric(n); ok && n > 0 {
			return r.finish(v, from, t, c, formNumeric, notes)
		}
		return r.invalid(v, agentinput.AskInvalid, "no country has the ISO 3166-1 numeric code "+pad3(n))
	}
	return r.readName(v, from, t, notes)
}

// readName reads an English, native, official or common name.
func (r *Reader) readName(v any, from agentinput.Spelling, t string, notes agentinput.Notes) agentinput.Outcome[string] {
	if strings.Count(t, "(") > 1 || strings.Count(t, ")") > 1 {
		return r.invalid(v, agentinput.AskInvalid, "it is not the code or the name of a country")
	}
	codes, partial, k := lookupNameKey(t)
	// "Česko" asks no more: no mark leads it and no word of it is followed
	// by another, so no negation does (spelling.Negation's full test
	// trims and scans it again).
	if t[0] < utf8.RuneSelf || !oneWord(t) {
		if rest, ok := spelling.Negation(t); ok {
			if restCodes, _ := lookupName(rest); len(restCodes) > 0 && (len(codes) == 0 || slices.Equal(codes, restCodes)) {
				// "-Germany", "not Czechia": a country cannot be excluded, and
				// the mark must not be folded away into the name it inverts.
				return r.invalid(v, agentinput.AskInvalid, "it is led by a mark or word that excludes or inverts what follows; "+
					"a property names one country and cannot exclude one")
			}
		}
	}
	switch {
	case len(codes) == 0:
		return r.invalid(v, agentinput.AskInvalid, "it is not the code or the name of a country")
	case len(codes) == 1 && !partial:
		c, _ := lookupAlpha2(codes[0])
		// The English name is the reason, unless it is what was sent.
		reason := c.english
		if names().englishKey[c.index()] == k {
			reason = ""
		}
		notes.Add(agentinput.NoteName, from, reason)
		return r.finish(v, from, "", c, formNoted, notes)
	}
	reason := "it names several countries"
	if partial {
		reason = "it is part of the name of more than one country"
		if len(codes) == 1 {
			reason = "it is not the name of a country, only part of one"
		}
	}
	return r.ambiguous(v, reason, codes)
}

// oneWord reports whether t is a letter followed by letters, numbers and
// marks only: spelling.Negation finds no negation in such a spelling, as
// Trim leaves it (TestOneWordNoNegation), for no mark or opener is a
// letter, and a negation word is followed by another character.
func oneWord(t string) bool {
	for i, c := range t {
		if i == 0 && (!unicode.IsLetter(c) || spelling.IsNegationMark(c)) {
			return false
		}
		if !unicode.IsLetter(c) && !unicode.IsNumber(c) && !unicode.IsMark(c) {
			return false
		}
	}
	return t != ""
}

// readWithdrawn reads a withdrawn code: one successor is a value with a
// note, several an ask naming each.
func (r *Reader) readWithdrawn(v any, from agentinput.Spelling, code string, sc *successor, notes agentinput.Notes) agentinput.Outcome[string] {
	if len(sc.now) == 1 {
		c, _ := lookupAlpha2(sc.now[0])
		notes.Add(agentinput.NoteAliasCode, from, code+" is the withdrawn code of "+sc.name)
		return r.finish(v, from, "", c, formNoted, notes)
	}
	return r.ambiguous(v, code+" is the withdrawn code of "+sc.name, sc.now)
}

// finish checks the admitted set and answers in the output form. spelled
// is the code as sent when the value was read from a code, "" otherwise.
func (r *Reader) finish(v any, from agentinput.Spelling, spelled string, c *countryRow, f form, notes agentinput.Notes) agentinput.Outcome[string] {
	if !r.admits(c) {
		return agentinput.Asking[string](agentinput.Ask{
			Code:     agentinput.AskOutOfRange,
			Received: agentinput.Received(v),
			Reason:   c.english + " (" + r.format(c) + ") is not one of the admitted countries",
			Expected: r.expected,
			Hint:     "Send one of the admitted codes, such as " + strconv.Quote(r.admitted[0]),
		})
	}
	out := r.format(c)
	switch {
	case f == formNoted:
	case (f == formAlpha2 && r.out == Alpha2) || (f == formAlpha3 && r.out == Alpha3):
		if spelled != out {
			notes.Add(agentinput.NoteForm, from, "letter case")
		}
	default:
		notes.Add(agentinput.NoteAliasCode, from, reason(c, f))
	}
	return agentinput.Value(out, notes)
}

func (r *Reader) format(c *countryRow) string {
	if r.out == Alpha3 {
		return c.alpha3
	}
	return c.alpha2
}

// admits reports whether r admits the country c.
func (r *Reader) admits(c *countryRow) bool {
	i := c.index()
	return !r.restricted || r.admit[i/64]&(1<<(i%64)) != 0
}

// ambiguous is the ask naming each country of codes (alpha-2), restricted
// to the admitted ones.
func (r *Reader) ambiguous(v any, reason string, codes []string) agentinput.Outcome[string] {
	// The readings in one list, their values (the JSON strings of codes,
	// letters only) cut from one buffer, each to its length.
	readings := make([]agentinput.Reading, 0, len(codes))
	vals := make([]byte, 0, len(codes)*len(`"ABC"`))
	for _, code := range codes {
		c, _ := lookupAlpha2(code)
		if !r.admits(c) {
			continue
		}
		start := len(vals)
		vals = append(append(append(vals, '"'), r.format(c)...), '"')
		readings = append(readings, agentinput.Reading{Value: vals[start:len(vals):len(vals)], Meaning: c.english})
	}
	if len(readings) == 0 {
		return agentinput.Asking[string](agentinput.Ask{
			Code:     agentinput.AskOutOfRange,
			Received: agentinput.Received(v),
			Reason:   reason + ", none of them admitted",
			Expected: r.expected,
			Hint:     "Send one of the admitted codes, such as " + strconv.Quote(r.admitted[0]),
		})
	}
	return agentinput.Asking[string](agentinput.Ask{
		Code:     agentinput.AskAmbiguous,
		Received: agentinput.Received(v),
		Reason:   reason,
		Expected: r.expected,
		Hint:     hintFor(readings),
		Readings: readings,
	})
}

// hintFor names the exact codes to send: `Send "PG" if you mean Papua New
// Guinea`, or `Send the code you mean: "CD" or "CG"`.
func hintFor(rs []agentinput.Reading) string {
	if len(rs) == 1 {
		return "Send " + string(rs[0].Value) + " if you mean " + rs[0].Meaning
	}
	var b strings.Builder
	n := len("Send the code you mean: ") + len(" or ") + 2*len(rs)
	for _, r := range rs {
		n += len(r.Value)
	}
	b.Grow(n)
	b.WriteString("Send the code you mean: ")
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

func (r *Reader) invalid(v any, code agentinput.AskCode, reason string) agentinput.Outcome[string] {
	return agentinput.Asking[string](agentinput.Ask{
		Code:     code,
		Received: agentinput.Received(v),
		Reason:   reason,
		Expected: r.expected,
		Hint:     `Send the country's code, such as ` + strconv.Quote(r.example),
	})
}

func (r *Reader) tooLarge(v any) agentinput.Outcome[string] {
	return r.invalid(v, agentinput.AskTooLarge,
		"it is longer than "+strconv.Itoa(agentinput.MaxScalarBytes)+" bytes, the most a country is read from")
}

func isLetter(c byte) bool { return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' }

// smallCode reads a JSON number of one to three digits, with no leading
// zero (JSON has none): the spelling of every numeric code.
func smallCode(s string) (int64, bool) {
	if len(s) == 0 || len(s) > 3 || len(s) > 1 && s[0] == '0' {
		return 0, false
	}
	n := int64(0)
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return 0, false
		}
		n = n*10 + int64(s[i]-'0')
	}
	return n, true
}

func isDigits(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return s != ""
}

func pad3(n int) string {
	s := strconv.Itoa(n)
	for len(s) < 3 {
		s = "0" + s
	}
	return s
}

// Format returns the canonical spelling of a country code: itself. It is
// here for the face every kind shares.
func Format(code string) string { return code }

// ErrSyntax is the error of Parse, wrapped in a *ParseError.
var ErrSyntax = errors.New("want an uppercase ISO 3166-1 alpha-2 country code")

// ParseError is the error of Parse: what was sent, and what was wanted.
type ParseError struct {
	Value string // the string given to Parse
}

func (e *ParseError) Error() string {
	return "country: parsing " + strconv.Quote(e.Value) + ": " + ErrSyntax.Error()
}

// Unwrap returns ErrSyntax.
func (e *ParseError) Unwrap() error { return ErrSyntax }

// Parse reads the canonical spelling strictly: the uppercase alpha-2 code
// of a country ("CZ"), nothing else.
func Parse(s string) (string, error) {
	if c, ok := lookupAlpha2(s); ok && c.alpha2 == s {
		return s, nil
	}
	return "", &ParseError{Value: s}
}

// Alpha3Of returns the alpha-3 code of the country with the alpha-2 code
// alpha2 ("CZ" → "CZE").
func Alpha3Of(alpha2 string) (string, bool) {
	c, ok := lookupAlpha2(alpha2)
	if !ok || c.alpha2 != alpha2 {
		return "", false
	}
	return c.alpha3, true
}

// Code returns the alpha-2 code of the country whose ISO 3166-1 alpha-2
// or alpha-3 code s is, in any case ("cz", "CZE" → "CZ"); nothing else
// (no names, no withdrawn or unassigned codes). It allocates nothing: it
// is for the locale kind, which reads a country code written in place of
// a language code.
func Code(s string) (string, bool) {
	var c *countryRow
	var ok bool
	switch len(s) {
	case 2:
		c, ok = lookupAlpha2(s)
	case 3:
		c, ok = lookupAlpha3(s)
	}
	if !ok {
		return "", false
	}
	return c.alpha2, true
}

// Name returns the English name of the country with the alpha-2 code
// alpha2 ("CZ" → "Czechia"), or "" for no country.
func Name(alpha2 string) string {
	c, ok := lookupAlpha2(alpha2)
	if !ok || c.alpha2 != alpha2 {
		return ""
	}
	return c.english
}

// Codes returns the alpha-2 code of every country this package reads, in
// order.
func Codes() []string {
	out := make([]string, len(countries))
	for i := range countries {
		out[i] = countries[i].alpha2
	}
	return out
}

// Codes returns the codes of the countries r admits, in the form it
// writes (alpha-2, or alpha-3 under Options.Output), in the order of the
// table: the values a completion offers.
func (r *Reader) Codes() []string {
	out := make([]string, 0, len(countries))
	for i := range countries {
		if c := &countries[i]; r.admits(c) {
			out = append(out, r.format(c))
		}
	}
	return out
}
