// Package reply renders a factory.Result as an MCP tool result in no
// SDK's types: the content blocks in order, the structured content, the
// _meta keys and whether it is an error. factory/mcp maps it onto go-sdk's
// CallToolResult and agentinput.dev/mcpgo onto mcp-go's, so that a model
// reads the same reply through either SDK.
package reply

import (
	"bytes"
	"encoding/json"
	"slices"
	"strconv"
	"strings"

	"agentinput.dev/agentinput"
	"agentinput.dev/factory"
	"agentinput.dev/factory/protocol"
)

// MetaKey is the key of the result's _meta under which notes and warnings
// travel: {"notes": [...], "warnings": [...]}.
const MetaKey = "agentinput.dev/read"

// EnvelopeKey is the _meta key of an error result's envelope ({code,
// message, hint, retry_allowed, issues}): on every error result, and also
// its structuredContent when the tool advertises no output schema.
const EnvelopeKey = "agentinput.dev/envelope"

// WriteKey is the _meta key of a do call's write state: {"effect":
// "not_started"|"committed"|"unknown", "idempotency_key": "…", "replayed":
// bool}.
const WriteKey = "agentinput.dev/write"

// Reply is a tool result as MCP carries it.
type Reply struct {
	// IsError: the call was refused (the envelope) or failed.
	IsError bool
	// Meta is the result's _meta (MetaKey, WriteKey, EnvelopeKey); nil
	// when it has none.
	Meta map[string]any
	// Structured is the structured content: the handler's result as JSON
	// (json.RawMessage), or the envelope; nil when there is none.
	Structured any
	// Content are the content blocks, in order.
	Content []protocol.Block
}

// Of renders a factory result as an MCP tool result. When the call
// dropped a filter (Result.Dropped), the text starts with it, one line
// each, before the result (DroppedText). A handler that
// answered protocol.Content gets its blocks as the result's content, in
// order (Content maps them), and its Structured as the structured content
// when set. For any other handler, the structured content is its result; when a best-effort list left entries
// out, it carries them too, as issues[] beside the result's own members (or,
// for a result that is not a JSON object or has a member of that name,
// as {"result": …, "issues": […]}), and a text block says which entries
// were not applied and what to send for them.
func Of(res *factory.Result) Reply {
	var out Reply
	if len(res.Notes) > 0 || len(res.Warnings) > 0 {
		out.Meta = map[string]any{MetaKey: map[string]any{"notes": res.Notes, "warnings": res.Warnings}}
	}
	if res.Effect != "" {
		if out.Meta == nil {
			out.Meta = map[string]any{}
		}
		w := map[string]any{"effect": res.Effect, "replayed": res.Replayed}
		if res.IdempotencyKey != "" {
			w["idempotency_key"] = res.IdempotencyKey
		}
		out.Meta[WriteKey] = w
	}
	if res.Envelope != nil {
		out.IsError = true
		if out.Meta == nil {
			out.Meta = map[string]any{}
		}
		out.Meta[EnvelopeKey] = res.Envelope
		// A tool with an output schema keeps structuredContent for what
		// the schema describes: clients validate an error result's
		// structured content against it too (the TypeScript SDK's client
		// does), and an envelope is not the result.
		if !res.HasOutputSchema {
			out.Structured = res.Envelope
		}
		out.Content = []protocol.Block{protocol.Text(EnvelopeText(res.Envelope))}
		return out
	}
	if c, ok := contentOutput(res.Output); ok {
		return contentReply(out, res, c)
	}
	payload, err := json.Marshal(res.Output)
	if err != nil {
		payload = []byte(`null`)
	}
	if len(res.Issues) > 0 {
		payload = withIssues(payload, res.Issues)
	}
	out.Structured = json.RawMessage(payload)
	if res.Unchanged {
		// First, before the payload: a model that reads a do result's
		// text must not take a no-op for a change.
		out.Content = append(out.Content, protocol.Text(UnchangedText))
	}
	if text := DroppedText(res); text != "" {
		// First too: a model that reads a read result's first lines must
		// not take an unfiltered page for the answer.
		out.Content = append(out.Content, protocol.Text(text))
	}
	out.Content = append(out.Content, protocol.Text(string(payload)))
	if len(res.Issues) > 0 {
		out.Content = append(out.Content, protocol.Text(NotAppliedText(res.Issues, res.IssuesNotListed)))
	}
	if text := InputReadText(res); text != "" {
		out.Content = append(out.Content, protocol.Text(text))
	}
	return out
}

// contentOutput returns a handler's output when it is content blocks.
func contentOutput(out any) (protocol.Content, bool) {
	switch c := out.(type) {
	case protocol.Content:
		return c, true
	case *protocol.Content:
		if c == nil {
			return protocol.Content{}, true
		}
		return *c, true
	}
	return protocol.Content{}, false
}

