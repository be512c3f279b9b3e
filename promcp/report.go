package promcp

import (
	"strings"
	"time"

	"github.com/google/uuid"
)

// CapabilityReport is the result of can_do: which actions may run now
// (candidates), which may not and why (blocked), what the answer was based
// on (context), and when it was made (metadata).
type CapabilityReport struct {
	// QueryID identifies this report (a random UUID, version 4).
	QueryID string `json:"query_id"`
	// Feasible is true when at least one candidate is Allowed.
	Feasible   bool        `json:"feasible"`
	Candidates []Candidate `json:"candidates"`
	Blocked    []Blocked   `json:"blocked"`
	Context    Context     `json:"context"`
	Metadata   Metadata    `json:"metadata"`
}

// Candidate is an action that can run: at once (Allowed) or once a person
// approves it (RequiresHumanApproval).
type Candidate struct {
	// Capability names the action (the do_* tool); Source names who offers it.
	Capability string `json:"capability"`
	Source     string `json:"source"`
	// Confidence (0–1) is how sure the report is that this is the action
	// meant: 1 for its exact name. agentinput never reports a candidate
	// below 0.7; it asks which action was meant instead.
	Confidence float64    `json:"confidence"`
	Permission Permission `json:"permission"`
	// CurrentState is the value the action would change, when it has one.
	CurrentState *State      `json:"current_state"`
	Constraints  Constraints `json:"constraints"`
	SideEffects  []string    `json:"side_effects"`
	// ValidUntil is the instant after which the answer must be asked again;
	// a candidate without it would be valid for no time at all.
	ValidUntil         time.Time `json:"valid_until"`
	EstimatedLatencyMS int64     `json:"estimated_latency_ms"`
}

// State is the current value of what a candidate would change.
type State struct {
	Value     any       `json:"value"`
	Unit      *string   `json:"unit"`
	Timestamp time.Time `json:"timestamp"`
}

// Constraints are the bounds an action's arguments must keep: numeric
// bounds (nil when unbounded) and the values an enumerated argument takes.
type Constraints struct {
	Min        *float64 `json:"min"`
	Max        *float64 `json:"max"`
	Unit       *string  `json:"unit"`
	EnumValues []string `json:"enum_values"`
}

// Blocked is an action that cannot run now, and why.
type Blocked struct {
	Capability string     `json:"capability"`
	Source     string     `json:"source"`
	Permission Permission `json:"permission"`
	Reason     string     `json:"reason"`
	Details    *string    `json:"details"`
}

// Context is what the report was based on: the read_* tools worth calling
// before acting, and the observations already made.
type Context struct {
	RelatedReads        []string       `json:"related_reads"`
	CurrentObservations map[string]any `json:"current_observations"`
}

// Metadata says when the report was made and how long it took.
type Metadata struct {
	Timestamp      time.Time `json:"timestamp"`
	TotalLatencyMS int64     `json:"total_latency_ms"`
}

// NewCandidate checks and normalizes a candidate: ValidUntil and the current
// state's timestamp in UTC, lists never null.
func NewCandidate(c Candidate) (Candidate, error) {
	c.ValidUntil = utc(c.ValidUntil)
	c.SideEffects = list(c.SideEffects)
	c.Constraints.EnumValues = list(c.Constraints.EnumValues)
	if c.CurrentState != nil {
		s := *c.CurrentState
		s.Timestamp = utc(s.Timestamp)
		c.CurrentState = &s
	}
	return c, c.Validate()
}

