package filter

import (
	"encoding/json"
	"errors"
	"slices"
	"strconv"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"

	"agentinput.dev/agentinput"
	"agentinput.dev/internal/spelling"
	"agentinput.dev/kinds/vocabulary"
)

// Kind is the kind a filter is over: its owner's read function, what it
// expects and one canonical example (for the asks).
type Kind[T any] struct {
	Read     func(any) agentinput.Outcome[T]
	Expected string
	Example  json.RawMessage
}

// Filter reads one optional filter value. Build one with Over or
// OverVocabulary; it is immutable and safe for use by many goroutines.
type Filter[T any] struct {
	kind     Kind[T]
	vocab    *vocabulary.Vocabulary // nil over a kind with no vocabulary
	drop     func(v any, a agentinput.Ask) agentinput.Outcome[T]
	expected string
}

// Over returns a filter over a kind with no vocabulary (an enum, a number,
// a date …): the "not filtering" spellings read as absent, and everything
// else is read by the kind, its asks included. It is an error when a "not
// filtering" spelling reads as a value of the kind (an enum that declares
// "all"): the filter could not tell the two apart.
func Over[T any](k Kind[T]) (*Filter[T], error) {
	if k.Read == nil {
		return nil, errors.New("filter: Kind.Read is nil")
	}
	f := &Filter[T]{kind: k, expected: expected(k.Expected)}
	if err := f.check(); err != nil {
		return nil, err
	}
	return f, nil
}

// OverVocabulary returns a filter over a data-owned vocabulary, which never
// empties a search: a value that names no entry, or several, is dropped
// (absent) with a warning filter_dropped that names the entries it could
// have meant, or a sample of the entries. It is an error when a "not
// filtering" spelling names an entry.
func OverVocabulary(v *vocabulary.Vocabulary) (*Filter[string], error) {
	if v == nil {
		return nil, errors.New("filter: the vocabulary is nil")
	}
	f := &Filter[string]{
		kind:     Kind[string]{Read: v.Read, Expected: v.Expected(), Example: v.Example()},
		vocab:    v,
		expected: expected(v.Expected()),
	}
	f.drop = func(raw any, a agentinput.Ask) agentinput.Outcome[string] {
		return agentinput.Absent[string](agentinput.Notes{}).WithWarning(dropped(v, raw, a))
	}
	if err := f.check(); err != nil {
		return nil, err
	}
	return f, nil
}

func (f *Filter[T]) check() error {
	for _, l := range words {
		for _, w := range l.words {
			if o := f.kind.Read(w); o.Status() == agentinput.StatusValue {
				value, _ := o.Value()
				text, _ := json.Marshal(value)
				return errors.New("filter: the \"not filtering\" word " + strconv.Quote(w) + " (" + l.lang +
					") reads as the value " + string(text) + " of the kind: the filter could not tell them apart")
			}
		}
	}
	return nil
}

func expected(inner string) string {
	return inner + `; or "all" (or nothing) for no filter`
}

// Expected says in words what the filter accepts.
func (f *Filter[T]) Expected() string { return f.expected }

// Example returns the kind's example.
func (f *Filter[T]) Example() json.RawMessage { return slices.Clone(f.kind.Example) }

// Read reads one decoded JSON value as a filter: absent, with a note, for a
// "not filtering" spelling; otherwise as the kind reads it, except that
// over a vocabulary an ask becomes absence with a warning filter_dropped.
func (f *Filter[T]) Read(v any) agentinput.Outcome[T] {
	if NotFiltering(v) {
		var notes agentinput.Notes
		notes.Add(agentinput.NotePlaceholder, agentinput.JSONValue(v), "not filtering")
		return agentinput.Absent[T](notes)
	}
	o := f.kind.Read(v)
	if a, ok := o.Ask(); ok && f.drop != nil {
		return f.drop(v, a)
	}
	return o
}

// NotFiltering reports whether a decoded JSON value is a "not filtering"
// spelling: an empty or whitespace string, or brackets alone ("()");
// dashes and wildcards ("-", "*", "%", ".*", "**", "[*]"); or one of the words
// of the table (Words), in any letter case, without diacritics, within
// punctuation ("(all)", "*all*", "ALL_VALUES").
func NotFiltering(v any) bool {
	s, ok := v.(string)
	if !ok || len(s) > maxWordBytes || !utf8.ValidString(s) {
		return false
	}
	t, _ := spelling.Trim(s)
	if t == "" || wildcard(t) {
		return true
	}
	_, ok = index()[key(t)]
	return ok
}

// maxWordBytes is longer than every word of the table with room for
// punctuation around it.
const maxWordBytes = 64

