package factory

import (
	"bytes"
	"context"
	"encoding/json"
	"log/slog"
	"strings"
	"testing"

	"agentinput.dev/factory/observe"
)

// TestNilObserverIsSilent: a tool declared without an Observer, by New or
// by FromSchema, writes nothing to slog.Default() for a call that succeeds
// or one that asks; observe.Slog{} with a nil Logger, under the same
// capture, does log, so the capture would see a default that logged.
func TestNilObserverIsSilent(t *testing.T) {
	var log bytes.Buffer
	previous := slog.Default()
	slog.SetDefault(slog.New(slog.NewTextHandler(&log, &slog.HandlerOptions{Level: slog.LevelDebug})))
	t.Cleanup(func() { slog.SetDefault(previous) })

	calls := func(obs observe.Observer) {
		spec := Spec{Name: "search_decisions", Title: "Search decisions", Description: desc, Intent: IntentRead, Observer: obs}
		r := &recorder{}
		typed, err := New(spec, r.handle)
		if err != nil {
			t.Fatal(err)
		}
		spec.Name = "search_existing"
		schema, err := FromSchema(spec, json.RawMessage(existingSchema))
		if err != nil {
			t.Fatal(err)
		}
		for _, tool := range []*Tool{typed, schema} {
			for _, args := range []string{`{"query":"x"}`, `{"query":"x","limit":"1,234"}`, `{"nope":1}`} {
				tool.Call(context.Background(), json.RawMessage(args))
			}
		}
	}

	calls(nil)
	if log.Len() != 0 {
		t.Fatalf("a tool without an Observer logged:\n%s", log.String())
	}
	calls(observe.None{})
	if log.Len() != 0 {
		t.Fatalf("observe.None logged:\n%s", log.String())
	}
	calls(observe.Slog{})
	if got := strings.Count(log.String(), "agentinput call"); got != 6 {
		t.Fatalf("SlogObserver{} logged %d calls to slog.Default(), want 6:\n%s", got, log.String())
	}
}
