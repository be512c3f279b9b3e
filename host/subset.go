package host

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/santhosh-tekuri/jsonschema/v6"

	"agentinput.dev/kinds/number"
)

// The subset checker proves that every value a declared schema admits, the
// remote schema admits too (docs/host.md, "Declared schemas"). It is sound
// and incomplete: it answers "" only with a proof, and otherwise names the
// construct it could not prove and where. The declared side fits the
// profile (checkProfile); the remote side is any schema a server sends, so
// every remote keyword is either a constraint the checker knows how to
// prove, an annotation it ignores, or a refusal naming it.
//
// Budgets: at most maxSubsetSteps comparisons of a declared subschema with
// a remote one, maxRefHops $ref hops in a row, and maxSubsetDepth nested
// comparisons; past any, the binding is refused. A hostile remote schema
// therefore costs bounded work and never panics.
const (
	maxSubsetSteps = 20000
	maxRefHops     = 16
	maxSubsetDepth = 96
)

// remoteDialects are the $schema values a remote root may name: the
// drafts the validator knows, with or without a trailing "#", over http
// or https.
var remoteDialects = map[string]bool{
	"json-schema.org/draft-04/schema":      true,
	"json-schema.org/draft-06/schema":      true,
	"json-schema.org/draft-07/schema":      true,
	"json-schema.org/draft/2019-09/schema": true,
	"json-schema.org/draft/2020-12/schema": true,
}

// remoteAnnotations are keywords that constrain nothing: ignored wherever
// they are (and so are x-… vendor keys).
var remoteAnnotations = map[string]bool{
	"description": true, "title": true, "default": true, "examples": true, "$comment": true,
	"deprecated": true, "readOnly": true, "writeOnly": true,
	// Containers: what they hold is reached only through $ref.
	"definitions": true, "$defs": true,
}

// The keywords each instance type is constrained by: a remote keyword of a
// type the declared schema does not admit is vacuous.
var (
	numberKeywords = map[string]bool{"minimum": true, "maximum": true, "exclusiveMinimum": true, "exclusiveMaximum": true, "multipleOf": true}
	stringKeywords = map[string]bool{"minLength": true, "maxLength": true, "pattern": true,
		"contentMediaType": true, "contentEncoding": true, "contentSchema": true}
	// stringFormats are the formats the drafts define, each of strings: a
	// remote format among them constrains strings only; any other (an
	// OpenAPI int32, say) is taken to constrain every type.
	stringFormats = map[string]bool{"date": true, "time": true, "date-time": true, "duration": true, "email": true,
		"idn-email": true, "hostname": true, "idn-hostname": true, "ipv4": true, "ipv6": true, "uri": true,
		"uri-reference": true, "iri": true, "iri-reference": true, "uuid": true, "uri-template": true,
		"json-pointer": true, "relative-json-pointer": true, "regex": true}
	arrayKeywords = map[string]bool{"items": true, "additionalItems": true, "minItems": true, "maxItems": true, "uniqueItems": true,
		"prefixItems": true, "contains": true, "minContains": true, "maxContains": true, "unevaluatedItems": true}
	objectKeywords = map[string]bool{"properties": true, "required": true, "additionalProperties": true, "minProperties": true,
		"maxProperties": true, "patternProperties": true, "propertyNames": true, "dependencies": true,
		"dependentRequired": true, "dependentSchemas": true, "unevaluatedProperties": true}
)

// subsetOf proves declared ⊆ remote, both decoded with UseNumber: "" when
// proved, else why not ("/properties/path: …"). declared fits the profile.
func subsetOf(declared map[string]any, remote any) string {
	c := &subsetChecker{root: remote}
	if r, ok := remote.(map[string]any); ok {
		if d, has := r["$schema"]; has {
			s, _ := d.(string)
			u, _ := strings.CutPrefix(s, "https://")
			if u == s {
				u, _ = strings.CutPrefix(s, "http://")
			}
			if !remoteDialects[strings.TrimSuffix(u, "#")] {
				return fmt.Sprintf("the remote schema's $schema is %s: the host checks draft-04, -06, -07, 2019-09 and 2020-12", quote(d))
			}
		}
	}
	return c.sub(declared, "", remote, "", 0, 0)
}

