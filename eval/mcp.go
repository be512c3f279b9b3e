package eval

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"agentinput.dev/agentinput"
	"agentinput.dev/factory"
	fmcp "agentinput.dev/factory/mcp"
	"agentinput.dev/factory/reply"
)

// MCP is a Caller over an MCP client session to a server that echoes each
// call's normalized arguments in the result's _meta (factory/mcp's
// Options.EchoArguments; `agentinput serve --echo-arguments`). A failed
// call is read back from the error result's envelope.
type MCP struct {
	session  *sdk.ClientSession
	declared map[string][]string
}

// NewMCP lists the server's tools (every page) and returns the caller.
func NewMCP(ctx context.Context, session *sdk.ClientSession) (*MCP, error) {
	m := &MCP{session: session, declared: map[string][]string{}}
	for t, err := range session.Tools(ctx, nil) {
		if err != nil {
			return nil, fmt.Errorf("listing the tools: %v", err)
		}
		var schema struct {
			Properties map[string]json.RawMessage `json:"properties"`
		}
		raw, err := json.Marshal(t.InputSchema)
		if err == nil {
			err = json.Unmarshal(raw, &schema)
		}
		if err != nil {
			return nil, fmt.Errorf("the input schema of %s: %v", t.Name, err)
		}
		m.declared[t.Name] = sortedKeys(schema.Properties)
	}
	return m, nil
}

// Declared lists the properties of the tool's advertised input schema.
func (m *MCP) Declared(tool string) []string { return m.declared[tool] }

// Call calls the tool over the session.
func (m *MCP) Call(ctx context.Context, tool string, arguments json.RawMessage) (*factory.Result, error) {
	if _, ok := m.declared[tool]; !ok {
		return nil, fmt.Errorf("the server lists no tool %q", tool)
	}
	out, err := m.session.CallTool(ctx, &sdk.CallToolParams{Name: tool, Arguments: arguments})
	if err != nil {
		return nil, err
	}
	structured, err := json.Marshal(out.StructuredContent)
	if err != nil {
		return nil, err
	}
	res := &factory.Result{Notes: []agentinput.Remark{}, Warnings: []agentinput.Remark{}}
	if out.IsError {
		var env factory.Envelope
		if e, ok := out.Meta[reply.EnvelopeKey]; ok {
			if structured, err = json.Marshal(e); err != nil {
				return nil, err
			}
		}
		if err := json.Unmarshal(structured, &env); err != nil || env.Code == "" {
			return nil, errors.New("an error result without an envelope")
		}
		if env.Issues == nil {
			env.Issues = []agentinput.Issue{}
		}
		res.Envelope = &env
		return res, nil
	}
	echoed, ok := out.Meta[fmcp.EchoKey]
	if !ok {
		return nil, errors.New("the result does not echo its arguments: start the server with --echo-arguments")
	}
	if err := remarshal(echoed, &res.Arguments); err != nil {
		return nil, fmt.Errorf("the echoed arguments: %v", err)
	}
	if read, ok := out.Meta[reply.MetaKey]; ok {
		var rw struct {
			Notes    []agentinput.Remark `json:"notes"`
			Warnings []agentinput.Remark `json:"warnings"`
		}
		if err := remarshal(read, &rw); err != nil {
			return nil, fmt.Errorf("the notes: %v", err)
		}
		res.Notes = append(res.Notes, rw.Notes...)
		res.Warnings = append(res.Warnings, rw.Warnings...)
	}
	res.Output = json.RawMessage(structured)
	return res, nil
}

func remarshal(v any, dst any) error {
	b, err := json.Marshal(v)
	if err != nil {
		return err
	}
	return json.Unmarshal(b, dst)
}
