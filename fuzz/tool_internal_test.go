package fuzz

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"runtime"
	"strings"
	"sync"
	"testing"

	"agentinput.dev/agentinput"
	"agentinput.dev/factory"
	"agentinput.dev/internal/oracle"
	"agentinput.dev/kinds/number"
)

// recorder is a rapid.TB that keeps what a check reports instead of
// failing the test that runs it: how the tests below see Tool fail.
type recorder struct {
	mu     sync.Mutex
	failed bool
	out    strings.Builder
}

func (r *recorder) Helper()      {}
func (r *recorder) Name() string { return "fuzz-fixture" }
func (r *recorder) Logf(format string, args ...any) {
	r.mu.Lock()
	defer r.mu.Unlock()
	fmt.Fprintf(&r.out, format+"\n", args...)
}
func (r *recorder) Log(args ...any)                  { r.Logf("%s", fmt.Sprint(args...)) }
func (r *recorder) Skipf(format string, args ...any) { r.Logf(format, args...); runtime.Goexit() }
func (r *recorder) Skip(args ...any)                 { r.Log(args...); runtime.Goexit() }
func (r *recorder) SkipNow()                         { runtime.Goexit() }
func (r *recorder) Errorf(format string, args ...any) {
	r.Logf(format, args...)
	r.Fail()
}
func (r *recorder) Error(args ...any) { r.Log(args...); r.Fail() }
func (r *recorder) Fatalf(format string, args ...any) {
	r.Errorf(format, args...)
	runtime.Goexit()
}
func (r *recorder) Fatal(args ...any) { r.Error(args...); runtime.Goexit() }
func (r *recorder) FailNow()          { r.Fail(); runtime.Goexit() }
func (r *recorder) Fail() {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.failed = true
}
func (r *recorder) Failed() bool {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.failed
}

// run runs checkTool on tool with calls, as ToolWith would, and returns
// whether it failed and what it reported.
func run(t *testing.T, tool target, o Options, calls ...string) (bool, string) {
	t.Helper()
	// A fixture's failure is expected: rapid must not save it as a file
	// to replay.
	if f := flag.Lookup("rapid.nofailfile"); f != nil {
		old := f.Value.String()
		if err := f.Value.Set("true"); err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { _ = f.Value.Set(old) })
	}
	r := &recorder{}
	done := make(chan struct{})
	go func() {
		defer close(done)
		checkTool(r, tool, o, calls)
	}()
	<-done
	return r.Failed(), r.out.String()
}

type amountIn struct {
	Amount string `json:"amount" agentinput:"text,required" desc:"The amount to charge, in the account's currency."`
}

type amountOut struct {
	Cents int64 `json:"cents"`
}

// parsingHandler is the deliberately broken handler: its amount is free
// text, which it reads itself, dropping every comma as a thousands
// separator before the strict parse, so "1,234" (1.234 to half the world)
// is 1234 to it and "1 234" no number at all.
func parsingHandler(_ context.Context, in amountIn, _ *factory.Call) (amountOut, error) {
	d, err := number.Parse(strings.ReplaceAll(in.Amount, ",", ""))
	if err != nil {
		return amountOut{}, err
	}
	f, _ := d.Float64()
	return amountOut{Cents: int64(f * 100)}, nil
}

func parsingTool(t *testing.T) *factory.Tool {
	t.Helper()
	tool, err := factory.New(factory.Spec{Name: "charge", Title: "Charge", Description: "Quote the cents of an amount. Use when a price must be charged to the account.", Intent: factory.IntentRead}, parsingHandler)
	if err != nil {
		t.Fatal(err)
	}
	return tool
}

