package timestamp

import (
	"time"

	"agentinput.dev/agentinput"
)

// Read reads one decoded JSON value as an instant. See the package
// documentation for the spellings it reads.
func (r *Reader) Read(v any) agentinput.Outcome[time.Time] {
	if s, ok := v.(string); ok {
		if t, ok := parseCanonical(s); ok {
			return agentinput.Canonical(t)
		}
	}
	return r.read(v)
}

func (r *Reader) read(v any) agentinput.Outcome[time.Time] {
	return r.ask(v, agentinput.AskInvalid, "it is not an instant this kind reads yet", hint)
}

const hint = `Send the instant in RFC 3339 with its offset, for example "` + example + `"`

func (r *Reader) ask(v any, code agentinput.AskCode, reason, hint string) agentinput.Outcome[time.Time] {
	return agentinput.Asking[time.Time](agentinput.Ask{
		Code:     code,
		Received: agentinput.Received(v),
		Reason:   reason,
		Expected: r.expected,
		Hint:     hint,
	})
}
