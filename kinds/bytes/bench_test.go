package bytes

import (
	stdbytes "bytes"
	"encoding/base64"
	"math/rand/v2"
	"strings"
	"testing"

	"agentinput.dev/agentinput"
)

// payload is the largest value the default budget takes: 48 KiB of
// random bytes, whose canonical base64 is 64 KiB (MaxStringBytes).
var payload = func() []byte {
	b := make([]byte, agentinput.MaxInlineBytes)
	r := rand.New(rand.NewPCG(1, 2))
	for i := range b {
		b[i] = byte(r.Uint32())
	}
	return b
}()

var payload64 = base64.StdEncoding.EncodeToString(payload)

// BenchmarkReadCanonical64KiB reads 64 KiB of canonical base64: the
// issue's target is within 1.5 times BenchmarkStdDecodeString64KiB.
func BenchmarkReadCanonical64KiB(b *testing.B) {
	b.ReportAllocs()
	b.SetBytes(int64(len(payload64)))
	for b.Loop() {
		o := defaultReader.Read(payload64)
		if v, _ := o.Value(); len(v.Data) != len(payload) {
			b.Fatal("not read")
		}
	}
}

// BenchmarkStdDecodeString64KiB is the baseline: encoding/base64's
// DecodeString of the same text.
func BenchmarkStdDecodeString64KiB(b *testing.B) {
	b.ReportAllocs()
	b.SetBytes(int64(len(payload64)))
	for b.Loop() {
		d, err := base64.StdEncoding.DecodeString(payload64)
		if err != nil || len(d) != len(payload) {
			b.Fatal("not decoded")
		}
	}
}

// BenchmarkReadMIME reads the same bytes broken into 76-character lines
// in the URL alphabet: the slow path, for comparison.
func BenchmarkReadMIME(b *testing.B) {
	s := base64.RawURLEncoding.EncodeToString(payload[:36<<10])
	var lines []string
	for i := 0; i < len(s); i += 76 {
		lines = append(lines, s[i:min(i+76, len(s))])
	}
	s = strings.Join(lines, "\r\n")
	b.ReportAllocs()
	b.SetBytes(int64(len(s)))
	for b.Loop() {
		o := defaultReader.Read(s)
		if v, _ := o.Value(); !stdbytes.Equal(v.Data, payload[:36<<10]) {
			b.Fatal("not read")
		}
	}
}
