package agentinput

import (
	"bytes"
	"encoding"
	"encoding/json"
	"reflect"
	"slices"
	"unicode/utf8"
)

// Note says how one spelling was read: {code, message}, where the message
// has the form `Read <received> as <canonical>` and may add a reason in
// parentheses.
type Note struct {
	Code    NoteCode `json:"code"`
	Message string   `json:"message"`
}

// Warning tells the caller something about a call that succeeded.
//
// Ask, when set, is the ask the value would have been had the kind not
// let it through: a filter value dropped (filter_dropped) carries the ask
// its kind answered, whose readings are the stored values it may mean. It
// is not part of the warning's JSON (the message says it in words); the
// factory uses it to put the drop in a read's structured result and, when
// the call is refused for another argument, among the envelope's issues,
// so that one corrected call fixes both.
type Warning struct {
	Code    WarningCode `json:"code"`
	Message string      `json:"message"`
	Ask     *Ask        `json:"-"`
}

// Spelling is a value as a message shows it. It is rendered only when the
// message is, so that reading a value costs nothing for the notes nobody
// looks at. It is two words and a string: v holds either the JSON value to
// encode, or a spellMark saying how to show s.
type Spelling struct {
	v any
	s string
}

// spellMark says how a Spelling shows s. Boxing a one-byte value does not
// allocate.
type spellMark uint8

const (
	spellText  spellMark = iota + 1 // s, a string value, shown as a JSON string
	spellJSON                       // s, already JSON text
	spellWords                      // s, plain words shown as they are
)

// JSONValue spells a decoded JSON value (or anything encoding/json encodes)
// as its JSON text. A nil v spells null.
func JSONValue(v any) Spelling {
	if v == nil {
		return Spelling{v: spellJSON, s: "null"}
	}
	return Spelling{v: v}
}

// Text spells a string value as a JSON string.
func Text(s string) Spelling { return Spelling{v: spellText, s: s} }

// JSONText spells a value whose JSON text is already at hand.
func JSONText(s string) Spelling { return Spelling{v: spellJSON, s: s} }

// Words spells something that is not a value, such as "absent".
func Words(s string) Spelling { return Spelling{v: spellWords, s: s} }

// isText reports whether s was made by Text.
func (s Spelling) isText() bool {
	mark, ok := s.v.(spellMark)
	return ok && mark == spellText
}

// IsZero reports whether the spelling is empty.
func (s Spelling) IsZero() bool { return s.v == nil }

// String renders the spelling, cut to MaxReceivedChars characters.
func (s Spelling) String() string {
	return string(s.appendTo(nil))
}

// appendTo appends the spelling, rendered as String renders it, to b.
func (s Spelling) appendTo(b []byte) []byte {
	mark, ok := s.v.(spellMark)
	if !ok {
		if s.v == nil {
			return b
		}
		return append(b, Received(s.v)...)
	}
	switch mark {
	case spellText:
		if len(s.s) <= MaxReceivedChars {
			// As Received does: a string no longer in bytes than the cut
			// in characters is not cut.
			return appendQuoted(b, s.s)
		}
		return append(b, Received(s.s)...)
	case spellJSON:
		if utf8.RuneCountInString(s.s) <= MaxReceivedChars {
			return append(b, s.s...)
		}
		return append(b, quote(cut(s.s))...)
	}
	return append(b, s.s...)
}

// pendingNote is a note whose message is not rendered yet. A zero `to`
// means "the value the outcome ended with".
type pendingNote struct {
	code   NoteCode
	from   Spelling
	to     Spelling
	reason string
}

func (p pendingNote) render(self Spelling) Note {
	// Rendered into a buffer on the stack, when it fits, and copied once
	// into the message.
	var buf [256]byte
	w := p.message(msgWriter{b: buf[:0]}, self)
	return Note{Code: p.code, Message: string(w.b)}
}

