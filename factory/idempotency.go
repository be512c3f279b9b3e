package factory

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"sync"
)

// IdempotencyKeyProperty is the property a caller may send to a do tool to
// name its own idempotency key. A tool need not declare it.
const IdempotencyKeyProperty = "idempotency_key"

// ReceiptStore keeps the results of do calls by idempotency key, so that a
// repeated call is answered with the stored result instead of running the
// handler again. Implementations must be safe for concurrent use.
type ReceiptStore interface {
	// Load returns the stored result of key, and false when there is none.
	Load(ctx context.Context, key string) (json.RawMessage, bool, error)
	// Store keeps the result of key.
	Store(ctx context.Context, key string, result json.RawMessage) error
}

// MemoryReceipts is the in-memory ReceiptStore, the default of do tools.
// It keeps the most recent Capacity results (10,000 when zero), forgetting
// the oldest first.
type MemoryReceipts struct {
	Capacity int

	mu    sync.Mutex
	byKey map[string]json.RawMessage
	order []string
}

// Load implements ReceiptStore.
func (m *MemoryReceipts) Load(_ context.Context, key string) (json.RawMessage, bool, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	r, ok := m.byKey[key]
	return r, ok, nil
}

// Store implements ReceiptStore.
func (m *MemoryReceipts) Store(_ context.Context, key string, result json.RawMessage) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.byKey == nil {
		m.byKey = map[string]json.RawMessage{}
	}
	if _, ok := m.byKey[key]; !ok {
		m.order = append(m.order, key)
	}
	m.byKey[key] = result
	capacity := m.Capacity
	if capacity <= 0 {
		capacity = 10_000
	}
	for len(m.order) > capacity {
		delete(m.byKey, m.order[0])
		m.order = m.order[1:]
	}
	return nil
}

// IdempotencyKey derives the key of a call from the tool's name and its
// normalized arguments: "4 000" and 4000 retry as the same call. The
// arguments are encoded as canonical JSON (object keys sorted, as
// encoding/json writes maps) and hashed with SHA-256.
func IdempotencyKey(tool string, normalized map[string]any) string {
	h := sha256.New()
	h.Write([]byte(tool))
	h.Write([]byte{0})
	h.Write(mustJSON(normalized))
	return hex.EncodeToString(h.Sum(nil))
}
