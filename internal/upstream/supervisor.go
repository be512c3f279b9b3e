package upstream

import (
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"sync"
	"sync/atomic"
	"time"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"agentinput.dev/host"
)

// The reconnect budgets (docs/host.md, "The proxy's upstream"): the first
// attempt after the server went away waits InitialBackoff, each failed one
// doubles the wait up to MaxBackoff, and a link that stayed up StableAfter
// starts the count again. A failed rediscovery after tools/list_changed is
// tried again on the same schedule.
const (
	InitialBackoff = 250 * time.Millisecond
	MaxBackoff     = 30 * time.Second
	StableAfter    = time.Minute
)

// Backoff is the wait before reconnect attempt n (0 the first): initial
// doubled n times, at most max.
func Backoff(n int, initial, max time.Duration) time.Duration {
	d := initial
	for range n {
		if d >= max/2 {
			return max
		}
		d *= 2
	}
	return min(d, max)
}

// Options configure a Supervisor. Zero durations are the package's
// budgets.
type Options struct {
	Dial Dial
	// DialTimeout bounds one dial and its handshake.
	DialTimeout time.Duration
	// Refresh has the host re-discover the catalog and swap it at a safe
	// boundary (host.Host.Refresh); it runs after each reconnect, before
	// any call is served, and after each tools/list_changed.
	Refresh func(ctx context.Context) error
	Logger  *slog.Logger

	InitialBackoff, MaxBackoff, StableAfter time.Duration
}

// Supervisor keeps a link to the server: it is the host.Upstream of a
// proxy. While the link is down, or up again but not yet rediscovered, a
// call answers at once that nothing was sent (host.ErrNotSent:
// mcp_connection_closed); it never waits for the server to come back. A
// call under way when the link ends is answered that the connection closed
// (the host records an approved write's effect as unknown: it may have
// been sent, and is never sent again).
type Supervisor struct {
	opts    Options
	changes atomic.Uint64
	changed chan struct{} // a tools/list_changed since the last refresh began

	mu    sync.Mutex
	link  Link
	ready bool
}

var _ host.Upstream = (*Supervisor)(nil)

// Start dials the server once (an error if it cannot be reached: the
// proxy does not start) and answers a Supervisor over that link, ready.
// Run it, after the host's first discovery, to keep the link.
func Start(ctx context.Context, opts Options) (*Supervisor, error) {
	if opts.DialTimeout <= 0 {
		opts.DialTimeout = host.DefaultBudget.RPC
	}
	if opts.InitialBackoff <= 0 {
		opts.InitialBackoff = InitialBackoff
	}
	if opts.MaxBackoff <= 0 {
		opts.MaxBackoff = MaxBackoff
	}
	if opts.StableAfter <= 0 {
		opts.StableAfter = StableAfter
	}
	if opts.Logger == nil {
		opts.Logger = slog.New(slog.DiscardHandler)
	}
	s := &Supervisor{opts: opts, changed: make(chan struct{}, 1)}
	link, err := s.dial(ctx)
	if err != nil {
		return nil, err
	}
	s.link, s.ready = link, true
	return s, nil
}

func (s *Supervisor) dial(ctx context.Context) (Link, error) {
	dctx, cancel := context.WithTimeout(ctx, s.opts.DialTimeout)
	defer cancel()
	return s.opts.Dial(dctx, s.onChange)
}

func (s *Supervisor) onChange() {
	s.changes.Add(1)
	select {
	case s.changed <- struct{}{}:
	default:
	}
}

func (s *Supervisor) current() (Link, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.link, s.ready
}

// ProtocolVersion is the current link's.
func (s *Supervisor) ProtocolVersion() string {
	if l, _ := s.current(); l != nil {
		return l.ProtocolVersion()
	}
	return ""
}

// ListChanged counts every tools/list_changed over every link.
func (s *Supervisor) ListChanged() uint64 { return s.changes.Load() }

