package main

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	asqlite "agentinput.dev/approval/sqlite"
	"agentinput.dev/host"
)

// A binding file with declared schemas, as discover writes one (with why
// and what the suggestion leaves out), reads back into host bindings that
// carry the same schemas; the notes are the reader's, ignored.
func TestBindFileDeclaredSchemasRoundTrip(t *testing.T) {
	in := json.RawMessage(`{"type":"object","additionalProperties":false,"properties":{"path":{"type":"string"}},"required":["path"]}`)
	out := json.RawMessage(`{"type":"object","additionalProperties":false,"properties":{"content":{"type":"string"}},"required":["content"]}`)
	f := &bindFile{ServerID: "filesystem", Tools: []bindTool{{Remote: "read_text_file", Policy: "read", Concurrency: "parallel",
		Scope: json.RawMessage(`"none"`), InputSchema: in, OutputSchema: out,
		DeclaredBecause: "mcp_schema_unsupported: the input schema does not fit the profile: …", SuggestionNotes: []string{"input /properties/x left out"}}}}
	raw, err := writeBindFile(f)
	if err != nil {
		t.Fatal(err)
	}
	path := writeFile(t, filepath.Join(t.TempDir(), "bind.json"), string(raw))
	back, err := readBindFile(path)
	if err != nil {
		t.Fatal(err)
	}
	bindings, err := back.bindings(path)
	if err != nil {
		t.Fatal(err)
	}
	if len(bindings) != 1 || canonicalJSON(bindings[0].InputSchema) != canonicalJSON(in) || canonicalJSON(bindings[0].OutputSchema) != canonicalJSON(out) {
		t.Fatalf("bindings: %+v", bindings)
	}
	if err := host.Check(host.Options{ServerID: "filesystem"}, bindings...); err != nil {
		t.Fatal(err)
	}
	// A declared schema outside the profile is refused before any server
	// is started.
	bindings[0].InputSchema = json.RawMessage(`{"type":"object","properties":{}}`)
	if err := host.Check(host.Options{ServerID: "filesystem"}, bindings...); err == nil || !strings.Contains(err.Error(), "the declared input schema does not fit the profile") {
		t.Fatalf("an open declared schema: %v", err)
	}
	// An unknown field is refused, as everywhere in the file.
	bad := writeFile(t, filepath.Join(t.TempDir(), "bad.json"), `{"server_id": "x", "tools": [{"remote": "a", "policy": "read", "scope": "none", "concurrency": "parallel", "input_schemas": {}}]}`)
	if _, err := readBindFile(bad); err == nil || !strings.Contains(err.Error(), "input_schemas") {
		t.Fatalf("an unknown field: %v", err)
	}
}

// The checked-in binding files (testdata/bind) bind against the catalogs
// the npm servers listed (host/testdata/servers, their tools/list), served
// by a go-sdk server in memory: every declared schema fits the profile and
// is proved a subset of the remote's, with no node needed.
func TestCheckedInBindFilesBind(t *testing.T) {
	store, err := asqlite.Open(filepath.Join(t.TempDir(), "approvals.db"), asqlite.Options{})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { store.Close() })
	for _, server := range []string{"everything", "filesystem", "memory"} {
		t.Run(server, func(t *testing.T) {
			path := filepath.Join("testdata", "bind", server+".json")
			file, err := readBindFile(path)
			if err != nil {
				t.Fatal(err)
			}
			bindings, err := file.bindings(path)
			if err != nil {
				t.Fatal(err)
			}
			cs, mon := listedServer(t, filepath.Join("..", "..", "host", "testdata", "servers", server+".json"))
			h, err := host.New(cs, mon, host.Options{ServerID: file.ServerID, Approvals: store}, bindings...)
			if err != nil {
				t.Fatal(err)
			}
			snap, err := h.Discover(context.Background())
			if err != nil {
				t.Fatal(err)
			}
			writes := 0
			for _, e := range snap.Entries() {
				if len(e.Declared) == 0 || len(e.RemoteInputSchema) == 0 {
					t.Errorf("%s is bound without a declared input schema", e.Remote)
				}
				if e.Policy == host.PolicyConfirm {
					writes++
				}
			}
			if len(snap.Entries()) != len(file.Tools) || server != "everything" && writes == 0 {
				t.Errorf("%d entries of %d tools, %d writes", len(snap.Entries()), len(file.Tools), writes)
			}
		})
	}
}

// listedServer serves, in memory, the tools a tools/list answer holds
// (their schemas as listed), and connects a host's client session to it.
func listedServer(t *testing.T, listing string) (*sdk.ClientSession, *host.Monitor) {
	t.Helper()
	raw, err := os.ReadFile(listing)
	if err != nil {
		t.Fatal(err)
	}
	var list struct {
		Tools []*sdk.Tool `json:"tools"`
	}
	if err := json.Unmarshal(raw, &list); err != nil {
		t.Fatal(err)
	}
	server := sdk.NewServer(&sdk.Implementation{Name: "listed", Version: "v0"}, nil)
	for _, tool := range list.Tools {
		server.AddTool(tool, func(context.Context, *sdk.CallToolRequest) (*sdk.CallToolResult, error) {
			return &sdk.CallToolResult{Content: []sdk.Content{&sdk.TextContent{Text: "listed"}}}, nil
		})
	}
	st, ct := sdk.NewInMemoryTransports()
	if _, err := server.Connect(context.Background(), st, nil); err != nil {
		t.Fatal(err)
	}
	mon := host.NewMonitor()
	cs, err := sdk.NewClient(&sdk.Implementation{Name: "test", Version: "v0"}, mon.ClientOptions(nil)).Connect(context.Background(), ct, host.SessionOptions())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cs.Close() })
	return cs, mon
}
