// Package host is the host side of MCP: it binds tools of a server it does
// not control, on a go-sdk client session the application owns, and lets a
// model call only those, read leniently on the host, answered in closed
// codes, with every remote write behind a durable human approval
// (docs/host.md; the contract is spec/host.md).
//
//	mon := host.NewMonitor()
//	client := sdk.NewClient(impl, mon.ClientOptions(nil))
//	cs, _ := client.Connect(ctx, transport, host.SessionOptions())
//	h, _ := host.New(cs, mon, host.Options{ServerID: "orders"}, bindings...)
//	snap, _ := h.Discover(ctx) // pages tools/list, checks the profile
//	h.Swap(snap)
//	res := h.Call(ctx, "read_orders", json.RawMessage(`{"limit": "4 000"}`))
//
// Discovery pages tools/list within budgets, reads the protocol version the
// initialize result negotiated, and takes only the bound tools, each of
// whose schemas must fit a strict profile (profile.go). The catalog is an
// immutable Snapshot with a revision digest. A call reads its arguments
// with agentinput's kinds against the remote schema (factory.FromSchema,
// the reading factory/mcp.Lenient does for a server), sends one tools/call,
// and answers a success envelope or a closed code. A write prepares an
// approval intent (package approval) and is dispatched once, after a
// person approved it (write.go).
package host

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"sync"
	"time"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"agentinput.dev/approval"
	"agentinput.dev/factory"
	"agentinput.dev/kinds/vocabulary"
)

// SupportedProtocolVersions are the MCP versions a host binds over: the
// version the initialize result negotiated must be one of them.
var SupportedProtocolVersions = []string{"2025-06-18", "2025-11-25"}

// SessionOptions are the client session options a host's session is
// connected with: go-sdk proposes its newest version by default, which the
// host does not support, so the session asks for 2025-11-25 (the server may
// still negotiate 2025-06-18).
func SessionOptions() *sdk.ClientSessionOptions {
	return &sdk.ClientSessionOptions{ProtocolVersion: "2025-11-25"}
}

// Budget bounds what the host reads from a server. A zero field is its
// default (DefaultBudget); a field may be lowered, and only RPC raised, to
// MaxRPC.
type Budget struct {
	Pages            int           // tools/list pages
	Tools            int           // tools over all pages
	CatalogBytes     int           // the catalog as JSON
	SchemaBytes      int           // each selected input or output schema as JSON
	DescriptionBytes int           // each selected description
	ObjectBytes      int           // each argument object and each result, as JSON
	ContentBlocks    int           // content blocks of one result
	RPC              time.Duration // each request
}

// DefaultBudget is spec/host.md's: 32 pages, 256 tools, 1 MiB catalog,
// 64 KiB a schema, 8 KiB a description, 64 KiB a result or argument
// object, 128 content blocks, 30 s a request.
var DefaultBudget = Budget{Pages: 32, Tools: 256, CatalogBytes: 1 << 20, SchemaBytes: 64 << 10, DescriptionBytes: 8 << 10,
	ObjectBytes: 64 << 10, ContentBlocks: 128, RPC: 30 * time.Second}

// MaxRPC is the most a request's timeout may be raised to.
const MaxRPC = 300 * time.Second

// resolve fills b's zero fields from DefaultBudget and refuses a field
// raised over it (RPC over MaxRPC) or negative.
func (b Budget) resolve() (Budget, error) {
	d := DefaultBudget
	ints := []struct {
		name     string
		v        *int
		def, max int
	}{
		{"Pages", &b.Pages, d.Pages, d.Pages}, {"Tools", &b.Tools, d.Tools, d.Tools},
		{"CatalogBytes", &b.CatalogBytes, d.CatalogBytes, d.CatalogBytes}, {"SchemaBytes", &b.SchemaBytes, d.SchemaBytes, d.SchemaBytes},
		{"DescriptionBytes", &b.DescriptionBytes, d.DescriptionBytes, d.DescriptionBytes},
		{"ObjectBytes", &b.ObjectBytes, d.ObjectBytes, d.ObjectBytes}, {"ContentBlocks", &b.ContentBlocks, d.ContentBlocks, d.ContentBlocks},
	}
	for _, f := range ints {
		switch {
		case *f.v == 0:
			*f.v = f.def
		case *f.v < 0 || *f.v > f.max:
			return b, fmt.Errorf("host: Budget.%s %d: it may be lowered from %d, not raised or negative", f.name, *f.v, f.max)
		}
	}
	switch {
	case b.RPC == 0:
		b.RPC = d.RPC
	case b.RPC < 0 || b.RPC > MaxRPC:
		return b, fmt.Errorf("host: Budget.RPC %s: from 0 to %s", b.RPC, MaxRPC)
	}
	return b, nil
}

