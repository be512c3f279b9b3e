package mcpgo_test

import (
	"context"
	"encoding/json"
	"strings"
	"sync"
	"testing"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"

	"agentinput.dev/mcpgo"
)

// toolSession is a client session with tools of its own.
type toolSession struct {
	id    string
	mu    sync.Mutex
	tools map[string]server.ServerTool
	ch    chan mcp.JSONRPCNotification
}

func (s *toolSession) Initialize()                                         {}
func (s *toolSession) Initialized() bool                                   { return true }
func (s *toolSession) NotificationChannel() chan<- mcp.JSONRPCNotification { return s.ch }
func (s *toolSession) SessionID() string                                   { return s.id }
func (s *toolSession) GetSessionTools() map[string]server.ServerTool {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.tools
}
func (s *toolSession) SetSessionTools(tools map[string]server.ServerTool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.tools = tools
}

// TestLenientReadsASessionsOwnTools: two sessions declare a tool of one
// name with different schemas (a number in one, free text in the other);
// each call is read by its own session's.
func TestLenientReadsASessionsOwnTools(t *testing.T) {
	s := server.NewMCPServer("sessions", "1.0.0", server.WithToolCapabilities(true))
	mcpgo.Lenient(s)
	got := map[string]any{}
	var mu sync.Mutex
	handler := func(id string) server.ToolHandlerFunc {
		return func(_ context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
			mu.Lock()
			got[id] = req.GetArguments()["n"]
			mu.Unlock()
			return mcp.NewToolResultText("ok"), nil
		}
	}
	ctxs := map[string]context.Context{}
	for id, kind := range map[string]mcp.ToolOption{
		"numbers": mcp.WithNumber("n", mcp.Description("a number")),
		"words":   mcp.WithString("n", mcp.Description("a word")),
	} {
		session := &toolSession{id: id, ch: make(chan mcp.JSONRPCNotification, 8)}
		if err := s.RegisterSession(context.Background(), session); err != nil {
			t.Fatal(err)
		}
		if err := s.AddSessionTool(id, mcp.NewTool("read_n", mcp.WithDescription("Reads n."), mcp.WithReadOnlyHintAnnotation(true), kind), handler(id)); err != nil {
			t.Fatal(err)
		}
		ctxs[id] = s.WithContext(context.Background(), session)
	}
	for _, id := range []string{"numbers", "words", "numbers"} {
		msg := s.HandleMessage(ctxs[id], json.RawMessage(`{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"read_n","arguments":{"n":"4 000"}}}`))
		b, _ := json.Marshal(msg)
		if strings.Contains(string(b), `"isError":true`) {
			t.Fatalf("%s: %s", id, b)
		}
	}
	if got["numbers"] != 4000.0 || got["words"] != "4 000" {
		t.Errorf("the handlers got %v: want 4000 for the session whose n is a number, \"4 000\" for the other", got)
	}
}
