package stringlist

import (
	"encoding/json"
	"strings"

	"agentinput.dev/agentinput"
	"agentinput.dev/internal/placeholder"
	"agentinput.dev/internal/spelling"
)

var _ agentinput.Speller[[]string] = (*Reader[string])(nil)

// Spell writes the list v in a spelling the Reader reads back as v, its
// items spelled by Options.ItemSpeller (each in its canonical JSON when
// there is none), in one of the list classes:
//
//   - "canonical": the JSON array of canonical items;
//   - "array": a JSON array of the items' spellings (their classes after
//     a colon);
//   - "list in string": a string holding that JSON array, in whitespace;
//   - "separated", "bracketed": with Options.Split, the items' spellings
//     joined by commas or semicolons (a trailing one too), in brackets or
//     not, when no spelling holds a separator and the whole string, read
//     as one item, is no value and no ask ambiguous (which would make it
//     an ask);
//   - "lone value": a one-item list as its item's spelling alone, when the
//     list would not read the string as a list (separators, a JSON array,
//     a list literal of Options.SplitText);
//   - "+ repeated item": with Options.Unique, an item's spelling repeated
//     after it, in an array.
//
// A list with an item that is a placeholder spelling (placeholder.Is:
// "", "N/A"), which the list asks about unless declared, or with repeats
// under Unique, has no spelling that reads back as it: Spell writes it in
// the canonical class.
func (l *Reader[T]) Spell(c agentinput.Chooser, v []T) agentinput.Spelled {
	form := c.Choose("list form", 7)
	if form == 0 {
		return agentinput.Spelled{Value: canonicalItems(v), Class: "canonical"}
	}
	items := make([]agentinput.Spelled, len(v))
	for i, x := range v {
		items[i] = l.spellItem(c, x)
	}
	values := make([]any, len(items))
	for i, s := range items {
		values[i] = s.Value
	}
	array := agentinput.Spelled{Value: values, Class: "array" + itemClasses(items)}
	switch form {
	case 2:
		if text, err := json.Marshal(values); err == nil {
			sp := [...]string{"", " ", "\n", "\u00a0"}
			return agentinput.Spelled{Value: sp[c.Choose("left", len(sp))] + string(text) + sp[c.Choose("right", len(sp))],
				Class: "list in string" + itemClasses(items)}
		}
	case 3:
		if s, class, ok := l.separated(c, items); ok {
			return agentinput.Spelled{Value: s, Class: class + itemClasses(items)}
		}
	case 4:
		if len(items) == 1 && l.lone(items[0].Value) {
			return agentinput.Spelled{Value: items[0].Value, Class: "lone value" + itemClasses(items)}
		}
	case 5:
		if l.opts.Unique && len(values) > 0 {
			k := c.Choose("repeated item", len(values))
			again := l.spellItem(c, v[k])
			values = append(values[:k+1:k+1], append([]any{again.Value}, values[k+1:]...)...)
			return agentinput.Spelled{Value: values, Class: array.Class + " + repeated item"}
		}
	}
	return array
}

// spellItem spells one item: by the ItemSpeller, or its canonical JSON.
func (l *Reader[T]) spellItem(c agentinput.Chooser, x T) agentinput.Spelled {
	if l.opts.ItemSpeller != nil {
		return l.opts.ItemSpeller.Spell(c, x)
	}
	return agentinput.SpelledCanonically(x)
}

// itemClasses names the items' classes other than canonical, once each.
func itemClasses(items []agentinput.Spelled) string {
	var seen []string
	for _, s := range items {
		if s.Class != "canonical" && !strings.Contains(strings.Join(seen, "\x00"), s.Class) {
			seen = append(seen, s.Class)
		}
	}
	if len(seen) == 0 {
		return ""
	}
	return ": items " + strings.Join(seen, "; ")
}

// separators join items in a separated string; split trims the
// whitespace around each part.
var separators = []string{", ", ",", ";", "; ", " , ", ",\n"}

// separated joins the items' spellings into a separated string (with
// Options.Split), or reports false when one is no string, holds a
// separator, or is empty, or the whole string read as one item is a value
// or an ask ambiguous (then the list is that item, or asks).
func (l *Reader[T]) separated(c agentinput.Chooser, items []agentinput.Spelled) (string, string, bool) {
	if !l.opts.Split || len(items) < 2 {
		return "", "", false
	}
	var b strings.Builder
	for i, s := range items {
		text, ok := s.Value.(string)
		t, _ := spelling.Trim(text)
		if !ok || t == "" || strings.ContainsAny(text, ",;[]") || strings.TrimFunc(text, spelling.IsSpace) != text {
			return "", "", false
		}
		if i > 0 {
			b.WriteString(separators[c.Choose("separator", len(separators))])
		}
		b.WriteString(text)
	}
	if c.Choose("trailing separator", 2) == 1 {
		b.WriteString(",")
	}
	s, whole, class := b.String(), b.String(), "separated"
	if c.Choose("brackets", 2) == 1 {
		s, class = "["+s+"]", "bracketed"
		if json.Valid([]byte(s)) {
			return "", "", false // a JSON array: read as one
		}
	}
	o := l.readItem(whole, 0)
	if o.Status() == agentinput.StatusValue {
		return "", "", false
	}
	if a, ok := o.Ask(); ok && a.Code == agentinput.AskAmbiguous {
		return "", "", false
	}
	return s, class, true
}

