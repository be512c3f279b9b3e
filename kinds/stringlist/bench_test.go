package stringlist

import (
	"strings"
	"testing"

	"agentinput.dev/agentinput"
	"agentinput.dev/kinds/uuid"
)

var sinkOutcome agentinput.Outcome[[]uuid.UUID]

var tenIDs = []string{
	"4e6a3fac-9262-4826-91f0-e77195e54c58", "0b3f9c1e-7d2a-4e8b-9a61-5c4d3e2f1a0b",
	"01890a5d-ac96-774b-bcce-b302099a8057", "5c2b7e90-1f3a-4d6b-8e2c-9a0f1b3c5d7e",
	"7d4e1a2b-3c5f-4a6b-9c8d-0e1f2a3b4c5d", "8e5f2b3c-4d6a-4b7c-8d9e-1f2a3b4c5d6e",
	"9f6a3c4d-5e7b-4c8d-9e0f-2a3b4c5d6e7f", "a07b4d5e-6f8c-4d9e-8f0a-3b4c5d6e7f80",
	"b18c5e6f-7a9d-4e0f-9a1b-4c5d6e7f8091", "c29d6f7a-8b0e-4f1a-8b2c-5d6e7f8091a2",
}

// BenchmarkRead reads a list of 10 uuids: as a JSON array, as an array
// with unique, and as a comma-separated string.
func BenchmarkRead(b *testing.B) {
	arr := make([]any, len(tenIDs))
	for i, s := range tenIDs {
		arr[i] = s
	}
	for _, bm := range []struct {
		name string
		l    *Reader[uuid.UUID]
		v    any
	}{
		{"10_uuids", uuidList(false, false), arr},
		{"10_uuids_unique", uuidList(false, true), arr},
		{"10_uuids_separated", uuidList(true, false), strings.Join(tenIDs, ", ")},
	} {
		b.Run(bm.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				sinkOutcome = bm.l.Read(bm.v)
			}
		})
	}
}

// BenchmarkUUIDReads is the floor: the ten items read one by one.
func BenchmarkUUIDReads(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		for _, s := range tenIDs {
			_ = uuid.Read(s, uuid.Options{})
		}
	}
}
