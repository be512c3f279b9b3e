package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"reflect"
	"strings"
	"testing"
	"unicode/utf8"

	"pgregory.net/rapid"

	"agentinput.dev/factory"
)

// TestPropertyDecodeIsTheFactorys: the command reads a JSON value as a
// tool call would (factory.DecodeValue): a string with half a UTF-16
// surrogate pair or a byte that is not UTF-8 is the same ask on both
// paths, never U+FFFD on one of them; any other value is the same value.
func TestPropertyDecodeIsTheFactorys(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		piece := rapid.SampledFrom([]string{"a", "é", " ", `\n`, `\u00e9`, `\ud83d\ude00`, `\ud800`, `\udfff`, `\ud800\u0041`, "\xff", `\"`}).Draw(t, "piece")
		body := rapid.StringOfN(rapid.RuneFrom([]rune("xyz ")), 0, 4, -1).Draw(t, "body") + piece
		wrap := rapid.SampledFrom([][2]string{{`"`, `"`}, {`["`, `"]`}, {`{"k":"`, `"}`}, {` "`, `" `}}).Draw(t, "wrap")
		text := []byte(wrap[0] + body + wrap[1])
		v, _, bad, ok := decode(text)
		want, issue := factory.DecodeValue(text)
		if !ok {
			t.Fatalf("decode(%s): not JSON", text)
		}
		switch {
		case (bad != nil) != (issue != nil):
			t.Fatalf("decode(%s): bad %v, the factory's issue %v", text, bad, issue)
		case bad != nil && (bad.Code != issue.Code || fmt.Sprint(bad.Received) != fmt.Sprint(issue.Received)):
			t.Fatalf("decode(%s): %+v, the factory's %+v", text, *bad, issue.Ask)
		case bad == nil && !reflect.DeepEqual(v, want):
			t.Fatalf("decode(%s) = %#v, the factory's %#v", text, v, want)
		}
	})
}

// TestPropertyDecodeScalarFastPath: the plain scalars decode reads
// without json.Valid (numbers, true/false/null, strings without an
// escape) are exactly the JSON scalars: text made of number and keyword
// pieces, quotes, control characters and other bytes is JSON for decode
// exactly when json.Valid says so, decodes to factory.DecodeValue's value
// (or its ask), and echoes its compact form.
func TestPropertyDecodeScalarFastPath(t *testing.T) {
	pieces := []string{"-", "+", "0", "1", "9", "01", ".", "e", "E", "true", "false", "null", "tru", "nul", `"`, `\`, `\u0041`,
		"\t", " ", "\n", "\r", "\x00", "\x1f", "\x7f", "é", "\xff", "\xc3", "a", "[", "]", "{", "}", ",", ":"}
	rapid.Check(t, func(t *rapid.T) {
		text := []byte(strings.Join(rapid.SliceOfN(rapid.SampledFrom(pieces), 1, 8).Draw(t, "pieces"), ""))
		if rapid.Bool().Draw(t, "quoted") {
			text = append(append([]byte{'"'}, text...), '"')
		}
		v, input, bad, ok := decode(text)
		if ok != json.Valid(text) {
			t.Fatalf("decode(%q): ok %v, json.Valid %v", text, ok, !ok)
		}
		if !ok {
			return
		}
		want, issue := factory.DecodeValue(text)
		switch {
		case (bad != nil) != (issue != nil):
			t.Fatalf("decode(%q): bad %v, the factory's issue %v", text, bad, issue)
		case bad == nil && !reflect.DeepEqual(v, want):
			t.Fatalf("decode(%q) = %#v, the factory's %#v", text, v, want)
		}
		var compact bytes.Buffer
		if err := json.Compact(&compact, text); err != nil {
			t.Fatal(err)
		}
		if utf8.Valid(compact.Bytes()) && !bytes.Equal(input, compact.Bytes()) {
			t.Fatalf("decode(%q): input %q, compact %q", text, input, compact.Bytes())
		}
	})
}
