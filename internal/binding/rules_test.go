package binding

import (
	"reflect"
	"strings"
	"testing"

	"pgregory.net/rapid"

	"agentinput.dev/kinds/cursor"
)

// TestNameRulesBind: whatever tool a name appears in, and whatever else
// the tool declares, a name rule binds its kind (no tool carries its own
// reading of limit or date_from).
func TestNameRulesBind(t *testing.T) {
	codec, err := cursor.New(cursor.Options{Keys: [][]byte{[]byte("0123456789abcdef0123456789abcdef")}})
	if err != nil {
		t.Fatal(err)
	}
	spec := &Env{Cursors: codec}
	goTypes := map[string]reflect.Type{"number": reflect.TypeFor[int](), "cursor": reflect.TypeFor[cursor.Position]()}
	var names []string
	for _, r := range nameRules {
		names = append(names, r.names...)
		names = append(names, "court"+r.suffix, "price"+r.suffix)
	}
	rapid.Check(t, func(t *rapid.T) {
		picked := rapid.SliceOfNDistinct(rapid.SampledFrom(names), 1, 4, rapid.ID[string]).Draw(t, "names")
		var fields []reflect.StructField
		want := map[string]string{}
		for i, name := range picked {
			r, ok := ruleFor(name)
			if !ok {
				continue // "court", "price": the suffix is empty
			}
			kind, _, _ := strings.Cut(r.tag, ",")
			typ := goTypes[kind]
			if typ == nil {
				typ = reflect.TypeFor[string]()
			}
			want[name] = kind
			fields = append(fields, reflect.StructField{
				Name: "F" + string(rune('A'+i)), Type: typ,
				Tag: reflect.StructTag(`json:"` + name + `" desc:"A property."`),
			})
		}
		if len(fields) == 0 {
			t.Skip("no rule name drawn")
		}
		props, err := BindStruct(reflect.StructOf(fields), spec)
		if err != nil {
			t.Fatalf("%v: %v", picked, err)
		}
		for _, p := range props {
			if p.Kind != want[p.Name] {
				t.Fatalf("%s bound %s, want %s", p.Name, p.Kind, want[p.Name])
			}
		}
	})
}

// TestNameYieldsToGoType: a name rule binds its kind only where the
// field's Go type can take it; elsewhere the Go type decides (a country
// int is a number, a cursor string the server's own text). A tag that
// names the kind keeps the declaration error, and a rule's kind that
// fails for another reason (a cursor without Spec.Cursors) too.
func TestNameYieldsToGoType(t *testing.T) {
	for _, c := range []struct {
		name string
		t    reflect.Type
		tag  string
		kind string // "" for a declaration error containing err
		err  string
	}{
		{"country", reflect.TypeFor[int](), "", "number", ""},
		{"since", reflect.TypeFor[int64](), "", "number", ""},
		{"locale", reflect.TypeFor[bool](), "", "boolean", ""},
		{"limit", reflect.TypeFor[string](), "", "text", ""},
		{"cursor", reflect.TypeFor[string](), "", "text", ""},
		{"language", reflect.TypeFor[[]string](), "", "stringlist", ""},
		{"since", reflect.TypeFor[*bool](), "required", "boolean", ""},
		// The rule still binds where the type takes it.
		{"country", reflect.TypeFor[string](), "", "country", ""},
		{"limit", reflect.TypeFor[int](), "", "number", ""},
		// A tag's kind is the author's: its mismatch is an error.
		{"country", reflect.TypeFor[int](), "country", "", "kind country cannot fill a field of type int (use string)"},
		// An option meant for the rule's kind does not apply to the type's.
		{"limit", reflect.TypeFor[string](), "max=5", "", `option "max" does not apply to kind text`},
		{"cursor", reflect.TypeFor[cursor.Position](), "", "", "needs Spec.Cursors"},
	} {
		p, err := bindField(c.name, c.t, c.tag, &Env{})
		switch {
		case c.kind != "" && (err != nil || p.Kind != c.kind):
			t.Errorf("%s %v %q: %v, want kind %s", c.name, c.t, c.tag, err, c.kind)
		case c.kind == "" && (err == nil || !strings.Contains(err.Error(), c.err)):
			t.Errorf("%s %v %q: %v, want an error saying %q", c.name, c.t, c.tag, err, c.err)
		}
	}
}
