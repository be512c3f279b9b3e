package factory

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"
	"unicode/utf8"

	"github.com/santhosh-tekuri/jsonschema/v6"

	"agentinput.dev/agentinput"
	"agentinput.dev/factory/observe"
	"agentinput.dev/internal/binding"
	"agentinput.dev/kinds/cursor"
	"agentinput.dev/kinds/vocabulary"
	"agentinput.dev/promcp"
	"agentinput.dev/receipt"
)

// Intent says what a tool does: the proMCP triad. It sets the MCP
// annotations and the absence rule's mode.
type Intent string

const (
	// IntentRead observes and changes nothing.
	IntentRead Intent = "read"
	// IntentDo changes data: a placeholder is an ask, not absence.
	IntentDo Intent = "do"
	// IntentCanDo checks a precondition and changes nothing.
	IntentCanDo Intent = "can_do"
)

func (i Intent) mode() binding.Mode {
	if i == IntentDo {
		return binding.ModeWrite
	}
	return binding.ModeRead
}

// Spec declares a tool's face: what the model sees in tools/list.
type Spec struct {
	// Name is stable snake_case.
	Name string
	// Title is for people, distinct from the name.
	Title string
	// Description is the model's only briefing: 50–300 characters, with a
	// "Use when …" sentence.
	Description string
	// Intent is read, do or can_do.
	Intent Intent
	// OpenWorld is MCP's openWorldHint: true when the tool reaches beyond
	// the server's own data (the web, another company's API), false when
	// its world is closed (the server's own database). Nil advertises
	// nothing, which MCP clients read as open.
	OpenWorld *bool
	// Open admits properties the input does not declare, with a warning,
	// instead of asking about them.
	Open bool
	// Observer receives one Event per call. Nil means silent (NoObserver):
	// the factory logs nothing unless asked; SlogObserver{} logs each call
	// to slog.Default().
	Observer observe.Observer
	// Receipts keeps the receipts of a do tool's calls (docs/writes.md).
	// Give every do tool of a server the same store: a keyless retry
	// replays only while no other write of its principal came after it,
	// and a store sees the writes made through it. Nil means the
	// process's own receipt.Memory, which every do tool that names no
	// store shares (each keeps its records apart), and whose receipts end
	// with the process. Read and can_do tools keep none.
	Receipts receipt.Store
	// Confirm tells the model how to check whether a do call whose effect
	// is unknown made its change ("Call read_decision with the
	// decision_id and look at its tags"); empty is a generic "check with
	// a read tool".
	Confirm string
	// Lease is how long a do call's claim holds without news from its
	// handler (DefaultLease when zero).
	Lease time.Duration
	// Wait is how long a retry of a running do call waits for its result
	// (DefaultWait when zero).
	Wait time.Duration
	// Vocabularies are the data-owned value sets the tool's properties
	// name in their tags (agentinput:"vocabulary,of=courts",
	// agentinput:"filter,of=courts").
	Vocabularies map[string]*vocabulary.Reader
	// ListedBy names, for a vocabulary of Vocabularies, the read tool that
	// lists its entries with their names. A property over a vocabulary
	// describes each id with its name when the vocabulary has at most
	// MaxDescribedEntries entries; past that, its description names this
	// tool instead (or, when none is named, lists the first entries).
	ListedBy map[string]string
	// Unions are the discriminated unions the tool's properties are
	// declared with: a property of an interface type is read as the union
	// declared here for that type (NewUnion).
	Unions []Union
	// Configures, on a do tool, declares that it sets what another tool
	// describes, byte for byte (factorytest.FixedPoint checks it).
	Configures *Configures
	// Cursors issues and reads the tokens of the tool's cursor property
	// (bound by the name cursor); a tool with a cursor property needs one.
	Cursors *cursor.Reader
	// SideEffects names what a do tool changes beyond the value it sets
	// ("notifies the decision's watchers"); a promcp.Do result that names
	// none gets these, unless it changed nothing.
	SideEffects []string
	// KeyRequired, on a do tool, says that its action is not naturally
	// idempotent (it sends, pays, appends or creates: two calls with the
	// same arguments are two actions), so that every call names its own
	// idempotency_key: the schema requires it, and a call without one is
	// the ask missing_required. Without it, a call may leave the key out
	// and is keyed by its arguments for a short retry window
	// (docs/writes.md).
	KeyRequired bool
	// Additive, on a do tool, says that it only adds (a tag, a comment, a
	// record) and never removes or overwrites anything: MCP's
	// destructiveHint is false. Without it a do tool is advertised as
	// destructive.
	Additive bool
	// RetryWindow is how long a do call sent without an idempotency_key
	// replays its committed result to a retry with the same arguments, as
	// long as no other do call of the same principal committed after it
	// (receipt.DefaultRetryWindow when zero; at most MaxRetryWindow).
	// Past it, or after another write, the same arguments are a new call.
	RetryWindow time.Duration
}

