package bytes

import (
	stdbytes "bytes"
	"encoding/json"
	"testing"

	"pgregory.net/rapid"

	"agentinput.dev/internal/oracle"
)

func eqBytes(a, b Bytes) bool { return stdbytes.Equal(a.Data, b.Data) && a.MediaType == b.MediaType }

// drawValue draws bytes, sometimes text, hex-looking or empty, with a
// media type now and then, and a Reader whose budget takes them.
func drawValue(t *rapid.T) (*Reader, Bytes) {
	var v Bytes
	switch rapid.IntRange(0, 3).Draw(t, "data kind") {
	case 0:
		v.Data = []byte(drawWords(t))
	case 1:
		v.Data = rapid.SliceOfN(rapid.Byte(), 0, 6).Draw(t, "short data")
	case 2:
		v.Data = rapid.SliceOfN(rapid.Byte(), 0, 300).Draw(t, "data")
	default:
		// Long enough to break into lines of 64 or 76.
		v.Data = rapid.SliceOfN(rapid.Byte(), 49, 300).Draw(t, "long data")
	}
	if rapid.IntRange(0, 3).Draw(t, "with media type") == 0 {
		v.MediaType = rapid.SampledFrom([]string{"image/png", "application/pdf", "text/plain;charset=utf-8", defaultMediaType}).Draw(t, "media type")
	}
	max := 0
	if rapid.Bool().Draw(t, "budget") {
		max = len(v.Data) + rapid.IntRange(0, 10).Draw(t, "headroom")
		if max == 0 {
			max = 1
		}
	}
	r, err := New(Options{MaxBytes: max})
	if err != nil {
		t.Fatal(err)
	}
	return r, v
}

// TestSpellReadsBack: every spelling Spell draws reads back as the value,
// bytes and media type.
func TestSpellReadsBack(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		r, v := drawValue(t)
		oracle.ReadsBack(t, r, r.Spell(oracle.Draws(t), v), v, eqBytes)
	})
}

// TestAmbiguousAsks: every spelling Ambiguous draws is asked about with
// the value among the readings; every non-empty value without a media
// type has one (its hex digits after 0x, at least).
func TestAmbiguousAsks(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		r, v := drawValue(t)
		s, ok := r.Ambiguous(oracle.Draws(t), v)
		if want := len(v.Data) > 0 && v.MediaType == ""; ok != want {
			t.Fatalf("Ambiguous(%x, %q): ok %v, want %v", v.Data, v.MediaType, ok, want)
		}
		if ok {
			oracle.AsksAbout(t, r, s, v, eqBytes)
		}
	})
}

// TestSpellExamples lists a spelling per class, for reading.
func TestSpellExamples(t *testing.T) {
	hi := Bytes{Data: []byte("hi?>")}
	png := Bytes{Data: []byte("hi?>"), MediaType: "image/png"}
	for _, c := range []struct {
		v           Bytes
		choose      oracle.Labels
		want, class string
	}{
		{hi, oracle.Labels{}, "aGk/Pg==", "canonical"},
		{hi, oracle.Labels{"url": 1}, "aGk_Pg==", "URL alphabet"},
		{hi, oracle.Labels{"pad": 1}, "aGk/Pg", "no padding"},
		{hi, oracle.Labels{"pad": 1, "some padding": 1}, "aGk/Pg=", "incomplete padding"},
		{hi, oracle.Labels{"wrapped": 1, "wrapping": 2}, `"aGk/Pg=="`, "wrapped in whitespace or quotes"},
		{png, oracle.Labels{}, "data:image/png;base64,aGk/Pg==", "data: URI"},
		{png, oracle.Labels{"data": 1, "escape": 0}, "data:image/png,hi?>", "data: URI + percent-encoded"},
		{Bytes{Data: []byte("a b"), MediaType: defaultMediaType}, oracle.Labels{"omit media type": 1, "data": 1}, "data:,a%20b", "data: URI without media type + percent-encoded"},
	} {
		s := defaultReader.Spell(c.choose, c.v)
		if s.Value != c.want || s.Class != c.class {
			t.Errorf("Spell(%q, %v) = %q (%s), want %q (%s)", c.v.Data, c.choose, s.Value, s.Class, c.want, c.class)
		}
	}
	s := defaultReader.Spell(oracle.Labels{"form": 1}, Bytes{Data: []byte{1, 255}})
	if j, _ := json.Marshal(s.Value); string(j) != "[1,255]" || s.Class != "byte array" {
		t.Errorf("byte array: %s (%s)", j, s.Class)
	}
	for _, c := range []struct {
		v      []byte
		choose oracle.Labels
		want   string
	}{
		{[]byte("Hello"), oracle.Labels{}, "0x48656c6c6f"},
		{[]byte("good work"), oracle.Labels{"ambiguous form": 1}, "good work"},
	} {
		s, ok := defaultReader.Ambiguous(c.choose, Bytes{Data: c.v})
		if !ok || s.Value != c.want {
			t.Errorf("Ambiguous(%q) = %q (%s), %v, want %q", c.v, s.Value, s.Class, ok, c.want)
		}
	}
}

// BenchmarkSpell spells 10,000 random values (up to 64 bytes, a quarter
// with a media type) per op.
func BenchmarkSpell(b *testing.B) {
	x := oracle.Xorshift(88172645463325252)
	vs := make([]Bytes, 10_000)
	for i := range vs {
		vs[i].Data = make([]byte, x.Choose("len", 65))
		for j := range vs[i].Data {
			vs[i].Data[j] = byte(x.Choose("byte", 256))
		}
		if x.Choose("media type", 4) == 0 {
			vs[i].MediaType = "image/png"
		}
	}
	var sink any
	b.ResetTimer()
	for b.Loop() {
		for _, v := range vs {
			sink = defaultReader.Spell(&x, v)
		}
	}
	_ = sink
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(len(vs)), "ns/spelling")
}
