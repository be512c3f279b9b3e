package host

import (
	"encoding/json"
	"fmt"
	"slices"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"
	"pgregory.net/rapid"
)

// The soundness property: whenever the checker says a declared schema is
// a subset of a remote one, every value drawn from the declared schema
// (and valid against it) is valid against the remote schema, as the
// validator reads it with formats asserted. Remote schemas are drawn
// from the constructs real servers use and the checker handles; declared
// schemas are suggest's derivation of them, often mutated (a bound moved,
// a requirement dropped, a type widened, a property added), or drawn on
// their own.
func TestSubsetSound(t *testing.T) {
	proved := 0
	rapid.Check(t, func(t *rapid.T) {
		remote := drawRemote(t)
		var declared map[string]any
		if d, _, why := suggest(remote, inputFormats); why == "" && rapid.Bool().Draw(t, "suggested") {
			declared = d
			for range rapid.IntRange(0, 2).Draw(t, "mutations") {
				mutate(t, declared)
			}
		} else {
			declared = drawDeclared(t, 0)
			declared["type"], declared["additionalProperties"] = "object", false
			if _, ok := declared["properties"]; !ok {
				declared["properties"] = map[string]any{}
			}
		}
		declared = roundTrip(t, declared).(map[string]any)
		if checkProfile(declared, inputFormats) != "" {
			return
		}
		if why := subsetOf(declared, remote); why != "" {
			return
		}
		remoteV, err := compileForTest(remote)
		if err != nil {
			return // the validator cannot read it either: nothing to hold the checker to
		}
		declaredV, err := compileForTest(declared)
		if err != nil {
			t.Fatalf("a declared schema in the profile does not compile: %v", err)
		}
		proved++
		for i := range 20 {
			v := roundTrip(t, sample(t, declared, fmt.Sprint(i)))
			if declaredV.Validate(v) != nil {
				continue // the sampler drew outside the declared schema
			}
			if err := remoteV.Validate(v); err != nil {
				d, _ := json.Marshal(declared)
				r, _ := json.Marshal(remote)
				b, _ := json.Marshal(v)
				t.Fatalf("unsound: the checker proved\n  %s\n⊆ %s\nbut the remote refuses %s: %v", d, r, b, err)
			}
		}
	})
	t.Logf("%d proved subsets sampled", proved)
	if proved < 5 {
		t.Errorf("only %d proved subsets were sampled: the property holds nothing to account", proved)
	}
}

func roundTrip(t *rapid.T, v any) any {
	raw, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	out, err := decodeAny(raw)
	if err != nil {
		t.Fatal(err)
	}
	return out
}

func compileForTest(doc any) (*jsonschema.Schema, error) {
	return compileSchema("mem://test.json", doc)
}

var (
	numberPool  = []string{"-2", "-1", "0", "0.5", "1", "2", "3", "5", "10", "2.5"}
	stringPool  = []string{"", "a", "ab", "b1", "abc", "https://example.com/x", "2026-01-02", "not a uri", "0a7e4a0e-4c61-4f7e-9d3b-2a6f1c8b9e10"}
	typePool    = []string{"string", "number", "integer", "boolean", "null", "object", "array"}
	namePool    = []string{"a", "b", "c"}
	formatPool  = []string{"date", "uri", "uuid"}
	patternPool = []string{"^a", "1$", "^[a-z]+$"}
)

func num(t *rapid.T, label string) json.Number {
	return json.Number(rapid.SampledFrom(numberPool).Draw(t, label))
}

func poolValue(t *rapid.T, label string) any {
	switch rapid.IntRange(0, 4).Draw(t, label+" kind") {
	case 0:
		return num(t, label)
	case 1:
		return rapid.SampledFrom(stringPool).Draw(t, label)
	case 2:
		return rapid.Bool().Draw(t, label)
	case 3:
		return nil
	}
	return []any{rapid.SampledFrom(stringPool).Draw(t, label)}
}

// drawRemote draws a remote root: an object schema, sometimes draft-07,
// sometimes with $defs its properties refer to.
func drawRemote(t *rapid.T) any {
	root := map[string]any{"type": "object"}
	if rapid.Bool().Draw(t, "draft-07") {
		root["$schema"] = "http://json-schema.org/draft-07/schema#"
	}
	if rapid.Bool().Draw(t, "defs") {
		root["$defs"] = map[string]any{"s": drawSchema(t, 2, false)}
	}
	props := map[string]any{}
	for _, n := range namePool {
		if rapid.Bool().Draw(t, "has "+n) {
			props[n] = drawSchema(t, 1, root["$defs"] != nil)
		}
	}
	root["properties"] = props
	var req []any
	for n := range props {
		if rapid.Bool().Draw(t, "requires "+n) {
			req = append(req, n)
		}
	}
	slices.SortFunc(req, func(a, b any) int { return cmpString(a.(string), b.(string)) })
	if len(req) > 0 {
		root["required"] = req
	}
	switch rapid.IntRange(0, 3).Draw(t, "root additionalProperties") {
	case 1:
		root["additionalProperties"] = false
	case 2:
		root["additionalProperties"] = drawSchema(t, 2, false)
	}
	return roundTrip(t, root)
}