type subsetChecker struct {
	root  any
	steps int

	compiler *jsonschema.Compiler
	compiled map[string]*jsonschema.Schema
	broken   bool // the remote document does not compile
}

func (c *subsetChecker) overBudget(at string) string {
	return fmt.Sprintf("%s: the remote schema takes more than %d steps to compare: the host does not check it", where(at), maxSubsetSteps)
}

// where renders a declared location for a message.
func where(at string) string {
	if at == "" {
		return "the root"
	}
	return at
}

// sub proves that every value d admits, r admits (r sits at the JSON
// pointer rp of the remote document). hops counts $ref hops since d last
// descended.
func (c *subsetChecker) sub(d map[string]any, at string, r any, rp string, depth, hops int) string {
	c.steps++
	if c.steps > maxSubsetSteps {
		return c.overBudget(at)
	}
	if depth > maxSubsetDepth {
		return fmt.Sprintf("%s: the remote schema nests deeper than %d schemas", where(at), maxSubsetDepth)
	}
	var rs map[string]any
	switch v := r.(type) {
	case bool:
		if v {
			return ""
		}
		return fmt.Sprintf("%s: the remote schema admits nothing there (false)", where(at))
	case map[string]any:
		rs = v
	default:
		return fmt.Sprintf("%s: the remote schema there (#%s) is not a schema", where(at), rp)
	}
	// A declared enum or const is a finite set: each value is checked
	// against the remote subschema by the validator, which proves the
	// subset whatever the remote says (pattern, format, anyOf, …).
	if values, ok := finite(d); ok {
		return c.values(values, at, rp)
	}
	types := declaredTypes(d)
	objectDone := false
	for _, k := range sortedKeys(rs) {
		v := rs[k]
		switch {
		case remoteAnnotations[k] || strings.HasPrefix(k, "x-"):
			continue
		case (k == "$schema" || k == "$id") && rp == "":
			continue // checked by subsetOf; the root's identity
		case numberKeywords[k]:
			if types["number"] || types["integer"] {
				if why := c.numberKeyword(d, types, at, rs, k, v); why != "" {
					return why
				}
			}
		case stringKeywords[k]:
			if types["string"] {
				if why := c.stringKeyword(d, at, k, v); why != "" {
					return why
				}
			}
		case arrayKeywords[k]:
			if types["array"] {
				if why := c.arrayKeyword(d, at, rs, rp, k, v, depth); why != "" {
					return why
				}
			}
		case objectKeywords[k]:
			if types["object"] && !objectDone {
				objectDone = true
				if why := c.object(d, at, rs, rp, depth); why != "" {
					return why
				}
			}
		case k == "format":
			if f, _ := v.(string); types["string"] || !stringFormats[f] {
				if why := c.stringKeyword(d, at, k, v); why != "" {
					return why
				}
			}
		case k == "type":
			if why := typeSubset(types, v, at); why != "" {
				return why
			}
		case k == "enum" || k == "const":
			if onlyBoolean(types) {
				return c.values(domain(types), at, rp)
			}
			return fmt.Sprintf("%s: the remote schema's %q cannot be proved to hold: declare an enum or const of values it takes", where(at), k)
		case k == "$ref":
			if why := c.ref(d, at, v, rp, depth, hops); why != "" {
				return why
			}
		case k == "allOf":
			list, ok := v.([]any)
			if !ok {
				return fmt.Sprintf("%s: the remote schema's allOf is not a list", where(at))
			}
			for i, b := range list {
				if why := c.sub(d, at, b, rp+"/allOf/"+strconv.Itoa(i), depth+1, hops); why != "" {
					return why
				}
			}
		case k == "anyOf" || k == "oneOf":
			if why := c.union(d, at, k, v, rp, depth, hops); why != "" {
				return why
			}
		default:
			return fmt.Sprintf("%s: the remote schema's keyword %q is not one the host can check: declare an enum or const of values it takes, or leave the property out", where(at), k)
		}
	}
	return ""
}

