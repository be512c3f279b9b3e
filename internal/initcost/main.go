// Command initcost imports every kind package and the factory and does
// nothing else, so that the cost of importing the module can be measured
// in a fresh process:
//
//	GODEBUG=inittrace=1 go run ./internal/initcost
//
// prints one line per package initialised, with its clock time and the
// heap its init allocated. docs/performance.md says how to read it, and
// internal/initcost/measure.sh sums the module's and its dependencies'.
// Add each new kind package here.
package main

import (
	_ "agentinput.dev/agentinput"
	_ "agentinput.dev/factory"
	_ "agentinput.dev/kinds/boolean"
	_ "agentinput.dev/kinds/number"
)

func main() {}
