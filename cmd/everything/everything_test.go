//lint:file-ignore SA1019 the test checks MCP sampling and logging, deprecated from protocol 2026-07-28 but served

package main

import (
	"bufio"
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"image/png"
	"io"
	"log/slog"
	"os"
	"os/exec"
	"strings"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"agentinput.dev/factory/catalog"
	agentmcp "agentinput.dev/factory/mcp"
	"agentinput.dev/internal/longtest"
	"agentinput.dev/internal/mcpload"
)

// client is a go-sdk client of the everything server, in memory, on the
// protocol version the conformance suite speaks (2025-11-25: the server
// may send sampling and elicitation requests during a call), with the
// notifications it gets.
type client struct {
	cs       *sdk.ClientSession
	logs     chan *sdk.LoggingMessageParams
	progress chan *sdk.ProgressNotificationParams
	elicited chan *sdk.ElicitParams
}

func connect(t *testing.T) *client {
	t.Helper()
	server, err := newServer(slog.New(slog.NewTextHandler(io.Discard, nil)))
	if err != nil {
		t.Fatal(err)
	}
	c := &client{logs: make(chan *sdk.LoggingMessageParams, 16), progress: make(chan *sdk.ProgressNotificationParams, 16),
		elicited: make(chan *sdk.ElicitParams, 4)}
	st, ct := sdk.NewInMemoryTransports()
	if _, err := server.Connect(context.Background(), st, nil); err != nil {
		t.Fatal(err)
	}
	cl := sdk.NewClient(&sdk.Implementation{Name: "test", Version: "v0"}, &sdk.ClientOptions{
		LoggingMessageHandler:       func(_ context.Context, r *sdk.LoggingMessageRequest) { c.logs <- r.Params },
		ProgressNotificationHandler: func(_ context.Context, r *sdk.ProgressNotificationClientRequest) { c.progress <- r.Params },
		CreateMessageHandler: func(_ context.Context, r *sdk.CreateMessageRequest) (*sdk.CreateMessageResult, error) {
			text := ""
			if m, ok := r.Params.Messages[0].Content.(*sdk.TextContent); ok {
				text = m.Text
			}
			return &sdk.CreateMessageResult{Role: "assistant", Content: &sdk.TextContent{Text: "echo " + text}, Model: "test-model"}, nil
		},
		ElicitationHandler: func(_ context.Context, r *sdk.ElicitRequest) (*sdk.ElicitResult, error) {
			c.elicited <- r.Params
			if strings.Contains(r.Params.Message, "your information") {
				return &sdk.ElicitResult{Action: "accept", Content: map[string]any{"username": "testuser", "email": "test@example.com"}}, nil
			}
			return &sdk.ElicitResult{Action: "decline"}, nil
		},
	})
	c.cs, err = cl.Connect(context.Background(), ct, &sdk.ClientSessionOptions{ProtocolVersion: "2025-11-25"})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.cs.Close() })
	return c
}

func (c *client) call(t *testing.T, name string, args any) *sdk.CallToolResult {
	t.Helper()
	res, err := c.cs.CallTool(context.Background(), &sdk.CallToolParams{Name: name, Arguments: args})
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	return res
}

func text(t *testing.T, res *sdk.CallToolResult, i int) string {
	t.Helper()
	if len(res.Content) <= i {
		t.Fatalf("no block %d in %d", i, len(res.Content))
	}
	c, ok := res.Content[i].(*sdk.TextContent)
	if !ok {
		t.Fatalf("block %d is %T, not text", i, res.Content[i])
	}
	return c.Text
}

// receive waits for n values of ch, bounded so that a missing notification
// fails the test instead of hanging it.
func receive[T any](t *testing.T, ch <-chan T, n int, what string) []T {
	t.Helper()
	var out []T
	for len(out) < n {
		select {
		case v := <-ch:
			out = append(out, v)
		case <-time.After(30 * time.Second):
			t.Fatalf("%d of %d %s reached the client", len(out), n, what)
		}
	}
	return out
}

