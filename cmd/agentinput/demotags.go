package main

import (
	"context"
	"fmt"

	"agentinput.dev/internal/demo"
	"agentinput.dev/internal/demo/tagstore"
)

// The demo's tag changes are kept where its receipts are: a receipt must
// not outlive the state it reports. With the receipts on disk and the tags
// in memory, a retry after a restart would replay "tagged" over a decision
// whose tags the restart had reset; with two replicas that each keep their
// own tags, a write on one and a read on the other would disagree.
// So serve keeps the tags beside its receipts: in memory with
// --store memory, in a SQLite file beside the receipts' (PATH.decisions),
// or in a table of the same PostgreSQL database. The generated dataset
// itself is the same in every process; only the changes are stored.

// demoData opens the demo's dataset with its tag changes kept beside the
// receipt store that a --store value names.
func demoData(ctx context.Context, flag string) (*demo.Store, func(), error) {
	spec, err := parseStore(flag, defaultReceiptsFile)
	if err != nil {
		return nil, nil, err
	}
	var (
		changes      demo.Changes
		closeChanges = func() {}
	)
	switch spec.kind {
	case "sqlite":
		changes, closeChanges, err = tagstore.SQLite(ctx, spec.path+".decisions")
	case "postgres":
		changes, closeChanges, err = tagstore.Postgres(ctx, spec.dsn)
	}
	if err != nil {
		return nil, nil, fmt.Errorf("the demo's decisions beside the receipts: %w", err)
	}
	data, err := demo.NewStoreWith(ctx, changes)
	if err != nil {
		closeChanges()
		return nil, nil, fmt.Errorf("the demo's decisions: %w", err)
	}
	return data, closeChanges, nil
}