// Monitor watches the tool lists of the client sessions it is composed
// into: every notifications/tools/list_changed a server sends counts, and
// a catalog discovered before the latest one is stale.
type Monitor struct {
	mu      sync.Mutex
	changes map[*sdk.ClientSession]uint64
}

// NewMonitor makes a Monitor.
func NewMonitor() *Monitor { return &Monitor{changes: map[*sdk.ClientSession]uint64{}} }

// Handler returns a ToolListChangedHandler that counts the notification
// and then calls next (the application's own handler; nil for none).
func (m *Monitor) Handler(next func(context.Context, *sdk.ToolListChangedRequest)) func(context.Context, *sdk.ToolListChangedRequest) {
	return func(ctx context.Context, req *sdk.ToolListChangedRequest) {
		if req != nil && req.Session != nil {
			m.mu.Lock()
			m.changes[req.Session]++
			m.mu.Unlock()
		}
		if next != nil {
			next(ctx, req)
		}
	}
}

// ClientOptions returns a copy of base (nil: none) for the client a host
// binds over: the monitor composed before base's ToolListChangedHandler,
// and go-sdk's multi-round-trip middleware off, since it would answer a
// server's input requests and send a call again by itself (the host makes
// one tools/call per invocation, and registers no sampling, elicitation,
// resource or task handlers: base's are the application's).
func (m *Monitor) ClientOptions(base *sdk.ClientOptions) *sdk.ClientOptions {
	var o sdk.ClientOptions
	if base != nil {
		o = *base
	}
	o.ToolListChangedHandler = m.Handler(o.ToolListChangedHandler)
	o.MultiRoundTrip = &sdk.MultiRoundTripOptions{Disabled: true}
	return &o
}

func (m *Monitor) count(cs *sdk.ClientSession) uint64 {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.changes[cs]
}

// Policy is what a binding lets the model do: read (call the tool), or
// confirm (prepare a write a person approves before it is sent).
type Policy string

const (
	PolicyRead    Policy = "read"
	PolicyConfirm Policy = "confirm"
)

// Effect is what a confirmed write does: write or destructive.
type Effect string

const (
	EffectWrite       Effect = "write"
	EffectDestructive Effect = "destructive"
)

// Concurrency declares whether calls of a tool may overlap: parallel, or
// serial (one at a time). A write is serial, with every other write.
type Concurrency string

const (
	Parallel Concurrency = "parallel"
	Serial   Concurrency = "serial"
)

// ScopeCall is what a scope validator checks: the tool, the scope it is
// bound in, and the normalized arguments.
type ScopeCall struct {
	Local, Remote          string
	ScopeID, ScopeRevision string
	Arguments              map[string]any
	Dispatch               bool // true when an approved write is about to be sent
}

// ScopeFunc allows a call (nil) or refuses it (an error, which the model
// sees only as mcp_scope_denied). It runs before every read call, when a
// write is prepared, and again before an approved write is sent (a scope
// revoked since is a refusal then).
type ScopeFunc func(ctx context.Context, c ScopeCall) error

// Authorization is a write binding's explicit authority: the effect, and
// the identity the host gives the binding and its scope. All are
// required.
type Authorization struct {
	Effect          Effect `json:"effect"`
	BindingID       string `json:"binding_id"`
	BindingRevision string `json:"binding_revision"`
	ScopeID         string `json:"scope_id"`
	ScopeRevision   string `json:"scope_revision"`
}

