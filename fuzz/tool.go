package fuzz

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"pgregory.net/rapid"

	"agentinput.dev/agentinput"
	"agentinput.dev/factory"
	"agentinput.dev/internal/oracle"
	"agentinput.dev/internal/placeholder"
)

// MaxEnvelopeBytes is the most an envelope of a call's refusal may take,
// encoded: what the factory says in its own words, whatever the request
// (docs/budgets.md, "Replies are bounded by their requests"). Tool holds
// every spelled call's envelope to it, and its issues, notes and warnings
// to agentinput.MaxIssues and MaxRemarks.
const MaxEnvelopeBytes = 256 << 10

// Options tune ToolWith and FuzzWith. The zero Options are Tool's.
type Options struct {
	// Text names free-text properties whose values are text even where
	// they look like a kind's canonical spelling (an order number "1042",
	// a code "2026-10-01"). Every other free-text property whose value in
	// a canonical call is a number, boolean, date, instant or UUID in its
	// canonical spelling is spelled as that kind: a model writes it so,
	// and a handler that reads the text itself gets "1 042".
	Text []string
}

// Tool is ToolWith with the zero Options.
func Tool(t *testing.T, tool *factory.Tool, calls ...string) {
	t.Helper()
	ToolWith(t, tool, Options{}, calls...)
}

// ToolWith checks tool against the spellings models write, as a rapid
// property test: each case takes one of calls (JSON objects, the
// arguments of a call as canonical as the author writes them) and
// rewrites it as a model might — properties in spellings of their kinds,
// one property in a spelling its kind must ask about, null or a
// placeholder for an optional property left out, a misspelled property
// name, an object sent as its JSON text — and checks the call:
//
//   - never a panic;
//   - it reaches the handler with exactly the canonical call's
//     normalized arguments, or it is an ask: every issue at a property
//     the case rewrote, complete (code, received, expected, hint), and
//     for a kind's spelling one of its readings the canonical value;
//   - a spelling the kind must ask about is asked about, never taken;
//   - the reply within its budgets (MaxEnvelopeBytes, agentinput.MaxIssues,
//     agentinput.MaxRemarks).
//
// A canonical call the tool itself refuses fails t at once; a tool that
// declares no property is checked by its canonical calls alone. A failing
// case is reported, after rapid shrinks it, as the call a model would
// send, with each rewritten property and its spelling class.
func ToolWith(t *testing.T, tool *factory.Tool, o Options, calls ...string) {
	t.Helper()
	checkTool(t, factoryTool{tool}, o, calls)
}

// checkTool is ToolWith over any target, for a rapid.TB.
func checkTool(t rapid.TB, tool target, o Options, calls []string) {
	t.Helper()
	c := newChecker(t, tool, o, calls)
	if len(tool.Properties()) == 0 {
		// Nothing to spell: the canonical calls, made by newChecker, are
		// every call a model can send.
		return
	}
	rapid.Check(t, func(rt *rapid.T) { c.once(rt, Draws(rt)) })
}

// target is what the check calls: a factory tool, or a tool that wraps
// one (a test's tool made to guess).
type target interface {
	Name() string
	Properties() []string
	PropertyKind(name string) (string, bool)
	InputSchema() json.RawMessage
	Spell(c agentinput.Chooser, name string, canonical any, ambiguous bool) (agentinput.Spelled, bool)
	// call makes one call: its result, or the error of a transport that
	// brought no reply.
	call(ctx context.Context, arguments json.RawMessage) (*factory.Result, error)
}

// factoryTool is a factory tool as a target: its call always replies.
type factoryTool struct{ *factory.Tool }

func (t factoryTool) call(ctx context.Context, arguments json.RawMessage) (*factory.Result, error) {
	return t.Call(ctx, arguments), nil
}

// Fuzz is FuzzWith with the zero Options.
func Fuzz(f *testing.F, tool *factory.Tool, calls ...string) {
	f.Helper()
	FuzzWith(f, tool, Options{}, calls...)
}

// FuzzWith runs ToolWith's check under Go's fuzzing: the fuzzed input is
// the string of choices a case is spelled by (Bytes), so `go test -fuzz`
// mutates which spellings are sent, never the meaning of the call, and
// every input is a call a model might send. The seed corpus is the
// canonical calls and a few hundred model-like calls drawn from a fixed
// seed; `go test` alone runs the seeds.
func FuzzWith(f *testing.F, tool *factory.Tool, o Options, calls ...string) {
	f.Helper()
	c := newChecker(f, factoryTool{tool}, o, calls)
	f.Add([]byte{})
	r := rand.New(rand.NewPCG(35, 1))
	for range 256 {
		seed := make([]byte, 64)
		for i := range seed {
			seed[i] = byte(r.Uint32())
		}
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, choices []byte) { c.once(t, Bytes(choices)) })
}

