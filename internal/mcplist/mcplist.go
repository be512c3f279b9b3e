// Package mcplist pages through a live MCP server's tools/list within
// budgets: the one loop that both the contract linter (census/lint, which
// reports a listing that stopped early as a finding) and the host
// (package host, which refuses it) read a catalog with.
package mcplist

import (
	"context"
	"errors"
	"time"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"
)

// Budget bounds one listing. Every field must be positive.
type Budget struct {
	Pages      int           // tools/list pages
	Tools      int           // tools over all pages
	Bytes      int           // the catalog's size, as the size function counts it
	PerRequest time.Duration // each tools/list request
}

// Stop says why a listing ended.
type Stop int

const (
	Done           Stop = iota // the last page had no cursor
	OverPages                  // the catalog has more pages than Budget.Pages
	OverTools                  // more tools than Budget.Tools
	OverBytes                  // more bytes than Budget.Bytes
	RepeatedCursor             // a page returned a cursor already followed
	PageFailed                 // a request failed (Err says how)
	PageTimedOut               // a request took longer than Budget.PerRequest
)

// Listing is what List read: the tools until it stopped, the pages and
// bytes they took, why it stopped, and for PageFailed the request's error.
type Listing struct {
	Tools []*sdk.Tool
	Pages int
	Bytes int
	Stop  Stop
	Err   error
}

// List pages through cs's tools/list within b. size counts one tool's
// bytes against b.Bytes. A nil tool in a page is skipped. A tool that
// would cross a budget is not kept.
func List(ctx context.Context, cs *sdk.ClientSession, b Budget, size func(*sdk.Tool) int) Listing {
	var l Listing
	seen := map[string]bool{}
	cursor := ""
	for {
		if l.Pages >= b.Pages {
			l.Stop = OverPages
			return l
		}
		rctx, cancel := context.WithTimeout(ctx, b.PerRequest)
		res, err := cs.ListTools(rctx, &sdk.ListToolsParams{Cursor: cursor})
		timedOut := errors.Is(rctx.Err(), context.DeadlineExceeded) && ctx.Err() == nil
		cancel()
		if err != nil {
			l.Stop, l.Err = PageFailed, err
			if timedOut {
				l.Stop = PageTimedOut
			}
			return l
		}
		l.Pages++
		for _, t := range res.Tools {
			if t == nil {
				continue
			}
			n := size(t)
			if len(l.Tools) >= b.Tools {
				l.Stop = OverTools
				return l
			}
			if l.Bytes+n > b.Bytes {
				l.Stop = OverBytes
				return l
			}
			l.Bytes += n
			l.Tools = append(l.Tools, t)
		}
		if res.NextCursor == "" {
			l.Stop = Done
			return l
		}
		if seen[res.NextCursor] || res.NextCursor == cursor {
			l.Stop = RepeatedCursor
			return l
		}
		seen[res.NextCursor] = true
		cursor = res.NextCursor
	}
}
