package mcp

import (
	"encoding/json"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"agentinput.dev/factory/protocol"
)

// Content maps the factory's content blocks to go-sdk's, in order: text,
// image, audio, an embedded resource (text or blob), a resource link. A
// block of a type the factory does not name travels as its text, so that
// nothing a handler wrote is dropped. A prompt or resource handler written
// with go-sdk directly may use it too.
func Content(blocks []protocol.Block) []sdk.Content {
	out := make([]sdk.Content, 0, len(blocks))
	for _, b := range blocks {
		out = append(out, block(b))
	}
	return out
}

func block(b protocol.Block) sdk.Content {
	switch b.Type {
	case protocol.BlockImage:
		return &sdk.ImageContent{Data: b.Data, MIMEType: b.MIMEType}
	case protocol.BlockAudio:
		return &sdk.AudioContent{Data: b.Data, MIMEType: b.MIMEType}
	case protocol.BlockResource:
		return &sdk.EmbeddedResource{Resource: &sdk.ResourceContents{URI: b.URI, MIMEType: b.MIMEType, Text: b.Text, Blob: b.Data, Meta: b.Meta},
			Annotations: annotations(b.Annotations)}
	case protocol.BlockResourceLink:
		return &sdk.ResourceLink{URI: b.URI, Name: b.Name, Title: b.Title, Description: b.Description, MIMEType: b.MIMEType, Size: b.Size}
	}
	return &sdk.TextContent{Text: b.Text}
}

// fromSDK maps a go-sdk content block (a sampled message's) to the
// factory's; a type the factory does not name (tool use, tool results)
// comes back as a text block of its JSON, which loses nothing.
func fromSDK(c sdk.Content) protocol.Block {
	switch c := c.(type) {
	case nil:
		return protocol.Text("")
	case *sdk.TextContent:
		return protocol.Text(c.Text)
	case *sdk.ImageContent:
		return protocol.Image(c.Data, c.MIMEType)
	case *sdk.AudioContent:
		return protocol.Audio(c.Data, c.MIMEType)
	case *sdk.EmbeddedResource:
		if c.Resource == nil {
			return protocol.Block{Type: protocol.BlockResource}
		}
		return protocol.Block{Type: protocol.BlockResource, URI: c.Resource.URI, MIMEType: c.Resource.MIMEType, Text: c.Resource.Text, Data: c.Resource.Blob,
			Meta: c.Resource.Meta, Annotations: fromAnnotations(c.Annotations)}
	case *sdk.ResourceLink:
		return protocol.Block{Type: protocol.BlockResourceLink, URI: c.URI, Name: c.Name, Title: c.Title,
			Description: c.Description, MIMEType: c.MIMEType, Size: c.Size}
	}
	raw, err := json.Marshal(c)
	if err != nil {
		return protocol.Text("")
	}
	return protocol.Text(string(raw))
}
