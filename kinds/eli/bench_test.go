package eli

import (
	"net/url"
	"testing"

	"agentinput.dev/agentinput"
)

var (
	sinkOutcome agentinput.Outcome[ELI]
	sinkURL     *url.URL
)

// BenchmarkRead reads the URI path (canonical, and a form that needs a
// note) and the citation path (EU, Czech, and an ambiguous one).
func BenchmarkRead(b *testing.B) {
	for _, bm := range []struct {
		name string
		in   any
	}{
		{"uri_canonical", "http://data.europa.eu/eli/reg/2016/679/oj"},
		{"uri_https_slash", "HTTPS://data.europa.eu/eli/reg/2016/679/oj/"},
		{"uri_path", "eli/reg/2016/679/oj"},
		{"uri_cz", "https://www.e-sbirka.cz/eli/cz/sb/2012/89"},
		{"citation_regulation", "Regulation (EU) 2016/679"},
		{"citation_implementing", "Commission Implementing Regulation (EU) 2019/947"},
		{"citation_directive_1995", "Directive 95/46/EC"},
		{"citation_cz", "zákon č. 89/2012 Sb."},
		{"ask_ambiguous", "2016/679"},
	} {
		b.Run(bm.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				sinkOutcome = Read(bm.in, Options{})
			}
		})
	}
}

// BenchmarkReadNotes adds the cost of rendering the notes, which a caller
// pays only when it looks at them.
func BenchmarkReadNotes(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		_ = Read("Regulation (EU) 2016/679", Options{}).Notes()
	}
}

// BenchmarkURLParse is the reference point (the issue names no baseline):
// net/url.Parse of the same canonical URI, which only splits it and says
// nothing about the act.
func BenchmarkURLParse(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		sinkURL, _ = url.Parse("http://data.europa.eu/eli/reg/2016/679/oj")
	}
}
