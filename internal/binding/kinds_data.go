package binding

import (
	"errors"
	"fmt"
	"reflect"
	"strconv"
	"strings"

	"agentinput.dev/agentinput"
	"agentinput.dev/internal/spelling"
	"agentinput.dev/kinds/cursor"
	"agentinput.dev/kinds/enum"
	"agentinput.dev/kinds/filter"
	"agentinput.dev/kinds/vocabulary"
)

// The kinds that need data the tag cannot carry: a vocabulary (from
// Spec.Vocabularies), a filter over one or over an enum, and the cursor
// (Spec.Cursors, the session and the other arguments).

func vocabularyOf(o tagOptions) (*vocabulary.Reader, error) {
	name, ok := o.value("of")
	if !ok {
		return nil, fmt.Errorf("kind %s needs of=NAME, a vocabulary of Spec.Vocabularies", o.kind)
	}
	if o.env == nil || o.env.Vocabularies[name] == nil {
		return nil, fmt.Errorf("of=%s: Spec.Vocabularies has no vocabulary %q", name, name)
	}
	return o.env.Vocabularies[name], nil
}

func bindVocabulary(t reflect.Type, o tagOptions) (binding, error) {
	if t.Kind() != reflect.String {
		return binding{}, fmt.Errorf("kind vocabulary cannot fill a field of type %s (use string)", t)
	}
	v, err := vocabularyOf(o)
	if err != nil {
		return binding{}, err
	}
	ids := make([]any, 0, v.Len())
	for _, id := range v.IDs() {
		ids = append(ids, id)
	}
	b := textBinding(v.Read, asIs, nil,
		map[string]any{"type": "string", "enum": ids}, v.Expected(), v.Example())
	b.legend = legend(v, listedBy(o))
	b.guide = vocabularyGuide(b.legend)
	return b, nil
}

// MaxDescribedEntries is how many entries of a vocabulary a property's
// description names, each id with its name; a larger vocabulary's names
// the tool that lists them (Spec.ListedBy).
const MaxDescribedEntries = 10

// listedBy is the tool Spec.ListedBy names for the vocabulary of=.
func listedBy(o tagOptions) string {
	name, _ := o.value("of")
	if o.env == nil {
		return ""
	}
	return o.env.ListedBy[name]
}

// legend says what each id of v is — "NS" (Nejvyšší soud, Supreme
// Court) — for up to MaxDescribedEntries entries; past that, which tool
// lists them (tool), or the first of them and how many there are.
func legend(v *vocabulary.Reader, tool string) string {
	ids := v.IDs()
	if len(ids) > MaxDescribedEntries && tool != "" {
		return "The ids are the enum's; call " + tool + " to list them with their names."
	}
	var b strings.Builder
	b.WriteString("The ids: ")
	for i, id := range ids[:min(len(ids), MaxDescribedEntries)] {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(strconv.Quote(id))
		if d := v.Describe(id); d != "" {
			b.WriteString(" (" + d + ")")
		}
	}
	if len(ids) > MaxDescribedEntries {
		b.WriteString(", … (" + strconv.Itoa(len(ids)) + " in all)")
	}
	return b.String() + "."
}

// vocabularyGuide is the guidance sentence of a property over a
// vocabulary: the canonical value is an id, as the enum lists them, and
// the legend says which entry each is. The names are read too, which the
// sentence says without advertising them as values the schema takes.
func vocabularyGuide(legend string) string {
	return "Send one id as a JSON string. " + legend + " A name, abbreviation or English name of one is read as its id."
}

// noFilterGuide ends the guidance a filter's kind writes itself: a filter
// is left out for no filter (its "all" is read too, but is no value of an
// enum either).
const noFilterGuide = " Leave it out for no filter."

