package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"os/exec"
	"strings"
	"time"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"agentinput.dev/eval"
	"agentinput.dev/factory/protocol"
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
	data, err := readBounded(files[0], maxCorpusBytes)
	if err != nil {
		fmt.Fprintf(stderr, "agentinput eval: %v\n", err)
		return exitUsage
	}
	if eval.IsTasks(data) {
		return evalTasks(files[0], data, url, command, asJSON, stdout, stderr)
	}
	if eval.IsWorkflows(data) {
		return evalWorkflows(files[0], data, url, command, asJSON, stdout, stderr)
	}
	cases, err := eval.Load(bytes.NewReader(data))
	if err != nil {
		fmt.Fprintf(stderr, "agentinput eval: %s: %v\n", files[0], err)
		return exitUsage
	}

	var rep *eval.Report
	err = withCaller(url, command, stderr, func(ctx context.Context, caller eval.Caller) error {
		var err error
		rep, err = eval.RunWith(ctx, caller, cases)
		return err
	})
	if errors.Is(err, errConnect) {
		return exitConnect
	}
	if err != nil {
		fmt.Fprintf(stderr, "agentinput eval: %s: %v\n", files[0], err)
		return exitUsage
	}
	return writeEval(rep, len(rep.Wrong()), "call", asJSON, stdout, stderr)
}

// maxCorpusBytes bounds a corpus file.
const maxCorpusBytes = 64 << 20

// evalWorkflows runs a workflow corpus (docs/eval.md, "Workflows").
func evalWorkflows(file string, data []byte, url string, command []string, asJSON bool, stdout, stderr io.Writer) int {
	wfs, err := eval.LoadWorkflows(bytes.NewReader(data))
	if err != nil {
		fmt.Fprintf(stderr, "agentinput eval: %s: %v\n", file, err)
		return exitUsage
	}
	var rep *eval.WorkflowReport
	err = withCaller(url, command, stderr, func(ctx context.Context, caller eval.Caller) error {
		var err error
		rep, err = eval.RunWorkflows(ctx, caller, wfs)
		return err
	})
	if errors.Is(err, errConnect) {
		return exitConnect
	}
	if err != nil {
		fmt.Fprintf(stderr, "agentinput eval: %s: %v\n", file, err)
		return exitUsage
	}
	return writeEval(rep, len(rep.Wrong()), "step", asJSON, stdout, stderr)
}

// evalTasks runs a task corpus (docs/eval.md, "Tasks") under each policy,
// each over a server of its own (a fresh store in process, a new process
// for a command; one server at a URL serves both), and exits 1 when a
// task ends otherwise than the corpus expects.
func evalTasks(file string, data []byte, url string, command []string, asJSON bool, stdout, stderr io.Writer) int {
	tasks, err := eval.LoadTasks(bytes.NewReader(data))
	if err != nil {
		fmt.Fprintf(stderr, "agentinput eval: %s: %v\n", file, err)
		return exitUsage
	}
	runs := map[eval.Policy][]eval.TaskRun{}
	for _, p := range eval.Policies {
		err = withTaskCaller(url, command, stderr, func(ctx context.Context, caller eval.TaskCaller) error {
			var err error
			runs[p], err = eval.RunTasks(ctx, caller, tasks, p)
			return err
		})
		if errors.Is(err, errConnect) {
			return exitConnect
		}
		if err != nil {
			fmt.Fprintf(stderr, "agentinput eval: %s: %v\n", file, err)
			return exitUsage
		}
	}
	rep := eval.NewTaskReport(tasks, runs)
	if asJSON {
		if err := rep.WriteJSON(stdout); err != nil {
			return exitIO
		}
	} else {
		rep.WriteMarkdown(stdout)
	}
	if n := len(rep.Unexpected()); n > 0 {
		fmt.Fprintf(stderr, "agentinput eval: %d task run%s ended otherwise than the corpus expects\n", n, plural(n))
		return exitFindings
	}
	return exitOK
}

