package fuzz

import (
	"bytes"
	"context"
	"encoding/json"
	"math/rand/v2"
	"testing"

	"agentinput.dev/factory"
	"agentinput.dev/internal/demo"
)

const benchCall = `{"query":"contract","court":"NS","date_from":"2020-01-01","date_to":"2024-12-31","tags":["tax","tort"],"limit":25}`

func readDecisions(b *testing.B) *factory.Tool {
	tools, err := demo.Tools(demo.NewStore(), bytes.Repeat([]byte{7}, 32), nil)
	if err != nil {
		b.Fatal(err)
	}
	for _, tl := range tools {
		if tl.Name() == "read_decisions" {
			return tl
		}
	}
	b.Fatal("the demo has no read_decisions")
	return nil
}

// BenchmarkCanonicalCall is the baseline of BenchmarkToolIteration: the
// canonical call of read_decisions, made as the handler's caller makes it.
func BenchmarkCanonicalCall(b *testing.B) {
	tl := readDecisions(b)
	b.ReportAllocs()
	for b.Loop() {
		if res := tl.Call(context.Background(), json.RawMessage(benchCall)); res.Envelope != nil {
			b.Fatal(res.Envelope.Message)
		}
	}
}

// BenchmarkToolIteration is one case of fuzz.Tool on the demo's
// read_decisions: a call spelled from 64 random choice bytes, made and
// checked (the canonical calls are made once, outside the loop).
func BenchmarkToolIteration(b *testing.B) {
	tl := readDecisions(b)
	{
		c := newChecker(b, factoryTool{tl}, Options{}, []string{benchCall})
		r := rand.New(rand.NewPCG(35, 2))
		choices := make([]byte, 64)
		b.ReportAllocs()
		for b.Loop() {
			for i := range choices {
				choices[i] = byte(r.Uint32())
			}
			c.once(b, Bytes(choices))
		}
	}
}
