package number

import (
	"encoding/json"
	"fmt"
	"slices"

	"agentinput.dev/agentinput"
)

// Reader is a number property's reader, the built form of Read: the
// kind's agentinput.Reader. Read(v, opts) is the same reading without a
// Reader to keep.
type Reader struct {
	opts     Options
	expected string
}

var _ agentinput.Reader[Decimal] = (*Reader)(nil)

// New returns the Reader of opts, or an error naming what does not
// validate: a language the number words table does not have, or a
// minimum above the maximum.
func New(opts Options) (*Reader, error) {
	for _, l := range opts.Languages {
		if !slices.Contains(DefaultNumberLanguages(), l) {
			return nil, fmt.Errorf("number: the number words table has no language %q", l)
		}
	}
	if opts.Min != nil && opts.Max != nil && opts.Min.Compare(*opts.Max) > 0 {
		return nil, fmt.Errorf("number: the minimum %s is above the maximum %s", opts.Min, opts.Max)
	}
	opts.Languages = slices.Clone(opts.Languages)
	return &Reader{opts: opts, expected: Expected(opts)}, nil
}

// Read reads one decoded JSON value as Read(v, opts) does with the
// Reader's options.
func (r *Reader) Read(v any) agentinput.Outcome[Decimal] { return Read(v, r.opts) }

// Expected says in words what the Reader accepts, with one canonical
// example.
func (r *Reader) Expected() string { return r.expected }

// Example returns one canonical value the Reader accepts.
func (r *Reader) Example() json.RawMessage { return Example(r.opts) }
