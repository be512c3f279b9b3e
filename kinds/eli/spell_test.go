package eli

import (
	"testing"

	"pgregory.net/rapid"

	"agentinput.dev/agentinput"
	"agentinput.dev/internal/oracle"
)

func sameELI(a, b ELI) bool { return a == b }

// TestSpellReadsBack: every spelling Spell draws of an act reads back as
// that act.
func TestSpellReadsBack(t *testing.T) {
	r, _ := New(Options{})
	rapid.Check(t, func(t *rapid.T) {
		e := drawELI(t)
		oracle.ReadsBack(t, r, r.Spell(oracle.Draws(t), e), e, sameELI)
	})
}

// TestAmbiguousAsks: every spelling Ambiguous draws is asked about with
// the act among its readings; every act of no form and every Czech act has
// one (a citation without its type), so Ambiguous is true for them.
func TestAmbiguousAsks(t *testing.T) {
	r, _ := New(Options{})
	rapid.Check(t, func(t *rapid.T) {
		e := drawELI(t)
		s, ok := r.Ambiguous(oracle.Draws(t), e)
		if !ok {
			if e.Register() == CZ || actTypes[e.typ].Form == "" {
				t.Fatalf("Ambiguous(%s) has none; a citation without its type asks", e)
			}
			return
		}
		oracle.AsksAbout(t, r, s, e, sameELI)
	})
}

// TestSpellClasses lists a few spellings of each class.
func TestSpellClasses(t *testing.T) {
	r, _ := New(Options{})
	gdpr, _ := NewEU("reg", 2016, 679)
	civil, _ := NewCZ(2012, 89)
	old, _ := NewCZ(1964, 40)
	for _, tc := range []struct {
		e       ELI
		choices oracle.Sequence
		want    string
		class   string
	}{
		{gdpr, oracle.Sequence{0}, "http://data.europa.eu/eli/reg/2016/679/oj", "canonical"},
		{gdpr, oracle.Sequence{1, 1}, "data.europa.eu/eli/reg/2016/679/oj", "URI form"},
		{gdpr, oracle.Sequence{1, 2, 0, 0, 1}, "/eli/reg/679/2016/oj", "number before year"},
		{gdpr, oracle.Sequence{1, 4, 0, 0, 0, 0, 1}, "reg/2016/679", "path without eli/"},
		{civil, oracle.Sequence{1, 3, 0, 0, 0, 0, 1}, "eli/cz/sb/2012/89/", "path alone"},
		{gdpr, oracle.Sequence{2}, "https://example.com/eli/reg/2016/679/oj", "host of no register"},
		{gdpr, oracle.Sequence{3}, "Regulation 2016/679", "citation (en)"},
		{gdpr, oracle.Sequence{3, 0, 0, 1}, "nařízení 2016/679", "citation (cs)"},
		{civil, oracle.Sequence{3, 1, 1}, "zákon č. 89/2012 Sb.", "Czech citation"},
		{old, oracle.Sequence{3, 0, 0, 1, 0}, "40/1964 Coll.", "Czech citation (Coll.)"},
		{civil, oracle.Sequence{0, 1, 0}, " https://www.e-sbirka.cz/eli/cz/sb/2012/89", "canonical + outer whitespace"},
	} {
		s := r.Spell(&tc.choices, tc.e)
		if s.Value != tc.want || s.Class != tc.class {
			t.Errorf("%s: %q (%s), want %q (%s)", tc.e, s.Value, s.Class, tc.want, tc.class)
		}
		if v, ok := r.Read(s.Value).Value(); !ok || v != tc.e {
			t.Errorf("%s %q does not read back as %s", s.Class, s.Value, tc.e)
		}
	}
	for _, tc := range []struct {
		e       ELI
		choices oracle.Sequence
		want    string
	}{
		{gdpr, oracle.Sequence{0, 0}, "2016/679"},
		{gdpr, oracle.Sequence{0, 1}, "(EU) 2016/679"},
		{civil, oracle.Sequence{0}, "89/2012"},
		{civil, oracle.Sequence{1}, "89/2012 Coll."},
	} {
		s, ok := r.Ambiguous(&tc.choices, tc.e)
		if !ok || s.Value != tc.want {
			t.Errorf("Ambiguous(%s) = %q, %v; want %q", tc.e, s.Value, ok, tc.want)
		}
		if a, asks := r.Read(s.Value).Ask(); !asks || a.Code != agentinput.AskAmbiguous {
			t.Errorf("%q is not asked about", s.Value)
		}
	}
}

var sinkSpelled agentinput.Spelled

// BenchmarkSpell: one op is one spelling of an act (10,000 acts drawn in
// turn).
func BenchmarkSpell(b *testing.B) {
	r, _ := New(Options{})
	x := oracle.Xorshift(88172645463325252)
	es := make([]ELI, 10000)
	for i := range es {
		if x.Choose("", 4) == 0 {
			es[i], _ = NewCZ(minYearCZ+x.Choose("", maxYear-minYearCZ+1), 1+x.Choose("", 3000))
		} else {
			es[i], _ = NewEU(actTypes[x.Choose("", len(actTypes))].Code, minYearEU+x.Choose("", maxYear-minYearEU+1), 1+x.Choose("", 3000))
		}
	}
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		sinkSpelled = r.Spell(&x, es[i%len(es)])
		i++
	}
}
