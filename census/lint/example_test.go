package lint_test

import (
	"encoding/json"
	"fmt"

	"agentinput.dev/census/lint"
)

// The contract linter over a catalog as tools/list shows it: each finding
// names its rule, the tool (and property), what is wrong and the fix.
func ExampleLint() {
	tools := []lint.Tool{{
		Name:        "findOrders",
		Description: "Finds orders.",
		InputSchema: json.RawMessage(`{"type":"object","properties":{"p1":{"type":"string"}}}`),
	}}
	for _, f := range lint.Lint(tools, lint.Options{}) {
		fmt.Printf("%s %s %s/%s: %s\n  fix: %s\n", f.Severity, f.Rule, f.Tool, f.Property, f.Message, f.Fix)
	}
	// Output:
	// error name-snake-case findOrders/: the name "findOrders" is not snake_case
	//   fix: rename the tool in snake_case: lower-case letters and digits joined by single underscores (search_orders)
	// error description-length findOrders/: the description has 13 characters; it needs 50–300
	//   fix: write a description of 50–300 characters: what the tool does, then a "Use when …" sentence
	// error description-use-when findOrders/: the description has no "Use when …" sentence
	//   fix: add a sentence starting "Use when" that tells the model when to pick this tool
	// error title-present findOrders/: the tool has no title
	//   fix: give the tool a title for people (title, or annotations.title)
	// error property-description findOrders/p1: the property has no description
	//   fix: describe the property in its schema: the description is the model's only briefing on it
	// warning property-name-semantic findOrders/p1: the argument name "p1" is a placeholder followed by a number
	//   fix: name the argument for what it holds (customer_id, date_from), not p1, x or data
}