// Draws is the agentinput.Chooser of a rapid test: each choice one
// labelled draw, so rapid shrinks a failing spelling toward the canonical
// one and reports it by its labels.
func Draws(t *rapid.T) agentinput.Chooser { return oracle.Draws(t) }

// Bytes is an agentinput.Chooser that reads its choices from b, a byte (or
// two, for more than 256 options) a choice; past its end every choice is
// 0, the plainest. It is how Fuzz turns Go's fuzzed bytes into spellings.
func Bytes(b []byte) agentinput.Chooser { return &byteChooser{b: b} }

type byteChooser struct{ b []byte }

func (c *byteChooser) Choose(_ string, n int) int {
	if n <= 1 {
		return 0
	}
	v := 0
	for range 1 + (n-1)/256 {
		if len(c.b) == 0 {
			break
		}
		v = v<<8 | int(c.b[0])
		c.b = c.b[1:]
	}
	return v % n
}

// failer is what a check reports to: a *testing.T or a *rapid.T.
type failer interface {
	Helper()
	Fatalf(format string, args ...any)
}

type checker struct {
	tool     target
	text     map[string]bool
	required map[string]bool
	// optional are the declared properties that are not required, in
	// order: the ones a case may send as null or a placeholder when a
	// canonical call leaves them out.
	optional []string
	calls    []canonical
}

// canonical is one canonical call: its arguments and what the handler
// got from them.
type canonical struct {
	args     map[string]any
	received map[string]any
	// names are the call's properties in order, and ambiguous those of
	// them whose kinds have a spelling to ask about: found once.
	names, ambiguous []string
}

func newChecker(t failer, tool target, o Options, calls []string) *checker {
	t.Helper()
	if len(calls) == 0 {
		t.Fatalf("fuzz: %s: no canonical call to spell (give one or more JSON objects)", tool.Name())
	}
	c := &checker{tool: tool, text: map[string]bool{}, required: map[string]bool{}}
	for _, name := range o.Text {
		c.text[name] = true
	}
	var schema struct {
		Required []string `json:"required"`
	}
	_ = json.Unmarshal(tool.InputSchema(), &schema)
	for _, name := range schema.Required {
		c.required[name] = true
	}
	for _, name := range tool.Properties() {
		if !c.required[name] && name != factory.IdempotencyKeyProperty {
			c.optional = append(c.optional, name)
		}
	}
	for _, text := range calls {
		args, ok := decodeObject(text)
		if !ok {
			t.Fatalf("fuzz: %s: the canonical call %s is not a JSON object", tool.Name(), text)
		}
		res, panicked, failed := call(tool, args)
		if panicked != nil {
			t.Fatalf("fuzz: %s: the canonical call %s panicked: %v", tool.Name(), text, panicked)
		}
		if failed != nil {
			t.Fatalf("fuzz: %s: the canonical call %s got no reply: %v", tool.Name(), text, failed)
		}
		if !reached(res) {
			enc, _ := json.Marshal(res.Envelope)
			t.Fatalf("fuzz: %s: the canonical call %s does not reach the handler: %s", tool.Name(), text, enc)
		}
		can := canonical{args: args, received: normalize(res.Arguments)}
		for name := range args {
			can.names = append(can.names, name)
		}
		slices.Sort(can.names)
		for _, name := range can.names {
			if _, ok := c.spell(oracle.Plain{}, name, args[name], true); ok {
				can.ambiguous = append(can.ambiguous, name)
			}
		}
		c.calls = append(c.calls, can)
	}
	return c
}

// rewrite is what a case did to one property.
type rewrite struct {
	property string
	// sent is the property's name as sent (a misspelled name differs).
	sent  string
	class string
	// ambiguous: a spelling the kind must ask about; whole: a class of the
	// call rather than of the kind (null, a placeholder, a misspelled
	// name, an object as text), which may be asked about without
	// readings.
	ambiguous, whole bool
}

