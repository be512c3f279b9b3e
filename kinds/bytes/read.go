package bytes

import (
	"encoding/base64"
	"mime"
	"strconv"
	"strings"
	"unicode/utf8"

	"agentinput.dev/agentinput"
	"agentinput.dev/internal/spelling"
	"agentinput.dev/kinds/number"
)

// Read reads one decoded JSON value as bytes. See the package
// documentation for the spellings it reads.
func (r *Reader) Read(v any) agentinput.Outcome[Bytes] {
	if s, ok := v.(string); ok {
		// The fast path: the canonical spelling within the budget.
		if len(s) <= base64.StdEncoding.EncodedLen(r.max) {
			if b, ok := decodeCanonical(s); ok && len(b) <= r.max && !hexPrefixedShape(s) {
				o := agentinput.Canonical(Bytes{Data: b})
				if hexLike(s) {
					o = o.WithWarning(alsoHex(s))
				} else if readsAsWords(s) {
					o = o.WithWarning(alsoText(s))
				}
				return o
			}
		}
		return r.readString(v, s)
	}
	switch x := v.(type) {
	case []byte:
		if len(x) > r.max {
			return r.ask(v, agentinput.AskTooLarge, r.tooLarge, hintTooLarge)
		}
		return agentinput.Canonical(Bytes{Data: x})
	case nil:
		return r.ask(v, agentinput.AskWrongType, "null is not bytes", hintSend)
	case bool:
		return r.ask(v, agentinput.AskWrongType, "bytes are a base64 string, never a boolean", hintSend)
	case []any:
		return r.readArray(v, x)
	case map[string]any:
		return r.ask(v, agentinput.AskWrongType, "bytes are a base64 string, never an object", hintSend)
	}
	return r.ask(v, agentinput.AskWrongType, "bytes are a base64 string, never a number", hintSend)
}

const (
	hintSend = `Send the bytes as one JSON string of standard base64 (A-Z, a-z, 0-9, + and /, padded with =), for example "` + example + `"`
	// hintTooLarge never asks to shorten, summarize or rewrite the
	// content: content is sent whole or by reference.
	hintTooLarge = "Content this large is not taken inline by this property; if the tool takes a reference to stored content, send that reference instead"
)

func (r *Reader) ask(v any, code agentinput.AskCode, reason, hint string) agentinput.Outcome[Bytes] {
	return agentinput.Asking[Bytes](agentinput.Ask{
		Code:     code,
		Received: agentinput.Received(v),
		Reason:   reason,
		Expected: r.expected,
		Hint:     hint,
	})
}

// readString reads every string the fast path does not.
func (r *Reader) readString(v any, raw string) agentinput.Outcome[Bytes] {
	if len(raw) > 4*r.MaxLength()+agentinput.MaxScalarBytes {
		return r.ask(v, agentinput.AskTooLarge, r.tooLarge, hintTooLarge)
	}
	if !utf8.ValidString(raw) {
		return r.ask(v, agentinput.AskInvalid, "it is not valid UTF-8", hintSend)
	}
	s, trimmed := spelling.Trim(raw)
	var notes agentinput.Notes
	if trimmed {
		notes.AddStep(agentinput.NoteTrimmed, agentinput.Text(raw), agentinput.Text(s), "")
	}
	if len(s) >= 5 && strings.EqualFold(s[:5], "data:") {
		return r.readDataURI(v, s, notes)
	}
	if digits, ok := cutHexPrefix(s); ok {
		return r.hexPrefixed(v, digits)
	}
	ws := whitespaceInside(s)
	if words := readsAsWords(s); ws || words {
		if b, ok := decodeCanonical(s); ok && !ws && len(b) <= r.max {
			// Trimmed canonical base64 that also reads as words.
			return agentinput.Value(Bytes{Data: b}, notes).WithWarning(alsoText(s))
		}
		return r.notBase64(v, s, ws, words)
	}
	if hexLike(s) {
		if b, ok := decodeCanonical(s); ok && len(b) <= r.max {
			// Trimmed canonical base64 that is also hex: read as the
			// untrimmed one is, base64 with the warning naming the hex
			// reading (decode asks about every other hex-like string).
			return agentinput.Value(Bytes{Data: b}, notes).WithWarning(alsoHex(s))
		}
	}
	d, o, ok := r.decode(v, s, true, true)
	if !ok {
		return o
	}
	if d.changes != "" {
		notes.Add(agentinput.NoteForm, agentinput.Text(s), d.changes)
	}
	return agentinput.Value(Bytes{Data: d.data}, notes)
}

// decoded is what decode read from the base64 of a spelling.
type decoded struct {
	data    []byte
	changes string // what the spelling changed from the canonical one; "" for none
}

