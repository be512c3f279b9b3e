package promcp

import (
	"fmt"
	"math"
	"strings"
	"time"
)

// Quality says how far a read_* value can be trusted.
type Quality string

// The four qualities of a read.
const (
	// Good: fresh, from a reliable source.
	Good Quality = "good"
	// Stale: older than its cache lifetime, and nothing fresher exists.
	Stale Quality = "stale"
	// Degraded: the source is outside its normal parameters.
	Degraded Quality = "degraded"
	// Error: the read failed; the value is absent or unreliable.
	Error Quality = "error"
)

// Qualities lists every quality, in the convention's order.
func Qualities() []Quality { return []Quality{Good, Stale, Degraded, Error} }

// Status says how much of a do_* action took effect.
type Status string

// The three statuses of a do.
const (
	Success Status = "success"
	Partial Status = "partial"
	Failed  Status = "failed"
)

// Statuses lists every status, in the convention's order.
func Statuses() []Status { return []Status{Success, Partial, Failed} }

// Permission says whether a can_do candidate may run now, and if not, why.
type Permission string

// The nine permissions. Allowed and RequiresHumanApproval are a candidate's
// (the action can run, at once or after a person approves it); every other
// permission blocks the action and belongs to a [Blocked] entry.
const (
	Allowed                Permission = "allowed"
	RequiresHumanApproval  Permission = "requires_human_approval"
	PolicyDenied           Permission = "policy_denied"
	RateLimited            Permission = "rate_limited"
	CooldownActive         Permission = "cooldown_active"
	OutOfRange             Permission = "out_of_range"
	PermissionInsufficient Permission = "permission_insufficient"
	SourceUnreachable      Permission = "source_unreachable"
	PartitionNoQuorum      Permission = "partition_no_quorum"
)

// Permissions lists every permission, in the convention's order.
func Permissions() []Permission {
	return []Permission{Allowed, RequiresHumanApproval, PolicyDenied, RateLimited, CooldownActive,
		OutOfRange, PermissionInsufficient, SourceUnreachable, PartitionNoQuorum}
}

// Runnable reports whether a candidate may carry p: the action can run now
// (Allowed) or once a person approves it (RequiresHumanApproval).
func (p Permission) Runnable() bool { return p == Allowed || p == RequiresHumanApproval }

func (q Quality) known() bool    { return member(q, Qualities()) }
func (s Status) known() bool     { return member(s, Statuses()) }
func (p Permission) known() bool { return member(p, Permissions()) }

func member[T comparable](v T, set []T) bool {
	for _, m := range set {
		if v == m {
			return true
		}
	}
	return false
}

func names[T ~string](set []T) string {
	s := make([]string, len(set))
	for i, m := range set {
		s[i] = string(m)
	}
	return strings.Join(s, ", ")
}

// ContractError lists everything wrong with one contract. Its fields are the
// JSON names of the offending fields, so the message reads like the result.
type ContractError struct {
	Contract string   // "read", "do", "candidate", "blocked" or "capability report"
	Problems []string // one sentence each, naming the field
}

func (e *ContractError) Error() string {
	return fmt.Sprintf("promcp: invalid %s result: %s", e.Contract, strings.Join(e.Problems, "; "))
}

// problems collects a contract's problems; err is nil when there are none.
type problems struct {
	contract string
	list     []string
}

func (p *problems) add(format string, args ...any) {
	p.list = append(p.list, fmt.Sprintf(format, args...))
}

func (p *problems) err() error {
	if len(p.list) == 0 {
		return nil
	}
	return &ContractError{Contract: p.contract, Problems: p.list}
}

// instant checks a timestamp field: set, and in UTC (the constructors
// convert; a contract built by hand must do it itself).
func (p *problems) instant(field string, t time.Time) {
	switch {
	case t.IsZero():
		p.add("%s is not set", field)
	case t.Location() != time.UTC:
		p.add("%s is not in UTC (%s)", field, t.Format(time.RFC3339))
	}
}

// text checks a required string field.
func (p *problems) text(field, s string) {
	if strings.TrimSpace(s) == "" {
		p.add("%s is empty", field)
	}
}

// utc is t in UTC, leaving the zero time zero.
func utc(t time.Time) time.Time {
	if t.IsZero() {
		return t
	}
	return t.UTC()
}

// list is l, or an empty list for nil, so a list field is never null.
func list[T any](l []T) []T {
	if l == nil {
		return []T{}
	}
	return l
}

// unit is a unit pointer for s: nil (JSON null) for no unit.
func unit(s string) *string {
	if s == "" {
		return nil
	}
	return &s
}

func finite(f float64) bool { return !math.IsNaN(f) && !math.IsInf(f, 0) }
