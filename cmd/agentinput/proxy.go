package main

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"os"
	"os/exec"
	"os/signal"
	"runtime"
	"strconv"
	"sync"
	"sync/atomic"
	"syscall"
	"time"
	"weak"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"agentinput.dev/agentinput"
	"agentinput.dev/factory"
	agentmcp "agentinput.dev/factory/mcp"
	"agentinput.dev/factory/reply"
	"agentinput.dev/host"
	uplink "agentinput.dev/internal/upstream"
)

const proxyUsage = "usage: agentinput proxy --bind FILE [--store sqlite:PATH|postgres://DSN] [--http ADDR] [--timeout D] [--max-calls-per-session N] (-- COMMAND ARGS... | --url URL [--allow-private-network])"

// upstream connects a host's client session to the server a command line
// names: a command it starts (its standard error kept in tail), or a URL.
func upstream(ctx context.Context, url string, allowPrivate bool, command []string, timeout time.Duration, tail *tailBuffer, mon *host.Monitor) (*sdk.ClientSession, error) {
	var transport sdk.Transport
	if url != "" {
		transport = &sdk.StreamableClientTransport{Endpoint: url, MaxRetries: -1, DisableStandaloneSSE: false,
			HTTPClient: egressClient(timeout, allowPrivate)}
	} else {
		cmd := exec.Command(command[0], command[1:]...)
		cmd.Stderr = tail
		transport = &sdk.CommandTransport{Command: cmd, TerminateDuration: 2 * time.Second}
	}
	cctx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	client := sdk.NewClient(&sdk.Implementation{Name: "agentinput-proxy", Version: "v0.1.0"}, mon.ClientOptions(nil))
	return client.Connect(cctx, transport, host.SessionOptions())
}

// upstreamDial dials the proxy's upstream server with the proxy's own
// client (internal/upstream: every message screened, each decoded once): a
// command it starts anew on each dial (its standard error kept in tail), or
// a URL over streamable HTTP through the egress guard.
func upstreamDial(url string, allowPrivate bool, command []string, timeout time.Duration, tail *tailBuffer) uplink.Dial {
	if url == "" {
		return uplink.Stdio(command, tail, 2*time.Second)
	}
	return uplink.HTTP(url, egressClient(timeout, allowPrivate), 2*time.Second)
}

