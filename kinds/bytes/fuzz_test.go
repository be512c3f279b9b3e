package bytes

import (
	stdbytes "bytes"
	"encoding/base64"
	"strings"
	"testing"
)

// reference decodes s the slow, obvious way: drop the whitespace, write
// the URL alphabet as the standard one, pad, and hand it to
// encoding/base64 strictly. It knows nothing of data: URIs, hex or
// budgets, so it speaks only for strings of those characters alone.
func reference(s string) ([]byte, bool) {
	t := strings.Map(func(r rune) rune {
		switch r {
		case ' ', '\t', '\r', '\n', '=':
			return -1
		case '-':
			return '+'
		case '_':
			return '/'
		}
		return r
	}, s)
	if n := len(t) % 4; n != 0 {
		t += strings.Repeat("=", 4-n)
	}
	b, err := base64.StdEncoding.Strict().DecodeString(t)
	return b, err == nil
}

// FuzzRead checks the oracle's invariants on any string and, for a string
// of base64 characters in one alphabet, that Read agrees with the
// reference decoder.
func FuzzRead(f *testing.F) {
	seedOracle(f)
	f.Fuzz(func(t *testing.T, s string) {
		checkOracle(t, defaultReader, s)
		if !inDomain(s) {
			return
		}
		o := defaultReader.Read(s)
		want, ok := reference(s)
		b, got := o.Value()
		if got && (!ok || !stdbytes.Equal(b.Data, want)) {
			t.Fatalf("Read(%q) = %x; the reference reads %x, %v", s, b.Data, want, ok)
		}
	})
}

// inDomain reports whether the reference speaks for s: base64 characters
// of one alphabet, padding and ASCII whitespace, nothing else.
func inDomain(s string) bool {
	if strings.ContainsAny(s, "+/") && strings.ContainsAny(s, "-_") {
		return false
	}
	for i := 0; i < len(s); i++ {
		if !strings.ContainsRune("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/-_= \t\r\n", rune(s[i])) {
			return false
		}
	}
	return true
}
