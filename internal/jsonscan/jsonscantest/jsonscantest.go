// Package jsonscantest is the agreement suite of the module's JSON
// readers: one corpus of texts on both sides of every edge of JSON's
// grammar, and one generator of such texts, which each reader of JSON
// text (jsonscan's string scan, the factory's fast decoder and argument
// decode, factory/mcp's frame screen) runs against encoding/json in its
// own TestAgree, so that all of them and encoding/json agree on what is
// JSON and, where they decode, on its value.
package jsonscantest

import (
	"strings"

	"pgregory.net/rapid"
)

// Texts are hand-picked texts: plain JSON, and each way a text can be
// almost JSON.
var Texts = []string{
	// Plain values and objects.
	`{}`, `[]`, `""`, `0`, `-0`, `1.5e3`, `-12.0E-7`, `1e+5`, `1.5E-3`, `true`, `false`, `null`,
	`{"query":"x","limit":10,"date_from":"2026-01-01","court":"NS","include_archived":false}`,
	`{"query":"x","limit":"10","date_from":"2026","court":"NS","include_archived":"ne"}`,
	` { "a" : [ 1 , "b" , null , { } , [ ] ] , "c" : { "d" : true } } `,
	"{\"a\":\t\n\r1}", `{"ünï":"çødé ✓ 😀"}`, `{"a":{"a":{"a":1}}}`, `{"a":[1,2,{"b":null}],"c":"d"}`,
	`{"tags":[[[[[[[[[[[[[[[1]]]]]]]]]]]]]]]}`, `{"tags":[[[[[[[[[[[[[[[[1]]]]]]]]]]]]]]]]}`,
	`[[[]]]`, `{"a":{"b":{}}}`, `[""]`, `{"":""}`,
	// Names twice.
	`{"a":1,"a":2}`, `{"a":1,"a":1}`, `{"b":{"x":1,"x":2}}`, `{"t\u0061gs":1,"tags":2}`,
	// Strings: escapes, surrogates, control characters, bytes that are not UTF-8.
	`{"a":"\n"}`, `{"t\u0061gs":1}`, "{\"a\":\"x\xffy\"}", "{\"a\":\"\x01\"}", "\"\x7f\"",
	`"\ud800"`, `"\udc00"`, `"\ud83d\ude00"`, `"\ud800\ud800\udc00"`, `"\\ud800"`, `"\ufffd"`, "\"\uFFFD\"",
	"\"\xed\xa0\x80\"", "\"\xf0\x9f\"", `"\u12"`, `"\u1234"`, `"a\/b"`, `"\q"`, `"\u"`, `"\u123"`, `"\uZZZZ"`,
	`"\`, `"\u12`, `"a\"`, `"a\\"`, `"`, `"abc`,
	// Numbers.
	`01`, `1.`, `.5`, `1e`, `+1`, `-`, `0.`, `NaN`, `1e400`, `-0.0e-0`, `00`, `-01`, `1.5e`, `1E+`,
	`{"a":01}`, `{"a":1.}`, `{"a":.5}`, `{"a":1e}`, `{"a":+1}`, `{"a":-}`,
	// Literals.
	`tru`, `nul`, `fals`, `True`, `{"a":tru}`, `{"a":nul}`, `nulls`, `truex`,
	// Structure.
	`{"a":1,}`, `[1,]`, `{"a" 1}`, `{a:1}`, `{"a":1}}`, `{"a":1} x`, `{"a":1}{}`, `{"a":[1 2]}`,
	`{"a":1 "b":2}`, `{"a":"x`, `{"a":`, `[`, `[[[]]`, `[]]`, `{1:2}`, `[}`, `{]`, `{"a":1,,"b":2}`,
	// Whitespace JSON does not have, a byte order mark.
	"{\"a\":1}\u00a0", "\u00a0{}", "\ufeff{}", "{\"a\":\v1}", "{\"a\":\f1}",
}

// tokens are the pieces Text joins: every token of JSON, and the near
// misses of each.
var tokens = []string{
	"{", "}", "[", "]", ":", ",", " ", "\t", "\n", "\r",
	`"a"`, `"b"`, `""`, `"\n"`, `"\u0041"`, `"\ud800"`, `"\ud83d\ude00"`, "\"\xff\"", "\"\x01\"", `"\q"`, `"\u12"`, `"`, `\`,
	"0", "-0", "1", "12", "1.5", "1e3", "-2E-1", "01", "1.", ".5", "1e", "+1", "-",
	"true", "false", "null", "tru", "nul", "x", "\u00a0",
}

// Text draws a text: a JSON value (Value) as it is, or with one token put
// in, one byte dropped or one byte changed, or a run of up to 24 tokens.
func Text() *rapid.Generator[[]byte] {
	return rapid.Custom(func(t *rapid.T) []byte {
		switch rapid.IntRange(0, 4).Draw(t, "how") {
		case 0:
			parts := rapid.SliceOfN(rapid.SampledFrom(tokens), 0, 24).Draw(t, "tokens")
			return []byte(strings.Join(parts, ""))
		case 1:
			return Value().Draw(t, "value")
		}
		v := Value().Draw(t, "value")
		at := rapid.IntRange(0, len(v)).Draw(t, "at")
		switch rapid.IntRange(0, 2).Draw(t, "edit") {
		case 0:
			tok := rapid.SampledFrom(tokens).Draw(t, "token")
			return append(append(append([]byte{}, v[:at]...), tok...), v[at:]...)
		case 1:
			if at == len(v) {
				return v[:at]
			}
			return append(append([]byte{}, v[:at]...), v[at+1:]...)
		}
		if at == len(v) {
			return v
		}
		out := append([]byte{}, v...)
		out[at] = rapid.Byte().Draw(t, "byte")
		return out
	})
}

// Value draws one JSON value, nested at most four deep, with whitespace
// between its tokens and names that may repeat.
func Value() *rapid.Generator[[]byte] {
	return rapid.Custom(func(t *rapid.T) []byte { return value(t, 0) })
}

var scalars = []string{
	`""`, `"a"`, `"b"`, `"ünï ✓"`, `"\n\"\\"`, `"\u0041"`, `"\ud83d\ude00"`, `"\ud800"`, `"\/"`,
	"0", "-0", "7", "-12.5e-3", "1E9", "1e400", "true", "false", "null",
}

func value(t *rapid.T, depth int) []byte {
	ws := func() string { return rapid.SampledFrom([]string{"", "", " ", "\n\t", "\r\n "}).Draw(t, "ws") }
	kind := rapid.IntRange(0, 2).Draw(t, "kind")
	if depth >= 4 || kind == 0 {
		return []byte(ws() + rapid.SampledFrom(scalars).Draw(t, "scalar") + ws())
	}
	n := rapid.IntRange(0, 3).Draw(t, "n")
	var b strings.Builder
	open, close := "[", "]"
	if kind == 2 {
		open, close = "{", "}"
	}
	b.WriteString(ws() + open)
	for i := range n {
		if i > 0 {
			b.WriteString(",")
		}
		if kind == 2 {
			b.WriteString(ws() + rapid.SampledFrom([]string{`"a"`, `"b"`, `"c"`, `"\u0061"`}).Draw(t, "name") + ws() + ":")
		}
		b.Write(value(t, depth+1))
	}
	b.WriteString(ws() + close + ws())
	return []byte(b.String())
}
