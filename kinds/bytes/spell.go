package bytes

import (
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"strconv"
	"strings"
	"unicode/utf8"

	"agentinput.dev/agentinput"
	"agentinput.dev/internal/spelling"
)

var _ agentinput.Speller[Bytes] = (*Reader)(nil)

// The spelling classes' members: the one source the Speller and the
// property tests draw from.
var (
	// encodings are base64's four forms, by alphabet (URL) and padding.
	encodings = map[[2]bool]*base64.Encoding{
		{false, false}: base64.RawStdEncoding, {false, true}: base64.StdEncoding,
		{true, false}: base64.RawURLEncoding, {true, true}: base64.URLEncoding,
	}
	// lineBreaks break base64 into lines (lineWidths gives the widths).
	lineBreaks = []string{"\n", "\r\n"}
	// schemes and base64Markers are the data: URI's scheme and its
	// ";base64" in the cases the Reader takes them in (any).
	schemes       = []string{"data:", "DATA:", "Data:"}
	base64Markers = []string{";base64,", ";BASE64,"}
	// wrappings are the whitespace and quotes a value may be sent in.
	wrappings = [][2]string{{" ", " "}, {"\n", "\n"}, {`"`, `"`}, {"'", "'"}, {"“", "”"}, {"\u00a0", ""}}
)

// base64Form writes data, by c's choices, in base64: the standard or the
// URL alphabet, with or without padding, broken into lines at MIME's or
// PEM's width (LF or CRLF) when it is longer. It returns the labels of
// the classes it used beyond canonical base64.
func base64Form(c agentinput.Chooser, data []byte) (string, []string) {
	var labels []string
	url := c.Choose("url", 2) == 1
	pad := c.Choose("pad", 2) == 0
	s := encodings[[2]bool{url, pad}].EncodeToString(data)
	if url && strings.ContainsAny(s, "-_") {
		labels = append(labels, "URL alphabet")
	}
	if !pad && len(data)%3 != 0 {
		labels = append(labels, "no padding")
		if c.Choose("some padding", 2) == 1 && len(data)%3 == 1 {
			s += "=" // one of the two
			labels[len(labels)-1] = "incomplete padding"
		}
	}
	widths := []int{0, 0, lineWidths[1], lineWidths[0]}
	if width := widths[c.Choose("line width", len(widths))]; width > 0 && len(s) > width {
		brk := lineBreaks[c.Choose("break", len(lineBreaks))]
		var b strings.Builder
		for i := 0; i < len(s); i += width {
			if i > 0 {
				b.WriteString(brk)
			}
			b.WriteString(s[i:min(i+width, len(s))])
		}
		s = b.String()
		labels = append(labels, "lines of "+strconv.Itoa(width))
	}
	return s, labels
}

// dataURI writes a data: URI of mediaType whose data is body, base64 when
// b64, in a case of the scheme and of ";base64" chosen by c.
func dataURI(c agentinput.Chooser, mediaType, body string, b64 bool) string {
	s := schemes[c.Choose("scheme", len(schemes))] + mediaType
	if !b64 {
		return s + "," + body
	}
	return s + base64Markers[c.Choose("base64", len(base64Markers))] + body
}

// wrapValue surrounds s, by c's choice, with whitespace or one pair of
// quotes.
func wrapValue(c agentinput.Chooser, s string, labels []string) (string, []string) {
	if c.Choose("wrapped", 2) == 0 {
		return s, labels
	}
	w := wrappings[c.Choose("wrapping", len(wrappings))]
	return w[0] + s + w[1], append(labels, "wrapped in whitespace or quotes")
}

// percentEncode writes data as the percent-encoded text of a data: URI
// without ";base64": a printable ASCII byte as itself or escaped, every
// other byte escaped, by c's choices, in upper or lower case hex.
func percentEncode(c agentinput.Chooser, data []byte) string {
	const upper, lower = "0123456789ABCDEF", "0123456789abcdef"
	digits := upper
	if c.Choose("hex case", 2) == 1 {
		digits = lower
	}
	var b strings.Builder
	for _, x := range data {
		if x > ' ' && x < 0x7f && x != '%' && c.Choose("escape", 2) == 0 {
			b.WriteByte(x)
			continue
		}
		b.WriteByte('%')
		b.WriteByte(digits[x>>4])
		b.WriteByte(digits[x&15])
	}
	return b.String()
}

