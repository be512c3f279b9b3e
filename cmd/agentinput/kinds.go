package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"reflect"
	"slices"
	"strings"
	"time"

	"agentinput.dev/agentinput"
	"agentinput.dev/factory/protocol"
	"agentinput.dev/internal/binding"
	"agentinput.dev/kinds/vocabulary"
)

// The command holds no reader of its own: `read KIND [flags]` turns its
// flags into the agentinput tag of one property and reads with
// binding.BindProperty, the binder every tool's properties go through.
// What a kind reads, which lists split, what "unknown" is — all that is
// the factory's and the kinds'; this file only names the flags.

// kind is one kind `read` reads.
type kind struct {
	name string
	// goType is the Go type the value is read into, the kind's own: the
	// output's "value" is its JSON.
	goType reflect.Type
	// flags are the kind's own flags.
	flags []cliFlag
}

// cliFlag is one flag of a kind and the tag option it stands for.
type cliFlag struct {
	name  string
	arg   string // the value's placeholder in usage; "" for a boolean flag
	usage string
	// option is the tag option the flag sets; "" for the flags the
	// command turns into something else (--vocab, --synonym, the cursor's
	// key, session, filters and TTL).
	option string
	// list: the value is a comma-separated list, an option's a|b|c.
	list bool
}

func (f cliFlag) isBool() bool { return f.arg == "" }

var (
	flagVocab = cliFlag{name: "vocab", arg: "FILE", usage: "the vocabulary, a JSON array of {\"id\", \"names\", \"language\", \"names_by_language\", \"abbreviations\", \"english\", \"country\"}"}
	flagCodec = []cliFlag{
		{name: "key", arg: "KEY", usage: "the cursor key, at least 16 bytes (default: $" + cursorKeyEnv + ")"},
		{name: "session", arg: "ID", usage: "the session a cursor is bound to"},
		{name: "filters", arg: "TEXT", usage: "what stands for the listing's filters (any text, such as their JSON)"},
		{name: "ttl", arg: "D", usage: "how long a cursor lives (default 24h)"},
	}
)

// kinds are the kinds `read` reads, in the factory's order, each with
// the flags derived from its row of the factory's kind table
// (binding.Kinds): an option is a flag of its name (or of cliNames'),
// with the option's usage; cliOnly are the flags the command turns into
// something else.
var kinds = cliKinds()

// notRead are the kinds of the factory's table that `read` does not take:
// free text is read as sent, and the others are shapes of a tool's own.
var notRead = map[string]bool{"text": true, "object": true, "map": true, "json": true, "union": true}

// cliNames are the flags named otherwise than their option: a locale
// stands for a number convention or a day/month order.
var cliNames = map[string]string{"convention": "locale", "order": "locale"}

// noFlag are the options of a kind that have no flag of their name: the
// command sets them from a flag of its own (--vocab, --synonym), or does
// not offer them (a list's besteffort is a handler's, beside a result).
var noFlag = map[string]map[string]bool{
	"vocabulary": {"of": true},
	"filter":     {"of": true},
	"enum":       {"synonyms": true},
	"stringlist": {"besteffort": true},
}

// cliOnly are each kind's flags that are the command's own.
var cliOnly = map[string][]cliFlag{
	"vocabulary": {flagVocab},
	"filter": {
		flagVocab,
		// The options of the kind a filter is over.
		{name: "integer", usage: "accept whole numbers only (with --over number)", option: "integer"},
		{name: "languages", arg: "a,b", usage: "the languages of the kind it is over (with --over boolean or date)", option: "languages", list: true},
	},
	"cursor": flagCodec,
	"enum": {
		{name: "synonym", arg: "alias=value", usage: "a synonym of a declared value (repeat the flag for more)"},
	},
}

// cliKinds derives the command's kinds from the factory's kind table.
func cliKinds() []kind {
	var out []kind
	for _, fk := range binding.Kinds() {
		if notRead[fk.Name()] {
			continue
		}
		k := kind{name: fk.Name(), goType: fk.Value()}
		for _, o := range fk.Options() {
			if noFlag[k.name][o.Name] {
				continue
			}
			name := o.Name
			if n, ok := cliNames[name]; ok {
				name = n
			}
			arg := o.Arg
			if o.List {
				arg = strings.ReplaceAll(arg, "|", ",") // a flag's list is comma-separated
			}
			k.flags = append(k.flags, cliFlag{name: name, arg: arg, usage: o.Usage, option: o.Name, list: o.List})
		}
		k.flags = append(k.flags, cliOnly[k.name]...)
		out = append(out, k)
	}
	return out
}

