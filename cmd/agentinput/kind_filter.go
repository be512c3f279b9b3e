package main

import (
	"errors"
	"flag"
	"fmt"

	"agentinput.dev/agentinput"
	"agentinput.dev/factory"
	"agentinput.dev/kinds/boolean"
	"agentinput.dev/kinds/enum"
	"agentinput.dev/kinds/filter"
	"agentinput.dev/kinds/number"
)

// filterKind reads a filter over a vocabulary (--vocab FILE) or over one of
// the kinds --over names, with that kind's own options where the command
// carries them: number (--integer), enum (--values, required) and boolean
// (--languages). Other kinds' options would need their flags inside this
// kind's flag set, which the kind table does not compose; a filter over
// them is built in Go with filter.Over.
var filterKind = kind{
	name: "filter",
	flags: func(fs *flag.FlagSet) func(factory.Property) (reader, error) {
		file := vocabFlag(fs)
		over := fs.String("over", "", "`KIND`: the kind the filter is over when there is no --vocab: number, enum or boolean")
		values := fs.String("values", "", "`a,b,c`: the enum's values (with --over enum)")
		integer := fs.Bool("integer", false, "accept whole numbers only (with --over number)")
		var langs []string
		fs.Func("languages", "`a,b`: the boolean's languages (with --over boolean)", func(s string) error {
			langs = splitList(s)
			return nil
		})
		return func(p factory.Property) (reader, error) {
			switch {
			case *file != "" && *over != "":
				return reader{}, errors.New("give --vocab or --over, not both")
			case *file != "":
				v, err := loadVocabulary(*file)
				if err != nil {
					return reader{}, err
				}
				f, err := filter.OverVocabulary(v)
				if err != nil {
					return reader{}, err
				}
				p.Declared = v.IDs()
				return bind(p, f.Expected(), f.Example(), f.Read), nil
			}
			switch *over {
			case "":
				return reader{}, errors.New("give --vocab FILE or --over KIND")
			case "number":
				opts := number.Options{Integer: *integer}
				return overKind(p, filter.Kind[number.Decimal]{
					Read:     func(v any) agentinput.Outcome[number.Decimal] { return number.Read(v, opts) },
					Expected: number.Expected(opts), Example: number.Example(opts),
				})
			case "enum":
				e, err := enum.New(enum.Spec{Values: splitList(*values)})
				if err != nil {
					return reader{}, fmt.Errorf("--values: %v", err)
				}
				p.Declared = e.Values() // a declared "none" is the enum's, as in the factory
				return overKind(p, filter.Kind[string]{Read: e.Read, Expected: e.Expected(), Example: e.Example(), Values: e.Values()})
			case "boolean":
				opts := boolean.Options{Languages: langs}
				r, err := boolean.New(opts)
				if err != nil {
					return reader{}, err
				}
				return overKind(p, filter.Kind[bool]{Read: r.Read, Expected: boolean.Expected(opts), Example: boolean.Example(opts)})
			}
			return reader{}, fmt.Errorf("--over %s: the command builds filters over number, enum and boolean (and a vocabulary with --vocab)", *over)
		}
	},
}

func overKind[T any](p factory.Property, k filter.Kind[T]) (reader, error) {
	f, err := filter.Over(k)
	if err != nil {
		return reader{}, err
	}
	return bind(p, f.Expected(), f.Example(), f.Read), nil
}
