package bytes

import (
	"errors"
	"strconv"
	"strings"
	"testing"

	"agentinput.dev/agentinput"
	"agentinput.dev/internal/casefile"
	"agentinput.dev/internal/oracle"
	"agentinput.dev/kinds/number"
)

func TestCases(t *testing.T) {
	var opts Options
	directive := func(d casefile.Directive) error {
		if d.Name != "max" || len(d.Args) != 1 {
			return errors.New("want @max N")
		}
		n, err := number.Parse(d.Args[0])
		if err != nil {
			return err
		}
		max, ok := n.Int64()
		if !ok {
			return errors.New("want a whole number of bytes")
		}
		opts.MaxBytes = int(max)
		return nil
	}
	casefile.Load(t, "testdata/cases.txt").Check(t, directive, func(r *casefile.Row) []string {
		reader, err := New(opts)
		if err != nil {
			t.Fatalf("%s: %v", r.Pos(), err)
		}
		o := reader.Read(r.Input)
		if a, ok := o.Ask(); ok {
			checkAsk(a, func(msg string) { r.Errorf(t, "%s", msg) })
		}
		got := oracle.Columns(o, Format)
		if got[0] == "" {
			got[0] = `""`
		}
		var extra []string
		if b, ok := o.Value(); ok {
			want := strconv.Quote(Format(b))
			if len(want) > agentinput.MaxReceivedChars {
				want = "" // a note cuts a long value: its text is not checked
			}
			for _, msg := range oracle.NoteTexts(o, want) {
				r.Errorf(t, "%s", msg)
			}
			if b.MediaType != "" {
				extra = append(extra, "media="+b.MediaType)
			}
		}
		for _, w := range o.Warnings() {
			extra = append(extra, "warn="+string(w.Code))
		}
		if len(extra) == 0 {
			extra = []string{"-"}
		}
		return append(got, strings.Join(extra, " "))
	})
}
