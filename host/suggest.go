package host

import (
	"fmt"
	"slices"
	"strings"
)

// suggest derives, from a remote schema outside the profile, a declared
// schema in it that admits only what the remote's admits: objects closed,
// the root $schema and other dialect markers left out, annotations such
// as default dropped (the host sends what it read, never a default),
// anyOf/oneOf of one type and null turned into a type list, local $refs
// inlined, draft-04's boolean exclusive bounds turned into numbers, and
// an optional property whose schema cannot be carried over left out
// (noted). It answers the suggestion and its notes, or why none is
// possible. The caller proves the suggestion a subset with the checker
// before it offers it: a derivation that is wrong is refused there.
func suggest(remote any, formats map[string]bool) (map[string]any, []string, string) {
	s := &suggester{root: remote, formats: formats}
	d, why := s.derive(remote, "", 0, 0)
	if why != "" {
		return nil, nil, why
	}
	if d["type"] != "object" {
		return nil, nil, `the root's type is not the string "object"`
	}
	return d, s.notes, ""
}

type suggester struct {
	root    any
	formats map[string]bool
	notes   []string
	steps   int
}

// suggestAnnotations are carried over as they are; dropped are the
// annotations the profile does not take.
var (
	suggestKept    = map[string]bool{"description": true, "title": true}
	suggestDropped = map[string]bool{"default": true, "$comment": true, "deprecated": true, "readOnly": true,
		"writeOnly": true, "definitions": true, "$defs": true, "examples": true}
)

func (s *suggester) derive(r any, at string, depth, hops int) (map[string]any, string) {
	s.steps++
	if s.steps > maxSubsetSteps || depth > maxSchemaDepth {
		return nil, fmt.Sprintf("%s: the remote schema is too large or deep to derive from", where(at))
	}
	switch v := r.(type) {
	case bool:
		if v {
			return map[string]any{}, ""
		}
		return nil, fmt.Sprintf("%s: the remote schema admits nothing (false)", where(at))
	case map[string]any:
		return s.object(v, at, depth, hops)
	}
	return nil, fmt.Sprintf("%s: the remote schema is not a schema", where(at))
}

func (s *suggester) object(r map[string]any, at string, depth, hops int) (map[string]any, string) {
	if ref, has := r["$ref"]; has {
		for k := range r {
			if k != "$ref" && !suggestKept[k] && !suggestDropped[k] && !strings.HasPrefix(k, "x-") {
				return nil, fmt.Sprintf("%s: a $ref beside %q", where(at), k)
			}
		}
		str, _ := ref.(string)
		if !strings.HasPrefix(str, "#") || hops >= maxRefHops {
			return nil, fmt.Sprintf("%s: the $ref %s is not a local pointer, or leads through too many", where(at), quote(ref))
		}
		target, _, ok := resolvePointer(s.root, str[1:])
		if !ok {
			return nil, fmt.Sprintf("%s: the $ref %s points to nothing", where(at), quote(ref))
		}
		d, why := s.derive(target, at, depth+1, hops+1)
		if why == "" {
			copyKept(d, r)
		}
		return d, why
	}
	for _, k := range []string{"anyOf", "oneOf"} {
		if v, has := r[k]; has {
			return s.union(r, k, v, at, depth, hops)
		}
	}
	d := map[string]any{}
	var exclusive [][2]string // draft-04 bounds made exclusive: the inclusive one goes
	finite := false
	if v, has := r["const"]; has {
		d["const"], finite = v, true
	}
	if v, has := r["enum"]; has {
		d["enum"], finite = v, true
	}
	for _, k := range sortedKeys(r) {
		v := r[k]
		switch {
		case suggestKept[k]:
			d[k] = v
		case suggestDropped[k] || strings.HasPrefix(k, "x-"):
		case (k == "$schema" || k == "$id") && at == "" && depth == 0:
		case k == "enum" || k == "const" || k == "properties" || k == "required" || k == "additionalProperties":
			// taken above or below
		case k == "type", k == "minimum", k == "maximum", k == "minLength", k == "maxLength", k == "minItems", k == "maxItems":
			d[k] = v
		case k == "exclusiveMinimum" || k == "exclusiveMaximum":
			switch v {
			case true:
				bound := "minimum"
				if k == "exclusiveMaximum" {
					bound = "maximum"
				}
				if b, ok := r[bound]; ok {
					exclusive = append(exclusive, [2]string{k, bound})
					d[k] = b // draft-04's form: the bound itself, exclusive
				}
			case false:
			default:
				d[k] = v
			}
		case k == "multipleOf":
			if hasType(r, "integer") && !hasType(r, "number") {
				if one, ok := decimalOf(v); ok && one.String() == "1" {
					continue
				}
			}
			if !finite {
				return nil, fmt.Sprintf("%s: multipleOf", where(at))
			}
		case k == "uniqueItems":
			if v != false {
				return nil, fmt.Sprintf("%s: uniqueItems", where(at))
			}
		case k == "format":
			f, _ := v.(string)
			if s.formats[f] {
				d[k] = v
			} else if !finite {
				return nil, fmt.Sprintf("%s: the format %s", where(at), quote(v))
			}
		case k == "pattern":
			if !finite {
				return nil, fmt.Sprintf("%s: a pattern", where(at))
			}
		case k == "items":
			items, why := s.derive(v, at+"/items", depth+1, 0)
			if why != "" {
				return nil, why
			}
			d[k] = items
		default:
			return nil, fmt.Sprintf("%s: the keyword %q", where(at), k)
		}
	}
	for _, e := range exclusive {
		d[e[0]] = r[e[1]]
		delete(d, e[1])
	}
	if _, has := r["properties"]; has && d["type"] == nil {
		d["type"] = "object" // the remote admits other types too; the suggestion only objects
	}
	if hasType(d, "object") {
		if why := s.properties(r, d, at, depth); why != "" {
			return nil, why
		}
	}
	return d, ""
}

