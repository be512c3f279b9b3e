package eli

import (
	"strconv"
	"strings"
	"sync/atomic"
)

// uriParts is what scanURI found in a URI or a path: the act, each repair
// it needs to be canonical, or why it names no act.
type uriParts struct {
	register     Register
	typ          int
	year, number int

	// Repairs, each a difference from the canonical URI.
	scheme        bool // the other scheme (https for EU, http for CZ)
	noScheme      bool // a host without a scheme
	pathOnly      bool // no host: "eli/…" or "/eli/…"
	upperCase     bool // the scheme or host not in lower case
	otherHost     bool // a host that serves the same ELI (eur-lex.europa.eu)
	trailingSlash bool
	noOJ          bool // an EU ELI without /oj
	pathCase      bool // "ELI", the type code, "CZ", "SB" or "OJ" not in lower case
	leadingZeros  bool // a number written with leading zeros
	noELI         bool // a path without its "eli/" segment: "reg/2016/679/oj"
	swapped       bool // the number before the year, where only that order is valid

	// foreignHost is a host of no ELI register ("example.com") in front
	// of a valid ELI path: the register's own host replaces it.
	foreignHost string
	// bothOrders marks a Czech path alone whose number is a year too
	// ("/eli/cz/sb/2012/1990"): it could have been written in the
	// citation's order, number first, and is asked about.
	bothOrders bool

	fail string // why it names no act, "" when it does
	hint string // the hint of the ask, "" for the general one
}

// canonical reports whether the URI needs no repair.
func (u *uriParts) canonical() bool {
	return !(u.scheme || u.noScheme || u.pathOnly || u.upperCase || u.otherHost ||
		u.trailingSlash || u.noOJ || u.pathCase || u.leadingZeros || u.noELI || u.swapped ||
		u.foreignHost != "")
}

// eli returns the act, and false if scanURI failed.
func (u *uriParts) eli() (ELI, bool) {
	if u.fail != "" || u.register == 0 {
		return ELI{}, false
	}
	switch u.register {
	case EU:
		return ELI{register: EU, typ: uint8(u.typ), year: uint16(u.year), number: uint32(u.number)}, true
	case CZ:
		return ELI{register: CZ, year: uint16(u.year), number: uint32(u.number)}, true
	}
	return ELI{}, false
}

// repairNames name the repairs in the order of repairs' mask bits.
var repairNames = [...]string{
	"the register's host added to the path",
	"the scheme added",
	"the register's scheme",
	"the scheme and host in lower case",
	"the register's own host",
	"the path in lower case",
	"the number without leading zeros",
	"the act as published in the Official Journal",
	"without the trailing slash",
	"the eli/ segment added",
	"the year and the number in the ELI's order, year first",
}

// repairReasons caches the reason of each set of repairs: the note of a
// repaired URI then allocates nothing after the first of its kind.
var repairReasons [1 << len(repairNames)]atomic.Pointer[string]

// repairs says in words what was repaired, for the note.
func (u *uriParts) repairs() string {
	var mask int
	for i, ok := range [...]bool{u.pathOnly, u.noScheme, u.scheme, u.upperCase, u.otherHost,
		u.pathCase, u.leadingZeros, u.noOJ, u.trailingSlash, u.noELI, u.swapped} {
		if ok {
			mask |= 1 << i
		}
	}
	if u.foreignHost != "" {
		// The host is the agent's, not the table's: named, not cached.
		reason := "the host " + strconv.Quote(u.foreignHost) + " replaced by the register's own"
		if mask != 0 {
			reason += ", " + u.cachedRepairs(mask)
		}
		return reason
	}
	return u.cachedRepairs(mask)
}

// cachedRepairs says in words the repairs of mask, built once per mask.
func (u *uriParts) cachedRepairs(mask int) string {
	if p := repairReasons[mask].Load(); p != nil {
		return *p
	}
	var parts []string
	for i, name := range repairNames {
		if mask&(1<<i) != 0 {
			parts = append(parts, name)
		}
	}
	reason := strings.Join(parts, ", ")
	repairReasons[mask].Store(&reason)
	return reason
}

