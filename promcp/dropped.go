package promcp

import "encoding/json"

// DroppedFilter is a filter a read call sent and the read did not apply:
// a value that named no stored value, or several, and was dropped rather
// than guessed at. A [Read] carries its dropped filters in
// dropped_filters, an extension of the convention's read contract (which
// allows a domain to add fields, never to remove or redefine one).
type DroppedFilter struct {
	// Property is the argument's name; Path its JSON Pointer ("/court").
	Property string `json:"property"`
	Path     string `json:"path"`
	// Received is the value as it was sent (JSON, cut at 80 characters).
	Received json.RawMessage `json:"received"`
	// MayMean are the stored values it may mean, each canonical, as a
	// call sends them; empty when it means none of them (a negation).
	MayMean []Meaning `json:"may_mean"`
	// Message says the same in words: what was dropped, that the results
	// are not filtered by it, and what to send.
	Message string `json:"message"`
}

// Meaning is one stored value a dropped filter may mean: the value to
// send (JSON) and what it is.
type Meaning struct {
	Value   json.RawMessage `json:"value"`
	Meaning string          `json:"meaning"`
}

// Narrowed is implemented by [Read]: the factory hands a read result the
// filters its call dropped, and gets the result it answers.
type Narrowed interface {
	WithDroppedFilters([]DroppedFilter) any
}

// WithDroppedFilters is r carrying the filters its call dropped. A read
// whose answer is not the one asked for is not good: a good or stale
// quality becomes degraded (the orchestration does not act on a degraded
// read; a degraded or error quality stays). With no filter dropped it is r
// as it is.
func (r Read[T]) WithDroppedFilters(dropped []DroppedFilter) any {
	if len(dropped) == 0 {
		return r
	}
	r.DroppedFilters = append(append([]DroppedFilter(nil), r.DroppedFilters...), dropped...)
	if r.Quality == Good || r.Quality == Stale {
		r.Quality = Degraded
	}
	return r
}

// ReadExtensionFields are the fields agentinput adds to the read contract,
// in schema order: present only when they say something (a read without a
// dropped filter is exactly the convention's), so they are not required.
func ReadExtensionFields() []string { return []string{"dropped_filters"} }

// droppedFiltersSchema is the schema of dropped_filters.
func droppedFiltersSchema() map[string]any {
	meaning := object("A stored value the dropped filter may mean.", []string{"value", "meaning"}, map[string]any{
		"value":   map[string]any{"description": "The value, canonical: send it as the filter to filter by it."},
		"meaning": map[string]any{"type": "string", "description": "What the value is, in words."},
	})
	item := object("A filter the call sent and the read did not apply: the results are NOT filtered by it.",
		[]string{"property", "path", "received", "may_mean", "message"}, map[string]any{
			"property": text("The filter's argument."),
			"path":     text("The filter's JSON Pointer into the arguments."),
			"received": map[string]any{"description": "The value as it was sent."},
			"may_mean": map[string]any{"type": "array", "items": meaning,
				"description": "The stored values it may mean; send one of them to filter by it. Empty when it means none."},
			"message": text("What was dropped and what to send, in words."),
		})
	return map[string]any{"type": "array", "items": item, "minItems": 1,
		"description": "Present only when the call sent filters the read did not apply: the value is NOT filtered by them, and the quality is not good. Call again with one of the values each may mean."}
}