// TestContentTools: the fixtures' content, as the conformance suite reads
// it.
func TestContentTools(t *testing.T) {
	c := connect(t)
	if got := text(t, c.call(t, "test_simple_text", nil), 0); got != "This is a simple text response for testing." {
		t.Errorf("test_simple_text: %q", got)
	}
	res := c.call(t, "test_image_content", map[string]any{})
	img, ok := res.Content[0].(*sdk.ImageContent)
	if !ok || img.MIMEType != "image/png" {
		t.Fatalf("test_image_content: %#v", res.Content[0])
	}
	if cfg, err := png.DecodeConfig(bytes.NewReader(img.Data)); err != nil || cfg.Width != 1 || cfg.Height != 1 {
		t.Errorf("the image is no 1x1 PNG: %v %+v", err, cfg)
	}
	res = c.call(t, "test_audio_content", map[string]any{})
	if a, ok := res.Content[0].(*sdk.AudioContent); !ok || a.MIMEType != "audio/wav" || !bytes.HasPrefix(a.Data, []byte("RIFF")) || len(a.Data) != 44+1600 {
		t.Errorf("test_audio_content: %#v", res.Content[0])
	}
	res = c.call(t, "test_embedded_resource", map[string]any{})
	if r, ok := res.Content[0].(*sdk.EmbeddedResource); !ok || r.Resource.URI != "test://embedded-resource" ||
		r.Resource.MIMEType != "text/plain" || r.Resource.Text != "This is an embedded resource content." {
		t.Errorf("test_embedded_resource: %#v", res.Content[0])
	}
	res = c.call(t, "test_multiple_content_types", map[string]any{})
	var types []string
	for _, b := range res.Content {
		raw, _ := json.Marshal(b)
		var w struct{ Type string }
		_ = json.Unmarshal(raw, &w)
		types = append(types, w.Type)
	}
	if strings.Join(types, ",") != "text,image,resource" {
		t.Errorf("test_multiple_content_types: %v", types)
	}
	if r, ok := res.Content[2].(*sdk.EmbeddedResource); !ok || r.Resource.Text != `{"test":"data","value":123}` || r.Resource.MIMEType != "application/json" {
		t.Errorf("mixed resource %#v", res.Content[2])
	}
}

// TestErrorTool: test_error_handling answers the envelope as an isError
// result whose first block is the message.
func TestErrorTool(t *testing.T) {
	res := connect(t).call(t, "test_error_handling", map[string]any{})
	if !res.IsError || !strings.Contains(text(t, res, 0), "This tool intentionally returns an error for testing") {
		t.Errorf("result %+v", res)
	}
	env, _ := json.Marshal(res.StructuredContent)
	if !strings.Contains(string(env), `"code":"tool_failed"`) {
		t.Errorf("envelope %s", env)
	}
}

// TestLoggingAndProgressTools: three log messages at info, and progress
// 0, 50, 100 of 100 under the call's token.
func TestLoggingAndProgressTools(t *testing.T) {
	c := connect(t)
	if err := c.cs.SetLoggingLevel(context.Background(), &sdk.SetLoggingLevelParams{Level: "debug"}); err != nil {
		t.Fatal(err)
	}
	if res := c.call(t, "test_tool_with_logging", map[string]any{}); res.IsError {
		t.Fatal(text(t, res, 0))
	}
	var got []string
	for _, l := range receive(t, c.logs, 3, "log messages") {
		if l.Level != "info" || l.Logger != "test_tool_with_logging" {
			t.Errorf("log %+v", l)
		}
		got = append(got, l.Data.(string))
	}
	if strings.Join(got, "|") != "Tool execution started|Tool processing data|Tool execution completed" {
		t.Errorf("logs %q", got)
	}

	params := &sdk.CallToolParams{Name: "test_tool_with_progress", Arguments: map[string]any{}}
	params.SetProgressToken("progress-test-1")
	if res, err := c.cs.CallTool(context.Background(), params); err != nil || res.IsError {
		t.Fatalf("progress: %v %+v", err, res)
	}
	var steps []float64
	for _, p := range receive(t, c.progress, 3, "progress notifications") {
		if p.ProgressToken != "progress-test-1" || p.Total != 100 {
			t.Errorf("progress %+v", p)
		}
		steps = append(steps, p.Progress)
	}
	if len(steps) != 3 || steps[0] != 0 || steps[1] != 50 || steps[2] != 100 {
		t.Errorf("progress %v", steps)
	}
}

