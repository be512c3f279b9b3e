package binding

import (
	"encoding/json"
	"reflect"
	"slices"
	"time"

	"golang.org/x/text/language"

	"agentinput.dev/kinds/bytes"
	"agentinput.dev/kinds/cursor"
	"agentinput.dev/kinds/date"
	"agentinput.dev/kinds/eli"
	"agentinput.dev/kinds/number"
	"agentinput.dev/kinds/uuid"
)

// kindTable is every kind the factory binds: one row a kind, and the only
// place a kind is registered. The tag parser, the Go-type rule, the
// option check, a list's splitting and the CLI's flags (cmd/agentinput,
// through Kinds) all read it; census and architecture_test.go check their
// own tables against it. Adding a kind is its kinds/<k> package, one
// row here and its binder, in binders.go in the same order
// (docs/kind-guide.md).
//
// The order is the order the CLI lists the kinds in.
var kindTable = []kindRow{
	{name: "number", owner: "kinds/number", fixed: true, bind: bindNumber, split: splitWeighed,
		value: reflect.TypeFor[number.Decimal](), types: []reflect.Type{reflect.TypeFor[number.Decimal]()},
		options: []option{
			{name: "integer", usage: "accept whole numbers only"},
			{name: "min", arg: "N", usage: "the minimum accepted value, a JSON number"},
			{name: "max", arg: "N", usage: "the maximum accepted value, a JSON number"},
			{name: "clamp", usage: "replace a value outside min and max by the nearest bound, with a note, instead of asking"},
			{name: "convention", arg: "L", usage: "the field's declared number convention (cs: decimal comma, en: decimal dot, …)"},
			{name: "languages", arg: "a|b", list: true, usage: "the languages whose number words are read (default: every language of the table)"},
		}},
	{name: "boolean", owner: "kinds/boolean", fixed: true, unknownIsAnAnswer: true, bind: bindBoolean, split: splitWeighed,
		value: reflect.TypeFor[bool](),
		options: []option{
			{name: "languages", arg: "a|b", list: true, usage: "the languages whose words for yes and no are read (default: the default set)"},
		}},
	{name: "date", owner: "kinds/date", fixed: true, bind: bindDate, split: splitWeighed,
		value: reflect.TypeFor[date.Date](), types: []reflect.Type{reflect.TypeFor[date.Date]()},
		options: []option{
			{name: "bound", arg: "none|from|to", usage: "one date (none, the default), or the first or last day of a range"},
			{name: "order", arg: "L", usage: "the field's declared day/month order for slash and dash dates (cs, en-GB: day first; en, en-US: month first)"},
			{name: "languages", arg: "a|b", list: true, usage: "the languages whose month and weekday names are read (default: the default set)"},
		}},
	{name: "eli", owner: "kinds/eli", fixed: true, bind: bindELI,
		value: reflect.TypeFor[eli.ELI](), types: []reflect.Type{reflect.TypeFor[eli.ELI]()}},
	{name: "locale", owner: "kinds/locale", fixed: true, bind: bindLocale, split: splitAlways,
		value: reflect.TypeFor[language.Tag](), types: []reflect.Type{reflect.TypeFor[language.Tag]()}},
	{name: "country", owner: "kinds/country", fixed: true, bind: bindCountry, split: splitAlways,
		value: reflect.TypeFor[string](),
		options: []option{
			{name: "alpha3", usage: "answer with the ISO 3166-1 alpha-3 code (CZE) instead of alpha-2 (CZ)"},
			{name: "admit", arg: "CZ|SK|...", list: true, usage: "the admitted countries, by alpha-2 code; any other country is an ask"},
		}},
	{name: "vocabulary", owner: "kinds/vocabulary", bind: bindVocabulary, split: splitAlways,
		value: reflect.TypeFor[string](),
		options: []option{
			{name: "of", arg: "NAME", usage: "the vocabulary, by its name in Spec.Vocabularies (required)"},
		}},
	{name: "filter", owner: "kinds/filter", bind: bindFilter,
		value: reflect.TypeFor[string](),
		options: []option{
			{name: "of", arg: "NAME", usage: "the vocabulary the filter is over, by its name in Spec.Vocabularies"},
			{name: "values", arg: "a|b|c", list: true, usage: "the declared values the filter is over"},
			{name: "over", arg: "KIND", usage: "the kind the filter is over, when it is over neither a vocabulary nor declared values (number, enum, boolean, date, …)"},
			{name: "miss", arg: "drop|ask", usage: "over a vocabulary: drop (the default) or ask about a value that names no entry, or several"},
		}},
	{name: "cursor", owner: "kinds/cursor", bind: bindCursor,
		value: reflect.TypeFor[cursor.Position]()},
	{name: "uuid", owner: "kinds/uuid", fixed: true, bind: bindUUID, split: splitAlways, exampleIsPlaceholder: true,
		value: reflect.TypeFor[uuid.UUID](), types: []reflect.Type{reflect.TypeFor[uuid.UUID]()}},
	{name: "enum", owner: "kinds/enum", bind: bindEnum, split: splitAlways,
		value: reflect.TypeFor[string](),
		options: []option{
			{name: "values", arg: "a|b|c", list: true, usage: "the declared values (required)"},
			{name: "synonyms", arg: "alias:value|...", list: true, usage: "the synonyms of declared values"},
		}},
	{name: "bytes", owner: "kinds/bytes", bind: bindBytes, split: splitWeighed,
		value: reflect.TypeFor[bytes.Bytes](), types: []reflect.Type{reflect.TypeFor[bytes.Bytes]()},
		options: []option{
			{name: "max", arg: "N", usage: "the most decoded bytes taken inline (default, and at most, agentinput.MaxInlineBytes: 49152)"},
		}},
	{name: "timestamp", owner: "kinds/timestamp", fixed: true, bind: bindTimestamp, split: splitWeighed,
		value: reflect.TypeFor[time.Time](), types: []reflect.Type{reflect.TypeFor[time.Time]()},
		options: []option{
			{name: "zone", arg: "NAME", usage: "the IANA zone a date or time without an offset or zone is read in, with a note (default: none, such a spelling asks)"},
			{name: "order", arg: "L", usage: "the field's declared day/month order for slash and dash dates (cs, en-GB: day first; en, en-US: month first)"},
			{name: "languages", arg: "a|b", list: true, usage: "the languages whose month and weekday names are read (default: the default set)"},
		}},
	// A list takes its own options and its item kind's.
	{name: "stringlist", owner: "kinds/stringlist", bind: bindList,
		value: reflect.TypeFor[[]string](),
		options: []option{
			{name: "item", arg: "KIND", usage: "the kind of each item (text, the default: free text, never split silently: a string that reads as a list asks)"},
			{name: "unique", usage: "drop an item that repeats an earlier one, with a note"},
			{name: "besteffort", usage: "the items that read reach the handler, the others come back as issues beside the result"},
		}},
	// Free text: a string as it is sent, no owner package (no spelling
	// to repair).
	{name: "text", bind: bindText, split: splitNever, value: reflect.TypeFor[string]()},
	// The kinds that hold properties (object.go, union.go) and the
	// free JSON value: shapes the factory reads by the phases of a tool's
	// arguments, no owner package.
	{name: "object", bind: bindObject, holds: true},
	{name: "map", bind: bindMap, holds: true,
		options: []option{
			{name: "item", arg: "KIND", usage: "the kind of each value (default: the kind of the map's value type)"},
		}},
	{name: "json", bind: bindJSON,
		value: reflect.TypeFor[json.RawMessage](), types: []reflect.Type{reflect.TypeFor[json.RawMessage]()}},
	{name: "union", bind: bindUnion, holds: true},
}

