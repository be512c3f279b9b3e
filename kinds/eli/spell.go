package eli

import (
	"strconv"
	"strings"
	"unicode"

	"agentinput.dev/agentinput"
	"agentinput.dev/internal/spelling"
)

var _ agentinput.Speller[ELI] = (*Reader)(nil)

// Spell writes e in a spelling Read reads back as e, drawn from the
// classes of the package documentation (each may be wrapped in outer
// whitespace and one pair of quotes, "+ outer whitespace", "+ quoted"):
//
//   - "canonical": the ELI URI;
//   - "URI form": http or https, any case in scheme and host, the hosts
//     that serve the same paths, no scheme, any case in the path's words,
//     leading zeros in the number, without /oj, a trailing slash;
//   - "path alone": "eli/…" or "/eli/…", and "path without eli/"
//     ("reg/2016/679/oj", "/cz/sb/2012/89"), with the repairs above (a
//     Czech path whose number is a year too is asked about, so it is
//     spelled with a host or leading zeros);
//   - "number before year": "eli/reg/679/2016/oj", where only that order
//     is valid (the number is no four-digit year);
//   - "host of no register": a valid path under "example.com";
//   - "citation (en)", "citation (cs)": an EU act's citation in English or
//     Czech, with its issuer, marker, "No"/"č.", abbreviation, two-digit
//     year before 1999, leading zeros, letter case and a title after it,
//     in the order its type and year allow, only when no other order fits
//     the type (else a URI form is drawn);
//   - "Czech citation": "89/2012 Sb." with a type word, "č." (glued or
//     not), "Sb" without its dot, letter case and a title; and "Czech
//     citation (Coll.)" for an act before 1993.
func (r *Reader) Spell(c agentinput.Chooser, e ELI) agentinput.Spelled {
	var core, class string
	switch c.Choose("class", 4) {
	case 0:
		core, class = e.String(), "canonical"
	case 1:
		core, class = uriForm(c, e)
	case 2:
		core, class = foreignHost(c, e), "host of no register"
	default:
		if e.register == CZ {
			core, class = czCitation(c, e)
			break
		}
		s, a, b, lang := euCitation(c, e)
		if otherOrder(e, a, b) {
			core, class = uriForm(c, e)
			break
		}
		core, class = s, "citation ("+lang+")"
	}
	s, w := wrapped(c, core)
	if w != "" {
		class += " + " + w
	}
	return agentinput.Spelled{Value: s, Class: class}
}

// Ambiguous writes e in a spelling Read asks about, an ask ambiguous whose
// readings name e:
//
//   - "citation without type": "2016/679", "(EU) 2016/679" for an EU act
//     of no form (implementing or delegated acts are never read from a
//     citation that does not name the form), "89/2012" for a Czech act;
//   - "both orders": a citation naming e's type whose two numbers fit it
//     in either order ("Implementing Regulation 2016/1999");
//   - "Coll. from 1993": "89/2012 Coll." for a Czech act from 1993, when
//     "Coll." names the Slovak collection too;
//   - "Czech path, number a year too": "/eli/cz/sb/2012/1990".
//
// ok is false when e has none: an implementing or delegated act whose
// numbers fit its type in one order only.
func (r *Reader) Ambiguous(c agentinput.Chooser, e ELI) (agentinput.Spelled, bool) {
	var options []func() agentinput.Spelled
	year, num := strconv.Itoa(e.Year()), strconv.Itoa(e.Number())
	switch {
	case e.register == CZ:
		options = append(options, func() agentinput.Spelled {
			return agentinput.Spelled{Value: num + "/" + year, Class: "citation without type"}
		})
		if e.Year() >= 1993 {
			options = append(options, func() agentinput.Spelled {
				return agentinput.Spelled{Value: num + "/" + year + " Coll.", Class: "Coll. from 1993"}
			})
		}
		if n := e.Number(); n != e.Year() && n >= minYearCZ && n <= maxYear {
			options = append(options, func() agentinput.Spelled {
				return agentinput.Spelled{Value: "/eli/cz/sb/" + year + "/" + num, Class: "Czech path, number a year too"}
			})
		}
	case actTypes[e.typ].Form == "":
		a, b := year, num
		if !fitsOrder(actTypes[e.typ].Base, yearFirst, e.Year()) {
			a, b = num, year
		}
		options = append(options, func() agentinput.Spelled {
			p := []string{"", "(EU) "}[c.Choose("marker", 2)]
			return agentinput.Spelled{Value: p + a + "/" + b, Class: "citation without type"}
		})
	}
	if e.register == EU {
		at := actTypes[e.typ]
		for _, o := range [...]order{yearFirst, numberFirst} {
			if !fitsOrder(at.Base, o, e.Year()) {
				continue
			}
			a, b := strconv.Itoa(e.Year()), strconv.Itoa(e.Number())
			if o == numberFirst {
				a, b = b, a
			}
			if otherOrder(e, a, b) {
				words := baseWords[at.Base][0]
				if at.Form != "" {
					words = formNamesEN[at.Form] + " " + words
				}
				options = append(options, func() agentinput.Spelled {
					return agentinput.Spelled{Value: words + " " + a + "/" + b, Class: "both orders"}
				})
			}
		}
	}
	if len(options) == 0 {
		return agentinput.Spelled{}, false
	}
	return options[c.Choose("ambiguous class", len(options))](), true
}

