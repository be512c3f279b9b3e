package host

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/santhosh-tekuri/jsonschema/v6"

	"agentinput.dev/agentinput"
	"agentinput.dev/factory"
	"agentinput.dev/internal/mcplist"
)

// Snapshot versions: 1 for a catalog of reads, 2 for one with a write
// (whose digest covers the write authorization).
const (
	SnapshotReads  = 1
	SnapshotWrites = 2
)

// Entry is one bound tool in a snapshot. Schemas are canonical JSON (keys
// sorted, no space), as discovered. InputSchema and OutputSchema are the
// schemas the host uses: the remote's, or those the binding declares, and
// then Declared names which ("input", "output") and RemoteInputSchema and
// RemoteOutputSchema keep the remote's as sent (absent when the remote sent
// none), so that the digest changes with either.
type Entry struct {
	Local              string          `json:"local"`
	Remote             string          `json:"remote"`
	Title              string          `json:"title,omitempty"`
	Description        string          `json:"description,omitempty"`
	InputSchema        json.RawMessage `json:"input_schema"`
	OutputSchema       json.RawMessage `json:"output_schema,omitempty"`
	Declared           []string        `json:"declared,omitempty"`
	RemoteInputSchema  json.RawMessage `json:"remote_input_schema,omitempty"`
	RemoteOutputSchema json.RawMessage `json:"remote_output_schema,omitempty"`
	Policy             Policy          `json:"policy"`
	Concurrency        Concurrency     `json:"concurrency"`
	// Scope is "validator" or "none" (a binding without a scope, on
	// purpose).
	Scope string         `json:"scope"`
	Write *Authorization `json:"authorization,omitempty"`
	// Annotations are the remote annotations the host carries to the
	// model (nil when the remote gives none of them).
	Annotations *Annotations `json:"annotations,omitempty"`
}

// Annotations are the annotations of a remote tool that a host carries
// to the model as hints: its title, and whether it is idempotent and
// reaches an open world. readOnlyHint and destructiveHint are not among
// them: the binding's policy and effect decide those.
type Annotations struct {
	Title          string `json:"title,omitempty"`
	IdempotentHint bool   `json:"idempotent_hint,omitempty"`
	OpenWorldHint  *bool  `json:"open_world_hint,omitempty"`
}

// Snapshot is one discovered catalog: immutable and detached (its
// accessors answer copies). Its digest is sha256 over the canonical JSON
// of everything else.
type Snapshot struct {
	schemaVersion   int
	serverID        string
	protocolVersion string
	entries         []Entry
	digest          string

	owner   *Host
	catalog *catalog
}

type snapshotJSON struct {
	SchemaVersion   int     `json:"schema_version"`
	ServerID        string  `json:"server_id"`
	ProtocolVersion string  `json:"protocol_version"`
	Entries         []Entry `json:"entries"`
	Digest          string  `json:"digest,omitempty"`
}

func (s *Snapshot) SchemaVersion() int      { return s.schemaVersion }
func (s *Snapshot) ServerID() string        { return s.serverID }
func (s *Snapshot) ProtocolVersion() string { return s.protocolVersion }
func (s *Snapshot) Digest() string          { return s.digest }

// Entries answers a copy of the entries, sorted by local name.
func (s *Snapshot) Entries() []Entry {
	out := make([]Entry, len(s.entries))
	for i, e := range s.entries {
		out[i] = e
		out[i].InputSchema = slices.Clone(e.InputSchema)
		out[i].OutputSchema = slices.Clone(e.OutputSchema)
		out[i].Declared = slices.Clone(e.Declared)
		out[i].RemoteInputSchema = slices.Clone(e.RemoteInputSchema)
		out[i].RemoteOutputSchema = slices.Clone(e.RemoteOutputSchema)
		if e.Write != nil {
			w := *e.Write
			out[i].Write = &w
		}
		if e.Annotations != nil {
			a := *e.Annotations
			if a.OpenWorldHint != nil {
				v := *a.OpenWorldHint
				a.OpenWorldHint = &v
			}
			out[i].Annotations = &a
		}
	}
	return out
}

// MarshalJSON renders the snapshot with its digest.
func (s *Snapshot) MarshalJSON() ([]byte, error) {
	return json.Marshal(snapshotJSON{s.schemaVersion, s.serverID, s.protocolVersion, s.entries, s.digest})
}

// digestOf is sha256 over the canonical JSON of the snapshot without its
// digest: fields in a fixed order, schemas with sorted keys, no space.
func digestOf(v snapshotJSON) string {
	v.Digest = ""
	b, err := json.Marshal(v)
	if err != nil {
		panic("host: a snapshot does not encode: " + err.Error()) // strings and canonical JSON only
	}
	sum := sha256.Sum256(b)
	return "sha256:" + hex.EncodeToString(sum[:])
}

