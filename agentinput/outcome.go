package agentinput

import (
	"encoding/json"
	"unicode/utf8"
)

// Status says which of the three outcomes a read ended in.
type Status uint8

const (
	// StatusAsk: the spelling has no meaning, or several; the outcome carries
	// one Ask. It is the zero Status, so that a forgotten outcome never
	// passes for a value.
	StatusAsk Status = iota
	// StatusValue: the spelling has one meaning; the outcome carries the
	// canonical value and a note per repair.
	StatusValue
	// StatusAbsent: null, a placeholder, or a kind's own "no value"
	// spelling; the outcome carries notes saying what was read as absent.
	StatusAbsent
)

func (s Status) String() string {
	switch s {
	case StatusValue:
		return "value"
	case StatusAbsent:
		return "absent"
	default:
		return "ask"
	}
}

// MarshalJSON encodes the status as "value", "absent" or "ask".
func (s Status) MarshalJSON() ([]byte, error) {
	return []byte(`"` + s.String() + `"`), nil
}

// Outcome is the result of reading one value: exactly one of a value (with
// notes), absence (with notes), or an ask. Build one with Value, Absent,
// Placeholder or Asking; the zero Outcome is an ask with no content and is
// never a value.
//
// An Outcome is returned by value on the hottest path of every kind, so it
// holds little beyond the value: its notes (the first inline, see Notes)
// and a pointer to what few outcomes carry. A canonical spelling, and a
// spelling read with one note, allocate nothing.
type Outcome[T any] struct {
	value       T
	status      Status
	placeholder bool
	notes       Notes
	extra       *extra
}

// extra holds what few outcomes carry: an ask, warnings.
type extra struct {
	ask      Ask
	hasAsk   bool
	warnings []Warning
}

// Value is the outcome of a spelling with one meaning. notes holds one
// note per repair; a canonical spelling has none.
func Value[T any](v T, notes Notes) Outcome[T] {
	return Outcome[T]{value: v, status: StatusValue, notes: notes}
}

// ValueNote is the outcome of a string value read with one repair:
// Value(v, notes) of the notes that notes.Add(code, Text(from), reason)
// records in an empty Notes. It is built in one step, small enough for a
// kind's fast path to inline: Add is not, and Value copies the notes it
// is given. An empty code records no note.
func ValueNote[T any](v T, code NoteCode, from, reason string) Outcome[T] {
	return Outcome[T]{value: v, status: StatusValue, notes: Notes{first: firstNote{code: code, from: from, reason: reason}}}
}

// Canonical is the outcome of a canonical spelling: the value, with no
// note. It is Value(v, Notes{}), small enough for a kind's fast path to
// inline.
func Canonical[T any](v T) Outcome[T] {
	return Outcome[T]{value: v, status: StatusValue}
}

// Absent is the outcome of a spelling that means "no value", for example a
// kind's open-bound sentinel. notes says what was read as absent.
func Absent[T any](notes Notes) Outcome[T] {
	return Outcome[T]{status: StatusAbsent, notes: notes}
}

// Placeholder is the outcome of a placeholder spelling: absent when a tool
// reads, an ask when a tool writes (see the factory's absence rule).
func Placeholder[T any](notes Notes) Outcome[T] {
	return Outcome[T]{status: StatusAbsent, placeholder: true, notes: notes}
}

// Asking is the outcome of a spelling with no meaning or several.
func Asking[T any](a Ask) Outcome[T] {
	return Outcome[T]{status: StatusAsk, extra: &extra{ask: a, hasAsk: true}}
}

// Status reports which outcome this is.
func (o Outcome[T]) Status() Status { return o.status }

// Value returns the canonical value and true when the outcome is a value.
func (o Outcome[T]) Value() (T, bool) {
	if o.status != StatusValue {
		var zero T
		return zero, false
	}
	return o.value, true
}

// IsPlaceholder reports whether an absent outcome came from a placeholder
// spelling rather than from null or a kind's own "no value" spelling.
func (o Outcome[T]) IsPlaceholder() bool { return o.status == StatusAbsent && o.placeholder }

