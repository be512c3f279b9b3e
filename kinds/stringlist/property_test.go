package stringlist

import (
	"bytes"
	"encoding/hex"
	"encoding/json"
	"slices"
	"strconv"
	"strings"
	"testing"

	"pgregory.net/rapid"

	"agentinput.dev/agentinput"
	"agentinput.dev/internal/placeholder"
	"agentinput.dev/kinds/number"
	"agentinput.dev/kinds/uuid"
)

// drawIDs draws canonical uuids (none a placeholder).
func drawIDs(t *rapid.T, min, max int) []string {
	n := rapid.IntRange(min, max).Draw(t, "items")
	out := make([]string, n)
	for i := range out {
		b := rapid.SliceOfN(rapid.Byte(), 16, 16).Draw(t, "bytes")
		b[0] = 0x4e // not a repeated digit, nor a table entry's first byte
		h := hex.EncodeToString(b)
		out[i] = h[0:8] + "-" + h[8:12] + "-" + h[12:16] + "-" + h[16:20] + "-" + h[20:32]
	}
	return out
}

// spaces surround a JSON array in a string; the separators of a
// separated list are spell.go's.
var spaces = []string{"", " ", "  ", "\t", "\u00a0"}

// renderList spells a list of items in a random member of the list
// classes: a JSON array, a string holding one, a separated string (in
// brackets or not, when split is on), or the lone item.
func renderList(t *rapid.T, items []string, split bool) (any, []string) {
	classes := []string{"array", "json string"}
	if split && len(items) > 0 {
		classes = append(classes, "separated", "bracketed")
	}
	if len(items) == 1 {
		classes = append(classes, "lone")
	}
	quoted := make([]any, len(items))
	for i, s := range items {
		quoted[i] = s
	}
	text, _ := json.Marshal(quoted)
	sp := rapid.SampledFrom(spaces)
	switch c := rapid.SampledFrom(classes).Draw(t, "class"); c {
	case "array":
		return quoted, nil
	case "json string":
		return sp.Draw(t, "left") + string(text) + sp.Draw(t, "right"), []string{"list_in_string"}
	case "separated", "bracketed":
		var b strings.Builder
		for i, s := range items {
			if i > 0 {
				b.WriteString(rapid.SampledFrom(separators).Draw(t, "separator"))
			}
			b.WriteString(s)
		}
		if rapid.Bool().Draw(t, "trailing separator") {
			b.WriteString(",")
		}
		out := b.String()
		if c == "bracketed" {
			out = "[" + out + "]"
		}
		if c == "separated" && !strings.ContainsAny(out, ",;") {
			return out, []string{"one_item"}
		}
		return out, []string{"split"}
	default:
		return items[0], []string{"one_item"}
	}
}

// TestPropertyUUIDLists: any list of uuids, in any list class, reads as
// the list, with the note of its class.
func TestPropertyUUIDLists(t *testing.T) {
	l := uuidList(true, false)
	rapid.Check(t, func(t *rapid.T) {
		ids := drawIDs(t, 0, 12)
		v, notes := renderList(t, ids, true)
		o := l.Read(v)
		got, ok := o.Value()
		if !ok {
			a, _ := o.Ask()
			t.Fatalf("Read(%#v) = %s", v, a.Message())
		}
		var s []string
		for _, u := range got {
			s = append(s, uuid.Format(u))
		}
		if !slices.Equal(s, ids) && !(len(s) == 0 && len(ids) == 0) {
			t.Fatalf("Read(%#v) = %v, want %v", v, s, ids)
		}
		var codes []string
		for _, n := range o.Notes() {
			codes = append(codes, string(n.Code))
		}
		if codes == nil {
			codes = []string{}
		}
		if notes == nil {
			notes = []string{}
		}
		if str, isString := v.(string); isString && notes[0] == "list_in_string" && strings.TrimSpace(str) != str {
			notes = append([]string{"trimmed"}, notes...)
		}
		if !slices.Equal(codes, notes) {
			t.Fatalf("Read(%#v): notes %v, want %v", v, codes, notes)
		}
	})
}