// readsAsItsBase64 reports whether the Reader reads s, a base64 spelling
// of data outside a data: URI that is not the canonical one, as data: it
// is not words, not hex digits (which a spelling without padding may be),
// not hex digits after 0x.
func readsAsItsBase64(s string) bool {
	if readsAsWords(s) || hexPrefixedShape(s) {
		return false
	}
	sc := scan(s)
	return sc.pads > 0 || !hexLike(compact(s, sc))
}

// defaultMediaType is RFC 2397's media type of a data: URI that names
// none.
const defaultMediaType = "text/plain;charset=US-ASCII"

// Spell writes v, whose data is within r's budget and whose media type,
// when it has one, is one a data: URI holds (a media type with no comma),
// in a spelling r reads back as v, drawn by c from the classes of the
// package doc:
//
//   - without a media type: canonical base64; the URL alphabet; no or
//     incomplete padding; lines of MIME's 76 or PEM's 64 characters (LF or
//     CRLF); any of these in whitespace or one pair of quotes; a JSON
//     array of byte values (JSON numbers, or float64 as a decoder without
//     UseNumber gives them). A form that would read as words or as hex
//     digits is not drawn: the canonical spelling is written instead (it
//     reads as itself, with a warning, wrapped or not); a value whose canonical spelling is hex digits after 0x, which
//     asks, is written as a byte array;
//   - with a media type: a data: URI, its scheme and ";base64" in any
//     case, its base64 in any of the forms above, or its data
//     percent-encoded (without ";base64"); RFC 2397's default media type
//     also by omitting it, and a text/plain one by its parameters alone.
//
// Classes stack; Class names them joined by " + ".
func (r *Reader) Spell(c agentinput.Chooser, v Bytes) agentinput.Spelled {
	canonical := Format(v)
	if v.MediaType != "" {
		return r.spellDataURI(c, v)
	}
	forms := []string{"string", "byte array"}
	if hexPrefixedShape(canonical) {
		forms = forms[1:]
	}
	if forms[c.Choose("form", len(forms))] == "byte array" {
		items := make([]any, len(v.Data))
		asFloat := c.Choose("items", 2) == 1
		for i, x := range v.Data {
			if asFloat {
				items[i] = float64(x)
			} else {
				items[i] = json.Number(strconv.Itoa(int(x)))
			}
		}
		class := "byte array"
		if asFloat {
			class += " (float64)"
		}
		return agentinput.Spelled{Value: items, Class: class}
	}
	s, labels := base64Form(c, v.Data)
	if s != canonical && !readsAsItsBase64(s) {
		s, labels = canonical, nil
	}
	s, labels = wrapValue(c, s, labels)
	return spelled(s, labels)
}

func spelled(v any, labels []string) agentinput.Spelled {
	if len(labels) == 0 {
		return agentinput.Spelled{Value: v, Class: "canonical"}
	}
	return agentinput.Spelled{Value: v, Class: strings.Join(labels, " + ")}
}

// spellDataURI writes v, which has a media type, as a data: URI.
func (r *Reader) spellDataURI(c agentinput.Chooser, v Bytes) agentinput.Spelled {
	header := v.MediaType
	var labels []string
	switch {
	case header == defaultMediaType && c.Choose("omit media type", 2) == 1:
		header = ""
		labels = append(labels, "data: URI without media type")
	case strings.HasPrefix(header, "text/plain;") && c.Choose("parameters alone", 2) == 1:
		header = strings.TrimPrefix(header, "text/plain")
		labels = append(labels, "data: URI with parameters alone")
	default:
		labels = append(labels, "data: URI")
	}
	var s string
	if c.Choose("data", 2) == 1 && !strings.HasSuffix(strings.ToLower(v.MediaType), ";base64") {
		s = dataURI(c, header, percentEncode(c, v.Data), false)
		labels = append(labels, "percent-encoded")
	} else {
		body, ls := base64Form(c, v.Data)
		s = dataURI(c, header, body, true)
		labels = append(labels, ls...)
	}
	s, labels = wrapValue(c, s, labels)
	return spelled(s, labels)
}

