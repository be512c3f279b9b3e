package fuzz

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"regexp"
	"strings"
	"sync"
	"testing"

	"golang.org/x/text/language"

	"agentinput.dev/agentinput"
	"agentinput.dev/internal/demo"
	"agentinput.dev/kinds/boolean"
	"agentinput.dev/kinds/country"
	"agentinput.dev/kinds/cursor"
	"agentinput.dev/kinds/date"
	"agentinput.dev/kinds/eli"
	"agentinput.dev/kinds/enum"
	"agentinput.dev/kinds/filter"
	"agentinput.dev/kinds/locale"
	"agentinput.dev/kinds/number"
	"agentinput.dev/kinds/stringlist"
	"agentinput.dev/kinds/uuid"
	"agentinput.dev/kinds/vocabulary"
)

// concurrently reads every input from 8 goroutines at once, 50 times
// each, and fails unless each read encodes exactly as a read of the same
// input alone did first. Under -race (.ci/run) it also shows that the
// object shares no unguarded state.
func concurrently(t *testing.T, read func(any) ([]byte, error), inputs ...any) {
	t.Helper()
	want := make([][]byte, len(inputs))
	for i, in := range inputs {
		b, err := read(in)
		if err != nil {
			t.Fatalf("%v: %v", in, err)
		}
		want[i] = b
	}
	var wg sync.WaitGroup
	errs := make(chan string, 8)
	for g := range 8 {
		wg.Go(func() {
			for n := range 50 {
				i := (g + n) % len(inputs)
				got, err := read(inputs[i])
				if err != nil || !bytes.Equal(got, want[i]) {
					errs <- fmt.Sprintf("%.100v: alone %.300s, among others %.300s (%v)", inputs[i], want[i], got, err)
					return
				}
			}
		})
	}
	wg.Wait()
	close(errs)
	for e := range errs {
		t.Error(e)
	}
}

func enc[T any](read func(any) agentinput.Outcome[T]) func(any) ([]byte, error) {
	return func(v any) ([]byte, error) { return read(v).MarshalJSON() }
}

// must panics on a build error: the objects here are the test's own.
func must[T any](v T, err error) T {
	if err != nil {
		panic(err)
	}
	return v
}

// TestConcurrentBuiltObjects: every object a kind builds (and the pure
// read functions of the kinds that build none) is safe for concurrent
// use and reads the same from many goroutines as from one.
func TestConcurrentBuiltObjects(t *testing.T) {
	courts := must(vocabulary.Load(strings.NewReader(demo.CourtsJSON)))
	tags := must(enum.New(enum.Options{Values: demo.Tags}))
	codec := must(cursor.New(cursor.Options{Keys: [][]byte{bytes.Repeat([]byte{1}, 32)}}))
	token := codec.Encode(cursor.Position{Offset: 20, PageSize: 10, Session: "s", Filters: "f"})
	list := must(stringlist.New(stringlist.Options[string]{Item: tags.Read, Split: true, Unique: true, ItemExpected: tags.Expected()}))
	text := must(stringlist.New(stringlist.Options[string]{Item: stringlist.Text, ItemExpected: stringlist.TextExpected}))
	dates := must(date.New(date.Options{Bound: date.Bound(1)}))
	bools := must(boolean.New(boolean.Options{Languages: append(boolean.DefaultLanguages(), "el")}))
	countries := must(country.New(country.Options{Admit: []string{"CZ", "SK"}}))
	courtFilter := must(filter.New(filter.Options[string]{Vocabulary: courts}))
	for _, tt := range []struct {
		name   string
		read   func(any) ([]byte, error)
		inputs []any
	}{
		{"vocabulary", enc(courts.Read), []any{"NS", "Nejvyšší soud", "nejvyssi", " US ", "zzz", 5}},
		{"enum", enc(tags.Read), []any{"tax", "Tax", " TORT ", "torts", json.Number("1"), nil}},
		{"cursor codec", enc(codec.For("s", "f")), []any{token, token + "x", "", "start", token[:len(token)-2]}},
		{"stringlist", enc(list.Read), []any{[]any{"tax", "tort"}, "tax, tort; tax", `["family"]`, "nope", []any{"tax", 1}}},
		{"stringlist text", enc(text.Read), []any{[]any{"a", "b"}, "Smith, John", `["a","b"]`, 7}},
		{"date reader", enc(dates.Read), []any{"2026-10-01", "2026", "1/2/2026", "1. října 2026", "yesterday"}},
		{"boolean reader", enc(bools.Read), []any{"yes", "ναι", "ano", json.Number("1"), "maybe"}},
		{"country reader", enc(countries.Read), []any{"CZ", "Czechia", "CZE", "DE", "uk"}},
		{"filter", enc(courtFilter.Read), []any{"NS", "all", "", "Nejvyšší", nil}},
		{"number", enc(func(v any) agentinput.Outcome[number.Decimal] { return number.Read(v, number.Options{}) }), []any{json.Number("4000"), "1,5", "1 000", "1e999", "12%"}},
		{"locale", enc(func(v any) agentinput.Outcome[language.Tag] { return locale.Read(v, locale.Options{}) }), []any{"cs-CZ", "cs_cz", "Czech", "se", "xx-YY"}},
		{"uuid", enc(func(v any) agentinput.Outcome[uuid.UUID] { return uuid.Read(v, uuid.Options{}) }), []any{"4e6a3fac-9262-4826-91f0-e77195e54c58", "{4E6A3FAC-9262-4826-91F0-E77195E54C58}", "nil", "x"}},
		{"eli", enc(func(v any) agentinput.Outcome[eli.ELI] { return eli.Read(v, eli.Options{}) }), []any{"http://data.europa.eu/eli/reg/2016/679/oj", "GDPR", "Regulation (EU) 2016/679", "x"}},
	} {
		t.Run(tt.name, func(t *testing.T) { concurrently(t, tt.read, tt.inputs...) })
	}
}

