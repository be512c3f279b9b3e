package vocabulary

import (
	"encoding/json"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"agentinput.dev/agentinput"
	"agentinput.dev/internal/inflect"
	"agentinput.dev/internal/spelling"
	"agentinput.dev/kinds/country"
)

// A country qualifier is a country's spelling after an entry's, as a
// model writes it to say which country's court it means: "Nejvyšší soud
// ČR", "Nejvyšší soud, CZ", "Supreme Court (Czech Republic)". It reads
// through the country owner (kinds/country), and only for an entry whose
// data names its country (Entry.Country): see the package documentation.

// maxQualifierWords is the most words a qualifier is searched with: the
// longest name of a country the country owner reads ("The United Kingdom
// of Great Britain and Northern Ireland") has nine. It bounds the work of
// a read to that many splits of the spelling.
const maxQualifierWords = 10

// qualifierSplit is one way of reading a spelling as the spelling of an
// entry (rest) and a country (q).
type qualifierSplit struct{ rest, q string }

// splitQualifier returns the ways s may be an entry's spelling followed by
// a qualifier, the shortest qualifier first, at most maxQualifierWords
// and maxLeadingWords more:
// the rest, then a space, a comma or an opening parenthesis (with spaces
// around them, one comma and one parenthesis at most, the comma first),
// then the qualifier, with a letter in it, closed by a parenthesis when
// one opened it, and holding balanced parentheses only ("Myanmar (Burma)",
// as the country owner reads it); after a space, a qualifier led by "of"
// or "in" is what follows them (qualifierConnectors). The qualifier may also
// come first, before whitespace: the first one to maxLeadingWords words
// ("Czech Supreme Court").
func splitQualifier(s string, out []qualifierSplit) []qualifierSplit {
	// runs keeps the last maxQualifierWords runs of separators, as a ring,
	// and leading the first maxLeadingWords runs of whitespace alone.
	type run struct{ start, end int }
	var runs [maxQualifierWords]run
	var leading [maxLeadingWords]run
	n, lead := 0, 0
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		if !qualifierSeparator(r) {
			i += size
			continue
		}
		start := i
		for i < len(s) {
			r, size := utf8.DecodeRuneInString(s[i:])
			if !qualifierSeparator(r) {
				break
			}
			i += size
		}
		runs[n%maxQualifierWords] = run{start, i}
		if n == lead && lead < maxLeadingWords && !strings.ContainsAny(s[start:i], ",(") {
			leading[lead] = run{start, i}
			lead++
		}
		n++
	}
	for j := n - 1; j >= 0 && j >= n-maxQualifierWords; j-- {
		r := runs[j%maxQualifierWords]
		if r.start == 0 || r.end == len(s) {
			continue
		}
		sep, q := s[r.start:r.end], s[r.end:]
		comma, paren := strings.Count(sep, ","), strings.Count(sep, "(")
		if comma > 1 || paren > 1 || comma == 1 && paren == 1 && strings.Index(sep, ",") > strings.Index(sep, "(") {
			continue
		}
		if paren == 1 {
			if !strings.HasSuffix(q, ")") {
				continue
			}
			q = strings.TrimRightFunc(q[:len(q)-1], spelling.IsSpace)
		}
		// A number after a name is part of it ("Okresní soud Praha 10"),
		// never an ISO 3166-1 numeric code.
		if q == "" || !strings.ContainsFunc(q, unicode.IsLetter) || strings.Count(q, "(") != strings.Count(q, ")") {
			continue
		}
		// "Supreme Court of the Czech Republic", "Supreme Court in
		// Czechia": after a space, the English "of" or "in" may lead the
		// qualifier, which is then what follows it.
		if comma == 0 && paren == 0 {
			for _, c := range qualifierConnectors {
				if next, _ := utf8.DecodeRuneInString(q[min(len(c), len(q)):]); len(q) > len(c)+1 && strings.EqualFold(q[:len(c)], c) && spelling.IsSpace(next) {
					q = strings.TrimLeftFunc(q[len(c):], spelling.IsSpace)
					break
				}
			}
			if !strings.ContainsFunc(q, unicode.IsLetter) {
				continue
			}
		}
		out = append(out, qualifierSplit{rest: s[:r.start], q: q})
	}
	// The country before the entry's spelling, after whitespace alone:
	// "Czech Supreme Court".
	for j := range lead {
		r := leading[j]
		if r.start == 0 || r.end == len(s) {
			continue
		}
		if q := s[:r.start]; strings.ContainsFunc(q, unicode.IsLetter) && strings.Count(q, "(") == strings.Count(q, ")") {
			out = append(out, qualifierSplit{rest: s[r.end:], q: q})
		}
	}
	return out
}

