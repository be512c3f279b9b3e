package factory

import (
	"context"
	"encoding/json"
	"reflect"
	"strings"
	"testing"

	"agentinput.dev/agentinput"
	"agentinput.dev/factory/observe"
	"agentinput.dev/internal/binding"
)

// The shapes of a nested object: a struct, a pointer to one, a slice of
// them, a map, and a free JSON value.
type sourceIn struct {
	URL   string `json:"url" agentinput:"required" desc:"The page's address."`
	Pages int    `json:"pages" desc:"How many pages to read."`
}

type periodIn struct {
	DateFrom string `json:"date_from" desc:"The first day."`
	DateTo   string `json:"date_to" desc:"The last day."`
}

type entryIn struct {
	Name  string `json:"name" agentinput:"required" desc:"The entry's name."`
	Count int    `json:"count" desc:"How many."`
}

type importIn struct {
	Source  sourceIn          `json:"source" agentinput:"required" desc:"Where to read from."`
	Period  *periodIn         `json:"period" desc:"Which days to import."`
	Items   []entryIn         `json:"items" desc:"The entries to import."`
	Labels  map[string]int    `json:"labels" desc:"Weights by label."`
	Extra   json.RawMessage   `json:"extra" desc:"Anything the importer passes on."`
	Options map[string]string `json:"options" desc:"Options by name."`
}

type importRec struct {
	calls int
	last  importIn
}

