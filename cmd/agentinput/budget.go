package main

// The budgets of the command line, its own: the core's budgets (what one
// read and one tool call may hold) are agentinput/budget.go's.
// docs/budgets.md lists both; TestCommandBudgetsDocumented keeps its
// command-line table in step with this file.
const (
	// maxLineBytes is the longest line `agentinput read` takes from
	// standard input (or as one VALUE argument), in bytes, line end not
	// counted. A longer line is a too_large ask on its own output line and
	// is not kept in memory; the next line is read as usual.
	maxLineBytes = 1 << 20
)