// finite answers a declared schema's values when it has an enum or a
// const (all of them: checking a value the declared schema would itself
// refuse is only stricter).
func finite(d map[string]any) ([]any, bool) {
	if v, ok := d["const"]; ok {
		return []any{v}, true
	}
	if list, ok := d["enum"].([]any); ok {
		return list, true
	}
	return nil, false
}

func onlyBoolean(types map[string]bool) bool {
	for t := range types {
		if t != "boolean" && t != "null" {
			return false
		}
	}
	return len(types) > 0
}

// domain is every value of the declared types null and boolean.
func domain(types map[string]bool) []any {
	var out []any
	if types["null"] {
		out = append(out, nil)
	}
	if types["boolean"] {
		out = append(out, true, false)
	}
	return out
}

var allTypes = []string{"object", "array", "string", "number", "integer", "boolean", "null"}

// declaredTypes are the JSON types a declared schema admits: its type, or
// all of them when it names none. "number" admits integers too.
func declaredTypes(d map[string]any) map[string]bool {
	out := map[string]bool{}
	switch t := d["type"].(type) {
	case string:
		out[t] = true
	case []any:
		for _, e := range t {
			if s, ok := e.(string); ok {
				out[s] = true
			}
		}
	default:
		for _, t := range allTypes {
			out[t] = true
		}
	}
	if out["number"] {
		out["integer"] = true
	}
	return out
}

// typeSubset checks the declared types against the remote type keyword
// (integer ⊆ number).
func typeSubset(types map[string]bool, v any, at string) string {
	remote := map[string]bool{}
	switch t := v.(type) {
	case string:
		remote[t] = true
	case []any:
		for _, e := range t {
			s, ok := e.(string)
			if !ok {
				return fmt.Sprintf("%s: the remote schema's type is not a JSON type or a list of them", where(at))
			}
			remote[s] = true
		}
	default:
		return fmt.Sprintf("%s: the remote schema's type is not a JSON type or a list of them", where(at))
	}
	for _, t := range allTypes {
		if !types[t] || remote[t] || t == "integer" && remote["number"] {
			continue
		}
		return fmt.Sprintf("%s: the declared schema admits %s values, which the remote schema's type %s does not", where(at), t, quote(v))
	}
	return ""
}

// bound is one end of a numeric range.
type numBound struct {
	val  number.Decimal
	excl bool
	ok   bool
}

func decimalOf(v any) (number.Decimal, bool) {
	n, ok := v.(json.Number)
	if !ok {
		return number.Decimal{}, false
	}
	d, err := number.Parse(n.String())
	return d, err == nil
}

// declaredBound is the declared schema's tightest lower (or upper) bound.
func declaredBound(d map[string]any, lower bool) numBound {
	incl, excl := "maximum", "exclusiveMaximum"
	if lower {
		incl, excl = "minimum", "exclusiveMinimum"
	}
	var b numBound
	if v, ok := decimalOf(d[incl]); ok {
		b = numBound{val: v, ok: true}
	}
	if v, ok := decimalOf(d[excl]); ok {
		c := 0
		if b.ok {
			c = v.Compare(b.val)
			if !lower {
				c = -c
			}
		}
		if !b.ok || c >= 0 {
			b = numBound{val: v, excl: true, ok: true}
		}
	}
	return b
}

// implies reports whether the declared bound d is at least as tight as
// the remote bound r.
func implies(d, r numBound, lower bool) bool {
	if !d.ok {
		return false
	}
	c := d.val.Compare(r.val)
	if !lower {
		c = -c
	}
	return c > 0 || c == 0 && (!r.excl || d.excl)
}

