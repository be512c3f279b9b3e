package stringlist

import (
	"bytes"
	"encoding/json"
	"errors"
	"reflect"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"agentinput.dev/agentinput"
	"agentinput.dev/internal/placeholder"
	"agentinput.dev/internal/spelling"
	"agentinput.dev/kinds/filter"
)

// Options are a list property's options. Item is required, so the zero
// Options is an error of New; every other field's zero value is the plain
// list (no splitting, repeats kept, generic asks).
type Options[T any] struct {
	// Item reads one item: the item kind's read function with its options
	// (uuid.Read, an enum's Read, Text for free text). Required.
	Item func(v any) agentinput.Outcome[T]
	// Split reads a comma- or semicolon-separated string as its items. Set
	// it only for item kinds whose values never hold a comma or a
	// semicolon (enum, uuid, country, locale, vocabulary): free text is
	// never split silently ("Smith, John" may be one name: SplitText), and
	// numbers are not split ("1,5": SplitAsks).
	Split bool
	// SplitAsks is for item kinds whose values may hold a comma (numbers:
	// "1,5" is 1.5 with a decimal comma), so that a comma-separated string
	// is not split: it reads as one item, as without the option. But when
	// the string holds a comma, splitting it at its commas and semicolons
	// gives two or more items that all read as values, and the whole also
	// reads as a value, the string has two meanings and is an ask
	// ambiguous naming both lists ("10,20" is [10.2] or [10,20];
	// "1,234,567" is [1234567] or [1,234,567]), the same ask as Split's
	// whole-versus-split one. When only the whole reads ("1 000", "10,5
	// kg" is the item kind's ask), it stands as one item. It has no
	// effect with Split, which already weighs the whole against its split
	// items.
	SplitAsks bool
	// SplitText is for free-text items (Text): a lone string that holds
	// list separators (commas, semicolons, line breaks), is a quoted CSV
	// line, a list in another language's literal syntax (['a', 'b'],
	// ("a", "b"), c("a", "b") …) or a JSON array missing a bracket, is an
	// ask ambiguous naming the one-item list and the split list; a string
	// without any of these is one item. It has no effect with Split.
	SplitText bool
	// Unique drops an item that repeats an earlier one (the same canonical
	// value), with a note.
	Unique bool
	// ItemExpected says what one item is, for asks ("a UUID as a JSON
	// string, …"); ItemExample is one canonical item as JSON. Both are
	// optional and are best taken from the item kind (uuid.Expected,
	// uuid.Example).
	ItemExpected string
	ItemExample  json.RawMessage
	// Declared are the item kind's own declared values, when it has any
	// (an enum's values). A generic placeholder spelling ("none", "N/A")
	// as an item is an ask for that item, unless it equals one of these,
	// trimmed and in any letter case: then the item kind reads it (an
	// enum of none, low, high reads "None" as "none"). Optional.
	Declared []string
	// ItemSpeller spells the item kind's values for the list's Spell and
	// Ambiguous (spell.go): the item kind's reader, when it is an
	// agentinput.Speller, best the one whose Read is Item. Optional: nil
	// spells each item in its canonical JSON.
	ItemSpeller agentinput.Speller[T]
}

// Reader reads one list property. Build one with New; it is immutable and
// safe for use by many goroutines.
type Reader[T any] struct {
	opts       Options[T]
	expected   string
	example    json.RawMessage
	comparable bool            // T's values can key a map
	declared   map[string]bool // the declared values that are placeholder spellings, folded
}

// New checks opts and builds the list reader. Its error is the program's
// mistake: no item reader.
func New[T any](opts Options[T]) (*Reader[T], error) {
	if opts.Item == nil {
		return nil, errors.New("stringlist: Options.Item is nil (use stringlist.Text for free text)")
	}
	l := &Reader[T]{opts: opts}
	for _, d := range opts.Declared {
		if placeholder.Is(d, false) {
			if l.declared == nil {
				l.declared = make(map[string]bool)
			}
			l.declared[fold(d)] = true
		}
	}
	t := reflect.TypeFor[T]()
	l.comparable = t.Comparable() && t.Kind() != reflect.Interface
	item := opts.ItemExpected
	if item == "" {
		item = "a value of the item kind"
	}
	l.expected = "a JSON array whose items are each " + item
	if len(opts.ItemExample) > 0 {
		l.example = json.RawMessage("[" + string(opts.ItemExample) + "]")
		l.expected += "; for example " + string(l.example)
	}
	return l, nil
}

// Expected says in words what the list property accepts, with an example
// when the item kind gave one.
func (l *Reader[T]) Expected() string { return l.expected }

// Example returns a one-item canonical list as JSON, or nil when the item
// kind gave no example.
func (l *Reader[T]) Example() json.RawMessage { return bytes.Clone(l.example) }

// Item is one item of a list, read on its own: its index in the list as
// received (after a string was split or decoded), so that a caller can
// name it (/tags/3), and the item kind's outcome.
type Item[T any] struct {
	Index   int
	Outcome agentinput.Outcome[T]
}

