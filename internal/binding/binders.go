package binding

import (
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"reflect"
	"slices"
	"strconv"
	"strings"

	"golang.org/x/text/language"

	"agentinput.dev/agentinput"
	"agentinput.dev/internal/spelling"
	"agentinput.dev/kinds/boolean"
	"agentinput.dev/kinds/bytes"
	"agentinput.dev/kinds/country"
	"agentinput.dev/kinds/cursor"
	"agentinput.dev/kinds/date"
	"agentinput.dev/kinds/eli"
	"agentinput.dev/kinds/enum"
	"agentinput.dev/kinds/filter"
	"agentinput.dev/kinds/locale"
	"agentinput.dev/kinds/number"
	"agentinput.dev/kinds/timestamp"
	"agentinput.dev/kinds/uuid"
	"agentinput.dev/kinds/vocabulary"
)

// The binder of each kind of value, in the kind table's order
// (kindtable.go): it checks that the kind can fill the field's Go type,
// turns the tag's options into the kind's Options, builds the kind's
// reader once and fills the kind's part of the binding from it. The kinds
// that hold values (a list, a map, an object, a union) are bound in
// list.go, object.go and union.go.

func bindNumber(t reflect.Type, o tagOptions) (binding, error) {
	var opts number.Options
	opts.Integer = o.flag("integer")
	opts.Clamp = o.flag("clamp")
	for _, key := range []string{"min", "max"} {
		text, ok := o.value(key)
		if !ok {
			continue
		}
		d, err := number.Parse(text)
		if err != nil {
			return binding{}, fmt.Errorf("%s=%s is not a JSON number", key, text)
		}
		if key == "min" {
			opts.Min = &d
		} else {
			opts.Max = &d
		}
	}
	if name, ok := o.value("convention"); ok {
		c, ok := number.ConventionFor(name)
		if !ok {
			return binding{}, fmt.Errorf("convention=%s: the number conventions table has no %q", name, name)
		}
		opts.Convention = c
	}
	if langs, ok := o.value("languages"); ok {
		opts.Languages = strings.Split(langs, "|")
		for _, l := range opts.Languages {
			if !slices.Contains(number.DefaultNumberLanguages(), l) {
				return binding{}, fmt.Errorf("languages=%s: the number words table has no language %q", langs, l)
			}
		}
	}
	var assign func(dst reflect.Value, d number.Decimal)
	switch t.Kind() {
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		opts.Integer = true
		bits := t.Bits()
		lo, hi := number.FromInt64(math.MinInt64>>(64-bits)), number.FromInt64(math.MaxInt64>>(64-bits))
		narrow(&opts, lo, hi)
		assign = func(dst reflect.Value, d number.Decimal) {
			i, _ := d.Int64()
			dst.SetInt(i)
		}
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		opts.Integer = true
		bits := t.Bits()
		hi := number.FromInt64(math.MaxInt64)
		if bits < 64 {
			hi = number.FromInt64(int64(1)<<bits - 1)
		}
		narrow(&opts, number.FromInt64(0), hi)
		assign = func(dst reflect.Value, d number.Decimal) {
			i, _ := d.Int64()
			dst.SetUint(uint64(i))
		}
	case reflect.Float32, reflect.Float64:
		assign = func(dst reflect.Value, d number.Decimal) {
			f, _ := d.Float64()
			dst.SetFloat(f)
		}
	default:
		if t != reflect.TypeFor[number.Decimal]() {
			return binding{}, cannotFill("number", t, "an integer, a float or number.Decimal")
		}
		assign = func(dst reflect.Value, d number.Decimal) { dst.Set(reflect.ValueOf(d)) }
	}
	schema := map[string]any{"type": "number"}
	if opts.Integer {
		schema["type"] = "integer"
	}
	if opts.Min != nil {
		schema["minimum"] = json.Number(opts.Min.String())
	}
	if opts.Max != nil {
		schema["maximum"] = json.Number(opts.Max.String())
	}
	var spell spellFunc
	if r, err := number.New(opts); err == nil {
		spell = spellerOf(r.Read, r)
	}
	var value *typed
	if t == reflect.TypeFor[number.Decimal]() {
		value = typedOf(func(raw any) agentinput.Outcome[number.Decimal] { return number.Read(raw, opts) },
			number.Decimal.AppendJSON)
	}
	return binding{
		read: func(raw any) agentinput.Outcome[Slot] {
			return outcome(number.Read(raw, opts), func(d number.Decimal) any { return json.Number(d.String()) }, assign)
		},
		value:    value,
		spell:    spell,
		schema:   schema,
		expected: number.Expected(opts),
		example:  number.Example(opts),
	}, nil
}

