// Command report measures agentinput side by side with its anchors and
// peers and prints the table docs/performance.md shows:
//
//	cd bench && go run ./cmd/report            # every row, 30 rounds (a few minutes)
//	go run ./cmd/report -quick                 # 5 rounds, short batches
//	go run ./cmd/report -rows 'factory|read'   # the rows whose id matches
//	go run ./cmd/report -list                  # the rows
//
// Each row is one of our operations and its anchor on the same input
// (strconv, time, google/uuid, x/text/language, araddon/dateparse,
// markusmobius/go-dateparser, spf13/cast, the strict factory baseline, a
// minimal strconv + encoding/json read loop, go-sdk's typed AddTool). A row runs in a worker
// process of its own, so that no row's live heap changes another's
// garbage collection; within it ours and the anchor run interleaved, one
// batch each a round, and the figure is the process CPU time (user +
// system, every thread: the garbage collector's work counts against the
// side that made it). The table gives the median and the interquartile
// range of the per-round ratios ours/anchor. See internal/report.
package main

import (
	"os"

	"agentinput.dev/bench/internal/report"
)

func main() {
	os.Exit(report.Main(os.Args[1:], os.Stdout, os.Stderr))
}