// runProxy is `agentinput proxy`: the bound tools of one upstream server,
// served as an agentinput server (stdio, or streamable HTTP on --http):
// arguments read leniently on the proxy, answers in the envelope, and
// every write behind a durable approval.
func runProxy(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := newFlagSet("proxy")
	bindPath := fs.String("bind", "", "the binding `FILE` (JSON; docs/host.md)")
	storeSpec := fs.String("store", "", "keep write approvals in `STORE`: sqlite:PATH or postgres://DSN (default: SQLite in the user's state directory, where agentinput approvals looks)")
	addr := fs.String("http", "", "serve streamable HTTP on loopback `ADDR` (:PORT or 127.0.0.1:PORT) instead of stdio")
	url := fs.String("url", "", "the upstream server over streamable HTTP at `URL`")
	allowPrivate := fs.Bool(allowPrivateFlag, false, "let --url reach loopback, private, link-local and metadata addresses")
	maxCalls := fs.Int("max-calls-per-session", DefaultMaxCallsPerSession, "answer a session's calls past `N` with rate_limited (0: no bound)")
	timeout := fs.Duration("timeout", host.DefaultBudget.RPC, "each upstream request's budget (at most 300s)")
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			fmt.Fprintln(stdout, proxyUsage)
			return exitOK
		}
		fmt.Fprintln(stderr, proxyUsage)
		return exitUsage
	}
	command := fs.Args()
	if *bindPath == "" || (*url == "") == (len(command) == 0) {
		fmt.Fprintln(stderr, "agentinput proxy: give --bind FILE, and the upstream: -- COMMAND ARGS... or --url URL (one of them)")
		fmt.Fprintln(stderr, proxyUsage)
		return exitUsage
	}
	if *url != "" {
		if err := checkURL(context.Background(), *url, *allowPrivate); err != nil {
			fmt.Fprintln(stderr, "agentinput proxy:", err)
			return exitUsage
		}
	}
	file, err := readBindFile(*bindPath)
	if err != nil {
		fmt.Fprintln(stderr, "agentinput proxy:", err)
		return exitUsage
	}
	bindings, err := file.bindings(*bindPath)
	if err != nil {
		fmt.Fprintln(stderr, "agentinput proxy:", err)
		return exitUsage
	}
	logger := slog.New(slog.NewTextHandler(stderr, nil))
	ctx, stop := signal.NotifyContext(context.Background(), syscall.SIGINT, syscall.SIGTERM)
	defer stop()

	opts := host.Options{ServerID: file.ServerID, Budget: host.Budget{RPC: *timeout}, ProMCP: file.ProMCP}
	writes := false
	for _, b := range bindings {
		writes = writes || b.Policy == host.PolicyConfirm
	}
	if writes || *storeSpec != "" {
		store, where, err := openApprovals(ctx, *storeSpec, true)
		if err != nil {
			fmt.Fprintln(stderr, "agentinput proxy:", err)
			return exitUsage
		}
		defer store.Close()
		opts.Approvals = store
		logger.Info("agentinput proxy: approvals", "store", where)
	}
	if err := host.Check(opts, bindings...); err != nil {
		fmt.Fprintln(stderr, "agentinput proxy:", err)
		return exitUsage
	}
	tail := &tailBuffer{max: 4 << 10}
	var h *host.Host
	sup, err := uplink.Start(ctx, uplink.Options{Dial: upstreamDial(*url, *allowPrivate, command, *timeout, tail), DialTimeout: *timeout, Logger: logger,
		Refresh: func(ctx context.Context) error {
			stale, err := h.Refresh(ctx)
			if err == nil && len(stale) > 0 {
				logger.Warn("agentinput proxy: tools changed or gone on the upstream server answer mcp_catalog_stale until a person rebinds them", "tools", stale)
			}
			return err
		}})
	if err != nil {
		fmt.Fprintf(stderr, "agentinput proxy: could not connect to the upstream server: %v\n", err)
		if t := tail.String(); t != "" {
			fmt.Fprintf(stderr, "its standard error ended with:\n%s\n", t)
		}
		return exitConnect
	}
	supCtx, stopSup := context.WithCancel(ctx)
	runDone := make(chan struct{})
	defer func() {
		stopSup()
		select {
		case <-runDone: // Run closed the upstream
		default:
			sup.Close() // Run never started
		}
	}()
	h, err = host.NewOver(sup, opts, bindings...)
	if err != nil {
		fmt.Fprintln(stderr, "agentinput proxy:", err)
		return exitUsage
	}
	snap, err := settledDiscover(ctx, h)
	if err != nil {
		fmt.Fprintln(stderr, "agentinput proxy: discovery:", err)
		return exitConnect
	}
	if file.Digest != "" && file.Digest != snap.Digest() {
		fmt.Fprintf(stderr, "agentinput proxy: the binding file pins the catalog %s, the server's is %s: review the change (agentinput discover), then update or remove \"digest\"\n", file.Digest, snap.Digest())
		return exitConnect
	}
	logger.Info("agentinput proxy: bound", "server", file.ServerID, "tools", len(snap.Entries()), "digest", snap.Digest(), "protocol", snap.ProtocolVersion())
	go func() {
		sup.Run(supCtx) // restarts or reconnects the upstream, rediscovers on tools/list_changed; closes it when supCtx ends
		close(runDone)
	}()
	defer func() {
		stopSup()
		<-runDone
	}()

	if *addr == "" {
		// Over stdio the transport answers the bound tools' calls itself
		// (factory/mcp's fast path: each call decoded once); go-sdk's
		// session answers everything else, and the calls it is handed.
		// The stdio proxy runs on one processor unless GOMAXPROCS says
		// otherwise, and waits for its input in Go's poller
		// (pollableInput): a call's path is a chain of hand-offs between
		// goroutines (the reader, the call, the upstream's reader), and
		// with a processor idle each hand-off wakes another thread to look
		// for work; on one it is a switch within the process. Its own work
		// on a call is some 20 µs (docs/performance.md, "The proxy").
		if os.Getenv("GOMAXPROCS") == "" {
			runtime.GOMAXPROCS(1)
		}
		in, restore := pollableInput(stdin)
		defer restore()
		server, raw := proxyTools(h, logger, *maxCalls, true)
		transport := agentmcp.NewStdioTransport(in, stdout)
		transport.RawTools = raw
		err = server.Run(ctx, transport)
		if err != nil && !errors.Is(err, context.Canceled) && !errors.Is(err, io.EOF) {
			fmt.Fprintln(stderr, "agentinput proxy:", err)
			return exitIO
		}
		return exitOK
	}
	httpOpts, bind, err := httpOptions(*addr, false, "", "")
	if err != nil {
		fmt.Fprintln(stderr, "agentinput proxy:", err)
		return exitUsage
	}
	ln, err := net.Listen("tcp", bind)
	if err != nil {
		fmt.Fprintln(stderr, "agentinput proxy:", err)
		return exitIO
	}
	srv := agentmcp.NewHTTPServer(proxyServer(h, logger, *maxCalls), httpOpts)
	go func() {
		<-ctx.Done()
		srv.Close()
	}()
	logger.Info("agentinput proxy: listening", "addr", ln.Addr().String())
	if err := srv.Serve(ln); err != nil && !errors.Is(err, http.ErrServerClosed) {
		fmt.Fprintln(stderr, "agentinput proxy:", err)
		return exitIO
	}
	return exitOK
}

