package factory

import (
	"bytes"
	"encoding/json"
	"strconv"
	"unicode"
	"unicode/utf8"

	"agentinput.dev/agentinput"
	"agentinput.dev/internal/binding"
	"agentinput.dev/internal/jsonscan"
)

// decodeArguments decodes a call's arguments within the budgets of
// agentinput/budget.go. Missing or null arguments are an empty object.
// Over a budget is a too_large issue at the path where it was crossed;
// never a panic, a hang or a silent truncation. A string that
// encoding/json would change (a byte that is not UTF-8, a lone surrogate
// escape: both become U+FFFD) is an ask invalid at its path, never a
// silent repair.
func decodeArguments(raw json.RawMessage) (map[string]any, *agentinput.Issue) {
	return decodeArgumentsNamed(raw, nil)
}

// decodeArgumentsNamed is decodeArguments for a tool whose declared
// properties are names: a property name sent as declared is not copied.
func decodeArgumentsNamed(raw json.RawMessage, names map[string]*property) (map[string]any, *agentinput.Issue) {
	if len(raw) > agentinput.MaxArgumentBytes {
		return nil, &agentinput.Issue{Path: "", Ask: agentinput.Ask{
			Code:     agentinput.AskTooLarge,
			Received: agentinput.Received(string(raw[:agentinput.MaxReceivedChars*4])),
			Reason:   "the arguments take " + strconv.Itoa(len(raw)) + " bytes, over the budget of " + strconv.Itoa(agentinput.MaxArgumentBytes),
			Expected: "arguments of at most " + strconv.Itoa(agentinput.MaxArgumentBytes) + " bytes",
			Hint:     "Send shorter arguments",
		}}
	}
	trimmed := bytes.TrimSpace(raw)
	if len(trimmed) == 0 || string(trimmed) == "null" {
		return map[string]any{}, nil
	}
	v, sc, issue := decodeText(trimmed, names)
	if issue != nil {
		if issue.Code == agentinput.AskInvalidJSON {
			issue.Reason = "the arguments are not one JSON value"
			issue.Expected = "a JSON object of arguments"
			issue.Hint = "Send the arguments as one JSON object"
		}
		return nil, issue
	}
	obj, ok := v.(map[string]any)
	if ok && !sc.fast {
		// The slow path: a name may be written twice at any depth (the
		// decode kept the last value); the walk says which, and whether
		// the values differ.
		if issue := duplicateProperty(trimmed); issue != nil {
			return nil, issue
		}
	}
	if !ok {
		return nil, &agentinput.Issue{Path: "", Ask: agentinput.Ask{
			Code:     agentinput.AskWrongType,
			Received: agentinput.Received(v),
			Reason:   "the arguments are not a JSON object",
			Expected: "a JSON object of arguments",
			Hint:     "Send the arguments as one JSON object, property by property",
		}}
	}
	if issue := checkBudgets(obj); issue != nil {
		return nil, issue
	}
	if sc.bad != nil {
		return nil, badStringIssue(sc.bad, obj, trimmed, len(raw)-len(bytes.TrimLeftFunc(raw, unicode.IsSpace)), "the arguments")
	}
	return obj, nil
}

