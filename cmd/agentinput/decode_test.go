package main

import (
	"fmt"
	"reflect"
	"testing"

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