func (c *subsetChecker) numberKeyword(d map[string]any, types map[string]bool, at string, rs map[string]any, k string, v any) string {
	var r numBound
	lower := k == "minimum" || k == "exclusiveMinimum"
	switch k {
	case "minimum", "maximum":
		val, ok := decimalOf(v)
		if !ok {
			return fmt.Sprintf("%s: the remote schema's %s is not a number", where(at), k)
		}
		// Draft-04's boolean exclusive form makes the bound exclusive
		// (treated so under every dialect: only stricter).
		r = numBound{val: val, ok: true, excl: rs["exclusive"+strings.ToUpper(k[:1])+k[1:]] == true}
	case "exclusiveMinimum", "exclusiveMaximum":
		if _, isBool := v.(bool); isBool {
			return "" // draft-04's form: read with minimum or maximum
		}
		val, ok := decimalOf(v)
		if !ok {
			return fmt.Sprintf("%s: the remote schema's %s is not a number", where(at), k)
		}
		r = numBound{val: val, ok: true, excl: true}
	case "multipleOf":
		one := number.FromInt64(1)
		if m, ok := decimalOf(v); ok && m.Compare(one) == 0 && !types["number"] {
			return "" // every integer is a multiple of 1
		}
		return fmt.Sprintf("%s: the remote schema's \"multipleOf\" cannot be proved to hold: declare an enum or const of values it takes (or type integer, when it is 1)", where(at))
	}
	if !implies(declaredBound(d, lower), r, lower) {
		side := "maximum"
		if lower {
			side = "minimum"
		}
		return fmt.Sprintf("%s: the remote schema's %q %s is not implied: declare a %s at least as tight", where(at), k, r.val.String(), side)
	}
	return ""
}

// lengthBound reads a whole-number bound (minLength, maxItems, …).
func lengthBound(v any) (number.Decimal, bool) {
	n, ok := decimalOf(v)
	if !ok || !n.IsInteger() || n.Neg() {
		return number.Decimal{}, false
	}
	return n, true
}

// countBound checks a remote count bound k against the declared one of
// the same name: a minimum is implied by a declared one at least as large,
// a maximum by one at most as large; a minimum of 0 holds always.
func countBound(d map[string]any, at, k string, v any) string {
	r, ok := lengthBound(v)
	if !ok {
		return fmt.Sprintf("%s: the remote schema's %s is not a whole number", where(at), k)
	}
	min := strings.HasPrefix(k, "min")
	if min && r.IsZero() {
		return ""
	}
	if dv, ok := lengthBound(d[k]); ok {
		cmp := dv.Compare(r)
		if min && cmp >= 0 || !min && cmp <= 0 {
			return ""
		}
	}
	return fmt.Sprintf("%s: the remote schema's %q %s is not implied: declare a %s at least as tight", where(at), k, r.String(), k)
}

func (c *subsetChecker) stringKeyword(d map[string]any, at, k string, v any) string {
	switch k {
	case "minLength", "maxLength":
		return countBound(d, at, k, v)
	case "format":
		if f, ok := d["format"].(string); ok && f == v {
			return "" // the same format, which the host verifies (the profile's)
		}
		return fmt.Sprintf("%s: the remote schema's format %s cannot be proved to hold: the host verifies only date and uuid (and date-time in results); declare an enum or const of values of that format, or leave the property out", where(at), quote(v))
	case "pattern":
		return fmt.Sprintf("%s: the remote schema's \"pattern\" cannot be proved to hold: declare an enum or const of values that match it, or leave the property out", where(at))
	}
	return fmt.Sprintf("%s: the remote schema's %q is not one the host can check: declare an enum or const", where(at), k)
}

