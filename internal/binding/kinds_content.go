package binding

import (
	"fmt"
	"reflect"
	"strconv"
	"strings"

	"agentinput.dev/agentinput"
	"agentinput.dev/kinds/bytes"
	"agentinput.dev/kinds/date"
	"agentinput.dev/kinds/number"
	"agentinput.dev/kinds/timestamp"
)

// The kinds of content and instants: bytes (kinds/bytes, the one owner
// of base64) for []byte and bytes.Bytes, and timestamp (kinds/timestamp)
// for time.Time.
//
// Tag options: bytes takes max=N, the most decoded bytes inline (at most
// agentinput.MaxInlineBytes, the default); timestamp takes zone=NAME, the
// IANA zone a spelling without an offset is read in (with a note naming
// it; without one such a spelling asks), and the date kind's order=NAME
// and languages=a|b for the date part.

// bindBytes binds inline bytes: base64 in the forms the bytes kind reads,
// its budget stated in the description (the kind's expected text) and as
// the schema's maxLength. Inside a union with a reference form, an ask
// about content over the budget offers that form (o.refHint); it never
// asks to shorten the content.
func bindBytes(t reflect.Type, o tagOptions) (binding, error) {
	var assign func(dst reflect.Value, b bytes.Bytes)
	switch {
	case t == reflect.TypeFor[bytes.Bytes]():
		assign = func(dst reflect.Value, b bytes.Bytes) { dst.Set(reflect.ValueOf(b)) }
	case t.Kind() == reflect.Slice && t.Elem().Kind() == reflect.Uint8:
		assign = func(dst reflect.Value, b bytes.Bytes) { dst.SetBytes(b.Data) }
	default:
		return binding{}, fmt.Errorf("kind bytes cannot fill a field of type %s (use []byte or bytes.Bytes)", t)
	}
	var opts bytes.Options
	if text, ok := o.value("max"); ok {
		d, err := number.Parse(text)
		n, whole := d.Int64()
		if err != nil || !whole || n <= 0 || n > agentinput.MaxInlineBytes {
			return binding{}, fmt.Errorf("max=%s is not a whole number of bytes from 1 to %d (agentinput.MaxInlineBytes): larger content is sent by reference", text, agentinput.MaxInlineBytes)
		}
		opts.MaxBytes = int(n)
	}
	r, err := bytes.New(opts)
	if err != nil {
		return binding{}, err
	}
	// One hint for content over a budget, the kind's and the call's
	// string budget alike: the union's reference form, or that there is
	// none. Never "send a shorter value".
	tooLarge := o.refHint
	if tooLarge == "" {
		tooLarge = "Content this large is not taken inline by this property (at most " + strconv.Itoa(r.MaxBytes()) + " bytes decoded), and the tool declares no reference form"
	}
	read := func(raw any) agentinput.Outcome[Slot] {
		out := r.Read(raw)
		if a, ok := out.Ask(); ok && a.Code == agentinput.AskTooLarge {
			a.Hint = tooLarge
			out = agentinput.Asking[bytes.Bytes](a)
		}
		return outcome(out, func(b bytes.Bytes) any { return bytes.Format(b) }, assign)
	}
	return binding{
		read:       read,
		schema:     map[string]any{"type": "string", "contentEncoding": "base64", "maxLength": r.MaxLength()},
		expected:   r.Expected(),
		example:    r.Example(),
		overBudget: tooLarge,
	}, nil
}

// bindTimestamp binds an instant: RFC 3339 and the spellings the
// timestamp kind reads, to a time.Time (or its RFC 3339 string).
func bindTimestamp(t reflect.Type, o tagOptions) (binding, error) {
	assign, err := stringOr(t, "timestamp", timestamp.Format)
	if err != nil {
		return binding{}, err
	}
	var opts timestamp.Options
	opts.DefaultZone, _ = o.value("zone")
	if name, ok := o.value("order"); ok {
		order, ok := date.OrderFor(name)
		if !ok {
			return binding{}, fmt.Errorf("order=%s: the date order table has no %q", name, name)
		}
		opts.Order = order
	}
	if langs, ok := o.value("languages"); ok {
		opts.Languages = strings.Split(langs, "|")
	}
	r, err := timestamp.New(opts)
	if err != nil {
		return binding{}, err
	}
	return textBinding(r.Read, timestamp.Format, assign,
		map[string]any{"type": "string", "format": "date-time"}, r.Expected(), r.Example()), nil
}
