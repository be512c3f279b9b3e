package host_test

import (
	"context"
	"encoding/json"
	"errors"
	"slices"
	"strings"
	"testing"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"agentinput.dev/agentinput"
	"agentinput.dev/host"
)

func decodeMap(t testing.TB, s string) map[string]any {
	t.Helper()
	var m map[string]any
	if err := json.Unmarshal([]byte(s), &m); err != nil {
		t.Fatal(err)
	}
	return m
}

// A remote tool as TypeScript servers list theirs: draft-07, objects
// open, a default, a format the host does not verify.
const (
	openInput = `{"$schema":"http://json-schema.org/draft-07/schema#","type":"object",
		"properties":{"amount":{"type":"number","minimum":0},"date_from":{"type":"string"},"limit":{"type":"integer","default":10},
		"source":{"type":"string","format":"uri"}},"required":["amount"]}`
	openOutput = `{"$schema":"http://json-schema.org/draft-07/schema#","type":"object","properties":{"total":{"type":"integer"}},"required":["total"]}`
	// What the host declares: closed, the date read by agentinput's
	// date kind, the uri left out, the total bounded.
	declaredInput = `{"type":"object","additionalProperties":false,"required":["amount"],
		"properties":{"amount":{"type":"number","minimum":0},"date_from":{"type":"string","format":"date"},"limit":{"type":"integer","minimum":1,"maximum":100}}}`
	declaredOutput = `{"type":"object","additionalProperties":false,"required":["total"],"properties":{"total":{"type":"integer","maximum":10}}}`
)

func withOpenTools(t testing.TB, input string) func(*fixture) {
	return func(f *fixture) {
		in, out := decodeMap(t, input), decodeMap(t, openOutput)
		f.add("read_open", in, out, func(args string) (*sdk.CallToolResult, error) {
			return &sdk.CallToolResult{Content: []sdk.Content{&sdk.TextContent{Text: "total"}}, StructuredContent: map[string]any{"total": 7}}, nil
		})
		f.add("read_open_big", in, out, func(args string) (*sdk.CallToolResult, error) {
			// Valid against the remote's output schema, outside the
			// declared one.
			return &sdk.CallToolResult{Content: []sdk.Content{&sdk.TextContent{Text: "total"}}, StructuredContent: map[string]any{"total": 70}}, nil
		})
	}
}

func declared(remote string) host.Binding {
	b := read(remote)
	b.InputSchema, b.OutputSchema = json.RawMessage(declaredInput), json.RawMessage(declaredOutput)
	return b
}