func (c *subsetChecker) arrayKeyword(d map[string]any, at string, rs map[string]any, rp, k string, v any, depth int) string {
	switch k {
	case "minItems", "maxItems":
		return countBound(d, at, k, v)
	case "uniqueItems":
		if v == false {
			return ""
		}
		if n, ok := lengthBound(d["maxItems"]); ok && n.Compare(number.FromInt64(1)) <= 0 {
			return ""
		}
		return fmt.Sprintf("%s: the remote schema's \"uniqueItems\" cannot be proved to hold: declare maxItems 1, or an enum or const", where(at))
	case "items":
		if _, tuple := v.([]any); tuple {
			return fmt.Sprintf("%s: the remote schema's items is a list (a tuple), which the host does not check", where(at))
		}
		items, _ := d["items"].(map[string]any)
		if items == nil {
			items = map[string]any{} // the declared schema admits any item
		}
		return c.sub(items, at+"/items", v, rp+"/items", depth+1, 0)
	case "additionalItems":
		return "" // applies only after a tuple's items, which are refused under items
	}
	return fmt.Sprintf("%s: the remote schema's %q is not one the host can check", where(at), k)
}

// object checks the remote object keywords together: required,
// properties, additionalProperties, and the property counts.
func (c *subsetChecker) object(d map[string]any, at string, rs map[string]any, rp string, depth int) string {
	closed := d["additionalProperties"] == false
	props, _ := d["properties"].(map[string]any)
	required := map[string]bool{}
	if list, ok := d["required"].([]any); ok {
		for _, r := range list {
			if s, ok := r.(string); ok {
				required[s] = true
			}
		}
	}
	for _, k := range []string{"patternProperties", "propertyNames", "dependencies", "dependentRequired", "dependentSchemas", "unevaluatedProperties"} {
		if _, has := rs[k]; has {
			return fmt.Sprintf("%s: the remote schema's %q is not one the host can check", where(at), k)
		}
	}
	if list, has := rs["required"]; has {
		names, ok := list.([]any)
		if !ok {
			return fmt.Sprintf("%s: the remote schema's required is not a list", where(at))
		}
		for _, n := range names {
			s, ok := n.(string)
			if !ok {
				return fmt.Sprintf("%s: the remote schema's required holds a non-string", where(at))
			}
			if !required[s] {
				return fmt.Sprintf("%s: the remote schema requires %q, which the declared schema does not: add it to required", where(at), s)
			}
		}
	}
	var rprops map[string]any
	if v, has := rs["properties"]; has {
		m, ok := v.(map[string]any)
		if !ok {
			return fmt.Sprintf("%s: the remote schema's properties is not an object", where(at))
		}
		rprops = m
	}
	extra, hasExtra := rs["additionalProperties"]
	for _, name := range sortedKeys(props) {
		p, _ := props[name].(map[string]any)
		pat := at + "/properties/" + escapePointer(name)
		if r, ok := rprops[name]; ok {
			if why := c.sub(p, pat, r, rp+"/properties/"+escapePointer(name), depth+1, 0); why != "" {
				return why
			}
			continue
		}
		switch {
		case !hasExtra || extra == true:
		case extra == false:
			return fmt.Sprintf("%s: the remote schema does not take the property %q (additionalProperties false): leave it out", where(pat), name)
		default:
			if why := c.sub(p, pat, extra, rp+"/additionalProperties", depth+1, 0); why != "" {
				return why
			}
		}
	}
	if !closed {
		// The declared schema admits any other property, with any value.
		if hasExtra && extra != true {
			return fmt.Sprintf("%s: the declared object is open but the remote schema's additionalProperties is not true: declare additionalProperties false", where(at))
		}
		for _, name := range sortedKeys(rprops) {
			if _, listed := props[name]; listed {
				continue
			}
			if why := c.sub(map[string]any{}, at+"/properties/"+escapePointer(name), rprops[name], rp+"/properties/"+escapePointer(name), depth+1, 0); why != "" {
				return fmt.Sprintf("%s: the declared object is open, and the remote schema constrains %q: declare additionalProperties false", where(at), name)
			}
		}
	}
	for _, k := range []string{"minProperties", "maxProperties"} {
		v, has := rs[k]
		if !has {
			continue
		}
		n, ok := lengthBound(v)
		if !ok {
			return fmt.Sprintf("%s: the remote schema's %s is not a whole number", where(at), k)
		}
		if k == "minProperties" && n.Compare(number.FromInt64(int64(len(required)))) <= 0 ||
			k == "maxProperties" && closed && n.Compare(number.FromInt64(int64(len(props)))) >= 0 {
			continue
		}
		return fmt.Sprintf("%s: the remote schema's %q %s cannot be proved to hold: declare as many required properties (minProperties) or at most as many properties (maxProperties)", where(at), k, n.String())
	}
	return ""
}

