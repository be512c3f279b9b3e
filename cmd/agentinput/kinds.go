package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"strings"

	"agentinput.dev/agentinput"
	"agentinput.dev/factory"
)

// kind is one entry of the kind table: a kind that `read` reads. A kind
// plugs in with one file (kind_<name>.go) that declares its entry, and one
// line in kinds.
type kind struct {
	name string
	// flags registers the kind's options on fs. The function it returns
	// runs after the flags are parsed: it builds the property's reader
	// from the options and from p (mode and requiredness, which the
	// command owns). Its error is a usage error: a bad --min, an unknown
	// locale.
	flags func(fs *flag.FlagSet) func(p factory.Property) (reader, error)
}

// kinds is the kind table, in the order usage lists it.
var kinds = []kind{
	numberKind,
	booleanKind,
	dateKind,
	eliKind,
	localeKind,
	countryKind,
	vocabularyKind,
	filterKind,
	cursorKind,
	uuidKind,
	enumKind,
	stringlistKind,
}

// plannedKinds are the kinds the command will read and does not yet: naming
// one is a usage error that says so, not "unknown kind".
var plannedKinds = []string{}

// reader reads one property's values.
type reader struct {
	// read reads one decoded JSON value as the property would be read:
	// the factory's absence rule, then the kind.
	read func(v any) outcome
	// expected says what the property accepts, for the asks the command
	// makes itself (a line that is not JSON, a line over the budget).
	expected string
	// declared are the kind's own declared values (an enum's), which a
	// list of it reads as items even when one is a placeholder spelling.
	declared []string
}

// outcome is an agentinput.Outcome of any value type.
type outcome interface {
	AppendJSON(b []byte) ([]byte, error)
}

// bind makes the reader of a property whose kind reads with read: every
// value goes through factory.Read, the one place the absence rule lives.
func bind[T any](p factory.Property, expected string, example json.RawMessage, read func(any) agentinput.Outcome[T]) reader {
	p.Expected, p.Example = expected, example
	return reader{
		read:     func(v any) outcome { return factory.Read(v, true, p, read) },
		expected: expected,
		declared: p.Declared,
	}
}

func lookupKind(name string) (kind, bool) {
	for _, k := range kinds {
		if k.name == name {
			return k, true
		}
	}
	return kind{}, false
}

// commonFlags registers the flags of every kind: --mode and --required.
func commonFlags(fs *flag.FlagSet, p *factory.Property) {
	fs.Func("mode", "`read|write`: read (the default) reads a placeholder as absence; write asks for a real value", func(s string) error {
		switch s {
		case "read":
			p.Mode = factory.ModeRead
		case "write":
			p.Mode = factory.ModeWrite
		default:
			return fmt.Errorf("want read or write")
		}
		return nil
	})
	fs.BoolVar(&p.Required, "required", false, "absence (missing, null, a placeholder) is an ask missing_required")
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
	add := func(fs *flag.FlagSet, owner string) {
		fs.VisitAll(func(f *flag.Flag) {
			b := isBoolFlag(f)
			if prev, ok := out[f.Name]; ok && prev != b {
				panic(fmt.Sprintf("agentinput: flag --%s of %s is boolean for one kind and takes a value for another", f.Name, owner))
			}
			out[f.Name] = b
		})
	}
	fs := newFlagSet("read")
	commonFlags(fs, new(factory.Property))
	add(fs, "read")
	for _, k := range kinds {
		fs := newFlagSet(k.name)
		k.flags(fs)
		add(fs, k.name)
	}
	return out
}

func isBoolFlag(f *flag.Flag) bool {
	b, ok := f.Value.(interface{ IsBoolFlag() bool })
	return ok && b.IsBoolFlag()
}

// splitList splits a comma-separated flag value, dropping empty items.
func splitList(s string) []string {
	var out []string
	for _, item := range strings.Split(s, ",") {
		if item = strings.TrimSpace(item); item != "" {
			out = append(out, item)
		}
	}
	return out
}
