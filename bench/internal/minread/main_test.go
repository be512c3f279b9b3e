package main

import (
	"bytes"
	"strings"
	"testing"
)

// TestMinimalRead pins what the read row's anchor writes, so that a change
// to it is seen: one JSON line per non-blank line, the value where strconv
// reads it, and the same line with an error where it does not.
func TestMinimalRead(t *testing.T) {
	var out bytes.Buffer
	if err := minimalRead(strings.NewReader("4000\n\n\"4 000\"\n\"12.5\"\r\n-3"), &out); err != nil {
		t.Fatal(err)
	}
	want := `{"input":4000,"value":4000}` + "\n" + `{"input":"4 000","error":"invalid"}` + "\n" +
		`{"input":"12.5","value":12.5}` + "\n" + `{"input":-3,"value":-3}` + "\n"
	if out.String() != want {
		t.Errorf("got\n%s\nwant\n%s", out.String(), want)
	}
}

// TestHandRead pins the default anchor's lines the same way.
func TestHandRead(t *testing.T) {
	var out bytes.Buffer
	if err := handRead(strings.NewReader("4000\n\n\"4 000\"\n\"12.5\"\r\n-3"), &out); err != nil {
		t.Fatal(err)
	}
	want := `{"input":"4000","value":4000}` + "\n" + `{"input":"\"4 000\"","error":"invalid"}` + "\n" +
		`{"input":"\"12.5\"","value":12.5}` + "\n" + `{"input":"-3","value":-3}` + "\n"
	if out.String() != want {
		t.Errorf("got\n%s\nwant\n%s", out.String(), want)
	}
}