// decodeText decodes trimmed JSON text as one value, numbers kept as
// json.Number, within the depth budget: the scan and the decode every
// JSON text the module reads from an agent goes through. The scan's bad
// string, if any, is left to the caller (the arguments check their
// budgets first). Text in the plain form (fastDecode) is decoded in one
// pass, with the scan's findings known to be empty; names is as there.
func decodeText(trimmed []byte, names map[string]*property) (any, textScan, *agentinput.Issue) {
	if v, ok := fastDecode(trimmed, names); ok {
		return v, textScan{fast: true}, nil // no name repeats: fastDecode checked
	}
	sc := scanText(trimmed)
	text := trimmed
	if sc.deep != nil {
		// Decoded with what nests past the budget left out, only to
		// check that the path to it is a path in the value.
		text = sc.flat
	}
	dec := json.NewDecoder(bytes.NewReader(text))
	dec.UseNumber()
	var v any
	if err := dec.Decode(&v); err != nil || dec.More() {
		if sc.deep != nil {
			return nil, sc, depthIssue(sc, nil, trimmed)
		}
		return nil, sc, &agentinput.Issue{Path: "", Ask: agentinput.Ask{
			Code:     agentinput.AskInvalidJSON,
			Received: agentinput.Received(string(trimmed)),
			Reason:   "the text is not one JSON value",
			Expected: "one JSON value",
			Hint:     "Send one JSON value",
		}}
	}
	if sc.deep != nil {
		return nil, sc, depthIssue(sc, v, trimmed)
	}
	return v, sc, nil
}

// DecodeValue decodes JSON text as one value the way a tool call's
// arguments are decoded (numbers kept as json.Number, the depth budget,
// and a string encoding/json would change — a byte that is not UTF-8, an
// escape of half a UTF-16 surrogate pair — an ask invalid naming its
// byte offset and path, never a silent U+FFFD). It is for readers of one
// value outside a call (agentinput read), so that both paths read the
// same text alike by construction. The issue's path is a JSON Pointer
// into the value ("" for the value itself).
func DecodeValue(text []byte) (any, *agentinput.Issue) {
	trimmed := bytes.TrimSpace(text)
	v, sc, issue := decodeText(trimmed, nil)
	if issue != nil {
		return nil, issue
	}
	if sc.bad != nil {
		return nil, badStringIssue(sc.bad, v, trimmed, len(text)-len(bytes.TrimLeftFunc(text, unicode.IsSpace)), "the value")
	}
	return v, nil
}

// argumentsInString returns the object a call's arguments hold when they
// were sent as a JSON string of one ("{\"limit\": 20}" — a client or a
// model that encoded them twice), and true; otherwise the arguments as
// they are, and false. The string has one meaning, so it is read with a
// note (object_in_string), never asked about; what it holds is then
// decoded like any arguments, budgets included.
func argumentsInString(raw json.RawMessage) (json.RawMessage, bool) {
	t := bytes.TrimSpace(raw)
	if len(raw) > agentinput.MaxArgumentBytes || len(t) < 2 || t[0] != '"' {
		return raw, false
	}
	var s string
	if json.Unmarshal(t, &s) != nil {
		return raw, false
	}
	inner := bytes.TrimSpace([]byte(s))
	if len(inner) == 0 || inner[0] != '{' {
		return raw, false
	}
	return inner, true
}

// maxIssuePathBytes is the longest path a decoding issue names: a longer
// JSON Pointer (property names can be long, and sixteen of them deep) is
// cut to the pointer of the top-level property that holds the value.
const maxIssuePathBytes = 256

// textScan is what one pass over the arguments' JSON text finds: how deep
// it nests, the first container nested past agentinput.MaxJSONDepth, and
// the first string that encoding/json would change.
type textScan struct {
	// fast is set when the text took fastDecode's path: plain, no name
	// repeated anywhere.
	fast  bool
	depth int // the deepest nesting; the arguments object is depth 1
	deep  *spot
	// flat is the text with every container past the budget replaced by
	// null, when there is one: it decodes iff the rest is JSON, and the
	// path to deep is a path in what it decodes to.
	flat []byte
	bad  *spot
}

// spot is a place in the JSON text: the path of the value there (for a
// property name, the path of the property it names), the bytes of the
// value, and for a bad string the offset of the first bad byte and what
// is wrong with it.
type spot struct {
	path       []step
	start, end int
	at         int
	what       string
	key        bool
}

// frame is one array or object the scan is in.
type frame struct {
	object  bool
	index   int    // an array's current item
	wantKey bool   // an object's next string is a property name
	key     [2]int // an object's current property name, as JSON text
}

