package lint

import (
	"slices"
	"testing"

	"agentinput.dev/promcp"
)

// The fields the proMCP rules ask for are fields agentinput's own results
// send: a rename in promcp fails here, not in a user's lint run.
func TestNeedsAreContractFields(t *testing.T) {
	for _, c := range []struct {
		needs, fields []string
	}{
		{readNeeds, promcp.ReadFields()},
		{append(doNeeds, "compensable"), promcp.DoFields()},
		{append(candidateNeeds, "valid_until"), promcp.CandidateFields()},
	} {
		for _, f := range c.needs {
			if !slices.Contains(c.fields, f) {
				t.Errorf("the linter asks for %q, which the contract %v does not have", f, c.fields)
			}
		}
	}
}
