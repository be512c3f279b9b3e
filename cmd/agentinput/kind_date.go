package main

import (
	"flag"
	"fmt"

	"agentinput.dev/factory"
	"agentinput.dev/kinds/date"
)

var dateKind = kind{
	name: "date",
	flags: func(fs *flag.FlagSet) func(factory.Property) (reader, error) {
		var opts date.Options
		fs.Func("bound", "`none|from|to`: one date (none, the default), or the first or last day of a range", func(s string) error {
			b, ok := date.ParseBound(s)
			if !ok {
				return fmt.Errorf("want none, from or to")
			}
			opts.Bound = b
			return nil
		})
		fs.Func("locale", "`L`: the field's declared day/month order for slash and dash dates (cs, en-GB: day first; en, en-US: month first)", func(s string) error {
			o, ok := date.OrderFor(s)
			if !ok {
				return fmt.Errorf("no day/month order is declared for %q", s)
			}
			opts.Order = o
			return nil
		})
		fs.Func("languages", "`a,b`: the languages whose month and weekday names are read (default: the default set)", func(s string) error {
			opts.Languages = splitList(s)
			return nil
		})
		return func(p factory.Property) (reader, error) {
			// New validates the languages: an unknown one is a usage error
			// here, never an ask.
			r, err := date.New(opts)
			if err != nil {
				return reader{}, err
			}
			return bind(p, date.Expected(opts), date.Example(opts), r.Read), nil
		}
	},
}