// Items is the result of reading a list item by item: the list itself
// (an ask when it is no list at all, absent for null), the repairs of the
// list as a whole (a lone value, a string holding an array, splitting,
// dropped duplicates), and every item that was not dropped, each with its
// own outcome. A caller that applies valid items and reports the others
// (best effort) reads this; Read turns it into one outcome.
type Items[T any] struct {
	items  []Item[T]
	notes  agentinput.Notes
	ask    *agentinput.Ask
	absent bool
	lone   bool // one item: a string with separators read whole, never split
}

// Status says whether the list was read (StatusValue, though items may be
// asks), was null (StatusAbsent), or is no list at all (StatusAsk).
func (it Items[T]) Status() agentinput.Status {
	switch {
	case it.ask != nil:
		return agentinput.StatusAsk
	case it.absent:
		return agentinput.StatusAbsent
	}
	return agentinput.StatusValue
}

// Ask returns the ask about the list as a whole (wrong_type, too_large,
// a string that holds no items, a separated string that reads both as one
// item and as its items) and true, when there is one.
func (it Items[T]) Ask() (agentinput.Ask, bool) {
	if it.ask == nil {
		return agentinput.Ask{}, false
	}
	return *it.ask, true
}

// Lone reports whether the list is one lone value that was never split (a
// string or a scalar read as a one-item list): an ask about it names no
// index, so a caller reporting items by path reports the list's own ask
// (issue 32: never "the item at index 0" of an unsplit string).
func (it Items[T]) Lone() bool { return it.lone }

// All returns the items that were not dropped, in list order.
func (it Items[T]) All() []Item[T] { return it.items }

// Notes renders the repairs of the list as a whole, in order. Each item's
// own notes are in its outcome.
func (it Items[T]) Notes() []agentinput.Note {
	// Every list note names its result explicitly, so the outcome the
	// notes are rendered through does not matter.
	return agentinput.Absent[struct{}](it.notes).Notes()
}

// Values returns the values of the items that read as values, in order.
func (it Items[T]) Values() []T {
	out := make([]T, 0, len(it.items))
	for _, item := range it.items {
		if v, ok := item.Outcome.Value(); ok {
			out = append(out, v)
		}
	}
	return out
}

// ReadItems reads one decoded JSON value as a list, item by item. See the
// package documentation for the spellings it reads.
func (l *Reader[T]) ReadItems(v any) Items[T] {
	var it Items[T]
	if a, ok := l.everyValue(v); ok {
		it.ask = &a
		return it
	}
	raw, whole, ok := l.items(v, &it)
	if !ok {
		return it
	}
	var seen map[any]int
	if l.opts.Unique {
		seen = make(map[any]int, len(raw))
	}
	it.items = make([]Item[T], 0, len(raw))
	// Each dropped repeat is a note of its own, appended to the list's
	// notes once at the end: Notes.AddStep copies the notes it adds to, so
	// adding one per repeat would copy items × repeats notes.
	var dropped []agentinput.Notes
	allValues := true
	for i, r := range raw {
		o := l.readItem(r, i)
		allValues = allValues && o.Status() == agentinput.StatusValue
		if seen != nil {
			if value, ok := o.Value(); ok {
				key := l.key(value)
				if first, dup := seen[key]; dup {
					var note agentinput.Notes
					note.AddStep(agentinput.NoteDuplicate, agentinput.JSONValue(r),
						agentinput.Words("a repeat of the item at index "+strconv.Itoa(first)),
						"at index "+strconv.Itoa(i)+", dropped")
					dropped = append(dropped, note)
					continue
				}
				seen[key] = i
			}
		}
		it.items = append(it.items, Item[T]{Index: i, Outcome: o})
	}
	it.notes.Append(dropped...)
	switch {
	case whole != nil && l.opts.Split:
		l.weighWhole(v, whole, allValues, &it)
	case whole != nil && l.opts.SplitAsks && !l.opts.SplitText:
		l.weighSplit(v, whole, allValues, len(raw), &it)
	case whole != nil:
		l.weighText(v, whole, allValues, &it)
	}
	return it
}

// weighText settles free text written as a list (Options.SplitText): whole
// is the string as received, its one item. When it and every split item
// read as values and the two lists differ, the list is an ask naming both
// ("Smith, John" is ["Smith, John"] or ["Smith","John"]); otherwise the
// string is one item, with its outcome.
func (l *Reader[T]) weighText(v any, whole any, allValues bool, it *Items[T]) {
	o := l.readItem(whole, 0)
	if value, ok := o.Value(); ok && allValues {
		if a, ok := l.wholeOrSplit(v, whole, value, it.Values()); ok {
			*it = Items[T]{ask: &a}
			return
		}
	}
	*it = l.oneItem(v, whole, o)
}

// weighWhole settles a separated string that was split into the items of
// it: whole is the string unsplit, read here as one item too ("English,
// UK" is the one locale en-GB, split it is en and uk). When both readings
// are values and differ, the string has two meanings and the list is an
// ask naming both; when only the whole is a value, it wins, a one-item
// list; when the whole is an ask with readings of its own ("English, uk":
// the locale kind asks whether "uk" is the United Kingdom), each reading is
// a meaning beside the split items, never left out; otherwise the split
// items stand.
func (l *Reader[T]) weighWhole(v any, whole any, allValues bool, it *Items[T]) {
	o := l.readItem(whole, 0)
	value, ok := o.Value()
	if !ok {
		if allValues {
			if a, ok := l.readingsOrSplit(v, whole, o, it.Values()); ok {
				*it = Items[T]{ask: &a}
			}
		}
		return
	}
	if !allValues {
		*it = l.oneItem(v, whole, o)
		return
	}
	if a, ok := l.wholeOrSplit(v, whole, value, it.Values()); ok {
		*it = Items[T]{ask: &a}
	}
}