// qualifierPlace says where the qualifier q stands in the spelling s, for
// a note: after the entry's spelling, or before it.
func qualifierPlace(s, q string) string {
	if strings.HasPrefix(s, q) {
		return ", after "
	}
	return ", then "
}

// maxLeadingWords is the most words a qualifier before an entry's
// spelling has ("Czech", "Czech Republic's"): a country's name before a
// court's is an adjective or a short name.
const maxLeadingWords = 3

// qualifierConnectors are the words that may stand between an entry's
// spelling and its country: "Supreme Court of the Czech Republic".
var qualifierConnectors = [...]string{"of", "in"}

// sameEntry reports whether a and b are spellings of one entry at least.
func (v *Reader) sameEntry(a, b string) bool {
	hb := v.restHits(b)
	if len(hb) == 0 {
		return false
	}
	for _, h := range v.restHits(a) {
		for _, g := range hb {
			if g.entry == h.entry {
				return true
			}
		}
	}
	return false
}

// genitiveCountry reads the qualifier q, of one or two words, as a
// country's name in the genitive (inflect.GenitiveNominatives): the one country
// the nominatives it may come from name, as values of the country owner.
func genitiveCountry(q string) (string, bool) {
	words := strings.Fields(q)
	if len(words) == 0 || len(words) > 2 {
		return "", false
	}
	var buf [4]string
	found := ""
	for _, nom := range inflect.GenitiveNominatives(words, buf[:0]) {
		if code, ok := country.Read(nom, country.Options{}).Value(); ok {
			if found != "" && found != code {
				return "", false
			}
			found = code
		}
	}
	return found, found != ""
}

// qualifierSeparator reports whether r may stand between an entry's
// spelling and a qualifier.
func qualifierSeparator(r rune) bool { return r == ',' || r == '(' || spelling.IsSpace(r) }

// qualified is what the qualifier reading of one spelling found.
type qualified struct {
	// readings are the entries the spelling may mean, in the order found;
	// sure reports that it means the one of them for certain: its
	// spelling, then a qualifier the country owner reads as that entry's
	// country, and no other reading.
	readings []int32
	sure     bool
	// how, rest, q and code are the reading when sure: how rest names
	// the entry, the qualifier and its country.
	how        how
	rest, q    string
	code       string
	countryAsk string // the country owner's reason when it asked about a qualifier
	// other is the reason of an ask invalid when the spelling is the
	// spelling of country-bound entries followed by another country's.
	other string
}

// found reports whether the qualifier reading applies to the spelling.
func (q *qualified) found() bool { return len(q.readings) > 0 || q.other != "" }

// qualify reads a trimmed spelling s that names no entry as an entry's
// spelling followed by a country qualifier. A split applies when its rest
// names entries of which one at least has a country, and its qualifier is
// read by the country owner (or, as a country's name in the genitive,
// genitiveCountry): as a value, the entries of that country are
// the readings, with the entries of no country the rest also names (they
// may be of that country too), or, when every entry the rest names has
// another country, the spelling names another country's (other); as an
// ask, the entries of the countries it offers are the readings, with
// those of no country, and the spelling is never sure.
func (v *Reader) qualify(s string) qualified {
	var q qualified
	var buf [maxQualifierWords + maxLeadingWords]qualifierSplit
	applied := 0
	for _, sp := range splitQualifier(s, buf[:0]) {
		// The qualifier first: it is a few words, where the rest may be
		// most of the spelling, and it is rarely a country. A spelling of
		// the entry the rest names is that entry, not a country
		// ("Ústavní soud (ÚS)": ÚS is its abbreviation, and the code of
		// the United States; it is read in parts).
		if v.sameEntry(sp.rest, sp.q) {
			continue
		}
		o := country.Read(sp.q, country.Options{})
		code, isValue := o.Value()
		if a, _ := o.Ask(); !isValue && a.Code != agentinput.AskAmbiguous {
			// A country's name in the genitive ("Nejvyšší soud České
			// republiky"): the nominative it comes from, as a value.
			code, isValue = genitiveCountry(sp.q)
		}
		var codes []string
		if isValue {
			codes = []string{code}
		} else if a, _ := o.Ask(); a.Code == agentinput.AskAmbiguous {
			for _, r := range a.Readings {
				var c string
				if json.Unmarshal(r.Value, &c) == nil {
					codes = append(codes, c)
				}
			}
		}
		if len(codes) == 0 {
			continue // not a country: no qualifier
		}
		hits := v.restHits(sp.rest)
		bound := 0
		for _, h := range hits {
			if v.countries[h.entry] != "" {
				bound++
			}
		}
		if bound == 0 {
			continue
		}
		var match, unbound []int32
		var first hit
		for _, h := range hits {
			switch c := v.countries[h.entry]; {
			case c == "":
				unbound = append(unbound, h.entry)
			case hasCode(codes, c):
				if len(match) == 0 {
					first = h
				}
				match = append(match, h.entry)
			}
		}
		if len(match) == 0 && (!isValue || len(unbound) == 0) {
			if isValue && q.other == "" {
				q.other = v.otherCountry(sp.rest, hits, sp.q, code)
			}
			continue
		}
		applied++
		if !isValue {
			a, _ := o.Ask()
			q.countryAsk = strconv.Quote(sp.q) + " may name several countries (" + a.Reason + ")"
		}
		q.sure = applied == 1 && isValue && len(match) == 1 && len(unbound) == 0
		q.how, q.rest, q.q, q.code = first.how, sp.rest, sp.q, code
		for _, i := range append(match, unbound...) {
			if !contains(q.readings, i) {
				q.readings = append(q.readings, i)
			}
		}
	}
	if applied > 1 {
		q.sure = false
	}
	return q
}

