package main

import (
	"errors"
	"flag"
	"fmt"
	"strings"

	"agentinput.dev/factory"
	"agentinput.dev/kinds/enum"
)

// enumKind reads one of the values --values declares; --synonym
// alias=value (repeated) declares synonyms. A declaration mistake (two
// values that fold alike, a synonym of an unknown value) is a usage error.
var enumKind = kind{
	name: "enum",
	flags: func(fs *flag.FlagSet) func(factory.Property) (reader, error) {
		values := fs.String("values", "", "`a,b,c`: the declared values (required)")
		synonyms := map[string]string{}
		fs.Func("synonym", "`alias=value`: a synonym of a declared value (repeat the flag for more)", func(s string) error {
			alias, value, ok := strings.Cut(s, "=")
			if !ok || strings.TrimSpace(alias) == "" || strings.TrimSpace(value) == "" {
				return errors.New("want alias=value")
			}
			synonyms[strings.TrimSpace(alias)] = strings.TrimSpace(value)
			return nil
		})
		return func(p factory.Property) (reader, error) {
			if *values == "" {
				return reader{}, errors.New("kind enum needs --values a,b,c")
			}
			e, err := newEnum(*values, synonyms)
			if err != nil {
				return reader{}, err
			}
			p.Declared = e.Values()
			return bind(p, e.Expected(), e.Example(), e.Read), nil
		}
	},
}

func newEnum(values string, synonyms map[string]string) (*enum.Enum, error) {
	spec := enum.Spec{Values: splitList(values)}
	if len(synonyms) > 0 {
		spec.Synonyms = synonyms
	}
	e, err := enum.New(spec)
	if err != nil {
		return nil, fmt.Errorf("--values: %v", err)
	}
	return e, nil
}