// decode reads s as base64 in either alphabet, with or without padding,
// with line breaks at a fixed width. hex says whether a string of hex
// digits may have been meant (not inside a data: URI, which says base64);
// wrapChecked that the caller found no other whitespace in s already. It
// returns the bytes, or the ask.
func (r *Reader) decode(v any, s string, hex, wrapChecked bool) (decoded, agentinput.Outcome[Bytes], bool) {
	fail := func(code agentinput.AskCode, reason, hint string) (decoded, agentinput.Outcome[Bytes], bool) {
		return decoded{}, r.ask(v, code, reason, hint), false
	}
	sc := scan(s)
	switch {
	case !wrapChecked && (sc.spaces || sc.breaks && !fixedWidth(s)):
		return fail(agentinput.AskInvalid, "it has spaces or line breaks inside, and base64 breaks lines only every 76 (MIME) or 64 (PEM) characters", hintSend)
	case sc.bad >= 0:
		c, _ := utf8.DecodeRuneInString(s[sc.bad:])
		return fail(agentinput.AskInvalid, "it contains "+character(c)+" at character "+strconv.Itoa(utf8.RuneCountInString(s[:sc.bad])+1)+
			", which is in no base64 alphabet", hintSend)
	case sc.padInside:
		return fail(agentinput.AskInvalid, "it has padding (=) before its last character", hintSend)
	case sc.n == 0 && sc.pads > 0:
		return fail(agentinput.AskInvalid, "it has padding (=) and no base64 characters", hintSend)
	case sc.std && sc.url:
		return fail(agentinput.AskInvalid, "it mixes the standard alphabet (+ and /) with the URL alphabet (- and _)", hintSend)
	}
	if sc.n/4*3+[4]int{0, 0, 1, 2}[sc.n%4] > r.max {
		return fail(agentinput.AskTooLarge, r.tooLarge, hintTooLarge)
	}
	text := compact(s, sc)
	hexToo := hex && sc.pads == 0 && hexLike(text)
	// text is the compacted copy: decoded into itself would be faster
	// still, but encoding/base64 does not promise that Decode may overlap.
	data, err := []byte(nil), error(nil)
	if sc.n%4 == 1 {
		err = errLength
	} else {
		enc := rawStd
		if sc.url {
			enc = rawURL
		}
		data = make([]byte, enc.DecodedLen(len(text)))
		var n int
		n, err = enc.Decode(data, text)
		data = data[:n]
	}
	switch {
	case hexToo && err == nil:
		return decoded{}, r.hexAmbiguous(v, data, text), false
	case hexToo:
		return fail(agentinput.AskInvalid, "it is a string of hex digits, not base64", hexHint(text))
	case err == errLength:
		return fail(agentinput.AskInvalid, "it has "+strconv.Itoa(sc.n)+" base64 characters, one more than a whole number of bytes takes: it was cut or altered", hintSend)
	case err != nil:
		return fail(agentinput.AskInvalid, "its last character has bits set past the last byte, which no encoder writes: it was cut or altered", hintSend)
	}
	return decoded{data: data, changes: sc.changes()}, agentinput.Outcome[Bytes]{}, true
}

// rawStd and rawURL decode the compacted text; strict, so that a last
// character with unused bits set is an error.
var (
	rawStd = base64.RawStdEncoding.Strict()
	rawURL = base64.RawURLEncoding.Strict()
)

type lengthError struct{}

func (lengthError) Error() string { return "a base64 length no bytes have" }

var errLength error = lengthError{}

// scanned is what one pass over a spelling found.
type scanned struct {
	n         int  // base64 characters
	pads      int  // padding characters
	std, url  bool // a character only the standard (+/) or the URL (-_) alphabet has
	breaks    bool // CR or LF between the characters
	spaces    bool // spaces or tabs between the characters
	padInside bool // a base64 character after padding
	bad       int  // the byte offset of a character of no alphabet, or -1
}

// The classes of the bytes a spelling may hold, for scan.
const (
	classBad uint8 = iota
	classShared
	classStd
	classURL
	classPad
	classBreak
	classSpace
)

var classes = func() (t [256]uint8) {
	for c := 'A'; c <= 'Z'; c++ {
		t[c], t[c-'A'+'a'] = classShared, classShared
	}
	for c := '0'; c <= '9'; c++ {
		t[c] = classShared
	}
	t['+'], t['/'], t['-'], t['_'] = classStd, classStd, classURL, classURL
	t['='], t['\r'], t['\n'], t[' '], t['\t'] = classPad, classBreak, classBreak, classSpace, classSpace
	return t
}()

