package factory

import (
	"encoding"
	"encoding/json"
	"reflect"
	"strings"
	"time"

	"agentinput.dev/factory/protocol"
	"agentinput.dev/internal/binding"
	"agentinput.dev/promcp"
)

// The output schema: what a tool's structuredContent is, written from the
// handler's result type the way encoding/json encodes it, and advertised
// as the tool's outputSchema. A proMCP contract (promcp.Read, promcp.Do,
// promcp.CapabilityReport) brings its own schema, with the value's schema
// written here. MCP wants an object: a result type that does not encode as
// an object advertises none, and so does a handler that answers content
// blocks (Content), whose structured content is whatever it sets.

// outputSchema is the output schema of results of type out, or nil when
// they are not JSON objects. bestEffort adds the optional issues[] a
// best-effort call's result carries beside its own members.
func outputSchema(out reflect.Type, bestEffort bool) map[string]any {
	if out == contentType || out == reflect.PointerTo(contentType) {
		return nil // content blocks: the structured content is whatever the handler sets, if anything
	}
	var s map[string]any
	if shaped, ok := reflect.Zero(out).Interface().(promcp.Shaped); ok && out.Kind() != reflect.Interface {
		s = shaped.ContractSchema(func(t reflect.Type) map[string]any { return valueSchema(t, map[reflect.Type]bool{}) })
	} else {
		s = valueSchema(out, map[reflect.Type]bool{})
	}
	if s["type"] != "object" {
		return nil
	}
	if bestEffort {
		props := s["properties"].(map[string]any)
		if _, taken := props["issues"]; taken {
			return nil // the result is wrapped as {"result", "issues"}, which no schema of the result describes
		}
		props["issues"] = map[string]any{"type": "array", "description": "The entries of best-effort lists that were not applied, each at its path with what to send for it.",
			"items": map[string]any{"type": "object", "required": []any{"path", "code", "message"}}}
	}
	return s
}

var (
	contentType   = reflect.TypeFor[protocol.Content]()
	timeType      = reflect.TypeFor[time.Time]()
	rawType       = reflect.TypeFor[json.RawMessage]()
	marshalerType = reflect.TypeFor[json.Marshaler]()
	textType      = reflect.TypeFor[encoding.TextMarshaler]()
)

// valueSchema is the schema of what encoding/json makes of a value of type
// t. A type that encodes itself (json.Marshaler) or refers back to itself
// is any JSON value: its shape is not in its Go type.
func valueSchema(t reflect.Type, visiting map[reflect.Type]bool) map[string]any {
	switch {
	case t == timeType:
		return map[string]any{"type": "string", "format": "date-time"}
	case t == rawType || t.Kind() == reflect.Interface:
		return map[string]any{}
	case implements(t, marshalerType):
		return map[string]any{}
	case implements(t, textType):
		return map[string]any{"type": "string"}
	}
	switch t.Kind() {
	case reflect.Bool:
		return map[string]any{"type": "boolean"}
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		return map[string]any{"type": "integer"}
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		return map[string]any{"type": "integer", "minimum": 0}
	case reflect.Float32, reflect.Float64:
		return map[string]any{"type": "number"}
	case reflect.String:
		return map[string]any{"type": "string"}
	case reflect.Pointer:
		return orNull(valueSchema(t.Elem(), visiting))
	case reflect.Slice:
		if t.Elem().Kind() == reflect.Uint8 && !implements(t.Elem(), marshalerType) && !implements(t.Elem(), textType) {
			return orNull(map[string]any{"type": "string", "contentEncoding": "base64"})
		}
		return orNull(map[string]any{"type": "array", "items": valueSchema(t.Elem(), visiting)})
	case reflect.Array:
		return map[string]any{"type": "array", "items": valueSchema(t.Elem(), visiting), "minItems": t.Len(), "maxItems": t.Len()}
	case reflect.Map:
		if t.Key().Kind() != reflect.String && !implements(t.Key(), textType) {
			switch t.Key().Kind() {
			case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
				reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
			default:
				return map[string]any{} // encoding/json refuses it: the result encodes as null
			}
		}
		return orNull(map[string]any{"type": "object", "additionalProperties": valueSchema(t.Elem(), visiting)})
	case reflect.Struct:
		if visiting[t] {
			return map[string]any{}
		}
		visiting[t] = true
		defer delete(visiting, t)
		props, required := map[string]any{}, []any{}
		structFields(t, visiting, props, &required)
		return map[string]any{"type": "object", "properties": props, "required": required, "additionalProperties": false}
	}
	return map[string]any{} // chan, func, complex: encoding/json refuses them
}

// structFields adds the JSON members of struct type t, as encoding/json
// names them: the json tag's name or the field's, "-" left out,
// unexported fields left out, embedded structs without a name inlined,
// omitempty and omitzero members optional.
func structFields(t reflect.Type, visiting map[reflect.Type]bool, props map[string]any, required *[]any) {
	for i := range t.NumField() {
		f := t.Field(i)
		tag := f.Tag.Get("json")
		if tag == "-" {
			continue
		}
		name, opts, _ := strings.Cut(tag, ",")
		ft := f.Type
		if f.Anonymous && name == "" {
			if ft.Kind() == reflect.Pointer {
				ft = ft.Elem()
			}
			if ft.Kind() == reflect.Struct && !implements(ft, marshalerType) && !implements(ft, textType) {
				structFields(ft, visiting, props, required)
				continue
			}
		}
		if !f.IsExported() {
			continue
		}
		if name == "" {
			name = f.Name
		}
		var s map[string]any
		if hasOption(opts, "string") && scalar(ft) {
			s = map[string]any{"type": "string"}
		} else {
			s = valueSchema(ft, visiting)
		}
		if d, err := binding.Description(f.Tag); err == nil && d != "" {
			s = withDescription(s, d)
		}
		props[name] = s
		if !hasOption(opts, "omitempty") && !hasOption(opts, "omitzero") {
			*required = append(*required, name)
		}
	}
}

// implements reports whether encoding/json may call t's method of iface:
// a json.Marshaler with a pointer receiver counts (its schema is any JSON
// value either way), a TextMarshaler only with a value receiver (a result
// passed by value never reaches a pointer method, and is then encoded as
// its fields).
func implements(t, iface reflect.Type) bool {
	if iface == marshalerType && t.Kind() != reflect.Pointer && reflect.PointerTo(t).Implements(iface) {
		return true
	}
	return t.Implements(iface)
}

func hasOption(opts, want string) bool {
	for _, o := range strings.Split(opts, ",") {
		if o == want {
			return true
		}
	}
	return false
}

// scalar reports whether the ,string option applies to t (encoding/json
// quotes only these).
func scalar(t reflect.Type) bool {
	switch t.Kind() {
	case reflect.Bool, reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr,
		reflect.Float32, reflect.Float64, reflect.String:
		return true
	}
	return false
}

// orNull is s admitting null too (a nil pointer, slice or map encodes as
// null).
func orNull(s map[string]any) map[string]any {
	switch t := s["type"].(type) {
	case string:
		s["type"] = []any{t, "null"}
	case nil:
		// any JSON value already admits null
	}
	return s
}

func withDescription(s map[string]any, d string) map[string]any {
	out := make(map[string]any, len(s)+1)
	for k, v := range s {
		out[k] = v
	}
	out["description"] = d
	return out
}
