package promcp

import "time"

// Read is the result of a read_* tool: the value observed, its unit, when
// it was observed, and how far it can be trusted.
type Read[T any] struct {
	Value T `json:"value"`
	// Unit is the value's unit, or nil (JSON null) for a value without one.
	Unit *string `json:"unit"`
	// Timestamp is when the value was observed (not when it was sent), in UTC.
	Timestamp time.Time `json:"timestamp"`
	Quality   Quality   `json:"quality"`
	// DroppedFilters, an extension of the convention's contract, are the
	// filters the call sent and the read did not apply (the factory fills
	// them: [Read.WithDroppedFilters]); omitted when there is none.
	DroppedFilters []DroppedFilter `json:"dropped_filters,omitempty"`
}

// NewRead is the read result of value, observed at the instant at with the
// given quality; unit "" means the value has none.
func NewRead[T any](value T, unit_ string, at time.Time, q Quality) (Read[T], error) {
	r := Read[T]{Value: value, Unit: unit(unit_), Timestamp: utc(at), Quality: q}
	return r, r.Validate()
}

// Validate reports what makes r break the read contract.
func (r Read[T]) Validate() error {
	p := problems{contract: "read"}
	p.instant("timestamp", r.Timestamp)
	if !r.Quality.known() {
		p.add("quality %q is not one of %s", r.Quality, names(Qualities()))
	}
	if r.Unit != nil && *r.Unit == "" {
		p.add("unit is an empty string (use null for a value without a unit)")
	}
	return p.err()
}