func hasCode(codes []string, c string) bool {
	for _, x := range codes {
		if x == c {
			return true
		}
	}
	return false
}

// restHits returns the entries the rest of a split names: its id as
// declared, or its folded spelling.
func (v *Reader) restHits(rest string) []hit {
	if i, ok := v.ids[rest]; ok {
		return []hit{{entry: i, how: byID}}
	}
	k := key(rest)
	if k == "" {
		return nil
	}
	return v.lookup(k)
}

// otherCountry is the reason of the ask about a spelling of entries of
// other countries followed by the qualifier q of the country code.
func (v *Reader) otherCountry(rest string, hits []hit, q, code string) string {
	var b strings.Builder
	b.WriteString(strconv.Quote(strings.TrimRightFunc(rest, func(r rune) bool { return spelling.IsSpace(r) || r == ',' || unicode.Is(unicode.Pd, r) })) + " names ")
	if len(hits) == 1 {
		i := hits[0].entry
		b.WriteString(v.entries[i].Names[0] + ", of " + country.Name(v.countries[i]) + " (" + v.countries[i] + ")")
	} else {
		b.WriteString(strconv.Itoa(len(hits)) + " entries, none of them of " + country.Name(code))
	}
	b.WriteString(", and " + strconv.Quote(q) + " names another country, " + country.Name(code) + " (" + code + "): no entry is both")
	return b.String()
}

// readQualified is the outcome of the qualifier reading q of the spelling
// s, with p the entries a name of which s begins (partial names): a value
// when q is sure and p names no other entry, an ask naming each entry q or
// p may mean otherwise, and an ask invalid when the qualifier names
// another country than the entries'.
func (v *Reader) readQualified(x any, s string, q qualified, p []int32, notes agentinput.Notes) agentinput.Outcome[string] {
	if len(q.readings) == 0 {
		return v.ask(x, agentinput.AskInvalid, q.other, nil)
	}
	all := q.readings
	for _, i := range p {
		if !contains(all, i) {
			all = append(all, i)
		}
	}
	if q.sure && len(all) == 1 {
		e := &v.entries[all[0]]
		var what string
		switch {
		case q.how == byID && q.rest == e.ID:
			what = "the id"
		case q.how == byID:
			what = "the id, with letter case, separators or diacritics differing"
		case q.how == byName:
			what = "a name of " + e.Names[0]
		case q.how == byEnglish:
			what = "the English name of " + e.Names[0]
		case q.how == byForm:
			what = "an inflected form of a name of " + e.Names[0]
		default:
			what = "an abbreviation of " + e.Names[0]
		}
		notes.Add(agentinput.NoteCountryQualifier, agentinput.Text(s),
			what+qualifierPlace(s, q.q)+strconv.Quote(q.q)+", its country "+q.code+", "+country.Name(q.code))
		return agentinput.Value(e.ID, notes)
	}
	n := min(len(all), maxReadings)
	readings := make([]agentinput.Reading, n)
	for j := range n {
		readings[j] = v.reading(all[j])
	}
	reason := "it is the spelling of an entry followed by a country, and may mean " + strconv.Itoa(len(all)) + " entries"
	if q.countryAsk != "" {
		reason = "it is the spelling of an entry followed by a country, and " + q.countryAsk
	}
	if len(all) > n {
		reason += " (the first " + strconv.Itoa(n) + " are listed)"
	}
	return v.ask(x, agentinput.AskAmbiguous, reason, readings)
}