// Down reports that calls are not served now.
func (s *Supervisor) Down() bool {
	_, ready := s.current()
	return !ready
}

// ListTools lists on the current link, ready or not: rediscovery is how
// it becomes ready.
func (s *Supervisor) ListTools(ctx context.Context, cursor string) (*sdk.ListToolsResult, error) {
	l, _ := s.current()
	if l == nil {
		return nil, fmt.Errorf("%w: no connection to the server", host.ErrNotSent)
	}
	return l.ListTools(ctx, cursor)
}

// CallTool calls on the current link when it is ready, and answers at
// once otherwise.
func (s *Supervisor) CallTool(ctx context.Context, name string, arguments json.RawMessage) (json.RawMessage, error) {
	l, ready := s.current()
	if !ready {
		return nil, fmt.Errorf("%w: the server is being reconnected", host.ErrNotSent)
	}
	return l.CallTool(ctx, name, arguments)
}

// Run keeps the link until ctx ends, then closes it: a link that ends is
// dialled again after the backoff (a child process restarted), and
// rediscovered before it serves calls; each tools/list_changed has the
// catalog rediscovered.
func (s *Supervisor) Run(ctx context.Context) {
	log := s.opts.Logger
	attempt := 0
	since := time.Now()
	var retry <-chan time.Time // a refresh to try again
	for {
		l, _ := s.current()
		select {
		case <-ctx.Done():
			s.mu.Lock()
			s.ready = false
			s.mu.Unlock()
			l.Close()
			return
		case <-s.changed:
			retry = s.refresh(ctx, &attempt, "tools/list_changed")
		case <-retry:
			retry = s.refresh(ctx, &attempt, "a failed rediscovery, again")
		case <-l.Done():
			retry = nil
			s.mu.Lock()
			s.ready = false
			s.mu.Unlock()
			l.Close()
			if time.Since(since) >= s.opts.StableAfter {
				attempt = 0
			}
			log.Warn("agentinput proxy: the upstream server went away; calls answer mcp_connection_closed until it is back")
			if !s.reconnect(ctx, &attempt) {
				continue // ctx ended
			}
			since = time.Now()
		}
	}
}

// Close closes the link of a Supervisor that Run never ran.
func (s *Supervisor) Close() error {
	s.mu.Lock()
	l := s.link
	s.ready = false
	s.mu.Unlock()
	return l.Close()
}

// refresh has the host rediscover after a change; on failure it answers
// when to try again.
func (s *Supervisor) refresh(ctx context.Context, attempt *int, why string) <-chan time.Time {
	if err := s.opts.Refresh(ctx); err != nil {
		d := Backoff(*attempt, s.opts.InitialBackoff, s.opts.MaxBackoff)
		*attempt++
		s.opts.Logger.Warn("agentinput proxy: rediscovery failed; the catalog stays stale", "after", why, "error", err, "retry_in", d)
		return time.After(d)
	}
	return nil
}

// reconnect dials until a link is up and rediscovered (true), or ctx
// ends (false).
func (s *Supervisor) reconnect(ctx context.Context, attempt *int) bool {
	for {
		d := Backoff(*attempt, s.opts.InitialBackoff, s.opts.MaxBackoff)
		*attempt++
		select {
		case <-ctx.Done():
			return false
		case <-time.After(d):
		}
		l, err := s.dial(ctx)
		if err != nil {
			s.opts.Logger.Warn("agentinput proxy: reconnecting failed", "attempt", *attempt, "error", err)
			continue
		}
		s.mu.Lock()
		s.link = l
		s.mu.Unlock()
		if err := s.opts.Refresh(ctx); err != nil {
			s.opts.Logger.Warn("agentinput proxy: rediscovery after reconnecting failed", "attempt", *attempt, "error", err)
			l.Close()
			continue
		}
		s.mu.Lock()
		s.ready = true
		s.mu.Unlock()
		s.opts.Logger.Info("agentinput proxy: the upstream server is back", "attempt", *attempt)
		return true
	}
}