// TestPropertyFreeTextWithoutSeparators: a string of free text without
// list separators, quotes or brackets is one item, itself.
func TestPropertyFreeTextWithoutSeparators(t *testing.T) {
	l := textList(false)
	rapid.Check(t, func(t *rapid.T) {
		s := rapid.StringOf(rapid.RuneFrom([]rune("ab .-JohnSmith/&é"))).Draw(t, "text")
		if placeholder.Is(s, false) {
			t.Skip("a placeholder")
		}
		got, ok := l.Read(s).Value()
		if !ok || len(got) != 1 || got[0] != s {
			t.Fatalf("Read(%q) = %q", s, got)
		}
	})
}

// TestPropertyFreeTextListAsks: two or more free-text items written as a
// list inside one string — joined by any list separator, as a quoted CSV
// line, in another language's list syntax, or as a JSON array missing a
// bracket — are an ask whose readings are exactly the one-item list and
// the split list.
func TestPropertyFreeTextListAsks(t *testing.T) {
	l := textList(false)
	word := rapid.StringOfN(rapid.RuneFrom([]rune("abcxyzJSé")), 1, 6, -1)
	rapid.Check(t, func(t *rapid.T) {
		items := rapid.SliceOfN(word, 2, 5).Draw(t, "items")
		sep := rapid.SampledFrom([]string{",", ", ", ";", "; ", "\n", "\r\n", "\t", " , ", "，", "、", "；"}).Draw(t, "separator")
		q := rapid.SampledFrom([]string{"", `"`, "'"}).Draw(t, "quote")
		quoted := make([]string, len(items))
		for i, it := range items {
			quoted[i] = q + it + q
		}
		body := strings.Join(quoted, sep)
		form := rapid.SampledFrom([]string{"plain", "[]", "()", "{}", "c()", "list()", "[]string{}", "missing ]", "missing ["}).Draw(t, "form")
		var s string
		switch form {
		case "plain":
			s = body
		case "[]":
			s = "[" + body + "]"
		case "()":
			s = "(" + body + ")"
		case "{}":
			s = "{" + body + "}"
		case "c()":
			s = "c(" + body + ")"
		case "list()":
			s = "list(" + body + ")"
		case "[]string{}":
			s = "[]string{" + body + "}"
		case "missing ]":
			s = "[" + body
		case "missing [":
			s = body + "]"
		}
		if _, ok := decodeArray(s); ok {
			t.Skip("a JSON array: the list itself")
		}
		a, ok := l.Read(s).Ask()
		if !ok || a.Code != agentinput.AskAmbiguous || len(a.Readings) != 2 {
			t.Fatalf("Read(%q): %+v, want an ask with two readings", s, a)
		}
		one, _ := json.Marshal([]string{s})
		many, _ := json.Marshal(items)
		if string(a.Readings[0].Value) != string(one) || string(a.Readings[1].Value) != string(many) {
			t.Fatalf("Read(%q): readings %s and %s, want %s and %s", s, a.Readings[0].Value, a.Readings[1].Value, one, many)
		}
	})
}

