package promcp

import "reflect"

// The contracts' JSON Schemas (draft 2020-12 vocabulary, as the factory
// writes its input schemas): maps a tool advertises as its outputSchema.
// Every field of the convention is required, because every field is always
// sent (null where the contract allows it); no other field is allowed,
// because a domain that extends a contract declares its own type and
// schema. agentinput's own extensions are declared here too: do's effect
// and changed, always sent and required, and read's dropped_filters
// (ReadExtensionFields), sent only when a filter was dropped.

// ReadFields are the fields every read_* result has, in schema order.
func ReadFields() []string { return []string{"value", "unit", "timestamp", "quality"} }

// DoFields are the fields every do_* result has, in schema order.
func DoFields() []string {
	return []string{"status", "effect", "changed", "idempotency_key", "applied_value", "previous_value", "side_effects",
		"compensable", "compensation_hint", "timestamp"}
}

// CandidateFields are the fields every can_do candidate has, in schema order.
func CandidateFields() []string {
	return []string{"capability", "source", "confidence", "permission", "current_state", "constraints",
		"side_effects", "valid_until", "estimated_latency_ms"}
}

// ReportFields are the fields every capability report has, in schema order.
func ReportFields() []string {
	return []string{"query_id", "feasible", "candidates", "blocked", "context", "metadata"}
}

// ReadSchema is the schema of a [Read] whose value has the schema value
// (nil: any JSON value).
func ReadSchema(value map[string]any) map[string]any {
	return object("The result of a read_* tool (proMCP): the value observed, its unit, when it was observed and how far it can be trusted.",
		ReadFields(), map[string]any{
			"value":     described(value, "The value observed."),
			"unit":      nullableText("The value's unit; null for a value without one."),
			"timestamp": instant("When the value was observed, RFC 3339 in UTC."),
			"quality": enum("How far the value can be trusted: good (fresh, reliable source), stale (older than its cache lifetime, nothing fresher), degraded (source outside normal parameters, or not the answer asked for: see dropped_filters), error (the read failed; the value is absent or unreliable).",
				Qualities()),
			"dropped_filters": droppedFiltersSchema(),
		})
}

// DoSchema is the schema of a [Do] whose applied and previous values have
// the schema value (nil: any JSON value).
func DoSchema(value map[string]any) map[string]any {
	return object("The result of a do_* tool (proMCP): what happened, under which idempotency key, the value set and the one it replaced, the side effects, and how to reverse the action.",
		DoFields(), map[string]any{
			"status":          enum("How much of the action took effect: success, partial or failed.", Statuses()),
			"effect":          enum("What the call did to the world, as its receipt records it: committed for a result.", Effects()),
			"changed":         map[string]any{"type": "boolean", "description": "Whether the action changed anything; false when it found the state already as asked (then side_effects is empty and there is nothing to reverse)."},
			"idempotency_key": map[string]any{"type": "string", "minLength": 1, "description": "The idempotency key the call used: send it again to retry the same call safely."},
			"applied_value":   nullable(value, "The value the action set; null when it sets none."),
			"previous_value":  nullable(value, "The value the action replaced; null when it sets none."),
			"side_effects":    texts("Every effect of the action beyond the value itself; empty when there is none."),
			"compensable":     map[string]any{"type": "boolean", "description": "Whether another call can reverse the action."},
			"compensation_hint": nullableText(
				"The exact call that reverses this action's change, when it is compensable: the tool's name, a space and its JSON arguments, to send as they are; null otherwise."),
			"timestamp": instant("When the action took effect, RFC 3339 in UTC."),
		})
}