// settledDiscover discovers and swaps in the bound catalog before the
// proxy serves anything. A server that changes its tools as the session
// starts (server-everything registers tools once the client is initialized,
// and says so with list_changed) makes the first snapshot stale at once;
// before any call is served is a safe boundary to discover again, at most
// twice more. A catalog still stale after that is served stale (its tools
// answer mcp_catalog_stale), as after any later list_changed.
func settledDiscover(ctx context.Context, h *host.Host) (*host.Snapshot, error) {
	for i := 0; ; i++ {
		snap, err := h.Discover(ctx)
		if err != nil {
			return nil, err
		}
		if _, err := h.Swap(snap); err != nil {
			return nil, err
		}
		if _, stale := h.Current(); !stale || i == 2 {
			return snap, nil
		}
	}
}

// DefaultMaxCallsPerSession is how many calls one client session may make
// through the proxy (--max-calls-per-session): far more than a task takes,
// few enough that a model looping on a tool, or a client reusing one
// session for everything, stops at a clear answer.
const DefaultMaxCallsPerSession = 1000

// proxyServer serves a host's tools as an MCP server: each call counted
// against its session's bound (maxCalls; 0 is none) and written to the
// audit log, reads as writes, without a value.
func proxyServer(h *host.Host, audit *slog.Logger, maxCalls int) *sdk.Server {
	server, _ := proxyTools(h, audit, maxCalls, false)
	return server
}