// TestPropertyPlaceholderItem: a placeholder anywhere in a list is an ask
// naming its index, and ReadItems keeps every other item.
func TestPropertyPlaceholderItem(t *testing.T) {
	l := uuidList(false, false)
	rapid.Check(t, func(t *rapid.T) {
		ids := drawIDs(t, 0, 8)
		at := rapid.IntRange(0, len(ids)).Draw(t, "at")
		ph := rapid.SampledFrom([]any{nil, "", " ", "N/A", "null", "none", "-", "00000000-0000-0000-0000-000000000000", "<uuid>", "3fa85f64-5717-4562-b3fc-2c963f66afa6", []any{}}).Draw(t, "placeholder")
		list := make([]any, 0, len(ids)+1)
		for _, id := range ids[:at] {
			list = append(list, id)
		}
		list = append(list, ph)
		for _, id := range ids[at:] {
			list = append(list, id)
		}
		o := l.Read(list)
		a, ok := o.Ask()
		if !ok || !strings.Contains(a.Reason, "the item at index "+itoa(at)+" is") {
			t.Fatalf("Read(%#v): %v, want an ask naming index %d", list, o.Status(), at)
		}
		items := l.ReadItems(list).All()
		if len(items) != len(list) {
			t.Fatalf("ReadItems kept %d of %d items", len(items), len(list))
		}
		for _, item := range items {
			_, isValue := item.Outcome.Value()
			if isValue == (item.Index == at) {
				t.Fatalf("item %d: value %v", item.Index, isValue)
			}
		}
	})
}

func itoa(n int) string { b, _ := json.Marshal(n); return string(b) }

// TestPropertyNoAmbiguousValue: a list holding an item the item kind asks
// about never yields a value, and every reading of the list's ask is a
// whole list that reads back as itself with no note.
func TestPropertyNoAmbiguousValue(t *testing.T) {
	values := []string{"draft", "published", "archived", "in_review"}
	rapid.Check(t, func(t *rapid.T) {
		l := enumList(values, true, rapid.Bool().Draw(t, "unique"))
		n := rapid.IntRange(1, 6).Draw(t, "items")
		list := make([]any, n)
		for i := range list {
			w := []byte(rapid.SampledFrom(values).Draw(t, "value"))
			if rapid.IntRange(0, 3).Draw(t, "typo") == 0 && len(w) > 3 {
				k := rapid.IntRange(0, len(w)-2).Draw(t, "at")
				w[k], w[k+1] = w[k+1], w[k]
			}
			list[i] = string(w)
		}
		o := l.Read(list)
		for _, item := range l.ReadItems(list).All() {
			if _, ok := item.Outcome.Ask(); ok {
				if _, isValue := o.Value(); isValue {
					t.Fatalf("Read(%q) is a value though item %d is an ask", list, item.Index)
				}
			}
		}
		a, ok := o.Ask()
		if !ok {
			return
		}
		if a.Code == agentinput.AskAmbiguous && len(a.Readings) == 0 {
			t.Fatalf("an ambiguous ask without readings: %s", a.Message())
		}
		readingsReadBack(t, l, a)
	})
}

// TestPropertyUnique: with Unique, the result is the list without its
// repeats, first occurrences kept in order, one note per dropped item.
func TestPropertyUnique(t *testing.T) {
	values := []string{"a", "b", "c", "d"}
	l := enumList(values, false, true)
	rapid.Check(t, func(t *rapid.T) {
		list := rapid.SliceOfN(rapid.SampledFrom(values), 0, 10).Draw(t, "list")
		in := make([]any, len(list))
		var want []string
		for i, s := range list {
			in[i] = s
			if !slices.Contains(want, s) {
				want = append(want, s)
			}
		}
		o := l.Read(in)
		got, ok := o.Value()
		if !ok || !slices.Equal(got, want) && len(want) > 0 || o.NoteCount() != len(list)-len(want) {
			t.Fatalf("Read(%q) = %q with %d notes, want %q", list, got, o.NoteCount(), want)
		}
	})
}

// TestPropertyCanonical: a JSON array of canonical items is a fixed point
// with no note.
func TestPropertyCanonical(t *testing.T) {
	l := uuidList(true, true)
	rapid.Check(t, func(t *rapid.T) {
		ids := drawIDs(t, 0, 10)
		slices.Sort(ids)
		ids = slices.Compact(ids)
		in := make([]any, len(ids))
		for i, s := range ids {
			in[i] = s
		}
		o := l.Read(in)
		got, ok := o.Value()
		if !ok || len(got) != len(ids) || o.NoteCount() != 0 {
			t.Fatalf("Read(%q) = %v with %d notes", ids, got, o.NoteCount())
		}
	})
}