// Ambiguous writes v in a spelling r asks about, one of whose readings is
// v, drawn by c from the classes of the package doc that ask:
//
//   - hex digits after 0x ("0x48656c6c6f"), in either case: the one
//     reading is their bytes;
//   - hex digits alone, of an odd number of bytes (so not canonical
//     base64), when they are base64 too or read as words: ambiguous
//     between the readings;
//   - v's data as text, when it is UTF-8 that reads as words and is not
//     canonical base64 ("good work"): its readings hold the text's bytes;
//   - base64 with a space or a tab inside, or broken into lines at a width
//     base64 does not use, when it does not read as words: its readings
//     hold the bytes its characters spell.
//
// Each may be wrapped in whitespace or quotes. ok is false for a value
// with a media type (every reading is plain base64, with none) and for
// empty data.
func (r *Reader) Ambiguous(c agentinput.Chooser, v Bytes) (agentinput.Spelled, bool) {
	if v.MediaType != "" || len(v.Data) == 0 {
		return agentinput.Spelled{}, false
	}
	canonical := Format(v)
	lowerHex := hex.EncodeToString(v.Data)
	upperHex := strings.ToUpper(lowerHex)
	hexAsks := func(s string) bool {
		if len(v.Data)%2 == 0 || readsAsWords(s) {
			return len(v.Data)%2 == 1
		}
		// Decoded as base64 within the budget: else the Reader asks
		// too_large before it looks at the hex.
		b, err := rawStd.DecodeString(s)
		return err == nil && len(b) <= r.max
	}
	text := string(v.Data)
	t, trimmed := spelling.Trim(text)
	textAsks := utf8.ValidString(text) && !trimmed && readsAsWords(t) && len(t) <= min(r.max, maxTextReading) &&
		(whitespaceInside(t) || !isCanonical(t)) && !(len(t) >= 5 && strings.EqualFold(t[:5], "data:")) && !hexPrefixedShape(t) &&
		!strings.HasPrefix(strings.ToLower(t), "0x")
	spaced := len(canonical) >= 2 && !hexPrefixedShape(strings.TrimRight(canonical, "="))
	var forms []string
	forms = append(forms, "hex digits after 0x")
	if hexAsks(lowerHex) || hexAsks(upperHex) {
		forms = append(forms, "hex digits")
	}
	if textAsks {
		forms = append(forms, "text that reads as words")
	}
	var spacedText string
	if spaced {
		at := 1 + c.Choose("space at", len(canonical)-1)
		spacedText = canonical[:at] + []string{" ", "\t", "\n"}[c.Choose("space", 3)] + canonical[at:]
		if readsAsWords(spacedText) || !whitespaceInside(spacedText) {
			spacedText = ""
		} else {
			forms = append(forms, "base64 with whitespace inside")
		}
	}
	form := forms[c.Choose("ambiguous form", len(forms))]
	var s string
	switch form {
	case "hex digits after 0x":
		h := lowerHex
		if c.Choose("hex case", 2) == 1 {
			h = upperHex
		}
		s = []string{"0x", "0X"}[c.Choose("prefix", 2)] + h
	case "hex digits":
		s = lowerHex
		if !hexAsks(lowerHex) || hexAsks(upperHex) && c.Choose("hex case", 2) == 1 {
			s = upperHex
		}
	case "text that reads as words":
		s = text
	default:
		s = spacedText
	}
	s, labels := wrapValue(c, s, []string{form})
	return spelled(s, labels), true
}

// isCanonical reports whether s is a canonical base64 spelling.
func isCanonical(s string) bool {
	_, ok := decodeCanonical(s)
	return ok
}