// wildcard reports whether t, once brackets and whitespace are left out,
// is nothing ("()", "[ ]"), or dashes and wildcard characters, dots among
// them ("-", "—", "*", "%", ".*", "**", "[*]", "*-*"), but not dots alone.
func wildcard(t string) bool {
	mark := false
	for _, r := range t {
		switch {
		case strings.ContainsRune("()[]{}<>", r) || spelling.IsSpace(r):
		case r == '*' || r == '%' || r == '＊' || r == '−' || unicode.Is(unicode.Pd, r):
			mark = true
		case r == '.':
			if !mark && !strings.ContainsAny(t, "*%＊") && !containsDash(t) {
				return false
			}
		default:
			return false
		}
	}
	return true
}

func containsDash(t string) bool {
	return strings.IndexFunc(t, func(r rune) bool { return r == '−' || unicode.Is(unicode.Pd, r) }) >= 0
}

// index holds the folded words of the table, built on first use so that
// importing the package costs nothing.
var index = sync.OnceValue(func() map[string]bool {
	m := map[string]bool{}
	for _, l := range words {
		for _, w := range l.words {
			m[key(w)] = true
		}
	}
	return m
})

// key folds a spelling: spelling.Fold, then every run of characters that
// are not letters or digits made one space.
func key(s string) string {
	f := spelling.Fold(s)
	var b strings.Builder
	pending := false
	for _, r := range f {
		if unicode.IsLetter(r) || unicode.IsNumber(r) || unicode.IsMark(r) {
			if pending && b.Len() > 0 {
				b.WriteByte(' ')
			}
			pending = false
			b.WriteRune(r)
			continue
		}
		pending = true
	}
	return b.String()
}

// maxSample is how many stored values a filter_dropped warning names when
// the value named none.
const maxSample = 10

// dropped is the warning of a filter value over a vocabulary that the
// vocabulary asked about.
func dropped(v *vocabulary.Vocabulary, raw any, a agentinput.Ask) agentinput.Warning {
	var b strings.Builder
	b.WriteString("Dropped the filter value ")
	b.Write(agentinput.Received(raw))
	if len(a.Readings) > 0 {
		if a.Code == agentinput.AskAmbiguous && len(a.Readings) > 1 {
			b.WriteString(": it could mean ")
		} else {
			b.WriteString(": it may mean ")
		}
		for i, r := range a.Readings {
			if i > 0 {
				if i == len(a.Readings)-1 {
					b.WriteString(" or ")
				} else {
					b.WriteString(", ")
				}
			}
			b.Write(r.Value)
			if r.Meaning != "" {
				b.WriteString(" (" + r.Meaning + ")")
			}
		}
		b.WriteString("; the results are not filtered by it. Send one of them to filter by it.")
	} else {
		b.WriteString(": it names no stored value; the stored values include ")
		ids := v.IDs()
		for i, id := range ids[:min(len(ids), maxSample)] {
			if i > 0 {
				b.WriteString(", ")
			}
			text, _ := json.Marshal(id)
			b.Write(text)
		}
		if len(ids) > maxSample {
			b.WriteString(", … (" + strconv.Itoa(len(ids)) + " in all)")
		}
		b.WriteString("; the results are not filtered by it. Send one of them to filter by it.")
	}
	return agentinput.Warning{Code: agentinput.WarningFilterDropped, Message: b.String()}
}

// maxNoHits is how many values a no_hits_filtered warning names.
const maxNoHits = 20

// NoHits is the warning a handler attaches when its page came back empty
// under a filter over a kind with no vocabulary: name is the filter's
// property, values the values (canonical, as the handler stores them) that
// would have matched. Give it to the factory's Call.Warn with the
// property's path:
//
//	w := filter.NoHits("status", []string{"draft", "published"})
//	call.Warn(w.Code, "/status", w.Message)
func NoHits(name string, values []string) agentinput.Warning {
	var b strings.Builder
	b.WriteString("No results under the filter " + name)
	if len(values) == 0 {
		b.WriteString(", and no value of it would have matched. Call again without " + name + ".")
		return agentinput.Warning{Code: agentinput.WarningNoHitsFiltered, Message: b.String()}
	}
	b.WriteString("; values that would have matched: ")
	for i, s := range values[:min(len(values), maxNoHits)] {
		if i > 0 {
			b.WriteString(", ")
		}
		text, _ := json.Marshal(s)
		b.Write(text)
	}
	if len(values) > maxNoHits {
		b.WriteString(", … (" + strconv.Itoa(len(values)) + " in all)")
	}
	b.WriteString(". Call again with one of them, or without " + name + ".")
	return agentinput.Warning{Code: agentinput.WarningNoHitsFiltered, Message: b.String()}
}