// TestPropertyPure: the same input twice reads to identical JSON, through
// Read and through ReadItems.
func TestPropertyPure(t *testing.T) {
	l := uuidList(true, true)
	rapid.Check(t, func(t *rapid.T) {
		var v any
		switch rapid.IntRange(0, 3).Draw(t, "kind") {
		case 0:
			v, _ = renderList(t, drawIDs(t, 0, 5), true)
		case 1:
			v = rapid.String().Draw(t, "string")
		case 2:
			v = []any{rapid.String().Draw(t, "item"), nil, json.Number("1")}
		default:
			v = rapid.StringOf(rapid.RuneFrom([]rune(`[]",; 4e6a-`))).Draw(t, "alphabet")
		}
		a, err1 := l.Read(v).MarshalJSON()
		b, err2 := l.Read(v).MarshalJSON()
		if err1 != nil || err2 != nil || !bytes.Equal(a, b) {
			t.Fatalf("Read(%#v) twice:\n%s\n%s", v, a, b)
		}
	})
}

// FuzzRead checks, on any string, that reading is pure, never panics, and
// that Read is a value exactly when every item ReadItems keeps is one,
// seeded with every string of testdata/cases.txt.
func FuzzRead(f *testing.F) {
	lists := []*Reader[string]{textList(false), enumList([]string{"draft", "published", "re-set", "reset"}, true, true), countryList(true, false)}
	numbers := []*Reader[number.Decimal]{numberList(false, true, false), numberList(true, true, true)}
	seedOracle(f)
	f.Fuzz(func(t *testing.T, s string) {
		for _, l := range numbers {
			checkNumberOracle(t, l, s)
		}
		for _, l := range lists {
			checkOracle(t, l, s)
			o := l.Read(s)
			a, _ := o.MarshalJSON()
			b, _ := l.Read(s).MarshalJSON()
			if !bytes.Equal(a, b) {
				t.Fatalf("Read(%q) is not pure", s)
			}
			it := l.ReadItems(s)
			allValues := it.Status() == agentinput.StatusValue
			for _, item := range it.All() {
				if _, ok := item.Outcome.Value(); !ok {
					allValues = false
				}
			}
			if _, ok := o.Value(); ok != allValues {
				t.Fatalf("Read(%q): value %v, but every item a value: %v", s, ok, allValues)
			}
		}
	})
}

// setList is a list of a made-up item kind whose values are its set, some
// holding separators, spaces ignored: "a , b" is the one value "a,b".
func setList(unique bool) (*Reader[string], func(v any) agentinput.Outcome[string]) {
	set := map[string]bool{"a": true, "b": true, "c": true, "a,b": true, "a,b,c": true, "b;c": true}
	item := func(v any) agentinput.Outcome[string] {
		s, _ := v.(string)
		if k := strings.ReplaceAll(strings.TrimSpace(s), " ", ""); set[k] {
			return agentinput.Value(k, agentinput.Notes{})
		}
		return agentinput.Asking[string](agentinput.Ask{Code: agentinput.AskInvalid, Received: agentinput.Received(v), Reason: "not in the set", Expected: "a, b or c", Hint: "Send a, b or c"})
	}
	l, err := New(Options[string]{Item: item, Split: true, Unique: unique, ItemExpected: "a, b or c"})
	if err != nil {
		panic(err)
	}
	return l, item
}