// kindRow is one kind of the table.
type kindRow struct {
	// name is the kind's name in tags and in the schema's guidance.
	name string
	// owner is the kind's owner package under the module ("kinds/date");
	// empty for free text and the shapes the factory reads itself.
	owner string
	// bind checks that the kind can fill a field of type t (pointers
	// already removed) and returns the property's reader and schema.
	bind func(t reflect.Type, o tagOptions) (binding, error)
	// options are the tag options the kind takes, beside commonOptions.
	options []option
	// value is the Go type a value of the kind reads into by default
	// (the CLI's); nil for the shapes, whose type is the tool's.
	value reflect.Type
	// types are the Go types that are the kind's own: a field of one
	// binds the kind with no tag, even where a name rule binds another.
	types []reflect.Type
	// split says what a string of comma-separated values of the kind is,
	// as a list's items (stringlist.Options.Split, SplitAsks).
	split listSplit
	// holds: the kind's value holds properties of its own (exact, a flag
	// on one value, does not apply).
	holds bool
	// fixed: the kind's values are its own data (the countries, the
	// languages, the dates), which its options narrow or re-spell but never
	// add to, so no word of the "not filtering" table reads as one in any
	// of them (TestNotFilteringWordsAreNoFixedValue holds it); a filter over
	// the kind does not read those words at declaration (filter
	// Options.WordsChecked), and declaring it builds none of the kind's
	// indexes.
	fixed bool
	// unknownIsAnAnswer: "unknown", "TBD", "?" answer the kind's question
	// (a boolean's third answer), so the kind's ask about them stands,
	// where for another kind they are a placeholder (Absence).
	unknownIsAnAnswer bool
	// exampleIsPlaceholder: the kind's own example, advertised in every
	// property's guidance sentence, is never a real value, so an
	// identifier copied from the description is a placeholder. (A
	// number's example, 4000, or a date's is a value like any other.)
	exampleIsPlaceholder bool
}

