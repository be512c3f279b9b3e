package host

import (
	"context"
	"errors"
	"maps"
	"slices"
)

// Refresh re-discovers the server's tools after a change (a
// tools/list_changed, or a server that was restarted) and swaps in, at a
// safe boundary (no call under way), the catalog the host bound with each
// tool's fate: a tool whose entry is as it was bound (its digest
// unchanged) serves again with the reader and validator it had; a tool
// changed in any way (schema, description, title), or no longer listed,
// answers mcp_catalog_stale from then on, even if it later changes back,
// until a person rebinds it (a new host over a reviewed binding file); a
// tool the server added is never taken. The snapshot, and so its digest,
// stays the one bound: what the host serves never grows past it.
//
// It answers the local names of the tools that are stale after it, sorted.
// When it fails (the listing did not complete) nothing is swapped: a
// catalog stale before stays stale, and the caller may try again.
func (h *Host) Refresh(ctx context.Context) ([]string, error) {
	changes := h.up.ListChanged()
	h.swap.RLock()
	cur := h.catalog
	h.swap.RUnlock()
	if cur == nil {
		return nil, errors.New("host: Refresh needs a catalog: Discover and Swap first")
	}
	version, tools, err := h.list(ctx)
	if err != nil {
		return nil, err
	}
	listed := map[string]int{}
	for i, t := range tools {
		if _, dup := listed[t.Name]; dup {
			listed[t.Name] = -1 // two of a name: neither is the tool bound
			continue
		}
		listed[t.Name] = i
	}
	changed := maps.Clone(cur.changed)
	if changed == nil {
		changed = map[string]bool{}
	}
	for local, bt := range cur.tools {
		i, ok := listed[bt.binding.Remote]
		if !ok || i < 0 || version != cur.snapshot.protocolVersion {
			changed[local] = true
			continue
		}
		e, _, err := h.entry(bt.binding, tools[i])
		if err != nil || entryDigest(e) != bt.digest {
			changed[local] = true
		}
	}
	next := &catalog{snapshot: cur.snapshot, changes: changes, tools: cur.tools, changed: changed}
	h.swap.Lock()
	defer h.swap.Unlock()
	if h.catalog != cur {
		return nil, errors.New("host: the catalog was swapped while Refresh listed the tools: nothing was refreshed")
	}
	h.catalog = next
	return slices.Sorted(maps.Keys(changed)), nil
}