// Ask returns the ask and true when the outcome is an ask.
func (o Outcome[T]) Ask() (Ask, bool) {
	if o.status != StatusAsk {
		return Ask{}, false
	}
	if o.extra == nil || !o.extra.hasAsk {
		return Ask{Code: AskInvalid, Received: json.RawMessage("null")}, true
	}
	return o.extra.ask, true
}

// NoteCount returns the number of notes without rendering them.
func (o Outcome[T]) NoteCount() int { return o.notes.Len() }

// NoteCodes returns the codes of the notes, in order, without rendering
// them: a list groups its items' notes by them.
func (o Outcome[T]) NoteCodes() []NoteCode {
	list := o.notes.appendTo(make([]pendingNote, 0, o.notes.Len()))
	codes := make([]NoteCode, len(list))
	for i, p := range list {
		codes[i] = p.code
	}
	return codes
}

// Notes renders the notes. Rendering happens here, not when the value was
// read, so that a caller who does not look at the notes does not pay for
// their messages.
func (o Outcome[T]) Notes() []Note {
	n := o.notes.Len()
	if n == 0 {
		return []Note{}
	}
	out := make([]Note, 0, n)
	self := Words("absent")
	if o.status == StatusValue && o.notes.needSelf() {
		// Rendered once for all the notes: a list's value is long. Not
		// at all when every note names what it read as (Map resolved
		// them).
		self = JSONText(receivedText(o.value))
	}
	if o.notes.first.code != "" {
		out = append(out, o.notes.first.pending().render(self))
	}
	for _, p := range o.notes.more() {
		out = append(out, p.render(self))
	}
	return out
}

// CarryNotes returns the notes of o for a caller that reads o as part of a
// larger value (a list's item) and keeps its notes: each note still names
// what it read and the value o ended with ("absent" for absence), and its
// reason starts with context ("at index 3"), when context is not empty.
func (o Outcome[T]) CarryNotes(context string) Notes {
	if o.notes.Len() == 0 {
		return Notes{}
	}
	self := Words("absent")
	if o.status == StatusValue {
		self = JSONText(receivedText(o.value))
	}
	list := o.notes.appendTo(make([]pendingNote, 0, o.notes.Len()))
	for i := range list {
		p := &list[i]
		if p.to.IsZero() {
			p.to = self
		}
		if context != "" {
			if p.reason == "" {
				p.reason = context
			} else {
				p.reason = context + "; " + p.reason
			}
		}
	}
	return notesOf(list)
}

// Warnings returns the warnings.
func (o Outcome[T]) Warnings() []Warning {
	if o.extra == nil || len(o.extra.warnings) == 0 {
		return []Warning{}
	}
	return append([]Warning(nil), o.extra.warnings...)
}

// WithWarning returns the outcome with one more warning.
func (o Outcome[T]) WithWarning(w Warning) Outcome[T] {
	e := extra{}
	if o.extra != nil {
		e = *o.extra
	}
	e.warnings = append(e.warnings[:len(e.warnings):len(e.warnings)], w)
	o.extra = &e
	return o
}

// WithNotes returns the outcome with notes added before its own, for a
// caller that repaired the spelling before the kind read it (trimming, say).
// An ask keeps no notes: its message says everything.
func (o Outcome[T]) WithNotes(before Notes) Outcome[T] {
	if o.status == StatusAsk || before.Len() == 0 {
		return o
	}
	merged := before.appendTo(make([]pendingNote, 0, before.Len()+o.notes.Len()))
	o.notes = notesOf(o.notes.appendTo(merged))
	return o
}

// Map converts a value outcome with f and carries every other outcome over
// unchanged, notes, warnings and ask included.
func Map[T, U any](o Outcome[T], f func(T) U) Outcome[U] {
	out := Outcome[U]{status: o.status, placeholder: o.placeholder, notes: o.notes, extra: o.extra}
	if o.status == StatusValue {
		out.value = f(o.value)
		// The notes said "as <value>": they keep rendering the original
		// value, because that is what the kind read.
		if o.notes.needSelf() {
			// Rendered once here, not once per note when they are read;
			// and not at all when every note already names its value (a
			// second Map), so that f's type never has to render.
			out.notes = o.notes.Resolve(JSONText(receivedText(o.value)))
		}
	}
	return out
}

