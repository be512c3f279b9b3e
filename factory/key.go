package factory

import (
	"errors"
	"reflect"
	"strconv"
	"strings"
	"unicode"

	"golang.org/x/text/unicode/norm"

	"agentinput.dev/agentinput"
	"agentinput.dev/internal/binding"
	generic "agentinput.dev/internal/placeholder"
	"agentinput.dev/kinds/uuid"
	"agentinput.dev/receipt"
)

// IdempotencyKeyProperty is the property by which a caller names its own
// idempotency key. Every do tool declares it in its input schema (the
// factory writes it there: keySchema); a tool's input struct may declare a
// string field of that name to receive the key the call used (keyField).
const IdempotencyKeyProperty = binding.KeyProperty

// MaxIdempotencyKeyBytes is the longest idempotency key a caller may send,
// in bytes of UTF-8 once the key is normalized.
const MaxIdempotencyKeyBytes = 256

// keySchema is the idempotency_key property of a do tool's input schema:
// what a model reads in tools/list to know that the key exists, what it is
// for, and whether this tool needs one.
func keySchema(spec Spec) map[string]any {
	window := receipt.DefaultRetryWindow
	if spec.RetryWindow > 0 {
		window = spec.RetryWindow
	}
	desc := "Your own key for this one action, at most " + strconv.Itoa(MaxIdempotencyKeyBytes) + " bytes, for example a new UUID. " +
		"Sending the same key with the same arguments again returns the first call's result and does not repeat the action: a safe retry. " +
		"A new action needs a new key. "
	if spec.KeyRequired {
		desc = "Required: every call of this tool is a new action (" + spec.Name + " is not idempotent). " + desc
	} else {
		desc += "Left out, a retry with the same arguments within " + window.String() +
			" and before any other change is recognised; later, the same arguments make a new call."
	}
	return map[string]any{
		"type":        "string",
		"minLength":   1,
		"maxLength":   MaxIdempotencyKeyBytes,
		"description": strings.TrimSpace(desc),
	}
}

// keyField checks the idempotency_key field that a do tool's input struct
// declares, and returns its index (nil when there is none). The factory
// owns the property, its schema and its rules; the field only receives the
// key the call used (the caller's, or the one derived from the arguments).
// A field that would change any of that is a declaration error: a type
// other than string or *string, or an agentinput, desc, jsonschema or
// example tag.
func keyField(in reflect.Type) ([]int, error) {
	if in.Kind() != reflect.Struct {
		return nil, nil
	}
	for i := range in.NumField() {
		f := in.Field(i)
		name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
		if name == "" {
			name = f.Name
		}
		if !f.IsExported() || name != IdempotencyKeyProperty {
			continue
		}
		t := f.Type
		if t.Kind() == reflect.Pointer {
			t = t.Elem()
		}
		if t.Kind() != reflect.String {
			return nil, errors.New("property " + IdempotencyKeyProperty + " (field " + f.Name + "): it is a " + f.Type.String() +
				"; the factory declares " + IdempotencyKeyProperty + " on every do tool, and a field of that name receives the key the call used: declare it as a string, or leave it out")
		}
		for _, tag := range [...]string{binding.TagKind, "desc", binding.TagSchema, "example"} {
			if _, ok := f.Tag.Lookup(tag); ok {
				return nil, errors.New("property " + IdempotencyKeyProperty + " (field " + f.Name + "): the " + tag +
					" tag would change a property the factory owns (its schema, description and rules are the same on every do tool); remove the tag" +
					" (Spec.KeyRequired makes the key required)")
			}
		}
		return f.Index, nil
	}
	return nil, nil
}

