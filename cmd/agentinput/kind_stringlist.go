package main

import (
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"slices"
	"strings"

	"agentinput.dev/agentinput"
	"agentinput.dev/factory"
	"agentinput.dev/kinds/stringlist"
)

// itemKinds returns the kinds a list's items may be. It is set in init,
// because the kind table holds stringlistKind, whose flags read the table.
var itemKinds func() []kind

func init() {
	itemKinds = func() []kind {
		var out []kind
		for _, k := range kinds {
			if k.name != stringlistName {
				out = append(out, k)
			}
		}
		return out
	}
}

// splitKinds are the item kinds whose values never hold a comma or a
// semicolon, so that a separated string is read as their items.
var splitKinds = []string{"enum", "uuid", "country", "locale", "vocabulary"}

// stringlistKind reads a list whose items are of the kind --item names
// (default: free text, "text"), with that kind's own flags, and --unique.
// Every flag of every item kind is accepted here; the ones that do not
// belong to --item's kind are a usage error once it is known.
var stringlistKind = kind{
	name: stringlistName,
	flags: func(fs *flag.FlagSet) func(factory.Property) (reader, error) {
		item := fs.String("item", "text", "`KIND`: the kind of each item (text: free text, never split)")
		unique := fs.Bool("unique", false, "drop an item that repeats an earlier one, with a note")
		type setting struct{ name, value string }
		var settings []setting
		// Each item kind's flags, once by name, with the kinds that have
		// them.
		var names []string
		first := map[string]*flag.Flag{}
		owners := map[string][]string{}
		for _, k := range itemKinds() {
			sub := newFlagSet(k.name)
			k.flags(sub)
			sub.VisitAll(func(f *flag.Flag) {
				if fs.Lookup(f.Name) != nil {
					return // --item, --unique, or a common flag
				}
				if first[f.Name] == nil {
					first[f.Name] = f
					names = append(names, f.Name)
				}
				owners[f.Name] = append(owners[f.Name], k.name)
			})
		}
		for _, name := range names {
			f := first[name]
			usage := f.Usage
			if len(owners[name]) > 1 {
				arg, _ := flag.UnquoteUsage(f)
				usage = "the item kind's --" + name
				if arg != "" {
					usage = "`" + arg + "`: " + usage
				}
			}
			fs.Var(&itemFlag{isBool: isBoolFlag(f), set: func(v string) {
				settings = append(settings, setting{name, v})
			}}, name, usage+" (with --item "+strings.Join(owners[name], ", --item ")+")")
		}
		return func(p factory.Property) (reader, error) {
			p.Collection = true
			opts := stringlist.Options[json.RawMessage]{Unique: *unique}
			if *item == "text" {
				if len(settings) > 0 {
					return reader{}, fmt.Errorf("flag --%s does not apply to free-text items", settings[0].name)
				}
				opts.Item = func(v any) agentinput.Outcome[json.RawMessage] {
					return agentinput.Map(stringlist.Text(v), func(s string) json.RawMessage {
						b, _ := json.Marshal(s)
						return b
					})
				}
				opts.ItemExpected = stringlist.TextExpected
				return bindList(p, opts)
			}
			k, ok := itemKind(*item)
			if !ok {
				return reader{}, fmt.Errorf("--item %s: not a kind a list item can be (text, %s)", *item, strings.Join(itemKindNames(), ", "))
			}
			sub := newFlagSet(k.name)
			build := k.flags(sub)
			for _, s := range settings {
				if sub.Lookup(s.name) == nil {
					return reader{}, fmt.Errorf("flag --%s does not apply to item kind %s", s.name, k.name)
				}
				if err := sub.Set(s.name, s.value); err != nil {
					return reader{}, fmt.Errorf("invalid value %q for --%s: %v", s.value, s.name, err)
				}
			}
			// An item is read as an optional property of a tool that
			// reads: a placeholder item comes back as absence, which the
			// list turns into an ask for that item.
			r, err := build(factory.Property{})
			if err != nil {
				return reader{}, err
			}
			opts.Item = stringlist.Dynamic(func(v any) stringlist.DynamicOutcome {
				o, ok := r.read(v).(stringlist.DynamicOutcome)
				if !ok {
					panic("agentinput: the outcome of kind " + k.name + " is not an agentinput.Outcome")
				}
				return o
			})
			opts.ItemExpected = r.expected
			opts.Declared = r.declared
			opts.Split = slices.Contains(splitKinds, k.name)
			opts.SplitAsks = k.name == "number" // "10,20": a decimal comma or two items
			return bindList(p, opts)
		}
	},
}

const stringlistName = "stringlist"

func itemKind(name string) (kind, bool) {
	for _, k := range itemKinds() {
		if k.name == name {
			return k, true
		}
	}
	return kind{}, false
}

func bindList(p factory.Property, opts stringlist.Options[json.RawMessage]) (reader, error) {
	l, err := stringlist.New(opts)
	if err != nil {
		return reader{}, errors.New("stringlist: " + err.Error())
	}
	return bind(p, l.Expected(), l.Example(), l.Read), nil
}

func itemKindNames() []string {
	var names []string
	for _, k := range itemKinds() {
		names = append(names, k.name)
	}
	return names
}

// itemFlag stands in the list's flag set for a flag of an item kind: it
// records the value, which is set on the item kind's own flag set once
// --item is known.
type itemFlag struct {
	isBool bool
	set    func(string)
	value  string
}

func (f *itemFlag) String() string   { return f.value }
func (f *itemFlag) IsBoolFlag() bool { return f.isBool }
func (f *itemFlag) Set(v string) error {
	f.value = v
	f.set(v)
	return nil
}
