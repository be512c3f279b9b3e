package agentinput

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"pgregory.net/rapid"
)

func jsonQuote(s string) []byte {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	_ = enc.Encode(s)
	return bytes.TrimSuffix(b.Bytes(), []byte("\n"))
}

// The hand-written quoter writes what encoding/json writes, for any bytes.
func TestQuoteAgreesWithJSON(t *testing.T) {
	for _, s := range []string{"", "a", `"`, `\`, "<nil>", "&", "\b\f\n\r\t", "\x00\x01\x1f\x7f",
		"\u2028\u2029", "\xff", "a\xc3", "\xed\xa0\x80", "čeština", "😀", "\ufffd", "a\"b\\c"} {
		if got, want := quote(s), jsonQuote(s); !bytes.Equal(got, want) {
			t.Errorf("quote(%q) = %s, want %s", s, got, want)
		}
	}
	// Each byte that needs a look, at each place in and around the words
	// the quoter scans eight bytes at a time.
	for _, special := range []string{`"`, `\`, "\x00", "\x1f", "\x7f", " ", "~", "\xff", "\xc3\xa9", "\u2028", "😀"} {
		for before := range 18 {
			for _, after := range []int{0, 1, 7, 8, 9} {
				s := strings.Repeat("a", before) + special + strings.Repeat("b", after)
				if got, want := quote(s), jsonQuote(s); !bytes.Equal(got, want) {
					t.Errorf("quote(%q) = %s, want %s", s, got, want)
				}
			}
		}
	}
	rapid.Check(t, func(t *rapid.T) {
		var s string
		if rapid.Bool().Draw(t, "bytes") {
			s = string(rapid.SliceOf(rapid.Byte()).Draw(t, "b"))
		} else {
			s = rapid.String().Draw(t, "s")
		}
		if got, want := quote(s), jsonQuote(s); !bytes.Equal(got, want) {
			t.Fatalf("quote(%q) = %s, want %s", s, got, want)
		}
	})
}

type spacedJSON struct{}

func (spacedJSON) MarshalJSON() ([]byte, error) { return []byte(`{ "a" : 1 }`), nil }

type htmlJSON struct{}

func (htmlJSON) MarshalJSON() ([]byte, error) { return []byte(`"<a>&\u2028"`), nil }

type badJSON struct{}

func (badJSON) MarshalJSON() ([]byte, error) { return []byte(`{`), nil }

type plainJSON struct{}

func (p plainJSON) MarshalJSON() ([]byte, error) { return []byte(`[1,"x",true]`), nil }

type text struct{ s string }

func (t text) MarshalText() ([]byte, error) { return []byte(t.s), nil }

// Received's encoder-free path gives what encoding/json gives, or steps
// aside.
func TestFastJSONAgrees(t *testing.T) {
	for _, v := range []any{true, false, spacedJSON{}, htmlJSON{}, badJSON{}, plainJSON{},
		text{"cs-CZ"}, text{"<nil> \"q\" \u2028"}, text{""}} {
		fast, ok := fastJSON(v)
		want, err := marshal(v)
		if err != nil {
			if ok {
				t.Errorf("%T: fast path %s where encoding/json fails", v, fast)
			}
			continue
		}
		if ok && !bytes.Equal(fast, want) {
			t.Errorf("%T: fast path %s, encoding/json %s", v, fast, want)
		}
	}
	if _, ok := fastJSON(plainJSON{}); !ok {
		t.Error("compact ASCII MarshalJSON output did not take the fast path")
	}
	if _, ok := fastJSON(spacedJSON{}); ok {
		t.Error("MarshalJSON output with spaces took the fast path")
	}
}