// A tool whose schemas are outside the profile binds through declared
// schemas: its arguments are read against the declared input schema, its
// results validated against the declared output schema.
func TestDeclaredSchemasThroughCall(t *testing.T) {
	f := newFixture(t, "", withOpenTools(t, openInput))
	// As it is, the tool does not bind.
	h, err := host.New(f.cs, f.mon, host.Options{ServerID: "fixture"}, read("read_open"))
	if err != nil {
		t.Fatal(err)
	}
	var he *host.Error
	if _, err := h.Discover(context.Background()); !errors.As(err, &he) || he.Code != agentinput.EnvelopeMCPSchemaUnsupported {
		t.Fatalf("the open schema bound as it is: %v", err)
	}

	h = f.bind(t, host.Options{}, declared("read_open"), declared("read_open_big"))
	res := h.Call(context.Background(), "read_open", json.RawMessage(`{"amount": "4 000", "date_from": "1. 10. 2026", "limit": 5}`))
	if res.Envelope != nil {
		t.Fatalf("got %s", envelopeJSON(t, res))
	}
	if got := f.got("read_open"); len(got) != 1 || got[0] != `{"amount":4000,"date_from":"2026-10-01","limit":5}` {
		t.Fatalf("the server got %v", got)
	}
	if string(res.Success.Structured) != `{"total":7}` {
		t.Errorf("structured: %s", res.Success.Structured)
	}
	if len(res.Notes) == 0 {
		t.Error("no note for the grouped number or the date")
	}

	// What the declared schema leaves out is refused before sending, even
	// though the remote's would take it.
	for _, args := range []string{`{"amount": 1, "source": "https://example.com"}`, `{"amount": 1, "other": 1}`, `{"amount": -1}`} {
		res = h.Call(context.Background(), "read_open", json.RawMessage(args))
		if res.Envelope == nil || res.Envelope.Code != agentinput.EnvelopeMCPInvalidArguments {
			t.Errorf("%s: got %+v", args, res.Success)
		}
	}
	if n := len(f.got("read_open")); n != 1 {
		t.Errorf("%d calls reached the server, want 1", n)
	}
	// The declared bounds are the ones read against: a limit over the
	// declared maximum (which the remote's schema does not bound) is
	// clamped to it, with a note, as agentinput reads a limit.
	res = h.Call(context.Background(), "read_open", json.RawMessage(`{"amount": 1, "limit": 500}`))
	if got := f.got("read_open"); res.Envelope != nil || len(got) != 2 || got[1] != `{"amount":1,"limit":100}` || len(res.Notes) != 1 || res.Notes[0].Code != "clamped" {
		t.Errorf("a limit over the declared maximum: %v %+v", got, res.Notes)
	}

	// A result the remote's schema admits but the declared one does not.
	res = h.Call(context.Background(), "read_open_big", json.RawMessage(`{"amount": 1}`))
	if res.Envelope == nil || res.Envelope.Code != agentinput.EnvelopeMCPResultInvalid {
		t.Fatalf("a result outside the declared output schema: %+v", res.Success)
	}

	// The snapshot keeps both: the declared schemas it uses, and the
	// remote's as sent; the proxy serves the declared input schema.
	snap, _ := h.Current()
	e := snap.Entries()[0]
	if !slices.Equal(e.Declared, []string{"input", "output"}) || !strings.Contains(string(e.RemoteInputSchema), "draft-07") ||
		!strings.Contains(string(e.RemoteOutputSchema), "draft-07") || strings.Contains(string(e.InputSchema), "uri") ||
		!strings.Contains(string(e.OutputSchema), `"maximum":10`) {
		t.Errorf("entry: %+v", e)
	}
	raw, _ := json.Marshal(snap)
	for _, key := range []string{`"remote_input_schema"`, `"remote_output_schema"`, `"declared":["input","output"]`} {
		if !strings.Contains(string(raw), key) {
			t.Errorf("the snapshot JSON lacks %s", key)
		}
	}
	for _, tool := range h.Tools() {
		if tool.Name == "read_open" {
			schema, _ := json.Marshal(tool.InputSchema)
			if strings.Contains(string(schema), "source") || !strings.Contains(string(schema), `"additionalProperties":false`) {
				t.Errorf("served input schema: %s", schema)
			}
		}
	}
}

// A declared schema that is not a subset is refused at discovery, naming
// the construct; one outside the profile is refused by New.
func TestDeclaredSchemasRefused(t *testing.T) {
	f := newFixture(t, "", withOpenTools(t, openInput))
	cases := map[string]struct{ in, out, want string }{
		"a requirement dropped": {`{"type":"object","additionalProperties":false,"properties":{"amount":{"type":"number","minimum":0}}}`, "",
			`the input schema declared by the binding admits values the remote's does not (or that the host cannot prove it admits): the root: the remote schema requires "amount"`},
		"a bound loosened": {`{"type":"object","additionalProperties":false,"required":["amount"],"properties":{"amount":{"type":"number"}}}`, "",
			`/properties/amount: the remote schema's "minimum" 0 is not implied`},
		"the uri kept": {`{"type":"object","additionalProperties":false,"required":["amount"],"properties":{"amount":{"type":"integer","minimum":0},"source":{"type":"string"}}}`, "",
			`/properties/source: the remote schema's format "uri" cannot be proved to hold`},
		"an output wider": {declaredInput, `{"type":"object","additionalProperties":false,"required":["total"],"properties":{"total":{"type":"number"}}}`,
			`the output schema declared by the binding admits values the remote's does not`},
	}
	for name, c := range cases {
		t.Run(name, func(t *testing.T) {
			b := read("read_open")
			b.InputSchema = json.RawMessage(c.in)
			if c.out != "" {
				b.OutputSchema = json.RawMessage(c.out)
			} else {
				b.OutputSchema = json.RawMessage(declaredOutput)
			}
			h, err := host.New(f.cs, f.mon, host.Options{ServerID: "fixture"}, b)
			if err != nil {
				t.Fatal(err)
			}
			_, err = h.Discover(context.Background())
			var he *host.Error
			if !errors.As(err, &he) || he.Code != agentinput.EnvelopeMCPSchemaUnsupported || !strings.Contains(he.Reason, c.want) {
				t.Fatalf("got %v, want it to say %q", err, c.want)
			}
		})
	}
	for name, c := range map[string]struct{ in, want string }{
		"open":     {`{"type":"object","properties":{}}`, "does not fit the profile: the root is an object open to extra properties"},
		"draft-07": {`{"$schema":"http://json-schema.org/draft-07/schema#","type":"object","additionalProperties":false}`, "does not fit the profile: $schema"},
		"not JSON": {`{"type":`, "is not JSON"},
		"null":     {`null`, "the schema is not a JSON object"},
	} {
		b := read("read_open")
		b.InputSchema = json.RawMessage(c.in)
		if err := host.Check(host.Options{ServerID: "fixture"}, b); err == nil || !strings.Contains(err.Error(), "the declared input schema "+c.want) && !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: got %v", name, err)
		}
	}
}