// drawSchema draws a remote subschema of the constructs the checker
// handles (and a few it refuses).
func drawSchema(t *rapid.T, depth int, refs bool) map[string]any {
	s := map[string]any{}
	kind := rapid.IntRange(0, 9).Draw(t, "kind")
	if depth > 3 {
		kind = rapid.IntRange(0, 3).Draw(t, "leaf kind")
	}
	switch kind {
	case 0: // a number
		s["type"] = rapid.SampledFrom([]string{"number", "integer"}).Draw(t, "numeric type")
		for _, k := range []string{"minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum"} {
			if rapid.IntRange(0, 3).Draw(t, "has "+k) == 0 {
				s[k] = num(t, k)
			}
		}
		if rapid.IntRange(0, 5).Draw(t, "draft-04 exclusive") == 0 {
			s["minimum"], s["exclusiveMinimum"] = num(t, "min"), true
		}
		if rapid.IntRange(0, 5).Draw(t, "multipleOf") == 0 {
			s["multipleOf"] = json.Number(rapid.SampledFrom([]string{"1", "2", "0.5"}).Draw(t, "multipleOf value"))
		}
	case 1: // a string
		s["type"] = "string"
		for _, k := range []string{"minLength", "maxLength"} {
			if rapid.IntRange(0, 2).Draw(t, "has "+k) == 0 {
				s[k] = json.Number(fmt.Sprint(rapid.IntRange(0, 4).Draw(t, k)))
			}
		}
		if rapid.IntRange(0, 3).Draw(t, "format") == 0 {
			s["format"] = rapid.SampledFrom(formatPool).Draw(t, "format value")
		}
		if rapid.IntRange(0, 4).Draw(t, "pattern") == 0 {
			s["pattern"] = rapid.SampledFrom(patternPool).Draw(t, "pattern value")
		}
	case 2: // an enum or const
		if rapid.Bool().Draw(t, "const") {
			s["const"] = poolValue(t, "const value")
		} else {
			n := rapid.IntRange(1, 3).Draw(t, "enum size")
			var e []any
			for i := range n {
				e = append(e, poolValue(t, fmt.Sprint("enum ", i)))
			}
			s["enum"] = e
		}
	case 3: // a type or types, with annotations
		if rapid.Bool().Draw(t, "type list") {
			s["type"] = []any{rapid.SampledFrom(typePool[:5]).Draw(t, "t1"), "null"}
		} else {
			s["type"] = rapid.SampledFrom(typePool).Draw(t, "type")
		}
		s["description"], s["default"] = "d", poolValue(t, "default")
	case 4: // an array
		s["type"] = "array"
		if rapid.IntRange(0, 3).Draw(t, "items") > 0 {
			s["items"] = drawSchema(t, depth+1, refs)
		}
		for _, k := range []string{"minItems", "maxItems"} {
			if rapid.IntRange(0, 2).Draw(t, "has "+k) == 0 {
				s[k] = json.Number(fmt.Sprint(rapid.IntRange(0, 3).Draw(t, k)))
			}
		}
		if rapid.IntRange(0, 4).Draw(t, "uniqueItems") == 0 {
			s["uniqueItems"] = true
		}
	case 5: // an object
		s["type"] = "object"
		props := map[string]any{}
		for _, n := range namePool[:2] {
			if rapid.Bool().Draw(t, "has "+n) {
				props[n] = drawSchema(t, depth+1, refs)
			}
		}
		s["properties"] = props
		if rapid.Bool().Draw(t, "closed") {
			s["additionalProperties"] = false
		}
		if _, ok := props["a"]; ok && rapid.Bool().Draw(t, "requires a") {
			s["required"] = []any{"a"}
		}
	case 6, 7: // anyOf, allOf, oneOf
		k := rapid.SampledFrom([]string{"anyOf", "allOf", "oneOf"}).Draw(t, "union")
		if kind == 7 {
			k = "anyOf"
			s[k] = []any{drawSchema(t, depth+1, refs), map[string]any{"type": "null"}}
			break
		}
		s[k] = []any{drawSchema(t, depth+1, refs), drawSchema(t, depth+1, refs)}
	case 8: // a $ref, with or without siblings
		if !refs {
			s["type"] = "boolean"
			break
		}
		s["$ref"] = "#/$defs/s"
		if rapid.Bool().Draw(t, "ref sibling") {
			s["description"] = "r"
		}
	case 9: // nothing, or not
		if rapid.Bool().Draw(t, "not") {
			s["not"] = map[string]any{"type": "string"}
		}
	}
	return s
}