// TestPropertyWholeBeforeSplit: a separated string whose whole also reads
// as a value never reads as its split items. When the items all read too
// (and make another list), it is an ask naming the one-item list and the
// split list; when they do not, it is the one-item list.
func TestPropertyWholeBeforeSplit(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		l, item := setList(rapid.Bool().Draw(t, "unique"))
		tokens := rapid.SliceOfN(rapid.SampledFrom([]string{"a", "b", "c", "x"}), 1, 4).Draw(t, "tokens")
		var b strings.Builder
		for i, tok := range tokens {
			if i > 0 {
				b.WriteString(rapid.SampledFrom(separators).Draw(t, "separator"))
			}
			b.WriteString(tok)
		}
		whole := b.String()
		s := whole
		if rapid.Bool().Draw(t, "brackets") {
			s = "[" + s + "]"
		}
		s = rapid.SampledFrom(spaces).Draw(t, "left") + s + rapid.SampledFrom(spaces).Draw(t, "right")
		w, wholeReads := item(whole).Value()
		if !wholeReads || !strings.ContainsAny(whole, ",;") {
			return
		}
		o := l.Read(s)
		splitReads := true
		for _, tok := range tokens {
			splitReads = splitReads && tok != "x"
		}
		if got, ok := o.Value(); ok {
			if splitReads || !slices.Equal(got, []string{w}) || o.Notes()[0].Code != agentinput.NoteOneItem {
				t.Fatalf("Read(%q) = %q with notes %v; the whole reads as %q", s, got, o.Notes(), w)
			}
			return
		}
		a, _ := o.Ask()
		if !splitReads || a.Code != agentinput.AskAmbiguous || len(a.Readings) != 2 || string(a.Readings[0].Value) != `["`+w+`"]` {
			t.Fatalf("Read(%q): %s", s, a.Message())
		}
		readingsReadBack(t, l, a)
	})
}

// TestPropertyDeclaredPlaceholder: an enum that declares a placeholder
// spelling reads it as an item, however it is cased and spaced, when its
// values are Options.Declared; without them, the item is an ask.
func TestPropertyDeclaredPlaceholder(t *testing.T) {
	values := []string{"none", "low", "high"}
	with, without := declaredEnumList(values, true, false, true), declaredEnumList(values, true, false, false)
	rapid.Check(t, func(t *rapid.T) {
		n := rapid.IntRange(1, 5).Draw(t, "items")
		list := make([]any, n)
		want := make([]string, n)
		hasNone := false
		for i := range list {
			want[i] = rapid.SampledFrom(values).Draw(t, "value")
			hasNone = hasNone || want[i] == "none"
			spelled := want[i]
			if rapid.Bool().Draw(t, "upper") {
				spelled = strings.ToUpper(spelled)
			}
			list[i] = rapid.SampledFrom(spaces).Draw(t, "left") + spelled + rapid.SampledFrom(spaces).Draw(t, "right")
		}
		if got, ok := with.Read(list).Value(); !ok || !slices.Equal(got, want) {
			t.Fatalf("declared: Read(%q) = %q, want %q", list, got, want)
		}
		if _, isValue := without.Read(list).Value(); isValue == hasNone {
			t.Fatalf("undeclared: Read(%q) value %v", list, isValue)
		}
	})
}

// readingsReadBack fails unless every reading of a, a whole list, reads
// back through l as itself with no note.
func readingsReadBack(t *rapid.T, l *Reader[string], a agentinput.Ask) {
	for _, r := range a.Readings {
		var back []any
		if err := json.Unmarshal(r.Value, &back); err != nil {
			t.Fatal(err)
		}
		bo := l.Read(back)
		got, ok := bo.Value()
		text, _ := json.Marshal(got)
		if !ok || !bytes.Equal(text, r.Value) || bo.NoteCount() != 0 {
			t.Fatalf("reading %s does not read back as itself", r.Value)
		}
	}
}