// TestSamplingAndElicitationTools: test_sampling answers the client's
// model, the elicitation fixtures send their forms and answer the user's
// action; a missing required argument is asked about.
func TestSamplingAndElicitationTools(t *testing.T) {
	c := connect(t)
	if got := text(t, c.call(t, "test_sampling", map[string]any{"prompt": "Test prompt for sampling"}), 0); got != "LLM response: echo Test prompt for sampling" {
		t.Errorf("test_sampling: %q", got)
	}
	res := c.call(t, "test_sampling", map[string]any{})
	if !res.IsError || !strings.Contains(text(t, res, 0), "/prompt") {
		t.Errorf("test_sampling without a prompt: %s", text(t, res, 0))
	}

	got := text(t, c.call(t, "test_elicitation", map[string]any{"message": "Please provide your information"}), 0)
	if got != `User response: action=accept, content={"email":"test@example.com","username":"testuser"}` {
		t.Errorf("test_elicitation: %q", got)
	}
	form := receive(t, c.elicited, 1, "elicitations")[0]
	schema, _ := json.Marshal(form.RequestedSchema)
	if !strings.Contains(string(schema), `"required":["username","email"]`) {
		t.Errorf("form %s", schema)
	}

	for name, want := range map[string]string{
		"test_elicitation_sep1034_defaults": `"default":95.5`,
		"test_elicitation_sep1330_enums":    `"enumNames":["Option One","Option Two","Option Three"]`,
	} {
		if got := text(t, c.call(t, name, map[string]any{}), 0); got != "Elicitation completed: action=decline, content=null" {
			t.Errorf("%s: %q", name, got)
		}
		form := receive(t, c.elicited, 1, "elicitations")[0]
		schema, _ := json.Marshal(form.RequestedSchema)
		if !strings.Contains(string(schema), want) {
			t.Errorf("%s: form %s lacks %s", name, schema, want)
		}
	}
}

