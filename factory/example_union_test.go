package factory_test

import (
	"context"
	"encoding/json"
	"fmt"

	"agentinput.dev/factory"
)

// Source is where an import reads from: one of the variants below.
type Source interface{ source() }

// URLSource is a web page.
type URLSource struct {
	URL string `json:"url" agentinput:"required" desc:"The page's address."`
}

// FileSource is a file on the server.
type FileSource struct {
	Path string `json:"path" agentinput:"required" desc:"The file's path on the server."`
}

func (URLSource) source()  {}
func (FileSource) source() {}

// A discriminated union: the discriminator read leniently, inferred when
// one variant alone fits, and asked about otherwise, naming the variants.
func ExampleNewUnion() {
	sources := factory.NewUnion[Source]("kind",
		factory.Case[URLSource]("url", "A web page, by its address."),
		factory.Case[FileSource]("file", "A file on the server, by its path."))
	preview := factory.Must(factory.Spec{
		Name:        "read_import_preview",
		Title:       "Preview an import",
		Description: "Shows what importing from a web page or a file would bring in, changing nothing. Use when the user asks what an import would add.",
		Intent:      factory.IntentRead,
		Observer:    quiet{},
		Unions:      []factory.Union{sources},
	}, func(_ context.Context, in struct {
		Source Source `json:"source" agentinput:"required" desc:"Where to import from."`
	}, _ *factory.Call) (string, error) {
		return fmt.Sprintf("%#v", in.Source), nil
	})
	for _, args := range []string{
		`{"source": {"kind": "URL", "url": "https://example.org"}}`,
		`{"source": {"path": "/srv/a.csv"}}`,
		`{"source": {"kind": "fiel", "path": "/srv/a.csv"}}`,
		`{"source": {"url": "https://example.org", "path": "/srv/a.csv"}}`,
	} {
		res := preview.Call(context.Background(), json.RawMessage(args))
		if res.Envelope != nil {
			is := res.Envelope.Issues[0]
			fmt.Println(is.Path, is.Message())
			continue
		}
		fmt.Println(res.Output)
		for _, n := range res.Notes {
			fmt.Println(" ", n.Path, n.Message)
		}
	}
	// Output:
	// factory_test.URLSource{URL:"https://example.org"}
	//   /source/kind Read "URL" as "url" (letter case, separators or diacritics differ)
	// factory_test.FileSource{Path:"/srv/a.csv"}
	//   /source/kind Read source, sent without kind, as kind "file": it has that variant's required properties, and no other variant could hold them
	// /source/kind Could not read "fiel": it is not a declared value, and is close to one; it may mean "file" (the declared value "file", 1 edit away). Expected one of "url", "file" (a JSON string), for example "url". Send kind as "url" (A web page, by its address) or "file" (A file on the server, by its path).
	// /source/kind Could not read {"path":"/srv/a.csv","url":"https://example.org"}: source has no kind, and what was sent fits 2 variants; it has 2 meanings: "url" (A web page, by its address) or "file" (A file on the server, by its path). Expected kind, one of "url" (A web page, by its address) or "file" (A file on the server, by its path). Send kind as "url" (A web page, by its address) or "file" (A file on the server, by its path).
}
