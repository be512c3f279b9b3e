package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"io"
	"net"
	"net/http"
	"strings"
	"testing"
	"time"

	"agentinput.dev/internal/longtest"
)

// hostileCalls are the messages a hostile or broken client sends that the
// built server must refuse before dispatch, each with the JSON-RPC code of
// the refusal: a name written twice (go-sdk would run the last), and an
// unknown tool whose 1 MB name must not come back whole.
func hostileCalls() []struct {
	name string
	body string
	code int
} {
	return []struct {
		name string
		body string
		code int
	}{
		{"a tool's name twice", `{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":"read_decisions","name":"tag_decision","arguments":{}}}`, -32602},
		{"an argument twice, one spelled with an escape", `{"jsonrpc":"2.0","id":8,"method":"tools/call","params":{"name":"read_decisions","arguments":{"court":"NS","\u0063ourt":"US"}}}`, -32602},
		{"an unknown tool of 1 MB", `{"jsonrpc":"2.0","id":9,"method":"tools/call","params":{"name":"` + strings.Repeat("x", 1<<20) + `","arguments":{}}}`, -32602},
	}
}

// checkRefusal checks one reply to a hostile call: a JSON-RPC error of the
// code, for the call's id, within a few KB whatever the call's size.
func checkRefusal(t *testing.T, name string, reply []byte, code int) {
	t.Helper()
	if len(reply) > 8<<10 {
		t.Fatalf("%s: a reply of %d bytes", name, len(reply))
	}
	var r struct {
		ID    json.RawMessage `json:"id"`
		Error *struct {
			Code    int    `json:"code"`
			Message string `json:"message"`
		} `json:"error"`
	}
	if err := json.Unmarshal(reply, &r); err != nil || r.Error == nil || r.Error.Code != code {
		t.Fatalf("%s: reply %.300s, want error %d", name, reply, code)
	}
}

// TestServeRefusesHostileMessages sends the hostile calls to the built
// server, over stdio and over HTTP on 127.0.0.1.
func TestServeRefusesHostileMessages(t *testing.T) {
	longtest.Skip(t, "starts agentinput serve as a child process")
	t.Run("stdio", func(t *testing.T) {
		cmd := childCommand(t, nil, "--store", "memory")
		in, err := cmd.StdinPipe()
		if err != nil {
			t.Fatal(err)
		}
		out, err := cmd.StdoutPipe()
		if err != nil {
			t.Fatal(err)
		}
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { in.Close(); cmd.Process.Kill(); cmd.Wait() })
		lines := make(chan []byte, 8)
		go func() {
			r := bufio.NewReaderSize(out, 1<<16)
			for {
				line, err := r.ReadBytes('\n')
				if len(line) > 0 {
					lines <- line
				}
				if err != nil {
					close(lines)
					return
				}
			}
		}()
		next := func() []byte {
			select {
			case line, ok := <-lines:
				if !ok {
					t.Fatal("serve closed its output")
				}
				return line
			case <-time.After(30 * time.Second):
				t.Fatal("no reply in 30 s")
			}
			return nil
		}
		io.WriteString(in, initBody+"\n"+`{"jsonrpc":"2.0","method":"notifications/initialized"}`+"\n")
		next()
		for _, c := range hostileCalls() {
			io.WriteString(in, c.body+"\n")
			checkRefusal(t, c.name, next(), c.code)
		}
	})
	t.Run("http", func(t *testing.T) {
		c := startHTTP(t, nil, "--store", "memory")
		post := func(session, body string) (*http.Response, []byte) {
			req, _ := http.NewRequest(http.MethodPost, "http://"+c.addr, strings.NewReader(body))
			req.Header.Set("Content-Type", "application/json")
			req.Header.Set("Accept", "application/json, text/event-stream")
			if session != "" {
				req.Header.Set("Mcp-Session-Id", session)
				req.Header.Set("Mcp-Protocol-Version", "2025-06-18")
			}
			resp, err := (&http.Client{Timeout: 30 * time.Second}).Do(req)
			if err != nil {
				t.Fatal(err)
			}
			defer resp.Body.Close()
			b, _ := io.ReadAll(io.LimitReader(resp.Body, 4<<20))
			return resp, b
		}
		resp, _ := post("", initBody)
		session := resp.Header.Get("Mcp-Session-Id")
		post(session, `{"jsonrpc":"2.0","method":"notifications/initialized"}`)
		for _, h := range hostileCalls() {
			_, body := post(session, h.body)
			if i := bytes.Index(body, []byte("data: ")); i >= 0 {
				body = bytes.TrimSpace(body[i+len("data: "):]) // an event stream's one message
			}
			checkRefusal(t, h.name, body, h.code)
		}
	})
}

// TestServeSlowBodiesLockNoOneOut: 32 connections (the default bound's
// worth) that each send their headers and one byte of a body hold no slot
// of the built server's bound: another client, bounded at 10 s, is served
// while they hang.
func TestServeSlowBodiesLockNoOneOut(t *testing.T) {
	longtest.Skip(t, "starts agentinput serve as a child process")
	c := startHTTP(t, nil, "--store", "memory")
	head := "POST / HTTP/1.1\r\nHost: " + c.addr + "\r\nContent-Type: application/json\r\nAccept: application/json, text/event-stream\r\nContent-Length: 1000\r\n\r\n{"
	for range 32 {
		conn, err := net.Dial("tcp", c.addr)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { conn.Close() })
		if _, err := io.WriteString(conn, head); err != nil {
			t.Fatal(err)
		}
	}
	time.Sleep(200 * time.Millisecond) // the server reads the 32 bodies
	hc := &http.Client{Timeout: 10 * time.Second}
	req, _ := http.NewRequest(http.MethodPost, "http://"+c.addr, strings.NewReader(initBody))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", "application/json, text/event-stream")
	resp, err := hc.Do(req)
	if err != nil {
		t.Fatalf("with 32 slow bodies in, another client was not served: %v", err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		t.Fatalf("with 32 slow bodies in: %d", resp.StatusCode)
	}
}
