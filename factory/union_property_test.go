package factory

import (
	"context"
	"encoding/json"
	"reflect"
	"strings"
	"testing"

	"pgregory.net/rapid"

	"agentinput.dev/internal/binding"
)

// schemaHolds reports whether the schema declares a place at path: a
// property (of an object, of any oneOf branch), an item, a map's value.
func schemaHolds(schema any, path []string) bool {
	if len(path) == 0 {
		return true
	}
	s, _ := schema.(map[string]any)
	if s == nil {
		return false
	}
	if props, ok := s["properties"].(map[string]any); ok {
		if p, ok := props[path[0]]; ok && schemaHolds(p, path[1:]) {
			return true
		}
	}
	if branches, ok := s["oneOf"].([]any); ok {
		for _, b := range branches {
			if schemaHolds(b, path) {
				return true
			}
		}
	}
	if items, ok := s["items"]; ok {
		if _, isIdx := binding.Index(path[0]); isIdx && schemaHolds(items, path[1:]) {
			return true
		}
	}
	if ap, ok := s["additionalProperties"].(map[string]any); ok && schemaHolds(ap, path[1:]) {
		return true
	}
	return false
}

// splitPointer splits a JSON Pointer into its unescaped segments.
func splitPointer(p string) []string {
	if p == "" {
		return nil
	}
	segs := strings.Split(strings.TrimPrefix(p, "/"), "/")
	for i, s := range segs {
		segs[i] = binding.UnescapePointer(s)
	}
	return segs
}

// sourceObject draws what a model might send as a source: a discriminator
// in some spelling or none, and properties of any variant or none.
func sourceObject(t *rapid.T, label string) any {
	if rapid.IntRange(0, 9).Draw(t, label+"_shape") == 0 {
		return jsonValue(t, 2)
	}
	obj := map[string]any{}
	if rapid.Bool().Draw(t, label+"_has_kind") {
		obj["kind"] = rapid.SampledFrom([]any{"url", "URL", "File", "stored document", "storedDocument", "fiel", "ftp", nil, "", "N/A", 3}).Draw(t, label+"_kind")
	}
	for _, name := range []string{"url", "pages", "path", "encoding", "ref", "extra"} {
		if rapid.IntRange(0, 2).Draw(t, label+"_has_"+name) == 0 {
			switch name {
			case "encoding":
				obj[name] = rapid.SampledFrom([]any{"utf8", "UTF-8", "latin1", "ebcdic", nil}).Draw(t, label+"_"+name)
			default:
				obj[name] = jsonValue(t, 2)
			}
		}
	}
	return obj
}

// TestAnyUnionArguments: whatever JSON object is sent to a union tool,
// either the handler gets exactly one variant and arguments that validate
// against the advertised schema, or the call ends in an envelope whose
// every path is in what was sent or in the schema, and the handler does
// not run.
func TestAnyUnionArguments(t *testing.T) {
	tool, r := newFetch(t)
	var schema map[string]any
	if err := json.Unmarshal(tool.InputSchema(), &schema); err != nil {
		t.Fatal(err)
	}
	variants := map[reflect.Type]string{
		reflect.TypeFor[urlSource](): "url", reflect.TypeFor[fileSource](): "file", reflect.TypeFor[*storedSource](): "stored_document",
	}
	rapid.Check(t, func(t *rapid.T) {
		args := map[string]any{}
		if rapid.IntRange(0, 4).Draw(t, "has_source") > 0 {
			args["source"] = sourceObject(t, "source")
		}
		if rapid.IntRange(0, 2).Draw(t, "has_sources") == 0 {
			n := rapid.IntRange(0, 3).Draw(t, "sources")
			list := make([]any, n)
			for i := range list {
				list[i] = sourceObject(t, "item")
			}
			args["sources"] = list
		}
		raw, err := json.Marshal(args)
		if err != nil {
			t.Fatal(err)
		}
		before := r.calls
		r.last = fetchIn{}
		res := tool.Call(context.Background(), raw)
		if res.Envelope == nil {
			if r.calls != before+1 {
				t.Fatalf("%s: no envelope and no handler call", raw)
			}
			if err := tool.compiledForTest().Validate(res.Arguments); err != nil {
				t.Fatalf("%s: the handler got arguments the schema rejects: %v", raw, err)
			}
			kind, ok := variants[reflect.TypeOf(r.last.Source)]
			if !ok {
				t.Fatalf("%s: the handler got %#v, no one variant", raw, r.last.Source)
			}
			if got := res.Arguments["source"].(map[string]any)["kind"]; got != kind {
				t.Fatalf("%s: the handler got a %s, the arguments say %v", raw, kind, got)
			}
			return
		}
		if r.calls != before {
			t.Fatalf("%s: the handler ran, and the call answered an envelope", raw)
		}
		var sent map[string]any
		_ = json.Unmarshal(raw, &sent)
		for _, is := range res.Envelope.Issues {
			segs := splitPointer(is.Path)
			steps := make([]step, len(segs))
			for i, s := range segs {
				steps[i] = step{name: s, index: -1}
				if n, ok := binding.Index(s); ok {
					steps[i] = step{index: n}
				}
			}
			if is.Path != "" && !holds(sent, steps) && !schemaHolds(schema, segs) {
				t.Fatalf("%s: issue at %s, which is neither in the arguments nor in the schema: %s", raw, is.Path, is.Message())
			}
		}
	})
}

