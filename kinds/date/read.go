package date

import (
	"encoding/json"
	"math"
	"strconv"
	"strings"
	"unicode/utf8"

	"agentinput.dev/agentinput"
	"agentinput.dev/internal/spelling"
	"agentinput.dev/kinds/number"
)

// Read reads one decoded JSON value as a date with opts. It panics if opts
// does not validate: an unknown language is a mistake of the program,
// found by Validate or New where the property is declared, never a thing
// to ask the agent about.
func Read(v any, opts Options) agentinput.Outcome[Date] {
	if s, ok := v.(string); ok {
		// The canonical spelling: no index, no scan.
		if d, ok := parseCanonical(s); ok {
			return full(v, d, agentinput.Notes{}, opts)
		}
		// An RFC 3339 date-time: the same outcome as the scan, without it.
		if d, ok := parseDateTime(s); ok {
			return timeDropped(s, d, opts)
		}
	}
	words := defaultIndex()
	if len(opts.Languages) != 0 {
		m, err := opts.mask()
		if err != nil {
			panic(err.Error() + " (check Options with Validate or New where the property is declared)")
		}
		words = indexOf(m)
	}
	if s, ok := v.(string); ok {
		// What read does with a string, one call (and one copy of the
		// outcome) shorter.
		return readString(v, s, opts, words)
	}
	return read(v, opts, words)
}

// Read reads one decoded JSON value (nil, json.Number, float64 or a Go
// integer, string, bool, []any, map[string]any) as a date with the
// Reader's options. See the package documentation for the spellings.
func (r *Reader) Read(v any) agentinput.Outcome[Date] {
	if s, ok := v.(string); ok {
		if d, ok := parseCanonical(s); ok {
			return full(v, d, agentinput.Notes{}, r.opts)
		}
		if d, ok := parseDateTime(s); ok {
			return timeDropped(s, d, r.opts)
		}
		return readString(v, s, r.opts, r.words)
	}
	return read(v, r.opts, r.words)
}

func read(v any, opts Options, words map[string]*word) agentinput.Outcome[Date] {
	switch x := v.(type) {
	case string:
		return readString(v, x, opts, words)
	case json.Number:
		if len(x) > agentinput.MaxScalarBytes {
			return tooLarge(v, opts)
		}
		d, err := number.Parse(string(x))
		if err != nil {
			return ask(v, opts, agentinput.AskInvalid, "it is not a JSON number", "")
		}
		if i, ok := d.Int64(); ok && d.IsInteger() {
			return readYear(v, i, opts)
		}
		return ask(v, opts, agentinput.AskInvalid, notADate, hintString)
	case float64:
		if x == math.Trunc(x) && math.Abs(x) < 1e6 {
			return readYear(v, int64(x), opts)
		}
		return ask(v, opts, agentinput.AskInvalid, notADate, hintString)
	case int:
		return readYear(v, int64(x), opts)
	case int64:
		return readYear(v, x, opts)
	case int32:
		return readYear(v, int64(x), opts)
	case Date:
		if !x.Valid() {
			return ask(v, opts, agentinput.AskInvalid, "it is not a day of the calendar", "")
		}
		return full(v, x, agentinput.Notes{}, opts)
	case nil:
		return agentinput.Absent[Date](agentinput.Notes{})
	case bool:
		return ask(v, opts, agentinput.AskWrongType, "a boolean is not a date", hintString)
	case []any:
		return ask(v, opts, agentinput.AskWrongType, "a list is not a date", "Send one date as a string")
	case map[string]any:
		return ask(v, opts, agentinput.AskWrongType, "an object is not a date", hintString)
	}
	return ask(v, opts, agentinput.AskWrongType, "it is not a JSON value a date is read from", hintString)
}

const hintString = `Send the date as a JSON string "YYYY-MM-DD"`

// readYear reads a JSON number: a year from 1000 to 9999 on a range bound,
// an ask for any other number. A number is never a timestamp.
func readYear(v any, n int64, opts Options) agentinput.Outcome[Date] {
	if n < 1000 || n > 9999 {
		return ask(v, opts, agentinput.AskInvalid, notADate, hintString)
	}
	y := int(n)
	var p parsed
	periodOf(&p, periodYear, y, 1, 12)
	return finish(v, agentinput.JSONValue(v), "", &p, agentinput.Notes{}, opts)
}

