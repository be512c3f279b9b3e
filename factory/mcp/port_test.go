package mcp_test

// The port of docs/from-go-sdk.md: a five-tool go-sdk server before, and
// the same server on the factory after. The document's two code blocks
// are the regions between the markers below, and TestPortMirrorsDoc holds
// them equal, so the guide's code always compiles.

import (
	"context"
	"errors"
	"os"
	"strings"
	"testing"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"agentinput.dev/factory"
	"agentinput.dev/factory/mcp"
)

// notes is the store both servers serve; the guide leaves it out.
type notes struct{}

type note struct {
	ID    string   `json:"id"`
	Title string   `json:"title"`
	Tags  []string `json:"tags"`
}

func (notes) Search(string, string, int) []note   { return []note{{ID: "n1", Title: "Tax return"}} }
func (notes) Get(string) (note, error)            { return note{ID: "n1", Title: "Tax return"}, nil }
func (notes) Create(t string, tags []string) note { return note{ID: "n2", Title: t, Tags: tags} }
func (notes) Archive(string) error                { return nil }
func (notes) Count(string, string) int            { return 7 }

// port:before
type SearchIn struct {
	Query string `json:"query" jsonschema:"words the notes contain"`
	Since string `json:"since,omitempty" jsonschema:"the first day, YYYY-MM-DD"`
	Limit int    `json:"limit,omitempty" jsonschema:"how many notes to return"`
}

type NoteIn struct {
	NoteID string `json:"note_id" jsonschema:"the note's id"`
}

type CreateIn struct {
	Title string   `json:"title" jsonschema:"the note's title"`
	Tags  []string `json:"tags,omitempty" jsonschema:"labels to file the note under"`
}

type CountIn struct {
	DateFrom string `json:"date_from" jsonschema:"the first day counted"`
	DateTo   string `json:"date_to" jsonschema:"the last day counted"`
}

func beforeServer(store notes) *sdk.Server {
	s := sdk.NewServer(&sdk.Implementation{Name: "notes", Version: "v1"}, nil)
	sdk.AddTool(s, &sdk.Tool{Name: "search_notes", Description: "Searches notes."},
		func(_ context.Context, _ *sdk.CallToolRequest, in SearchIn) (*sdk.CallToolResult, []note, error) {
			return nil, store.Search(in.Query, in.Since, in.Limit), nil
		})
	sdk.AddTool(s, &sdk.Tool{Name: "read_note", Description: "Reads a note."},
		func(_ context.Context, _ *sdk.CallToolRequest, in NoteIn) (*sdk.CallToolResult, note, error) {
			n, err := store.Get(in.NoteID)
			return nil, n, err
		})
	sdk.AddTool(s, &sdk.Tool{Name: "create_note", Description: "Creates a note."},
		func(_ context.Context, _ *sdk.CallToolRequest, in CreateIn) (*sdk.CallToolResult, note, error) {
			return nil, store.Create(in.Title, in.Tags), nil
		})
	sdk.AddTool(s, &sdk.Tool{Name: "archive_note", Description: "Archives a note."},
		func(_ context.Context, _ *sdk.CallToolRequest, in NoteIn) (*sdk.CallToolResult, any, error) {
			return nil, nil, store.Archive(in.NoteID)
		})
	sdk.AddTool(s, &sdk.Tool{Name: "count_notes", Description: "Counts notes."},
		func(_ context.Context, _ *sdk.CallToolRequest, in CountIn) (*sdk.CallToolResult, map[string]int, error) {
			return nil, map[string]int{"count": store.Count(in.DateFrom, in.DateTo)}, nil
		})
	return s
}

