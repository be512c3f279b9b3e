// Package promcp holds the result contracts of proMCP, the convention that
// splits a server's tools into read_* (observe), do_* (mutate, retry-safe)
// and one can_do (is this action allowed and feasible now).
//
// Each contract is a Go type whose JSON field names are the convention's:
// [Read] for read_* results, [Do] for do_* results, and [CapabilityReport]
// for can_do. The constructors ([NewRead], [NewDo], [NewCandidate],
// [NewBlocked], [NewCapabilityReport]) normalize a contract (timestamps to
// UTC, absent lists to empty ones) and refuse one the convention forbids: a
// compensable action without a compensation hint, a candidate without
// valid_until, a confidence outside 0–1, an unknown quality, status or
// permission. Validate checks a contract built by hand the same way.
//
// The package also owns the contracts' JSON Schemas ([ReadSchema],
// [DoSchema], [CapabilityReportSchema]): a tool advertises them as its
// outputSchema, and the contract linter checks a live server's output
// schemas against the same required fields ([ReadFields], [DoFields],
// [CandidateFields]), so the shape is written down once.
//
// The contracts are results a server writes, not values a model sends: the
// package parses nothing.
package promcp
