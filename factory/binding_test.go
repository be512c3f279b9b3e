package factory

import (
	"context"
	"reflect"
	"testing"

	"agentinput.dev/agentinput"
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
	// The mode is the spec's intent; the name rules apply.
	limit, err := BindProperty("limit", reflect.TypeFor[int](), "", &Spec{Intent: IntentDo})
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
