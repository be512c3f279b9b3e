package binding

import (
	"context"
	"encoding/json"
	"math"
	"reflect"
	"strings"
	"testing"
	"time"

	"agentinput.dev/agentinput"
	"agentinput.dev/kinds/date"
	"agentinput.dev/kinds/number"
)

func TestBindProperty(t *testing.T) {
	ctx := context.Background()
	list, err := BindProperty("tags", reflect.TypeFor[[]string](), "", nil)
	if err != nil {
		t.Fatal(err)
	}
	// A free-text item is stringlist.Text's: a bidi override asks, a
	// number is its text.
	if a, ok := list.Read(ctx, []any{"a", "\u202eb"}, true).Ask(); !ok || a.Code != agentinput.AskInvalid {
		t.Errorf("bidi item: %v", a)
	}
	if v, ok := list.Read(ctx, []any{"a", 5}, true).Value(); !ok || !reflect.DeepEqual(v, []string{"a", "5"}) {
		t.Errorf("number item: %v", v)
	}
	// "unknown" is a boolean's third answer, in a filter too.
	f, err := BindProperty("archived", reflect.TypeFor[bool](), "filter,over=boolean", nil)
	if err != nil {
		t.Fatal(err)
	}
	if o := f.Read(ctx, "unknown", true); o.Status() != agentinput.StatusAsk {
		t.Errorf("filter over boolean, unknown: %v", o.Status())
	}
	// The mode is the env's; the name rules apply.
	limit, err := BindProperty("limit", reflect.TypeFor[int](), "", &Env{Mode: ModeWrite, KeyOwned: true})
	if err != nil {
		t.Fatal(err)
	}
	if v, _ := limit.Read(ctx, 500, true).Value(); v != 100 {
		t.Errorf("limit 500: %v, want 100 (clamped by the name rule)", v)
	}
	if a, ok := limit.Read(ctx, "N/A", true).Ask(); !ok || a.Code != agentinput.AskPlaceholderOnWrite {
		t.Errorf("placeholder on a do tool: %v", a)
	}
	for _, bad := range []struct {
		t   reflect.Type
		tag string
	}{{reflect.TypeFor[int](), "number,min=ten"}, {reflect.TypeFor[string](), "date,bound=start"}, {nil, ""}, {reflect.TypeFor[bool](), "number"}} {
		if _, err := BindProperty("v", bad.t, bad.tag, nil); err == nil {
			t.Errorf("BindProperty(%v, %q): no error", bad.t, bad.tag)
		}
	}
}

// TestItemDeclarations: a list's items and a map's values are bound by
// one rule (bindItem), whose declaration errors name the container.
func TestItemDeclarations(t *testing.T) {
	for _, c := range []struct {
		t    reflect.Type
		tag  string
		want string
	}{
		{reflect.TypeFor[[]chan int](), "", "the items of a list: no rule binds a chan int"},
		{reflect.TypeFor[map[string]chan int](), "", "the values of a map: no rule binds a chan int"},
		{reflect.TypeFor[[]string](), "stringlist,item=colour", `item=colour: unknown kind "colour"`},
		{reflect.TypeFor[[][]string](), "stringlist,item=stringlist", "item=stringlist: the items of a list are not lists"},
		{reflect.TypeFor[[]int](), "stringlist,item=number,alpha3", `option "alpha3" does not apply to a list of number`},
		{reflect.TypeFor[map[string]int](), "map,item=number,unique", `option "unique" does not apply to a map of number`},
	} {
		_, err := BindProperty("v", c.t, c.tag, nil)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%v %q: %v, want %q", c.t, c.tag, err, c.want)
		}
	}
	// The container's own options and every property's reach no item.
	if _, err := BindProperty("v", reflect.TypeFor[[]int](), "stringlist,item=number,min=1,unique,besteffort,required", nil); err != nil {
		t.Errorf("a list's own options: %v", err)
	}
}

// TestBindingValuePath holds Binding.Read's direct path (binding.value:
// the kind's own Go type, no slot) to the slot path a tool's call reads
// with, outcome for outcome and byte for byte, and checks that a filter
// in front of a kind is not bypassed.
func TestBindingValuePath(t *testing.T) {
	ctx := context.Background()
	inputs := []any{nil, "", "N/A", "TBD", "unknown", "all", "*", true, 3, 2.5, "4000", "4 000", "1,234", "12,5", "−7", "1e400",
		"2026-12-01", "1. 12. 2026", "2026-13-01", "today", "2026-12-01T10:00:00Z", "en-GB", "cs", "0f8fad5b-d9cb-469f-a165-70867728950e",
		"/eli/cz/sb/2026/1", []any{1}, map[string]any{"a": 1},
		json.Number("1e21"), json.Number("-0"), json.Number("0.000001"), json.Number("123456789012345678901234567890.5"),
		json.Number("1E-7"), 1e21, math.Copysign(0, -1), "1 000 000,5", "12.", "-.5", "١٢٣"}
	for _, c := range []struct {
		goType reflect.Type
		tag    string
		direct bool
	}{
		{reflect.TypeFor[json.Number](), "number", false},
		{reflect.TypeFor[number.Decimal](), "number", true},
		{reflect.TypeFor[*number.Decimal](), "number,required", true},
		{reflect.TypeFor[number.Decimal](), "number,exact,min=0", true},
		{reflect.TypeFor[number.Decimal](), "filter,over=number", false},
		{reflect.TypeFor[date.Date](), "date", true},
		{reflect.TypeFor[date.Date](), "filter,over=date", false},
		{reflect.TypeFor[time.Time](), "timestamp", true},
		{reflect.TypeFor[string](), "date", false},
	} {
		b, err := BindProperty("v", c.goType, c.tag, nil)
		if err != nil {
			if c.goType == reflect.TypeFor[json.Number]() {
				continue // not a number field: only here to show the rule
			}
			t.Fatalf("%v %q: %v", c.goType, c.tag, err)
		}
		if got := b.p.binding.value != nil; got != c.direct {
			t.Errorf("%v %q: direct path %v, want %v", c.goType, c.tag, got, c.direct)
		}
		typed := c.direct && c.goType != reflect.TypeFor[date.Date]() && c.goType != reflect.TypeFor[time.Time]()
		if got := c.direct && b.p.binding.value.appendRead != nil; got != typed {
			t.Errorf("%v %q: typed append %v, want %v", c.goType, c.tag, got, typed)
		}
		slotOnly := *b
		p := *b.p
		p.binding.value = nil
		slotOnly.p = &p
		for _, in := range inputs {
			for _, present := range []bool{true, false} {
				got, want := b.Read(ctx, in, present), slotOnly.Read(ctx, in, present)
				gv, _ := got.Value()
				wv, _ := want.Value()
				gj, gerr := got.AppendJSON(nil)
				wj, werr := want.AppendJSON(nil)
				if got.Status() != want.Status() || !reflect.DeepEqual(gv, wv) || string(gj) != string(wj) || (gerr == nil) != (werr == nil) {
					t.Errorf("%v %q, %#v present=%v:\n got  %s %#v\n want %s %#v", c.goType, c.tag, in, present, gj, gv, wj, wv)
				}
				// AppendRead, typed or not, writes what Read's outcome's
				// AppendJSON writes.
				if aj, aerr := b.AppendRead(ctx, []byte("x"), in, present); string(aj) != "x"+string(wj) || (aerr == nil) != (werr == nil) {
					t.Errorf("%v %q, %#v present=%v: AppendRead\n got  %s\n want x%s", c.goType, c.tag, in, present, aj, wj)
				}
			}
		}
	}
}