func scan(s string) scanned {
	sc := scanned{bad: -1}
	for i := 0; i < len(s); i++ {
		switch classes[s[i]] {
		case classShared:
			sc.n++
			sc.padInside = sc.padInside || sc.pads > 0
		case classStd:
			sc.n++
			sc.std = true
			sc.padInside = sc.padInside || sc.pads > 0
		case classURL:
			sc.n++
			sc.url = true
			sc.padInside = sc.padInside || sc.pads > 0
		case classPad:
			sc.pads++
		case classBreak:
			sc.breaks = true
		case classSpace:
			sc.spaces = true
		default:
			sc.bad = i
			return sc
		}
	}
	return sc
}

// changes names what a spelling changed from the canonical one, or "".
func (sc scanned) changes() string {
	var parts []string
	if sc.url {
		parts = append(parts, "the URL alphabet (- and _) written as the standard one (+ and /)")
	}
	switch want := (4 - sc.n%4) % 4; {
	case sc.pads == want:
	case sc.pads == 0:
		parts = append(parts, "padding added")
	default:
		parts = append(parts, "padding corrected")
	}
	if sc.breaks {
		parts = append(parts, "line breaks removed")
	}
	if sc.spaces {
		parts = append(parts, "spaces removed")
	}
	return strings.Join(parts, ", ")
}

// compact returns the base64 characters of s, without padding, line
// breaks or spaces.
func compact(s string, sc scanned) []byte {
	b := make([]byte, 0, sc.n)
	for i := 0; i < len(s); i++ {
		if c := classes[s[i]]; c == classShared || c == classStd || c == classURL {
			b = append(b, s[i])
		}
	}
	return b
}

// hexLike reports whether s is a non-empty string of an even number of
// hex digits: what a hex encoder writes.
func hexLike[S string | []byte](s S) bool {
	if len(s) == 0 || len(s)%2 != 0 {
		return false
	}
	for i := 0; i < len(s); i++ {
		if hexValue[s[i]] > 15 {
			return false
		}
	}
	return true
}

var hexValue = func() (t [256]byte) {
	for i := range t {
		t[i] = 0xff
	}
	for c := '0'; c <= '9'; c++ {
		t[c] = byte(c - '0')
	}
	for c := 'a'; c <= 'f'; c++ {
		t[c] = byte(c-'a') + 10
		t[c-'a'+'A'] = byte(c-'a') + 10
	}
	return t
}()

// fromHex decodes a string hexLike accepts. It is this kind's, not a
// spelling it reads: it gives the other reading of an ask or a warning.
func fromHex[S string | []byte](s S) []byte {
	b := make([]byte, len(s)/2)
	for i := range b {
		b[i] = hexValue[s[2*i]]<<4 | hexValue[s[2*i+1]]
	}
	return b
}

func (r *Reader) hexAmbiguous(v any, data, text []byte) agentinput.Outcome[Bytes] {
	return agentinput.Asking[Bytes](agentinput.Ask{
		Code:     agentinput.AskAmbiguous,
		Received: agentinput.Received(v),
		Reason:   "it is base64 and it is also a string of hex digits, which spell other bytes",
		Expected: r.expected,
		Hint:     "Send one of the readings exactly as written: each is the standard base64 of the bytes it names",
		Readings: []agentinput.Reading{
			{Value: quoted(base64.StdEncoding.EncodeToString(data)), Meaning: "base64: " + count(len(data))},
			{Value: quoted(base64.StdEncoding.EncodeToString(fromHex(text))), Meaning: "hex digits: " + count(len(text)/2)},
		},
	})
}

// hexHint gives the base64 of the bytes hex digits spell, when it is
// short enough to quote whole.
func hexHint(text []byte) string {
	enc := base64.StdEncoding.EncodeToString(fromHex(text))
	if len(enc) > agentinput.MaxReceivedChars {
		return "If these are hex digits, send the " + count(len(text)/2) + " they spell as standard base64 instead"
	}
	return `If these are hex digits, send the ` + count(len(text)/2) + ` they spell as standard base64: "` + enc + `"`
}

func alsoHex(s string) agentinput.Warning {
	enc := base64.StdEncoding.EncodeToString(fromHex(s))
	msg := "Read " + string(agentinput.Received(s)) + " as base64 (" + count(len(s)/4*3) + "); it is also a string of hex digits"
	if len(enc) <= agentinput.MaxReceivedChars {
		msg += `: if hex was meant, send its bytes as base64, "` + enc + `"`
	} else {
		msg += ": if hex was meant, send its " + count(len(s)/2) + " as base64"
	}
	return agentinput.Warning{Code: agentinput.WarningAlsoHex, Message: msg}
}

func count(n int) string {
	if n == 1 {
		return "1 byte"
	}
	return strconv.Itoa(n) + " bytes"
}

func quoted(s string) []byte {
	return append(append(append(make([]byte, 0, len(s)+2), '"'), s...), '"')
}

// character names c for a reason: itself when it is visible, its code
// point when it is not.
func character(c rune) string {
	if c >= 0x21 && c < 0x7f {
		return strconv.QuoteRune(c)
	}
	return spelling.CodePoint(c)
}

