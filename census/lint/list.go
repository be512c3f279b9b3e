package lint

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"agentinput.dev/internal/mcplist"
)

// Budget bounds what List reads from a server: a catalog over a budget is a
// list-budget finding, never an unbounded read. A zero field takes its
// default.
type Budget struct {
	Pages      int           // tools/list pages (default 100)
	Tools      int           // tools over all pages (default 1000)
	Bytes      int           // the catalog's size as JSON (default 8 MiB)
	PerRequest time.Duration // each request, connecting included (default 30s)
}

// DefaultBudget is the budget a zero Budget takes.
var DefaultBudget = Budget{Pages: 100, Tools: 1000, Bytes: 8 << 20, PerRequest: 30 * time.Second}

// WithDefaults fills the zero fields of b from DefaultBudget.
func (b Budget) WithDefaults() Budget {
	if b.Pages <= 0 {
		b.Pages = DefaultBudget.Pages
	}
	if b.Tools <= 0 {
		b.Tools = DefaultBudget.Tools
	}
	if b.Bytes <= 0 {
		b.Bytes = DefaultBudget.Bytes
	}
	if b.PerRequest <= 0 {
		b.PerRequest = DefaultBudget.PerRequest
	}
	return b
}

// Listing is what List read: the tools, the pages it took, and the
// findings about the listing itself (list-budget, list-pagination). A
// listing that stopped at a budget holds the tools read until then.
type Listing struct {
	Tools    []Tool
	Pages    int
	Bytes    int
	Findings []Finding
}

// ErrList wraps the failure of the first page: the server could not be
// listed at all.
var ErrList = errors.New("lint: tools/list failed")

// List pages through a session's tools/list within the budget (the loop
// is internal/mcplist's, which the host discovers catalogs with too). It
// returns an error only when the first page fails (ErrList); a later
// failure, a budget or a repeated cursor ends the listing with a finding.
func List(ctx context.Context, cs *sdk.ClientSession, b Budget) (Listing, error) {
	b = b.WithDefaults()
	got := mcplist.List(ctx, cs, mcplist.Budget{Pages: b.Pages, Tools: b.Tools, Bytes: b.Bytes, PerRequest: b.PerRequest},
		func(t *sdk.Tool) int { return size(describe(t)) })
	l := Listing{Pages: got.Pages, Bytes: got.Bytes}
	for _, t := range got.Tools {
		l.Tools = append(l.Tools, describe(t))
	}
	switch got.Stop {
	case mcplist.OverPages:
		l.Findings = append(l.Findings, NewFinding(RuleListBudget, "", "", fmt.Sprintf("the catalog has more than %d pages; stopped listing", b.Pages)))
	case mcplist.OverTools, mcplist.OverBytes:
		l.Findings = append(l.Findings, NewFinding(RuleListBudget, "", "", fmt.Sprintf("the catalog is over its budget (%d tools, %d bytes); stopped listing after %d tools", b.Tools, b.Bytes, len(l.Tools))))
	case mcplist.RepeatedCursor:
		l.Findings = append(l.Findings, NewFinding(RuleListPagination, "", "", fmt.Sprintf("page %d returned a cursor the listing already followed; stopped listing", l.Pages)))
	case mcplist.PageFailed, mcplist.PageTimedOut:
		what := "failed"
		if got.Stop == mcplist.PageTimedOut {
			what = fmt.Sprintf("took longer than %s", b.PerRequest)
		}
		if l.Pages == 0 {
			return l, fmt.Errorf("%w: the first page %s", ErrList, what)
		}
		l.Findings = append(l.Findings, NewFinding(RuleListBudget, "", "", fmt.Sprintf("page %d of tools/list %s; the catalog is incomplete", l.Pages+1, what)))
	}
	return l, nil
}

// size is what a tool counts against Budget.Bytes.
func size(d Tool) int {
	return len(d.Name) + len(d.Title) + len(d.Description) + len(d.InputSchema) + len(d.OutputSchema) + len(d.Annotations)
}

// describe turns an SDK tool into a Tool, its schema and annotations as
// JSON.
func describe(t *sdk.Tool) Tool {
	d := Tool{Name: t.Name, Title: t.Title, Description: t.Description}
	if t.InputSchema != nil {
		if b, err := json.Marshal(t.InputSchema); err == nil {
			d.InputSchema = b
		}
	}
	if t.OutputSchema != nil {
		if b, err := json.Marshal(t.OutputSchema); err == nil {
			d.OutputSchema = b
		}
	}
	if t.Annotations != nil {
		if b, err := json.Marshal(t.Annotations); err == nil {
			d.Annotations = b
		}
	}
	return d
}