// weighSplit settles a string with separators that was split only to
// weigh its readings (Options.SplitAsks): whole is the string as received,
// and it holds the items of the string split at every comma, semicolon and
// line break, parts of them before Unique dropped repeats. A reading is
// plausible when every one of its items reads as a value (with Unique,
// its repeats dropped): the whole as one item; the split items; and, when some commas
// stand with no space after them (a decimal comma, "1,5"), the string
// split only at its strong separators (a comma before a space, a
// semicolon, a line break). One plausible reading is the list; several
// distinct ones are an ask naming each as a whole list ("10,20" is [10.2]
// or [10,20]; "1,5, 2" is [1,5,2] or [1.5,2]); with none, a string written
// as a list (a strong separator) keeps its split items, whose asks name
// their indices, and any other string is one item.
func (l *Reader[T]) weighSplit(v any, whole any, allValues bool, parts int, it *Items[T]) {
	o := l.readItem(whole, 0)
	type reading struct {
		values []T
		notes  agentinput.Notes
		text   string // the list's canonical JSON
		one    bool
	}
	var plausible []reading
	addReading := func(values []T, notes agentinput.Notes, one bool) {
		values = l.dropRepeats(values)
		text, err := json.Marshal(values)
		if err != nil {
			return
		}
		for _, r := range plausible {
			if r.text == string(text) {
				return
			}
		}
		plausible = append(plausible, reading{values, notes, string(text), one})
	}
	if value, ok := o.Value(); ok {
		addReading([]T{value}, agentinput.Notes{}, true)
	} else if a, ok := o.Ask(); ok && a.Code == agentinput.AskAmbiguous {
		// The whole has readings of its own ("1,234": 1234 or 1.234): each
		// is a one-item list.
		for _, r := range a.Readings {
			var one any
			dec := json.NewDecoder(bytes.NewReader(r.Value))
			dec.UseNumber()
			if dec.Decode(&one) != nil {
				continue
			}
			if value, ok := l.readItem(one, 0).Value(); ok {
				addReading([]T{value}, agentinput.Notes{}, true)
			}
		}
	}
	if allValues {
		addReading(it.Values(), it.notes, false)
	}
	// A reading the item kind reads as values it refuses ("1,5" is 1.5 on
	// a property of whole numbers: not_whole, out_of_range) is a meaning
	// too: a split never silently stands in for it.
	refused := isRefused(o)
	text, _ := whole.(string)
	strong := strongParts(text)
	if len(strong) >= 2 && len(strong) != parts {
		values, ok, refusedItem := make([]T, 0, len(strong)), true, false
		for i, p := range strong {
			io := l.readItem(p, i)
			if value, isValue := io.Value(); isValue {
				values = append(values, value)
				continue
			}
			ok = false
			if isRefused(io) {
				refusedItem = true
				continue
			}
			refusedItem = false
			break
		}
		if ok {
			addReading(values, agentinput.Notes{}, false)
		}
		refused = refused || refusedItem
	}
	switch {
	case refused && len(plausible) == 0:
		*it = l.oneItem(v, whole, o)
	case refused:
		fa, _ := o.Ask()
		rs := make([]agentinput.Reading, len(plausible))
		for i, r := range plausible {
			rs[i] = agentinput.Reading{Value: json.RawMessage(r.text), Meaning: countItems(len(r.values)) + ": the string " + separatorNames(whole)}
		}
		reason := "as one item it is refused (" + fa.Reason + "), and split it reads as a list"
		if !isRefused(o) {
			reason = "split at its strong separators it holds an item this property refuses, and split at every separator it reads as a list"
		}
		*it = Items[T]{ask: &agentinput.Ask{
			Code:     agentinput.AskAmbiguous,
			Received: agentinput.Received(v),
			Reason:   reason,
			Expected: l.expected,
			Hint:     "Send the list you mean as a JSON array",
			Readings: rs,
		}}
	case len(plausible) == 1 && plausible[0].one:
		*it = l.oneItem(v, whole, o)
	case len(plausible) == 1:
		if len(strong) >= 2 && len(strong) != parts && plausible[0].text != jsonOf(it.Values()) {
			*it = l.strongItems(v, text, strong)
			return
		}
		var notes agentinput.Notes
		notes.AddStep(agentinput.NoteSplit, agentinput.JSONValue(v), agentinput.Words(countItems(len(it.items))), "items of one kind, "+separatorNames(whole))
		notes.Append(it.notes) // the repeats Unique dropped
		it.notes = notes
	case len(plausible) > 1:
		rs := make([]agentinput.Reading, len(plausible))
		for i, r := range plausible {
			meaning := countItems(len(r.values)) + ": the string " + separatorNames(whole)
			switch {
			case r.one:
				meaning = "one item: the whole string"
			case i > 0 && !plausible[0].one || i > 1:
				meaning = countItems(len(r.values)) + ": the string split at its semicolons, line breaks and commas before a space"
			}
			rs[i] = agentinput.Reading{Value: json.RawMessage(r.text), Meaning: meaning}
		}
		*it = Items[T]{ask: &agentinput.Ask{
			Code:     agentinput.AskAmbiguous,
			Received: agentinput.Received(v),
			Reason:   "it reads as " + strconv.Itoa(len(rs)) + " different lists",
			Expected: l.expected,
			Hint:     "Send the list you mean as a JSON array",
			Readings: rs,
		}}
	case len(strong) >= 2:
		// Written as a list: its split items stand, each with its ask.
		var notes agentinput.Notes
		notes.AddStep(agentinput.NoteSplit, agentinput.JSONValue(v), agentinput.Words(countItems(len(it.items))), "items "+separatorNames(whole))
		notes.Append(it.notes)
		it.notes = notes
	default:
		*it = l.oneItem(v, whole, o)
	}
}

