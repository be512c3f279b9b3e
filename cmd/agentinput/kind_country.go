package main

import (
	"flag"

	"agentinput.dev/factory"
	"agentinput.dev/kinds/country"
)

var countryKind = kind{
	name: "country",
	flags: func(fs *flag.FlagSet) func(factory.Property) (reader, error) {
		var opts country.Options
		alpha3 := fs.Bool("alpha3", false, "answer with the ISO 3166-1 alpha-3 code (CZE) instead of alpha-2 (CZ)")
		fs.Func("admit", "`CZ,SK,...`: the admitted countries, by alpha-2 code; any other country is an ask", func(s string) error {
			opts.Admit = splitList(s)
			return nil
		})
		return func(p factory.Property) (reader, error) {
			o := opts
			if *alpha3 {
				o.Output = country.Alpha3
			}
			// New validates the admitted codes: an unknown one is a usage
			// error here, never an ask.
			r, err := country.New(o)
			if err != nil {
				return reader{}, err
			}
			return bind(p, r.Expected(), country.Example(o), r.Read), nil
		}
	},
}