// Binding takes one remote tool, explicitly: its remote and local names,
// a policy, a scope validator (or NoScope, on purpose, for a read), a
// concurrency declaration, and for a write its authorization. A remote
// tool's annotations grant nothing.
type Binding struct {
	Remote, Local string
	Policy        Policy
	Scope         ScopeFunc
	NoScope       bool
	Concurrency   Concurrency
	Write         *Authorization // required with PolicyConfirm, refused with PolicyRead
	// Guard is a write's plan guard (guard.go): the can_do answer it
	// needs before it is prepared or sent, and the read qualities that
	// stop it. Nil for none; refused on a read.
	Guard *Guard
	// InputSchema and OutputSchema, when set, are schemas the host
	// declares for the tool (docs/host.md, "Declared schemas"): each fits
	// the profile (New checks it) and admits only values the remote's
	// schema admits (Discover proves it, or refuses the binding naming
	// the construct). The host then reads arguments against the declared
	// input schema and validates results against the declared output
	// schema: a tightening, never a weakening.
	InputSchema, OutputSchema json.RawMessage
}

// Options configure a host.
type Options struct {
	// ServerID names the remote server in the snapshot (required).
	ServerID string
	Budget   Budget
	// Approvals keeps the write intents: a durable store (approval/sqlite
	// or approval/postgres). Required when a binding is a write.
	Approvals approval.Store
	// DispatchTool is the local name of the tool that dispatches an
	// approved write (default DefaultDispatchTool). Not with ProMCP.
	DispatchTool string
	// ProMCP serves the bound tools as a proMCP catalog (promcp.go):
	// every local name carries the triad prefix its policy declares
	// (read_* and can_do read, do_* confirm), checked by New and Check;
	// no dispatch tool is served, and an approved write is sent by
	// calling the same do_* again with the same arguments.
	ProMCP bool
	// Vocabularies read string properties by name, as
	// factory/mcp.LenientOptions' do.
	Vocabularies map[string]*vocabulary.Reader
	// Now is the clock of approval moves (default time.Now).
	Now func() time.Time
}

// DefaultDispatchTool is the local tool that dispatches an approved write.
const DefaultDispatchTool = "dispatch_approved_write"

// Host binds the tools of one server on one session.
type Host struct {
	up       Upstream
	opts     Options
	budget   Budget
	bindings []Binding
	writes   bool

	// swap is held for reading by every call and for writing by Swap: a
	// new catalog takes effect between calls, never under one.
	swap    sync.RWMutex
	catalog *catalog

	dispatchReader *factory.Tool          // reads the dispatch tool's arguments
	writeMu        sync.Mutex             // writes run one at a time
	serial         map[string]*sync.Mutex // serial reads, by local name
	confirm        map[string]bool        // the writes, by local name
	guards         *memory                // what the plan guards remember (guard.go); nil without a guard
}

// New makes a host over cs (its tools/list_changed notifications reach mon
// through Monitor.ClientOptions), with the bindings checked. It does not
// discover: call Discover and Swap.
func New(cs *sdk.ClientSession, mon *Monitor, opts Options, bindings ...Binding) (*Host, error) {
	if cs == nil || mon == nil {
		return nil, errors.New("host: New needs the session and its monitor")
	}
	return newHost(session{cs, mon}, opts, bindings)
}

// Check checks options and bindings as New does, without a session: a
// command line refuses a bad binding file before it starts a server.
func Check(opts Options, bindings ...Binding) error {
	_, err := newHost(nil, opts, bindings)
	return err
}

