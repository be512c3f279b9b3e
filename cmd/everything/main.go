// Command everything is the MCP conformance suite's "everything" server
// (@modelcontextprotocol/conformance, docs/conformance.md) built on this
// library: every tool is declared with the factory (typed inputs, lenient
// reading, notes, the envelope) and answers through factory/mcp; the
// resources, the resource template, the prompts and their completions are
// declared with factory/catalog (parameters and arguments bound to kinds,
// Shape A _meta on every read) and served by factory/mcp.RegisterCatalog;
// resource subscriptions stay go-sdk's (ServerOptions.SubscribeHandler).
//
// Usage:
//
//	everything                        serve over stdio
//	everything --http 127.0.0.1:PORT  serve streamable HTTP at http://127.0.0.1:PORT/mcp
//
// The log goes to stderr.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"os"
	"os/signal"
	"syscall"

	agentmcp "agentinput.dev/factory/mcp"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("everything", flag.ContinueOnError)
	fs.SetOutput(stderr)
	addr := fs.String("http", "", "serve streamable HTTP on `ADDR` (a loopback host:port; the endpoint is /mcp) instead of stdio")
	maxConcurrent := fs.Int("max-concurrent", agentmcp.DefaultMaxConcurrent, "with --http, serve at most `N` calls at once; more wait in a short queue (4 N, 5 s each), then are answered 503")
	if err := fs.Parse(args); err != nil || fs.NArg() > 0 || *maxConcurrent < 1 {
		fmt.Fprintln(stderr, "usage: everything [--http 127.0.0.1:PORT] [--max-concurrent N]")
		return 2
	}
	logger := slog.New(slog.NewTextHandler(stderr, nil))
	ctx, stop := signal.NotifyContext(context.Background(), syscall.SIGINT, syscall.SIGTERM)
	defer stop()
	server, err := newServer(logger)
	if err != nil {
		fmt.Fprintln(stderr, "everything:", err)
		return 1
	}
	if *addr == "" {
		err := server.Run(ctx, agentmcp.NewStdioTransport(stdin, stdout))
		if err != nil && !errors.Is(err, context.Canceled) && !errors.Is(err, io.EOF) {
			fmt.Fprintln(stderr, "everything:", err)
			return 1
		}
		return 0
	}
	host, _, err := net.SplitHostPort(*addr)
	if ip := net.ParseIP(host); err != nil || host != "localhost" && (ip == nil || !ip.IsLoopback()) {
		// The suite's server runs unauthenticated: loopback only.
		fmt.Fprintf(stderr, "everything: --http %s: want a loopback host:port, such as 127.0.0.1:8080\n", *addr)
		return 2
	}
	ln, err := net.Listen("tcp", *addr)
	if err != nil {
		fmt.Fprintln(stderr, "everything:", err)
		return 1
	}
	srv := agentmcp.NewHTTPServer(server, agentmcp.HTTPOptions{MaxConcurrent: *maxConcurrent})
	go func() {
		<-ctx.Done()
		srv.Close()
	}()
	logger.Info("everything: listening", "url", "http://"+ln.Addr().String()+"/mcp")
	if err := srv.Serve(ln); err != nil && !errors.Is(err, http.ErrServerClosed) {
		fmt.Fprintln(stderr, "everything:", err)
		return 1
	}
	return 0
}
