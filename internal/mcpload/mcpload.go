// Package mcpload puts a burst of concurrent MCP clients on a streamable
// HTTP endpoint, for the tests that hold a server to "no refusals a go-sdk
// server would not make" (docs/budgets.md, HTTP): each client opens its
// own session and sends its calls one after another, and every answer is
// counted, none retried.
package mcpload

import (
	"bytes"
	"fmt"
	"io"
	"net/http"
	"strconv"
	"sync"
	"time"
)

// Count is what a burst came to.
type Count struct {
	Calls, OK, Refused int // Refused: 503 or 429
	Failures           []string
}

// Run sends, from each of clients concurrent clients, calls tools/call
// requests of the tool with arguments args (JSON), and counts the answers.
func Run(url string, clients, calls int, tool, args string) Count {
	var (
		mu  sync.Mutex
		c   Count
		wg  sync.WaitGroup
		hc  = &http.Client{Timeout: 60 * time.Second}
		add = func(status int, what string) {
			mu.Lock()
			defer mu.Unlock()
			c.Calls++
			switch {
			case status == http.StatusOK:
				c.OK++
			case status == http.StatusServiceUnavailable || status == http.StatusTooManyRequests:
				c.Refused++
			default:
				if len(c.Failures) < 8 {
					c.Failures = append(c.Failures, what)
				}
			}
		}
	)
	post := func(session, body string) (int, string, []byte, error) {
		req, _ := http.NewRequest(http.MethodPost, url, bytes.NewReader([]byte(body)))
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("Accept", "application/json, text/event-stream")
		if session != "" {
			req.Header.Set("Mcp-Session-Id", session)
			req.Header.Set("Mcp-Protocol-Version", "2025-06-18")
		}
		resp, err := hc.Do(req)
		if err != nil {
			return 0, "", nil, err
		}
		defer resp.Body.Close()
		out, err := io.ReadAll(io.LimitReader(resp.Body, 1<<20))
		return resp.StatusCode, resp.Header.Get("Mcp-Session-Id"), out, err
	}
	const initialize = `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"mcpload","version":"0"}}}`
	for i := range clients {
		wg.Go(func() {
			status, session, out, err := post("", initialize)
			add(status, fmt.Sprintf("client %d: initialize: %d %v %.200s", i, status, err, out))
			if status != http.StatusOK {
				return
			}
			post(session, `{"jsonrpc":"2.0","method":"notifications/initialized"}`)
			for k := range calls {
				body := `{"jsonrpc":"2.0","id":` + strconv.Itoa(k+2) + `,"method":"tools/call","params":{"name":"` + tool + `","arguments":` + args + `}}`
				status, _, out, err := post(session, body)
				add(status, fmt.Sprintf("client %d call %d: %d %v %.200s", i, k, status, err, out))
			}
		})
	}
	wg.Wait()
	return c
}
