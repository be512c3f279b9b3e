// Package mcplist pages through a live MCP server's lists within budgets:
// tools/list, resources/list, resources/templates/list and prompts/list, in the one loop
// that both the contract linter (census/lint, which reports a listing that
// stopped early as a finding) and the host (package host, which refuses
// it) read a server with.
package mcplist

import (
	"context"
	"errors"
	"time"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"
)

// Budget bounds one listing. Every field must be positive.
type Budget struct {
	Pages      int           // pages
	Items      int           // items (tools, resources, templates) over all pages
	Bytes      int           // the list's size, as the size function counts it
	PerRequest time.Duration // each request
}

// Stop says why a listing ended.
type Stop int

const (
	Done           Stop = iota // the last page had no cursor
	OverPages                  // the catalog has more pages than Budget.Pages
	OverItems                  // more items than Budget.Items
	OverBytes                  // more bytes than Budget.Bytes
	RepeatedCursor             // a page returned a cursor already followed
	PageFailed                 // a request failed (Err says how)
	PageTimedOut               // a request took longer than Budget.PerRequest
)

// Listing is what a list read: the items until it stopped, the pages and
// bytes they took, why it stopped, and for PageFailed the request's error.
type Listing[T any] struct {
	Items []T
	Pages int
	Bytes int
	Stop  Stop
	Err   error
}

// List pages through cs's tools/list within b. size counts one tool's
// bytes against b.Bytes.
func List(ctx context.Context, cs *sdk.ClientSession, b Budget, size func(*sdk.Tool) int) Listing[*sdk.Tool] {
	return ListBy(ctx, func(ctx context.Context, cursor string) (*sdk.ListToolsResult, error) {
		return cs.ListTools(ctx, &sdk.ListToolsParams{Cursor: cursor})
	}, b, size)
}

// ListBy pages through tools/list within b, each page asked of page (a
// client that is not a go-sdk session: the host's Upstream).
func ListBy(ctx context.Context, page func(ctx context.Context, cursor string) (*sdk.ListToolsResult, error), b Budget, size func(*sdk.Tool) int) Listing[*sdk.Tool] {
	return pageThrough(ctx, b, size, func(ctx context.Context, cursor string) ([]*sdk.Tool, string, error) {
		res, err := page(ctx, cursor)
		if err != nil {
			return nil, "", err
		}
		if res == nil {
			return nil, "", nil
		}
		return res.Tools, res.NextCursor, nil
	})
}

// Resources pages through cs's resources/list within b.
func Resources(ctx context.Context, cs *sdk.ClientSession, b Budget, size func(*sdk.Resource) int) Listing[*sdk.Resource] {
	return pageThrough(ctx, b, size, func(ctx context.Context, cursor string) ([]*sdk.Resource, string, error) {
		res, err := cs.ListResources(ctx, &sdk.ListResourcesParams{Cursor: cursor})
		if err != nil {
			return nil, "", err
		}
		return res.Resources, res.NextCursor, nil
	})
}

// Templates pages through cs's resources/templates/list within b.
func Templates(ctx context.Context, cs *sdk.ClientSession, b Budget, size func(*sdk.ResourceTemplate) int) Listing[*sdk.ResourceTemplate] {
	return pageThrough(ctx, b, size, func(ctx context.Context, cursor string) ([]*sdk.ResourceTemplate, string, error) {
		res, err := cs.ListResourceTemplates(ctx, &sdk.ListResourceTemplatesParams{Cursor: cursor})
		if err != nil {
			return nil, "", err
		}
		return res.ResourceTemplates, res.NextCursor, nil
	})
}

// Prompts pages through cs's prompts/list within b.
func Prompts(ctx context.Context, cs *sdk.ClientSession, b Budget, size func(*sdk.Prompt) int) Listing[*sdk.Prompt] {
	return pageThrough(ctx, b, size, func(ctx context.Context, cursor string) ([]*sdk.Prompt, string, error) {
		res, err := cs.ListPrompts(ctx, &sdk.ListPromptsParams{Cursor: cursor})
		if err != nil {
			return nil, "", err
		}
		return res.Prompts, res.NextCursor, nil
	})
}

// pageThrough is the loop: page by page from the empty cursor, each request
// within b.PerRequest, until a page has no cursor, a budget is reached, or
// a cursor repeats. A nil item in a page is skipped; an item that would
// cross a budget is not kept.
func pageThrough[T comparable](ctx context.Context, b Budget, size func(T) int,
	page func(ctx context.Context, cursor string) ([]T, string, error)) Listing[T] {
	var l Listing[T]
	var none T
	seen := map[string]bool{}
	cursor := ""
	for {
		if l.Pages >= b.Pages {
			l.Stop = OverPages
			return l
		}
		rctx, cancel := context.WithTimeout(ctx, b.PerRequest)
		items, next, err := page(rctx, cursor)
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
		for _, it := range items {
			if it == none {
				continue
			}
			n := size(it)
			if len(l.Items) >= b.Items {
				l.Stop = OverItems
				return l
			}
			if l.Bytes+n > b.Bytes {
				l.Stop = OverBytes
				return l
			}
			l.Bytes += n
			l.Items = append(l.Items, it)
		}
		if next == "" {
			l.Stop = Done
			return l
		}
		if seen[next] || next == cursor {
			l.Stop = RepeatedCursor
			return l
		}
		seen[next] = true
		cursor = next
	}
}
