// Command agentinput is the command line of the agentinput module.
//
//	agentinput read KIND [flags] [VALUE ...]
//
// reads each VALUE (or each line of standard input) as one property of kind
// KIND would be read by the tool factory, and prints one JSON object per
// value.
//
//	agentinput census [PACKAGES]
//
// runs the census's ownership analyzer over Go packages (docs/census.md).
//
//	agentinput cursor encode|decode [flags]
//
// encodes a cursor token, or decodes tokens as `read cursor` reads them, with
// a key from --key or $AGENTINPUT_CURSOR_KEY (kinds/cursor).
//
//	agentinput serve [--http ADDR] [--store memory|sqlite:PATH|postgres://DSN] [--cursor-keys FILE] [--echo-arguments]
//
// runs the demonstration MCP server (internal/demo) over stdio, or
// streamable HTTP on ADDR, with do_tag_decision's receipts in a store
// (default: SQLite in the user's state directory; docs/writes.md).
//
//	agentinput lint [--json] [--promcp] [--disable RULE] [--warn RULE] [--config FILE] [--pin FILE] (-- COMMAND ARGS... | --url URL)
//
// lints a live MCP server's tool contract (docs/lint.md), and
//
//	agentinput eval FILE.jsonl [--json] [-- COMMAND | --url URL]
//
// scores a corpus of calls against a server (docs/eval.md).
//
//	agentinput approvals list|show|approve|deny [--store sqlite:PATH|postgres://DSN] [flags] [ID]
//
// lists, shows, approves or denies the durable approval intents of a host's
// remote writes (docs/approvals.md).
//
//	agentinput proxy --bind FILE [--store sqlite:PATH|postgres://DSN] [--http ADDR] (-- COMMAND ARGS... | --url URL)
//
// serves the bound tools of another MCP server (any language) as an
// agentinput server: lenient reading, the envelope, and every write behind
// a durable approval; and
//
//	agentinput discover (-- COMMAND ARGS... | --url URL)
//
// prints that server's catalog as a starting binding file (docs/host.md).
package main

import (
	"fmt"
	"io"
	"os"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

// Exit statuses.
const (
	exitOK    = 0 // every value was read, asks included
	exitIO    = 1 // reading standard input or writing the output failed
	exitUsage = 2 // a usage error: unknown command, kind or flag, bad flag value
)

// command is one subcommand. run is nil for a command that is not built yet.
type command struct {
	name, synopsis string
	run            func(args []string, stdin io.Reader, stdout, stderr io.Writer) int
}

// commands is the table of subcommands, in the order usage lists them.
var commands = []command{
	{"read", "read values as one property of a kind would be read; one JSON line per value", runRead},
	{"spell", "print spellings of a value that a kind reads as it (or, --ambiguous, asks about), with their classes", runSpell},
	{"serve", "run the demonstration MCP server (stdio, or --http ADDR)", runServe},
	{"lint", "lint a live MCP server's contract (-- COMMAND ARGS... or --url URL); exit 1 on errors", runLint},
	{"census", "report code that parses a kind without its owner; exit 1 on findings", runCensus},
	{"cursor", "encode or decode a cursor token with a key from --key or $AGENTINPUT_CURSOR_KEY", runCursor},
	{"eval", "score a corpus of calls against the demonstration tools", runEval},
	{"proxy", "serve the bound tools of another MCP server: lenient, closed codes, writes behind approval", runProxy},
	{"discover", "print another MCP server's catalog as a starting binding file for proxy", runDiscover},
	{"approvals", "list, show, approve, deny or resolve a host's durable write intents (--store STORE)", runApprovals},
}

// run is the whole program, with its streams as arguments so that tests run
// it in-process. It returns the exit status.
func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		usage(stderr)
		return exitUsage
	}
	switch args[0] {
	case "-h", "-help", "--help", "help":
		usage(stdout)
		return exitOK
	}
	for _, c := range commands {
		if c.name != args[0] {
			continue
		}
		if c.run == nil {
			fmt.Fprintf(stderr, "agentinput: %s is not yet built\n", c.name)
			return exitUsage
		}
		return c.run(args[1:], stdin, stdout, stderr)
	}
	fmt.Fprintf(stderr, "agentinput: unknown command %q\n\n", args[0])
	usage(stderr)
	return exitUsage
}

func usage(w io.Writer) {
	fmt.Fprint(w, "Usage: agentinput COMMAND [ARGS]\n\nCommands:\n")
	for _, c := range commands {
		note := ""
		if c.run == nil {
			note = " (not yet built)"
		}
		fmt.Fprintf(w, "  %-9s %s%s\n", c.name, c.synopsis, note)
	}
	fmt.Fprint(w, "\nRun \"agentinput read -h\" for the kinds and flags of read.\n")
}
