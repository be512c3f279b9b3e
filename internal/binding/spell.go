package binding

import (
	"fmt"
	"slices"
	"strconv"
	"sync"

	"agentinput.dev/agentinput"
	"agentinput.dev/kinds/boolean"
	"agentinput.dev/kinds/date"
	"agentinput.dev/kinds/number"
	"agentinput.dev/kinds/timestamp"
	"agentinput.dev/kinds/uuid"
)

// spellFunc writes a property's canonical value (as a call's normalized
// arguments hold it) in a spelling its kind reads as that value, or, with
// ambiguous, in one its kind asks about, one of whose readings it is; false
// when the kind has no such spelling of it.
type spellFunc func(c agentinput.Chooser, canonical any, ambiguous bool) (agentinput.Spelled, bool)

// spellerOf is the spellFunc of a kind's reader: the canonical value read
// by the property's own read function, then spelled by the kind (its
// agentinput.Speller). nil when the reader spells nothing.
func spellerOf[T any](read func(any) agentinput.Outcome[T], r any) spellFunc {
	s, ok := r.(agentinput.Speller[T])
	if !ok {
		return nil
	}
	return func(c agentinput.Chooser, canonical any, ambiguous bool) (agentinput.Spelled, bool) {
		v, ok := read(canonical).Value()
		if !ok {
			return agentinput.Spelled{}, false
		}
		if ambiguous {
			return s.Ambiguous(c, v)
		}
		return s.Spell(c, v), true
	}
}

// Spell writes canonical, the property's value as a call's normalized
// arguments hold it, in a spelling a model may send for it: one its kind
// reads back as canonical, or (ambiguous) one its kind must ask about.
// Objects, maps and lists are spelled member by member and item by item
// (an ambiguous one has one ambiguous member or item); the class names
// each spelled member's path. A free-text property whose value is the
// canonical spelling of a kind that names itself by its form (a number, a
// boolean, a date, an instant, a UUID: "1234", "2026-10-01") is spelled
// as that kind, its class saying so ("as number: grouped by spaces"): a
// model writes the value so, and the handler gets it as sent.
//
// ok is false when the property has no such spelling of canonical: free
// text, a cursor's token, a free JSON value, or no ambiguous spelling.
func (p *Property) Spell(c agentinput.Chooser, canonical any, ambiguous bool) (agentinput.Spelled, bool) {
	if p.binding.spell == nil && p.Kind == "text" {
		return spellAsKind(c, canonical, ambiguous)
	}
	return p.binding.spellValue(c, canonical, ambiguous)
}

func (b *binding) spellValue(c agentinput.Chooser, canonical any, ambiguous bool) (agentinput.Spelled, bool) {
	if b.spell != nil {
		return b.spell(c, canonical, ambiguous)
	}
	switch v := canonical.(type) {
	case map[string]any:
		names := make([]string, 0, len(v))
		for name := range v {
			names = append(names, name)
		}
		slices.Sort(names)
		return spellEach(c, len(names), ambiguous, func(i int) (string, any, *binding) {
			m := b.elem
			if b.members != nil {
				m = b.members[names[i]]
			}
			return names[i], v[names[i]], m
		}, func(values []any) any {
			out := make(map[string]any, len(values))
			for i, name := range names {
				out[name] = values[i]
			}
			return out
		})
	case []any:
		if b.elem == nil {
			return agentinput.Spelled{}, false
		}
		return spellEach(c, len(v), ambiguous, func(i int) (string, any, *binding) {
			return strconv.Itoa(i), v[i], b.elem
		}, func(values []any) any { return values })
	}
	return agentinput.Spelled{}, false
}

// spellEach spells the members (or items) of a value: each one its
// binding spells, the others as they are; with ambiguous, one chosen
// member ambiguous and the others unambiguous.
func spellEach(c agentinput.Chooser, n int, ambiguous bool, member func(i int) (string, any, *binding), build func([]any) any) (agentinput.Spelled, bool) {
	values := make([]any, n)
	pick := -1
	if ambiguous {
		// The members that have an ambiguous spelling, of which one is.
		var can []int
		for i := range n {
			_, v, m := member(i)
			if m == nil {
				continue
			}
			if _, ok := m.spellValue(never{}, v, true); ok {
				can = append(can, i)
			}
		}
		if len(can) == 0 {
			return agentinput.Spelled{}, false
		}
		pick = can[c.Choose("ambiguous_member", len(can))]
	}
	class := ""
	for i := range n {
		name, v, m := member(i)
		values[i] = v
		if m == nil {
			continue
		}
		s, ok := m.spellValue(c, v, i == pick)
		if !ok {
			continue
		}
		values[i] = s.Value
		if s.Class != "canonical" {
			if class != "" {
				class += "; "
			}
			class += name + ": " + s.Class
		}
	}
	if class == "" {
		class = "canonical"
	}
	return agentinput.Spelled{Value: build(values), Class: class}, true
}

// never is a Chooser that always chooses 0: it asks whether a member has
// an ambiguous spelling without drawing.
type never struct{}

func (never) Choose(string, int) int { return 0 }

// textKind is a kind whose canonical spellings name themselves by their
// form: spell spells its value, and canonical reports whether a string is
// the kind's canonical spelling of a value.
type textKind struct {
	name      string
	spell     spellFunc
	canonical func(s string) bool
}

// textKindOf is the textKind of a reader: a string is canonical when the
// reader takes it as a value whose format is the string itself.
func textKindOf[T any](name string, read func(any) agentinput.Outcome[T], r any, format func(T) string) textKind {
	return textKind{name: name, spell: spellerOf(read, r), canonical: func(s string) bool {
		v, ok := read(s).Value()
		return ok && format(v) == s
	}}
}

// textKinds are the kinds whose canonical spellings name themselves by
// their form, tried in this order on free text's value (spellAsKind),
// with their default options.
var textKinds = sync.OnceValue(func() []textKind {
	var out []textKind
	if r, err := number.New(number.Options{}); err == nil {
		out = append(out, textKindOf("number", r.Read, r, number.Decimal.String))
	}
	if r, err := boolean.New(boolean.Options{}); err == nil {
		out = append(out, textKindOf("boolean", r.Read, r, func(b bool) string { return fmt.Sprint(b) }))
	}
	if r, err := date.New(date.Options{}); err == nil {
		out = append(out, textKindOf("date", r.Read, r, date.Format))
	}
	if r, err := timestamp.New(timestamp.Options{}); err == nil {
		out = append(out, textKindOf("timestamp", r.Read, r, timestamp.Format))
	}
	if r, err := uuid.New(uuid.Options{}); err == nil {
		out = append(out, textKindOf("uuid", r.Read, r, uuid.Format))
	}
	return out
})

// spellAsKind spells free text whose value is a kind's canonical spelling
// as that kind would be spelled, the string form of each spelling (free
// text is a JSON string).
func spellAsKind(c agentinput.Chooser, canonical any, ambiguous bool) (agentinput.Spelled, bool) {
	s, ok := canonical.(string)
	if !ok {
		return agentinput.Spelled{}, false
	}
	for _, k := range textKinds() {
		if k.spell == nil || !k.canonical(s) {
			continue
		}
		sp, ok := k.spell(c, s, ambiguous)
		if !ok {
			return sp, false
		}
		if _, isString := sp.Value.(string); !isString {
			// A JSON number or boolean is no spelling of free text.
			return agentinput.Spelled{Value: s, Class: "canonical"}, !ambiguous
		}
		sp.Class = "as " + k.name + ": " + sp.Class
		return sp, true
	}
	return agentinput.Spelled{}, false
}