func (c *checker) once(t failer, ch agentinput.Chooser) {
	t.Helper()
	base := c.calls[ch.Choose("call", len(c.calls))]
	args := make(map[string]any, len(base.args)+1)
	for k, v := range base.args {
		args[k] = v
	}
	names := base.names
	var done []rewrite
	switch ch.Choose("class", 2) {
	case 0:
		// The kinds' spellings, and perhaps one property in a spelling its
		// kind must ask about.
		ambiguous := ""
		if can := base.ambiguous; len(can) > 0 && ch.Choose("ambiguous", 2) == 1 {
			ambiguous = can[ch.Choose("ambiguous_property", len(can))]
		}
		for _, name := range names {
			amb := name == ambiguous
			if !amb && ch.Choose("spell "+name, 2) == 0 {
				continue
			}
			s, ok := c.spell(ch, name, base.args[name], amb)
			if !ok || s.Class == "canonical" && !amb {
				continue
			}
			args[name] = s.Value
			done = append(done, rewrite{property: name, sent: name, class: s.Class, ambiguous: amb})
		}
	default:
		done = c.wholeClass(ch, args, names)
	}
	res, panicked, failed := call(c.tool, args)
	sent, _ := json.Marshal(args)
	if panicked != nil {
		t.Fatalf("%s panicked on the call %s%s: %v", c.tool.Name(), sent, said(done), panicked)
	}
	if failed != nil {
		t.Fatalf("%s: the call %s%s got no reply: %v", c.tool.Name(), sent, said(done), failed)
	}
	c.checkBudgets(t, res, sent, done)
	if reached(res) {
		c.checkReached(t, base, res, sent, done)
		return
	}
	c.checkAsks(t, base, res, sent, done)
}

// spell is the tool's spelling of one property, but for free text its
// author says is text.
func (c *checker) spell(ch agentinput.Chooser, name string, v any, ambiguous bool) (agentinput.Spelled, bool) {
	if kind, _ := c.tool.PropertyKind(name); kind == "text" && c.text[name] {
		return agentinput.Spelled{}, false
	}
	return c.tool.Spell(ch, name, v, ambiguous)
}

// wholeClass rewrites the call as a whole, by one class that is no kind's:
// null or a placeholder for an optional property left out, a misspelled
// property name, an object sent as its JSON text.
func (c *checker) wholeClass(ch agentinput.Chooser, args map[string]any, names []string) []rewrite {
	var absent []string
	for _, name := range c.optional {
		if _, ok := args[name]; !ok {
			absent = append(absent, name)
		}
	}
	var objects []string
	for _, name := range names {
		if _, ok := args[name].(map[string]any); ok {
			objects = append(objects, name)
		}
	}
	type option struct {
		n  int
		do func(i int) rewrite
	}
	options := []option{
		{len(absent), func(i int) rewrite {
			name := absent[i]
			s := placeholder.Spell(ch)
			args[name] = s.Value
			return rewrite{property: name, sent: name, class: s.Class + " for an optional property", whole: true}
		}},
		{len(names), func(i int) rewrite {
			name := names[i]
			wrong, class := misspell(ch, name)
			if wrong == name || slices.Contains(c.tool.Properties(), wrong) {
				return rewrite{}
			}
			if _, taken := args[wrong]; taken {
				return rewrite{}
			}
			args[wrong] = args[name]
			delete(args, name)
			return rewrite{property: name, sent: wrong, class: class, whole: true}
		}},
		{len(objects), func(i int) rewrite {
			name := objects[i]
			text, err := json.Marshal(args[name])
			if err != nil {
				return rewrite{}
			}
			args[name] = string(text)
			return rewrite{property: name, sent: name, class: "object sent as its JSON text", whole: true}
		}},
	}
	var can []option
	for _, o := range options {
		if o.n > 0 {
			can = append(can, o)
		}
	}
	if len(can) == 0 {
		return nil
	}
	o := can[ch.Choose("whole_class", len(can))]
	if r := o.do(ch.Choose("whole_property", o.n)); r.property != "" {
		return []rewrite{r}
	}
	return nil
}

