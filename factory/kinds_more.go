package factory

import (
	"fmt"
	"reflect"

	"agentinput.dev/agentinput"
	"agentinput.dev/kinds/eli"
)

func init() {
	binders["eli"] = binder{name: "eli", bind: bindELI}
	kindOptions["eli"] = map[string]bool{}
}

// stringOr binds a kind whose canonical value is a string spelling to a
// field of the kind's own type T or of type string.
func stringOr[T any](t reflect.Type, kind string, format func(T) string) (func(dst reflect.Value, v T), error) {
	switch {
	case t == reflect.TypeFor[T]():
		return func(dst reflect.Value, v T) { dst.Set(reflect.ValueOf(v)) }, nil
	case t.Kind() == reflect.String:
		return func(dst reflect.Value, v T) { dst.SetString(format(v)) }, nil
	}
	return nil, fmt.Errorf("kind %s cannot fill a field of type %s (use %s or string)", kind, t, reflect.TypeFor[T]())
}

func bindELI(t reflect.Type, o tagOptions) (binding, error) {
	assign, err := stringOr(t, "eli", eli.Format)
	if err != nil {
		return binding{}, err
	}
	var opts eli.Options
	return binding{
		read: func(raw any) agentinput.Outcome[slot] {
			return outcome(eli.Read(raw, opts), func(e eli.ELI) any { return e.String() }, assign)
		},
		schema:   map[string]any{"type": "string", "format": "uri"},
		expected: eli.Expected(opts),
		example:  eli.Example(opts),
	}, nil
}