const stringlistName = "stringlist"

// plannedKinds are the kinds of the CLI's contract that are not built
// yet: naming one is a usage error that says so, not "unknown kind".
var plannedKinds = []string{}

// itemKinds are the kinds a list's items may be, beside free text.
func itemKinds() []kind {
	var out []kind
	for _, k := range kinds {
		if k.name != stringlistName && k.name != "cursor" {
			out = append(out, k)
		}
	}
	return out
}

func lookupKind(name string) (kind, bool) {
	for _, k := range kinds {
		if k.name == name {
			return k, true
		}
	}
	return kind{}, false
}

// flagsOf returns every flag KIND accepts but the common ones: its own,
// and for a list every item kind's, once by name.
func flagsOf(k kind) []cliFlag {
	out := slices.Clone(k.flags)
	if k.name != stringlistName {
		return out
	}
	for _, item := range itemKinds() {
		for _, f := range item.flags {
			if !slices.ContainsFunc(out, func(g cliFlag) bool { return g.name == f.name }) {
				out = append(out, f)
			}
		}
	}
	return out
}

// common are the flags of every kind.
type common struct {
	Mode     binding.Mode
	Required bool
}

// reader reads one property's values.
type reader struct {
	binding *binding.Binding
	ctx     context.Context // the session and filters a cursor is read against
	// expected says what the property accepts, for the asks the command
	// makes itself (a line that is not JSON, a line over the budget).
	expected string
}

// read reads one decoded JSON value as the property would be read. It is
// a method rather than a func field so that a line's outcome is returned
// through one call less (it is copied once a call).
func (r *reader) read(v any) outcome { return r.binding.Read(r.ctx, v, true) }

// outcome is what a reader answers: the factory's outcome of a binding,
// whose value is of the kind's Go type. It is the concrete type, not an
// interface, so that answering a line does not put it on the heap.
type outcome = agentinput.Outcome[any]

// readerOf reads with a binding; session and filters are a cursor's.
func readerOf(b *binding.Binding, session, filters string) reader {
	ctx := binding.WithFilters(protocol.WithPrincipal(context.Background(), session), filters)
	return reader{binding: b, ctx: ctx, expected: b.Expected()}
}

// setting is one flag as the command line set it.
type setting struct{ name, value string }

// settings are the flags of one command line, in order.
type settings []setting

// last returns the value the flag was last set to.
func (s settings) last(name string) (string, bool) {
	for i := len(s) - 1; i >= 0; i-- {
		if s[i].name == name {
			return s[i].value, true
		}
	}
	return "", false
}

// flagValue records a flag's value in settings; check validates it.
type flagValue struct {
	name   string
	isBool bool
	check  func(string) error
	set    *settings
}

func (v *flagValue) String() string   { return "" }
func (v *flagValue) IsBoolFlag() bool { return v.isBool }
func (v *flagValue) Set(s string) error {
	if v.isBool {
		// The flag package's own boolean flag reads the value, as
		// fs.Bool would: true, false, 1, 0, t, f.
		inner := newFlagSet("bool")
		inner.Bool("b", false, "")
		if err := inner.Set("b", s); err != nil {
			return errors.New("want true or false")
		}
		s = inner.Lookup("b").Value.String()
	}
	if v.check != nil {
		if err := v.check(s); err != nil {
			return err
		}
	}
	*v.set = append(*v.set, setting{v.name, s})
	return nil
}

// checks validate the values of the flags that are the command's own.
var checks = map[string]func(string) error{
	"mode": func(s string) error {
		if s != "read" && s != "write" {
			return errors.New("want read or write")
		}
		return nil
	},
	"synonym": func(s string) error {
		alias, value, ok := strings.Cut(s, "=")
		if !ok || strings.TrimSpace(alias) == "" || strings.TrimSpace(value) == "" {
			return errors.New("want alias=value")
		}
		return nil
	},
	"ttl": func(s string) error {
		_, err := time.ParseDuration(s)
		return err
	},
}