// Error is a discovery failure: a closed code, the remote tool it is
// about (if one), and why, for the operator (never a remote message).
type Error struct {
	Code   agentinput.EnvelopeCode
	Tool   string
	Reason string
}

func (e *Error) Error() string {
	if e.Tool != "" {
		return fmt.Sprintf("host: %s: tool %s: %s", e.Code, e.Tool, e.Reason)
	}
	return fmt.Sprintf("host: %s: %s", e.Code, e.Reason)
}

// ErrNotListed is the discovery failure of a binding whose remote tool the
// server does not list.
var ErrNotListed = errors.New("host: a bound tool is not listed")

// catalog is a snapshot with what calls need: each bound tool's reader
// and output validator.
type catalog struct {
	snapshot *Snapshot
	changes  uint64 // the upstream's ListChanged when discovery began
	tools    map[string]*bound
	// changed are the local names whose remote tool a Refresh found
	// changed or gone: they answer mcp_catalog_stale until a person
	// rebinds them (a new host, its binding file reviewed).
	changed map[string]bool
}

type bound struct {
	binding Binding
	entry   Entry
	digest  string             // entryDigest(entry)
	reader  *factory.Tool      // reads arguments against the remote schema
	output  *jsonschema.Schema // nil: the tool advertises no output schema
}

// Discover pages the server's tools/list within the budget, checks the
// negotiated protocol version, and builds a snapshot of the bound tools,
// each schema fitting the profile. It changes nothing: Swap installs it.
// A change notification that arrives while it lists makes the snapshot
// stale at once.
func (h *Host) Discover(ctx context.Context) (*Snapshot, error) {
	changes := h.up.ListChanged()
	version, tools, err := h.list(ctx)
	if err != nil {
		return nil, err
	}
	return h.build(version, tools, changes)
}

// list checks the negotiated protocol version and pages tools/list within
// the budget.
func (h *Host) list(ctx context.Context) (string, []*sdk.Tool, error) {
	version := h.up.ProtocolVersion()
	if version == "" {
		return "", nil, &Error{Code: agentinput.EnvelopeMCPProtocolError, Reason: "the session has no initialize result"}
	}
	if !slices.Contains(SupportedProtocolVersions, version) {
		return "", nil, &Error{Code: agentinput.EnvelopeMCPProtocolError,
			Reason: fmt.Sprintf("the session negotiated protocol version %s; a host supports %s (connect with host.SessionOptions())", quote(version), strings.Join(SupportedProtocolVersions, ", "))}
	}
	b := h.budget
	l := mcplist.ListBy(ctx, h.up.ListTools, mcplist.Budget{Pages: b.Pages, Items: b.Tools, Bytes: b.CatalogBytes, PerRequest: b.RPC}, toolSize)
	var e *Error
	switch l.Stop {
	case mcplist.Done:
		return version, l.Items, nil
	case mcplist.OverPages:
		e = &Error{Code: agentinput.EnvelopeMCPResultTooLarge, Reason: fmt.Sprintf("the catalog has more than %d pages", b.Pages)}
	case mcplist.OverItems:
		e = &Error{Code: agentinput.EnvelopeMCPResultTooLarge, Reason: fmt.Sprintf("the catalog has more than %d tools", b.Tools)}
	case mcplist.OverBytes:
		e = &Error{Code: agentinput.EnvelopeMCPResultTooLarge, Reason: fmt.Sprintf("the catalog is over %d bytes", b.CatalogBytes)}
	case mcplist.RepeatedCursor:
		e = &Error{Code: agentinput.EnvelopeMCPProtocolError, Reason: fmt.Sprintf("page %d of tools/list returned a cursor already followed", l.Pages)}
	case mcplist.PageTimedOut:
		e = &Error{Code: agentinput.EnvelopeMCPTimeout, Reason: fmt.Sprintf("page %d of tools/list took longer than %s", l.Pages+1, b.RPC)}
	default:
		e = &Error{Code: classify(l.Err), Reason: fmt.Sprintf("page %d of tools/list failed", l.Pages+1)}
	}
	return "", nil, e
}

