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
