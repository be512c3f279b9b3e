package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"os"
	"os/exec"
	"strings"
	"time"

	"agentinput.dev/eval"
	sdk "github.com/modelcontextprotocol/go-sdk/mcp"
)

// runEval is `agentinput eval FILE.jsonl [--json] [-- COMMAND ARGS... |
// --url URL]`: it drives each call of the corpus through the demonstration
// tools in process (a fresh store, a fixed cursor key, no telemetry), or
// through an MCP server started with --echo-arguments, scores it
// (docs/eval.md) and prints the
// Markdown report — tables per tool and per label, the wrong calls, and the
// rejected payloads in a collapsed section — or, with --json, the whole
// report. It exits 1 when any call is wrong, 0 otherwise, and 2 on a usage
// error, a corpus that does not load, or a server it cannot reach.
func runEval(args []string, _ io.Reader, stdout, stderr io.Writer) int {
	asJSON := false
	url := ""
	var files, command []string
	for i := 0; i < len(args); i++ {
		a := args[i]
		if a == "--" {
			command = args[i+1:]
			break
		}
		name, withValue, ok := flagName(a)
		switch {
		case !ok:
			files = append(files, a)
		case isHelp(name):
			evalUsage(stdout)
			return exitOK
		case name == "json" && !withValue:
			asJSON = true
		case name == "url" && withValue:
			_, url, _ = strings.Cut(a, "=")
		case name == "url" && i+1 < len(args):
			i++
			url = args[i]
		default:
			fmt.Fprintf(stderr, "agentinput eval: unknown flag or missing value: %s\n\n", a)
			evalUsage(stderr)
			return exitUsage
		}
	}
	switch {
	case len(files) != 1:
		fmt.Fprint(stderr, "agentinput eval: name one corpus file\n\n")
		evalUsage(stderr)
		return exitUsage
	case url != "" && len(command) > 0:
		fmt.Fprint(stderr, "agentinput eval: name one server: -- COMMAND ARGS... or --url URL\n\n")
		evalUsage(stderr)
		return exitUsage
	case (url == "" && len(command) == 0 && hasDashDash(args)) || (url == "" && hasFlag(args, "url")):
		fmt.Fprint(stderr, "agentinput eval: the server is missing after -- or --url\n\n")
		evalUsage(stderr)
		return exitUsage
	}
	f, err := os.Open(files[0])
	if err != nil {
		fmt.Fprintf(stderr, "agentinput eval: %v\n", err)
		return exitUsage
	}
	defer f.Close()
	cases, err := eval.Load(f)
	if err != nil {
		fmt.Fprintf(stderr, "agentinput eval: %s: %v\n", files[0], err)
		return exitUsage
	}

	var rep *eval.Report
	if url == "" && len(command) == 0 {
		rep, err = eval.RunDemo(cases)
	} else {
		rep, err = evalOverMCP(url, command, cases, stderr)
		if errors.Is(err, errConnect) {
			return exitConnect
		}
	}
	if err != nil {
		fmt.Fprintf(stderr, "agentinput eval: %s: %v\n", files[0], err)
		return exitUsage
	}
	if asJSON {
		if err := rep.WriteJSON(stdout); err != nil {
			return exitIO
		}
	} else {
		rep.WriteMarkdown(stdout)
	}
	if n := len(rep.Wrong()); n > 0 {
		fmt.Fprintf(stderr, "agentinput eval: %d call%s accepted with a value other than the intended one\n", n, plural(n))
		return exitFindings
	}
	return exitOK
}

func hasDashDash(args []string) bool {
	for _, a := range args {
		if a == "--" {
			return true
		}
	}
	return false
}

func hasFlag(args []string, flag string) bool {
	for _, a := range args {
		if a == "--" {
			return false
		}
		if name, _, ok := flagName(a); ok && name == flag {
			return true
		}
	}
	return false
}

var errConnect = errors.New("could not connect")

// evalOverMCP connects to the server (a command over stdio, or a URL over
// streamable HTTP) and runs the corpus through it.
func evalOverMCP(url string, command []string, cases []eval.Case, stderr io.Writer) (*eval.Report, error) {
	var transport sdk.Transport
	serverErr := &tailBuffer{max: 4 << 10}
	if url != "" {
		transport = &sdk.StreamableClientTransport{Endpoint: url, MaxRetries: -1, DisableStandaloneSSE: true,
			HTTPClient: &http.Client{Timeout: 30 * time.Second}}
	} else {
		cmd := exec.Command(command[0], command[1:]...)
		cmd.Stderr = serverErr
		transport = &sdk.CommandTransport{Command: cmd, TerminateDuration: 2 * time.Second}
	}
	ctx := context.Background()
	cctx, cancel := context.WithTimeout(ctx, 30*time.Second)
	defer cancel()
	cs, err := sdk.NewClient(&sdk.Implementation{Name: "agentinput-eval", Version: "v0.1.0"}, nil).Connect(cctx, transport, nil)
	if err != nil {
		fmt.Fprintf(stderr, "agentinput eval: could not connect: %v\n", err)
		if tail := serverErr.String(); tail != "" {
			fmt.Fprintf(stderr, "the server's standard error ended with:\n%s\n", tail)
		}
		return nil, errConnect
	}
	defer cs.Close()
	caller, err := eval.NewMCP(cctx, cs)
	if err != nil {
		return nil, err
	}
	return eval.RunWith(ctx, caller, cases)
}

func evalUsage(w io.Writer) {
	fmt.Fprint(w, `Usage: agentinput eval FILE.jsonl [--json] [-- COMMAND ARGS... | --url URL]

Scores a corpus of calls against the demonstration tools (read_decisions,
read_decision, can_do, do_tag_decision), in process, over a fresh store;
or against an MCP server that echoes its normalized arguments
("agentinput serve --echo-arguments"), started as COMMAND over stdio or
reached at URL over streamable HTTP.
Each line: {"tool", "arguments", "intended", "label"} (and "cursor_from"
for calls that need a real cursor). Prints Markdown tables per tool and per
label, the wrong calls, and the rejected payloads; --json prints the whole
report. Exits 1 when any call is accepted with a value other than the
intended one. See docs/eval.md.
`)
}
