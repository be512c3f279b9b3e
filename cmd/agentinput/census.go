package main

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"agentinput.dev/census"
)

// exitFindings is census's status when it reported something.
const exitFindings = 1

// runCensus is `agentinput census [PATTERNS]`: the ownership analyzer over
// the packages (and their tests) that the patterns name, default ./...,
// relative to the working directory. It prints one file:line:col: message
// line per finding and exits 1 when there is any, 0 when the packages are
// clean, and 2 when they cannot be loaded or an argument is a flag.
func runCensus(args []string, _ io.Reader, stdout, stderr io.Writer) int {
	var patterns []string
	for i, a := range args {
		if a == "--" {
			patterns = append(patterns, args[i+1:]...)
			break
		}
		if name, _, ok := flagName(a); ok {
			if isHelp(name) {
				censusUsage(stdout)
				return exitOK
			}
			fmt.Fprintf(stderr, "agentinput census: unknown flag %s\n\n", a)
			censusUsage(stderr)
			return exitUsage
		}
		patterns = append(patterns, a)
	}
	findings, err := census.Check(".", patterns...)
	if err != nil {
		fmt.Fprintf(stderr, "agentinput %v\n", err)
		return exitUsage
	}
	wd, _ := os.Getwd()
	for _, f := range findings {
		if rel, err := filepath.Rel(wd, f.Pos.Filename); err == nil && !strings.HasPrefix(rel, "..") {
			f.Pos.Filename = rel
		}
		fmt.Fprintln(stdout, f)
	}
	if len(findings) > 0 {
		fmt.Fprintf(stderr, "agentinput census: %d finding%s: call the owner of each kind instead (docs/census.md)\n",
			len(findings), plural(len(findings)))
		return exitFindings
	}
	return exitOK
}

func plural(n int) string {
	if n == 1 {
		return ""
	}
	return "s"
}

func censusUsage(w io.Writer) {
	fmt.Fprint(w, `Usage: agentinput census [PACKAGES]

Reports every use of a kind's parsing primitive (strconv.ParseFloat, time.Parse,
uuid.Parse …) outside the package that owns the kind, in the packages that the
patterns name (default ./...) and their tests, one file:line:col: message per line.
A use under //agentinput:allow <kind> <reason> (same line or the line above) is exempt.

Exit status: 0 clean, 1 findings, 2 when the packages do not load.
`)
}
