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

// runCensus is `agentinput census [--all] [PATTERNS]`: the ownership
// analyzer over the packages that the patterns name, default ./..., relative
// to the working directory: those that declare tools and what they import
// (census.Check), or with --all every package with its tests
// (census.CheckAll). It prints one file:line:col: message line per finding
// and exits 1 when there is any, 0 when the packages are clean, and 2 when
// they cannot be loaded, none declares a tool (without --all), or an
// argument is an unknown flag.
func runCensus(args []string, _ io.Reader, stdout, stderr io.Writer) int {
	var patterns []string
	check := census.Check
	for i, a := range args {
		if a == "--" {
			patterns = append(patterns, args[i+1:]...)
			break
		}
		if name, withValue, ok := flagName(a); ok {
			switch {
			case isHelp(name):
				censusUsage(stdout)
				return exitOK
			case name == "all" && !withValue:
				check = census.CheckAll
				continue
			}
			fmt.Fprintf(stderr, "agentinput census: unknown flag %s\n\n", a)
			censusUsage(stderr)
			return exitUsage
		}
		patterns = append(patterns, a)
	}
	findings, err := check(".", patterns...)
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
	fmt.Fprint(w, `Usage: agentinput census [--all] [PACKAGES]

Reports every use of a kind's parsing primitive (strconv.ParseFloat, time.Parse,
uuid.Parse …) outside the package that owns the kind, one file:line:col: message
per line. Of the packages that the patterns name (default ./...), it checks those
that declare tools (import agentinput.dev/factory, or register a tool with the
go-sdk's mcp.AddTool or (*mcp.Server).AddTool, or with an mcp-go server's
AddTool, AddTools, SetTools, or its task or session tools' own) and every one
of them they import; --all checks every package the patterns name, with its
tests.
A use under //agentinput:allow <kind> <reason> (same line or the line above) is exempt.

Exit status: 0 clean, 1 findings, 2 when the packages do not load or, without
--all, none of them declares a tool.
`)
}
