package factory

import (
	"context"
	"encoding/json"
	"os"
	"strings"
	"testing"

	"agentinput.dev/agentinput"
	"agentinput.dev/factory/protocol"
	"agentinput.dev/kinds/cursor"
	"agentinput.dev/kinds/vocabulary"
)

func courts(t *testing.T) *vocabulary.Reader {
	t.Helper()
	f, err := os.Open("../kinds/vocabulary/testdata/courts.json")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	v, err := vocabulary.Load(f)
	if err != nil {
		t.Fatal(err)
	}
	return v
}

type pageIn struct {
	Court  string          `json:"court" agentinput:"filter,of=courts" desc:"Only decisions of this court."`
	Appeal string          `json:"appeal" agentinput:"vocabulary,of=courts" desc:"The court appealed to."`
	Limit  int             `json:"limit" desc:"How many decisions a page holds."`
	Cursor cursor.Position `json:"cursor" desc:"Where the page starts."`
}

// TestDataKinds: a vocabulary, a filter over it and a cursor bound to the
// session and to the other arguments, paged through to the end.
func TestDataKinds(t *testing.T) {
	codec, err := cursor.New(cursor.Options{Keys: [][]byte{[]byte("0123456789abcdef0123456789abcdef")}})
	if err != nil {
		t.Fatal(err)
	}
	spec := quietSpec("page_decisions", IntentRead)
	spec.Vocabularies = map[string]*vocabulary.Reader{"courts": courts(t)}
	spec.Cursors = codec
	const total = 23
	type out struct {
		Items []int64 `json:"items"`
		Next  string  `json:"next"`
	}
	var last pageIn
	tool := Must(spec, func(_ context.Context, in pageIn, call *Call) (out, error) {
		last = in
		var o out
		for i := in.Cursor.Offset; i < total && len(o.Items) < in.Limit; i++ {
			o.Items = append(o.Items, i)
		}
		if end := in.Cursor.Offset + int64(len(o.Items)); end < total {
			o.Next = call.NextCursor(end, in.Limit)
		}
		return o, nil
	})
	ctx := protocol.WithPrincipal(context.Background(), "session-1")

	// A filter that names no court is dropped with a warning, never an
	// empty search; a vocabulary spelling reads as the entry's id; an
	// invented cursor is the first page.
	res := tool.Call(ctx, json.RawMessage(`{"court":"Nejvyšší soud zemský","appeal":"N.S.","limit":"10","cursor":"start"}`))
	if res.Envelope != nil {
		t.Fatalf("envelope %+v", res.Envelope)
	}
	if last.Court != "" || last.Appeal != "NS" || last.Cursor.Offset != 0 {
		t.Fatalf("handler got %+v", last)
	}
	if len(res.Warnings) != 1 || res.Warnings[0].Code != "filter_dropped" || res.Warnings[0].Path != "/court" {
		t.Fatalf("warnings %+v", res.Warnings)
	}

	// Paging: every item once, no page repeated or skipped.
	seen := map[int64]bool{}
	next := ""
	for page := 0; page < 10; page++ {
		args := `{"court":"all","limit":10}`
		if next != "" {
			args = `{"court":"all","limit":10,"cursor":"` + next + `"}`
		}
		res := tool.Call(ctx, json.RawMessage(args))
		if res.Envelope != nil {
			t.Fatalf("page %d: %+v", page, res.Envelope)
		}
		o := res.Output.(out)
		for _, it := range o.Items {
			if seen[it] {
				t.Fatalf("item %d served twice", it)
			}
			seen[it] = true
		}
		if next = o.Next; next == "" {
			break
		}
	}
	if len(seen) != total {
		t.Fatalf("paged through %d of %d", len(seen), total)
	}

	// A cursor of another listing, another session, another tool or a
	// tampered one is
	// invalid_cursor, whose hint is the restart: never a silent first page.
	first := tool.Call(ctx, json.RawMessage(`{"limit":10}`)).Output.(out).Next
	otherSpec := spec
	otherSpec.Name = "page_archive"
	other := Must(otherSpec, func(_ context.Context, in pageIn, _ *Call) (out, error) { return out{}, nil })
	for name, call := range map[string]func() *Result{
		"other filters": func() *Result {
			return tool.Call(ctx, json.RawMessage(`{"limit":10,"court":"NS","cursor":"`+first+`"}`))
		},
		"other session": func() *Result {
			return tool.Call(protocol.WithPrincipal(context.Background(), "session-2"), json.RawMessage(`{"limit":10,"cursor":"`+first+`"}`))
		},
		"another tool sharing the codec": func() *Result {
			return other.Call(ctx, json.RawMessage(`{"limit":10,"cursor":"`+first+`"}`))
		},
		"tampered": func() *Result {
			return tool.Call(ctx, json.RawMessage(`{"limit":10,"cursor":"`+first[:len(first)-2]+`xy"}`))
		},
	} {
		res := call()
		if res.Envelope == nil || res.Envelope.Issues[0].Code != agentinput.AskInvalidCursor ||
			!strings.Contains(res.Envelope.Issues[0].Hint, "without cursor") {
			t.Errorf("%s: %+v", name, res.Envelope)
		}
	}
}