// scanText reads the JSON text b once, in time and memory linear in its
// length: it keeps a frame for at most MaxJSONDepth containers and only
// counts deeper ones. It never fails: text that is not JSON gets a result
// the decode then rejects.
func scanText(b []byte) textScan {
	var sc textScan
	stack := make([]frame, 0, agentinput.MaxJSONDepth)
	depth, copied := 0, 0
	for i := 0; i < len(b); i++ {
		tracked := depth == len(stack) // not inside a container past the budget
		switch c := b[i]; c {
		case '"':
			str := jsonscan.ScanString(b, i)
			end, at, what := str.End, str.Replaced, str.What
			if tracked {
				key := len(stack) > 0 && stack[len(stack)-1].object && stack[len(stack)-1].wantKey
				if key {
					top := &stack[len(stack)-1]
					top.key, top.wantKey = [2]int{i, end}, false
				}
				if at >= 0 && sc.bad == nil {
					sc.bad = &spot{path: pathOf(b, stack), start: i, end: end, at: at, what: what, key: key}
				}
			}
			i = end - 1
		case '[', '{':
			depth++
			sc.depth = max(sc.depth, depth)
			switch {
			case depth <= agentinput.MaxJSONDepth:
				stack = append(stack, frame{object: c == '{', wantKey: c == '{'})
			case depth == agentinput.MaxJSONDepth+1:
				if sc.deep == nil {
					sc.deep = &spot{path: pathOf(b, stack), start: i, end: len(b)}
				}
				sc.flat = append(sc.flat, b[copied:i]...)
				sc.flat = append(sc.flat, "null"...)
				copied = len(b) // until the container ends
			}
		case ']', '}':
			switch {
			case depth == 0:
			case depth <= agentinput.MaxJSONDepth:
				stack = stack[:len(stack)-1]
			case depth == agentinput.MaxJSONDepth+1:
				if sc.deep.end == len(b) {
					sc.deep.end = i + 1
				}
				copied = i + 1
			}
			depth = max(depth-1, 0)
		case ',':
			if tracked && len(stack) > 0 {
				top := &stack[len(stack)-1]
				top.index++
				top.wantKey = top.object
			}
		}
	}
	if sc.deep != nil && copied < len(b) {
		sc.flat = append(sc.flat, b[copied:]...)
	}
	return sc
}

// step is one step of a path in the JSON text: an array's item by its
// index, or an object's property by its name (index < 0).
type step struct {
	name  string
	index int
}

// pathOf returns the path of the value the scan is at: an index for each
// array, a property name for each object.
func pathOf(b []byte, stack []frame) []step {
	path := make([]step, len(stack))
	for i, f := range stack {
		if !f.object {
			path[i] = step{index: f.index}
			continue
		}
		var name string
		if f.key[1] > f.key[0] {
			_ = json.Unmarshal(b[f.key[0]:f.key[1]], &name) // a bad name leaves ""; the decode then fails
		}
		path[i] = step{name: name, index: -1}
	}
	return path
}

// issuePath is the JSON Pointer an issue about the value at path names:
// the path itself when the arguments object v holds a value there and the
// pointer is at most maxIssuePathBytes long; else the top-level property
// (which holds it: a property named twice may hide a deeper path); the
// root when v is no object.
func issuePath(v any, path []step) string {
	obj, ok := v.(map[string]any)
	if !ok || len(path) == 0 || path[0].index >= 0 {
		return ""
	}
	tokens := make([]string, len(path))
	for i, st := range path {
		tokens[i] = st.name
		if st.index >= 0 {
			tokens[i] = strconv.Itoa(st.index)
		}
	}
	if p := binding.Pointer(tokens); len(p) <= maxIssuePathBytes && holds(obj, path) {
		return p
	}
	if _, ok := obj[path[0].name]; ok {
		return binding.Pointer(tokens[:1])
	}
	return ""
}