// isRefused reports whether o is the item kind's ask about a value it
// read and refuses: not_whole or out_of_range.
func isRefused[T any](o agentinput.Outcome[T]) bool {
	a, ok := o.Ask()
	return ok && (a.Code == agentinput.AskNotWhole || a.Code == agentinput.AskOutOfRange)
}

// strongItems is the list of the items of text split at its strong
// separators, read.
func (l *Reader[T]) strongItems(v any, text string, strong []any) Items[T] {
	var it Items[T]
	for i, p := range strong {
		it.items = append(it.items, Item[T]{Index: i, Outcome: l.readItem(p, i)})
	}
	it.notes.AddStep(agentinput.NoteSplit, agentinput.JSONValue(v), agentinput.Words(countItems(len(strong))),
		"items of one kind, split at its semicolons, line breaks and commas before a space")
	return it
}

// strongParts cuts s at its strong separators only: a semicolon, a line
// break, and a comma followed by whitespace. A comma with none after it
// may be inside an item (a decimal comma, "1,5").
func strongParts(s string) []any {
	var out []any
	start := 0
	for i := 0; i < len(s); i++ {
		c := s[i]
		strongComma := c == ',' && (i+1 == len(s) || s[i+1] == ' ' || s[i+1] == '\t' || s[i+1] == '\n' || s[i+1] == '\r')
		if c == ';' || c == '\n' || c == '\r' || strongComma {
			if p := strings.TrimFunc(s[start:i], spelling.IsSpace); p != "" {
				out = append(out, p)
			}
			start = i + 1
		}
	}
	if p := strings.TrimFunc(s[start:], spelling.IsSpace); p != "" {
		out = append(out, p)
	}
	return out
}

// jsonOf is the JSON text of values, or "" when they do not encode.
func jsonOf[T any](values []T) string {
	text, err := json.Marshal(values)
	if err != nil {
		return ""
	}
	return string(text)
}

// oneItem is the list of the one item whole, read as o, from v.
func (l *Reader[T]) oneItem(v any, whole any, o agentinput.Outcome[T]) Items[T] {
	var notes agentinput.Notes
	notes.AddStep(agentinput.NoteOneItem, agentinput.JSONValue(v), agentinput.JSONValue([]any{whole}), "a lone value as a one-item list")
	return Items[T]{items: []Item[T]{{Index: 0, Outcome: o}}, notes: notes, lone: true}
}

// wholeOrSplit is the ask about a string that reads both as the one item
// value (the whole) and as the split items values, and true; or false
// when the two lists are the same ("English," is en either way).
func (l *Reader[T]) wholeOrSplit(v any, whole any, value T, values []T) (agentinput.Ask, bool) {
	one, err1 := json.Marshal([]T{value})
	many, err2 := json.Marshal(values)
	if err1 == nil && err2 == nil && bytes.Equal(one, many) {
		return agentinput.Ask{}, false
	}
	split := countItems(len(values)) + " " + separatorNames(whole)
	a := agentinput.Ask{
		Code:     agentinput.AskAmbiguous,
		Received: agentinput.Received(v),
		Reason:   "it reads as one item, and as " + split,
		Expected: l.expected,
		Hint:     "Send the list you mean as a JSON array",
	}
	if err1 != nil || err2 != nil {
		// No canonical spelling to name: the list is invalid until sent
		// as an array.
		a.Code = agentinput.AskInvalid
	} else {
		a.Readings = []agentinput.Reading{
			{Value: one, Meaning: "one item: the whole string"},
			{Value: many, Meaning: countItems(len(values)) + ": the string " + separatorNames(whole)},
		}
	}
	return a, true
}

