package fuzz

import (
	"bytes"
	"math/rand/v2"
	"testing"

	"agentinput.dev/internal/demo"
)

// BenchmarkToolIteration is one case of fuzz.Tool on the demo's
// read_decisions: a call spelled from 64 random choice bytes, made and
// checked (the canonical calls are made once, outside the loop).
func BenchmarkToolIteration(b *testing.B) {
	tools, err := demo.Tools(demo.NewStore(), bytes.Repeat([]byte{7}, 32), nil)
	if err != nil {
		b.Fatal(err)
	}
	for _, tl := range tools {
		if tl.Name() != "read_decisions" {
			continue
		}
		c := newChecker(b, tl, Options{}, []string{
			`{"query":"contract","court":"NS","date_from":"2020-01-01","date_to":"2024-12-31","tags":["tax","tort"],"limit":25}`,
		})
		r := rand.New(rand.NewPCG(35, 2))
		choices := make([]byte, 64)
		b.ReportAllocs()
		for b.Loop() {
			for i := range choices {
				choices[i] = byte(r.Uint32())
			}
			c.once(b, Bytes(choices))
		}
		return
	}
	b.Fatal("the demo has no read_decisions")
}