// scanURI reads s as an ELI URI, a URI without its scheme, or a path
// ("eli/reg/2016/679/oj", "/eli/…"). It reports false when s is none of
// these (a citation, perhaps), and true with fail set when s is one of
// them but names no act the kind reads.
//
// It fills u in place, from zero: a struct this size returned by value
// is copied on every read, the canonical one included.
func scanURI(s string, u *uriParts) bool {
	*u = uriParts{}
	ok := scanParts(s, u)
	if u.foreignHost != "" && u.fail != "" {
		// Under a host of no register, a path that names no act is not
		// read as an ELI at all: say so, not what is wrong in the path.
		u.fail, u.hint = reasonHost, ""
	}
	return ok
}

// scanParts is scanURI but for the reason of a host of no register.
func scanParts(s string, u *uriParts) bool { return scanForms(s, u, true) }

// scanForms is scanParts; with look false it tries every form without
// the first look (mayBeURI) that turns a citation away, which
// TestMayBeURI compares it with.
func scanForms(s string, u *uriParts, look bool) bool {
	rest := s
	var host string
	switch {
	case hasPrefixFold(rest, "http://"), hasPrefixFold(rest, "https://"):
		https := len(rest) > 4 && (rest[4] == 's' || rest[4] == 'S')
		n := len("http://")
		if https {
			n++
		}
		u.upperCase = hasUpper(rest[:n-3])
		rest = rest[n:]
		slash := strings.IndexByte(rest, '/')
		if slash < 0 {
			slash = len(rest)
		}
		host, rest = rest[:slash], rest[slash:]
		reg, canonicalHost, found := lookupHost(host)
		if !found {
			if !isHost(host, false) || !hasPrefixFold(rest, "/eli/") {
				u.fail = reasonHost
				return true
			}
			// A valid ELI path under a host of no register: the path
			// names the act, and the host is replaced, with a note.
			u.foreignHost, u.upperCase = host, false
			rest = rest[len("/eli/"):]
			break
		}
		u.register = reg
		u.scheme = (reg == EU) == https
		u.otherHost = !canonicalHost
		u.upperCase = u.upperCase || hasUpper(host)
		if !hasPrefixFold(rest, "/eli/") {
			u.fail = "its path does not begin with /eli/"
			return true
		}
		rest = rest[len("/eli/"):]
	case hasPrefixFold(rest, "/eli/"):
		u.pathOnly = true
		rest = rest[len("/eli/"):]
		u.pathCase = !strings.HasPrefix(s, "/eli/")
	case hasPrefixFold(rest, "eli/"):
		u.pathOnly = true
		rest = rest[len("eli/"):]
		u.pathCase = !strings.HasPrefix(s, "eli/")
	case look && !mayBeURI(rest):
		// A citation, told in one look at its first word, before the
		// type codes and the hosts are tried one by one.
		return false
	case startsELIPath(rest):
		// The path without its "eli/" segment: "reg/2016/679/oj",
		// "/cz/sb/2012/89".
		u.pathOnly, u.noELI = true, true
		rest = strings.TrimPrefix(rest, "/")
	default:
		// A host without a scheme: "data.europa.eu/eli/…".
		slash := strings.IndexByte(rest, '/')
		if slash < 0 {
			return false
		}
		reg, canonicalHost, found := lookupHost(rest[:slash])
		if !found {
			// A host of no register, with a dot, before "/eli/":
			// "example.com/eli/reg/2016/679/oj".
			if !isHost(rest[:slash], true) || !hasPrefixFold(rest[slash:], "/eli/") {
				return false
			}
			u.foreignHost = rest[:slash]
			rest = rest[slash+len("/eli/"):]
			break
		}
		host = rest[:slash]
		u.register, u.noScheme, u.otherHost = reg, true, !canonicalHost
		u.upperCase = hasUpper(host)
		rest = rest[slash:]
		if !hasPrefixFold(rest, "/eli/") {
			u.fail = "its path does not begin with /eli/"
			return true
		}
		rest = rest[len("/eli/"):]
	}
	if (host != "" || u.foreignHost != "") && !strings.HasPrefix(s[len(s)-len(rest)-len("/eli/"):], "/eli/") {
		u.pathCase = true
	}
	if strings.ContainsAny(rest, "?#") {
		u.fail = "it has a query or a fragment, which no ELI of an act has"
		return true
	}
	if strings.HasSuffix(rest, "/") {
		u.trailingSlash = true
		rest = rest[:len(rest)-1]
	}
	var segs [8]string
	n := 0
	for n < len(segs) {
		i := strings.IndexByte(rest, '/')
		if i < 0 {
			segs[n] = rest
			n++
			rest = ""
			break
		}
		segs[n], rest = rest[:i], rest[i+1:]
		n++
	}
	more := rest != "" // segments past the eighth
	for _, seg := range segs[:n] {
		if seg == "" {
			u.fail = "its path has an empty segment"
			return true
		}
	}
	pathReg := EU
	if n > 0 && equalFoldASCII(segs[0], "cz") {
		pathReg = CZ
	}
	if u.register != 0 && u.register != pathReg {
		u.fail = "its host is not the register of the act its path names"
		return true
	}
	u.register = pathReg
	if pathReg == CZ {
		scanCZPath(u, segs[:n], more)
	} else {
		scanEUPath(u, segs[:n], more)
	}
	return true
}