// fitsOrder reports whether an act of base type, of year, is cited in
// order o (the table orders).
func fitsOrder(base string, o order, year int) bool {
	span := orders[base][o]
	return year >= span.from && year <= span.to
}

// otherOrder reports whether the citation "a/b" of e's type (a and b as
// written) also fits the type in the other order than e's, naming another
// act: the reading is then an ask naming both.
func otherOrder(e ELI, a, b string) bool {
	at := actTypes[e.typ]
	for _, o := range [...]order{yearFirst, numberFirst} {
		y, n := a, b
		if o == numberFirst {
			y, n = b, a
		}
		year, ok := euYear(y)
		num, okN := number(n)
		if !ok || !okN || !fitsOrder(at.Base, o, year) {
			continue
		}
		if year != e.Year() || num != e.Number() {
			return true
		}
	}
	return false
}

// spaceRunes are whitespace spelling.Trim removes around a value, and
// quotePairs a few of the pairs of quotes it removes.
var (
	spaceRunes = [...]string{" ", "  ", "\t", "\n", "\u00a0", "\u2009", "\u3000", "\ufeff"}
	quotePairs = spelling.WrapQuotes
)

// wrapped draws the wrapping Read trims around s: none (choice 0, class
// ""), outer whitespace, or one pair of quotes (whitespace inside and
// around it or not).
func wrapped(c agentinput.Chooser, s string) (string, string) {
	switch c.Choose("wrapping", 3) {
	case 0:
		return s, ""
	case 1:
		return spaceRunes[c.Choose("left", len(spaceRunes))] + s + optSpace(c, "right"), "outer whitespace"
	}
	q := quotePairs[c.Choose("quotes", len(quotePairs))]
	return optSpace(c, "left") + q[0] + optSpace(c, "inner left") + s + optSpace(c, "inner right") + q[1] + optSpace(c, "right"), "quoted"
}

func optSpace(c agentinput.Chooser, label string) string {
	if i := c.Choose(label, len(spaceRunes)+1); i > 0 {
		return spaceRunes[i-1]
	}
	return ""
}

// letterCase spells s as it is (choice 0), in upper or lower case, or in a
// case drawn per letter.
func letterCase(c agentinput.Chooser, s, label string) string {
	switch c.Choose(label, 4) {
	case 0:
		return s
	case 1:
		return strings.ToUpper(s)
	case 2:
		return strings.ToLower(s)
	}
	var b strings.Builder
	for _, r := range s {
		if c.Choose(label+" letter", 2) == 1 {
			r = unicode.ToUpper(r)
		} else {
			r = unicode.ToLower(r)
		}
		b.WriteRune(r)
	}
	return b.String()
}

func pick(c agentinput.Chooser, label string, list ...string) string {
	return list[c.Choose(label, len(list))]
}

