package fuzz

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"sync"
	"testing"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"agentinput.dev/factory"
	"agentinput.dev/factory/mcp"
	"agentinput.dev/factory/reply"
)

// Lenient checks a go-sdk server's tool as ToolWith checks a factory tool,
// with the server made lenient by mcp.LenientWith(o): pass the server
// before adding Lenient, which Lenient adds itself, beneath a middleware
// of its own that sees the arguments Lenient forwards to the server's
// handler. The calls go through a go-sdk client on an in-memory
// transport; each property is spelled by the kind Lenient reads it with
// (the tool's advertised schema, through factory.FromSchema). The server
// is left lenient and recording: use it for nothing else.
func Lenient(t *testing.T, server *sdk.Server, o mcp.LenientOptions, tool string, calls ...string) {
	t.Helper()
	target, err := lenientTarget(server, o, tool)
	if err != nil {
		t.Fatalf("fuzz: %s: %v", tool, err)
	}
	t.Cleanup(func() { _ = target.session.Close() })
	checkTool(t, target, Options{}, calls)
}

// lenientCall is one go-sdk tool behind Lenient: spelled by the factory
// tool its schema binds, called through a client session.
type lenientCall struct {
	*factory.Tool
	session *sdk.ClientSession
	mu      sync.Mutex
	// forwarded are the arguments of the last call Lenient forwarded to
	// the server's handler.
	forwarded json.RawMessage
}

func lenientTarget(server *sdk.Server, o mcp.LenientOptions, name string) (*lenientCall, error) {
	l := &lenientCall{}
	server.AddReceivingMiddleware(func(next sdk.MethodHandler) sdk.MethodHandler {
		return func(ctx context.Context, method string, req sdk.Request) (sdk.Result, error) {
			if p, ok := req.GetParams().(*sdk.CallToolParamsRaw); ok && method == "tools/call" {
				l.mu.Lock()
				l.forwarded = append(json.RawMessage(nil), p.Arguments...)
				l.mu.Unlock()
			}
			return next(ctx, method, req)
		}
	})
	server.AddReceivingMiddleware(mcp.LenientWith(o))
	ct, st := sdk.NewInMemoryTransports()
	ctx := context.Background()
	if _, err := server.Connect(ctx, st, nil); err != nil {
		return nil, err
	}
	client := sdk.NewClient(&sdk.Implementation{Name: "fuzz", Version: "1"}, nil)
	session, err := client.Connect(ctx, ct, nil)
	if err != nil {
		return nil, err
	}
	l.session = session
	for t, err := range session.Tools(ctx, nil) {
		if err != nil {
			return nil, err
		}
		if t.Name != name {
			continue
		}
		schema, err := json.Marshal(t.InputSchema)
		if err != nil {
			return nil, err
		}
		ft, err := factory.FromSchema(factory.Spec{Name: t.Name, Description: t.Description, Vocabularies: o.Vocabularies}, schema)
		if err != nil {
			return nil, err
		}
		l.Tool = ft
		return l, nil
	}
	return nil, errNoTool
}

var errNoTool = errors.New("the server lists no such tool")

// call calls the tool through the client and says what the handler got:
// the arguments Lenient forwarded (Result.Arguments), or the envelope of
// Lenient's ask; an error when the reply is neither.
func (l *lenientCall) call(ctx context.Context, arguments json.RawMessage) (*factory.Result, error) {
	l.mu.Lock()
	l.forwarded = nil
	l.mu.Unlock()
	res, err := l.session.CallTool(ctx, &sdk.CallToolParams{Name: l.Name(), Arguments: arguments})
	if err != nil {
		return nil, err
	}
	out := &factory.Result{}
	if env, ok := res.Meta[reply.EnvelopeKey]; ok {
		text, _ := json.Marshal(env)
		out.Envelope = &factory.Envelope{}
		if err := json.Unmarshal(text, out.Envelope); err != nil {
			return nil, fmt.Errorf("an envelope that does not decode (%v): %s", err, text)
		}
		return out, nil
	}
	l.mu.Lock()
	forwarded := l.forwarded
	l.mu.Unlock()
	if forwarded == nil {
		return nil, errors.New("the call reached no handler and its reply carries no envelope")
	}
	out.Arguments, _ = decodeObject(string(forwarded))
	out.Output = res
	return out, nil
}