// TestSchemaTool: json_schema_2020_12_tool lists its schema's $schema,
// $defs and additionalProperties as written, reads a call, and asks about
// a property the schema does not declare.
func TestSchemaTool(t *testing.T) {
	c := connect(t)
	list, err := c.cs.ListTools(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	var schema map[string]any
	for _, tool := range list.Tools {
		if tool.Description == "" {
			t.Errorf("%s has no description", tool.Name)
		}
		if tool.Name == "json_schema_2020_12_tool" {
			raw, _ := json.Marshal(tool.InputSchema)
			_ = json.Unmarshal(raw, &schema)
		}
	}
	defs, _ := schema["$defs"].(map[string]any)
	if schema["$schema"] != "https://json-schema.org/draft/2020-12/schema" || defs["address"] == nil || schema["additionalProperties"] != false {
		t.Errorf("schema %v", schema)
	}
	res := c.call(t, "json_schema_2020_12_tool", map[string]any{"name": "Ada", "address": map[string]any{"city": "London"}})
	if res.IsError || text(t, res, 0) != `Received the arguments {"address":{"city":"London"},"name":"Ada"}` {
		t.Errorf("call: %s", text(t, res, 0))
	}
	res = c.call(t, "json_schema_2020_12_tool", map[string]any{"nmae": "Ada"})
	if !res.IsError || !strings.Contains(text(t, res, 0), "name") {
		t.Errorf("an unknown property: %s", text(t, res, 0))
	}
}

// rpcError is the JSON-RPC error of err, with its data decoded as the
// catalog writes it ({uri or prompt, hint, issues}).
func rpcError(t *testing.T, err error, what string) (*jsonrpc.Error, catalog.ErrorData) {
	t.Helper()
	var e *jsonrpc.Error
	if !errors.As(err, &e) {
		t.Fatalf("%s: %v (%T), not a JSON-RPC error", what, err, err)
	}
	var data catalog.ErrorData
	if err := json.Unmarshal(e.Data, &data); err != nil || data.Hint == "" {
		t.Errorf("%s: data %s (%v): want {uri or prompt, hint, issues}", what, e.Data, err)
	}
	return e, data
}

// checkMeta checks a contents object's Shape A _meta against the bytes
// it serves: sha256 is their hex SHA-256, seal_id seals it to the URI and
// the contract version, and the declared provenance is there.
func checkMeta(t *testing.T, c *sdk.ResourceContents, evidence string) {
	t.Helper()
	served := []byte(c.Text)
	if c.Blob != nil {
		served = c.Blob
	}
	sum := sha256.Sum256(served)
	digest := hex.EncodeToString(sum[:])
	m := c.Meta
	if m[catalog.MetaSHA256] != digest || m[catalog.MetaEvidenceClass] != evidence || m[catalog.MetaAuthority] != fixtures.Authority ||
		m[catalog.MetaContractVersion] != fixtures.ContractVersion {
		t.Errorf("%s: _meta %v, want sha256 %s, evidence_class %s and the fixtures' provenance", c.URI, m, digest, evidence)
	}
	seal := sha256.Sum256([]byte(fixtures.ContractVersion + "\n" + c.URI + "\n" + digest))
	if m[catalog.MetaSealID] != "seal-"+hex.EncodeToString(seal[:16]) {
		t.Errorf("%s: seal_id %v does not seal the digest to the URI", c.URI, m[catalog.MetaSealID])
	}
}

// TestCapabilities: initialize declares what the server serves: tools,
// logging, and from the catalog resources (with the subscribe go-sdk
// serves), prompts and completions, none with listChanged but tools.
func TestCapabilities(t *testing.T) {
	caps, err := json.Marshal(connect(t).cs.InitializeResult().Capabilities)
	if err != nil {
		t.Fatal(err)
	}
	if want := `{"completions":{},"logging":{},"prompts":{},"resources":{"subscribe":true},"tools":{"listChanged":true}}`; string(caps) != want {
		t.Errorf("capabilities %s, want %s", caps, want)
	}
}

// TestResources: the catalog's listings carry annotations, its reads
// Shape A _meta over the bytes served; a template's {id} is a number,
// read by its kind and served under its canonical URI; failures are
// JSON-RPC errors with structured data; subscriptions are go-sdk's.
func TestResources(t *testing.T) {
	c := connect(t)
	ctx := context.Background()
	list, err := c.cs.ListResources(ctx, nil)
	if err != nil {
		t.Fatal(err)
	}
	var uris []string
	for _, r := range list.Resources {
		uris = append(uris, r.URI)
		a := r.Annotations
		if a == nil || len(a.Audience) == 0 || !(a.Priority > 0 && a.Priority <= 1) || a.LastModified != "2026-12-05T00:00:00Z" || r.Title == "" || r.Title == r.Name {
			t.Errorf("%s: annotations %+v, title %q", r.URI, a, r.Title)
		}
	}
	if got := strings.Join(uris, " "); got != "test://static-text test://static-binary test://watched-resource test://example-resource" {
		t.Errorf("resources %s", got)
	}
	templates, err := c.cs.ListResourceTemplates(ctx, nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(templates.ResourceTemplates) != 1 || templates.ResourceTemplates[0].URITemplate != "test://template/{id}/data" ||
		templates.ResourceTemplates[0].Annotations == nil || templates.ResourceTemplates[0].Annotations.LastModified != "" {
		t.Errorf("templates %+v", templates.ResourceTemplates)
	}

	read := func(uri string) *sdk.ReadResourceResult {
		t.Helper()
		res, err := c.cs.ReadResource(ctx, &sdk.ReadResourceParams{URI: uri})
		if err != nil || len(res.Contents) != 1 {
			t.Fatalf("%s: %v %+v", uri, err, res)
		}
		return res
	}
	r := read("test://static-text").Contents[0]
	if r.Text != staticText || r.MIMEType != "text/plain" {
		t.Errorf("static text %+v", r)
	}
	checkMeta(t, r, "record")
	r = read("test://static-binary").Contents[0]
	if !bytes.Equal(r.Blob, redPixelPNG) || r.MIMEType != "image/png" {
		t.Errorf("static binary %+v", r)
	}
	checkMeta(t, r, "record")
	res := read("test://template/123/data")
	r = res.Contents[0]
	if r.URI != "test://template/123/data" || r.Text != `{"id":"123","templateTest":true,"data":"Data for ID: 123"}` || res.Meta != nil {
		t.Errorf("template %+v, _meta %v", r, res.Meta)
	}
	checkMeta(t, r, "derived")

	// Another spelling of the id is served under the canonical URI, with
	// the notes that say how it was read.
	res = read("test://template/1_000/data")
	r = res.Contents[0]
	if r.URI != "test://template/1000/data" || !strings.Contains(r.Text, `"Data for ID: 1000"`) {
		t.Errorf("template 1_000: %+v", r)
	}
	checkMeta(t, r, "derived")
	notes, _ := json.Marshal(res.Meta[agentmcp.MetaNotes])
	if !strings.Contains(string(notes), `"code":"canonical_uri"`) || !strings.Contains(string(notes), `"code":"grouping"`) {
		t.Errorf("template 1_000: notes %s", notes)
	}

	_, err = c.cs.ReadResource(ctx, &sdk.ReadResourceParams{URI: "test://template/abc/data"})
	e, data := rpcError(t, err, "template abc")
	if e.Code != catalog.CodeInvalidParams || data.URI != "test://template/abc/data" || len(data.Issues) != 1 || data.Issues[0].Path != "/id" {
		t.Errorf("template abc: %v, data %+v", e, data)
	}
	_, err = c.cs.ReadResource(ctx, &sdk.ReadResourceParams{URI: "test://nothing"})
	if e, data := rpcError(t, err, "an unknown resource"); e.Code != catalog.CodeResourceNotFound || data.URI != "test://nothing" {
		t.Errorf("an unknown resource: %v, data %+v", e, data)
	}

	if err := c.cs.Subscribe(ctx, &sdk.SubscribeParams{URI: "test://watched-resource"}); err != nil {
		t.Error(err)
	}
	if err := c.cs.Unsubscribe(ctx, &sdk.UnsubscribeParams{URI: "test://watched-resource"}); err != nil {
		t.Error(err)
	}
}

// TestPrompts: the four prompts; arguments read by their kinds (another
// spelling with a message that says how, a value outside the set a
// JSON-RPC error with structured data); the embedded resource is read
// through the catalog, and a URI of no resource is the read's error.
func TestPrompts(t *testing.T) {
	c := connect(t)
	ctx := context.Background()
	get := func(name string, args map[string]string) (string, error) {
		t.Helper()
		res, err := c.cs.GetPrompt(ctx, &sdk.GetPromptParams{Name: name, Arguments: args})
		if err != nil {
			return "", err
		}
		raw, _ := json.Marshal(res.Messages)
		return string(raw), nil
	}
	prompt := func(name string, args map[string]string) string {
		t.Helper()
		got, err := get(name, args)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		return got
	}
	list, err := c.cs.ListPrompts(ctx, nil)
	if err != nil || len(list.Prompts) != 4 {
		t.Fatalf("prompts %v %+v", err, list)
	}
	for _, p := range list.Prompts {
		if p.Description == "" || p.Title == "" || p.Title == p.Name {
			t.Errorf("prompt %+v", p)
		}
	}
	if got := prompt("test_simple_prompt", nil); !strings.Contains(got, "This is a simple prompt for testing.") {
		t.Errorf("simple prompt %s", got)
	}
	for _, args := range [][2]string{{"testValue1", "testValue2"}, {"hello", "world"}} {
		want := "arg1='" + args[0] + "', arg2='" + args[1] + "'"
		if got := prompt("test_prompt_with_arguments", map[string]string{"arg1": args[0], "arg2": args[1]}); !strings.Contains(got, want) || strings.Contains(got, "Arguments read") {
			t.Errorf("prompt with arguments %v: %s", args, got)
		}
	}
	if got := prompt("test_prompt_with_arguments", map[string]string{"arg1": "TEST_VALUE_1", "arg2": "World"}); !strings.Contains(got, "Arguments read: ") ||
		!strings.Contains(got, "arg1='testValue1', arg2='world'") {
		t.Errorf("prompt with arguments in other spellings: %s", got)
	}
	_, err = get("test_prompt_with_arguments", map[string]string{"arg1": "elsewhere", "arg2": "world"})
	if e, data := rpcError(t, err, "a bad argument"); e.Code != catalog.CodeInvalidParams || data.Prompt != "test_prompt_with_arguments" ||
		len(data.Issues) != 1 || data.Issues[0].Path != "/arg1" || data.Issues[0].Code == "" {
		t.Errorf("a bad argument: %v, data %+v", e, data)
	}
	_, err = get("test_no_such_prompt", nil)
	if e, data := rpcError(t, err, "an unknown prompt"); e.Code != catalog.CodeInvalidParams || data.Prompt != "test_no_such_prompt" || !strings.Contains(data.Hint, "test_simple_prompt") {
		t.Errorf("an unknown prompt: %v, data %+v", e, data)
	}

	res, err := c.cs.GetPrompt(ctx, &sdk.GetPromptParams{Name: "test_prompt_with_embedded_resource", Arguments: map[string]string{"resourceUri": "test://example-resource"}})
	if err != nil || len(res.Messages) != 2 {
		t.Fatalf("prompt with a resource: %v %+v", err, res)
	}
	emb, ok := res.Messages[0].Content.(*sdk.EmbeddedResource)
	if !ok || emb.Resource.URI != "test://example-resource" || emb.Resource.Text != exampleText || emb.Annotations == nil || emb.Annotations.Priority != 0.3 {
		t.Fatalf("prompt with a resource: %#v", res.Messages[0].Content)
	}
	checkMeta(t, emb.Resource, "record")
	if got := prompt("test_prompt_with_embedded_resource", map[string]string{"resourceUri": "test://template/007/data"}); !strings.Contains(got, `"uri":"test://template/7/data"`) {
		t.Errorf("prompt with a template's resource: %s", got)
	}
	_, err = get("test_prompt_with_embedded_resource", map[string]string{"resourceUri": "test://nothing"})
	if e, data := rpcError(t, err, "an embedded URI of no resource"); e.Code != catalog.CodeResourceNotFound || data.URI != "test://nothing" {
		t.Errorf("an embedded URI of no resource: %v, data %+v", e, data)
	}
	if got := prompt("test_prompt_with_image", nil); !strings.Contains(got, `"type":"image"`) || !strings.Contains(got, `"mimeType":"image/png"`) {
		t.Errorf("prompt with an image %s", got)
	}
}

// TestCompletions: the catalog completes the enum arguments from their
// values, and nothing else.
func TestCompletions(t *testing.T) {
	c := connect(t)
	complete := func(ref *sdk.CompleteReference, arg, value string) []string {
		t.Helper()
		res, err := c.cs.Complete(context.Background(), &sdk.CompleteParams{Ref: ref, Argument: sdk.CompleteParamsArgument{Name: arg, Value: value}})
		if err != nil {
			t.Fatal(err)
		}
		return res.Completion.Values
	}
	args := &sdk.CompleteReference{Type: "ref/prompt", Name: "test_prompt_with_arguments"}
	for _, tc := range []struct{ arg, value, want string }{
		{"arg1", "par", "paris,park,party"},
		{"arg1", "test", "test,testValue1"}, // what the suite sends
		{"arg1", "PAR", "paris,park,party"},
		{"arg2", "w", "world"},
		{"arg1", "x", ""},
	} {
		if got := complete(args, tc.arg, tc.value); strings.Join(got, ",") != tc.want {
			t.Errorf("completions of %s %q: %v, want %s", tc.arg, tc.value, got, tc.want)
		}
	}
	for _, tc := range []struct {
		ref *sdk.CompleteReference
		arg string
	}{
		{args, "arg3"},
		{&sdk.CompleteReference{Type: "ref/prompt", Name: "test_prompt_with_embedded_resource"}, "resourceUri"},
		{&sdk.CompleteReference{Type: "ref/resource", URI: "test://template/{id}/data"}, "id"},
	} {
		if got := complete(tc.ref, tc.arg, "t"); got == nil || len(got) != 0 {
			t.Errorf("completions of %s: %#v, want an empty list", tc.arg, got)
		}
	}
}

// TestMain runs the server itself when the test binary is re-executed
// with AGENTINPUT_TEST_CHILD=everything (TestHTTPBurst).
func TestMain(m *testing.M) {
	if os.Getenv("AGENTINPUT_TEST_CHILD") == "everything" {
		os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
	}
	os.Exit(m.Run())
}

// TestHTTPBurst: 64 clients at once, 50 calls each, on the server as a
// process over HTTP on 127.0.0.1 with the default bound: none refused.
func TestHTTPBurst(t *testing.T) {
	longtest.Skip(t, "starts everything as a child process and puts HTTP load on it")
	cmd := exec.Command(os.Args[0], "--http", "127.0.0.1:0")
	cmd.Env = append(os.Environ(), "AGENTINPUT_TEST_CHILD=everything")
	stderr, err := cmd.StderrPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cmd.Process.Kill(); cmd.Wait() })
	found := make(chan string, 1)
	go func() {
		sc := bufio.NewScanner(stderr)
		for sc.Scan() {
			if _, url, ok := strings.Cut(sc.Text(), "url="); ok {
				found <- strings.Fields(url)[0]
			}
		}
		close(found)
	}()
	var url string
	select {
	case u, ok := <-found:
		if !ok {
			t.Fatal("everything exited before it listened")
		}
		url = u
	case <-time.After(30 * time.Second):
		t.Fatal("everything did not listen in 30 s")
	}
	c := mcpload.Run(url, 64, 50, "test_simple_text", "{}")
	if c.Refused != 0 || len(c.Failures) != 0 || c.OK != c.Calls {
		t.Fatalf("64 clients × 50 calls: %d of %d answered, %d refused, failures %q", c.OK, c.Calls, c.Refused, c.Failures)
	}
}
