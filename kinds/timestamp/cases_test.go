package timestamp

import (
	"errors"
	"strconv"
	"testing"

	"agentinput.dev/internal/casefile"
	"agentinput.dev/internal/oracle"
	"agentinput.dev/kinds/date"
)

func TestCases(t *testing.T) {
	var opts Options
	directive := func(d casefile.Directive) error {
		if len(d.Args) != 1 {
			return errors.New("want @zone NAME or @order NAME")
		}
		arg := d.Args[0]
		if arg == "-" {
			arg = ""
		}
		switch d.Name {
		case "zone":
			opts.DefaultZone = arg
		case "order":
			opts.Order = date.Order{}
			if arg != "" {
				o, ok := date.OrderFor(arg)
				if !ok {
					return errors.New("unknown order " + arg)
				}
				opts.Order = o
			}
		default:
			return errors.New("unknown directive")
		}
		return nil
	}
	casefile.Load(t, "testdata/cases.txt").Check(t, directive, func(r *casefile.Row) []string {
		reader, err := New(opts)
		if err != nil {
			t.Fatalf("%s: %v", r.Pos(), err)
		}
		o := reader.Read(r.Input)
		if a, ok := o.Ask(); ok {
			oracle.CheckAsk(t, a, r.Raw)
		}
		if v, ok := o.Value(); ok {
			for _, msg := range oracle.NoteTexts(o, strconv.Quote(Format(v))) {
				r.Errorf(t, "%s", msg)
			}
		}
		return oracle.Columns(o, Format)
	})
}