// The digest covers the remote schema as sent: a remote change is seen
// even when the declared schema, which the host uses, did not change.
func TestDeclaredDigestCoversRemote(t *testing.T) {
	changed := strings.Replace(openInput, `"minimum":0`, `"minimum":0,"description":"changed upstream"`, 1)
	var digests []string
	for _, remote := range []string{openInput, openInput, changed} {
		f := newFixture(t, "", withOpenTools(t, remote))
		h := f.bind(t, host.Options{}, declared("read_open"))
		snap, _ := h.Current()
		digests = append(digests, snap.Digest())
		if e := snap.Entries()[0]; string(e.InputSchema) != string(canonicalJSON(t, declaredInput)) {
			t.Fatalf("the schema in use is not the declared one: %s", e.InputSchema)
		}
	}
	if digests[0] != digests[1] {
		t.Error("the same catalog discovered twice has two digests")
	}
	if digests[0] == digests[2] {
		t.Error("the remote schema changed, and the digest did not")
	}
}

func canonicalJSON(t testing.TB, s string) []byte {
	t.Helper()
	var v any
	if err := json.Unmarshal([]byte(s), &v); err != nil {
		t.Fatal(err)
	}
	b, _ := json.Marshal(v)
	return b
}

// Survey suggests a declared schema for each tool that does not bind as
// it is, and offers only those the subset checker proves: a derivation
// the checker refuses (a oneOf of overlapping types, turned into a type
// list) stays unsupported, with the checker's reason; so does a tool with
// a required property no profile schema can carry (a pattern).
func TestSurveySuggestsOnlyProvedSchemas(t *testing.T) {
	f := newFixture(t, "", withOpenTools(t, openInput), func(f *fixture) {
		f.add("read_overlap", decodeMap(t, `{"type":"object","properties":{"n":{"oneOf":[{"type":"integer"},{"type":"number"}]}},"required":["n"]}`), nil, nil)
		f.add("read_pattern", decodeMap(t, `{"type":"object","properties":{"code":{"type":"string","pattern":"^[A-Z]{3}$"}},"required":["code"]}`), nil, nil)
	})
	res, err := host.Survey(context.Background(), f.cs, f.mon, host.Options{ServerID: "fixture"})
	if err != nil {
		t.Fatal(err)
	}
	suggested := map[string]host.Suggestion{}
	for _, s := range res.Suggested {
		suggested[s.Remote] = s
	}
	open, ok := suggested["read_open"]
	if !ok || !strings.Contains(open.Reason, "draft-07") || len(open.Notes) != 3 || !strings.Contains(open.Notes[0], "/properties/source left out") ||
		open.Notes[1] != "input the root closed: the remote takes properties beyond the 3 listed; add any others the tool is called with" ||
		open.Notes[2] != "output the root closed: the remote takes properties beyond the 1 listed; add any others the tool is called with" ||
		string(open.InputSchema) != `{"additionalProperties":false,"properties":{"amount":{"minimum":0,"type":"number"},"date_from":{"type":"string"},"limit":{"type":"integer"}},"required":["amount"],"type":"object"}` ||
		string(open.OutputSchema) != `{"additionalProperties":false,"properties":{"total":{"type":"integer"}},"required":["total"],"type":"object"}` {
		t.Errorf("read_open: %+v", open)
	}
	unsupported := map[string]string{}
	for _, u := range res.Unsupported {
		unsupported[u.Remote] = u.Reason
	}
	for name, want := range map[string]string{
		"read_overlap": "branch 1 cannot be proved not to take them",
		"read_pattern": "/properties/code: a pattern",
	} {
		if _, offered := suggested[name]; offered || !strings.Contains(unsupported[name], "no strict schema can be suggested: ") || !strings.Contains(unsupported[name], want) {
			t.Errorf("%s: offered %v, unsupported %q, want it to say %q", name, offered, unsupported[name], want)
		}
	}
	// The suggested tools are in the snapshot, bound with their declared
	// schemas; the tools that fit as they are, without.
	declaredIn := map[string]bool{}
	for _, e := range res.Snapshot.Entries() {
		declaredIn[e.Remote] = len(e.Declared) > 0
	}
	if !declaredIn["read_open"] || declaredIn["read_orders"] {
		t.Errorf("snapshot: %v", declaredIn)
	}
}
