package factory

import (
	"bytes"
	"encoding/json"
	"reflect"
	"strings"
	"testing"

	"pgregory.net/rapid"

	"agentinput.dev/agentinput"
	"agentinput.dev/internal/jsonscan"
	"agentinput.dev/internal/jsonscan/jsonscantest"
)

// TestFastDecodeAgrees: over the agreement suite (jsonscantest), whatever fastDecode decodes, encoding/json (with
// UseNumber, as decodeText's slow path) decodes to the same value, with
// nothing after it, and the slow path's scan finds nothing to ask about;
// and the plain texts above do take the fast path.
func TestFastDecodeAgrees(t *testing.T) {
	took := 0
	for _, s := range jsonscantest.Texts {
		if checkFastDecode(t, []byte(s)) {
			took++
		}
		checkDecodeValue(t, []byte(s))
	}
	rapid.Check(t, func(t *rapid.T) {
		text := jsonscantest.Text().Draw(t, "text")
		checkFastDecode(t, text)
		checkDecodeValue(t, text)
	})
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
	for _, s := range jsonscantest.Texts {
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
func checkFastDecode(t tester, text []byte) bool {
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
	jsonscan.Duplicates(bytes.TrimSpace(text), func(d jsonscan.Dup) bool {
		t.Fatalf("fastDecode(%q) decoded %s written twice", text, d.Name)
		return false
	})
	if strings.ContainsRune(string(text), '\\') {
		t.Fatalf("fastDecode(%q) decoded an escape", text)
	}
	return true
}

// checkDecodeValue checks the slow path on text against encoding/json:
// text that is not one JSON value is an ask invalid_json (or, nested past
// the budget, too_large); one that is decodes to encoding/json's value,
// unless the budgets or a string encoding/json would change ask about it.
func checkDecodeValue(t tester, text []byte) {
	t.Helper()
	got, issue := DecodeValue(text)
	// The decode trims Unicode's spaces around the text (a model's
	// no-break space after the value is no part of it); JSON has four.
	dec := json.NewDecoder(bytes.NewReader(bytes.TrimSpace(text)))
	dec.UseNumber()
	var want any
	err := dec.Decode(&want)
	valid := err == nil && !dec.More()
	if valid {
		if _, err := dec.Token(); err == nil {
			valid = false
		}
	}
	switch {
	case !valid && issue == nil:
		t.Fatalf("DecodeValue(%q) = %#v, but encoding/json: not one value (%v)", text, got, err)
	case !valid && issue.Code != agentinput.AskInvalidJSON && issue.Code != agentinput.AskTooLarge:
		t.Fatalf("DecodeValue(%q) asks %s, want invalid_json for text encoding/json refuses", text, issue.Code)
	case valid && issue == nil && !reflect.DeepEqual(got, want):
		t.Fatalf("DecodeValue(%q) = %#v, encoding/json %#v", text, got, want)
	case valid && issue != nil && issue.Code == agentinput.AskInvalidJSON:
		t.Fatalf("DecodeValue(%q) asks invalid_json, but encoding/json decodes %#v", text, want)
	}
}

// tester is what the checks need of a *testing.T or a *rapid.T.
type tester interface {
	Helper()
	Fatalf(format string, args ...any)
}
