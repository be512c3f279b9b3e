// Command dpsworker measures the report's go-dateparser row. It is a
// program of its own because importing github.com/markusmobius/go-dateparser
// runs an init that takes hundreds of milliseconds and leaves 30 MB of live
// heap, which would make every garbage collection of every other row
// dearer; cmd/report builds and runs it for that row alone.
package main

import (
	"os"
	"time"

	dps "github.com/markusmobius/go-dateparser"

	"agentinput.dev/bench/internal/report"
)

func main() {
	cfg := &dps.Configuration{CurrentTime: time.Date(2026, 11, 29, 0, 0, 0, 0, time.UTC)}
	report.SetAnchor(report.GoDateparserRow, func(n int) error {
		for range n {
			if _, err := dps.Parse(cfg, report.English); err != nil {
				return err
			}
		}
		return nil
	})
	os.Exit(report.Main(os.Args[1:], os.Stdout, os.Stderr))
}