// holds reports whether v holds a value at path.
func holds(v any, path []step) bool {
	for _, st := range path {
		switch x := v.(type) {
		case map[string]any:
			next, ok := x[st.name]
			if !ok || st.index >= 0 {
				return false
			}
			v = next
		case []any:
			if st.index < 0 || st.index >= len(x) {
				return false
			}
			v = x[st.index]
		default:
			return false
		}
	}
	return true
}

// depthIssue is the too_large issue of arguments nested past
// MaxJSONDepth, at the container that crossed it (see issuePath); v is
// the decoded arguments, nil when even without what nests too deep they
// are not JSON, and the issue is at the root.
func depthIssue(sc textScan, v any, text []byte) *agentinput.Issue {
	path := issuePath(v, sc.deep.path)
	where := ""
	if path != "" {
		where = " at " + path
	}
	return &agentinput.Issue{Path: path, Ask: agentinput.Ask{
		Code:     agentinput.AskTooLarge,
		Received: receivedText(text[sc.deep.start:sc.deep.end]),
		Reason:   "the arguments nest " + strconv.Itoa(sc.depth) + " levels deep" + where + ", over the budget of " + strconv.Itoa(agentinput.MaxJSONDepth) + " (the arguments object is level 1)",
		Expected: "arguments nested at most " + strconv.Itoa(agentinput.MaxJSONDepth) + " levels deep",
		Hint:     "Send flatter arguments: arrays and objects nested at most " + strconv.Itoa(agentinput.MaxJSONDepth) + " levels deep, counting the arguments object",
	}}
}

// receivedText is Received for a piece of the JSON text: the value when
// it is JSON and UTF-8, else the text as a string; cut either way.
func receivedText(text []byte) json.RawMessage {
	if utf8.Valid(text) && json.Valid(text) {
		return agentinput.Received(json.RawMessage(text))
	}
	return agentinput.Received(string(text))
}

// badStringIssue is the invalid issue of a string that encoding/json
// would have changed: reading it would lose what was sent, so it is not
// read. lead is how many bytes of whitespace the arguments start with,
// for the offset.
func badStringIssue(bad *spot, obj any, text []byte, lead int, of string) *agentinput.Issue {
	what := "the string"
	if bad.key {
		what = "the property name"
	}
	received := receivedText(text[bad.start:bad.end])
	if !utf8.Valid(text[bad.start:bad.end]) {
		// Shown decoded, the bad byte as U+FFFD: JSON text cannot hold it.
		var s string
		_ = json.Unmarshal(text[bad.start:bad.end], &s)
		received = agentinput.Received(s)
	}
	return &agentinput.Issue{Path: issuePath(obj, bad.path), Ask: agentinput.Ask{
		Code:     agentinput.AskInvalid,
		Received: received,
		Reason: what + " holds " + bad.what + " (at byte offset " + strconv.Itoa(lead+bad.at) + " of " + of + "); " +
			"read, it would become U+FFFD and what was sent would be lost, so it is not read",
		Expected: `a JSON string of UTF-8 text, where an escaped character outside the Basic Multilingual Plane is a pair of surrogates, for example "\ud83d\ude00"`,
		Hint:     "Send " + what + " again as UTF-8, with every \\u escape a character or a surrogate pair",
	}}
}

// checkBudgets checks a decoded value against the string, array and
// property budgets, and returns the first crossing (in sorted property
// order) with its path. Within the budgets, as nearly every call is, it
// walks once without building a path or sorting a key.
func checkBudgets(v any) *agentinput.Issue {
	if withinBudgets(v) {
		return nil
	}
	return firstOverBudget(v, nil)
}

// withinBudgets reports whether v and everything in it is within the
// budgets, without allocating.
func withinBudgets(v any) bool {
	switch x := v.(type) {
	case string:
		return len(x) <= agentinput.MaxStringBytes
	case []any:
		if len(x) > agentinput.MaxArrayItems {
			return false
		}
		for _, item := range x {
			if !withinBudgets(item) {
				return false
			}
		}
	case map[string]any:
		if len(x) > agentinput.MaxProperties {
			return false
		}
		for k, item := range x {
			if len(k) > agentinput.MaxStringBytes || !withinBudgets(item) {
				return false
			}
		}
	}
	return true
}