// readDataURI reads a data: URI (RFC 2397): data:[<media type>][;base64],<data>.
func (r *Reader) readDataURI(v any, s string, notes agentinput.Notes) agentinput.Outcome[Bytes] {
	rest := s[len("data:"):]
	comma := strings.IndexByte(rest, ',')
	if comma < 0 {
		return r.ask(v, agentinput.AskInvalid, "it is a data: URI without the comma that comes before its data", hintSend)
	}
	header, body := rest[:comma], rest[comma+1:]
	isBase64 := false
	if i := strings.LastIndexByte(header, ';'); i >= 0 && strings.EqualFold(header[i+1:], "base64") {
		isBase64, header = true, header[:i]
	}
	mediaType := header
	switch {
	case mediaType == "":
		mediaType = "text/plain;charset=US-ASCII"
	case mediaType[0] == ';':
		mediaType = "text/plain" + mediaType
	}
	if _, _, err := mime.ParseMediaType(mediaType); err != nil {
		return r.ask(v, agentinput.AskInvalid, "its media type "+string(agentinput.Received(header))+" is not one (type/subtype, then ;name=value parameters)", hintSend)
	}
	var data []byte
	reason := "a data: URI of media type " + mediaType + ", kept beside the bytes"
	if isBase64 {
		d, o, ok := r.decode(v, body, false, false)
		if !ok {
			return o
		}
		data = d.data
		if d.changes != "" {
			reason += "; its base64: " + d.changes
		}
	} else {
		var bad string
		data, bad = unescape(body, r.max)
		switch bad {
		case "":
			reason += "; its data percent-decoded"
		case tooLong:
			return r.ask(v, agentinput.AskTooLarge, r.tooLarge, hintTooLarge)
		default:
			return r.ask(v, agentinput.AskInvalid, bad, hintSend)
		}
	}
	notes.Add(agentinput.NoteDataURI, agentinput.Text(s), reason)
	return agentinput.Value(Bytes{Data: data, MediaType: mediaType}, notes)
}

const tooLong = "too long"

// unescape percent-decodes the data of a data: URI without ;base64, up to
// max bytes. It returns why it could not, or "".
func unescape(s string, max int) ([]byte, string) {
	b := make([]byte, 0, min(len(s), max))
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c == '%' {
			if i+2 >= len(s) || hexValue[s[i+1]] > 15 || hexValue[s[i+2]] > 15 {
				return nil, "its data has a % at character " + strconv.Itoa(utf8.RuneCountInString(s[:i])+1) + " that is not followed by two hex digits"
			}
			c = hexValue[s[i+1]]<<4 | hexValue[s[i+2]]
			i += 2
		}
		if len(b) == max {
			return nil, tooLong
		}
		b = append(b, c)
	}
	return b, ""
}

// whitespaceInside reports whether s has whitespace that base64 does not:
// a space or a tab anywhere, or line breaks at no fixed width.
func whitespaceInside(s string) bool {
	// IndexByte is vectorized: four of them cost less than one loop.
	if strings.IndexByte(s, ' ') >= 0 || strings.IndexByte(s, '\t') >= 0 {
		return true
	}
	return (strings.IndexByte(s, '\n') >= 0 || strings.IndexByte(s, '\r') >= 0) && !fixedWidth(s)
}

// readArray reads a JSON array of byte values, the integers 0 to 255
// ([104, 105]), each read by the number kind (its owner): note form.
func (r *Reader) readArray(v any, items []any) agentinput.Outcome[Bytes] {
	if len(items) > r.max {
		return r.ask(v, agentinput.AskTooLarge, r.tooLarge, hintTooLarge)
	}
	data := make([]byte, len(items))
	for i, it := range items {
		if _, isString := it.(string); isString {
			return r.ask(v, agentinput.AskInvalid, "item "+strconv.Itoa(i)+" of the array is a string; an array of bytes holds the numbers 0 to 255", hintSend)
		}
		d, ok := number.Read(it, byteValue).Value()
		n, whole := d.Int64()
		if !ok || !whole {
			return r.ask(v, agentinput.AskInvalid, "item "+strconv.Itoa(i)+" of the array is not a whole number from 0 to 255, a byte's value", hintSend)
		}
		data[i] = byte(n)
	}
	var notes agentinput.Notes
	notes.Add(agentinput.NoteForm, agentinput.JSONValue(v), "an array of byte values")
	return agentinput.Value(Bytes{Data: data}, notes)
}

// byteValue are the options a byte's value is read with.
var byteValue = func() number.Options {
	lo, hi := number.FromInt64(0), number.FromInt64(255)
	return number.Options{Integer: true, Min: &lo, Max: &hi}
}()