// message writes the note's message: Read <from> as <to> (<reason>).
func (p pendingNote) message(w msgWriter, self Spelling) msgWriter {
	to := p.to
	if to.IsZero() {
		to = self
	}
	w = w.str("Read ").spelling(p.from).str(" as ").spelling(to)
	if p.reason != "" {
		w = w.str(" (").str(p.reason).str(")")
	}
	return w
}

// Notes collects the notes of one read. The zero value is empty and ready,
// and costs nothing until a note is added. The first note is held inline
// when it can be, so that a read with one repair (the common lenient read)
// allocates nothing; the others go behind a pointer, to keep Notes and
// Outcome small.
type Notes struct {
	// first is the first note when its code is set.
	first firstNote
	// tail holds the notes after first, in order (all of them when first
	// is empty), or nil. A tail is never changed once made: copies of
	// Notes (an outcome's, a caller's) share it, and adding a note makes a
	// new one.
	tail *noteTail
}

// noteTail is the notes after the first, behind a pointer so that an
// Outcome stays small.
type noteTail struct {
	list []pendingNote
}

// tailOfOne is a noteTail that holds its one note itself: the common
// second note costs one allocation, not two.
type tailOfOne struct {
	noteTail
	one [1]pendingNote
}

// tailOf returns the tail holding list, or nil for an empty list.
func tailOf(list []pendingNote) *noteTail {
	if len(list) == 0 {
		return nil
	}
	return &noteTail{list: list}
}

// more returns the notes after first.
func (ns *Notes) more() []pendingNote {
	if ns.tail == nil {
		return nil
	}
	return ns.tail.list
}

// firstNote is a pendingNote in the form almost every first note has: it
// reads a string value (Text) as the value the outcome ends with. It is
// smaller than a pendingNote because an Outcome holds one, and an Outcome
// is copied on every return of every read.
type firstNote struct {
	code   NoteCode
	from   string // spelled as Text(from)
	reason string
}

func (f firstNote) pending() pendingNote {
	return pendingNote{code: f.code, from: Text(f.from), reason: f.reason}
}

// Add records a repair that read from as the value the outcome ends with.
func (ns *Notes) Add(code NoteCode, from Spelling, reason string) {
	if ns.first.code == "" && ns.tail == nil && code != "" && from.isText() {
		// What add would do, without building a pendingNote first.
		ns.first = firstNote{code: code, from: from.s, reason: reason}
		return
	}
	ns.add(pendingNote{code: code, from: from, reason: reason})
}

// AddStep records a repair that read from as to, an intermediate spelling
// (trimming: `Read " 4000 " as "4000"`).
func (ns *Notes) AddStep(code NoteCode, from, to Spelling, reason string) {
	ns.add(pendingNote{code: code, from: from, to: to, reason: reason})
}

// needSelf reports whether a note says "as" the value the outcome ends
// with (its to is zero), which rendering it must then spell.
func (ns *Notes) needSelf() bool {
	if ns.first.code != "" {
		return true
	}
	for _, p := range ns.more() {
		if p.to.IsZero() {
			return true
		}
	}
	return false
}

// Len returns the number of notes.
func (ns *Notes) Len() int {
	if ns.first.code != "" {
		return 1 + len(ns.more())
	}
	return len(ns.more())
}

func (ns *Notes) add(p pendingNote) {
	if ns.tail == nil && ns.first.code == "" && inlines(p) {
		ns.first = firstNote{code: p.code, from: p.from.s, reason: p.reason}
		return
	}
	// A new tail, never a change to the shared one: two copies of a Notes
	// that each add a note never write into the same slot.
	old := ns.more()
	if len(old) == 0 {
		t := &tailOfOne{one: [1]pendingNote{p}}
		t.list = t.one[:]
		ns.tail = &t.noteTail
		return
	}
	ns.tail = tailOf(append(append(make([]pendingNote, 0, len(old)+1), old...), p))
}

// inlines reports whether p can be held as a firstNote.
func inlines(p pendingNote) bool {
	return p.code != "" && p.to.IsZero() && p.from.isText()
}

