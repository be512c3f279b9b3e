package lint

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"strings"

	kbytes "agentinput.dev/kinds/bytes"
	"agentinput.dev/kinds/number"
)

// ShapeAMeta are the keys of Shape A's _meta: the factory puts them on
// each contents object of a resources/read result, never on the result
// itself.
var ShapeAMeta = []string{"seal_id", "evidence_class", "authority", "sha256", "contract_version"}

// templateMembers are the members of MCP's ResourceTemplate.
var templateMembers = map[string]bool{
	"uriTemplate": true, "name": true, "title": true, "description": true, "mimeType": true,
	"annotations": true, "icons": true, "_meta": true,
}

// Read is one resources/read the linter made: the URI it asked for and
// the result as the server sent it.
type Read struct {
	URI    string
	Result json.RawMessage
}

// lintResource runs the listing's rules over one listed resource or
// template: its shape (templates), its annotations, and the web signals
// (webSignal).
func lintResource(r Resource) []Finding {
	var out []Finding
	what := "resource"
	if r.Template {
		what = "resource template"
		if why := templateProblem(r); why != "" {
			out = append(out, resourceFinding(RuleTemplateShape, r.URI, fmt.Sprintf("the resource template %q %s", clip(r.URI), why)))
		}
	}
	if missing := missingAnnotations(r); len(missing) > 0 {
		out = append(out, resourceFinding(RuleResourceAnnotations, r.URI, fmt.Sprintf("the %s %q has no annotations.%s", what, clip(r.URI), strings.Join(missing, ", annotations."))))
	}
	if why := webSignal(r); why != "" {
		out = append(out, resourceFinding(RuleResourceWebProxy, r.URI, fmt.Sprintf("the %s %q %s", what, clip(r.URI), why)))
	}
	return out
}

// templateProblem says how a template is more than a URI shape, or "":
// members MCP's ResourceTemplate does not have (when its listed entry is
// known), a uriTemplate that is not an RFC 6570 template, or one with no
// variable.
func templateProblem(r Resource) string {
	var whys []string
	if r.Listed != nil {
		var members map[string]json.RawMessage
		if json.Unmarshal(r.Listed, &members) == nil {
			var extra []string
			for _, k := range sortedKeysOf(members) {
				if !templateMembers[k] {
					extra = append(extra, k)
				}
			}
			if len(extra) > 0 {
				whys = append(whys, "carries members a ResourceTemplate does not have ("+strings.Join(extra, ", ")+")")
			}
		}
	}
	vars, err := ParseURITemplate(r.URI)
	switch {
	case err != nil:
		whys = append(whys, "is not an RFC 6570 template: "+err.Error())
	case vars == 0:
		whys = append(whys, "has no variable (a fixed URI is a resource)")
	}
	return strings.Join(whys, "; ")
}

// missingAnnotations are the annotations a listed resource lacks:
// audience, priority and lastModified; a template's instances have no
// one lastModified, so a template needs audience and priority. They are
// read from the entry as listed (a typed decoding drops a priority of 0);
// with no listed entry nothing is missing.
func missingAnnotations(r Resource) []string {
	if r.Listed == nil {
		return nil
	}
	var entry struct {
		Annotations map[string]json.RawMessage `json:"annotations"`
	}
	_ = json.Unmarshal(r.Listed, &entry)
	want := []string{"audience", "priority", "lastModified"}
	if r.Template {
		want = want[:2]
	}
	have := map[string]bool{}
	for k, v := range entry.Annotations {
		if !bytes.Equal(bytes.TrimSpace(v), []byte("null")) {
			have[k] = true
		}
	}
	return sortedMissing(have, want)
}