// contentReply renders a result whose handler answered content blocks:
// the blocks as they are, the structured result (when set) as structured
// content, then, as for any result, the entries a best-effort list left
// out and the "Input read" block.
func contentReply(out Reply, res *factory.Result, c protocol.Content) Reply {
	out.Content = slices.Clone(c.Blocks)
	if text := DroppedText(res); text != "" {
		out.Content = append([]protocol.Block{protocol.Text(text)}, out.Content...)
	}
	if c.Structured != nil || len(res.Issues) > 0 {
		payload, err := json.Marshal(c.Structured)
		if err != nil {
			payload = []byte(`null`)
		}
		if len(res.Issues) > 0 {
			payload = withIssues(payload, res.Issues)
		}
		out.Structured = json.RawMessage(payload)
	}
	if len(res.Issues) > 0 {
		out.Content = append(out.Content, protocol.Text(NotAppliedText(res.Issues, res.IssuesNotListed)))
	}
	if text := InputReadText(res); text != "" {
		out.Content = append(out.Content, protocol.Text(text))
	}
	return out
}

// UnchangedText leads the text of a do call whose handler reported that
// it changed nothing.
const UnchangedText = "Nothing changed: everything was already as this call asked, so there is nothing to reverse (changed: false, no side effects)."

// withIssues adds the issues of a best-effort call to its result's JSON.
func withIssues(payload []byte, issues []agentinput.Issue) []byte {
	list, err := json.Marshal(issues)
	if err != nil {
		return payload
	}
	var members map[string]json.RawMessage
	if json.Unmarshal(payload, &members) == nil && members != nil {
		if _, taken := members["issues"]; !taken {
			if len(members) == 0 {
				return append(append([]byte(`{"issues":`), list...), '}')
			}
			// The result's own bytes, unchanged, with one member more.
			trimmed := bytes.TrimRight(payload, " \t\r\n")
			out := append([]byte(nil), trimmed[:len(trimmed)-1]...)
			out = append(out, `,"issues":`...)
			out = append(out, list...)
			return append(out, '}')
		}
	}
	out := append([]byte(`{"result":`), payload...)
	out = append(out, `,"issues":`...)
	out = append(out, list...)
	return append(out, '}')
}

// NotAppliedText renders the entries a best-effort call left out, each at
// its path with what to send for it.
//
// notListed counts the entries beyond those listed (Result.IssuesNotListed).
func NotAppliedText(issues []agentinput.Issue, notListed int) string {
	var b strings.Builder
	b.WriteString("Applied in part: ")
	b.WriteString(strconv.Itoa(len(issues) + notListed))
	if len(issues)+notListed == 1 {
		b.WriteString(" entry was not applied; send it again as the issue says:")
	} else {
		b.WriteString(" entries were not applied; send them again as the issues say:")
	}
	for _, is := range issues {
		b.WriteString("\n- ")
		b.WriteString(is.Path)
		b.WriteString(": ")
		b.WriteString(is.Message())
	}
	if notListed > 0 {
		b.WriteString("\n- and ")
		b.WriteString(strconv.Itoa(notListed))
		b.WriteString(" more, which come back once these are sent again")
	}
	return b.String()
}

// DroppedLead is how the text of a result begins when the call dropped a
// filter: a model that reads only the first words of a result reads that
// it is not the answer it asked for.
const DroppedLead = "Warning: the results below are NOT filtered by "

// DroppedText renders the filters a call dropped (Result.Dropped) as the
// block a result's text starts with, before the result: one line each,
// naming the property, the value as sent, that the results are NOT
// filtered by it, and the stored values it may mean (the filter kind's
// message). "" when no filter was dropped.
func DroppedText(res *factory.Result) string {
	var b strings.Builder
	for i, d := range res.Dropped {
		if i > 0 {
			b.WriteString("\n")
		}
		b.WriteString(DroppedLead)
		b.WriteString(d.Property)
		b.WriteString(". ")
		b.WriteString(d.Message)
	}
	return b.String()
}

// InputReadText renders the notes and warnings of a result in one short
// block a model reads after the payload, or "" when there are none. The
// warnings of dropped filters are not repeated there: DroppedText put
// them first.
func InputReadText(res *factory.Result) string {
	warnings := res.Warnings
	if len(res.Dropped) > 0 {
		warnings = slices.DeleteFunc(slices.Clone(warnings), func(w agentinput.Remark) bool {
			for _, d := range res.Dropped {
				if w.Code == string(agentinput.WarningFilterDropped) && d.Path == w.Path && d.Message == w.Message {
					return true
				}
			}
			return false
		})
	}
	if len(res.Notes) == 0 && len(warnings) == 0 {
		return ""
	}
	var b strings.Builder
	b.WriteString("Input read:")
	for _, n := range res.Notes {
		b.WriteString("\n- ")
		b.WriteString(n.Path)
		b.WriteString(": ")
		b.WriteString(n.Message)
	}
	for _, w := range warnings {
		b.WriteString("\n- warning ")
		if w.Path != "" {
			b.WriteString(w.Path)
			b.WriteString(": ")
		}
		b.WriteString(w.Message)
	}
	return b.String()
}

// EnvelopeText renders an envelope as text a model can act on: the
// message, each issue's message with its path, and the hint.
func EnvelopeText(e *factory.Envelope) string {
	var b strings.Builder
	b.WriteString(e.Message)
	for _, is := range e.Issues {
		b.WriteString("\n- ")
		if is.Path != "" {
			b.WriteString(is.Path)
			b.WriteString(": ")
		}
		b.WriteString(is.Message())
	}
	b.WriteString("\n")
	b.WriteString(e.Hint)
	return b.String()
}