// register registers the common flags and k's on fs, recording into set.
func register(fs *flag.FlagSet, k kind, set *settings) {
	all := append([]cliFlag{
		{name: "mode", arg: "read|write", usage: "read (the default) reads a placeholder as absence; write asks for a real value"},
		{name: "required", usage: "absence (missing, null, a placeholder) is an ask missing_required"},
	}, flagsOf(k)...)
	owners := map[string][]string{}
	if k.name == stringlistName {
		for _, item := range itemKinds() {
			for _, f := range item.flags {
				owners[f.name] = append(owners[f.name], item.name)
			}
		}
	}
	for _, f := range all {
		usage := f.usage
		if o := owners[f.name]; len(o) > 1 {
			usage = "the item kind's --" + f.name
		}
		if o := owners[f.name]; len(o) > 0 {
			usage += " (with --item " + strings.Join(o, ", --item ") + ")"
		}
		if !f.isBool() {
			usage = "`" + f.arg + "`: " + usage
		}
		fs.Var(&flagValue{name: f.name, isBool: f.isBool(), check: checks[f.name], set: set}, f.name, usage)
	}
}

// build makes the reader of one command line: the tag its flags spell,
// bound by the factory.
func build(k kind, set settings) (reader, common, error) {
	var c common
	spec := &binding.Env{Mode: binding.ModeRead}
	if m, _ := set.last("mode"); m == "write" {
		c.Mode, spec.Mode = binding.ModeWrite, binding.ModeWrite
	}
	if r, _ := set.last("required"); r == "true" {
		c.Required = true
	}
	tag := []string{k.name}
	goType := k.goType
	// The kind whose flags the options are: the kind itself, a list's
	// item kind, a filter's kind when it is over one.
	of := k
	switch k.name {
	case stringlistName:
		item, _ := set.last("item")
		if item == "" || item == "text" {
			of, goType = kind{name: "text", goType: reflect.TypeFor[string]()}, reflect.TypeFor[[]string]()
			break
		}
		ik, ok := lookupKind(item)
		if !ok || !slices.ContainsFunc(itemKinds(), func(i kind) bool { return i.name == item }) {
			var names []string
			for _, i := range itemKinds() {
				names = append(names, i.name)
			}
			return reader{}, c, fmt.Errorf("--item %s: not a kind a list item can be (text, %s)", item, strings.Join(names, ", "))
		}
		of, goType = ik, reflect.SliceOf(ik.goType)
	case "filter":
		vocab, hasVocab := set.last("vocab")
		over, hasOver := set.last("over")
		switch {
		case hasVocab && vocab != "" && hasOver:
			return reader{}, c, errors.New("give --vocab or --over, not both")
		case hasOver:
			ok, known := lookupKind(over)
			if !known {
				return reader{}, c, fmt.Errorf("--over %s: not a kind", over)
			}
			goType = ok.goType
			if ok.name == "enum" {
				if _, has := set.last("values"); !has {
					return reader{}, c, errors.New("--over enum needs --values a,b,c")
				}
			}
		case !hasVocab:
			return reader{}, c, errors.New("give --vocab FILE or --over KIND")
		}
	}
	if of.name == "enum" {
		if v, _ := set.last("values"); v == "" {
			return reader{}, c, errors.New("kind enum needs --values a,b,c")
		}
	}
	// The options, each flag's last value; a flag of another kind is a
	// usage error.
	var synonyms []string
	var session, filters string
	var cf cursorFlags
	seen := map[string]bool{}
	options := map[string]string{} // flag name → tag item, for blaming one
	for i := len(set) - 1; i >= 0; i-- {
		s := set[i]
		if s.name == "mode" || s.name == "required" {
			continue
		}
		f, ok := flagOf(k, s.name)
		if !ok && k.name == stringlistName && s.name != "item" && s.name != "unique" {
			f, ok = flagOf(of, s.name)
			if !ok {
				if of.name == "text" {
					return reader{}, c, fmt.Errorf("flag --%s does not apply to free-text items", s.name)
				}
				return reader{}, c, fmt.Errorf("flag --%s does not apply to item kind %s", s.name, of.name)
			}
		}
		if s.name == "synonym" {
			alias, value, _ := strings.Cut(s.value, "=")
			synonyms = append([]string{strings.TrimSpace(alias) + ":" + strings.TrimSpace(value)}, synonyms...)
			continue
		}
		if seen[s.name] {
			continue // an earlier setting of a flag set again
		}
		seen[s.name] = true
		switch s.name {
		case "vocab":
			v, err := loadVocabulary(s.value)
			if err != nil {
				return reader{}, c, err
			}
			spec.Vocabularies = map[string]*vocabulary.Reader{"vocab": v}
			options[s.name] = "of=vocab"
			continue
		case "key":
			cf.key = s.value
			continue
		case "session":
			session = s.value
			continue
		case "filters":
			filters = s.value
			continue
		case "ttl":
			cf.ttl, _ = time.ParseDuration(s.value)
			continue
		}
		switch {
		case f.isBool() && s.value == "true":
			options[s.name] = f.option
		case f.isBool():
		case f.list:
			items, err := listValue(s.value)
			if err != nil {
				return reader{}, c, fmt.Errorf("invalid value %q for --%s: %v", s.value, s.name, err)
			}
			options[s.name] = f.option + "=" + items
		default:
			if strings.ContainsAny(s.value, ",") {
				return reader{}, c, fmt.Errorf("invalid value %q for --%s: a comma has no place in it", s.value, s.name)
			}
			options[s.name] = f.option + "=" + s.value
		}
	}
	if k.name == "vocabulary" && spec.Vocabularies == nil {
		return reader{}, c, errors.New("--vocab FILE is required")
	}
	if len(synonyms) > 0 {
		options["synonym"] = "synonyms=" + strings.Join(synonyms, "|")
	}
	if k.name == "cursor" {
		codec, err := cf.codec(true)
		if err != nil {
			return reader{}, c, err
		}
		spec.Cursors = codec
	}
	if c.Required {
		tag = append(tag, "required")
	}
	names := make([]string, 0, len(options))
	for name := range options {
		names = append(names, name)
	}
	slices.Sort(names)
	bind := func(skip string) (*binding.Binding, error) {
		t := slices.Clone(tag)
		for _, name := range names {
			if name != skip {
				t = append(t, options[name])
			}
		}
		return binding.BindProperty("", goType, strings.Join(t, ","), spec)
	}
	b, err := bind("")
	if err != nil {
		msg := strings.TrimPrefix(strings.TrimPrefix(err.Error(), "factory: "), "property : ")
		// The flag to blame: the one without which the tag binds.
		for _, name := range names {
			if _, e := bind(name); e == nil {
				v, _ := set.last(name)
				return reader{}, c, fmt.Errorf("invalid value %q for --%s: %s", v, name, msg)
			}
		}
		return reader{}, c, errors.New(msg)
	}
	return readerOf(b, session, filters), c, nil
}