// build makes the snapshot of the bound tools from a listing.
func (h *Host) build(version string, tools []*sdk.Tool, changes uint64) (*Snapshot, error) {
	listed := map[string]*sdk.Tool{}
	for _, t := range tools {
		if _, dup := listed[t.Name]; dup {
			return nil, &Error{Code: agentinput.EnvelopeMCPProtocolError, Tool: t.Name, Reason: "the server lists two tools of this name"}
		}
		listed[t.Name] = t
	}
	cat := &catalog{changes: changes, tools: map[string]*bound{}}
	snap := snapshotJSON{SchemaVersion: SnapshotReads, ServerID: h.opts.ServerID, ProtocolVersion: version}
	for _, bd := range h.bindings {
		t, ok := listed[bd.Remote]
		if !ok {
			return nil, fmt.Errorf("%w: the server does not list %s (bound as %s)", ErrNotListed, bd.Remote, bd.Local)
		}
		bt, err := h.bind(bd, t)
		if err != nil {
			return nil, err
		}
		if bd.Policy == PolicyConfirm {
			snap.SchemaVersion = SnapshotWrites
		}
		cat.tools[bd.Local] = bt
		snap.Entries = append(snap.Entries, bt.entry)
	}
	if err := checkGuardedCatalog(cat); err != nil {
		return nil, err
	}
	snap.Digest = digestOf(snap)
	s := &Snapshot{schemaVersion: snap.SchemaVersion, serverID: snap.ServerID, protocolVersion: snap.ProtocolVersion,
		entries: snap.Entries, digest: snap.Digest, owner: h, catalog: cat}
	cat.snapshot = s
	return s, nil
}

// toolSize is what one listed tool counts against the catalog budget: its
// JSON.
func toolSize(t *sdk.Tool) int {
	b, err := json.Marshal(t)
	if err != nil {
		return 1 << 30 // counts as over any budget
	}
	return len(b)
}

// bind checks one listed tool against the profile and budgets and makes
// its entry, reader and output validator. A tool the current catalog
// bound with the same entry keeps its reader and validator: rediscovery
// rebuilds only the tools that changed.
func (h *Host) bind(bd Binding, t *sdk.Tool) (*bound, error) {
	e, outDoc, err := h.entry(bd, t)
	if err != nil {
		return nil, err
	}
	digest := entryDigest(e)
	if prev := h.boundNow(bd.Local); prev != nil && prev.digest == digest && prev.binding.Remote == bd.Remote {
		return prev, nil
	}
	fail := func(format string, args ...any) error {
		return &Error{Code: agentinput.EnvelopeMCPSchemaUnsupported, Tool: bd.Remote, Reason: fmt.Sprintf(format, args...)}
	}
	bt := &bound{binding: bd, entry: e, digest: digest}
	if outDoc != nil {
		if bt.output, err = compileSchema("mem://host/output/"+bd.Local, outDoc); err != nil {
			return nil, fail("the output schema does not compile")
		}
	}
	intent := factory.IntentRead
	if bd.Policy == PolicyConfirm {
		intent = factory.IntentDo
	}
	bt.reader, err = factory.FromSchema(factory.Spec{Name: bd.Local, Title: t.Title, Description: t.Description, Intent: intent,
		Vocabularies: h.opts.Vocabularies}, e.InputSchema)
	if err != nil {
		return nil, fail("the input schema cannot be read by agentinput's kinds")
	}
	return bt, nil
}

// entry checks one listed tool against the profile and budgets and makes
// its snapshot entry, and the output schema's document (nil: none).
func (h *Host) entry(bd Binding, t *sdk.Tool) (Entry, any, error) {
	fail := func(format string, args ...any) error {
		return &Error{Code: agentinput.EnvelopeMCPSchemaUnsupported, Tool: bd.Remote, Reason: fmt.Sprintf(format, args...)}
	}
	if len(t.Description) > h.budget.DescriptionBytes || len(t.Title) > h.budget.DescriptionBytes {
		return Entry{}, nil, fail("the description or title is over %d bytes", h.budget.DescriptionBytes)
	}
	in, remoteIn, err := h.effective(t.InputSchema, bd.InputSchema, inputFormats)
	if err != nil {
		return Entry{}, nil, fail("the input schema %s", err)
	}
	e := Entry{Local: bd.Local, Remote: bd.Remote, Title: t.Title, Description: t.Description, InputSchema: in,
		Policy: bd.Policy, Concurrency: bd.Concurrency, Scope: "validator"}
	if bd.InputSchema != nil {
		e.Declared, e.RemoteInputSchema = append(e.Declared, "input"), remoteIn
	}
	if bd.NoScope {
		e.Scope = "none"
	}
	if bd.Write != nil {
		w := *bd.Write
		e.Write = &w
	}
	if a := t.Annotations; a != nil && (a.Title != "" || a.IdempotentHint || a.OpenWorldHint != nil) {
		if len(a.Title) > h.budget.DescriptionBytes {
			return Entry{}, nil, fail("the annotations' title is over %d bytes", h.budget.DescriptionBytes)
		}
		e.Annotations = &Annotations{Title: a.Title, IdempotentHint: a.IdempotentHint}
		if a.OpenWorldHint != nil {
			v := *a.OpenWorldHint
			e.Annotations.OpenWorldHint = &v
		}
	}
	var outDoc any
	if t.OutputSchema != nil || bd.OutputSchema != nil {
		out, remoteOut, err := h.effective(t.OutputSchema, bd.OutputSchema, outputFormats)
		if err != nil {
			return Entry{}, nil, fail("the output schema %s", err)
		}
		if bd.OutputSchema != nil {
			e.Declared, e.RemoteOutputSchema = append(e.Declared, "output"), remoteOut
		}
		if outDoc, err = decodeAny(out); err != nil {
			return Entry{}, nil, fail("the output schema does not decode")
		}
		e.OutputSchema = out
	}
	return e, outDoc, nil
}

