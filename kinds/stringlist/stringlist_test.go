package stringlist

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"testing"

	"golang.org/x/text/language"

	"agentinput.dev/agentinput"
	"agentinput.dev/internal/casefile"
	"agentinput.dev/internal/oracle"
	"agentinput.dev/kinds/country"
	"agentinput.dev/kinds/enum"
	"agentinput.dev/kinds/locale"
	"agentinput.dev/kinds/number"
	"agentinput.dev/kinds/uuid"
)

// reader reads a list whatever its item type, for the table.
type reader interface {
	read(v any) (agentinput.Outcome[json.RawMessage], Items[json.RawMessage])
}

// anyList wraps a Reader[T] so that the table can compare canonical JSON.
type anyList[T any] struct{ l *Reader[T] }

func (a anyList[T]) read(v any) (agentinput.Outcome[json.RawMessage], Items[json.RawMessage]) {
	o := a.l.Read(v)
	out := agentinput.Map(o, func(vs []T) json.RawMessage {
		b, _ := json.Marshal(vs)
		return b
	})
	it := a.l.ReadItems(v)
	conv := Items[json.RawMessage]{notes: it.notes, ask: it.ask, absent: it.absent}
	for _, item := range it.items {
		conv.items = append(conv.items, Item[json.RawMessage]{Index: item.Index, Outcome: agentinput.Map(item.Outcome, func(x T) json.RawMessage {
			b, _ := json.Marshal(x)
			return b
		})})
	}
	return out, conv
}

func uuidList(split, unique bool) *Reader[uuid.UUID] {
	l, err := New(Options[uuid.UUID]{
		Item:         func(v any) agentinput.Outcome[uuid.UUID] { return uuid.Read(v, uuid.Options{}) },
		Split:        split,
		Unique:       unique,
		ItemExpected: uuid.Expected(uuid.Options{}),
		ItemExample:  uuid.Example(uuid.Options{}),
	})
	if err != nil {
		panic(err)
	}
	return l
}

func enumList(values []string, split, unique bool) *Reader[string] {
	return declaredEnumList(values, split, unique, false)
}

// declaredEnumList is an enum list that, with declared, passes the enum's
// values as Options.Declared, as the factory does.
func declaredEnumList(values []string, split, unique, declared bool) *Reader[string] {
	e, err := enum.New(enum.Options{Values: values})
	if err != nil {
		panic(err)
	}
	opts := Options[string]{Item: e.Read, Split: split, Unique: unique, ItemExpected: e.Expected(), ItemExample: e.Example()}
	if declared {
		opts.Declared = values
	}
	l, err := New(opts)
	if err != nil {
		panic(err)
	}
	return l
}

func localeList(split, unique bool) *Reader[language.Tag] {
	l, err := New(Options[language.Tag]{
		Item:         func(v any) agentinput.Outcome[language.Tag] { return locale.Read(v, locale.Options{}) },
		Split:        split,
		Unique:       unique,
		ItemExpected: locale.Expected(locale.Options{}),
		ItemExample:  locale.Example(locale.Options{}),
	})
	if err != nil {
		panic(err)
	}
	return l
}

func countryList(split, unique bool) *Reader[string] {
	l, err := New(Options[string]{
		Item:         func(v any) agentinput.Outcome[string] { return country.Read(v, country.Options{}) },
		Split:        split,
		Unique:       unique,
		ItemExpected: country.Expected(country.Options{}),
		ItemExample:  country.Example(country.Options{}),
	})
	if err != nil {
		panic(err)
	}
	return l
}

// numberList is a list of numbers (with integer, whole numbers), with
// Options.SplitAsks when splitAsks.
func numberList(integer, splitAsks, unique bool) *Reader[number.Decimal] {
	opts := number.Options{Integer: integer}
	l, err := New(Options[number.Decimal]{
		Item:         func(v any) agentinput.Outcome[number.Decimal] { return number.Read(v, opts) },
		SplitAsks:    splitAsks,
		Unique:       unique,
		ItemExpected: number.Expected(opts),
		ItemExample:  number.Example(opts),
	})
	if err != nil {
		panic(err)
	}
	return l
}

func textList(unique bool) *Reader[string] {
	l, err := New(Options[string]{Item: Text, SplitText: true, Unique: unique, ItemExpected: TextExpected})
	if err != nil {
		panic(err)
	}
	return l
}

