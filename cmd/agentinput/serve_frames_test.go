package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"io"
	"os/exec"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"agentinput.dev/agentinput"
	"agentinput.dev/internal/longtest"
)

// The built binary over stdio, as a hostile client drives it: a catalogue
// of lines that are not messages go-sdk can take, each answered (or, for
// what is no request, skipped) and followed by a tools/list that must be
// answered on the same session. docs/robustness.md lists the same classes.

// stdioPeer is a running `agentinput serve` and the lines it writes.
type stdioPeer struct {
	t     *testing.T
	in    io.WriteCloser
	lines chan []byte
}

func startServe(t *testing.T) *stdioPeer {
	t.Helper()
	bin, env := commandBinary(t)
	cmd := exec.Command(bin, "serve", "--store", "memory")
	cmd.Env = env
	in, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	p := &stdioPeer{t: t, in: in, lines: make(chan []byte, 64)}
	go func() {
		sc := bufio.NewScanner(out)
		sc.Buffer(make([]byte, 64<<10), 8<<20)
		for sc.Scan() {
			p.lines <- bytes.Clone(sc.Bytes())
		}
		close(p.lines)
	}()
	t.Cleanup(func() {
		in.Close()
		done := make(chan error, 1)
		go func() { done <- cmd.Wait() }()
		select {
		case err := <-done:
			if err != nil {
				t.Errorf("serve exited: %v\n%s", err, stderr.String())
			}
		case <-time.After(20 * time.Second):
			cmd.Process.Kill()
			t.Errorf("serve did not exit when its input ended")
		}
	})
	return p
}

func (p *stdioPeer) send(raw string) {
	p.t.Helper()
	if _, err := io.WriteString(p.in, raw); err != nil {
		p.t.Fatalf("write: %v", err)
	}
}

// rpcReply is any line the server writes, decoded.
type rpcReply struct {
	ID     json.RawMessage `json:"id"`
	Result json.RawMessage `json:"result"`
	Error  *struct {
		Code    int    `json:"code"`
		Message string `json:"message"`
	} `json:"error"`
}

// await returns the replies with the given ids, in the order of the ids,
// and the replies that came with them, in the order they came.
func (p *stdioPeer) await(ids ...string) (map[string]rpcReply, []rpcReply) {
	p.t.Helper()
	got := map[string]rpcReply{}
	var others []rpcReply
	deadline := time.After(30 * time.Second)
	for range 1000 {
		if len(got) == len(ids) {
			return got, others
		}
		select {
		case line, ok := <-p.lines:
			if !ok {
				p.t.Fatalf("the server's output ended before the replies to %v", ids)
			}
			var r rpcReply
			if err := json.Unmarshal(line, &r); err != nil {
				p.t.Fatalf("a line that is not JSON: %.200s", line)
			}
			if slices.Contains(ids, string(r.ID)) {
				got[string(r.ID)] = r
				continue
			}
			others = append(others, r)
		case <-deadline:
			p.t.Fatalf("no replies to %v", ids)
		}
	}
	p.t.Fatalf("no replies to %v in 1000 lines", ids)
	return nil, nil
}

// listed checks that a tools/list sent now is answered with the demo's
// tools; it waits for the replies to taken too, and returns those and the
// other replies that came meanwhile.
func (p *stdioPeer) listed(n int, taken ...string) (map[string]rpcReply, []rpcReply) {
	p.t.Helper()
	id := `"list-` + strconv.Itoa(n) + `"`
	p.send(`{"jsonrpc":"2.0","id":` + id + `,"method":"tools/list"}` + "\n")
	got, others := p.await(append([]string{id}, taken...)...)
	var list struct{ Tools []struct{ Name string } }
	if r := got[id]; r.Error != nil || json.Unmarshal(r.Result, &list) != nil || len(list.Tools) != 6 {
		p.t.Fatalf("tools/list after the frame: %+v %s", r.Error, r.Result)
	}
	return got, others
}