// narrow keeps the declared bounds inside the Go type's range.
func narrow(opts *number.Options, lo, hi number.Decimal) {
	if opts.Min == nil || opts.Min.Compare(lo) < 0 {
		opts.Min = &lo
	}
	if opts.Max == nil || opts.Max.Compare(hi) > 0 {
		opts.Max = &hi
	}
}

func bindBoolean(t reflect.Type, o tagOptions) (binding, error) {
	if t.Kind() != reflect.Bool {
		return binding{}, cannotFill("boolean", t, "bool")
	}
	var opts boolean.Options
	opts.Languages = o.list("languages")
	r, err := boolean.New(opts)
	if err != nil {
		return binding{}, err
	}
	return binding{
		read: func(raw any) agentinput.Outcome[Slot] {
			return agentinput.Map(r.Read(raw), func(b bool) Slot { return Slot{JSON: b, set: setBool} })
		},
		spell:    spellerOf(r.Read, r),
		schema:   map[string]any{"type": "boolean"},
		expected: boolean.Expected(opts),
		example:  boolean.Example(opts),
	}, nil
}

func bindDate(t reflect.Type, o tagOptions) (binding, error) {
	assign, err := stringOr(t, "date", date.Format)
	if err != nil {
		return binding{}, err
	}
	var opts date.Options
	// The bound's names are the date owner's (date.ParseBound).
	bound, _ := o.value("bound")
	b, ok := date.ParseBound(bound)
	if !ok {
		return binding{}, fmt.Errorf("bound=%s: want none, from or to", bound)
	}
	opts.Bound = b
	if opts.Order, err = dateOrder(o); err != nil {
		return binding{}, err
	}
	opts.Languages = o.list("languages")
	r, err := date.New(opts)
	if err != nil {
		return binding{}, err
	}
	db := textBinding(r.Read, date.Format, assign,
		map[string]any{"type": "string", "format": "date"}, date.Expected(opts), date.Example(opts))
	db.spell = spellerOf(r.Read, r)
	return db, nil
}

// dateOrder is the date order the tag's order= names (the date kind's
// table), or none.
func dateOrder(o tagOptions) (date.Order, error) {
	name, ok := o.value("order")
	if !ok {
		return date.Order{}, nil
	}
	order, ok := date.OrderFor(name)
	if !ok {
		return date.Order{}, fmt.Errorf("order=%s: the date order table has no %q", name, name)
	}
	return order, nil
}

func bindELI(t reflect.Type, o tagOptions) (binding, error) {
	assign, err := stringOr(t, "eli", eli.Format)
	if err != nil {
		return binding{}, err
	}
	var opts eli.Options
	r, err := eli.New(opts)
	if err != nil {
		return binding{}, err
	}
	b := textBinding(r.Read, eli.Format, assign,
		map[string]any{"type": "string", "format": "uri"}, eli.Expected(opts), eli.Example(opts))
	b.spell = spellerOf(r.Read, r)
	return b, nil
}

func bindLocale(t reflect.Type, o tagOptions) (binding, error) {
	assign, err := stringOr(t, "locale", locale.Format)
	if err != nil {
		return binding{}, err
	}
	var opts locale.Options
	r, err := locale.New(opts)
	if err != nil {
		return binding{}, err
	}
	b := textBinding(r.Read, locale.Format, assign,
		map[string]any{"type": "string"}, locale.Expected(opts), locale.Example(opts))
	b.spell = spellerOf[language.Tag](r.Read, r)
	return b, nil
}

