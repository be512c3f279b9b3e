package mcp_test

import (
	"context"
	"encoding/json"
	"strings"
	"sync/atomic"
	"testing"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"agentinput.dev/factory"
	"agentinput.dev/factory/reply"
	"agentinput.dev/promcp"
	"agentinput.dev/receipt"
)

// invoiceIn is the input of a tool that is not naturally idempotent: two
// calls with the same amount are two invoices.
type invoiceIn struct {
	Amount int `json:"amount" agentinput:"required" desc:"The amount to invoice"`
}

// invoiceKeyedIn declares the key itself, as a new user would to make it
// visible: the factory owns the property either way.
type invoiceKeyedIn struct {
	Amount         int    `json:"amount" agentinput:"required" desc:"The amount to invoice"`
	IdempotencyKey string `json:"idempotency_key"`
}

type invoiceOut struct {
	Number int64  `json:"number"`
	Key    string `json:"key"`
}

const invoiceDesc = "Sends an invoice for an amount and returns its number. Use when the user asks to bill a customer."

func invoiceTools(t *testing.T, runs *atomic.Int64) (plain, keyed *factory.Tool) {
	t.Helper()
	plain = factory.Must(factory.Spec{Name: "do_send_invoice", Title: "Send an invoice", Description: invoiceDesc,
		Intent: factory.IntentDo, Observer: silent{}, KeyRequired: true, Receipts: &receipt.Memory{}},
		func(_ context.Context, in invoiceIn, _ *factory.Call) (invoiceOut, error) {
			return invoiceOut{Number: runs.Add(1)}, nil
		})
	keyed = factory.Must(factory.Spec{Name: "do_send_keyed_invoice", Title: "Send a keyed invoice", Description: invoiceDesc,
		Intent: factory.IntentDo, Observer: silent{}, Receipts: &receipt.Memory{}},
		func(_ context.Context, in invoiceKeyedIn, _ *factory.Call) (invoiceOut, error) {
			return invoiceOut{Number: runs.Add(1), Key: in.IdempotencyKey}, nil
		})
	return plain, keyed
}

