// Package grafana is the retrofit on a real public server: the
// search_dashboards tool of github.com/grafana/mcp-grafana (v1.6.3, on
// mcp-go), registered as that server registers it, called with the
// spellings a model sends, once alone and once with agentinput.dev/mcpgo
// added in one line. No outside service is reached: Grafana is a stub
// that records the search each call makes.
package grafana

import (
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"sync"
	"testing"

	mcpgrafana "github.com/grafana/mcp-grafana"
	"github.com/grafana/mcp-grafana/tools"
	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"

	"agentinput.dev/mcpgo"
)

// outcome is what one call came to: the search Grafana received (its
// limit, page, starred and tag parameters), or the error result the
// model read instead.
type outcome struct {
	search string // "limit=… page=… starred=… tag=…", "" when Grafana was not called
	err    string // the error result's text, "" when the call succeeded
}

// stubGrafana answers /api/search with no dashboards and records the
// parameters each search came with.
func stubGrafana(t *testing.T) (*httptest.Server, func() string) {
	var mu sync.Mutex
	var last string
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/api/search" {
			q := r.URL.Query()
			mu.Lock()
			last = "limit=" + q.Get("limit") + " page=" + q.Get("page") + " starred=" + q.Get("starred") + " tag=" + strings.Join(q["tag"], "|")
			mu.Unlock()
		}
		w.Header().Set("Content-Type", "application/json")
		if r.URL.Path == "/api/search" {
			w.Write([]byte(`[]`))
			return
		}
		w.Write([]byte(`{}`)) // the frontend settings mcp-grafana reads first

	}))
	t.Cleanup(srv.Close)
	return srv, func() string {
		mu.Lock()
		defer mu.Unlock()
		l := last
		last = ""
		return l
	}
}

// call sends one tools/call of search_dashboards to s, in a context that
// points mcp-grafana at the stub, and says what came of it.
func call(t *testing.T, s *server.MCPServer, grafana string, searched func() string, args string) outcome {
	t.Helper()
	ctx := mcpgrafana.WithGrafanaConfig(context.Background(), mcpgrafana.GrafanaConfig{URL: grafana, APIKey: "stub"})
	ctx = mcpgrafana.WithGrafanaClient(ctx, mcpgrafana.NewGrafanaClient(ctx, grafana, "stub", (*url.Userinfo)(nil)))
	msg := `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"search_dashboards","arguments":` + args + `}}`
	reply := s.HandleMessage(ctx, json.RawMessage(msg))
	raw, _ := json.Marshal(reply)
	var r struct {
		Result mcp.CallToolResult `json:"result"`
	}
	if err := json.Unmarshal(raw, &r); err != nil {
		t.Fatalf("%s: %v: %s", args, err, raw)
	}
	o := outcome{search: searched()}
	if r.Result.IsError {
		for _, c := range r.Result.Content {
			if tc, ok := c.(mcp.TextContent); ok {
				o.err += tc.Text
			}
		}
	}
	return o
}

// server registers mcp-grafana's search tools as mcp-grafana does, and
// the retrofit when lenient.
func newServer(lenient bool) *server.MCPServer {
	s := server.NewMCPServer("mcp-grafana", "v1.6.3")
	tools.AddSearchTools(s)
	if lenient {
		mcpgo.Lenient(s)
	}
	return s
}

// TestSearchDashboardsBeforeAndAfter: each row is a call a model sends,
// what mcp-grafana alone made of it, and what it makes of it with the
// retrofit (docs/retrofit.md, "On a real server"). mcp-grafana already
// converts a quoted whole number ("25") and a lone string for a list
// itself; everything else a model spells is an error result alone.
func TestSearchDashboardsBeforeAndAfter(t *testing.T) {
	grafana, searched := stubGrafana(t)
	alone, retrofitted := newServer(false), newServer(true)
	for _, row := range []struct {
		name, args  string
		alone, with outcome // want; err is a substring ("" none)
	}{
		{"a quoted whole number", `{"query":"cpu","limit":"25"}`,
			outcome{search: "limit=25 page=1 starred= tag="}, outcome{search: "limit=25 page=1 starred= tag="}},
		// Alone, mcp-grafana strips the quotes of "4 000" and its JSON
		// decoder fails on what is left, with a message that names no
		// property. Retrofitted, 4000 (which mcp-grafana caps at 100).
		{"a grouped number", `{"query":"cpu","limit":"4 000"}`,
			outcome{err: "invalid arguments"}, outcome{search: "limit=100 page=1 starred= tag="}},
		// "1,000" is 1000, or 1 with a decimal comma: an ask naming both.
		{"a comma in a whole number", `{"query":"cpu","page":"1,000"}`,
			outcome{err: "invalid arguments"}, outcome{err: "/page: Could not read \"1,000\": it has 2 meanings"}},
		{"a yes", `{"query":"cpu","starred":"yes"}`,
			outcome{err: "starred"}, outcome{search: "limit=50 page=1 starred=true tag="}},
		{"a Czech yes", `{"query":"cpu","starred":"ano"}`,
			outcome{err: "starred"}, outcome{search: "limit=50 page=1 starred=true tag="}},
		{"a placeholder for an optional", `{"query":"cpu","limit":"N/A"}`,
			outcome{err: "invalid arguments"}, outcome{search: "limit=50 page=1 starred= tag="}},
		{"two tags in one string", `{"query":"cpu","tag":"prod, db"}`,
			outcome{search: "limit=50 page=1 starred= tag=prod, db"}, outcome{err: "/tag:"}},
		{"a word for a number", `{"query":"cpu","page":"second"}`,
			outcome{err: "invalid arguments"}, outcome{err: "/page:"}},
		{"a misspelled property", `{"query":"cpu","limt":5}`,
			outcome{err: "limt"}, outcome{err: "/limt:"}},
	} {
		before := call(t, alone, grafana.URL, searched, row.args)
		after := call(t, retrofitted, grafana.URL, searched, row.args)
		t.Logf("%-32s %-48s alone: %s | retrofitted: %s", row.name, row.args, show(before), show(after))
		for _, c := range []struct {
			who       string
			got, want outcome
		}{{"alone", before, row.alone}, {"retrofitted", after, row.with}} {
			switch {
			case c.want.err == "" && (c.got.err != "" || c.got.search != c.want.search):
				t.Errorf("%s, %s: searched %q, error %q; want the search %q", row.name, c.who, c.got.search, c.got.err, c.want.search)
			case c.want.err != "" && (c.got.search != "" || !strings.Contains(c.got.err, c.want.err)):
				t.Errorf("%s, %s: searched %q, error %q; want an error naming %q", row.name, c.who, c.got.search, c.got.err, c.want.err)
			}
		}
	}
}

func show(o outcome) string {
	if o.err != "" {
		first, _, _ := strings.Cut(o.err, "\n")
		if len(first) > 90 {
			first = first[:90] + "…"
		}
		return "error: " + first
	}
	return "searched " + o.search
}
