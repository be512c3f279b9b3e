//lint:file-ignore SA1019 MCP sampling is deprecated from protocol 2026-07-28 (SEP-2577) but served through the deprecation window, like logging: a handler's Call.Sample reaches the clients that still offer it.

package mcp

import (
	"context"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"agentinput.dev/factory/protocol"
)

// sample sends a sampling/createMessage request for a handler's
// Call.Sample.
func sample(ctx context.Context, ss *sdk.ServerSession, s protocol.Sampling) (*protocol.Sampled, error) {
	params := &sdk.CreateMessageParams{MaxTokens: s.MaxTokens, SystemPrompt: s.SystemPrompt, Messages: make([]*sdk.SamplingMessage, len(s.Messages))}
	for i, m := range s.Messages {
		params.Messages[i] = &sdk.SamplingMessage{Role: sdk.Role(m.Role), Content: block(m.Content)}
	}
	res, err := ss.CreateMessage(ctx, params)
	if err != nil {
		return nil, err
	}
	return &protocol.Sampled{Role: string(res.Role), Content: fromSDK(res.Content), Model: res.Model, StopReason: res.StopReason}, nil
}