// readingsOrSplit is the ask about a separated string whose split items
// are all values while the whole, read as one item, is an ask ambiguous:
// each of the whole's readings the item kind reads as a value is a
// one-item list, and the split items are one more.
func (l *Reader[T]) readingsOrSplit(v any, whole any, o agentinput.Outcome[T], values []T) (agentinput.Ask, bool) {
	wa, ok := o.Ask()
	if !ok || wa.Code != agentinput.AskAmbiguous {
		return agentinput.Ask{}, false
	}
	many, err := json.Marshal(values)
	if err != nil {
		return agentinput.Ask{}, false
	}
	var rs []agentinput.Reading
	for _, r := range wa.Readings {
		var one any
		dec := json.NewDecoder(bytes.NewReader(r.Value))
		dec.UseNumber()
		if dec.Decode(&one) != nil {
			continue
		}
		value, ok := l.readItem(one, 0).Value()
		if !ok {
			continue
		}
		text, err := json.Marshal([]T{value})
		if err != nil || bytes.Equal(text, many) || repeats(value, values) {
			// The split items say the same: the whole's one item, once or
			// repeated ("N.S., NS" is NS either way).
			continue
		}
		rs = append(rs, agentinput.Reading{Value: text, Meaning: "one item: the whole string, read as " + r.Meaning})
	}
	if len(rs) == 0 {
		return agentinput.Ask{}, false
	}
	split := countItems(len(values)) + " " + separatorNames(whole)
	return agentinput.Ask{
		Code:     agentinput.AskAmbiguous,
		Received: agentinput.Received(v),
		Reason:   "it may be one item, and it reads as " + split,
		Expected: l.expected,
		Hint:     "Send the list you mean as a JSON array",
		Readings: append(rs, agentinput.Reading{Value: many, Meaning: countItems(len(values)) + ": the string " + separatorNames(whole)}),
	}, true
}

// repeats reports whether every one of values is value, as JSON.
func repeats[T any](value T, values []T) bool {
	one, err := json.Marshal(value)
	if err != nil {
		return false
	}
	for _, x := range values {
		if b, err := json.Marshal(x); err != nil || !bytes.Equal(b, one) {
			return false
		}
	}
	return true
}

// countItems is "1 item" or "N items".
func countItems(n int) string {
	if n == 1 {
		return "1 item"
	}
	return strconv.Itoa(n) + " items"
}

// separatorNames says how s was split, for a reason and a meaning:
// "split at its commas", "… semicolons", "… line breaks", or "read as a
// list" (quoted items, list brackets, other separators).
func separatorNames(s any) string {
	t, _ := s.(string)
	comma, semicolon, lines := strings.Contains(t, ","), strings.Contains(t, ";"), strings.ContainsAny(t, "\n\r")
	switch {
	case strings.ContainsAny(t, "\"'[](){}“‘«„`"):
		return "read as a list"
	case comma && semicolon:
		return "split at its commas and semicolons"
	case comma && !lines:
		return "split at its commas"
	case semicolon && !lines:
		return "split at its semicolons"
	case lines && !comma && !semicolon:
		return "split at its line breaks"
	}
	return "split at its separators"
}

// items finds the raw items of v, recording the list's repairs in it, or
// records the ask (or absence) and returns false. When the items were
// split from a string, whole is that string unsplit (a string), to be
// read as one item too; else it is nil.
func (l *Reader[T]) items(v any, it *Items[T]) (raw []any, whole any, ok bool) {
	switch x := v.(type) {
	case []any:
		if len(x) > agentinput.MaxArrayItems {
			it.ask = l.tooLarge(v, "it holds "+strconv.Itoa(len(x))+" items, over the budget of "+strconv.Itoa(agentinput.MaxArrayItems))
			return nil, nil, false
		}
		return x, nil, true
	case []string:
		// A Go caller's list of strings.
		out := make([]any, len(x))
		for i, s := range x {
			out[i] = s
		}
		return l.items(out, it)
	case string:
		return l.fromString(v, x, it)
	case nil:
		it.absent = true
		return nil, nil, false
	case map[string]any:
		it.ask = l.invalid(v, agentinput.AskWrongType, "an object is not a list")
		return nil, nil, false
	case json.Number, bool, float64, float32, int, int8, int16, int32, int64, uint, uint8, uint16, uint32, uint64:
		it.notes.AddStep(agentinput.NoteOneItem, agentinput.JSONValue(v), agentinput.JSONValue([]any{v}), "a lone value as a one-item list")
		it.lone = true
		return []any{v}, nil, true
	default:
		it.ask = l.invalid(v, agentinput.AskWrongType, "it is not a JSON value a list is read from")
		return nil, nil, false
	}
}

