package factory

import (
	"context"
	"encoding/base64"
	"encoding/json"
	"reflect"
	"strconv"
	"strings"
	"testing"
	"time"

	"agentinput.dev/agentinput"
)

// The union of the tests: a source is a web page, a file, or a stored
// document by reference.
type testSource interface{ isSource() }

type urlSource struct {
	URL   string `json:"url" agentinput:"required" desc:"The page's address."`
	Pages int    `json:"pages" desc:"How many pages to read."`
}

type fileSource struct {
	Path     string `json:"path" agentinput:"required" desc:"The file's path on the server."`
	Encoding string `json:"encoding" agentinput:"enum,values=utf8|latin1" desc:"The file's encoding."`
}

type storedSource struct {
	Ref string `json:"ref" agentinput:"required" desc:"The stored document's id."`
}

func (urlSource) isSource()     {}
func (fileSource) isSource()    {}
func (*storedSource) isSource() {}

var testSources = NewUnion[testSource]("kind",
	Case[urlSource]("url", "A web page, by its address."),
	Case[fileSource]("file", "A file on the server, by its path."),
	Case[*storedSource]("stored_document", "A document stored earlier, by its id.").Reference())

type fetchIn struct {
	Source  testSource   `json:"source" agentinput:"required" desc:"What to fetch."`
	Sources []testSource `json:"sources" desc:"More to fetch."`
}

type fetchRec struct {
	calls int
	last  fetchIn
}

