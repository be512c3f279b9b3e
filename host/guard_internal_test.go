package host

import (
	"strconv"
	"testing"
	"time"
)

// The guards remember at most MaxGuardAnswers can_do answers: at the
// bound, an expired answer goes first, else the one that expires first;
// replacing a key's answer takes no room.
func TestGuardMemoryBound(t *testing.T) {
	now := time.Date(2026, 10, 1, 9, 0, 0, 0, time.UTC)
	m := newMemory([]Binding{{Local: "do_x", Guard: &Guard{CanDo: "can_do"}}})
	for i := range MaxGuardAnswers {
		m.remember("k"+strconv.Itoa(i), now.Add(time.Duration(i+1)*time.Second), now)
	}
	m.remember("k7", now.Add(time.Hour), now) // a replacement
	if len(m.answers) != MaxGuardAnswers {
		t.Fatalf("%d answers after a replacement", len(m.answers))
	}
	m.remember("new", now.Add(time.Hour), now)
	if _, ok := m.answers["k0"]; ok || len(m.answers) != MaxGuardAnswers {
		t.Fatalf("the answer that expires first was kept (%d answers)", len(m.answers))
	}
	// Three seconds later, k1 and k2 have expired: both go for one new.
	m.remember("newer", now.Add(time.Hour), now.Add(3*time.Second))
	_, k1 := m.answers["k1"]
	_, k2 := m.answers["k2"]
	_, k3 := m.answers["k3"]
	if k1 || k2 || !k3 || len(m.answers) != MaxGuardAnswers-1 {
		t.Fatalf("expired answers kept: k1 %v k2 %v k3 %v, %d answers", k1, k2, k3, len(m.answers))
	}
	m.remember("k3", time.Time{}, now) // no allowed candidate: forgotten
	if _, ok := m.answers["k3"]; ok {
		t.Fatal("a blocked answer did not forget the key")
	}
	if newMemory([]Binding{{Local: "read_x"}}) != nil {
		t.Fatal("a memory without a guard")
	}
}
