package factory

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"testing"
	"time"

	"agentinput.dev/factory/observe"
	"agentinput.dev/kinds/vocabulary"
	"agentinput.dev/receipt"
)

// The benchmark call: five properties of a read tool, spelled as a
// model would, and their canonical equivalent.
var (
	lenientArgs   = json.RawMessage(`{"query":"x","limit":"10","date_from":"2026","court":"NS","include_archived":"ne"}`)
	canonicalArgs = json.RawMessage(`{"query":"x","limit":10,"date_from":"2026-01-01","court":"NS","include_archived":false}`)
)

type benchIn struct {
	Query           string `json:"query" desc:"Words to search for."`
	Limit           int    `json:"limit" desc:"How many results to return."`
	DateFrom        string `json:"date_from" desc:"The first day of the period."`
	Court           string `json:"court" agentinput:"filter,of=courts" desc:"Only decisions of this court."`
	IncludeArchived bool   `json:"include_archived" desc:"Whether archived decisions are searched too."`
}

func benchTool(b *testing.B) *Tool {
	f, err := os.Open("../kinds/vocabulary/testdata/courts.json")
	if err != nil {
		b.Fatal(err)
	}
	defer f.Close()
	v, err := vocabulary.Load(f)
	if err != nil {
		b.Fatal(err)
	}
	spec := quietSpec("search_decisions", IntentRead)
	spec.Vocabularies = map[string]*vocabulary.Reader{"courts": v}
	spec.Observer = discard{}
	return Must(spec, func(_ context.Context, in benchIn, _ *Call) (benchIn, error) { return in, nil })
}

var sinkResult *Result

// BenchmarkCall is the whole call through the factory beside what a
// strict server does, in one run: "baseline" decodes the canonical call
// with encoding/json and validates it with the same compiled schema
// (jsonschema/v6); "canonical" and "lenient" are the factory's Call on
// the canonical arguments and on the spellings a model sends.
//
// "interleaved" runs the three one after the other in every iteration and
// reports each one's time and the ratios to the baseline: on a loaded
// machine the load then falls on all three alike (its ns/op is of the
// three together; its allocs/op too).
func BenchmarkCall(b *testing.B) {
	tool := benchTool(b)
	baseline := func(b *testing.B) {
		dec := json.NewDecoder(bytes.NewReader(canonicalArgs))
		dec.UseNumber()
		var v map[string]any
		if err := dec.Decode(&v); err != nil {
			b.Fatal(err)
		}
		if err := tool.compiledForTest().Validate(v); err != nil {
			b.Fatal(err)
		}
	}
	b.Run("baseline", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			baseline(b)
		}
	})
	b.Run("interleaved", func(b *testing.B) {
		b.ReportAllocs()
		var base, canonical, lenient time.Duration
		n := 0
		for b.Loop() {
			t0 := time.Now()
			baseline(b)
			t1 := time.Now()
			sinkResult = tool.Call(context.Background(), canonicalArgs)
			t2 := time.Now()
			sinkResult = tool.Call(context.Background(), lenientArgs)
			t3 := time.Now()
			base, canonical, lenient = base+t1.Sub(t0), canonical+t2.Sub(t1), lenient+t3.Sub(t2)
			n++
		}
		b.ReportMetric(float64(base.Nanoseconds())/float64(n), "baseline-ns/op")
		b.ReportMetric(float64(canonical.Nanoseconds())/float64(n), "canonical-ns/op")
		b.ReportMetric(float64(lenient.Nanoseconds())/float64(n), "lenient-ns/op")
		b.ReportMetric(float64(canonical)/float64(base), "canonical/baseline")
		b.ReportMetric(float64(lenient)/float64(base), "lenient/baseline")
	})
	for _, bm := range []struct {
		name string
		args json.RawMessage
	}{{"canonical", canonicalArgs}, {"lenient", lenientArgs}} {
		b.Run(bm.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				sinkResult = tool.Call(context.Background(), bm.args)
			}
			if sinkResult.Envelope != nil {
				b.Fatalf("envelope %+v", sinkResult.Envelope)
			}
		})
	}
}

type discard struct{}

func (discard) Observe(context.Context, observe.Event) {}

// BenchmarkDoCall is the canonical call on a do tool with the memory store:
// beside BenchmarkCall/canonical it measures what the claim protocol costs a
// write. "fresh" claims and commits a new key each time (the first call);
// "replay" answers a committed one (a retry).
func BenchmarkDoCall(b *testing.B) {
	tool := benchTool(b)
	spec := tool.Spec()
	spec.Intent = IntentDo
	spec.Receipts = &receipt.Memory{Retention: time.Minute}
	do := Must(spec, func(_ context.Context, in benchIn, _ *Call) (benchIn, error) { return in, nil })
	b.Run("fresh", func(b *testing.B) {
		b.ReportAllocs()
		args := make([][]byte, 0, 1024)
		for i := range 1024 {
			args = append(args, fmt.Appendf(nil, `{"query":"x","limit":10,"date_from":"2026-01-01","court":"NS","include_archived":false,"idempotency_key":"k%d-%d"}`, b.N, i))
		}
		i := 0
		for b.Loop() {
			sinkResult = do.Call(context.Background(), args[i%len(args)])
			i++
			if i%len(args) == 0 {
				// New keys for the next round: every call claims afresh.
				for j := range args {
					args[j] = fmt.Appendf(args[j][:0], `{"query":"x","limit":10,"date_from":"2026-01-01","court":"NS","include_archived":false,"idempotency_key":"k%d-%d"}`, i, j)
				}
			}
		}
		if sinkResult.Envelope != nil {
			b.Fatalf("envelope %+v", sinkResult.Envelope)
		}
	})
	b.Run("replay", func(b *testing.B) {
		b.ReportAllocs()
		do.Call(context.Background(), canonicalArgs)
		for b.Loop() {
			sinkResult = do.Call(context.Background(), canonicalArgs)
		}
		if !sinkResult.Replayed {
			b.Fatal("not replayed")
		}
	})
}