// firstOverBudget walks v in a fixed order (array items in order, object
// properties sorted) and returns the first crossing with its path.
func firstOverBudget(v any, path []string) *agentinput.Issue {
	over := func(reason, expected string) *agentinput.Issue {
		return &agentinput.Issue{Path: binding.Pointer(path), Ask: agentinput.Ask{
			Code:     agentinput.AskTooLarge,
			Received: agentinput.Received(v),
			Reason:   reason,
			Expected: expected,
			Hint:     "Send a shorter value at " + binding.Pointer(path),
		}}
	}
	switch x := v.(type) {
	case string:
		if len(x) > agentinput.MaxStringBytes {
			return over("the string takes "+strconv.Itoa(len(x))+" bytes, over the budget of "+strconv.Itoa(agentinput.MaxStringBytes),
				"a string of at most "+strconv.Itoa(agentinput.MaxStringBytes)+" bytes")
		}
	case []any:
		if len(x) > agentinput.MaxArrayItems {
			return over("the array holds "+strconv.Itoa(len(x))+" items, over the budget of "+strconv.Itoa(agentinput.MaxArrayItems),
				"an array of at most "+strconv.Itoa(agentinput.MaxArrayItems)+" items")
		}
		for i, item := range x {
			if is := firstOverBudget(item, append(path, strconv.Itoa(i))); is != nil {
				return is
			}
		}
	case map[string]any:
		if len(x) > agentinput.MaxProperties {
			return over("the object holds "+strconv.Itoa(len(x))+" properties, over the budget of "+strconv.Itoa(agentinput.MaxProperties),
				"an object of at most "+strconv.Itoa(agentinput.MaxProperties)+" properties")
		}
		for _, k := range binding.SortedKeys(x) {
			if len(k) > agentinput.MaxStringBytes {
				return over("a property name is over the string budget", "property names of at most "+strconv.Itoa(agentinput.MaxStringBytes)+" bytes")
			}
			if is := firstOverBudget(x[k], append(path, k)); is != nil {
				return is
			}
		}
	}
	return nil
}

// duplicateProperty is the first property, at any depth, that the text
// names twice with different values (compared as compact JSON): an ask
// invalid at its path, naming the first value. encoding/json keeps the
// last; the factory never guesses between two. The same value twice has
// nothing to choose and is read (the transports refuse any name written
// twice before a call gets here: factory/mcp's duplicateName).
func duplicateProperty(text []byte) *agentinput.Issue {
	var issue *agentinput.Issue
	jsonscan.Duplicates(text, func(d jsonscan.Dup) bool {
		var first, second bytes.Buffer
		if json.Compact(&first, text[d.First[0]:d.First[1]]) != nil || json.Compact(&second, text[d.Second[0]:d.Second[1]]) != nil {
			return true
		}
		if bytes.Equal(first.Bytes(), second.Bytes()) {
			return true
		}
		reason := "the arguments name " + d.Name + " twice, with different values (" + string(agentinput.Received(first.String())) + " first)"
		if len(d.Path) > 0 {
			reason = "the object at " + binding.Pointer(d.Path) + " names " + d.Name + " twice, with different values (" + string(agentinput.Received(first.String())) + " first)"
		}
		issue = &agentinput.Issue{Path: binding.Pointer(append(d.Path, d.Name)), Ask: agentinput.Ask{
			Code:     agentinput.AskInvalid,
			Received: agentinput.Received(second.String()),
			Reason:   reason,
			Expected: "each property once",
			Hint:     "Send " + d.Name + " once, with the value you mean",
		}}
		return false
	})
	return issue
}