// readString reads a date written as text.
func readString(v any, s string, opts Options, words map[string]*word) agentinput.Outcome[Date] {
	if len(s) > agentinput.MaxScalarBytes {
		return tooLarge(v, opts)
	}
	if !utf8.ValidString(s) {
		return ask(v, opts, agentinput.AskInvalid, "it is not valid UTF-8", hintString)
	}
	var notes agentinput.Notes
	t, trimmed := spelling.Trim(s)
	if trimmed {
		notes.AddStep(agentinput.NoteTrimmed, agentinput.Text(s), agentinput.Text(t), "surrounding whitespace or quotes removed")
		if d, ok := parseCanonical(t); ok {
			return full(v, d, notes, opts)
		}
	}
	if t == "" {
		return ask(v, opts, agentinput.AskInvalid, "it is empty", hintString)
	}
	if opts.Bound != BoundNone && !strings.ContainsAny(t, "0123456789") && openWord(t) {
		// A date holds digits; a word for no bound none.
		return openBoundWord(agentinput.Text(t), notes, opts)
	}
	if hasMarker(t) {
		// "2026年10月1日", "2026년 10월 1일" (cjk.go).
		var p parsed
		parseCJK(&p, t)
		return finish(v, agentinput.Text(t), t, &p, notes, opts)
	}
	var ts tokens
	if reason := tokenize(t, words, &ts); reason != "" {
		return ask(v, opts, agentinput.AskInvalid, reason, hintString)
	}
	toks := ts.t[:ts.n]
	if at, width, ok := rangeMark(toks); ok {
		return readRange(v, toks, at, width, opts)
	}
	var p parsed
	parseOne(&p, toks)
	return finish(v, agentinput.Text(t), t, &p, notes, opts)
}

// finish turns the reading of one date into the outcome for the property:
// a value, absence (an open bound), or an ask. text is the string from
// spells (agentinput.Text(text)), "" when from is a JSON value.
func finish(v any, from agentinput.Spelling, text string, p *parsed, notes agentinput.Notes, opts Options) agentinput.Outcome[Date] {
	if p.bad != "" {
		return ask(v, opts, agentinput.AskInvalid, p.bad, hintString)
	}
	if opts.Order.declared() && (p.why == whyOrder || p.why == whyTwoDigit) {
		applyOrder(p, opts.Order)
	}
	if p.period != periodDay && opts.Bound == BoundNone {
		return periodBound(v, from, p, p.c[0], notes, opts)
	}
	if p.why != whyOne {
		// On a bound, a spelling whose every reading is an open-bound
		// sentinel ("1/2/0001") is absent whatever it means: an ask would
		// offer readings that read as absent.
		if opts.Bound != BoundNone && allSentinels(p) {
			return openBound(from, notes, opts)
		}
		return ambiguous(v, opts, p)
	}
	if p.period != periodDay {
		return periodBound(v, from, p, p.c[0], notes, opts)
	}
	d := p.c[0].first
	if opts.Bound != BoundNone && (d.Year < 1000 || d.Year >= 9000) {
		// An open-bound sentinel is absent whatever its weekday says
		// (fuzz: "Thu1OCt0100").
		return openBound(from, notes, opts)
	}
	if p.wdays != 0 && p.wdays&(1<<d.Weekday()) == 0 {
		return wrongWeekday(v, opts, d, p.wdays)
	}
	if p.note != "" && !p.timed && text != "" && notes == (agentinput.Notes{}) {
		// The one note of a month name ("October 1, 2026"), built in one
		// step: what the Add below records, without copying the notes.
		return agentinput.ValueNote(d, p.note, text, p.reason)
	}
	switch {
	case p.note != "":
		notes.Add(p.note, from, p.reason)
	case p.wdays != 0:
		notes.Add(agentinput.NoteDateForm, from, "the weekday matches the date")
	}
	if p.timed {
		notes.Add(agentinput.NoteTimeDropped, from, reasonTimeDropped)
	}
	return agentinput.Value(d, notes)
}

const reasonTimeDropped = "the calendar date as written; the time of day and zone are dropped"

// timeDropped is what finish returns for a date-time parseDateTime reads:
// one day, read as written, with nothing trimmed, no weekday and no note
// of its own, and its time dropped (TestPropertyDateTimeFastPath).
func timeDropped(s string, d Date, opts Options) agentinput.Outcome[Date] {
	from := agentinput.Text(s)
	if opts.Bound != BoundNone && (d.Year < 1000 || d.Year >= 9000) {
		return openBound(from, agentinput.Notes{}, opts)
	}
	return agentinput.ValueNote(d, agentinput.NoteTimeDropped, s, reasonTimeDropped)
}