func TestCases(t *testing.T) {
	var item []string
	var split, splitAsks, unique, declared bool
	var r reader
	build := func() error {
		switch item[0] {
		case "text":
			r = anyList[string]{textList(unique)}
		case "uuid":
			r = anyList[uuid.UUID]{uuidList(split, unique)}
		case "enum":
			r = anyList[string]{declaredEnumList(item[1:], split, unique, declared)}
		case "locale":
			r = anyList[language.Tag]{localeList(split, unique)}
		case "country":
			r = anyList[string]{countryList(split, unique)}
		case "number":
			r = anyList[number.Decimal]{numberList(slices.Contains(item[1:], "integer"), splitAsks, unique)}
		default:
			return fmt.Errorf("unknown item kind %q", item[0])
		}
		return nil
	}
	directive := func(d casefile.Directive) error {
		switch d.Name {
		case "item":
			if len(d.Args) == 0 {
				return errors.New("want @item KIND")
			}
			item, split, splitAsks, unique, declared = d.Args, false, false, false, false
		case "declared":
			declared = true
		case "split":
			split = true
		case "splitasks":
			splitAsks = true
		case "unique":
			unique = true
		default:
			return errors.New("unknown directive")
		}
		if item == nil {
			return errors.New("an @item line comes first")
		}
		return build()
	}
	tb := casefile.Load(t, "testdata/cases.txt")
	if n := len(tb.Rows()); n < 40 {
		t.Fatalf("cases.txt: only %d cases", n)
	}
	tb.Check(t, directive, func(row *casefile.Row) []string {
		o, items := r.read(row.Input)
		a, ok := o.Ask()
		if !ok {
			got := oracle.Columns(o, func(v json.RawMessage) string { return string(v) })
			for _, msg := range oracle.NoteTexts(o, "") {
				row.Errorf(t, "%s", msg)
			}
			return got
		}
		if !bytes.Equal(a.Received, agentinput.Received(row.Input)) || a.Hint == "" || a.Reason == "" || a.Expected == "" {
			row.Errorf(t, "an ask has the raw list, a hint, a reason and expected")
		}
		for _, rd := range a.Readings {
			back, _ := r.read(decode(t, rd.Value))
			if v, ok := back.Value(); !ok || !bytes.Equal(v, rd.Value) || back.NoteCount() != 0 {
				row.Errorf(t, "reading %s does not read back as itself", rd.Value)
			}
		}
		// DETAIL: "@N" for the item the ask names (ReadItems has it, as
		// an ask, at that index), and "readings=N".
		var detail []string
		for _, it := range items.All() {
			at := strconv.Itoa(it.Index)
			if _, isAsk := it.Outcome.Ask(); isAsk && strings.Contains(a.Reason, "the item at index "+at) && strings.Contains(a.Hint, "index "+at) {
				detail = append(detail, "@"+at)
			}
		}
		if strings.HasPrefix(a.Reason, "it could not be read as an item") && strings.HasSuffix(a.Hint, "; a list is a JSON array of such items") {
			detail = append(detail, "@value") // a lone value, never split: no index named
		}
		if len(a.Readings) > 0 {
			detail = append(detail, "readings="+strconv.Itoa(len(a.Readings)))
		}
		if len(detail) == 0 {
			detail = []string{"-"}
		}
		return []string{"ask " + string(a.Code), strings.Join(detail, " ")}
	})
}

func decode(t testing.TB, b []byte) any {
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.UseNumber()
	var v any
	if err := dec.Decode(&v); err != nil {
		t.Fatal(err)
	}
	return v
}

