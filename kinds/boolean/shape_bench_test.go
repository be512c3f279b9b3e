package boolean

import "testing"

// BenchmarkResultShape measures what building and storing a word's result
// costs by the shape of the result, the same fields as an
// agentinput.Outcome[bool] and smaller ones (issue 23, item 5; read them
// against BenchmarkWord/ParseBool of the same run). None is the library's
// type: they show what a change of the core's layout could buy. Measured
// in issue 23, no layout bought it: an Outcome is too large to be kept in
// registers, so every shape is built in memory and moved with wide loads,
// and moving one just written field by field stalls on those stores. Read
// instead copies outcomes made once (readInto in boolean.go).
func BenchmarkResultShape(b *testing.B) {
	e := defaultReader().lookupASCII("ano")
	b.Run("72_today", func(b *testing.B) {
		for b.Loop() {
			sink72 = mk72(e, "ano")
		}
	})
	b.Run("64_one_pointer", func(b *testing.B) {
		for b.Loop() {
			sink64 = mk64(e, "ano")
		}
	})
	b.Run("64_packed_in_registers", func(b *testing.B) {
		for b.Loop() {
			sink64r = mk64r(e, "ano")
		}
	})
	b.Run("16_value_and_entry", func(b *testing.B) {
		for b.Loop() {
			sink16 = mk16(e, "ano")
		}
	})
}

// note3 is an outcome's inline first note: code, from, reason.
type note3 struct{ code, from, reason string }

// shape72 is Outcome[bool]'s layout: value, status, placeholder, the first
// note, the notes' tail and the extra pointer.
type shape72 struct {
	v, st, ph bool
	n         note3
	tail      *int
	extra     *int
}

// shape64 has one pointer for the tail and the extra.
type shape64 struct {
	v, st, ph bool
	n         note3
	rest      *int
}

// shape64r also packs value, status and placeholder in one byte: eight
// words, which the register ABI returns in registers.
type shape64r struct {
	flags uint8
	n     note3
	rest  *int
}

// shape16 is a value and a pointer to the entry whose note it would
// render.
type shape16 struct {
	v bool
	e *entry
}

var (
	sink72  shape72
	sink64  shape64
	sink64r shape64r
	sink16  shape16
)

//go:noinline
func mk72(e *entry, s string) shape72 {
	return shape72{v: e.yes, st: true, ph: false, n: note3{string(e.note), s, e.reason}, tail: nil, extra: nil}
}

//go:noinline
func mk64(e *entry, s string) shape64 {
	return shape64{v: e.yes, st: true, ph: false, n: note3{string(e.note), s, e.reason}, rest: nil}
}

//go:noinline
func mk64r(e *entry, s string) shape64r {
	f := uint8(1)
	if e.yes {
		f |= 2
	}
	return shape64r{flags: f, n: note3{string(e.note), s, e.reason}, rest: nil}
}

//go:noinline
func mk16(e *entry, s string) shape16 { return shape16{v: e.yes && s != "", e: e} }
