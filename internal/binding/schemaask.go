package binding

import (
	"encoding/json"
	"fmt"
	"strings"

	"github.com/santhosh-tekuri/jsonschema/v6"
	"github.com/santhosh-tekuri/jsonschema/v6/kind"

	"agentinput.dev/agentinput"
)

// SchemaAsk is the ask about a value the schema of a tool declared
// elsewhere (FromSchema) rejects. Such a schema is the server's, not the
// factory's: a property no kind reads (a nested object, a number with a
// multipleOf) reaches the validator as it was sent, and a bound the kinds
// do not carry (exclusiveMinimum) is checked only there. Its failure is the
// caller's to correct, so the ask says what the schema admits, never "a bug
// in the tool". The reason and the expectation are built from the failed
// keyword and the schema's own values; the caller's value is only echoed as
// Received.
func SchemaAsk(k jsonschema.ErrorKind, received any) agentinput.Ask {
	a := agentinput.Ask{Code: agentinput.AskInvalid, Received: agentinput.Received(received)}
	switch e := k.(type) {
	case *kind.Type:
		a.Code = agentinput.AskWrongType
		a.Reason = "it is " + typeWords(e.Got)
		words := make([]string, len(e.Want))
		for i, w := range e.Want {
			words[i] = typeWords(w)
		}
		a.Expected = strings.Join(words, " or ")
	case *kind.Enum:
		a.Reason = "it is not one of the values the tool takes"
		a.Expected = "one of " + jsonList(e.Want)
	case *kind.Const:
		a.Reason = "it is not the one value the tool takes"
		a.Expected = "exactly " + string(MustJSON(e.Want))
	case *kind.Minimum:
		a.Code, a.Reason, a.Expected = agentinput.AskOutOfRange, "it is below the minimum", "a number of at least "+e.Want.RatString()
	case *kind.ExclusiveMinimum:
		a.Code, a.Reason, a.Expected = agentinput.AskOutOfRange, "it is not above the exclusive minimum", "a number greater than "+e.Want.RatString()
	case *kind.Maximum:
		a.Code, a.Reason, a.Expected = agentinput.AskOutOfRange, "it is above the maximum", "a number of at most "+e.Want.RatString()
	case *kind.ExclusiveMaximum:
		a.Code, a.Reason, a.Expected = agentinput.AskOutOfRange, "it is not below the exclusive maximum", "a number less than "+e.Want.RatString()
	case *kind.MultipleOf:
		a.Reason, a.Expected = "it is not a multiple of "+e.Want.RatString(), "a multiple of "+e.Want.RatString()
	case *kind.Required:
		a.Code = agentinput.AskMissingRequired
		a.Reason = "it lacks the required " + names(e.Missing)
		a.Expected = "an object with the " + names(e.Missing)
	case *kind.AdditionalProperties:
		a.Code = agentinput.AskUnknownProperty
		a.Reason = "the tool does not declare the " + names(e.Properties)
		a.Expected = "an object with only the properties the tool declares"
	case *kind.MinItems:
		a.Code, a.Reason, a.Expected = agentinput.AskOutOfRange, fmt.Sprintf("it has %d items", e.Got), fmt.Sprintf("a list of at least %d items", e.Want)
	case *kind.MaxItems:
		a.Code, a.Reason, a.Expected = agentinput.AskOutOfRange, fmt.Sprintf("it has %d items", e.Got), fmt.Sprintf("a list of at most %d items", e.Want)
	case *kind.MinLength:
		a.Code, a.Reason, a.Expected = agentinput.AskOutOfRange, fmt.Sprintf("it has %d characters", e.Got), fmt.Sprintf("a string of at least %d characters", e.Want)
	case *kind.MaxLength:
		a.Code, a.Reason, a.Expected = agentinput.AskOutOfRange, fmt.Sprintf("it has %d characters", e.Got), fmt.Sprintf("a string of at most %d characters", e.Want)
	case *kind.Pattern:
		a.Reason, a.Expected = "it does not match the tool's pattern", "a string matching the pattern "+string(MustJSON(e.Want))
	case *kind.Format:
		a.Reason, a.Expected = "it is not in the "+e.Want+" format", "a string in the "+e.Want+" format"
	default:
		rule := "schema"
		if kp := k.KeywordPath(); len(kp) > 0 {
			rule = strings.Join(kp, "/")
		}
		a.Reason = "the tool's schema rejects it (its " + rule + " rule)"
		a.Expected = "a value the tool's " + rule + " rule admits"
	}
	a.Hint = "Send " + a.Expected
	return a
}

// typeWords says a JSON Schema type in words.
func typeWords(t string) string {
	switch t {
	case "string":
		return "a JSON string"
	case "integer":
		return "a whole number"
	case "number":
		return "a number"
	case "boolean":
		return "true or false"
	case "object":
		return "a JSON object"
	case "array":
		return "a JSON array"
	case "null":
		return "null"
	}
	return "a JSON " + t
}

// jsonList spells values as JSON, comma-separated.
func jsonList(values []any) string {
	parts := make([]string, len(values))
	for i, v := range values {
		b, err := json.Marshal(v)
		if err != nil {
			b = []byte("?")
		}
		parts[i] = string(b)
	}
	return strings.Join(parts, ", ")
}

// names spells property names, each cut like a received value: a name
// the caller sent is echoed no longer than a path echoes it.
func names(props []string) string {
	parts := make([]string, len(props))
	for i, p := range props {
		parts[i] = agentinput.Cut(p)
	}
	if len(parts) == 1 {
		return "property " + parts[0]
	}
	return "properties " + strings.Join(parts, ", ")
}
