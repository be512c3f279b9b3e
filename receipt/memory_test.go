package receipt_test

import (
	"context"
	"crypto/sha256"
	"errors"
	"strconv"
	"testing"
	"time"

	"agentinput.dev/receipt"
	"agentinput.dev/receipt/receipttest"
)

func TestMemoryConformance(t *testing.T) {
	receipttest.Run(t, receipttest.Harness{New: func(*testing.T) receipt.Store { return &receipt.Memory{} }})
}

func TestMemoryRetentionOption(t *testing.T) {
	receipttest.Run(t, receipttest.Harness{
		New:       func(*testing.T) receipt.Store { return &receipt.Memory{Retention: time.Hour} },
		Retention: time.Hour,
	})
}

// A full store refuses a new claim rather than forget a live receipt, and
// makes room only from records whose retention ended.
func TestMemoryFullRefusesNeverEvicts(t *testing.T) {
	ctx := context.Background()
	now := time.Date(2026, 12, 1, 0, 0, 0, 0, time.UTC)
	m := &receipt.Memory{Capacity: 3, Retention: time.Hour}
	d := sha256.Sum256([]byte("args"))
	for i := range 3 {
		c, err := m.Claim(ctx, receipt.Scope{Tool: "t", Key: strconv.Itoa(i)}, d, now, receipt.Terms{Lease: time.Minute})
		if err != nil || c.State != receipt.Claimed {
			t.Fatalf("claim %d: %v %v", i, c.State, err)
		}
		if err := m.Commit(ctx, receipt.Scope{Tool: "t", Key: strconv.Itoa(i)}, c.Token, []byte(`1`), now); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := m.Claim(ctx, receipt.Scope{Tool: "t", Key: "3"}, d, now.Add(time.Hour-time.Nanosecond), receipt.Terms{Lease: time.Minute}); !errors.Is(err, receipt.ErrFull) {
		t.Fatalf("a claim on a store full of live receipts: %v, want ErrFull", err)
	}
	for i := range 3 {
		c, err := m.Claim(ctx, receipt.Scope{Tool: "t", Key: strconv.Itoa(i)}, d, now.Add(time.Hour-time.Nanosecond), receipt.Terms{Lease: time.Minute})
		if err != nil || c.State != receipt.Replay {
			t.Fatalf("receipt %d after the refused claim: %v %v, want replay", i, c.State, err)
		}
	}
	c, err := m.Claim(ctx, receipt.Scope{Tool: "t", Key: "3"}, d, now.Add(time.Hour), receipt.Terms{Lease: time.Minute})
	if err != nil || c.State != receipt.Claimed {
		t.Fatalf("a claim once the receipts expired: %v %v, want claimed", c.State, err)
	}
}

// BenchmarkClaimCommit claims and commits a fresh scope per iteration on
// a store in its steady state: the default capacity, a minute's
// retention and a millisecond between calls, so that about 60,000
// records are live and a full store sweeps the expired ones, as a busy
// server's store does. (A store that only grows would measure the
// growth of its map instead.)
func BenchmarkClaimCommit(b *testing.B) {
	ctx := context.Background()
	now := time.Date(2026, 12, 1, 0, 0, 0, 0, time.UTC)
	m := &receipt.Memory{Retention: time.Minute}
	d := sha256.Sum256([]byte("args"))
	result := []byte(`{"decision_id":"d-7731","applied_tags":["tax"]}`)
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		now = now.Add(time.Millisecond)
		sc := receipt.Scope{Tool: "do_tag_decision", Key: strconv.Itoa(i)}
		c, err := m.Claim(ctx, sc, d, now, receipt.Terms{Lease: time.Second})
		if err != nil || c.State != receipt.Claimed {
			b.Fatalf("claim %d: %v %v", i, c.State, err)
		}
		if err := m.Commit(ctx, sc, c.Token, result, now); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkClaimReplay(b *testing.B) {
	ctx := context.Background()
	now := time.Date(2026, 12, 1, 0, 0, 0, 0, time.UTC)
	m := &receipt.Memory{}
	d := sha256.Sum256([]byte("args"))
	sc := receipt.Scope{Tool: "do_tag_decision", Key: "order-7731"}
	c, err := m.Claim(ctx, sc, d, now, receipt.Terms{Lease: time.Minute})
	if err != nil {
		b.Fatal(err)
	}
	if err := m.Commit(ctx, sc, c.Token, []byte(`{"decision_id":"d-7731"}`), now); err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		r, err := m.Claim(ctx, sc, d, now, receipt.Terms{Lease: time.Minute})
		if err != nil || r.State != receipt.Replay {
			b.Fatalf("%v %v", r.State, err)
		}
	}
}
