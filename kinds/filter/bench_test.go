package filter

import (
	"testing"

	"agentinput.dev/agentinput"
)

var sinkOutcome agentinput.Outcome[string]

func BenchmarkRead(b *testing.B) {
	f, err := New(Options[string]{Vocabulary: courts(b)})
	if err != nil {
		b.Fatal(err)
	}
	for _, bm := range []struct{ name, s string }{
		{"id", "NS"}, {"all", "all"}, {"all_czech", "Všechny"}, {"name", "nejvyssi soud"}, {"dropped", "Nejvyšší"},
	} {
		b.Run(bm.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				sinkOutcome = f.Read(bm.s)
			}
		})
	}
}
