package factory

import (
	"encoding/json"
	"testing"

	"agentinput.dev/promcp"
)

// WithDroppedFilters is what the factory calls; a nil pointer to a read
// result is left alone.
func TestNarrowedLeavesOtherResults(t *testing.T) {
	d := []promcp.DroppedFilter{{Property: "court", Path: "/court", Received: json.RawMessage(`"x"`), MayMean: []promcp.Meaning{}, Message: "m"}}
	var nilRead *promcp.Read[int]
	if got := narrowed(nilRead, d); got != any(nilRead) {
		t.Fatalf("a nil pointer became %v", got)
	}
	if got := narrowed(42, d); got != 42 {
		t.Fatalf("an int became %v", got)
	}
	r := promcp.Read[int]{Value: 1, Quality: promcp.Error}
	if got := narrowed(&r, d).(promcp.Read[int]); got.Quality != promcp.Error || len(got.DroppedFilters) != 1 {
		t.Fatalf("a pointer to an error read became %+v", got)
	}
}
