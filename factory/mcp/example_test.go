package mcp_test

import (
	"context"
	"encoding/json"
	"fmt"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"agentinput.dev/factory"
	"agentinput.dev/factory/mcp"
)

// A tool declared with the factory, registered on an SDK server: lenient
// reading runs before any validation, and tools/list shows the canonical
// schema.
func ExampleRegister() {
	type in struct {
		Query string `json:"query" desc:"Words to search for."`
		Limit int    `json:"limit" desc:"How many results to return."`
	}
	search := factory.Must(factory.Spec{
		Name:        "search_notes",
		Title:       "Search notes",
		Description: "Searches the notes by the words in their text. Use when the user asks what was written about a topic.",
		Intent:      factory.IntentRead,
		Observer:    silent{},
	}, func(_ context.Context, in in, _ *factory.Call) (map[string]any, error) {
		return map[string]any{"query": in.Query, "limit": in.Limit}, nil
	})
	server := sdk.NewServer(&sdk.Implementation{Name: "notes", Version: "v1"}, nil)
	mcp.Register(server, search)

	res := mcp.Result(search.Call(context.Background(), []byte(`{"query":"tax","limit":"4 000"}`)))
	for _, c := range res.Content {
		fmt.Println(c.(*sdk.TextContent).Text)
	}
	// Output:
	// {"limit":100,"query":"tax"}
	// Input read:
	// - /limit: Read "4 000" as 4000 (space groups digits)
	// - /limit: Read 4000 as 100 (the largest accepted value)
}

// An existing server, its tool written with the SDK's typed AddTool and
// no knowledge of agentinput, made lenient by one middleware: a call
// spelled the way models spell is repaired before the SDK validates it,
// and the result says how it was read; a call with two meanings is an
// ask that lists both, where the SDK alone would answer with its
// validation error.
func ExampleLenient() {
	type in struct {
		Customer  string  `json:"customer" jsonschema:"the customer's name"`
		MinAmount float64 `json:"min_amount,omitempty" jsonschema:"the smallest amount, in euros"`
		Paid      bool    `json:"paid,omitempty" jsonschema:"only the invoices already paid"`
	}
	server := sdk.NewServer(&sdk.Implementation{Name: "billing", Version: "v1"}, nil)
	sdk.AddTool(server, &sdk.Tool{Name: "find_invoices", Description: "Finds a customer's invoices.",
		Annotations: &sdk.ToolAnnotations{ReadOnlyHint: true}},
		func(_ context.Context, _ *sdk.CallToolRequest, in in) (*sdk.CallToolResult, any, error) {
			return nil, in, nil
		})
	server.AddReceivingMiddleware(mcp.Lenient())

	client := connected(server)
	defer client.Close()
	for _, args := range []string{
		`{"customer":"Acme","min_amount":"2 500","paid":"yes"}`,
		`{"customer":"Acme","min_amount":"1,250"}`,
	} {
		res, err := client.CallTool(context.Background(), &sdk.CallToolParams{Name: "find_invoices", Arguments: json.RawMessage(args)})
		if err != nil {
			fmt.Println(err)
			continue
		}
		fmt.Println("isError:", res.IsError)
		for _, c := range res.Content {
			fmt.Println(c.(*sdk.TextContent).Text)
		}
	}
	// Output:
	// isError: false
	// {"customer":"Acme","min_amount":2500,"paid":true}
	// Input read:
	// - /min_amount: Read "2 500" as 2500 (space groups digits)
	// - /paid: Read "yes" as true (en: yes)
	// isError: true
	// find_invoices was not called: 1 argument needs attention: /min_amount.
	// - /min_amount: Could not read "1,250": it has 2 meanings: 1250 (comma groups thousands) or 1.25 (comma is the decimal mark). Expected a JSON number, for example 4000. Send the number you mean, 1250 or 1.25, as a JSON number.
	// Call find_invoices again with every issue fixed; send the number you mean, 1250 or 1.25, as a JSON number (/min_amount).
}

// connected connects a client to server in memory.
func connected(server *sdk.Server) *sdk.ClientSession {
	st, ct := sdk.NewInMemoryTransports()
	if _, err := server.Connect(context.Background(), st, nil); err != nil {
		panic(err)
	}
	cs, err := sdk.NewClient(&sdk.Implementation{Name: "agent", Version: "v1"}, nil).Connect(context.Background(), ct, nil)
	if err != nil {
		panic(err)
	}
	return cs
}