// entryDigest is one tool's digest: sha256 over its entry's canonical
// JSON. A rediscovered tool is unchanged when its digest is.
func entryDigest(e Entry) string {
	b, err := json.Marshal(e)
	if err != nil {
		panic("host: an entry does not encode: " + err.Error()) // strings and canonical JSON only
	}
	sum := sha256.Sum256(b)
	return hex.EncodeToString(sum[:])
}

// boundNow is the tool the current catalog bound under local (nil: none).
func (h *Host) boundNow(local string) *bound {
	h.swap.RLock()
	defer h.swap.RUnlock()
	if h.catalog == nil {
		return nil
	}
	return h.catalog.tools[local]
}

// effective answers the schema the host uses for one side of a tool and
// the remote's as sent (canonical JSON; nil when the remote sent none):
// without a declared schema, the remote's, which must fit the profile;
// with one, the declared schema (checked against the profile by New),
// which must be a subset of the remote's.
func (h *Host) effective(remote any, declared json.RawMessage, formats map[string]bool) (json.RawMessage, json.RawMessage, error) {
	var raw json.RawMessage
	var doc any = true // no remote schema admits anything
	if remote != nil {
		var err error
		if raw, doc, err = h.canonical(remote); err != nil {
			return nil, nil, err
		}
	}
	if declared == nil {
		if why := checkProfile(doc, formats); why != "" {
			return nil, nil, errors.New("does not fit the profile: " + why)
		}
		return raw, raw, nil
	}
	d, err := decodeAny(declared)
	dm, ok := d.(map[string]any)
	if err != nil || !ok {
		return nil, nil, errors.New("declared by the binding is not a JSON object") // New checked it
	}
	if why := subsetOf(dm, doc); why != "" {
		return nil, nil, errors.New("declared by the binding admits values the remote's does not (or that the host cannot prove it admits): " + why)
	}
	canon, err := json.Marshal(dm)
	if err != nil {
		return nil, nil, errors.New("declared by the binding does not encode as JSON")
	}
	return canon, raw, nil
}

// canonical encodes a listed schema as canonical JSON within the budget,
// and decodes it (numbers as json.Number).
func (h *Host) canonical(v any) (json.RawMessage, any, error) {
	raw, err := json.Marshal(v)
	if err != nil {
		return nil, nil, errors.New("does not encode as JSON")
	}
	if len(raw) > h.budget.SchemaBytes {
		return nil, nil, fmt.Errorf("is over %d bytes", h.budget.SchemaBytes)
	}
	doc, err := decodeAny(raw)
	if err != nil {
		return nil, nil, errors.New("is not JSON")
	}
	canon, err := json.Marshal(doc)
	if err != nil {
		return nil, nil, errors.New("does not encode as JSON")
	}
	return canon, doc, nil
}

// checkDeclared checks a binding's declared schemas on their own: within
// the schema budget, JSON objects, fitting the profile (the input side
// with the input formats, the output side with the output formats).
func checkDeclared(bd Binding, budget int) error {
	for _, side := range []struct {
		name    string
		raw     json.RawMessage
		formats map[string]bool
	}{{"input", bd.InputSchema, inputFormats}, {"output", bd.OutputSchema, outputFormats}} {
		if side.raw == nil {
			continue
		}
		at := "host: binding " + bd.Remote + ": the declared " + side.name + " schema"
		if len(side.raw) > budget {
			return fmt.Errorf("%s is over %d bytes", at, budget)
		}
		doc, err := decodeAny(side.raw)
		if err != nil || !json.Valid(side.raw) {
			return fmt.Errorf("%s is not JSON", at)
		}
		if why := checkProfile(doc, side.formats); why != "" {
			return fmt.Errorf("%s does not fit the profile: %s", at, why)
		}
	}
	return nil
}

func compileSchema(url string, doc any) (*jsonschema.Schema, error) {
	raw, err := json.Marshal(doc)
	if err != nil {
		return nil, err
	}
	d, err := jsonschema.UnmarshalJSON(bytes.NewReader(raw))
	if err != nil {
		return nil, err
	}
	c := jsonschema.NewCompiler()
	c.AssertFormat() // a date or uuid the output schema names is checked, not only annotated
	c.UseLoader(noLoader{})
	if err := c.AddResource(url, d); err != nil {
		return nil, err
	}
	return c.Compile(url)
}