// port:after
func afterServer(store notes) (*sdk.Server, error) {
	tools := []*factory.Tool{}
	add := func(t *factory.Tool, err error) error {
		tools = append(tools, t)
		return err
	}
	err := errors.Join( // every declaration problem of every tool at once
		add(factory.New(factory.Spec{Name: "search_notes", Title: "Search notes", Intent: factory.IntentRead,
			Description: "Searches the notes by the words they contain, newest first. Use when the user asks what was written about a topic."},
			func(_ context.Context, in SearchIn, _ *factory.Call) ([]note, error) {
				return store.Search(in.Query, in.Since, in.Limit), nil
			})),
		add(factory.New(factory.Spec{Name: "read_note", Title: "Read a note", Intent: factory.IntentRead,
			Description: "Reads one note, its title and tags, by its id. Use when the user names a note a search returned."},
			func(_ context.Context, in NoteIn, _ *factory.Call) (note, error) {
				return store.Get(in.NoteID)
			})),
		add(factory.New(factory.Spec{Name: "create_note", Title: "Create a note", Intent: factory.IntentDo,
			Description: "Creates a note with a title and tags, and returns it with its id. Use when the user asks to write something down."},
			func(_ context.Context, in CreateIn, _ *factory.Call) (note, error) {
				return store.Create(in.Title, in.Tags), nil
			})),
		add(factory.New(factory.Spec{Name: "archive_note", Title: "Archive a note", Intent: factory.IntentDo,
			Description: "Archives one note by its id, so that searches no longer return it. Use when the user asks to put a note away."},
			func(_ context.Context, in NoteIn, _ *factory.Call) (map[string]bool, error) {
				return map[string]bool{"archived": true}, store.Archive(in.NoteID)
			})),
		add(factory.New(factory.Spec{Name: "count_notes", Title: "Count notes", Intent: factory.IntentRead,
			Description: "Counts the notes written between two days, both included. Use when the user asks how much was written in a period."},
			func(_ context.Context, in CountIn, call *factory.Call) (map[string]int, error) {
				_ = call.Progress(1, 1, "counted") // the request, from the handler
				return map[string]int{"count": store.Count(in.DateFrom, in.DateTo)}, nil
			})),
	)
	if err != nil {
		return nil, err
	}
	s := sdk.NewServer(&sdk.Implementation{Name: "notes", Version: "v2"}, nil)
	mcp.Register(s, tools...)
	return s, nil
}

// port:end

// TestPortMirrorsDoc: the guide's "before" and "after" blocks are this
// file's regions, byte for byte.
func TestPortMirrorsDoc(t *testing.T) {
	src, err := os.ReadFile("port_test.go")
	if err != nil {
		t.Fatal(err)
	}
	doc, err := os.ReadFile("../../docs/from-go-sdk.md")
	if err != nil {
		t.Fatal(err)
	}
	region := func(from, to string) string {
		s := string(src)
		i, j := strings.Index(s, "// port:"+from+"\n"), strings.Index(s, "// port:"+to+"\n")
		if i < 0 || j < i {
			t.Fatalf("port_test.go lacks the markers port:%s and port:%s", from, to)
		}
		return strings.TrimSpace(s[i+len("// port:"+from+"\n") : j])
	}
	for _, r := range [][2]string{{"before", "after"}, {"after", "end"}} {
		block := "```go\n" + region(r[0], r[1]) + "\n```"
		if !strings.Contains(string(doc), block) {
			t.Errorf("docs/from-go-sdk.md lacks the %q code of port_test.go as one go block:\n%s", r[0], block)
		}
	}
}

// TestPort: the ported server declares, and reads what the SDK alone
// refused, through a go-sdk client.
func TestPort(t *testing.T) {
	before := connect(t, beforeServer(notes{}))
	res, err := before.CallTool(context.Background(), &sdk.CallToolParams{Name: "search_notes",
		Arguments: map[string]any{"query": "tax", "limit": "5"}})
	if err == nil && !res.IsError {
		t.Fatalf("the SDK alone took limit \"5\": %s", texts(res))
	}
	server, err := afterServer(notes{})
	if err != nil {
		t.Fatal(err)
	}
	after := connect(t, server)
	got := callTool(t, after, "search_notes", map[string]any{"query": "tax", "limit": "5", "since": "2026/10/01"})
	if got.IsError || !strings.Contains(texts(got), `Read "5" as 5`) || !strings.Contains(texts(got), `Read "2026/10/01" as "2026-10-01"`) {
		t.Errorf("ported search_notes: %s", texts(got))
	}
	ask := callTool(t, after, "count_notes", map[string]any{"date_from": "01/02/2026", "date_to": "2026-03-01"})
	if !ask.IsError || !strings.Contains(texts(ask), "2 meanings") {
		t.Errorf("ported count_notes did not ask about 01/02/2026: %s", texts(ask))
	}
	id := callTool(t, after, "read_note", map[string]any{"note_id": "4E6A3FAC-9262-4826-91F0-E77195E54C58"})
	if id.IsError {
		t.Errorf("ported read_note: %s", texts(id))
	}
}
