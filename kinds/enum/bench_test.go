package enum

import (
	"fmt"
	"testing"

	"agentinput.dev/agentinput"
)

var sinkOutcome agentinput.Outcome[string]

// benchValues declares n values that look like real ones: two or three
// words each ("status_0007_active").
func benchValues(n int) []string {
	states := []string{"active", "archived", "pending_review", "published", "draft"}
	out := make([]string, n)
	for i := range out {
		out[i] = fmt.Sprintf("status_%04d_%s", i, states[i%len(states)])
	}
	return out
}

// BenchmarkRead reads the same spellings from enums of 10 and of 1,000
// values: the time per read must not grow with the number of values.
func BenchmarkRead(b *testing.B) {
	for _, n := range []int{10, 1000} {
		e, err := New(Options{Values: benchValues(n), Synonyms: map[string]string{"live": "status_0003_published"}})
		if err != nil {
			b.Fatal(err)
		}
		for _, bm := range []struct {
			name string
			v    any
		}{
			{"exact", "status_0001_archived"},
			{"folded", "Status 0001 Archived"},
			{"camel", "status0001Archived"},
			{"synonym", "LIVE"},
			{"near_miss", "status_0001_archvied"},
			{"invalid", "something_else_entirely"},
			{"inflection", "status_0004_drafting"},
			{"word", "Archived"},
		} {
			b.Run(fmt.Sprintf("values=%d/%s", n, bm.name), func(b *testing.B) {
				b.ReportAllocs()
				for b.Loop() {
					sinkOutcome = e.Read(bm.v)
				}
			})
		}
	}
}

// BenchmarkNew builds the index of 10 and 1,000 values: once per
// property, at declaration.
func BenchmarkNew(b *testing.B) {
	for _, n := range []int{10, 1000} {
		values := benchValues(n)
		b.Run(fmt.Sprintf("values=%d", n), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, err := New(Options{Values: values}); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
