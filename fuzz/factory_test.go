package fuzz

import (
	"bytes"
	"context"
	"encoding/json"
	"log/slog"
	"strings"
	"testing"

	"agentinput.dev/agentinput"
	"agentinput.dev/factory"
	"agentinput.dev/factory/observe"
	"agentinput.dev/internal/casefile"
	"agentinput.dev/internal/demo"
	"agentinput.dev/internal/oracle"
)

// registry is the demonstration registry with a slog observer writing to
// log, which a check resets before each call.
type registry struct {
	tools []*factory.Tool
	log   *bytes.Buffer
}

func newRegistry(t testing.TB) registry {
	t.Helper()
	var log bytes.Buffer
	// The time and the duration are the machine's, not the input's: they
	// are left out so that a digit string cannot match them by chance.
	drop := func(_ []string, a slog.Attr) slog.Attr {
		if a.Key == slog.TimeKey || a.Key == "duration" {
			return slog.Attr{}
		}
		return a
	}
	obs := observe.Slog{Logger: slog.New(slog.NewTextHandler(&log, &slog.HandlerOptions{ReplaceAttr: drop}))}
	tools, err := demo.Tools(demo.NewStore(), bytes.Repeat([]byte{7}, 32), obs)
	if err != nil {
		t.Fatal(err)
	}
	return registry{tools: tools, log: &log}
}

// propertyCases says which kind's testdata/cases.txt seeds which property
// of which demo tool.
var propertyCases = []struct{ tool, property, kind string }{
	{"read_decisions", "date_from", "date"},
	{"read_decisions", "date_to", "date"},
	{"read_decisions", "language", "locale"},
	{"read_decisions", "country", "country"},
	{"read_decisions", "court", "filter"},
	{"read_decisions", "court", "vocabulary"},
	{"read_decisions", "tags", "stringlist"},
	{"read_decisions", "limit", "number"},
	{"read_decisions", "cursor", "cursor"},
	{"read_decisions", "query", "eli"},
	{"can_do", "action", "enum"},
	{"can_do", "tags", "enum"},
	{"do_tag_decision", "tags", "stringlist"},
	{"do_tag_decision", "decision_id", "uuid"},
	{"read_decision", "id", "boolean"},
	// The demo has no bytes or instant property: their spellings seed the
	// free text and the date a value of theirs may land in.
	{"read_decisions", "query", "bytes"},
	{"read_decisions", "date_from", "timestamp"},
}

// caseInputs returns the JSON text of each row's input in a kind's
// testdata/cases.txt.
func caseInputs(t testing.TB, kind string) []string {
	t.Helper()
	var out []string
	for _, r := range casefile.Load(t, "../kinds/"+kind+"/testdata/cases.txt").Rows() {
		out = append(out, r.Raw)
	}
	return out
}

func toolIndex(r registry, name string) uint8 {
	for i, tl := range r.tools {
		if tl.Name() == name {
			return uint8(i)
		}
	}
	return 0
}

// FuzzCall sends any bytes as the arguments of one demo tool and checks
// the factory's invariants (see check). Seeded with ordinary calls and
// with every input of each kind's testdata/cases.txt in a property that
// kind reads.
func FuzzCall(f *testing.F) {
	r := newRegistry(f)
	for i := range r.tools {
		f.Add(uint8(i), []byte(`{}`))
		f.Add(uint8(i), []byte(`not json`))
		f.Add(uint8(i), []byte(`{"unknown":1,"unknown":2}`))
	}
	f.Add(toolIndex(r, "read_decisions"), []byte(`{"query":"contract","court":"NS","date_from":"2020","date_to":"2019-01-01","tags":"tax, tort","limit":"10"}`))
	f.Add(toolIndex(r, "read_decision"), []byte(`{"id":"d-0001"}`))
	f.Add(toolIndex(r, "can_do"), []byte(`{"action":"do_tag_decision","decision_id":"d-0001","tags":["tax"]}`))
	f.Add(toolIndex(r, "do_tag_decision"), []byte(`{"decision_id":"d-0001","tags":["tax"],"idempotency_key":"k1"}`))
	// Decoding's own cases: a byte that is not UTF-8, surrogate escapes,
	// nesting one past the depth budget.
	f.Add(toolIndex(r, "read_decisions"), []byte("{\"query\":\"a\xffb\",\"tags\":[\"t\\ud800\"]}"))
	f.Add(toolIndex(r, "read_decisions"), []byte(`{"query":"\ud83d\ude00\udc00","qu\u00e9ry":1}`))
	f.Add(toolIndex(r, "read_decisions"), []byte(`{"tags":[1,{"a":`+strings.Repeat("[", agentinput.MaxJSONDepth-2)+strings.Repeat("]", agentinput.MaxJSONDepth-2)+`}]}`))
	for _, pc := range propertyCases {
		for _, in := range caseInputs(f, pc.kind) {
			args, _ := json.Marshal(map[string]json.RawMessage{pc.property: json.RawMessage(in)})
			f.Add(toolIndex(r, pc.tool), args)
		}
	}
	f.Fuzz(func(t *testing.T, tool uint8, args []byte) {
		check(t, r, r.tools[int(tool)%len(r.tools)], args)
	})
}

