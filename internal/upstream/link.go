package upstream

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"os/exec"
	"sync"
	"syscall"
	"time"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"
)

// Link is one live connection to the server, as the Supervisor uses it.
type Link interface {
	ProtocolVersion() string
	ListTools(ctx context.Context, cursor string) (*sdk.ListToolsResult, error)
	CallTool(ctx context.Context, name string, arguments json.RawMessage) (json.RawMessage, error)
	// Done is closed when the connection has ended.
	Done() <-chan struct{}
	// Close ends the connection (and stops its process).
	Close() error
}

// Dial makes a new link to the server; onChange is called on each
// notifications/tools/list_changed it brings.
type Dial func(ctx context.Context, onChange func()) (Link, error)

// Stdio dials a server that is a command: each dial starts a new child
// process (its standard error to stderr), connects over its standard
// input and output, and makes the initialize handshake. Closing the link
// closes the child's standard input and waits terminate for it to exit,
// then sends SIGTERM, then SIGKILL.
func Stdio(command []string, stderr io.Writer, terminate time.Duration) Dial {
	return func(ctx context.Context, onChange func()) (Link, error) {
		cmd := exec.Command(command[0], command[1:]...)
		cmd.Stderr = stderr
		stdin, err := cmd.StdinPipe()
		if err != nil {
			return nil, err
		}
		stdout, err := cmd.StdoutPipe()
		if err != nil {
			return nil, err
		}
		if err := cmd.Start(); err != nil {
			return nil, err
		}
		p := &process{cmd: cmd, stdin: stdin, terminate: terminate, exited: make(chan struct{})}
		// Wait only after the reader is done with stdout (os/exec's rule):
		// the reaper waits for the connection to end.
		r := &readNotify{r: stdout, eof: make(chan struct{})}
		go p.reap(r.eof)
		c, err := NewConn(ctx, r, stdin, onChange)
		if err != nil {
			p.Close()
			return nil, err
		}
		p.Conn = c
		return p, nil
	}
}

// process is a child process's connection.
type process struct {
	*Conn
	cmd       *exec.Cmd
	stdin     io.WriteCloser
	terminate time.Duration
	exited    chan struct{}
	closeOnce sync.Once
}

// readNotify closes eof when its reader has ended.
type readNotify struct {
	r    io.Reader
	eof  chan struct{}
	once sync.Once
}

func (r *readNotify) Read(p []byte) (int, error) {
	n, err := r.r.Read(p)
	if err != nil {
		r.once.Do(func() { close(r.eof) })
	}
	return n, err
}

func (p *process) reap(eof <-chan struct{}) {
	<-eof
	p.cmd.Wait() //nolint:errcheck // the exit shows as the end of the connection
	close(p.exited)
}

// Done is closed when the child's output ended.
func (p *process) Done() <-chan struct{} {
	if p.Conn == nil {
		return p.exited
	}
	return p.Conn.Done()
}

func (p *process) Close() error {
	p.closeOnce.Do(func() {
		p.stdin.Close()
		for _, step := range []func() error{func() error { return nil }, func() error { return p.cmd.Process.Signal(syscall.SIGTERM) }, p.cmd.Process.Kill} {
			if step() != nil {
				continue
			}
			select {
			case <-p.exited:
				return
			case <-time.After(p.terminate):
			}
		}
	})
	select {
	case <-p.exited:
		return nil
	default:
		return errors.New("upstream: the child process did not exit")
	}
}
