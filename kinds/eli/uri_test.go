package eli

import (
	"testing"

	"pgregory.net/rapid"

	"agentinput.dev/internal/casefile"
)

// TestMayBeURI: the first look of scanForms (mayBeURI) turns away no
// string that one of the forms would read: with and without it, the scan
// ends the same. The strings are the table's, URIs and paths in every
// form, those forms with a character changed, and any string.
func TestMayBeURI(t *testing.T) {
	check := func(t interface{ Fatalf(string, ...any) }, s string) {
		var with, without uriParts
		if a, b := scanForms(s, &with, true), scanForms(s, &without, false); a != b || with != without {
			t.Fatalf("scanForms(%q) with the first look = %v %+v, without %v %+v", s, a, with, b, without)
		}
	}
	for _, r := range casefile.Load(t, "testdata/cases.txt").Rows() {
		if s, ok := r.Input.(string); ok {
			check(t, s)
		}
	}
	for _, s := range []string{
		"reg_impl/2019/947/oj", "DEC_DEL/2020/1/oj", "cz/sb/2012/89", "/cz/sb/2012/89",
		"data.europa.eu:80/eli/reg/2016/679/oj", "example.com:8080/eli/reg/2016/679/oj",
		"my-host.example/eli/dir/2019/790/oj", "HTTPS://x/eli/reg/2016/679/oj",
	} {
		check(t, s)
	}
	rapid.Check(t, func(t *rapid.T) {
		var s string
		switch rapid.IntRange(0, 3).Draw(t, "source") {
		case 0:
			s = renderURI(t, drawELI(t))
		case 1:
			s = rapid.StringMatching(`((([hH][tT][tT][pP][sS]?:)?//)?([a-z0-9.:_-]{0,20}))?/?([eE][lL][iI]/)?(cz/sb|[a-zA-Z_]{1,9})/[0-9]{1,6}/[0-9]{1,6}(/[a-zA-Z0-9-]{1,10}){0,2}/?`).Draw(t, "uri")
		case 2:
			s = rapid.String().Draw(t, "any")
		case 3:
			// A URI with one byte of its first segment changed.
			b := []byte(renderURI(t, drawELI(t)))
			i := rapid.IntRange(0, len(b)-1).Draw(t, "at")
			b[i] = rapid.Byte().Draw(t, "byte")
			s = string(b)
		}
		check(t, s)
	})
}