// proxyTools is proxyServer, and the same tools as raw handlers for
// factory/mcp's stdio fast path. With oneSession (stdio: the process
// serves one client), every call counts against one bound whichever path
// answers it, and the audit line's session is "" as go-sdk's stdio
// session id is; else each go-sdk session has its own.
func proxyTools(h *host.Host, audit *slog.Logger, maxCalls int, oneSession bool) (*sdk.Server, map[string]agentmcp.RawToolHandler) {
	server := sdk.NewServer(&sdk.Implementation{Name: "agentinput-proxy", Title: "agentinput proxy", Version: "v0.1.0"}, nil)
	calls := &sessionCalls{}
	raw := map[string]agentmcp.RawToolHandler{}
	for _, t := range h.Tools() {
		name, typed := t.Name, t.OutputSchema != nil
		kind := "write"
		if t.Annotations != nil && t.Annotations.ReadOnlyHint {
			kind = "read"
		}
		// call answers a call, and what is left to do once the answer is
		// written: its audit line.
		call := func(ctx context.Context, session *sdk.ServerSession, args json.RawMessage) (*sdk.CallToolResult, func()) {
			start := time.Now()
			var r *host.Result
			if n := calls.add(session); maxCalls > 0 && n > int64(maxCalls) {
				r = &host.Result{Envelope: &factory.Envelope{Code: agentinput.EnvelopeRateLimited,
					Message: "This session has made " + strconv.Itoa(maxCalls) + " calls through the proxy, its bound for one session; nothing was sent.",
					Hint:    "Start a new session to call " + name + " again; in this one every call is refused.", RetryAllowed: false,
					Issues: []agentinput.Issue{}}}
			} else {
				r = h.Call(ctx, name, args)
			}
			d := time.Since(start)
			return proxyResult(r, typed), func() { auditCall(audit, session, name, kind, args, r, d) }
		}
		server.AddTool(t, func(ctx context.Context, req *sdk.CallToolRequest) (*sdk.CallToolResult, error) {
			var args json.RawMessage
			var session *sdk.ServerSession
			if req != nil && req.Params != nil {
				args = req.Params.Arguments
			}
			if req != nil && !oneSession {
				session = req.Session
			}
			res, after := call(ctx, session, args)
			after() // go-sdk writes the answer once this returns
			return res, nil
		})
		raw[name] = func(ctx context.Context, args json.RawMessage) (*sdk.CallToolResult, func()) {
			return call(ctx, nil, args)
		}
	}
	return server, raw
}

// auditCall writes one line for a call through the proxy: the tool and
// whether it reads or writes, the session, the SHA-256 of the arguments as
// sent (never the arguments themselves), the outcome (ok or the envelope's
// code), the write's intent and effect, and the duration.
func auditCall(audit *slog.Logger, session *sdk.ServerSession, tool, kind string, args json.RawMessage, r *host.Result, d time.Duration) {
	if audit == nil {
		return
	}
	sum := sha256.Sum256(args)
	outcome := "ok"
	if r.Envelope != nil {
		outcome = string(r.Envelope.Code)
	}
	id := ""
	if session != nil {
		id = session.ID()
	}
	attrs := []slog.Attr{slog.String("tool", tool), slog.String("kind", kind), slog.String("session", id),
		slog.String("arguments_sha256", hex.EncodeToString(sum[:])), slog.String("outcome", outcome), slog.Duration("duration", d)}
	if r.IntentID != "" {
		attrs = append(attrs, slog.String("intent", r.IntentID), slog.String("effect", r.Effect))
	}
	audit.LogAttrs(context.Background(), slog.LevelInfo, "agentinput proxy: call", attrs...)
}

// sessionCalls counts the calls of each client session; a session's count
// goes when the session does (a cleanup on its collection), so a server
// that lives long keeps no count of sessions long gone.
type sessionCalls struct {
	m sync.Map // weak.Pointer[sdk.ServerSession] → *atomic.Int64
}

// add counts one more call of session (nil: the one session of a
// transport without sessions) and returns its count.
func (c *sessionCalls) add(session *sdk.ServerSession) int64 {
	key := weak.Make(session)
	v, ok := c.m.Load(key)
	if !ok {
		var loaded bool
		if v, loaded = c.m.LoadOrStore(key, new(atomic.Int64)); !loaded && session != nil {
			runtime.AddCleanup(session, func(k weak.Pointer[sdk.ServerSession]) { c.m.Delete(k) }, key)
		}
	}
	return v.(*atomic.Int64).Add(1)
}

