package main

import (
	"context"
	"crypto/rand"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"os/signal"
	"syscall"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"agentinput.dev/factory"
	agentmcp "agentinput.dev/factory/mcp"
	"agentinput.dev/internal/demo"
)

// runServe is `agentinput serve [--http ADDR] [--echo-arguments]`: the
// demonstration MCP server over stdio, or streamable HTTP on ADDR.
func runServe(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := newFlagSet("serve")
	addr := fs.String("http", "", "serve streamable HTTP on `ADDR` (host:port) instead of stdio")
	echo := fs.Bool("echo-arguments", false, "put every call's normalized arguments in the result's _meta")
	if err := fs.Parse(args); err != nil || fs.NArg() > 0 {
		fmt.Fprintln(stderr, "usage: agentinput serve [--http ADDR] [--echo-arguments]")
		return exitUsage
	}
	// The log goes to stderr: on stdio, stdout is the protocol's.
	logger := slog.New(slog.NewTextHandler(stderr, nil))
	server, err := demoServer(*echo, factory.SlogObserver{Logger: logger})
	if err != nil {
		fmt.Fprintln(stderr, "agentinput serve:", err)
		return exitIO
	}
	ctx, stop := signal.NotifyContext(context.Background(), syscall.SIGINT, syscall.SIGTERM)
	defer stop()
	if *addr == "" {
		err = server.Run(ctx, &sdk.IOTransport{Reader: io.NopCloser(stdin), Writer: nopWriteCloser{stdout}})
		if err != nil && !errors.Is(err, context.Canceled) && !errors.Is(err, io.EOF) {
			fmt.Fprintln(stderr, "agentinput serve:", err)
			return exitIO
		}
		return exitOK
	}
	handler := sdk.NewStreamableHTTPHandler(func(*http.Request) *sdk.Server { return server }, nil)
	srv := &http.Server{Addr: *addr, Handler: handler}
	go func() {
		<-ctx.Done()
		srv.Close()
	}()
	logger.Info("agentinput serve: listening", "addr", *addr)
	if err := srv.ListenAndServe(); err != nil && !errors.Is(err, http.ErrServerClosed) {
		fmt.Fprintln(stderr, "agentinput serve:", err)
		return exitIO
	}
	return exitOK
}

// demoServer builds the demonstration server: the demo tools over a fresh
// store, with a cursor key of this process (tokens do not outlive it).
func demoServer(echo bool, observer factory.Observer) (*sdk.Server, error) {
	key := make([]byte, 32)
	if _, err := rand.Read(key); err != nil {
		return nil, err
	}
	tools, err := demo.Tools(demo.NewStore(), key, observer)
	if err != nil {
		return nil, err
	}
	server := sdk.NewServer(&sdk.Implementation{Name: "agentinput-demo", Title: "agentinput demonstration: court decisions", Version: "v0.1.0"}, nil)
	agentmcp.RegisterWith(server, agentmcp.Options{EchoArguments: echo}, tools...)
	return server, nil
}

type nopWriteCloser struct{ io.Writer }

func (nopWriteCloser) Close() error { return nil }
