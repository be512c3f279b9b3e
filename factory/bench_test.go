package factory

import (
	"bytes"
	"context"
	"encoding/json"
	"testing"
)

// The benchmark call is {"query","limit","date_from","court",
// "include_archived"}; until the date and vocabulary kinds land, the test
// tool's five properties stand in: the same number of properties, each
// spelled as a model would.
var (
	lenientArgs   = json.RawMessage(`{"query":"x","limit":"10","min_score":"0,5","court":"NS","include_archived":"ne"}`)
	canonicalArgs = json.RawMessage(`{"query":"x","limit":10,"min_score":0.5,"court":"NS","include_archived":false}`)
)

var sinkResult *Result

func BenchmarkCall(b *testing.B) {
	r := &recorder{}
	tool := Must(quietSpec("search_decisions", IntentRead), r.handle)
	tool.observer = discard{}
	for _, bm := range []struct {
		name string
		args json.RawMessage
	}{{"lenient", lenientArgs}, {"canonical", canonicalArgs}} {
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

// BenchmarkBaseline is what a strict server does with the canonical call:
// decode it with encoding/json and validate it with the same compiled
// schema (jsonschema/v6).
func BenchmarkBaseline(b *testing.B) {
	tool := Must(quietSpec("search_decisions", IntentRead), (&recorder{}).handle)
	b.ReportAllocs()
	for b.Loop() {
		dec := json.NewDecoder(bytes.NewReader(canonicalArgs))
		dec.UseNumber()
		var v map[string]any
		if err := dec.Decode(&v); err != nil {
			b.Fatal(err)
		}
		if err := tool.compiled.Validate(v); err != nil {
			b.Fatal(err)
		}
	}
}

type discard struct{}

func (discard) Observe(context.Context, Event) {}
