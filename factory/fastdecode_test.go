package factory

import (
	"bytes"
	"encoding/json"
	"reflect"
	"strings"
	"testing"

	"agentinput.dev/agentinput"
)

// fastDecodeSeeds are texts on both sides of fastDecode's plain form.
var fastDecodeSeeds = []string{
	`{}`, `[]`, `""`, `0`, `-0`, `1.5e3`, `-12.0E-7`, `true`, `false`, `null`,
	`{"query":"x","limit":10,"date_from":"2026-01-01","court":"NS","include_archived":false}`,
	`{"query":"x","limit":"10","date_from":"2026","court":"NS","include_archived":"ne"}`,
	` { "a" : [ 1 , "b" , null , { } , [ ] ] , "c" : { "d" : true } } `,
	"{\"a\":\t\n\r1}", `{"ünï":"çødé ✓ 😀"}`, `{"a":{"a":{"a":1}}}`,
	`{"tags":[[[[[[[[[[[[[[[1]]]]]]]]]]]]]]]}`, `{"tags":[[[[[[[[[[[[[[[[1]]]]]]]]]]]]]]]]}`,
	// Not plain, or not JSON: fastDecode declines, and the slow path says why.
	`{"a":1,"a":2}`, `{"a":1,"a":1}`, `{"b":{"x":1,"x":2}}`, `{"a":"\n"}`, `{"t\u0061gs":1}`, "{\"a\":\"x\xffy\"}",
	"{\"a\":\"\x01\"}", `{"a":01}`, `{"a":1.}`, `{"a":.5}`, `{"a":1e}`, `{"a":+1}`, `{"a":-}`, `{"a":tru}`, `{"a":nul}`,
	`{"a":1,}`, `[1,]`, `{"a" 1}`, `{a:1}`, `{"a":1}}`, `{"a":1} x`, `{"a":1}{}`, `{"a":[1 2]}`, `{"a":"x`, `{"a":`, `[`,
	"{\"a\":1}\u00a0", "\u00a0{}", `{"a":NaN}`, `{"a":1e400}`, `{"a":-0.0e-0}`, `"\ud800"`,
}

// TestFastDecodeAgrees: whatever fastDecode decodes, encoding/json (with
// UseNumber, as decodeText's slow path) decodes to the same value, with
// nothing after it, and the slow path's scan finds nothing to ask about;
// and the plain texts above do take the fast path.
func TestFastDecodeAgrees(t *testing.T) {
	took := 0
	for _, s := range fastDecodeSeeds {
		if checkFastDecode(t, []byte(s)) {
			took++
		}
	}
	if took < 17 {
		t.Errorf("only %d of the seeds took the fast path", took)
	}
	for _, s := range []string{`{"a":1,"a":2}`, `{"a":"\n"}`, "{\"a\":\"x\xffy\"}", `{"a":01}`, `{"a":1} x`, `{"tags":[[[[[[[[[[[[[[[[1]]]]]]]]]]]]]]]]}`} {
		if _, ok := fastDecode([]byte(s), nil); ok {
			t.Errorf("fastDecode(%s) took the fast path", s)
		}
	}
}

// TestFastDecodeNames: a declared property name is the declared string,
// and decodes as any other.
func TestFastDecodeNames(t *testing.T) {
	names := map[string]*property{"limit": {Name: "limit"}}
	v, ok := fastDecode([]byte(`{"limit":10,"other":{"limit":1}}`), names)
	want := map[string]any{"limit": json.Number("10"), "other": map[string]any{"limit": json.Number("1")}}
	if !ok || !reflect.DeepEqual(v, want) {
		t.Fatalf("got %#v, %v", v, ok)
	}
}

func FuzzFastDecode(f *testing.F) {
	for _, s := range fastDecodeSeeds {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if len(s) > agentinput.MaxArgumentBytes {
			return
		}
		checkFastDecode(t, []byte(s))
	})
}

// checkFastDecode checks fastDecode on text against encoding/json and the
// scan, and reports whether it took the fast path.
func checkFastDecode(t *testing.T, text []byte) bool {
	t.Helper()
	got, ok := fastDecode(text, nil)
	if !ok {
		return false
	}
	dec := json.NewDecoder(bytes.NewReader(text))
	dec.UseNumber()
	var want any
	if err := dec.Decode(&want); err != nil || dec.More() {
		t.Fatalf("fastDecode(%q) = %#v, but encoding/json: %v (more: %v)", text, got, err, dec.More())
	}
	if _, err := dec.Token(); err == nil {
		t.Fatalf("fastDecode(%q) decoded, but text follows the value", text)
	}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("fastDecode(%q) = %#v, encoding/json %#v", text, got, want)
	}
	sc := scanText(bytes.TrimSpace(text))
	if sc.bad != nil || sc.deep != nil {
		t.Fatalf("fastDecode(%q) decoded what the scan asks about: %+v", text, sc)
	}
	if obj, isObject := want.(map[string]any); isObject && sc.members != len(obj) {
		t.Fatalf("fastDecode(%q) decoded a repeated name", text)
	}
	if strings.ContainsRune(string(text), '\\') {
		t.Fatalf("fastDecode(%q) decoded an escape", text)
	}
	return true
}
