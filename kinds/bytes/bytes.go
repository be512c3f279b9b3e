package bytes

import (
	"encoding/base64"
	"encoding/json"
	"errors"
	"strconv"
	"strings"

	"agentinput.dev/agentinput"
)

// Bytes is the value this kind reads: the decoded bytes and, when they
// arrived in a data: URI, its media type.
type Bytes struct {
	// Data are the decoded bytes. A Reader never returns more than its
	// budget.
	Data []byte
	// MediaType is the media type of a data: URI as it was sent, with its
	// parameters but without ";base64" ("image/png",
	// "text/plain;charset=utf-8"), with RFC 2397's default
	// "text/plain;charset=US-ASCII" for a data: URI that names none; ""
	// for plain base64.
	MediaType string
}

// MarshalJSON encodes b as its canonical spelling: the standard padded
// base64 of its bytes. The media type is not part of it.
func (b Bytes) MarshalJSON() ([]byte, error) {
	out := make([]byte, 0, base64.StdEncoding.EncodedLen(len(b.Data))+2)
	out = append(out, '"')
	out = base64.StdEncoding.AppendEncode(out, b.Data)
	return append(out, '"'), nil
}

// Options are a bytes property's options. The zero value reads up to
// agentinput.MaxInlineBytes decoded bytes.
type Options struct {
	// MaxBytes is the most decoded bytes the property takes inline: 0
	// means agentinput.MaxInlineBytes; more than that, or a negative
	// number, is an error of New.
	MaxBytes int
}

// Reader reads one bytes property. Build it with New; it is immutable and
// safe for use by many goroutines.
type Reader struct {
	max      int
	expected string
	tooLarge string // the reason of a too_large ask
}

// New checks opts and builds a Reader.
func New(opts Options) (*Reader, error) {
	max := opts.MaxBytes
	switch {
	case max < 0:
		return nil, errors.New("bytes: MaxBytes is negative")
	case max > agentinput.MaxInlineBytes:
		return nil, errors.New("bytes: MaxBytes " + strconv.Itoa(max) + " is over agentinput.MaxInlineBytes (" +
			strconv.Itoa(agentinput.MaxInlineBytes) + "): larger content is sent by reference")
	case max == 0:
		max = agentinput.MaxInlineBytes
	}
	return &Reader{
		max:      max,
		expected: "bytes as standard base64 (RFC 4648, with padding), at most " + size(max) + ` decoded, for example "` + example + `"`,
		tooLarge: "it holds more than " + size(max) + ", the most this property takes inline",
	}, nil
}

// MaxBytes returns the reader's budget: the most decoded bytes it takes.
func (r *Reader) MaxBytes() int { return r.max }

// MaxLength returns the length of the canonical spelling of the largest
// value the reader takes: the maxLength of the property's normalized
// string.
func (r *Reader) MaxLength() int { return base64.StdEncoding.EncodedLen(r.max) }

// Expected says in words what the property accepts, with its budget and
// one canonical example.
func (r *Reader) Expected() string { return r.expected }

// Example returns one canonical value as JSON.
func (r *Reader) Example() json.RawMessage { return json.RawMessage(`"` + example + `"`) }

// example is the base64 of "agentinput".
const example = "YWdlbnRpbnB1dA=="

// size spells a budget in bytes, with KiB when it is a whole number of them.
func size(n int) string {
	s := strconv.Itoa(n) + " bytes"
	if n >= 1024 && n%1024 == 0 {
		s += " (" + strconv.Itoa(n/1024) + " KiB)"
	}
	return s
}

// Format returns the canonical spelling of b: the standard padded base64
// of b.Data, without line breaks.
func Format(b Bytes) string { return base64.StdEncoding.EncodeToString(b.Data) }

// ErrSyntax is the error of Parse, wrapped in a *ParseError.
var ErrSyntax = errors.New("want standard base64 with padding")

// ParseError is the error of Parse: what was sent, and what was wanted.
type ParseError struct {
	Value string // the string given to Parse, cut to agentinput.MaxReceivedChars
}

func (e *ParseError) Error() string {
	return "bytes: parsing " + strconv.Quote(e.Value) + ": " + ErrSyntax.Error()
}

// Unwrap returns ErrSyntax.
func (e *ParseError) Unwrap() error { return ErrSyntax }

// Parse reads the canonical spelling strictly: standard base64 with
// padding, no line break, no unused bit set. It is the inverse of Format
// and knows no budget.
func Parse(s string) ([]byte, error) {
	if b, ok := decodeCanonical(s); ok {
		return b, nil
	}
	return nil, &ParseError{Value: agentinput.Cut(s)}
}

// strict decodes the canonical spelling; it rejects unused bits that are
// set, but skips CR and LF as every encoding/base64 decoder does, which
// decodeCanonical checks for by length.
var strict = base64.StdEncoding.Strict()

// decodeCanonical decodes s when it is the canonical spelling.
func decodeCanonical(s string) ([]byte, bool) {
	// The decoder skips line breaks: a string with one is not canonical,
	// found before a buffer is made (IndexByte is vectorized).
	if len(s)%4 != 0 || strings.IndexByte(s, '\n') >= 0 || strings.IndexByte(s, '\r') >= 0 {
		return nil, false
	}
	b := make([]byte, strict.DecodedLen(len(s)))
	n, err := strict.Decode(b, []byte(s))
	if err != nil || base64.StdEncoding.EncodedLen(n) != len(s) {
		return nil, false
	}
	return b[:n], true
}

var _ agentinput.Reader[Bytes] = (*Reader)(nil)