// TestFoldedDiscriminators: every folded spelling of a variant's value
// selects that variant.
func TestFoldedDiscriminators(t *testing.T) {
	tool, r := newFetch(t)
	bodies := map[string]string{"url": `"url": "x"`, "file": `"path": "/a"`, "stored_document": `"ref": "d"`}
	rapid.Check(t, func(t *rapid.T) {
		value := rapid.SampledFrom([]string{"url", "file", "stored_document"}).Draw(t, "value")
		words := strings.Split(value, "_")
		var spelled string
		switch rapid.IntRange(0, 5).Draw(t, "fold") {
		case 0:
			spelled = strings.ToUpper(value)
		case 1:
			spelled = strings.Join(words, " ")
		case 2:
			spelled = strings.Join(words, "-")
		case 3: // camelCase
			spelled = words[0]
			for _, w := range words[1:] {
				spelled += strings.ToUpper(w[:1]) + w[1:]
			}
		case 4: // Title Case
			for i, w := range words {
				words[i] = strings.ToUpper(w[:1]) + w[1:]
			}
			spelled = strings.Join(words, " ")
		default:
			spelled = "  " + value + " "
		}
		res := tool.Call(context.Background(), json.RawMessage(`{"source": {"kind": `+string(binding.MustJSON(spelled))+`, `+bodies[value]+`}}`))
		if res.Envelope != nil {
			t.Fatalf("%q: %s", spelled, res.Envelope.Issues[0].Message())
		}
		if got := res.Arguments["source"].(map[string]any)["kind"]; got != value {
			t.Fatalf("%q selected %v, want %s", spelled, got, value)
		}
		if r.last.Source == nil {
			t.Fatalf("%q: the handler got no source", spelled)
		}
	})
}

// BenchmarkUnionCall is a union call against the same call on a flat
// tool: the price of the discriminator and the nested read.
func BenchmarkUnionCall(b *testing.B) {
	union, _ := newFetch(b)
	flat := Must(quietSpec("read_url", IntentRead), func(_ context.Context, in urlSource, _ *Call) (searchOut, error) {
		return searchOut{}, nil
	})
	for _, bm := range []struct {
		name string
		tool *Tool
		args json.RawMessage
	}{
		{"flat", flat, json.RawMessage(`{"url": "https://example.org", "pages": "2"}`)},
		{"union", union, json.RawMessage(`{"source": {"kind": "url", "url": "https://example.org", "pages": "2"}}`)},
		{"union_inferred", union, json.RawMessage(`{"source": {"url": "https://example.org", "pages": "2"}}`)},
	} {
		b.Run(bm.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				sinkResult = bm.tool.Call(context.Background(), bm.args)
			}
			if sinkResult.Envelope != nil {
				b.Fatal(sinkResult.Envelope.Issues)
			}
		})
	}
}
