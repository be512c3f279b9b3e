package binding

import (
	"encoding/json"
	"fmt"
	"reflect"

	"agentinput.dev/agentinput"
	"agentinput.dev/kinds/stringlist"
)

// MarshalJSON encodes a slot as its canonical JSON value, so that a list
// of slots compares items by value (stringlist's unique option).
func (s Slot) MarshalJSON() ([]byte, error) { return json.Marshal(s.JSON) }

// bindList binds a slice field ([]T) to a list of the item kind: the tag's
// item=KIND, else T's kind by Go type. The item kind's own options (values
// for an enum, min and max for a number) apply to every item.
func bindList(t reflect.Type, o tagOptions) (binding, error) {
	if t.Kind() != reflect.Slice {
		return binding{}, cannotFill("stringlist", t, "a slice")
	}
	item, b, err := bindItem(t.Elem(), o, "list", "unique", "besteffort")
	if err != nil {
		return binding{}, err
	}
	itemKind := b.name
	if item.tree != nil {
		// Items that hold properties: each read at its own path, by the
		// same phases as the tool's arguments.
		if o.flag("unique") {
			return binding{}, fmt.Errorf("unique applies to a list of values, not of %s items", itemKind)
		}
		return treeList(item, o.flag("besteffort")), nil
	}
	if itemKind == "text" {
		// A free-text item is stringlist's: a number or a boolean is the
		// text it spells (a note), a control character or a bidirectional
		// override is an ask (docs/decisions.md, stringlist).
		item.read = func(raw any) agentinput.Outcome[Slot] {
			return outcome(stringlist.Text(raw), func(s string) any { return s }, func(dst reflect.Value, s string) { dst.SetString(s) })
		}
		item.expected = stringlist.TextExpected
	}
	list, err := stringlist.New(stringlist.Options[Slot]{
		Item:         item.read,
		Split:        b.split == splitAlways,
		SplitAsks:    b.split == splitWeighed, // "10,20": a decimal comma or two items
		SplitText:    itemKind == "text",      // "a, b": one text or two
		Unique:       o.flag("unique"),
		ItemExpected: item.expected,
		ItemExample:  item.example,
		Declared:     item.declared, // a declared "none" is an item, not a placeholder
		ItemSpeller:  slotSpeller(item.spell),
	})
	if err != nil {
		return binding{}, err
	}
	return binding{
		read: func(raw any) agentinput.Outcome[Slot] {
			return agentinput.Map(list.Read(raw), listSlot)
		},
		items: func(raw any) (*Slot, []indexedAsk) {
			it := list.ReadItems(raw)
			if it.Status() != agentinput.StatusValue || it.Lone() {
				// A lone value never split is asked about as the list.
				return nil, nil
			}
			var good []Slot
			var asks []indexedAsk
			for _, item := range it.All() {
				if v, ok := item.Outcome.Value(); ok {
					good = append(good, v)
				} else if a, ok := item.Outcome.Ask(); ok {
					asks = append(asks, indexedAsk{index: item.Index, ask: a})
				}
			}
			s := listSlot(good)
			return &s, asks
		},
		spell:      spellerOf(list.Read, list),
		schema:     map[string]any{"type": "array", "items": item.schema},
		expected:   list.Expected(),
		legend:     item.legend,
		example:    list.Example(),
		collection: true,
		depth:      1,
	}, nil
}

// listSlot is the slot of a list of read items.
func listSlot(items []Slot) Slot {
	values := make([]any, len(items))
	for i, it := range items {
		values[i] = it.JSON
	}
	return Slot{JSON: values, assign: func(dst reflect.Value) {
		s := reflect.MakeSlice(dst.Type(), len(items), len(items))
		for i, it := range items {
			it.put(s.Index(i))
		}
		dst.Set(s)
	}}
}

// slotSpeller is the item kind's spelling as the list's speller of its
// items (stringlist.Options.ItemSpeller); nil when the item kind spells
// nothing, so that the list spells its items canonically.
func slotSpeller(spell spellFunc) agentinput.Speller[Slot] {
	if spell == nil {
		return nil
	}
	return itemSpeller{spell}
}

type itemSpeller struct{ spell spellFunc }

func (s itemSpeller) Spell(c agentinput.Chooser, v Slot) agentinput.Spelled {
	if sp, ok := s.spell(c, v.JSON, false); ok {
		return sp
	}
	return agentinput.Spelled{Value: v.JSON, Class: "canonical"}
}

func (s itemSpeller) Ambiguous(c agentinput.Chooser, v Slot) (agentinput.Spelled, bool) {
	return s.spell(c, v.JSON, true)
}
