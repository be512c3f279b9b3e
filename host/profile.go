package host

import (
	"encoding/json"
	"fmt"
	"sort"
)

// Dialect is the only $schema a selected schema may name, at its root.
const Dialect = "https://json-schema.org/draft/2020-12/schema"

// maxSchemaDepth bounds how deeply a schema's subschemas nest.
const maxSchemaDepth = 32

// keywords are the schema profile's keywords (spec/host.md): anything
// else, $ref, default and vendor metadata (x-…) included, is
// mcp_schema_unsupported.
var keywords = map[string]bool{
	"type": true, "properties": true, "required": true, "enum": true, "const": true,
	"minimum": true, "maximum": true, "exclusiveMinimum": true, "exclusiveMaximum": true,
	"minLength": true, "maxLength": true, "minItems": true, "maxItems": true,
	"items": true, "additionalProperties": true, "description": true, "title": true,
	// Beyond spec/host.md's list (docs/decisions.md): examples is an
	// annotation like description, and format only as one the host
	// verifies: in an input schema one an agentinput kind reads, in an
	// output schema one the validator asserts.
	"examples": true, "format": true,
}

// inputFormats are the formats an input schema may name: those a kind
// reads. outputFormats add date-time, which output validation asserts.
var (
	inputFormats  = map[string]bool{"date": true, "uuid": true}
	outputFormats = map[string]bool{"date": true, "uuid": true, "date-time": true}
)

var jsonTypes = map[string]bool{"object": true, "array": true, "string": true, "number": true, "integer": true, "boolean": true, "null": true}

// checkProfile says why a decoded schema does not fit the profile, or ""
// when it does. The root is an object schema; every object schema is
// closed (additionalProperties false); $schema is allowed at the root
// only, as exactly Dialect. Nothing is stripped: the schema is taken as it
// is, or not at all.
func checkProfile(doc any, formats map[string]bool) string {
	root, ok := doc.(map[string]any)
	if !ok {
		return "the schema is not a JSON object"
	}
	if root["type"] != "object" {
		// The one string, not a list holding it: MCP's schema says so,
		// and go-sdk's AddTool panics on anything else, so a proxy
		// serving the tool would stop.
		return `the root's type is not the string "object"`
	}
	if d, ok := root["$schema"]; ok {
		if d != Dialect {
			return fmt.Sprintf("$schema is %s; only %s is supported", quote(d), Dialect)
		}
	}
	return checkSchema(root, "", 0, true, formats)
}

func checkSchema(s map[string]any, at string, depth int, root bool, formats map[string]bool) string {
	where := at
	if where == "" {
		where = "the root"
	}
	if depth > maxSchemaDepth {
		return fmt.Sprintf("%s nests deeper than %d schemas", where, maxSchemaDepth)
	}
	for _, k := range sortedKeys(s) {
		v := s[k]
		switch {
		case k == "$schema" && root:
			continue
		case k == "$schema":
			return fmt.Sprintf("%s has a nested $schema", where)
		case !keywords[k]:
			return fmt.Sprintf("%s has the keyword %s, which the profile does not take", where, quote(k))
		}
		switch k {
		case "type":
			if typeCount(s) == 0 {
				return fmt.Sprintf("%s has a type that is not one JSON type or a list of them", where)
			}
		case "properties":
			props, ok := v.(map[string]any)
			if !ok {
				return fmt.Sprintf("%s has properties that are not an object", where)
			}
			for _, name := range sortedKeys(props) {
				p, ok := props[name].(map[string]any)
				if !ok {
					return fmt.Sprintf("%s/properties/%s is not a schema object", at, name)
				}
				if why := checkSchema(p, at+"/properties/"+name, depth+1, false, formats); why != "" {
					return why
				}
			}
		case "items":
			items, ok := v.(map[string]any)
			if !ok {
				return fmt.Sprintf("%s has items that are not one schema object", where)
			}
			if why := checkSchema(items, at+"/items", depth+1, false, formats); why != "" {
				return why
			}
		case "required":
			list, ok := v.([]any)
			if !ok {
				return fmt.Sprintf("%s has required that is not a list", where)
			}
			for _, r := range list {
				if _, ok := r.(string); !ok {
					return fmt.Sprintf("%s has required that holds a non-string", where)
				}
			}
		case "enum", "examples":
			if _, ok := v.([]any); !ok {
				return fmt.Sprintf("%s has %s that is not a list", where, k)
			}
		case "format":
			if f, ok := v.(string); !ok || !formats[f] {
				return fmt.Sprintf("%s has the format %s; the profile takes date and uuid (which agentinput's kinds read), and date-time in an output schema (which is asserted)", where, quote(v))
			}
		case "minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum":
			if _, ok := v.(json.Number); !ok {
				return fmt.Sprintf("%s has %s that is not a number", where, k)
			}
		case "minLength", "maxLength", "minItems", "maxItems":
			if n, ok := v.(json.Number); !ok || !digits(n.String()) {
				return fmt.Sprintf("%s has %s that is not a whole number of 0 or more, written in digits", where, k)
			}
		case "additionalProperties":
			if v != false {
				return fmt.Sprintf("%s has additionalProperties other than false", where)
			}
		case "description", "title":
			if _, ok := v.(string); !ok {
				return fmt.Sprintf("%s has a %s that is not a string", where, k)
			}
		}
	}
	if hasType(s, "object") && s["additionalProperties"] != false {
		return fmt.Sprintf("%s is an object open to extra properties: the profile takes additionalProperties false", where)
	}
	return ""
}

// typeCount counts the JSON types a schema's type names, or 0 when it is
// not one type or a list of distinct types.
func typeCount(s map[string]any) int {
	switch t := s["type"].(type) {
	case string:
		if jsonTypes[t] {
			return 1
		}
	case []any:
		seen := map[string]bool{}
		for _, e := range t {
			name, ok := e.(string)
			if !ok || !jsonTypes[name] || seen[name] {
				return 0
			}
			seen[name] = true
		}
		return len(seen)
	}
	return 0
}

func hasType(s map[string]any, want string) bool {
	switch t := s["type"].(type) {
	case string:
		return t == want
	case []any:
		for _, e := range t {
			if e == want {
				return true
			}
		}
	}
	return false
}

func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

// quote renders a value a server sent, bounded, for a discovery error.
func quote(v any) string {
	b, err := json.Marshal(v)
	if err != nil {
		return "(a value)"
	}
	if len(b) > 80 {
		return string(b[:80]) + "…"
	}
	return string(b)
}

// digits reports whether a schema's bound is written as a whole number of
// at most 18 digits (0, 12; not 1e2, 5.0 or -1): the profile takes the
// plain form only, and nothing here reads its value.
func digits(s string) bool {
	if s == "" || len(s) > 18 || (len(s) > 1 && s[0] == '0') {
		return false
	}
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}
