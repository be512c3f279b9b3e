package factory

import (
	"bytes"
	"encoding/json"
	"strconv"

	"agentinput.dev/agentinput"
)

// decodeArguments decodes a call's arguments within the budgets of
// agentinput/budget.go. Missing or null arguments are an empty object.
// Over a budget is a too_large issue at the path where it was crossed;
// never a panic, a hang or a silent truncation.
func decodeArguments(raw json.RawMessage) (map[string]any, *Issue) {
	if len(raw) > agentinput.MaxArgumentBytes {
		return nil, &Issue{Path: "", Ask: agentinput.Ask{
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
	if depth := jsonDepth(trimmed); depth > agentinput.MaxJSONDepth {
		return nil, &Issue{Path: "", Ask: agentinput.Ask{
			Code:     agentinput.AskTooLarge,
			Received: agentinput.Received(string(trimmed)),
			Reason:   "the arguments nest " + strconv.Itoa(depth) + " levels deep, over the budget of " + strconv.Itoa(agentinput.MaxJSONDepth),
			Expected: "arguments nested at most " + strconv.Itoa(agentinput.MaxJSONDepth) + " levels deep",
			Hint:     "Send flatter arguments",
		}}
	}
	dec := json.NewDecoder(bytes.NewReader(trimmed))
	dec.UseNumber()
	var v any
	if err := dec.Decode(&v); err != nil || dec.More() {
		return nil, &Issue{Path: "", Ask: agentinput.Ask{
			Code:     agentinput.AskInvalidJSON,
			Received: agentinput.Received(string(trimmed)),
			Reason:   "the arguments are not one JSON value",
			Expected: "a JSON object of arguments",
			Hint:     "Send the arguments as one JSON object",
		}}
	}
	obj, ok := v.(map[string]any)
	if ok {
		if issue := duplicateProperty(trimmed); issue != nil {
			return nil, issue
		}
	}
	if !ok {
		return nil, &Issue{Path: "", Ask: agentinput.Ask{
			Code:     agentinput.AskWrongType,
			Received: agentinput.Received(v),
			Reason:   "the arguments are not a JSON object",
			Expected: "a JSON object of arguments",
			Hint:     "Send the arguments as one JSON object, property by property",
		}}
	}
	if issue := checkBudgets(obj, nil); issue != nil {
		return nil, issue
	}
	return obj, nil
}

// jsonDepth returns how deep arrays and objects nest in a JSON text,
// counting outside strings, in one pass.
func jsonDepth(b []byte) int {
	depth, deepest := 0, 0
	inString, escaped := false, false
	for _, c := range b {
		switch {
		case inString:
			switch {
			case escaped:
				escaped = false
			case c == '\\':
				escaped = true
			case c == '"':
				inString = false
			}
		case c == '"':
			inString = true
		case c == '[' || c == '{':
			depth++
			deepest = max(deepest, depth)
		case c == ']' || c == '}':
			depth--
		}
	}
	return deepest
}

// checkBudgets walks a decoded value for the string, array and property
// budgets, and returns the first crossing with its path.
func checkBudgets(v any, path []string) *Issue {
	over := func(reason, expected string) *Issue {
		return &Issue{Path: pointer(path), Ask: agentinput.Ask{
			Code:     agentinput.AskTooLarge,
			Received: agentinput.Received(v),
			Reason:   reason,
			Expected: expected,
			Hint:     "Send a shorter value at " + pointer(path),
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
			if is := checkBudgets(item, append(path, strconv.Itoa(i))); is != nil {
				return is
			}
		}
	case map[string]any:
		if len(x) > agentinput.MaxProperties {
			return over("the object holds "+strconv.Itoa(len(x))+" properties, over the budget of "+strconv.Itoa(agentinput.MaxProperties),
				"an object of at most "+strconv.Itoa(agentinput.MaxProperties)+" properties")
		}
		for _, k := range sortedKeys(x) {
			if len(k) > agentinput.MaxStringBytes {
				return over("a property name is over the string budget", "property names of at most "+strconv.Itoa(agentinput.MaxStringBytes)+" bytes")
			}
			if is := checkBudgets(x[k], append(path, k)); is != nil {
				return is
			}
		}
	}
	return nil
}

// duplicateProperty finds a property the arguments object names twice with
// different values: encoding/json would keep the last silently, a guess at
// which one was meant. The same value twice is one value. It looks at the
// arguments object's own properties, in one pass.
func duplicateProperty(obj []byte) *Issue {
	dec := json.NewDecoder(bytes.NewReader(obj))
	if tok, err := dec.Token(); err != nil || tok != json.Delim('{') {
		return nil
	}
	seen := map[string]json.RawMessage{}
	for dec.More() {
		tok, err := dec.Token()
		if err != nil {
			return nil
		}
		key, _ := tok.(string)
		var raw json.RawMessage
		if err := dec.Decode(&raw); err != nil {
			return nil
		}
		var compact bytes.Buffer
		if err := json.Compact(&compact, raw); err != nil {
			return nil
		}
		if first, ok := seen[key]; ok && !bytes.Equal(first, compact.Bytes()) {
			return &Issue{Path: pointer([]string{key}), Ask: agentinput.Ask{
				Code:     agentinput.AskInvalid,
				Received: agentinput.Received(string(compact.Bytes())),
				Reason:   "the arguments name " + key + " twice, with different values (" + string(agentinput.Received(string(first))) + " first)",
				Expected: "each property once",
				Hint:     "Send " + key + " once, with the value you mean",
			}}
		}
		seen[key] = compact.Bytes()
	}
	return nil
}