// MaxRetryWindow bounds Spec.RetryWindow: a longer window would take a
// deliberate repeat for a retry.
const MaxRetryWindow = 10 * time.Minute

// Handler is a tool's typed handler. It gets the normalized input; call
// lets it add warnings to the result.
type Handler[In, Out any] func(ctx context.Context, in In, call *Call) (Out, error)

// Tool is a declared tool: its schema, compiled once, and its handler.
// It is safe for concurrent use.
type Tool struct {
	spec   Spec
	props  []*property
	byName map[string]*property
	schema map[string]any
	output map[string]any // nil: the result is not a JSON object
	// compiled is the schema compiled, on the first call that validates
	// (New generates schemas that compile, TestGeneratedSchemasCompile;
	// FromSchema compiles the server's at declaration).
	compiled func() (*jsonschema.Schema, error)
	inType   reflect.Type
	// keyField is the index of the input's idempotency_key field, which
	// receives the key a do call used; nil when it declares none.
	keyField []int
	run      func(ctx context.Context, in reflect.Value, call *Call) (any, error)
	// direct answers a read call itself, for a tool the factory builds
	// whole (CanDo); nil for every other tool.
	direct func(ctx context.Context, res *Result) *Result
	// passes reports whether an open tool the factory answers itself
	// passes an undeclared property through (CanDo: an action's
	// argument), rather than asking about it; nil passes every one.
	passes   func(name string) bool
	observer observe.Observer
	// unsettled are the do calls whose abandon the store did not record
	// (write.go).
	unsettled unsettled
	// receiptTool is the tool part of a do call's receipt scope: the
	// name, and on the process's store the tool's own instance.
	receiptTool string
}

// processReceipts keeps the receipts of every do tool that names no store
// (Spec.Receipts): a memory store, so its receipts end with the process.
var processReceipts = &receipt.Memory{}

// toolInstances numbers the tools on processReceipts.
var toolInstances atomic.Uint64

// New declares a tool. Every declaration mistake is an error here, never a
// failure when the model calls: a property no rule binds, a kind that cannot
// fill its field, a tag that does not parse, a missing description. The
// error holds every mistake of the tool at once (errors.Join), one line
// each: the name, title, intent and description of the spec, then each
// property's.
func New[In, Out any](spec Spec, h Handler[In, Out]) (*Tool, error) {
	// Every problem at once, one line each: the spec's, then each
	// property's.
	problems := spec.check()
	if h == nil {
		problems = append(problems, fmt.Errorf("factory: tool %s has no handler", spec.Name))
	}
	inType := reflect.TypeFor[In]()
	props, err := binding.BindStruct(inType, spec.env())
	if err != nil {
		problems = append(problems, binding.Prefixed("factory: tool "+spec.Name+": ", err)...)
	}
	var key []int
	if spec.Intent == IntentDo {
		var kerr error
		if key, kerr = keyField(inType); kerr != nil {
			problems = append(problems, fmt.Errorf("factory: tool %s: %w", spec.Name, kerr))
		}
	}
	if err == nil {
		byName := map[string]*property{}
		for _, p := range props {
			byName[p.Name] = p
		}
		problems = append(problems, spec.Configures.check(spec.Name, spec.Intent, byName)...)
	}
	if len(problems) > 0 {
		return nil, errors.Join(problems...)
	}
	t := &Tool{spec: spec, props: props, byName: map[string]*property{}, inType: inType, keyField: key, observer: spec.Observer}
	for _, p := range props {
		t.byName[p.Name] = p
	}
	if t.observer == nil {
		t.observer = observe.None{}
	}
	t.receiptTool = spec.Name
	if spec.Intent == IntentDo && t.spec.Receipts == nil {
		// The process's store: one order of writes for the whole process
		// (the latest-write rule sees every do tool's commits), and
		// records of this tool's own, apart from another tool of the
		// same name declared elsewhere in the process.
		t.spec.Receipts = processReceipts
		t.receiptTool = spec.Name + "\x00" + strconv.FormatUint(toolInstances.Add(1), 10)
	}
	t.schema = t.buildSchema()
	// Compiled when the first call validates, not here: a server that
	// declares many tools starts without compiling any.
	t.compiled = sync.OnceValues(func() (*jsonschema.Schema, error) { return compile(spec.Name, t.schema) })
	bestEffort := false
	for _, p := range props {
		bestEffort = bestEffort || p.BestEffort
	}
	t.output = outputSchema(reflect.TypeFor[Out](), bestEffort)
	t.run = func(ctx context.Context, in reflect.Value, call *Call) (any, error) {
		// Through a pointer: in.Interface() would copy the input to the heap.
		return h(ctx, *in.Addr().Interface().(*In), call)
	}
	return t, nil
}