// misspell writes a property name as a hurried model may: two letters
// swapped, one dropped or doubled, camel case for snake case.
func misspell(ch agentinput.Chooser, name string) (string, string) {
	r := []rune(name)
	if len(r) < 3 {
		return name, ""
	}
	switch ch.Choose("misspell", 4) {
	case 0:
		i := 1 + ch.Choose("misspell_at", len(r)-2)
		r[i], r[i+1] = r[i+1], r[i]
		return string(r), "property name with two letters swapped"
	case 1:
		i := 1 + ch.Choose("misspell_at", len(r)-1)
		return string(slices.Delete(r, i, i+1)), "property name missing a letter"
	case 2:
		i := 1 + ch.Choose("misspell_at", len(r)-1)
		return string(slices.Insert(r, i, r[i])), "property name with a letter doubled"
	default:
		parts := strings.Split(name, "_")
		if len(parts) < 2 {
			return name, ""
		}
		for i := 1; i < len(parts); i++ {
			if parts[i] != "" {
				parts[i] = strings.ToUpper(parts[i][:1]) + parts[i][1:]
			}
		}
		return strings.Join(parts, ""), "property name in camel case"
	}
}

func (c *checker) checkBudgets(t failer, res *factory.Result, sent []byte, done []rewrite) {
	t.Helper()
	if res.Envelope != nil {
		enc, _ := json.Marshal(res.Envelope)
		if len(enc) > MaxEnvelopeBytes {
			t.Fatalf("%s: the call %s%s: an envelope of %d bytes, over the %d its budget allows", c.tool.Name(), sent, said(done), len(enc), MaxEnvelopeBytes)
		}
		if len(res.Envelope.Issues) > agentinput.MaxIssues {
			t.Fatalf("%s: the call %s%s: %d issues, over agentinput.MaxIssues", c.tool.Name(), sent, said(done), len(res.Envelope.Issues))
		}
	}
	if len(res.Notes) > agentinput.MaxRemarks || len(res.Warnings) > agentinput.MaxRemarks {
		t.Fatalf("%s: the call %s%s: %d notes and %d warnings, over agentinput.MaxRemarks", c.tool.Name(), sent, said(done), len(res.Notes), len(res.Warnings))
	}
}

// checkReached checks a call that reached the handler: with the canonical
// call's arguments, and not from a spelling that must be asked about.
func (c *checker) checkReached(t failer, base canonical, res *factory.Result, sent []byte, done []rewrite) {
	t.Helper()
	got := normalize(res.Arguments)
	for _, r := range done {
		if r.ambiguous {
			t.Fatalf("%s guessed: the call %s%s reached the handler with %s = %s; a spelling with two meanings must be asked about, naming both%s",
				c.tool.Name(), sent, said(done), r.property, show(got[r.property]), advice(c.tool, r.property, done))
		}
	}
	if jsonEqual(got, base.received) {
		return
	}
	names := make([]string, 0, len(got)+len(base.received))
	for k := range got {
		names = append(names, k)
	}
	for k := range base.received {
		names = append(names, k)
	}
	slices.Sort(names)
	for _, name := range slices.Compact(names) {
		g, gok := got[name]
		w, wok := base.received[name]
		if gok == wok && jsonEqual(g, w) {
			continue
		}
		what := func(v any, ok bool) string {
			if !ok {
				return "no value"
			}
			return show(v)
		}
		t.Fatalf("%s: the call %s%s reached the handler with %s = %s, where the canonical call gave %s%s",
			c.tool.Name(), sent, said(done), name, what(g, gok), what(w, wok), advice(c.tool, name, done))
	}
}

// checkAsks checks a refused call: each issue complete, at a property the
// case rewrote, and for a kind's spelling offering the canonical value.
func (c *checker) checkAsks(t failer, base canonical, res *factory.Result, sent []byte, done []rewrite) {
	t.Helper()
	env := res.Envelope
	if env.Code != agentinput.EnvelopeInvalidArguments || len(env.Issues) == 0 {
		enc, _ := json.Marshal(env)
		t.Fatalf("%s: the call %s%s was refused without an ask naming what to send: %s", c.tool.Name(), sent, said(done), enc)
	}
	for _, is := range env.Issues {
		if bad := oracle.FindAsk(is.Ask, string(sent)); bad != nil {
			t.Fatalf("%s: the call %s%s: the ask at %q is incomplete: %v", c.tool.Name(), sent, said(done), is.Path, bad)
		}
		name := topName(is.Path)
		var r *rewrite
		for i := range done {
			if done[i].property == name || done[i].sent == name {
				r = &done[i]
			}
		}
		if r == nil {
			t.Fatalf("%s: the call %s%s was asked about at %q, a property sent as in the canonical call: %s",
				c.tool.Name(), sent, said(done), is.Path, is.Message())
		}
		if r.whole {
			continue
		}
		want, ok := at(base.received, is.Path)
		if !ok || !offers(is.Readings, want) {
			t.Fatalf("%s: the call %s%s was asked about at %q without offering the canonical value %s: %s%s",
				c.tool.Name(), sent, said(done), is.Path, show(want), is.Message(), advice(c.tool, r.property, done))
		}
	}
}

