package main

import (
	"context"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"agentinput.dev/agentinput"
	agentmcp "agentinput.dev/factory/mcp"
	"agentinput.dev/factory/observe"
	"agentinput.dev/internal/demo"
	"agentinput.dev/internal/longtest"
)

// The demonstration server end to end with the official go-sdk client:
// in memory, and over stdio against the built binary.

func callText(res *sdk.CallToolResult) string {
	var b strings.Builder
	for _, c := range res.Content {
		if t, ok := c.(*sdk.TextContent); ok {
			b.WriteString(t.Text)
			b.WriteString("\n")
		}
	}
	return b.String()
}

func exercise(t *testing.T, cs *sdk.ClientSession) {
	t.Helper()
	ctx := context.Background()
	list, err := cs.ListTools(ctx, nil)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, tool := range list.Tools {
		names = append(names, tool.Name)
		// Every do tool declares the key a model needs to retry safely,
		// as the go-sdk client lists it (docs/writes.md).
		schema, _ := json.Marshal(tool.InputSchema)
		if strings.HasPrefix(tool.Name, "do_") != strings.Contains(string(schema), `"idempotency_key":{`) {
			t.Fatalf("%s: idempotency_key in the schema %v, want it exactly on do tools: %s", tool.Name, !strings.HasPrefix(tool.Name, "do_"), schema)
		}
	}
	if strings.Join(names, ",") != "can_do,do_set_tags,do_tag_decision,do_untag_decision,read_decision,read_decisions" {
		t.Fatalf("tools %v", names)
	}

	// A lenient call, with notes; an invented cursor is the first page.
	res, err := cs.CallTool(ctx, &sdk.CallToolParams{Name: "read_decisions", Arguments: map[string]any{
		"court": "nejvyssi soud", "date_from": "2020", "limit": "5", "cursor": "start", "language": "cs_CZ"}})
	if err != nil || res.IsError {
		t.Fatalf("lenient call: %v %s", err, callText(res))
	}
	if text := callText(res); !strings.Contains(text, "Input read:") || !strings.Contains(text, `/court: Read "nejvyssi soud" as "NS"`) {
		t.Fatalf("no notes:\n%s", text)
	}
	var read struct {
		Value struct {
			Decisions []struct{ ID string } `json:"decisions"`
			Total     int                   `json:"total"`
			Next      string                `json:"next_cursor"`
		} `json:"value"`
		Quality string `json:"quality"`
	}
	b, _ := json.Marshal(res.StructuredContent)
	page := &read.Value
	if err := json.Unmarshal(b, &read); err != nil || len(page.Decisions) != 5 || page.Next == "" || read.Quality != "good" {
		t.Fatalf("page %s", b)
	}
	echoed, _ := json.Marshal(res.Meta[agentmcp.EchoKey])
	if !strings.Contains(string(echoed), `"court":"NS"`) || !strings.Contains(string(echoed), `"date_from":"2020-01-01"`) {
		t.Fatalf("echoed arguments %s", echoed)
	}

	// Paging through the whole result set: no page repeated or skipped.
	seen := map[string]bool{}
	next := ""
	for range 100 {
		args := map[string]any{"court": "NS", "date_from": "2020-01-01", "limit": 5, "language": "cs-CZ"}
		if next != "" {
			args["cursor"] = next
		}
		res, err := cs.CallTool(ctx, &sdk.CallToolParams{Name: "read_decisions", Arguments: args})
		if err != nil || res.IsError {
			t.Fatalf("page: %v %s", err, callText(res))
		}
		b, _ := json.Marshal(res.StructuredContent)
		page.Next = ""
		if err := json.Unmarshal(b, &read); err != nil {
			t.Fatal(err)
		}
		for _, d := range page.Decisions {
			if seen[d.ID] {
				t.Fatalf("decision %s served twice", d.ID)
			}
			seen[d.ID] = true
		}
		if next = page.Next; next == "" {
			break
		}
	}
	if len(seen) != page.Total || page.Total == 0 {
		t.Fatalf("paged through %d of %d", len(seen), page.Total)
	}

	// An ambiguous date: the envelope, with both readings.
	res, err = cs.CallTool(ctx, &sdk.CallToolParams{Name: "read_decisions", Arguments: map[string]any{"date_from": "01/02/2026"}})
	if err != nil || !res.IsError {
		t.Fatalf("ambiguous date: %v", err)
	}
	if text := callText(res); !strings.Contains(text, `"2026-01-02"`) || !strings.Contains(text, `"2026-02-01"`) {
		t.Fatalf("the ask does not name both readings:\n%s", text)
	}

	// A tampered cursor: invalid_cursor, never a silent restart.
	first, err := cs.CallTool(ctx, &sdk.CallToolParams{Name: "read_decisions", Arguments: map[string]any{"limit": 5}})
	if err != nil || first.IsError {
		t.Fatalf("first page: %v", err)
	}
	b, _ = json.Marshal(first.StructuredContent)
	if err := json.Unmarshal(b, &read); err != nil || page.Next == "" {
		t.Fatalf("first page %s", b)
	}
	tampered := page.Next[:len(page.Next)-3] + "AAA"
	res, err = cs.CallTool(ctx, &sdk.CallToolParams{Name: "read_decisions", Arguments: map[string]any{"limit": 5, "cursor": tampered}})
	if err != nil || !res.IsError || !strings.Contains(callText(res), "without cursor") {
		t.Fatalf("tampered cursor: %v %s", err, callText(res))
	}
	var env struct {
		Issues []struct{ Code string } `json:"issues"`
	}
	b = envelopeJSON(res)
	if err := json.Unmarshal(b, &env); err != nil || len(env.Issues) != 1 || env.Issues[0].Code != string(agentinput.AskInvalidCursor) {
		t.Fatalf("tampered cursor envelope %s", b)
	}

	// A placeholder id on the do tool is asked; a retried call spelled
	// otherwise is the same call.
	id := ""
	for k := range seen {
		id = k
		break
	}
	res, err = cs.CallTool(ctx, &sdk.CallToolParams{Name: "do_tag_decision", Arguments: map[string]any{"decision_id": "N/A", "tags": []string{"tax"}}})
	if err != nil || !res.IsError {
		t.Fatalf("placeholder id on a do tool: %v", err)
	}
	tagged, err := cs.CallTool(ctx, &sdk.CallToolParams{Name: "do_tag_decision", Arguments: map[string]any{"decision_id": strings.ToUpper(id), "tags": "Tax"}})
	if err != nil || tagged.IsError {
		t.Fatalf("tag: %v %s", err, callText(tagged))
	}
	again, err := cs.CallTool(ctx, &sdk.CallToolParams{Name: "do_tag_decision", Arguments: map[string]any{"decision_id": id, "tags": []string{"tax"}}})
	if err != nil || again.IsError || !strings.Contains(callText(again), "repeats an earlier one") {
		t.Fatalf("retry: %v %s", err, callText(again))
	}
}

