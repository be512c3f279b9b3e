//lint:file-ignore SA1019 the test checks MCP logging, deprecated from protocol 2026-07-28 but served

package mcp_test

import (
	"context"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/auth"
	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"agentinput.dev/factory"
	"agentinput.dev/factory/mcp"
)

type exportIn struct {
	Query string `json:"query" desc:"The words the exported notes hold."`
}

const exportDesc = "Exports the notes that hold the words as one file, reporting its progress. Use when the user asks for the notes as a file."

// requestTool is a read tool whose handler reports progress, logs to the
// client, and returns what it sees of its request.
func requestTool(t *testing.T, openWorld *bool) *factory.Tool {
	t.Helper()
	return factory.Must(factory.Spec{Name: "export_notes", Title: "Export notes", Description: exportDesc,
		Intent: factory.IntentRead, OpenWorld: openWorld, Observer: silent{}},
		func(_ context.Context, _ exportIn, call *factory.Call) (map[string]any, error) {
			if err := call.Progress(1, 2, "half the notes written"); err != nil {
				return nil, err
			}
			if err := call.Log(slog.LevelDebug, "below the client's level"); err != nil {
				return nil, err
			}
			if err := call.Log(slog.LevelWarn, "the archive is slow today"); err != nil {
				return nil, err
			}
			out := map[string]any{"session": call.Session()}
			if a, ok := call.Auth(); ok {
				out["user"], out["scopes"], out["expires"] = a.UserID, a.Scopes, !a.Expiration.IsZero()
			}
			return out, nil
		})
}

// TestCallReachesTheClient: a factory handler's progress notification and
// log message reach an official go-sdk client, the log message at the
// MCP level of its slog level and under the tool's name.
func TestCallReachesTheClient(t *testing.T) {
	progress := make(chan *sdk.ProgressNotificationParams, 4)
	logs := make(chan *sdk.LoggingMessageParams, 4)
	server := sdk.NewServer(&sdk.Implementation{Name: "test", Version: "v0"}, nil)
	mcp.Register(server, requestTool(t, nil))
	st, ct := sdk.NewInMemoryTransports()
	ss, err := server.Connect(context.Background(), st, nil)
	if err != nil {
		t.Fatal(err)
	}
	client := sdk.NewClient(&sdk.Implementation{Name: "client", Version: "v0"}, &sdk.ClientOptions{
		ProgressNotificationHandler: func(_ context.Context, r *sdk.ProgressNotificationClientRequest) { progress <- r.Params },
		LoggingMessageHandler:       func(_ context.Context, r *sdk.LoggingMessageRequest) { logs <- r.Params },
	})
	cs, err := client.Connect(context.Background(), ct, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cs.Close() })
	// The client's log level travels in the request's _meta (protocol
	// 2026-07-28, the version go-sdk's client negotiates by default).
	params := &sdk.CallToolParams{Name: "export_notes", Arguments: map[string]any{"query": "tax"},
		Meta: sdk.Meta{sdk.MetaKeyLogLevel: "info"}}
	params.SetProgressToken("export-1")
	res, err := cs.CallTool(context.Background(), params)
	if err != nil || res.IsError {
		t.Fatalf("call: %v %s", err, texts(res))
	}
	// Bounded waits: a notification that never comes fails the test
	// instead of hanging it until go test's own timeout.
	var p *sdk.ProgressNotificationParams
	select {
	case p = <-progress:
	case <-time.After(30 * time.Second):
		t.Fatal("no progress notification reached the client")
	}
	if p.ProgressToken != "export-1" || p.Progress != 1 || p.Total != 2 || p.Message != "half the notes written" {
		t.Errorf("progress %+v", p)
	}
	var l *sdk.LoggingMessageParams
	select {
	case l = <-logs:
	case <-time.After(30 * time.Second):
		t.Fatal("no log message reached the client")
	}
	if l.Level != "warning" || l.Logger != "export_notes" || l.Data != "the archive is slow today" {
		t.Errorf("log %+v (the debug message must not reach a client at info)", l)
	}
	// In memory there is no session id: the transport has none to give.
	if got := structured(t, res)["session"]; got != ss.ID() {
		t.Errorf("session %v, want %q", got, ss.ID())
	}
	if _, ok := structured(t, res)["user"]; ok {
		t.Errorf("auth info without a token: %s", texts(res))
	}
}

// TestCallWithoutProgressToken: a client that asked for no progress gets
// none, and the handler's Progress is not an error.
func TestCallWithoutProgressToken(t *testing.T) {
	cs := serve(t, requestTool(t, nil))
	res := callTool(t, cs, "export_notes", map[string]any{"query": "tax"})
	if res.IsError {
		t.Fatal(texts(res))
	}
}

// TestCallAuthOverHTTP: over streamable HTTP with a bearer token, the
// handler sees the verified token and the transport's session id.
func TestCallAuthOverHTTP(t *testing.T) {
	server := sdk.NewServer(&sdk.Implementation{Name: "test", Version: "v0"}, nil)
	mcp.Register(server, requestTool(t, nil))
	verify := func(_ context.Context, token string, _ *http.Request) (*auth.TokenInfo, error) {
		if token != "tok-alice" {
			return nil, auth.ErrInvalidToken
		}
		return &auth.TokenInfo{UserID: "alice", Scopes: []string{"notes:read"}, Expiration: time.Now().Add(time.Hour)}, nil
	}
	handler := auth.RequireBearerToken(verify, nil)(sdk.NewStreamableHTTPHandler(func(*http.Request) *sdk.Server { return server }, nil))
	ts := httptest.NewServer(handler)
	t.Cleanup(ts.Close)
	transport := &sdk.StreamableClientTransport{Endpoint: ts.URL, HTTPClient: &http.Client{Transport: bearer{"tok-alice"}}}
	cs, err := sdk.NewClient(&sdk.Implementation{Name: "client", Version: "v0"}, nil).Connect(context.Background(), transport, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cs.Close() })
	got := structured(t, callTool(t, cs, "export_notes", map[string]any{"query": "tax"}))
	scopes, _ := got["scopes"].([]any)
	if got["user"] != "alice" || len(scopes) != 1 || scopes[0] != "notes:read" || got["expires"] != true {
		t.Errorf("auth %v", got)
	}
	if got["session"] == "" || got["session"] != cs.ID() {
		t.Errorf("session %v, the client's is %q", got["session"], cs.ID())
	}
}

// TestOpenWorldHint: tools/list carries the spec's openWorldHint, and
// none when the spec sets none.
func TestOpenWorldHint(t *testing.T) {
	closed := false
	for _, tt := range []struct {
		set  *bool
		want string
	}{{nil, "unset"}, {&closed, "false"}} {
		cs := serve(t, requestTool(t, tt.set))
		list, err := cs.ListTools(context.Background(), nil)
		if err != nil {
			t.Fatal(err)
		}
		got := "unset"
		if h := list.Tools[0].Annotations.OpenWorldHint; h != nil {
			got = map[bool]string{true: "true", false: "false"}[*h]
		}
		if got != tt.want {
			t.Errorf("openWorldHint %s, want %s", got, tt.want)
		}
	}
}
