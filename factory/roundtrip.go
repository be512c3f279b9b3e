package factory

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"agentinput.dev/internal/binding"
)

// Configures declares that a tool sets what another tool describes: what
// the describing tool returns, the configuring tool accepts byte for byte
// (the Conventions' rule 7), so that a model that reads a setting and
// sends it back changes nothing. factory/factorytest.FixedPoint pins the
// fixed point in a test.
type Configures struct {
	// Tool is the name of the describing tool, a read tool.
	Tool string
	// From maps each property of the configuring tool to the JSON Pointer
	// of the value in the describing tool's result that it takes,
	// unchanged: {"decision_id": "/id", "tags": "/tags"}.
	From map[string]string
}

// check returns the problems of a Configures declaration of the tool
// named self, whose properties are declared.
func (c *Configures) check(self string, intent Intent, declared map[string]*property) []error {
	if c == nil {
		return nil
	}
	var problems []error
	fail := func(format string, args ...any) {
		problems = append(problems, fmt.Errorf("factory: tool %s: Configures: "+format, append([]any{self}, args...)...))
	}
	switch {
	case !binding.SnakeCase.MatchString(c.Tool):
		fail("the describing tool %q is not a tool name", c.Tool)
	case c.Tool == self:
		fail("a tool cannot configure what it describes itself")
	}
	if intent != IntentDo {
		fail("a tool that configures changes data: its intent is do, not %s", intent)
	}
	if len(c.From) == 0 {
		fail("From names no property")
	}
	for _, name := range binding.SortedKeys(anyMap(c.From)) {
		if declared[name] == nil {
			fail("From names %s, which the tool does not declare", name)
		}
		if p := c.From[name]; !strings.HasPrefix(p, "/") {
			fail("From[%s] = %q is not a JSON Pointer into the describing tool's result", name, p)
		}
	}
	return problems
}

func anyMap(m map[string]string) map[string]any {
	out := make(map[string]any, len(m))
	for k, v := range m {
		out[k] = v
	}
	return out
}

// Configures returns what the tool declares it configures, and false when
// it declares nothing.
func (t *Tool) Configures() (Configures, bool) {
	if t.spec.Configures == nil {
		return Configures{}, false
	}
	return *t.spec.Configures, true
}

// ConfigureArguments returns the arguments that send back what the
// describing tool returned (its result as JSON): each property of From
// with the JSON text found at its pointer, as it is. A pointer that finds
// nothing is an error: the describing tool does not describe what this
// one configures.
func (t *Tool) ConfigureArguments(described json.RawMessage) (json.RawMessage, error) {
	c := t.spec.Configures
	if c == nil {
		return nil, fmt.Errorf("factory: tool %s declares no Configures", t.spec.Name)
	}
	names := make([]string, 0, len(c.From))
	for name := range c.From {
		names = append(names, name)
	}
	slices.Sort(names)
	var out bytes.Buffer
	out.WriteByte('{')
	for i, name := range names {
		v, err := at(described, c.From[name])
		if err != nil {
			return nil, fmt.Errorf("factory: tool %s: %s from %s's result at %s: %w", t.spec.Name, name, c.Tool, c.From[name], err)
		}
		if i > 0 {
			out.WriteByte(',')
		}
		out.Write(binding.MustJSON(name))
		out.WriteByte(':')
		out.Write(v)
	}
	out.WriteByte('}')
	return out.Bytes(), nil
}

// at returns the JSON text at the JSON Pointer p in doc, as it is there.
func at(doc json.RawMessage, p string) (json.RawMessage, error) {
	v := bytes.TrimSpace(doc)
	for _, seg := range strings.Split(strings.TrimPrefix(p, "/"), "/") {
		seg = binding.UnescapePointer(seg)
		switch {
		case len(v) > 0 && v[0] == '{':
			var obj map[string]json.RawMessage
			if err := json.Unmarshal(v, &obj); err != nil {
				return nil, err
			}
			next, ok := obj[seg]
			if !ok {
				return nil, fmt.Errorf("no property %q", seg)
			}
			v = bytes.TrimSpace(next)
		case len(v) > 0 && v[0] == '[':
			var list []json.RawMessage
			if err := json.Unmarshal(v, &list); err != nil {
				return nil, err
			}
			found := false
			for i := range list { // the index spelled, not parsed (as valueAt)
				if strconv.Itoa(i) == seg {
					v, found = bytes.TrimSpace(list[i]), true
					break
				}
			}
			if !found {
				return nil, fmt.Errorf("no item %q", seg)
			}
		default:
			return nil, errors.New("nothing to step into at " + strconv.Quote(seg))
		}
	}
	return v, nil
}