// bindFilter binds an optional filter over a vocabulary (of=NAME) or over
// declared values (values=a|b). A filter is never required: "all" and its
// kin mean no filter. Over a vocabulary, miss=drop (the default) or
// miss=ask says what a value that names no entry, or several, does
// (filter.Miss).
func bindFilter(t reflect.Type, o tagOptions) (binding, error) {
	if t.Kind() != reflect.String {
		return binding{}, fmt.Errorf("kind filter cannot fill a field of type %s (use string)", t)
	}
	var f *filter.Reader[string]
	var ids []string
	var v *vocabulary.Reader
	miss := filter.MissDrop
	if m, ok := o.value("miss"); ok {
		if _, of := o.value("of"); !of {
			return binding{}, fmt.Errorf("miss=%s is for a filter over a vocabulary (of=NAME): over another kind a value it cannot read is asked about", m)
		}
		var err error
		if miss, err = filter.ParseMiss(m); err != nil {
			return binding{}, err
		}
	}
	switch values, hasValues := o.value("values"); {
	case hasValues:
		e, err := enum.New(enum.Options{Values: strings.Split(values, "|")})
		if err != nil {
			return binding{}, err
		}
		ids = e.Values()
		f, err = filter.New(filter.Options[string]{Read: e.Read, Expected: e.Expected(), Example: e.Example(), Values: e.Values()})
		if err != nil {
			return binding{}, err
		}
	default:
		var err error
		if v, err = vocabularyOf(o); err != nil {
			return binding{}, err
		}
		ids = v.IDs()
		if f, err = filter.New(filter.Options[string]{Vocabulary: v, Miss: miss}); err != nil {
			return binding{}, err
		}
	}
	enumValues := make([]any, len(ids))
	for i, id := range ids {
		enumValues[i] = id
	}
	b := textBinding(f.Read, asIs, nil,
		map[string]any{"type": "string", "enum": enumValues}, f.Expected(), f.Example())
	if v != nil {
		b.legend = legend(v, listedBy(o))
		b.guide = vocabularyGuide(b.legend) + noFilterGuide
	}
	return b, nil
}

// overAnyKind reports whether a filter tag is over a kind that of= or
// values= does not name: it says over=, or it has neither of= nor values=,
// or its values= belong to a list's items (item=).
func overAnyKind(o tagOptions) bool {
	_, over := o.value("over")
	_, of := o.value("of")
	_, values := o.value("values")
	_, item := o.value("item")
	return over || !of && (!values || item)
}

// filterBinding puts a filter in front of the binding of the kind it is
// over: "all", "*", "any" and their kin (kinds/filter) read as absent with
// a note, everything else as the kind reads it. A filter is never
// required, and is over a value, not over another filter or a cursor.
func filterBinding(kind string, b binding, required bool) (binding, error) {
	switch {
	case required:
		return binding{}, fmt.Errorf("a filter is never required: \"all\" means no filter")
	case kind == "filter" || b.perCall != nil:
		return binding{}, fmt.Errorf("a filter cannot be over kind %s", kind)
	}
	f, err := filter.New(filter.Options[Slot]{Read: b.read, Expected: b.expected, Example: b.example, WordsChecked: b.kind != nil && b.kind.fixed})
	if err != nil {
		return binding{}, fmt.Errorf("filter over %s: %w", kind, err)
	}
	b.read = f.Read
	b.value = nil // the filter reads first
	if b.guide != "" {
		b.guide += noFilterGuide
	}
	b.expected = f.Expected()
	return b, nil
}

// bindCursor binds the cursor property: read last, once the other
// arguments are normalized, because a token is bound to them (the filter
// hash) and to the session.
func bindCursor(t reflect.Type, o tagOptions) (binding, error) {
	if t != reflect.TypeFor[cursor.Position]() {
		return binding{}, fmt.Errorf("kind cursor fills a cursor.Position field, not %s", t)
	}
	if o.env == nil || o.env.Cursors == nil {
		return binding{}, fmt.Errorf("a cursor property needs Spec.Cursors, the cursor.Reader that issues the tokens")
	}
	switch {
	case o.item:
		return binding{}, fmt.Errorf("a cursor cannot be an item")
	case len(o.within) > 1:
		return binding{}, errors.New("a cursor belongs to the tool's own arguments, not to a nested object")
	}
	codec := o.env.Cursors
	return binding{
		perCall: func(raw any, session, filters string) agentinput.Outcome[Slot] {
			// The normalized argument is the token as the codec issued it:
			// without the whitespace or quotes a caller wrapped it in.
			token := raw
			if s, ok := raw.(string); ok {
				token, _ = spelling.Trim(s)
			}
			return outcome(codec.Read(raw, session, filters), func(cursor.Position) any { return token },
				func(dst reflect.Value, p cursor.Position) { dst.Set(reflect.ValueOf(p)) })
		},
		schema:   map[string]any{"type": "string"},
		expected: cursor.Expected,
		example:  nil,
	}, nil
}
