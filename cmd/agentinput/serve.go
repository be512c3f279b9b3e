package main

import (
	"context"
	"crypto/rand"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"log/slog"
	"net"
	"net/http"
	"net/netip"
	"os"
	"os/signal"
	"strings"
	"syscall"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	agentmcp "agentinput.dev/factory/mcp"
	"agentinput.dev/factory/observe"
	"agentinput.dev/internal/demo"
	"agentinput.dev/kinds/cursor"
)

const serveUsage = "usage: agentinput serve [--http ADDR [--allow-remote] [--auth-token-file FILE] [--allow-origin ORIGIN,…]] [--store memory|sqlite:PATH|postgres://DSN] [--cursor-keys FILE] [--echo-arguments] [--max-concurrent N]"

// runServe is `agentinput serve`: the demonstration MCP server over stdio,
// or streamable HTTP on ADDR, with do_tag_decision's receipts in a store.
func runServe(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := newFlagSet("serve")
	addr := fs.String("http", "", "serve streamable HTTP on `ADDR` (host:port; :PORT is 127.0.0.1:PORT) instead of stdio")
	allowRemote := fs.Bool("allow-remote", false, "let --http listen on an address beyond loopback (needs --auth-token-file)")
	tokenFile := fs.String("auth-token-file", "", "require every HTTP request to carry the bearer token in `FILE`")
	origins := fs.String("allow-origin", "", "serve browser requests from these `ORIGINS` (comma-separated scheme://host[:port]) beside loopback ones")
	storeFlag := fs.String("store", "", "keep do calls' receipts in `STORE`: memory, sqlite:PATH or postgres://DSN (default: SQLite in the user's state directory)")
	keysFlag := fs.String("cursor-keys", "", "sign and verify cursors with the keyring in `FILE` (one base64 key a line; the first signs)")
	echo := fs.Bool("echo-arguments", false, "put every call's normalized arguments in the result's _meta")
	maxConcurrent := fs.Int("max-concurrent", agentmcp.DefaultMaxConcurrent, "with --http, serve at most `N` calls at once; more wait in a short queue (4 N, 5 s each), then are answered 503")
	if err := fs.Parse(args); err != nil || fs.NArg() > 0 || *maxConcurrent < 1 {
		fmt.Fprintln(stderr, serveUsage)
		return exitUsage
	}
	// The log goes to stderr: on stdio, stdout is the protocol's.
	logger := slog.New(slog.NewTextHandler(stderr, nil))
	ctx, stop := signal.NotifyContext(context.Background(), syscall.SIGINT, syscall.SIGTERM)
	defer stop()

	store, closeStore, where, err := openStore(ctx, *storeFlag)
	if err != nil {
		fmt.Fprintln(stderr, "agentinput serve:", err)
		return exitUsage
	}
	defer closeStore()
	keys, err := cursorKeys(*keysFlag, logger)
	if err != nil {
		fmt.Fprintln(stderr, "agentinput serve:", err)
		return exitUsage
	}
	opts := demo.Options{Keys: keys, Observer: observe.Slog{Logger: logger}, Receipts: store}
	if testHookDemo != nil {
		testHookDemo(&opts)
	}
	data, closeData, err := demoData(ctx, *storeFlag)
	if err != nil {
		fmt.Fprintln(stderr, "agentinput serve:", err)
		return exitIO
	}
	defer closeData()
	server, err := demoServerOver(data, *echo, opts)
	if err != nil {
		fmt.Fprintln(stderr, "agentinput serve:", err)
		return exitIO
	}
	logger.Info("agentinput serve: receipts", "store", where)
	if *addr == "" {
		// Our transport, not go-sdk's: no line a client sends ends the
		// session (factory/mcp.StdioTransport).
		err = server.Run(ctx, agentmcp.NewStdioTransport(stdin, stdout))
		if err != nil && !errors.Is(err, context.Canceled) && !errors.Is(err, io.EOF) {
			fmt.Fprintln(stderr, "agentinput serve:", err)
			return exitIO
		}
		return exitOK
	}
	httpOpts, bind, err := httpOptions(*addr, *allowRemote, *tokenFile, *origins)
	httpOpts.MaxConcurrent = *maxConcurrent
	if err != nil {
		fmt.Fprintln(stderr, "agentinput serve:", err)
		return exitUsage
	}
	ln, err := net.Listen("tcp", bind)
	if err != nil {
		fmt.Fprintln(stderr, "agentinput serve:", err)
		return exitIO
	}
	srv := agentmcp.NewHTTPServer(server, httpOpts)
	go func() {
		<-ctx.Done()
		srv.Close()
	}()
	// The address as bound: with port 0, the port the system chose.
	logger.Info("agentinput serve: listening", "addr", ln.Addr().String())
	if !isLoopback(ln.Addr()) {
		logger.Warn("agentinput serve: listening beyond loopback; every request must carry the bearer token of --auth-token-file", "addr", ln.Addr().String())
	}
	if err := srv.Serve(ln); err != nil && !errors.Is(err, http.ErrServerClosed) {
		fmt.Fprintln(stderr, "agentinput serve:", err)
		return exitIO
	}
	return exitOK
}

