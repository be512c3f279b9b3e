package lint

import (
	"bufio"
	"bytes"
	"fmt"
	"sort"
	"strconv"
	"strings"
)

// PinFile renders a pin of the catalog: its digest, then each tool's, so
// that drift can say which tools changed.
//
//	# agentinput lint pin
//	catalog sha256:…
//	tool sha256:… "read_orders"
//
// A file holding only a digest (sha256:…, as lint prints it) is a pin too.
func PinFile(tools []Tool) []byte {
	var b bytes.Buffer
	b.WriteString("# agentinput lint pin: the catalog digest, then one per tool (names, titles, descriptions, schemas, annotations)\n")
	fmt.Fprintf(&b, "catalog %s\n", Digest(tools))
	lines := make([]string, len(tools))
	for i, t := range tools {
		lines[i] = fmt.Sprintf("tool %s %s\n", ToolDigest(t), strconv.Quote(t.Name))
	}
	sort.Strings(lines)
	for _, l := range lines {
		b.WriteString(l)
	}
	return b.Bytes()
}

// Pin is a parsed pin file.
type Pin struct {
	Catalog string
	// Tools maps a tool name to its digest; nil for a pin of the catalog
	// digest alone.
	Tools map[string]string
}

// maxPinBytes bounds a pin file.
const maxPinBytes = 4 << 20

// ParsePin reads a pin file.
func ParsePin(data []byte) (Pin, error) {
	var p Pin
	if len(data) > maxPinBytes {
		return p, fmt.Errorf("the pin file is over %d bytes", maxPinBytes)
	}
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(make([]byte, 0, 64<<10), maxPinBytes)
	n := 0
	for sc.Scan() {
		n++
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		kind, rest, _ := strings.Cut(line, " ")
		switch {
		case strings.HasPrefix(kind, "sha256:") && rest == "":
			p.Catalog = kind
		case kind == "catalog" && validDigest(rest):
			p.Catalog = rest
		case kind == "tool":
			d, q, _ := strings.Cut(rest, " ")
			name, err := strconv.Unquote(q)
			if err != nil || !validDigest(d) {
				return p, fmt.Errorf("line %d is not `tool sha256:… \"name\"`", n)
			}
			if p.Tools == nil {
				p.Tools = map[string]string{}
			}
			p.Tools[name] = d
		default:
			return p, fmt.Errorf("line %d is neither a digest, `catalog sha256:…` nor `tool sha256:… \"name\"`", n)
		}
	}
	if p.Catalog == "" || !validDigest(p.Catalog) {
		return p, fmt.Errorf("the pin file holds no catalog digest")
	}
	return p, nil
}

func validDigest(s string) bool {
	h, ok := strings.CutPrefix(s, "sha256:")
	if !ok || len(h) != 64 {
		return false
	}
	for _, r := range h {
		if !strings.ContainsRune("0123456789abcdef", r) {
			return false
		}
	}
	return true
}

// Drift compares a catalog with a pin: no findings when the digests agree;
// otherwise one catalog-drift finding per tool added, removed or changed
// (when the pin has tool digests), or one for the catalog.
func Drift(tools []Tool, pin Pin) []Finding {
	got := Digest(tools)
	if got == pin.Catalog {
		return nil
	}
	if pin.Tools == nil {
		return []Finding{NewFinding(RuleCatalogDrift, "", "", fmt.Sprintf("the catalog's digest is %s, the pin's %s", got, pin.Catalog))}
	}
	now := map[string]string{}
	for _, t := range tools {
		now[t.Name] = ToolDigest(t)
	}
	var out []Finding
	names := make([]string, 0, len(now)+len(pin.Tools))
	for n := range now {
		names = append(names, n)
	}
	for n := range pin.Tools {
		if _, ok := now[n]; !ok {
			names = append(names, n)
		}
	}
	sort.Strings(names)
	for _, n := range names {
		was, pinned := pin.Tools[n]
		is, listed := now[n]
		switch {
		case !pinned:
			out = append(out, NewFinding(RuleCatalogDrift, n, "", "a tool the pin does not have"))
		case !listed:
			out = append(out, NewFinding(RuleCatalogDrift, n, "", "a pinned tool the server no longer lists"))
		case was != is:
			out = append(out, NewFinding(RuleCatalogDrift, n, "", "its name, title, description, annotations, input or output schema changed"))
		}
	}
	if len(out) == 0 { // the same tools, listed twice or in a different multiset
		out = append(out, NewFinding(RuleCatalogDrift, "", "", fmt.Sprintf("the catalog's digest is %s, the pin's %s", got, pin.Catalog)))
	}
	return out
}
