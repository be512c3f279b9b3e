package main

import (
	"flag"
	"fmt"

	"agentinput.dev/agentinput"
	"agentinput.dev/factory"
	"agentinput.dev/kinds/number"
)

var numberKind = kind{
	name: "number",
	flags: func(fs *flag.FlagSet) func(factory.Property) (reader, error) {
		var opts number.Options
		fs.BoolVar(&opts.Integer, "integer", false, "accept whole numbers only")
		bound := func(name string, dst **number.Decimal) {
			fs.Func(name, "`N`: the "+name+"imum accepted value, a JSON number", func(s string) error {
				d, err := number.Parse(s)
				if err != nil {
					return fmt.Errorf("want a JSON number such as 10")
				}
				*dst = &d
				return nil
			})
		}
		bound("min", &opts.Min)
		bound("max", &opts.Max)
		fs.BoolVar(&opts.Clamp, "clamp", false, "replace a value outside --min/--max by the nearest bound, with a note, instead of asking")
		fs.Func("locale", "`L`: the field's declared number convention (cs: decimal comma, en: decimal dot, …)", func(s string) error {
			c, ok := number.ConventionFor(s)
			if !ok {
				return fmt.Errorf("no number convention is declared for %q", s)
			}
			opts.Convention = c
			return nil
		})
		return func(p factory.Property) (reader, error) {
			o := opts
			return bind(p, number.Expected(o), number.Example(o), func(v any) agentinput.Outcome[number.Decimal] {
				return number.Read(v, o)
			}), nil
		}
	},
}
