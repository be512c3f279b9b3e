package main

import (
	"flag"

	"agentinput.dev/agentinput"
	"agentinput.dev/factory"
	"agentinput.dev/kinds/uuid"
)

// uuidKind reads UUIDs. It has no options; --mode write shows that a
// placeholder id (the nil UUID, a documentation example, "<uuid>") is
// asked about on a tool that writes.
var uuidKind = kind{
	name: "uuid",
	flags: func(fs *flag.FlagSet) func(factory.Property) (reader, error) {
		var opts uuid.Options
		return func(p factory.Property) (reader, error) {
			return bind(p, uuid.Expected(opts), uuid.Example(opts), func(v any) agentinput.Outcome[uuid.UUID] {
				return uuid.Read(v, opts)
			}), nil
		}
	},
}