func scanEUPath(u *uriParts, segs []string, more bool) {
	if len(segs) < 3 {
		u.fail = "its path is not {type}/{year}/{number}/oj"
		return
	}
	code := segs[0]
	i, found := typeIndex(code)
	if !found {
		i, found = typeIndex(lowerASCII(code))
		u.pathCase = u.pathCase || found
	}
	if !found {
		u.fail = "the kind reads regulations, directives and decisions (reg, dir, dec and their _impl and _del forms), and the type " +
			quoteCut(code) + " is none of them"
		return
	}
	u.typ = i
	if !scanYearNumber(u, segs[1], segs[2], minYearEU) {
		return
	}
	rest := segs[3:]
	if len(rest) == 0 {
		u.noOJ = true
		return
	}
	if rest[0] != ojSegment {
		if equalFoldASCII(rest[0], ojSegment) {
			u.pathCase = true
		} else {
			e, _ := u.eli()
			u.fail = "it names a version, a part or a corrigendum of the act, not the act as published"
			u.hint = hintWhole(e)
			return
		}
	}
	if len(rest) > 1 || more {
		e, _ := u.eli()
		u.fail = "it names a language version or a format of the act, not the act"
		u.hint = hintWhole(e)
	}
}

func scanCZPath(u *uriParts, segs []string, more bool) {
	if len(segs) < 4 || !equalFoldASCII(segs[1], "sb") {
		u.fail = "its path is not cz/sb/{year}/{number}, the Czech collection of laws"
		return
	}
	if segs[0] != "cz" || segs[1] != "sb" {
		u.pathCase = true
	}
	if !scanYearNumber(u, segs[2], segs[3], minYearCZ) {
		return
	}
	// A Czech act is cited number first ("89/2012 Sb."), its ELI path is
	// year first: a path alone whose number is a year too may have been
	// written in the citation's order.
	if u.pathOnly && !u.swapped && u.number != u.year && len(segs[3]) == 4 && segs[3][0] != '0' &&
		u.number >= minYearCZ && u.number <= maxYear {
		u.bothOrders = true
	}
	if len(segs) > 4 || more {
		e, _ := u.eli()
		u.fail = "it names a version or a part of the act, not the act"
		u.hint = hintWhole(e)
	}
}

// scanYearNumber reads the year and number segments of a path.
func scanYearNumber(u *uriParts, year, number string, minYear int) bool {
	y, yOK := digits(year)
	n, nOK := digits(number)
	if !isYear(year, y, yOK, minYear) && isYear(number, n, nOK, minYear) && yOK && y >= 1 && y <= maxNumber {
		// The other order is the only valid one: "eli/reg/679/2016/oj".
		u.swapped = true
		year, number, y, n = number, year, n, y
	}
	if !isYear(year, y, yOK, minYear) {
		u.fail = "its year " + quoteCut(year) + " is not a year from " + itoa(minYear) + " to " + itoa(maxYear)
		return false
	}
	if !nOK || n < 1 || n > maxNumber {
		u.fail = "its number " + quoteCut(number) + " is not a number from 1 to " + itoa(maxNumber)
		return false
	}
	u.year, u.number = y, n
	if number[0] == '0' {
		u.leadingZeros = true
	}
	return true
}

// isYear reports whether the segment s, read as v (ok when it is digits),
// is a year: four digits from minYear to maxYear.
func isYear(s string, v int, ok bool, minYear int) bool {
	return ok && len(s) == 4 && v >= minYear && v <= maxYear
}

// startsELIPath reports whether s ("/" optional) begins with the first
// segments of an ELI path, without "eli/": an EU type code ("reg/") or
// "cz/sb/", in any case.
func startsELIPath(s string) bool {
	s = strings.TrimPrefix(s, "/")
	slash := strings.IndexByte(s, '/')
	if slash < 0 {
		return false
	}
	for _, t := range actTypes {
		if equalFoldASCII(s[:slash], t.Code) {
			return true
		}
	}
	return hasPrefixFold(s, "cz/sb/")
}