func bindCountry(t reflect.Type, o tagOptions) (binding, error) {
	assign, err := stringOr(t, "country", country.Format)
	if err != nil {
		return binding{}, err
	}
	var opts country.Options
	if o.flag("alpha3") {
		opts.Output = country.Alpha3
	}
	opts.Admit = o.list("admit")
	r, err := country.New(opts)
	if err != nil {
		return binding{}, err
	}
	b := textBinding(r.Read, country.Format, assign,
		map[string]any{"type": "string"}, r.Expected(), country.Example(opts))
	b.spell = spellerOf(r.Read, r)
	b.choices = r.Codes()
	return b, nil
}

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
		return binding{}, cannotFill("vocabulary", t, "string")
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
	b.spell = spellerOf(v.Read, v)
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

// bindFilter binds an optional filter over a vocabulary (of=NAME) or over
// declared values (values=a|b). A filter is never required: "all" and its
// kin mean no filter. Over a vocabulary, miss=drop (the default) or
// miss=ask says what a value that names no entry, or several, does
// (filter.Miss).
func bindFilter(t reflect.Type, o tagOptions) (binding, error) {
	if t.Kind() != reflect.String {
		return binding{}, cannotFill("filter", t, "string")
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
		f, err = filter.New(filter.Options[string]{Read: e.Read, Expected: e.Expected(), Example: e.Example(), Values: e.Values(), Speller: e})
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
	b.spell = spellerOf(f.Read, f)
	if v != nil {
		b.legend = legend(v, listedBy(o))
		b.guide = vocabularyGuide(b.legend) + noFilterGuide
	}
	return b, nil
}

// noFilterGuide ends the guidance a filter's kind writes itself: a filter
// is left out for no filter (its "all" is read too, but is no value of an
// enum either).
const noFilterGuide = " Leave it out for no filter."

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
	f, err := filter.New(filter.Options[Slot]{Read: b.read, Expected: b.expected, Example: b.example, WordsChecked: b.kind != nil && b.kind.fixed,
		Speller: slotSpeller(b.spell)})
	if err != nil {
		return binding{}, fmt.Errorf("filter over %s: %w", kind, err)
	}
	b.read = f.Read
	if b.spell != nil {
		b.spell = spellerOf(f.Read, f)
	}
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
		return binding{}, cannotFill("cursor", t, "cursor.Position")
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

func bindUUID(t reflect.Type, o tagOptions) (binding, error) {
	assign, err := stringOr(t, "uuid", uuid.Format)
	if err != nil {
		return binding{}, err
	}
	var opts uuid.Options
	r, err := uuid.New(opts)
	if err != nil {
		return binding{}, err
	}
	b := textBinding(r.Read, uuid.Format, assign,
		map[string]any{"type": "string", "format": "uuid"}, uuid.Expected(opts), uuid.Example(opts))
	b.spell = spellerOf(r.Read, r)
	return b, nil
}

// bindEnum binds an enum declared in the tag: values=a|b|c and
// synonyms=alias:value|alias:value.
func bindEnum(t reflect.Type, o tagOptions) (binding, error) {
	assign, err := stringOr(t, "enum", asIs)
	if err != nil {
		return binding{}, err
	}
	if t.Kind() == reflect.String {
		assign = nil // the value is its canonical string (asIs): textBinding sets it
	}
	values, ok := o.value("values")
	if !ok {
		return binding{}, fmt.Errorf("kind enum needs values=a|b|c")
	}
	spec := enum.Options{Values: strings.Split(values, "|")}
	if syn, ok := o.value("synonyms"); ok {
		spec.Synonyms = map[string]string{}
		for _, pair := range strings.Split(syn, "|") {
			alias, value, ok := strings.Cut(pair, ":")
			if !ok {
				return binding{}, fmt.Errorf("synonyms: %q is not alias:value", pair)
			}
			spec.Synonyms[alias] = value
		}
	}
	e, err := enum.New(spec)
	if err != nil {
		return binding{}, err
	}
	enumValues := make([]any, len(spec.Values))
	for i, v := range spec.Values {
		enumValues[i] = v
	}
	b := textBinding(e.Read, asIs, assign,
		map[string]any{"type": "string", "enum": enumValues}, e.Expected(), e.Example())
	b.spell = spellerOf(e.Read, e)
	return b, nil
}

// bindBytes binds inline bytes: base64 in the forms the bytes kind reads,
// its budget stated in the description (the kind's expected text) and as
// the schema's maxLength. Inside a union with a reference form, an ask
// about content over the budget offers that form (o.refHint); it never
// asks to shorten the content.
func bindBytes(t reflect.Type, o tagOptions) (binding, error) {
	var assign func(dst reflect.Value, b bytes.Bytes)
	switch {
	case t == reflect.TypeFor[bytes.Bytes]():
		assign = func(dst reflect.Value, b bytes.Bytes) { dst.Set(reflect.ValueOf(b)) }
	case t.Kind() == reflect.Slice && t.Elem().Kind() == reflect.Uint8:
		assign = func(dst reflect.Value, b bytes.Bytes) { dst.SetBytes(b.Data) }
	default:
		return binding{}, cannotFill("bytes", t, "[]byte or bytes.Bytes")
	}
	var opts bytes.Options
	if text, ok := o.value("max"); ok {
		d, err := number.Parse(text)
		n, whole := d.Int64()
		if err != nil || !whole || n <= 0 || n > agentinput.MaxInlineBytes {
			return binding{}, fmt.Errorf("max=%s is not a whole number of bytes from 1 to %d (agentinput.MaxInlineBytes): larger content is sent by reference", text, agentinput.MaxInlineBytes)
		}
		opts.MaxBytes = int(n)
	}
	r, err := bytes.New(opts)
	if err != nil {
		return binding{}, err
	}
	// One hint for content over a budget, the kind's and the call's
	// string budget alike: the union's reference form, or that there is
	// none. Never "send a shorter value".
	tooLarge := o.refHint
	if tooLarge == "" {
		tooLarge = "Content this large is not taken inline by this property (at most " + strconv.Itoa(r.MaxBytes()) + " bytes decoded), and the tool declares no reference form"
	}
	read := func(raw any) agentinput.Outcome[Slot] {
		out := r.Read(raw)
		if a, ok := out.Ask(); ok && a.Code == agentinput.AskTooLarge {
			a.Hint = tooLarge
			out = agentinput.Asking[bytes.Bytes](a)
		}
		return outcome(out, func(b bytes.Bytes) any { return bytes.Format(b) }, assign)
	}
	return binding{
		read:       read,
		spell:      spellerOf(r.Read, r),
		schema:     map[string]any{"type": "string", "contentEncoding": "base64", "maxLength": r.MaxLength()},
		expected:   r.Expected(),
		example:    r.Example(),
		overBudget: tooLarge,
	}, nil
}

// bindTimestamp binds an instant: RFC 3339 and the spellings the
// timestamp kind reads, to a time.Time (or its RFC 3339 string).
func bindTimestamp(t reflect.Type, o tagOptions) (binding, error) {
	assign, err := stringOr(t, "timestamp", timestamp.Format)
	if err != nil {
		return binding{}, err
	}
	var opts timestamp.Options
	opts.DefaultZone, _ = o.value("zone")
	if opts.Order, err = dateOrder(o); err != nil {
		return binding{}, err
	}
	opts.Languages = o.list("languages")
	r, err := timestamp.New(opts)
	if err != nil {
		return binding{}, err
	}
	b := textBinding(r.Read, timestamp.Format, assign,
		map[string]any{"type": "string", "format": "date-time"}, r.Expected(), r.Example())
	b.spell = spellerOf(r.Read, r)
	return b, nil
}

// bindText binds free text: a string as it is sent. Free text has no
// spelling to repair and no placeholder of its own; only the generic
// absence rule and the budgets apply.
func bindText(t reflect.Type, o tagOptions) (binding, error) {
	if t.Kind() != reflect.String {
		return binding{}, cannotFill("text", t, "string")
	}
	return binding{
		read: func(raw any) agentinput.Outcome[Slot] {
			if _, ok := raw.(string); !ok {
				return agentinput.Asking[Slot](agentinput.Ask{
					Code:     agentinput.AskWrongType,
					Received: agentinput.Received(raw),
					Reason:   "it is not a JSON string",
					Expected: "a JSON string",
					Hint:     "Send the text as a JSON string",
				})
			}
			return agentinput.Value(Slot{JSON: raw, set: setString}, agentinput.Notes{})
		},
		schema:   map[string]any{"type": "string"},
		expected: `a JSON string, for example "text"`,
		example:  json.RawMessage(`"text"`),
	}, nil
}
