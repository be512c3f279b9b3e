package filter

import (
	"bytes"
	"encoding/json"

	"agentinput.dev/agentinput"
	"agentinput.dev/internal/spelling"
)

var _ agentinput.Speller[string] = (*Reader[string])(nil)

// Spell writes v in a spelling the filter reads back as v: the kind's own
// spellings, drawn by the kind's Speller (the vocabulary's Spell over a
// vocabulary, Options.Speller over another kind), with their classes; or,
// with no Speller, v's canonical JSON ("canonical"). The filter adds no
// class of its own for a value — its own spellings ("all", "*", "-NS",
// "NS*") are no value — and a spelling of the kind that the filter reads
// as one of them (a "not filtering" word, a pattern, a negation that is no
// value of the kind) is replaced by the canonical one.
func (f *Reader[T]) Spell(c agentinput.Chooser, v T) agentinput.Spelled {
	if f.speller == nil {
		return agentinput.SpelledCanonically(v)
	}
	s := f.speller.Spell(c, v)
	if f.filterClass(s.Value) {
		return agentinput.SpelledCanonically(v)
	}
	return s
}

// filterClass reports whether the filter reads a spelling as one of its
// own classes rather than as the kind reads it.
func (f *Reader[T]) filterClass(raw any) bool {
	if NotFiltering(raw) {
		return true
	}
	text, ok := spelled(raw)
	if !ok {
		return false
	}
	o := f.read(raw)
	if o.Status() == agentinput.StatusValue && o.NoteCount() == 0 {
		return false
	}
	if rest, ok := negation(text); ok && !f.markIsValue(o, rest) {
		return true
	}
	return pattern(text)
}

// Ambiguous writes v in a spelling the filter asks about, naming v:
//
//   - "pattern": a wildcard pattern ("NS*", "*nejvyssi soud", "n?") that
//     matches v's id or one of its names (or v among Options.Values over
//     another kind): over a vocabulary under MissDrop only a pattern that
//     matches v alone is asked about (one matching more is dropped);
//   - the kind's own ambiguous spellings (the Speller's Ambiguous), over
//     another kind, and over a vocabulary under MissAsk (under MissDrop
//     the vocabulary's ask about a spelling several entries share is
//     dropped, not asked).
//
// ok is false when v has none: a value of a kind with no declared values
// and no ambiguous spelling.
func (f *Reader[T]) Ambiguous(c agentinput.Chooser, v T) (agentinput.Spelled, bool) {
	var cands []agentinput.Spelled
	if i, ok := f.declared(v); ok {
		for _, fs := range f.folded[i] {
			r := []rune(fs)
			for _, p := range []string{fs + "*", "*" + fs, string(r[:len(r)-1]) + "?"} {
				if f.asksPattern(p, i) {
					cands = append(cands, agentinput.Spelled{Value: p, Class: "pattern"})
				}
			}
		}
	}
	if f.speller != nil && (f.vocab == nil || f.miss == MissAsk) {
		if s, ok := f.speller.Ambiguous(c, v); ok && !f.filterClass(s.Value) {
			cands = append(cands, s)
		}
	}
	if len(cands) == 0 {
		return agentinput.Spelled{}, false
	}
	return cands[c.Choose("ambiguous spelling", len(cands))], true
}

// declared returns the position of v among the ids (or declared values)
// the filter's patterns match.
func (f *Reader[T]) declared(v T) (int, bool) {
	want, err := json.Marshal(v)
	if err != nil {
		return 0, false
	}
	for i, id := range f.ids {
		if got, ok := f.read(id).Value(); ok {
			if b, _ := json.Marshal(got); bytes.Equal(b, want) {
				return i, true
			}
		}
	}
	return 0, false
}

// asksPattern reports whether the filter reads the pattern p as an ask
// whose readings hold the value of position i: a pattern as the filter
// tells one, that matches it among the first maxMatches, and, over a
// vocabulary under MissDrop, matches it alone.
func (f *Reader[T]) asksPattern(p string, i int) bool {
	if NotFiltering(p) || !pattern(p) || spelling.Fold(p) != p {
		return false
	}
	if o := f.read(p); o.Status() == agentinput.StatusValue && o.NoteCount() == 0 {
		return false
	}
	if rest, ok := negation(p); ok && !f.markIsValue(f.read(p), rest) {
		return false
	}
	m := f.match(p)
	if f.vocab != nil && f.miss == MissDrop {
		return len(m) == 1 && m[0] == f.ids[i]
	}
	for j, id := range m {
		if id == f.ids[i] && j < maxMatches {
			return true
		}
	}
	return false
}