// fromString reads the string forms of a list: a JSON array in a string,
// separated items (for constrained item kinds), or one item. Separated
// items come with the string unsplit (inside its brackets, if any), which
// ReadItems reads as one item too.
func (l *Reader[T]) fromString(v any, s string, it *Items[T]) ([]any, any, bool) {
	if len(s) > agentinput.MaxStringBytes {
		it.ask = l.tooLarge(v, "it is longer than "+strconv.Itoa(agentinput.MaxStringBytes)+" bytes, the most a list is read from")
		return nil, nil, false
	}
	if !utf8.ValidString(s) {
		it.ask = l.invalid(v, agentinput.AskInvalid, "it is not valid UTF-8")
		return nil, nil, false
	}
	t, trimmed := spelling.Trim(s)
	if strings.HasPrefix(t, "[") && strings.HasSuffix(t, "]") {
		if arr, ok := decodeArray(t); ok {
			if len(arr) > agentinput.MaxArrayItems {
				it.ask = l.tooLarge(v, "it holds "+strconv.Itoa(len(arr))+" items, over the budget of "+strconv.Itoa(agentinput.MaxArrayItems))
				return nil, nil, false
			}
			if trimmed {
				it.notes.AddStep(agentinput.NoteTrimmed, agentinput.Text(s), agentinput.Text(t), "")
			}
			it.notes.AddStep(agentinput.NoteListInString, agentinput.Text(t), agentinput.JSONValue(arr), "a string holding a JSON array")
			return arr, nil, true
		}
		if l.opts.Split {
			// "[CZ, SK]": the brackets of a list without its quotes.
			inner := strings.TrimFunc(t[1:len(t)-1], spelling.IsSpace)
			if parts := split(inner); len(parts) > 0 {
				return l.splitItems(v, s, inner, parts, it)
			}
		}
	}
	if l.opts.Split && strings.ContainsAny(t, ",;") {
		parts := split(t)
		if len(parts) == 0 {
			it.ask = l.invalid(v, agentinput.AskInvalid, "it holds separators and no items")
			return nil, nil, false
		}
		return l.splitItems(v, s, s, parts, it)
	}
	if l.opts.SplitText && !l.opts.Split {
		if parts, ok := textItems(s); ok && len(parts) <= agentinput.MaxArrayItems {
			return parts, v, true
		}
	}
	if l.opts.SplitAsks && strings.ContainsAny(t, ",;\n\r") {
		// Split only to weigh the readings (weighSplit).
		if parts := splitLines(t); len(parts) >= 2 && len(parts) <= agentinput.MaxArrayItems {
			return parts, v, true
		}
	}
	it.notes.AddStep(agentinput.NoteOneItem, agentinput.JSONValue(v), agentinput.JSONValue([]any{v}), "a lone value as a one-item list")
	it.lone = true
	return []any{v}, nil, true
}

// splitItems returns the parts split from s, and whole, the text they
// were split from, to be read as one item too.
func (l *Reader[T]) splitItems(v any, s, whole string, parts []any, it *Items[T]) ([]any, any, bool) {
	if len(parts) > agentinput.MaxArrayItems {
		it.ask = l.tooLarge(v, "it holds "+strconv.Itoa(len(parts))+" items, over the budget of "+strconv.Itoa(agentinput.MaxArrayItems))
		return nil, nil, false
	}
	it.notes.AddStep(agentinput.NoteSplit, agentinput.Text(s), agentinput.JSONValue(parts), "separated items")
	return parts, whole, true
}

// splitLines is split, at line breaks too.
func splitLines(s string) []any {
	var out []any
	for _, part := range strings.FieldsFunc(s, func(r rune) bool { return r == ',' || r == ';' || r == '\n' || r == '\r' }) {
		if p := strings.TrimFunc(part, spelling.IsSpace); p != "" {
			out = append(out, p)
		}
	}
	return out
}

// split cuts s at every comma and semicolon, trims the whitespace around
// each part and drops the empty ones ("CZ, SK," is two items).
func split(s string) []any {
	var out []any
	for _, part := range strings.FieldsFunc(s, func(r rune) bool { return r == ',' || r == ';' }) {
		if p := strings.TrimFunc(part, spelling.IsSpace); p != "" {
			out = append(out, p)
		}
	}
	return out
}

// decodeArray decodes s as one JSON array, numbers kept as json.Number.
func decodeArray(s string) ([]any, bool) {
	dec := json.NewDecoder(strings.NewReader(s))
	dec.UseNumber()
	var arr []any
	if err := dec.Decode(&arr); err != nil || dec.More() {
		return nil, false
	}
	if _, err := dec.Token(); err == nil {
		return nil, false // something after the array
	}
	if arr == nil {
		arr = []any{}
	}
	return arr, true
}

// readItem reads the item at index i. A placeholder item, generic
// (placeholder.Is: "", "N/A", null …) or the item kind's own (the
// nil UUID), is an ask for that item: a list never silently gets shorter.
// A generic placeholder that is one of Options.Declared is the item
// kind's to read.
func (l *Reader[T]) readItem(r any, i int) agentinput.Outcome[T] {
	if r == nil || placeholder.Is(r, false) && !l.isDeclared(r) {
		return l.placeholderItem(r, i)
	}
	o := l.opts.Item(r)
	if o.Status() == agentinput.StatusAbsent {
		return l.placeholderItem(r, i)
	}
	return o
}

// isDeclared reports whether r is a string equal to one of the declared
// values that are placeholder spellings, trimmed and in any letter case.
func (l *Reader[T]) isDeclared(r any) bool {
	s, ok := r.(string)
	return ok && l.declared[fold(s)]
}

// fold is s trimmed (spelling.Trim) and in lower case, for comparing
// declared values.
func fold(s string) string {
	t, _ := spelling.Trim(s)
	return strings.ToLower(t)
}

func (l *Reader[T]) placeholderItem(r any, i int) agentinput.Outcome[T] {
	what := "a placeholder"
	if r == nil {
		what = "null"
	}
	expected := l.opts.ItemExpected
	if expected == "" {
		expected = "a value of the item kind"
	}
	return agentinput.Asking[T](agentinput.Ask{
		Code:     agentinput.AskInvalid,
		Received: agentinput.Received(r),
		Reason:   "the item at index " + strconv.Itoa(i) + " is " + what + ", and an item of a list cannot be absent",
		Expected: expected,
		Hint:     "Send the item's value, or leave the item out of the list",
	})
}

