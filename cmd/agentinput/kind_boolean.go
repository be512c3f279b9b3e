package main

import (
	"flag"

	"agentinput.dev/factory"
	"agentinput.dev/kinds/boolean"
)

var booleanKind = kind{
	name: "boolean",
	flags: func(fs *flag.FlagSet) func(factory.Property) (reader, error) {
		var opts boolean.Options
		fs.Func("languages", "`a,b`: the languages whose words for yes and no are read (default: the default set)", func(s string) error {
			opts.Languages = splitList(s)
			return nil
		})
		return func(p factory.Property) (reader, error) {
			// New validates the languages: an unknown one is a usage error
			// here, never an ask.
			r, err := boolean.New(opts)
			if err != nil {
				return reader{}, err
			}
			p.UnknownIsAnAnswer = true // "unknown" is asked about (kinds.md), as in the factory
			return bind(p, boolean.Expected(opts), boolean.Example(opts), r.Read), nil
		}
	},
}