// Must is New for declarations at start-up: it panics on a declaration
// mistake, so that the mistake is found when the server starts rather than
// when a model first calls the tool.
func Must[In, Out any](spec Spec, h Handler[In, Out]) *Tool {
	t, err := New(spec, h)
	if err != nil {
		panic(err)
	}
	return t
}

// check returns every problem of the spec's face, one error each.
func (s Spec) check() []error {
	var problems []error
	if !binding.SnakeCase.MatchString(s.Name) {
		problems = append(problems, fmt.Errorf("factory: tool name %q is not snake_case", s.Name))
	}
	if s.Title == "" || s.Title == s.Name {
		problems = append(problems, fmt.Errorf("factory: tool %s needs a title for people, distinct from its name", s.Name))
	}
	if s.Intent != IntentRead && s.Intent != IntentDo && s.Intent != IntentCanDo {
		problems = append(problems, fmt.Errorf("factory: tool %s: intent %q is not read, do or can_do", s.Name, s.Intent))
	} else if triad, exact := promcp.NameTriad(s.Name); triad != "" {
		// A name that starts with a proMCP prefix promises that category;
		// a name without one promises nothing.
		switch {
		case !exact:
			problems = append(problems, fmt.Errorf("factory: tool %s: the name starts with the %s_ prefix but is not one prefix and a name of its own (read_orders, do_tag, can_do)", s.Name, triad))
		case string(triad) != string(s.Intent):
			problems = append(problems, fmt.Errorf("factory: tool %s: the name says %s but the intent is %s; rename the tool or declare Intent%s", s.Name, triad, s.Intent, intentName(triad)))
		}
	}
	if n := utf8.RuneCountInString(s.Description); n < 50 || n > 300 {
		problems = append(problems, fmt.Errorf("factory: tool %s: the description has %d characters; it needs 50–300", s.Name, n))
	}
	if !strings.Contains(s.Description, "Use when") {
		problems = append(problems, fmt.Errorf("factory: tool %s: the description needs a \"Use when …\" sentence", s.Name))
	}
	if s.Intent != IntentDo && (len(s.SideEffects) > 0 || s.KeyRequired || s.Additive || s.RetryWindow != 0) {
		problems = append(problems, fmt.Errorf("factory: tool %s: only a do tool has side effects, an idempotency key, an additive change or a retry window", s.Name))
	}
	if s.RetryWindow < 0 || s.RetryWindow > MaxRetryWindow {
		problems = append(problems, fmt.Errorf("factory: tool %s: RetryWindow %v is not between 0 (the default, %v) and %v", s.Name, s.RetryWindow, receipt.DefaultRetryWindow, MaxRetryWindow))
	}
	for _, e := range s.SideEffects {
		if strings.TrimSpace(e) == "" {
			problems = append(problems, fmt.Errorf("factory: tool %s: a side effect is empty", s.Name))
		}
	}
	return problems
}