// claimKey is the claim phase's part of reading: a caller's own
// idempotency key, taken out of args (write.go claims the call under it,
// and the handler's idempotency_key field receives it). The key is
// normalized (normalizeKey), with a note when that changed it. Null or
// absent is no key, unless the tool's keys are required (missing_required);
// a placeholder, an unfilled template or a documented example is
// placeholder_on_write (keyPlaceholder): taken as a key, it would be shared
// by every call that copies it, and a later call would replay or conflict
// with the first. Over MaxIdempotencyKeyBytes is too_large; anything but a
// string wrong_type.
func (t *Tool) claimKey(args map[string]any, res *Result) (string, []agentinput.Issue) {
	if t.spec.Intent != IntentDo || t.run == nil {
		return "", nil
	}
	raw, sent := args[IdempotencyKeyProperty]
	delete(args, IdempotencyKeyProperty)
	at := binding.Pointer([]string{IdempotencyKeyProperty})
	ask := func(a agentinput.Ask) []agentinput.Issue {
		a.Received = agentinput.Received(raw)
		return []agentinput.Issue{{Path: at, Ask: a}}
	}
	leaveOut := ", or leave " + IdempotencyKeyProperty + " out to key the call by its arguments"
	if t.spec.KeyRequired {
		leaveOut = ""
	}
	if !sent || raw == nil {
		if !t.spec.KeyRequired {
			return "", nil // absence: the call is keyed by its arguments
		}
		return "", []agentinput.Issue{{Path: at, Ask: agentinput.Ask{
			Code:     agentinput.AskMissingRequired,
			Received: agentinput.Received(raw),
			Reason:   "every call of " + t.spec.Name + " is a new action, so each names its own idempotency key",
			Expected: "a key made for this one action, for example a new UUID",
			Hint:     "Send " + IdempotencyKeyProperty + " with a fresh key made for this action (a new UUID); send the same key again only to retry this same call",
		}}}
	}
	s, isString := raw.(string)
	if !isString {
		return "", ask(agentinput.Ask{
			Code:     agentinput.AskWrongType,
			Reason:   "an idempotency key is a non-empty string of at most " + strconv.Itoa(MaxIdempotencyKeyBytes) + " bytes",
			Expected: "a string made for this one action, for example a new UUID",
			Hint:     "Send " + IdempotencyKeyProperty + " as a string" + leaveOut,
		})
	}
	if len(s) > 4*MaxIdempotencyKeyBytes {
		// Over any normalized key's budget, whatever normalizing would
		// take away: not worth normalizing.
		return "", t.keyTooLarge(ask, len(s), leaveOut)
	}
	key, trimmed, composed := normalizeKey(s)
	if why := keyPlaceholder(key); why != "" {
		return "", ask(agentinput.Ask{
			Code:     agentinput.AskPlaceholderOnWrite,
			Reason:   "it is " + why + ", and taken as a key it would be shared by every call that sends it",
			Expected: "a key made for this one action, for example a new UUID",
			Hint:     "Send a key of your own made for this action, such as a new UUID" + leaveOut,
		})
	}
	if len(key) > MaxIdempotencyKeyBytes {
		return "", t.keyTooLarge(ask, len(key), leaveOut)
	}
	if trimmed {
		res.Notes = append(res.Notes, agentinput.Remark{Code: string(agentinput.NoteTrimmed), Path: at,
			Message: "Read the idempotency key " + string(agentinput.Received(s)) + " as " + strconv.Quote(key) + " (surrounding white space removed)"})
	}
	if composed {
		res.Notes = append(res.Notes, agentinput.Remark{Code: string(agentinput.NoteForm), Path: at,
			Message: "Read the idempotency key " + string(agentinput.Received(s)) + " as " + strconv.Quote(key) + " (Unicode composed form, NFC)"})
	}
	return key, nil
}

func (t *Tool) keyTooLarge(ask func(agentinput.Ask) []agentinput.Issue, n int, leaveOut string) []agentinput.Issue {
	return ask(agentinput.Ask{
		Code:     agentinput.AskTooLarge,
		Reason:   "the idempotency key takes " + strconv.Itoa(n) + " bytes, over the budget of " + strconv.Itoa(MaxIdempotencyKeyBytes),
		Expected: "a string of at most " + strconv.Itoa(MaxIdempotencyKeyBytes) + " bytes",
		Hint:     "Send a shorter " + IdempotencyKeyProperty + leaveOut,
	})
}

// normalizeKey is how two keys compare: as Unicode text, not bytes. A key
// is the caller's text in its composed form (NFC) without the white space
// around it, so that "inv-1 " and "inv-1", or a key typed with a combining
// accent and the same key precomposed, name one call. Letter case counts
// ("INV-1" is another key than "inv-1"), as every store of keys treats them.
func normalizeKey(s string) (key string, trimmed, composed bool) {
	key = strings.TrimFunc(s, unicode.IsSpace)
	trimmed = len(key) != len(s)
	if !norm.NFC.IsNormalString(key) {
		key, composed = norm.NFC.String(key), true
	}
	return key, trimmed, composed
}

// keyPlaceholder says what a normalized key is when it is no key of the
// caller's own (a placeholder, "" or "N/A"; a value not known yet, "TBD";
// an unfilled template, "{{idempotency_key}}", "<key>", "your-key-here";
// an example or template of an id, as the uuid kind reads one, such as
// the example UUID of Wikipedia), or "".
func keyPlaceholder(key string) string {
	switch {
	case binding.IsPlaceholder(key, false), generic.Unknown(key):
		return "a placeholder"
	case generic.Template(key):
		return "a template that was not filled in"
	}
	if uuid.PlaceholderReason(key) != "" {
		return "an example or a template of an id, not one made for this call"
	}
	return ""
}

// setKey sets an input's idempotency_key field (a string or *string) to
// key.
func setKey(f reflect.Value, key string) {
	if f.Kind() == reflect.Pointer {
		p := reflect.New(f.Type().Elem())
		p.Elem().SetString(key)
		f.Set(p)
		return
	}
	f.SetString(key)
}