// drawDeclared draws a profile schema on its own.
func drawDeclared(t *rapid.T, depth int) map[string]any {
	s := drawSchema(t, depth+2, false)
	// Keep only the profile's keywords; close objects.
	for k := range s {
		if !keywords[k] {
			delete(s, k)
		}
	}
	if f, ok := s["format"]; ok && !inputFormats[f.(string)] {
		delete(s, "format")
	}
	if _, ok := s["items"]; ok {
		s["items"] = drawDeclared(t, depth+1)
	}
	if props, ok := s["properties"].(map[string]any); ok {
		for n := range props {
			props[n] = drawDeclared(t, depth+1)
		}
	}
	if hasType(s, "object") {
		s["additionalProperties"] = false
	}
	return s
}

// mutate changes a declared schema somewhere: moves a bound, drops a
// requirement, widens a type, adds a property or removes a constraint.
func mutate(t *rapid.T, d map[string]any) {
	target := d
	if props, ok := d["properties"].(map[string]any); ok && len(props) > 0 && rapid.Bool().Draw(t, "into a property") {
		names := sortedKeys(props)
		target = props[rapid.SampledFrom(names).Draw(t, "property")].(map[string]any)
	}
	switch rapid.IntRange(0, 5).Draw(t, "mutation") {
	case 0:
		target[rapid.SampledFrom([]string{"minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum"}).Draw(t, "bound")] = num(t, "bound value")
	case 1:
		delete(target, "required")
	case 2:
		if _, isString := target["type"].(string); isString {
			target["type"] = []any{target["type"], rapid.SampledFrom(typePool[:5]).Draw(t, "widen")}
		}
	case 3:
		if props, ok := target["properties"].(map[string]any); ok {
			props[rapid.SampledFrom(namePool).Draw(t, "new property")] = map[string]any{"type": rapid.SampledFrom(typePool[:5]).Draw(t, "new type")}
		}
	case 4:
		for _, k := range []string{"maxLength", "minLength", "maxItems", "minItems", "enum", "const", "format", "items"} {
			if _, ok := target[k]; ok && rapid.Bool().Draw(t, "drop "+k) {
				delete(target, k)
			}
		}
	case 5:
		target["enum"] = []any{poolValue(t, "e1"), poolValue(t, "e2")}
	}
}

// sample draws a value meant to fit the declared schema (the caller
// checks that it does).
func sample(t *rapid.T, d map[string]any, label string) any {
	if c, ok := d["const"]; ok {
		return c
	}
	if e, ok := d["enum"].([]any); ok && len(e) > 0 {
		return e[rapid.IntRange(0, len(e)-1).Draw(t, label+" enum")]
	}
	types := sortedKeys(declaredTypes(d))
	switch rapid.SampledFrom(types).Draw(t, label+" type") {
	case "string":
		switch d["format"] {
		case "date":
			return rapid.SampledFrom([]string{"2026-01-02", "1999-12-31"}).Draw(t, label)
		case "uuid":
			return "0a7e4a0e-4c61-4f7e-9d3b-2a6f1c8b9e10"
		}
		if rapid.Bool().Draw(t, label+" pool") {
			return rapid.SampledFrom(stringPool).Draw(t, label)
		}
		return rapid.StringOfN(rapid.RuneFrom([]rune("ab1-:/ é")), 0, 6, -1).Draw(t, label)
	case "number":
		var pool []string
		pool = append(pool, numberPool...)
		for _, k := range []string{"minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum"} {
			if n, ok := d[k].(json.Number); ok {
				pool = append(pool, n.String())
			}
		}
		return json.Number(rapid.SampledFrom(pool).Draw(t, label))
	case "integer":
		return json.Number(fmt.Sprint(rapid.IntRange(-3, 12).Draw(t, label)))
	case "boolean":
		return rapid.Bool().Draw(t, label)
	case "null":
		return nil
	case "array":
		items, _ := d["items"].(map[string]any)
		n := rapid.IntRange(0, 3).Draw(t, label+" length")
		out := []any{}
		for i := range n {
			if items == nil {
				out = append(out, poolValue(t, fmt.Sprint(label, " item ", i)))
			} else {
				out = append(out, sample(t, items, fmt.Sprint(label, " item ", i)))
			}
		}
		return out
	}
	out := map[string]any{}
	props, _ := d["properties"].(map[string]any)
	required, _ := d["required"].([]any)
	for _, n := range sortedKeys(props) {
		if slices.Contains(required, any(n)) || rapid.IntRange(0, 3).Draw(t, label+" has "+n) > 0 {
			out[n] = sample(t, props[n].(map[string]any), label+"/"+n)
		}
	}
	if d["additionalProperties"] != false && rapid.Bool().Draw(t, label+" extra") {
		out["z"] = poolValue(t, label+" extra value")
	}
	return out
}