func TestServeMalformedFrames(t *testing.T) {
	longtest.Skip(t, "starts agentinput as a child process")
	p := startServe(t)
	p.send(`{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"hostile","version":"0"}}}` + "\n")
	if got, _ := p.await("0"); got["0"].Error != nil {
		t.Fatalf("initialize: %+v", got["0"].Error)
	}
	p.send(`{"jsonrpc":"2.0","method":"notifications/initialized"}` + "\n")

	pad := func(n int) string { return strings.Repeat("x", n) }
	// atBudget is a tools/call line of exactly n bytes, line end not counted.
	callOf := func(id string, n int) string {
		head := `{"jsonrpc":"2.0","id":` + id + `,"method":"tools/call","params":{"name":"read_decisions","arguments":{"query":"`
		tail := `"}}}`
		return head + pad(n-len(head)-len(tail)) + tail
	}
	cases := []struct {
		name, raw string
		// want is the error replies expected, as "code id"; taken is the id
		// of a message the server takes (and answers with a result).
		want  []string
		taken string
	}{
		{"lone brace", "{\n", []string{"-32700 null"}, ""},
		{"not json", "not json\n", []string{"-32700 null"}, ""},
		{"batch", `[{"jsonrpc":"2.0","id":1,"method":"ping"}]` + "\n", []string{"-32600 null"}, ""},
		{"empty batch", "[]\n", []string{"-32600 null"}, ""},
		{"object id", `{"jsonrpc":"2.0","id":{"a":1},"method":"ping"}` + "\n", []string{"-32600 null"}, ""},
		{"id 1e400", `{"jsonrpc":"2.0","id":1e400,"method":"ping"}` + "\n", []string{"-32600 null"}, ""},
		{"fractional id", `{"jsonrpc":"2.0","id":2.5,"method":"ping"}` + "\n", []string{"-32600 null"}, ""},
		{"null id", `{"jsonrpc":"2.0","id":null,"method":"ping"}` + "\n", []string{"-32600 null"}, ""},
		{"trailing garbage", `{"jsonrpc":"2.0","id":3,"method":"ping"} garbage` + "\n", []string{"-32700 3"}, ""},
		{"raw NUL", "\x00\n", []string{"-32700 null"}, ""},
		{"NUL after a message", `{"jsonrpc":"2.0","id":4,"method":"ping"}` + "\x00\n", []string{"-32700 4"}, ""},
		{"invalid UTF-8 outside a string", "\xff\xfe\n", []string{"-32700 null"}, ""},
		{"empty line", "\n", nil, ""},
		{"blank CRLF line", " \r\n", nil, ""},
		{"no jsonrpc", `{"id":5,"method":"ping"}` + "\n", []string{"-32600 5"}, ""},
		{"method a number", `{"jsonrpc":"2.0","id":6,"method":7}` + "\n", []string{"-32600 6"}, ""},
		{"id written twice", `{"jsonrpc":"2.0","id":7,"id":8,"method":"ping"}` + "\n", []string{"-32600 null"}, ""},
		{"response with neither result nor error", `{"jsonrpc":"2.0","id":9}` + "\n", []string{"-32600 null"}, ""},
		{"notification with a bad method", `{"jsonrpc":"2.0","method":"no/such"}` + "\n", nil, ""},
		{"cancel with bad params", `{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":{}}}` + "\n", nil, ""},
		{"response nobody asked for", `{"jsonrpc":"2.0","id":99,"result":{}}` + "\n", nil, ""},
		{"unknown method", `{"jsonrpc":"2.0","id":10,"method":"no/such"}` + "\n", []string{"-32601 10"}, ""},
		{"deep _meta", `{"jsonrpc":"2.0","id":11,"method":"tools/list","params":{"_meta":{"x":` + nested(1500) + `}}}` + "\n", []string{"-32600 11"}, ""},
		{"byte-order mark", "\ufeff" + `{"jsonrpc":"2.0","id":100,"method":"ping"}` + "\n", nil, "100"},
		{"CRLF", `{"jsonrpc":"2.0","id":101,"method":"ping"}` + "\r\n", nil, "101"},
		{"invalid UTF-8 in the arguments", `{"jsonrpc":"2.0","id":102,"method":"tools/call","params":{"name":"read_decisions","arguments":{"query":"a` + "\xff" + `b"}}}` + "\n", nil, "102"},
		{"exactly at the budget", callOf("103", agentinput.MaxFrameBytes) + "\n", nil, "103"},
		{"exactly at the budget, CRLF", callOf("104", agentinput.MaxFrameBytes) + "\r\n", nil, "104"},
		{"one byte over the budget", callOf("12", agentinput.MaxFrameBytes+1) + "\n", []string{"-32600 12"}, ""},
		{"over 16 MiB", callOf("13", 17<<20) + "\n", []string{"-32600 13"}, ""},
		{"over the budget, no id", `{"jsonrpc":"2.0","method":"ping","params":{"x":"` + pad(2<<20) + `"}}` + "\n", []string{"-32600 null"}, ""},
	}
	for n, c := range cases {
		p.send(c.raw)
		var taken []string
		if c.taken != "" {
			taken = append(taken, c.taken)
		}
		// An error reply with an id may come from go-sdk, which answers
		// requests concurrently: after the tools/list that follows it. Wait
		// for it by its id, so it cannot arrive during the next case.
		var answered []string
		for _, w := range c.want {
			if _, id, _ := strings.Cut(w, " "); id != "null" {
				answered = append(answered, id)
			}
		}
		replies, others := p.listed(n, append(taken, answered...)...)
		if r := replies[c.taken]; c.taken != "" && (r.Error != nil || r.Result == nil) {
			t.Errorf("%s: the message was not taken: %+v", c.name, r.Error)
		}
		for _, id := range answered {
			others = append(others, replies[id])
		}
		var got []string
		for _, r := range others {
			if r.Error == nil {
				t.Errorf("%s: an unexpected result %s %.100s", c.name, r.ID, r.Result)
				continue
			}
			got = append(got, strconv.Itoa(r.Error.Code)+" "+string(r.ID))
			if len(r.Error.Message) > 400 || r.Error.Message == "" {
				t.Errorf("%s: error message of %d bytes", c.name, len(r.Error.Message))
			}
		}
		if strings.Join(got, ",") != strings.Join(c.want, ",") {
			t.Errorf("%s: error replies %v, want %v", c.name, got, c.want)
		}
	}
}