// notesOf returns the Notes of list, in order, holding its first note
// inline when it can. It keeps list: the caller must not change it.
func notesOf(list []pendingNote) Notes {
	if len(list) > 0 && inlines(list[0]) {
		p := list[0]
		return Notes{first: firstNote{code: p.code, from: p.from.s, reason: p.reason}, tail: tailOf(list[1:])}
	}
	return Notes{tail: tailOf(list)}
}

// appendTo appends the notes to list, in order.
func (ns *Notes) appendTo(list []pendingNote) []pendingNote {
	if ns.first.code != "" {
		list = append(list, ns.first.pending())
	}
	return append(list, ns.more()...)
}

// Append adds the notes of others after those of ns, in one list however
// many there are (a list appends all its items' notes at once).
func (ns *Notes) Append(others ...Notes) {
	own := ns.Len()
	n := own
	for i := range others {
		n += others[i].Len()
	}
	if n == own {
		return
	}
	if own == 0 && n == 1 {
		// One note in all: taken over as it is held, with no allocation.
		for _, o := range others {
			if o.Len() == 1 {
				*ns = o
				return
			}
		}
	}
	merged := make([]pendingNote, 0, n)
	merged = ns.appendTo(merged)
	for i := range others {
		merged = others[i].appendTo(merged)
	}
	*ns = notesOf(merged)
}

// Resolve returns a copy whose notes that end in "the value the outcome
// ends with" name self instead: for a kind that changes the value after
// noting a repair (clamping), so that the earlier notes keep naming what
// they read.
func (ns Notes) Resolve(self Spelling) Notes {
	if ns.Len() == 0 {
		return ns
	}
	if ns.Len() == 1 {
		// One note, the common case: its list and its tail in one
		// allocation.
		t := &tailOfOne{}
		t.list = ns.appendTo(t.one[:0])
		if t.list[0].to.IsZero() {
			t.list[0].to = self
		}
		if !inlines(t.list[0]) {
			return Notes{tail: &t.noteTail}
		}
		return notesOf(t.list) // self is zero: the note stays as it was
	}
	list := ns.appendTo(make([]pendingNote, 0, ns.Len()))
	for i := range list {
		if list[i].to.IsZero() {
			list[i].to = self
		}
	}
	return notesOf(list)
}

// Received returns the JSON text of a received value, cut so that a huge
// payload is never echoed back: a string longer than MaxReceivedChars
// characters keeps its first MaxReceivedChars characters and ends in "…";
// any other value whose JSON text is longer than that is replaced by a
// string of its first MaxReceivedChars characters and "…".
func Received(v any) json.RawMessage {
	if s, ok := v.(string); ok {
		return quote(cut(s))
	}
	if n, ok := v.(json.Number); ok {
		if len(n) <= MaxReceivedChars {
			return json.RawMessage(n)
		}
		return quote(cut(string(n)))
	}
	var text []byte
	switch v.(type) {
	case []any, map[string]any:
		// Encode no more of a list or an object than the cut keeps: a note
		// about each of 800 items must not encode the whole list 800 times.
		var complete bool
		text, complete = appendBounded(nil, v, MaxReceivedChars*4)
		if complete && utf8.RuneCount(text) <= MaxReceivedChars {
			return text
		}
		return quote(cut(string(text)) + boundedTail(text))
	}
	text, ok := fastJSON(v)
	if !ok {
		var err error
		if text, err = marshal(v); err != nil {
			return quote("<unencodable value>")
		}
	}
	if utf8.RuneCount(text) <= MaxReceivedChars {
		return text
	}
	return quote(cut(string(text)))
}

// receivedText is string(Received(v)), with one allocation instead of
// two for a value that appends its own JSON (a number, a date): the text
// every note of a repaired value names it by.
func receivedText(v any) string {
	if x, ok := v.(jsonAppender); ok && reflect.TypeOf(v).Kind() != reflect.Pointer {
		var buf [64]byte
		if text, err := x.AppendJSON(buf[:0]); err == nil && len(text) <= MaxReceivedChars && compactASCII(text) && json.Valid(text) {
			return string(text)
		}
	}
	return string(Received(v))
}

