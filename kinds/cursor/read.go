package cursor

import (
	"encoding/json"
	"errors"
	"strconv"
	"time"

	"agentinput.dev/agentinput"
	"agentinput.dev/internal/spelling"
)

// Expected says in words what a cursor property accepts.
const Expected = `a cursor exactly as the previous page returned it (a string that starts with "` + Prefix + `"), or no cursor for the first page`

// Hint is the corrective action of an invalid_cursor ask about a token:
// the restart.
const Hint = "Call again without cursor to start from the first page"

// HintLaterPage is the corrective action of the invalid_cursor ask about a
// spelling that names a page past the first ("page2", "next", 3): both ways
// on, the next page through its cursor or the first page again.
const HintLaterPage = "Send the next_cursor of the previous page exactly as it was returned, or call again without cursor to start from the first page"

// reasonLaterPage is the reason of that ask.
const reasonLaterPage = "it names a page past the first, and only the next_cursor that the page before it returned reaches one"

// minGuess is the shortest string whose damaged prefix still puts it in the
// class, and minBare the shortest run of the token alphabet alone that is
// taken for a token whose prefix was dropped.
const (
	minGuess = 20
	minBare  = 64
)

// Read reads one decoded JSON value as a cursor of a listing in session,
// under the filters that filters stands for (see Position). Outside the
// token class, a spelling that names a page past the first ("page2",
// "next", "offset=20", a JSON 3) is the ask invalid_cursor with
// HintLaterPage, a spelling of the first-call class (firstcall.go) is a
// placeholder (no cursor, the first page) with a note, and everything
// else is a cursor this server never issued: the ask invalid_cursor with
// HintLaterPage; inside, a token that decodes is its position, and
// every other is the ask invalid_cursor with Hint. A nil c has no key:
// every token inside the class is invalid_cursor.
func (c *Reader) Read(v any, session, filters string) agentinput.Outcome[Position] {
	switch x := v.(type) {
	case nil:
		return agentinput.Absent[Position](agentinput.Notes{})
	case string:
		if len(x) > agentinput.MaxScalarBytes {
			return ask(v, agentinput.AskTooLarge, "it is longer than "+strconv.Itoa(agentinput.MaxScalarBytes)+" bytes; a cursor is about 100")
		}
		t, trimmed := spelling.Trim(x)
		if !InClass(t) {
			switch later, first := classify(t); {
			case later:
				return askLaterPage(v)
			case first:
				return outside(v)
			}
			return askNotIssued(v)
		}
		if c == nil {
			return ask(v, agentinput.AskInvalidCursor, "no key is configured here to verify it")
		}
		p, err := c.Decode(t, session, filters)
		if err != nil {
			return ask(v, agentinput.AskInvalidCursor, reason(err, c.ttl))
		}
		var notes agentinput.Notes
		if trimmed {
			notes.AddStep(agentinput.NoteTrimmed, agentinput.Text(x), agentinput.Text(t), "")
		}
		return agentinput.Value(p, notes)
	default:
		text, err := json.Marshal(x)
		if err == nil && containsPrefix(string(text)) {
			return ask(v, agentinput.AskInvalidCursor, "a cursor is the token string alone, as the previous page returned it")
		}
		if err == nil && len(text) > 0 && isDigit(rune(text[0])) && laterNumber(json.Number(text)) {
			return askLaterPage(v)
		}
		if firstValue(v) {
			return outside(v)
		}
		return askNotIssued(v)
	}
}

// For returns the read function of a cursor property in one call: Read
// with session and filters fixed.
func (c *Reader) For(session, filters string) func(any) agentinput.Outcome[Position] {
	return func(v any) agentinput.Outcome[Position] { return c.Read(v, session, filters) }
}

// InClass reports whether a trimmed string is inside the token class (see
// the package documentation): it contains "c1_" in any letter case; or it
// is at least minGuess bytes long and its first three bytes differ from
// "c1_" in at most one; or it is at least minBare bytes of the token
// alphabet alone.
func InClass(t string) bool {
	if containsPrefix(t) {
		return true
	}
	if len(t) >= minGuess {
		diff := 0
		for i := range len(Prefix) {
			if t[i] != Prefix[i] {
				diff++
			}
		}
		if diff <= 1 {
			return true
		}
	}
	if len(t) >= minBare {
		for i := 0; i < len(t); i++ {
			if !isAlphabet(t[i]) {
				return false
			}
		}
		return true
	}
	return false
}

// containsPrefix reports whether s contains Prefix in any ASCII letter case.
func containsPrefix(s string) bool {
	for i := 0; i+len(Prefix) <= len(s); i++ {
		if s[i]|0x20 == Prefix[0] && s[i+1] == Prefix[1] && s[i+2] == Prefix[2] {
			return true
		}
	}
	return false
}

func outside(v any) agentinput.Outcome[Position] {
	var notes agentinput.Notes
	notes.Add(agentinput.NotePlaceholder, agentinput.JSONValue(v), "not a cursor this server issued: no cursor, the first page")
	return agentinput.Placeholder[Position](notes)
}

func reason(err error, ttl time.Duration) string {
	switch {
	case errors.Is(err, ErrForged):
		return "it does not verify: it was altered, or issued by another server or under a retired key"
	case errors.Is(err, ErrVersion):
		return "its version is not one this server reads"
	case errors.Is(err, ErrExpired):
		return "it has expired (a cursor lives " + ttl.String() + ")"
	case errors.Is(err, ErrFuture):
		return "it was issued in the future"
	case errors.Is(err, ErrSession):
		return "it was issued to another session"
	case errors.Is(err, ErrFilters):
		return "it was issued for other filters; a cursor continues only the listing it came from"
	}
	return "it is not a whole cursor: truncated, altered or made up"
}

func ask(v any, code agentinput.AskCode, reason string) agentinput.Outcome[Position] {
	hint := Hint
	if code == agentinput.AskTooLarge {
		hint = Hint + ", or send the cursor exactly as the previous page returned it"
	}
	return askWith(v, code, reason, hint)
}

// askLaterPage is the ask about a spelling outside the class that names a
// page past the first: reading it as no cursor would repeat the first
// page, which the caller has already read.
func askLaterPage(v any) agentinput.Outcome[Position] {
	return askWith(v, agentinput.AskInvalidCursor, reasonLaterPage, HintLaterPage)
}

func askWith(v any, code agentinput.AskCode, reason, hint string) agentinput.Outcome[Position] {
	return agentinput.Asking[Position](agentinput.Ask{
		Code:     code,
		Received: agentinput.Received(v),
		Reason:   reason,
		Expected: Expected,
		Hint:     hint,
	})
}

// Bound is the Reader's reading within one call: a session and a
// listing's filters, bound per call because a token is bound to them. It
// is the kind's agentinput.Reader.
type Bound struct {
	c                *Reader
	session, filters string
}

var _ agentinput.Reader[Position] = Bound{}

// Bind returns the reading of a cursor property within one call: Read
// with session and filters fixed, as For, in the shape every kind's
// reader has.
func (c *Reader) Bind(session, filters string) Bound {
	return Bound{c: c, session: session, filters: filters}
}

// Read reads one decoded JSON value as c.Read(v, session, filters).
func (b Bound) Read(v any) agentinput.Outcome[Position] { return b.c.Read(v, b.session, b.filters) }

// Expected says what a cursor property accepts (the constant Expected).
func (b Bound) Expected() string { return Expected }

// Example is nil: a token cannot be invented, only issued.
func (b Bound) Example() json.RawMessage { return nil }