func newFetch(t testing.TB) (*Tool, *fetchRec) {
	t.Helper()
	r := &fetchRec{}
	spec := quietSpec("read_sources", IntentRead)
	spec.Unions = []Union{testSources}
	tool, err := New(spec, func(_ context.Context, in fetchIn, _ *Call) (searchOut, error) {
		r.calls++
		r.last = in
		return searchOut{}, nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return tool, r
}

func TestUnionReadsTheVariant(t *testing.T) {
	tool, r := newFetch(t)
	for _, tc := range []struct {
		args  string
		want  testSource
		notes map[string]string
	}{
		{`{"source": {"kind": "url", "url": "https://example.org"}}`, urlSource{URL: "https://example.org"}, nil},
		{`{"source": {"kind": "URL", "url": "x", "pages": "2"}}`, urlSource{URL: "x", Pages: 2},
			map[string]string{"/source/kind": "folded", "/source/pages": "from_string"}},
		{`{"source": {"kind": "Stored Document", "ref": "d-7"}}`, &storedSource{Ref: "d-7"}, map[string]string{"/source/kind": "folded"}},
		// Without the discriminator: one variant has the required
		// properties, and no other could hold them.
		{`{"source": {"path": "/tmp/a", "encoding": "UTF8"}}`, fileSource{Path: "/tmp/a", Encoding: "utf8"},
			map[string]string{"/source/kind": "variant_inferred", "/source/encoding": "folded"}},
		{`{"source": {"kind": null, "ref": "d-7"}}`, &storedSource{Ref: "d-7"}, map[string]string{"/source/kind": "variant_inferred"}},
	} {
		res := tool.Call(context.Background(), json.RawMessage(tc.args))
		if res.Envelope != nil {
			t.Errorf("%s: %+v", tc.args, res.Envelope.Issues)
			continue
		}
		if !reflect.DeepEqual(r.last.Source, tc.want) {
			t.Errorf("%s: handler got %#v, want %#v", tc.args, r.last.Source, tc.want)
		}
		got := map[string]string{}
		for _, n := range res.Notes {
			got[n.Path] = n.Code
		}
		if len(got) != len(tc.notes) || tc.notes != nil && !reflect.DeepEqual(got, tc.notes) {
			t.Errorf("%s: notes %v, want %v", tc.args, got, tc.notes)
		}
	}
}

func TestUnionAsks(t *testing.T) {
	tool, r := newFetch(t)
	for _, tc := range []struct {
		args, path, code string
		says             []string // in the issue's message or hint
	}{
		// A near miss of a discriminator value asks, naming the variants.
		{`{"source": {"kind": "fiel", "path": "/a"}}`, "/source/kind", "ambiguous", []string{`"file"`}},
		{`{"source": {"kind": "ftp", "path": "/a"}}`, "/source/kind", "invalid", []string{`"url" (A web page, by its address)`, `"file"`, `"stored_document"`}},
		// No discriminator, and the properties fit no variant alone.
		{`{"source": {"pages": 3}}`, "/source/kind", "missing_required", []string{"kind", `"url"`, `"file"`}},
		{`{"source": {}}`, "/source/kind", "missing_required", []string{"kind"}},
		// No discriminator, and two variants' required properties are sent.
		{`{"source": {"url": "x", "path": "/a"}}`, "/source/kind", "ambiguous", []string{`Send kind as "url" (A web page, by its address) or "file"`}},
		// A variant's property paths.
		{`{"source": {"kind": "url"}}`, "/source/url", "missing_required", nil},
		{`{"source": {"kind": "url", "url": "x", "path": "/a"}}`, "/source/path", "unknown_property", []string{`send kind "file"`}},
		{`{"sources": [{"kind": "url", "url": "x"}, {"kind": "file", "path": "/a", "encoding": "ebcdic"}], "source": {"ref": "r"}}`,
			"/sources/1/encoding", "invalid", nil},
		{`{"source": "https://example.org"}`, "/source", "wrong_type", nil},
	} {
		before := r.calls
		res := tool.Call(context.Background(), json.RawMessage(tc.args))
		if res.Envelope == nil || r.calls != before {
			t.Errorf("%s: no envelope", tc.args)
			continue
		}
		is := res.Envelope.Issues[0]
		if is.Path != tc.path || string(is.Code) != tc.code {
			t.Errorf("%s: issue %s %s, want %s %s (%s)", tc.args, is.Path, is.Code, tc.path, tc.code, is.Message())
		}
		text := is.Message() + " " + is.Hint
		for _, w := range tc.says {
			if !strings.Contains(text, w) {
				t.Errorf("%s: the ask does not say %s: %s", tc.args, w, text)
			}
		}
	}
}

// Two variants that could both hold what was sent, none named: an ask
// whose readings are the two variants.
func TestUnionAmbiguousWithoutDiscriminator(t *testing.T) {
	type a struct {
		Name string `json:"name" agentinput:"required" desc:"A name."`
	}
	type b struct {
		Name  string `json:"name" agentinput:"required" desc:"A name."`
		Count int    `json:"count" desc:"A count."`
	}
	spec := quietSpec("read_ab", IntentRead)
	spec.Unions = []Union{NewUnion[testSource]("kind", Case[aSource]("a", "The first."), Case[bSource]("b", "The second."))}
	_ = a{}
	_ = b{}
	tool, err := New(spec, func(_ context.Context, in struct {
		Source testSource `json:"source" desc:"The source."`
	}, _ *Call) (searchOut, error) {
		return searchOut{}, nil
	})
	if err != nil {
		t.Fatal(err)
	}
	res := tool.Call(context.Background(), json.RawMessage(`{"source": {"name": "x"}}`))
	if res.Envelope == nil {
		t.Fatal("inferred a variant from a name both have")
	}
	is := res.Envelope.Issues[0]
	if is.Code != "ambiguous" || len(is.Readings) != 2 || string(is.Readings[0].Value) != `"a"` || string(is.Readings[1].Value) != `"b"` {
		t.Fatalf("%+v", is)
	}
	// With count, only b could hold it: still not inferred, since a's
	// required properties are all there too.
	res = tool.Call(context.Background(), json.RawMessage(`{"source": {"name": "x", "count": 2}}`))
	if res.Envelope == nil || res.Envelope.Issues[0].Path != "/source/kind" {
		t.Fatalf("inferred b from a property a lacks: %+v", res.Envelope)
	}
}

type aSource struct {
	Name string `json:"name" agentinput:"required" desc:"A name."`
}
type bSource struct {
	Name  string `json:"name" agentinput:"required" desc:"A name."`
	Count int    `json:"count" desc:"A count."`
}

func (aSource) isSource() {}
func (bSource) isSource() {}

func TestUnionSchema(t *testing.T) {
	tool, _ := newFetch(t)
	var s struct {
		Properties map[string]struct {
			Type  string `json:"type"`
			OneOf []struct {
				Description string   `json:"description"`
				Required    []string `json:"required"`
				Properties  map[string]struct {
					Const       string `json:"const"`
					Description string `json:"description"`
				} `json:"properties"`
			} `json:"oneOf"`
		} `json:"properties"`
	}
	if err := json.Unmarshal(tool.InputSchema(), &s); err != nil {
		t.Fatal(err)
	}
	src := s.Properties["source"]
	if src.Type != "object" || len(src.OneOf) != 3 {
		t.Fatalf("source: %+v", src)
	}
	for i, want := range []string{"url", "file", "stored_document"} {
		br := src.OneOf[i]
		if br.Properties["kind"].Const != want || br.Required[0] != "kind" || br.Description == "" {
			t.Errorf("branch %d: %+v", i, br)
		}
		for name, p := range br.Properties {
			if strings.TrimSpace(p.Description) == "" {
				t.Errorf("branch %s: property %s has no description", want, name)
			}
		}
	}
	if got := src.OneOf[0].Required; !reflect.DeepEqual(got, []string{"kind", "url"}) {
		t.Errorf("url's required: %v", got)
	}
}

type badVariant struct {
	Kind string `json:"kind" desc:"Clashes."`
}

func (badVariant) isSource() {}

type notASource struct {
	X string `json:"x" desc:"X."`
}

func TestUnionDeclarationMistakes(t *testing.T) {
	h := func(_ context.Context, _ fetchIn, _ *Call) (searchOut, error) { return searchOut{}, nil }
	for _, tc := range []struct {
		unions []Union
		says   string
	}{
		{nil, "no union declares the interface"},
		{[]Union{NewUnion[testSource]("kind", Case[urlSource]("url", "A page."))}, "at least two variants"},
		{[]Union{NewUnion[testSource]("kind", Case[urlSource]("url", "A page."), Case[notASource]("x", "X."))}, "does not implement"},
		{[]Union{NewUnion[testSource]("kind", Case[urlSource]("url", "A page."), Case[fileSource]("URL", "A file."))}, "folds like"},
		{[]Union{NewUnion[testSource]("kind", Case[urlSource]("url", "A page."), Case[badVariant]("bad", "Bad."))}, "the union's discriminator"},
		{[]Union{NewUnion[testSource]("kind", Case[urlSource]("url", ""), Case[fileSource]("file", "A file."))}, "has no description"},
		{[]Union{NewUnion[testSource]("Kind", Case[urlSource]("url", "A page."), Case[fileSource]("file", "A file."))}, "snake_case"},
	} {
		spec := quietSpec("read_sources", IntentRead)
		spec.Unions = tc.unions
		if _, err := New(spec, h); err == nil || !strings.Contains(err.Error(), tc.says) {
			t.Errorf("%v: %v, want %q", tc.unions, err, tc.says)
		}
	}
}

// Inline bytes and their reference form: content over the budget is
// answered with the reference form, never with a hint to shorten it.
type attachment interface{ isAttachment() }

type inlineAttachment struct {
	Content []byte `json:"content" agentinput:"required" desc:"The file's content."`
	Name    string `json:"name" desc:"The file's name."`
}

type storedAttachment struct {
	Ref string `json:"ref" agentinput:"required" desc:"The id an upload returned."`
}

func (inlineAttachment) isAttachment() {}
func (storedAttachment) isAttachment() {}

func newAttach(t testing.TB) (*Tool, *attachment) {
	t.Helper()
	var got attachment
	spec := quietSpec("do_attach_file", IntentDo)
	spec.Unions = []Union{NewUnion[attachment]("kind",
		Case[inlineAttachment]("inline", "The file's bytes, inline."),
		Case[storedAttachment]("stored", "A file uploaded before, by the id the upload returned.").Reference())}
	tool, err := New(spec, func(_ context.Context, in struct {
		File attachment `json:"file" agentinput:"required" desc:"The file to attach."`
	}, _ *Call) (searchOut, error) {
		got = in.File
		return searchOut{}, nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return tool, &got
}

func TestBytesAndTheirReferenceForm(t *testing.T) {
	tool, got := newAttach(t)
	res := tool.Call(context.Background(), json.RawMessage(`{"file": {"content": "aGVsbG8"}}`))
	if res.Envelope != nil {
		t.Fatalf("%+v", res.Envelope.Issues)
	}
	if in, ok := (*got).(inlineAttachment); !ok || string(in.Content) != "hello" {
		t.Fatalf("handler got %#v", *got)
	}
	if res.Arguments["file"].(map[string]any)["content"] != "aGVsbG8=" {
		t.Errorf("normalized %v", res.Arguments)
	}
	res = tool.Call(context.Background(), json.RawMessage(`{"file": {"ref": "up-7"}}`))
	if res.Envelope != nil || *got != (storedAttachment{Ref: "up-7"}) {
		t.Fatalf("reference: %+v %#v", res.Envelope, *got)
	}
	// Over the bytes budget, and over the call's string budget: both
	// offer the reference form.
	for _, n := range []int{agentinput.MaxInlineBytes + 3, agentinput.MaxStringBytes} {
		big := base64.StdEncoding.EncodeToString(make([]byte, n))
		res = tool.Call(context.Background(), json.RawMessage(`{"file": {"kind": "inline", "content": "`+big+`"}}`))
		if res.Envelope == nil {
			t.Fatalf("%d bytes inline were read", n)
		}
		is := res.Envelope.Issues[0]
		if is.Code != agentinput.AskTooLarge || is.Path != "/file/content" {
			t.Fatalf("%d bytes: %s %s", n, is.Path, is.Code)
		}
		for _, text := range []string{is.Hint, res.Envelope.Hint} {
			low := strings.ToLower(text)
			if !strings.Contains(text, `{"kind":"stored","ref":`) || strings.Contains(low, "short") || strings.Contains(low, "summar") || strings.Contains(low, "rewrite") {
				t.Errorf("%d bytes: hint %q", n, text)
			}
		}
	}
}

func TestBytesSchemaStatesTheBudget(t *testing.T) {
	tool, _ := newAttach(t)
	var s struct {
		Properties map[string]struct {
			OneOf []struct {
				Properties map[string]struct {
					Description     string `json:"description"`
					MaxLength       int    `json:"maxLength"`
					ContentEncoding string `json:"contentEncoding"`
				} `json:"properties"`
			} `json:"oneOf"`
		} `json:"properties"`
	}
	if err := json.Unmarshal(tool.InputSchema(), &s); err != nil {
		t.Fatal(err)
	}
	c := s.Properties["file"].OneOf[0].Properties["content"]
	if c.MaxLength != base64.StdEncoding.EncodedLen(agentinput.MaxInlineBytes) || c.ContentEncoding != "base64" ||
		!strings.Contains(c.Description, strconv.Itoa(agentinput.MaxInlineBytes)+" bytes") {
		t.Fatalf("content: %+v", c)
	}
}

func TestTimestamps(t *testing.T) {
	var got struct {
		Since time.Time `json:"since" agentinput:"zone=Europe/Prague" desc:"Only events from this instant on."`
		Until time.Time `json:"until" desc:"Only events before this instant."`
	}
	tool, err := New(quietSpec("read_events", IntentRead), func(_ context.Context, in struct {
		Since time.Time `json:"since" agentinput:"zone=Europe/Prague" desc:"Only events from this instant on."`
		Until time.Time `json:"until" desc:"Only events before this instant."`
	}, _ *Call) (searchOut, error) {
		got = in
		return searchOut{}, nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if k, _ := tool.PropertyKind("since"); k != "timestamp" {
		t.Fatalf("since binds %s", k)
	}
	res := tool.Call(context.Background(), json.RawMessage(`{"since": "2026-10-01T09:00:00+02:00", "until": "2026-10-01T08:00:00Z"}`))
	if res.Envelope != nil || !got.Since.Equal(time.Date(2026, 10, 1, 7, 0, 0, 0, time.UTC)) || len(res.Notes) != 0 {
		t.Fatalf("%+v %v %+v", res.Envelope, got, res.Notes)
	}
	// An instant later than its pair's, by instants, not by spelling.
	res = tool.Call(context.Background(), json.RawMessage(`{"since": "2026-10-01T09:00:00+02:00", "until": "2026-10-01T06:30:00Z"}`))
	if res.Envelope == nil || res.Envelope.Issues[0].Code != agentinput.AskRangeReversed {
		t.Fatalf("reversed instants: %+v", res.Envelope)
	}
	// The property's default zone, passed to the kind: a note names it.
	res = tool.Call(context.Background(), json.RawMessage(`{"since": "2026-10-01 09:00"}`))
	if res.Envelope != nil || !got.Since.Equal(time.Date(2026, 10, 1, 7, 0, 0, 0, time.UTC)) || len(res.Notes) == 0 ||
		res.Notes[len(res.Notes)-1].Code != string(agentinput.NoteDefaultZone) || res.Notes[0].Path != "/since" {
		t.Fatalf("default zone: %+v %v %+v", res.Envelope, got.Since, res.Notes)
	}
	// A zone-less spelling on a property without a default zone asks.
	res = tool.Call(context.Background(), json.RawMessage(`{"until": "2026-10-01T09:00:00"}`))
	if res.Envelope == nil || res.Envelope.Issues[0].Path != "/until" {
		t.Fatalf("zone-less until: %+v", res.Envelope)
	}
}

// Without a reference form, content over a budget is told so, and still
// never asked to be shorter.
func TestBytesWithoutReferenceForm(t *testing.T) {
	tool, err := New(quietSpec("do_store_file", IntentDo), func(_ context.Context, in struct {
		Content []byte `json:"content" agentinput:"required,max=16" desc:"The file's content."`
	}, _ *Call) (searchOut, error) {
		return searchOut{}, nil
	})
	if err != nil {
		t.Fatal(err)
	}
	for _, n := range []int{17, agentinput.MaxStringBytes} {
		res := tool.Call(context.Background(), json.RawMessage(`{"content": "`+base64.StdEncoding.EncodeToString(make([]byte, n))+`"}`))
		if res.Envelope == nil || res.Envelope.Issues[0].Code != agentinput.AskTooLarge {
			t.Fatalf("%d bytes: %+v", n, res.Envelope)
		}
		h := res.Envelope.Issues[0].Hint
		if !strings.Contains(h, "declares no reference form") || strings.Contains(strings.ToLower(h), "short") {
			t.Errorf("%d bytes: hint %q", n, h)
		}
	}
	if k, _ := tool.PropertyKind("content"); k != "bytes" {
		t.Errorf("a []byte binds %s", k)
	}
}
