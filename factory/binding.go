package factory

import (
	"agentinput.dev/internal/binding"
)

// The binding of a tool's properties lives in internal/binding; the
// factory holds its results under these names.
type (
	property = binding.Property
	slot     = binding.Slot
)

// env is what the binding needs of the spec: the declarations a tag names.
func (s *Spec) env() *binding.Env {
	e := &binding.Env{
		Vocabularies: s.Vocabularies, ListedBy: s.ListedBy, Cursors: s.Cursors,
		Mode: s.Intent.mode(), KeyOwned: s.Intent == IntentDo,
	}
	for _, u := range s.Unions {
		e.Unions = append(e.Unions, u.u)
	}
	return e
}
