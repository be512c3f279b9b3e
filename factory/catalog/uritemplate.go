package catalog

import (
	"errors"
	"fmt"
	"net/url"
	"strings"
)

// uriTemplate is a parsed URI template of the subset the catalog serves
// (RFC 6570): literal text, simple variables {name}, reserved variables
// {+name} (which may hold a slash), and one form-style query {?a,b} at the
// end. Two variables never touch without a literal between them, so that
// a URI splits into its values one way only.
type uriTemplate struct {
	text  string
	parts []uriPart
	query []string // the names of the trailing {?…}, in order
}

// uriPart is a literal (name "") or a variable.
type uriPart struct {
	literal  string
	name     string
	reserved bool
}

// parseTemplate parses a declared URI template; every mistake is an error
// of the declaration.
func parseTemplate(t string) (*uriTemplate, error) {
	ut := &uriTemplate{text: t}
	if !hasScheme(t) {
		return nil, fmt.Errorf("the URI template %q has no scheme (decision://{id})", t)
	}
	seen := map[string]bool{}
	rest := t
	for rest != "" {
		if ut.query != nil {
			return nil, fmt.Errorf("the URI template %q has text after its {?…}: the query expression comes last", t)
		}
		open := strings.IndexAny(rest, "{}")
		if open < 0 {
			ut.parts = append(ut.parts, uriPart{literal: rest})
			break
		}
		if rest[open] == '}' {
			return nil, fmt.Errorf("the URI template %q has a } without its {", t)
		}
		if open > 0 {
			ut.parts = append(ut.parts, uriPart{literal: rest[:open]})
		}
		end := strings.IndexByte(rest[open:], '}')
		if end < 0 {
			return nil, fmt.Errorf("the URI template %q has a { without its }", t)
		}
		expr := rest[open+1 : open+end]
		rest = rest[open+end+1:]
		var names []string
		switch {
		case strings.HasPrefix(expr, "?"):
			names = strings.Split(expr[1:], ",")
		case strings.HasPrefix(expr, "+"):
			names = []string{expr[1:]}
		default:
			names = []string{expr}
		}
		for _, n := range names {
			if !validVarName(n) {
				return nil, fmt.Errorf("the URI template %q: %q is not a variable the catalog serves: {name}, {+name} or {?a,b} with names of letters, digits and _", t, "{"+expr+"}")
			}
			if seen[n] {
				return nil, fmt.Errorf("the URI template %q names %s twice", t, n)
			}
			seen[n] = true
		}
		if strings.HasPrefix(expr, "?") {
			ut.query = names
			continue
		}
		if k := len(ut.parts); k > 0 && ut.parts[k-1].name != "" {
			return nil, fmt.Errorf("the URI template %q puts two variables side by side; put a literal between them so a URI splits one way", t)
		}
		ut.parts = append(ut.parts, uriPart{name: names[0], reserved: strings.HasPrefix(expr, "+")})
	}
	if len(seen) == 0 {
		return nil, fmt.Errorf("the URI template %q has no variable: declare it as a resource", t)
	}
	return ut, nil
}

func validVarName(n string) bool {
	if n == "" {
		return false
	}
	for _, r := range n {
		if !(r == '_' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9') {
			return false
		}
	}
	return true
}

// hasScheme reports whether a URI (or template) starts with a scheme:
// a letter, then letters, digits, +, - or ., then a colon.
func hasScheme(uri string) bool {
	scheme, _, ok := strings.Cut(uri, ":")
	if !ok || scheme == "" {
		return false
	}
	for i, r := range scheme {
		letter := r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z'
		if !letter && (i == 0 || !(r >= '0' && r <= '9' || r == '+' || r == '-' || r == '.')) {
			return false
		}
	}
	return true
}

// schemeOf is a URI's scheme in lower case, "" when it has none.
func schemeOf(uri string) string {
	if !hasScheme(uri) {
		return ""
	}
	s, _, _ := strings.Cut(uri, ":")
	return strings.ToLower(s)
}

// names is every variable of the template, in order.
func (ut *uriTemplate) names() []string {
	var out []string
	for _, p := range ut.parts {
		if p.name != "" {
			out = append(out, p.name)
		}
	}
	return append(out, ut.query...)
}