// webSignal says how a listed resource or template stands for web content
// the client could fetch itself, or "": an http or https URI; another URI
// with an http or https URL inside it (cache://https://…); a template
// whose variable is a whole URL (a variable named url, uri, href or link,
// or ending _url or _uri, as in fetch://{+url}).
func webSignal(r Resource) string {
	if webURI(r.URI) {
		return "proxies web content (an http(s) URI)"
	}
	lower := strings.ToLower(r.URI)
	if strings.Contains(lower, "http://") || strings.Contains(lower, "https://") {
		return "carries a web URL inside its URI"
	}
	if r.Template {
		for _, v := range templateVariables(r.URI) {
			v = strings.ToLower(v)
			if v == "url" || v == "uri" || v == "href" || v == "link" || strings.HasSuffix(v, "_url") || strings.HasSuffix(v, "_uri") {
				return fmt.Sprintf("takes a whole URL as its variable %q", v)
			}
		}
	}
	return ""
}

// LintReads runs the rules of read results over the reads the linter
// made: Shape A's _meta on each contents object and not on the result
// (resource-meta-envelope, resource-meta-contents), a sha256 that is the
// content's (resource-content-sha256), and contents whose uri is http or
// https behind a URI that is not (resource-web-proxy). A result that does
// not decode as an object is skipped.
func LintReads(reads []Read) []Finding {
	var out []Finding
	for _, rd := range reads {
		var res struct {
			Meta     map[string]json.RawMessage `json:"_meta"`
			Contents []json.RawMessage          `json:"contents"`
		}
		if rd.Result == nil || json.Unmarshal(rd.Result, &res) != nil {
			continue
		}
		var envelope []string
		for _, k := range ShapeAMeta {
			if _, ok := res.Meta[k]; ok {
				envelope = append(envelope, k)
			}
		}
		if len(envelope) > 0 {
			out = append(out, resourceFinding(RuleMetaEnvelope, rd.URI, fmt.Sprintf("the read result of %q carries %s in its own _meta, not on its contents", clip(rd.URI), strings.Join(envelope, ", "))))
		}
		web := false
		for i, raw := range res.Contents {
			var c struct {
				URI  string                     `json:"uri"`
				Text *string                    `json:"text"`
				Blob *string                    `json:"blob"`
				Meta map[string]json.RawMessage `json:"_meta"`
			}
			if json.Unmarshal(raw, &c) != nil {
				continue
			}
			at := fmt.Sprintf("contents[%d] of %q", i, clip(rd.URI))
			if missing := sortedMissing(c.Meta, ShapeAMeta); len(missing) > 0 {
				out = append(out, resourceFinding(RuleMetaContents, rd.URI, fmt.Sprintf("%s has no _meta.%s", at, strings.Join(missing, ", _meta."))))
			}
			if sum, ok := c.Meta["sha256"]; ok {
				if why := sha256Problem(sum, c.Text, c.Blob); why != "" {
					out = append(out, resourceFinding(RuleContentSHA256, rd.URI, fmt.Sprintf("the _meta.sha256 of %s %s", at, why)))
				}
			}
			if !web && webURI(c.URI) && !webURI(rd.URI) {
				web = true
				out = append(out, resourceFinding(RuleResourceWebProxy, rd.URI, fmt.Sprintf("reading %q answers web content (%s)", clip(rd.URI), clip(c.URI))))
			}
		}
	}
	return out
}

// sha256Problem says how a _meta.sha256 is not the content's digest: not
// a string of 64 lower-case hex digits, or another content's. The content
// is the text's UTF-8 bytes, else the blob's base64-decoded bytes.
func sha256Problem(raw json.RawMessage, text, blob *string) string {
	var got string
	if json.Unmarshal(raw, &got) != nil {
		return "is not a string"
	}
	if len(got) != 64 || strings.ToLower(got) != got {
		return fmt.Sprintf("%q is not 64 lower-case hex digits", clip(got))
	}
	if _, err := hex.DecodeString(got); err != nil {
		return fmt.Sprintf("%q is not 64 lower-case hex digits", clip(got))
	}
	var content []byte
	switch {
	case text != nil:
		content = []byte(*text)
	case blob != nil:
		b, err := kbytes.Parse(*blob)
		if err != nil {
			return "cannot match: the blob is not base64"
		}
		content = b
	}
	sum := sha256.Sum256(content)
	if want := hex.EncodeToString(sum[:]); got != want {
		return fmt.Sprintf("is %s…, the content's is %s…", got[:12], want[:12])
	}
	return ""
}

