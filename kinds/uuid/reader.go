package uuid

import (
	"encoding/json"

	"agentinput.dev/agentinput"
)

// Reader is a uuid property's reader, the built form of Read: the kind's
// agentinput.Reader. Read(v, opts) is the same reading without a Reader
// to keep.
type Reader struct{ opts Options }

var _ agentinput.Reader[UUID] = (*Reader)(nil)

// New returns the Reader of opts. The zero Options is the only one, and
// valid: the error is there for the contract every kind's New shares.
func New(opts Options) (*Reader, error) { return &Reader{opts: opts}, nil }

// Read reads one decoded JSON value as Read(v, opts) does.
func (r *Reader) Read(v any) agentinput.Outcome[UUID] { return Read(v, r.opts) }

// Expected says in words what the Reader accepts, with one canonical
// example.
func (r *Reader) Expected() string { return Expected(r.opts) }

// Example returns one canonical value the Reader accepts.
func (r *Reader) Example() json.RawMessage { return Example(r.opts) }
