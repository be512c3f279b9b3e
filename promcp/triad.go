package promcp

import "strings"

// Triad is the category a proMCP tool belongs to, as its name's prefix
// declares it.
type Triad string

// The three categories.
const (
	// TriadRead observes and changes nothing: read_*.
	TriadRead Triad = "read"
	// TriadDo changes data, retry-safe through an idempotency key: do_*.
	TriadDo Triad = "do"
	// TriadCanDo checks whether an action is allowed and feasible now:
	// can_do, or can_do_*.
	TriadCanDo Triad = "can_do"
)

// NameTriad is the category a tool name's prefix declares: t is the
// category of the prefix the name starts with ("" when it starts with
// none), and exact reports whether it is exactly one prefix followed by a
// name of its own — read_orders, do_tag, can_do and can_do_refund; not
// read_, do_read, do_read_orders or can_do_do_tag.
func NameTriad(name string) (t Triad, exact bool) {
	var rest string
	switch {
	case name == "can_do":
		return TriadCanDo, true
	case strings.HasPrefix(name, "can_do_"):
		t, rest = TriadCanDo, name[len("can_do_"):]
	case strings.HasPrefix(name, "read_"):
		t, rest = TriadRead, name[len("read_"):]
	case strings.HasPrefix(name, "do_"):
		t, rest = TriadDo, name[len("do_"):]
	default:
		return "", false
	}
	switch rest {
	case "", "read", "do", "can_do": // do_read names a category, not an action
		return t, false
	}
	for _, p := range []string{"read_", "do_", "can_do_"} {
		if strings.HasPrefix(rest, p) {
			return t, false
		}
	}
	return t, true
}
