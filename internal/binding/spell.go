package binding

import (
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

// textKinds are the kinds whose canonical spellings name themselves by
// their form, tried in this order on free text's value (spellAsKind),
// with their default options.
var textKinds = sync.OnceValue(func() []struct {
	name  string
	spell spellFunc
	reads func(any) bool
} {
	type row = struct {
		name  string
		spell spellFunc
		reads func(any) bool
	}
	var rows []row
	add := func(name string, spell spellFunc, canonical func(any) bool) {
		if spell != nil {
			rows = append(rows, row{name, spell, canonical})
		}
	}
	if r, err := number.New(number.Options{}); err == nil {
		add("number", spellerOf(r.Read, r), noteless(r.Read))
	}
	if r, err := boolean.New(boolean.Options{}); err == nil {
		add("boolean", spellerOf(r.Read, r), noteless(r.Read))
	}
	if r, err := date.New(date.Options{}); err == nil {
		add("date", spellerOf(r.Read, r), noteless(r.Read))
	}
	if r, err := timestamp.New(timestamp.Options{}); err == nil {
		add("timestamp", spellerOf(r.Read, r), noteless(r.Read))
	}
	if r, err := uuid.New(uuid.Options{}); err == nil {
		add("uuid", spellerOf(r.Read, r), noteless(r.Read))
	}
	return rows
})

// noteless reports whether read takes a value as it is: a value with no
// note, the kind's canonical spelling.
func noteless[T any](read func(any) agentinput.Outcome[T]) func(any) bool {
	return func(v any) bool {
		o := read(v)
		_, ok := o.Value()
		return ok && o.NoteCount() == 0
	}
}

// spellAsKind spells free text whose value is a kind's canonical spelling
// as that kind would be spelled, the string form of each spelling (free
// text is a JSON string).
func spellAsKind(c agentinput.Chooser, canonical any, ambiguous bool) (agentinput.Spelled, bool) {
	s, ok := canonical.(string)
	if !ok {
		return agentinput.Spelled{}, false
	}
	for _, k := range textKinds() {
		if !k.reads(s) {
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