func newImport(t *testing.T, intent Intent) (*Tool, *importRec) {
	t.Helper()
	r := &importRec{}
	tool, err := New(quietSpec("import_entries", intent), func(_ context.Context, in importIn, _ *Call) (searchOut, error) {
		r.calls++
		r.last = in
		return searchOut{}, nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return tool, r
}

func TestNestedObjectsReach(t *testing.T) {
	tool, r := newImport(t, IntentRead)
	res := tool.Call(context.Background(), json.RawMessage(`{
		"source": {"url": "https://example.org", "pages": "1 000"},
		"period": {"date_from": "2024", "date_to": "2024-03-01"},
		"items": [{"name": "a", "count": "3"}, {"name": "b"}],
		"labels": {"urgent": "2"},
		"extra": {"k": [1, 2]}
	}`))
	if res.Envelope != nil {
		t.Fatalf("envelope: %+v", res.Envelope)
	}
	want := importIn{
		Source: sourceIn{URL: "https://example.org", Pages: 1000},
		Period: &periodIn{DateFrom: "2024-01-01", DateTo: "2024-03-01"},
		Items:  []entryIn{{Name: "a", Count: 3}, {Name: "b"}},
		Labels: map[string]int{"urgent": 2},
		Extra:  json.RawMessage(`{"k":[1,2]}`),
	}
	if r.calls != 1 || !reflect.DeepEqual(r.last, want) {
		t.Fatalf("handler got %+v, want %+v", r.last, want)
	}
	notes := map[string]string{}
	for _, n := range res.Notes {
		notes[n.Path] = n.Code
	}
	for path, code := range map[string]string{"/source/pages": "grouping", "/period/date_from": "period_bound", "/items/0/count": "from_string", "/labels/urgent": "from_string"} {
		if notes[path] != code {
			t.Errorf("note at %s = %q, want %q (notes %+v)", path, notes[path], code, res.Notes)
		}
	}
}

// Every issue is at its path inside the nested object: the unknown
// property, the missing required one, the bad item, the reversed pair.
func TestNestedIssuePaths(t *testing.T) {
	tool, r := newImport(t, IntentRead)
	for _, tc := range []struct {
		args  string
		paths map[string]string // path → code
	}{
		{`{"source": {"pages": 2}}`, map[string]string{"/source/url": "missing_required"}},
		{`{"source": {"url": "x", "pgaes": 2}}`, map[string]string{"/source/pgaes": "unknown_property"}},
		{`{"source": {"url": "x"}, "items": [{"name": "a"}, {"count": 2}, {"name": "c", "count": "many"}]}`,
			map[string]string{"/items/1/name": "missing_required", "/items/2/count": "invalid"}},
		{`{"source": {"url": "x"}, "items": [{"name": "a"}, null]}`, map[string]string{"/items/1": "invalid"}},
		{`{"source": {"url": "x"}, "period": {"date_from": "2024-05-01", "date_to": "2024-01-01"}}`, map[string]string{"/period/date_from": "range_reversed"}},
		{`{"source": "https://example.org"}`, map[string]string{"/source": "wrong_type"}},
		{`{"source": {"url": "x"}, "labels": {"a": "lots", "": 1}}`, map[string]string{"/labels/a": "invalid", "/labels/": "invalid"}},
		{`{"source": {"url": "x"}, "labels": {"a": "N/A"}}`, map[string]string{"/labels/a": "invalid"}},
		{`{}`, map[string]string{"/source": "missing_required"}},
	} {
		before := r.calls
		res := tool.Call(context.Background(), json.RawMessage(tc.args))
		if res.Envelope == nil || r.calls != before {
			t.Errorf("%s: no envelope (handler ran: %v)", tc.args, r.calls != before)
			continue
		}
		got := map[string]string{}
		for _, is := range res.Envelope.Issues {
			got[is.Path] = string(is.Code)
		}
		if !reflect.DeepEqual(got, tc.paths) {
			t.Errorf("%s: issues %v, want %v (%+v)", tc.args, got, tc.paths, res.Envelope.Issues)
		}
	}
}

// The unknown property of a nested object names the nested property it
// most likely meant, and the nested object, not the tool.
func TestNestedUnknownPropertyHint(t *testing.T) {
	tool, _ := newImport(t, IntentRead)
	res := tool.Call(context.Background(), json.RawMessage(`{"source": {"url": "x", "pgaes": 2}}`))
	is := res.Envelope.Issues[0]
	if !strings.Contains(is.Hint, "Send it as pages") || !strings.Contains(is.Message(), "source has no property") {
		t.Fatalf("hint %q, message %q", is.Hint, is.Message())
	}
}

// A placeholder on a nested optional property of a do tool is asked about,
// as at the top: the absence rule is the same at every depth.
func TestNestedAbsenceRule(t *testing.T) {
	read, r := newImport(t, IntentRead)
	res := read.Call(context.Background(), json.RawMessage(`{"source": {"url": "x", "pages": "N/A"}, "period": "none"}`))
	if res.Envelope != nil || r.last.Source.Pages != 0 || r.last.Period != nil {
		t.Fatalf("read: %+v %+v", res.Envelope, r.last)
	}
	do, _ := newImport(t, IntentDo)
	res = do.Call(context.Background(), json.RawMessage(`{"source": {"url": "x", "pages": "N/A"}}`))
	if res.Envelope == nil || res.Envelope.Issues[0].Path != "/source/pages" || res.Envelope.Issues[0].Code != "placeholder_on_write" {
		t.Fatalf("do: %+v", res.Envelope)
	}
}

func TestNestedSchema(t *testing.T) {
	tool, _ := newImport(t, IntentRead)
	var s struct {
		Properties map[string]struct {
			Type                 any                        `json:"type"`
			Description          string                     `json:"description"`
			Required             []string                   `json:"required"`
			AdditionalProperties any                        `json:"additionalProperties"`
			Properties           map[string]json.RawMessage `json:"properties"`
			Items                struct {
				Properties map[string]struct {
					Description string `json:"description"`
				} `json:"properties"`
			} `json:"items"`
		} `json:"properties"`
	}
	if err := json.Unmarshal(tool.InputSchema(), &s); err != nil {
		t.Fatal(err)
	}
	src := s.Properties["source"]
	if src.Type != "object" || src.AdditionalProperties != false || !reflect.DeepEqual(src.Required, []string{"url"}) || len(src.Properties) != 2 {
		t.Fatalf("source schema: %+v", src)
	}
	for name, raw := range src.Properties {
		var p struct{ Description string }
		_ = json.Unmarshal(raw, &p)
		if p.Description == "" {
			t.Errorf("source.%s has no description", name)
		}
	}
	if d := s.Properties["items"].Items.Properties["name"].Description; !strings.HasPrefix(d, "The entry's name") {
		t.Errorf("items[].name description %q", d)
	}
	if extra := s.Properties["extra"]; extra.Type != nil || extra.Description == "" {
		t.Errorf("a json.RawMessage is advertised as %+v, not as any JSON value", extra)
	}
	if !strings.Contains(src.Description, "url (required)") {
		t.Errorf("source's guidance does not name its properties: %q", src.Description)
	}
}

type nodeIn struct {
	Name     string   `json:"name" desc:"The node's name."`
	Children []nodeIn `json:"children" desc:"The node's children."`
}

func TestNestedDeclarationMistakes(t *testing.T) {
	h := func(_ context.Context, _ struct {
		Root nodeIn `json:"root" desc:"The tree."`
	}, _ *Call) (searchOut, error) {
		return searchOut{}, nil
	}
	if _, err := New(quietSpec("read_tree", IntentRead), h); err == nil || !strings.Contains(err.Error(), "holds itself") {
		t.Errorf("a recursive type: %v", err)
	}
	hAny := func(_ context.Context, _ struct {
		Filters any `json:"filters" desc:"The filters."`
	}, _ *Call) (searchOut, error) {
		return searchOut{}, nil
	}
	if _, err := New(quietSpec("read_any", IntentRead), hAny); err == nil || !strings.Contains(err.Error(), "kind json") {
		t.Errorf("an any field: %v", err)
	}
	hNoDesc := func(_ context.Context, _ struct {
		Source struct {
			URL string `json:"url"`
		} `json:"source" desc:"Where."`
	}, _ *Call) (searchOut, error) {
		return searchOut{}, nil
	}
	if _, err := New(quietSpec("read_nodesc", IntentRead), hNoDesc); err == nil || !strings.Contains(err.Error(), "property url") {
		t.Errorf("a nested property without a description: %v", err)
	}
	hExact := func(_ context.Context, _ struct {
		Source sourceIn `json:"source" agentinput:"exact" desc:"Where."`
	}, _ *Call) (searchOut, error) {
		return searchOut{}, nil
	}
	if _, err := New(quietSpec("read_exact", IntentRead), hExact); err == nil || !strings.Contains(err.Error(), "exact") {
		t.Errorf("exact on an object: %v", err)
	}
}

// A declared shape deeper than a call's depth budget could never arrive:
// it is a declaration error, found by walking levels.
func TestNestedDepthBudget(t *testing.T) {
	type level struct {
		V string `json:"v" desc:"A value."`
	}
	typ := reflect.TypeFor[level]()
	for range 16 {
		typ = reflect.StructOf([]reflect.StructField{{Name: "N", Type: typ, Tag: `json:"n" desc:"One level down."`}})
	}
	if _, err := binding.BindStruct(typ, (&Spec{}).env()); err == nil || !strings.Contains(err.Error(), "MaxJSONDepth") {
		t.Fatalf("17 levels: %v", err)
	}
	if _, err := binding.BindStruct(typ.Field(0).Type, (&Spec{}).env()); err != nil {
		t.Fatalf("16 levels: %v", err)
	}
}

// A free JSON value is read as sent; an any field takes kind json.
func TestFreeJSONValue(t *testing.T) {
	var got any
	tool, err := New(quietSpec("read_free", IntentRead), func(_ context.Context, in struct {
		Filters any `json:"filters" agentinput:"json" desc:"The filters, passed on as they are."`
	}, _ *Call) (searchOut, error) {
		got = in.Filters
		return searchOut{}, nil
	})
	if err != nil {
		t.Fatal(err)
	}
	res := tool.Call(context.Background(), json.RawMessage(`{"filters": {"a": [1, "N/A"]}}`))
	if res.Envelope != nil || !reflect.DeepEqual(got, map[string]any{"a": []any{json.Number("1"), "N/A"}}) {
		t.Fatalf("%+v %#v", res.Envelope, got)
	}
}

// TestTelemetryNestedPaths: a nested object's declared property names are
// the author's and are kept; a map's keys and undeclared nested names are
// the caller's and are not.
func TestTelemetryNestedPaths(t *testing.T) {
	spec := quietSpec("import_entries", IntentRead)
	var events []observe.Event
	spec.Observer = observerFunc(func(e observe.Event) { events = append(events, e) })
	tool := Must(spec, func(_ context.Context, in importIn, _ *Call) (searchOut, error) { return searchOut{}, nil })
	tool.Call(context.Background(), json.RawMessage(`{"source": {"url": "x", "pin_4821": 1}, "items": [{"name": "a", "count": "many"}], "labels": {"secret-7731": "lots"}}`))
	var got []string
	for _, is := range events[0].Issues {
		got = append(got, is.Path)
	}
	if want := "/source/(key) /items/0/count /labels/(key)"; strings.Join(got, " ") != want {
		t.Fatalf("paths %q, want %q", got, want)
	}
}

// TestBindPropertyObject: one nested object outside a tool reads as a
// tool's property would, its first issue's path in the ask.
func TestBindPropertyObject(t *testing.T) {
	b, err := binding.BindProperty("source", reflect.TypeFor[sourceIn](), "", nil)
	if err != nil {
		t.Fatal(err)
	}
	o := b.Read(context.Background(), map[string]any{"url": "x", "pages": "1 000"}, true)
	if v, ok := o.Value(); !ok || v.(sourceIn) != (sourceIn{URL: "x", Pages: 1000}) {
		t.Fatalf("%+v", o)
	}
	if n := o.Notes(); len(n) != 1 || n[0].Code != "grouping" || !strings.Contains(n[0].Message, "/pages") {
		t.Fatalf("the repair inside is not noted: %+v", n)
	}
	o = b.Read(context.Background(), map[string]any{"pages": 2}, true)
	if a, ok := o.Ask(); !ok || a.Code != "missing_required" || !strings.Contains(a.Reason, "/url") {
		t.Fatalf("%+v", o)
	}
}

// A best-effort list of objects reaches the handler with the items that
// read; the others come back beside the result, each at its path.
func TestBestEffortObjects(t *testing.T) {
	var got []entryIn
	tool, err := New(quietSpec("do_import_entries", IntentDo), func(_ context.Context, in struct {
		Entries []entryIn `json:"entries" agentinput:"besteffort" desc:"The entries to import."`
	}, _ *Call) (searchOut, error) {
		got = in.Entries
		return searchOut{}, nil
	})
	if err != nil {
		t.Fatal(err)
	}
	res := tool.Call(context.Background(), json.RawMessage(`{"entries": [{"name": "a"}, {"name": "b", "count": "many"}, {"name": "c", "count": 3}]}`))
	if res.Envelope != nil || !reflect.DeepEqual(got, []entryIn{{Name: "a"}, {Name: "c", Count: 3}}) {
		t.Fatalf("%+v %+v", res.Envelope, got)
	}
	if len(res.Issues) != 1 || res.Issues[0].Path != "/entries/1/count" {
		t.Fatalf("issues %+v", res.Issues)
	}
}

// A name written twice inside a nested object, with two values, is asked
// about at its path, as at the top; with one value, it is that value.
// encoding/json would keep the last; the factory never guesses.
func TestNestedDuplicateName(t *testing.T) {
	tool, r := newImport(t, IntentRead)
	res := tool.Call(context.Background(), json.RawMessage(`{"source":{"url":"https://a.example","url":"https://b.example"}}`))
	if res.Envelope == nil || r.calls != 0 || len(res.Envelope.Issues) != 1 || res.Envelope.Issues[0].Path != "/source/url" {
		t.Fatalf("two values: %+v", res.Envelope)
	}
	if is := res.Envelope.Issues[0]; is.Code != agentinput.AskInvalid || !strings.Contains(is.Reason, "/source names url twice") {
		t.Fatalf("two values: %+v", is)
	}
	res = tool.Call(context.Background(), json.RawMessage(`{"source":{"url":"https://a.example"},"items":[{"name":"a","n\u0061me":"b"}]}`))
	if res.Envelope == nil || res.Envelope.Issues[0].Path != "/items/0/name" {
		t.Fatalf("two values in an item, one through an escape: %+v", res.Envelope)
	}
	res = tool.Call(context.Background(), json.RawMessage(`{"source":{"url":"https://a.example","url":"https://a.example"}}`))
	if res.Envelope != nil || r.last.Source.URL != "https://a.example" {
		t.Fatalf("one value twice: %+v", res.Envelope)
	}
}
