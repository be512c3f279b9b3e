// Package ownership is the census's analyzer: it reports every use of a
// parsing primitive outside the package that owns its kind.
//
// Every kind of value agentinput reads has one owner package
// (agentinput.dev/kinds/number reads numbers, kinds/date dates …). The
// ownership table (census.Ownership) names, for each kind, its owner
// packages and the parsing primitives that only they may use:
// strconv.ParseFloat and json.Number.Float64 read numbers, strconv.ParseBool
// booleans, time.Parse dates, uuid.Parse UUIDs, language.Parse locales. A
// handler that calls one of them parses the kind a second way, with its own
// idea of which spellings mean what, and the one-owner rule is broken.
//
// The analyzer reports every reference to a guarded primitive — a call, a
// function value (f := strconv.ParseFloat), a method value (n.Float64) or a
// method expression (json.Number.Int64) — outside the owners of its kind.
// Primitives are matched by their types.Func (package path, receiver and
// name), never by identifier: a function of another package that happens to
// be called Parse or ParseFloat is not reported, and neither renaming an
// import nor a dot import hides a guarded one. The message names the kind
// and the owner's functions to call instead:
//
//	strconv.ParseFloat parses a number: only agentinput.dev/kinds/number may; call number.Read or number.Parse
//
// # Exemptions
//
// An owner package is exempt, with its in-package tests and its external
// _test package. Anything else is exempt only under an allow comment on the
// line of the use or on the line above it, naming the kind and a reason:
//
//	//agentinput:allow number the budgets page spells each figure in plain ASCII digits
//	n, err := strconv.Atoi(m[2])
//
// An allow comment is itself reported when it names no kind, a kind the table
// does not have, or no reason, and when it exempts nothing (no guarded
// primitive of its kind on its line or the next), so that allow comments can
// only be spent on real uses and disappear with them.
//
// # What it does not see
//
// The analyzer sees references in source. It does not see a primitive
// reached through an interface (encoding.TextUnmarshaler), through
// reflection (json.Unmarshal into a time.Time or a uuid.UUID), or through a
// function of another package that wraps one (that package is reported
// instead, when it is analyzed).
package ownership