// Any returns o with its value boxed in an any, and every other outcome
// carried over unchanged. It is Map(o, func(v T) any { return v }) without
// Map's resolving of the notes: the boxed value is the same value, so the
// notes render from it exactly as they did from o's.
func Any[T any](o Outcome[T]) Outcome[any] {
	out := Outcome[any]{status: o.status, placeholder: o.placeholder, notes: o.notes, extra: o.extra}
	if o.status == StatusValue {
		out.value = o.value
	}
	return out
}

// MarshalJSON encodes the outcome as `agentinput read` prints it (README, CLI; without the
// "input" key, which belongs to the caller):
//
//	{"status": …, "value": …, "notes": […], "warnings": […], "ask": {…}}
//
// "value" is present only for a value, "ask" only for an ask.
func (o Outcome[T]) MarshalJSON() ([]byte, error) {
	return o.AppendJSON(nil)
}

// AppendJSON appends the encoding of MarshalJSON to b. Strings are not
// HTML-escaped: a received "<nil>" reads as "<nil>". It is written by
// hand (json.go): the bytes are encoding/json's.
func (o Outcome[T]) AppendJSON(b []byte) ([]byte, error) { return o.AppendJSONWith(b, nil) }

// AppendJSONWith is AppendJSON with the value appended by value: T's own
// AppendJSON (number.Decimal's, date.Date's), which AppendJSON calls too,
// through an interface. It exists for a typed caller: boxing the value in
// an interface allocates for a value larger than a pointer, and a stream
// of outcomes pays that once a line. When value fails or writes anything
// but compact ASCII JSON, the value is encoded as AppendJSON encodes it;
// a nil value is AppendJSON.
func (o Outcome[T]) AppendJSONWith(b []byte, value func([]byte, T) ([]byte, error)) ([]byte, error) {
	b = append(b, `{"status":"`...)
	b = append(b, o.status.String()...)
	b = append(b, '"')
	var text []byte // the value's JSON text, within b
	if o.status == StatusValue {
		b = append(b, `,"value":`...)
		start := len(b)
		done := false
		if value != nil {
			// What appendValue does with a value's own AppendJSON: it
			// keeps compact ASCII JSON, and encodes anything else anew.
			if t, err := value(b, o.value); err == nil && len(t) >= start && compactASCII(t[start:]) && simpleJSON(t[start:]) {
				b, done = t, true
			}
		}
		if !done {
			var err error
			if b, err = appendValue(b, any(o.value)); err != nil {
				return nil, err
			}
		}
		text = b[start:]
	}
	b = append(b, `,"notes":[`...)
	if o.notes.Len() > 0 {
		self := o.self(text)
		w := msgWriter{esc: true, b: b}
		if o.notes.first.code != "" {
			w = w.note(o.notes.first.pending(), self)
		}
		for i, p := range o.notes.more() {
			if i > 0 || o.notes.first.code != "" {
				w.b = append(w.b, ',')
			}
			w = w.note(p, self)
		}
		b = w.b
	}
	b = append(b, `],"warnings":[`...)
	if o.extra != nil {
		for i, w := range o.extra.warnings {
			if i > 0 {
				b = append(b, ',')
			}
			b = append(b, `{"code":`...)
			b = appendQuoted(b, w.Code)
			b = append(b, `,"message":`...)
			b = appendQuoted(b, w.Message)
			b = append(b, '}')
		}
	}
	b = append(b, ']')
	if a, ok := o.Ask(); ok {
		b = append(b, `,"ask":`...)
		var err error
		if b, err = a.appendJSON(b); err != nil {
			return nil, err
		}
	}
	return append(b, '}'), nil
}

// self is the spelling the notes give the value the outcome ended with,
// as Notes renders it: for a value, what Received makes of it, which for
// a kind's value (not a string, list or object) is its JSON text, cut.
// value is that text, already encoded.
func (o Outcome[T]) self(value []byte) Spelling {
	if o.status != StatusValue {
		return Words("absent")
	}
	if !o.notes.needSelf() {
		return Spelling{} // every note names what it read as
	}
	switch any(o.value).(type) {
	case string, json.Number, []any, map[string]any:
		return JSONText(receivedText(o.value))
	}
	if utf8.RuneCount(value) <= MaxReceivedChars {
		return JSONText(string(value))
	}
	return JSONText(string(quote(cut(string(value)))))
}
