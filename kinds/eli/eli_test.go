package eli

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"pgregory.net/rapid"

	"agentinput.dev/agentinput"
)

// Parse takes the canonical URI only: every other spelling, even one Read
// takes with a note, is an error wrapping ErrSyntax.
func TestParse(t *testing.T) {
	for _, s := range []string{"http://data.europa.eu/eli/reg/2016/679/oj", "http://data.europa.eu/eli/dir_del/1995/46/oj", "https://www.e-sbirka.cz/eli/cz/sb/2012/89"} {
		e, err := Parse(s)
		if err != nil || e.String() != s || Format(e) != s {
			t.Errorf("Parse(%q) = %v, %v", s, e, err)
		}
	}
	for _, s := range []string{
		"", "https://data.europa.eu/eli/reg/2016/679/oj", "HTTP://data.europa.eu/eli/reg/2016/679/oj",
		"http://data.europa.eu/eli/reg/2016/679/oj/", "http://data.europa.eu/eli/reg/2016/679",
		"http://data.europa.eu/eli/reg/2016/0679/oj", "http://data.europa.eu/eli/REG/2016/679/oj",
		"eli/reg/2016/679/oj", "http://eur-lex.europa.eu/eli/reg/2016/679/oj", "http://www.e-sbirka.cz/eli/cz/sb/2012/89",
		"https://e-sbirka.cz/eli/cz/sb/2012/89", " http://data.europa.eu/eli/reg/2016/679/oj", "Regulation (EU) 2016/679",
		"http://data.europa.eu/eli/reg/2016/679/oj/eng", strings.Repeat("x", 2000),
	} {
		e, err := Parse(s)
		var pe *ParseError
		if err == nil || !errors.Is(err, ErrSyntax) || !errors.As(err, &pe) || pe.Value != s || !e.IsZero() {
			t.Errorf("Parse(%q) = %v, %v; want a *ParseError", s, e, err)
		}
	}
}

func TestConstructors(t *testing.T) {
	e, err := NewEU("reg_impl", 2019, 947)
	if err != nil || e.Register() != EU || e.Type() != "reg_impl" || e.Year() != 2019 || e.Number() != 947 ||
		e.String() != "http://data.europa.eu/eli/reg_impl/2019/947/oj" || e.Register().String() != "EU" {
		t.Errorf("NewEU: %v %v", e, err)
	}
	c, err := NewCZ(2012, 89)
	if err != nil || c.Register() != CZ || c.Type() != "" || c.String() != "https://www.e-sbirka.cz/eli/cz/sb/2012/89" {
		t.Errorf("NewCZ: %v %v", c, err)
	}
	for _, bad := range []func() (ELI, error){
		func() (ELI, error) { return NewEU("treaty", 2012, 1) },
		func() (ELI, error) { return NewEU("REG", 2016, 679) },
		func() (ELI, error) { return NewEU("reg", 1951, 1) },
		func() (ELI, error) { return NewEU("reg", 2100, 1) },
		func() (ELI, error) { return NewEU("reg", 2016, 0) },
		func() (ELI, error) { return NewEU("reg", 2016, 100000) },
		func() (ELI, error) { return NewCZ(1944, 1) },
		func() (ELI, error) { return NewCZ(2012, -1) },
	} {
		if e, err := bad(); err == nil || !e.IsZero() {
			t.Errorf("constructor accepted %v", e)
		}
	}
	var zero ELI
	if !zero.IsZero() || zero.String() != "" || zero.Register().String() != "none" {
		t.Errorf("zero ELI: %q", zero.String())
	}
	if text, _ := json.Marshal(struct{ E ELI }{e}); string(text) != `{"E":"http://data.europa.eu/eli/reg_impl/2019/947/oj"}` {
		t.Errorf("JSON: %s", text)
	}
}

// ActTypes is a copy: changing it changes nothing.
func TestActTypes(t *testing.T) {
	ts := ActTypes()
	if len(ts) != 9 || ts[0].Code != "reg" {
		t.Fatalf("ActTypes: %v", ts)
	}
	ts[0].Code = "x"
	if ActTypes()[0].Code != "reg" {
		t.Error("ActTypes shares the table")
	}
	for _, at := range ActTypes() {
		want := at.Base
		if at.Form != "" {
			want += "_" + at.Form
		}
		if at.Code != want || typeOf(at.Base, at.Form) < 0 {
			t.Errorf("type %v: code is not base_form", at)
		}
	}
}