// The key is in every do tool's schema as the go-sdk client lists it, with
// a description that says what it is for, required where the tool says so;
// read tools have none. The annotations say what each tool does.
func TestKeyInEveryDoSchema(t *testing.T) {
	var runs atomic.Int64
	plain, keyed := invoiceTools(t, &runs)
	additive := factory.Must(factory.Spec{Name: "do_tag_item", Title: "Tag an item", Description: tagDesc, Intent: factory.IntentDo,
		Observer: silent{}, Additive: true},
		func(_ context.Context, in tagIn, _ *factory.Call) (tagOut, error) { return tagOut{Item: in.Item}, nil })
	read := factory.Must(factory.Spec{Name: "read_item", Title: "Read an item", Intent: factory.IntentRead, Observer: silent{},
		Description: "Returns one item with its tags. Use when the user asks about an item whose name is known."},
		func(_ context.Context, in struct {
			Item string `json:"item" desc:"The item"`
		}, _ *factory.Call) (tagOut, error) {
			return tagOut{Item: in.Item}, nil
		})
	cs := serve(t, plain, keyed, additive, read)
	list, err := cs.ListTools(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	type want struct {
		key, required, destructive, idempotent bool
	}
	wants := map[string]want{
		"do_send_invoice":       {key: true, required: true, destructive: true, idempotent: false},
		"do_send_keyed_invoice": {key: true, destructive: true, idempotent: true},
		"do_tag_item":           {key: true, destructive: false, idempotent: true},
		"read_item":             {idempotent: true},
	}
	for _, tool := range list.Tools {
		w, ok := wants[tool.Name]
		if !ok {
			t.Fatalf("unexpected tool %s", tool.Name)
		}
		b, _ := json.Marshal(tool.InputSchema)
		var schema struct {
			Properties map[string]map[string]any `json:"properties"`
			Required   []string                  `json:"required"`
		}
		if err := json.Unmarshal(b, &schema); err != nil {
			t.Fatal(err)
		}
		key, has := schema.Properties[factory.IdempotencyKeyProperty]
		if has != w.key {
			t.Errorf("%s: idempotency_key in the schema: %v, want %v (%s)", tool.Name, has, w.key, b)
		}
		if has {
			desc, _ := key["description"].(string)
			if key["type"] != "string" || key["maxLength"] != float64(factory.MaxIdempotencyKeyBytes) ||
				!strings.Contains(desc, "same key with the same arguments") || !strings.Contains(desc, "new action needs a new key") {
				t.Errorf("%s: idempotency_key's schema %v does not say what the key is for", tool.Name, key)
			}
		}
		required := false
		for _, r := range schema.Required {
			required = required || r == factory.IdempotencyKeyProperty
		}
		if required != w.required {
			t.Errorf("%s: idempotency_key required: %v, want %v", tool.Name, required, w.required)
		}
		a := tool.Annotations
		if a.DestructiveHint == nil || *a.DestructiveHint != w.destructive || a.IdempotentHint != w.idempotent {
			t.Errorf("%s: annotations %+v, want destructive %v, idempotent %v", tool.Name, a, w.destructive, w.idempotent)
		}
	}
}

// A caller's key reused with other arguments is a conflict, whether or
// not the input struct declares the key; a tool that requires a key asks
// for one and makes a new action of every new key.
func TestReusedKeyConflictsDeclaredOrNot(t *testing.T) {
	var runs atomic.Int64
	plain, keyed := invoiceTools(t, &runs)
	cs := serve(t, plain, keyed)
	for _, name := range []string{"do_send_invoice", "do_send_keyed_invoice"} {
		first := callTool(t, cs, name, map[string]any{"amount": "4 000", "idempotency_key": "inv-" + name})
		if first.IsError {
			t.Fatalf("%s: first call: %s", name, texts(first))
		}
		again := callTool(t, cs, name, map[string]any{"amount": "5 000", "idempotency_key": "inv-" + name})
		if !again.IsError {
			t.Fatalf("%s: the same key with another amount ran: %s", name, texts(again))
		}
		issues, _ := envelope(t, again)["issues"].([]any)
		if len(issues) != 1 || issues[0].(map[string]any)["code"] != "idempotency_conflict" || issues[0].(map[string]any)["path"] != "/idempotency_key" {
			t.Fatalf("%s: %v, want idempotency_conflict at /idempotency_key", name, envelope(t, again))
		}
		if w := writeMeta(t, again); w["effect"] != "not_started" {
			t.Fatalf("%s: a conflict's effect %v", name, w["effect"])
		}
		retry := callTool(t, cs, name, map[string]any{"amount": 4000, "idempotency_key": "inv-" + name})
		if retry.IsError || writeMeta(t, retry)["replayed"] != true {
			t.Fatalf("%s: a retry of the first call did not replay: %s", name, texts(retry))
		}
	}
	if got := runs.Load(); got != 2 {
		t.Fatalf("%d invoices made, want 2 (one a tool)", got)
	}
	// The declared field receives the key the call used.
	res := callTool(t, cs, "do_send_keyed_invoice", map[string]any{"amount": 7, "idempotency_key": "  inv-7 "})
	if got := structured(t, res)["key"]; got != "inv-7" || writeMeta(t, res)["idempotency_key"] != "inv-7" {
		t.Fatalf("the handler got key %v and _meta says %v, want the normalized inv-7", got, writeMeta(t, res)["idempotency_key"])
	}
	// A required key, left out or null, is asked for; the ask says to make a
	// fresh one.
	for _, args := range []map[string]any{{"amount": 1}, {"amount": 1, "idempotency_key": nil}} {
		res := callTool(t, cs, "do_send_invoice", args)
		issues, _ := envelope(t, res)["issues"].([]any)
		if !res.IsError || len(issues) != 1 || issues[0].(map[string]any)["code"] != "missing_required" ||
			!strings.Contains(issues[0].(map[string]any)["hint"].(string), "fresh key") {
			t.Fatalf("%v: %v, want missing_required at /idempotency_key with a fresh key's hint", args, envelope(t, res))
		}
	}
	// Two invoices of the same amount, each with its own key: two actions.
	before := runs.Load()
	callTool(t, cs, "do_send_invoice", map[string]any{"amount": 9, "idempotency_key": "inv-a"})
	callTool(t, cs, "do_send_invoice", map[string]any{"amount": 9, "idempotency_key": "inv-b"})
	if runs.Load() != before+2 {
		t.Fatalf("two keys made %d invoices, want 2", runs.Load()-before)
	}
}

// Placeholder-like keys are asks: taken as keys, they would be shared by
// every caller that copies them. The ask never offers the spelling it
// refused.
func TestPlaceholderKeysAsk(t *testing.T) {
	var runs atomic.Int64
	plain, keyed := invoiceTools(t, &runs)
	cs := serve(t, plain, keyed)
	for _, key := range []string{
		"{{idempotency_key}}", "<key>", "${IDEMPOTENCY_KEY}", "order-{{id}}", "inv-<number>", "your-unique-key-here",
		"N/A", "none", "TBD", " ", "123e4567-e89b-12d3-a456-426614174000", "3fa85f64-5717-4562-b3fc-2c963f66afa6", "your-uuid-here",
	} {
		for _, name := range []string{"do_send_invoice", "do_send_keyed_invoice"} {
			res := callTool(t, cs, name, map[string]any{"amount": 1, "idempotency_key": key})
			issues, _ := envelope(t, res)["issues"].([]any)
			if !res.IsError || len(issues) != 1 {
				t.Fatalf("%s with key %q: %s, want one ask", name, key, texts(res))
			}
			is := issues[0].(map[string]any)
			if is["code"] != "placeholder_on_write" || is["path"] != "/idempotency_key" {
				t.Errorf("%s with key %q: %v, want placeholder_on_write at /idempotency_key", name, key, is)
			}
			if hint, _ := is["hint"].(string); strings.TrimSpace(key) != "" && strings.Contains(hint, key) {
				t.Errorf("%s with key %q: the hint %q offers the refused key", name, key, hint)
			}
		}
	}
	if runs.Load() != 0 {
		t.Fatalf("a placeholder key ran the handler %d times", runs.Load())
	}
}

// Keys compare as text: a key and the same key with white space around it
// or in another Unicode normal form name one call; letter case does not
// fold.
func TestKeysCompareAsNormalizedText(t *testing.T) {
	var runs atomic.Int64
	plain, _ := invoiceTools(t, &runs)
	cs := serve(t, plain)
	composed, decomposed := "faktura-\u010d", "faktura-c\u030c" // č, and c with a combining caron
	for i, key := range []string{composed, decomposed, " " + composed + "\t"} {
		res := callTool(t, cs, "do_send_invoice", map[string]any{"amount": 3, "idempotency_key": key})
		if res.IsError {
			t.Fatalf("key %q: %s", key, texts(res))
		}
		w := writeMeta(t, res)
		if w["idempotency_key"] != composed || (i > 0) != (w["replayed"] == true) {
			t.Fatalf("key %q: _meta %v, want the key %q, replayed after the first", key, w, composed)
		}
	}
	if res := callTool(t, cs, "do_send_invoice", map[string]any{"amount": 3, "idempotency_key": strings.ToUpper(composed)}); writeMeta(t, res)["replayed"] == true {
		t.Fatal("a key in other letter case replayed")
	}
	if runs.Load() != 2 {
		t.Fatalf("%d runs, want 2", runs.Load())
	}
}

// A handler that changed nothing is reported so: changed false, no side
// effects, nothing to reverse, and the text says it first.
func TestNoOpSaysNothingChanged(t *testing.T) {
	tags := map[string][]string{"box": {"red"}}
	tool := factory.Must(factory.Spec{Name: "do_tag_item", Title: "Tag an item", Description: tagDesc, Intent: factory.IntentDo,
		Observer: silent{}, SideEffects: []string{"notifies the item's owner"}, Receipts: &receipt.Memory{}},
		func(_ context.Context, in tagIn, _ *factory.Call) (promcp.Do[[]string], error) {
			prev := append([]string(nil), tags[in.Item]...)
			var added []string
			for _, tag := range in.Tags {
				if !strings.Contains(strings.Join(tags[in.Item], ","), tag) {
					tags[in.Item] = append(tags[in.Item], tag)
					added = append(added, tag)
				}
			}
			now := append([]string(nil), tags[in.Item]...)
			d := promcp.Do[[]string]{AppliedValue: &now, PreviousValue: &prev}
			if len(added) > 0 {
				return d.Compensate("do_untag_item", map[string]any{"item": in.Item, "tags": added})
			}
			return d, nil
		})
	cs := serve(t, tool)
	res := callTool(t, cs, "do_tag_item", map[string]any{"item": "box", "tags": []string{"red"}})
	if res.IsError {
		t.Fatal(texts(res))
	}
	got := structured(t, res)
	if got["changed"] != false || got["compensable"] != false || got["compensation_hint"] != nil || len(got["side_effects"].([]any)) != 0 {
		t.Fatalf("a no-op answered %v", got)
	}
	if first := res.Content[0].(*sdk.TextContent).Text; first != reply.UnchangedText {
		t.Fatalf("the text starts %q, want the no-op's line first", first)
	}
	res = callTool(t, cs, "do_tag_item", map[string]any{"item": "box", "tags": []string{"red", "blue"}})
	got = structured(t, res)
	if got["changed"] != true || got["compensation_hint"] != `do_untag_item {"item":"box","tags":["blue"]}` || len(got["side_effects"].([]any)) != 1 {
		t.Fatalf("a change answered %v", got)
	}
	if strings.HasPrefix(texts(res), "Nothing changed") {
		t.Fatal("a change's text says nothing changed")
	}
}

// A field named idempotency_key that would change the property is refused
// at New, naming the fix.
func TestDeclaredKeyFieldRefused(t *testing.T) {
	spec := factory.Spec{Name: "do_send_invoice", Title: "Send an invoice", Description: invoiceDesc, Intent: factory.IntentDo, Observer: silent{}}
	_, err := factory.New(spec, func(_ context.Context, in struct {
		Amount int `json:"amount" desc:"The amount"`
		Key    int `json:"idempotency_key" desc:"A key"`
	}, _ *factory.Call) (invoiceOut, error) {
		return invoiceOut{}, nil
	})
	if err == nil || !strings.Contains(err.Error(), "declare it as a string") {
		t.Fatalf("an int key field: %v", err)
	}
	_, err = factory.New(spec, func(_ context.Context, in struct {
		Amount int    `json:"amount" desc:"The amount"`
		Key    string `json:"idempotency_key" agentinput:"required" desc:"A key"`
	}, _ *factory.Call) (invoiceOut, error) {
		return invoiceOut{}, nil
	})
	if err == nil || !strings.Contains(err.Error(), "Spec.KeyRequired") {
		t.Fatalf("a tagged key field: %v", err)
	}
}