// hostsOf are the hosts of e's register (the table hosts).
func hostsOf(e ELI) []string {
	var out []string
	for _, h := range hosts {
		if h.register == e.register {
			out = append(out, h.name)
		}
	}
	return out
}

// yearLike reports whether n, written without zeros, is a four-digit year
// of e's register: a path with it in the year's place is read so.
func yearLike(e ELI, n int) bool {
	minYear := minYearEU
	if e.register == CZ {
		minYear = minYearCZ
	}
	return n >= 1000 && n >= minYear && n <= maxYear
}

// uriForm spells e as a URI or a path (see Spell), never a Czech path
// alone whose number is a year too, which asks.
func uriForm(c agentinput.Chooser, e ELI) (string, string) { return uriPath(c, e, true) }

// uriPath is uriForm, and with safe false it may spell a Czech path alone
// whose number (without zeros) is a year too, which asks (TestPropertyURI
// checks that ask).
func uriPath(c agentinput.Chooser, e ELI, safe bool) (string, string) {
	var b strings.Builder
	class := "URI form"
	form := c.Choose("form", 5)
	switch form {
	case 0: // a full URI
		b.WriteString(letterCase(c, pick(c, "scheme", "https", "http"), "scheme case"))
		b.WriteString("://")
		b.WriteString(letterCase(c, pick(c, "host", hostsOf(e)...), "host case"))
		b.WriteString("/")
	case 1: // a host without a scheme
		b.WriteString(letterCase(c, pick(c, "host", hostsOf(e)...), "host case"))
		b.WriteString("/")
	case 2: // "/eli/…"
		b.WriteString("/")
		class = "path alone"
	case 3:
		class = "path alone"
	case 4: // no "eli/"
		b.WriteString(pick(c, "slash", "", "/"))
		class = "path without eli/"
	}
	if form != 4 {
		b.WriteString(letterCase(c, "eli", "eli case"))
		b.WriteString("/")
	}
	zeros := c.Choose("leading zeros", 3)
	if safe && form >= 2 && e.register == CZ && zeros == 0 && yearLike(e, e.Number()) && e.Number() != e.Year() {
		zeros = 1 // the path alone would be asked about in both orders
	}
	number := strings.Repeat("0", zeros) + strconv.Itoa(e.Number())
	first, second := strconv.Itoa(e.Year()), number
	if zeros == 0 && !yearLike(e, e.Number()) && c.Choose("number before year", 2) == 1 {
		first, second = second, first
		class = "number before year"
	}
	if e.register == CZ {
		b.WriteString(letterCase(c, "cz/sb", "cz/sb case"))
		b.WriteString("/" + first + "/" + second)
	} else {
		b.WriteString(letterCase(c, e.Type(), "type case"))
		b.WriteString("/" + first + "/" + second)
		if c.Choose("without oj", 2) == 0 {
			b.WriteString("/" + letterCase(c, "oj", "oj case"))
		}
	}
	if c.Choose("trailing slash", 2) == 1 {
		b.WriteString("/")
	}
	return b.String(), class
}

// foreignHost spells e's canonical path under a host of no register.
func foreignHost(c agentinput.Chooser, e ELI) string {
	s := e.String()
	path := s[strings.Index(s, "/eli/"):]
	return pick(c, "scheme", "https", "http") + "://" + pick(c, "foreign host", "example.com", "legislation.example.org", "eli.example.net") + path
}

var (
	baseWords   = map[string][2]string{"reg": {"Regulation", "nařízení"}, "dir": {"Directive", "směrnice"}, "dec": {"Decision", "rozhodnutí"}}
	formNamesEN = map[string]string{"impl": "Implementing", "del": "Delegated"}
)

