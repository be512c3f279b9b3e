package binding

import "strings"

// NameRule returns the kind the name rules bind a property called name to
// (limit → number, date_from → date, *_id → uuid, …), and false for a name
// no rule recognises. The registry census (census/registry) uses it to check
// that every recognised name is bound to its rule's kind.
func NameRule(name string) (kind string, ok bool) {
	r, ok := ruleFor(name)
	if !ok {
		return "", false
	}
	kind, _, _ = strings.Cut(r.tag, ",")
	return kind, true
}