// HostKey is the _meta key of a write's approval state in a proxy's
// result: {"intent_id": "…", "effect": "pending"|"committed"|…}.
const HostKey = "agentinput.dev/approval"

// proxyResult renders a host's answer as an MCP tool result: a success
// of a tool served with an output schema (typed) as the validated
// structured result itself in structuredContent, which is what the schema
// describes, and the remote text blocks as content; a success of another
// tool as {"text": […], "structured": …}; a failure as the envelope, with
// isError, in structuredContent, or for a typed tool in
// _meta["agentinput.dev/envelope"] as factory/mcp puts it. Notes travel as factory/mcp's do, in _meta and an "Input read"
// block.
func proxyResult(r *host.Result, typed bool) *sdk.CallToolResult {
	out := &sdk.CallToolResult{}
	read := &factory.Result{Notes: r.Notes, Warnings: r.Warnings}
	if len(r.Notes) > 0 || len(r.Warnings) > 0 {
		out.Meta = sdk.Meta{reply.MetaKey: map[string]any{"notes": r.Notes, "warnings": r.Warnings}}
	}
	if r.IntentID != "" {
		if out.Meta == nil {
			out.Meta = sdk.Meta{}
		}
		out.Meta[HostKey] = map[string]any{"intent_id": r.IntentID, "effect": r.Effect}
	}
	switch {
	case r.Envelope != nil && typed:
		// As factory/mcp answers for a tool of its own with an output
		// schema: the envelope in _meta, and no structured content, which
		// clients validate against the schema even on an error (the
		// TypeScript SDK's client does).
		out.IsError = true
		if out.Meta == nil {
			out.Meta = sdk.Meta{}
		}
		out.Meta[reply.EnvelopeKey] = r.Envelope
		out.Content = []sdk.Content{&sdk.TextContent{Text: reply.EnvelopeText(r.Envelope)}}
	case r.Envelope != nil:
		out.IsError = true
		out.StructuredContent = r.Envelope
		out.Content = []sdk.Content{&sdk.TextContent{Text: reply.EnvelopeText(r.Envelope)}}
	case typed:
		// A write a person resolved as committed has no remote answer to
		// show (structured is null): its text says so, and no structured
		// content is made up to fit the schema.
		if s := r.Success.Structured; len(s) > 0 && string(s) != "null" {
			out.StructuredContent = s
		}
		for _, t := range r.Success.Text {
			out.Content = append(out.Content, &sdk.TextContent{Text: t})
		}
		if len(r.Success.Text) == 0 && out.StructuredContent != nil {
			out.Content = append(out.Content, &sdk.TextContent{Text: string(r.Success.Structured)})
		}
	default:
		out.StructuredContent = r.Success
		for _, t := range r.Success.Text {
			out.Content = append(out.Content, &sdk.TextContent{Text: t})
		}
		if len(r.Success.Text) == 0 {
			payload, _ := json.Marshal(r.Success)
			out.Content = append(out.Content, &sdk.TextContent{Text: string(payload)})
		}
	}
	if text := reply.InputReadText(read); text != "" {
		out.Content = append(out.Content, &sdk.TextContent{Text: text})
	}
	return out
}

// choosePolicy is the policy discover writes: not a policy, so that the
// proxy takes no tool until a person chose read or confirm for it.
const choosePolicy = "read or confirm: choose"

