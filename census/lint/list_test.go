package lint_test

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"agentinput.dev/census/lint"
)

// session connects a client in memory to a server with n tools listed
// pageSize to a page, through an optional middleware on tools/list.
func session(t testing.TB, n, pageSize int, mw sdk.Middleware) *sdk.ClientSession {
	t.Helper()
	s := sdk.NewServer(&sdk.Implementation{Name: "test", Version: "v0"}, &sdk.ServerOptions{PageSize: pageSize})
	for i := range n {
		s.AddTool(&sdk.Tool{Name: "read_" + strings.Repeat("x", i+1), Title: "T", Description: good,
			InputSchema: map[string]any{"type": "object"}},
			func(context.Context, *sdk.CallToolRequest) (*sdk.CallToolResult, error) {
				return &sdk.CallToolResult{}, nil
			})
	}
	if mw != nil {
		s.AddReceivingMiddleware(mw)
	}
	st, ct := sdk.NewInMemoryTransports()
	if _, err := s.Connect(context.Background(), st, nil); err != nil {
		t.Fatal(err)
	}
	cs, err := sdk.NewClient(&sdk.Implementation{Name: "test", Version: "v0"}, nil).Connect(context.Background(), ct, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cs.Close() })
	return cs
}

// onList replaces tools/list's handling from the page'th request on.
func onList(from int, f func(ctx context.Context, next sdk.MethodHandler, method string, req sdk.Request) (sdk.Result, error)) sdk.Middleware {
	calls := 0
	return func(next sdk.MethodHandler) sdk.MethodHandler {
		return func(ctx context.Context, method string, req sdk.Request) (sdk.Result, error) {
			if method != "tools/list" {
				return next(ctx, method, req)
			}
			calls++
			if calls < from {
				return next(ctx, method, req)
			}
			return f(ctx, next, method, req)
		}
	}
}

func rulesOf(fs []lint.Finding) string {
	var ids []string
	for _, f := range fs {
		ids = append(ids, f.Rule)
	}
	return strings.Join(ids, ",")
}

func TestListPages(t *testing.T) {
	l, err := lint.List(context.Background(), session(t, 7, 2, nil), lint.Budget{})
	if err != nil || len(l.Tools) != 7 || l.Pages != 4 || len(l.Findings) != 0 {
		t.Fatalf("%d tools, %d pages, %v, %v", len(l.Tools), l.Pages, l.Findings, err)
	}
	for name, b := range map[string]lint.Budget{
		"pages": {Pages: 3}, "tools": {Tools: 6}, "bytes": {Bytes: 300},
	} {
		l, err := lint.List(context.Background(), session(t, 7, 2, nil), b)
		if err != nil || rulesOf(l.Findings) != lint.RuleListBudget || len(l.Tools) >= 7 {
			t.Errorf("%s budget: %d tools, %v, %v", name, len(l.Tools), l.Findings, err)
		}
	}
}

func TestListRepeatedCursor(t *testing.T) {
	// Every page, whatever the cursor, says there is a next one, "again".
	loop := onList(1, func(context.Context, sdk.MethodHandler, string, sdk.Request) (sdk.Result, error) {
		return &sdk.ListToolsResult{Tools: []*sdk.Tool{{Name: "read_x", InputSchema: map[string]any{"type": "object"}}}, NextCursor: "again"}, nil
	})
	l, err := lint.List(context.Background(), session(t, 3, 1, loop), lint.Budget{})
	if err != nil || rulesOf(l.Findings) != lint.RuleListPagination || l.Pages != 2 {
		t.Fatalf("%d pages, %v, %v", l.Pages, l.Findings, err)
	}
}

func TestListFailures(t *testing.T) {
	broken := func(context.Context, sdk.MethodHandler, string, sdk.Request) (sdk.Result, error) {
		return nil, errors.New("broken")
	}
	// The first page fails: the server cannot be listed.
	if _, err := lint.List(context.Background(), session(t, 3, 1, onList(1, broken)), lint.Budget{}); !errors.Is(err, lint.ErrList) {
		t.Errorf("first page: %v", err)
	}
	// A later page fails: what was read, and a finding.
	l, err := lint.List(context.Background(), session(t, 3, 1, onList(2, broken)), lint.Budget{})
	if err != nil || len(l.Tools) != 1 || rulesOf(l.Findings) != lint.RuleListBudget {
		t.Errorf("later page: %d tools, %v, %v", len(l.Tools), l.Findings, err)
	}
	// A page that takes too long.
	slow := func(ctx context.Context, next sdk.MethodHandler, method string, req sdk.Request) (sdk.Result, error) {
		select {
		case <-ctx.Done():
		case <-time.After(5 * time.Second):
		}
		return next(ctx, method, req)
	}
	start := time.Now()
	_, err = lint.List(context.Background(), session(t, 3, 1, onList(1, slow)), lint.Budget{PerRequest: 100 * time.Millisecond})
	if !errors.Is(err, lint.ErrList) || !strings.Contains(err.Error(), "longer than") || time.Since(start) > 3*time.Second {
		t.Errorf("slow page: %v after %s", err, time.Since(start))
	}
}