// ParseURITemplate checks that s is an RFC 6570 URI template (levels 1–4)
// and counts its variables. Literals may not hold spaces, quotes, angle
// brackets, backslashes, ^, `, |, braces or a % that is not followed by
// two hex digits; an expression is an operator (+ # . / ; ? &) or none,
// then variable names (letters, digits, _, %XX, dots between) separated
// by commas, each with an optional * or :N (1–9999) modifier.
func ParseURITemplate(s string) (vars int, err error) {
	for i := 0; i < len(s); {
		c := s[i]
		switch {
		case c == '{':
			end := strings.IndexByte(s[i:], '}')
			if end < 0 {
				return vars, fmt.Errorf("the { at %d is not closed", i)
			}
			n, err := parseExpression(s[i+1 : i+end])
			if err != nil {
				return vars, fmt.Errorf("the expression at %d: %w", i, err)
			}
			vars += n
			i += end + 1
		case c == '}':
			return vars, fmt.Errorf("the } at %d closes nothing", i)
		case c == '%':
			if i+2 >= len(s) || !isHex(s[i+1]) || !isHex(s[i+2]) {
				return vars, fmt.Errorf("the %% at %d is not followed by two hex digits", i)
			}
			i += 3
		case c <= ' ' || c == 0x7f || strings.IndexByte("\"'<>\\^`|", c) >= 0:
			return vars, fmt.Errorf("the literal holds %q at %d", c, i)
		default:
			i++
		}
	}
	return vars, nil
}

func parseExpression(e string) (int, error) {
	if e == "" {
		return 0, errors.New("it is empty")
	}
	if strings.IndexByte("+#./;?&", e[0]) >= 0 {
		e = e[1:]
	} else if strings.IndexByte("=,!@|", e[0]) >= 0 {
		return 0, fmt.Errorf("the operator %q is reserved", e[0])
	}
	n := 0
	for _, spec := range strings.Split(e, ",") {
		name := spec
		if strings.HasSuffix(spec, "*") {
			name = spec[:len(spec)-1]
		} else if k := strings.IndexByte(spec, ':'); k >= 0 {
			name = spec[:k]
			d, err := number.Parse(spec[k+1:])
			l, whole := d.Int64()
			if err != nil || !whole || l < 1 || l > 9999 || spec[k+1] == '0' {
				return 0, fmt.Errorf("the prefix %q is not 1–9999", spec[k+1:])
			}
		}
		if !varName(name) {
			return 0, fmt.Errorf("%q is not a variable name", name)
		}
		n++
	}
	return n, nil
}

// varName: varchars (letters, digits, _, %XX) with single dots between.
func varName(s string) bool {
	if s == "" || s[0] == '.' || s[len(s)-1] == '.' {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c >= 'a' && c <= 'z', c >= 'A' && c <= 'Z', c >= '0' && c <= '9', c == '_':
		case c == '.' && s[i-1] != '.':
		case c == '%' && i+2 < len(s) && isHex(s[i+1]) && isHex(s[i+2]):
			i += 2
		default:
			return false
		}
	}
	return true
}

func isHex(c byte) bool {
	return c >= '0' && c <= '9' || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F'
}

// templateVariables are the variable names of a template's expressions,
// as far as it parses.
func templateVariables(s string) []string {
	var out []string
	for {
		i := strings.IndexByte(s, '{')
		if i < 0 {
			return out
		}
		j := strings.IndexByte(s[i:], '}')
		if j < 0 {
			return out
		}
		e := strings.TrimLeft(s[i+1:i+j], "+#./;?&")
		for _, spec := range strings.Split(e, ",") {
			spec = strings.TrimSuffix(spec, "*")
			if k := strings.IndexByte(spec, ':'); k >= 0 {
				spec = spec[:k]
			}
			out = append(out, spec)
		}
		s = s[i+j+1:]
	}
}