// runDiscover is `agentinput discover`: the upstream server's catalog as
// a host would bind it, every tool whose schemas fit the profile taken as
// a parallel read without a scope, printed as a starting binding file:
// each tool's policy left for a person to choose, the snapshot (with its
// digest) as discovered, the tools that do not fit as they are with a
// suggested declared schema proved a subset of theirs (and why), and the
// tools for which none could be suggested, and why.
func runDiscover(args []string, _ io.Reader, stdout, stderr io.Writer) int {
	fs := newFlagSet("discover")
	url := fs.String("url", "", "the server over streamable HTTP at `URL`")
	allowPrivate := fs.Bool(allowPrivateFlag, false, "let --url reach loopback, private, link-local and metadata addresses")
	serverID := fs.String("server-id", "", "the server id in the snapshot (default: the server's own name)")
	timeout := fs.Duration("timeout", host.DefaultBudget.RPC, "each request's budget (at most 300s)")
	usage := "usage: agentinput discover [--server-id ID] [--timeout D] (-- COMMAND ARGS... | --url URL [--allow-private-network])"
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			fmt.Fprintln(stdout, usage)
			return exitOK
		}
		fmt.Fprintln(stderr, usage)
		return exitUsage
	}
	command := fs.Args()
	if (*url == "") == (len(command) == 0) {
		fmt.Fprintln(stderr, "agentinput discover: name the server: -- COMMAND ARGS... or --url URL (one of them)")
		return exitUsage
	}
	if *url != "" {
		if err := checkURL(context.Background(), *url, *allowPrivate); err != nil {
			fmt.Fprintln(stderr, "agentinput discover:", err)
			return exitUsage
		}
	}
	ctx := context.Background()
	mon := host.NewMonitor()
	tail := &tailBuffer{max: 4 << 10}
	cs, err := upstream(ctx, *url, *allowPrivate, command, *timeout, tail, mon)
	if err != nil {
		fmt.Fprintf(stderr, "agentinput discover: could not connect: %v\n", err)
		if t := tail.String(); t != "" {
			fmt.Fprintf(stderr, "the server's standard error ended with:\n%s\n", t)
		}
		return exitConnect
	}
	defer cs.Close()
	id := *serverID
	if ir := cs.InitializeResult(); id == "" && ir != nil && ir.ServerInfo != nil {
		id = ir.ServerInfo.Name
	}
	if id == "" {
		id = "upstream"
	}
	survey, err := host.Survey(ctx, cs, mon, host.Options{ServerID: id, Budget: host.Budget{RPC: *timeout}})
	if err != nil {
		fmt.Fprintln(stderr, "agentinput discover:", err)
		return exitConnect
	}
	file := &bindFile{ServerID: id}
	for _, u := range survey.Unsupported {
		file.Unsupported = append(file.Unsupported, unsupportedTool{Remote: u.Remote, Reason: u.Reason})
	}
	if survey.Snapshot != nil {
		// Every tool's policy is left for a person to choose: annotations
		// grant nothing, so discover cannot tell a read from a write, and
		// the proxy refuses the file until each says read or confirm.
		suggested := map[string]host.Suggestion{}
		for _, s := range survey.Suggested {
			suggested[s.Remote] = s
		}
		for _, e := range survey.Snapshot.Entries() {
			t := bindTool{Remote: e.Remote, Local: e.Local, Policy: choosePolicy, Concurrency: string(e.Concurrency), Scope: json.RawMessage(`"none"`)}
			if s, ok := suggested[e.Remote]; ok {
				// A declared schema discover derived and proved a subset
				// of the remote's (host.Survey): bound with it, and why.
				t.InputSchema, t.OutputSchema = s.InputSchema, s.OutputSchema
				t.DeclaredBecause, t.SuggestionNotes = s.Reason, s.Notes
			}
			file.Tools = append(file.Tools, t)
		}
		if file.Snapshot, err = json.Marshal(survey.Snapshot); err != nil {
			return exitIO
		}
	}
	out, err := writeBindFile(file)
	if err != nil {
		return exitIO
	}
	if _, err := stdout.Write(out); err != nil {
		return exitIO
	}
	return exitOK
}