// httpOptions checks --http and its flags: the address to bind (":PORT"
// is loopback; an address beyond loopback needs --allow-remote and a
// token) and the endpoint's limits.
func httpOptions(addr string, allowRemote bool, tokenFile, origins string) (agentmcp.HTTPOptions, string, error) {
	var opts agentmcp.HTTPOptions
	host, port, err := net.SplitHostPort(addr)
	if err != nil {
		return opts, "", fmt.Errorf("--http %s: want host:port or :port", addr)
	}
	loopback := host == "localhost" || isLoopbackHost(host)
	switch {
	case host == "" && !allowRemote:
		host, loopback = "127.0.0.1", true
	case !loopback && !allowRemote:
		return opts, "", fmt.Errorf("--http %s: %s is not a loopback address; serving beyond this machine takes --allow-remote and --auth-token-file", addr, host)
	}
	if !loopback && tokenFile == "" {
		return opts, "", fmt.Errorf("--http %s with --allow-remote: every request must carry a bearer token; give it with --auth-token-file", addr)
	}
	if tokenFile != "" {
		data, err := os.ReadFile(tokenFile)
		if err != nil {
			return opts, "", fmt.Errorf("--auth-token-file: %w", err)
		}
		token := strings.TrimSpace(string(data))
		if len(token) < 16 || strings.ContainsAny(token, " \t\r\n") {
			return opts, "", errors.New("--auth-token-file: the token is one line of at least 16 characters, without spaces")
		}
		opts.BearerToken = []byte(token)
	}
	for _, o := range strings.Split(origins, ",") {
		if o = strings.TrimSpace(o); o != "" {
			opts.AllowedOrigins = append(opts.AllowedOrigins, o)
		}
	}
	return opts, net.JoinHostPort(host, port), nil
}

func isLoopbackHost(host string) bool {
	ip, err := netip.ParseAddr(host)
	return err == nil && ip.IsLoopback()
}

func isLoopback(a net.Addr) bool {
	if ta, ok := a.(*net.TCPAddr); ok {
		return ta.IP.IsLoopback()
	}
	return false
}

// testHookDemo, when set (by this package's tests only), adjusts the demo's
// options before the server is built.
var testHookDemo func(*demo.Options)

// cursorKeys loads the keyring of --cursor-keys. Without the flag, or when
// the file does not exist, the key is random and this process's own: its
// cursors do not outlive it or page on another replica, which the log says.
func cursorKeys(path string, logger *slog.Logger) ([][]byte, error) {
	if path != "" {
		data, err := os.ReadFile(path)
		switch {
		case err == nil:
			return cursor.ParseKeyring(data)
		case !errors.Is(err, fs.ErrNotExist):
			return nil, fmt.Errorf("--cursor-keys: %w", err)
		}
		logger.Warn("agentinput serve: the cursor keyring does not exist; cursors are signed with a random key of this process and will not page on another replica or after a restart", "file", path)
	}
	key := make([]byte, 32)
	if _, err := rand.Read(key); err != nil {
		return nil, err
	}
	return [][]byte{key}, nil
}

// demoServer builds the demonstration server: the demo tools over a fresh
// dataset, with the options' cursor keys and receipt store.
func demoServer(echo bool, opts demo.Options) (*sdk.Server, error) {
	return demoServerOver(demo.NewStore(), echo, opts)
}

// demoServerOver builds the demonstration server over a dataset: its
// tools, and its catalog (the decision://{id} template and the
// brief-on-decisions prompt).
func demoServerOver(data *demo.Store, echo bool, opts demo.Options) (*sdk.Server, error) {
	tools, err := demo.ToolsWith(data, opts)
	if err != nil {
		return nil, err
	}
	cat, err := demo.Catalog(data, opts)
	if err != nil {
		return nil, err
	}
	server := sdk.NewServer(&sdk.Implementation{Name: "agentinput-demo", Title: "agentinput demonstration: court decisions", Version: "v0.1.0"}, nil)
	agentmcp.RegisterWith(server, agentmcp.Options{EchoArguments: echo}, tools...)
	agentmcp.RegisterCatalog(server, cat)
	return server, nil
}