// option is one tag option of a kind.
type option struct {
	name string
	// arg is the value's placeholder in usage, "" for a flag (an option
	// without "=").
	arg   string
	usage string
	// list: the value is a list, a|b|c.
	list bool
}

// listSplit is what a separated string of a kind's values is, in a list.
type listSplit int

const (
	// splitNever: free text, a date range, a token — a string is one item.
	splitNever listSplit = iota
	// splitAlways: the kind's values never hold a comma or a semicolon,
	// so a comma-separated string of them is a list.
	splitAlways
	// splitWeighed: the values may hold a comma ("1,5", "October 1,
	// 2026"): a separated string is read as the one split whose every
	// item reads, and asked about when several do (issue 32).
	splitWeighed
)

// binding binds the row's kind for a field of type t with the tag's
// options: the row's binder, with the row itself, whose facts every
// binding of the kind carries.
func (r *kindRow) binding(t reflect.Type, o tagOptions) (binding, error) {
	b, err := r.bind(t, o)
	b.kind = r
	return b, err
}

// kindIndex finds a row by the kind's name, kindOfType by an own Go type.
// They are filled from kindTable once, below; they are indexes, not a
// second registration.
var (
	kindIndex  = map[string]*kindRow{}
	kindOfType = map[reflect.Type]string{}
)

func init() {
	// An init, not an initializer: the binders of a list, a map and a
	// filter look kinds up, so an initializer reading kindTable would be
	// an initialization cycle.
	for i := range kindTable {
		r := &kindTable[i]
		kindIndex[r.name] = r
		for _, t := range r.types {
			kindOfType[t] = r.name
		}
	}
}

// kindNamed returns the row of the kind called name.
func kindNamed(name string) (*kindRow, bool) {
	r, ok := kindIndex[name]
	return r, ok
}

// takesOption reports whether the kind takes the tag option key of its
// own (not one of commonOptions).
func (r *kindRow) takesOption(key string) bool {
	return slices.ContainsFunc(r.options, func(o option) bool { return o.name == key })
}

// Kind is one row of the factory's kind table, read only: what a tag may
// name and what it may say about it. The CLI derives its flags from it,
// census and the architecture test check their tables against it.
type Kind struct{ r *kindRow }

// Kinds returns the kind table, in its order.
func Kinds() []Kind {
	out := make([]Kind, len(kindTable))
	for i := range kindTable {
		out[i] = Kind{&kindTable[i]}
	}
	return out
}

// Name is the kind's name in tags.
func (k Kind) Name() string { return k.r.name }

// Owner is the kind's owner package, relative to the module
// ("kinds/date"); "" for free text and the shapes (object, map, json,
// union), which the factory reads itself.
func (k Kind) Owner() string { return k.r.owner }

// Value is the Go type a value of the kind reads into by default; nil for
// an object, a map or a union, whose type is the tool's.
func (k Kind) Value() reflect.Type { return k.r.value }

// Types are the Go types that are the kind's own: a field of one binds
// the kind without a tag.
func (k Kind) Types() []reflect.Type { return slices.Clone(k.r.types) }

// Options are the tag options the kind takes, beside the ones every
// property takes (required, exact, noguide, example).
func (k Kind) Options() []KindOption {
	out := make([]KindOption, len(k.r.options))
	for i, o := range k.r.options {
		out[i] = KindOption{Name: o.name, Arg: o.arg, Usage: o.usage, List: o.list}
	}
	return out
}

// KindOption is one tag option of a kind (a copy: changing it changes
// nothing).
type KindOption struct {
	// Name is the option's name in the tag.
	Name string
	// Arg is its value's placeholder ("N", "a|b"); "" for a flag, an
	// option without a value.
	Arg string
	// Usage says what it does.
	Usage string
	// List: the value is a list, its items separated by "|".
	List bool
}