// lone reports whether the list reads the item spelling x, sent alone,
// as a one-item list of it: not a string it would read as a list
// (separators under Split or SplitAsks, a JSON array, a list written in
// text under SplitText), nor a placeholder or a "no items" word.
func (l *Reader[T]) lone(x any) bool {
	s, ok := x.(string)
	if !ok {
		_, isArray := x.([]any)
		return !isArray && x != nil
	}
	t, _ := spelling.Trim(s)
	switch {
	case strings.HasPrefix(t, "[") && strings.HasSuffix(t, "]"):
		return false
	case l.opts.Split && strings.ContainsAny(t, ",;"):
		return false
	case l.opts.SplitAsks && strings.ContainsAny(t, ",;\n\r"):
		return false
	case l.opts.SplitText && !l.opts.Split:
		if _, isList := textItems(s); isList {
			return false
		}
	}
	return !placeholder.NoItems(s)
}

// canonicalItems is the canonical JSON array of v, decoded.
func canonicalItems[T any](v []T) any {
	if v == nil {
		v = []T{}
	}
	return agentinput.SpelledCanonically(v).Value
}

// Ambiguous writes v in a spelling the Reader asks about, one of whose
// readings is v:
//
//   - "item ambiguous": an array whose one item is spelled by the
//     ItemSpeller's Ambiguous, the others canonical: the ask's readings
//     are whole lists, that item replaced by each of its readings;
//   - "whole or split": with Options.Split, the items joined by ", " when
//     the whole string reads as one item too (two lists);
//   - "text written as a list": with Options.SplitText, free-text items
//     joined by ", " (or one item that holds a separator, sent alone):
//     the one-item list or the split list.
//
// ok is false when v has none of these (with SplitAsks the weighing of a
// separated string is left to the item kind, and not drawn).
func (l *Reader[T]) Ambiguous(c agentinput.Chooser, v []T) (agentinput.Spelled, bool) {
	var cands []func() agentinput.Spelled
	if l.opts.ItemSpeller != nil {
		for k, x := range v {
			s, ok := l.opts.ItemSpeller.Ambiguous(c, x)
			if !ok {
				continue
			}
			cands = append(cands, func() agentinput.Spelled {
				values := agentinput.SpelledCanonically(v).Value.([]any)
				values[k] = s.Value
				return agentinput.Spelled{Value: values, Class: "item ambiguous: " + s.Class}
			})
		}
	}
	if s, ok := l.wholeReadsToo(v); ok {
		cands = append(cands, func() agentinput.Spelled { return agentinput.Spelled{Value: s, Class: "whole or split"} })
	}
	if s, ok := l.textList(v); ok {
		cands = append(cands, func() agentinput.Spelled { return agentinput.Spelled{Value: s, Class: "text written as a list"} })
	}
	if len(cands) == 0 {
		return agentinput.Spelled{}, false
	}
	return cands[c.Choose("ambiguous class", len(cands))](), true
}

// wholeReadsToo joins v's canonical items by ", " under Split when the
// whole reads as one item value too.
func (l *Reader[T]) wholeReadsToo(v []T) (string, bool) {
	if !l.opts.Split || len(v) < 2 {
		return "", false
	}
	texts := make([]string, len(v))
	for i, x := range v {
		s, ok := agentinput.SpelledCanonically(x).Value.(string)
		if !ok || s == "" || strings.ContainsAny(s, ",;[]") {
			return "", false
		}
		texts[i] = s
	}
	whole := strings.Join(texts, ", ")
	if l.readItem(whole, 0).Status() != agentinput.StatusValue {
		return "", false
	}
	return whole, true
}

// textList writes free-text items as a list in one string under
// SplitText: joined by ", " when textItems reads the string back as
// exactly the items, or one item holding a separator alone.
func (l *Reader[T]) textList(v []T) (string, bool) {
	if !l.opts.SplitText || l.opts.Split {
		return "", false
	}
	texts := make([]string, len(v))
	for i, x := range v {
		s, ok := agentinput.SpelledCanonically(x).Value.(string)
		if !ok {
			return "", false
		}
		texts[i] = s
	}
	var s string
	switch {
	case len(texts) == 1:
		s = texts[0]
	case len(texts) >= 2:
		s = strings.Join(texts, ", ")
	default:
		return "", false
	}
	parts, ok := textItems(s)
	if !ok || len(parts) < 2 {
		return "", false
	}
	if len(texts) >= 2 {
		if len(parts) != len(texts) {
			return "", false
		}
		for i, p := range parts {
			if p != any(texts[i]) {
				return "", false
			}
		}
	}
	return s, true
}
