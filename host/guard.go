package host

import (
	"context"
	"encoding/json"
	"fmt"
	"maps"
	"slices"
	"strconv"
	"sync"
	"time"

	"agentinput.dev/agentinput"
	"agentinput.dev/kinds/timestamp"
	"agentinput.dev/promcp"
)

// Guard is a write binding's plan guard: proMCP's four-step pattern
// (can_do, read, do, read) held at run time, for a do whose effect cannot
// be reversed. A guarded write is prepared, and an approved one sent,
// only when
//
//   - no read_* through the host last answered a quality in StopOn
//     (mcp_workflow_stopped, naming the read to call again), and
//   - with CanDo set, the can_do named there answered, through the host,
//     an allowed candidate for this write (its remote name) with the same
//     arguments, whose valid_until is still ahead (mcp_can_do_required,
//     naming the can_do call to make, with its arguments).
//
// The can_do is agentinput's generic one in shape (factory.CanDo): its
// arguments are {"action": REMOTE, "arguments": {…}} (or the action's
// arguments beside action), and it answers a capability report.
type Guard struct {
	// CanDo is the local name of a bound read whose answers are
	// capability reports: the can_do this write needs. "" for none.
	CanDo string
	// StopOn are the qualities of a read that stop this write: stale,
	// degraded or error.
	StopOn []promcp.Quality
}

// MaxGuardAnswers bounds the can_do answers a host remembers: past it,
// an expired answer, or else the one that expires first, is forgotten
// (forgetting is safe: the write then asks for a fresh can_do).
const MaxGuardAnswers = 256

// GuardHintBytes bounds the arguments a guard's hint spells out: larger
// ones are named, not written.
const GuardHintBytes = 4 << 10

// checkGuards checks each binding's guard against the bindings: the can_do
// it names is a bound read, and its qualities are ones that can stop.
func checkGuards(bindings []Binding) []error {
	byLocal := map[string]Binding{}
	for _, b := range bindings {
		byLocal[b.Local] = b
	}
	var errs []error
	for _, b := range bindings {
		g := b.Guard
		if g == nil {
			continue
		}
		at := "host: binding " + b.Remote + ": the guard"
		if g.CanDo == "" && len(g.StopOn) == 0 {
			errs = append(errs, fmt.Errorf("%s names no can_do and no quality to stop on: give one or both, or no guard", at))
		}
		if g.CanDo != "" {
			switch c, ok := byLocal[g.CanDo]; {
			case !ok:
				errs = append(errs, fmt.Errorf("%s names the can_do %s, which is not bound", at, g.CanDo))
			case c.Policy != PolicyRead:
				errs = append(errs, fmt.Errorf("%s names the can_do %s, which is not a read (can_do changes nothing)", at, g.CanDo))
			}
		}
		for _, q := range g.StopOn {
			if q != promcp.Stale && q != promcp.Degraded && q != promcp.Error {
				errs = append(errs, fmt.Errorf("%s stops on %q: a read stops a write on stale, degraded or error", at, q))
			}
		}
	}
	return errs
}

// checkGuardedCatalog holds a discovered catalog to its guards: each
// guard's can_do advertises an output schema, so its answers are
// validated before the guard reads them.
func checkGuardedCatalog(cat *catalog) error {
	for _, bt := range cat.tools {
		g := bt.binding.Guard
		if g == nil || g.CanDo == "" {
			continue
		}
		if c := cat.tools[g.CanDo]; c != nil && c.output == nil {
			return &Error{Code: agentinput.EnvelopeMCPSchemaUnsupported, Tool: c.binding.Remote,
				Reason: "the plan guard of " + bt.binding.Local + " reads its answers, and it advertises no output schema to validate them against"}
		}
	}
	return nil
}