func newHost(up Upstream, opts Options, bindings []Binding) (*Host, error) {
	if opts.ServerID == "" {
		return nil, errors.New("host: Options.ServerID is empty: name the server")
	}
	b, err := opts.Budget.resolve()
	if err != nil {
		return nil, err
	}
	if opts.ProMCP && opts.DispatchTool != "" {
		return nil, errors.New("host: Options.DispatchTool with ProMCP: a proMCP host serves no dispatch tool (an approved do_* is sent by calling it again)")
	}
	if opts.DispatchTool == "" {
		opts.DispatchTool = DefaultDispatchTool
	}
	if opts.Now == nil {
		opts.Now = time.Now
	}
	h := &Host{up: up, opts: opts, budget: b, serial: map[string]*sync.Mutex{}, confirm: map[string]bool{}}
	var errs []error
	locals, remotes := map[string]bool{}, map[string]bool{}
	for _, bd := range bindings {
		if err := checkBinding(bd); err != nil {
			errs = append(errs, err)
			continue
		}
		if opts.ProMCP {
			if err := checkTriad(bd); err != nil {
				errs = append(errs, err)
				continue
			}
		}
		if err := checkDeclared(bd, b.SchemaBytes); err != nil {
			errs = append(errs, err)
			continue
		}
		if locals[bd.Local] || (!opts.ProMCP && bd.Local == opts.DispatchTool) {
			errs = append(errs, fmt.Errorf("host: binding %s: the local name %s is taken", bd.Remote, bd.Local))
		}
		if remotes[bd.Remote] {
			errs = append(errs, fmt.Errorf("host: the remote tool %s is bound twice", bd.Remote))
		}
		locals[bd.Local], remotes[bd.Remote] = true, true
		if bd.Policy == PolicyConfirm {
			h.writes, h.confirm[bd.Local] = true, true
		}
		if bd.Concurrency == Serial {
			h.serial[bd.Local] = &sync.Mutex{}
		}
		h.bindings = append(h.bindings, bd)
	}
	if len(bindings) == 0 {
		errs = append(errs, errors.New("host: no bindings: a host takes only the tools it names"))
	}
	errs = append(errs, checkGuards(h.bindings)...)
	if h.writes && opts.Approvals == nil {
		errs = append(errs, errors.New("host: a write binding needs Options.Approvals, a durable approval store"))
	}
	if err := errors.Join(errs...); err != nil {
		return nil, err
	}
	slices.SortFunc(h.bindings, func(a, b Binding) int { return cmpString(a.Local, b.Local) })
	h.guards = newMemory(h.bindings)
	if h.writes && !opts.ProMCP {
		raw, _ := json.Marshal(dispatchSchema)
		var err error
		if h.dispatchReader, err = factory.FromSchema(factory.Spec{Name: opts.DispatchTool}, raw); err != nil {
			return nil, fmt.Errorf("host: the dispatch tool: %w", err) // a bug: the schema is this package's
		}
	}
	return h, nil
}

func cmpString(a, b string) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

// checkBinding checks one binding on its own.
func checkBinding(b Binding) error {
	at := "host: binding " + b.Remote
	switch {
	case b.Remote == "" || b.Local == "":
		return fmt.Errorf("%s: a binding names the remote tool and its local name", at)
	case len(b.Local) > 128 || !localName(b.Local):
		return fmt.Errorf("%s: the local name %q is not 1 to 128 of letters, digits, \"_\", \"-\" and \".\"", at, b.Local)
	case b.Concurrency != Parallel && b.Concurrency != Serial:
		return fmt.Errorf("%s: declare its concurrency: parallel or serial", at)
	case (b.Scope == nil) == !b.NoScope:
		return fmt.Errorf("%s: give a scope validator, or NoScope on purpose (one of them)", at)
	}
	switch b.Policy {
	case PolicyRead:
		if b.Write != nil {
			return fmt.Errorf("%s: a read binding has no write authorization", at)
		}
		if b.Guard != nil {
			return fmt.Errorf("%s: a plan guard belongs to a write (policy confirm), not a read", at)
		}
	case PolicyConfirm:
		a := b.Write
		switch {
		case a == nil:
			return fmt.Errorf("%s: a write (policy confirm) needs its authorization", at)
		case a.Effect != EffectWrite && a.Effect != EffectDestructive:
			return fmt.Errorf("%s: a write's effect is write or destructive", at)
		case b.Scope == nil:
			return fmt.Errorf("%s: a write needs a scope validator", at)
		case a.BindingID == "" || a.BindingRevision == "" || a.ScopeID == "" || a.ScopeRevision == "":
			return fmt.Errorf("%s: a write's authorization names the binding id and revision and the scope id and revision", at)
		case b.Concurrency != Serial:
			return fmt.Errorf("%s: writes run one at a time: declare it serial", at)
		}
	default:
		return fmt.Errorf("%s: the policy is read or confirm", at)
	}
	return nil
}