// Volatile members: a next cursor carries its issue time, to the second;
// a capability report its own id, its time and how long it took.
var (
	nextCursor = regexp.MustCompile(`"next_cursor":"[^"]*"`)
	volatile   = regexp.MustCompile(`"(query_id|valid_until|timestamp)":"[^"]*"|"total_latency_ms":[0-9]+`)
)

// TestConcurrentTools: the demo tools called from many goroutines at once
// answer as they answer one call at a time; do_tag_decision, which
// writes, is called concurrently too and must answer each call with one
// output or one envelope.
func TestConcurrentTools(t *testing.T) {
	r := newRegistry(t)
	calls := map[string][]string{
		"read_decisions":  {`{}`, `{"query":"contract","court":"NS","tags":"tax, tort","limit":"5"}`, `{"date_from":"2020","date_to":"2019"}`, `{"limit":5000}`, `{"cursor":"c1_forged"}`, `not json`},
		"read_decision":   {`{}`, `{"id":"nope"}`, `{"id":5}`},
		"can_do":          {`{"action":"do_tag_decision"}`, `{"action":"tag"}`, `{"action":"do_tag_decision","decision_id":"x","tags":["tax"]}`},
		"do_tag_decision": nil,
	}
	var wg sync.WaitGroup
	for _, tl := range r.tools {
		inputs := calls[tl.Name()]
		if inputs == nil {
			continue
		}
		t.Run(tl.Name(), func(t *testing.T) {
			anys := make([]any, len(inputs))
			for i, s := range inputs {
				anys[i] = s
			}
			concurrently(t, func(v any) ([]byte, error) {
				res := tl.Call(context.Background(), json.RawMessage(v.(string)))
				b, err := json.Marshal(struct {
					O any
					E any
				}{res.Output, res.Envelope})
				b = nextCursor.ReplaceAll(b, []byte(`"next_cursor":"…"`))
				return volatile.ReplaceAll(b, []byte(`"$1":"…"`)), err
			}, anys...)
		})
	}
	for _, tl := range r.tools {
		if tl.Name() != "do_tag_decision" {
			continue
		}
		for g := range 8 {
			wg.Go(func() {
				for n := range 20 {
					args := fmt.Sprintf(`{"decision_id":"d%d","tags":["tax"],"idempotency_key":"k%d-%d"}`, n, g, n)
					if res := tl.Call(context.Background(), json.RawMessage(args)); (res.Output == nil) == (res.Envelope == nil) {
						t.Errorf("%s: output %v, envelope %+v", args, res.Output, res.Envelope)
					}
				}
			})
		}
	}
	wg.Wait()
}