// applyOrder drops the readings of the order the field does not declare.
// When only the other order names a day ("13/1/26" in en-US), or the
// readings do not depend on the order, the declaration chooses nothing.
func applyOrder(p *parsed, o Order) {
	drop := monthFirst
	if o.MonthFirst {
		drop = dayFirst
	}
	n := 0
	for i := 0; i < p.n; i++ {
		if p.c[i].order != drop {
			n++
		}
	}
	if n == 0 || n == p.n {
		return
	}
	n = 0
	for i := 0; i < p.n; i++ {
		if p.c[i].order != drop {
			p.c[n] = p.c[i]
			n++
		}
	}
	p.n = n
	if p.why == whyOrder {
		p.why = whyOne
		p.note, p.reason = agentinput.NoteConvention, o.reason()
	}
}

// full is the outcome of a date read without a repair of its own.
func full(v any, d Date, notes agentinput.Notes, opts Options) agentinput.Outcome[Date] {
	if opts.Bound != BoundNone && (d.Year < 1000 || d.Year >= 9000) {
		return openBound(agentinput.JSONValue(v), notes, opts)
	}
	return agentinput.Value(d, notes)
}

// allSentinels says whether every candidate of p falls in the years a
// bound reads as open (before 1000, from 9000).
func allSentinels(p *parsed) bool {
	sentinel := func(d Date) bool { return d.Year < 1000 || d.Year >= 9000 }
	for _, c := range p.c[:p.n] {
		if !sentinel(c.first) || !sentinel(c.last) {
			return false
		}
	}
	return p.n > 0
}

func openBound(from agentinput.Spelling, notes agentinput.Notes, opts Options) agentinput.Outcome[Date] {
	reason := "an open-bound sentinel: no lower bound"
	if opts.Bound == BoundTo {
		reason = "an open-bound sentinel: no upper bound"
	}
	notes.Add(agentinput.NoteOpenBound, from, reason)
	// A placeholder: a date that stands for none. A tool that reads takes
	// it as no bound; a tool that changes data asks (placeholder_on_write),
	// since storing "no bound" for a made-up date could change what the
	// call does.
	return agentinput.Placeholder[Date](notes)
}

// openWord reports whether t says "no bound": a word for "all" or "any"
// (spelling.IsAllWord: "any", "[all]", "vše", "beliebig"), an infinity
// ("∞", "-∞", "infinity", "inf"), "open", "unbounded", "any time" or a
// wildcard.
func openWord(t string) bool {
	if len(t) > 64 {
		return false
	}
	if spelling.IsAllWord(t) {
		return true
	}
	switch strings.Trim(spelling.Key(t), " ") {
	case "infinity", "inf", "open", "open ended", "unbounded", "no limit", "unlimited", "anytime", "any time", "any date",
		"forever":
		return true
	}
	u := strings.Trim(t, "()[]{}<> ")
	return u == "*" || u == "∞" || u == "+∞" || u == "-∞" || u == "−∞" || u == "…" || u == "..."
}

// openBoundWord is the outcome of a word that says "no bound" on a bound:
// absent, with a note open_bound.
func openBoundWord(from agentinput.Spelling, notes agentinput.Notes, opts Options) agentinput.Outcome[Date] {
	reason := "a word for no bound: no lower bound"
	if opts.Bound == BoundTo {
		reason = "a word for no bound: no upper bound"
	}
	notes.Add(agentinput.NoteOpenBound, from, reason)
	return agentinput.Absent[Date](notes)
}

var periodReasons = [3][4]string{
	BoundFrom: {periodYear: "the first day of the year", periodMonth: "the first day of the month", periodQuarter: "the first day of the quarter"},
	BoundTo:   {periodYear: "the last day of the year", periodMonth: "the last day of the month", periodQuarter: "the last day of the quarter"},
}

