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
		c, err := m.Claim(ctx, receipt.Scope{Tool: "t", Key: strconv.Itoa(i)}, d, now, time.Minute)
		if err != nil || c.State != receipt.Claimed {
			t.Fatalf("claim %d: %v %v", i, c.State, err)
		}
		if err := m.Commit(ctx, receipt.Scope{Tool: "t", Key: strconv.Itoa(i)}, c.Token, []byte(`1`), now); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := m.Claim(ctx, receipt.Scope{Tool: "t", Key: "3"}, d, now.Add(time.Hour-time.Nanosecond), time.Minute); !errors.Is(err, receipt.ErrFull) {
		t.Fatalf("a claim on a store full of live receipts: %v, want ErrFull", err)
	}
	for i := range 3 {
		c, err := m.Claim(ctx, receipt.Scope{Tool: "t", Key: strconv.Itoa(i)}, d, now.Add(time.Hour-time.Nanosecond), time.Minute)
		if err != nil || c.State != receipt.Replay {
			t.Fatalf("receipt %d after the refused claim: %v %v, want replay", i, c.State, err)
		}
	}
	c, err := m.Claim(ctx, receipt.Scope{Tool: "t", Key: "3"}, d, now.Add(time.Hour), time.Minute)
	if err != nil || c.State != receipt.Claimed {
		t.Fatalf("a claim once the receipts expired: %v %v, want claimed", c.State, err)
	}
}
