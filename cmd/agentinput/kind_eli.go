package main

import (
	"flag"

	"agentinput.dev/agentinput"
	"agentinput.dev/factory"
	"agentinput.dev/kinds/eli"
)

// eliKind reads European Legislation Identifiers. It has no options of
// its own.
var eliKind = kind{
	name: "eli",
	flags: func(fs *flag.FlagSet) func(factory.Property) (reader, error) {
		var opts eli.Options
		return func(p factory.Property) (reader, error) {
			return bind(p, eli.Expected(opts), eli.Example(opts), func(v any) agentinput.Outcome[eli.ELI] {
				return eli.Read(v, opts)
			}), nil
		}
	},
}
