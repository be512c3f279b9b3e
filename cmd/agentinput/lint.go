package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"strings"
	"sync"
	"time"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"agentinput.dev/census/lint"
)

// exitConnect is lint's status when it could not connect to the server or
// list its tools (the same number as a usage error).
const exitConnect = 2

// lintReport is `agentinput lint --json`'s output: one JSON object
// (docs/lint.md, "Output").
type lintReport struct {
	Server lintServer `json:"server"`
	Tools  int        `json:"tools"`
	// Resources counts the resources and resource templates listed, and
	// Prompts the prompts.
	Resources int `json:"resources"`
	Prompts   int `json:"prompts"`
	// ResourcesRead counts the resources read and PromptsFetched the
	// prompts got whose results were judged (docs/lint.md, "Resources
	// and prompts": at most 8 each).
	ResourcesRead  int            `json:"resources_read"`
	PromptsFetched int            `json:"prompts_fetched"`
	Pages          int            `json:"pages"`
	Bytes          int            `json:"bytes"`
	Digest         string         `json:"digest"`
	Pin            *lintPin       `json:"pin,omitempty"`
	Findings       []lint.Finding `json:"findings"`
	Errors         int            `json:"errors"`
	Warnings       int            `json:"warnings"`
}

type lintServer struct {
	Name    string `json:"name"`
	Version string `json:"version,omitempty"`
}

type lintPin struct {
	File    string `json:"file"`
	Updated bool   `json:"updated,omitempty"`
}