// memory is what a host's plan guards remember, for the host as a whole
// (every session of a proxy alike: a can_do answer and a read's quality
// are about the upstream's world, not about one conversation).
type memory struct {
	mu      sync.Mutex
	answers map[string]time.Time // "do local\x00arguments" → the latest allowed valid_until
	stops   map[string]stop      // read local → its last quality other than good
	cando   map[string]bool      // the locals guards name as their can_do
	reads   bool                 // some guard stops on a quality
}

// stop is a read that answered a quality other than good: with which
// arguments (for the hint), and when.
type stop struct {
	quality   promcp.Quality
	arguments json.RawMessage
}

// newMemory is the guards' memory, or nil when no binding has a guard.
func newMemory(bindings []Binding) *memory {
	m := &memory{answers: map[string]time.Time{}, stops: map[string]stop{}, cando: map[string]bool{}}
	guarded := false
	for _, b := range bindings {
		if g := b.Guard; g != nil {
			guarded = true
			if g.CanDo != "" {
				m.cando[g.CanDo] = true
			}
			m.reads = m.reads || len(g.StopOn) > 0
		}
	}
	if !guarded {
		return nil
	}
	return m
}

// forget drops the can_do answers (a new catalog: the arguments they were
// read with may read otherwise now).
func (m *memory) forget() {
	if m == nil {
		return
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	clear(m.answers)
}

// guardKey is the memory's key of a write and its arguments: canonical
// JSON as the write's reader reads them, without the idempotency key (a
// can_do answers for the action, whichever key it is sent under).
func guardKey(local string, arguments map[string]any) (string, json.RawMessage) {
	args := make(map[string]any, len(arguments))
	for k, v := range arguments {
		if k != idempotencyKey {
			args[k] = v
		}
	}
	raw, err := json.Marshal(args)
	if err != nil {
		return "", nil
	}
	return local + "\x00" + string(raw), raw
}

// idempotencyKey is proMCP's idempotency argument of a do_* tool.
const idempotencyKey = "idempotency_key"

// instants reads a capability report's valid_until: RFC 3339 with its
// offset, as the timestamp kind reads it.
var instants = sync.OnceValue(func() *timestamp.Reader {
	r, _ := timestamp.New(timestamp.Options{}) // the zero options are valid
	return r
})

// observe remembers what a validated read answered, for the guards: a
// can_do's capability report (by the write and arguments it asked
// about), a read_*'s quality.
func (h *Host) observe(ctx context.Context, c *catalog, bt *bound, arguments map[string]any, s *Success) {
	m := h.guards
	if m == nil || s == nil {
		return
	}
	local := bt.binding.Local
	switch {
	case m.cando[local]:
		h.observeCanDo(ctx, c, local, arguments, s.Structured)
	case m.reads:
		if t, exact := promcp.NameTriad(local); t == promcp.TriadRead && exact {
			var r struct {
				Quality promcp.Quality `json:"quality"`
			}
			if json.Unmarshal(s.Structured, &r) != nil || !slices.Contains(promcp.Qualities(), r.Quality) {
				return
			}
			raw, _ := json.Marshal(arguments)
			m.mu.Lock()
			if r.Quality == promcp.Good {
				delete(m.stops, local)
			} else {
				m.stops[local] = stop{quality: r.Quality, arguments: raw}
			}
			m.mu.Unlock()
		}
	}
}

// observeCanDo remembers a can_do answer for each guarded write it is
// about: the write whose remote name the call's action is, its arguments
// read by the write's own reader. The latest answer replaces an earlier
// one: an allowed candidate with the latest valid_until is kept, and no
// allowed candidate forgets it.
func (h *Host) observeCanDo(ctx context.Context, c *catalog, canDo string, arguments map[string]any, structured json.RawMessage) {
	action, _ := arguments["action"].(string)
	var actionArgs map[string]any
	if nested, ok := arguments["arguments"].(map[string]any); ok {
		actionArgs = nested
	} else {
		actionArgs = map[string]any{}
		for k, v := range arguments {
			if k != "action" {
				actionArgs[k] = v
			}
		}
	}
	var report struct {
		Candidates []struct {
			Capability string `json:"capability"`
			Permission string `json:"permission"`
			ValidUntil string `json:"valid_until"`
		} `json:"candidates"`
	}
	if json.Unmarshal(structured, &report) != nil {
		return
	}
	var until time.Time
	for _, cand := range report.Candidates {
		if cand.Capability != action || cand.Permission != string(promcp.Allowed) {
			continue
		}
		if t, ok := instants().Read(cand.ValidUntil).Value(); ok && t.After(until) {
			until = t
		}
	}
	raw, err := json.Marshal(actionArgs)
	if err != nil {
		return
	}
	for _, bt := range c.tools {
		g := bt.binding.Guard
		if g == nil || g.CanDo != canDo || bt.binding.Remote != action {
			continue
		}
		read := bt.reader.Call(ctx, raw)
		if read.Envelope != nil {
			continue // not arguments the write takes: nothing it can rest on
		}
		key, _ := guardKey(bt.binding.Local, read.Arguments)
		h.guards.remember(key, until, h.opts.Now())
	}
}

// remember keeps an answer (a zero until forgets the key), within
// MaxGuardAnswers.
func (m *memory) remember(key string, until, now time.Time) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if until.IsZero() {
		delete(m.answers, key)
		return
	}
	if _, ok := m.answers[key]; !ok && len(m.answers) >= MaxGuardAnswers {
		for k, t := range m.answers {
			if !now.Before(t) {
				delete(m.answers, k)
			}
		}
		for len(m.answers) >= MaxGuardAnswers {
			first := ""
			for k, t := range m.answers {
				if first == "" || t.Before(m.answers[first]) || t.Equal(m.answers[first]) && k < first {
					first = k
				}
			}
			delete(m.answers, first)
		}
	}
	m.answers[key] = until
}