// mayBeURI reports whether s may be one of the forms scanForms reads
// after the prefixes http(s)://, /eli/ and eli/: a path without eli/
// ("reg_impl/2019/947/oj", "/cz/sb/…") or a host without a scheme
// ("data.europa.eu/eli/…", "example.com:8080/eli/…"). Each has a slash,
// and before it only characters of an ELI segment or a host, or nothing.
// A citation has a space, a parenthesis or a letter with a diacritic
// there ("Regulation (EU) 2016/679", "zákon č. 89/2012 Sb.").
// TestMayBeURI checks that it turns away nothing the forms read.
func mayBeURI(s string) bool {
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case c == '/':
			return true
		case 'a' <= c && c <= 'z', 'A' <= c && c <= 'Z', '0' <= c && c <= '9',
			c == '.', c == '-', c == '_', c == ':':
		default:
			return false
		}
	}
	return false
}

// isHost reports whether s is spelled as a host name: ASCII letters,
// digits, '-' and '.', and a port after ':'; with dotted, it must have a
// dot (a host without a scheme is told from a citation by it).
func isHost(s string, dotted bool) bool {
	if s == "" || len(s) > maxHostLen {
		return false
	}
	name, port, hasPort := strings.Cut(s, ":")
	if name == "" || (hasPort && (port == "" || len(port) > 5)) {
		return false
	}
	if _, ok := digits(port); hasPort && !ok {
		return false
	}
	dot := false
	for i := 0; i < len(name); i++ {
		c := name[i]
		switch {
		case c == '.':
			dot = true
		case c == '-', '0' <= c && c <= '9', 'a' <= c && c <= 'z', 'A' <= c && c <= 'Z':
		default:
			return false
		}
	}
	return dot || !dotted
}

// maxHostLen is the longest host name DNS allows.
const maxHostLen = 253

const reasonHost = "it is not a URI of an ELI register the kind reads (data.europa.eu for EU acts, www.e-sbirka.cz for Czech acts)"

// digits reads a run of ASCII digits of at most nine characters.
func digits(s string) (int, bool) {
	if s == "" || len(s) > 9 {
		return 0, false
	}
	n := 0
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c < '0' || c > '9' {
			return 0, false
		}
		n = n*10 + int(c-'0')
	}
	return n, true
}

// lookupHost finds host (any case) in the table of hosts, and reports
// whether it is the register's own.
func lookupHost(host string) (reg Register, canonical, found bool) {
	for i, h := range hosts {
		if equalFoldASCII(host, h.name) {
			return h.register, i == 0 || hosts[i-1].register != h.register, true
		}
	}
	return 0, false, false
}

// hasUpper reports whether s has an ASCII upper-case letter (a host in
// the table is ASCII).
func hasUpper(s string) bool {
	for i := 0; i < len(s); i++ {
		if 'A' <= s[i] && s[i] <= 'Z' {
			return true
		}
	}
	return false
}

func hasPrefixFold(s, prefix string) bool {
	return len(s) >= len(prefix) && equalFoldASCII(s[:len(prefix)], prefix)
}

// equalFoldASCII is strings.EqualFold for ASCII letters only: Unicode
// folding would read the Kelvin sign as "k" and the long s as "s", and a
// URI with them in its host is not the register's URI.
func equalFoldASCII(s, t string) bool {
	if len(s) != len(t) {
		return false
	}
	for i := 0; i < len(s); i++ {
		a, b := s[i], t[i]
		if 'A' <= a && a <= 'Z' {
			a += 'a' - 'A'
		}
		if 'A' <= b && b <= 'Z' {
			b += 'a' - 'A'
		}
		if a != b {
			return false
		}
	}
	return true
}

// lowerASCII lowercases the ASCII letters of s.
func lowerASCII(s string) string {
	if !hasUpper(s) {
		return s
	}
	b := []byte(s)
	for i, c := range b {
		if 'A' <= c && c <= 'Z' {
			b[i] = c + 'a' - 'A'
		}
	}
	return string(b)
}

// quoteCut quotes s for a reason, cut to 20 characters.
func quoteCut(s string) string {
	count := 0
	for i := range s {
		if count == 20 {
			s = s[:i] + "…"
			break
		}
		count++
	}
	return strconv.Quote(s)
}

func itoa(n int) string { return strconv.Itoa(n) }