func intentName(t promcp.Triad) string {
	return map[promcp.Triad]string{promcp.TriadRead: "Read", promcp.TriadDo: "Do", promcp.TriadCanDo: "CanDo"}[t]
}

// Hints are what a tool's MCP annotations promise a client about calling
// it (the spec's readOnlyHint, destructiveHint and idempotentHint).
type Hints struct {
	// ReadOnly: the tool changes nothing (read and can_do tools).
	ReadOnly bool
	// Destructive: the tool may remove or overwrite something; false for
	// read and can_do tools and for a do tool declared Additive.
	Destructive bool
	// Idempotent: sending the same call again changes nothing more. True
	// for read and can_do tools, and for a do tool whose handler runs
	// under the receipt protocol and whose action is naturally idempotent
	// (not KeyRequired): a plain retry replays within its window, and a
	// repeat after it sets what is already set. A KeyRequired tool's every
	// call is a new action, and a tool declared elsewhere (FromSchema) runs
	// a handler that no claim guards: neither promises it.
	Idempotent bool
}

// Hints returns what the tool's annotations promise, for every transport
// to advertise the same (factory/mcp.Describe, census/lint.From).
func (t *Tool) Hints() Hints {
	readOnly := t.spec.Intent != IntentDo
	return Hints{
		ReadOnly:    readOnly,
		Destructive: !readOnly && !t.spec.Additive,
		Idempotent:  readOnly || t.claimsWrites() && !t.spec.KeyRequired,
	}
}

// claimsWrites reports whether the tool is a do tool whose handler runs
// under the receipt protocol (docs/writes.md): a retry of its calls never
// writes twice. A tool declared elsewhere (FromSchema) runs its own
// handler, which no claim guards.
func (t *Tool) claimsWrites() bool { return t.spec.Intent == IntentDo && t.run != nil }

// Name returns the tool's name.
func (t *Tool) Name() string { return t.spec.Name }

// Spec returns the tool's declaration (its Observer included).
func (t *Tool) Spec() Spec { return t.spec }

// InputSchema returns the JSON Schema the tool advertises and validates
// normalized arguments with, as JSON.
func (t *Tool) InputSchema() json.RawMessage {
	b, err := json.Marshal(t.schema)
	if err != nil {
		panic("factory: the schema does not encode: " + err.Error()) // built from strings, numbers and maps only
	}
	return b
}

// OutputSchema returns the schema of the tool's results, the JSON its
// structuredContent holds (docs/contracts.md): written from the handler's
// result type, or the proMCP contract's own schema when the handler
// answers one. It is nil when the result is not a JSON object, and for a
// tool declared from a schema (FromSchema), whose handler answers JSON the
// factory does not know.
func (t *Tool) OutputSchema() json.RawMessage {
	if t.output == nil {
		return nil
	}
	b, err := json.Marshal(t.output)
	if err != nil {
		panic("factory: the output schema does not encode: " + err.Error()) // built from strings, numbers and maps only
	}
	return b
}

// Properties lists the names of the declared properties, in declaration
// order.
func (t *Tool) Properties() []string {
	out := make([]string, len(t.props))
	for i, p := range t.props {
		out[i] = p.Name
	}
	return out
}

// PropertyKind returns the kind bound to a property, and false for a name
// the tool does not declare.
func (t *Tool) PropertyKind(name string) (string, bool) {
	p, ok := t.byName[name]
	if !ok {
		return "", false
	}
	return p.Kind, true
}

// Spell writes canonical, a value of the named property as the call's
// normalized arguments (Result.Arguments) hold it, in a spelling a model
// may send for it, drawn by c from the classes of the property's kind
// (its agentinput.Speller, with the property's options): one the tool
// reads back as canonical, or, with ambiguous, one it must ask about, one
// of whose readings is canonical. An object, map or list is spelled member
// by member. ok is false for a name the tool does not declare and where
// the kind has no such spelling (free text, a cursor's token). The fuzz
// package drives it; docs/fuzzing.md.
func (t *Tool) Spell(c agentinput.Chooser, name string, canonical any, ambiguous bool) (agentinput.Spelled, bool) {
	p, ok := t.byName[name]
	if !ok {
		return agentinput.Spelled{}, false
	}
	return p.Spell(c, canonical, ambiguous)
}