// ref follows a local $ref: its target's constraints hold with the
// schema's other keywords (taking both is stricter than draft-07, which
// ignores the siblings, and equal to 2019-09 and later).
func (c *subsetChecker) ref(d map[string]any, at string, v any, rp string, depth, hops int) string {
	s, ok := v.(string)
	if !ok || !strings.HasPrefix(s, "#") {
		return fmt.Sprintf("%s: the remote schema's $ref %s is not a local pointer (#/…): no schema document is fetched", where(at), quote(v))
	}
	if hops >= maxRefHops {
		return fmt.Sprintf("%s: the remote schema's $ref %s leads through more than %d references in a row (a cycle?)", where(at), quote(s), maxRefHops)
	}
	target, ptr, ok := resolvePointer(c.root, s[1:])
	if !ok {
		return fmt.Sprintf("%s: the remote schema's $ref %s points to nothing in the document", where(at), quote(s))
	}
	return c.sub(d, at, target, ptr, depth+1, hops+1)
}

// union proves d ⊆ anyOf (each of the declared types within one branch),
// or d ⊆ oneOf (within one branch, and of a type no other branch takes).
func (c *subsetChecker) union(d map[string]any, at, k string, v any, rp string, depth, hops int) string {
	branches, ok := v.([]any)
	if !ok || len(branches) == 0 {
		return fmt.Sprintf("%s: the remote schema's %s is not a list of schemas", where(at), k)
	}
	for _, part := range splitByType(d) {
		found := -1
		var reasons []string
		for i, b := range branches {
			why := c.sub(part, at, b, rp+"/"+k+"/"+strconv.Itoa(i), depth+1, hops)
			if why == "" {
				found = i
				break
			}
			if c.steps > maxSubsetSteps {
				return c.overBudget(at)
			}
			reasons = append(reasons, fmt.Sprintf("branch %d: %s", i, why))
		}
		what := "the declared values"
		if t, ok := part["type"].(string); ok {
			what = "the declared " + t + " values"
		}
		if found < 0 {
			msg := fmt.Sprintf("%s: %s fit no single branch of the remote schema's %s (%s)", where(at), what, k, strings.Join(reasons, "; "))
			return clip(msg, 600)
		}
		if k == "oneOf" {
			types := declaredTypes(part)
			for j, b := range branches {
				if j != found && !disjointTypes(types, b) {
					return fmt.Sprintf("%s: %s fit branch %d of the remote schema's oneOf, and branch %d cannot be proved not to take them too (oneOf admits a value only when exactly one branch does)", where(at), what, found, j)
				}
			}
		}
	}
	return ""
}

// splitByType splits a declared schema with a list of types into one
// schema per type (the same keywords, one type each); any other is itself.
func splitByType(d map[string]any) []map[string]any {
	list, ok := d["type"].([]any)
	if !ok || len(list) < 2 {
		return []map[string]any{d}
	}
	var out []map[string]any
	for _, t := range list {
		part := make(map[string]any, len(d))
		for k, v := range d {
			part[k] = v
		}
		part["type"] = t
		out = append(out, part)
	}
	return out
}

// disjointTypes reports whether the remote branch b names a type keyword
// that takes none of types (so no declared value matches b).
func disjointTypes(types map[string]bool, b any) bool {
	bs, ok := b.(map[string]any)
	if !ok {
		return false
	}
	bt := map[string]bool{}
	switch t := bs["type"].(type) {
	case string:
		bt[t] = true
	case []any:
		for _, e := range t {
			s, ok := e.(string)
			if !ok {
				return false
			}
			bt[s] = true
		}
	default:
		return false
	}
	for t := range types {
		if bt[t] || t == "integer" && bt["number"] || t == "number" && bt["integer"] {
			return false
		}
	}
	return true
}

