// Command initcost imports go-dateparser and agentinput's date kind and
// reads one date with each, so that their package init and first-use
// costs can be compared in a fresh process:
//
//	GODEBUG=inittrace=1 go run ./initcost
package main

import (
	"fmt"
	"os"
	"runtime"
	"time"

	dps "github.com/markusmobius/go-dateparser"

	"agentinput.dev/kinds/date"
)

func main() {
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	start := time.Now()
	o := date.Read("1. října 2026", date.Options{}) // builds the month tables
	first := time.Since(start)
	runtime.ReadMemStats(&after)
	v, _ := o.Value()
	fmt.Fprintf(os.Stderr, "date first read (tables built): %v, %d bytes allocated -> %v\n", first, after.TotalAlloc-before.TotalAlloc, v)

	runtime.ReadMemStats(&before)
	start = time.Now()
	d, err := dps.Parse(nil, "1. října 2026")
	first = time.Since(start)
	runtime.ReadMemStats(&after)
	fmt.Fprintf(os.Stderr, "go-dateparser first parse: %v, %d bytes allocated -> %v %v\n", first, after.TotalAlloc-before.TotalAlloc, d.Time.Format(time.DateOnly), err)
}