// CapabilityReportSchema is the schema of a [CapabilityReport].
func CapabilityReportSchema() map[string]any {
	var runnable, blocking []Permission
	for _, p := range Permissions() {
		if p.Runnable() {
			runnable = append(runnable, p)
		} else {
			blocking = append(blocking, p)
		}
	}
	candidate := object("An action that can run now (allowed) or once a person approves it (requires_human_approval).",
		CandidateFields(), map[string]any{
			"capability": text("The action: the do_* tool to call."),
			"source":     text("Who offers the action."),
			"confidence": map[string]any{"type": "number", "minimum": 0, "maximum": 1,
				"description": "How sure the report is that this is the action meant: 1 for its exact name."},
			"permission": enum("Whether the action runs at once (allowed) or after a person approves it (requires_human_approval).", runnable),
			"current_state": map[string]any{"type": []any{"object", "null"}, "additionalProperties": false,
				"description": "The current value of what the action would change; null when it has none.",
				"required":    []any{"value", "unit", "timestamp"},
				"properties": map[string]any{
					"value":     map[string]any{"description": "The current value."},
					"unit":      nullableText("The value's unit; null for a value without one."),
					"timestamp": instant("When the value was observed, RFC 3339 in UTC."),
				}},
			"constraints": object("The bounds the action's arguments must keep.",
				[]string{"min", "max", "unit", "enum_values"}, map[string]any{
					"min":         map[string]any{"type": []any{"number", "null"}, "description": "The smallest value allowed; null when unbounded."},
					"max":         map[string]any{"type": []any{"number", "null"}, "description": "The largest value allowed; null when unbounded."},
					"unit":        nullableText("The bounds' unit; null for none."),
					"enum_values": texts("The values an enumerated argument takes; empty when it has none."),
				}),
			"side_effects":         texts("Every effect of the action beyond the value itself, known before it runs."),
			"valid_until":          instant("The instant after which this answer must be asked again, RFC 3339 in UTC."),
			"estimated_latency_ms": map[string]any{"type": "integer", "minimum": 0, "description": "How long the action is expected to take, in milliseconds."},
		})
	blocked := object("An action that cannot run now, and why.",
		[]string{"capability", "source", "permission", "reason", "details"}, map[string]any{
			"capability": text("The action: the do_* tool that cannot run."),
			"source":     text("Who offers the action."),
			"permission": enum("Why the action cannot run.", blocking),
			"reason":     text("Why the action cannot run, in words."),
			"details":    nullableText("More about the reason; null when there is nothing more."),
		})
	return object("The result of can_do (proMCP): which actions may run now, which may not and why, and what the answer was based on.",
		ReportFields(), map[string]any{
			"query_id":   map[string]any{"type": "string", "format": "uuid", "description": "This report's identifier (a random UUID)."},
			"feasible":   map[string]any{"type": "boolean", "description": "Whether at least one candidate is allowed to run now."},
			"candidates": map[string]any{"type": "array", "items": candidate, "description": "The actions that can run."},
			"blocked":    map[string]any{"type": "array", "items": blocked, "description": "The actions that cannot run now."},
			"context": object("What the answer was based on.", []string{"related_reads", "current_observations"}, map[string]any{
				"related_reads":        texts("The read_* tools worth calling before acting."),
				"current_observations": map[string]any{"type": "object", "description": "The observations the answer used, by name."},
			}),
			"metadata": object("When the report was made and how long it took.", []string{"timestamp", "total_latency_ms"}, map[string]any{
				"timestamp":        instant("When the report was made, RFC 3339 in UTC."),
				"total_latency_ms": map[string]any{"type": "integer", "minimum": 0, "description": "How long making the report took, in milliseconds."},
			}),
		})
}

func object(description string, required []string, properties map[string]any) map[string]any {
	req := make([]any, len(required))
	for i, r := range required {
		req[i] = r
	}
	return map[string]any{"type": "object", "description": description, "properties": properties,
		"required": req, "additionalProperties": false}
}

func text(description string) map[string]any {
	return map[string]any{"type": "string", "minLength": 1, "description": description}
}

func nullableText(description string) map[string]any {
	return map[string]any{"type": []any{"string", "null"}, "description": description}
}

func texts(description string) map[string]any {
	return map[string]any{"type": "array", "items": map[string]any{"type": "string", "minLength": 1}, "description": description}
}

func instant(description string) map[string]any {
	return map[string]any{"type": "string", "format": "date-time", "description": description}
}

func enum[T ~string](description string, values []T) map[string]any {
	e := make([]any, len(values))
	for i, v := range values {
		e[i] = string(v)
	}
	return map[string]any{"type": "string", "enum": e, "description": description}
}

// described is a copy of schema (any value when nil) with the description
// when it has none of its own.
func described(schema map[string]any, description string) map[string]any {
	s := make(map[string]any, len(schema)+1)
	for k, v := range schema {
		s[k] = v
	}
	if _, ok := s["description"]; !ok {
		s["description"] = description
	}
	return s
}

// nullable is schema that also admits null: "null" joins its type (and its
// enum, when it has one); a schema without a type already admits null; any
// other shape (a oneOf of variants) becomes an anyOf with null.
func nullable(schema map[string]any, description string) map[string]any {
	s := described(schema, description)
	switch t := s["type"].(type) {
	case nil:
		if _, union := s["oneOf"]; !union {
			return s
		}
		return map[string]any{"description": description,
			"anyOf": []any{schema, map[string]any{"type": "null", "description": "None."}}}
	case string:
		s["type"] = []any{t, "null"}
	case []any:
		for _, m := range t {
			if m == "null" {
				return s
			}
		}
		s["type"] = append(append([]any{}, t...), "null")
	}
	if e, ok := s["enum"].([]any); ok {
		s["enum"] = append(append([]any{}, e...), nil)
	}
	return s
}

// Shaped is implemented by the contracts: the output schema of a result of
// their type, given a function that writes the schema of a Go type (the
// factory's, for the value a Read or a Do carries).
type Shaped interface {
	ContractSchema(valueSchema func(reflect.Type) map[string]any) map[string]any
}

// ContractSchema is ReadSchema of T's schema.
func (Read[T]) ContractSchema(valueSchema func(reflect.Type) map[string]any) map[string]any {
	return ReadSchema(valueSchema(reflect.TypeFor[T]()))
}

// ContractSchema is DoSchema of T's schema.
func (Do[T]) ContractSchema(valueSchema func(reflect.Type) map[string]any) map[string]any {
	return DoSchema(valueSchema(reflect.TypeFor[T]()))
}

// ContractSchema is CapabilityReportSchema.
func (CapabilityReport) ContractSchema(func(reflect.Type) map[string]any) map[string]any {
	return CapabilityReportSchema()
}