// TestMessages pins the text an agent reads: notes and asks, rendered.
func TestMessages(t *testing.T) {
	tests := []struct {
		input any
		want  string // the notes' messages joined by " / ", or the ask's message
	}{
		{"http://data.europa.eu/eli/reg/2016/679/oj", ""},
		{"HTTPS://data.europa.eu/eli/reg/2016/679/", `Read "HTTPS://data.europa.eu/eli/reg/2016/679/" as "http://data.europa.eu/eli/reg/2016/679/oj" (the register's scheme, the scheme and host in lower case, the act as published in the Official Journal, without the trailing slash)`},
		{" eli/cz/sb/2012/89 ", `Read " eli/cz/sb/2012/89 " as "eli/cz/sb/2012/89" / Read "eli/cz/sb/2012/89" as "https://www.e-sbirka.cz/eli/cz/sb/2012/89" (the register's host added to the path)`},
		{"Regulation (EC) No 1907/2006", `Read "Regulation (EC) No 1907/2006" as "http://data.europa.eu/eli/reg/2006/1907/oj" (regulation 1907 of 2006, cited number first as before 2015)`},
		{"zákon č. 89/2012 Sb., občanský zákoník", `Read "zákon č. 89/2012 Sb., občanský zákoník" as "https://www.e-sbirka.cz/eli/cz/sb/2012/89" (Czech act 89/2012 Sb.; the words after the number are not part of the identifier)`},
		{"Regulation 2016/1999", `Could not read "Regulation 2016/1999": it can be read year first or number first; it has 2 meanings: "http://data.europa.eu/eli/reg/2016/1999/oj" (regulation 1999 of 2016) or "http://data.europa.eu/eli/reg/1999/2016/oj" (regulation 2016 of 1999, cited number first as before 2015). Expected ` + expected + `. ` + hintReadings + `.`},
		{"http://data.europa.eu/eli/reg/2016/679/oj/eng", `Could not read "http://data.europa.eu/eli/reg/2016/679/oj/eng": it names a language version or a format of the act, not the act. Expected ` + expected + `. Send "http://data.europa.eu/eli/reg/2016/679/oj" to name the whole act (regulation 679 of 2016).`},
		{"Directive 46/95/EC", `Could not read "Directive 46/95/EC": no directive is numbered 46/95: directives are cited year/number ("95/46/EC", "2019/790"). Expected ` + expected + `. ` + hintInvalid + `.`},
		{"Regulation (EU)\u200b 2016/679", `Could not read "Regulation (EU)` + "\u200b" + ` 2016/679": it contains the invisible character U+200B. Expected ` + expected + `. ` + hintInvalid + `.`},
		{2016.679, `Could not read 2016.679: a number is not an ELI; an act's number and year go in a string. Expected ` + expected + `. ` + hintInvalid + `.`},
	}
	for _, tt := range tests {
		var v any = tt.input
		if f, ok := v.(float64); ok {
			v = json.Number(strings.TrimRight(strings.TrimRight(jsonFloat(f), "0"), "."))
		}
		o := Read(v, Options{})
		var got string
		if a, ok := o.Ask(); ok {
			got = a.Message()
		} else {
			var msgs []string
			for _, n := range o.Notes() {
				msgs = append(msgs, n.Message)
			}
			got = strings.Join(msgs, " / ")
		}
		if got != tt.want {
			t.Errorf("Read(%#v):\n got  %s\n want %s", tt.input, got, tt.want)
		}
	}
	if o := Read(nil, Options{}); o.Status() != agentinput.StatusAbsent {
		t.Errorf("null reads as %s", o.Status())
	}
}

func jsonFloat(f float64) string {
	b, _ := json.Marshal(f)
	return string(b)
}

// TestMarshalJSON: MarshalJSON and AppendJSON write what encoding/json
// writes for the URI MarshalText returns, so that an ELI encodes the same
// through either, and AppendJSON only appends.
func TestMarshalJSON(t *testing.T) {
	check := func(t interface{ Fatalf(string, ...any) }, e ELI) {
		text, _ := e.MarshalText()
		want, err := json.Marshal(string(text))
		if err != nil {
			t.Fatalf("json.Marshal(%q): %v", text, err)
		}
		got, err := e.MarshalJSON()
		if err != nil || string(got) != string(want) {
			t.Fatalf("MarshalJSON(%v) = %s, %v; want %s", e, got, err, want)
		}
		appended, err := e.AppendJSON([]byte("x"))
		if err != nil || string(appended) != "x"+string(want) {
			t.Fatalf("AppendJSON(%v) = %s, %v; want x%s", e, appended, err, want)
		}
		if len(want) > maxQuotedURILen {
			t.Fatalf("%s is longer than maxQuotedURILen %d", want, maxQuotedURILen)
		}
	}
	check(t, ELI{})
	e, _ := NewEU("reg_impl", 2099, 99999)
	check(t, e)
	rapid.Check(t, func(t *rapid.T) { check(t, drawELI(t)) })
}