// runLint is `agentinput lint [flags] (-- COMMAND ARGS... | --url URL)`:
// the contract linter against a live server, over stdio (a command it
// starts) or streamable HTTP. It exits 0 when no error was found (warnings
// are printed), 1 when one was, 2 when it could not connect or list.
func runLint(args []string, _ io.Reader, stdout, stderr io.Writer) int {
	fs := newFlagSet("lint")
	asJSON := fs.Bool("json", false, "print one JSON object for machines instead of text")
	promcp := fs.Bool("promcp", false, "add the proMCP rules: a read_, do_ or can_do prefix on every name, annotations and output schemas that agree with it")
	var rules lint.Config
	fs.Var((*ruleList)(&rules.Disable), "disable", "drop the findings of rule `RULE` (repeat, or separate with commas)")
	fs.Var((*ruleList)(&rules.Warn), "warn", "report rule `RULE` as a warning (repeat, or separate with commas)")
	configFile := fs.String("config", "", "read rules to disable or downgrade from the JSON `FILE` {\"disable\": [...], \"warn\": [...]}")
	pinFile := fs.String("pin", "", "report drift against the pin in `FILE`")
	updatePin := fs.Bool("update-pin", false, "write the catalog's pin to the --pin FILE instead of comparing")
	url := fs.String("url", "", "connect over streamable HTTP to `URL`")
	allowPrivate := fs.Bool(allowPrivateFlag, false, "let --url reach loopback, private, link-local and metadata addresses")
	budget := lint.DefaultBudget
	fs.IntVar(&budget.Pages, "max-pages", budget.Pages, "tools/list pages to read at most")
	fs.IntVar(&budget.Tools, "max-tools", budget.Tools, "tools to read at most")
	fs.IntVar(&budget.Bytes, "max-bytes", budget.Bytes, "bytes of catalog to read at most")
	fs.DurationVar(&budget.PerRequest, "timeout", budget.PerRequest, "time each request (connecting included) may take")
	lintUsage := func(w io.Writer) {
		fmt.Fprintln(w, "usage: agentinput lint [--json] [--promcp] [--disable RULE] [--warn RULE] [--config FILE] [--pin FILE [--update-pin]] [budget flags] (-- COMMAND ARGS... | --url URL [--allow-private-network])")
		fmt.Fprintln(w, "\nExit status: 0 no errors (warnings are printed), 1 errors found, 2 could not connect or list.\n\nFlags:")
		fs.SetOutput(w)
		fs.PrintDefaults()
		fs.SetOutput(io.Discard)
	}
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			lintUsage(stdout)
			return exitOK
		}
		fmt.Fprintf(stderr, "agentinput lint: %v\n\n", err)
		lintUsage(stderr)
		return exitUsage
	}
	command := fs.Args()
	switch {
	case (*url == "") == (len(command) == 0):
		fmt.Fprintln(stderr, "agentinput lint: name the server: -- COMMAND ARGS... or --url URL (one of them)")
		lintUsage(stderr)
		return exitUsage
	case *updatePin && *pinFile == "":
		fmt.Fprintln(stderr, "agentinput lint: --update-pin needs --pin FILE")
		return exitUsage
	case budget.Pages <= 0 || budget.Tools <= 0 || budget.Bytes <= 0 || budget.PerRequest <= 0:
		fmt.Fprintln(stderr, "agentinput lint: the budgets must be positive")
		return exitUsage
	}
	if *url != "" {
		if err := checkURL(context.Background(), *url, *allowPrivate); err != nil {
			fmt.Fprintln(stderr, "agentinput lint:", err)
			return exitUsage
		}
	}
	if *configFile != "" {
		data, err := readBounded(*configFile, 1<<20)
		if err == nil {
			var file lint.Config
			if file, err = lint.ParseConfig(data); err == nil {
				rules.Disable = append(rules.Disable, file.Disable...)
				rules.Warn = append(rules.Warn, file.Warn...)
			}
		}
		if err != nil {
			fmt.Fprintf(stderr, "agentinput lint: the config %s: %v\n", *configFile, err)
			return exitUsage
		}
	}
	if err := rules.Check(); err != nil {
		fmt.Fprintf(stderr, "agentinput lint: %v\n", err)
		return exitUsage
	}
	var pin lint.Pin
	if *pinFile != "" && !*updatePin {
		data, err := readBounded(*pinFile, 4<<20)
		if err != nil {
			fmt.Fprintf(stderr, "agentinput lint: the pin %s: %v (write one with --update-pin)\n", *pinFile, err)
			return exitUsage
		}
		if pin, err = lint.ParsePin(data); err != nil {
			fmt.Fprintf(stderr, "agentinput lint: the pin %s: %v\n", *pinFile, err)
			return exitUsage
		}
	}

	var transport sdk.Transport
	serverErr := &tailBuffer{max: 4 << 10}
	if *url != "" {
		transport = &sdk.StreamableClientTransport{Endpoint: *url, MaxRetries: -1, DisableStandaloneSSE: true,
			HTTPClient: egressClient(budget.PerRequest, *allowPrivate)}
	} else {
		cmd := exec.Command(command[0], command[1:]...)
		cmd.Stderr = serverErr
		transport = &sdk.CommandTransport{Command: cmd, TerminateDuration: 2 * time.Second}
	}
	transport, recorder := lint.Record(transport, budget.Bytes)
	capabilities := recorder.Capabilities
	ctx := context.Background()
	cctx, cancel := context.WithTimeout(ctx, budget.PerRequest)
	client := sdk.NewClient(&sdk.Implementation{Name: "agentinput-lint", Version: "v0.1.0"}, nil)
	cs, err := client.Connect(cctx, transport, nil)
	cancel()
	if err != nil {
		fmt.Fprintf(stderr, "agentinput lint: could not connect: %v\n", err)
		if tail := serverErr.String(); tail != "" {
			fmt.Fprintf(stderr, "the server's standard error ended with:\n%s\n", tail)
		}
		return exitConnect
	}
	defer cs.Close()
	listing, err := lint.List(ctx, cs, budget)
	if err != nil {
		fmt.Fprintf(stderr, "agentinput lint: could not list the tools: %v\n", err)
		return exitConnect
	}

	rep := lintReport{Tools: len(listing.Tools), Pages: listing.Pages, Bytes: listing.Bytes, Digest: lint.Digest(listing.Tools)}
	if ir := cs.InitializeResult(); ir != nil && ir.ServerInfo != nil {
		rep.Server = lintServer{Name: ir.ServerInfo.Name, Version: ir.ServerInfo.Version}
	}
	rep.Findings = append(append([]lint.Finding{}, listing.Findings...), lint.Lint(listing.Tools, lint.Options{ProMCP: *promcp})...)
	resources := lint.ListResources(ctx, cs, budget)
	inspection := lint.Inspect(ctx, cs, recorder, resources.Resources, budget)
	rep.Resources, rep.Prompts = len(inspection.Resources), len(inspection.Prompts)
	rep.ResourcesRead, rep.PromptsFetched = inspection.Read, inspection.Fetched
	rep.Findings = append(append(rep.Findings, resources.Findings...), inspection.Findings...)
	rep.Findings = append(rep.Findings, lint.LintServer(capabilities(), listing.Tools, inspection.Resources)...)
	rep.Findings = append(rep.Findings, lint.ProbeSubscribe(ctx, cs, capabilities(), inspection.Resources)...)
	rep.Findings = append(rep.Findings, lint.LintPrompts(inspection.Prompts, inspection.Resources)...)
	rep.Findings = append(rep.Findings, lint.LintReads(inspection.Reads)...)
	if *pinFile != "" {
		rep.Pin = &lintPin{File: *pinFile}
		if *updatePin {
			if err := os.WriteFile(*pinFile, lint.PinFile(listing.Tools), 0o644); err != nil {
				fmt.Fprintf(stderr, "agentinput lint: writing the pin: %v\n", err)
				return exitIO
			}
			rep.Pin.Updated = true
		} else {
			rep.Findings = append(rep.Findings, lint.Drift(listing.Tools, pin)...)
		}
	}
	rep.Findings = rules.Apply(rep.Findings)
	rep.Errors = lint.Errors(rep.Findings)
	rep.Warnings = len(rep.Findings) - rep.Errors

	if *asJSON {
		enc := json.NewEncoder(stdout)
		enc.SetIndent("", "  ")
		if err := enc.Encode(rep); err != nil {
			return exitIO
		}
	} else if err := printLint(stdout, rep); err != nil {
		return exitIO
	}
	if rep.Errors > 0 {
		return exitFindings
	}
	return exitOK
}