// check calls tl with args and fails t unless:
//   - exactly one of Output and Envelope is set, and the handler ran iff
//     no property asked: no envelope, or an envelope tool_failed (the
//     handler's own failure) with no issue; an envelope invalid_arguments
//     has at least one issue and no output;
//   - every issue is a complete ask (code, received, expected, hint) whose
//     path exists in the arguments (for missing_required, its parent);
//   - no message, hint or issue carries a Go error string;
//   - the telemetry (the slog observer's output) holds none of the
//     argument strings.
func check(t *testing.T, r registry, tl *factory.Tool, args []byte) {
	t.Helper()
	r.log.Reset()
	res := tl.Call(context.Background(), json.RawMessage(args))
	if res == nil {
		t.Fatalf("%s %q: no result", tl.Name(), args)
	}
	var input any
	dec := json.NewDecoder(bytes.NewReader(args))
	dec.UseNumber()
	parsed := dec.Decode(&input) == nil
	enc, err := json.Marshal(res.Envelope)
	if err != nil {
		t.Fatalf("%s %q: the envelope does not encode: %v", tl.Name(), args, err)
	}
	switch env := res.Envelope; {
	case env == nil:
		if res.Output == nil {
			t.Fatalf("%s %q: neither output nor envelope", tl.Name(), args)
		}
		if _, err := json.Marshal(res.Output); err != nil {
			t.Fatalf("%s %q: the output does not encode: %v", tl.Name(), args, err)
		}
	case res.Output != nil:
		t.Fatalf("%s %q: both output and envelope %s", tl.Name(), args, enc)
	case env.Code == agentinput.EnvelopeInvalidArguments:
		if len(env.Issues) == 0 {
			t.Fatalf("%s %q: invalid_arguments without an issue: %s", tl.Name(), args, enc)
		}
	case env.Code == agentinput.EnvelopeToolFailed:
		if len(env.Issues) != 0 {
			t.Fatalf("%s %q: the handler ran although an issue asks: %s", tl.Name(), args, enc)
		}
	default:
		t.Fatalf("%s %q: envelope code %q is not in the closed set", tl.Name(), args, env.Code)
	}
	issues := res.Issues
	if res.Envelope != nil {
		if strings.TrimSpace(res.Envelope.Message) == "" || strings.TrimSpace(res.Envelope.Hint) == "" {
			t.Fatalf("%s %q: an envelope without message or hint: %s", tl.Name(), args, enc)
		}
		issues = append(issues, res.Envelope.Issues...)
	}
	for _, is := range issues {
		if bad := oracle.FindAsk(is.Ask, string(args)); bad != nil {
			t.Fatalf("%s: issue at %q: %v", tl.Name(), is.Path, bad)
		}
		if !parsed {
			continue
		}
		path := is.Path
		if is.Code == agentinput.AskMissingRequired {
			if i := strings.LastIndexByte(path, '/'); i >= 0 {
				path = path[:i]
			}
		}
		if !pointerExists(input, path) && !itemOfScalar(input, path) {
			t.Fatalf("%s %q: issue %s at %q, which is not in the arguments", tl.Name(), args, is.Code, is.Path)
		}
	}
	// A reply may echo what the caller sent, a property's name included:
	// a "%!" the caller wrote is theirs, not a Go formatting error.
	var own []string
	if parsed {
		own = append(stringsIn(input, nil), keysIn(input, nil)...)
	}
	for _, is := range issues {
		if leak := goErrorBeyond(own, is.Expected, is.Hint, meanings(is.Ask)); leak != "" {
			t.Fatalf("%s %q: issue at %q leaks a Go error (%q): %s", tl.Name(), args, is.Path, leak, enc)
		}
	}
	if res.Envelope != nil {
		if leak := goErrorBeyond(own, res.Envelope.Hint); leak != "" {
			t.Fatalf("%s %q: the envelope's hint leaks a Go error (%q): %s", tl.Name(), args, leak, enc)
		}
	}
	if parsed {
		log := r.log.String()
		allowed := safeWords(tl, input)
		for _, s := range stringsIn(input, nil) {
			if len(s) >= 4 && strings.Contains(log, s) && !strings.Contains(allowed, s) {
				t.Fatalf("%s %q: the telemetry holds the input string %q:\n%s", tl.Name(), args, s, log)
			}
		}
	}
}

