package protocol

// Content is a handler's result as content blocks: what the client shows
// or hands the model (text, an image, audio, a resource embedded whole or
// linked), in order, instead of the text rendering of a structured
// result. A handler returns it as its output (factory.Handler[In,
// protocol.Content]).
// Structured, when set, is the structured result beside the blocks (MCP's
// structuredContent); nil sends none.
//
// The factory holds content in its own types, imports no transport:
// factory/mcp maps each Block to go-sdk's content type. The notes and
// warnings of the read still follow the blocks (the "Input read" block of
// factory/mcp), and a do tool's receipt keeps the blocks, so a replayed
// call answers the same content.
type Content struct {
	Blocks     []Block `json:"blocks"`
	Structured any     `json:"structured,omitempty"`
}

// BlockType names what a Block holds.
type BlockType string

// The types of content blocks (MCP's content types, from protocol
// 2025-06-18).
const (
	// BlockText is text for the model or the user: Text.
	BlockText BlockType = "text"
	// BlockImage is an image: Data in the format MIMEType names.
	BlockImage BlockType = "image"
	// BlockAudio is audio: Data in the format MIMEType names.
	BlockAudio BlockType = "audio"
	// BlockResource is a resource embedded whole: URI and MIMEType, with
	// Text for a text resource or Data for a binary one.
	BlockResource BlockType = "resource"
	// BlockResourceLink points to a resource the client may read: URI and
	// Name, with MIMEType, Title, Description and Size when known.
	BlockResourceLink BlockType = "resource_link"
)

// Block is one content block. Which fields it uses depends on its Type
// (see the BlockType constants); the constructors (Text, Image, Audio,
// TextResource, BlobResource, ResourceLink) set exactly those. Data is
// raw bytes: the transport encodes it (MCP sends base64).
type Block struct {
	Type        BlockType `json:"type"`
	Text        string    `json:"text,omitempty"`
	Data        []byte    `json:"data,omitempty"`
	MIMEType    string    `json:"mime_type,omitempty"`
	URI         string    `json:"uri,omitempty"`
	Name        string    `json:"name,omitempty"`
	Title       string    `json:"title,omitempty"`
	Description string    `json:"description,omitempty"`
	// Size is a linked resource's size in bytes, nil when unknown.
	Size *int64 `json:"size,omitempty"`
	// Annotations say whom the block is for and how much it matters
	// (an embedded resource's, from its declaration); nil for none.
	Annotations *Annotations `json:"annotations,omitempty"`
	// Meta is an embedded resource's contents _meta (the catalog's
	// Shape A: seal_id, evidence_class, authority, sha256,
	// contract_version); nil for none.
	Meta map[string]any `json:"meta,omitempty"`
}

// Annotations are MCP's annotations of a content block or a resource:
// the audience ("user", "assistant"), the priority in [0, 1], and when the
// content last changed (RFC 3339).
type Annotations struct {
	Audience     []string `json:"audience,omitempty"`
	Priority     float64  `json:"priority"`
	LastModified string   `json:"last_modified,omitempty"`
}

// Text is a text block.
func Text(text string) Block { return Block{Type: BlockText, Text: text} }

// Image is an image block: data in the format mimeType names ("image/png").
func Image(data []byte, mimeType string) Block {
	return Block{Type: BlockImage, Data: data, MIMEType: mimeType}
}

// Audio is an audio block: data in the format mimeType names ("audio/wav").
func Audio(data []byte, mimeType string) Block {
	return Block{Type: BlockAudio, Data: data, MIMEType: mimeType}
}

// TextResource is a text resource embedded whole: its URI, MIME type and
// text.
func TextResource(uri, mimeType, text string) Block {
	return Block{Type: BlockResource, URI: uri, MIMEType: mimeType, Text: text}
}

// BlobResource is a binary resource embedded whole: its URI, MIME type and
// bytes.
func BlobResource(uri, mimeType string, data []byte) Block {
	return Block{Type: BlockResource, URI: uri, MIMEType: mimeType, Data: data}
}

// ResourceLink is a link to a resource the client may read (resources/read)
// rather than its content: its URI, a name, and its MIME type ("" when
// unknown). Title, Description and Size may be set on the block after.
func ResourceLink(uri, name, mimeType string) Block {
	return Block{Type: BlockResourceLink, URI: uri, Name: name, MIMEType: mimeType}
}

// Blocks is the Content of the given blocks, with no structured result.
func Blocks(blocks ...Block) Content { return Content{Blocks: blocks} }
