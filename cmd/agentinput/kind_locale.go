package main

import (
	"flag"

	"golang.org/x/text/language"

	"agentinput.dev/agentinput"
	"agentinput.dev/factory"
	"agentinput.dev/kinds/locale"
)

var localeKind = kind{
	name: "locale",
	flags: func(fs *flag.FlagSet) func(factory.Property) (reader, error) {
		var opts locale.Options
		return func(p factory.Property) (reader, error) {
			return bind(p, locale.Expected(opts), locale.Example(opts), func(v any) agentinput.Outcome[language.Tag] {
				return locale.Read(v, opts)
			}), nil
		}
	},
}