// periodBound reads a year, month or quarter: its first day on a from
// bound, its last on a to bound, an ask on a property that is one date.
func periodBound(v any, from agentinput.Spelling, p *parsed, c cand, notes agentinput.Notes, opts Options) agentinput.Outcome[Date] {
	if opts.Bound == BoundNone {
		a := agentinput.Ask{
			Code:     agentinput.AskInvalid,
			Received: agentinput.Received(v),
			Reason:   "it names a whole " + p.period.String() + " (" + c.first.String() + " to " + c.last.String() + "), not one day",
			Expected: "a full date as YYYY-MM-DD, for example \"" + canonicalExample + "\"",
			Hint:     `Send one day, for example "` + c.first.String() + `" or "` + c.last.String() + `"`,
		}
		return agentinput.Asking[Date](a)
	}
	d := c.first
	if opts.Bound == BoundTo {
		d = c.last
	}
	if d.Year < 1000 || d.Year >= 9000 {
		return openBound(from, notes, opts)
	}
	notes.Add(agentinput.NotePeriodBound, from, periodReasons[opts.Bound][p.period])
	return agentinput.Value(d, notes)
}

// ambiguous is the ask of a spelling with several readings.
func ambiguous(v any, opts Options, p *parsed) agentinput.Outcome[Date] {
	a := agentinput.Ask{
		Code:     agentinput.AskAmbiguous,
		Received: agentinput.Received(v),
		Expected: Expected(opts),
		Hint:     "Send the one you mean as YYYY-MM-DD",
	}
	switch p.why {
	case whyOrder:
		a.Reason = "the order of day and month is not declared"
		if p.wdays != 0 {
			a.Reason = "the order of day and month is not declared (the weekday does not choose between them)"
		}
	case whyTwoDigit:
		a.Reason = "the year has two digits"
		a.Expected = "a date with a four-digit year, as YYYY-MM-DD, for example \"" + canonicalExample + "\""
	case whyWord:
		a.Reason = "the month name means different months in the enabled languages"
	}
	for i := 0; i < p.n; i++ {
		c := p.c[i]
		d := c.first
		if p.period != periodDay && opts.Bound == BoundTo {
			d = c.last
		}
		value, _ := d.MarshalJSON()
		a.Readings = append(a.Readings, agentinput.Reading{Value: value, Meaning: c.meaning})
	}
	return agentinput.Asking[Date](a)
}

// wrongWeekday is the ask of a date whose leading weekday is another day:
// the date as written, or the nearest date with that weekday.
func wrongWeekday(v any, opts Options, d Date, wdays uint8) agentinput.Outcome[Date] {
	want := 0
	for wdays&(1<<want) == 0 {
		want++
	}
	// A reading is a day of the calendar that the property reads back as
	// a value: on a bound, not an open-bound sentinel.
	usable := func(x Date) bool {
		return x.Valid() && (opts.Bound == BoundNone || (x.Year >= 1000 && x.Year < 9000))
	}
	ahead := (want - d.Weekday() + 7) % 7 // 1..6
	near := d.AddDays(ahead)
	if ahead > 3 {
		near = d.AddDays(ahead - 7)
	}
	if !usable(near) {
		near = d.AddDays(ahead)
		if !usable(near) {
			near = d.AddDays(ahead - 7)
		}
	}
	dv, _ := d.MarshalJSON()
	nv, _ := near.MarshalJSON()
	return agentinput.Asking[Date](agentinput.Ask{
		Code:     agentinput.AskAmbiguous,
		Received: agentinput.Received(v),
		Reason:   d.String() + " is a " + englishWeekdays[d.Weekday()] + ", not a " + englishWeekdays[want],
		Expected: Expected(opts),
		Hint:     "Send the one you mean as YYYY-MM-DD",
		Readings: []agentinput.Reading{
			{Value: dv, Meaning: "the date as written, a " + englishWeekdays[d.Weekday()]},
			{Value: nv, Meaning: "the nearest " + englishWeekdays[want]},
		},
	})
}

func ask(v any, opts Options, code agentinput.AskCode, reason, hint string) agentinput.Outcome[Date] {
	if hint == "" {
		hint = hintString
	}
	return agentinput.Asking[Date](agentinput.Ask{
		Code:     code,
		Received: agentinput.Received(v),
		Reason:   reason,
		Expected: Expected(opts),
		Hint:     hint,
	})
}

func tooLarge(v any, opts Options) agentinput.Outcome[Date] {
	return ask(v, opts, agentinput.AskTooLarge,
		"it is longer than "+strconv.Itoa(agentinput.MaxScalarBytes)+" bytes, the most a date is read from", "Send one date as YYYY-MM-DD")
}

var _ agentinput.Reader[Date] = (*Reader)(nil)