// fastJSON encodes, without an encoder, the values a note renders on every
// lenient read — a kind's value: a bool, or a type with its own
// MarshalJSON (a number, a date) or MarshalText (a uuid, a language tag) —
// and reports false for anything else, or when the result might differ
// from encoding/json's (a MarshalJSON text that is not compact ASCII JSON,
// which the encoder would compact or escape). TestFastJSONAgrees holds the
// two equal.
func fastJSON(v any) ([]byte, bool) {
	if v != nil && reflect.TypeOf(v).Kind() == reflect.Pointer {
		// encoding/json spells a nil pointer null without calling its
		// methods, which may dereference it; marshal does it its way.
		return nil, false
	}
	switch x := v.(type) {
	case bool:
		if x {
			return []byte("true"), true
		}
		return []byte("false"), true
	case json.Marshaler:
		text, err := x.MarshalJSON()
		if err != nil || !compactASCII(text) || !json.Valid(text) {
			return nil, false
		}
		return text, true
	case encoding.TextMarshaler:
		text, err := x.MarshalText()
		if err != nil {
			return nil, false
		}
		return quote(string(text)), true
	}
	return nil, false
}

// compactASCII reports whether b is ASCII with no whitespace: JSON text
// that encoding/json's compaction leaves as it is.
func compactASCII(b []byte) bool {
	for _, c := range b {
		if c >= utf8.RuneSelf || c == ' ' || c == '\t' || c == '\n' || c == '\r' {
			return false
		}
	}
	return len(b) > 0
}

// boundedTail makes sure a cut encoding ends in "…" even when it was
// shorter than the cut, because appendBounded stopped early.
func boundedTail(text []byte) string {
	if utf8.RuneCount(text) > MaxReceivedChars {
		return ""
	}
	return "…"
}

// appendBounded appends the JSON encoding of a decoded JSON value to b,
// stopping once b is longer than limit; complete reports whether it
// encoded all of v. Work is bounded by limit, not by the size of v.
func appendBounded(b []byte, v any, limit int) ([]byte, bool) {
	if len(b) > limit {
		return b, false
	}
	switch x := v.(type) {
	case []any:
		b = append(b, '[')
		for i, item := range x {
			if i > 0 {
				b = append(b, ',')
			}
			var ok bool
			if b, ok = appendBounded(b, item, limit); !ok {
				return b, false
			}
		}
		return append(b, ']'), true
	case map[string]any:
		keys := make([]string, 0, len(x))
		for k := range x {
			keys = append(keys, k)
			if len(keys) > limit {
				break
			}
		}
		slices.Sort(keys)
		b = append(b, '{')
		for i, k := range keys {
			if i > 0 {
				b = append(b, ',')
			}
			b = append(b, quote(cut(k))...)
			b = append(b, ':')
			var ok bool
			if b, ok = appendBounded(b, x[k], limit); !ok {
				return b, false
			}
		}
		return append(b, '}'), len(keys) == len(x)
	case string:
		q := quote(cut(x))
		return append(b, q...), utf8.RuneCountInString(x) <= MaxReceivedChars
	}
	text, err := marshal(v)
	if err != nil {
		return append(b, `"<unencodable value>"`...), false
	}
	return append(b, text...), true
}

// Cut keeps the first MaxReceivedChars characters of s and ends it in "…"
// when it was longer: the cut of every echo of what a caller sent (a
// property name in a message, a path, an origin).
func Cut(s string) string { return cut(s) }

// cut keeps the first MaxReceivedChars characters of s.
func cut(s string) string {
	count := 0
	for i := range s {
		if count == MaxReceivedChars {
			return s[:i] + "…"
		}
		count++
	}
	return s
}

// marshal is json.Marshal without HTML escaping: a received "<nil>" is
// echoed as "<nil>", not "\u003cnil\u003e", in every message and field.
func marshal(v any) ([]byte, error) {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return nil, err
	}
	return bytes.TrimSuffix(b.Bytes(), []byte("\n")), nil
}