// writeEval prints a report (Markdown, or JSON with --json) and exits 1
// when wrong of its calls (or steps: what) were accepted with a value
// other than the intended one.
func writeEval(rep interface {
	WriteJSON(io.Writer) error
	WriteMarkdown(io.Writer)
}, wrong int, what string, asJSON bool, stdout, stderr io.Writer) int {
	if asJSON {
		if err := rep.WriteJSON(stdout); err != nil {
			return exitIO
		}
	} else {
		rep.WriteMarkdown(stdout)
	}
	if wrong > 0 {
		fmt.Fprintf(stderr, "agentinput eval: %d %s%s accepted with a value other than the intended one\n", wrong, what, plural(wrong))
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

// withCaller runs f with the caller of the run: the demonstration tools
// in process, over a fresh store, when no server is named; otherwise the
// server (a command over stdio, or a URL over streamable HTTP) over MCP.
func withCaller(url string, command []string, stderr io.Writer, f func(context.Context, eval.Caller) error) error {
	if url == "" && len(command) == 0 {
		tools, err := eval.DemoTools()
		if err != nil {
			return err
		}
		return f(protocol.WithPrincipal(context.Background(), eval.Session), eval.NewTools(tools))
	}
	return withSession(url, command, stderr, func(ctx, list context.Context, cs *sdk.ClientSession) error {
		caller, err := eval.NewMCP(list, cs)
		if err != nil {
			return err
		}
		return f(ctx, caller)
	})
}

// withTaskCaller is withCaller for a task corpus: the demonstration tools
// in process, rendered as an MCP server renders them, or the server.
func withTaskCaller(url string, command []string, stderr io.Writer, f func(context.Context, eval.TaskCaller) error) error {
	if url == "" && len(command) == 0 {
		tools, err := eval.DemoTools()
		if err != nil {
			return err
		}
		return f(protocol.WithPrincipal(context.Background(), eval.Session), eval.InProcess(eval.NewTools(tools)))
	}
	return withSession(url, command, stderr, func(ctx, _ context.Context, cs *sdk.ClientSession) error {
		return f(ctx, eval.MCPTasks{Session: cs})
	})
}

// withSession connects to the server (a command over stdio, or a URL over
// streamable HTTP) and runs f with the session; list is a context bounded
// for the first requests (listing the tools).
func withSession(url string, command []string, stderr io.Writer, f func(ctx, list context.Context, cs *sdk.ClientSession) error) error {
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
		return errConnect
	}
	defer cs.Close()
	return f(ctx, cctx, cs)
}

func evalUsage(w io.Writer) {
	fmt.Fprint(w, `Usage: agentinput eval FILE.jsonl [--json] [-- COMMAND ARGS... | --url URL]

Scores a corpus of calls against the demonstration tools (read_decisions,
read_decision, can_do and the do tools), in process, over a fresh store;
or against an MCP server that echoes its normalized arguments
("agentinput serve --echo-arguments"), started as COMMAND over stdio or
reached at URL over streamable HTTP.
Each line: {"tool", "arguments", "intended", "label"} (and "cursor_from"
for calls that need a real cursor). Prints Markdown tables per tool and per
label, the wrong calls, and the rejected payloads; --json prints the whole
report. Exits 1 when any call is accepted with a value other than the
intended one.
A corpus whose lines are {"label", "steps": [can_do, read, do, read]} is a
workflow corpus: each workflow runs step by step, each step scored as a
call and held to its proMCP contract, and the report counts each step.
A corpus whose lines are {"id", "lang", "user", "steps", "answer", "truth"}
is a task corpus: each task runs under a careful and a hurried scripted
model (each over a server of its own), and the report counts the wrong
answers and the calls per task; it exits 1 when a task ends otherwise than
the corpus expects.
See docs/eval.md.
`)
}
