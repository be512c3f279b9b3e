// Command importcost imports every kind package and the factory and does
// nothing else, so that the cost of importing the module can be measured
// in a fresh process:
//
//	GODEBUG=inittrace=1 go run ./importcost (in bench/)
//
// prints one line per package initialised, with its clock time and the
// heap its init allocated. docs/performance.md says how to read it, and
// bench/importcost/measure.sh sums the module's and its dependencies'.
// Add each new kind package here; TestInitcostImportsEveryKind checks.
package main

import (
	_ "agentinput.dev/agentinput"
	_ "agentinput.dev/factory"
	_ "agentinput.dev/factory/mcp"
	_ "agentinput.dev/kinds/boolean"
	_ "agentinput.dev/kinds/bytes"
	_ "agentinput.dev/kinds/country"
	_ "agentinput.dev/kinds/cursor"
	_ "agentinput.dev/kinds/date"
	_ "agentinput.dev/kinds/eli"
	_ "agentinput.dev/kinds/enum"
	_ "agentinput.dev/kinds/filter"
	_ "agentinput.dev/kinds/locale"
	_ "agentinput.dev/kinds/number"
	_ "agentinput.dev/kinds/stringlist"
	_ "agentinput.dev/kinds/timestamp"
	_ "agentinput.dev/kinds/uuid"
	_ "agentinput.dev/kinds/vocabulary"
)

func main() {}