func TestDataKindDeclarationMistakes(t *testing.T) {
	h := func(context.Context, pageIn, *Call) (struct{}, error) { return struct{}{}, nil }
	spec := quietSpec("page_decisions", IntentRead)
	if _, err := New(spec, h); err == nil {
		t.Error("declared without vocabularies or cursors")
	}
	spec.Vocabularies = map[string]*vocabulary.Reader{"courts": courts(t)}
	if _, err := New(spec, h); err == nil {
		t.Error("declared a cursor without a codec")
	}
}

// TestListPlaceholderOnWrite: a placeholder for a whole list on a do tool
// is the property's ask, not an ask about an item.
func TestListPlaceholderOnWrite(t *testing.T) {
	type in struct {
		Tags []string `json:"tags" agentinput:"item=enum,values=tax|tort" desc:"Subject tags."`
	}
	tool := Must(quietSpec("tag_items", IntentDo), func(context.Context, in, *Call) (struct{}, error) { return struct{}{}, nil })
	res := tool.Call(context.Background(), json.RawMessage(`{"tags":"N/A"}`))
	if res.Envelope == nil || res.Envelope.Issues[0].Path != "/tags" || res.Envelope.Issues[0].Code != agentinput.AskPlaceholderOnWrite {
		t.Fatalf("envelope %+v", res.Envelope)
	}
}

type archivedPageIn struct {
	Limit    int             `json:"limit" desc:"How many decisions a page holds."`
	Archived bool            `json:"include_archived" desc:"Whether archived decisions are listed too."`
	Tags     []string        `json:"tags" agentinput:"stringlist" desc:"Only decisions with these tags."`
	Cursor   cursor.Position `json:"cursor" desc:"Where the page starts."`
}

// A cursor minted with a property left out continues when the property is
// sent as the value its absence means (false, an empty list), and only
// then: the cursor is bound to the defaulted arguments.
func TestCursorBindsDefaultedArguments(t *testing.T) {
	codec, err := cursor.New(cursor.Options{Keys: [][]byte{[]byte("0123456789abcdef0123456789abcdef")}})
	if err != nil {
		t.Fatal(err)
	}
	spec := quietSpec("page_archive", IntentRead)
	spec.Cursors = codec
	tool := Must(spec, func(_ context.Context, in archivedPageIn, call *Call) (string, error) {
		return call.NextCursor(in.Cursor.Offset+int64(in.Limit), in.Limit), nil
	})
	ctx := protocol.WithPrincipal(context.Background(), "s")
	first := tool.Call(ctx, json.RawMessage(`{"limit":5}`))
	if first.Envelope != nil {
		t.Fatalf("first page: %+v", first.Envelope)
	}
	next := first.Output.(string)
	for _, args := range []string{`"include_archived":false`, `"include_archived":"no"`, `"tags":[]`, `"include_archived":false,"tags":[]`} {
		res := tool.Call(ctx, json.RawMessage(`{"limit":5,`+args+`,"cursor":"`+next+`"}`))
		if res.Envelope != nil {
			t.Errorf("%s: %s %+v", args, res.Envelope.Code, res.Envelope.Issues)
		}
	}
	for _, args := range []string{`"limit":5,"include_archived":true`, `"limit":5,"tags":["tax"]`, `"limit":6`} {
		res := tool.Call(ctx, json.RawMessage(`{`+args+`,"cursor":"`+next+`"}`))
		if res.Envelope == nil || res.Envelope.Issues[0].Code != agentinput.AskInvalidCursor {
			t.Errorf("%s: continued a cursor of other arguments", args)
		}
	}
}

// A list whose items are a vocabulary's entries: each item read by the
// vocabulary the list's tag names (its options reach the items).
func TestListOfVocabularyItems(t *testing.T) {
	type in struct {
		Courts []string `json:"courts" agentinput:"item=vocabulary,of=courts" desc:"The courts to search."`
	}
	spec := quietSpec("search_courts", IntentRead)
	spec.Vocabularies = map[string]*vocabulary.Reader{"courts": courts(t)}
	var got []string
	tool, err := New(spec, func(_ context.Context, x in, _ *Call) (int, error) { got = x.Courts; return len(x.Courts), nil })
	if err != nil {
		t.Fatalf("a list of vocabulary items does not bind: %v", err)
	}
	if res := tool.Call(context.Background(), json.RawMessage(`{"courts":"N.S., NS"}`)); res.Envelope != nil {
		t.Fatalf("envelope %+v", res.Envelope)
	}
	if len(got) != 2 || got[0] != "NS" || got[1] != "NS" {
		t.Fatalf("the handler got %q", got)
	}
}
