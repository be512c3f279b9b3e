package timestamp

import (
	"testing"
	"time"
)

var canonicalInputs = []string{"2026-10-01T09:00:00Z", "2026-10-01T09:00:00+02:00", "2026-10-01T09:00:00.123456789-05:30"}

// BenchmarkReadCanonical reads canonical spellings: the target is
// within 1.2 times BenchmarkTimeParseRFC3339 on the same inputs. The
// inputs are decoded JSON values already, as the factory hands them over
// (a string made an interface here would cost an allocation per read).
func BenchmarkReadCanonical(b *testing.B) {
	inputs := make([]any, len(canonicalInputs))
	for i, s := range canonicalInputs {
		inputs[i] = s
	}
	b.ReportAllocs()
	var i int
	for b.Loop() {
		if _, ok := plain.Read(inputs[i%len(inputs)]).Value(); !ok {
			b.Fatal("not read")
		}
		i++
	}
}

// BenchmarkTimeParseRFC3339 is the baseline: time.Parse(time.RFC3339) of
// the same spellings.
func BenchmarkTimeParseRFC3339(b *testing.B) {
	b.ReportAllocs()
	var i int
	for b.Loop() {
		if _, err := time.Parse(time.RFC3339, canonicalInputs[i%len(canonicalInputs)]); err != nil {
			b.Fatal(err)
		}
		i++
	}
}

// BenchmarkReadZoneName reads a wall time with an IANA zone name, the
// slow path with a zone lookup (cached) and the DST check.
func BenchmarkReadZoneName(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		if _, ok := plain.Read("2026-10-01 09:00 Europe/Prague").Value(); !ok {
			b.Fatal("not read")
		}
	}
}
