package approval_test

import (
	"errors"
	"testing"

	"agentinput.dev/approval"
)

func TestStates(t *testing.T) {
	final := map[approval.State]bool{approval.Denied: true, approval.Committed: true, approval.NotStarted: true} // unknown: a person may Resolve it
	for _, s := range approval.States {
		if !s.Valid() {
			t.Errorf("%s is not Valid", s)
		}
		if s.Final() != final[s] {
			t.Errorf("%s.Final() = %v, want %v", s, s.Final(), final[s])
		}
	}
	for _, s := range []approval.State{"", "Pending", "done", "pending "} {
		if s.Valid() || s.Final() {
			t.Errorf("%q is Valid or Final", s)
		}
	}
}

func TestParseID(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"6ba7b810-9dad-41d1-80b4-00c04fd430c8", "6ba7b810-9dad-41d1-80b4-00c04fd430c8"},
		// Only the canonical spelling: a store takes the ids it made.
		{"6BA7B810-9DAD-41D1-80B4-00C04FD430C8", ""},
		{"6ba7b8109dad41d180b400c04fd430c8", ""},
		{"urn:uuid:6ba7b810-9dad-41d1-80b4-00c04fd430c8", ""},
		{"{6ba7b810-9dad-41d1-80b4-00c04fd430c8}", ""},
		{"6ba7b810-9dad-41d1-80b4-00c04fd430cg", ""},
		{"", ""},
	} {
		got, err := approval.ParseID(c.in)
		if got != c.want || (c.want == "") != errors.Is(err, approval.ErrInvalid) {
			t.Errorf("ParseID(%q) = %q, %v; want %q", c.in, got, err, c.want)
		}
	}
	if id := approval.NewID(); id[14] != '4' || len(id) != 36 {
		t.Errorf("NewID() = %q, want a version 4 UUID", id)
	}
}

func TestStateError(t *testing.T) {
	err := approval.NewStateError("claim", approval.Intent{ID: "x", State: approval.Dispatching}, approval.Approved)
	if !errors.Is(err, approval.ErrState) || err.Error() != "approval: claim x: the intent is dispatching, not approved" {
		t.Errorf("the StateError is %q (Is ErrState: %v)", err, errors.Is(err, approval.ErrState))
	}
}
