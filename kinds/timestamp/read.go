package timestamp

import (
	"encoding/json"
	"slices"
	"strconv"
	"strings"
	"time"

	"agentinput.dev/agentinput"
	"agentinput.dev/internal/spelling"
	"agentinput.dev/kinds/date"
)

// Read reads one decoded JSON value as an instant. See the package
// documentation for the spellings it reads.
func (r *Reader) Read(v any) agentinput.Outcome[time.Time] {
	if s, ok := v.(string); ok {
		if t, ok := parseCanonical(s); ok {
			return agentinput.Canonical(t)
		}
		return r.readString(v, s)
	}
	switch x := v.(type) {
	case time.Time:
		return agentinput.Canonical(x)
	case nil:
		return r.ask(v, agentinput.AskWrongType, "null is not an instant", hint)
	case bool:
		return r.ask(v, agentinput.AskWrongType, "an instant is a JSON string, never a boolean", hint)
	case []any:
		return r.ask(v, agentinput.AskWrongType, "an instant is a JSON string, never an array", hint)
	case map[string]any:
		return r.ask(v, agentinput.AskWrongType, "an instant is a JSON string, never an object", hint)
	}
	return r.ask(v, agentinput.AskWrongType, "a number is not read as an instant: a Unix time may count seconds or milliseconds", hint)
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

// zoneKind says what a spelling names after its time of day.
type zoneKind uint8

const (
	zoneNone  zoneKind = iota // nothing: a wall time in no zone
	zoneFixed                 // a fixed offset ("Z", "+02:00", "UTC+2")
	zoneIANA                  // a named zone ("Europe/Prague")
)

// parts is a spelling split into the date, the time of day and the zone.
type parts struct {
	dateText string // the date as written
	hasTime  bool
	hour     int
	minute   int
	second   int
	nano     int
	zone     zoneKind
	offset   int            // seconds east of UTC, for zoneFixed
	loc      *time.Location // for zoneIANA
	zoneText string         // the zone as written, for its note
	changes  []string       // how the time and zone differ from RFC 3339
}

func (p *parts) change(c string) { p.changes = append(p.changes, c) }

// readString reads every string the fast path does not, in phases: check
// and trim, split into date, time and zone, read the date through the
// date kind, then place the wall time in its zone.
func (r *Reader) readString(v any, raw string) agentinput.Outcome[time.Time] {
	if len(raw) > agentinput.MaxScalarBytes {
		return r.ask(v, agentinput.AskTooLarge, "it is longer than "+strconv.Itoa(agentinput.MaxScalarBytes)+" bytes, the most an instant is read from", hint)
	}
	s, trimmed, problem := spelling.Word(raw)
	if problem != "" {
		return r.ask(v, agentinput.AskInvalid, problem, hint)
	}
	var notes agentinput.Notes
	if trimmed {
		notes.AddStep(agentinput.NoteTrimmed, agentinput.Text(raw), agentinput.Text(s), "")
	}
	p, reason := split(s)
	if reason != "" {
		return r.ask(v, agentinput.AskInvalid, reason, hint)
	}
	days, dateNotes, ask := r.readDate(v, p)
	if ask != nil {
		return *ask
	}
	notes.Append(dateNotes)
	if len(p.changes) == 0 && dateNotes.Len() > 0 {
		p.change("written as RFC 3339")
	}
	if len(p.changes) > 0 {
		notes.Add(agentinput.NoteForm, agentinput.Text(s), strings.Join(p.changes, ", "))
	}
	return r.place(v, s, p, days, notes)
}

// day is one date a spelling may name, and what the date kind says it
// means when there are several.
type day struct {
	date.Date
	meaning string
}

// readDate reads the date of p: the year-first ISO date with the date
// kind's strict Parse, any other with its Read, whose ask becomes this
// kind's (a date with two readings: an instant with two readings). It
// returns the candidate dates: one, or each reading of an ambiguous date.
func (r *Reader) readDate(v any, p parts) ([]day, agentinput.Notes, *agentinput.Outcome[time.Time]) {
	if d, err := date.Parse(p.dateText); err == nil {
		return []day{{Date: d}}, agentinput.Notes{}, nil
	}
	o := r.dates.Read(p.dateText)
	if d, ok := o.Value(); ok {
		if slices.Contains(o.NoteCodes(), agentinput.NoteTimeDropped) {
			// The date kind found a time this kind could not read.
			a := r.ask(v, agentinput.AskInvalid, "its time of day is not one this kind reads (HH:MM, HH:MM:SS, with an optional fraction)", hint)
			return nil, agentinput.Notes{}, &a
		}
		return []day{{Date: d}}, o.CarryNotes("the date"), nil
	}
	da, _ := o.Ask()
	if da.Code == agentinput.AskAmbiguous && len(da.Readings) > 0 {
		var days []day
		for _, rd := range da.Readings {
			var d date.Date
			if err := json.Unmarshal(rd.Value, &d); err != nil {
				continue
			}
			days = append(days, day{Date: d, meaning: rd.Meaning})
		}
		if len(days) == len(da.Readings) {
			return days, agentinput.Notes{}, nil
		}
	}
	reason := "its date could not be read"
	if o.Status() != agentinput.StatusAsk {
		reason = "its date " + strconv.Quote(agentinput.Cut(p.dateText)) + " names no date"
	} else if da.Reason != "" {
		reason = "its date " + strconv.Quote(agentinput.Cut(p.dateText)) + " could not be read: " + da.Reason
	} else if len(da.Readings) > 0 {
		reason = "its date " + strconv.Quote(agentinput.Cut(p.dateText)) + " has several meanings"
	}
	a := r.ask(v, agentinput.AskInvalid, reason, hint)
	return nil, agentinput.Notes{}, &a
}
