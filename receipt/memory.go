package receipt

import (
	"context"
	"sync"
	"time"
)

// DefaultCapacity is how many records a Memory holds when its Capacity is
// zero.
const DefaultCapacity = 100_000

// Memory is the in-memory Store: for tests and one-shot programs, and the
// default of a do tool that names no store. Its receipts end with the
// process. It holds at most Capacity records; when every one is live, a
// new claim is ErrFull, and no live receipt is dropped to make room. The
// zero Memory is ready to use.
type Memory struct {
	// Capacity bounds the records held; zero is DefaultCapacity.
	Capacity int
	// Retention is how long a record lives after its commit (or, never
	// committed, after its claim); zero is DefaultRetention.
	Retention time.Duration

	mu      sync.Mutex
	records map[Scope]*memoryRecord
	last    Token
	// latest is, by principal, the settling number of its latest write
	// (a commit or an abandon); settled counts settlings. A record is its
	// principal's latest write when its number is the one here.
	latest  map[string]uint64
	settled uint64
}

type memoryRecord struct {
	digest    Digest
	token     Token
	committed bool
	abandoned bool
	lease     time.Time // the end of the lease, while claimed
	expires   time.Time // the end of the retention
	at        time.Time // the commit, once committed
	number    uint64    // the settling number, once committed or abandoned
	result    []byte
}

func (m *Memory) retention() time.Duration {
	if m.Retention > 0 {
		return m.Retention
	}
	return DefaultRetention
}

// Claim implements Store.
func (m *Memory) Claim(_ context.Context, scope Scope, digest Digest, now time.Time, terms Terms) (Claim, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	r, found := m.records[scope]
	if found && now.Before(r.expires) {
		switch {
		case r.digest != digest:
			return Claim{State: Conflict}, nil
		case r.committed && terms.Replays(r.token, r.at, m.latest[scope.Principal] == r.number, now):
			return Claim{State: Replay, Result: r.result}, nil
		case r.committed:
			// Stale for a keyless retry: the call runs anew, under a
			// new claim that replaces the record.
		case r.abandoned || !now.Before(r.lease):
			return Claim{State: Unknown}, nil
		default:
			return Claim{State: InProgress, Token: r.token}, nil
		}
	}
	if !found {
		if m.records == nil {
			m.records = map[Scope]*memoryRecord{}
		}
		capacity := m.Capacity
		if capacity <= 0 {
			capacity = DefaultCapacity
		}
		if len(m.records) >= capacity {
			m.sweep(now)
			if len(m.records) >= capacity {
				return Claim{}, ErrFull
			}
		}
		r = &memoryRecord{}
		m.records[scope] = r
	} else {
		m.unmark(scope.Principal, r)
	}
	m.last++
	*r = memoryRecord{digest: digest, token: m.last, lease: now.Add(terms.Lease), expires: now.Add(m.retention())}
	return Claim{State: Claimed, Token: m.last}, nil
}

// sweep drops the records whose retention ended.
func (m *Memory) sweep(now time.Time) {
	for s, r := range m.records {
		if !now.Before(r.expires) {
			m.unmark(s.Principal, r)
			delete(m.records, s)
		}
	}
}

// unmark forgets the principal's latest write when r, a record of the
// principal's about to be dropped or replaced, is it: no record would hold
// its number, and nothing is latest until the principal's next write.
func (m *Memory) unmark(principal string, r *memoryRecord) {
	if r.number != 0 && m.latest[principal] == r.number {
		delete(m.latest, principal)
	}
}

// settle makes r its principal's latest write.
func (m *Memory) settle(principal string, r *memoryRecord) {
	if m.latest == nil {
		m.latest = map[string]uint64{}
	}
	m.settled++
	r.number = m.settled
	m.latest[principal] = r.number
}

// held returns the record that token holds, uncommitted.
func (m *Memory) held(scope Scope, token Token) (*memoryRecord, error) {
	r, ok := m.records[scope]
	if !ok || r.token != token || r.committed {
		return nil, ErrNotHeld
	}
	return r, nil
}

// Extend implements Store.
func (m *Memory) Extend(_ context.Context, scope Scope, token Token, until time.Time) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	r, err := m.held(scope, token)
	if err != nil {
		return err
	}
	if !r.abandoned {
		r.lease = until
	}
	return nil
}

// Commit implements Store.
func (m *Memory) Commit(_ context.Context, scope Scope, token Token, result []byte, now time.Time) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	r, err := m.held(scope, token)
	if err != nil {
		return err
	}
	r.committed, r.abandoned = true, false
	r.result = append([]byte(nil), result...)
	r.at = now
	r.expires = now.Add(m.retention())
	m.settle(scope.Principal, r)
	return nil
}

// Release implements Store.
func (m *Memory) Release(_ context.Context, scope Scope, token Token) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	r, err := m.held(scope, token)
	if err != nil {
		return err
	}
	m.unmark(scope.Principal, r)
	delete(m.records, scope)
	return nil
}

// Abandon implements Store.
func (m *Memory) Abandon(_ context.Context, scope Scope, token Token) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	r, err := m.held(scope, token)
	if err != nil {
		return err
	}
	r.abandoned = true
	m.settle(scope.Principal, r)
	return nil
}