// euCitation spells e as a citation in English or Czech, in the order its
// type and year allow (drawn when both are allowed), with the markers,
// issuers and title of the class. It returns the citation, its two
// numbers as written, and its language ("en" or "cs"). The citation may
// fit e's type in the other order too (otherOrder): then it asks.
func euCitation(c agentinput.Chooser, e ELI) (s, a, b, lang string) {
	at := actTypes[e.typ]
	yf := true
	switch {
	case at.Base == "reg":
		yf = e.Year() >= unifiedFrom
	case at.Base == "dec" && e.Year() < unifiedFrom:
		yf = c.Choose("number first", 2) == 0
	}
	year := strconv.Itoa(e.Year())
	if e.Year() <= 1999 && c.Choose("two-digit year", 2) == 1 {
		year = year[2:]
	}
	number := strings.Repeat("0", c.Choose("leading zero", 2)) + strconv.Itoa(e.Number())
	a, b = year, number
	if !yf {
		a, b = number, year
	}
	marker := pick(c, "marker", "", "EU", "EC", "EEC", "Euratom", "ES", "EHS")
	var words []string
	lang = "en"
	if c.Choose("czech", 2) == 0 {
		if issuer := pick(c, "issuer", "", "Commission", "Council"); issuer != "" {
			words = append(words, issuer)
		}
		if at.Form != "" {
			words = append(words, formNamesEN[at.Form])
		}
		if c.Choose("abbreviated", 5) == 4 {
			words = append(words, strings.ToUpper(at.Base[:1])+at.Base[1:]+".")
		} else {
			words = append(words, baseWords[at.Base][0])
		}
		if marker != "" && c.Choose("marker before", 2) == 1 {
			words = append(words, "("+marker+")")
			marker = ""
		}
		if !yf && c.Choose("No", 2) == 1 {
			words = append(words, pick(c, "No", "No", "No.", "Nr."))
		}
	} else {
		lang = "cs"
		if at.Form == "impl" {
			words = append(words, "prováděcí")
		}
		words = append(words, baseWords[at.Base][1])
		if issuer := pick(c, "issuer", "", "Komise", "Rady", "Evropského parlamentu a Rady"); issuer != "" {
			words = append(words, issuer)
		}
		if at.Form == "del" {
			words = append(words, "v přenesené pravomoci")
		}
		if marker != "" && c.Choose("marker before", 2) == 1 {
			words = append(words, "("+marker+")")
			marker = ""
		}
		if !yf && c.Choose("č.", 2) == 1 {
			words = append(words, "č.")
		}
	}
	id := a + "/" + b
	if marker != "" {
		id += "/" + marker
	}
	words = append(words, id)
	s = letterCase(c, strings.Join(words, " "), "citation case")
	s += pick(c, "title", "", ".", ",", " of the European Parliament and of the Council",
		" of 24 May 2019 on the rules", " (Text with EEA relevance)", ", repealing Directive 95/46/EC", " ze dne 27. dubna 2016 o ochraně")
	return s, a, b, lang
}

// czCitation spells a Czech act as its citation: "89/2012 Sb." with a
// type word, "č.", letter case and a title; or "Coll." before 1993.
func czCitation(c agentinput.Chooser, e ELI) (string, string) {
	var words []string
	if w := pick(c, "type", "", "zákon", "zákona", "ústavní zákon", "vyhláška", "nařízení vlády", "sdělení Ministerstva zahraničních věcí"); w != "" {
		words = append(words, w)
	}
	no := pick(c, "č.", "", "č.", "č", "c.")
	id := strconv.Itoa(e.Number()) + "/" + strconv.Itoa(e.Year())
	if no == "č." && c.Choose("glued", 2) == 1 {
		words = append(words, no+id)
	} else {
		if no != "" {
			words = append(words, no)
		}
		words = append(words, id)
	}
	class := "Czech citation"
	if e.Year() < 1993 && c.Choose("Coll.", 2) == 1 {
		words = append(words, pick(c, "Coll. mark", "Coll.", "Coll"))
		class = "Czech citation (Coll.)"
	} else {
		words = append(words, pick(c, "Sb.", "Sb.", "Sb"))
	}
	s := letterCase(c, strings.Join(words, " "), "citation case")
	return s + pick(c, "title", "", ", občanský zákoník", ", ve znění pozdějších předpisů", ", kterým se mění zákon č. 40/2009 Sb."), class
}