func nested(n int) string { return strings.Repeat("[", n) + strings.Repeat("]", n) }

// Arguments nested past MaxJSONDepth come back as the too_large envelope at
// the path where the budget is crossed, at any depth the budgets admit:
// past go-sdk's decoder (1000 levels) too.
func TestServeDeepArguments(t *testing.T) {
	longtest.Skip(t, "starts agentinput as a child process")
	p := startServe(t)
	p.send(`{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"deep","version":"0"}}}` + "\n")
	if got, _ := p.await("0"); got["0"].Error != nil {
		t.Fatalf("initialize: %+v", got["0"].Error)
	}
	p.send(`{"jsonrpc":"2.0","method":"notifications/initialized"}` + "\n")

	wantPath := "/court" + strings.Repeat("/0", agentinput.MaxJSONDepth-1)
	// The deepest arguments within MaxArgumentBytes: {"court":[[…]]} as
	// the JSON string they travel in past go-sdk (two quotes more, and a
	// backslash before each of court's: docs/robustness.md).
	deepest := (agentinput.MaxArgumentBytes - len(`"{\"court\":}"`)) / 2
	for i, depth := range []int{agentinput.MaxJSONDepth, 996, 997, 998, 999, 1000, 1001, 10_000, deepest} {
		id := strconv.Itoa(i + 1)
		// The arguments object is level 1: court's array is level 2.
		p.send(`{"jsonrpc":"2.0","id":` + id + `,"method":"tools/call","params":{"name":"read_decisions","arguments":{"court":` + nested(depth) + `}}}` + "\n")
		got, others := p.await(id)
		r := got[id]
		if len(others) > 0 || r.Error != nil {
			t.Fatalf("depth %d: %+v %+v", depth, others, r.Error)
		}
		var res struct {
			IsError bool `json:"isError"`
			Meta    struct {
				Envelope struct {
					Issues []struct {
						Code, Path, Message string
					} `json:"issues"`
				} `json:"agentinput.dev/envelope"`
			} `json:"_meta"`
		}
		if err := json.Unmarshal(r.Result, &res); err != nil || !res.IsError || len(res.Meta.Envelope.Issues) != 1 {
			t.Fatalf("depth %d: %.300s", depth, r.Result)
		}
		is := res.Meta.Envelope.Issues[0]
		if is.Code != "too_large" || is.Path != wantPath || !strings.Contains(is.Message, "nest "+strconv.Itoa(depth+1)+" levels deep") {
			t.Fatalf("depth %d: %+v, want too_large at %s", depth, is, wantPath)
		}
		p.listed(i)
	}
}