// guard checks a write against its plan guard before it is prepared or
// sent: nil when it may go on, else the refusal (nothing sent).
func (h *Host) guard(c *catalog, bt *bound, arguments map[string]any) *Result {
	g, m := bt.binding.Guard, h.guards
	if g == nil || m == nil {
		return nil
	}
	local := bt.binding.Local
	m.mu.Lock()
	defer m.mu.Unlock()
	for _, r := range slices.Sorted(maps.Keys(m.stops)) {
		st := m.stops[r]
		if slices.Contains(g.StopOn, st.quality) {
			return fail(agentinput.EnvelopeMCPWorkflowStopped,
				local+" was not sent: "+r+" last answered quality "+string(st.quality)+", which stops "+local+" (its plan guard).",
				"Do not act on that read. Call "+r+" again"+with(st.arguments, "with the arguments it was called with")+"; once it answers quality good, call "+local+" again.")
		}
	}
	if g.CanDo == "" {
		return nil
	}
	key, args := guardKey(local, arguments)
	until, ok := m.answers[key]
	now := h.opts.Now()
	if ok && now.Before(until) {
		return nil
	}
	why := "no allowed can_do answer for these arguments is known"
	if ok {
		why = "the can_do answer for these arguments was valid until " + timestamp.Format(until.UTC())
	}
	call, _ := json.Marshal(map[string]any{"action": bt.binding.Remote, "arguments": json.RawMessage(args)})
	return fail(agentinput.EnvelopeMCPCanDoRequired,
		local+" was not sent: its plan guard needs an allowed can_do answer for the same arguments, still valid; "+why+".",
		"Call "+g.CanDo+with(call, "with action "+strconv.Quote(bt.binding.Remote)+" and this call's arguments in arguments")+" first; if it answers "+bt.binding.Remote+" as an allowed candidate, call "+local+
			" again with the same arguments before the candidate's valid_until.")
}

// with spells a call's arguments for a hint: " with {…}", or, over
// GuardHintBytes, " " and words.
func with(arguments json.RawMessage, words string) string {
	if len(arguments) > GuardHintBytes {
		return " " + words
	}
	return " with " + string(arguments)
}