func TestServeInMemory(t *testing.T) {
	server, err := demoServer(true, quietDemo(t))
	if err != nil {
		t.Fatal(err)
	}
	st, ct := sdk.NewInMemoryTransports()
	if _, err := server.Connect(context.Background(), st, nil); err != nil {
		t.Fatal(err)
	}
	cs, err := sdk.NewClient(&sdk.Implementation{Name: "test", Version: "v0"}, nil).Connect(context.Background(), ct, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer cs.Close()
	exercise(t, cs)
}

func TestServeOverStdio(t *testing.T) {
	longtest.Skip(t, "starts agentinput as a child process")
	bin, env := commandBinary(t)
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	// The default store: SQLite in the user's state directory, created on
	// first use.
	state := t.TempDir()
	cmd := exec.Command(bin, "serve", "--echo-arguments")
	cmd.Env = append(env, "XDG_STATE_HOME="+state)
	cs, err := sdk.NewClient(&sdk.Implementation{Name: "test", Version: "v0"}, nil).
		Connect(ctx, &sdk.CommandTransport{Command: cmd}, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer cs.Close()
	exercise(t, cs)
	if _, err := os.Stat(filepath.Join(state, "agentinput", "demo.db")); err != nil {
		t.Fatalf("the default receipt store was not created: %v", err)
	}
}

type quiet struct{}

func (quiet) Observe(context.Context, observe.Event) {}

// quietDemo is the demo's options for an in-process server: a random
// cursor key, receipts in memory, nothing logged.
func quietDemo(t *testing.T) demo.Options {
	t.Helper()
	keys, err := cursorKeys("", nil)
	if err != nil {
		t.Fatal(err)
	}
	return demo.Options{Keys: keys, Observer: quiet{}}
}