// dropRepeats returns values without the ones that repeat an earlier
// one, with Unique, as a reading of a whole list is read back: "0 ;0" split
// at its strong separators is [0], not [0,0].
func (l *Reader[T]) dropRepeats(values []T) []T {
	if !l.opts.Unique || len(values) < 2 {
		return values
	}
	seen := make(map[any]bool, len(values))
	kept := make([]T, 0, len(values))
	for _, v := range values {
		if k := l.key(v); !seen[k] {
			seen[k] = true
			kept = append(kept, v)
		}
	}
	return kept
}

// key is what two equal items share, for Unique: the value itself when
// its type can key a map, else its canonical JSON text.
func (l *Reader[T]) key(v T) any {
	if l.comparable {
		return v
	}
	if raw, ok := any(v).(json.RawMessage); ok {
		return string(raw)
	}
	text, err := json.Marshal(v)
	if err != nil {
		return &v // never equal to another key: nothing is dropped
	}
	return string(text)
}

// Read reads one decoded JSON value as a list: the list's value when
// every item is a value, else one ask that names the first item that
// could not be read by its index. Callers that apply the valid items of a
// list and report the others use ReadItems instead.
func (l *Reader[T]) Read(v any) agentinput.Outcome[[]T] {
	it := l.ReadItems(v)
	switch it.Status() {
	case agentinput.StatusAsk:
		return agentinput.Asking[[]T](*it.ask)
	case agentinput.StatusAbsent:
		return agentinput.Absent[[]T](it.notes)
	}
	var bad []int // positions in it.items
	for k, item := range it.items {
		if item.Outcome.Status() != agentinput.StatusValue {
			bad = append(bad, k)
		}
	}
	if len(bad) > 0 {
		return agentinput.Asking[[]T](l.itemAsk(v, it, bad))
	}
	values := make([]T, len(it.items))
	// The items' notes: the items whose notes are of the same codes are
	// one group; a group of more than MaxItemNotes items is told by its
	// first item's notes with the count of the group and its first
	// indices, so that a thousand items repaired alike make one note, not
	// a thousand. A smaller group keeps each item's own notes.
	type group struct {
		first   int   // position in it.items
		indices []int // the items' indices, the first MaxItemNotes+1 kept
		count   int
	}
	of := make([]*group, len(it.items)) // the group of each item with notes
	byCodes := map[string]*group{}
	groups := 0
	for k, item := range it.items {
		values[k], _ = item.Outcome.Value()
		if item.Outcome.NoteCount() == 0 {
			continue
		}
		var key strings.Builder
		for _, c := range item.Outcome.NoteCodes() {
			key.WriteString(string(c))
			key.WriteByte(0)
		}
		g := byCodes[key.String()]
		if g == nil {
			g = &group{first: k}
			byCodes[key.String()] = g
			groups++
		}
		of[k] = g
		g.count++
		if len(g.indices) <= agentinput.MaxItemNotes {
			g.indices = append(g.indices, item.Index)
		}
	}
	itemNotes := make([]agentinput.Notes, 0, groups)
	for k, item := range it.items {
		switch g := of[k]; {
		case g == nil:
		case g.count <= agentinput.MaxItemNotes:
			itemNotes = append(itemNotes, item.Outcome.CarryNotes("at index "+strconv.Itoa(item.Index)))
		case g.first == k:
			itemNotes = append(itemNotes, item.Outcome.CarryNotes(itemsContext(g.indices, g.count)))
		}
	}
	notes := it.notes
	notes.Append(itemNotes...) // once: appending item by item copies the notes n times
	return agentinput.Value(values, notes)
}

// maxEveryValue is the most declared values an "all" ask offers as one
// list: past it, a reading that long helps nobody.
const maxEveryValue = 20

// everyValue is the ask about a list sent as one word that means "all of
// them" ("all", "every", "vše", "*" — the filter kind's words): on a list
// that is not a filter, it may mean every declared value, which a list
// names one by one, so the ask offers that list as its reading. It
// applies only when the item kind does not read the word itself and the
// kind declares at most maxEveryValue values.
func (l *Reader[T]) everyValue(v any) (agentinput.Ask, bool) {
	s, ok := v.(string)
	if !ok || len(l.opts.Declared) == 0 || len(l.opts.Declared) > maxEveryValue || !filter.NotFiltering(s) {
		return agentinput.Ask{}, false
	}
	// A word or a wildcard, not brackets or a dash alone: "[]" is an
	// empty list, and "-" a placeholder.
	t, _ := spelling.Trim(s)
	if !strings.ContainsFunc(t, func(r rune) bool { return unicode.IsLetter(r) || r == '*' || r == '%' || r == '＊' }) ||
		l.opts.Item(s).Status() == agentinput.StatusValue {
		return agentinput.Ask{}, false
	}
	every, err := json.Marshal(l.opts.Declared)
	if err != nil {
		return agentinput.Ask{}, false
	}
	return agentinput.Ask{
		Code:     agentinput.AskInvalid,
		Received: agentinput.Received(v),
		Reason:   "it says \"all of them\", and a list names its items one by one",
		Expected: l.expected,
		Hint:     "Send the items you mean as a JSON array; every declared value is " + string(every),
		Readings: []agentinput.Reading{{Value: every, Meaning: "every declared value"}},
	}, true
}

