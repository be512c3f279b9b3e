package cursor_test

import (
	"fmt"

	"agentinput.dev/kinds/cursor"
)

// A cursor the server issued pages on; a spelling that names a later page
// without being a token is an ask that says how to go on, and an invented
// "start" is no cursor at all: the first page.
func Example() {
	codec, err := cursor.New(cursor.Options{Keys: [][]byte{[]byte("an example key of 32 bytes......")}})
	if err != nil {
		panic(err)
	}
	token := codec.Encode(cursor.Position{Offset: 20, PageSize: 10, Session: "alice", Filters: `{"court":"NS"}`})
	read := codec.For("alice", `{"court":"NS"}`)

	next, _ := read(token).Value()
	fmt.Println("offset", next.Offset, "page size", next.PageSize)
	fmt.Println("start:", read("start").Status())
	if a, ok := read("page2").Ask(); ok {
		fmt.Printf("page2: ask %s: %s\n", a.Code, a.Hint)
	}
	if a, ok := codec.For("bob", `{"court":"NS"}`)(token).Ask(); ok {
		fmt.Printf("bob: ask %s: %s\n", a.Code, a.Hint)
	}
	// Output:
	// offset 20 page size 10
	// start: absent
	// page2: ask invalid_cursor: Send the next_cursor of the previous page exactly as it was returned, or call again without cursor to start from the first page
	// bob: ask invalid_cursor: Call again without cursor to start from the first page
}
