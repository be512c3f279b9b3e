package cursor

import (
	"testing"

	"agentinput.dev/agentinput"
)

var (
	sinkToken   string
	sinkOutcome agentinput.Outcome[Position]
)

func BenchmarkEncode(b *testing.B) {
	c := newReader(b, &clock{t0}, key1)
	p := Position{Offset: 1200, PageSize: 50, Session: "session-1", Filters: `{"court":"NS"}`}
	b.ReportAllocs()
	for b.Loop() {
		sinkToken = c.Encode(p)
	}
}

func BenchmarkDecode(b *testing.B) {
	c := newReader(b, &clock{t0}, key1, key2)
	token := c.Encode(Position{Offset: 1200, PageSize: 50, Session: "session-1", Filters: `{"court":"NS"}`})
	for _, bm := range []struct {
		name string
		v    any
	}{
		{"token", token},
		{"outside", "start"},
		{"tampered", token[:len(token)-1] + "A"},
	} {
		b.Run(bm.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				sinkOutcome = c.Read(bm.v, "session-1", `{"court":"NS"}`)
			}
		})
	}
}
