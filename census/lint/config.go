package lint

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"
)

// Config switches rules off or down, because a third-party server may not
// share agentinput's naming laws: Disable drops a rule's findings, Warn
// reports them as warnings. Both hold rule ids; an id no rule has is an
// error, so a typo never silently keeps a rule on.
//
// As a file (`agentinput lint --config FILE`) it is JSON:
//
//	{"disable": ["promcp-prefix"], "warn": ["too-many-tools", "R006"]}
type Config struct {
	Disable []string `json:"disable"`
	Warn    []string `json:"warn"`
}

// ParseConfig reads a config file, refusing unknown fields and rule ids.
func ParseConfig(data []byte) (Config, error) {
	var c Config
	dec := json.NewDecoder(strings.NewReader(string(data)))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&c); err != nil {
		return Config{}, fmt.Errorf("the lint config is not {\"disable\": [RULE…], \"warn\": [RULE…]}: %w", err)
	}
	return c, c.Check()
}

// Check reports the ids of c that name no rule, and a rule both disabled
// and downgraded.
func (c Config) Check() error {
	var bad []string
	for _, id := range append(append([]string{}, c.Disable...), c.Warn...) {
		if _, ok := RuleByID(id); !ok {
			bad = append(bad, fmt.Sprintf("%q", id))
		}
	}
	if len(bad) > 0 {
		return fmt.Errorf("no rule has the id %s (docs/lint.md lists every rule)", strings.Join(bad, ", "))
	}
	for _, id := range c.Warn {
		if slices.Contains(c.Disable, id) {
			return fmt.Errorf("rule %s is both disabled and downgraded to a warning", id)
		}
	}
	return nil
}

// Apply is the findings with c's rules dropped or downgraded, in order.
func (c Config) Apply(fs []Finding) []Finding {
	out := make([]Finding, 0, len(fs))
	for _, f := range fs {
		switch {
		case slices.Contains(c.Disable, f.Rule):
			continue
		case slices.Contains(c.Warn, f.Rule):
			f.Severity = Warning
		}
		out = append(out, f)
	}
	return out
}