// TestMessages pins the text an agent reads.
func TestMessages(t *testing.T) {
	e := enumList([]string{"draft", "published"}, true, true)
	id := "4e6a3fac-9262-4826-91f0-e77195e54c58"
	tests := []struct {
		o    interface{ MarshalJSON() ([]byte, error) }
		want string
	}{
		{e.Read("Draft, published"), `Read "Draft, published" as ["Draft","published"] (separated items) / Read "Draft" as "draft" (at index 0; letter case, separators or diacritics differ)`},
		{e.Read("draft"), `Read "draft" as ["draft"] (a lone value as a one-item list)`},
		{e.Read([]any{"draft", "DRAFT"}), `Read "DRAFT" as a repeat of the item at index 0 (at index 1, dropped)`},
		{e.Read([]any{"draft", "pubished"}), `Could not read ["draft","pubished"]: the item at index 1 could not be read: it is not a declared value, and is close to one; ` +
			`it may mean ["draft","published"] (the item at index 1 as "published": the declared value "published", 1 edit away). ` +
			`Expected a JSON array whose items are each one of "draft", "published" (a JSON string), for example "draft"; for example ["draft"]. ` +
			`Fix the item at index 1: send the one you mean exactly as listed.`},
		{uuidList(false, false).Read([]any{id, "N/A", "x"}), `Could not read ["` + id + `","N/A","x"]: the item at index 1 is a placeholder, and an item of a list cannot be absent (nor could the items at 2). ` +
			`Expected a JSON array whose items are each a UUID as a JSON string, lowercase 8-4-4-4-12 hex, for example "` + id + `"; for example ["` + id + `"]. ` +
			`Fix the item at index 1: send the item's value, or leave the item out of the list.`},
		{countryList(true, false).Read("Korea, Republic of"), `Read "Korea, Republic of" as ["Korea, Republic of"] (a lone value as a one-item list) / Read "Korea, Republic of" as "KR" (at index 0; South Korea)`},
		{localeList(true, false).Read("English, uk"), `Could not read "English, uk": it may be one item, and it reads as 2 items split at its commas; it has 2 meanings: ` +
			`["en-GB"] (one item: the whole string, read as British English) or ["en","uk"] (2 items: the string split at its commas). ` +
			`Expected a JSON array whose items are each a BCP 47 language tag (a language code, optionally with a script and a region), for example "cs-CZ"; for example ["cs-CZ"]. ` +
			`Send the list you mean as a JSON array.`},
		{textList(false).Read(map[string]any{}), `Could not read {}: an object is not a list. Expected a JSON array whose items are each a JSON string, for example "text". Send the items as a JSON array.`},
	}
	for i, tt := range tests {
		var got string
		switch o := tt.o.(type) {
		case agentinput.Outcome[[]string]:
			got = message(o)
		case agentinput.Outcome[[]uuid.UUID]:
			got = message(o)
		case agentinput.Outcome[[]language.Tag]:
			got = message(o)
		}
		if got != tt.want {
			t.Errorf("case %d\n\tgot  %s\n\twant %s", i, got, tt.want)
		}
	}
}

func message[T any](o agentinput.Outcome[T]) string {
	if a, ok := o.Ask(); ok {
		return a.Message()
	}
	var msgs []string
	for _, n := range o.Notes() {
		msgs = append(msgs, n.Message)
	}
	return strings.Join(msgs, " / ")
}

// TestReadItems: best effort. Every item keeps its index and its own
// outcome; dropped duplicates are gone; list notes are separate.
func TestReadItems(t *testing.T) {
	l := enumList([]string{"draft", "published"}, true, true)
	it := l.ReadItems("draft; nope; Draft; published; N/A")
	if it.Status() != agentinput.StatusValue {
		t.Fatalf("status %v", it.Status())
	}
	var got []string
	for _, item := range it.All() {
		if v, ok := item.Outcome.Value(); ok {
			got = append(got, strconv.Itoa(item.Index)+"="+v)
		} else {
			a, _ := item.Outcome.Ask()
			got = append(got, strconv.Itoa(item.Index)+"?"+string(a.Code))
		}
	}
	if want := []string{"0=draft", "1?invalid", "3=published", "4?invalid"}; !slices.Equal(got, want) {
		t.Errorf("items %v, want %v", got, want)
	}
	if vs := it.Values(); !slices.Equal(vs, []string{"draft", "published"}) {
		t.Errorf("values %v", vs)
	}
	var codes []string
	for _, n := range it.Notes() {
		codes = append(codes, string(n.Code))
	}
	if !slices.Equal(codes, []string{"split", "duplicate"}) {
		t.Errorf("list notes %v", codes)
	}
	if _, ok := it.Ask(); ok {
		t.Error("the list itself is an ask")
	}
	bad := l.ReadItems(map[string]any{})
	if a, ok := bad.Ask(); !ok || a.Code != agentinput.AskWrongType || len(bad.All()) != 0 {
		t.Errorf("an object: %+v", bad)
	}
}

func TestNewError(t *testing.T) {
	if l, err := New(Options[string]{}); err == nil || l != nil {
		t.Error("New without an item reader")
	}
}