// properties carries the object keywords over, closed: each property
// derived (an optional one that cannot be is left out, noted), required
// kept.
func (s *suggester) properties(r, d map[string]any, at string, depth int) string {
	required := map[string]bool{}
	if list, ok := r["required"].([]any); ok {
		for _, n := range list {
			if name, ok := n.(string); ok {
				required[name] = true
			}
		}
		d["required"] = list
	}
	props, _ := r["properties"].(map[string]any)
	out := map[string]any{}
	for _, name := range sortedKeys(props) {
		pat := at + "/properties/" + escapePointer(name)
		p, why := s.derive(props[name], pat, depth+1, 0)
		if why == "" {
			out[name] = p
			continue
		}
		if required[name] {
			return why
		}
		s.notes = append(s.notes, fmt.Sprintf("%s left out (optional; its schema cannot be carried over: %s)", pat, why))
	}
	for name := range required {
		if _, ok := out[name]; !ok {
			return fmt.Sprintf("%s: the required property %q is not among the properties", where(at), name)
		}
	}
	d["properties"] = out
	d["additionalProperties"] = false
	if r["additionalProperties"] != false {
		// Closing is the tightening that makes the object fit; a person
		// reads what it costs: a property the remote takes beyond those
		// listed (an action's "arguments", say) is refused by the host.
		s.notes = append(s.notes, fmt.Sprintf("%s closed: the remote takes properties beyond the %d listed; add any others the tool is called with", where(at), len(out)))
	}
	return ""
}

// union turns an anyOf or oneOf whose branches each have one distinct
// type, and no other constraint except on one branch, into a type list
// with that branch's constraints (anyOf [T, null] is T or null).
func (s *suggester) union(r map[string]any, k string, v any, at string, depth, hops int) (map[string]any, string) {
	for key := range r {
		if key != k && !suggestKept[key] && !suggestDropped[key] && !strings.HasPrefix(key, "x-") {
			return nil, fmt.Sprintf("%s: %s beside %q", where(at), k, key)
		}
	}
	branches, _ := v.([]any)
	var main map[string]any
	var types []any
	for i, b := range branches {
		d, why := s.derive(b, fmt.Sprintf("%s/%s/%d", at, k, i), depth+1, hops)
		if why != "" {
			return nil, why
		}
		t, one := d["type"].(string)
		if !one || slices.Contains(types, any(t)) {
			return nil, fmt.Sprintf("%s: the branches of its %s are not of one type each", where(at), k)
		}
		types = append(types, t)
		if onlyType(d) {
			continue
		}
		if main != nil {
			return nil, fmt.Sprintf("%s: its %s has more than one branch with constraints beyond a type", where(at), k)
		}
		main = d
	}
	if main == nil {
		main = map[string]any{}
	}
	if len(types) == 1 {
		main["type"] = types[0]
	} else {
		main["type"] = types
	}
	copyKept(main, r)
	return main, ""
}

// onlyType reports whether a derived schema is a type and annotations.
func onlyType(d map[string]any) bool {
	for k := range d {
		if k != "type" && !suggestKept[k] {
			return false
		}
	}
	return true
}

func copyKept(d, r map[string]any) {
	for k := range suggestKept {
		if v, ok := r[k]; ok {
			d[k] = v
		}
	}
}