// TestToolCatchesAHandlerThatParsesText: the handler that reads its own
// text. Tool fails on it, and its report names the property, the
// spelling class, the call a model would send and the kind to bind; and
// the spelling with two meanings, "1,234", which reaches the handler, is
// reported as a guess.
func TestToolCatchesAHandlerThatParsesText(t *testing.T) {
	tool := parsingTool(t)
	failed, out := run(t, factoryTool{tool}, Options{}, `{"amount":"1234"}`)
	if !failed {
		t.Fatalf("Tool passed a handler that reads its own text:\n%s", out)
	}
	for _, want := range []string{"the call {\"amount\":", "amount: as number: ", "reached the handler with amount = \"", `bind the number kind (agentinput:"number"`} {
		if !strings.Contains(out, want) {
			t.Errorf("the report lacks %q:\n%s", want, out)
		}
	}

	// The same tool, one case chosen: the first call, the kinds' class,
	// an ambiguous spelling of the first property that has one.
	c := newChecker(t, factoryTool{tool}, Options{}, []string{`{"amount":"1234"}`})
	r := &recorder{}
	done := make(chan struct{})
	go func() {
		defer close(done)
		c.once(r, &oracle.Sequence{0, 0, 1, 0})
	}()
	<-done
	if !r.Failed() {
		t.Fatalf("an ambiguous spelling reached the handler unreported:\n%s", r.out.String())
	}
	for _, want := range []string{"charge guessed:", `"amount":"1,234"`, "(two meanings)", "must be asked about"} {
		if !strings.Contains(r.out.String(), want) {
			t.Errorf("the report lacks %q:\n%s", want, r.out.String())
		}
	}
	// Told that amount is text, Tool has nothing of a kind to send there.
	if failed, out := run(t, factoryTool{tool}, Options{Text: []string{"amount"}}, `{"amount":"1234"}`); failed {
		t.Errorf("with amount declared text, Tool failed:\n%s", out)
	}
}

type sinceIn struct {
	// The wrong kind: a date, bound as free text.
	Since string `json:"since" agentinput:"text" desc:"The first day of the orders listed."`
	Limit int    `json:"limit,omitempty" desc:"How many orders to list at most."`
}

// TestToolCatchesTheWrongKind: a date property bound as free text. Tool
// fails, naming the date kind.
func TestToolCatchesTheWrongKind(t *testing.T) {
	tool, err := factory.New(factory.Spec{Name: "list_orders", Title: "List orders", Description: "List the orders placed since a date. Use when the user asks what was ordered lately.", Intent: factory.IntentRead},
		func(_ context.Context, in sinceIn, _ *factory.Call) (struct{}, error) { return struct{}{}, nil })
	if err != nil {
		t.Fatal(err)
	}
	failed, out := run(t, factoryTool{tool}, Options{}, `{"since":"2026-10-01","limit":10}`)
	if !failed {
		t.Fatalf("Tool passed a date bound as free text:\n%s", out)
	}
	for _, want := range []string{"since: as date: ", "reached the handler with since = ", `bind the date kind (agentinput:"date"`} {
		if !strings.Contains(out, want) {
			t.Errorf("the report lacks %q:\n%s", want, out)
		}
	}
}

// guessing is a tool made to guess: where the factory asks about a
// spelling with several readings, it calls again with the first reading
// (as a server with a reader that picks one would), and where it asks
// with one reading, with that one.
type guessing struct{ *factory.Tool }

func (g guessing) call(ctx context.Context, arguments json.RawMessage) (*factory.Result, error) {
	res := g.Tool.Call(ctx, arguments)
	if res.Envelope == nil || res.Envelope.Code != agentinput.EnvelopeInvalidArguments {
		return res, nil
	}
	var args map[string]any
	if json.Unmarshal(arguments, &args) != nil {
		return res, nil
	}
	for _, is := range res.Envelope.Issues {
		name := topName(is.Path)
		if len(is.Readings) == 0 || strings.Contains(strings.TrimPrefix(is.Path, "/"), "/") {
			return res, nil
		}
		var v any
		if json.Unmarshal(is.Readings[len(is.Readings)-1].Value, &v) != nil {
			return res, nil
		}
		args[name] = v
	}
	text, _ := json.Marshal(args)
	return g.Tool.Call(ctx, text), nil
}

type priceIn struct {
	Price float64 `json:"price" agentinput:"number,required" desc:"The price to quote."`
}

// TestToolCatchesAReaderMadeToGuess: a number read by a reader that
// takes a reading of an ambiguous spelling instead of asking.
func TestToolCatchesAReaderMadeToGuess(t *testing.T) {
	tool, err := factory.New(factory.Spec{Name: "quote", Title: "Quote", Description: "Quote a price to the customer. Use when the user asks what something costs.", Intent: factory.IntentRead},
		func(_ context.Context, in priceIn, _ *factory.Call) (struct{}, error) { return struct{}{}, nil })
	if err != nil {
		t.Fatal(err)
	}
	if failed, out := run(t, factoryTool{tool}, Options{}, `{"price":1234}`); failed {
		t.Fatalf("Tool failed the factory's own number reader:\n%s", out)
	}
	failed, out := run(t, guessing{tool}, Options{}, `{"price":1234}`)
	if !failed {
		t.Fatalf("Tool passed a reader made to guess:\n%s", out)
	}
	for _, want := range []string{"quote guessed:", "price: ", "(two meanings)"} {
		if !strings.Contains(out, want) {
			t.Errorf("the report lacks %q:\n%s", want, out)
		}
	}
}
