package binding

import (
	"encoding/json"
	"fmt"
	"reflect"
	"strings"

	"golang.org/x/text/language"

	"agentinput.dev/agentinput"
	"agentinput.dev/kinds/country"
	"agentinput.dev/kinds/date"
	"agentinput.dev/kinds/eli"
	"agentinput.dev/kinds/enum"
	"agentinput.dev/kinds/locale"
	"agentinput.dev/kinds/uuid"
)

// The kinds whose canonical value is a string spelling. Each binds to a
// field of its own Go type or to a string.

// stringOr binds a kind whose canonical value is a string spelling to a
// field of the kind's own type T or of type string. For a string field
// (not of type T) it returns nil: textBinding then sets the field from the canonical
// string, format(v), with no closure per call.
func stringOr[T any](t reflect.Type, kind string, format func(T) string) (func(dst reflect.Value, v T), error) {
	switch {
	case t == reflect.TypeFor[T]():
		return func(dst reflect.Value, v T) { dst.Set(reflect.ValueOf(v)) }, nil
	case t.Kind() == reflect.String:
		return nil, nil
	}
	return nil, fmt.Errorf("kind %s cannot fill a field of type %s (use %s or string)", kind, t, reflect.TypeFor[T]())
}

// asIs is the format of a value that is its own canonical spelling: an
// enum's declared value, a vocabulary's id (kinds/enum and
// kinds/vocabulary have no Format; see docs/decisions.md).
func asIs(s string) string { return s }

// textBinding is the binding of a kind whose canonical JSON is a string.
// A nil assign is a string field, set to the canonical string.
func textBinding[T any](read func(any) agentinput.Outcome[T], format func(T) string, assign func(reflect.Value, T),
	schema map[string]any, expected string, example json.RawMessage) binding {
	if assign == nil {
		return binding{
			read: func(raw any) agentinput.Outcome[Slot] {
				return agentinput.Map(read(raw), func(v T) Slot { return Slot{JSON: format(v), set: setString} })
			},
			schema:   schema,
			expected: expected,
			example:  example,
			declared: enumOf(schema),
		}
	}
	return binding{
		read: func(raw any) agentinput.Outcome[Slot] {
			return outcome(read(raw), func(v T) any { return format(v) }, assign)
		},
		// A non-nil assign is stringOr's for a field of type T itself.
		value:    typedOf[T](read, nil),
		schema:   schema,
		expected: expected,
		example:  example,
		declared: enumOf(schema),
	}
}

// enumOf returns the string values of a schema's enum: the values a kind
// declares (an enum's values, a vocabulary's ids), which the schema
// advertises and the binding's declared are, one fact in one place.
func enumOf(schema map[string]any) []string {
	values, _ := schema["enum"].([]any)
	if len(values) == 0 {
		return nil
	}
	out := make([]string, 0, len(values))
	for _, v := range values {
		if s, ok := v.(string); ok {
			out = append(out, s)
		}
	}
	return out
}

func bindELI(t reflect.Type, o tagOptions) (binding, error) {
	assign, err := stringOr(t, "eli", eli.Format)
	if err != nil {
		return binding{}, err
	}
	var opts eli.Options
	return textBinding(func(v any) agentinput.Outcome[eli.ELI] { return eli.Read(v, opts) }, eli.Format, assign,
		map[string]any{"type": "string", "format": "uri"}, eli.Expected(opts), eli.Example(opts)), nil
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
	if name, ok := o.value("order"); ok {
		order, ok := date.OrderFor(name)
		if !ok {
			return binding{}, fmt.Errorf("order=%s: the date order table has no %q", name, name)
		}
		opts.Order = order
	}
	if langs, ok := o.value("languages"); ok {
		opts.Languages = strings.Split(langs, "|")
	}
	r, err := date.New(opts)
	if err != nil {
		return binding{}, err
	}
	return textBinding(r.Read, date.Format, assign,
		map[string]any{"type": "string", "format": "date"}, date.Expected(opts), date.Example(opts)), nil
}

func bindUUID(t reflect.Type, o tagOptions) (binding, error) {
	assign, err := stringOr(t, "uuid", uuid.Format)
	if err != nil {
		return binding{}, err
	}
	var opts uuid.Options
	return textBinding(func(v any) agentinput.Outcome[uuid.UUID] { return uuid.Read(v, opts) }, uuid.Format, assign,
		map[string]any{"type": "string", "format": "uuid"}, uuid.Expected(opts), uuid.Example(opts)), nil
}

func bindLocale(t reflect.Type, o tagOptions) (binding, error) {
	assign, err := stringOr(t, "locale", locale.Format)
	if err != nil {
		return binding{}, err
	}
	var opts locale.Options
	return textBinding(func(v any) agentinput.Outcome[language.Tag] { return locale.Read(v, opts) }, locale.Format, assign,
		map[string]any{"type": "string"}, locale.Expected(opts), locale.Example(opts)), nil
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
	if admit, ok := o.value("admit"); ok {
		opts.Admit = strings.Split(admit, "|")
	}
	r, err := country.New(opts)
	if err != nil {
		return binding{}, err
	}
	return textBinding(r.Read, country.Format, assign,
		map[string]any{"type": "string"}, r.Expected(), country.Example(opts)), nil
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
	return b, nil
}