// advice says what a failure at a property likely means, where its kind
// says: free text that a kind's spelling reached as sent.
func advice(tool target, name string, done []rewrite) string {
	kind, _ := tool.PropertyKind(name)
	for _, r := range done {
		if r.property == name && kind == "text" && strings.HasPrefix(r.class, "as ") {
			k, _, _ := strings.Cut(strings.TrimPrefix(r.class, "as "), ":")
			return fmt.Sprintf(". The property is free text, so its spelling reaches the handler as sent: bind the %s kind (agentinput:\"%s\"; behind Lenient, a field of its Go type), or list the property in Options.Text if it is text", k, k)
		}
	}
	return ""
}

// said lists what a case rewrote, for a report.
func said(done []rewrite) string {
	if len(done) == 0 {
		return " (every property canonical)"
	}
	parts := make([]string, len(done))
	for i, r := range done {
		p := r.property
		if r.sent != r.property {
			p = r.sent + " for " + r.property
		}
		parts[i] = p + ": " + r.class
		if r.ambiguous {
			parts[i] += " (two meanings)"
		}
	}
	return " (" + strings.Join(parts, "; ") + ")"
}

// reached reports whether a call's arguments were read and it went on:
// a result, or an envelope of the handler's own (a failure, a domain
// code) or of the receipt protocol, rather than an ask about them.
func reached(res *factory.Result) bool {
	return res.Envelope == nil || res.Envelope.Code != agentinput.EnvelopeInvalidArguments
}

// call makes one call of tool: its result; or panicked, what a panic in
// it carried; or failed, why it came to no reply.
func call(tool target, args map[string]any) (res *factory.Result, panicked any, failed error) {
	text, err := json.Marshal(args)
	if err != nil {
		return nil, nil, err
	}
	defer func() {
		if p := recover(); p != nil {
			panicked = p
		}
	}()
	res, failed = tool.call(context.Background(), text)
	return res, nil, failed
}

func decodeObject(text string) (map[string]any, bool) {
	dec := json.NewDecoder(strings.NewReader(text))
	dec.UseNumber()
	var m map[string]any
	if dec.Decode(&m) != nil || m == nil || dec.More() {
		return nil, false
	}
	return m, true
}

// normalize is a value through its JSON text, decoded with UseNumber: two
// values are equal when their JSON is.
func normalize(m map[string]any) map[string]any {
	if m == nil {
		return map[string]any{}
	}
	text, err := json.Marshal(m)
	if err != nil {
		return m
	}
	out, _ := decodeObject(string(text))
	return out
}

func jsonEqual(a, b any) bool {
	ja, err1 := json.Marshal(a)
	jb, err2 := json.Marshal(b)
	return err1 == nil && err2 == nil && bytes.Equal(ja, jb)
}

// offers reports whether one of readings is want.
func offers(readings []agentinput.Reading, want any) bool {
	for _, r := range readings {
		dec := json.NewDecoder(bytes.NewReader(r.Value))
		dec.UseNumber()
		var v any
		if dec.Decode(&v) == nil && jsonEqual(v, want) {
			return true
		}
	}
	return false
}

// topName is the property a JSON Pointer into the arguments starts at.
func topName(path string) string {
	path = strings.TrimPrefix(path, "/")
	name, _, _ := strings.Cut(path, "/")
	return strings.NewReplacer("~1", "/", "~0", "~").Replace(name)
}

// at is the value at a JSON Pointer into v.
func at(v any, path string) (any, bool) {
	if path == "" {
		return v, true
	}
	for _, seg := range strings.Split(strings.TrimPrefix(path, "/"), "/") {
		seg = strings.NewReplacer("~1", "/", "~0", "~").Replace(seg)
		switch x := v.(type) {
		case map[string]any:
			var ok bool
			if v, ok = x[seg]; !ok {
				return nil, false
			}
		case []any:
			i := 0
			if _, err := fmt.Sscanf(seg, "%d", &i); err != nil || i < 0 || i >= len(x) {
				return nil, false
			}
			v = x[i]
		default:
			return nil, false
		}
	}
	return v, true
}

func show(v any) string {
	b, err := json.Marshal(v)
	if err != nil {
		return fmt.Sprint(v)
	}
	return string(b)
}