func flagOf(k kind, name string) (cliFlag, bool) {
	for _, f := range k.flags {
		if f.name == name {
			return f, true
		}
	}
	return cliFlag{}, false
}

// listValue turns a flag's a,b,c into a tag option's a|b|c: items
// trimmed, empty ones dropped. An item holding "|" cannot be said in a tag.
func listValue(s string) (string, error) {
	var items []string
	for _, item := range strings.Split(s, ",") {
		if item = strings.TrimSpace(item); item != "" {
			if strings.Contains(item, "|") {
				return "", fmt.Errorf("an item holds %q", "|")
			}
			items = append(items, item)
		}
	}
	return strings.Join(items, "|"), nil
}

// newFlagSet returns a silent flag set: the command writes its own errors.
func newFlagSet(name string) *flag.FlagSet {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	fs.Usage = func() {}
	return fs
}

// flagKinds maps every flag name of the command (common and of any kind)
// to whether it is a boolean flag, which takes no value argument. It is
// what lets flags stand before KIND. A name that is boolean for one kind
// and takes a value for another would make KIND unfindable: that panics,
// and a test runs it.
func flagKinds() map[string]bool {
	out := map[string]bool{}
	for _, k := range kinds {
		fs := newFlagSet(k.name)
		register(fs, k, new(settings))
		fs.VisitAll(func(f *flag.Flag) {
			b := isBoolFlag(f)
			if prev, ok := out[f.Name]; ok && prev != b {
				panic(fmt.Sprintf("agentinput: flag --%s of %s is boolean for one kind and takes a value for another", f.Name, k.name))
			}
			out[f.Name] = b
		})
	}
	return out
}

func isBoolFlag(f *flag.Flag) bool {
	b, ok := f.Value.(interface{ IsBoolFlag() bool })
	return ok && b.IsBoolFlag()
}

// loadVocabulary loads the --vocab file; its errors are usage errors.
func loadVocabulary(path string) (*vocabulary.Reader, error) {
	if path == "" {
		return nil, errors.New("--vocab FILE is required")
	}
	f, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("--vocab: %v", err)
	}
	defer f.Close()
	return vocabulary.Load(f)
}