// errNoMatch is match's answer for a URI the template does not describe.
var errNoMatch = errors.New("no match")

// match splits a URI into the template's values, as sent: each value is
// the text between the literals around it, percent-decoded where it
// decodes. The scheme matches in any letter case. A simple variable holds
// no slash (a reserved one may), and none holds "?" when a query follows.
// Query members the template does not name come back too (the caller
// asks about them); a variable left out of the query is absent.
func (ut *uriTemplate) match(uri string) (map[string]string, error) {
	vals := map[string]string{}
	rest := uri
	if ut.query != nil {
		if i := strings.IndexByte(rest, '?'); i >= 0 {
			q := rest[i+1:]
			rest = rest[:i]
			for _, pair := range strings.Split(q, "&") {
				if pair == "" {
					continue
				}
				k, v, _ := strings.Cut(pair, "=")
				k, v = unescape(k, true), unescape(v, true)
				if _, dup := vals[k]; dup {
					return nil, fmt.Errorf("the query names %s twice", k)
				}
				vals[k] = v
			}
		}
	}
	for i, p := range ut.parts {
		if p.name == "" {
			lit := p.literal
			if i == 0 {
				// The scheme in any letter case, the rest as declared.
				colon := strings.IndexByte(lit, ':') + 1
				if len(rest) < len(lit) || !strings.EqualFold(rest[:colon], lit[:colon]) || rest[colon:len(lit)] != lit[colon:] {
					return nil, errNoMatch
				}
				rest = rest[len(lit):]
				continue
			}
			if !strings.HasPrefix(rest, lit) {
				return nil, errNoMatch
			}
			rest = rest[len(lit):]
			continue
		}
		end := len(rest)
		if i+1 < len(ut.parts) {
			// The next literal ends the value: its last occurrence for a
			// reserved variable, its first for a simple one.
			next := ut.parts[i+1].literal
			if p.reserved {
				end = strings.LastIndex(rest, next)
			} else {
				end = strings.Index(rest, next)
			}
			if end < 0 {
				return nil, errNoMatch
			}
		}
		v := rest[:end]
		if !p.reserved && strings.Contains(v, "/") || ut.query == nil && strings.Contains(v, "?") {
			return nil, errNoMatch
		}
		if _, dup := vals[p.name]; dup {
			return nil, fmt.Errorf("the query names %s, which the path holds", p.name)
		}
		vals[p.name] = unescape(v, false)
		rest = rest[end:]
	}
	if rest != "" {
		return nil, errNoMatch
	}
	return vals, nil
}

// unescape percent-decodes a value where it decodes, and leaves it as
// sent where it does not (a lone "%" is the caller's text).
func unescape(s string, query bool) string {
	var out string
	var err error
	if query {
		out, err = url.QueryUnescape(s)
	} else {
		out, err = url.PathUnescape(s)
	}
	if err != nil {
		return s
	}
	return out
}

// expand writes the URI of the given values: a simple variable's value
// percent-encoded but for RFC 3986's unreserved characters, a reserved
// one's keeping the reserved characters too, the query's members in the
// template's order, those without a value left out.
func (ut *uriTemplate) expand(vals map[string]string) string {
	var b strings.Builder
	for _, p := range ut.parts {
		if p.name == "" {
			b.WriteString(p.literal)
			continue
		}
		b.WriteString(encode(vals[p.name], p.reserved))
	}
	sep := byte('?')
	for _, n := range ut.query {
		v, ok := vals[n]
		if !ok {
			continue
		}
		b.WriteByte(sep)
		sep = '&'
		b.WriteString(n)
		b.WriteByte('=')
		b.WriteString(encode(v, false))
	}
	return b.String()
}

const hexDigits = "0123456789ABCDEF"

func encode(s string, reserved bool) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		c := s[i]
		if unreserved(c) || reserved && strings.IndexByte(":/?#[]@!$&'()*+,;=", c) >= 0 {
			b.WriteByte(c)
			continue
		}
		b.WriteByte('%')
		b.WriteByte(hexDigits[c>>4])
		b.WriteByte(hexDigits[c&15])
	}
	return b.String()
}

func unreserved(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '-' || c == '.' || c == '_' || c == '~'
}