// itemAsk is the list's ask when some of its items are asks: it names the
// first by its index. When that item is the only one and has readings,
// the readings are whole lists, that item replaced by each of its own, so
// that the caller can copy one.
func (l *Reader[T]) itemAsk(v any, it Items[T], bad []int) agentinput.Ask {
	first := it.items[bad[0]]
	fa, _ := first.Outcome.Ask()
	where := "the item at index " + strconv.Itoa(first.Index)
	reason := where + " could not be read"
	if it.lone && len(it.items) == 1 {
		// A lone value, never split: no list, no index to name (issue 32).
		where = "the value"
		reason = "it could not be read as an item"
	}
	if fa.Reason != "" && !strings.HasPrefix(fa.Reason, "the item at index") {
		reason += ": " + fa.Reason
	} else if fa.Reason != "" {
		reason = fa.Reason
	}
	if len(bad) > 1 {
		var others []string
		for _, k := range bad[1:] {
			others = append(others, strconv.Itoa(it.items[k].Index))
		}
		reason += " (nor could the items at " + strings.Join(others, ", ") + ")"
	}
	hint := "Fix " + where + ": " + lowerFirst(fa.Hint)
	if where == "the value" {
		hint = fa.Hint + "; a list is a JSON array of such items"
	}
	a := agentinput.Ask{
		Code:     fa.Code,
		Received: agentinput.Received(v),
		Reason:   reason,
		Expected: l.expected,
		Hint:     hint,
	}
	if len(bad) == 1 && len(fa.Readings) > 0 {
		a.Readings = l.listReadings(it, bad[0], where, fa.Readings)
	}
	if where == "the value" && placeholder.NoItems(v) {
		// "none at all", "no tags", "žádné": the empty list is what to
		// send (issue 32), besides the readings the item kind names.
		a.Hint = "Send [] for no items (the empty list), or the items you mean as a JSON array"
		a.Readings = append(a.Readings, agentinput.Reading{Value: json.RawMessage("[]"), Meaning: "no items: the empty list"})
		a.Code = agentinput.AskAmbiguous
	}
	if a.Code == agentinput.AskAmbiguous && len(a.Readings) == 0 {
		// Several items are asks: no reading of the whole list can be
		// named, so the list is invalid until the items are fixed.
		a.Code = agentinput.AskInvalid
	}
	return a
}

// listReadings makes each reading of the bad item at position k a whole
// list, in canonical JSON: the other items' values, and the reading in
// the bad item's place. With Unique, a reading that repeats another item
// is dropped from its list, so that every reading reads back as itself.
func (l *Reader[T]) listReadings(it Items[T], k int, where string, readings []agentinput.Reading) []agentinput.Reading {
	texts := make([]string, len(it.items))
	for i, item := range it.items {
		if i == k {
			continue
		}
		value, _ := item.Outcome.Value()
		text, err := json.Marshal(value)
		if err != nil {
			return nil
		}
		texts[i] = string(text)
	}
	out := make([]agentinput.Reading, 0, len(readings))
	for _, r := range readings {
		texts[k] = string(r.Value)
		var b strings.Builder
		b.WriteByte('[')
		kept := make(map[string]bool, len(texts)) // a map: a slice's search is items × items
		for _, text := range texts {
			if l.opts.Unique && kept[text] {
				continue
			}
			if len(kept) > 0 {
				b.WriteByte(',')
			}
			kept[text] = true
			b.WriteString(text)
		}
		b.WriteByte(']')
		out = append(out, agentinput.Reading{Value: json.RawMessage(b.String()), Meaning: where + " as " + string(r.Value) + ": " + r.Meaning})
	}
	return out
}

func lowerFirst(s string) string {
	if s == "" {
		return "send a value of the item kind"
	}
	r, n := utf8.DecodeRuneInString(s)
	if r >= 'A' && r <= 'Z' {
		return string(r+'a'-'A') + s[n:]
	}
	return s
}

func (l *Reader[T]) invalid(v any, code agentinput.AskCode, reason string) *agentinput.Ask {
	return &agentinput.Ask{
		Code:     code,
		Received: agentinput.Received(v),
		Reason:   reason,
		Expected: l.expected,
		Hint:     "Send the items as a JSON array",
	}
}

func (l *Reader[T]) tooLarge(v any, reason string) *agentinput.Ask {
	return l.invalid(v, agentinput.AskTooLarge, reason)
}

// itemsContext is where an item note applies: "at index 3" for one item;
// for several read alike, their count and the first indices ("at 12
// items, indices 0, 1, 2, 3, 4, …").
func itemsContext(indices []int, count int) string {
	if count == 1 {
		return "at index " + strconv.Itoa(indices[0])
	}
	var b strings.Builder
	b.WriteString("at ")
	b.WriteString(strconv.Itoa(count))
	b.WriteString(" items read alike, indices ")
	for i, idx := range indices {
		if i == agentinput.MaxItemNotes {
			b.WriteString(", …")
			break
		}
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(strconv.Itoa(idx))
	}
	return b.String()
}

var _ agentinput.Reader[[]int] = (*Reader[int])(nil)