// values validates each declared value against the remote subschema at
// rp, with formats asserted.
func (c *subsetChecker) values(values []any, at, rp string) string {
	c.steps += len(values)
	if c.steps > maxSubsetSteps {
		return c.overBudget(at)
	}
	sch, why := c.compile(rp)
	if why != "" {
		return fmt.Sprintf("%s: %s, so the declared values cannot be checked against it", where(at), why)
	}
	for _, v := range values {
		if sch.Validate(v) != nil {
			return fmt.Sprintf("%s: the declared value %s is not one the remote schema admits there", where(at), quote(v))
		}
	}
	return ""
}

const remoteURL = "mem://host/remote.json"

// compile compiles the remote document's subschema at the pointer rp:
// formats asserted, and no loader (a $ref or $schema that is not local
// fails to compile; nothing is fetched).
func (c *subsetChecker) compile(rp string) (*jsonschema.Schema, string) {
	if c.broken {
		return nil, "the remote schema does not compile with a JSON Schema validator"
	}
	if s, ok := c.compiled[rp]; ok {
		return s, ""
	}
	if c.compiler == nil {
		c.compiler = jsonschema.NewCompiler()
		c.compiler.AssertFormat()
		c.compiler.UseLoader(noLoader{})
		c.compiled = map[string]*jsonschema.Schema{}
		// The document as the validator reads it: json.Number values.
		raw, err := json.Marshal(c.root)
		var doc any
		if err == nil {
			doc, err = jsonschema.UnmarshalJSON(bytes.NewReader(raw))
		}
		if err != nil || c.compiler.AddResource(remoteURL, doc) != nil {
			c.broken = true
			return nil, "the remote schema does not compile with a JSON Schema validator"
		}
	}
	s, err := c.compiler.Compile(remoteURL + "#" + rp)
	if err != nil {
		return nil, "the remote schema does not compile with a JSON Schema validator"
	}
	c.compiled[rp] = s
	return s, ""
}

// noLoader loads nothing: a host fetches no schema document.
type noLoader struct{}

func (noLoader) Load(string) (any, error) {
	return nil, errors.New("host: no schema document is fetched")
}

// resolvePointer follows a JSON pointer (RFC 6901, as in a $ref fragment)
// in doc, and answers the target and its canonical pointer.
func resolvePointer(doc any, ptr string) (any, string, bool) {
	if ptr == "" {
		return doc, "", true
	}
	if !strings.HasPrefix(ptr, "/") || strings.Contains(ptr, "%") {
		return nil, "", false
	}
	cur := doc
	for _, seg := range strings.Split(ptr[1:], "/") {
		seg = strings.ReplaceAll(strings.ReplaceAll(seg, "~1", "/"), "~0", "~")
		switch v := cur.(type) {
		case map[string]any:
			next, ok := v[seg]
			if !ok {
				return nil, "", false
			}
			cur = next
		case []any:
			i, ok := index(seg, len(v))
			if !ok {
				return nil, "", false
			}
			cur = v[i]
		default:
			return nil, "", false
		}
	}
	return cur, ptr, true
}

// index reads a JSON pointer's array index: digits without a leading
// zero, below n.
func index(seg string, n int) (int, bool) {
	if !digits(seg) {
		return 0, false
	}
	i := 0
	for _, r := range seg {
		i = i*10 + int(r-'0')
		if i >= n {
			return 0, false
		}
	}
	return i, true
}

// clip bounds a message at n bytes, on a character boundary.
func clip(s string, n int) string {
	if len(s) <= n {
		return s
	}
	for n > 0 && !utf8.RuneStart(s[n]) {
		n--
	}
	return s[:n] + "…"
}

func escapePointer(s string) string {
	return strings.ReplaceAll(strings.ReplaceAll(s, "~", "~0"), "/", "~1")
}