// goErrorBeyond returns the Go error fragment (oracle.GoError) in texts
// that is not part of the caller's own strings: each of own, whole or cut
// as an echo cuts it (agentinput.Cut), is taken out of a text before it is
// scanned. oracle.AskLeak's texts are Expected, the Hint and the readings'
// meanings; so are these.
func goErrorBeyond(own []string, texts ...string) string {
	for _, s := range texts {
		for _, o := range own {
			if o == "" {
				continue
			}
			s = strings.ReplaceAll(s, o, "")
			s = strings.ReplaceAll(s, strings.TrimSuffix(agentinput.Cut(o), "…"), "")
		}
		if g := oracle.GoError(s); g != "" {
			return g
		}
	}
	return ""
}

// meanings joins the meanings of an ask's readings.
func meanings(a agentinput.Ask) string {
	var b strings.Builder
	for _, r := range a.Readings {
		b.WriteString(r.Meaning)
		b.WriteByte('\n')
	}
	return b.String()
}

// safeWords is what telemetry may say whatever the values: the property
// names (its paths name them), the tool, the codes and the log's own words.
func safeWords(tl *factory.Tool, input any) string {
	var b strings.Builder
	b.WriteString("level=INFO level=WARN msg=\"agentinput call\" tool intent outcome duration notes warnings issues read do can_do ok time ")
	b.WriteString(tl.Name())
	for _, p := range tl.Properties() {
		b.WriteString(" /" + p)
	}
	for _, c := range agentinput.NoteCodes() {
		b.WriteString(" " + string(c))
	}
	for _, c := range agentinput.WarningCodes() {
		b.WriteString(" " + string(c))
	}
	for _, c := range agentinput.AskCodes() {
		b.WriteString(" " + string(c))
	}
	for _, c := range agentinput.EnvelopeCodes() {
		b.WriteString(" " + string(c))
	}
	for _, k := range keysIn(input, nil) {
		b.WriteString(" " + k)
	}
	return b.String()
}

// stringsIn lists the string values in v (not the object keys).
func stringsIn(v any, out []string) []string {
	switch v := v.(type) {
	case string:
		out = append(out, v)
	case json.Number:
		out = append(out, string(v))
	case []any:
		for _, x := range v {
			out = stringsIn(x, out)
		}
	case map[string]any:
		for _, x := range v {
			out = stringsIn(x, out)
		}
	}
	return out
}

// keysIn lists the object keys in v, as the JSON Pointer tokens of the
// telemetry's paths spell them.
func keysIn(v any, out []string) []string {
	switch v := v.(type) {
	case []any:
		for _, x := range v {
			out = keysIn(x, out)
		}
	case map[string]any:
		for k, x := range v {
			out = append(out, k, pointerEscape(k))
			out = keysIn(x, out)
		}
	}
	return out
}

func pointerEscape(s string) string {
	return strings.ReplaceAll(strings.ReplaceAll(s, "~", "~0"), "/", "~1")
}

// itemOfScalar says whether p is "/.../n" where "/..." names a string or
// another scalar, which a list property reads as items (split, one item,
// an array inside a string): the factory names such an item by its index
// among the items read, which is not a place in the arguments. See
// docs/robustness.md ("issue paths into a list sent as a string").
func itemOfScalar(v any, p string) bool {
	i := strings.LastIndexByte(p, '/')
	if i < 0 {
		return false
	}
	if _, ok := arrayIndex(p[i+1:]); !ok || !pointerExists(v, p[:i]) {
		return false
	}
	parent := v
	for _, tok := range strings.Split(p[:i], "/")[1:] {
		tok = strings.ReplaceAll(strings.ReplaceAll(tok, "~1", "/"), "~0", "~")
		m, ok := parent.(map[string]any)
		if !ok {
			return false
		}
		parent = m[tok]
	}
	switch parent.(type) {
	case []any, map[string]any:
		return false
	}
	return true
}

// arrayIndex reads a JSON Pointer array index: ASCII digits, no leading
// zero, small enough for any array the budgets admit.
func arrayIndex(tok string) (int, bool) {
	if tok == "" || len(tok) > 9 || (len(tok) > 1 && tok[0] == '0') {
		return 0, false
	}
	n := 0
	for i := 0; i < len(tok); i++ {
		if tok[i] < '0' || tok[i] > '9' {
			return 0, false
		}
		n = n*10 + int(tok[i]-'0')
	}
	return n, true
}

// pointerExists says whether the JSON Pointer p names a value in v.
func pointerExists(v any, p string) bool {
	if p == "" {
		return true
	}
	if p[0] != '/' {
		return false
	}
	for _, tok := range strings.Split(p[1:], "/") {
		tok = strings.ReplaceAll(strings.ReplaceAll(tok, "~1", "/"), "~0", "~")
		switch x := v.(type) {
		case map[string]any:
			next, ok := x[tok]
			if !ok {
				return false
			}
			v = next
		case []any:
			i, ok := arrayIndex(tok)
			if !ok || i >= len(x) {
				return false
			}
			v = x[i]
		default:
			return false
		}
	}
	return true
}