// printLint writes the report for people: a header, one line per finding,
// each broken rule's fix once, a summary line.
func printLint(w io.Writer, rep lintReport) error {
	var b strings.Builder
	name := rep.Server.Name
	if name == "" {
		name = "(unnamed server)"
	}
	fmt.Fprintf(&b, "server %s %s: %d tools on %d page%s, %d resources and templates, %d prompts\n", oneLine(name), oneLine(rep.Server.Version),
		rep.Tools, rep.Pages, plural(rep.Pages), rep.Resources, rep.Prompts)
	fmt.Fprintf(&b, "digest %s\n", rep.Digest)
	if rep.Pin != nil && rep.Pin.Updated {
		fmt.Fprintf(&b, "pinned to %s\n", rep.Pin.File)
	}
	for _, f := range rep.Findings {
		at := ""
		switch {
		case f.Tool != "" && f.Property != "":
			at = fmt.Sprintf(" %s.%s", oneLine(f.Tool), oneLine(f.Property))
		case f.Tool != "":
			at = " " + oneLine(f.Tool)
		case f.Prompt != "":
			at = " prompt " + oneLine(f.Prompt)
		case f.Resource != "":
			at = " " + oneLine(f.Resource)
		}
		fmt.Fprintf(&b, "%-7s %s%s: %s\n", f.Severity, f.Rule, at, oneLine(f.Message))
	}
	// Each rule's fix once, in the order the rules were first broken.
	fixed := map[string]bool{}
	for _, f := range rep.Findings {
		if !fixed[f.Rule] {
			fixed[f.Rule] = true
			fmt.Fprintf(&b, "fix %s: %s\n", f.Rule, f.Fix)
		}
	}
	fmt.Fprintf(&b, "%d error%s, %d warning%s\n", rep.Errors, plural(rep.Errors), rep.Warnings, plural(rep.Warnings))
	_, err := io.WriteString(w, b.String())
	return err
}

// oneLine keeps what a server sent on one line of the text report.
func oneLine(s string) string {
	return strings.Map(func(r rune) rune {
		if r < ' ' || r == 0x7f {
			return ' '
		}
		return r
	}, s)
}

func readBounded(path string, max int64) ([]byte, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	data, err := io.ReadAll(io.LimitReader(f, max+1))
	if err != nil {
		return nil, err
	}
	if int64(len(data)) > max {
		return nil, fmt.Errorf("over %d bytes", max)
	}
	return data, nil
}

// tailBuffer keeps the last max bytes written to it: the end of a server's
// standard error, for a connection that failed.
type tailBuffer struct {
	mu  sync.Mutex
	max int
	buf []byte
}

func (t *tailBuffer) Write(p []byte) (int, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.buf = append(t.buf, p...)
	if len(t.buf) > t.max {
		t.buf = append([]byte(nil), t.buf[len(t.buf)-t.max:]...)
	}
	return len(p), nil
}

func (t *tailBuffer) String() string {
	t.mu.Lock()
	defer t.mu.Unlock()
	return strings.TrimSpace(string(t.buf))
}

// ruleList is a flag that collects rule ids, repeated or comma-separated.
type ruleList []string

func (l *ruleList) String() string { return strings.Join(*l, ",") }

func (l *ruleList) Set(v string) error {
	for _, id := range strings.Split(v, ",") {
		if id = strings.TrimSpace(id); id != "" {
			*l = append(*l, id)
		}
	}
	return nil
}