// Validate reports what makes c break the candidate contract.
func (c Candidate) Validate() error {
	p := problems{contract: "candidate"}
	p.text("capability", c.Capability)
	p.text("source", c.Source)
	if !finite(c.Confidence) || c.Confidence < 0 || c.Confidence > 1 {
		p.add("confidence %v is outside 0–1", c.Confidence)
	}
	switch {
	case !c.Permission.known():
		p.add("permission %q is not one of %s", c.Permission, names(Permissions()))
	case !c.Permission.Runnable():
		p.add("permission %q blocks the action: report it as blocked, not as a candidate", c.Permission)
	}
	p.instant("valid_until", c.ValidUntil)
	if c.CurrentState != nil {
		p.instant("current_state.timestamp", c.CurrentState.Timestamp)
	}
	if c.SideEffects == nil {
		p.add("side_effects is null (send an empty list for none)")
	}
	if c.Constraints.EnumValues == nil {
		p.add("constraints.enum_values is null (send an empty list for none)")
	}
	lo, hi := c.Constraints.Min, c.Constraints.Max
	switch {
	case lo != nil && !finite(*lo), hi != nil && !finite(*hi):
		p.add("constraints.min and max must be finite numbers")
	case lo != nil && hi != nil && *lo > *hi:
		p.add("constraints.min %v is above constraints.max %v", *lo, *hi)
	}
	if c.EstimatedLatencyMS < 0 {
		p.add("estimated_latency_ms %d is negative", c.EstimatedLatencyMS)
	}
	return p.err()
}

// NewBlocked checks a blocked entry.
func NewBlocked(b Blocked) (Blocked, error) { return b, b.Validate() }

// Validate reports what makes b break the blocked contract.
func (b Blocked) Validate() error {
	p := problems{contract: "blocked"}
	p.text("capability", b.Capability)
	p.text("source", b.Source)
	p.text("reason", b.Reason)
	switch {
	case !b.Permission.known():
		p.add("permission %q is not one of %s", b.Permission, names(Permissions()))
	case b.Permission.Runnable():
		p.add("permission %q lets the action run: report it as a candidate, not as blocked", b.Permission)
	}
	return p.err()
}

// NewCapabilityReport checks and completes a report: a fresh QueryID when
// none is set, Feasible computed from the candidates, every list and map
// never null, the timestamp in UTC. A QueryID the caller sets is kept as
// the caller's own identifier.
func NewCapabilityReport(r CapabilityReport) (CapabilityReport, error) {
	if r.QueryID == "" {
		id, err := uuid.NewRandom()
		if err != nil {
			return r, err
		}
		r.QueryID = id.String()
	}
	r.Candidates = list(r.Candidates)
	r.Blocked = list(r.Blocked)
	for i := range r.Candidates {
		c, _ := NewCandidate(r.Candidates[i])
		r.Candidates[i] = c
	}
	r.Context.RelatedReads = list(r.Context.RelatedReads)
	if r.Context.CurrentObservations == nil {
		r.Context.CurrentObservations = map[string]any{}
	}
	r.Metadata.Timestamp = utc(r.Metadata.Timestamp)
	r.Feasible = false
	for _, c := range r.Candidates {
		if c.Permission == Allowed {
			r.Feasible = true
		}
	}
	return r, r.Validate()
}

// Validate reports what makes r break the capability report contract,
// including every candidate's and blocked entry's problems.
func (r CapabilityReport) Validate() error {
	p := problems{contract: "capability report"}
	p.text("query_id", r.QueryID)
	feasible := false
	for i, c := range r.Candidates {
		if c.Permission == Allowed {
			feasible = true
		}
		if err := c.Validate(); err != nil {
			p.add("candidates[%d]: %s", i, joined(err))
		}
	}
	for i, b := range r.Blocked {
		if err := b.Validate(); err != nil {
			p.add("blocked[%d]: %s", i, joined(err))
		}
	}
	if r.Feasible != feasible {
		p.add("feasible is %v but %s", r.Feasible, map[bool]string{
			true: "a candidate is allowed", false: "no candidate is allowed"}[feasible])
	}
	if r.Candidates == nil || r.Blocked == nil || r.Context.RelatedReads == nil {
		p.add("candidates, blocked and context.related_reads must be lists, never null")
	}
	if r.Context.CurrentObservations == nil {
		p.add("context.current_observations is null (send an empty object for none)")
	}
	p.instant("metadata.timestamp", r.Metadata.Timestamp)
	if r.Metadata.TotalLatencyMS < 0 {
		p.add("metadata.total_latency_ms %d is negative", r.Metadata.TotalLatencyMS)
	}
	return p.err()
}

func joined(err error) string {
	if ce, ok := err.(*ContractError); ok {
		return strings.Join(ce.Problems, ", ")
	}
	return err.Error()
}