// TestPropertyListMarkers: a list written as text with list markers — a
// bullet leading every item, numbering in sequence one item a line, a
// conjunction before the last item — asks, and its split reading is the
// items without the markers (issue 33).
func TestPropertyListMarkers(t *testing.T) {
	l, err := New(Options[string]{Item: Text, SplitText: true, ItemExpected: TextExpected})
	if err != nil {
		t.Fatal(err)
	}
	rapid.Check(t, func(t *rapid.T) {
		items := rapid.SliceOfNDistinct(rapid.SampledFrom([]string{"tax", "tort", "contract law", "family", "eggs", "milk", "fresh bread"}), 2, 5, rapid.ID[string]).Draw(t, "items")
		var s string
		switch rapid.IntRange(0, 2).Draw(t, "style") {
		case 0:
			b := rapid.SampledFrom([]string{"-", "*", "•", "–"}).Draw(t, "bullet")
			sep := rapid.SampledFrom([]string{"\n", "\r\n", ", ", "; "}).Draw(t, "separator")
			parts := make([]string, len(items))
			for i, it := range items {
				parts[i] = b + " " + it
			}
			s = strings.Join(parts, sep)
		case 1:
			mark := rapid.SampledFrom([]string{".", ")"}).Draw(t, "mark")
			parts := make([]string, len(items))
			for i, it := range items {
				parts[i] = strconv.Itoa(i+1) + mark + " " + it
			}
			s = strings.Join(parts, "\n")
		default:
			conj := rapid.SampledFrom([]string{"and", "or", "und", "a", "et", "&"}).Draw(t, "conjunction")
			comma := rapid.SampledFrom([]string{"", ","}).Draw(t, "serial comma")
			s = strings.Join(items[:len(items)-1], ", ")
			if len(items) > 2 || comma == "," {
				s += comma
			}
			s += " " + conj + " " + items[len(items)-1]
			if len(items) == 2 && comma == "" {
				t.Skip("two items and a conjunction, no separator: one item")
			}
		}
		a, ok := l.Read(s).Ask()
		if !ok {
			t.Fatalf("Read(%q) is not an ask", s)
		}
		want, _ := json.Marshal(items)
		if !slices.ContainsFunc(a.Readings, func(r agentinput.Reading) bool { return string(r.Value) == string(want) }) {
			t.Fatalf("Read(%q): readings %s, want %s among them", s, a.Message(), want)
		}
	})
}

// TestPropertyTypedItemsInOneString: numbers sent as one string, joined by
// ", ", "; " or line breaks, read as the list when each item is a whole
// number or has a decimal dot (issue 32: the one split whose every item
// reads); with a decimal comma among them ("1,5, 2") it is an ask naming
// each whole list, and never names an item of an unsplit string.
func TestPropertyTypedItemsInOneString(t *testing.T) {
	l := numberList(false, true, false)
	rapid.Check(t, func(t *rapid.T) {
		ns := rapid.SliceOfN(rapid.IntRange(0, 999), 2, 6).Draw(t, "numbers")
		sep := rapid.SampledFrom([]string{", ", "; ", "\n", " ,  ", ";"}).Draw(t, "separator")
		parts := make([]string, len(ns))
		want := make([]string, len(ns))
		for i, n := range ns {
			parts[i], want[i] = strconv.Itoa(n), strconv.Itoa(n)
		}
		comma := rapid.IntRange(0, 3).Draw(t, "decimal comma") == 0 && sep != ";" && sep != "; "
		if comma {
			i := rapid.IntRange(0, len(ns)-1).Draw(t, "at")
			parts[i] += ",5"
		}
		s := strings.Join(parts, sep)
		o := l.Read(s)
		if !comma {
			v, ok := o.Value()
			got, _ := json.Marshal(v)
			if !ok || string(got) != "["+strings.Join(want, ",")+"]" {
				j, _ := o.MarshalJSON()
				t.Fatalf("Read(%q) = %s, want [%s]", s, j, strings.Join(want, ","))
			}
			return
		}
		a, ok := o.Ask()
		if !ok || a.Code != agentinput.AskAmbiguous || len(a.Readings) < 2 {
			j, _ := o.MarshalJSON()
			t.Fatalf("Read(%q) = %s, want an ask naming each list", s, j)
		}
		if strings.Contains(a.Reason+a.Hint, "index") {
			t.Fatalf("Read(%q) names an index: %s", s, a.Message())
		}
	})
}