func localName(s string) bool {
	for _, r := range s {
		if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '_' || r == '-' || r == '.') {
			return false
		}
	}
	return s != ""
}

// Swap installs a snapshot this host discovered, once no call is under
// way, and answers the one it replaced (nil for none). A snapshot of
// another host is refused.
func (h *Host) Swap(s *Snapshot) (*Snapshot, error) {
	if s == nil || s.owner != h {
		return nil, errors.New("host: Swap takes a snapshot this host's Discover made")
	}
	h.swap.Lock()
	defer h.swap.Unlock()
	old := h.catalog
	h.catalog = s.catalog
	if old != nil && old.snapshot.digest != s.digest {
		h.guards.forget()
	}
	if old == nil {
		return nil, nil
	}
	return old.snapshot, nil
}

// Rediscover discovers and swaps in one step.
func (h *Host) Rediscover(ctx context.Context) (*Snapshot, error) {
	s, err := h.Discover(ctx)
	if err != nil {
		return nil, err
	}
	if _, err := h.Swap(s); err != nil {
		return nil, err
	}
	return s, nil
}

// Current answers the snapshot in use (nil before the first Swap), and
// whether the server said its tools changed since it was discovered.
func (h *Host) Current() (*Snapshot, bool) {
	h.swap.RLock()
	defer h.swap.RUnlock()
	if h.catalog == nil {
		return nil, false
	}
	return h.catalog.snapshot, h.stale(h.catalog)
}

func (h *Host) stale(c *catalog) bool { return h.up.ListChanged() != c.changes }

// Tools describes the tools a host serves, for a server in front of it
// (the proxy): each bound tool as discovered, with its local name, its
// output schema, and of its remote annotations the title and the
// idempotent and open-world hints (readOnlyHint and destructiveHint are
// the binding's: a remote's grant nothing); and the dispatch tool when a
// binding is a write and the host is not ProMCP. Remote text is shown
// (shown.go). Nil before the first Swap.
func (h *Host) Tools() []*sdk.Tool {
	h.swap.RLock()
	defer h.swap.RUnlock()
	if h.catalog == nil {
		return nil
	}
	var out []*sdk.Tool
	for _, e := range h.catalog.snapshot.entries {
		t := &sdk.Tool{Name: e.Local, Title: visible(e.Title), Description: visible(e.Description), InputSchema: shownSchema(e.InputSchema)}
		if len(e.OutputSchema) > 0 {
			t.OutputSchema = shownSchema(e.OutputSchema)
		}
		ro := e.Policy == PolicyRead
		destructive := e.Write != nil && e.Write.Effect == EffectDestructive
		t.Annotations = &sdk.ToolAnnotations{ReadOnlyHint: ro, DestructiveHint: &destructive}
		if a := e.Annotations; a != nil {
			t.Annotations.Title, t.Annotations.IdempotentHint = visible(a.Title), a.IdempotentHint
			if a.OpenWorldHint != nil {
				v := *a.OpenWorldHint
				t.Annotations.OpenWorldHint = &v
			}
		}
		out = append(out, t)
	}
	if h.writes && !h.opts.ProMCP {
		f := false
		out = append(out, &sdk.Tool{Name: h.opts.DispatchTool, Title: "Dispatch an approved write",
			Description: "Sends a remote write that a person approved, once. Use when a write answered requires_human_approval and the person says they approved it: pass its intent_id.",
			InputSchema: dispatchSchema, Annotations: &sdk.ToolAnnotations{DestructiveHint: &f}})
	}
	return out
}

var dispatchSchema = map[string]any{
	"type": "object", "additionalProperties": false, "required": []any{"intent_id"},
	"properties": map[string]any{"intent_id": map[string]any{"type": "string", "format": "uuid", "description": "The intent id of the approved write, as requires_human_approval named it."}},
}