// TestBadInput: hostile lists are asks, never panics, never values.
func TestBadInput(t *testing.T) {
	big := make([]any, agentinput.MaxArrayItems+1)
	for i := range big {
		big[i] = "a"
	}
	tests := []struct {
		name string
		l    *Reader[string]
		in   any
		code agentinput.AskCode
	}{
		{"too many items", textList(false), big, agentinput.AskTooLarge},
		{"1 MiB string", textList(false), strings.Repeat("a", 1<<20), agentinput.AskTooLarge},
		{"too many separated items", enumList([]string{"a"}, true, false), strings.Repeat("a,", agentinput.MaxArrayItems+1), agentinput.AskTooLarge},
		{"too many items in a string", textList(false), "[" + strings.Repeat(`"a",`, agentinput.MaxArrayItems) + `"a"]`, agentinput.AskTooLarge},
		{"invalid UTF-8", textList(false), "a\xffb", agentinput.AskInvalid},
		{"invalid UTF-8 item", textList(false), []any{"a\xffb"}, agentinput.AskInvalid},
		{"NUL item", textList(false), []any{"a\x00b"}, agentinput.AskInvalid},
		{"bidi override item", textList(false), []any{"a\u202eb"}, agentinput.AskInvalid},
		{"bidi item in an enum list", enumList([]string{"ab"}, true, false), "a\u202eb, ab", agentinput.AskInvalid},
		{"deep nesting in a string", textList(false), strings.Repeat("[", 5000) + strings.Repeat("]", 5000), agentinput.AskWrongType},
		{"Go value of another type", textList(false), struct{}{}, agentinput.AskWrongType},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			o := tt.l.Read(tt.in)
			a, ok := o.Ask()
			if !ok {
				t.Fatalf("got %v, want an ask", o.Status())
			}
			if a.Code != tt.code {
				t.Errorf("code %s, want %s: %s", a.Code, tt.code, a.Message())
			}
			var echoed string
			if json.Unmarshal(a.Received, &echoed) != nil {
				echoed = string(a.Received)
			}
			if n := len([]rune(echoed)); n > agentinput.MaxReceivedChars+1 {
				t.Errorf("received is %d characters: not cut", n)
			}
		})
	}
}

// TestItemNotes: an item's note keeps its code, what it read and its
// reason, and says which item it is about.
func TestItemNotes(t *testing.T) {
	e, err := enum.New(enum.Options{Values: []string{"draft", "published_at"}})
	if err != nil {
		t.Fatal(err)
	}
	l, err := New(Options[string]{Item: e.Read})
	if err != nil {
		t.Fatal(err)
	}
	got := l.Read([]any{"draft", "Published At"}).Notes()
	if len(got) != 1 || got[0].Code != agentinput.NoteFolded || !strings.HasPrefix(got[0].Message, `Read "Published At" as "published_at" (at index 1; `) {
		t.Fatalf("notes %+v", got)
	}
}

// TestSplitAsks pins Options.SplitAsks on a made-up item kind whose values
// hold commas: the string is the one reading whose every item reads, an
// ask when both it and its split items read, and the option changes
// nothing with Split.
func TestSplitAsks(t *testing.T) {
	set := map[string]bool{"a": true, "b": true, "a,b": true, "a,c": true}
	item := func(v any) agentinput.Outcome[string] {
		if s, _ := v.(string); set[s] {
			return agentinput.Value(s, agentinput.Notes{})
		}
		return agentinput.Asking[string](agentinput.Ask{Code: agentinput.AskInvalid, Received: agentinput.Received(v), Reason: "not in the set", Expected: "a or b", Hint: "Send a or b"})
	}
	for _, c := range []struct {
		in    string
		split bool
		want  string // the value as JSON, or the ask's code
	}{
		{in: "a,b", want: "ambiguous"},              // both read
		{in: "a,c", want: `["a,c"]`},                // only the whole reads
		{in: "b,a", want: `["b","a"]`},              // only the split items read (issue 32)
		{in: "a", want: `["a"]`},                    // no separator
		{in: "a;b", want: `["a","b"]`},              // a semicolon separates too
		{in: "c,d", want: "invalid"},                // neither reads: the lone value's ask
		{in: "a,b", split: true, want: "ambiguous"}, // Split weighs it already
		{in: "b,a", split: true, want: `["b","a"]`}, // Split splits
		{in: "a,c", split: true, want: `["a,c"]`},   // only the whole reads
	} {
		l, err := New(Options[string]{Item: item, Split: c.split, SplitAsks: true, ItemExpected: "a or b"})
		if err != nil {
			t.Fatal(err)
		}
		o := l.Read(c.in)
		got := ""
		if v, ok := o.Value(); ok {
			b, _ := json.Marshal(v)
			got = string(b)
		} else if a, ok := o.Ask(); ok {
			got = string(a.Code)
			if a.Code == agentinput.AskAmbiguous && (len(a.Readings) != 2 || string(a.Readings[0].Value) != `["a,b"]` || string(a.Readings[1].Value) != `["a","b"]`) {
				t.Errorf("%q split %v: readings %v", c.in, c.split, a.Readings)
			}
		}
		if got != c.want {
			t.Errorf("%q split %v: got %s, want %s", c.in, c.split, got, c.want)
		}
	}
}
